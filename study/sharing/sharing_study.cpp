#include "study/sharing/sharing_study.h"

#include <algorithm>
#include <string>

#include "arch/core/occupancy.h"
#include "frontend/load_workload.h"
#include "technique/registry.h"
#include "technique/simulate.h"
#include "common/rng.h"

namespace rfvar::study {

std::vector<std::string> default_sharing_workloads() {
  return {"ptx:mm128-naive", "ptx:mm128-tiled", "ptx:cifarnet", "ptx:alexnet"};
}

void check_sharing_study_options(const SharingStudyOptions& o) {
  if (o.table_entries < 1)
    throw InputError("--table-entries " + std::to_string(o.table_entries) +
                     ": the finite address mapping table needs at least 1 entry (accepted: 1..1048576; the "
                     "unlimited table is always run)");
  if (o.table_entries > (1 << 20))
    throw InputError("--table-entries " + std::to_string(o.table_entries) + ": accepted 1..1048576");
  if (o.workloads.empty()) throw InputError("--workloads: no workload given");
}

namespace {

arch::ArchParams config_params(arch::ArchParams p, int config, int table_entries) {
  p.sharing.virtual_rf = config > 0;
  p.sharing.mode = config == 4 ? arch::SharingMode::Partial : config >= 2 ? arch::SharingMode::Perfect : arch::SharingMode::Off;
  p.sharing.table_entries = config >= 3 ? table_entries : 0;
  return p;
}

SharingRun run_of(const arch::LaunchStats& k) {
  SharingRun r;
  r.cycles = k.cycles;
  r.warp_instructions = k.warp_instructions;
  r.peak_registers = k.vrf_peak_regs;
  r.mean_registers = k.cycles ? k.vrf_reg_cycles / static_cast<double>(k.cycles) : 0.0;
  r.peak_blocks = k.vrf_peak_blocks;
  r.global_loads = k.share_global_loads;
  r.hits = k.share_hits;
  r.partial_hits = k.share_partial_hits;
  return r;
}

}  // namespace

SharingStudyResult run_sharing_study(const SharingStudyOptions& o, const arch::ArchParams& p,
                                     const rfmodel::RfParams& rp, const varius::RfGeometry& g, std::uint64_t seed,
                                     Progress* progress) {
  check_sharing_study_options(o);
  SharingStudyResult res;
  res.options = o;
  const auto tech = technique::make_ipc_technique("baseline");
  const std::uint64_t key = arch::workload_key(RngStream(seed, 0, Stream::Workload));
  for (const std::string& spec : o.workloads) {
    // With keys (sharing on) so that the sharing runs can look them up; the others ignore them.
    const auto wl = arch::load_workload(spec, config_params(p, 2, 0), seed, "");
    const arch::Benchmark& b = wl->benchmark();
    const std::size_t first = res.launches.size();
    for (std::size_t i = 0; i < b.launches.size(); ++i) {
      const arch::Kernel& k = b.kernels[static_cast<std::size_t>(b.launches[i].kernel)];
      res.launches.push_back({spec, k.name, static_cast<int>(i), arch::max_blocks_per_sm(k, p), k.regs_per_thread, {}});
    }
    std::array<SharingRun, kSharingConfigs> total{};
    for (int c = 0; c < kSharingConfigs; ++c) {
      const arch::ArchParams pc = config_params(p, c, o.table_entries);
      const std::vector<const varius::SmDelays*> sms(static_cast<std::size_t>(pc.gpu_sms), nullptr);
      const arch::GpuRunResult r = technique::run_technique(*tech, *wl, pc, rp, sms, g, key, nullptr, o.scheduler);
      SharingRun& t = total[static_cast<std::size_t>(c)];
      double reg_cycles = 0.0;
      for (std::size_t i = 0; i < r.per_launch.size(); ++i) {
        const SharingRun one = run_of(r.per_launch[i]);
        res.launches[first + i].run[static_cast<std::size_t>(c)] = one;
        t.cycles += one.cycles, t.warp_instructions += one.warp_instructions;
        t.peak_registers = std::max(t.peak_registers, one.peak_registers);
        t.peak_blocks = std::max(t.peak_blocks, one.peak_blocks);
        t.global_loads += one.global_loads, t.hits += one.hits, t.partial_hits += one.partial_hits;
        reg_cycles += r.per_launch[i].vrf_reg_cycles;
      }
      t.mean_registers = t.cycles ? reg_cycles / static_cast<double>(t.cycles) : 0.0;
      if (progress) progress->tick();
    }
    res.workloads.push_back(spec);
    res.totals.push_back(total);
  }
  return res;
}

}  // namespace rfvar::study
