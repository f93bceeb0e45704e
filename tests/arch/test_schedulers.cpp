// Each warp scheduler's choice on hand-made warp states (arch/scheduler/).
#include <doctest/doctest.h>

#include <vector>

#include "arch/scheduler/i_warp_scheduler.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
WarpView v(int slot, bool ready, bool fast = false, bool long_wait = false, std::uint64_t age = 0) {
  return {slot, ready, fast, long_wait, age == 0 ? static_cast<std::uint64_t>(slot) : age};
}
ArchParams params() {
  ArchParams p;
  p.two_level_active_warps = 2;
  p.two_level_greedy = true;
  p.two_level_group_warps = 4;
  return p;
}
}  // namespace

TEST_CASE("GIVEN ready warps 0, 2, 4 WHEN loose round robin issued warp 2 last THEN it picks warp 4, then wraps") {
  auto s = make_scheduler("lrr", params());
  std::vector<WarpView> w = {v(0, true), v(2, true), v(4, true), v(6, false)};
  s->on_issue(2);
  CHECK(s->pick(w) == 2);  // index of slot 4
  s->on_issue(4);
  CHECK(s->pick(w) == 0);  // slot 6 is not ready: wrap to slot 0
  std::vector<WarpView> none = {v(0, false), v(2, false)};
  CHECK(s->pick(none) == -1);
}

TEST_CASE("GIVEN the last warp still ready WHEN GTO picks THEN it stays on it, else takes the oldest ready") {
  auto s = make_scheduler("gto", params());
  std::vector<WarpView> w = {v(0, true, false, false, 9), v(2, true, false, false, 3), v(4, true, false, false, 5)};
  CHECK(s->pick(w) == 1);  // nothing issued yet: oldest (age 3)
  s->on_issue(4);
  CHECK(s->pick(w) == 2);  // greedy on slot 4
  w[2].ready = false;
  CHECK(s->pick(w) == 1);  // then the oldest ready
}

TEST_CASE("GIVEN fast and slow ready warps WHEN FWAS picks THEN fast warps come first in round-robin order") {
  auto s = make_scheduler("fwas", params());
  std::vector<WarpView> w = {v(0, true, false), v(2, true, true), v(4, true, false), v(6, true, true)};
  CHECK(s->pick(w) == 1);  // slot 2: first fast
  s->on_issue(2);
  CHECK(s->pick(w) == 3);  // slot 6: next fast after 2
  s->on_issue(6);
  CHECK(s->pick(w) == 1);  // wraps to slot 2
  w[1].ready = w[3].ready = false;
  CHECK(s->pick(w) == 0);  // no fast warp ready: base order
}

TEST_CASE("GIVEN an active set of 2 WHEN a warp waits on memory THEN two-level swaps in a pending warp") {
  auto s = make_scheduler("two-level", params());
  for (int slot : {0, 2, 4}) s->on_warp_start(slot);
  std::vector<WarpView> w = {v(0, true), v(2, true), v(4, true)};
  CHECK(s->pick(w) == 0);  // active set {0, 2}; greedy inner starts at the first
  s->on_issue(0);
  CHECK(s->pick(w) == 0);  // greedy stays on 0
  w[0].ready = false;
  w[0].long_wait = true;   // 0 waits on a load: leaves the set, 4 enters
  CHECK(s->pick(w) == 1);
  s->on_issue(2);
  w[1].ready = false;      // 2 stalls on an ALU result: stays active, 4 may issue
  CHECK(s->pick(w) == 2);
  w[2].ready = false;
  CHECK(s->pick(w) == -1);  // 0 is ready again? no: it is still waiting
}

