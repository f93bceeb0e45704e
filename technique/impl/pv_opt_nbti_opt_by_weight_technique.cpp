// pv-opt+nbti-opt-by-weight: a counterfactual, not Tan's: pv-opt+nbti-opt with the banks renamed by
// the block's static register weight (docs/findings.md "NBTI-opt's frequency gain, decomposed").
#include "technique/parts/pv_opt_parts.h"
#include "technique/aging_technique.h"

namespace rfvar::technique {

namespace {
class PvOptNbtiOptByWeight final : public IAgingTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return pv_opt_policy(Renaming::by_weight); }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"pv-opt+nbti-opt-by-weight",
             "counterfactual (not Tan): NBTI-opt with banks renamed by the block's register weight",
             "counterfactual of Tan 2016 §4.2",
             {}};
  AgingHooks aging_{FreshPlan::bank_table_renaming, Sensing::reorganize, fast_banks_rule(FastBanksAt::reorganization)};
};
}  // namespace

std::unique_ptr<ITechnique> make_pv_opt_nbti_opt_by_weight() {
  return std::make_unique<PvOptNbtiOptByWeight>();
}

}  // namespace rfvar::technique
