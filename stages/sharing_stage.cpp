#include "stages/sharing_stage.h"

#include <chrono>

#include "arch/scheduler/i_warp_scheduler.h"
#include "common/h5io.h"
#include "rfmodel/params.h"
#include "stages/stage_inputs.h"
#include "stages/workload_check.h"
#include "varius/sm_sampler.h"

namespace rfvar::stages {

namespace {

study::SharingStudyOptions sharing_study_options(const SharingStage::Options& o) {
  return {split_list(o.workloads), o.table_entries, o.scheduler};
}

double sharing_speedup(const study::SharingRun& base, const study::SharingRun& x) {
  return x.cycles ? static_cast<double>(base.cycles) / static_cast<double>(x.cycles) : 0.0;
}

nlohmann::json sharing_run_json(const study::SharingRun& r, const study::SharingRun& vrf) {
  return {{"cycles", r.cycles},
          {"warp_instructions", r.warp_instructions},
          {"speedup_over_vrf", sharing_speedup(vrf, r)},
          {"peak_registers", r.peak_registers},
          {"mean_registers", r.mean_registers},
          {"peak_blocks", r.peak_blocks},
          {"global_loads", r.global_loads},
          {"loads_removed", r.hits},
          {"loads_merged", r.partial_hits}};
}

nlohmann::json sharing_configs_json(const std::array<study::SharingRun, study::kSharingConfigs>& runs) {
  nlohmann::json j;
  for (int c = 0; c < study::kSharingConfigs; ++c)
    j[study::kSharingConfigNames[static_cast<std::size_t>(c)]] = sharing_run_json(runs[static_cast<std::size_t>(c)], runs[1]);
  return j;
}

void write_sharing_file(const std::string& path, const SharingStage::Result& res, const StageContext& ctx) {
  const study::SharingStudyResult& r = res.r;
  H5Writer h5(path);
  h5.provenance("sharing", master_seed(ctx.config), ctx.config, ctx.command_line);
  const auto n = static_cast<std::uint64_t>(r.launches.size());
  const auto nc = static_cast<std::uint64_t>(study::kSharingConfigs);
  std::vector<std::string> workload, kernel, configs;
  std::vector<std::int32_t> launch, static_blocks, regs;
  std::vector<std::int64_t> cycles, peak, blocks, loads, hits, merged;
  std::vector<double> mean;
  for (const auto& l : r.launches) {
    workload.push_back(l.workload), kernel.push_back(l.kernel), launch.push_back(l.launch);
    static_blocks.push_back(l.static_blocks), regs.push_back(l.regs_per_thread);
    for (const auto& x : l.run) {
      cycles.push_back(static_cast<std::int64_t>(x.cycles));
      peak.push_back(static_cast<std::int64_t>(x.peak_registers));
      blocks.push_back(static_cast<std::int64_t>(x.peak_blocks));
      loads.push_back(static_cast<std::int64_t>(x.global_loads));
      hits.push_back(static_cast<std::int64_t>(x.hits));
      merged.push_back(static_cast<std::int64_t>(x.partial_hits));
      mean.push_back(x.mean_registers);
    }
  }
  for (const char* c : study::kSharingConfigNames) configs.emplace_back(c);
  h5.group("sharing");
  h5.attr("sharing", "table_entries", static_cast<std::int64_t>(r.options.table_entries));
  h5.attr("sharing", "physical_registers", static_cast<std::int64_t>(res.physical_registers));
  h5.attr("sharing", "scheduler", r.options.scheduler);
  h5.write_strings("sharing/configs", configs);
  h5.write_strings("sharing/workload", workload);
  h5.write_strings("sharing/kernel", kernel);
  h5.write("sharing/launch", launch, {n}, {"launch"});
  h5.write("sharing/static_blocks", static_blocks, {n}, {"launch"}, "blocks");
  h5.write("sharing/regs_per_thread", regs, {n}, {"launch"}, "registers");
  const std::vector<std::string> lc = {"launch", "config"};
  h5.write("sharing/cycles", cycles, {n, nc}, lc, "cycles");
  h5.write("sharing/peak_registers", peak, {n, nc}, lc, "warp registers");
  h5.write("sharing/mean_registers", mean, {n, nc}, lc, "warp registers");
  h5.write("sharing/peak_blocks", blocks, {n, nc}, lc, "blocks");
  h5.write("sharing/global_loads", loads, {n, nc}, lc, "warp instructions");
  h5.write("sharing/loads_removed", hits, {n, nc}, lc, "warp instructions");
  h5.write("sharing/loads_merged", merged, {n, nc}, lc, "warp instructions");
  h5.commit();
}

}  // namespace

SharingStage::Options::Options() : workloads(join_names(study::default_sharing_workloads())) {}

StageInfo SharingStage::info() { return {"sharing", {}, {"population.", "arch.", "sharing.", "floorplan.", "rfmodel."}, true}; }

const std::vector<OptionDecl<SharingStage::Options>>& SharingStage::options() {
  static const Options d;
  static const std::vector<OptionDecl<Options>> decls = {
      {"workloads", "--workloads",
       "Comma-separated PTX workloads (ptx:NAME; default: Jeon 2019 §4's " + d.workloads + ")",
       &Options::workloads},
      {"table_entries", "--table-entries",
       "Entries of the finite address mapping table (perfect and partial sharing), 1..1048576 (default 200 = "
       "1 KB, Jeon §4.1); the unlimited table is always run",
       &Options::table_entries},
      {"scheduler", "--scheduler", "Warp scheduler of every run (default: two-level, Jeon §4)", &Options::scheduler},
  };
  return decls;
}

void SharingStage::check(const Options& o, const StageContext& ctx) {
  const arch::ArchParams ap = arch::ArchParams::from_config(ctx.config);
  if (ap.gpu_sms > 1) throw InputError(arch::kOneSmOnly);
  study::check_sharing_study_options(sharing_study_options(o));
  check_workload_specs(split_list(o.workloads), "--workloads");
  arch::make_scheduler(o.scheduler, ap);  // throws InputError naming the accepted policies
}

SharingStage::Result SharingStage::run(const Options& o, const StageContext& ctx) {
  check(o, ctx);
  const arch::ArchParams ap = arch::ArchParams::from_config(ctx.config);
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(ctx.config);
  varius::RfGeometry g = varius::rf_geometry(varius::FloorplanParams::from_config(ctx.config));
  g.subbanks = rp.subbanks;
  const study::SharingStudyOptions so = sharing_study_options(o);
  Progress bar("sharing", static_cast<std::uint64_t>(so.workloads.size() * study::kSharingConfigs), ctx.progress);
  const auto t0 = std::chrono::steady_clock::now();
  Result res{study::run_sharing_study(so, ap, rp, g, master_seed(ctx.config), &bar), ap.registers_per_sm / 32, 0.0,
             ctx.output};
  bar.finish();
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!ctx.output.empty()) write_sharing_file(ctx.output, res, ctx);
  return res;
}

nlohmann::json SharingStage::json(const Result& res) {
  nlohmann::json launches = nlohmann::json::array();
  for (const auto& l : res.r.launches)
    launches.push_back({{"workload", l.workload},
                        {"kernel", l.kernel},
                        {"launch", l.launch},
                        {"static_blocks", l.static_blocks},
                        {"regs_per_thread", l.regs_per_thread},
                        {"configs", sharing_configs_json(l.run)}});
  nlohmann::json totals;
  for (std::size_t w = 0; w < res.r.workloads.size(); ++w) totals[res.r.workloads[w]] = sharing_configs_json(res.r.totals[w]);
  nlohmann::json j = {{"table_entries", res.r.options.table_entries},
                      {"scheduler", res.r.options.scheduler},
                      {"physical_registers", res.physical_registers},
                      {"launches", launches},
                      {"workloads", totals},
                      {"seconds", res.seconds}};
  if (!res.output.empty()) j["file"] = res.output;
  return j;
}

}  // namespace rfvar::stages
