// Tests for technique/vl_sb_rf_bro_hybrid.cpp: its hooks give what the old per-study tables gave on the fixed
// PV SM of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-sb+rf-bro+hybrid WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("vl-sb+rf-bro+hybrid");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::freq)));
  CHECK(t->info().figures == std::vector<int>{});
  check_freq(*t, 0x7110c2ceeb878801ull, 0x17aa75c65569b289ull);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
