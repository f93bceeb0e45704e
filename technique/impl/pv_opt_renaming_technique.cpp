// pv-opt+renaming: PV-opt with block-level bank renaming (Tan 2016 §4.2.1), one half of NBTI-opt.
// In the cycle model renaming reads the chip-test organization table; in the aging study the table
// is kept and the NBTI sensors rank its banks at each epoch's kernel launches, with pv-opt's
// guardband rule.
#include "technique/parts/pv_opt_parts.h"
#include "technique/ipc_technique.h"
#include "technique/aging_technique.h"

namespace rfvar::technique {

namespace {
class PvOptRenaming final : public IIpcTechnique, public IAgingTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return pv_opt_policy(Renaming::tan); }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return pv_opt_rf(sm, g, p, RenamingTable::handed);
  }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"pv-opt+renaming",
             "PV-opt + block-level bank renaming (chip-test table kept)",
             "Tan 2016 §4.2.1",
             {}};
  AgingHooks aging_{FreshPlan::bank_table_renaming, Sensing::renaming, fast_banks_rule(FastBanksAt::chip_test_table)};
};
}  // namespace

std::unique_ptr<ITechnique> make_pv_opt_renaming() { return std::make_unique<PvOptRenaming>(); }

}  // namespace rfvar::technique
