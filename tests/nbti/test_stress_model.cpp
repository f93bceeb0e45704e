#include <doctest/doctest.h>

#include "nbti/stress_model.h"

#include <algorithm>
#include <cmath>

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using rfvar::InputError;
using namespace rfvar::nbti;

namespace {
// The model specification's sanity values (docs/models.md#nbti) hold for its 50 mV calibration (the defaults file departs from it, see
// nbti.dv_dc_7y_mV there).
NbtiParams defaults() {
  Config c = Config::load_default();
  c.set("nbti.dv_dc_7y_mV=50");
  return NbtiParams::from_config(c);
}
double mV(const NbtiParams& p, double dv0_mV, double u, double years) {
  return 1e3 * aged_dvth_V(p, 1e-3 * dv0_mV, u, years);
}
constexpr double kTol_mV = 0.01;  // docs/models.md#nbti lists its sanity values to 0.01 mV
}  // namespace

TEST_CASE("GIVEN the docs/models.md#nbti model (50 mV) WHEN aged THEN every docs/models.md#nbti sanity value is reproduced") {
  const NbtiParams p = defaults();
  CHECK(kv(p) == doctest::Approx(8.41e-9).epsilon(1e-3));
  CHECK(std::abs(mV(p, 0, 1.0, 7) - 50.00) < kTol_mV);
  CHECK(std::abs(mV(p, 0, 1.0, 3) - 43.42) < kTol_mV);
  CHECK(std::abs(mV(p, 0, 1.0, 10) - 53.06) < kTol_mV);
  CHECK(std::abs(mV(p, 0, 0.5, 7) - 25.91) < kTol_mV);
  CHECK(std::abs(mV(p, 0, 0.1, 7) - 14.95) < kTol_mV);
  CHECK(std::abs(mV(p, 30, 1.0, 7) - 53.37) < kTol_mV);
}

TEST_CASE("GIVEN U = 0.5 over 7 years WHEN recovery is applied THEN it removes 41.8 % of the stress shift") {
  const NbtiParams p = defaults();
  const StressTime t = StressTime::lifetime(0.5, 7);
  const double stressed = stressed_dvth_V(p, 0.0, t.stress_s);
  CHECK(1.0 - aged_dvth_V(p, 0.0, t) / stressed == doctest::Approx(0.418).epsilon(1e-3));
  CHECK(recovery_factor(p, t) == doctest::Approx(1.0 - std::sqrt(0.35 * 0.5)));
}

TEST_CASE("GIVEN a negative PV offset WHEN aged THEN the cube root keeps the sign and Vth still rises") {
  const NbtiParams p = defaults();
  // Hand-worked: dV_s = cbrt(0.05^3 sqrt(0.5) - 0.03^3) = 39.45 mV, R = 1 - sqrt(0.175) = 0.5817,
  // dV = -30 + (39.45 + 30) * 0.5817 = 10.40 mV (increment form).
  const double dv = mV(p, -30, 0.5, 7);
  CHECK(std::abs(dv - 10.396) < kTol_mV);
  CHECK(dv > -30.0);
  SUBCASE("a short stress from a negative offset gives a negative stressed shift") {
    CHECK(stressed_dvth_V(p, -0.030, 1.0) < 0.0);
    CHECK(stressed_dvth_V(p, -0.030, 1.0) > -0.030);
  }
  SUBCASE("no stress leaves a negative offset unchanged in the increment form") {
    CHECK(mV(p, -30, 0.0, 7) == doctest::Approx(-30.0));
  }
}

