// Strands (Gebhart et al. MICRO 2011 §3): the prefetch regions of the SHRF-like comparison point
// (LTRF §6.6), formed on the same Cfg as register-intervals.
//
// Contract: form_strands(cfg, N) partitions the Cfg into single-entry regions (region.h). A strand
// is a sequence of instructions in which every dependence on a long-latency instruction is on one
// issued in an earlier strand. So a new strand starts
//  * at an instruction reading a register written by a long-latency instruction of the current
//    strand (still pending: the warp is descheduled there) - StartReason::LongLatencyDependence;
//  * at a block targeted by a backward branch (LoopHeader) and after a backward branch
//    (AfterBackwardBranch): strands contain no backward branches;
//  * at a block whose forward predecessors end in different strands (Merge; the extra endpoint
//    Gebhart adds where pending long-latency events are uncertain);
//  * where the strand's working set would exceed N registers (Capacity: LTRF(strand) prefetches a
//    strand into one partition, so it must fit).
// Pending long-latency writes are tracked conservatively (union over forward predecessors).
// Throws InputError like form_register_intervals() if one instruction names more than N registers.
#pragma once

#include <vector>

#include "hierarchy/ltrf/cfg.h"
#include "hierarchy/ltrf/region.h"

namespace rfvar::arch::ltrf {

enum class StartReason { KernelEntry, LongLatencyDependence, LoopHeader, AfterBackwardBranch, Merge, Capacity, Unreachable };

struct StrandFormation {
  RegionPartition partition;
  std::vector<StartReason> start_reason;  // per strand (region index)
};

StrandFormation form_strands(const Cfg& cfg, int max_regs);

const char* start_reason_name(StartReason r);

}  // namespace rfvar::arch::ltrf
