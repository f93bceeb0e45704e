// `rfvar ipc`: the Tan 2016 Fig. 11 table — IPC of each technique normalized to the baseline without
// PV, per kernel and mean (issue 4). No model logic here: arch/run.h runs every (kernel, technique,
// chip) on one SM, in parallel over independent runs, results gathered by index.
#include <omp.h>

#include <chrono>
#include <cstdio>

#include "apps/chips_file.h"
#include "apps/cli_common.h"
#include "arch/load_workload.h"
#include "arch/run.h"
#include "arch/workload/kernel_parser.h"
#include "common/h5io.h"
#include "varius/chip_sampler.h"

namespace rfvar::apps {

namespace {

struct IpcOptions {
  std::string kernels = "all";
  std::string techniques = "baseline,vl-rf,vl-sb+rf-bro,fba-rm,two-level,fwas,pv-opt";
  std::string chip;   // FILE:K
  std::string chips;  // FILE (all chips)
  int sm = 0;
  std::string output;
  std::string trace_cache;  // optional directory of cached PTX traces
};

// The SMs whose delays the PV techniques use, per chip: SM --sm, or with arch.gpu_sms = N > 1 SMs 0..N-1.
std::vector<std::vector<varius::SmDelays>> load_sms(const IpcOptions& io, const Config& c, int gpu_sms,
                                                    std::uint64_t seed, varius::RfGeometry& g,
                                                    std::string& source) {
  if (gpu_sms > 1 && io.sm != 0)
    throw InputError("--sm selects the one simulated SM; with arch.gpu_sms > 1 SMs 0..gpu_sms-1 run");
  if (!io.chip.empty() && !io.chips.empty()) throw InputError("give --chip FILE:K or --chips FILE, not both");
  std::vector<varius::ChipSample> chips;
  int first = 0, count = 1;
  std::string file;
  if (!io.chip.empty()) {
    const auto colon = io.chip.rfind(':');
    if (colon == std::string::npos || colon == 0) throw InputError("--chip '" + io.chip + "': expected FILE:INDEX");
    file = io.chip.substr(0, colon);
    try {
      std::size_t n = 0;
      first = std::stoi(io.chip.substr(colon + 1), &n);
      if (n != io.chip.size() - colon - 1 || first < 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw InputError("--chip '" + io.chip + "': the chip index must be a non-negative integer");
    }
  } else if (!io.chips.empty()) {
    file = io.chips;
    count = -1;
  }
  if (!file.empty()) {
    const ChipsFile in(file);
    if (first >= in.info().chips)
      throw InputError("--chip " + io.chip + ": index " + std::to_string(first) + " out of range; '" + file +
                       "' holds " + std::to_string(in.info().chips) + " chips");
    if (io.sm < 0 || io.sm >= in.info().sms)
      throw InputError("--sm " + std::to_string(io.sm) + " out of range (0.." + std::to_string(in.info().sms - 1) + ")");
    if (gpu_sms > in.info().sms)
      throw InputError("arch.gpu_sms = " + std::to_string(gpu_sms) + " but the chips of '" + file +
                       "' have " + std::to_string(in.info().sms) + " SMs");
    chips = in.read(first, count, io.sm, gpu_sms);
    source = count < 0 ? file + " (all " + std::to_string(chips.size()) + " chips)" : io.chip;
  } else {  // no file: chip 0 of the configured population, sampled here
    const varius::ChipSampler sampler(varius::VariusParams::from_config(c), varius::FloorplanParams::from_config(c));
    varius::ChipSample chip = sampler.sample(seed, 0);
    if (io.sm < 0 || io.sm >= static_cast<int>(chip.sms.size())) throw InputError("--sm out of range");
    if (gpu_sms > static_cast<int>(chip.sms.size()))
      throw InputError("arch.gpu_sms is more than the chip's SMs");
    if (gpu_sms > 1)
      chip.sms.resize(static_cast<std::size_t>(gpu_sms));
    else
      chip.sms = {chip.sms[static_cast<std::size_t>(io.sm)]};
    chips.push_back(std::move(chip));
    source = "chip 0 of seed " + std::to_string(seed) + " (sampled)";
  }
  g = chips.at(0).geometry;
  std::vector<std::vector<varius::SmDelays>> sms;
  for (auto& ch : chips) sms.push_back(std::move(ch.sms));
  return sms;
}

void run(CommonOptions& o, const IpcOptions& io) {
  const Config config = o.load_config();
  o.apply_threads();
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(config);
  const std::vector<std::string> techs = split_list(io.techniques);
  if (techs.empty()) throw InputError("--techniques: no technique named");
  for (const auto& t : techs) arch::find_technique(t);
  std::vector<std::string> names = io.kernels == "all" ? arch::available_benchmarks() : split_list(io.kernels);
  if (names.empty()) throw InputError("--kernels: no kernel named");
  const std::uint64_t seed = o.master_seed(config);
  std::vector<std::unique_ptr<arch::IWorkload>> benches;  // any front end (arch/load_workload.h)
  for (const auto& n : names) benches.push_back(arch::load_workload(n, ap, seed, io.trace_cache));
  std::vector<std::string> shown;  // display names, distinct even when two workloads share a benchmark name
  for (const auto& b : benches) shown.push_back(b->benchmark().name);
  shown = distinct_names(names, shown);
  varius::RfGeometry g;
  std::string source;
  const std::vector<std::vector<varius::SmDelays>> sms = load_sms(io, config, ap.gpu_sms, seed, g, source);
  g.subbanks = rp.subbanks;

  // Jobs: every kernel under "baseline" (the normalization) once; vl-rf on every chip; the RF-BRO
  // based techniques on the first chip (their bank latencies do not depend on the chip, Tan §6.1.1).
  struct Job {
    int kernel;
    std::string tech;
    int chip;  // -1: no PV
  };
  std::vector<Job> jobs;
  const int nk = static_cast<int>(benches.size());
  for (int k = 0; k < nk; ++k) {
    jobs.push_back({k, "baseline", -1});
    for (const auto& t : techs) {
      if (t == "baseline") continue;
      const int nchips = t == "vl-rf" ? static_cast<int>(sms.size()) : 1;
      for (int c = 0; c < nchips; ++c) jobs.push_back({k, t, c});
    }
  }
  std::vector<arch::SmStats> results(jobs.size());
  const std::uint64_t key = arch::workload_key(RngStream(seed, 0, Stream::Workload));  // load_workload()'s
  Progress bar("ipc", jobs.size(), o.progress());
  const auto t0 = std::chrono::steady_clock::now();
  std::string error;
#pragma omp parallel for schedule(dynamic, 1)
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    try {
      const Job& job = jobs[j];
      const arch::IWorkload& wl = *benches[static_cast<std::size_t>(job.kernel)];
      if (ap.gpu_sms > 1) {  // the N-SM mode: SMs 0..N-1 of the chip, each its own delays
        std::vector<const varius::SmDelays*> d(static_cast<std::size_t>(ap.gpu_sms), nullptr);
        if (job.chip >= 0)
          for (std::size_t i = 0; i < d.size(); ++i) d[i] = &sms[static_cast<std::size_t>(job.chip)][i];
        results[j] = arch::run_technique_gpu(wl, ap, rp, job.tech, d, g, key, nullptr).stats;
      } else {
        const varius::SmDelays* sm = job.chip < 0 ? nullptr : &sms[static_cast<std::size_t>(job.chip)].at(0);
        results[j] = arch::run_technique(wl, ap, rp, job.tech, sm, g, key, nullptr).stats;
      }
    } catch (const std::exception& e) {
#pragma omp critical
      error = e.what();
    }
    bar.tick();
  }
  bar.finish();
  if (!error.empty()) throw InputError(error);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // Gather (serially, in job order): normalized IPC per technique and kernel.
  std::vector<double> base_ipc(static_cast<std::size_t>(nk), 0.0);
  std::map<std::string, std::vector<double>> sum;
  std::map<std::string, std::vector<int>> cnt;
  double total_inst = 0.0;
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    total_inst += static_cast<double>(results[j].warp_instructions);
    if (jobs[j].tech == "baseline") base_ipc[static_cast<std::size_t>(jobs[j].kernel)] = results[j].ipc();
  }
  for (const auto& t : techs) sum[t].assign(static_cast<std::size_t>(nk), 0.0), cnt[t].assign(static_cast<std::size_t>(nk), 0);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const auto k = static_cast<std::size_t>(jobs[j].kernel);
    if (!sum.count(jobs[j].tech)) continue;
    sum[jobs[j].tech][k] += base_ipc[k] > 0 ? results[j].ipc() / base_ipc[k] : 0.0;
    cnt[jobs[j].tech][k] += 1;
  }
  nlohmann::json tj;
  std::map<std::string, double> mean;
  for (const auto& t : techs) {
    double m = 0.0;
    for (int k = 0; k < nk; ++k) {
      const auto kk = static_cast<std::size_t>(k);
      const double x = cnt[t][kk] ? sum[t][kk] / cnt[t][kk] : 1.0;
      sum[t][kk] = x;
      tj[t]["per_kernel"][shown[kk]] = x;
      m += x / nk;
    }
    tj[t]["mean"] = m;
    mean[t] = m;
  }
  const double rate = secs > 0 ? total_inst / secs : 0.0;
  if (!io.output.empty()) {
    H5Writer out(io.output);
    out.provenance("ipc", seed, config, o.command_line);
    out.attr("/", "chips", source);
    out.attr("/", "sm", static_cast<std::int64_t>(io.sm));
    out.write_strings("/kernels", names);
    out.write_strings("/techniques", techs);
    std::vector<double> table;
    for (const auto& t : techs) table.insert(table.end(), sum[t].begin(), sum[t].end());
    out.write("/normalized_ipc", table, {techs.size(), static_cast<std::uint64_t>(nk)}, {"technique", "kernel"},
              "1 (IPC / baseline IPC without PV)");
    out.write("/baseline_ipc", base_ipc, {static_cast<std::uint64_t>(nk)}, {"kernel"}, "warp instructions per cycle");
    out.commit();
  }
  if (o.json) {
    nlohmann::json j = {{"techniques", tj}, {"sim_rate_warp_inst_per_s", rate}, {"seconds", secs},
                        {"chips", source},  {"sm", io.sm},                        {"runs", jobs.size()}};
    for (int k = 0; k < nk; ++k) j["baseline_ipc"][shown[static_cast<std::size_t>(k)]] = base_ipc[static_cast<std::size_t>(k)];
    if (!io.output.empty()) j["file"] = io.output;
    print_json(j);
    return;
  }
  std::printf("IPC normalized to the baseline without PV (Tan 2016 Fig. 11); PV from %s, SM %d\n", source.c_str(), io.sm);
  std::printf("%-10s %9s", "kernel", "base IPC");
  for (const auto& t : techs) std::printf(" %13s", t.c_str());
  std::printf("\n");
  for (int k = 0; k < nk; ++k) {
    std::printf("%-10s %9.3f", shown[static_cast<std::size_t>(k)].c_str(), base_ipc[static_cast<std::size_t>(k)]);
    for (const auto& t : techs) std::printf(" %13.3f", sum[t][static_cast<std::size_t>(k)]);
    std::printf("\n");
  }
  std::printf("%-10s %9s", "mean", "");
  for (const auto& t : techs) std::printf(" %13.3f", mean[t]);
  std::printf("\n%-10s %9s", "loss %", "");
  for (const auto& t : techs) std::printf(" %13.1f", 100.0 * (1.0 - mean[t]));
  std::printf("\n%zu runs in %.2f s (%.2f M warp instructions/s over all threads)\n", jobs.size(), secs, 1e-6 * rate);
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
      "the configured population is sampled.");
  sub->add_option("--kernels", io->kernels,
                  "Comma-separated workloads, or 'all' (default: all in data/kernels). Forms:\n" +
                      arch::workload_spec_forms());
  sub->add_option("--techniques", io->techniques,
                  "Comma-separated techniques (default: baseline,vl-rf,vl-sb+rf-bro,fba-rm,two-level,fwas,pv-opt)");
  sub->add_option("--chip", io->chip, "FILE:K: one chip of a file written by 'rfvar chips'");
  sub->add_option("--chips", io->chips, "FILE: every chip of the file (vl-rf averaged over them)");
  sub->add_option("--sm", io->sm, "SM of each chip whose register-file delays are used (default: 0)");
  sub->add_option("--trace-cache", io->trace_cache, kTraceCacheHelp);
  sub->add_option("-o,--output", io->output, "Also write the table to this HDF5 file (atomically)");
  add_common_options(sub, o, "");
  sub->callback([&o, io] { run(o, *io); });
}

}  // namespace rfvar::apps
