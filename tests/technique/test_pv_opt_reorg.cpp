// Behaviour of technique/impl/pv_opt_reorg_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN pv-opt+reorg WHEN its roles run on the hand SM THEN it is PV-opt's register file and policies with "
          "renaming off") {
  const HandSm h;
  const auto t = make_aging_technique("pv-opt+reorg");
  const arch::SmPolicy p = t->policy();
  CHECK(p.mapping == "hybrid");
  CHECK(p.scheduler == "fwas");
  CHECK(p.renaming == false);
  CHECK(p.renaming_by_weight == false);
  const auto a = make_aging_technique("pv-opt+reorg");
  CHECK(a->aging().plan == FreshPlan::bank_table_renaming);
  CHECK(a->aging().sensing == Sensing::reorganize);
  REQUIRE(a->aging().guardband);
  CHECK(same_guardband(*a->aging().guardband, *fast_banks_rule(FastBanksAt::reorganization)));
  CHECK(make_technique("pv-opt+reorg", Role::aging)->roles() == (bit(Role::aging)));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
