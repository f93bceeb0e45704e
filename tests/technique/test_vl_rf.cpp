// Tests for technique/vl_rf.cpp: its hooks give what the old per-study tables gave on the fixed PV SM
// of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-rf WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("vl-rf");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::freq) | bit(Role::ipc) | bit(Role::aging)));
  CHECK(t->info().figures == std::vector<int>{3, 11, 13});
  check_freq(*t, 0x1d9203cfab1653b7ull, 0x1d9203cfab1653b7ull);
  check_ipc(*t, {0x420e50c5cfecb097ull, 0x420e50c5cfecb097ull, 0x420e50c5cfecb097ull, 0x695eaa55e369b422ull},
            {"eq3", "lrr", false, false});
  check_aging(*t, FreshPlan::vl_rf, Sensing::none, kPlanVlRf);
  CHECK(t->ipc_every_chip());
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
