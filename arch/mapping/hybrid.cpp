// Hybrid-bank placement (Tan 2016 §3.3.4). Fully used vectors keep Eq. 3 over all 16 virtual banks,
// hybrid banks included: a full vector that lands in a hybrid bank pays its slow half ("fully occupied
// register vectors ... re-directed to the hybrid banks and using their slow-bank portion"). Only the
// partially used vectors the analysis marks (Kernel::hybrid_candidate: all lanes in one half, either
// half) are placed apart, Eq. 3 style over the banks that answer them in one cycle: the pure-fast
// banks and the hybrid banks' fast halves (the SM stores an upper-half vector swapped, arch/sm/sm_control.cpp).
// Pure-fast banks serve both sets, so a kernel whose vectors are all partial (NN: 1-thread blocks)
// sees every bank it uses as fast (Tan §6.1.3). Without hybrid banks in the setup this is Eq. 3.
#include "arch/mapping/i_register_mapping.h"
#include "rfmodel/register_mapping.h"

namespace rfvar::arch {
namespace {
class HybridMapping final : public IRegisterMapping {
 public:
  void on_kernel_launch(const MappingContext& ctx) override {
    const auto& s = *ctx.setup;
    partial_.clear();
    bool any_hybrid = false;
    for (int v = 0; v < s.banks; ++v) {
      const bool hybrid = s.hybrid_fast_lanes[static_cast<std::size_t>(v)] != 0;
      any_hybrid |= hybrid;
      if (hybrid || s.bank_fast(v)) partial_.push_back(v);
    }
    if (!any_hybrid) partial_.clear();
    banks_ = s.banks;
  }
  int bank(int warp_slot, int reg, bool partial) const override {
    if (!partial || partial_.empty()) return rfmodel::eq3_bank(warp_slot, reg, banks_);  // Tan Eq. 3 over all banks
    return partial_[static_cast<std::size_t>(rfmodel::eq3_bank(warp_slot, reg, static_cast<int>(partial_.size())))];
  }

 private:
  int banks_ = 16;
  std::vector<int> partial_;  // banks answering a partial vector in one cycle: pure fast + hybrid
};
}  // namespace

std::unique_ptr<IRegisterMapping> make_hybrid_mapping() { return std::make_unique<HybridMapping>(); }

}  // namespace rfvar::arch
