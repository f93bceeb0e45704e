// LTRF's register-file-cache partitions (LTRF §3.2, §4.1-4.2): each active warp owns a partition
// that holds the working set of the region (register-interval or strand) it is executing.
//
// Contract: a cycle-free bookkeeping model; it never decides timing (prefetch_cost.h does) and
// never sees the pipeline. Per warp (keyed by SM warp slot 0..warps-1) it tracks the resident
// registers and which of them were written since they were fetched (dirty). At most `partitions`
// warps are resident at once (the active set); activating one more throws std::logic_error.
//  * enter(): the warp starts a new region with working set `ws` (<= capacity registers) at a point
//    where `live` registers are live (static live-in of the region entry, liveness.h). Registers of
//    the old working set not in `ws` leave the partition; dirty ones are written back (LTRF+: only
//    if live). Registers of `ws` not resident are fetched (LTRF+: only live ones; dead ones are only
//    allocated, LTRF §4.2).
//  * restart(): a strand boundary (Gebhart MICRO 2011 §4.1: the ORF is invalidated across strand
//    boundaries, all inter-strand communication goes through the main RF): the dirty registers are
//    written back (LTRF+: only live ones), the partition is emptied, and `ws` is fetched whole
//    (LTRF+: its live registers), even registers the previous strand held.
//  * deactivate(): LTRF writes back the whole working set, LTRF+ only its live registers
//    (LTRF §3.2); the partition is freed. activate(): the warp returns in the middle of region `ws`
//    and refetches its working set (LTRF+: live registers only; LTRF §4.2 "Warp Stall").
//  * access(): every read and write inside a region must hit; returns false if `reg` is not
//    resident (the caller's region bookkeeping is wrong).
// Statistics (PartitionStats) are kept apart from the state and only counted here.
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include "common/counters.h"

#include "hierarchy/ltrf/cfg.h"

namespace rfvar::arch::ltrf {

enum class LtrfVariant { Ltrf, LtrfPlus };

struct RegTransfer {
  RegSet fetch;      // registers read from the main RF (the warp waits for them)
  RegSet writeback;  // registers written to the main RF
  RegSet allocate;   // registers given a slot without data (LTRF+ dead registers)
};

struct PartitionStats {
  std::uint64_t prefetches = 0;          // enter() calls that fetched at least one register
  std::uint64_t regions_entered = 0;
  std::uint64_t activations = 0;
  std::uint64_t deactivations = 0;
  std::uint64_t regs_fetched = 0;        // main-RF reads
  std::uint64_t regs_written_back = 0;   // main-RF writes
  std::uint64_t dead_not_fetched = 0;    // LTRF+: allocated without a main-RF read
  std::uint64_t dead_not_written = 0;    // LTRF+: dropped instead of written back
  std::uint64_t accesses = 0;            // reads and writes served by the partition
  std::uint64_t misses = 0;              // accesses to a non-resident register (should stay 0)

  template <class Self>
  static auto counters(Self& s) {  // common/counters.h
    return std::tie(s.prefetches, s.regions_entered, s.activations, s.deactivations, s.regs_fetched,
                    s.regs_written_back, s.dead_not_fetched, s.dead_not_written, s.accesses, s.misses);
  }
  PartitionStats& operator+=(const PartitionStats& o) { return add_counters(*this, o); }
};

class WarpPartitions {
 public:
  WarpPartitions(LtrfVariant variant, int warps, int partitions, int capacity_regs);

  RegTransfer enter(int warp, const RegSet& ws, const RegSet& live);
  RegTransfer restart(int warp, const RegSet& ws, const RegSet& live);
  RegTransfer deactivate(int warp, const RegSet& live);
  RegTransfer activate(int warp, const RegSet& ws, const RegSet& live);
  bool access(int warp, int reg, bool is_write);
  void exit(int warp);  // the warp finished: its partition is freed without write-back

  bool resident(int warp) const { return state_.at(static_cast<std::size_t>(warp)).active; }
  const RegSet& working_set(int warp) const { return state_.at(static_cast<std::size_t>(warp)).ws; }
  int active_count() const { return active_; }
  const PartitionStats& stats() const { return stats_; }
  void reset_stats() { stats_ = {}; }

 private:
  struct WarpState {
    bool active = false;
    RegSet ws;     // working set of the current region (resident when active)
    RegSet dirty;  // written since fetched
  };
  WarpState& warp_state(int warp);
  RegTransfer fetch_into(WarpState& s, const RegSet& want, const RegSet& live);
  void count(const RegTransfer& t);

  LtrfVariant variant_;
  int partitions_;
  int capacity_;
  int active_ = 0;
  std::vector<WarpState> state_;
  PartitionStats stats_;
};

}  // namespace rfvar::arch::ltrf
