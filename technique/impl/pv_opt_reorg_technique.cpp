// pv-opt+reorg: PV-opt + kernel-level re-organization only (Tan 2016 §4.2.2; no renaming), the other
// half of NBTI-opt, to decompose its gain (docs/models.md); pv-opt+nbti-opt's guardband rule.
#include "technique/parts/pv_opt_parts.h"
#include "technique/aging_technique.h"

namespace rfvar::technique {

namespace {
class PvOptReorg final : public IAgingTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return pv_opt_policy(Renaming::off); }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"pv-opt+reorg",
             "PV-opt + kernel-level re-organization only (no renaming)",
             "Tan 2016 §4.2.2",
             {}};
  AgingHooks aging_{FreshPlan::bank_table_renaming, Sensing::reorganize, fast_banks_rule(FastBanksAt::reorganization)};
};
}  // namespace

std::unique_ptr<ITechnique> make_pv_opt_reorg() { return std::make_unique<PvOptReorg>(); }

}  // namespace rfvar::technique
