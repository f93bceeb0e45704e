// Register facts from warp traces (see register_use.h for the contract).
#include "ptx/register_use.h"

#include <cstdint>

namespace rfvar::arch::ptx {

void add_register_use(Kernel& k, const std::vector<const LaunchTrace*>& launches) {
  const std::size_t n = k.code.size(), ids = static_cast<std::size_t>(k.reg_ids);
  const auto wpb = static_cast<std::size_t>(k.warps_per_block());
  // Per pc first (two operations per step), then per register.
  std::vector<std::uint32_t> pc_lanes(wpb * n, 0u);  // [wib * n + pc]
  std::vector<double> executions(n, 0.0);
  double warps = 0;
  for (const LaunchTrace* l : launches)
    for (const BlockTrace& b : l->blocks)
      for (std::size_t wib = 0; wib < b.warps.size() && wib < wpb; ++wib) {
        if (b.warps[wib].steps.empty()) continue;
        warps += 1;
        std::uint32_t* lanes = &pc_lanes[wib * n];
        for (const TraceStep& s : b.warps[wib].steps) {
          lanes[static_cast<std::size_t>(s.pc)] |= s.mask;
          executions[static_cast<std::size_t>(s.pc)] += 1;
        }
      }
  k.reg_lanes.assign(wpb * ids, 0u);
  k.static_reg_weight.assign(ids, 0.0);
  for (std::size_t pc = 0; pc < n; ++pc) {
    const arch::Instr& in = k.code[pc];
    auto touch = [&](RegId r) {
      for (std::size_t wib = 0; wib < wpb; ++wib) k.reg_lanes[wib * ids + r] |= pc_lanes[wib * n + pc];
      k.static_reg_weight[r] += executions[pc];
    };
    for (int d = 0; d < in.ndst; ++d) touch(in.dst[d]);
    for (int s = 0; s < in.nsrc; ++s) touch(in.src[s]);
  }
  if (warps > 0)
    for (double& w : k.static_reg_weight) w /= warps;
  k.pvd_regs = 0;
  for (std::size_t r = 0; r < ids && r < 64; ++r) {
    std::uint32_t all = 0;
    for (std::size_t wib = 0; wib < wpb; ++wib) all |= k.reg_lanes[wib * ids + r];
    if (all != 0 && (all & ~kHybridFastLanes) == 0) k.pvd_regs |= 1ull << r;
  }
}

}  // namespace rfvar::arch::ptx
