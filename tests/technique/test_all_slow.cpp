// Tests for technique/all_slow.cpp: its hooks give what the old per-study tables gave on the fixed PV SM
// of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN all-slow WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("all-slow");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::ipc)));
  CHECK(t->info().figures == std::vector<int>{});
  check_ipc(*t, {0x4c5f713db1e23e35ull, 0x4c5f713db1e23e35ull, 0x4c5f713db1e23e35ull, 0x4c5f713db1e23e35ull},
            {"eq3", "lrr", false, false});
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
