// GPU-wide L2 reuse of recorded warp traces (workload/trace.h): the probability that an L1
// miss of each global/local load or store hits in the L2, from the line requests the traces carry
// (PTX interpreter, Accel-Sim reader), as l2_reuse.h derives it from `.kernel` address streams.
//
// Contract: derive_trace_l2_reuse() is pure and deterministic. `launches[i]` holds every block of
// b.launches[i] (all of them: the walk needs the whole grid). It walks every launch over all
// `p.sms` SMs exactly as l2_reuse.h does (analysis/gpu_rounds.h: block b on SM b % sms, at most
// max_blocks_per_sm() resident, lock-step rounds of one warp instruction per resident warp, no
// timing), sending the line requests of each traced global/local step (Instr::mem_trace) through
// that SM's L1 and the one shared L2 (analysis/l2_filter.h). Trace lines are in units of
// arch.l1_line_bytes (trace.h). Every listed instruction is derivable; file_l2 is the Instr's l2_hit.
// Throws std::invalid_argument if a block of a launch is missing or a trace is inconsistent with
// the static code (a traced step without its TraceMem).
#pragma once

#include <vector>

#include "analysis/l2_reuse.h"
#include "workload/trace.h"

namespace rfvar::arch {

L2Reuse derive_trace_l2_reuse(const Benchmark& b, const std::vector<LaunchTrace>& launches,
                              const ArchParams& p, const L2Params& l2);

}  // namespace rfvar::arch
