// Behaviour of technique/impl/vl_sb_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-sb WHEN its freq role runs on the hand SM THEN the banks with a slow sub-bank are slow at "
          "the clock of the sixth-fastest sub-bank") {
  const HandSm h;
  const auto t = make_freq_technique("vl-sb");
  const rfmodel::RfSetup s = t->freq_setup(h.sm, h.g, h.p, 0);
  CHECK(s.clock_norm == doctest::Approx(1.0 / 1.10));
  CHECK(s.latency == bank_rows({1, 3}));
  CHECK(t->roles() == bit(Role::freq));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
