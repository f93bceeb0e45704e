// A sub-bank's stress fraction U from the SM cycle model's per-sub-bank statistics (docs/models.md#nbti).
//
// Contract: pure functions of plain arrays, indexed by physical sub-bank (varius/ numbering
// s = bank * S + lane_group). Activity (default): U = activity_scale x (reads + writes) / cycles,
// clamped to [0, 1] (Tan Fig. 8-9 tie uneven aging to frequently accessed registers; the scale is
// the documented choice in data/fermi-32nm.toml). Allocated: U = allocated_cycles / cycles, which
// must lie in [0, 1]. Arrays of different lengths are a programming error (std::invalid_argument);
// cycles == 0 or an allocated fraction above 1 throws InputError naming the sub-bank and value.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "nbti/params.h"

namespace rfvar::nbti {

// Per-physical-sub-bank counters of one kernel run (non-owning views of the caller's arrays).
struct SubbankCounts {
  std::span<const std::uint64_t> reads;             // [sub-banks]
  std::span<const std::uint64_t> writes;            // [sub-banks]
  std::span<const std::uint64_t> allocated_cycles;  // [sub-banks]; may be empty for "activity"
  std::uint64_t cycles = 0;                         // length of the run in SM cycles
};

std::vector<double> activity_utilization(std::span<const std::uint64_t> reads,
                                         std::span<const std::uint64_t> writes, std::uint64_t cycles,
                                         double activity_scale);
std::vector<double> allocated_utilization(std::span<const std::uint64_t> allocated_cycles,
                                          std::uint64_t cycles);

// By p.utilization.
std::vector<double> subbank_utilization(const NbtiParams& p, const SubbankCounts& counts);

}  // namespace rfvar::nbti
