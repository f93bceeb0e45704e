// The GPU-wide schedule of one kernel launch that the L2 reuse derivations walk (l2_reuse.h,
// trace_l2_reuse.h): every block on every SM, without timing.
//
// Contract: block b runs on SM b % sms (GPGPU-Sim's round-robin distribution, as the SM model
// assumes) with at most `resident` blocks at a time per SM; SM s starts with its first `resident`
// blocks (SM 0 first, slots in order), and a slot whose warps have all finished takes the SM's next
// block at once (its warps start in the next round). In each round every resident warp of every SM
// executes one warp instruction: SM 0 first, then slots and warps in order. `start(sm, slot, block)`
// is called when a block enters a slot (in the order described, so a caller drawing random numbers
// there stays deterministic); `step(sm, slot, warp)` executes the next warp instruction of that
// warp and returns whether the warp has more (false after its last: it is not called again for
// that warp). Every warp has at least one instruction (its exit).
#pragma once

#include <cstddef>
#include <vector>

namespace rfvar::arch {

template <class Start, class Step>
void walk_launch_rounds(int sms, int resident, int grid, int warps_per_block, Start&& start, Step&& step) {
  struct Slot {
    int block = -1;  // -1: empty
    int live = 0;    // warps not yet finished
    std::vector<char> done;
  };
  std::vector<std::vector<Slot>> slots(static_cast<std::size_t>(sms),
                                       std::vector<Slot>(static_cast<std::size_t>(resident)));
  std::vector<int> next(static_cast<std::size_t>(sms));
  auto dispatch = [&](int s, int c) {
    Slot& slot = slots[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)];
    int& nb = next[static_cast<std::size_t>(s)];
    slot.block = -1;
    if (nb >= grid) return;
    slot.block = nb;
    nb += sms;
    slot.live = warps_per_block;
    slot.done.assign(static_cast<std::size_t>(warps_per_block), 0);
    start(s, c, slot.block);
  };
  for (int s = 0; s < sms; ++s) {
    next[static_cast<std::size_t>(s)] = s;
    for (int c = 0; c < resident; ++c) dispatch(s, c);
  }
  for (bool busy = true; busy;) {
    busy = false;
    for (int s = 0; s < sms; ++s)
      for (int c = 0; c < resident; ++c) {
        Slot& slot = slots[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)];
        if (slot.block < 0) continue;
        busy = true;
        for (int w = 0; w < warps_per_block; ++w) {
          char& d = slot.done[static_cast<std::size_t>(w)];
          if (!d && !step(s, c, w)) d = 1, --slot.live;
        }
        if (slot.live == 0) dispatch(s, c);
      }
  }
}

}  // namespace rfvar::arch
