// Loose round robin (GPGPU-Sim 3.1 default, Tan's baseline): the first ready warp after the one
// issued last.
//
// Contract: a ReadyMaskScheduler (ready_mask_scheduler.h); pick_ready() returns a slot of a set bit of
// ReadySet::ready (-1 if none is set). Declared here, final and inline, so that the SM calls the
// baseline policy without a virtual call (arch/sm/sm.cpp, docs/performance.md); make_lrr() creates it.
#pragma once

#include "arch/scheduler/ready_mask_scheduler.h"

namespace rfvar::arch {

class Lrr final : public ReadyMaskScheduler {
 public:
  int pick_ready(const ReadySet& r) override {
    const int bit = r.first_after(r.ready, last_);
    return bit < 0 ? -1 : r.slot(bit);
  }
  void on_issue(int slot) override { last_ = slot; }

 private:
  int last_ = -1;
};

}  // namespace rfvar::arch
