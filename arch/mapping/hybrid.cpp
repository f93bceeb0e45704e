// Hybrid-bank placement (Tan 2016 §3.3.4): a partially used vector (all its lanes in a hybrid bank's
// fast half: Kernel::hybrid_candidate) is answered in one cycle by a pure-fast or a hybrid bank, so
// partial vectors go Eq. 3 style over the pure-fast and hybrid banks; every other vector goes Eq. 3
// style over the non-hybrid (pure fast and slow) banks, as under RF-BRO. Pure-fast banks serve
// both sets, so a kernel whose vectors are all partial (NN: 1-thread blocks) spreads over all 16
// banks and sees every bank as fast (Tan §6.1.3). Without hybrid banks in the setup this is Eq. 3.
#include "arch/mapping/i_register_mapping.h"
#include "rfmodel/register_mapping.h"

namespace rfvar::arch {
namespace {
class HybridMapping final : public IRegisterMapping {
 public:
  void on_kernel_launch(const MappingContext& ctx) override {
    const auto& s = *ctx.setup;
    partial_.clear();
    full_.clear();
    bool any_hybrid = false;
    for (int v = 0; v < s.banks; ++v) {
      const bool hybrid = s.hybrid_fast_lanes[static_cast<std::size_t>(v)] != 0;
      any_hybrid |= hybrid;
      if (hybrid || s.bank_fast(v)) partial_.push_back(v);
      if (!hybrid) full_.push_back(v);
    }
    if (!any_hybrid) partial_.clear();
    banks_ = s.banks;
  }
  int bank(int warp_slot, int reg, bool partial) const override {
    if (partial_.empty() || full_.empty()) return rfmodel::eq3_bank(warp_slot, reg, banks_);
    const auto& set = partial ? partial_ : full_;
    return set[static_cast<std::size_t>(rfmodel::eq3_bank(warp_slot, reg, static_cast<int>(set.size())))];
  }

 private:
  int banks_ = 16;
  std::vector<int> partial_, full_;  // candidate banks of partial and of fully used vectors
};
}  // namespace

std::unique_ptr<IRegisterMapping> make_hybrid_mapping() { return std::make_unique<HybridMapping>(); }

}  // namespace rfvar::arch
