#include "nbti/aging.h"

#include <stdexcept>
#include <string>

#include "nbti/delay_mapping.h"

namespace rfvar::nbti {

AgedSubbanks age_subbanks(const NbtiParams& p, std::span<const float> fresh_delay,
                          std::span<const float> dvth0_V, std::span<const StressTime> stress) {
  const std::size_t n = fresh_delay.size();
  if (dvth0_V.size() != n || stress.size() != n)
    throw std::invalid_argument("age_subbanks: fresh delays, dV0 and stress differ in length");
  AgedSubbanks a;
  a.fresh_delay.assign(fresh_delay.begin(), fresh_delay.end());
  a.dvth0_V.assign(dvth0_V.begin(), dvth0_V.end());
  a.dvth_V.resize(n);
  a.delay_factor.resize(n);
  a.delay.resize(n);
  for (std::size_t s = 0; s < n; ++s) {
    a.dvth_V[s] = aged_dvth_V(p, a.dvth0_V[s], stress[s]);  // Tan Eq. 1-2
    a.delay_factor[s] = subbank_delay_factor(p, a.fresh_delay[s], a.dvth0_V[s], a.dvth_V[s]);
    a.delay[s] = a.fresh_delay[s] * a.delay_factor[s];
  }
  return a;
}

AgedSubbanks age_subbanks(const NbtiParams& p, std::span<const float> fresh_delay,
                          std::span<const float> dvth0_V, std::span<const double> utilization, double years) {
  check_years(years);
  if (utilization.size() != fresh_delay.size())
    throw std::invalid_argument("age_subbanks: utilization and fresh delays differ in length");
  std::vector<StressTime> stress(utilization.size());
  for (std::size_t s = 0; s < utilization.size(); ++s) {
    check_utilization(utilization[s], ("utilization of sub-bank " + std::to_string(s)).c_str());
    stress[s] = StressTime::lifetime(utilization[s], years);
  }
  return age_subbanks(p, fresh_delay, dvth0_V, stress);
}

AgedSubbanks age_sm(const NbtiParams& p, const varius::SmDelays& sm, std::span<const double> utilization) {
  return age_subbanks(p, sm.subbank_delay, sm.subbank_dvth_sys_V, utilization, p.lifetime_years);
}

std::vector<double> aged_register_delays(const varius::RfGeometry& g, std::span<const float> reg_delay,
                                         std::span<const double> subbank_delay_factor) {
  if (reg_delay.size() != static_cast<std::size_t>(g.registers()) ||
      subbank_delay_factor.size() != static_cast<std::size_t>(g.subbank_count()))
    throw std::invalid_argument("aged_register_delays: array sizes do not match the geometry");
  std::vector<double> out(reg_delay.size());
  for (std::size_t r = 0; r < reg_delay.size(); ++r) {
    // varius/chip_sample.h: r = (bank * rows_per_bank + row) * lanes + lane.
    const int lane = static_cast<int>(r % static_cast<std::size_t>(g.lanes));
    const int bank = static_cast<int>(r / static_cast<std::size_t>(g.lanes * g.rows_per_bank));
    out[r] = reg_delay[r] * subbank_delay_factor[static_cast<std::size_t>(g.subbank_of(bank, lane))];
  }
  return out;
}

std::vector<float> sensor_readings(const NbtiParams& p, const AgedSubbanks& aged) {
  std::vector<float> out(aged.size());
  for (std::size_t s = 0; s < aged.size(); ++s) out[s] = static_cast<float>(sensor_reading(p, aged.delay[s]));
  return out;
}

}  // namespace rfvar::nbti
