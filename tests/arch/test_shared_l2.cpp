// The N-SM mode's shared L2 and DRAM (arch/memory/shared_l2.h) and an SM's memory system attached to
// it (arch/memory/memory_system.h): tags on a hand-made address stream, clock-domain crossing, sharing between SMs.
#include <doctest/doctest.h>

#include "arch/memory/memory_system.h"
#include "arch/memory/shared_l2.h"
#include "common/config.h"
#include "tests/arch/one_sm_params.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
// 2 sets x 2 ways of 128 B lines; the bandwidth queue DRAM; one request per cycle at the L2 port.
ArchParams tiny_l2() {
  ArchParams p = one_sm_params();
  p.sms = 1;
  p.l2_size_bytes = 512, p.l2_line_bytes = 128, p.l2_ways = 2;
  p.l2_cycles_per_request = 1.0, p.dram_cycles_per_request = 4.0;
  p.lat_l2_hit_cycles = 100, p.lat_dram_cycles = 300;
  p.dram_banks_model = false;
  return p;
}
std::uint64_t at(std::uint64_t line) { return line * 128; }  // byte address of a line

Instr global_load(float l2_hit) {
  Instr in;
  in.op = OpClass::Load;
  in.space = MemSpace::Global;
  in.transactions = 1;
  in.l1_hit = 0.0f;
  in.l2_hit = l2_hit;
  return in;
}
}  // namespace

TEST_CASE("GIVEN a 2-set 2-way L2 WHEN lines 0 2 0 4 2 1 arrive THEN hits and misses follow LRU by hand") {
  const ArchParams p = tiny_l2();
  SharedL2 l2(p);
  // Lines 0, 2, 4 map to set 0 (line % 2), line 1 to set 1. Requests 1000 cycles apart: no queueing.
  // 0 miss; 2 miss (set 0 full: 0, 2); 0 hit (LRU now 2); 4 miss, evicts 2; 2 miss, evicts 0; 1 miss (set 1).
  const std::uint64_t lines[] = {0, 2, 0, 4, 2, 1};
  const bool hit[] = {false, false, true, false, false, false};
  for (int i = 0; i < 6; ++i) {
    const double t = 1000.0 * i;
    const SharedL2::Reply r = l2.request(t, at(lines[i]), false);
    CAPTURE(i);
    CHECK(r.l2_hit == hit[i]);
    CHECK(r.done == doctest::Approx(t + (hit[i] ? 100 : 300)));
  }
  CHECK(l2.tag_hits == 1);
  CHECK(l2.tag_misses == 5);
}

TEST_CASE(
    "GIVEN a line whose fill is in flight WHEN it is requested again THEN the request merges and waits for "
    "the fill") {
  SharedL2 l2(tiny_l2());
  CHECK(l2.request(0.0, at(8), false).done == doctest::Approx(300.0));  // miss: DRAM at 0, back at 300
  const SharedL2::Reply r = l2.request(10.0, at(8), false);             // hit latency would give 110
  CHECK(r.l2_hit);
  CHECK(r.done == doctest::Approx(300.0));
}

TEST_CASE(
    "GIVEN requests without an address WHEN they reach the L2 THEN the drawn hit decides and the port queues "
    "them") {
  SharedL2 l2(tiny_l2());
  CHECK(l2.request(5.0, Dram::kUnknown, true).done == doctest::Approx(105.0));
  CHECK(l2.request(5.0, Dram::kUnknown, true).done ==
        doctest::Approx(106.0));  // the port served the first at 5
  const auto m = l2.request(5.0, Dram::kUnknown, false);
  CHECK_FALSE(m.l2_hit);
  CHECK(m.done == doctest::Approx(307.0));
  CHECK(l2.tag_hits + l2.tag_misses == 0);
}

TEST_CASE(
    "GIVEN an SM at half the reference clock WHEN its load hits the L2 THEN it sees the L2 latency in its "
    "own cycles") {
  const ArchParams p = tiny_l2();
  SharedL2 l2(p);
  MemorySystem slow(p), nominal(p);
  slow.attach(&l2), nominal.attach(&l2);
  slow.set_period_ratio(2.0);  // its cycle c is reference cycle 2c
  nominal.set_period_ratio(1.0);
  SmStats s;
  const Instr in = global_load(1.0f);
  const auto draw = [](int) { return 0.5; };  // L1 miss (l1= 0), L2 hit (l2= 1)
  // Cycle 100 of the slow SM = reference 200; back at reference 300 = its cycle 150: 50 of its cycles.
  CHECK(slow.access(in, 100, draw, s) == 150);
  // The nominal SM at its cycle 1000: 100 cycles.
  CHECK(nominal.access(in, 1000, draw, s) == 1100);
  CHECK(s.l2_hits == 2);
}

