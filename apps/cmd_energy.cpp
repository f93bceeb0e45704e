// `rfvar energy`: register-file energy (issue 18): the Gebhart MICRO 2011 LRF / ORF / MRF
// allocation against the flat RF and the RFC, and RFC / LTRF energy and power at the main-RF designs
// of LTRF Table 2. No model logic here: study/energy/energy_study.h does it.
#include <chrono>
#include <cmath>
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/energy_output.h"
#include "hierarchy/design/design.h"
#include "study/energy/energy_study.h"
#include "study/energy/energy_workloads.h"

namespace rfvar::apps {

namespace {

struct EnergyOptions {
  std::string kernels = "all";
  std::string configs = "1,2,3,4,5,6,7";
  std::string designs = "bl,rfc,ltrf,ltrf+";
  std::string design_kernels = "all";  // workloads that run the designs: all, or hand (.kernel only)
  int block_stride = 1;
  std::string trace_cache;
  std::string output;
};

std::vector<int> parse_configs(const std::string& text) {
  std::vector<int> v;
  for (const auto& s : split_list(text)) {
    std::size_t n = 0;
    int c = 0;
    try {
      c = std::stoi(s, &n);
    } catch (const std::exception&) {
      n = 0;
    }
    if (n != s.size() || c < 1 || c > 7)
      throw InputError("--configs '" + text + "': '" + s +
                       "' is not a main-RF design of LTRF Table 2 (accepted: 1..7)");
    v.push_back(c);
  }
  if (v.empty()) throw InputError("--configs: no main-RF design given (accepted: 1..7)");
  return v;
}

double pct(double rel) { return 100.0 * (1.0 - rel); }

void run(CommonOptions& o, const EnergyOptions& eo) {
  const Config config = o.load_config();
  o.apply_threads();
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  if (ap.gpu_sms > 1) throw InputError(arch::kOneSmOnly);
  const arch::hierarchy::HierarchyParams h = arch::hierarchy::HierarchyParams::from_config(config);
  const arch::energy::EnergyParams ep = arch::energy::EnergyParams::from_config(config);
  study::EnergyStudyOptions so;
  so.kernels = study::resolve_energy_workloads(split_list(eo.kernels));
  so.configs = parse_configs(eo.configs);
  so.designs = split_list(eo.designs);
  so.block_stride = eo.block_stride;
  so.sfu_long_latency = h.ltrf.long_latency_sfu;
  so.trace_cache = eo.trace_cache;
  if (eo.design_kernels != "all" && eo.design_kernels != "hand")
    throw InputError("--design-kernels '" + eo.design_kernels + "' is not one of: all, hand");
  so.compiled_designs = eo.design_kernels == "all";
  const std::uint64_t seed = o.master_seed(config);
  Progress bar("energy", study::energy_study_items(so), o.progress());
  const auto t0 = std::chrono::steady_clock::now();
  const study::EnergyStudyResult r = study::run_energy_study(so, ap, h, ep, seed, &bar);
  bar.finish();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!eo.output.empty()) write_energy_file(eo.output, r, ep, config, seed, o.command_line);
  if (o.json) {
    nlohmann::json j = energy_json(r, ep);
    j["seconds"] = secs;
    if (!eo.output.empty()) j["file"] = eo.output;
    print_json(j);
    return;
  }
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
  sub->add_option(
      "--kernels", eo->kernels,
      "Comma-separated workloads (any --kernel form; a plain name is a .kernel benchmark of data/kernels or\n"
      "data/kernels/ltrf), 'all' (every .kernel benchmark and every data/cuda harness as ptx:NAME), 'hand'\n"
      "or 'ptx' (default: all)");
  sub->add_option("--design-kernels", eo->design_kernels,
                  "Workloads that also run the designs on the SM: 'all' (the .kernel ones and the compiled\n"
                  "ones, loaded with allocated register ids as rfvar ltrf does) or 'hand' (.kernel only)\n"
                  "(default: all)");
  sub->add_option("--configs", eo->configs,
                  "Comma-separated main-RF designs of LTRF Table 2, 1..7 (default: 1,2,...,7)");
  sub->add_option("--designs", eo->designs,
                  "Comma-separated designs of bl,rfc,ltrf,ltrf+,shrf,ideal (default: bl,rfc,ltrf,ltrf+)");
  sub->add_option("--block-stride", eo->block_stride,
                  "Allocation replay: count every s-th block of each launch, >= 1 (default 1: every block)");
  sub->add_option("--trace-cache", eo->trace_cache, kTraceCacheHelp);
  add_common_options(sub, o, "");
  sub->add_option("-o,--output", eo->output,
                  "Also write the results to this HDF5 file (atomically; docs/hdf5.md \"energy\")");
  sub->callback([&o, eo] { run(o, *eo); });
}

}  // namespace rfvar::apps
