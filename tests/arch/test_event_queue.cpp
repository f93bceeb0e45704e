// The SM's calendar queue of result events (arch/core/event_queue.h) against std::priority_queue.
#include <doctest/doctest.h>

#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "arch/core/event_queue.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;

namespace {
struct Ev {
  std::uint64_t time;
  std::uint32_t seq;
  bool operator>(const Ev& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};
}  // namespace

TEST_CASE("GIVEN events due soon, late (past the buckets) and at equal times WHEN popped THEN the order is a heap's") {
  // Seed: a fixed LCG; the SM's pattern: at each cycle pop what is due, then push results with short
  // latencies and a few long ones (past kBuckets) that land in the overflow heap.
  CalendarQueue<Ev> cal;
  std::priority_queue<Ev, std::vector<Ev>, std::greater<>> ref;
  std::uint64_t x = 42, now = 0;
  std::uint32_t seq = 0;
  std::vector<Ev> got, want;
  for (int step = 0; step < 20000; ++step) {
    while (!ref.empty() && ref.top().time <= now) {
      REQUIRE(!cal.empty());
      if (step % 2) {  // both ways of popping
        got.push_back(cal.top());
        cal.pop();
      } else {
        Ev e{};
        REQUIRE(cal.pop_due(now, e));
        got.push_back(e);
      }
      want.push_back(ref.top());
      ref.pop();
    }
    Ev none{};
    CHECK(!cal.pop_due(now, none));  // nothing else is due
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    const int pushes = static_cast<int>((x >> 60) % 3);
    for (int i = 0; i < pushes; ++i) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::uint64_t r = x >> 33;
      const std::uint64_t lat = r % 16 == 0 ? 900 + r % 3000 : 1 + r % 40;  // 1/16 long: some past the buckets
      const Ev e{now + lat, seq++};
      cal.push(e);
      ref.push(e);
    }
    CHECK(cal.size() == ref.size());
    if (!ref.empty()) CHECK(cal.top().time == ref.top().time);
    // Skip idle time as the SM does: to the next event when nothing is pending soon.
    now = (step % 7 == 0 && !ref.empty()) ? ref.top().time : now + 1;
  }
  REQUIRE(got.size() == want.size());
  CHECK(got.size() > 10000);
  bool same = true;
  for (std::size_t i = 0; i < got.size(); ++i) same &= got[i].time == want[i].time && got[i].seq == want[i].seq;
  CHECK(same);
}

TEST_CASE("GIVEN an event pushed earlier than the queue's base WHEN popped THEN it comes first") {
  CalendarQueue<Ev> cal;
  cal.push({100, 0});
  cal.push({150, 1});
  cal.push({50, 2});  // before the first event's time
  CHECK(cal.top().time == 50);
  cal.pop();
  CHECK(cal.top().time == 100);
  cal.pop();
  cal.push({150, 3});  // same time as a queued event, later seq
  CHECK(cal.top().seq == 1);
  cal.pop();
  CHECK(cal.top().seq == 3);
  cal.pop();
  CHECK(cal.empty());
}

TEST_CASE("GIVEN a long latency queued first, then short ones into the buckets WHEN popped in time THEN the order is by time, then seq") {
  // The SM's pattern that used to pin the bucket window: a DRAM load's result (300 cycles) is queued
  // before the ALU results of the following cycles; and events that widen the window downward.
  CalendarQueue<Ev> cal;
  Ev e{};
  CHECK(!cal.pop_due(1000, e));
  cal.push({1300, 0});
  cal.push({1010, 1});
  cal.push({1040, 2});
  cal.push({1005, 3});  // earlier than every bucket event: the window widens down
  cal.push({1068, 4});  // 63 cycles after 1005: the window's last cycle
  cal.push({1069, 5});  // one past it: the heap
  cal.push({1010, 6});  // the same cycle as seq 1
  std::vector<std::uint32_t> order;
  for (std::uint64_t now = 1000; now <= 1300; ++now)
    while (cal.pop_due(now, e)) order.push_back(e.seq);
  CHECK(order == std::vector<std::uint32_t>{3, 1, 6, 2, 4, 5, 0});
  CHECK(cal.empty());
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
