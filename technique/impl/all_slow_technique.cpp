// all-slow: every register access slow (slow_access_cycles, keeping its bank busy that long) at
// clock 1 with the identity organization: the cycle model's bound on any slow-bank technique's IPC
// loss (Tan 2016 §6.1.1: under VL-RF "almost all register vector accesses take two cycles"). Like
// the ipc baseline it ignores the chip.
#include "technique/ipc_technique.h"

namespace rfvar::technique {

namespace {
class AllSlow final : public IIpcTechnique {
 public:
  const Info& info() const override { return info_; }
  arch::SmPolicy policy() const override { return {}; }
  std::unique_ptr<arch::IRfProvider> rf_provider(const varius::SmDelays*, const varius::RfGeometry& g,
                                                 const rfmodel::RfParams& p) const override {
    return std::make_unique<arch::StaticRfProvider>(
        rfmodel::RfSetup::all_slow(p.slow_access_cycles, g.banks, g.rows_per_bank, p.subbanks));
  }

 private:
  Info info_{
      "all-slow",
      "every access slow (2 cycles, no PV clock): the model's bound on any slow-bank technique's IPC loss",
      "Tan 2016 §6.1.1",
      {}};
};
}  // namespace

std::unique_ptr<ITechnique> make_all_slow() { return std::make_unique<AllSlow>(); }

}  // namespace rfvar::technique
