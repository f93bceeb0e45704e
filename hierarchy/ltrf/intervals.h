// Register-interval formation: LTRF (Sadrosadati et al. 2018) §3.3, Algorithms 1 and 2.
//
// Contract: form_register_intervals(cfg, N) partitions the Cfg into single-entry regions
// (region.h) whose working sets hold at most N registers:
//  * pass 1 (Algorithm 1) grows an interval from a header by adding blocks all of whose
//    predecessors are already in it; a block whose registers overflow the interval is cut at the
//    first instruction that would exceed N and the rest starts a new interval; a call
//    instruction is an interval of its own;
//  * pass 2 (Algorithm 2) merges, on the interval graph, an interval whose predecessors all lie
//    in the growing next-level interval when the union of working sets still fits N; it is
//    repeated until the number of intervals stops falling (the fixed point).
// The working set tracked while growing is the whole interval's union (LTRF §3.1: every register
// that might be accessed before the next PREFETCH), so no interval ever exceeds N on any path.
// Deterministic: candidates are scanned in member order, successors in listed order.
// Throws InputError if N < 1 or if one instruction names more than N registers (the message
// names N and the instruction's register count).
#pragma once

#include "hierarchy/ltrf/cfg.h"
#include "hierarchy/ltrf/region.h"

namespace rfvar::arch::ltrf {

struct IntervalFormation {
  RegionPartition partition;
  int pass1_intervals = 0;  // intervals after Algorithm 1
  int pass2_rounds = 0;     // Algorithm 2 repetitions run, the last one changing nothing
  int block_cuts = 0;       // cuts of blocks whose registers overflowed N (calls not counted)
};

IntervalFormation form_register_intervals(const Cfg& cfg, int max_regs);

}  // namespace rfvar::arch::ltrf
