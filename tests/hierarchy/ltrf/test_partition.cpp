#include <doctest/doctest.h>

#include <ostream>
#include <stdexcept>

#include "hierarchy/ltrf/partition.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ltrf;

namespace {
RegSet regs(std::initializer_list<int> ids) {
  RegSet s;
  for (int r : ids) s.set(static_cast<std::size_t>(r));
  return s;
}
}  // namespace

TEST_CASE("GIVEN a warp moving between regions WHEN LTRF enters the next one THEN only missing registers are fetched and dirty leavers written back") {
  WarpPartitions part(LtrfVariant::Ltrf, 4, 2, 16);
  RegTransfer t = part.activate(0, regs({0, 1, 2}), regs({0}));
  CHECK(t.fetch == regs({0, 1, 2}));  // LTRF fetches the whole working set
  CHECK(part.access(0, 1, true));     // r1 written
  CHECK(part.access(0, 2, false));
  CHECK_FALSE(part.access(0, 7, false));  // outside the working set: a miss (caller bug)
  t = part.enter(0, regs({1, 3}), regs({1, 3}));
  CHECK(t.fetch == regs({3}));        // r1 stays resident
  CHECK(t.writeback.none());          // r0 and r2 leave clean
  CHECK(part.access(0, 3, true));
  t = part.enter(0, regs({5}), regs({5}));
  CHECK(t.writeback == regs({1, 3}));  // both written while resident
  CHECK(part.stats().misses == 1);
}

TEST_CASE("GIVEN a strand boundary WHEN the warp restarts THEN dirty registers go back and the whole next set is fetched") {
  for (LtrfVariant v : {LtrfVariant::Ltrf, LtrfVariant::LtrfPlus}) {
    const bool plus = v == LtrfVariant::LtrfPlus;
    CAPTURE(plus);
    WarpPartitions part(v, 4, 2, 16);
    part.activate(0, regs({0, 1, 2}), regs({0, 1, 2}));
    CHECK(part.access(0, 1, true));
    CHECK(part.access(0, 2, true));
    // The same strand again after its backward branch: r2 is dead there (LTRF+ drops it).
    const RegTransfer t = part.restart(0, regs({0, 1, 2}), regs({0, 1}));
    CHECK(t.writeback == (plus ? regs({1}) : regs({1, 2})));  // Gebhart MICRO 2011: via the main RF
    CHECK(t.fetch == (plus ? regs({0, 1}) : regs({0, 1, 2})));  // nothing survives the boundary
    CHECK(part.resident(0));
    CHECK(part.working_set(0) == regs({0, 1, 2}));
    const RegTransfer u = part.enter(0, regs({0, 1, 2}), regs({0, 1}));  // an interval keeps them
    CHECK(u.fetch.none());
    CHECK(u.writeback.none());
  }
}

TEST_CASE("GIVEN live and dead registers WHEN a warp is deactivated and reactivated THEN LTRF moves the whole set and LTRF+ only live ones") {
  const RegSet ws = regs({0, 1, 2, 3});
  const RegSet live = regs({0, 2});
  for (LtrfVariant v : {LtrfVariant::Ltrf, LtrfVariant::LtrfPlus}) {
    const bool plus = v == LtrfVariant::LtrfPlus;
    CAPTURE(plus);
    WarpPartitions part(v, 8, 2, 16);
    RegTransfer t = part.activate(3, ws, live);
    CHECK(t.fetch == (plus ? live : ws));
    CHECK(t.allocate == (plus ? regs({1, 3}) : RegSet{}));  // LTRF+: dead registers only get a slot
    t = part.deactivate(3, live);
    CHECK(t.writeback == (plus ? live : ws));
    CHECK_FALSE(part.resident(3));
    t = part.activate(3, ws, live);
    CHECK(t.fetch.count() == (plus ? 2u : 4u));
  }
}

TEST_CASE("GIVEN all partitions in use WHEN one more warp is activated THEN it is refused") {
  WarpPartitions part(LtrfVariant::Ltrf, 8, 2, 16);
  part.activate(0, regs({0}), {});
  part.activate(1, regs({0}), {});
  CHECK(part.active_count() == 2);
  CHECK_THROWS_AS(part.activate(2, regs({0}), {}), std::logic_error);
  part.exit(0);
  CHECK_NOTHROW(part.activate(2, regs({0}), {}));
  RegSet big;
  for (int r = 0; r < 17; ++r) big.set(static_cast<std::size_t>(r));
  CHECK_THROWS_AS(part.enter(2, big, {}), std::logic_error);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
