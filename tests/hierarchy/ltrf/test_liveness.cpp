#include <doctest/doctest.h>

#include "hierarchy/ltrf/liveness.h"
#include "cfg_builders.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ltrf;
using namespace rfvar::arch::ltrf::testing;

TEST_CASE("GIVEN a loop with a value carried around it WHEN liveness is computed THEN live ranges follow the paths") {
  // 0: r1 = r0            -> 1
  // 1: r2 = r1 + r2 ; r3 = r2   -> 1 (loop), 2
  // 2: store r3           (end)
  Cfg g;
  g.blocks = {block("pre", {op({0}, {1})}, {1}), block("loop", {op({1, 2}, {2}), op({2}, {3})}, {1, 2}),
              block("post", {op({3}, {})}, {})};
  Liveness live(g);
  // r2 is read before written in the loop, so it is live into the kernel; r0 too.
  CHECK(live.block_in(0).test(0));
  CHECK(live.block_in(0).test(2));
  CHECK_FALSE(live.block_in(0).test(1));  // r1 is written first
  // Around the back edge r1 and r2 stay live (read again in the next iteration).
  CHECK(live.block_out(1).test(1));
  CHECK(live.block_out(1).test(2));
  CHECK(live.block_out(1).test(3));  // read in post
  // The store reads r3 for the last time: the dead-operand bit.
  CHECK(live.last_read({2, 0}, 3));
  // r2's read in "r3 = r2" is not a last read: the loop may read it again.
  CHECK_FALSE(live.last_read({1, 1}, 2));
  // r3 is dead before it is written in the loop (the write kills it).
  CHECK_FALSE(live.live_in({1, 1}).test(3));
  CHECK(live.live_out({1, 1}).test(3));
  CHECK(live.iterations() >= 2);
}

TEST_CASE("GIVEN a diamond where one side overwrites a value WHEN liveness is computed THEN it is live on the other path only") {
  // 0: r1 = ..   -> 1, 2 ; 1: r1 = .. -> 3 ; 2: nop(r5) -> 3 ; 3: use r1
  Cfg g;
  g.blocks = {block("top", {op({}, {1})}, {1, 2}), block("left", {op({}, {1})}, {3}),
              block("right", {op({5}, {6})}, {3}), block("join", {op({1}, {})}, {})};
  Liveness live(g);
  CHECK(live.block_out(0).test(1));    // may be read through the right side
  CHECK_FALSE(live.block_in(1).test(1));  // killed on the left
  CHECK(live.block_in(2).test(1));
  CHECK_FALSE(live.live_out({2, 0}).test(6));  // r6 never read: dead at once
}

TEST_CASE("GIVEN a malformed graph WHEN analysed THEN InputError names the block") {
  Cfg g;
  g.blocks = {block("A", {op({0}, {1})}, {7})};
  CHECK_THROWS_WITH_AS(Liveness{g}, doctest::Contains("block 0 (A)"), rfvar::InputError);
  g.blocks = {block("A", {op({300}, {1})}, {})};
  CHECK_THROWS_WITH_AS(Liveness{g}, doctest::Contains("register 300"), rfvar::InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
