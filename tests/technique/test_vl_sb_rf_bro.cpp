// Behaviour of technique/impl/vl_sb_rf_bro_technique.cpp on the hand-worked SM of hand_sm.h.
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

TEST_CASE("GIVEN vl-sb+rf-bro WHEN its roles run on the hand SM THEN the two slow sub-banks share one slow "
          "virtual bank at the VL-SB clock") {
  const HandSm h;
  check_rf_bro(make_freq_technique("vl-sb+rf-bro")->freq_setup(h.sm, h.g, h.p, 3), 0);  // h is ignored
  const auto i = make_ipc_technique("vl-sb+rf-bro");
  check_rf_bro(at_launch(*i, &h.sm, h, 8).setup, 0);  // no hybrid banks whatever the kernel
  CHECK_FALSE(at_launch(*i, &h.sm, h, 0).table.has_value());
  check_no_pv(at_launch(*i, nullptr, h, 0).setup);
  CHECK(i->policy().mapping == "eq3");
  CHECK(i->policy().scheduler == "lrr");
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
