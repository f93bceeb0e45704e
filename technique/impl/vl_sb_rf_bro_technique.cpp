// vl-sb+rf-bro: VL-SB with the RF-BRO bank organization table (Tan 2016 §3.2.2): sub-banks sorted
// by delay and paired into virtual banks, so the fast ones form whole fast banks.
#include "technique/parts/pv_opt_parts.h"
#include "technique/parts/setups.h"
#include "technique/freq_technique.h"
#include "technique/ipc_technique.h"

namespace rfvar::technique {

namespace {
class VlSbRfBro final : public IFreqTechnique, public IIpcTechnique {
 public:
  const Info& info() const override { return info_; }
  rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int) const override {
    return rf_bro_setup(sm, g, p, 0, "vl-sb+rf-bro");
  }
  arch::SmPolicy policy() const override { return {}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return rf_bro_rf(sm, g, p);
  }

 private:
  Info info_{"vl-sb+rf-bro",
             "70 % VL-SB + RF-BRO bank organization table",
             "Tan 2016 §3.2.2",
             {3, 11}};
};
}  // namespace

std::unique_ptr<ITechnique> make_vl_sb_rf_bro() { return std::make_unique<VlSbRfBro>(); }

}  // namespace rfvar::technique