TEST_CASE("GIVEN the literal recovery option WHEN aged THEN dV = dV_s R, which also scales dV0") {
  Config c = Config::load_default();
  c.set("nbti.dv_dc_7y_mV=50");
  c.set("nbti.recovery=literal");
  const NbtiParams lit = NbtiParams::from_config(c);
  const NbtiParams inc = defaults();
  CHECK(std::abs(mV(lit, 0, 0.5, 7) - 25.91) < kTol_mV);  // same as increment when dV0 = 0
  CHECK(std::abs(mV(lit, 30, 0.5, 7) - 28.318) < kTol_mV);
  CHECK(std::abs(mV(inc, 30, 0.5, 7) - 40.868) < kTol_mV);
  CHECK(std::abs(mV(lit, 30, 0.0, 7) - 12.252) < kTol_mV);  // "recovers" part of the PV offset
}

TEST_CASE("GIVEN more stress WHEN aged THEN the shift grows with utilization and with years") {
  const NbtiParams p = defaults();
  for (const double dv0 : {-30.0, 0.0, 30.0}) {
    double prev = -1e9;
    for (double u = 0.0; u <= 1.0001; u += 0.05) {
      const double dv = mV(p, dv0, std::min(u, 1.0), 7);
      CHECK(dv > prev);
      prev = dv;
    }
    prev = -1e9;
    for (const double years : {0.5, 1.0, 3.0, 7.0, 10.0, 20.0}) {
      const double dv = mV(p, dv0, 0.3, years);
      CHECK(dv > prev);
      prev = dv;
    }
  }
}

TEST_CASE("GIVEN a hotter or colder die WHEN aged THEN K_v follows exp(-E_a / 2kT)") {
  Config c = Config::load_default();
  c.set("nbti.dv_dc_7y_mV=50");
  c.set("nbti.temperature_C=105");
  const NbtiParams hot = NbtiParams::from_config(c);
  c.set("nbti.temperature_C=45");
  const NbtiParams cold = NbtiParams::from_config(c);
  const NbtiParams ref = defaults();
  // Hand-worked: exp(-0.49 / (2 * 8.617e-5) * (1/378.15 - 1/358.15)) = 1.5217 -> 50 * cbrt(1.5217).
  CHECK(kv(hot) / kv(ref) == doctest::Approx(1.5217).epsilon(1e-4));
  CHECK(std::abs(mV(hot, 0, 1.0, 7) - 57.511) < kTol_mV);
  CHECK(mV(cold, 0, 1.0, 7) < mV(ref, 0, 1.0, 7));
  CHECK(mV(cold, 0, 0.5, 7) < mV(ref, 0, 0.5, 7));
}

TEST_CASE("GIVEN epochs of different utilization WHEN accumulated THEN only the totals matter") {
  const NbtiParams p = defaults();
  StressTime epochs;
  epochs.add(1.0, 3.5 * kSecondsPerYear);
  epochs.add(0.0, 3.5 * kSecondsPerYear);
  const StressTime constant = StressTime::lifetime(0.5, 7);
  CHECK(epochs.stress_s == doctest::Approx(constant.stress_s));
  CHECK(epochs.recovery_s == doctest::Approx(constant.recovery_s));
  CHECK(aged_dvth_V(p, 0.01, epochs) == doctest::Approx(aged_dvth_V(p, 0.01, constant)));
}

TEST_CASE("GIVEN bad input WHEN aged THEN InputError names the value and the accepted range") {
  const NbtiParams p = defaults();
  CHECK_THROWS_WITH_AS(aged_dvth_V(p, 0.0, 0.5, 0.0), doctest::Contains("= 0 is out of range; accepted: > 0"),
                       InputError);
  CHECK_THROWS_WITH_AS(aged_dvth_V(p, 0.0, 0.5, -2.0), doctest::Contains("-2"), InputError);
  CHECK_THROWS_WITH_AS(aged_dvth_V(p, 0.0, 1.5, 7.0), doctest::Contains("1.5 is out of range; accepted: [0, 1]"),
                       InputError);
  CHECK_THROWS_WITH_AS(aged_dvth_V(p, 0.0, -0.1, 7.0), doctest::Contains("[0, 1]"), InputError);
  CHECK_THROWS_AS(aged_dvth_V(p, 0.0, std::nan(""), 7.0), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
