// Block-level bank renaming (Tan 2016 §4.2.1): at each block launch rfmodel::renaming_row_held()
// builds the block's 16-entry row from the banks that hold R0, R1, ... of its last warp under the
// base mapping; every warp of the block then maps bank = row[base bank]. With no organization table
// the row is the identity.
#include <algorithm>
#include <numeric>

#include "arch/mapping/i_register_mapping.h"
#include "rfmodel/register_mapping.h"

namespace rfvar::arch {
namespace {
class Renaming final : public IRegisterMapping {
 public:
  Renaming(std::unique_ptr<IRegisterMapping> base, bool by_weight) : base_(std::move(base)), by_weight_(by_weight) {}
  void on_kernel_launch(const MappingContext& ctx) override {
    base_->on_kernel_launch(ctx);
    table_ = ctx.table;
    kernel_ = ctx.kernel;
    delay_.assign(ctx.bank_delay.begin(), ctx.bank_delay.end());
    if (delay_.empty() && table_)  // no sensor readings: the table's own (chip-test) delays
      for (const auto& vb : table_->banks) delay_.push_back(vb.delay);
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
      // placement, which sends partial vectors to the pure-fast and hybrid banks).
      const int last = warp_slots.back();
      const int wib = static_cast<int>(warp_slots.size()) - 1;
      std::vector<int> held;
      for (int r = 0; kernel_ && r < kernel_->regs_per_thread; ++r)
        held.push_back(base_->bank(last, r, kernel_->hybrid_candidate(wib, r)));
      if (by_weight_ && kernel_) held = banks_by_block_weight(warp_slots, held);
      row = rfmodel::renaming_row_held(*table_, delay_, held, last);
    }
    for (int w : warp_slots) {
      if (static_cast<int>(rows_.size()) <= w) rows_.resize(static_cast<std::size_t>(w) + 1);
      rows_[static_cast<std::size_t>(w)] = row;
    }
  }
  // Counterfactual order (not Tan's): every bank the block uses, by the block's static register
  // weight in it (Kernel::static_reg_weight summed over its warps), heaviest first; ties keep the
  // last-warp order `held`.
  std::vector<int> banks_by_block_weight(std::span<const int> warp_slots, const std::vector<int>& held) const {
    std::vector<double> w(static_cast<std::size_t>(banks_), 0.0);
    for (std::size_t i = 0; i < warp_slots.size(); ++i)
      for (int r = 0; r < kernel_->regs_per_thread; ++r) {
        const int b = base_->bank(warp_slots[i], r, kernel_->hybrid_candidate(static_cast<int>(i), r));
        w[static_cast<std::size_t>(b)] += kernel_->static_reg_weight[static_cast<std::size_t>(r)];
      }
    std::vector<int> order = held;
    for (int b = 0; b < banks_; ++b) order.push_back(b);
    std::vector<int> out;
    for (int b : order)
      if (w[static_cast<std::size_t>(b)] > 0.0 && std::find(out.begin(), out.end(), b) == out.end()) out.push_back(b);
    std::stable_sort(out.begin(), out.end(), [&](int a, int b) {
      return w[static_cast<std::size_t>(a)] > w[static_cast<std::size_t>(b)];
    });
    return out;
  }
  int bank(int warp_slot, int reg, bool partial) const override {
    const int b = base_->bank(warp_slot, reg, partial);
    if (warp_slot >= static_cast<int>(rows_.size()) || rows_[static_cast<std::size_t>(warp_slot)].empty()) return b;
    return rows_[static_cast<std::size_t>(warp_slot)][static_cast<std::size_t>(b)];
  }

 private:
  std::unique_ptr<IRegisterMapping> base_;
  bool by_weight_ = false;
  const rfmodel::BankTable* table_ = nullptr;
  const Kernel* kernel_ = nullptr;
  std::vector<float> delay_;
  int banks_ = 16;
  std::vector<std::vector<int>> rows_;  // per warp slot: its block's renaming row
};
}  // namespace

std::unique_ptr<IRegisterMapping> with_renaming(std::unique_ptr<IRegisterMapping> base, bool by_weight) {
  return std::make_unique<Renaming>(std::move(base), by_weight);
}

}  // namespace rfvar::arch
