// Behaviour of technique/impl/fba_rm_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN fba-rm WHEN its ipc role runs on the hand SM THEN it is RF-BRO's register file with Tan §3.3.2 fast-bank aware mapping") {
  const HandSm h;
  const auto t = make_ipc_technique("fba-rm");
  check_rf_bro(at_launch(*t, &h.sm, h, 8).setup, 0);
  check_no_pv(at_launch(*t, nullptr, h, 0).setup);
  CHECK(t->policy().mapping == "fba-rm");
  CHECK(t->policy().scheduler == "lrr");
  CHECK_FALSE(t->policy().renaming);
  CHECK(t->roles() == bit(Role::ipc));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
