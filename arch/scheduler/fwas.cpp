// Fast-warp aware scheduling (Tan 2016 §3.3.3): among ready warps prefer those whose next
// instruction reads and writes only fast (or hybrid-fast) banks; ties and the rest in loose
// round-robin order (the base policy).
#include "arch/scheduler/ready_mask_scheduler.h"

namespace rfvar::arch {
namespace {
class Fwas final : public ReadyMaskScheduler {
 public:
  int pick_ready(const ReadySet& r) override {
    int bit = r.first_after(r.ready & r.fast, last_);
    if (bit < 0) bit = r.first_after(r.ready, last_);
    return bit < 0 ? -1 : r.slot(bit);
  }
  void on_issue(int slot) override { last_ = slot; }

 private:
  int last_ = -1;
};
}  // namespace

std::unique_ptr<IWarpScheduler> make_fwas() { return std::make_unique<Fwas>(); }

}  // namespace rfvar::arch
