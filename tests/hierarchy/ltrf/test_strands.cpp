#include <doctest/doctest.h>

#include "hierarchy/ltrf/intervals.h"
#include "hierarchy/ltrf/strands.h"
#include "cfg_builders.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ltrf;
using namespace rfvar::arch::ltrf::testing;

TEST_CASE("GIVEN a load and its consumer in one block WHEN strands are formed THEN a strand ends before the consumer") {
  // r1 = load r0 ; r2 = r0 + 1 ; r3 = r1 + r2 (depends on the pending load) ; r4 = r3
  Cfg g;
  g.blocks = {block("A", {op({0}, {1}, true), op({0}, {2}), op({1, 2}, {3}), op({3}, {4})}, {})};
  const StrandFormation f = form_strands(g, 16);
  REQUIRE(f.partition.size() == 2);
  CHECK(f.partition.region_of({0, 1}) == 0);
  CHECK(f.partition.region_of({0, 2}) == 1);
  CHECK(f.start_reason[1] == StartReason::LongLatencyDependence);
  // An independent instruction after the load does not end the strand; neither does a consumer
  // of a short-latency result.
  CHECK(f.partition.regions()[0].static_length == 2);
  CHECK(f.partition.single_entry(g));
}

TEST_CASE("GIVEN a loop WHEN strands are formed THEN they end at the backward branch while one interval holds the loop") {
  // pre -> loop (self back edge) -> post
  Cfg g;
  g.blocks = {block("pre", {op({0}, {1})}, {1}), block("loop", {op({1, 2}, {2})}, {1, 2}),
              block("post", {op({2}, {3})}, {})};
  const StrandFormation s = form_strands(g, 16);
  CHECK(s.partition.size() == 3);
  CHECK(s.start_reason[static_cast<std::size_t>(s.partition.region_of({1, 0}))] == StartReason::LoopHeader);
  CHECK(s.start_reason[static_cast<std::size_t>(s.partition.region_of({2, 0}))] == StartReason::AfterBackwardBranch);
  const IntervalFormation iv = form_register_intervals(g, 16);
  CHECK(iv.partition.size() == 1);  // LTRF §3.3: backward branches do not end register-intervals
  CHECK(s.partition.single_entry(g));
}

TEST_CASE("GIVEN a diamond where one side waits on a load WHEN strands are formed THEN the join starts a new strand") {
  // top: r1 = load -> left, right ; left: r2 = r1 (dependence: new strand) ; right: r3 = r0 ; join
  Cfg g;
  g.blocks = {block("top", {op({0}, {1}, true)}, {1, 2}), block("left", {op({1}, {2})}, {3}),
              block("right", {op({0}, {3})}, {3}), block("join", {op({2, 3}, {4})}, {})};
  const StrandFormation f = form_strands(g, 16);
  CHECK(f.partition.region_of({2, 0}) == f.partition.region_of({0, 0}));  // right continues top's strand
  CHECK(f.partition.region_of({1, 0}) != f.partition.region_of({0, 0}));
  CHECK(f.start_reason[static_cast<std::size_t>(f.partition.region_of({3, 0}))] == StartReason::Merge);
  CHECK(f.partition.single_entry(g));
}

TEST_CASE("GIVEN a pending load on one path only WHEN the join reads it THEN the conservative union ends the strand there") {
  Cfg g;
  g.blocks = {block("top", {op({0}, {5})}, {1, 2}), block("left", {op({0}, {1}, true)}, {3}),
              block("right", {op({0}, {3})}, {3}), block("join", {op({4}, {6}), op({1}, {2})}, {})};
  const StrandFormation f = form_strands(g, 16);
  CHECK(f.partition.size() == 2);  // top/left/right/join[0] together, join[1] after the dependence
  CHECK(f.partition.region_of({3, 1}) != f.partition.region_of({3, 0}));
  CHECK(f.start_reason.back() == StartReason::LongLatencyDependence);
}

TEST_CASE("GIVEN random graphs (Stream::Test, seeds 1-40) WHEN strands are formed THEN they cover once, fit N and have one entry") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Cfg g = random_cfg(seed, 12, 24, 8);
    CAPTURE(seed);
    const StrandFormation s = form_strands(g, 16);
    int covered = 0;
    for (const Region& r : s.partition.regions()) {
      CHECK(count(r.working_set) <= 16);
      covered += r.static_length;
    }
    CHECK(covered == g.instruction_count());
    CHECK(s.partition.single_entry(g));
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
