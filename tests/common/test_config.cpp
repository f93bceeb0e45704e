#include <doctest/doctest.h>

#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using rfvar::Config;
using rfvar::ConfigError;
using rfvar::Range;

namespace {
const char* kDefaults = R"(
[a]
x = 1.5       # a float
n = 3
flag = true
name = "fast"
list = [1.0, 2.0]
)";
}

TEST_CASE("GIVEN a defaults table WHEN values are overridden THEN types and ranges are enforced") {
  Config c = Config::from_string(kDefaults, "defaults.toml");
  CHECK(c.get_double("a.x") == 1.5);
  CHECK(c.get_int("a.n") == 3);

  SUBCASE("an integer is accepted for a float key") {
    c.set("a.x=2");
    CHECK(c.get_double("a.x") == 2.0);
  }
  SUBCASE("bare words are strings") {
    c.set("a.name=exact");
    CHECK(c.get_string("a.name", {"fast", "exact"}) == "exact");
  }
  SUBCASE("an unknown key names the key and the known ones") {
    CHECK_THROWS_WITH_AS(c.set("a.y=1"), doctest::Contains("unknown config key 'a.y'"), ConfigError);
    CHECK_THROWS_WITH_AS(c.set("a.y=1"), doctest::Contains("a.x"), ConfigError);
  }
  SUBCASE("a wrong type names key and expected type") {
    CHECK_THROWS_WITH_AS(c.set("a.n=1.5"), doctest::Contains("expected integer"), ConfigError);
    CHECK_THROWS_WITH_AS(c.set("a.flag=3"), doctest::Contains("'a.flag'"), ConfigError);
  }
  SUBCASE("an out-of-range value names key, value, origin and range") {
    c.set("a.x=-1");
    CHECK_THROWS_WITH_AS(c.get_double("a.x", Range::positive()), doctest::Contains("> 0"), ConfigError);
    CHECK_THROWS_WITH_AS(c.get_double("a.x", Range::positive()), doctest::Contains("--set a.x=-1"), ConfigError);
  }
  SUBCASE("a string outside its allowed set is rejected") {
    c.set("a.name=slow");
    CHECK_THROWS_WITH_AS(c.get_string("a.name", {"fast", "exact"}), doctest::Contains("fast, exact"), ConfigError);
  }
  SUBCASE("a user overlay reports its line for unknown keys and malformed TOML") {
    CHECK_THROWS_WITH_AS(c.merge_string("[a]\n\nbogus = 1\n", "user.toml"),
                         doctest::Contains("user.toml:3"), ConfigError);
    CHECK_THROWS_WITH_AS(c.merge_string("[a]\nx = = 2\n", "user.toml"),
                         doctest::Contains("user.toml:2"), ConfigError);
  }
  SUBCASE("the fingerprint changes with a value in its prefix only") {
    const auto f_all = c.fingerprint();
    const auto f_a = c.fingerprint({"a."});
    const auto f_b = c.fingerprint({"b."});
    c.set("a.n=4");
    CHECK(c.fingerprint() != f_all);
    CHECK(c.fingerprint({"a."}) != f_a);
    CHECK(c.fingerprint({"b."}) == f_b);
  }
}

TEST_CASE("Range descriptions are readable") {
  CHECK(Range::open_closed(0, 1).describe() == "(0, 1]");
  CHECK(Range::at_least(1).describe() == ">= 1");
  CHECK_FALSE(Range::positive().contains(0.0));
  CHECK(Range::closed(0, 1).contains(1.0));
}

TEST_CASE("The shipped defaults file parses and holds the population keys") {
  Config c = Config::load_default();
  CHECK(c.get_int("population.chips") == 100);
  CHECK(c.has("varius.vth0_V"));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
