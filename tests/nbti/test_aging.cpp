#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "nbti/aging.h"
#include "nbti/delay_mapping.h"
#include "nbti/utilization.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using rfvar::InputError;
using namespace rfvar::nbti;

namespace {
// The hand values below are for model specification's 50 mV calibration (docs/models.md#nbti) (the defaults file departs from it).
NbtiParams defaults() {
  Config c = Config::load_default();
  c.set("nbti.dv_dc_7y_mV=50");
  return NbtiParams::from_config(c);
}
}  // namespace

TEST_CASE("GIVEN identical sub-banks WHEN a kernel uses one of them hard THEN that sub-bank ages most") {
  const NbtiParams p = defaults();
  // A kernel that hammers sub-bank 5 and touches the others lightly (cycle-model style counters).
  std::vector<std::uint64_t> reads(32, 400), writes(32, 100);
  reads[5] = 9000;
  writes[5] = 3000;
  const auto u = activity_utilization(reads, writes, 100000, p.activity_scale);
  const std::vector<float> fresh(32, 1.4f), dv0(32, 0.0f);
  const AgedSubbanks a = age_subbanks(p, fresh, dv0, u, p.lifetime_years);
  const auto slowest = std::max_element(a.delay.begin(), a.delay.end()) - a.delay.begin();
  CHECK(slowest == 5);
  CHECK(a.dvth_V[5] > a.dvth_V[0]);
  for (std::size_t s = 0; s < 32; ++s) {
    CHECK(a.delay_factor[s] > 1.0);
    CHECK(a.delay[s] == doctest::Approx(1.4 * a.delay_factor[s]));
  }
}

TEST_CASE("GIVEN sub-banks with PV offsets WHEN aged at equal stress THEN each keeps its own dV0") {
  const NbtiParams p = defaults();
  const std::vector<float> fresh{1.2f, 1.5f};
  const std::vector<float> dv0{0.0f, 0.030f};
  const std::vector<double> u{1.0, 1.0};
  const AgedSubbanks a = age_subbanks(p, fresh, dv0, u, 7.0);
  CHECK(a.dvth_V[0] * 1e3 == doctest::Approx(50.00).epsilon(2e-4));
  CHECK(a.dvth_V[1] * 1e3 == doctest::Approx(53.37).epsilon(2e-4));
  // Default mapping: the increment slows each sub-bank's critical cell (delay_mapping.h).
  CHECK(a.delay_factor[1] == doctest::Approx(critical_cell_delay_factor(p, 1.5, a.dvth_V[1] - 0.030)));
  CHECK(a.delay[1] == doctest::Approx(1.5 * a.delay_factor[1]));
}

TEST_CASE("GIVEN an SM from varius WHEN aged THEN registers take their sub-bank's factor") {
  const NbtiParams p = defaults();
  rfvar::varius::RfGeometry g;
  rfvar::varius::SmDelays sm;
  sm.reg_delay.assign(static_cast<std::size_t>(g.registers()), 1.1f);
  sm.subbank_delay.assign(static_cast<std::size_t>(g.subbank_count()), 1.1f);
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  std::vector<double> u(static_cast<std::size_t>(g.subbank_count()), 0.0);
  u[static_cast<std::size_t>(g.subbank_of(3, 20))] = 1.0;  // bank 3, upper lane half
  const AgedSubbanks a = age_sm(p, sm, u);
  const auto regs = aged_register_delays(g, sm.reg_delay, a.delay_factor);
  const auto reg = [&](int bank, int row, int lane) {
    return regs[static_cast<std::size_t>((bank * g.rows_per_bank + row) * g.lanes + lane)];
  };
  CHECK(reg(3, 17, 20) == doctest::Approx(1.1 * critical_cell_delay_factor(p, 1.1, 0.050)).epsilon(1e-6));
  CHECK(reg(3, 17, 5) == doctest::Approx(1.1));  // lower half: no stress, no increment
  CHECK(reg(4, 17, 20) == doctest::Approx(1.1));
}

TEST_CASE("GIVEN bad input WHEN aging an SM THEN the error names the sub-bank, value and range") {
  const NbtiParams p = defaults();
  const std::vector<float> fresh(4, 1.0f), dv0(4, 0.0f);
  std::vector<double> u{0.1, 0.2, 1.3, 0.0};
  CHECK_THROWS_WITH_AS(age_subbanks(p, fresh, dv0, u, 7.0), doctest::Contains("sub-bank 2 = 1.3"), InputError);
  u[2] = 0.3;
  CHECK_THROWS_WITH_AS(age_subbanks(p, fresh, dv0, u, 0.0), doctest::Contains("accepted: > 0"), InputError);
  CHECK_THROWS_AS(age_subbanks(p, fresh, dv0, std::vector<double>{0.1}, 7.0), std::invalid_argument);
}

TEST_CASE("GIVEN quantized sensors WHEN an aged SM is read THEN each reading bounds its delay from above") {
  Config c = Config::load_default();
  c.set("nbti.sensor_step=0.02");
  const NbtiParams p = NbtiParams::from_config(c);
  const std::vector<float> fresh{1.005f, 1.015f, 1.30f};
  const std::vector<float> dv0(3, 0.0f);
  const std::vector<double> u{0.0, 0.0, 1.0};
  const AgedSubbanks a = age_subbanks(p, fresh, dv0, u, 7.0);
  const auto r = sensor_readings(p, a);
  for (std::size_t s = 0; s < 3; ++s) {
    CHECK(r[s] >= a.delay[s]);
    CHECK(r[s] < a.delay[s] + 0.02 + 1e-9);
  }
  CHECK(r[0] == doctest::Approx(1.02));  // 1.005 and 1.015 fall in the bin (1.00, 1.02]
  CHECK(r[1] == r[0]);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
