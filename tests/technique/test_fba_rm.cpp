// Tests for technique/fba_rm.cpp: its hooks give what the old per-study tables gave on the fixed PV SM
// of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN fba-rm WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("fba-rm");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::ipc)));
  CHECK(t->info().figures == std::vector<int>{11});
  check_ipc(*t, {0xe71f75fb6cc043f3ull, 0xe71f75fb6cc043f3ull, 0xe71f75fb6cc043f3ull, 0x702ab2f62ed74297ull},
            {"fba-rm", "lrr", false, false});
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
