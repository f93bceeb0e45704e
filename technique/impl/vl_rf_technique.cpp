// vl-rf: n % VL-RF (Liang & Brooks 2006; Tan 2016 §3.2.1): registers ranked by delay, a register
// vector is slow (slow_access_cycles) if any of its 32 registers is. Its per-row latencies depend on
// every register of the SM, so the IPC study averages it over every chip and the aging study runs it
// per chip (on the chip's SM 0); its guardband covers the fast registers.
#include "technique/parts/setups.h"
#include "technique/freq_technique.h"
#include "technique/ipc_technique.h"
#include "technique/aging_technique.h"

namespace rfvar::technique {

namespace {
class VlRf final : public IFreqTechnique, public IIpcTechnique, public IAgingTechnique {
 public:
  const Info& info() const override { return info_; }
  rfmodel::RfSetup freq_setup(const varius::SmDelays& sm, const varius::RfGeometry& g,
                              const rfmodel::RfParams& p, int) const override {
    return vl_rf_setup(sm, g, p);
  }
  arch::SmPolicy policy() const override { return {}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return std::make_unique<arch::StaticRfProvider>(vl_rf_setup(sm ? *sm : nominal_sm(g), g, p));
  }
  bool ipc_every_chip() const override { return true; }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"vl-rf",
             "70 % VL-RF: per-register slow flags, a vector is slow if any register is",
             "Liang & Brooks 2006; Tan 2016 §3.2.1",
             {3, 11, 13}};
  AgingHooks aging_{FreshPlan::vl_rf, Sensing::none, vl_rf_rule()};
};
}  // namespace

std::unique_ptr<ITechnique> make_vl_rf() { return std::make_unique<VlRf>(); }

}  // namespace rfvar::technique
