// Speed of the register-file hierarchy designs in the SM (the `rfvar ltrf` inner loop): simulated
// warp instructions per CPU second per (kernel, design) on main-RF design #7 (8x, 6.3x latency),
// and the interval formation alone. Counter "warp_inst_per_s" is reported in docs/performance.md.
#include <benchmark/benchmark.h>

#include <string>

#include "hierarchy/design/design.h"
#include "hierarchy/ltrf/from_kernel.h"
#include "hierarchy/ltrf/intervals.h"
#include "workload/kernel_parser.h"
#include "common/config.h"

namespace {

using namespace rfvar;

void BM_Design(benchmark::State& state, const std::string& kernel, const std::string& design) {
  const Config c = Config::load_default();
  const arch::ArchParams ap = arch::ArchParams::from_config(c);
  const auto h = arch::hierarchy::HierarchyParams::from_config(c);
  const arch::Benchmark b = arch::load_benchmark(kernel);
  const auto rf = h.ltrf.main_rf(7);
  const arch::hierarchy::MainRfShape shape{rf.capacity_multiple, rf.bank_multiple, rf.latency_rel};
  const arch::hierarchy::Design d = arch::hierarchy::find_design(design);
  std::uint64_t inst = 0;
  for (auto _ : state) {
    const auto r = arch::hierarchy::run_design(b, ap, h, d, shape, RngStream(1, 0, Stream::Workload));
    inst += r.stats.warp_instructions;
    benchmark::DoNotOptimize(r.stats.cycles);
  }
  state.counters["warp_inst_per_s"] = benchmark::Counter(static_cast<double>(inst), benchmark::Counter::kIsRate);
}

void BM_Intervals(benchmark::State& state, const std::string& kernel) {
  const arch::Benchmark b = arch::load_benchmark(kernel);
  for (auto _ : state)
    for (const auto& k : b.kernels) {
      const auto kc = arch::ltrf::cfg_from_kernel(k, false);
      benchmark::DoNotOptimize(arch::ltrf::form_register_intervals(kc.cfg, 16).partition.size());
    }
}

void register_all() {
  for (const char* k : {"bn", "hotspot", "st3d", "pns"}) {
    for (const char* d : {"bl", "rfc", "ltrf", "ltrf+", "shrf"})
      benchmark::RegisterBenchmark((std::string("BM_Ltrf/") + k + "/" + d).c_str(), BM_Design, std::string(k), std::string(d))
          ->Unit(benchmark::kMillisecond)
          ->MeasureProcessCPUTime();
    benchmark::RegisterBenchmark((std::string("BM_Intervals/") + k).c_str(), BM_Intervals, std::string(k))
        ->Unit(benchmark::kMicrosecond);
  }
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
