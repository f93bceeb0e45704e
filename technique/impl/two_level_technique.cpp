// two-level: VL-SB + RF-BRO with the two-level warp scheduler (Narasiman et al. 2011 fetch groups of
// 8 warps, as Tan 2016 §6.1.2 compares it).
#include "technique/parts/pv_opt_parts.h"
#include "technique/ipc_technique.h"

namespace rfvar::technique {

namespace {
class TwoLevel final : public IIpcTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return {.mapping = "eq3", .scheduler = "two-level-groups"}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return rf_bro_rf(sm, g, p);
  }

 private:
  Info info_{"two-level",
             "VL-SB+RF-BRO + two-level scheduler (Narasiman fetch groups of 8 warps, Tan §6.1.2)",
             "Narasiman et al. 2011; Tan 2016 §6.1.2",
             {11}};
};
}  // namespace

std::unique_ptr<ITechnique> make_two_level() { return std::make_unique<TwoLevel>(); }

}  // namespace rfvar::technique
