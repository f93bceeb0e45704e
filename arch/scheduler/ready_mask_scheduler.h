// The base of the policies that only ever look at ready warps and choose from bitmasks: each such
// policy states its choice once, in pick_ready(); pick() over views is derived from it.
//
// Contract: needs_waiting_warps() is false and offers_pick_ready() true, so the SM always calls
// pick_ready() (arch/sm/sm.cpp). pick() builds the ReadySet of the views (stride = the gcd of the
// slots' distances, offset = the first slot: a scheduler unit's slots, offset + k x units,
// always fit) and returns the index of the view pick_ready() chose, so both give the same choice
// by construction. Views that need more than 64 bits that way throw std::logic_error (the SM
// refuses a kernel with more than 64 warps per scheduler unit).
#pragma once

#include <numeric>
#include <span>
#include <stdexcept>

#include "arch/scheduler/i_warp_scheduler.h"

namespace rfvar::arch {

class ReadyMaskScheduler : public IWarpScheduler {
 public:
  int pick(std::span<const WarpView> w) final {
    if (w.empty()) return -1;
    ReadySet r;
    int stride = 0;
    for (const WarpView& v : w) stride = std::gcd(stride, v.slot - w[0].slot);
    r.stride = stride > 0 ? stride : 1;
    r.offset = w[0].slot;  // views come in slot order: the smallest slot is bit 0
    for (const WarpView& v : w) {
      const int bit = (v.slot - r.offset) / r.stride;
      if (bit < 0 || bit >= 64) throw std::logic_error("ready-mask scheduler: views need more than 64 bits");
      if (v.ready) r.ready |= 1ull << bit;
      if (v.fast) r.fast |= 1ull << bit;
    }
    const int slot = r.ready ? pick_ready(r) : -1;
    for (std::size_t i = 0; i < w.size(); ++i)
      if (w[i].slot == slot) return static_cast<int>(i);
    return -1;
  }
  bool needs_waiting_warps() const final { return false; }
  bool offers_pick_ready() const final { return true; }
};

}  // namespace rfvar::arch
