// Tests for technique/vl_sb.cpp: its hooks give what the old per-study tables gave on the fixed PV SM
// of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-sb WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("vl-sb");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::freq)));
  CHECK(t->info().figures == std::vector<int>{3});
  check_freq(*t, 0x1377f7a087a6f8afull, 0x1377f7a087a6f8afull);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
