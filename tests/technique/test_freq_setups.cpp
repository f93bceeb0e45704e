// Tests for the freq hooks of the technique files: the RfSetup each technique builds on one SM's
// delays (Tan 2016 §3.2, Fig. 4's example of 10 slow sub-banks).
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "common/config.h"
#include "rfmodel/setup_builders.h"
#include "technique/registry.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::rfmodel;
using rfvar::varius::RfGeometry;
using rfvar::varius::SmDelays;

namespace {
RfSetup make_setup(const std::string& name, const SmDelays& sm, const RfGeometry& g, const RfParams& p,
                   int h = 0) {
  return rfvar::technique::make_freq_technique(name)->freq_setup(sm, g, p, h);
}

// A Fermi SM (16 x 64 x 32) whose sub-bank 1 (lanes 16-31) of banks 0-9 is slow: every register
// there 1.5 + 0.01 b, the rest 1.0 + 0.001 * sub-bank id (all registers of a sub-bank equal).
SmDelays fig4_sm(const RfGeometry& g) {
  SmDelays sm;
  sm.reg_delay.assign(static_cast<std::size_t>(g.registers()), 0.9f);
  for (int b = 0; b < g.banks; ++b)
    for (int s = 0; s < 2; ++s) {
      const int id = b * 2 + s;
      const float d =
          (s == 1 && b < 10) ? 1.5f + 0.01f * static_cast<float>(b) : 1.0f + 0.001f * static_cast<float>(id);
      for (int row = 0; row < g.rows_per_bank; ++row)
        for (int l = s * 16; l < s * 16 + 16; ++l)
          sm.reg_delay[static_cast<std::size_t>((b * g.rows_per_bank + row) * 32 + l)] = d;
    }
  sm.vector_delay.resize(static_cast<std::size_t>(g.vectors()));
  for (int v = 0; v < g.vectors(); ++v)
    sm.vector_delay[static_cast<std::size_t>(v)] =
        *std::max_element(sm.reg_delay.begin() + v * 32, sm.reg_delay.begin() + v * 32 + 32);
  sm.slowest_cell = *std::max_element(sm.reg_delay.begin(), sm.reg_delay.end());
  return sm;
}
}  // namespace

