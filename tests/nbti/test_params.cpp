#include <doctest/doctest.h>

#include "nbti/params.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using rfvar::ConfigError;
using rfvar::nbti::NbtiParams;
using rfvar::nbti::DelayReference;
using rfvar::nbti::GuardbandFastSet;
using rfvar::nbti::RecoveryForm;
using rfvar::nbti::UtilizationSource;

TEST_CASE("GIVEN the defaults file WHEN NbtiParams are built THEN they hold the specified NBTI defaults (but two flagged departures)") {
  const NbtiParams p = NbtiParams::from_config(Config::load_default());
  CHECK(p.lifetime_years == 7.0);
  CHECK(p.dv_dc_7y_V == doctest::Approx(0.112));  // specified: 50 mV; departure anchored to Tan's [37]
  CHECK(p.guardband_fast_set == GuardbandFastSet::aged_rank);
  CHECK(p.n == doctest::Approx(1.0 / 6.0));
  CHECK(p.eta == 0.35);
  CHECK(p.recovery == RecoveryForm::increment);
  CHECK(p.temperature_K == doctest::Approx(358.15));
  CHECK(p.reference_temperature_K == doctest::Approx(358.15));
  CHECK(p.activation_energy_eV == 0.49);
  CHECK(p.utilization == UtilizationSource::activity);
  CHECK(p.sensor_step == 0.0);
}

TEST_CASE("GIVEN overrides WHEN NbtiParams are built THEN options switch and the device comes from [varius]") {
  Config c = Config::load_default();
  c.set("nbti.recovery=literal");
  c.set("nbti.utilization=allocated");
  c.set("varius.vdd_V=1.0");
  c.set("nbti.delay_vth_V=0.35");
  c.set("nbti.delay_reference=systematic");
  c.set("varius.alpha=1.5");
  c.set("nbti.guardband_fast_set=chip_test");
  const NbtiParams p = NbtiParams::from_config(c);
  CHECK(p.recovery == RecoveryForm::literal);
  CHECK(p.utilization == UtilizationSource::allocated);
  CHECK(p.vdd_V == 1.0);
  CHECK(p.delay_vth_V == 0.35);
  CHECK(p.delay_reference == DelayReference::systematic);
  CHECK(p.alpha == 1.5);
  CHECK(p.guardband_fast_set == GuardbandFastSet::chip_test);
}

TEST_CASE("GIVEN bad values WHEN NbtiParams are built THEN the error names key, value and range") {
  Config c = Config::load_default();
  SUBCASE("lifetime of zero years") {
    c.set("nbti.lifetime_years=0");
    CHECK_THROWS_WITH_AS(NbtiParams::from_config(c), doctest::Contains("'nbti.lifetime_years' = 0"), ConfigError);
    CHECK_THROWS_WITH_AS(NbtiParams::from_config(c), doctest::Contains("> 0"), ConfigError);
  }
  SUBCASE("negative lifetime") {
    c.set("nbti.lifetime_years=-3");
    CHECK_THROWS_WITH_AS(NbtiParams::from_config(c), doctest::Contains("-3"), ConfigError);
  }
  SUBCASE("eta above 1") {
    c.set("nbti.eta=1.5");
    CHECK_THROWS_WITH_AS(NbtiParams::from_config(c), doctest::Contains("[0, 1]"), ConfigError);
  }
  SUBCASE("unknown recovery form") {
    c.set("nbti.recovery=full");
    CHECK_THROWS_WITH_AS(NbtiParams::from_config(c), doctest::Contains("increment"), ConfigError);
  }
  SUBCASE("unknown guardband fast set") {
    c.set("nbti.guardband_fast_set=slowest");
    CHECK_THROWS_WITH_AS(NbtiParams::from_config(c), doctest::Contains("aged_rank"), ConfigError);
  }
  SUBCASE("Vth0 at or above Vdd") {
    c.set("nbti.delay_vth_V=0.9");
    CHECK_THROWS_AS(NbtiParams::from_config(c), ConfigError);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
