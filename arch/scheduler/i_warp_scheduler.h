// Picks the warp one scheduler unit issues this cycle.
//
// Contract: pick() sees this scheduler's resident warps in slot order and returns the index of a
// warp whose `ready` is true, or -1 (only if none is ready). It must not assume anything about the
// SM beyond the views; the SM calls on_issue() for the warp it issued, on_warp_start() when a new
// block's warp takes a slot and on_warp_exit() when a warp finishes. Policies are deterministic.
// A policy with an active set (two-level) reports, during pick(), every warp it moves into or out of
// the set to the listener given by set_active_set_listener() (the RF hierarchy's flush / refetch
// points); a warp that finishes leaves silently (on_warp_exit). A policy whose needs_waiting_warps()
// is false (it only ever looks at ready warps) may be shown the ready warps only; the SM then also
// skips pick() when none is ready. Such a policy may also offer pick_ready() (offers_pick_ready() true):
// the same choice as pick() on the ready warps' views, from bitmasks (the SM's fast path).
#pragma once

#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "arch/core/params.h"

namespace rfvar::arch {

struct WarpView {
  int slot = 0;           // SM warp slot = warp ID (recycled by new blocks)
  bool ready = false;     // the next instruction can issue this cycle
  bool fast = false;      // its register reads and write all map to fast or hybrid-fast banks (FWAS)
  bool long_wait = false; // it waits on a long-latency event: a global/local load result or a barrier (two-level)
  std::uint64_t age = 0;  // launch order of the warp; smaller is older (GTO)
};

// The ready warps of one scheduler unit as bitmasks: bit i stands for warp slot i * stride + offset
// (slots ascend with i). `fast` is the WarpView::fast of those warps (bits of warps not ready: any).
struct ReadySet {
  std::uint64_t ready = 0, fast = 0;
  int stride = 1, offset = 0;
  int slot(int bit) const { return bit * stride + offset; }
  // The lowest bit of m whose slot is after `last`, else the lowest bit of m (-1 if m is empty).
  int first_after(std::uint64_t m, int last) const {
    const int d = last - offset;
    const auto us = static_cast<unsigned>(stride);  // a shift for the usual power-of-two stride
    const int from = d < 0 ? 0 : (std::has_single_bit(us) ? d >> std::countr_zero(us) : d / stride) + 1;
    const std::uint64_t later = from >= 64 ? 0 : m & (~0ull << from);
    return later ? std::countr_zero(later) : (m ? std::countr_zero(m) : -1);
  }
};

class IActiveSetListener {
 public:
  virtual ~IActiveSetListener() = default;
  virtual void on_activate(int slot) = 0;
  virtual void on_deactivate(int slot) = 0;
};

class IWarpScheduler {
 public:
  virtual ~IWarpScheduler() = default;
  virtual int pick(std::span<const WarpView> warps) = 0;
  virtual void on_issue(int /*slot*/) {}
  virtual void on_warp_start(int /*slot*/) {}
  virtual void on_warp_exit(int /*slot*/) {}
  virtual void set_active_set_listener(IActiveSetListener* /*l*/) {}
  virtual bool needs_waiting_warps() const { return true; }
  // Whether pick_ready() is implemented (only for policies with needs_waiting_warps() false).
  virtual bool offers_pick_ready() const { return false; }
  // The slot pick() would choose among the ready warps (-1: none ready). Called only if offers_pick_ready().
  virtual int pick_ready(const ReadySet& /*r*/) { return -1; }
};

// Name -> factory table: "lrr" (loose round robin, Tan's baseline), "gto", "two-level" (Gebhart's
// active set), "two-level-groups" (Narasiman's fetch groups, Tan's two-level), "fwas".
std::unique_ptr<IWarpScheduler> make_scheduler(const std::string& name, const ArchParams& p);
std::vector<std::string> scheduler_names();

// Policies, one per file (scheduler/*.cpp); used by the table and by composite policies.
std::unique_ptr<IWarpScheduler> make_lrr();
std::unique_ptr<IWarpScheduler> make_gto();
std::unique_ptr<IWarpScheduler> make_two_level(int active_warps, bool greedy_inner);
std::unique_ptr<IWarpScheduler> make_fetch_groups(int group_warps);
std::unique_ptr<IWarpScheduler> make_fwas();

// Loose round robin order: the first warp meeting `pred`, starting after slot `last`.
template <typename Pred>
int first_after(std::span<const WarpView> w, int last, Pred pred) {
  int wrap = -1;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (!pred(w[i])) continue;
    if (w[i].slot > last) return static_cast<int>(i);
    if (wrap < 0) wrap = static_cast<int>(i);
  }
  return wrap;
}

}  // namespace rfvar::arch
