// Behaviour of technique/impl/pv_opt_renaming_by_weight_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN pv-opt+renaming-by-weight WHEN its roles run on the hand SM THEN it is PV-opt's register file and policies with "
          "renaming by_weight") {
  const HandSm h;
  const auto t = make_ipc_technique("pv-opt+renaming-by-weight");
  // Hybrid banks sized per kernel (Tan §3.3.4): h = ceil(partial vectors / 2 rows), clamped to 2.
  check_rf_bro(at_launch(*t, &h.sm, h, 0).setup, 0);
  check_rf_bro(at_launch(*t, &h.sm, h, 2).setup, 1);
  check_rf_bro(at_launch(*t, &h.sm, h, 8).setup, 1);
  check_no_pv(at_launch(*t, nullptr, h, 2).setup);
  CHECK(at_launch(*t, &h.sm, h, 2).table.has_value() == true);  // the table renaming reads
  const arch::SmPolicy p = t->policy();
  CHECK(p.mapping == "hybrid");
  CHECK(p.scheduler == "fwas");
  CHECK(p.renaming == true);
  CHECK(p.renaming_by_weight == true);
  CHECK(make_technique("pv-opt+renaming-by-weight", Role::ipc)->roles() == (bit(Role::ipc)));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
