// Last reads and dead writes of one warp's trace: when a virtualized register file may release a
// physical register (Jeon et al., MICRO 2015, assumed by Jeon et al., CAL 2019 §3: "when an
// architectural register becomes dead and the mapped physical register is released").
//
// Contract: pure. For step i of `t` (instruction k.code[t.steps[i].pc]) the result's bit j (j < kMaxSrc)
// is set when source j reads its register's value for the last time (no later step of the trace
// reads it before a full write replaces it, or none reads it again), and bit kMaxSrc + d when
// destination d's value is never read (a dead write). A register named twice as a source is marked
// at its first occurrence only. A write is full when its step mask covers `full_mask` (the warp's
// lanes); a partial write keeps the other lanes, so it counts as a read of the value before it. With
// `finished_lanes_dead` a lane that executes no later step but an Exit (it returned, or waits out a
// divergent branch to the warp's exit, e.g. a bounds check's `if (x >= n) return`) never reads a register
// again: a write is full when it covers every lane of `full_mask` that still runs a later step
// (sharing.release_finished_lanes).
// The trace is the warp's exact dynamic stream, so this is the oracle liveness of that warp: the
// static liveness of the code (hierarchy/design/kernel_liveness.h, above arch/ in the layers) would
// keep a register live across paths this warp did not take. Register ids must be < k.reg_ids
// (InputError otherwise).
#pragma once

#include <cstdint>
#include <vector>

#include "workload/kernel.h"
#include "workload/trace.h"

namespace rfvar::arch::sharing {

inline constexpr std::uint16_t kDeadDst0 = std::uint16_t{1} << kMaxSrc;  // bit of destination 0

std::vector<std::uint16_t> trace_releases(const Kernel& k, const WarpTrace& t, std::uint32_t full_mask,
                                          bool finished_lanes_dead = false);

// The most registers the warp holds at once when, at each step, the sources read for the last time
// are released, then the destinations not held are taken, then the dead ones released (`rel` =
// trace_releases() of `t`): what the virtualized register file must reserve for it (arch/sm/sm_vrf.cpp).
int trace_peak(const Kernel& k, const WarpTrace& t, const std::vector<std::uint16_t>& rel);

}  // namespace rfvar::arch::sharing
