// Speed of the SM cycle model: simulated warp instructions per second on one core, per benchmark
// kernel under the baseline and under a PV technique (the `rfvar ipc` inner loop).
// Counter "warp_inst_per_s" is the figure reported in docs/performance.md (target >= 5 M/s).
#include <benchmark/benchmark.h>

#include <string>

#include "arch/run.h"
#include "arch/workload/kernel_parser.h"
#include "common/config.h"

namespace {

void BM_Benchmark(benchmark::State& state, const std::string& kernel, const std::string& technique) {
  using namespace rfvar;
  const Config c = Config::load_default();
  const arch::ArchParams ap = arch::ArchParams::from_config(c);
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(c);
  const arch::Benchmark b = arch::load_benchmark(kernel);
  varius::RfGeometry g;
  // A synthetic SM: delays spread so that 30 % of sub-banks are slow under VL-SB.
  varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  std::uint64_t x = 12345;
  for (auto& d : sm.reg_delay) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    d = 1.0f + static_cast<float>(x >> 40) / static_cast<float>(1ULL << 24);
  }
  std::uint64_t inst = 0;
  for (auto _ : state) {
    const auto r = arch::run_technique(b, ap, rp, technique, &sm, g, RngStream(1, 0, Stream::Workload));
    inst += r.stats.warp_instructions;
    benchmark::DoNotOptimize(r.stats.cycles);
  }
  state.counters["warp_inst_per_s"] = benchmark::Counter(static_cast<double>(inst), benchmark::Counter::kIsRate);
}

void register_all() {
  for (const auto& k : rfvar::arch::available_benchmarks())
    for (const char* t : {"baseline", "fwas"})
      benchmark::RegisterBenchmark(("BM_Arch/" + k + "/" + t).c_str(), BM_Benchmark, k, std::string(t))
          ->Unit(benchmark::kMillisecond)
          ->MeasureProcessCPUTime();
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
