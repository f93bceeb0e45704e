// Tests of the one lane-condition evaluator (lanes.h) and the SIMT walk built on it (simt_walk.h).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "workload/kernel_parser.h"
#include "workload/lanes.h"
#include "workload/simt_walk.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;

namespace {
Cond cond(CondKind k, int a, int b = 0, float p = 0.0f) {
  Cond c;
  c.kind = k;
  c.a = a;
  c.b = b;
  c.p = p;
  return c;
}
}  // namespace

TEST_CASE("GIVEN thread-ID and block-ID conditions WHEN evaluated on a warp THEN only active lanes that meet them") {
  const auto no_draw = [](int) -> double { FAIL("a programmatic condition drew"); return 0.0; };
  CHECK(cond_lanes(cond(CondKind::TidLess, 40), 0, 1, ~0u, no_draw) == 0xFFu);       // tids 32..39
  CHECK(cond_lanes(cond(CondKind::TidAtLeast, 40), 0, 1, 0xF0F0u, no_draw) == 0xF000u);
  CHECK(cond_lanes(cond(CondKind::LaneLess, 4), 0, 3, ~0u, no_draw) == 0xFu);
  CHECK(cond_lanes(cond(CondKind::TidModLess, 4, 1), 0, 0, ~0u, no_draw) == 0x11111111u);
  CHECK(cond_lanes(cond(CondKind::BidModLess, 2, 1), 4, 0, 0xFFu, no_draw) == 0xFFu);
  CHECK(cond_lanes(cond(CondKind::BidModLess, 2, 1), 5, 0, 0xFFu, no_draw) == 0u);
  // The static analysis: block-ID conditions do not split a warp.
  CHECK(programmatic_lanes(cond(CondKind::BidModLess, 2, 1), 0) == ~0u);
}

TEST_CASE("GIVEN data-dependent conditions WHEN evaluated THEN rand draws once per active lane in order, wrand once") {
  std::vector<int> asked;
  const auto draw = [&](int lane) {
    asked.push_back(lane);
    return lane == 5 ? 0.9 : 0.1;
  };
  CHECK(cond_lanes(cond(CondKind::RandomLane, 0, 0, 0.5f), 0, 0, 0x61u, draw) == 0x41u);
  CHECK(asked == std::vector<int>{0, 5, 6});
  asked.clear();
  CHECK(cond_lanes(cond(CondKind::RandomWarp, 0, 0, 0.5f), 0, 0, 0x61u, draw) == 0x61u);
  CHECK(asked == std::vector<int>{-1});
}

TEST_CASE("GIVEN an if with an empty then-part WHEN a warp diverges on it THEN the walk reconverges at once") {
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark toy\nkernel k block=32 regs=2\n  ialu r0 = r1\n  if tid < 16\n  endif\n"
      "  ialu r1 = r0\nend\nlaunch k grid=1\n",
      "toy.kernel");
  std::vector<std::pair<int, std::uint32_t>> seen;
  simt_walk(
      b.kernels[0], 0, 0, [](std::int32_t, std::uint32_t, int) { return 0.0; },
      [&](std::int32_t pc, std::uint32_t mask, const std::int32_t*) { seen.emplace_back(pc, mask); });
  REQUIRE(seen.size() == 4);  // ialu, if, ialu, exit: each once, with every lane
  for (const auto& [pc, mask] : seen) CHECK(mask == ~0u);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
