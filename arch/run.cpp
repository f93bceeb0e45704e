#include "arch/run.h"

#include "common/counters.h"
#include "arch/gpu.h"
#include "arch/sm/sm.h"
#include "workload/kernel_workload.h"

namespace rfvar::arch {
namespace {

// The SMs' counters after a launch minus `before` (the same counters after the previous launch).
LaunchStats launch_delta(const std::vector<const SmStats*>& sms, std::vector<std::uint64_t>& cycles_before,
                         LaunchStats& sum_before) {
  LaunchStats now, d;
  for (std::size_t i = 0; i < sms.size(); ++i) {
    const SmStats& s = *sms[i];
    d.cycles = std::max(d.cycles, s.cycles - cycles_before[i]);
    cycles_before[i] = s.cycles;
    add_tied(LaunchStats::summed(now), LaunchStats::summed(s));
    d.vrf_peak_regs = std::max(d.vrf_peak_regs, s.vrf_launch_peak_regs);
    d.vrf_peak_blocks = std::max(d.vrf_peak_blocks, s.vrf_launch_peak_blocks);
  }
  subtract_tied(LaunchStats::summed(d), LaunchStats::summed(now), LaunchStats::summed(sum_before));
  sum_before = now;
  return d;
}

}  // namespace

std::uint64_t workload_key(const RngStream& workload) {
  const auto blk = workload.block(0);
  return (static_cast<std::uint64_t>(blk[0]) << 32) | blk[1];
}

RunResult run_workload(const IWorkload& wl, const ArchParams& p, const std::string& scheduler,
                       std::unique_ptr<IRegisterMapping> mapping, IRfProvider& rf, std::uint64_t key,
                       IOperandPath* path, Progress* progress) {
  Sm sm(p, scheduler, std::move(mapping), rf, key, path);
  std::vector<LaunchStats> per_launch;
  std::vector<std::uint64_t> cycles_before(1, 0);
  LaunchStats sum_before;
  for (std::size_t i = 0; i < wl.benchmark().launches.size(); ++i) {
    sm.run_launch(wl, static_cast<int>(i));
    per_launch.push_back(launch_delta({&sm.stats()}, cycles_before, sum_before));
    if (progress) progress->tick();
  }
  return {sm.stats(), sm.setup(), std::move(per_launch)};
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
  std::vector<const SmStats*> sms;
  for (int i = 0; i < gpu.sms(); ++i) sms.push_back(&gpu.sm(i).stats());
  std::vector<std::uint64_t> cycles_before(sms.size(), 0);
  LaunchStats sum_before;
  for (std::size_t i = 0; i < wl.benchmark().launches.size(); ++i) {
    gpu.run_launch(wl, static_cast<int>(i));
    r.per_launch.push_back(launch_delta(sms, cycles_before, sum_before));
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
