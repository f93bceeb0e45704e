#include "study/aging/sm_lifetime.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "nbti/aging.h"
#include "nbti/guardband.h"
#include "nbti/utilization.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/classify.h"
#include "rfmodel/technique.h"

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

std::vector<std::vector<int>> bank_subbanks(const rfmodel::BankTable& t) {
  std::vector<std::vector<int>> banks;
  for (const auto& b : t.banks) banks.push_back(b.subbanks);
  return banks;
}

// Physical banks (no organization table): bank b holds sub-banks b S .. b S + S - 1.
std::vector<std::vector<int>> physical_banks(int banks, int S) {
  std::vector<std::vector<int>> out(static_cast<std::size_t>(banks));
  for (int b = 0; b < banks; ++b)
    for (int k = 0; k < S; ++k) out[static_cast<std::size_t>(b)].push_back(b * S + k);
  return out;
}

// The sub-banks the clock must cover under a bank table (entry h = 0).
std::vector<int> fast_set(const rfmodel::BankTable& t, const varius::RfGeometry& g, const rfmodel::RfParams& rp) {
  return fast_subbanks(rfmodel::setup_from_table("fast-set", 1.0, t, g.rows_per_bank, rp.slow_access_cycles));
}

}  // namespace

SmFresh prepare_sm(const varius::SmDelays& sm, const varius::RfGeometry& g, const rfmodel::RfParams& rp,
                   bool with_vl_rf) {
  SmFresh f;
  if (static_cast<int>(sm.subbank_dvth_sys_V.size()) != g.banks * rp.subbanks)
    throw InputError("the chips have " + std::to_string(sm.subbank_dvth_sys_V.size()) +
                     " sub-banks per SM but rfmodel uses " + std::to_string(g.banks * rp.subbanks) +
                     " (floorplan.subbanks differs from the chips file's)");
  f.subbank_delay = rfmodel::subbank_delays(sm.reg_delay, g, rp.subbanks);
  f.dvth0_V = sm.subbank_dvth_sys_V;
  const rfmodel::VlSb c = rfmodel::classify_vl_sb(f.subbank_delay, g.banks, rp.subbanks, rp.fast_fraction,
                                                  rp.slow_access_cycles);
  f.fast.resize(c.subbanks.slow.size());
  for (std::size_t s = 0; s < f.fast.size(); ++s) f.fast[s] = c.subbanks.slow[s] ? 0 : 1;
  f.fast_count = static_cast<int>(std::count(f.fast.begin(), f.fast.end(), std::uint8_t{1}));
  f.bank_clock_norm = c.subbanks.clock_norm();
  f.baseline = plan_ideal(g, rp);
  f.pv_opt = plan_bank_table(f.subbank_delay, f.fast, g, rp, f.bank_clock_norm, false);
  f.nbti_opt = plan_bank_table(f.subbank_delay, f.fast, g, rp, f.bank_clock_norm, true);
  if (with_vl_rf) {
    const rfmodel::VlRf v = rfmodel::classify_vl_rf(sm, g, rp.fast_fraction, rp.slow_access_cycles);
    f.vl_rf_period = v.registers.period;
    f.vl_rf_fast_max.assign(f.subbank_delay.size(), 0.0f);
    for (std::size_t r = 0; r < sm.reg_delay.size(); ++r) {
      if (v.registers.slow[r]) continue;
      const int lane = static_cast<int>(r % static_cast<std::size_t>(g.lanes));
      const int bank = static_cast<int>(r / static_cast<std::size_t>(g.lanes * g.rows_per_bank));
      auto& m = f.vl_rf_fast_max[static_cast<std::size_t>(bank * rp.subbanks + lane / (g.lanes / rp.subbanks))];
      m = std::max(m, sm.reg_delay[r]);
    }
    f.vl_rf = plan_vl_rf(sm, g, rp);
  }
  return f;
}

