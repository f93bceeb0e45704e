#include "stages/aging_stages.h"

#include "common/h5io.h"
#include "stages/job_log_output.h"
#include "study/freq/freq_stats.h"

namespace rfvar::stages {

namespace {

constexpr int kHistBins = 150;  // normalized performance histogram: 0.01 bins over [0, 1.5)
constexpr double kHistLo = 0.0, kHistHi = 1.5;

const std::vector<std::string> kAgingPrefixes = {"population.", "varius.", "floorplan.", "rfmodel.",
                                                 "arch.",       "ltrf.",   "nbti.",   "sharing."};

// The root attributes both stages' files start with (docs/hdf5.md "guardband", "perf").
void write_aging_root(H5Writer& out, const std::string& stage, const AgingInputs& in, const std::string& chips_file,
                      const StageContext& ctx) {
  out.provenance(stage, in.chips->info().seed, in.config, ctx.command_line);
  out.attr("/", "chips_file", chips_file);
  out.attr("/", "years", in.study.life.years);
  out.attr("/", "epochs", static_cast<std::int64_t>(in.study.life.epochs));
}

// The chip, kernel and technique index datasets of both stages' files.
void write_aging_index(H5Writer& out, const AgingInputs& in) {
  const ChipsFileInfo& info = in.chips->info();
  out.write("/chip_id", info.chip_ids, {static_cast<std::uint64_t>(info.chips)}, {"chip"});
  out.write_strings("/kernels", in.kernel_names);
  out.write_strings("/techniques", in.study.techniques);
}

// The result fields both stages fill alike.
void fill_aging_result(AgingResult& r, const AgingInputs& in, const std::string& chips_file, const StageContext& ctx) {
  r.kernels = in.kernel_names;
  r.chips = in.chips->info().chips;
  r.years = in.study.life.years;
  r.epochs = in.study.life.epochs;
  r.chips_file = chips_file;
  r.output = ctx.output;
}

}  // namespace

StageInfo GuardbandStage::info() { return {"guardband", {"population"}, kAgingPrefixes, true}; }

const std::vector<OptionDecl<GuardbandStage::Options>>& GuardbandStage::options() {
  static const std::vector<OptionDecl<Options>> decls = aging_option_decls(Options{});
  return decls;
}

GuardbandStage::Result GuardbandStage::run(const Options& so, const StageContext& ctx) {
  // Validate everything before reading chips or writing anything.
  const AgingInputs in = load_aging_inputs(so, ctx.config);
  const ChipsFileInfo& info = in.chips->info();
  const study::StudyConfig& cfg = in.study;
  const std::vector<std::string>& names = in.kernel_names;
  auto out = std::make_unique<H5Writer>(ctx.output);  // checks the output directory first
  Result r;
  r.study = run_aging(in, "guardband", ctx.progress, ctx.jobs);
  const study::PopulationStudy& study = *r.study;
  r.summary = study::summarize_study(study, false);
  const auto& sum = r.summary;

  const auto K = static_cast<std::uint64_t>(names.size());
  write_aging_root(*out, "guardband", in, so.chips_file, ctx);
  write_sms_simulated(*out, study, info.sms);
  write_aging_index(*out, in);
  for (std::size_t t = 0; t < cfg.techniques.size(); ++t) {
    const auto& rows = study.rows(t);
    const auto& s = sum[t];
    const std::string g = "/guardband/" + cfg.techniques[t];
    write_technique_rows(*out, g, rows, info, study.sms(), names.size());
    out->write(g + "/kernel_guardband", s.kernel_gb, {K}, {"kernel"}, "1 (mean over chips and SMs)");
    out->attr(g, "mean", s.mean_gb);
    out->attr(g, "mean_normalized", s.gb_normalized);
  }
  write_job_log(*out, ctx);
  out->commit();
  fill_aging_result(r, in, so.chips_file, ctx);
  return r;
}

nlohmann::json GuardbandStage::json(const Result& r) {
  nlohmann::json j;
  if (r.study->gpu_sms() > 1) j["gpu_sms"] = r.study->gpu_sms();
  for (const auto& s : r.summary) {
    nlohmann::json pk;
    for (std::size_t k = 0; k < r.kernels.size(); ++k) pk[r.kernels[k]] = s.kernel_gb[k];
    j["techniques"][s.name] = {{"per_kernel", pk}, {"mean", s.mean_gb}, {"mean_normalized", s.gb_normalized}};
  }
  return j;
}

StageInfo PerfStage::info() { return {"perf", {"population"}, kAgingPrefixes, true}; }

const std::vector<OptionDecl<PerfStage::Options>>& PerfStage::options() {
  static const std::vector<OptionDecl<Options>> decls = [] {
    std::vector<OptionDecl<Options>> d = aging_option_decls(Options{});
    // After --trace-cache, before the study-only gpu_sms (rfvar perf --help order).
    d.insert(d.end() - 1, OptionDecl<Options>{"single_clock", "--single-clock",
                                              "Chip frequency = slowest SM (default: mean over SMs)",
                                              &Options::single_clock});
    return d;
  }();
  return decls;
}

PerfStage::Result PerfStage::run(const Options& po, const StageContext& ctx) {
  // Validate everything before reading chips or writing anything.
  const AgingInputs in = load_aging_inputs(po, ctx.config);
  const ChipsFileInfo& info = in.chips->info();
  const study::StudyConfig& cfg = in.study;
  const std::vector<std::string>& names = in.kernel_names;
  auto out = std::make_unique<H5Writer>(ctx.output);  // checks the output directory first
  Result r;
  r.study = run_aging(in, "perf", ctx.progress, ctx.jobs);
  const study::PopulationStudy& study = *r.study;
  r.summary = study::summarize_study(study, po.single_clock);
  const auto& sum = r.summary;

  // HDF5: per chip, SM and kernel; per chip; distributions.
  const auto C = static_cast<std::uint64_t>(info.chips), K = static_cast<std::uint64_t>(names.size());
  write_aging_root(*out, "perf", in, po.chips_file, ctx);
  out->attr("/", "chip_freq_rule", std::string(po.single_clock ? "min over SMs" : "mean over SMs"));
  write_sms_simulated(*out, study, info.sms);
  out->attr("/", "cache_hits", static_cast<std::int64_t>(study.cache_hits()));
  out->attr("/", "cache_misses", static_cast<std::int64_t>(study.cache_misses()));
  write_aging_index(*out, in);
  out->write("/ideal_ipc", study.ideal_ipc(), {K}, {"kernel"}, "warp instructions / cycle");
  std::vector<double> edges;
  for (int i = 0; i <= kHistBins; ++i) edges.push_back(kHistLo + (kHistHi - kHistLo) * i / kHistBins);
  for (std::size_t t = 0; t < cfg.techniques.size(); ++t) {
    const auto& rows = study.rows(t);
    const auto& s = sum[t];
    const std::string g = "/perf/" + cfg.techniques[t];
    write_technique_rows(*out, g, rows, info, study.sms(), names.size());
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
  write_job_log(*out, ctx);
  out->commit();
  fill_aging_result(r, in, po.chips_file, ctx);
  return r;
}

nlohmann::json PerfStage::json(const Result& r) {
  nlohmann::json j;
  if (r.study->gpu_sms() > 1) j["gpu_sms"] = r.study->gpu_sms();
  for (const auto& s : r.summary)
    j["techniques"][s.name] = {
        {"mean", s.mean_perf}, {"std", s.std_perf}, {"mean_ipc", s.mean_ipc}, {"mean_freq", s.mean_freq}};
  return j;
}

}  // namespace rfvar::stages