TEST_CASE(
    "GIVEN an SM with 10 slow sub-banks WHEN each technique builds its setup THEN clock and slow banks "
    "follow Tan") {
  const RfGeometry g;
  const SmDelays sm = fig4_sm(g);
  const RfParams p;  // 70 %, S = 2, 2 cycles

  SUBCASE("baseline: slowest register sets the clock, no slow access") {
    const RfSetup s = make_setup("baseline", sm, g, p);
    CHECK(s.clock_norm == doctest::Approx(1.0 / 1.59));
    CHECK(slow_fraction(s) == 0.0);
  }
  SUBCASE("vl-sb: clock from the slowest fast sub-bank, banks 0-9 slow") {
    const RfSetup s = make_setup("vl-sb", sm, g, p);
    CHECK(s.clock_norm == doctest::Approx(1.0 / 1.031));
    for (int b = 0; b < 16; ++b) CHECK(s.bank_fast(b) == (b >= 10));
    CHECK(slow_fraction(s) == doctest::Approx(0.625));
    CHECK(s.subbank_of.size() == 32);
  }
  SUBCASE("vl-sb+rf-bro: same clock, virtual banks 0-10 fast, 31.25 % slow") {
    const RfSetup s = make_setup("vl-sb+rf-bro", sm, g, p);
    CHECK(s.clock_norm == doctest::Approx(1.0 / 1.031));
    for (int v = 0; v < 16; ++v) CHECK(s.bank_fast(v) == (v <= 10));
    CHECK(slow_fraction(s) == doctest::Approx(0.3125));
    CHECK(std::set<int>(s.subbank_of.begin(), s.subbank_of.end()).size() == 32);
    CHECK(s.subbank_of[0] == 0);
    CHECK(s.subbank_of[1] == 2);
    CHECK(s.access_latency(12, 3, 0xFFFFFFFFu) == 2);
  }
  SUBCASE("vl-sb+rf-bro+hybrid with h = 2: hybrid banks serve lanes 0-15 in one cycle") {
    const RfSetup s = make_setup("vl-sb+rf-bro+hybrid", sm, g, p, 2);
    CHECK(s.hybrid_fast_lanes[10] == 0x0000FFFFu);
    CHECK(s.hybrid_fast_lanes[11] == 0x0000FFFFu);
    CHECK(s.hybrid_fast_lanes[12] == 0u);
    CHECK(s.access_latency(10, 0, 0x000000FFu) == 1);
    CHECK(s.access_latency(10, 0, 0x00010000u) == 2);
    CHECK(s.access_latency(9, 0, 0xFFFFFFFFu) == 1);
  }
  SUBCASE("vl-rf: the 9830 slowest registers are banks 1-9's upper lanes; bank 0's tie at the threshold") {
    const RfSetup s = make_setup("vl-rf", sm, g, p);
    // 32768 - floor(0.7 * 32768) = 9831 slow wanted; banks 9..1 give 9216, bank 0's 1024 registers
    // at 1.50 straddle the threshold and are all fast (ties are fast).
    for (int b = 0; b < 16; ++b) CHECK(s.bank_fast(b) == (b == 0 || b >= 10));
    CHECK(slow_fraction(s) == doctest::Approx(9.0 / 16.0));
    CHECK(s.clock_norm == doctest::Approx(1.0 / 1.5));
  }
  SUBCASE("vl-rv: 32 arrays of 32 vectors, the 10 slowest arrays are slow") {
    const RfSetup s = make_setup("vl-rv", sm, g, p);
    // floor(0.7 * 32) = 22 fast arrays; every array of banks 0-9 holds a 1.5+ register (20 arrays),
    // so 10 of them are slow (the slowest: banks 5-9) and the clock is set by bank 4's arrays.
    CHECK(slow_fraction(s) == doctest::Approx(10.0 / 32.0));
    CHECK(s.clock_norm == doctest::Approx(1.0 / 1.54));
  }
  SUBCASE("S = 4 sub-banks are derived from the registers: lanes 16-31 are two slow quarter sub-banks") {
    RfParams p4 = p;
    p4.subbanks = 4;
    const RfSetup s = make_setup("vl-sb+rf-bro", sm, g, p4);
    CHECK(s.subbanks == 4);
    CHECK(s.subbank_of.size() == 64);
    CHECK(slow_fraction(s) == doctest::Approx(5.0 / 16.0));  // 20 slow quarters of 64 -> 5 banks
  }
}

TEST_CASE(
    "GIVEN an unknown technique name WHEN a setup is requested THEN InputError lists the accepted names") {
  const RfGeometry g;
  const SmDelays sm = fig4_sm(g);
  CHECK_THROWS_WITH_AS(make_setup("vl-xx", sm, g, RfParams{}), doctest::Contains("vl-sb+rf-bro"),
                       rfvar::InputError);
  for (const auto& n : rfvar::technique::names(rfvar::technique::Role::freq))
    CHECK_NOTHROW(make_setup(n, sm, g, RfParams{}));
}

TEST_CASE(
    "GIVEN 3-cycle slow accesses WHEN RfSetup::all_slow is built THEN every row of every bank is slow") {
  const RfSetup s = RfSetup::all_slow(3, 4, 8, 2);
  CHECK(s.technique == "all-slow");
  CHECK(s.clock_norm == 1.0);
  REQUIRE(s.latency.size() == 32);
  CHECK(std::all_of(s.latency.begin(), s.latency.end(), [](std::uint8_t l) { return l == 3; }));
  for (int v = 0; v < 4; ++v) CHECK(!s.bank_fast(v));
  CHECK(slow_fraction(s) == 1.0);
  CHECK(s.access_latency(2, 5, 0xFFFFFFFFu) == 3);
  CHECK(s.subbank_of == RfSetup::ideal(4, 8, 2).subbank_of);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
