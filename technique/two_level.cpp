// two-level: VL-SB + RF-BRO with the two-level warp scheduler (Narasiman et al. 2011 fetch groups of
// 8 warps, as Tan 2016 §6.1.2 compares it).
#include "technique/families.h"
#include "technique/technique.h"

namespace rfvar::technique {

namespace {
class TwoLevel final : public ITechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return {"eq3", "two-level-groups", false, false}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return rf_bro_rf(sm, g, p);
  }

 private:
  Info info_{"two-level",
             "VL-SB+RF-BRO + two-level scheduler (Narasiman fetch groups of 8 warps, Tan §6.1.2)",
             "Narasiman et al. 2011; Tan 2016 §6.1.2",
             bit(Role::ipc),
             {11}};
};
}  // namespace

std::unique_ptr<ITechnique> make_two_level() { return std::make_unique<TwoLevel>(); }

}  // namespace rfvar::technique
