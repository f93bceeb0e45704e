#include "stages/freq_stage.h"

#include "common/h5io.h"
#include "common/progress.h"
#include "stages/chips_file.h"
#include "stages/job_log_output.h"
#include "stages/stage_inputs.h"
#include "stages/technique_output.h"
#include "technique/registry.h"

namespace rfvar::stages {

namespace {

// The run's spec from the options, validated; `config` gets rfmodel.fast_fraction and floorplan.subbanks.
study::FreqRunSpec freq_spec(const FreqStage::Options& fo, Config& config) {
  if (fo.fast_fraction) {
    const double f = *fo.fast_fraction;
    if (!(f > 0.0 && f <= 1.0))  // NaN fails too
      throw InputError("--fast-fraction " + std::to_string(f) + " is outside (0, 1]");
    config.set("rfmodel.fast_fraction=" + std::to_string(f));
  }
  if (fo.subbanks != 0) config.set("floorplan.subbanks=" + std::to_string(fo.subbanks));
  study::FreqRunSpec spec;
  spec.params = rfmodel::RfParams::from_config(config);
  spec.techniques = split_list(fo.techniques);
  if (spec.techniques.empty())
    throw InputError("--technique: no technique named; accepted: " +
                     technique::names_joined(technique::Role::freq));
  spec.hybrid_banks = fo.hybrid_banks;
  spec.single_clock = fo.single_clock;
  study::check_freq_run(spec);
  return spec;
}

}  // namespace

FreqStage::Options::Options() : techniques(join_names(technique::figure_names(3))) {}

StageInfo FreqStage::info() { return {"freq", {"population"}, {"rfmodel.", "floorplan."}, false}; }

const std::vector<OptionDecl<FreqStage::Options>>& FreqStage::options() {
  static const Options d;
  static const std::vector<OptionDecl<Options>> decls = {
      {"", "chips", "Chip population file written by 'rfvar chips'", &Options::chips_file, true},
      {"techniques", "--technique",
       "Comma-separated techniques: " + technique::names_joined(technique::Role::freq) +
           " (default: Tan Fig. 3's: " + d.techniques + ")",
       &Options::techniques},
      {"fast_fraction", "--fast-fraction",
       "n: fraction of registers / arrays / sub-banks kept fast, in (0, 1] "
       "(default: rfmodel.fast_fraction = 0.7)",
       &Options::fast_fraction},
      {"subbanks", "--subbanks",
       "S: column sub-banks per bank for VL-SB / RF-BRO, 1, 2, 4, 8, 16 or 32; derived from the "
       "register delays, any S works with any chip file (default: floorplan.subbanks = 2)",
       &Options::subbanks},
      {"hybrid_banks", "--hybrid-banks",
       "h: hybrid banks for vl-sb+rf-bro+hybrid (counted as slow for full-width access; default 0)",
       &Options::hybrid_banks},
      {"single_clock", "--single-clock", "Chip frequency = slowest SM (default: mean over SMs)",
       &Options::single_clock},
  };
  return decls;
}

void FreqStage::check(const Options& o, const StageContext& ctx) {
  Config config = ctx.config;
  (void)freq_spec(o, config);
}

FreqStage::Result FreqStage::run(const Options& fo, const StageContext& ctx) {
  // Validate everything before reading or writing anything.
  Config config = ctx.config;
  study::FreqRunSpec spec = freq_spec(fo, config);
  const ChipsFile in(fo.chips_file);
  const ChipsFileInfo& info = in.info();
  if (info.chips < 1 || info.sms < 1) throw InputError("'" + fo.chips_file + "' holds no chips");
  spec.chips = info.chips;
  spec.sms = info.sms;
  spec.jobs = ctx.jobs;
  spec.source = "'" + fo.chips_file + "'";
  auto out = std::make_unique<H5Writer>(ctx.output);  // checks the output directory first

  study::FreqRunResult res;
  {
    Progress bar("freq", static_cast<std::uint64_t>(info.chips), ctx.progress);
    // Techniques derive sub-bank delays for any S from the registers; vl-rv uses the vectors.
    res = study::run_freq(
        spec,
        [&in](int first, int count, std::vector<varius::ChipSample>& chips) {
          in.read_into(chips, first, count, 0, -1, ChipsFile::kRegisters | ChipsFile::kVectors);
        },
        &bar);
  }
  const std::vector<std::string>& names = spec.techniques;
  const int n_chips = info.chips, n_sms = info.sms, n_tech = static_cast<int>(names.size());
  const rfmodel::RfParams& params = spec.params;

  out->provenance("freq", info.seed, config, ctx.command_line);
  out->attr("/", "first_chip", static_cast<std::int64_t>(info.first_chip));
  out->attr("/", "chips_file", fo.chips_file);
  out->attr("/", "fast_fraction", params.fast_fraction);
  out->attr("/", "subbanks", static_cast<std::int64_t>(params.subbanks));
  out->attr("/", "hybrid_banks", static_cast<std::int64_t>(fo.hybrid_banks));
  out->attr("/", "chip_freq_rule", std::string(fo.single_clock ? "min over SMs" : "mean over SMs"));
  out->write("/chip_id", info.chip_ids, {static_cast<std::uint64_t>(n_chips)}, {"chip"});
  out->write_strings("/techniques", names);
  const Dims cs = {static_cast<std::uint64_t>(n_chips), static_cast<std::uint64_t>(n_sms)};
  for (int t = 0; t < n_tech; ++t) {
    const auto& r = res.techniques[static_cast<std::size_t>(t)];
    const auto& d = r.dist;
    const std::string g = "/freq/" + names[static_cast<std::size_t>(t)];
    out->write(g + "/sm_norm_freq", r.sm_freq, cs, {"chip", "sm"}, "1 (normalized to no PV)");
    out->write(g + "/sm_slow_fraction", r.sm_slow, cs, {"chip", "sm"}, "1");
    out->write(g + "/chip_norm_freq", r.chip_freq, {static_cast<std::uint64_t>(n_chips)}, {"chip"},
               "1 (normalized to no PV)");
    out->write(g + "/hist_counts", d.counts, {static_cast<std::uint64_t>(study::kFreqHistBins)}, {"bin"});
    out->write(g + "/hist_edges", res.hist_edges, {static_cast<std::uint64_t>(study::kFreqHistBins + 1)},
               {"edge"}, "1 (normalized to no PV)");
    out->attr(g, "mean_norm_freq", d.mean);
    out->attr(g, "std_norm_freq", d.std);
    out->attr(g, "min_norm_freq", d.min);
    out->attr(g, "max_norm_freq", d.max);
    out->attr(g, "slow_bank_fraction", r.slow_mean);
    write_technique_attrs(*out, g, names[static_cast<std::size_t>(t)], technique::Role::freq);
  }
  write_job_log(*out, ctx);
  out->commit();
  return {std::move(res), names, params, n_chips, n_sms, fo.hybrid_banks, fo.chips_file, ctx.output};
}

nlohmann::json FreqStage::json(const Result& r) {
  nlohmann::json j = {{"file", r.output},
                      {"chips_file", r.chips_file},
                      {"chips", r.chips},
                      {"sms", r.sms},
                      {"fast_fraction", r.params.fast_fraction},
                      {"subbanks", r.params.subbanks},
                      {"hybrid_banks", r.hybrid_banks}};
  const double base_mean = r.res.base_mean;
  for (std::size_t t = 0; t < r.names.size(); ++t) {
    const auto& tr = r.res.techniques[t];
    const auto& d = tr.dist;
    nlohmann::json tj = {{"mean_norm_freq", d.mean},
                         {"std_norm_freq", d.std},
                         {"min_norm_freq", d.min},
                         {"max_norm_freq", d.max},
                         {"slow_bank_fraction", tr.slow_mean}};
    if (base_mean > 0.0) tj["gain_over_baseline"] = d.mean / base_mean - 1.0;
    j["techniques"][r.names[t]] = tj;
  }
  return j;
}

}  // namespace rfvar::stages
