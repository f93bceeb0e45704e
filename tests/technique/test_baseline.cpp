// Behaviour of technique/impl/baseline_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN baseline WHEN its roles run on the hand SM THEN the PV clock is the slowest register's, "
          "every access one cycle, and the aging study guards the slowest register") {
  const HandSm h;
  const auto f = make_freq_technique("baseline");
  const rfmodel::RfSetup s = f->freq_setup(h.sm, h.g, h.p, 0);
  CHECK(s.clock_norm == doctest::Approx(1.0 / 1.30));
  CHECK(s.latency == Rows(8, 1));
  const auto i = make_ipc_technique("baseline");  // the normalization of Tan Fig. 11: no PV
  check_no_pv(at_launch(*i, &h.sm, h, 0).setup);
  CHECK(i->policy().mapping == "eq3");
  CHECK(i->policy().scheduler == "lrr");
  CHECK_FALSE(i->ipc_every_chip());
  const auto a = make_aging_technique("baseline");
  CHECK(a->aging().plan == FreshPlan::ideal);
  CHECK(a->aging().sensing == Sensing::none);
  REQUIRE(a->aging().guardband);
  CHECK(same_guardband(*a->aging().guardband, *slowest_register_rule()));
  CHECK(a->roles() == (bit(Role::freq) | bit(Role::ipc) | bit(Role::aging)));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
