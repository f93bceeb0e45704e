// Two-level warp scheduling with fetch groups (Narasiman et al., MICRO 2011), the two-level policy
// Tan 2016 §6.1.2 evaluates ("splits warps into groups and executes groups in different paces"; the
// group size is fixed at eight warps, so an SM with eight warps has one group and the inter-group
// level is inactive). Warp slot s belongs to group s / group_warps. Groups are in a priority order;
// the scheduler issues the first ready warp of the highest-priority group that has one, round robin
// inside the group. When every live warp of the top group waits on a long-latency event (a global
// load result or a barrier), that group drops to the lowest priority and the next one leads.
// (Gebhart's active-set two-level, used by the register-file hierarchy, is two_level.cpp.)
#include <algorithm>

#include "arch/scheduler/i_warp_scheduler.h"

namespace rfvar::arch {
namespace {
class FetchGroups final : public IWarpScheduler {
 public:
  explicit FetchGroups(int group_warps) : group_warps_(group_warps) {}

  int pick(std::span<const WarpView> w) override {
    if (w.empty()) return -1;
    const int groups = w.back().slot / group_warps_ + 1;  // views come in slot order
    // Rotate while the leading group has live warps and all of them wait on long-latency events.
    for (int k = 0; k < groups; ++k) {
      bool any = false, all_long = true;
      for (const WarpView& v : w) {
        if (group(v) != lead_ % groups) continue;
        any = true;
        all_long = all_long && v.long_wait;
      }
      if (any && !all_long) break;
      lead_ = (lead_ % groups + 1) % groups;
    }
    lead_ %= groups;
    for (int k = 0; k < groups; ++k) {
      const int g = (lead_ + k) % groups;
      const int i = first_after(w, last_, [&](const WarpView& v) { return v.ready && group(v) == g; });
      if (i >= 0) return i;
    }
    return -1;
  }
  void on_issue(int slot) override { last_ = slot; }

 private:
  int group(const WarpView& v) const { return v.slot / group_warps_; }
  int group_warps_;
  int lead_ = 0;
  int last_ = -1;
};
}  // namespace

std::unique_ptr<IWarpScheduler> make_fetch_groups(int group_warps) {
  return std::make_unique<FetchGroups>(group_warps);
}

}  // namespace rfvar::arch
