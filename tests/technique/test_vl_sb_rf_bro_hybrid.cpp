// Behaviour of technique/impl/vl_sb_rf_bro_hybrid_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-sb+rf-bro+hybrid WHEN asked for h hybrid banks THEN h = 0 is RF-BRO and h = 1 or 3 give "
          "the clamped table with two hybrid banks") {
  const HandSm h;
  const auto t = make_freq_technique("vl-sb+rf-bro+hybrid");
  check_rf_bro(t->freq_setup(h.sm, h.g, h.p, 0), 0);
  check_rf_bro(t->freq_setup(h.sm, h.g, h.p, 1), 1);
  check_rf_bro(t->freq_setup(h.sm, h.g, h.p, 3), 1);
  CHECK(t->roles() == bit(Role::freq));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
