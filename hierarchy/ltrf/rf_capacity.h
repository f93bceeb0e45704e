// Occupancy with a larger main register file (LTRF §6.1: more capacity -> more resident warps).
//
// Contract: pure. blocks_with_capacity() is arch's max_blocks_per_sm() (docs/models.md#arch occupancy) with
// registers_per_sm scaled by `capacity_multiple` (floor); the thread, block and shared-memory
// limits are unchanged, so a kernel that is not register-limited (register-insensitive) gets the
// same occupancy whatever the capacity. Kernels keep their registers per thread (the IR has no
// spill code to remove). baseline_capacity_with_rfc() is LTRF §5's fair baseline: the RFC's
// storage (active warps x N registers x 32 lanes) added to the main RF, as a capacity multiple.
// register_sensitive() is LTRF §5's classification: some kernel of the benchmark gets more resident
// warps with `large` than with `base` capacity (the register file limits its TLP).
// Throws InputError for capacity_multiple <= 0 or if a block does not fit.
#pragma once

#include "arch/core/params.h"
#include "workload/kernel.h"

namespace rfvar::arch::ltrf {

int blocks_with_capacity(const Kernel& k, const ArchParams& p, double capacity_multiple);
int warps_with_capacity(const Kernel& k, const ArchParams& p, double capacity_multiple);
double baseline_capacity_with_rfc(const ArchParams& p, int active_warps, int regs_per_interval);
bool register_sensitive(const Benchmark& b, const ArchParams& p, double base, double large);

}  // namespace rfvar::arch::ltrf
