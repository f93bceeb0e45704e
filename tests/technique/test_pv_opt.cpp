// Tests for technique/pv_opt.cpp: its hooks give what the old per-study tables gave on the fixed PV SM
// of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN pv-opt WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("pv-opt");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::ipc) | bit(Role::aging)));
  CHECK(t->info().figures == std::vector<int>{11, 12, 13});
  check_ipc(*t, {0xf150aaa28cb7d221ull, 0x8cd495aabf53cbedull, 0x57df6fde87588ee5ull, 0x0998a26078f3a84dull},
            {"hybrid", "fwas", false, false});
  check_aging(*t, FreshPlan::bank_table, Sensing::none, kPlanBankTable);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
