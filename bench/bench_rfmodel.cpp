// Speed of the rfmodel/ techniques on one Fermi SM (what `rfvar freq` does 1500 times per 100 chips).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "rfmodel/technique.h"

namespace {

rfvar::varius::SmDelays synthetic_sm(const rfvar::varius::RfGeometry& g) {
  // Deterministic pseudo-random delays in [1, 2) (a 64-bit LCG; speed does not depend on values).
  rfvar::varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  std::uint64_t x = 12345;
  for (auto& d : sm.reg_delay) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    d = 1.0f + static_cast<float>(x >> 40) / static_cast<float>(1ULL << 24);
  }
  sm.vector_delay.assign(static_cast<std::size_t>(g.vectors()), 0.0f);
  for (int r = 0; r < g.registers(); ++r) {
    float& v = sm.vector_delay[static_cast<std::size_t>(r / g.lanes)];
    v = std::max(v, sm.reg_delay[static_cast<std::size_t>(r)]);
  }
  return sm;
}

void BM_MakeSetup(benchmark::State& state, const char* technique) {
  const rfvar::varius::RfGeometry g;
  const auto sm = synthetic_sm(g);
  const rfvar::rfmodel::RfParams p;
  for (auto _ : state) benchmark::DoNotOptimize(rfvar::rfmodel::make_setup(technique, sm, g, p));
}

}  // namespace

BENCHMARK_CAPTURE(BM_MakeSetup, baseline, "baseline");
BENCHMARK_CAPTURE(BM_MakeSetup, vl_rf, "vl-rf");
BENCHMARK_CAPTURE(BM_MakeSetup, vl_rv, "vl-rv");
BENCHMARK_CAPTURE(BM_MakeSetup, vl_sb, "vl-sb");
BENCHMARK_CAPTURE(BM_MakeSetup, vl_sb_rf_bro, "vl-sb+rf-bro");

BENCHMARK_MAIN();
