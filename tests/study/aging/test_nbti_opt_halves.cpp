// NBTI-opt's two halves apart (study techniques pv-opt+renaming and pv-opt+reorg) and the
// counterfactual by-weight renaming: each runs the mechanism it names.
#include <doctest/doctest.h>

#include <algorithm>

#include "nbti/aging.h"
#include "rfmodel/register_mapping.h"
#include "tests/study/aging/sm_setup.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::nbti;
using namespace rfvar::study;

using test::HotR0Setup;

TEST_CASE(
    "GIVEN an SM and a kernel with a hot R0 WHEN NBTI-opt's halves run apart THEN renaming alone moves the "
    "stress and keeps the chip-test set, re-organization alone keeps pv-opt's stress in its first epoch") {
  HotR0Setup t;
  auto life = [&](const char* name, int epochs) { return t.life(name, epochs); };
  const SmLifetime pv = life("pv-opt", 1);
  const SmLifetime ren = life("pv-opt+renaming", 1);
  const SmLifetime reorg = life("pv-opt+reorg", 1);
  const SmLifetime both = life("pv-opt+nbti-opt", 1);
  const SmLifetime weight = life("pv-opt+nbti-opt-by-weight", 1);
  // Renaming really renames (R0 of each block's last warp -> virtual bank 0), so U moves.
  CHECK(ren.vbank_utilization != pv.vbank_utilization);
  CHECK(ren.vbank_utilization[0] > pv.vbank_utilization[0]);
  CHECK(ren.utilization == both.utilization);  // one epoch: the same runs, only the guardband rule differs
  // Re-organization without renaming: pv-opt's runs; the aged set is re-chosen, never worse.
  CHECK(reorg.utilization == pv.utilization);
  CHECK(reorg.fresh_period == pv.fresh_period);
  CHECK(reorg.aged_period <= pv.aged_period);
  // The counterfactual order is a different mechanism: its stress lands elsewhere.
  CHECK(weight.utilization != both.utilization);
}

TEST_CASE(
    "GIVEN an SM whose fastest virtual bank takes a hot R0 WHEN renaming alone runs for two epochs THEN the "
    "second epoch ranks the chip-test table's banks by the sensors' readings, not by the chip-test speeds") {
  HotR0Setup t;
  const arch::KernelRf& chip_test = t.fresh.bank_table_renaming.real.front();  // full warps only: the h = 0 table
  REQUIRE(chip_test.table);
  const SmLifetime one = t.life("pv-opt+renaming", 1);  // epoch 1 of the two-epoch life runs this plan
  // The sensors after epoch 1 (3.5 years at epoch 1's U): the fastest fast virtual bank by reading.
  const AgedSubbanks after1 = age_subbanks(t.np, t.fresh.subbank_delay, t.fresh.dvth0_V, one.utilization, 3.5);
  const SmRfPlan sensed = technique::with_sensor_readings(t.fresh.bank_table_renaming, sensor_readings(t.np, after1));
  const arch::KernelRf& rf = sensed.real.front();
  CHECK(rf.table->banks.size() == chip_test.table->banks.size());  // no re-pairing
  for (std::size_t v = 0; v < rf.table->banks.size(); ++v)
    CHECK(rf.table->banks[v].subbanks == chip_test.table->banks[v].subbanks);
  const int fast = chip_test.table->count(rfmodel::BankSpeed::Fast);
  const auto fastest = [&](const std::vector<float>& d) {
    return static_cast<int>(std::min_element(d.begin(), d.begin() + fast) - d.begin());
  };
  REQUIRE(fastest(chip_test.bank_delay) == 0);  // chip test: virtual bank 0 is the fastest
  const int aged_first = fastest(rf.bank_delay);
  REQUIRE(aged_first != 0);  // R0's stress made it slower than another fast bank
  // The row of a block whose last warp is 3 sends R0's bank (Eq. 3: bank 3) to the aged fastest.
  CHECK(rfmodel::renaming_row(*rf.table, rf.bank_delay, 3)[3] == aged_first);
  CHECK(rfmodel::renaming_row(*chip_test.table, chip_test.bank_delay, 3)[3] == 0);
  // End to end: in the second epoch R0's stress leaves virtual bank 0 for the aged fastest bank.
  const SmLifetime two = t.life("pv-opt+renaming", 2);
  CHECK(two.vbank_utilization[static_cast<std::size_t>(aged_first)] >
        one.vbank_utilization[static_cast<std::size_t>(aged_first)] + 0.05);
  CHECK(two.vbank_utilization[0] < one.vbank_utilization[0] - 0.05);
  CHECK(two.fresh_period == one.fresh_period);  // the chip-test table and guardband rule are kept
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
