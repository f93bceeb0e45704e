// pv-opt+nbti-opt: PV-opt + NBTI-opt (Tan 2016 §4.2): block-level bank renaming and kernel-level
// re-organization from the NBTI sensors at every epoch's kernel launches; its guardband covers the
// fast virtual banks of the sensors' re-organization at end of life.
#include "technique/families.h"
#include "technique/technique.h"

namespace rfvar::technique {

namespace {
class PvOptNbtiOpt final : public ITechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return pv_opt_policy(true); }
  const AgingHooks& aging() const override { return aging_; }

 private:
  Info info_{"pv-opt+nbti-opt",
             "PV-opt + block-level renaming + kernel-level re-organization",
             "Tan 2016 §4.2",
             bit(Role::aging),
             {12, 13}};
  AgingHooks aging_{FreshPlan::bank_table_renaming, Sensing::reorganize, fast_banks_rule(true)};
};
}  // namespace

std::unique_ptr<ITechnique> make_pv_opt_nbti_opt() { return std::make_unique<PvOptNbtiOpt>(); }

}  // namespace rfvar::technique
