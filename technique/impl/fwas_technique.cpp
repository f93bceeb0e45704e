// fwas: VL-SB + RF-BRO with fast-warp aware scheduling (Tan 2016 §3.3.3): warps whose operands sit in
// fast banks issue first.
#include "technique/parts/pv_opt_parts.h"
#include "technique/ipc_technique.h"

namespace rfvar::technique {

namespace {
class Fwas final : public IIpcTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return {.mapping = "eq3", .scheduler = "fwas"}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays* sm, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return rf_bro_rf(sm, g, p);
  }

 private:
  Info info_{"fwas", "VL-SB+RF-BRO + fast-warp aware scheduling", "Tan 2016 §3.3.3", {11}};
};
}  // namespace

std::unique_ptr<ITechnique> make_fwas() { return std::make_unique<Fwas>(); }

}  // namespace rfvar::technique
