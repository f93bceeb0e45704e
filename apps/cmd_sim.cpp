// `rfvar sim --kernel SPEC`: one workload (any form of frontend/load_workload.h) on one SM under one
// technique (issue 4, issue 15). No model logic here: frontend/load_workload.h makes the workload,
// arch/run.h runs the SM; this file parses options, reads the chip, prints, writes HDF5.
#include <chrono>
#include <cstdio>

#include "apps/cli_common.h"
#include "frontend/load_workload.h"
#include "arch/run.h"
#include "arch/scheduler/i_warp_scheduler.h"
#include "common/h5io.h"
#include "technique/registry.h"
#include "technique/simulate.h"
#include "varius/params.h"
#include "varius/sm_sampler.h"

namespace rfvar::apps {

namespace {

struct SimOptions {
  std::string kernel;
  std::string technique = "baseline";
  std::string scheduler;  // optional override of the technique's scheduler (an experiment knob)
  std::string chip;  // FILE:K
  int sm = 0;
  std::string output;  // optional HDF5 file
  std::string trace_cache;  // optional directory of cached PTX traces
};

nlohmann::json stats_json(const arch::SmStats& s) {
  nlohmann::json stalls;
  for (int i = 0; i < static_cast<int>(arch::Stall::Count); ++i)
    stalls[arch::stall_name(static_cast<arch::Stall>(i))] = s.stalls[static_cast<std::size_t>(i)];
  return {{"ipc", s.ipc()},
          {"cycles", s.cycles},
          {"warp_instructions", s.warp_instructions},
          {"thread_instructions", s.thread_instructions},
          {"fast_instruction_fraction",
           s.warp_instructions ? static_cast<double>(s.fast_instructions) / static_cast<double>(s.warp_instructions) : 0.0},
          {"per_bank_reads", s.bank_reads},
          {"per_bank_writes", s.bank_writes},
          {"per_bank_busy_cycles", s.bank_busy_cycles},
          {"per_subbank_utilization", s.subbank_utilization()},
          {"stalls", stalls},
          {"bank_conflict_cycles", s.bank_conflict_cycles},
          {"slow_accesses", s.slow_accesses},
          {"row_spills", s.row_spills},
          {"l1_hits", s.l1_hits},
          {"l1_merges", s.l1_merges},
          {"l1_load_requests", s.l1_load_requests},
          {"l1_hit_rate", s.l1_hit_rate()},
          {"l1_const_requests", s.l1_const_requests},
          {"l1_data_hit_rate", s.l1_data_hit_rate()},
          {"stream_load_requests", s.stream_load_requests},
          {"stream_hit_rate", s.stream_hit_rate()},
          {"l2_hits", s.l2_hits},
          {"dram_accesses", s.dram_accesses},
          {"dram_writes", s.dram_writes},
          {"dram_row_hits", s.dram_row_hits},
          {"dram_row_misses", s.dram_row_misses},
          {"dram_row_conflicts", s.dram_row_conflicts},
          {"dram_row_hit_rate", s.dram_row_hit_rate()},
          {"blocks", s.blocks},
          {"kernel_launches", s.kernel_launches}};
}

void write_h5(const std::string& file, const CommonOptions& o, const Config& c, const SimOptions& so,
              const arch::RunResult& r, double clock_norm, int gpu_sms) {
  H5Writer out(file);
  out.provenance("sim", o.master_seed(c), c, o.command_line);
  out.attr("/", "kernel", so.kernel);
  out.attr("/", "technique", so.technique);
  out.attr("/", "chip", so.chip.empty() ? std::string("none (no PV)") : so.chip);
  out.attr("/", "sm", static_cast<std::int64_t>(so.sm));
  out.attr("/", "gpu_sms",
           static_cast<std::int64_t>(gpu_sms));  // > 1: statistics summed over SMs 0..gpu_sms-1
  out.attr("/", "clock_norm", clock_norm);
  const auto& s = r.stats;
  out.attr("/", "ipc", s.ipc());
  out.attr("/", "cycles", static_cast<std::int64_t>(s.cycles));
  out.attr("/", "warp_instructions", static_cast<std::int64_t>(s.warp_instructions));
  auto i64 = [](const std::vector<std::uint64_t>& v) { return std::vector<std::int64_t>(v.begin(), v.end()); };
  const Dims nb = {s.bank_reads.size()}, ns = {s.subbank_reads.size()};
  out.write("/bank/reads", i64(s.bank_reads), nb, {"virtual_bank"}, "accesses");
  out.write("/bank/writes", i64(s.bank_writes), nb, {"virtual_bank"}, "accesses");
  out.write("/bank/busy_cycles", i64(s.bank_busy_cycles), nb, {"virtual_bank"}, "cycles");
  out.write("/subbank/reads", i64(s.subbank_reads), ns, {"physical_subbank"}, "accesses");
  out.write("/subbank/writes", i64(s.subbank_writes), ns, {"physical_subbank"}, "accesses");
  out.write("/subbank/busy_cycles", i64(s.subbank_busy_cycles), ns, {"physical_subbank"}, "cycles");
  out.write("/subbank/utilization", s.subbank_utilization(), ns, {"physical_subbank"}, "accesses per cycle");
  out.write("/subbank/allocated_fraction", s.subbank_allocated_fraction(r.last_setup.rows_per_bank), ns,
            {"physical_subbank"}, "1");
  std::vector<std::int64_t> stalls(s.stalls.begin(), s.stalls.end());
  out.write("/stalls", stalls, {stalls.size()}, {"reason"}, "scheduler-cycles");
  std::vector<std::string> names;
  for (int i = 0; i < static_cast<int>(arch::Stall::Count); ++i) names.push_back(arch::stall_name(static_cast<arch::Stall>(i)));
  out.write_strings("/stall_names", names);
  out.write("/warp_finish_cycles", i64(s.warp_finish_cycles), {s.warp_finish_cycles.size()}, {"warp"}, "cycles");
  out.commit();
}

void run(CommonOptions& o, const SimOptions& so) {
  const Config config = o.load_config();
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(config);
  const auto tech = technique::make_ipc_technique(so.technique);  // validate before any work
  const std::string scheduler = so.scheduler.empty() ? tech->policy().scheduler : so.scheduler;
  arch::make_scheduler(scheduler, ap);  // validate: throws InputError naming the accepted policies
  const std::uint64_t seed = o.master_seed(config);
  const std::unique_ptr<arch::IWorkload> wl = arch::load_workload(so.kernel, ap, seed, so.trace_cache);
  const arch::Benchmark& bench = wl->benchmark();
  // The register file's geometry: the chip's, or without one the configured floorplan's
  // (floorplan.bank_cols x bank_rows banks of rows_per_bank entries).
  varius::RfGeometry g = varius::rf_geometry(varius::FloorplanParams::from_config(config));
  ChipSms chip;  // SM --sm of the chip, or SMs 0..gpu_sms-1; none: the chip without PV
  if (!so.chip.empty()) {
    const auto [file, k] = parse_chip_spec(so.chip);
    chip = read_chip_sms(file, k, 1, so.sm, ap.gpu_sms, "--chip " + so.chip);
    g = chip.geometry;
    check_chip_capacity(g, ap.registers_per_sm, "--chip " + so.chip);
  } else if (so.sm != 0) {
    throw InputError("--sm needs --chip");
  }
  g.subbanks = rp.subbanks;
  std::vector<const varius::SmDelays*> sms(static_cast<std::size_t>(ap.gpu_sms), nullptr);
  if (!chip.chips.empty())
    for (std::size_t i = 0; i < sms.size(); ++i) sms[i] = &chip.chips[0].at(i);
  const std::uint64_t key = arch::workload_key(RngStream(seed, 0, Stream::Workload));  // load_workload()'s
  const auto t0 = std::chrono::steady_clock::now();
  const arch::GpuRunResult r = technique::run_technique(*tech, *wl, ap, rp, sms, g, key, nullptr, scheduler);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double clock_norm = r.last_setup.clock_norm;
  if (!so.output.empty()) write_h5(so.output, o, config, so, r, clock_norm, ap.gpu_sms);

  if (o.json) {
    nlohmann::json j = stats_json(r.stats);
    j["kernel"] = bench.name;
    j["technique"] = so.technique;
    j["scheduler"] = scheduler;
    j["chip"] = so.chip.empty() ? nlohmann::json(nullptr) : nlohmann::json(so.chip);
    j["sm"] = so.sm;
    j["clock_norm"] = clock_norm;
    j["sim_seconds"] = secs;
    j["sim_rate_warp_inst_per_s"] = secs > 0 ? static_cast<double>(r.stats.warp_instructions) / secs : 0.0;
    if (ap.gpu_sms > 1) {
      j["gpu_sms"] = ap.gpu_sms;
      j["gpu_clocks"] = ap.gpu_clocks == arch::GpuClocks::Pv ? "pv" : "equal";
      nlohmann::json per = nlohmann::json::array();
      for (std::size_t i = 0; i < r.per_sm.size(); ++i)
        per.push_back({{"ipc", r.per_sm[i].ipc()},
                       {"cycles", r.per_sm[i].cycles},
                       {"warp_instructions", r.per_sm[i].warp_instructions},
                       {"blocks", r.per_sm[i].blocks},
                       {"clock_norm", r.clock_norm[i]}});
      j["per_sm"] = per;
      j["l2_tag_hits"] = r.l2_tag_hits;
      j["l2_tag_misses"] = r.l2_tag_misses;
    }
    nlohmann::json kernels = nlohmann::json::array();
    for (std::size_t i = 0; i < r.per_launch.size(); ++i) {
      const arch::LaunchStats& k = r.per_launch[i];
      const arch::Launch& l = bench.launches[i];
      const auto dram_bytes = (k.dram_accesses + k.dram_writes) * static_cast<std::uint64_t>(ap.l1_line_bytes);
      kernels.push_back({{"launch", i},
                         {"name", bench.kernels[static_cast<std::size_t>(l.kernel)].name},
                         {"grid_blocks", l.grid},
                         {"cycles", k.cycles},
                         {"warp_instructions", k.warp_instructions},
                         {"thread_instructions", k.thread_instructions},
                         {"ipc", k.ipc()},
                         {"l1_load_requests", k.l1_load_requests},
                         {"l1_hit_rate", k.l1_hit_rate()},
                         {"l1_const_requests", k.l1_const_requests},
                         {"l1_data_hit_rate", k.l1_data_hit_rate()},
                         {"l2_accesses", k.l2_hits + k.dram_accesses},
                         {"l2_hits", k.l2_hits},
                         {"l2_hit_rate", k.l2_hit_rate()},
                         {"dram_accesses", k.dram_accesses},
                         {"dram_writes", k.dram_writes},
                         {"dram_bytes", dram_bytes},
                         {"dram_bytes_per_cycle",
                          k.cycles ? static_cast<double>(dram_bytes) / static_cast<double>(k.cycles) : 0.0}});
    }
    if (ap.sharing.virtual_rf) {  // only then: the JSON without it stays as it was
      const auto& s = r.stats;
      const double cyc = static_cast<double>(std::max<std::uint64_t>(s.cycles, 1));
      j["vrf"] = {{"physical_registers", ap.registers_per_sm / 32},
                  {"peak_registers", s.vrf_peak_regs},
                  {"mean_registers", s.vrf_reg_cycles / cyc},
                  {"peak_blocks", s.vrf_peak_blocks},
                  {"alloc_stalls", s.vrf_alloc_stalls}};
      if (ap.sharing.mode != arch::SharingMode::Off)
        j["sharing"] = {{"table_entries", ap.sharing.table_entries}, {"global_loads", s.share_global_loads},
                        {"hits", s.share_hits},       {"waits", s.share_waits},
                        {"recorded", s.share_recorded}, {"invalidated", s.share_invalidated},
                        {"flushes", s.share_flushes}};
      if (ap.sharing.mode == arch::SharingMode::Partial) {
        j["sharing"]["partial_hits"] = s.share_partial_hits;
        j["sharing"]["merge_reads"] = s.share_merge_reads;
        j["sharing"]["merge_waits"] = s.share_merge_waits;
        j["sharing"]["partial_l1_hits"] = s.share_partial_l1_hits;
        j["sharing"]["partial_busy"] = s.share_partial_busy;
        j["sharing"]["merge_slots"] = ap.sharing.merge_slots;
        j["sharing"]["merge_cycles"] = ap.sharing.merge_cycles;
      }
      for (std::size_t i = 0; i < r.per_launch.size(); ++i) {
        const arch::LaunchStats& k = r.per_launch[i];
        kernels[i]["vrf_peak_registers"] = k.vrf_peak_regs;
        kernels[i]["vrf_mean_registers"] = k.cycles ? k.vrf_reg_cycles / static_cast<double>(k.cycles) : 0.0;
        kernels[i]["vrf_peak_blocks"] = k.vrf_peak_blocks;
        kernels[i]["share_global_loads"] = k.share_global_loads;
        kernels[i]["share_hits"] = k.share_hits;
        if (ap.sharing.mode == arch::SharingMode::Partial) kernels[i]["share_partial_hits"] = k.share_partial_hits;
      }
    }
    j["per_kernel"] = kernels;
    if (!so.output.empty()) j["file"] = so.output;
    print_json(j);
    return;
  }
  const auto& s = r.stats;
  if (ap.gpu_sms > 1) {
    std::printf(
        "%s under %s on %s, %d SMs sharing the L2 and DRAM at %s (IPC below: mean per SM; L2 tags %llu "
        "hits, %llu misses)\n",
        bench.name.c_str(), so.technique.c_str(), so.chip.empty() ? "the chip without PV" : so.chip.c_str(),
        ap.gpu_sms, ap.gpu_clocks == arch::GpuClocks::Pv ? "their PV clocks" : "the clock without PV",
        static_cast<unsigned long long>(r.l2_tag_hits),
        static_cast<unsigned long long>(r.l2_tag_misses));
    for (std::size_t i = 0; i < r.per_sm.size(); ++i)
      std::printf("  SM %zu: clock %.4f, IPC %.4f, %llu blocks\n", i, r.clock_norm[i], r.per_sm[i].ipc(),
                  static_cast<unsigned long long>(r.per_sm[i].blocks));
  } else {
    std::printf("%s under %s on %s (SM %d), clock %.4f of no-PV\n", bench.name.c_str(), so.technique.c_str(),
                so.chip.empty() ? "the chip without PV" : so.chip.c_str(), so.sm, clock_norm);
  }
  std::printf("IPC %.4f  cycles %llu  warp instructions %llu  (%zu launches, %llu blocks on this SM)\n", s.ipc(),
              static_cast<unsigned long long>(s.cycles), static_cast<unsigned long long>(s.warp_instructions),
              bench.launches.size(), static_cast<unsigned long long>(s.blocks));
  std::printf("stalls (scheduler-cycles):");
  for (int i = 0; i < static_cast<int>(arch::Stall::Count); ++i)
    std::printf(" %s %llu", arch::stall_name(static_cast<arch::Stall>(i)), static_cast<unsigned long long>(s.stalls[static_cast<std::size_t>(i)]));
  std::printf("\nslow register accesses %llu, bank-conflict cycles %llu, L1/L2/DRAM %llu/%llu/%llu\n"
              "L1 load requests %llu, hit rate %.3f (hits + merges); address-stream loads %llu, hit rate %.3f\n",
              static_cast<unsigned long long>(s.slow_accesses), static_cast<unsigned long long>(s.bank_conflict_cycles),
              static_cast<unsigned long long>(s.l1_hits), static_cast<unsigned long long>(s.l2_hits),
              static_cast<unsigned long long>(s.dram_accesses), static_cast<unsigned long long>(s.l1_load_requests),
              s.l1_hit_rate(), static_cast<unsigned long long>(s.stream_load_requests), s.stream_hit_rate());
  if (s.dram_row_hits + s.dram_row_misses + s.dram_row_conflicts > 0)
    std::printf("DRAM rows: hits %llu, misses %llu (precharged bank), conflicts %llu, hit rate %.3f\n",
                static_cast<unsigned long long>(s.dram_row_hits), static_cast<unsigned long long>(s.dram_row_misses),
                static_cast<unsigned long long>(s.dram_row_conflicts), s.dram_row_hit_rate());
  std::printf("bank reads:");
  for (auto v : s.bank_reads) std::printf(" %llu", static_cast<unsigned long long>(v));
  std::printf("\nsimulated in %.3f s (%.2f M warp instructions/s)\n", secs,
              secs > 0 ? 1e-6 * static_cast<double>(s.warp_instructions) / secs : 0.0);
  if (!so.output.empty()) std::printf("wrote %s\n", so.output.c_str());
}

}  // namespace

void register_sim(CLI::App& app, CommonOptions& o) {
  auto so = std::make_shared<SimOptions>();
  CLI::App* sub = app.add_subcommand(
      "sim",
      "Run one workload on one SM under one technique (Tan 2016 Fig. 11 set-ups) and report IPC,\n"
      "stalls and per-bank / per-sub-bank activity. Without --chip the chip has no PV (every technique\n"
      "then sees only fast banks). With --set arch.gpu_sms=N (N > 1) N SMs of the chip (SMs 0..N-1, each\n"
      "with its own delays) share a tag-modelled L2 and the DRAM, all at the clock without PV\n"
      "(arch.gpu_clocks = \"equal\", the default) or each at its own PV clock (\"pv\"); the statistics\n"
      "are summed over the SMs (IPC = mean per SM) and listed per SM. --kernel takes any of these\n"
      "workload forms:\n" +
          arch::workload_spec_forms());
  sub->add_option("--kernel", so->kernel,
                  "Workload: benchmark name (e.g. hotspot), .kernel file, ptx:NAME, harness .toml, Accel-Sim "
                  "folder / kernelslist.g, or .rftrace file")
      ->required();
  sub->add_option("--trace-cache", so->trace_cache, kTraceCacheHelp);
  sub->add_option("--technique", so->technique,
                  technique::names_joined(technique::Role::ipc) +
                      " (default: baseline; all-slow: every access slow, the model's bound)");
  sub->add_option("--scheduler", so->scheduler,
                  "Override the technique's warp scheduler: lrr, gto, two-level, two-level-groups, fwas (an experiment knob)");
  sub->add_option("--chip", so->chip, "FILE:K: chip K (0-based position) of a file written by 'rfvar chips'");
  add_integer_option<int>(sub, "--sm", so->sm, "SM of the chip whose register-file delays are used (default: 0)");
  sub->add_option("-o,--output", so->output, "Also write the run's statistics to this HDF5 file (atomically)");
  add_common_options(sub, o, "");
  sub->callback([&o, so] { run(o, *so); });
}

}  // namespace rfvar::apps
