// pv-opt+nbti-opt: PV-opt + NBTI-opt (Tan 2016 §4.2): block-level bank renaming and kernel-level
// re-organization from the NBTI sensors at every epoch's kernel launches; its guardband covers the
// fast virtual banks of the sensors' re-organization at end of life.
#include "technique/parts/pv_opt_parts.h"
#include "technique/aging_technique.h"

namespace rfvar::technique {

namespace {
class PvOptNbtiOpt final : public IAgingTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return pv_opt_policy(Renaming::tan); }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"pv-opt+nbti-opt",
             "PV-opt + block-level renaming + kernel-level re-organization",
             "Tan 2016 §4.2",
             {12, 13}};
  AgingHooks aging_{FreshPlan::bank_table_renaming, Sensing::reorganize, fast_banks_rule(FastBanksAt::reorganization)};
};
}  // namespace

std::unique_ptr<ITechnique> make_pv_opt_nbti_opt() { return std::make_unique<PvOptNbtiOpt>(); }

}  // namespace rfvar::technique
