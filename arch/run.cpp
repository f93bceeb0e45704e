#include "arch/run.h"

#include "arch/sm.h"
#include "arch/workload/kernel_workload.h"

namespace rfvar::arch {

std::uint64_t workload_key(const RngStream& workload) {
  const auto blk = workload.block(0);
  return (static_cast<std::uint64_t>(blk[0]) << 32) | blk[1];
}

RunResult run_workload(const IWorkload& wl, const ArchParams& p, const std::string& scheduler,
                       std::unique_ptr<IRegisterMapping> mapping, IRfProvider& rf, std::uint64_t key,
                       IOperandPath* path, Progress* progress) {
  Sm sm(p, scheduler, std::move(mapping), rf, key, path);
  for (std::size_t i = 0; i < wl.benchmark().launches.size(); ++i) {
    sm.run_launch(wl, static_cast<int>(i));
    if (progress) progress->tick();
  }
  return {sm.stats(), sm.setup()};
}

RunResult run_benchmark(const Benchmark& b, const ArchParams& p, const std::string& scheduler,
                        std::unique_ptr<IRegisterMapping> mapping, IRfProvider& rf, const RngStream& workload,
                        IOperandPath* path, Progress* progress) {
  const std::uint64_t key = workload_key(workload);
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  return run_workload(wl, p, scheduler, std::move(mapping), rf, key, path, progress);
}

RunResult run_technique(const IWorkload& wl, const ArchParams& p, const rfmodel::RfParams& rp,
                        const std::string& technique, const varius::SmDelays* sm, const varius::RfGeometry& g,
                        std::uint64_t key, Progress* progress, const std::string& scheduler) {
  const TechniqueSpec& t = find_technique(technique);
  auto provider = make_rf_provider(t, sm, g, rp);
  auto mapping = make_mapping(t.mapping);
  if (t.renaming) mapping = with_renaming(std::move(mapping), t.renaming_by_weight);
  return run_workload(wl, p, scheduler.empty() ? t.scheduler : scheduler, std::move(mapping), *provider, key, nullptr,
                      progress);
}

RunResult run_technique(const Benchmark& b, const ArchParams& p, const rfmodel::RfParams& rp,
                        const std::string& technique, const varius::SmDelays* sm, const varius::RfGeometry& g,
                        const RngStream& workload, Progress* progress, const std::string& scheduler) {
  const std::uint64_t key = workload_key(workload);
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  return run_technique(wl, p, rp, technique, sm, g, key, progress, scheduler);
}

}  // namespace rfvar::arch
