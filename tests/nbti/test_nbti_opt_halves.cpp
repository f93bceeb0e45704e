// NBTI-opt's two halves apart (study techniques pv-opt+renaming and pv-opt+reorg) and the
// counterfactual by-weight renaming: each runs the mechanism it names.
#include <doctest/doctest.h>

#include "tests/nbti/hot_r0_fixture.h"

using namespace rfvar;
using namespace rfvar::nbti;

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
