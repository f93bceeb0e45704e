// vl-sb+rf-bro+hybrid: VL-SB + RF-BRO with h hybrid banks (Tan 2016 §3.3.4), h given by the
// frequency study (--hybrid-banks; a hybrid bank counts as slow for full-width access).
#include "technique/parts/setups.h"
#include "technique/freq_technique.h"

namespace rfvar::technique {

namespace {
class VlSbRfBroHybrid final : public IFreqTechnique {
 public:
  const Info& info() const override { return info_; }
  rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int hybrid_banks) const override {
    return rf_bro_setup(sm, g, p, hybrid_banks, "vl-sb+rf-bro+hybrid");
  }

 private:
  Info info_{"vl-sb+rf-bro+hybrid",
             "VL-SB + RF-BRO with h hybrid banks (h clamped; rfmodel/bank_table.h)",
             "Tan 2016 §3.3.4",
             {}};
};
}  // namespace

std::unique_ptr<ITechnique> make_vl_sb_rf_bro_hybrid() { return std::make_unique<VlSbRfBroHybrid>(); }

}  // namespace rfvar::technique
