// Tests for technique/pv_opt_renaming.cpp: its hooks give what the old per-study tables gave on the fixed PV
// SM of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN pv-opt+renaming WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("pv-opt+renaming");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::ipc) | bit(Role::aging)));
  CHECK(t->info().figures == std::vector<int>{});
  check_ipc(*t, {0x9554b56416fd2b2cull, 0xb3b3423c0a8a1de6ull, 0x10d098db2fd38f7eull, 0xe3a9a4231c52ed0dull},
            {"hybrid", "fwas", true, false});
  check_aging(*t, FreshPlan::bank_table_renaming, Sensing::renaming, kPlanBankTableRenaming);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
