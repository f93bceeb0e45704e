// baseline: no variable latency; what it means differs by study (Tan 2016 §3.1, §6.1):
//   freq   the PV clock: 1 / slowest register of the SM, every access one cycle;
//   ipc    the chip without PV, every access one cycle at clock 1 (the normalization of Fig. 11);
//   aging  the PV chip at its slowest register, every access one cycle; its guardband covers
//          every sub-bank (docs/models.md#nbti).
#include <algorithm>

#include "technique/freq_technique.h"
#include "technique/ipc_technique.h"
#include "technique/aging_technique.h"

namespace rfvar::technique {

namespace {
class Baseline final : public IFreqTechnique, public IIpcTechnique, public IAgingTechnique {
 public:
  const Info& info() const override { return info_; }
  rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int) const override {
    rfmodel::RfSetup s = rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, p.subbanks);
    s.clock_norm = 1.0 / *std::max_element(sm.reg_delay.begin(), sm.reg_delay.end());
    return s;
  }
  arch::SmPolicy policy() const override { return {}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays*, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return std::make_unique<arch::StaticRfProvider>(
        rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, p.subbanks));
  }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"baseline",
             "every access one cycle: the PV clock (freq, aging) or the chip without PV (ipc)",
             "Tan 2016 §3.1, §6.1",
             {3, 11, 12, 13}};
  AgingHooks aging_{FreshPlan::ideal, Sensing::none, slowest_register_rule()};
};
}  // namespace

std::unique_ptr<ITechnique> make_baseline() { return std::make_unique<Baseline>(); }

}  // namespace rfvar::technique
