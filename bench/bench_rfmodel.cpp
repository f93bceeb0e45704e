// Speed of the techniques' freq setups on one Fermi SM (what `rfvar freq` does 1500 times per 100
// chips), one BM_MakeSetup/<name> per technique of the freq study (technique/registry.h).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "technique/registry.h"

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

void BM_MakeSetup(benchmark::State& state, const std::string& name) {
  const rfvar::varius::RfGeometry g;
  const auto sm = synthetic_sm(g);
  const rfvar::rfmodel::RfParams p;
  const auto t = rfvar::technique::make_freq_technique(name);
  for (auto _ : state) benchmark::DoNotOptimize(t->freq_setup(sm, g, p, 0));
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& name : rfvar::technique::names(rfvar::technique::Role::freq))
    benchmark::RegisterBenchmark(("BM_MakeSetup/" + name).c_str(), BM_MakeSetup, name);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
