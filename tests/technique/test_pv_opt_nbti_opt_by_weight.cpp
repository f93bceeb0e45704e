// Behaviour of technique/impl/pv_opt_nbti_opt_by_weight_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN pv-opt+nbti-opt-by-weight WHEN its roles run on the hand SM THEN it is PV-opt's register file and policies with "
          "renaming by_weight") {
  const HandSm h;
  const auto t = make_aging_technique("pv-opt+nbti-opt-by-weight");
  const arch::SmPolicy p = t->policy();
  CHECK(p.mapping == "hybrid");
  CHECK(p.scheduler == "fwas");
  CHECK(p.renaming == true);
  CHECK(p.renaming_by_weight == true);
  const auto a = make_aging_technique("pv-opt+nbti-opt-by-weight");
  CHECK(a->aging().plan == FreshPlan::bank_table_renaming);
  CHECK(a->aging().sensing == Sensing::reorganize);
  REQUIRE(a->aging().guardband);
  CHECK(same_guardband(*a->aging().guardband, *fast_banks_rule(FastBanksAt::reorganization)));
  CHECK(make_technique("pv-opt+nbti-opt-by-weight", Role::aging)->roles() == (bit(Role::aging)));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
