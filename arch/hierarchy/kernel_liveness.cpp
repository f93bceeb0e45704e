#include "arch/hierarchy/kernel_liveness.h"

#include <string>

#include "arch/ltrf/liveness.h"
#include "common/config.h"

namespace rfvar::arch::hierarchy {

KernelLiveness kernel_liveness(const Kernel& k, bool sfu_long_latency) {
  if (k.reg_ids > kMaxRegs)
    throw InputError("kernel '" + k.name + "': the register-file hierarchies (RFC, LTRF) need register ids < " +
                     std::to_string(kMaxRegs) + " (it uses " + std::to_string(k.reg_ids) +
                     "); run PTX workloads with arch.register_ids = \"allocated\"");
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
    if (in.ndst) out.dead_write[pc] = !live.live_out(at).test(in.dst[0]);  // single-result code (reg_ids <= 64)
    out.long_latency[pc] = out.kcfg.cfg.blocks[static_cast<std::size_t>(at.block)].instrs[static_cast<std::size_t>(at.index)].long_latency;
  }
  return out;
}

}  // namespace rfvar::arch::hierarchy
