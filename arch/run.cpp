#include "arch/run.h"

#include "arch/gpu.h"
#include "arch/sm/sm.h"
#include "workload/kernel_workload.h"

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

GpuRunResult run_sms(const IWorkload& wl, const ArchParams& p, const SmPolicy& policy, std::span<IRfProvider* const> rf,
                     std::uint64_t key, Progress* progress) {
  if (rf.size() != static_cast<std::size_t>(p.gpu_sms))
    throw std::invalid_argument("run_sms: " + std::to_string(rf.size()) + " register-file providers for arch.gpu_sms = " +
                                std::to_string(p.gpu_sms));
  GpuRunResult r;
  if (p.gpu_sms == 1) {
    static_cast<RunResult&>(r) =
        run_workload(wl, p, policy.scheduler, make_policy_mapping(policy), *rf[0], key, nullptr, progress);
    return r;
  }
  std::vector<std::unique_ptr<IRegisterMapping>> mappings;
  for (std::size_t i = 0; i < rf.size(); ++i) mappings.push_back(make_policy_mapping(policy));
  Gpu gpu(p, policy.scheduler, std::move(mappings), std::vector<IRfProvider*>(rf.begin(), rf.end()), key);
  for (std::size_t i = 0; i < wl.benchmark().launches.size(); ++i) {
    gpu.run_launch(wl, static_cast<int>(i));
    if (progress) progress->tick();
  }
  gpu.finish();
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
