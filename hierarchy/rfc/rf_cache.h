// Register-file cache (Gebhart et al. ISCA 2011 §3.1, §4.2) as a pure, cycle-free component that
// the SM model drives with each operand read, result write and warp deactivation.
//
// Contract: each warp slot (0..warps-1) owns entries_per_thread entries, each holding one
// warp-wide register; only active warps hold values (the two-level scheduler flushes a warp
// when it deactivates it). Results are written into the RFC (write-allocate, a write to a
// resident register refreshes it in place); when full, the replacement policy picks a victim,
// which is written back to the main RF only if live: the caller passes static liveness
// (liveness.h) as the "dead" flags - `last_read` on the final read of a value, `dead` on a
// result that is never read. Read misses are served by the main RF and allocate nothing.
// Long-latency results bypass the RFC (if configured), invalidating a stale copy. flush() writes
// back the live values and frees the warp's entries; exit() drops them (all dead).
// The model never knows time; statistics go to an RfcStats kept apart from the entries.
#pragma once

#include <memory>
#include <vector>

#include "hierarchy/ltrf/cfg.h"
#include "hierarchy/rfc/params.h"
#include "hierarchy/rfc/replacement.h"
#include "hierarchy/rfc/rfc_stats.h"

namespace rfvar::arch::rfc {

struct WriteOutcome {
  bool cached = false;     // false: bypassed to the main RF
  int evicted_reg = -1;    // register displaced by this fill, -1 if none
  bool written_back = false;  // the displaced value went to the main RF
};

class RegisterFileCache {
 public:
  RegisterFileCache(const RfcParams& p, int warps);

  bool read(int warp, int reg, bool last_read);
  WriteOutcome write(int warp, int reg, bool dead, bool long_latency);
  ltrf::RegSet flush(int warp);  // registers written back
  void exit(int warp);

  int entries_per_warp() const { return entries_; }
  bool holds(int warp, int reg) const { return find(warp, reg) >= 0; }
  const RfcStats& stats() const { return stats_; }
  void reset_stats() { stats_ = {}; }

 private:
  std::span<RfcEntry> slots(int warp);
  std::span<const RfcEntry> slots(int warp) const;
  int find(int warp, int reg) const;

  RfcParams p_;
  int entries_;
  std::unique_ptr<IRfcReplacement> policy_;
  std::vector<RfcEntry> table_;  // [warp * entries + i]
  std::uint64_t tick_ = 0;
  RfcStats stats_;
};

}  // namespace rfvar::arch::rfc
