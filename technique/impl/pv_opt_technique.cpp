// pv-opt: PV-opt (Tan 2016 §3.3): VL-SB + RF-BRO with hybrid banks sized per kernel (§3.3.4), the
// hybrid-bank placement mapping and FWAS. In the aging study its chip-test organization table is
// kept for the whole lifetime and its guardband covers the sub-banks of the fast virtual banks.
#include "technique/parts/pv_opt_parts.h"
#include "technique/ipc_technique.h"
#include "technique/aging_technique.h"

namespace rfvar::technique {

namespace {
class PvOpt final : public IIpcTechnique, public IAgingTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return pv_opt_policy(Renaming::off); }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return pv_opt_rf(sm, g, p, RenamingTable::none);
  }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"pv-opt",
             "VL-SB + RF-BRO + FWAS + hybrid banks",
             "Tan 2016 §3.3",
             {11, 12, 13}};
  AgingHooks aging_{FreshPlan::bank_table, Sensing::none, fast_banks_rule(FastBanksAt::chip_test_table)};
};
}  // namespace

std::unique_ptr<ITechnique> make_pv_opt() { return std::make_unique<PvOpt>(); }

}  // namespace rfvar::technique
