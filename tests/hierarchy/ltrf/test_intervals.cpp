#include <doctest/doctest.h>

#include "hierarchy/ltrf/intervals.h"
#include "cfg_builders.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ltrf;
using namespace rfvar::arch::ltrf::testing;

namespace {

// Every instruction covered once is checked by RegionPartition's constructor (it throws);
// here: sizes add up, no region exceeds N, single entry.
void check_invariants(const Cfg& g, const IntervalFormation& f, int n) {
  const RegionPartition& p = f.partition;
  int covered = 0;
  for (const Region& r : p.regions()) {
    CHECK(count(r.working_set) <= n);
    covered += r.static_length;
  }
  CHECK(covered == g.instruction_count());
  CHECK(p.single_entry(g));
}

}  // namespace

TEST_CASE("GIVEN the nested loops of LTRF Fig. 6 WHEN everything fits N THEN pass 2 collapses them to one interval") {
  const Cfg g = fig6_nested_loops();
  const IntervalFormation f = form_register_intervals(g, 16);
  // Pass 1: {A, X} (X is entered only from A) and the inner loop {B, C} (B has a back edge).
  CHECK(f.pass1_intervals == 2);
  CHECK(f.partition.size() == 1);
  CHECK(f.pass2_rounds == 2);  // one merging round, one confirming the fixed point
  CHECK(count(f.partition.regions()[0].working_set) == 6);
  CHECK(f.partition.regions()[0].entry() == InstrRef{0, 0});
  check_invariants(g, f, 16);
}

TEST_CASE("GIVEN the Fig. 6 loops WHEN the union of working sets exceeds N THEN the inner loop stays its own interval") {
  const Cfg g = fig6_nested_loops();
  const IntervalFormation f = form_register_intervals(g, 4);  // {r0,r1,r5} and {r2,r3,r4}
  CHECK(f.partition.size() == 2);
  CHECK(f.partition.region_of({1, 0}) == f.partition.region_of({2, 0}));
  CHECK(f.partition.region_of({0, 0}) == f.partition.region_of({3, 0}));
  CHECK(f.partition.region_of({0, 0}) != f.partition.region_of({1, 0}));
  check_invariants(g, f, 4);
}

TEST_CASE("GIVEN three nested loops WHEN they fit THEN each pass-2 round removes one nesting level until the fixed point") {
  // A outer header, B middle header, C inner self-loop, D middle latch, E outer latch, X exit.
  Cfg g;
  g.blocks = {block("A", {op({0}, {0})}, {1}), block("B", {op({1}, {1})}, {2}), block("C", {op({2}, {2})}, {2, 3}),
              block("D", {op({3}, {3})}, {1, 4}), block("E", {op({4}, {4})}, {0, 5}), block("X", {op({5}, {})}, {})};
  const IntervalFormation f = form_register_intervals(g, 16);
  CHECK(f.pass1_intervals == 3);  // {A}, {B}, {C, D, E, X}
  CHECK(f.partition.size() == 1);
  CHECK(f.pass2_rounds == 3);     // 3 -> 2 -> 1 -> 1
  check_invariants(g, f, 16);
}

TEST_CASE("GIVEN a block naming more registers than N WHEN intervals are formed THEN the block is split") {
  std::vector<Instruction> instrs;
  for (int r = 0; r < 20; ++r) instrs.push_back(op({}, {r}));
  Cfg g;
  g.blocks = {block("big", instrs, {})};
  const IntervalFormation f = form_register_intervals(g, 16);
  REQUIRE(f.partition.size() == 2);
  CHECK(f.block_cuts == 1);
  CHECK(f.partition.regions()[0].static_length == 16);
  CHECK(f.partition.regions()[1].static_length == 4);
  CHECK(f.partition.region_of({0, 15}) != f.partition.region_of({0, 16}));
  check_invariants(g, f, 16);
}

TEST_CASE("GIVEN a call inside a block WHEN intervals are formed THEN the call is an interval of its own") {
  Cfg g;
  g.blocks = {block("A", {op({0}, {1}), call({1}, {2}), op({2}, {3})}, {})};
  const IntervalFormation f = form_register_intervals(g, 16);
  CHECK(f.partition.size() == 3);
  const int c = f.partition.region_of({0, 1});
  CHECK(f.partition.regions()[static_cast<std::size_t>(c)].static_length == 1);
  check_invariants(g, f, 16);
}

TEST_CASE("GIVEN N smaller than an instruction's register count WHEN intervals are formed THEN InputError names both") {
  Cfg g;
  g.blocks = {block("A", {op({0, 1, 2}, {3})}, {})};
  CHECK_THROWS_WITH_AS(form_register_intervals(g, 3), doctest::Contains("N = 3"), rfvar::InputError);
  CHECK_THROWS_WITH_AS(form_register_intervals(g, 3), doctest::Contains("the 4 registers"), rfvar::InputError);
  CHECK_NOTHROW(form_register_intervals(g, 4));
}

TEST_CASE("GIVEN random graphs (Stream::Test, seeds 1-40) WHEN intervals are formed THEN invariants hold for N = 4, 8, 16") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Cfg g = random_cfg(seed, 12, 24, 8);
    for (int n : {4, 8, 16}) {
      CAPTURE(seed);
      CAPTURE(n);
      const IntervalFormation f = form_register_intervals(g, n);
      check_invariants(g, f, n);
      CHECK(f.partition.size() <= f.pass1_intervals);
    }
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
