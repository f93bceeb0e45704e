// Tests for technique/pv_opt_nbti_opt_by_weight.cpp: its hooks give what the old per-study tables gave on the
// fixed PV SM of fixture.h (chip 0 of seed 2016, SM 3).
#include "tests/technique/fixture.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE(
    "GIVEN pv-opt+nbti-opt-by-weight WHEN its hooks run on the fixed PV SM THEN they equal the old tables") {
  const auto t = get("pv-opt+nbti-opt-by-weight");
  REQUIRE(t);
  CHECK(t->info().roles == (bit(Role::aging)));
  CHECK(t->info().figures == std::vector<int>{});
  check_aging(*t, FreshPlan::bank_table_renaming, Sensing::reorganize, kPlanBankTableRenaming);
  const arch::SmPolicy p = t->policy();  // the old arch "pv-opt+renaming-by-weight"
  CHECK((p.mapping == "hybrid" && p.scheduler == "fwas" && p.renaming && p.renaming_by_weight));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
