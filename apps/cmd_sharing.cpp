// `rfvar sharing`: register sharing across warps on a virtualized register file (Jeon et al., CAL 2019;
// issue 27). No model logic here: the sharing stage (stages/sharing_stage.h) declares the options, runs
// study/sharing/sharing_study.h and writes the HDF5; this file wires and prints.
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/stage_cli.h"
#include "stages/sharing_stage.h"

namespace rfvar::apps {

namespace {

struct SharingOptions {
  stages::SharingStage::Options stage;
  std::string output;
};

double gain_pct(std::uint64_t base, std::uint64_t x) {
  return x ? 100.0 * (static_cast<double>(base) / static_cast<double>(x) - 1.0) : 0.0;
}

void print_row(const char* what, const std::string& kernel, const std::array<study::SharingRun, study::kSharingConfigs>& r) {
  const auto& v = r[1];
  std::printf("%-16s %-22s %9llu %+8.1f %+8.1f %+8.1f %+8.1f %5llu %5llu %5llu %6.1f %6.1f %6.1f %3llu %3llu %7.1f %7llu\n",
              what, kernel.c_str(), static_cast<unsigned long long>(v.cycles), gain_pct(v.cycles, r[0].cycles),
              gain_pct(v.cycles, r[2].cycles), gain_pct(v.cycles, r[3].cycles), gain_pct(v.cycles, r[4].cycles),
              static_cast<unsigned long long>(v.peak_registers),
              static_cast<unsigned long long>(r[2].peak_registers), static_cast<unsigned long long>(r[3].peak_registers),
              v.mean_registers, r[2].mean_registers, r[3].mean_registers,
              static_cast<unsigned long long>(v.peak_blocks), static_cast<unsigned long long>(r[3].peak_blocks),
              r[3].global_loads ? 100.0 * static_cast<double>(r[3].hits) / static_cast<double>(r[3].global_loads) : 0.0,
              static_cast<unsigned long long>(r[4].partial_hits));
}

void run(CommonOptions& o, const SharingOptions& so) {
  const auto result = run_stage<stages::SharingStage>(o, so.stage, so.output);
  if (!result) return;
  const stages::SharingStage::Result& res = *result;
  const study::SharingStudyResult& r = res.r;
  std::printf(
      "Register sharing (Jeon CAL 2019), %d physical warp registers, %s scheduler: speedup over the virtualized RF "
      "(vrf) of the static RF, perfect sharing with an unlimited and a %d-entry table, partial sharing with that "
      "table; registers in use (peak, mean), resident blocks, loads removed by the %d-entry table, loads merged "
      "by partial sharing\n",
      res.physical_registers, r.options.scheduler.c_str(), r.options.table_entries, r.options.table_entries);
  std::printf("%-16s %-22s %9s %8s %8s %8s %8s %5s %5s %5s %6s %6s %6s %3s %3s %7s %7s\n", "workload", "kernel",
              "vrf cyc", "static%", "unlim%", "table%", "part%", "pk", "pk-u", "pk-t", "mean", "mean-u", "mean-t", "bl",
              "bl-t", "ld-rm%", "merged");
  for (const auto& l : r.launches) print_row(l.workload.c_str(), std::to_string(l.launch) + ":" + l.kernel, l.run);
  for (std::size_t w = 0; w < r.workloads.size(); ++w) print_row(r.workloads[w].c_str(), "(all launches)", r.totals[w]);
  std::printf("%.1f s\n", res.seconds);
  if (!so.output.empty()) std::printf("wrote %s\n", so.output.c_str());
}

}  // namespace

void register_sharing(CLI::App& app, CommonOptions& o) {
  auto so = std::make_shared<SharingOptions>();
  CLI::App* sub = app.add_subcommand(
      "sharing",
      "Register sharing across warps (Jeon et al., CAL 2019): each workload on the static register file, the\n"
      "virtualized register file (the baseline), perfect sharing with an unlimited and a finite address\n"
      "mapping table, and partial sharing (w-merges, Jeon §2.2) with the finite table ([sharing] table of the\n"
      "config; docs/models.md \"Register sharing\").");
  add_stage_options(sub, so->stage, stages::SharingStage::options());
  add_common_options(sub, o, "");
  sub->add_option("-o,--output", so->output,
                  "Also write the results to this HDF5 file (atomically; docs/hdf5.md \"sharing\")");
  sub->callback([&o, so] { run(o, *so); });
}

}  // namespace rfvar::apps
