// Timing of register transfers between the main register file and a warp's RFC partition:
// LTRF's PREFETCH (LTRF §4.2) and the write-backs on deactivation.
//
// Contract: register r of warp w lives in main-RF bank group (w % groups) at bank
// rfmodel::eq3_bank(w, r, banks_per_group) (Tan 2016 Eq. 3). A bank serves its registers one after
// another, each access keeping it busy bank_cycles_1x * latency_rel cycles; each register then
// crosses the crossbar, xbar_narrowing times narrower than the baseline's, in
// xbar_cycles_1x * xbar_narrowing cycles, the link of a bank carrying one register at a time
// (LTRF §4.2: 1 -> 4 cycles). Registers go in increasing id. Bank conflicts (several registers in
// one bank) therefore add bank time: the cost grows with the largest per-bank count.
// MainRfPorts keeps bank and link busy times across calls, so concurrent prefetches of several
// warps contend; transfer_cycles() is the cost on idle ports. Times are in SM cycles, rounded up.
#pragma once

#include <cstdint>
#include <vector>

#include "hierarchy/ltrf/cfg.h"
#include "hierarchy/ltrf/params.h"

namespace rfvar::arch::ltrf {

struct TransferParams {
  int banks_per_group = 16;  // Eq. 3 banks a warp's registers spread over (LTRF Table 2: 1x = 16)
  int groups = 1;            // bank groups (designs with 8x banks have 8)
  double bank_cycles_1x = 1.0;
  int xbar_narrowing = 4;
  double xbar_cycles_1x = 1.0;

  static TransferParams from(const LtrfParams& p, const MainRfConfig& rf);
};

class MainRfPorts {
 public:
  explicit MainRfPorts(const TransferParams& p);
  // Schedules moving `regs` of warp `warp_id` starting at cycle `now` at relative main-RF latency
  // latency_rel (> 0); returns the cycle the last register has arrived (>= now; == now if empty).
  std::uint64_t schedule(std::uint64_t now, int warp_id, const RegSet& regs, double latency_rel);

 private:
  TransferParams p_;
  std::vector<double> bank_free_, link_free_;  // [groups * banks_per_group]
};

// Cycles to move `regs` of `warp_id` on idle ports.
int transfer_cycles(const TransferParams& p, int warp_id, const RegSet& regs, double latency_rel);
// Largest number of the registers that fall into one bank (1 = conflict-free, 0 = empty).
int max_bank_load(const TransferParams& p, int warp_id, const RegSet& regs);

}  // namespace rfvar::arch::ltrf
