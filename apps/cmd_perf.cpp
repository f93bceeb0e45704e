// `rfvar perf --chips chips.h5`: overall performance (IPC x frequency normalized to the ideal chip)
// per chip after NBTI aging, for baseline, vl-rf, pv-opt and pv-opt+nbti-opt (Tan 2016 Fig. 13).
// No model logic here: the perf stage (stages/aging_stages.h) declares the options, runs the
// study and writes the HDF5; this file wires the options and prints the table.
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/aging_stages.h"

namespace rfvar::apps {

namespace {

void run(CommonOptions& o, const stages::PerfStage::Options& po) {
  const auto result = run_stage<stages::PerfStage>(o, po, o.output);
  if (!result) return;
  const stages::PerfStage::Result& r = *result;
  const study::PopulationStudy& study = *r.study;
  const auto& sum = r.summary;
  const std::vector<std::string>& names = r.kernels;
  double base = 0.0;
  for (const auto& s : sum)
    if (s.name == "baseline") base = s.mean_perf;
  std::printf("%d chips x %d SMs from %s, %zu kernels, %.3g years in %d epochs\n", r.chips, study.sms(),
              r.chips_file.c_str(), names.size(), r.years, r.epochs);
  std::printf("%-18s %9s %8s %9s %9s %9s\n", "technique", "perf", "std", "ipc", "freq", "vs base");
  for (const auto& s : sum)
    std::printf("%-18s %9.4f %8.4f %9.4f %9.4f %+8.1f%%\n", s.name.c_str(), s.mean_perf, s.std_perf,
                s.mean_ipc, s.mean_freq, base > 0.0 ? 100.0 * (s.mean_perf / base - 1.0) : 0.0);
  std::printf("per kernel (perf normalized to the ideal chip):\n%-18s", "technique");
  for (const auto& n : names) std::printf(" %7s", n.c_str());
  std::printf("\n");
  for (const auto& s : sum) {
    std::printf("%-18s", s.name.c_str());
    for (const double p : s.kernel_perf) std::printf(" %7.4f", p);
    std::printf("\n");
  }
  std::printf("SM runs: %llu simulated, %llu reused from the cache\nwrote %s\n",
              static_cast<unsigned long long>(study.cache_misses()),
              static_cast<unsigned long long>(study.cache_hits()), o.output.c_str());
}

}  // namespace

void register_perf(CLI::App& app, CommonOptions& o) {
  auto po = std::make_shared<stages::PerfStage::Options>();
  CLI::App* sub = app.add_subcommand(
      "perf",
      "Overall performance after NBTI aging (Tan 2016 Fig. 13): per chip the mean over kernels of\n"
      "IPC x frequency, normalized to the ideal chip (no PV, no NBTI). Frequency is each SM's fresh\n"
      "clock under the technique times (1 - its guardband after --years); a chip's frequency is the\n"
      "mean over its SMs. Every SM is aged; every SM is simulated except for vl-rf (SM 0 of each chip\n"
      "stands for its chip); identical SM runs are reused. With --set arch.gpu_sms=N, SMs 0..N-1 of each\n"
      "chip age together on one N-SM GPU sharing the L2 and DRAM, each under its own plan (rows for\n"
      "those N SMs; the ideal chip is the N-SM GPU without PV).");
  add_stage_options(sub, *po, stages::PerfStage::options());
  add_common_options(sub, o, "perf.h5");
  sub->callback([&o, po] { run(o, *po); });
}

}  // namespace rfvar::apps
