// Two-level warp scheduling (Gebhart et al. ISCA 2011; Narasiman et al. MICRO 2011): only an active
// set of N warps may issue; a warp leaves the set when its next instruction waits on a long-latency
// (memory) result and pending warps that are not waiting refill it in FIFO order. Inside the set:
// greedy (stay on the last warp while ready, else the oldest in the set) or round robin.
#include <algorithm>
#include <deque>

#include "arch/scheduler/i_warp_scheduler.h"

namespace rfvar::arch {
namespace {
class TwoLevel final : public IWarpScheduler {
 public:
  TwoLevel(int active, bool greedy) : capacity_(active), greedy_(greedy) {}

  int pick(std::span<const WarpView> w) override {
    int index_of[kMaxSlots];
    std::fill(std::begin(index_of), std::end(index_of), -1);
    for (std::size_t i = 0; i < w.size(); ++i) {
      index_of[w[i].slot] = static_cast<int>(i);
      if (!known(w[i].slot)) on_warp_start(w[i].slot);  // tolerate a missed on_warp_start
    }
    auto view = [&](int slot) -> const WarpView* {
      const int i = index_of[slot];
      return i < 0 ? nullptr : &w[static_cast<std::size_t>(i)];
    };
    // Demote active warps that wait on memory.
    for (auto it = active_.begin(); it != active_.end();) {
      const WarpView* v = view(*it);
      if (v && v->long_wait) {
        pending_.push_back(*it);
        where_[*it] = kPending;
        it = active_.erase(it);
        if (listener_) listener_->on_deactivate(v->slot);
      } else {
        ++it;
      }
    }
    // Refill from the pending queue, oldest first, skipping warps still waiting.
    for (auto it = pending_.begin(); it != pending_.end() && static_cast<int>(active_.size()) < capacity_;) {
      const WarpView* v = view(*it);
      if (v && !v->long_wait) {
        active_.push_back(*it);
        where_[*it] = kActive;
        const int slot = *it;
        it = pending_.erase(it);
        if (listener_) listener_->on_activate(slot);
      } else {
        ++it;
      }
    }
    if (greedy_) {
      if (const WarpView* v = last_ >= 0 ? view(last_) : nullptr; v && v->ready && in_active(last_))
        return index_of[last_];
      for (int s : active_)
        if (const WarpView* v = view(s); v && v->ready) return index_of[s];
      return -1;
    }
    // Round robin over the active set, in set order, starting after the last issued warp.
    const auto n = active_.size();
    const auto start = static_cast<std::size_t>(std::find(active_.begin(), active_.end(), last_) - active_.begin());
    for (std::size_t k = 1; k <= n; ++k) {
      const int s = active_[(start + k) % n];
      if (const WarpView* v = view(s); v && v->ready) return index_of[s];
    }
    return -1;
  }
  void on_issue(int slot) override { last_ = slot; }
  void on_warp_start(int slot) override {
    if (known(slot)) return;
    pending_.push_back(slot);
    where_[slot] = kPending;
  }
  void set_active_set_listener(IActiveSetListener* l) override { listener_ = l; }
  void on_warp_exit(int slot) override {
    std::erase(active_, slot);
    std::erase(pending_, slot);
    where_[slot] = kNone;
  }

 private:
  static constexpr int kMaxSlots = 256;
  enum : std::uint8_t { kNone, kActive, kPending };
  bool in_active(int s) const { return where_[s] == kActive; }
  bool known(int s) const { return where_[s] != kNone; }

  int capacity_;
  bool greedy_;
  int last_ = -1;
  IActiveSetListener* listener_ = nullptr;
  std::deque<int> active_;
  std::deque<int> pending_;
  std::uint8_t where_[kMaxSlots] = {};
};
}  // namespace

std::unique_ptr<IWarpScheduler> make_two_level(int active_warps, bool greedy_inner) {
  return std::make_unique<TwoLevel>(active_warps, greedy_inner);
}

}  // namespace rfvar::arch
