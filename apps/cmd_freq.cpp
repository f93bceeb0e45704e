// `rfvar freq chips.h5`: what each register-file technique makes of every SM's clock (Tan 2016
// §3.2, Fig. 3), per chip and SM, with distributions over chips. No model logic here: the freq stage
// (stages/freq_stage.h) declares the options, runs and writes the HDF5; this file wires the
// options and prints the table.
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/freq_stage.h"

namespace rfvar::apps {

namespace {

void run(CommonOptions& o, const stages::FreqStage::Options& fo) {
  const auto result = run_stage<stages::FreqStage>(o, fo, o.output);
  if (!result) return;
  const stages::FreqStage::Result& r = *result;
  const study::FreqRunResult& res = r.res;
  const std::vector<std::string>& names = r.names;
  const int n_chips = r.chips, n_sms = r.sms, n_tech = static_cast<int>(names.size());
  const rfmodel::RfParams& params = r.params;
  const double base_mean = res.base_mean;
  std::printf("%d chips x %d SMs from %s; n = %.0f %%, S = %d sub-banks per bank\n", n_chips, n_sms,
              fo.chips_file.c_str(), 100.0 * params.fast_fraction, params.subbanks);
  std::printf("%-22s %10s %8s %8s %8s %10s %10s\n", "technique", "mean freq", "std", "min", "max", "vs base",
              "slow frac");
  for (int t = 0; t < n_tech; ++t) {
    const auto& tr = res.techniques[static_cast<std::size_t>(t)];
    const auto& d = tr.dist;
    std::printf("%-22s %10.4f %8.4f %8.4f %8.4f %+9.1f%% %10.4f\n",
                names[static_cast<std::size_t>(t)].c_str(), d.mean, d.std, d.min, d.max,
                base_mean > 0.0 ? 100.0 * (d.mean / base_mean - 1.0) : 0.0, tr.slow_mean);
  }
  std::printf("wrote %s\n", o.output.c_str());
}

}  // namespace

void register_freq(CLI::App& app, CommonOptions& o) {
  auto fo = std::make_shared<stages::FreqStage::Options>();
  CLI::App* sub = app.add_subcommand(
      "freq",
      "Register-file frequency under each PV technique (Tan 2016 Fig. 3): per chip and SM the clock\n"
      "(normalized to the chip without PV) and the fraction of slow banks / vectors, with\n"
      "distributions over chips. Sweep --fast-fraction (0.5-1.0) and --subbanks (1, 2, 4, 8).");
  add_stage_options(sub, *fo, stages::FreqStage::options());
  add_common_options(sub, o, "freq.h5");
  sub->callback([&o, fo] { run(o, *fo); });
}

}  // namespace rfvar::apps
