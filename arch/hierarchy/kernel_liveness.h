// Per-pc static liveness facts of a kernel, in the SM's register numbering (ids < kMaxRegs), for
// the operand paths of the RF hierarchy (Gebhart ISCA 2011 §3.1 dead values; LTRF+ §3.2).
//
// Contract: pure; built once per kernel launch from cfg_from_kernel() and Liveness. For every pc:
// live_in (registers live before the instruction), last_reads (sources read for the last time),
// dead_write (its result is never read) and long_latency (a global/local load, or an SFU op when
// sfu_long_latency). Unreachable pcs get empty sets.
#pragma once

#include <cstdint>
#include <vector>

#include "arch/ltrf/cfg.h"
#include "arch/ltrf/from_kernel.h"
#include "arch/workload/kernel.h"

namespace rfvar::arch::hierarchy {

struct KernelLiveness {
  ltrf::KernelCfg kcfg;
  std::vector<ltrf::RegSet> live_in;       // [pc]
  std::vector<std::uint64_t> last_reads;   // [pc] bit r
  std::vector<std::uint8_t> dead_write;    // [pc]
  std::vector<std::uint8_t> long_latency;  // [pc]
};

KernelLiveness kernel_liveness(const Kernel& k, bool sfu_long_latency);

}  // namespace rfvar::arch::hierarchy
