// Behaviour of technique/impl/vl_rv_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-rv WHEN its freq role runs on the hand SM THEN the slowest array of two vectors is slow "
          "at the clock of the third-fastest array") {
  const HandSm h;
  const auto t = make_freq_technique("vl-rv");
  const rfmodel::RfSetup s = t->freq_setup(h.sm, h.g, h.p, 0);
  CHECK(s.clock_norm == doctest::Approx(1.0 / 1.20));
  CHECK(s.latency == Rows{1, 1, 2, 2, 1, 1, 1, 1});
  CHECK(t->roles() == bit(Role::freq));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
