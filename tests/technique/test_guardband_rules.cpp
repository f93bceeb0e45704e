// Tests for technique/guardband_rule.h: the three guardband rules on the fixed PV SM of fixture.h
// with a synthetic aging (each sub-bank's delay scaled by 1 + 0.001 x ((5 s) mod 32)).
#include <algorithm>
#include <numeric>
#include <set>

#include "nbti/guardband.h"
#include "tests/technique/fixture.h"
#include "tests/technique/hand_sm.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::technique;
using namespace rfvar::technique::test;

namespace {
nbti::AgedSubbanks synthetic_aging(const SmFresh& f) {
  nbti::AgedSubbanks a;
  for (std::size_t s = 0; s < f.subbank_delay.size(); ++s) {
    const double k = 1.0 + 0.001 * static_cast<double>((5 * s) % 32);
    a.fresh_delay.push_back(f.subbank_delay[s]);
    a.delay_factor.push_back(k);
    a.delay.push_back(f.subbank_delay[s] * k);
    a.dvth0_V.push_back(0.0);
    a.dvth_V.push_back(0.0);
  }
  return a;
}
}  // namespace

TEST_CASE("GIVEN an aged PV SM WHEN each guardband rule applies THEN its periods follow docs/models.md#nbti") {
  const PvSm s;
  const SmFresh f = prepare_sm(s.sm, s.g, s.rp, true);
  const nbti::AgedSubbanks aged = synthetic_aging(f);
  const nbti::NbtiParams np = nbti::NbtiParams::from_config(s.config);
  const GuardbandInputs in{f, aged, np, s.rp, s.g};

  SUBCASE("slowest register: every sub-bank, before and after aging") {
    const GuardbandOutcome o = slowest_register_rule()->apply(in);
    CHECK(o.fresh_period == *std::max_element(aged.fresh_delay.begin(), aged.fresh_delay.end()));
    CHECK(o.aged_period == *std::max_element(aged.delay.begin(), aged.delay.end()));
    CHECK(aged.delay[static_cast<std::size_t>(o.critical_subbank)] == o.aged_period);
    CHECK(o.end_banks == physical_banks(s.g.banks, s.rp.subbanks));
  }
  SUBCASE(
      "vl-rf: the fast registers aged, slow ones within slow_access_cycles periods; no critical sub-bank") {
    const GuardbandOutcome o = vl_rf_rule()->apply(in);
    double fast = 0.0;
    for (std::size_t i = 0; i < aged.size(); ++i)
      fast = std::max(fast, f.vl_rf_fast_max[i] * aged.delay_factor[i]);
    const double all = *std::max_element(aged.delay.begin(), aged.delay.end());
    CHECK(o.fresh_period == f.vl_rf_period);
    CHECK(o.aged_period == std::max(fast, all / s.rp.slow_access_cycles));
    CHECK(o.critical_subbank == -1);
  }
  SUBCASE("fast banks of the chip-test table: the fresh fast set, aged") {
    const GuardbandOutcome o = fast_banks_rule(FastBanksAt::chip_test_table)->apply(in);
    const std::vector<int> set = nbti::fast_subbanks(f.bank_table.real.front().setup);
    CHECK(o.fresh_period == nbti::slowest_of(aged.fresh_delay, set));
    CHECK(o.aged_period == nbti::slowest_of(aged.delay, set));
    CHECK(std::find(set.begin(), set.end(), o.critical_subbank) != set.end());
  }
  SUBCASE("fast banks of the sensors' re-organization: a permutation of every sub-bank, F of them fast") {
    const GuardbandOutcome o = fast_banks_rule(FastBanksAt::reorganization)->apply(in);
    std::set<int> ids;
    for (const auto& b : o.end_banks) ids.insert(b.begin(), b.end());
    CHECK(ids.size() == aged.size());
    CHECK(o.aged_period >= o.fresh_period);
    CHECK(o.critical_subbank >= 0);
  }
}

TEST_CASE("GIVEN the aged hand SM of hand_sm.h WHEN each guardband rule applies THEN the four rules give four "
          "different outcomes, so the technique tests' same_guardband() tells them apart") {
  const std::shared_ptr<const IGuardbandRule> rules[] = {slowest_register_rule(), vl_rf_rule(),
                                                         fast_banks_rule(FastBanksAt::chip_test_table),
                                                         fast_banks_rule(FastBanksAt::reorganization)};
  for (std::size_t a = 0; a < 4; ++a)
    for (std::size_t b = 0; b < 4; ++b) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(same_guardband(*rules[a], *rules[b]) == (a == b));
    }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
