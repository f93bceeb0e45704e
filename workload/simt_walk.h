// The SIMT walk of one warp through the structured control flow of the `.kernel` format
// (docs/kernel-format.md): the front end's trace generator (kernel_workload.h) and the functional
// walk (analysis/kernel_walk.h) both execute a warp with it.
//
// Contract: simt_walk() executes warp `wib` of block `bid` of kernel `k` from pc 0 to its Exit on a
// SIMT stack: an `if` splits the active lanes (lanes.h cond_lanes(), data-dependent conditions
// drawing draw(pc, step, lane)), the lanes meeting it run the then-part first, the others the
// else-part, reconverging at the `if`'s end; a part with no active lane is skipped; loops run their
// fixed trips; every instruction, branches, barriers and the exit included, is one warp instruction.
// visit(pc, mask, loop_count) is called for each, in dynamic order, before its branch is taken:
// `step` (the draw's argument) counts the warp instructions visited before it, loop_count[d] is the
// iteration of the enclosing loop at depth d; split(instr) is called for each `if` that divides the
// active lanes. Throws std::logic_error if the ifs nest deeper than
// the stack holds (the parser allows 8 levels, well within it). No allocation.
#pragma once

#include <cstdint>
#include <iterator>
#include <stdexcept>

#include "workload/kernel.h"
#include "workload/lanes.h"

namespace rfvar::arch {

struct NoSplit {
  void operator()(const Instr&) const {}
};

template <typename Draw, typename Visit, typename Split = NoSplit>
void simt_walk(const Kernel& k, int bid, int wib, Draw&& draw, Visit&& visit, Split&& split = {}) {
  struct Entry {
    std::int32_t pc, rpc;  // next pc, reconvergence pc
    std::uint32_t mask;
  };
  Entry stack[20];
  int depth = 0;
  std::int32_t loop_count[8] = {};
  const auto set_pc = [&](std::int32_t pc) {
    stack[depth].pc = pc;
    while (depth > 0 && stack[depth].pc == stack[depth].rpc) --depth;  // reconverge
  };
  stack[0] = {0, -1, warp_lanes(k.block_threads, wib)};
  for (std::uint32_t step = 0;; ++step) {
    const std::int32_t pc = stack[depth].pc;
    const std::uint32_t m = stack[depth].mask;
    const Instr& in = k.code[static_cast<std::size_t>(pc)];
    visit(pc, m, static_cast<const std::int32_t*>(loop_count));
    if (in.op == OpClass::Exit) return;
    switch (in.branch) {
      case BranchKind::LoopBack:
        if (++loop_count[in.depth] < in.trip) {
          set_pc(in.target);
        } else {
          loop_count[in.depth] = 0;
          set_pc(pc + 1);
        }
        break;
      case BranchKind::Jump: set_pc(in.target); break;
      case BranchKind::If: {
        const std::uint32_t t = cond_lanes(in.cond, bid, wib, m, [&](int lane) { return draw(pc, step, lane); });
        const std::uint32_t e = m & ~t;
        if (t == 0) {
          set_pc(in.target);
        } else if (e == 0) {
          set_pc(pc + 1);
        } else {
          split(in);
          if (depth + 2 >= static_cast<int>(std::size(stack)))
            throw std::logic_error("SIMT stack overflow in kernel '" + k.name + "'");
          stack[depth].pc = in.reconv;
          stack[++depth] = {in.target, in.reconv, e};
          stack[++depth] = {pc + 1, in.reconv, t};
          set_pc(pc + 1);  // an empty then-part (and else-part) reconverges at once
        }
        break;
      }
      case BranchKind::None: set_pc(pc + 1); break;
    }
  }
}

}  // namespace rfvar::arch
