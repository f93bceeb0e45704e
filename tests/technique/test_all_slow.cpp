// Behaviour of technique/impl/all_slow_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN all-slow WHEN its ipc role runs on the hand SM THEN every access takes two cycles at the "
          "clock without PV") {
  const HandSm h;
  const auto t = make_ipc_technique("all-slow");
  for (const varius::SmDelays* sm : {&h.sm, static_cast<const varius::SmDelays*>(nullptr)}) {
    const rfmodel::RfSetup s = at_launch(*t, sm, h, 0).setup;
    CHECK(s.clock_norm == doctest::Approx(1.0));
    CHECK(s.latency == Rows(8, 2));
  }
  CHECK(t->roles() == bit(Role::ipc));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
