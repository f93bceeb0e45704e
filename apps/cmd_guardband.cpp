// `rfvar guardband --chips chips.h5`: the clock guardband each technique needs after NBTI aging,
// per kernel, for baseline, pv-opt and pv-opt+nbti-opt (Tan 2016 Fig. 12; spec §3), normalized to
// the baseline's. No model logic here: study/aging/ runs the study and its statistics; this file
// parses options, reads chips in batches, writes HDF5 and reports.
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/study_inputs.h"
#include "common/h5io.h"
#include "study/aging/population_study.h"
#include "study/aging/study_summary.h"

namespace rfvar::apps {

namespace {

struct GuardbandOptions {
  StudyOptions study = StudyOptions::for_figure(12);  // Tan 2016 Fig. 12
};

void run(CommonOptions& o, const GuardbandOptions& go) {
  // Validate everything before reading chips or writing anything.
  const StudyInputs in = load_study_inputs(o, go.study);
  const ChipsFileInfo& info = in.chips->info();
  const study::StudyConfig& cfg = in.study;
  const std::vector<std::string>& names = in.kernel_names;
  const Config& config = in.config;
  o.apply_threads();
  auto out = std::make_unique<H5Writer>(o.output);  // checks the output directory first
  const auto study_ptr = run_study(o, in, "guardband");
  const study::PopulationStudy& study = *study_ptr;
  const auto sum = study::summarize_study(study, false);

  const auto C = static_cast<std::uint64_t>(info.chips), K = static_cast<std::uint64_t>(names.size());
  out->provenance("guardband", info.seed, config, o.command_line);
  out->attr("/", "chips_file", go.study.chips_file);
  out->attr("/", "years", cfg.life.years);
  out->attr("/", "epochs", static_cast<std::int64_t>(cfg.life.epochs));
  write_sms_simulated(*out, study, info.sms);
  out->write("/chip_id", info.chip_ids, {C}, {"chip"});
  out->write_strings("/kernels", names);
  out->write_strings("/techniques", cfg.techniques);
  for (std::size_t t = 0; t < cfg.techniques.size(); ++t) {
    const auto& r = study.rows(t);
    const auto& s = sum[t];
    const std::string g = "/guardband/" + cfg.techniques[t];
    write_technique_rows(*out, g, r, info, study.sms(), names.size());
    out->write(g + "/kernel_guardband", s.kernel_gb, {K}, {"kernel"}, "1 (mean over chips and SMs)");
    out->attr(g, "mean", s.mean_gb);
    out->attr(g, "mean_normalized", s.gb_normalized);
  }
  out->commit();

  if (o.json) {
    nlohmann::json j;
    if (study.gpu_sms() > 1) j["gpu_sms"] = study.gpu_sms();
    for (const auto& s : sum) {
      nlohmann::json pk;
      for (std::size_t k = 0; k < names.size(); ++k) pk[names[k]] = s.kernel_gb[k];
      j["techniques"][s.name] = {
          {"per_kernel", pk}, {"mean", s.mean_gb}, {"mean_normalized", s.gb_normalized}};
    }
    print_json(j);
    return;
  }
  std::printf("%d chips x %d SMs from %s, %.3g years in %d epochs; guardband = 1 - f_aged / f_fresh\n",
              info.chips, study.sms(), go.study.chips_file.c_str(), cfg.life.years, cfg.life.epochs);
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
  auto go = std::make_shared<GuardbandOptions>();
  CLI::App* sub = app.add_subcommand(
      "guardband",
      "Clock guardband after NBTI aging (Tan 2016 Fig. 12): per kernel and technique,\n"
      "GB = 1 - f_aged / f_fresh, the frequency a chip gives up so that the technique's fast set\n"
      "stays fast after --years of running the kernel; mean over chips and SMs, and normalized to\n"
      "the baseline's. pv-opt+nbti-opt renames banks and re-organizes sub-banks from the NBTI sensors.\n"
      "With --set arch.gpu_sms=N, SMs 0..N-1 of each chip age together on one N-SM GPU sharing the L2\n"
      "and DRAM, each under its own plan (rows for those N SMs).");
  add_study_options(sub, go->study);
  add_common_options(sub, o, "guardband.h5");
  sub->callback([&o, go] { run(o, *go); });
}

}  // namespace rfvar::apps
