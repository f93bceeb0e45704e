// What a register-file technique makes of one SM: the contract between rfmodel/ and arch/.
//
// Contract: a plain value. Virtual bank v (0..banks-1) is what the Eq. 3 mapping (after any
// renaming row) addresses. An access by a warp to row `row` of virtual bank v takes
//   1 cycle                         if hybrid_fast_lanes[v] != 0 and all active lanes are in it,
//   latency[v * rows_per_bank + row] otherwise,
// in cycles of this SM's clock (clock_norm, normalized to the same SM without PV). A 2-cycle
// access keeps the bank busy for 2 cycles. Lanes [s*32/S, (s+1)*32/S) of virtual bank v are stored
// in physical sub-bank subbank_of[v * S + s] (for stress/utilization accounting).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rfvar::rfmodel {

struct RfSetup {
  std::string technique = "baseline";
  double clock_norm = 1.0;
  int banks = 16;
  int rows_per_bank = 64;
  int subbanks = 2;
  std::vector<std::uint8_t> latency;             // [banks * rows_per_bank], cycles (1 or 2)
  std::vector<std::uint32_t> hybrid_fast_lanes;  // [banks], 0 = not a hybrid bank
  std::vector<int> subbank_of;                   // [banks * subbanks], physical sub-bank ids

  // Every access one cycle at clock 1.0, identity bank organization (the chip without PV).
  static RfSetup ideal(int banks = 16, int rows_per_bank = 64, int subbanks = 2) {
    RfSetup s;
    s.banks = banks;
    s.rows_per_bank = rows_per_bank;
    s.subbanks = subbanks;
    s.latency.assign(static_cast<std::size_t>(banks * rows_per_bank), 1);
    s.hybrid_fast_lanes.assign(static_cast<std::size_t>(banks), 0u);
    for (int i = 0; i < banks * subbanks; ++i) s.subbank_of.push_back(i);
    return s;
  }
  // Every virtual bank slow: each access takes slow_access_cycles (and keeps its bank busy that
  // long), exactly as a slow bank of vl-sb+rf-bro, at clock 1.0 with the identity organization. The
  // bound of any slow-bank technique's IPC loss (Tan 2016 §6.1.1: under VL-RF "almost all register
  // vector accesses take two cycles").
  static RfSetup all_slow(int slow_access_cycles, int banks = 16, int rows_per_bank = 64, int subbanks = 2) {
    RfSetup s = ideal(banks, rows_per_bank, subbanks);
    s.technique = "all-slow";
    s.latency.assign(s.latency.size(), static_cast<std::uint8_t>(slow_access_cycles));
    return s;
  }
  // A virtual bank is fast when every row of it takes one cycle.
  bool bank_fast(int v) const {
    for (int r = 0; r < rows_per_bank; ++r)
      if (latency[static_cast<std::size_t>(v * rows_per_bank + r)] > 1) return false;
    return true;
  }
  int access_latency(int v, int row, std::uint32_t active_lanes) const {
    const std::uint32_t h = hybrid_fast_lanes[static_cast<std::size_t>(v)];
    if (h != 0 && (active_lanes & ~h) == 0) return 1;
    return latency[static_cast<std::size_t>(v * rows_per_bank + row)];
  }
};

}  // namespace rfvar::rfmodel
