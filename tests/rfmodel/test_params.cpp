// Tests for rfmodel/params.h: defaults come from data/fermi-32nm.toml and are validated.
#include <doctest/doctest.h>

#include "rfmodel/params.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using rfvar::ConfigError;
using rfvar::rfmodel::RfParams;

TEST_CASE("GIVEN the defaults file WHEN RfParams are read THEN they are Tan's 70 %, S = 2, 32-vector arrays, 2 cycles") {
  const RfParams p = RfParams::from_config(Config::load_default());
  CHECK(p.fast_fraction == 0.7);
  CHECK(p.subbanks == 2);
  CHECK(p.rv_array_vectors == 32);
  CHECK(p.slow_access_cycles == 2);
}

TEST_CASE("GIVEN out-of-range overrides WHEN RfParams are read THEN a ConfigError names the key") {
  Config c = Config::load_default();
  SUBCASE("fast fraction 0") {
    c.set("rfmodel.fast_fraction=0.0");
    CHECK_THROWS_WITH_AS(RfParams::from_config(c), doctest::Contains("rfmodel.fast_fraction"), ConfigError);
  }
  SUBCASE("three sub-banks") {
    c.set("floorplan.subbanks=3");
    CHECK_THROWS_WITH_AS(RfParams::from_config(c), doctest::Contains("floorplan.subbanks"), ConfigError);
  }
  SUBCASE("validate() rejects a fast fraction above 1") {
    RfParams p;
    p.fast_fraction = 1.5;
    CHECK_THROWS_AS(p.validate(), rfvar::InputError);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
