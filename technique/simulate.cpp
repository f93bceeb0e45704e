#include "technique/simulate.h"

namespace rfvar::technique {

arch::GpuRunResult run_technique(const IIpcTechnique& t, const arch::IWorkload& wl, const arch::ArchParams& p,
                                 const rfmodel::RfParams& rp, std::span<const varius::SmDelays* const> sms,
                                 const varius::RfGeometry& g, std::uint64_t key, Progress* progress,
                                 const std::string& scheduler) {
  arch::SmPolicy policy = t.policy();
  if (!scheduler.empty()) policy.scheduler = scheduler;
  std::vector<std::unique_ptr<arch::IRfProvider>> providers;
  std::vector<arch::IRfProvider*> ptrs;
  for (const varius::SmDelays* d : sms) {
    providers.push_back(t.rf_provider(d, g, rp));
    ptrs.push_back(providers.back().get());
  }
  return arch::run_sms(wl, p, policy, ptrs, key, progress);
}

}  // namespace rfvar::technique
