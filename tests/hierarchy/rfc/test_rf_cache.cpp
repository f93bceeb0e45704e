#include <doctest/doctest.h>

#include "hierarchy/rfc/params.h"
#include "hierarchy/rfc/rf_cache.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::rfc;

namespace {
RfcParams params(const char* policy, int entries = 6) {
  RfcParams p;
  p.entries_per_thread = entries;
  p.replacement = policy;
  p.bypass_long_latency = true;
  return p;
}
}  // namespace

TEST_CASE("GIVEN a hand-written sequence WHEN run through a 6-entry RFC THEN hits, evictions and write-backs are counted") {
  RegisterFileCache rfc(params("fifo"), 4);
  // r0..r5 = ... (six results fill warp 0's entries)
  for (int r = 0; r < 6; ++r) CHECK(rfc.write(0, r, false, false).evicted_reg == -1);
  CHECK(rfc.read(0, 0, false));      // hit
  CHECK(rfc.read(0, 1, true));       // hit, last read: r1 dead
  CHECK_FALSE(rfc.read(0, 9, false));  // never written here: main-RF read
  CHECK_FALSE(rfc.read(1, 0, false));  // another warp's entries are separate
  // r6 evicts the oldest fill, r0 (FIFO), which is live: written back.
  WriteOutcome w = rfc.write(0, 6, false, false);
  CHECK(w.evicted_reg == 0);
  CHECK(w.written_back);
  // r7 evicts r1, which is dead: no write-back.
  w = rfc.write(0, 7, false, false);
  CHECK(w.evicted_reg == 1);
  CHECK_FALSE(w.written_back);
  // A rewrite of a resident register evicts nothing and its old value never reaches the main RF.
  CHECK(rfc.write(0, 6, false, false).evicted_reg == -1);
  const RfcStats& s = rfc.stats();
  CHECK(s.reads == 4);
  CHECK(s.read_hits == 2);
  CHECK(s.mrf_reads() == 2);
  CHECK(s.writes_cached == 9);
  CHECK(s.evictions == 2);
  CHECK(s.eviction_writebacks == 1);
  CHECK(s.dead_dropped == 1);
  CHECK(s.overwrites == 1);
  CHECK(s.mrf_writes() == 1);
  CHECK(s.mrf_writes_avoided() == 8);
}

TEST_CASE("GIVEN a value re-read before the cache fills WHEN FIFO and LRU replace THEN only LRU keeps it") {
  for (const char* policy : {"fifo", "lru"}) {
    CAPTURE(policy);
    RegisterFileCache rfc(params(policy), 1);
    for (int r = 0; r < 6; ++r) rfc.write(0, r, false, false);
    CHECK(rfc.read(0, 0, false));  // r0 recently used
    const WriteOutcome w = rfc.write(0, 6, false, false);
    const bool lru = std::string(policy) == "lru";
    CHECK(w.evicted_reg == (lru ? 1 : 0));
    CHECK(rfc.read(0, 0, false) == lru);
  }
}

TEST_CASE("GIVEN a warp with live and dead values WHEN it is deactivated THEN the flush writes back only live ones") {
  RegisterFileCache rfc(params("fifo"), 2);
  rfc.write(0, 3, false, false);
  rfc.write(0, 4, true, false);  // never read: dead on arrival
  rfc.write(0, 5, false, false);
  rfc.read(0, 5, true);          // last read
  const auto wb = rfc.flush(0);
  CHECK(wb.count() == 1);
  CHECK(wb.test(3));
  CHECK_FALSE(rfc.holds(0, 3));
  CHECK(rfc.stats().flush_writebacks == 1);
  CHECK(rfc.stats().dead_dropped == 2);
}

TEST_CASE("GIVEN a long-latency result WHEN written THEN it bypasses the RFC and invalidates a stale copy") {
  RegisterFileCache rfc(params("fifo"), 1);
  rfc.write(0, 2, false, false);
  const WriteOutcome w = rfc.write(0, 2, false, true);
  CHECK_FALSE(w.cached);
  CHECK_FALSE(rfc.holds(0, 2));
  CHECK(rfc.stats().writes_bypassed == 1);
  CHECK(rfc.stats().mrf_writes() == 1);
}

TEST_CASE("GIVEN the defaults file WHEN RFC params are read THEN Gebhart's 6-entry FIFO is the default and bad values are named") {
  rfvar::Config c = rfvar::Config::load_default();
  const RfcParams p = RfcParams::from_config(c);
  CHECK(p.entries_per_thread == 6);
  CHECK(p.replacement == "fifo");
  c.set("ltrf.rfc_replacement=random");
  CHECK_THROWS_WITH_AS(RfcParams::from_config(c), doctest::Contains("ltrf.rfc_replacement"), rfvar::ConfigError);
  CHECK_THROWS_AS(make_replacement("random"), rfvar::InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