SmLifetime run_sm_lifetime(const StudyTechnique& t, const SmFresh& fresh, const nbti::NbtiParams& np,
                           const rfmodel::RfParams& rp, const varius::RfGeometry& g, RunInputs in,
                           RunCache& cache, const Lifetime& life) {
  nbti::check_years(life.years);
  if (life.epochs < 1) throw InputError("lifetime epochs must be >= 1, got " + std::to_string(life.epochs));
  const arch::TechniqueSpec& spec = arch::find_technique(t.arch_technique);
  in.spec = &spec;
  const SmRfPlan* fixed = t.rf == StudyRf::baseline ? &fresh.baseline
                          : t.rf == StudyRf::vl_rf  ? &fresh.vl_rf
                          : t.reorganize || spec.renaming ? &fresh.nbti_opt  // the table renaming reads
                                                    : &fresh.pv_opt;
  if (fixed->real.empty()) throw std::invalid_argument("run_sm_lifetime: plan not prepared for " + t.name);
  const std::size_t n = fresh.subbank_delay.size();
  const double total_s = life.years * kSecondsPerYear;
  std::vector<StressTime> stress(n);
  SmLifetime out;
  out.utilization.assign(n, 0.0);

  out.vbank_utilization.assign(static_cast<std::size_t>(g.banks), 0.0);
  // The NBTI sensors steer the plan at every epoch's kernel launches: re-organization, or renaming alone.
  const bool sensed = t.rf == StudyRf::bank_table && (t.reorganize || spec.renaming);
  if (!sensed) {  // one plan over the lifetime: constant U
    const auto run = cache.get(in, *fixed);
    const auto u = run_utilization(np, to_physical(*run, *fixed), run->cycles, g.rows_per_bank);
    for (std::size_t s = 0; s < n; ++s) stress[s] = StressTime::lifetime(u[s], life.years);
    out.utilization = u;
    add_bank_means(out.vbank_utilization, position_utilization(np, *run, n, g.rows_per_bank), 1.0);
    out.ipc = run->ipc;
  } else {
    const double epoch_s = total_s / life.epochs;
    for (int e = 0; e < life.epochs; ++e) {
      SmRfPlan current;
      const SmRfPlan* plan = fixed;
      if (e > 0) {  // the sensors read the delays aged so far
        const AgedSubbanks now = age_subbanks(np, fresh.subbank_delay, fresh.dvth0_V, stress);
        const std::vector<float> reading = sensor_readings(np, now);
        current = t.reorganize  // Tan §4.2.2: re-sort, re-pair, rebuild hybrids; renaming ranks by reading
                      ? plan_bank_table(reading, fastest_mask(reading, fresh.fast_count), g, rp,
                                        fresh.bank_clock_norm, true)
                      : with_sensor_readings(*fixed, reading);  // Tan §4.2.1 alone: chip-test table kept
        plan = &current;
      }
      const auto run = cache.get(in, *plan);
      const auto u = run_utilization(np, to_physical(*run, *plan), run->cycles, g.rows_per_bank);
      for (std::size_t s = 0; s < n; ++s) {
        stress[s].add(u[s], epoch_s);
        out.utilization[s] += u[s] / life.epochs;
      }
      add_bank_means(out.vbank_utilization, position_utilization(np, *run, n, g.rows_per_bank), 1.0 / life.epochs);
      out.ipc += run->ipc / life.epochs;
    }
  }

  const AgedSubbanks aged = age_subbanks(np, fresh.subbank_delay, fresh.dvth0_V, stress);
  out.aged_delay = aged.delay;
  out.dvth_V = aged.dvth_V;
  const int S = rp.subbanks;
  std::vector<int> aged_set(n);  // the sub-banks the aged clock covers
  std::iota(aged_set.begin(), aged_set.end(), 0);
  std::vector<std::vector<int>> end_banks = physical_banks(g.banks, S);  // the table at end of life
  switch (t.rf) {
    case StudyRf::baseline:  // spec §3: slowest aged register over all banks
      out.fresh_period = *std::max_element(aged.fresh_delay.begin(), aged.fresh_delay.end());
      out.aged_period = slowest_of(aged.delay, aged_set);
      break;
    case StudyRf::vl_rf: {  // slowest aged fast register; slow ones within slow_access_cycles periods
      double fast_max = 0.0, all_max = 0.0;
      for (std::size_t s = 0; s < n; ++s) {
        fast_max = std::max(fast_max, fresh.vl_rf_fast_max[s] * aged.delay_factor[s]);
        all_max = std::max(all_max, aged.delay[s]);
      }
      out.fresh_period = fresh.vl_rf_period;
      out.aged_period = std::max(fast_max, all_max / rp.slow_access_cycles);
      break;
    }
    case StudyRf::bank_table: {  // spec §3: slowest aged sub-bank of the fast virtual banks
      const std::vector<int> fresh_set = fast_subbanks(fresh.pv_opt.real.front().setup);
      out.fresh_period = slowest_of(aged.fresh_delay, fresh_set);
      const rfmodel::BankTable chip_test =
          rfmodel::organize_banks(fresh.subbank_delay, fresh.fast, g.banks, S, 0);
      end_banks = bank_subbanks(chip_test);
      if (t.reorganize) {  // Tan §4.2.2: the sensors' re-organization at end of life
        const std::vector<float> reading = sensor_readings(np, aged);
        const rfmodel::BankTable now =
            rfmodel::organize_banks(reading, fastest_mask(reading, fresh.fast_count), g.banks, S, 0);
        aged_set = fast_set(now, g, rp);
        end_banks = bank_subbanks(now);
      } else if (np.guardband_fast_set == GuardbandFastSet::aged_rank) {
        // Tan §4.1 (Fig. 8 text): the chip-test table kept, its latency classes re-set on the aged
        // delays: the sub-banks of its K fastest virtual banks (K = the chip-test fast bank count).
        aged_set = fastest_bank_subbanks(aged.delay, end_banks, chip_test.count(rfmodel::BankSpeed::Fast));
      } else {
        aged_set = fresh_set;
      }
      out.aged_period = slowest_of(aged.delay, aged_set);
      break;
    }
  }
  if (t.rf != StudyRf::vl_rf) out.critical_subbank = slowest_id(aged.delay, aged_set);
  for (const auto& b : end_banks) out.vbank_aged_delay.push_back(slowest_of(aged.delay, b));
  out.guardband = guardband(out.fresh_period, out.aged_period);
  return out;
}

}  // namespace rfvar::study
