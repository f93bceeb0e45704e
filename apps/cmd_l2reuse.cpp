// `rfvar l2-reuse --kernel K`: the L2 hit probability of each global/local memory instruction of a
// benchmark, derived from its address streams over all SMs (analysis/l2_reuse.h), next to the
// file's l2=. No model logic here.
#include <cstdio>

#include "apps/cli_common.h"
#include "analysis/l2_reuse.h"
#include "hierarchy/ltrf/workload_set.h"

namespace rfvar::apps {

namespace {

struct L2ReuseOptions {
  std::string kernel;
};

nlohmann::json instr_json(const arch::Benchmark& b, const arch::L2InstrReuse& r) {
  nlohmann::json j = {{"kernel", b.kernels[static_cast<std::size_t>(r.kernel)].name},
                      {"line", r.line},
                      {"pc", r.pc},
                      {"op", r.store ? "st" : "ld"},
                      {"file_l2", r.file_l2},
                      {"derivable", r.derivable},
                      {"line_requests", r.line_requests},
                      {"l2_requests", r.l2_requests},
                      {"l2_hits", r.l2_hits},
                      {"derived_l2", nullptr}};
  if (r.derivable && r.l2_requests > 0) j["derived_l2"] = r.derived_l2();
  return j;
}

void run(CommonOptions& o, const L2ReuseOptions& lo) {
  const Config config = o.load_config();
  const arch::ArchParams ap = arch::ArchParams::from_config(config);
  const arch::L2Params l2 = arch::L2Params::from_config(config);
  const arch::Benchmark b = arch::ltrf::load_ltrf_benchmark(lo.kernel);  // data/kernels/ltrf too
  const RngStream workload(o.master_seed(config), 0, Stream::Workload);
  const arch::L2Reuse r = arch::derive_l2_reuse(b, ap, l2, workload);
  const double total = r.l2_requests > 0 ? static_cast<double>(r.l2_hits) / static_cast<double>(r.l2_requests) : 0.0;
  if (o.json) {
    nlohmann::json ij = nlohmann::json::array();
    for (const auto& i : r.instructions) ij.push_back(instr_json(b, i));
    print_json({{"benchmark", b.name},
                {"source_file", b.source_file},
                {"sms", ap.sms},
                {"l2", {{"size_bytes", l2.size_bytes}, {"line_bytes", l2.line_bytes}, {"ways", l2.ways}, {"sets", l2.sets()}}},
                {"warp_instructions", r.warp_instructions},
                {"l2_requests", r.l2_requests},
                {"l2_hits", r.l2_hits},
                {"l2_hit_rate", total},
                {"instructions", ij}});
    return;
  }
  std::printf("%s: L2 hits of L1 misses over %d SMs (L2 %d KB, %d sets x %d B x %d ways, LRU, write-allocate); "
              "%llu warp instructions\n",
              b.name.c_str(), ap.sms, l2.size_bytes / 1024, l2.sets(), l2.line_bytes, l2.ways,
              static_cast<unsigned long long>(r.warp_instructions));
  std::printf("%-28s %6s %3s %8s %8s %12s %12s\n", "kernel", "line", "op", "file l2=", "derived", "L2 requests",
              "L1 requests");
  for (const auto& i : r.instructions) {
    char derived[16] = "-";
    if (!i.derivable) std::snprintf(derived, sizeof derived, "tx=");
    else if (i.l2_requests > 0) std::snprintf(derived, sizeof derived, "%.4f", i.derived_l2());
    std::printf("%-28s %6d %3s %8.2f %8s %12llu %12llu\n", b.kernels[static_cast<std::size_t>(i.kernel)].name.c_str(),
                i.line, i.store ? "st" : "ld", i.file_l2, derived, static_cast<unsigned long long>(i.l2_requests),
                static_cast<unsigned long long>(i.line_requests));
  }
  std::printf("all address-stream requests: %llu to the L2, hit rate %.4f "
              "(`tx=`: no addresses, not derivable; `-`: never reached the L2)\n",
              static_cast<unsigned long long>(r.l2_requests), total);
}

}  // namespace

void register_l2reuse(CLI::App& app, CommonOptions& o) {
  auto lo = std::make_shared<L2ReuseOptions>();
  CLI::App* sub = app.add_subcommand(
      "l2-reuse",
      "Derive each memory instruction's L2 hit probability (l2=) from its address streams: every block of\n"
      "every launch over all arch.sms SMs, per-SM L1s and one shared L2 (docs/kernel-format.md).");
  sub->add_option("--kernel", lo->kernel, "Benchmark name (data/kernels/<name>.kernel, or data/kernels/ltrf) or path")
      ->required();
  add_common_options(sub, o, "");
  sub->callback([&o, lo] { run(o, *lo); });
}

}  // namespace rfvar::apps
