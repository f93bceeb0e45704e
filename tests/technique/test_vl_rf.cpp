// Behaviour of technique/impl/vl_rf_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-rf WHEN its roles run on the hand SM THEN the vectors holding a slow register take two "
          "cycles at the clock of the 75 % fastest registers, per chip") {
  const HandSm h;
  const rfmodel::RfSetup s = make_freq_technique("vl-rf")->freq_setup(h.sm, h.g, h.p, 0);
  CHECK(s.clock_norm == doctest::Approx(1.0));
  CHECK(s.latency == Rows{2, 1, 2, 1, 1, 2, 1, 2});
  const auto i = make_ipc_technique("vl-rf");
  CHECK(at_launch(*i, &h.sm, h, 0).setup.latency == s.latency);
  check_no_pv(at_launch(*i, nullptr, h, 0).setup);
  CHECK(i->ipc_every_chip());  // its flags depend on every register of the chip (Tan §6.1.1)
  const auto a = make_aging_technique("vl-rf");
  CHECK(a->aging().plan == FreshPlan::vl_rf);
  CHECK(a->aging().sensing == Sensing::none);
  REQUIRE(a->aging().guardband);
  CHECK(same_guardband(*a->aging().guardband, *vl_rf_rule()));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
