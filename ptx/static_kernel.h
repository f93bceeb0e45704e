// The static side of one launched PTX kernel as the SM's arch::Kernel (workload/kernel.h):
// its code, launch shape and register counts.
//
// Contract: static_kernel() makes code[pc] = one Instr per PTX instruction of `e` (the pc the
// interpreter's traces use): OpClass and MemSpace from op_class.h, the ids of `regs` as
// destinations and sources, mem_trace = true for every load and store (the trace carries each
// access's lines or shared-memory conflict ways), l1_hit = l2_hit = 0 (ptx_workload() sets l2_hit),
// line = the PTX source line. regs_per_thread = `shape.regs_per_thread` (the ptxas count: occupancy
// and the RF rows of a warp); reg_ids = max(regs.ids, regs_per_thread) (kernel.h: reg_ids >=
// regs_per_thread). reg_lanes, static_reg_weight and pvd_regs are left to register_use.h. Throws
// InputError "FILE:LINE: ..." for an instruction with more than arch::kMaxDst (4) destination or
// arch::kMaxSrc (6) source ids, a memory instruction in the generic space (its space is known per lane only),
// or ids beyond kMaxRegIds.
#pragma once

#include <string>

#include "ptx/register_ids.h"

namespace rfvar::arch::ptx {

struct KernelShape {
  int block_threads = 32;
  int smem_bytes = 0;       // static + dynamic shared memory per block
  int regs_per_thread = 1;  // ptxas -v
};

Kernel static_kernel(const Entry& e, const EntryRegs& regs, const KernelShape& shape,
                     const std::string& file);

}  // namespace rfvar::arch::ptx
