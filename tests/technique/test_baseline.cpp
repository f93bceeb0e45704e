// Tests for technique/baseline.cpp: its hooks give what the old per-study tables gave on the fixed PV SM
// of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN baseline WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("baseline");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::freq) | bit(Role::ipc) | bit(Role::aging)));
  CHECK(t->info().figures == std::vector<int>{3, 11, 12, 13});
  check_freq(*t, 0x02efb5c23bbf316cull, 0x02efb5c23bbf316cull);
  check_ipc(*t, {0x1b2d3387d7aa3a7dull, 0x1b2d3387d7aa3a7dull, 0x1b2d3387d7aa3a7dull, 0x1b2d3387d7aa3a7dull},
            {"eq3", "lrr", false, false});
  check_aging(*t, FreshPlan::ideal, Sensing::none, kPlanIdeal);
  CHECK_FALSE(t->ipc_every_chip());
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
