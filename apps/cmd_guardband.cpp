// `rfvar guardband --chips chips.h5`: the clock guardband each technique needs after NBTI aging,
// per kernel, for baseline, pv-opt and pv-opt+nbti-opt (Tan 2016 Fig. 12; docs/models.md#nbti), normalized to
// the baseline's. No model logic here: the guardband stage (stages/aging_stages.h) declares the
// options, runs the study and writes the HDF5; this file wires the options and prints the table.
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/aging_stages.h"

namespace rfvar::apps {

namespace {

void run(CommonOptions& o, const stages::GuardbandStage::Options& go) {
  const auto result = run_stage<stages::GuardbandStage>(o, go, o.output);
  if (!result) return;
  const stages::GuardbandStage::Result& r = *result;
  const study::PopulationStudy& study = *r.study;
  const auto& sum = r.summary;
  const std::vector<std::string>& names = r.kernels;
  std::printf("%d chips x %d SMs from %s, %.3g years in %d epochs; guardband = 1 - f_aged / f_fresh\n",
              r.chips, study.sms(), r.chips_file.c_str(), r.years, r.epochs);
  std::printf("%-18s", "kernel");
  for (const auto& s : sum) std::printf(" %16s", s.name.c_str());
  std::printf("\n");
  for (std::size_t k = 0; k < names.size(); ++k) {
    std::printf("%-18s", names[k].c_str());
    for (const auto& s : sum) std::printf(" %15.2f%%", 100.0 * s.kernel_gb[k]);
    std::printf("\n");
  }
  std::printf("%-18s", "mean");
  for (const auto& s : sum) std::printf(" %15.2f%%", 100.0 * s.mean_gb);
  std::printf("\n%-18s", "vs baseline");
  for (const auto& s : sum) std::printf(" %16.3f", s.gb_normalized);
  std::printf("\nwrote %s\n", o.output.c_str());
}

}  // namespace

void register_guardband(CLI::App& app, CommonOptions& o) {
  auto go = std::make_shared<stages::GuardbandStage::Options>();
  CLI::App* sub = app.add_subcommand(
      "guardband",
      "Clock guardband after NBTI aging (Tan 2016 Fig. 12): per kernel and technique,\n"
      "GB = 1 - f_aged / f_fresh, the frequency a chip gives up so that the technique's fast set\n"
      "stays fast after --years of running the kernel; mean over chips and SMs, and normalized to\n"
      "the baseline's. pv-opt+nbti-opt renames banks and re-organizes sub-banks from the NBTI sensors.\n"
      "With --set arch.gpu_sms=N, SMs 0..N-1 of each chip age together on one N-SM GPU sharing the L2\n"
      "and DRAM, each under its own plan (rows for those N SMs).");
  add_stage_options(sub, *go, stages::GuardbandStage::options());
  add_common_options(sub, o, "guardband.h5");
  sub->callback([&o, go] { run(o, *go); });
}

}  // namespace rfvar::apps
