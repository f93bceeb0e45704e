#include "arch/hierarchy/kernel_liveness.h"

#include "arch/ltrf/liveness.h"

namespace rfvar::arch::hierarchy {

KernelLiveness kernel_liveness(const Kernel& k, bool sfu_long_latency) {
  KernelLiveness out;
  out.kcfg = ltrf::cfg_from_kernel(k, sfu_long_latency);
  const ltrf::Liveness live(out.kcfg.cfg);
  const std::size_t n = k.code.size();
  out.live_in.assign(n, {});
  out.last_reads.assign(n, 0);
  out.dead_write.assign(n, 0);
  out.long_latency.assign(n, 0);
  for (std::size_t pc = 0; pc < n; ++pc) {
    const ltrf::InstrRef at = out.kcfg.at_pc[pc];
    out.live_in[pc] = live.live_in(at);
    const ltrf::RegSet last = live.last_reads(at);
    for (int r = 0; r < kMaxRegs; ++r)
      if (last.test(static_cast<std::size_t>(r))) out.last_reads[pc] |= 1ull << r;
    const Instr& in = k.code[pc];
    if (in.dst != kNoReg) out.dead_write[pc] = !live.live_out(at).test(in.dst);
    out.long_latency[pc] = out.kcfg.cfg.blocks[static_cast<std::size_t>(at.block)].instrs[static_cast<std::size_t>(at.index)].long_latency;
  }
  return out;
}

}  // namespace rfvar::arch::hierarchy
