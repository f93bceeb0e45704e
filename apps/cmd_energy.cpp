// `rfvar energy`: register-file energy (issue 18): the Gebhart MICRO 2011 LRF / ORF / MRF
// allocation against the flat RF and the RFC, and RFC / LTRF energy and power at the main-RF designs
// of LTRF Table 2. No model logic here: the energy stage (stages/energy_stage.h) declares the
// options, runs study/energy/energy_study.h and writes the HDF5; this file wires and prints.
#include <cmath>
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/energy_stage.h"

namespace rfvar::apps {

namespace {

struct EnergyOptions {
  stages::EnergyStage::Options stage;
  std::string output;
};

double pct(double rel) { return 100.0 * (1.0 - rel); }

void run(CommonOptions& o, const EnergyOptions& eo) {
  const auto result = run_stage<stages::EnergyStage>(o, eo.stage, eo.output);
  if (!result) return;
  const stages::EnergyStage::Result& res = *result;
  const study::EnergyStudyResult& r = res.r;
  const arch::energy::EnergyParams& ep = res.ep;
  const double secs = res.seconds;
  using arch::energy::Level;
  std::printf(
      "Register-file energy of the compile-time hierarchy (Gebhart MICRO 2011; %d ORF, %d LRF entries per "
      "thread, %s LRF), normalized to the flat RF; reads served per level (three-level)\n",
      ep.orf_entries, ep.lrf_entries, arch::energy::lrf_organization_name(r.lrf));
  std::printf("%-14s %9s %9s %9s %7s %7s %7s\n", "kernel", "ORF+MRF", "3-level", "HW RFC", "MRF rd", "ORF rd",
              "LRF rd");
  for (const auto& a : r.allocation) {
    const double fr = static_cast<double>(a.flat.counts.total_reads());
    auto share = [&](Level l) {
      return fr > 0 ? static_cast<double>(a.three_level.counts.reads_of(l)) / fr : 0.0;
    };
    std::printf("%-14s %9.3f %9.3f ", a.kernel.c_str(), a.two_level_rel, a.three_level_rel);
    if (std::isnan(a.rfc_rel))
      std::printf("%9s", "-");
    else
      std::printf("%9.3f", a.rfc_rel);
    std::printf(" %7.3f %7.3f %7.3f\n", share(Level::Mrf), share(Level::Orf), share(Level::Lrf));
  }
  std::printf("mean: three-level with a %s LRF %.3f\n", arch::energy::lrf_organization_name(r.other_lrf),
              r.mean_three_level_other_rel);
  std::printf(
      "mean: ORF+MRF %.3f, three-level %.3f (-%.1f %%); on the %d .kernel workloads: three-level %.3f, HW "
      "RFC %.3f; on the %d compiled ones: three-level %.3f, HW RFC %.3f\n",
      r.mean_two_level_rel, r.mean_three_level_rel, pct(r.mean_three_level_rel), r.rfc_workloads,
      r.mean_three_level_rel_hand, r.mean_rfc_rel, r.rfc_workloads_compiled, r.mean_three_level_rel_compiled,
      r.mean_rfc_rel_compiled);
  std::size_t nh = 0;
  for (const auto& kr : r.design_runs) nh += kr.hand_written ? 1 : 0;
  const auto power_table = [&](const char* what, std::size_t n, const std::vector<std::vector<double>>& pw) {
    if (n == 0) return;
    std::printf(
        "\nRegister-file power (energy / cycle) relative to BL on main-RF design #1 (LTRF Fig. 10), "
        "mean over %zu %s workloads\n",
        n, what);
    std::printf("%-8s", "design");
    for (int c : r.configs) std::printf("    #%d", c);
    std::printf("\n");
    for (std::size_t d = 0; d < r.designs.size(); ++d) {
      std::printf("%-8s", r.designs[d].c_str());
      for (std::size_t c = 0; c < r.configs.size(); ++c) std::printf(" %5.3f", pw[c][d]);
      std::printf("\n");
    }
  };
  power_table(".kernel", nh, r.mean_power_rel);
  power_table("compiled", r.design_runs.size() - nh, r.mean_power_rel_compiled);
  std::printf("%zu SM runs in %.1f s\n", r.runs, secs);
  if (!eo.output.empty()) std::printf("wrote %s\n", eo.output.c_str());
}

}  // namespace

void register_energy(CLI::App& app, CommonOptions& o) {
  auto eo = std::make_shared<EnergyOptions>();
  CLI::App* sub = app.add_subcommand(
      "energy",
      "Register-file energy (Gebhart ISCA 2011, MICRO 2011; LTRF 2018 §6.2): the compile-time LRF / ORF /\n"
      "MRF allocation of every workload against the flat RF and the hardware RFC, and RFC / LTRF energy\n"
      "and power at the main-RF designs #1-#7 of LTRF Table 2 ([energy] table of the config).");
  add_stage_options(sub, eo->stage, stages::EnergyStage::options());
  add_common_options(sub, o, "");
  sub->add_option("-o,--output", eo->output,
                  "Also write the results to this HDF5 file (atomically; docs/hdf5.md \"energy\")");
  sub->callback([&o, eo] { run(o, *eo); });
}

}  // namespace rfvar::apps
