#include "study/aging/sm_lifetime.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "nbti/aging.h"
#include "nbti/guardband.h"
#include "nbti/utilization.h"
#include "technique/rf_plan.h"

namespace rfvar::study {

using namespace nbti;  // the aging model

namespace {

// Per-sub-bank U of one run (utilization.h) from its physical counters.
std::vector<double> run_utilization(const nbti::NbtiParams& np, const SubbankTotals& t, std::uint64_t cycles,
                                    int rows_per_bank) {
  std::vector<std::uint64_t> allocated(t.allocated_row_cycles.size());
  for (std::size_t s = 0; s < allocated.size(); ++s)
    allocated[s] = static_cast<std::uint64_t>(std::llround(t.allocated_row_cycles[s] / rows_per_bank));
  return subbank_utilization(np, {t.reads, t.writes, allocated, cycles});
}

// U per virtual position (v * S + k) of a canonical run: its counters summed over the plan entries.
std::vector<double> position_utilization(const nbti::NbtiParams& np, const CanonicalRun& run, std::size_t n,
                                         int rows_per_bank) {
  SubbankTotals t;
  std::vector<int> identity(n);
  std::iota(identity.begin(), identity.end(), 0);
  for (const auto& e : run.by_entry) t.add(e, identity);
  if (t.reads.empty()) return std::vector<double>(n, 0.0);
  return run_utilization(np, t, run.cycles, rows_per_bank);
}

// Bank v's mean over its S positions.
void add_bank_means(std::vector<double>& to, std::span<const double> per_position, double weight) {
  const std::size_t S = per_position.size() / to.size();
  for (std::size_t v = 0; v < to.size(); ++v)
    for (std::size_t k = 0; k < S; ++k) to[v] += weight * per_position[v * S + k] / static_cast<double>(S);
}

}  // namespace

SmLifetimeLoop::SmLifetimeLoop(const technique::IAgingTechnique& t, const SmFresh& fresh,
                               const nbti::NbtiParams& np, const rfmodel::RfParams& rp,
                               const varius::RfGeometry& g, const Lifetime& life)
    : hooks_(t.aging()), fresh_(fresh), np_(np), rp_(rp), g_(g), life_(life) {
  nbti::check_years(life.years);
  if (life.epochs < 1) throw InputError("lifetime epochs must be >= 1, got " + std::to_string(life.epochs));
  fixed_ = &fresh.plan(hooks_.plan);
  if (fixed_->real.empty())
    throw std::invalid_argument("run_sm_lifetime: plan not prepared for " + t.info().name);
  runs_ = hooks_.sensing == technique::Sensing::none ? 1 : life.epochs;
  const std::size_t n = fresh.subbank_delay.size();
  stress_.resize(n);
  out_.utilization.assign(n, 0.0);
  out_.vbank_utilization.assign(static_cast<std::size_t>(g.banks), 0.0);
}

const SmRfPlan& SmLifetimeLoop::plan(int r) {
  plan_ = fixed_;
  if (hooks_.sensing != technique::Sensing::none && r > 0) {  // the sensors read the delays aged so far
    const AgedSubbanks now = age_subbanks(np_, fresh_.subbank_delay, fresh_.dvth0_V, stress_);
    const std::vector<float> reading = sensor_readings(np_, now);
    current_ =
        hooks_.sensing == technique::Sensing::reorganize
            // Tan §4.2.2: re-sort, re-pair, rebuild hybrids; renaming ranks by reading
            ? technique::plan_bank_table(reading, technique::fastest_mask(reading, fresh_.fast_count), g_,
                                         rp_, fresh_.bank_clock_norm, true)
            : technique::with_sensor_readings(*fixed_, reading);  // Tan §4.2.1 alone: chip-test table kept
    plan_ = &current_;
  }
  return *plan_;
}

void SmLifetimeLoop::account(const CanonicalRun& run) {
  const std::size_t n = stress_.size();
  slow_accesses_ += run.slow_accesses, rf_accesses_ += run.rf_accesses;
  const auto u = run_utilization(np_, to_physical(run, *plan_), run.cycles, g_.rows_per_bank);
  if (hooks_.sensing == technique::Sensing::none) {  // one plan over the lifetime: constant U
    for (std::size_t s = 0; s < n; ++s) stress_[s] = StressTime::lifetime(u[s], life_.years);
    out_.utilization = u;
    add_bank_means(out_.vbank_utilization, position_utilization(np_, run, n, g_.rows_per_bank), 1.0);
    out_.ipc = run.ipc;
    return;
  }
  // The NBTI sensors steer the plan at every epoch's kernel launches.
  const double epoch_s = life_.years * kSecondsPerYear / life_.epochs;
  for (std::size_t s = 0; s < n; ++s) {
    stress_[s].add(u[s], epoch_s);
    out_.utilization[s] += u[s] / life_.epochs;
  }
  add_bank_means(out_.vbank_utilization, position_utilization(np_, run, n, g_.rows_per_bank),
                 1.0 / life_.epochs);
  out_.ipc += run.ipc / life_.epochs;
}

SmLifetime SmLifetimeLoop::finish() const {
  SmLifetime out = out_;
  const AgedSubbanks aged = age_subbanks(np_, fresh_.subbank_delay, fresh_.dvth0_V, stress_);
  out.aged_delay = aged.delay;
  out.dvth_V = aged.dvth_V;
  const technique::GuardbandOutcome gb = hooks_.guardband->apply({fresh_, aged, np_, rp_, g_});  // docs/models.md#nbti
  out.fresh_period = gb.fresh_period;
  out.aged_period = gb.aged_period;
  out.critical_subbank = gb.critical_subbank;
  for (const auto& b : gb.end_banks) out.vbank_aged_delay.push_back(slowest_of(aged.delay, b));
  out.guardband = guardband(out.fresh_period, out.aged_period);
  out.slow_access_fraction =
      rf_accesses_ ? static_cast<double>(slow_accesses_) / static_cast<double>(rf_accesses_) : 0.0;
  return out;
}

SmLifetime run_sm_lifetime(const technique::IAgingTechnique& t, const SmFresh& fresh, const nbti::NbtiParams& np,
                           const rfmodel::RfParams& rp, const varius::RfGeometry& g, RunInputs in,
                           RunCache& cache, const Lifetime& life) {
  SmLifetimeLoop loop(t, fresh, np, rp, g, life);
  const arch::SmPolicy policy = t.policy();
  in.policy = &policy;
  for (int r = 0; r < loop.runs(); ++r) loop.account(*cache.get(in, loop.plan(r)));
  return loop.finish();
}

}  // namespace rfvar::study
