// Turns a read Accel-Sim trace (sass_trace.h) into the SM's workload: a Benchmark and the warp
// traces of its launches, as TraceWorkload (workload/trace_workload.h) takes them.
//
// Contract: one Kernel per traced kernel, in kernelslist order (kernels are never merged, even with
// the same name), with launches[i] = {kernel i, its grid blocks} and traces[i] = that kernel's
// LaunchTrace (moved; launch = i), except that a warp listed with `insts = 0` gets one EXIT step
// (the kernel's lowest-PC EXIT) with no active lane, as the SM needs every warp trace to end with
// its exit. Kernel::code holds one Instr per PC in the same order as
// SassKernel::code, so every TraceStep::pc stays valid: op, space and registers from the trace,
// mem_trace set when the tracer recorded addresses, no control-flow fields (the trace is the
// control flow), line = the trace line of the PC's first occurrence; destinations are made
// distinct. regs_per_thread = -nregs (at least 1: occupancy and RF rows), reg_ids = max(that,
// highest register named + 1); reg_lanes[wib * reg_ids + r] = union of the masks of the steps of
// warps `wib` (over all blocks) whose instruction names r; static_reg_weight[r] = accesses of r per
// warp that ran any instruction. pvd_regs stays 0: a trace does not say which conditions are
// programmatic. Kernel::code ends with the highest traced PC, normally EXIT. Fails with InputError
// "<file>:<line>: ..." when an instruction names more registers than an Instr holds (kMaxDst,
// kMaxSrc) or a kernel whose warps are all empty has no EXIT. Register ids >= kMaxRegs are kept: the SM
// refuses them at launch with its own error.
#pragma once

#include <string>
#include <vector>

#include "frontend/accelsim/sass_trace.h"

namespace rfvar::arch::accelsim {

struct TraceBenchmark {
  Benchmark benchmark;
  std::vector<LaunchTrace> traces;  // [launch]
};

TraceBenchmark to_benchmark(SassTrace trace, const std::string& name);

}  // namespace rfvar::arch::accelsim
