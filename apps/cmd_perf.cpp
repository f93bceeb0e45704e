// `rfvar perf --chips chips.h5`: overall performance (IPC x frequency normalized to the ideal chip)
// per chip after NBTI aging, for baseline, vl-rf, pv-opt and pv-opt+nbti-opt (Tan 2016 Fig. 13).
// No model logic here: study/aging/ runs the study (population_study.h) and its statistics
// (study_summary.h); this file parses options, reads chips in batches, writes HDF5 and reports.
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/study_inputs.h"
#include "common/h5io.h"
#include "study/aging/population_study.h"
#include "study/aging/study_summary.h"
#include "study/freq/freq_stats.h"

namespace rfvar::apps {

namespace {

constexpr int kHistBins = 150;  // normalized performance histogram: 0.01 bins over [0, 1.5)
constexpr double kHistLo = 0.0, kHistHi = 1.5;

struct PerfOptions {
  StudyOptions study = StudyOptions::for_figure(13);  // Tan 2016 Fig. 13
  bool single_clock = false;
};

void run(CommonOptions& o, const PerfOptions& po) {
  // Validate everything before reading chips or writing anything.
  const StudyInputs in = load_study_inputs(o, po.study);
  const ChipsFileInfo& info = in.chips->info();
  const study::StudyConfig& cfg = in.study;
  const std::vector<std::string>& names = in.kernel_names;
  const Config& config = in.config;
  o.apply_threads();
  auto out = std::make_unique<H5Writer>(o.output);  // checks the output directory first
  const auto study_ptr = run_study(o, in, "perf");
  const study::PopulationStudy& study = *study_ptr;
  const auto sum = study::summarize_study(study, po.single_clock);

  // HDF5: per chip, SM and kernel; per chip; distributions.
  const auto C = static_cast<std::uint64_t>(info.chips), K = static_cast<std::uint64_t>(names.size());
  out->provenance("perf", info.seed, config, o.command_line);
  out->attr("/", "chips_file", po.study.chips_file);
  out->attr("/", "years", cfg.life.years);
  out->attr("/", "epochs", static_cast<std::int64_t>(cfg.life.epochs));
  out->attr("/", "chip_freq_rule", std::string(po.single_clock ? "min over SMs" : "mean over SMs"));
  write_sms_simulated(*out, study, info.sms);
  out->attr("/", "cache_hits", static_cast<std::int64_t>(study.cache_hits()));
  out->attr("/", "cache_misses", static_cast<std::int64_t>(study.cache_misses()));
  out->write("/chip_id", info.chip_ids, {C}, {"chip"});
  out->write_strings("/kernels", names);
  out->write_strings("/techniques", cfg.techniques);
  out->write("/ideal_ipc", study.ideal_ipc(), {K}, {"kernel"}, "warp instructions / cycle");
  std::vector<double> edges;
  for (int i = 0; i <= kHistBins; ++i) edges.push_back(kHistLo + (kHistHi - kHistLo) * i / kHistBins);
  for (std::size_t t = 0; t < cfg.techniques.size(); ++t) {
    const auto& r = study.rows(t);
    const auto& s = sum[t];
    const std::string g = "/perf/" + cfg.techniques[t];
    write_technique_rows(*out, g, r, info, study.sms(), names.size());
    out->write(g + "/chip_perf", s.chip_perf, {C}, {"chip"}, "1 (IPC x frequency / ideal chip)");
    out->write(g + "/chip_ipc", s.chip_ipc, {C}, {"chip"}, "1 (normalized to the ideal chip)");
    out->write(g + "/chip_freq", s.chip_freq, {C}, {"chip"}, "1 (normalized to no PV)");
    out->write(g + "/kernel_perf", s.kernel_perf, {K}, {"kernel"}, "1");
    out->write(g + "/kernel_ipc", s.kernel_ipc, {K}, {"kernel"}, "1");
    const auto d = study::summarize(s.chip_perf, kHistBins, kHistLo, kHistHi);
    out->write(g + "/hist_counts", d.counts, {static_cast<std::uint64_t>(kHistBins)}, {"bin"});
    out->write(g + "/hist_edges", edges, {static_cast<std::uint64_t>(kHistBins + 1)}, {"edge"}, "1");
    out->attr(g, "mean", s.mean_perf);
    out->attr(g, "std", s.std_perf);
    out->attr(g, "mean_ipc", s.mean_ipc);
    out->attr(g, "mean_freq", s.mean_freq);
  }
  out->commit();

  double base = 0.0;
  for (const auto& s : sum)
    if (s.name == "baseline") base = s.mean_perf;
  if (o.json) {
    nlohmann::json j;
    if (study.gpu_sms() > 1) j["gpu_sms"] = study.gpu_sms();
    for (const auto& s : sum)
      j["techniques"][s.name] = {
          {"mean", s.mean_perf}, {"std", s.std_perf}, {"mean_ipc", s.mean_ipc}, {"mean_freq", s.mean_freq}};
    print_json(j);
    return;
  }
  std::printf("%d chips x %d SMs from %s, %zu kernels, %.3g years in %d epochs\n", info.chips, study.sms(),
              po.study.chips_file.c_str(), names.size(), cfg.life.years, cfg.life.epochs);
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
  auto po = std::make_shared<PerfOptions>();
  CLI::App* sub = app.add_subcommand(
      "perf",
      "Overall performance after NBTI aging (Tan 2016 Fig. 13): per chip the mean over kernels of\n"
      "IPC x frequency, normalized to the ideal chip (no PV, no NBTI). Frequency is each SM's fresh\n"
      "clock under the technique times (1 - its guardband after --years); a chip's frequency is the\n"
      "mean over its SMs. Every SM is aged; every SM is simulated except for vl-rf (SM 0 of each chip\n"
      "stands for its chip); identical SM runs are reused. With --set arch.gpu_sms=N, SMs 0..N-1 of each\n"
      "chip age together on one N-SM GPU sharing the L2 and DRAM, each under its own plan (rows for\n"
      "those N SMs; the ideal chip is the N-SM GPU without PV).");
  add_study_options(sub, po->study);
  sub->add_flag("--single-clock", po->single_clock, "Chip frequency = slowest SM (default: mean over SMs)");
  add_common_options(sub, o, "perf.h5");
  sub->callback([&o, po] { run(o, *po); });
}

}  // namespace rfvar::apps
