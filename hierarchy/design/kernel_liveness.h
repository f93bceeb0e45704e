// Per-pc static liveness facts of a kernel, in the SM's register numbering (ids < ltrf::kMaxCfgRegs),
// for the operand paths of the RF hierarchy (Gebhart ISCA 2011 §3.1 dead values; LTRF+ §3.2).
//
// Contract: pure; built once per kernel launch from cfg_from_kernel() and Liveness. For every pc:
// live_in (registers live before the instruction), last_reads (sources read for the last time),
// dead_writes (results that are never read; an instruction may write several registers: a 64-bit
// pair, ld.v4) and long_latency (a global/local load, or an SFU op when sfu_long_latency).
// Unreachable pcs get empty sets. Register ids must be < ltrf::kMaxCfgRegs = 256 (LTRF §3.2: the
// PREFETCH bit-vector has one bit per register the CUDA compiler can allocate to a thread, 256):
// the hierarchy works on allocated (physical) registers (LTRF §5: "the CFG of the register-allocated
// PTX code"); a kernel with larger ids is an InputError naming the kernel and the way out.
#pragma once

#include <cstdint>
#include <vector>

#include "hierarchy/ltrf/cfg.h"
#include "hierarchy/ltrf/from_kernel.h"
#include "workload/kernel.h"

namespace rfvar::arch::hierarchy {

struct KernelLiveness {
  ltrf::KernelCfg kcfg;
  std::vector<ltrf::RegSet> live_in;       // [pc]
  std::vector<ltrf::RegSet> last_reads;    // [pc]
  std::vector<ltrf::RegSet> dead_writes;   // [pc]
  std::vector<std::uint8_t> long_latency;  // [pc]
};

KernelLiveness kernel_liveness(const Kernel& k, bool sfu_long_latency);

}  // namespace rfvar::arch::hierarchy
