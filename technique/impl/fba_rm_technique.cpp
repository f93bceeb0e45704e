// fba-rm: VL-SB + RF-BRO with the fast-bank aware register mapping (Tan 2016 §3.3.2): the
// most used registers go to the fast virtual banks.
#include "technique/parts/pv_opt_parts.h"
#include "technique/ipc_technique.h"

namespace rfvar::technique {

namespace {
class FbaRm final : public IIpcTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return {.mapping = "fba-rm", .scheduler = "lrr"}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return rf_bro_rf(sm, g, p);
  }

 private:
  Info info_{"fba-rm", "VL-SB+RF-BRO + fast-bank aware mapping", "Tan 2016 §3.3.2", {11}};
};
}  // namespace

std::unique_ptr<ITechnique> make_fba_rm() { return std::make_unique<FbaRm>(); }

}  // namespace rfvar::technique
