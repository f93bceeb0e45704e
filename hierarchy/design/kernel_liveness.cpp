#include "hierarchy/design/kernel_liveness.h"

#include <string>

#include "hierarchy/ltrf/liveness.h"
#include "common/config.h"

namespace rfvar::arch::hierarchy {

KernelLiveness kernel_liveness(const Kernel& k, bool sfu_long_latency) {
  if (k.reg_ids > ltrf::kMaxCfgRegs)
    throw InputError("kernel '" + k.name + "': the register-file hierarchies (RFC, LTRF) work on allocated registers, ids < " +
                     std::to_string(ltrf::kMaxCfgRegs) + " (LTRF §3.2, §5), but it uses " + std::to_string(k.reg_ids) +
                     " ids (nvcc's virtual registers, arch.register_ids = \"gpgpusim\"); rfvar ltrf loads PTX harnesses "
                     "with arch.register_ids = \"allocated\" itself; record a trace file with --set "
                     "arch.register_ids=allocated");
  KernelLiveness out;
  out.kcfg = ltrf::cfg_from_kernel(k, sfu_long_latency);
  const ltrf::Liveness live(out.kcfg.cfg);
  const std::size_t n = k.code.size();
  out.live_in.assign(n, {});
  out.last_reads.assign(n, {});
  out.dead_writes.assign(n, {});
  out.long_latency.assign(n, 0);
  for (std::size_t pc = 0; pc < n; ++pc) {
    const ltrf::InstrRef at = out.kcfg.at_pc[pc];
    out.live_in[pc] = live.live_in(at);
    out.last_reads[pc] = live.last_reads(at);
    const Instr& in = k.code[pc];
    for (int d = 0; d < in.ndst; ++d)
      if (!live.live_out(at).test(in.dst[d])) out.dead_writes[pc].set(in.dst[d]);
    out.long_latency[pc] = out.kcfg.cfg.blocks[static_cast<std::size_t>(at.block)].instrs[static_cast<std::size_t>(at.index)].long_latency;
  }
  return out;
}

}  // namespace rfvar::arch::hierarchy
