// `rfvar freq chips.h5`: what each register-file technique makes of every SM's clock (Tan 2016
// §3.2, Fig. 3), per chip and SM, with distributions over chips. No model logic here: the study
// driver (study/freq/freq_run.h) runs the techniques' freq hooks (technique/registry.h); this file
// parses options, reads the chips, writes HDF5 and reports.
#include <optional>
#include <cstdio>

#include "apps/chips_file.h"
#include "apps/cli_common.h"
#include "apps/technique_output.h"
#include "common/h5io.h"
#include "common/progress.h"
#include "study/freq/freq_run.h"
#include "technique/registry.h"

namespace rfvar::apps {

namespace {

struct FreqOptions {
  std::string chips_file;
  std::string techniques = join_names(technique::figure_names(3));
  std::optional<double> fast_fraction;  // unset: rfmodel.fast_fraction
  int subbanks = 0;             // 0: floorplan.subbanks
  int hybrid_banks = 0;
  bool single_clock = false;
};

void run(CommonOptions& o, const FreqOptions& fo) {
  // Validate everything before reading or writing anything.
  Config config = o.load_config();
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
  const ChipsFile in(fo.chips_file);
  const ChipsFileInfo& info = in.info();
  if (info.chips < 1 || info.sms < 1) throw InputError("'" + fo.chips_file + "' holds no chips");
  spec.chips = info.chips;
  spec.sms = info.sms;
  spec.source = "'" + fo.chips_file + "'";
  o.apply_threads();
  auto out = std::make_unique<H5Writer>(o.output);  // checks the output directory first

  study::FreqRunResult res;
  {
    Progress bar("freq", static_cast<std::uint64_t>(info.chips), o.progress());
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

  // HDF5, then the report.
  out->provenance("freq", info.seed, config, o.command_line);
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
  out->commit();

  const double base_mean = res.base_mean;
  if (o.json) {
    nlohmann::json j = {{"file", o.output},
                        {"chips_file", fo.chips_file},
                        {"chips", n_chips},
                        {"sms", n_sms},
                        {"fast_fraction", params.fast_fraction},
                        {"subbanks", params.subbanks},
                        {"hybrid_banks", fo.hybrid_banks}};
    for (int t = 0; t < n_tech; ++t) {
      const auto& r = res.techniques[static_cast<std::size_t>(t)];
      const auto& d = r.dist;
      nlohmann::json tj = {{"mean_norm_freq", d.mean},
                           {"std_norm_freq", d.std},
                           {"min_norm_freq", d.min},
                           {"max_norm_freq", d.max},
                           {"slow_bank_fraction", r.slow_mean}};
      if (base_mean > 0.0) tj["gain_over_baseline"] = d.mean / base_mean - 1.0;
      j["techniques"][names[static_cast<std::size_t>(t)]] = tj;
    }
    print_json(j);
    return;
  }
  std::printf("%d chips x %d SMs from %s; n = %.0f %%, S = %d sub-banks per bank\n", n_chips, n_sms,
              fo.chips_file.c_str(), 100.0 * params.fast_fraction, params.subbanks);
  std::printf("%-22s %10s %8s %8s %8s %10s %10s\n", "technique", "mean freq", "std", "min", "max", "vs base",
              "slow frac");
  for (int t = 0; t < n_tech; ++t) {
    const auto& r = res.techniques[static_cast<std::size_t>(t)];
    const auto& d = r.dist;
    std::printf("%-22s %10.4f %8.4f %8.4f %8.4f %+9.1f%% %10.4f\n",
                names[static_cast<std::size_t>(t)].c_str(), d.mean, d.std, d.min, d.max,
                base_mean > 0.0 ? 100.0 * (d.mean / base_mean - 1.0) : 0.0, r.slow_mean);
  }
  std::printf("wrote %s\n", o.output.c_str());
}

}  // namespace

void register_freq(CLI::App& app, CommonOptions& o) {
  auto fo = std::make_shared<FreqOptions>();
  CLI::App* sub = app.add_subcommand(
      "freq",
      "Register-file frequency under each PV technique (Tan 2016 Fig. 3): per chip and SM the clock\n"
      "(normalized to the chip without PV) and the fraction of slow banks / vectors, with\n"
      "distributions over chips. Sweep --fast-fraction (0.5-1.0) and --subbanks (1, 2, 4, 8).");
  sub->add_option("chips", fo->chips_file, "Chip population file written by 'rfvar chips'")->required();
  sub->add_option("--technique", fo->techniques,
                  "Comma-separated techniques: " + technique::names_joined(technique::Role::freq) +
                      " (default: Tan Fig. 3's: " + fo->techniques + ")");
  sub->add_option("--fast-fraction", fo->fast_fraction,
                  "n: fraction of registers / arrays / sub-banks kept fast, in (0, 1] "
                  "(default: rfmodel.fast_fraction = 0.7)");
  sub->add_option("--subbanks", fo->subbanks,
                  "S: column sub-banks per bank for VL-SB / RF-BRO, 1, 2, 4, 8, 16 or 32; derived from the "
                  "register delays, any S works with any chip file (default: floorplan.subbanks = 2)");
  sub->add_option(
      "--hybrid-banks", fo->hybrid_banks,
      "h: hybrid banks for vl-sb+rf-bro+hybrid (counted as slow for full-width access; default 0)");
  sub->add_flag("--single-clock", fo->single_clock, "Chip frequency = slowest SM (default: mean over SMs)");
  add_common_options(sub, o, "freq.h5");
  sub->callback([&o, fo] { run(o, *fo); });
}

}  // namespace rfvar::apps
