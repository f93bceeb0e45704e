// `rfvar intervals --kernel K`: LTRF's register-intervals (Algorithms 1-2) of each kernel of a
// benchmark, their working sets and static lengths, the strands for comparison, and the dynamic
// interval length measured in an LTRF run (issue 6). No model logic here.
#include <cstdio>
#include <map>
#include <optional>

#include "apps/cli_common.h"
#include "hierarchy/design/design.h"
#include "hierarchy/ltrf/from_kernel.h"
#include "hierarchy/ltrf/intervals.h"
#include "hierarchy/ltrf/strands.h"
#include "hierarchy/ltrf/workload_set.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"

namespace rfvar::apps {

namespace {

struct IntervalsOptions {
  std::string kernel;
  std::optional<int> regs;
};

std::vector<int> reg_list(const arch::ltrf::RegSet& s) {
  std::vector<int> v;
  for (int r = 0; r < arch::ltrf::kMaxCfgRegs; ++r)
    if (s.test(static_cast<std::size_t>(r))) v.push_back(r);
  return v;
}

void run(CommonOptions& o, const IntervalsOptions& io) {
  const Config config = o.load_config();
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  arch::hierarchy::HierarchyParams h = arch::hierarchy::HierarchyParams::from_config(config);
  if (io.regs) {
    if (*io.regs < 1) throw InputError("--regs " + std::to_string(*io.regs) + " must be >= 1");
    h.ltrf.regs_per_interval = *io.regs;
  }
  const int n = h.ltrf.regs_per_interval;
  const std::uint64_t seed = o.master_seed(config);
  const std::unique_ptr<arch::IWorkload> wl = arch::ltrf::load_ltrf_workload(io.kernel, ap, seed);  // allocated ids
  const arch::Benchmark& b = wl->benchmark();
  nlohmann::json kj = nlohmann::json::array();
  for (const arch::Kernel& k : b.kernels) {
    const arch::ltrf::KernelCfg kc = arch::ltrf::cfg_from_kernel(k, h.ltrf.long_latency_sfu);
    const arch::ltrf::IntervalFormation f = arch::ltrf::form_register_intervals(kc.cfg, n);
    const arch::ltrf::StrandFormation s = arch::ltrf::form_strands(kc.cfg, n);
    std::map<std::pair<int, int>, int> pc_of;  // (block, index) -> pc
    for (std::size_t pc = 0; pc < kc.at_pc.size(); ++pc) pc_of[{kc.at_pc[pc].block, kc.at_pc[pc].index}] = static_cast<int>(pc);
    nlohmann::json ij = nlohmann::json::array();
    for (const auto& reg : f.partition.regions()) {
      nlohmann::json pieces = nlohmann::json::array();
      for (const auto& p : reg.pieces) pieces.push_back({pc_of[{p.block, p.begin}], pc_of[{p.block, p.end - 1}]});
      ij.push_back({{"entry_pc", pc_of[{reg.entry().block, reg.entry().index}]},
                    {"pc_ranges", pieces},
                    {"working_set", reg_list(reg.working_set)},
                    {"static_length", reg.static_length}});
    }
    kj.push_back({{"name", k.name},
                  {"blocks", kc.cfg.size()},
                  {"instructions", kc.cfg.instruction_count()},
                  {"intervals", ij},
                  {"pass1_intervals", f.pass1_intervals},
                  {"pass2_rounds", f.pass2_rounds},
                  {"block_cuts", f.block_cuts},
                  {"mean_static_length", f.partition.mean_static_length()},
                  {"max_working_set", f.partition.max_working_set()},
                  {"strands", s.partition.size()},
                  {"strand_mean_static_length", s.partition.mean_static_length()}});
  }
  // Dynamic lengths: LTRF (intervals) and LTRF on strands, main-RF design #1 at 1x.
  const std::uint64_t key = arch::workload_key(RngStream(seed, 0, Stream::Workload));  // load_workload()'s
  const arch::ltrf::MainRfConfig c1 = h.ltrf.main_rf(1);
  const arch::hierarchy::MainRfShape shape{c1.capacity_multiple, c1.bank_multiple, 1.0};
  const auto li = arch::hierarchy::run_design(*wl, ap, h, arch::hierarchy::Design::Ltrf, shape, key).ltrf;
  const auto ls = arch::hierarchy::run_design(*wl, ap, h, arch::hierarchy::Design::Shrf, shape, key).ltrf;
  if (o.json) {
    print_json({{"benchmark", b.name},
                {"regs_per_interval", n},
                {"kernels", kj},
                {"dynamic_interval_length", li.dynamic_region_length()},
                {"dynamic_strand_length", ls.dynamic_region_length()},
                {"prefetches", li.partitions.prefetches},
                {"regs_fetched", li.partitions.regs_fetched}});
    return;
  }
  std::printf("%s: register-intervals with N = %d registers (LTRF Algorithms 1-2)\n", b.name.c_str(), n);
  for (const auto& k : kj) {
    std::printf("\nkernel %s: %d blocks, %d instructions; %zu intervals (pass 1: %d, pass-2 rounds %d, block cuts %d), "
                "mean static length %.1f, largest working set %d; %d strands (mean static length %.1f)\n",
                k["name"].get<std::string>().c_str(), k["blocks"].get<int>(), k["instructions"].get<int>(), k["intervals"].size(),
                k["pass1_intervals"].get<int>(), k["pass2_rounds"].get<int>(), k["block_cuts"].get<int>(),
                k["mean_static_length"].get<double>(), k["max_working_set"].get<int>(), k["strands"].get<int>(),
                k["strand_mean_static_length"].get<double>());
    std::printf("  %4s %8s %6s  %-24s %s\n", "#", "entry pc", "length", "pc ranges", "working set");
    int i = 0;
    for (const auto& iv : k["intervals"]) {
      std::string ranges, ws;
      for (const auto& p : iv["pc_ranges"]) ranges += (ranges.empty() ? "" : " ") + std::to_string(p[0].get<int>()) + "-" + std::to_string(p[1].get<int>());
      for (const auto& r : iv["working_set"]) ws += (ws.empty() ? "R" : " R") + std::to_string(r.get<int>());
      std::printf("  %4d %8d %6d  %-24s %s\n", i++, iv["entry_pc"].get<int>(), iv["static_length"].get<int>(), ranges.c_str(), ws.c_str());
    }
  }
  std::printf("\ndynamic length (warp instructions per region entry, LTRF run on design #1 at 1x): intervals %.1f, strands %.1f\n",
              li.dynamic_region_length(), ls.dynamic_region_length());
}

}  // namespace

void register_intervals(CLI::App& app, CommonOptions& o) {
  auto io = std::make_shared<IntervalsOptions>();
  CLI::App* sub = app.add_subcommand(
      "intervals",
      "LTRF register-intervals of a benchmark's kernels (Algorithms 1-2, second pass to a fixed point):\n"
      "working sets, static lengths, strands for comparison, and the dynamic interval length of a run.");
  sub->add_option("--kernel", io->kernel, "Workload: a name of data/kernels/ltrf or data/kernels, or any form of rfvar sim --kernel\n"
                  "(ptx:NAME is allocated, arch.register_ids = allocated, as LTRF's compiler works on allocated registers)")->required();
  sub->add_option("--regs", io->regs, "N, registers per interval (default: ltrf.regs_per_interval)");
  add_common_options(sub, o, "");
  sub->callback([&o, io] { run(o, *io); });
}

}  // namespace rfvar::apps
