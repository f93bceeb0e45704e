#include "arch/run.h"

#include "arch/gpu.h"
#include "arch/sm/sm.h"
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

GpuRunResult run_technique_gpu(const IWorkload& wl, const ArchParams& p, const rfmodel::RfParams& rp,
                               const std::string& technique, const std::vector<const varius::SmDelays*>& sms,
                               const varius::RfGeometry& g, std::uint64_t key, Progress* progress,
                               const std::string& scheduler) {
  if (sms.size() != static_cast<std::size_t>(p.gpu_sms))
    throw std::invalid_argument("run_technique_gpu: " + std::to_string(sms.size()) +
                                " SM delay sets for arch.gpu_sms = " + std::to_string(p.gpu_sms));
  const TechniqueSpec& t = find_technique(technique);
  std::vector<std::unique_ptr<IRfProvider>> providers;
  std::vector<IRfProvider*> ptrs;
  std::vector<std::unique_ptr<IRegisterMapping>> mappings;
  for (const varius::SmDelays* d : sms) {
    providers.push_back(make_rf_provider(t, d, g, rp));
    ptrs.push_back(providers.back().get());
    auto m = make_mapping(t.mapping);
    if (t.renaming) m = with_renaming(std::move(m), t.renaming_by_weight);
    mappings.push_back(std::move(m));
  }
  Gpu gpu(p, scheduler.empty() ? t.scheduler : scheduler, std::move(mappings), std::move(ptrs), key);
  for (std::size_t i = 0; i < wl.benchmark().launches.size(); ++i) {
    gpu.run_launch(wl, static_cast<int>(i));
    if (progress) progress->tick();
  }
  gpu.finish();
  GpuRunResult r;
  r.stats = gpu.total();
  r.last_setup = gpu.sm(0).setup();
  for (int i = 0; i < gpu.sms(); ++i) {
    r.per_sm.push_back(gpu.sm(i).stats());
    r.clock_norm.push_back(gpu.sm(i).setup().clock_norm);
  }
  if (gpu.l2()) r.l2_tag_hits = gpu.l2()->tag_hits, r.l2_tag_misses = gpu.l2()->tag_misses;
  return r;
}

}  // namespace rfvar::arch
