// Tan Fig. 8's per-virtual-bank statistics of an SM lifetime (utilization and aged delay per bank of
// the organization table) and the sub-bank that sets the aged period.
#include <doctest/doctest.h>

#include <algorithm>

#include "rfmodel/bank_table.h"
#include "tests/study/aging/sm_setup.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::nbti;
using namespace rfvar::study;

using test::HotR0Setup;

namespace {

double mean_of(const std::vector<double>& v, const std::vector<int>& ids) {
  double m = 0.0;
  for (int id : ids) m += v[static_cast<std::size_t>(id)] / static_cast<double>(ids.size());
  return m;
}

double max_of(const std::vector<double>& v, const std::vector<int>& ids) {
  double m = 0.0;
  for (int id : ids) m = std::max(m, v[static_cast<std::size_t>(id)]);
  return m;
}

}  // namespace

TEST_CASE(
    "GIVEN an SM whose table permutes sub-banks WHEN it ages under each technique THEN the per-virtual-bank "
    "U and aged delay follow the table in force and the critical sub-bank sets the aged period") {
  HotR0Setup t;
  const rfmodel::BankTable chip_test =
      rfmodel::organize_banks(t.fresh.subbank_delay, t.fresh.fast, t.g.banks, t.rp.subbanks, 0);

  SUBCASE("pv-opt: the chip-test table, one plan") {
    const SmLifetime life = t.life("pv-opt", 1);
    REQUIRE(life.vbank_utilization.size() == 16);
    REQUIRE(life.vbank_aged_delay.size() == 16);
    for (std::size_t v = 0; v < 16; ++v) {
      CAPTURE(v);
      const auto& ids = chip_test.banks[v].subbanks;
      CHECK(life.vbank_utilization[v] == doctest::Approx(mean_of(life.utilization, ids)));
      CHECK(life.vbank_aged_delay[v] == max_of(life.aged_delay, ids));
    }
    // Virtual bank 0 is not physical bank 0: the statistics really are re-indexed.
    CHECK(chip_test.banks[0].subbanks != std::vector<int>{0, 1});
    REQUIRE(life.critical_subbank >= 0);
    CHECK(life.aged_delay[static_cast<std::size_t>(life.critical_subbank)] == life.aged_period);
  }
  SUBCASE("baseline: physical banks") {
    const SmLifetime life = t.life("baseline", 1);
    for (int v = 0; v < 16; ++v)
      CHECK(life.vbank_utilization[static_cast<std::size_t>(v)] ==
            doctest::Approx(mean_of(life.utilization, {2 * v, 2 * v + 1})));
    CHECK(life.aged_delay[static_cast<std::size_t>(life.critical_subbank)] == life.aged_period);
    CHECK(life.aged_period == *std::max_element(life.aged_delay.begin(), life.aged_delay.end()));
  }
  SUBCASE(
      "pv-opt+nbti-opt: per-bank U summed over re-organized epochs, aged delays of the end-of-life table") {
    const SmLifetime life = t.life("pv-opt+nbti-opt", 4);
    double vb_total = 0.0, sb_total = 0.0;
    for (double u : life.vbank_utilization) vb_total += 2.0 * u;  // S = 2 positions per bank
    for (double u : life.utilization) sb_total += u;
    CHECK(vb_total == doctest::Approx(sb_total));  // the same stress, indexed by position instead of id
    // Renaming puts R0 of each block's last warp on the fastest fast bank: bank 0 is the busiest.
    CHECK(life.vbank_utilization[0] ==
          doctest::Approx(*std::max_element(life.vbank_utilization.begin(), life.vbank_utilization.end())));
    CHECK(life.aged_delay[static_cast<std::size_t>(life.critical_subbank)] == life.aged_period);
    // The end-of-life table is the aged one: each bank's delay is one of its sub-banks' aged delays,
    // and the fast banks (0-10) are sorted fastest first.
    for (std::size_t v = 1; v < 11; ++v) CHECK(life.vbank_aged_delay[v - 1] <= life.vbank_aged_delay[v]);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
