// varius/ speed: systematic field generation, chips per second in fast and exact-cell mode.
// Run: build-*/bench_varius [--benchmark_filter=...]; figures and method in docs/performance.md.
#include <benchmark/benchmark.h>
#include <omp.h>

#include "common/config.h"
#include "common/rng.h"
#include "varius/chip_sampler.h"
#include "varius/population.h"
#include "varius/spherical_field.h"

using namespace rfvar;
using namespace rfvar::varius;

namespace {
ChipSampler default_sampler(const std::string& sampling) {
  Config c = Config::load_default();
  c.set("varius.sampling=" + sampling);
  return ChipSampler(VariusParams::from_config(c), FloorplanParams::from_config(c));
}
}  // namespace

// Two 128 x 128 unit fields (one complex circulant draw on the 192 x 192 torus).
static void BM_FieldPair128(benchmark::State& st) {
  const CirculantField f(128, 0.5);
  std::vector<double> a, b;
  std::uint32_t chip = 0;
  for (auto _ : st) {
    f.sample(RngStream(1, chip++, Stream::VthSystematic), a, b);
    benchmark::DoNotOptimize(a.data());
  }
}
BENCHMARK(BM_FieldPair128)->Unit(benchmark::kMillisecond);

// Whole chips (15 SMs) on all threads; items/s = chips/s. The sampler (quantile table nodes) is
// built once outside the loop, as in a run.
static void BM_ChipsFast(benchmark::State& st) {
  const ChipSampler s = default_sampler("fast");
  std::uint32_t first = 0;
  const int n = static_cast<int>(st.range(0));
  (void)sample_population(s, 1, 0, n, nullptr);  // warm the table over a population's range
  for (auto _ : st) {
    auto p = sample_population(s, 1, first, n, nullptr);
    first += static_cast<std::uint32_t>(n);
    benchmark::DoNotOptimize(p.data());
  }
  st.SetItemsProcessed(st.iterations() * n);
  st.counters["threads"] = omp_get_max_threads();
}
BENCHMARK(BM_ChipsFast)->Arg(20)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

static void BM_ChipsExact(benchmark::State& st) {
  const ChipSampler s = default_sampler("exact");
  std::uint32_t first = 0;
  const int n = static_cast<int>(st.range(0));
  for (auto _ : st) {
    auto p = sample_population(s, 1, first, n, nullptr);
    first += static_cast<std::uint32_t>(n);
    benchmark::DoNotOptimize(p.data());
  }
  st.SetItemsProcessed(st.iterations() * n);
  st.counters["threads"] = omp_get_max_threads();
}
BENCHMARK(BM_ChipsExact)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

// Building the sampler including every quantile-table node a 100-chip population touches.
static void BM_SamplerSetupFast(benchmark::State& st) {
  for (auto _ : st) {
    const ChipSampler s = default_sampler("fast");
    auto p = sample_population(s, 1, 0, 1, nullptr);
    benchmark::DoNotOptimize(p.data());
  }
}
BENCHMARK(BM_SamplerSetupFast)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

BENCHMARK_MAIN();
