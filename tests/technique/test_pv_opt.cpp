// Behaviour of technique/impl/pv_opt_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN pv-opt WHEN its roles run on the hand SM THEN it is PV-opt's register file and policies with "
          "renaming off") {
  const HandSm h;
  const auto t = make_ipc_technique("pv-opt");
  // Hybrid banks sized per kernel (Tan §3.3.4): h = ceil(partial vectors / 2 rows), clamped to 2.
  check_rf_bro(at_launch(*t, &h.sm, h, 0).setup, 0);
  check_rf_bro(at_launch(*t, &h.sm, h, 2).setup, 1);
  check_rf_bro(at_launch(*t, &h.sm, h, 8).setup, 1);
  check_no_pv(at_launch(*t, nullptr, h, 2).setup);
  CHECK(at_launch(*t, &h.sm, h, 2).table.has_value() == false);  // the table renaming reads
  const arch::SmPolicy p = t->policy();
  CHECK(p.mapping == "hybrid");
  CHECK(p.scheduler == "fwas");
  CHECK(p.renaming == false);
  CHECK(p.renaming_by_weight == false);
  const auto a = make_aging_technique("pv-opt");
  CHECK(a->aging().plan == FreshPlan::bank_table);
  CHECK(a->aging().sensing == Sensing::none);
  REQUIRE(a->aging().guardband);
  CHECK(same_guardband(*a->aging().guardband, *fast_banks_rule(FastBanksAt::chip_test_table)));
  CHECK(make_technique("pv-opt", Role::ipc)->roles() == (bit(Role::ipc) | bit(Role::aging)));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
