// Register facts of a compiled kernel observed in its warp traces: the lanes each warp uses of
// each register, dynamic accesses per register, and the hybrid-bank (partially used) registers.
//
// Contract: add_register_use() fills k.reg_lanes, k.static_reg_weight and k.pvd_regs from every
// block of every launch in `launches` (all of them of kernel `k`), given k.code and k.reg_ids:
// reg_lanes[wib * reg_ids + r] = OR of the SIMT masks of every step of warp index `wib` (any
// block) whose instruction reads or writes r; static_reg_weight[r] = dynamic accesses of r (reads
// + writes, one per listed id and step) summed over all warps / warps; bit r (< 64) of pvd_regs
// when r is touched and every warp touches it only with lanes 0..15 (a hybrid bank's fast half,
// kHybridFastLanes). Unlike a `.kernel` file, which marks the registers under programmatic
// (tid/bid) conditions, compiled code's hybrid-bank candidates are observed lane sets: a register
// only ever touched by lanes 0..15 in this run, whatever the reason.
#pragma once

#include <vector>

#include "workload/kernel.h"
#include "workload/trace.h"

namespace rfvar::arch::ptx {

void add_register_use(Kernel& k, const std::vector<const LaunchTrace*>& launches);

}  // namespace rfvar::arch::ptx
