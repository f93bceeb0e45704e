// Speed of the nbti/ pieces a population study repeats per (chip, SM, kernel, technique): aging one
// SM's sub-banks, rebuilding the NBTI-opt plan from sensor readings (every epoch), and one SM
// lifetime served from the run cache (the cycle-model run itself is bench_arch's).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "common/config.h"
#include "nbti/aging.h"
#include "study/aging/sm_lifetime.h"
#include "technique/registry.h"

namespace {

using namespace rfvar;

// Deterministic pseudo-random SM (a 64-bit LCG): register delays in [1, 2), dV0 in [-40, 40) mV.
varius::SmDelays synthetic_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm;
  std::uint64_t x = 12345;
  const auto next = [&x] {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<float>(x >> 40) / static_cast<float>(1ULL << 24);
  };
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  for (auto& d : sm.reg_delay) d = 1.0f + next();
  sm.vector_delay.assign(static_cast<std::size_t>(g.vectors()), 0.0f);
  sm.subbank_delay.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  for (int r = 0; r < g.registers(); ++r) {
    const float d = sm.reg_delay[static_cast<std::size_t>(r)];
    float& v = sm.vector_delay[static_cast<std::size_t>(r / g.lanes)];
    v = std::max(v, d);
    const int lane = r % g.lanes, bank = r / (g.lanes * g.rows_per_bank);
    float& s = sm.subbank_delay[static_cast<std::size_t>(g.subbank_of(bank, lane))];
    s = std::max(s, d);
  }
  sm.subbank_dvth_sys_V.resize(sm.subbank_delay.size());
  for (auto& v : sm.subbank_dvth_sys_V) v = 0.08f * next() - 0.04f;
  return sm;
}

struct Fixture {
  Config config = Config::load_default();
  nbti::NbtiParams np = nbti::NbtiParams::from_config(config);
  rfmodel::RfParams rp = rfmodel::RfParams::from_config(config);
  arch::ArchParams ap = arch::ArchParams::from_config(config);
  varius::RfGeometry g;
  varius::SmDelays sm = synthetic_sm(g);
};

void BM_AgeSm(benchmark::State& state) {
  const Fixture f;
  const std::vector<double> u(f.sm.subbank_delay.size(), 0.6);
  for (auto _ : state) benchmark::DoNotOptimize(nbti::age_sm(f.np, f.sm, u));
}

void BM_ReorganizedPlan(benchmark::State& state) {
  const Fixture f;
  const study::SmFresh fresh = technique::prepare_sm(f.sm, f.g, f.rp, false);
  for (auto _ : state)
    benchmark::DoNotOptimize(technique::plan_bank_table(
        fresh.subbank_delay, technique::fastest_mask(fresh.subbank_delay, fresh.fast_count), f.g, f.rp,
        fresh.bank_clock_norm, true));
}

// One SM lifetime (7 epochs for pv-opt+nbti-opt) when every run is already cached: the study's
// per-(SM, kernel, technique) overhead beyond the cycle model.
void BM_CachedLifetime(benchmark::State& state, const char* technique) {
  const Fixture f;
  const study::SmFresh fresh = technique::prepare_sm(f.sm, f.g, f.rp, false);
  const arch::Benchmark bm = arch::load_benchmark("nw");
  const RngStream wl(1, 0, Stream::Workload);
  study::RunCache cache(true);
  const arch::KernelWorkload kw(bm, arch::workload_key(wl), f.ap.l1_line_bytes);
  const study::RunInputs in{&kw, 0, &f.ap, nullptr, &wl};
  const auto tech = technique::make_aging_technique(technique);
  const technique::IAgingTechnique& t = *tech;
  const study::Lifetime life{f.np.lifetime_years, f.np.lifetime_epochs};
  study::run_sm_lifetime(t, fresh, f.np, f.rp, f.g, in, cache, life);  // fill the cache
  for (auto _ : state)
    benchmark::DoNotOptimize(study::run_sm_lifetime(t, fresh, f.np, f.rp, f.g, in, cache, life));
}

}  // namespace

BENCHMARK(BM_AgeSm);
BENCHMARK(BM_ReorganizedPlan);
BENCHMARK_CAPTURE(BM_CachedLifetime, pv_opt, "pv-opt");
BENCHMARK_CAPTURE(BM_CachedLifetime, pv_opt_nbti_opt, "pv-opt+nbti-opt");

BENCHMARK_MAIN();
