// Lane sets of the workload IR (kernel.h): which lanes of a warp exist and which meet the condition
// of an `if` (docs/kernel-format.md). The one place a Cond is evaluated: the `.kernel` front end's
// SIMT walk (simt_walk.h, for kernel_workload.h and analysis/kernel_walk.h) and the parser's static lane
// analysis (Kernel::reg_lanes, the hybrid-bank candidates) use it.
//
// Contract: pure functions of their arguments. Programmatic conditions (Tan §3.3.4) depend only on
// thread / block IDs; data-dependent ones (`rand`, `wrand`) ask `draw` for uniform numbers in [0, 1):
// draw(-1) once for `wrand` (the whole warp), draw(l) for each active lane l in ascending order for
// `rand`; a lane / warp meets the condition when its draw is < p.
#pragma once

#include <bit>
#include <cstdint>

#include "workload/kernel.h"

namespace rfvar::arch {

// Lanes of a warp of `block_threads`-thread blocks with index `wib` in its block that exist.
std::uint32_t warp_lanes(int block_threads, int wib);
// Lanes of warp `wib` meeting a programmatic thread-ID condition (TidLess, TidAtLeast, TidModLess,
// LaneLess); all lanes for block-ID and data-dependent conditions, which do not split a warp by
// thread ID.
std::uint32_t programmatic_lanes(const Cond& c, int wib);

// The lanes of `active` (lanes of warp `wib` of block `bid`) that meet `c`.
template <typename Draw>
std::uint32_t cond_lanes(const Cond& c, int bid, int wib, std::uint32_t active, Draw&& draw) {
  switch (c.kind) {
    case CondKind::BidModLess: return bid % c.a < c.b ? active : 0u;
    case CondKind::RandomWarp: return draw(-1) < c.p ? active : 0u;
    case CondKind::RandomLane: {
      std::uint32_t m = 0;
      for (std::uint32_t h = active; h; h &= h - 1) {
        const int l = std::countr_zero(h);
        if (draw(l) < c.p) m |= 1u << l;
      }
      return m;
    }
    default: return active & programmatic_lanes(c, wib);
  }
}

}  // namespace rfvar::arch
