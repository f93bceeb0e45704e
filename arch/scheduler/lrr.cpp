// Loose round robin (GPGPU-Sim 3.1 default, Tan's baseline): the first ready warp after the one
// issued last.
#include "arch/scheduler/ready_mask_scheduler.h"

namespace rfvar::arch {
namespace {
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
}  // namespace

std::unique_ptr<IWarpScheduler> make_lrr() { return std::make_unique<Lrr>(); }

}  // namespace rfvar::arch