TEST_CASE(
    "GIVEN two SMs on one shared L2 WHEN the second reads the lines the first read THEN it hits; with "
    "separate L2s it misses") {
  const ArchParams p = tiny_l2();
  const Instr in = global_load(0.0f);  // a drawn l2= would say miss: only the tags can make a hit
  const auto draw = [](int) { return 0.5; };
  const std::uint64_t lines[] = {16, 17};
  SharedL2 shared(p);
  MemorySystem a(p), b(p);
  a.attach(&shared), b.attach(&shared);
  SmStats sa, sb;
  a.access_lines(in, lines, 2, 0, draw, sa);
  b.access_lines(in, lines, 2, 2000, draw, sb);
  CHECK(sa.l2_hits == 0);
  CHECK(sa.dram_accesses == 2);
  CHECK(sb.l2_hits == 2);
  CHECK(sb.dram_accesses == 0);

  SharedL2 own_a(p), own_b(p);
  MemorySystem c(p), d(p);
  c.attach(&own_a), d.attach(&own_b);
  SmStats sc, sd;
  c.access_lines(in, lines, 2, 0, draw, sc);
  d.access_lines(in, lines, 2, 2000, draw, sd);
  CHECK(sd.l2_hits == 0);
  CHECK(sd.dram_accesses == 2);
}

TEST_CASE(
    "GIVEN a request reserved in the future WHEN an earlier one arrives after it THEN the port serves the "
    "earlier one at its time") {
  SharedL2 l2(tiny_l2());  // one request per cycle at the port
  CHECK(l2.request(10.0, Dram::kUnknown, true).done == doctest::Approx(110.0));
  CHECK(l2.request(5.0, Dram::kUnknown, true).done == doctest::Approx(105.0));   // not behind the one at 10
  CHECK(l2.request(10.0, Dram::kUnknown, true).done == doctest::Approx(111.0));  // cycle 10 is taken
}

TEST_CASE(
    "GIVEN const-space and global loads of one SM WHEN the const line hits THEN the L1 data hit rate leaves "
    "the const requests out and the whole L1 hit rate counts them") {
  const ArchParams p = tiny_l2();
  SharedL2 shared(p);
  MemorySystem m(p);
  m.attach(&shared);
  SmStats s;
  const auto draw = [](int) { return 0.5; };
  Instr cst = global_load(1.0f);
  cst.space = MemSpace::Const;
  const Instr glb = global_load(1.0f);
  const std::uint64_t c_line[] = {1000}, g_lines[] = {16, 17};
  for (int i = 0; i < 4; ++i) m.access_lines(cst, c_line, 1, 1000 * static_cast<std::uint64_t>(i), draw, s);
  m.access_lines(glb, g_lines, 2, 5000, draw, s);  // two misses
  CHECK(s.l1_load_requests == 6);
  CHECK(s.l1_const_requests == 4);
  CHECK(s.l1_const_hits == 3);  // the first const request missed
  CHECK(s.l1_hit_rate() == doctest::Approx(3.0 / 6.0));
  CHECK(s.l1_data_hit_rate() == doctest::Approx(0.0));
  m.access_lines(glb, g_lines, 2, 9000, draw, s);  // both hit now
  CHECK(s.l1_data_hit_rate() == doctest::Approx(2.0 / 4.0));
}

namespace {
Instr global_store() {
  Instr in = global_load(0.0f);
  in.op = OpClass::Store;
  return in;
}
}  // namespace

