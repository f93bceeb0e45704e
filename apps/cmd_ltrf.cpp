// `rfvar ltrf`: the register-file hierarchy study (issue 6; LTRF Fig. 9 and Fig. 11): IPC of BL,
// RFC, LTRF, LTRF+, SHRF-like and Ideal per kernel normalized to the baseline, and each design's
// maximum tolerable main-RF latency. No model logic here: the ltrf stage (stages/ltrf_stage.h)
// declares the options, runs study/ltrf/ltrf_study.h and writes the HDF5; this file wires and prints.
#include <cmath>
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/ltrf_stage.h"

namespace rfvar::apps {

namespace {

struct LtrfOptions {
  stages::LtrfStage::Options stage;
  std::string output;
};

void run(CommonOptions& o, const LtrfOptions& lo) {
  const auto result = run_stage<stages::LtrfStage>(o, lo.stage, lo.output);
  if (!result) return;
  const stages::LtrfStage::Result& res = *result;
  const study::LtrfStudyResult& r = res.r;
  const double secs = res.seconds;
  std::printf("IPC at main-RF design #%d (%.2gx capacity, %.3gx latency) normalized to BL on #1 with the RFC's storage "
              "(%.3gx capacity), LTRF Fig. 9; * = register-sensitive (LTRF §5)\n",
              r.config.id, r.config.capacity_multiple, r.config.latency_rel, r.normalizer_capacity);
  std::printf("%-10s %8s", "kernel", "BL IPC");
  for (const auto& d : r.designs) std::printf(" %8s", d.name.c_str());
  std::printf("\n");
  for (std::size_t k = 0; k < r.kernels.size(); ++k) {
    std::printf("%-10s %8.3f", (r.kernels[k] + (r.register_sensitive[k] ? "*" : "")).c_str(), r.normalizer_ipc[k]);
    for (const auto& d : r.designs) std::printf(" %8.3f", d.per_kernel[k].norm_ipc);
    std::printf("\n");
  }
  std::printf("%-10s %8s", "mean", "");
  for (const auto& d : r.designs) std::printf(" %8.3f", d.mean_norm_ipc);
  std::printf("\n\nMaximum tolerable main-RF latency (x), at most %.0f %% IPC loss vs the design at 1x (LTRF Fig. 11; "
              "'+' = no loss within the sweep)\n%-10s %8s", 100 * res.max_loss, "kernel", "");
  for (const auto& d : r.designs) std::printf(" %8s", d.name.c_str());
  std::printf("\n");
  for (std::size_t k = 0; k < r.kernels.size(); ++k) {
    std::printf("%-10s %8s", (r.kernels[k] + (r.register_sensitive[k] ? "*" : "")).c_str(), "");
    for (const auto& d : r.designs) {
      const auto& x = d.per_kernel[k];
      if (std::isnan(x.max_tolerable_latency)) std::printf(" %8s", "-");
      else std::printf(" %7.2f%s", x.max_tolerable_latency, x.capped ? "+" : " ");
    }
    std::printf("\n");
  }
  std::printf("%-10s %8s", "mean", "");
  for (const auto& d : r.designs) {
    if (std::isnan(d.max_tolerable_latency)) std::printf(" %8s", "-");
    else std::printf(" %8.2f", d.max_tolerable_latency);
  }
  std::printf("\n\nTwo-level scheduler, %d active warps per scheduler unit: BL IPC / BL IPC with every warp active = %.4f (mean)\n",
              res.active_warps, r.mean_two_level_ratio);
  std::printf("%zu runs in %.1f s\n", r.runs, secs);
  if (!lo.output.empty()) std::printf("wrote %s\n", lo.output.c_str());
}

}  // namespace

void register_ltrf(CLI::App& app, CommonOptions& o) {
  auto lo = std::make_shared<LtrfOptions>();
  CLI::App* sub = app.add_subcommand(
      "ltrf",
      "Register-file hierarchy study (LTRF 2018 Fig. 9 / Fig. 11; RFC and two-level of Gebhart 2011):\n"
      "IPC of each design per kernel at main-RF design --config-id of LTRF Table 2, normalized to the\n"
      "baseline on design #1 with the RFC's storage added, and each design's maximum tolerable main-RF\n"
      "latency over --latency-sweep (design #1's capacity).");
  add_stage_options(sub, lo->stage, stages::LtrfStage::options());
  add_common_options(sub, o, "");
  sub->add_option("--trace-cache", lo->stage.trace_cache, kTraceCacheHelp);
  sub->add_option("-o,--output", lo->output, "Also write the results to this HDF5 file (atomically; docs/hdf5.md \"ltrf\")");
  sub->callback([&o, lo] { run(o, *lo); });
}

}  // namespace rfvar::apps
