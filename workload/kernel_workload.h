// The `.kernel` front end as a workload: the warp traces of a Benchmark parsed from the text format
// (docs/kernel-format.md), made on demand block by block.
//
// Contract: block() walks every warp of the block through the kernel's structured control flow
// exactly as the format defines it: a SIMT stack with reconvergence at each `if`'s end, loops with
// fixed trips, a part with no active lane skipped, every branch / barrier / exit one warp
// instruction. Programmatic conditions are evaluated from thread and block IDs; data-dependent ones
// (`rand`, `wrand`) draw workload_draw(key, launch/block, warp/step ^ pc) (draw.h), so the trace does
// not depend on timing, chip or technique. Accesses with an address stream (Instr::mem_trace) get
// their coalesced line requests (workload/coalescer.h) with `line_bytes`; other memory
// instructions carry no TraceMem (the SM draws their hits from tx= / l1= / l2=).
#pragma once

#include <cstdint>

#include "workload/i_workload.h"

namespace rfvar::arch {

class KernelWorkload final : public IWorkload {
 public:
  // `b` must outlive the workload.
  KernelWorkload(const Benchmark& b, std::uint64_t key, int line_bytes) : b_(b), key_(key), line_bytes_(line_bytes) {}
  const Benchmark& benchmark() const override { return b_; }
  const BlockTrace& block(int launch, int bid, BlockTrace& scratch) const override;
  // One warp (warp index `wib` in its block) of block `bid` of launch `launch`.
  void warp(int launch, int bid, int wib, WarpTrace& out) const;

 private:
  const Benchmark& b_;
  std::uint64_t key_;
  int line_bytes_;
};

}  // namespace rfvar::arch
