// Hybrid-bank placement (Tan 2016 §3.3.4): partially used vectors (partially active warps,
// programmatic-value divergent registers) go to the hybrid banks, Eq. 3 style over those banks;
// every other vector follows Eq. 3 over the remaining (pure fast and slow) banks. Without hybrid
// banks in the setup this is plain Eq. 3.
#include "arch/mapping/i_register_mapping.h"
#include "rfmodel/register_mapping.h"

namespace rfvar::arch {
namespace {
class HybridMapping final : public IRegisterMapping {
 public:
  void on_kernel_launch(const MappingContext& ctx) override {
    const auto& s = *ctx.setup;
    hybrid_.clear();
    other_.clear();
    for (int v = 0; v < s.banks; ++v) (s.hybrid_fast_lanes[static_cast<std::size_t>(v)] ? hybrid_ : other_).push_back(v);
    banks_ = s.banks;
  }
  int bank(int warp_slot, int reg, bool partial) const override {
    if (hybrid_.empty() || other_.empty()) return rfmodel::eq3_bank(warp_slot, reg, banks_);
    const auto& set = partial ? hybrid_ : other_;
    return set[static_cast<std::size_t>(rfmodel::eq3_bank(warp_slot, reg, static_cast<int>(set.size())))];
  }

 private:
  int banks_ = 16;
  std::vector<int> hybrid_, other_;
};
}  // namespace

std::unique_ptr<IRegisterMapping> make_hybrid_mapping() { return std::make_unique<HybridMapping>(); }

}  // namespace rfvar::arch
