// Resident blocks per SM: GPGPU-Sim's shader_core_config::max_cta (docs/models.md#arch).
//
// Contract: pure. padCTA = block threads rounded up to a multiple of 32; the result is
// min(max_threads / padCTA, smem_per_sm / smem (if smem > 0), registers / (padCTA * roundup4(regs)),
// max_blocks). Throws InputError if a single block does not fit (result would be 0). With
// count_registers false the register term is left out (the virtualized register file admits blocks
// by the physical registers in use instead: arch/sm/sm_vrf.cpp).
#pragma once

#include "arch/core/params.h"
#include "workload/kernel.h"

namespace rfvar::arch {

int max_blocks_per_sm(const Kernel& k, const ArchParams& p, bool count_registers = true);

}  // namespace rfvar::arch
