// Greedy-then-oldest: keep issuing from the last warp while it is ready, else the oldest ready warp.
#include "arch/scheduler/i_warp_scheduler.h"

namespace rfvar::arch {
namespace {
class Gto final : public IWarpScheduler {
 public:
  int pick(std::span<const WarpView> w) override {
    int best = -1;
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (!w[i].ready) continue;
      if (w[i].slot == last_) return static_cast<int>(i);
      if (best < 0 || w[i].age < w[static_cast<std::size_t>(best)].age) best = static_cast<int>(i);
    }
    return best;
  }
  void on_issue(int slot) override { last_ = slot; }
  bool needs_waiting_warps() const override { return false; }

 private:
  int last_ = -1;
};
}  // namespace

std::unique_ptr<IWarpScheduler> make_gto() { return std::make_unique<Gto>(); }

}  // namespace rfvar::arch
