#include "stages/ipc_stage.h"

#include <chrono>

#include "arch/run.h"
#include "common/h5io.h"
#include "common/progress.h"
#include "frontend/load_workload.h"
#include "stages/job_log_output.h"
#include "stages/stage_inputs.h"
#include "stages/technique_output.h"
#include "stages/workload_check.h"
#include "technique/registry.h"
#include "varius/chip_sampler.h"
#include "varius/params.h"
#include "workload/kernel_parser.h"

namespace rfvar::stages {

namespace {

// The SMs whose delays the PV techniques use, per chip: SM --sm, or with arch.gpu_sms = N > 1 SMs
// 0..N-1; without --chip / --chips chip 0 of the configured population, sampled here.
ChipSms load_sms(const IpcStage::Options& io, const Config& c, int gpu_sms, std::uint64_t seed,
                 std::string& source) {
  if (!io.chip.empty() && !io.chips.empty()) throw InputError("give --chip FILE:K or --chips FILE, not both");
  if (!io.chip.empty()) {
    const auto [file, k] = parse_chip_spec(io.chip);
    source = io.chip;
    return read_chip_sms(file, k, 1, io.sm, gpu_sms, "--chip " + io.chip);
  }
  if (!io.chips.empty()) {
    ChipSms all = read_chip_sms(io.chips, 0, -1, io.sm, gpu_sms, "--chips " + io.chips);
    source = io.chips + " (all " + std::to_string(all.chips.size()) + " chips)";
    return all;
  }
  check_sm_option(io.sm, gpu_sms);
  const varius::ChipSampler sampler(varius::VariusParams::from_config(c),
                                    varius::FloorplanParams::from_config(c));
  varius::ChipSample chip = sampler.sample(seed, 0);
  if (io.sm < 0 || io.sm >= static_cast<int>(chip.sms.size())) throw InputError("--sm out of range");
  if (gpu_sms > static_cast<int>(chip.sms.size()))
    throw InputError("arch.gpu_sms is more than the chip's SMs");
  if (gpu_sms > 1)
    chip.sms.resize(static_cast<std::size_t>(gpu_sms));
  else
    chip.sms = {chip.sms[static_cast<std::size_t>(io.sm)]};
  source = "chip 0 of seed " + std::to_string(seed) + " (sampled)";
  ChipSms out;
  out.geometry = chip.geometry;
  out.chips.push_back(std::move(chip.sms));
  return out;
}

std::vector<std::string> kernel_specs(const IpcStage::Options& io) {
  std::vector<std::string> names = io.kernels == "all" ? arch::available_benchmarks() : split_list(io.kernels);
  if (names.empty()) throw InputError("--kernels: no kernel named");
  return names;
}

}  // namespace

IpcStage::Options::Options() : techniques(join_names(technique::figure_names(11))) {}

StageInfo IpcStage::info() {
  return {"ipc", {"population"}, {"population.", "rfmodel.", "floorplan.", "arch.", "ltrf.", "sharing."}, true};
}

const std::vector<OptionDecl<IpcStage::Options>>& IpcStage::options() {
  static const Options d;
  static const std::vector<OptionDecl<Options>> decls = {
      {"kernels", "--kernels",
       "Comma-separated workloads, or 'all' (default: all in data/kernels). Forms:\n" + arch::workload_spec_forms(),
       &Options::kernels},
      {"techniques", "--techniques",
       "Comma-separated techniques: " + technique::names_joined(technique::Role::ipc) +
           " (default: Tan Fig. 11's: " + d.techniques + ")",
       &Options::techniques},
      {"", "--chip", "FILE:K: one chip of a file written by 'rfvar chips'", &Options::chip},
      {"", "--chips", "FILE: every chip of the file (vl-rf averaged over them)", &Options::chips},
      {"chip", "", "one chip of the population (default: all chips, vl-rf averaged)", &Options::chip_index},
      {"sm", "--sm", "SM of each chip whose register-file delays are used (default: 0)", &Options::sm},
      {"", "--trace-cache", kTraceCacheHelp, &Options::trace_cache},
      {"gpu_sms", "",
       "SMs simulated sharing the L2 and DRAM (arch.gpu_sms, 1..arch.sms; default 1), clocks as arch.gpu_clocks",
       ConfigKeyOption{"arch.gpu_sms"}},
  };
  return decls;
}

void IpcStage::bind(Options& o, const std::string& population, const std::string& trace_cache) {
  if (o.chip_index)
    o.chip = population + ":" + std::to_string(*o.chip_index);
  else
    o.chips = population;
  o.trace_cache = trace_cache;
}

void IpcStage::check(const Options& io, const StageContext& ctx) {
  const study::IpcRunSpec spec{arch::ArchParams::from_config(ctx.config), rfmodel::RfParams::from_config(ctx.config),
                               split_list(io.techniques)};
  study::check_ipc_run(spec);
  check_workload_specs(kernel_specs(io), "--kernels");
  if (!io.chip.empty() && !io.chips.empty()) throw InputError("give --chip FILE:K or --chips FILE, not both");
  if (io.chip_index && *io.chip_index < 0)
    throw InputError("chip = " + std::to_string(*io.chip_index) + ": a chip index is >= 0");
  check_sm_option(io.sm, spec.arch.gpu_sms);
}

IpcStage::Result IpcStage::run(const Options& io, const StageContext& ctx) {
  const Config& config = ctx.config;
  study::IpcRunSpec spec{arch::ArchParams::from_config(config), rfmodel::RfParams::from_config(config),
                         split_list(io.techniques)};
  study::check_ipc_run(spec);
  spec.jobs = ctx.jobs;
  const std::vector<std::string>& techs = spec.techniques;
  std::vector<std::string> names = kernel_specs(io);
  const std::uint64_t seed = master_seed(config);
  std::vector<std::unique_ptr<arch::IWorkload>> benches;  // any front end (frontend/load_workload.h)
  for (const auto& n : names) benches.push_back(arch::load_workload(n, spec.arch, seed, io.trace_cache));
  std::vector<std::string> shown;  // display names, distinct even when two workloads share a benchmark name
  for (const auto& b : benches) shown.push_back(b->benchmark().name);
  shown = distinct_names(names, shown);
  std::string source;
  const ChipSms sms = load_sms(io, config, spec.arch.gpu_sms, seed, source);
  check_chip_capacity(sms.geometry, spec.arch.registers_per_sm, source);
  varius::RfGeometry g = sms.geometry;
  g.subbanks = spec.rf.subbanks;

  std::vector<const arch::IWorkload*> wls;
  for (const auto& b : benches) wls.push_back(b.get());
  const std::uint64_t key = arch::workload_key(RngStream(seed, 0, Stream::Workload));  // load_workload()'s
  const auto t0 = std::chrono::steady_clock::now();
  study::IpcRunResult res;
  {
    Progress bar("ipc", study::ipc_run_count(spec, wls.size(), sms.chips.size()), ctx.progress);
    res = study::run_ipc(spec, wls, sms.chips, g, key, &bar);
    bar.finish();
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const int nk = static_cast<int>(benches.size());
  const bool pv_clocks = spec.arch.gpu_sms > 1 && spec.arch.gpu_clocks == arch::GpuClocks::Pv;
  if (!ctx.output.empty()) {
    H5Writer out(ctx.output);
    out.provenance("ipc", seed, config, ctx.command_line);
    out.attr("/", "chips", source);
    out.attr("/", "sm", static_cast<std::int64_t>(io.sm));
    out.attr("/", "gpu_sms", static_cast<std::int64_t>(spec.arch.gpu_sms));
    out.attr("/", "gpu_clocks", std::string(pv_clocks ? "pv" : "equal"));
    out.write_strings("/kernels", names);
    out.write_strings("/techniques", techs);
    std::vector<double> table;
    for (const auto& row : res.normalized) table.insert(table.end(), row.begin(), row.end());
    out.write("/normalized_ipc", table, {techs.size(), static_cast<std::uint64_t>(nk)},
              {"technique", "kernel"}, "1 (IPC / baseline IPC without PV)");
    out.write("/baseline_ipc", res.base_ipc, {static_cast<std::uint64_t>(nk)}, {"kernel"},
              "warp instructions per cycle");
    out.attr("/", "normalization", std::string("baseline"));
    out.group("/technique");
    for (const auto& t : techs) write_technique_attrs(out, "/technique/" + t, t, technique::Role::ipc);
    write_job_log(out, ctx);
    out.commit();
  }
  Result r;
  r.res = std::move(res);
  r.techniques = techs;
  r.names = std::move(names);
  r.shown = std::move(shown);
  r.source = source;
  r.output = ctx.output;
  r.sm = io.sm;
  r.gpu_sms = spec.arch.gpu_sms;
  r.pv_clocks = spec.arch.gpu_clocks == arch::GpuClocks::Pv;
  r.seconds = secs;
  r.rate = secs > 0 ? r.res.warp_instructions / secs : 0.0;
  return r;
}

nlohmann::json IpcStage::json(const Result& r) {
  nlohmann::json tj;
  for (std::size_t t = 0; t < r.techniques.size(); ++t) {
    for (std::size_t k = 0; k < r.shown.size(); ++k)
      tj[r.techniques[t]]["per_kernel"][r.shown[k]] = r.res.normalized[t][k];
    tj[r.techniques[t]]["mean"] = r.res.mean[t];
  }
  nlohmann::json j = {{"techniques", tj}, {"sim_rate_warp_inst_per_s", r.rate},
                      {"seconds", r.seconds},  {"chips", r.source},
                      {"sm", r.sm},      {"runs", r.res.runs}};
  if (r.gpu_sms > 1) {
    j["gpu_sms"] = r.gpu_sms;
    j["gpu_clocks"] = r.pv_clocks ? "pv" : "equal";
  }
  for (std::size_t k = 0; k < r.shown.size(); ++k) j["baseline_ipc"][r.shown[k]] = r.res.base_ipc[k];
  if (!r.output.empty()) j["file"] = r.output;
  return j;
}

}  // namespace rfvar::stages
