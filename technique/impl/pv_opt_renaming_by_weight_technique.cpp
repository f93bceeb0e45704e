// pv-opt+renaming-by-weight: a counterfactual, not Tan's: pv-opt+renaming with the banks visited by
// the block's static register weight in them, heaviest first (arch/mapping with_renaming()).
#include "technique/parts/pv_opt_parts.h"
#include "technique/ipc_technique.h"

namespace rfvar::technique {

namespace {
class PvOptRenamingByWeight final : public IIpcTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return pv_opt_policy(Renaming::by_weight); }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return pv_opt_rf(sm, g, p, RenamingTable::handed);
  }

 private:
  Info info_{"pv-opt+renaming-by-weight",
             "counterfactual (not Tan): renaming visits banks by the block's register weight",
             "counterfactual of Tan 2016 §4.2.1",
             {}};
};
}  // namespace

std::unique_ptr<ITechnique> make_pv_opt_renaming_by_weight() {
  return std::make_unique<PvOptRenamingByWeight>();
}

}  // namespace rfvar::technique
