// Physical register ids for a PTX entry: its virtual registers allocated to 32-bit registers by
// liveness, as a compiler's register allocator would (arch.register_ids = "allocated").
//
// Contract: allocate_register_ids() returns an EntryRegs (register_ids.h) whose ids are < `budget`
// (<= 63, Fermi's per-thread limit). The CFG is the entry's code: a bra goes to its target (and
// falls through when guarded), ret / exit end the thread (an unguarded one has no successor),
// every other instruction falls through. A value is live from a definition to its last use along
// any path (backward dataflow); a guarded definition does not end the live range of the value's
// previous definition. Two values interfere when one is defined while the other is live after the
// defining instruction (and the destinations of one instruction interfere with each other); values
// that interfere get disjoint ids, values whose live ranges are disjoint may share one. A 64-bit
// value takes an aligned pair (r, r+1, r even) and is then two operands. Colouring is greedy
// (lowest free id) in two orders, by each value's first definition and smallest-last (Matula &
// Beck 1983); the one with fewer ids is kept (ties: first definition). If that needs more than
// `budget` ids, values are coloured again by descending static access count (instructions naming
// them), and a value that finds no free id within the budget takes the id (pair) whose
// interfering occupants have the fewest static accesses: it shares it with them (a stand-in for a
// spill, counted in EntryRegs::overflow_values; the SM then sees the shared id's accesses, no
// local-memory traffic).
// Predicates are not allocated (register_ids.h). Deterministic: no randomness.
#pragma once

#include "ptx/register_ids.h"

namespace rfvar::arch::ptx {

inline constexpr int kAllocatableRegs = 63;

EntryRegs allocate_register_ids(const Entry& e, int budget = kAllocatableRegs);

}  // namespace rfvar::arch::ptx
