#include <doctest/doctest.h>

#include "nbti/delay_mapping.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using rfvar::InputError;
using namespace rfvar::nbti;

namespace {
NbtiParams with(const char* assignment = nullptr) {
  Config c = Config::load_default();
  if (assignment) c.set(assignment);
  return NbtiParams::from_config(c);
}
}  // namespace

TEST_CASE("GIVEN a Vth shift WHEN mapped to delay THEN the alpha-power ratio of docs/models.md#nbti results") {
  // Pin Vth0 so the hand-worked numbers do not follow the varius calibration (Vdd 0.9 V, alpha 1.3).
  const NbtiParams p = with("nbti.delay_vth_V=0.30");
  CHECK(delay_ratio_to_nominal(p, 0.0) == 1.0);
  // Hand-worked: (0.6 / 0.55)^1.3 = 1.11976.
  CHECK(delay_ratio_to_nominal(p, 0.050) == doctest::Approx(1.11976).epsilon(1e-5));
  CHECK(delay_ratio_to_nominal(p, -0.030) < 1.0);
}

TEST_CASE("GIVEN a PV offset already in the fresh delay WHEN aged THEN only the increment slows it") {
  const NbtiParams p = with("nbti.delay_vth_V=0.30");
  CHECK(aging_delay_factor(p, 0.030, 0.030) == doctest::Approx(1.0));
  CHECK(aging_delay_factor(p, 0.0, 0.050) == doctest::Approx(delay_ratio_to_nominal(p, 0.050)));
  // Hand-worked: ((0.6 - 0.03) / (0.6 - 0.05337))^1.3 = 1.05593.
  CHECK(aging_delay_factor(p, 0.030, 0.05337) == doctest::Approx(1.05593).epsilon(1e-5));
  SUBCASE("the same increment costs more on a slower (higher-Vth) device") {
    CHECK(aging_delay_factor(p, 0.05, 0.07) > aging_delay_factor(p, -0.05, -0.03));
  }
}

TEST_CASE("GIVEN a slow sub-bank WHEN its critical cell ages THEN the increment costs more than on a nominal cell") {
  const NbtiParams p = with("nbti.delay_vth_V=0.30");
  // A nominal cell (fresh delay 1.0) has the whole overdrive 0.6 V: the docs/models.md#nbti ratio.
  CHECK(critical_cell_delay_factor(p, 1.0, 0.050) == doctest::Approx(delay_ratio_to_nominal(p, 0.050)));
  // Hand-worked: od = 0.6 x 1.5^(-1/1.3) = 0.439234 V; (0.439234 / 0.389234)^1.3 = 1.170121.
  CHECK(critical_cell_delay_factor(p, 1.5, 0.050) == doctest::Approx(1.170121).epsilon(1e-6));
  CHECK(critical_cell_delay_factor(p, 1.5, 0.0) == doctest::Approx(1.0));
  SUBCASE("the option chooses the reference") {
    CHECK(subbank_delay_factor(p, 1.5, 0.030, 0.080) == doctest::Approx(critical_cell_delay_factor(p, 1.5, 0.050)));
    const NbtiParams s = with("nbti.delay_reference=systematic");
    CHECK(subbank_delay_factor(s, 1.5, 0.030, 0.080) == doctest::Approx(aging_delay_factor(s, 0.030, 0.080)));
  }
  SUBCASE("a cell with no overdrive left cannot age further") {
    CHECK_THROWS_WITH_AS(critical_cell_delay_factor(p, 1.5, 0.45), doctest::Contains("no gate overdrive"), InputError);
  }
}

TEST_CASE("GIVEN a shift that removes the gate overdrive WHEN mapped THEN InputError") {
  const NbtiParams p = with();
  CHECK_THROWS_WITH_AS(delay_ratio_to_nominal(p, 0.7), doctest::Contains("no gate overdrive"), InputError);
}

TEST_CASE("GIVEN NBTI sensors WHEN read THEN readings are exact or rounded up to the step") {
  SUBCASE("step 0: exact") {
    const NbtiParams p = with();
    CHECK(sensor_reading(p, 1.2345) == 1.2345);
  }
  SUBCASE("step 0.05: the upper edge of the bin") {
    const NbtiParams p = with("nbti.sensor_step=0.05");
    CHECK(sensor_reading(p, 1.23) == doctest::Approx(1.25));
    CHECK(sensor_reading(p, 1.2501) == doctest::Approx(1.30));
    CHECK(sensor_reading(p, 1.25) == doctest::Approx(1.25));  // an exact multiple stays in its bin
    CHECK(sensor_reading(p, 1.201) == sensor_reading(p, 1.249));
    CHECK(sensor_reading(p, 1.23) >= 1.23);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
