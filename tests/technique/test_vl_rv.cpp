// Tests for technique/vl_rv.cpp: its hooks give what the old per-study tables gave on the fixed PV SM
// of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-rv WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("vl-rv");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::freq)));
  CHECK(t->info().figures == std::vector<int>{3});
  check_freq(*t, 0xff32910084fd6ae1ull, 0xff32910084fd6ae1ull);
  CHECK_THROWS_AS(t->policy(), std::logic_error);
  CHECK_THROWS_AS(t->aging(), std::logic_error);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