TEST_CASE(
    "GIVEN the write-allocate L2 WHEN a store misses, hits, and its dirty line is evicted THEN the DRAM "
    "gets the store's write, the fetch, and one write-back, by hand") {
  ArchParams p = tiny_l2();
  REQUIRE(p.l2_write_allocate);  // the default (GPGPU-Sim's dl2 L:B:m:W)
  SharedL2 l2(p);
  // Store miss to line 0 at 0: its write takes the DRAM queue at 0 (4 cycles), the fetch at 4: back at 304.
  const SharedL2::Reply s0 = l2.request(0.0, at(0), false, true);
  CHECK_FALSE(s0.l2_hit);
  CHECK(s0.dram_writes == 1);
  CHECK(s0.done == doctest::Approx(304.0));
  // The fetched line serves a load; a later store hits it (write-back: dirty, nothing to the DRAM).
  CHECK(l2.request(1000.0, at(0), false).l2_hit);
  const SharedL2::Reply s1 = l2.request(2000.0, at(0), false, true);
  CHECK(s1.l2_hit);
  CHECK(s1.dram_writes == 0);
  CHECK(s1.done == doctest::Approx(2100.0));
  // Set 0 (lines 0, 2, 4): load 2 fills the second way; load 4 evicts line 0 (LRU), which is dirty.
  CHECK(l2.request(3000.0, at(2), false).dram_writes == 0);
  const SharedL2::Reply e = l2.request(4000.0, at(4), false);
  CHECK(e.dram_writes == 1);
  CHECK(e.done == doctest::Approx(4300.0));  // the write-back queues behind its own fetch
  CHECK(l2.dram_writes == 2);
  // Re-fetched lines are clean: evicting them writes nothing (load 0 evicts 2, load 2 evicts 4).
  CHECK(l2.request(5000.0, at(0), false).dram_writes == 0);
  CHECK(l2.request(6000.0, at(2), false).dram_writes == 0);
  CHECK(l2.dram_writes == 2);
}

TEST_CASE(
    "GIVEN a line whose fill is in flight WHEN a store reaches it THEN the write goes to the DRAM (HIT_RESERVED) "
    "and the line stays clean") {
  SharedL2 l2(tiny_l2());
  CHECK(l2.request(0.0, at(8), false).done == doctest::Approx(300.0));
  const SharedL2::Reply s = l2.request(10.0, at(8), false, true);
  CHECK(s.l2_hit);
  CHECK(s.dram_writes == 1);
  l2.request(1000.0, at(10), false);  // set 0: 8, 10
  CHECK(l2.request(2000.0, at(12), false).dram_writes == 0);  // evicts 8: clean
  CHECK(l2.dram_writes == 1);
}

TEST_CASE("GIVEN arch.l2_write_policy = fill-only WHEN stores miss and hit THEN the DRAM gets no writes") {
  Config c = Config::load_default();
  c.set("arch.l2_write_policy=\"fill-only\"");
  ArchParams p = tiny_l2();
  p.l2_write_allocate = ArchParams::from_config(c).l2_write_allocate;
  REQUIRE_FALSE(p.l2_write_allocate);
  SharedL2 l2(p);
  const SharedL2::Reply s0 = l2.request(0.0, at(0), false, true);
  CHECK(s0.done == doctest::Approx(300.0));  // the fetch alone
  l2.request(2000.0, at(0), false, true);
  l2.request(3000.0, at(2), false);
  l2.request(4000.0, at(4), false);  // evicts line 0: never dirty
  CHECK(l2.dram_writes == 0);
  Config bad = Config::load_default();
  bad.set("arch.l2_write_policy=\"write-through\"");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(bad), doctest::Contains("arch.l2_write_policy"), ConfigError);
}

TEST_CASE(
    "GIVEN one SM without L2 tags WHEN a store's drawn L2 miss goes to the DRAM THEN it takes two DRAM slots "
    "with write-allocate and one with fill-only") {
  const auto draw = [](int) { return 0.5; };  // L2 miss (l2= 0)
  for (const bool wa : {true, false}) {
    CAPTURE(wa);
    ArchParams p = tiny_l2();
    p.l2_write_allocate = wa;
    MemorySystem m(p);
    SmStats s;
    // Store at 0: L2 port at 0; the DRAM queue serves its write (0..4) then its fetch (4..8) or the fetch alone.
    CHECK(m.access(global_store(), 0, draw, s) == (wa ? 304u : 300u));
    // A load miss at 1 queues behind them.
    CHECK(m.access(global_load(0.0f), 1, draw, s) == (wa ? 308u : 304u));
    CHECK(s.dram_accesses == 2);
    CHECK(s.dram_writes == (wa ? 1u : 0u));
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