TEST_CASE("GIVEN fetch groups of 4 warps WHEN the leading group stalls THEN two-level-groups moves on, "
          "rotating the lead only when all its warps wait on long-latency events") {
  auto s = make_scheduler("two-level-groups", params());
  // This scheduler unit's even slots: 0, 2 in group 0; 4, 6 in group 1; 8 in group 2.
  std::vector<WarpView> w = {v(0, true), v(2, true), v(4, true), v(6, true), v(8, true)};
  CHECK(s->pick(w) == 0);  // group 0 leads
  s->on_issue(0);
  CHECK(s->pick(w) == 1);  // round robin inside group 0, not slot 4
  s->on_issue(2);
  CHECK(s->pick(w) == 0);  // wraps inside group 0
  w[0].ready = w[1].ready = false;  // short stalls (ALU results): group 0 keeps the lead ...
  CHECK(s->pick(w) == 2);           // ... but group 1 fills the slot
  s->on_issue(4);
  w[0].ready = true;
  CHECK(s->pick(w) == 0);  // group 0 ready again: it still leads
  w[0].ready = false;
  w[0].long_wait = w[1].long_wait = true;  // both of group 0 wait on loads: group 1 leads, 0 drops last
  CHECK(s->pick(w) == 3);                  // slot 6: round robin after slot 4 inside group 1
  s->on_issue(6);
  w[0].ready = true;
  w[0].long_wait = false;  // back from memory, but group 1 leads now
  CHECK(s->pick(w) == 2);
  w[2].ready = w[3].ready = false;
  CHECK(s->pick(w) == 4);  // group 2 is next in priority, before group 0
  w[4].ready = false;
  CHECK(s->pick(w) == 0);
  std::vector<WarpView> one_group = {v(0, true), v(2, true)};  // PNS-like: one group = LRR
  auto t = make_scheduler("two-level-groups", params());
  auto lrr = make_scheduler("lrr", params());
  for (int k = 0; k < 3; ++k) {
    const int a = t->pick(one_group), b = lrr->pick(one_group);
    CHECK(a == b);
    t->on_issue(one_group[static_cast<std::size_t>(a)].slot);
    lrr->on_issue(one_group[static_cast<std::size_t>(b)].slot);
  }
}

TEST_CASE("GIVEN an unknown scheduler name WHEN created THEN the error lists the accepted names") {
  CHECK_THROWS_WITH_AS(make_scheduler("nope", params()), doctest::Contains("two-level"), InputError);
}

TEST_CASE("GIVEN random ready and fast warps of one scheduler unit WHEN lrr and fwas pick from views and from the "
          "SM's bitmasks THEN they agree (ReadyMaskScheduler maps the views' slots as the SM does)") {
  // Seed: a fixed LCG; 2000 random states per policy, scheduler unit 1 of 2 (slots 1, 3, 5, ...).
  for (const char* name : {"lrr", "fwas"}) {
    auto a = make_scheduler(name, params());
    auto b = make_scheduler(name, params());
    REQUIRE(b->offers_pick_ready());  // else the SM would never take this path
    std::uint64_t x = 7;
    int agree = 0, issued = 0;
    for (int step = 0; step < 2000; ++step) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::uint64_t ready = (x >> 20) & (x >> 3), fast = x >> 31;
      ReadySet r{ready, fast, 2, 1};
      std::vector<WarpView> views;
      for (int i = 0; i < 64; ++i)
        if ((ready >> i) & 1) views.push_back(v(r.slot(i), true, ((fast >> i) & 1) != 0));
      const int pv = a->pick(views);
      const int want = pv < 0 ? -1 : views[static_cast<std::size_t>(pv)].slot;
      const int got = b->pick_ready(r);
      agree += got == want ? 1 : 0;
      if (want >= 0 && step % 3 != 0) {  // issue most picks, as the SM does
        a->on_issue(want), b->on_issue(want);
        ++issued;
      }
    }
    CHECK(agree == 2000);
    CHECK(issued > 1000);
  }
  for (const char* name : {"gto", "two-level", "two-level-groups"})  // they need views of waiting warps
    CHECK_FALSE(make_scheduler(name, params())->offers_pick_ready());
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
