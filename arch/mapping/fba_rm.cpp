// Fast-bank aware register mapping (Tan 2016 §3.3.2), planned at kernel launch by
// rfmodel::plan_fba_rm() over the setup's fast virtual banks (which RF-BRO numbers first).
#include "arch/mapping/i_register_mapping.h"
#include "rfmodel/register_mapping.h"

namespace rfvar::arch {
namespace {
class FbaRmMapping final : public IRegisterMapping {
 public:
  void on_kernel_launch(const MappingContext& ctx) override {
    const auto& s = *ctx.setup;
    int fast = 0;  // leading pure-fast virtual banks
    while (fast < s.banks && s.bank_fast(fast) && s.hybrid_fast_lanes[static_cast<std::size_t>(fast)] == 0) ++fast;
    plan_ = rfmodel::plan_fba_rm(fast, s.banks, ctx.resident_warps, ctx.kernel->regs_per_thread, s.rows_per_bank);
    // Register ids beyond the physical count (GPGPU-Sim's numbering of PTX virtual registers): the
    // plan's split "small ids fast, large ids slow" (Tan §3.3.2) at the same fraction of the id
    // space, so that as many ids go to fast banks as the capacity allows (identity when the ids are
    // the physical registers).
    const int R = ctx.kernel->regs_per_thread, ids = ctx.kernel->reg_ids;
    if (ids > R && !plan_.all_fast)
      plan_.regs_in_fast = static_cast<int>((static_cast<long long>(plan_.regs_in_fast) * ids + R - 1) / R);
  }
  int bank(int warp_slot, int reg, bool) const override { return plan_.bank(warp_slot, reg); }

 private:
  rfmodel::FbaRm plan_;
};
}  // namespace

std::unique_ptr<IRegisterMapping> make_fba_rm_mapping() { return std::make_unique<FbaRmMapping>(); }

}  // namespace rfvar::arch
