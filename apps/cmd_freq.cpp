// `rfvar freq chips.h5`: what each register-file technique makes of every SM's clock (Tan 2016
// §3.2, Fig. 3), per chip and SM, with distributions over chips. No model logic here: rfmodel/
// builds the setups (technique.h) and the statistics (freq_stats.h).
#include <omp.h>

#include <cstdio>
#include <sstream>

#include "apps/chips_file.h"
#include "apps/cli_common.h"
#include "common/h5io.h"
#include "common/progress.h"
#include "rfmodel/technique.h"
#include "study/freq/freq_stats.h"
#include "study/freq/freq_study.h"

namespace rfvar::apps {

namespace {

// Histogram of chip frequencies: 0.01-wide bins over [0, 1.5) (normalized frequency).
constexpr int kHistBins = 150;
constexpr double kHistLo = 0.0, kHistHi = 1.5;
// Chips read and processed per batch (bounds memory: about 2 MB per chip of 15 SMs).
constexpr int kBatchChips = 16;

struct FreqOptions {
  std::string chips_file;
  std::string techniques = "baseline,vl-rf,vl-rv,vl-sb,vl-sb+rf-bro";
  double fast_fraction = -1.0;  // < 0: rfmodel.fast_fraction
  int subbanks = 0;             // 0: floorplan.subbanks
  int hybrid_banks = 0;
  bool single_clock = false;
};

std::vector<std::string> split_names(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  for (std::string name; std::getline(ss, name, ',');)
    if (!name.empty()) out.push_back(name);
  if (out.empty()) throw InputError("--technique: no technique named; accepted: " + [] {
    std::string s;
    for (const auto& n : rfmodel::technique_names()) s += (s.empty() ? "" : ", ") + n;
    return s;
  }());
  return out;
}

struct TechniqueResult {
  std::vector<double> sm_freq, sm_slow;  // [chips * sms]
  std::vector<double> chip_freq;         // [chips]
};

void run(CommonOptions& o, const FreqOptions& fo) {
  // Validate everything before reading or writing anything.
  Config config = o.load_config();
  if (fo.fast_fraction >= -0.5) {
    if (!(fo.fast_fraction > 0.0 && fo.fast_fraction <= 1.0))
      throw InputError("--fast-fraction " + std::to_string(fo.fast_fraction) + " is outside (0, 1]");
    config.set("rfmodel.fast_fraction=" + std::to_string(fo.fast_fraction));
  }
  if (fo.subbanks != 0) config.set("floorplan.subbanks=" + std::to_string(fo.subbanks));
  const rfmodel::RfParams params = rfmodel::RfParams::from_config(config);
  const std::vector<std::string> names = split_names(fo.techniques);
  for (const auto& n : names) rfmodel::check_technique(n);
  if (fo.hybrid_banks < 0) throw InputError("--hybrid-banks must be >= 0");
  const ChipsFile in(fo.chips_file);
  const ChipsFileInfo& info = in.info();
  if (info.chips < 1 || info.sms < 1) throw InputError("'" + fo.chips_file + "' holds no chips");
  o.apply_threads();
  auto out = std::make_unique<H5Writer>(o.output);  // checks the output directory first

  const int n_chips = info.chips, n_sms = info.sms, n_tech = static_cast<int>(names.size());
  std::vector<TechniqueResult> res(static_cast<std::size_t>(n_tech));
  for (auto& r : res) {
    r.sm_freq.assign(static_cast<std::size_t>(n_chips * n_sms), 0.0);
    r.sm_slow.assign(static_cast<std::size_t>(n_chips * n_sms), 0.0);
    r.chip_freq.assign(static_cast<std::size_t>(n_chips), 0.0);
  }
  {
    Progress bar("freq", static_cast<std::uint64_t>(n_chips), o.progress());
    std::vector<varius::ChipSample> chips;  // reused across batches
    for (int first = 0; first < n_chips; first += kBatchChips) {
      const int count = std::min(kBatchChips, n_chips - first);
      // Techniques derive sub-bank delays for any S from the registers; vl-rv uses the vectors.
      in.read_into(chips, first, count, 0, -1, ChipsFile::kRegisters | ChipsFile::kVectors);
      const int jobs = count * n_sms;
      std::string error;
#pragma omp parallel for schedule(dynamic)
      for (int j = 0; j < jobs; ++j) {
        const auto& chip = chips[static_cast<std::size_t>(j / n_sms)];
        const auto idx = static_cast<std::size_t>(first * n_sms + j);
        try {
          const auto f = study::sm_frequencies(chip.sms[static_cast<std::size_t>(j % n_sms)], chip.geometry,
                                               params, names, fo.hybrid_banks);
          for (int t = 0; t < n_tech; ++t) {
            res[static_cast<std::size_t>(t)].sm_freq[idx] = f[static_cast<std::size_t>(t)].clock_norm;
            res[static_cast<std::size_t>(t)].sm_slow[idx] = f[static_cast<std::size_t>(t)].slow_fraction;
          }
        } catch (const std::exception& e) {
#pragma omp critical
          error = e.what();
        }
      }
      if (!error.empty()) throw InputError("'" + fo.chips_file + "': " + error);
      bar.tick(static_cast<std::uint64_t>(count));
    }
  }
  for (auto& r : res)
    for (int c = 0; c < n_chips; ++c)
      r.chip_freq[static_cast<std::size_t>(c)] =
          study::chip_norm_freq(std::span<const double>(r.sm_freq).subspan(
                                    static_cast<std::size_t>(c * n_sms), static_cast<std::size_t>(n_sms)),
                                fo.single_clock);

  // Summaries, HDF5, then the report.
  std::vector<study::Distribution> dist;
  std::vector<double> slow_mean;
  for (const auto& r : res) {
    dist.push_back(study::summarize(r.chip_freq, kHistBins, kHistLo, kHistHi));
    slow_mean.push_back(study::summarize(r.sm_slow, 1, 0.0, 1.0).mean);
  }
  const auto base_it = std::find(names.begin(), names.end(), "baseline");
  const double base_mean = base_it == names.end() ? 0.0 : dist[static_cast<std::size_t>(base_it - names.begin())].mean;

  out->provenance("freq", info.seed, config, o.command_line);
  out->attr("/", "first_chip", static_cast<std::int64_t>(info.first_chip));
  out->attr("/", "chips_file", fo.chips_file);
  out->attr("/", "fast_fraction", params.fast_fraction);
  out->attr("/", "subbanks", static_cast<std::int64_t>(params.subbanks));
  out->attr("/", "hybrid_banks", static_cast<std::int64_t>(fo.hybrid_banks));
  out->attr("/", "chip_freq_rule", std::string(fo.single_clock ? "min over SMs" : "mean over SMs"));
  out->write("/chip_id", info.chip_ids, {static_cast<std::uint64_t>(n_chips)}, {"chip"});
  out->write_strings("/techniques", names);
  std::vector<double> edges;
  for (int i = 0; i <= kHistBins; ++i) edges.push_back(kHistLo + (kHistHi - kHistLo) * i / kHistBins);
  const Dims cs = {static_cast<std::uint64_t>(n_chips), static_cast<std::uint64_t>(n_sms)};
  for (int t = 0; t < n_tech; ++t) {
    const auto& r = res[static_cast<std::size_t>(t)];
    const auto& d = dist[static_cast<std::size_t>(t)];
    const std::string g = "/freq/" + names[static_cast<std::size_t>(t)];
    out->write(g + "/sm_norm_freq", r.sm_freq, cs, {"chip", "sm"}, "1 (normalized to no PV)");
    out->write(g + "/sm_slow_fraction", r.sm_slow, cs, {"chip", "sm"}, "1");
    out->write(g + "/chip_norm_freq", r.chip_freq, {static_cast<std::uint64_t>(n_chips)}, {"chip"},
               "1 (normalized to no PV)");
    out->write(g + "/hist_counts", d.counts, {static_cast<std::uint64_t>(kHistBins)}, {"bin"});
    out->write(g + "/hist_edges", edges, {static_cast<std::uint64_t>(kHistBins + 1)}, {"edge"},
               "1 (normalized to no PV)");
    out->attr(g, "mean_norm_freq", d.mean);
    out->attr(g, "std_norm_freq", d.std);
    out->attr(g, "min_norm_freq", d.min);
    out->attr(g, "max_norm_freq", d.max);
    out->attr(g, "slow_bank_fraction", slow_mean[static_cast<std::size_t>(t)]);
  }
  out->commit();

  if (o.json) {
    nlohmann::json j = {{"file", o.output}, {"chips_file", fo.chips_file}, {"chips", n_chips}, {"sms", n_sms},
                        {"fast_fraction", params.fast_fraction}, {"subbanks", params.subbanks},
                        {"hybrid_banks", fo.hybrid_banks}};
    for (int t = 0; t < n_tech; ++t) {
      const auto& d = dist[static_cast<std::size_t>(t)];
      nlohmann::json tj = {{"mean_norm_freq", d.mean}, {"std_norm_freq", d.std}, {"min_norm_freq", d.min},
                           {"max_norm_freq", d.max}, {"slow_bank_fraction", slow_mean[static_cast<std::size_t>(t)]}};
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
    const auto& d = dist[static_cast<std::size_t>(t)];
    std::printf("%-22s %10.4f %8.4f %8.4f %8.4f %+9.1f%% %10.4f\n", names[static_cast<std::size_t>(t)].c_str(), d.mean,
                d.std, d.min, d.max, base_mean > 0.0 ? 100.0 * (d.mean / base_mean - 1.0) : 0.0,
                slow_mean[static_cast<std::size_t>(t)]);
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
                  "Comma-separated techniques: baseline, vl-rf, vl-rv, vl-sb, vl-sb+rf-bro, "
                  "vl-sb+rf-bro+hybrid (default: the first five)");
  sub->add_option("--fast-fraction", fo->fast_fraction,
                  "n: fraction of registers / arrays / sub-banks kept fast, in (0, 1] "
                  "(default: rfmodel.fast_fraction = 0.7)");
  sub->add_option("--subbanks", fo->subbanks,
                  "S: column sub-banks per bank for VL-SB / RF-BRO, 1, 2, 4, 8, 16 or 32; derived from the "
                  "register delays, any S works with any chip file (default: floorplan.subbanks = 2)");
  sub->add_option("--hybrid-banks", fo->hybrid_banks,
                  "h: hybrid banks for vl-sb+rf-bro+hybrid (counted as slow for full-width access; default 0)");
  sub->add_flag("--single-clock", fo->single_clock, "Chip frequency = slowest SM (default: mean over SMs)");
  add_common_options(sub, o, "freq.h5");
  sub->callback([&o, fo] { run(o, *fo); });
}

}  // namespace rfvar::apps
