// Fast/slow classification of register-file elements under n % variable latency (Tan 2016 §3.2.1;
// VL-RF after Liang & Brooks 2006), and the sub-bank delays for any S.
//
// Contract: pure functions of one SM's normalized delays (1.0 = the no-PV cell; see
// varius/chip_sample.h for the flat index conventions). For N elements and fast fraction n:
//   * fast count k = clamp(floor(n * N + 1e-6), 1, N)   (70 % of 32 sub-banks -> 22 fast, 10 slow;
//     the 1e-6 absorbs binary rounding, e.g. 0.3 * 10 -> 3);
//   * the threshold d_k is the k-th smallest delay; an element is FAST iff its delay <= d_k, so
//     elements tied with d_k are all fast (they meet the clock), and the fast count can exceed k
//     only through such ties;
//   * the clock period is P = max(d_k, d_max / slow_access_cycles): a slow element must still finish
//     in slow_access_cycles cycles (this term only matters for extreme outliers or n near 0);
//     clock_norm = 1 / P, the clock normalized to the same SM without PV.
// n = 1 gives the baseline: every element fast, P = d_max.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "varius/chip_sample.h"

namespace rfvar::rfmodel {

using varius::RfGeometry;
using varius::SmDelays;

struct Classification {
  double period = 1.0;              // normalized delay units
  double threshold_delay = 1.0;     // d_k, the slowest fast element
  int fast_count = 0;               // elements with delay <= threshold_delay
  std::vector<std::uint8_t> slow;   // [N], 1 = slow (takes slow_access_cycles)
  double clock_norm() const { return 1.0 / period; }
  int size() const { return static_cast<int>(slow.size()); }
};

// The rounding rule above: k = clamp(floor(n * N + 1e-6), 1, N).
int fast_count_for(double fast_fraction, int n_elements);

// Classifies `delays` with the rule above. Throws InputError if empty or n outside (0, 1].
Classification classify_fastest(std::span<const float> delays, double fast_fraction, int slow_access_cycles);

// n % VL-RF: registers ranked; a register vector (operand: 32 same-named registers) is slow if any
// of its registers is slow.
struct VlRf {
  Classification registers;            // [geometry.registers()]
  std::vector<std::uint8_t> slow_vector;  // [geometry.vectors()]
};
VlRf classify_vl_rf(const SmDelays& sm, const RfGeometry& g, double fast_fraction, int slow_access_cycles);

// n % VL-RV: every `array_vectors` neighbouring vectors (flat index v / array_vectors) form an array
// with delay = max of its vectors; arrays are ranked; a vector is slow if its array is.
struct VlRv {
  Classification arrays;               // [geometry.vectors() / array_vectors]
  std::vector<std::uint8_t> slow_vector;  // [geometry.vectors()]
};
VlRv classify_vl_rv(const SmDelays& sm, const RfGeometry& g, double fast_fraction, int slow_access_cycles,
                    int array_vectors);

// n % VL-SB: sub-banks (S per bank) ranked; without re-organization a bank is slow if any of its
// sub-banks is slow. `subbank_delay` has banks * S entries, index bank * S + s.
struct VlSb {
  Classification subbanks;             // [banks * S]
  std::vector<std::uint8_t> slow_bank; // [banks]
};
VlSb classify_vl_sb(std::span<const float> subbank_delay, int banks, int subbanks_per_bank, double fast_fraction,
                    int slow_access_cycles);

// Sub-bank delays for S column sub-banks per bank, derived from the per-register delays:
// sub-bank (bank, s) = max over rows and over lanes [s*32/S, (s+1)*32/S) of reg_delay. Works for any
// S dividing the lane count, whatever S the chip file was generated with.
std::vector<float> subbank_delays(std::span<const float> reg_delay, const RfGeometry& g, int subbanks_per_bank);

}  // namespace rfvar::rfmodel
