// Reconvergence points of an entry: the immediate post-dominator of every instruction in its
// control-flow graph (Cooper, Harvey & Kennedy, "A Simple, Fast Dominance Algorithm", 2001, run on
// the reverse graph), where the SIMT stack reconverges after a divergent branch.
//
// Contract: result[pc] is the pc of the immediate post-dominator of instruction pc, or -1 when it
// is the warp's exit (or pc cannot reach an exit). Edges: an unguarded bra goes to its target, a
// guarded one also falls through; ret / exit go to the exit (guarded ones also fall through);
// every other instruction falls through (past the last one: the exit).
#pragma once

#include <cstdint>
#include <vector>

#include "ptx/program.h"

namespace rfvar::arch::ptx {

std::vector<std::int32_t> reconvergence_points(const std::vector<Instr>& code);

}  // namespace rfvar::arch::ptx
