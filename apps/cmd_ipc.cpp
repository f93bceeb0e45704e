// `rfvar ipc`: the Tan 2016 Fig. 11 table — IPC of each technique normalized to the baseline without
// PV, per kernel and mean. No model logic here: study/ipc/ipc_run.h plans and runs every (kernel,
// technique, chip); this file parses options, reads the chips, writes HDF5 and reports.
#include <chrono>
#include <cstdio>

#include "apps/cli_common.h"
#include "apps/technique_output.h"
#include "frontend/load_workload.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "common/h5io.h"
#include "study/ipc/ipc_run.h"
#include "technique/registry.h"
#include "varius/chip_sampler.h"

namespace rfvar::apps {

namespace {

struct IpcOptions {
  std::string kernels = "all";
  std::string techniques = join_names(technique::figure_names(11));
  std::string chip;   // FILE:K
  std::string chips;  // FILE (all chips)
  int sm = 0;
  std::string output;
  std::string trace_cache;  // optional directory of cached PTX traces
};

// The SMs whose delays the PV techniques use, per chip: SM --sm, or with arch.gpu_sms = N > 1 SMs
// 0..N-1; without --chip / --chips chip 0 of the configured population, sampled here.
ChipSms load_sms(const IpcOptions& io, const Config& c, int gpu_sms, std::uint64_t seed,
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

void run(CommonOptions& o, const IpcOptions& io) {
  const Config config = o.load_config();
  o.apply_threads();
  study::IpcRunSpec spec{arch::ArchParams::from_config(config), rfmodel::RfParams::from_config(config),
                         split_list(io.techniques)};
  study::check_ipc_run(spec);
  const std::vector<std::string>& techs = spec.techniques;
  std::vector<std::string> names =
      io.kernels == "all" ? arch::available_benchmarks() : split_list(io.kernels);
  if (names.empty()) throw InputError("--kernels: no kernel named");
  const std::uint64_t seed = o.master_seed(config);
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
    Progress bar("ipc", study::ipc_run_count(spec, wls.size(), sms.chips.size()), o.progress());
    res = study::run_ipc(spec, wls, sms.chips, g, key, &bar);
    bar.finish();
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const int nk = static_cast<int>(benches.size());
  const std::vector<double>& base_ipc = res.base_ipc;

  nlohmann::json tj;
  for (std::size_t t = 0; t < techs.size(); ++t) {
    for (int k = 0; k < nk; ++k)
      tj[techs[t]]["per_kernel"][shown[static_cast<std::size_t>(k)]] =
          res.normalized[t][static_cast<std::size_t>(k)];
    tj[techs[t]]["mean"] = res.mean[t];
  }
  const double rate = secs > 0 ? res.warp_instructions / secs : 0.0;
  if (!io.output.empty()) {
    H5Writer out(io.output);
    out.provenance("ipc", seed, config, o.command_line);
    out.attr("/", "chips", source);
    out.attr("/", "sm", static_cast<std::int64_t>(io.sm));
    out.attr("/", "gpu_sms", static_cast<std::int64_t>(spec.arch.gpu_sms));
    out.attr("/", "gpu_clocks",
             std::string(spec.arch.gpu_sms > 1 && spec.arch.gpu_clocks == arch::GpuClocks::Pv ? "pv" : "equal"));
    out.write_strings("/kernels", names);
    out.write_strings("/techniques", techs);
    std::vector<double> table;
    for (const auto& row : res.normalized) table.insert(table.end(), row.begin(), row.end());
    out.write("/normalized_ipc", table, {techs.size(), static_cast<std::uint64_t>(nk)},
              {"technique", "kernel"}, "1 (IPC / baseline IPC without PV)");
    out.write("/baseline_ipc", base_ipc, {static_cast<std::uint64_t>(nk)}, {"kernel"},
              "warp instructions per cycle");
    out.attr("/", "normalization", std::string("baseline"));
    out.group("/technique");
    for (const auto& t : techs) write_technique_attrs(out, "/technique/" + t, t, technique::Role::ipc);
    out.commit();
  }
  if (o.json) {
    nlohmann::json j = {{"techniques", tj}, {"sim_rate_warp_inst_per_s", rate},
                        {"seconds", secs},  {"chips", source},
                        {"sm", io.sm},      {"runs", res.runs}};
    if (spec.arch.gpu_sms > 1) {
      j["gpu_sms"] = spec.arch.gpu_sms;
      j["gpu_clocks"] = spec.arch.gpu_clocks == arch::GpuClocks::Pv ? "pv" : "equal";
    }
    for (int k = 0; k < nk; ++k)
      j["baseline_ipc"][shown[static_cast<std::size_t>(k)]] = base_ipc[static_cast<std::size_t>(k)];
    if (!io.output.empty()) j["file"] = io.output;
    print_json(j);
    return;
  }
  if (spec.arch.gpu_sms > 1)
    std::printf("IPC normalized to the baseline without PV (Tan 2016 Fig. 11); PV from %s, SMs 0..%d sharing the "
                "L2 and DRAM at %s\n",
                source.c_str(), spec.arch.gpu_sms - 1,
                spec.arch.gpu_clocks == arch::GpuClocks::Pv ? "their PV clocks" : "the clock without PV");
  else
    std::printf("IPC normalized to the baseline without PV (Tan 2016 Fig. 11); PV from %s, SM %d\n",
                source.c_str(), io.sm);
  std::printf("%-10s %9s", "kernel", "base IPC");
  for (const auto& t : techs) std::printf(" %13s", t.c_str());
  std::printf("\n");
  for (int k = 0; k < nk; ++k) {
    std::printf("%-10s %9.3f", shown[static_cast<std::size_t>(k)].c_str(),
                base_ipc[static_cast<std::size_t>(k)]);
    for (std::size_t t = 0; t < techs.size(); ++t)
      std::printf(" %13.3f", res.normalized[t][static_cast<std::size_t>(k)]);
    std::printf("\n");
  }
  std::printf("%-10s %9s", "mean", "");
  for (std::size_t t = 0; t < techs.size(); ++t) std::printf(" %13.3f", res.mean[t]);
  std::printf("\n%-10s %9s", "loss %", "");
  for (std::size_t t = 0; t < techs.size(); ++t) std::printf(" %13.1f", 100.0 * (1.0 - res.mean[t]));
  std::printf("\n%zu runs in %.2f s (%.2f M warp instructions/s over all threads)\n", res.runs, secs,
              1e-6 * rate);
  if (!io.output.empty()) std::printf("wrote %s\n", io.output.c_str());
}

}  // namespace

void register_ipc(CLI::App& app, CommonOptions& o) {
  auto io = std::make_shared<IpcOptions>();
  CLI::App* sub = app.add_subcommand(
      "ipc",
      "The Tan 2016 Fig. 11 table: IPC of each technique normalized to the baseline without PV, per\n"
      "kernel and mean. vl-rf is averaged over the chips given; the RF-BRO based techniques use the\n"
      "first chip (their bank latencies do not depend on the chip). Without --chip/--chips, chip 0 of\n"
      "the configured population is sampled. With --set arch.gpu_sms=N, N SMs of each chip share the L2\n"
      "and DRAM, all at the clock without PV (arch.gpu_clocks = \"equal\", the default: Fig. 11's IPC\n"
      "loss from latencies and conflicts) or each at its own PV clock (arch.gpu_clocks = \"pv\").");
  sub->add_option("--kernels", io->kernels,
                  "Comma-separated workloads, or 'all' (default: all in data/kernels). Forms:\n" +
                      arch::workload_spec_forms());
  sub->add_option("--techniques", io->techniques,
                  "Comma-separated techniques: " + technique::names_joined(technique::Role::ipc) +
                      " (default: Tan Fig. 11's: " + io->techniques + ")");
  sub->add_option("--chip", io->chip, "FILE:K: one chip of a file written by 'rfvar chips'");
  sub->add_option("--chips", io->chips, "FILE: every chip of the file (vl-rf averaged over them)");
  sub->add_option("--sm", io->sm, "SM of each chip whose register-file delays are used (default: 0)");
  sub->add_option("--trace-cache", io->trace_cache, kTraceCacheHelp);
  sub->add_option("-o,--output", io->output, "Also write the table to this HDF5 file (atomically)");
  add_common_options(sub, o, "");
  sub->callback([&o, io] { run(o, *io); });
}

}  // namespace rfvar::apps
