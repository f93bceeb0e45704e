// Block-level bank renaming (Tan 2016 §4.2.1): at each block launch rfmodel::renaming_row_held()
// builds the block's 16-entry row from the banks that hold R0, R1, ... of its last warp under the
// base mapping; every warp of the block then maps bank = row[base bank]. With no organization table
// the row is the identity.
#include <numeric>

#include "arch/mapping/i_register_mapping.h"
#include "rfmodel/register_mapping.h"

namespace rfvar::arch {
namespace {
class Renaming final : public IRegisterMapping {
 public:
  explicit Renaming(std::unique_ptr<IRegisterMapping> base) : base_(std::move(base)) {}
  void on_kernel_launch(const MappingContext& ctx) override {
    base_->on_kernel_launch(ctx);
    table_ = ctx.table;
    kernel_ = ctx.kernel;
    delay_.assign(ctx.bank_delay.begin(), ctx.bank_delay.end());
    banks_ = ctx.setup->banks;
    rows_.clear();
  }
  void on_block_launch(std::span<const int> warp_slots) override {
    base_->on_block_launch(warp_slots);
    if (warp_slots.empty()) return;
    std::vector<int> row(static_cast<std::size_t>(banks_));
    std::iota(row.begin(), row.end(), 0);
    if (table_) {
      // The banks that hold R0, R1, ... of the last warp under the base mapping (Eq. 3, or hybrid
      // placement, which sends partial and full vectors to different bank sets).
      const int last = warp_slots.back();
      const int wib = static_cast<int>(warp_slots.size()) - 1;
      std::vector<int> held;
      for (int r = 0; kernel_ && r < kernel_->regs_per_thread; ++r)
        held.push_back(base_->bank(last, r, kernel_->hybrid_candidate(wib, r)));
      std::vector<float> d = delay_;
      if (d.empty())
        for (const auto& vb : table_->banks) d.push_back(vb.delay);
      row = rfmodel::renaming_row_held(*table_, d, held, last);
    }
    for (int w : warp_slots) {
      if (static_cast<int>(rows_.size()) <= w) rows_.resize(static_cast<std::size_t>(w) + 1);
      rows_[static_cast<std::size_t>(w)] = row;
    }
  }
  int bank(int warp_slot, int reg, bool partial) const override {
    const int b = base_->bank(warp_slot, reg, partial);
    if (warp_slot >= static_cast<int>(rows_.size()) || rows_[static_cast<std::size_t>(warp_slot)].empty()) return b;
    return rows_[static_cast<std::size_t>(warp_slot)][static_cast<std::size_t>(b)];
  }

 private:
  std::unique_ptr<IRegisterMapping> base_;
  const rfmodel::BankTable* table_ = nullptr;
  const Kernel* kernel_ = nullptr;
  std::vector<float> delay_;
  int banks_ = 16;
  std::vector<std::vector<int>> rows_;  // per warp slot: its block's renaming row
};
}  // namespace

std::unique_ptr<IRegisterMapping> with_renaming(std::unique_ptr<IRegisterMapping> base) {
  return std::make_unique<Renaming>(std::move(base));
}

}  // namespace rfvar::arch
