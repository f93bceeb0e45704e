// Builds the LTRF analyses' Cfg (cfg.h) from a parsed kernel of the workload IR
// (workload/kernel.h).
//
// Contract: pure. Basic blocks start at pc 0, at every branch target and reconvergence point and
// after every branch or exit; successors follow the IR's branch kinds (LoopBack: loop head and
// fall-through; If: pc+1 and target; Jump: target, and pc+1 first when guarded (a compiled PTX
// `@p bra`); Exit (also PTX ret/exit): none; otherwise pc+1). Each IR
// instruction becomes one Instruction with its source registers as reads and its destination as
// write; loads from global or local memory are long-latency (and SFU ops when
// sfu_long_latency), matching what deactivates a warp in the two-level scheduler. at_pc maps every
// pc to its position in the Cfg, so the SM model can ask region_of(at_pc[pc]).
#pragma once

#include <vector>

#include "hierarchy/ltrf/cfg.h"
#include "workload/kernel.h"

namespace rfvar::arch::ltrf {

struct KernelCfg {
  Cfg cfg;
  std::vector<InstrRef> at_pc;  // [kernel.code.size()]
};

KernelCfg cfg_from_kernel(const Kernel& k, bool sfu_long_latency);

}  // namespace rfvar::arch::ltrf
