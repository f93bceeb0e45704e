// Tests for rfmodel/classify.h: n % VL-RF / VL-RV / VL-SB classification, rounding and ties.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "common/config.h"
#include "rfmodel/classify.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::rfmodel;

namespace {
// 32 sub-banks; sub-bank 1 of banks 0-9 (ids 1, 3, ..., 19) are the 10 slowest.
std::vector<float> tan_fig4_subbanks() {
  std::vector<float> d(32);
  for (int id = 0; id < 32; ++id) d[static_cast<std::size_t>(id)] = 1.0f + 0.001f * static_cast<float>(id);
  for (int b = 0; b < 10; ++b) d[static_cast<std::size_t>(2 * b + 1)] = 1.5f + 0.01f * static_cast<float>(b);
  return d;
}
RfGeometry small_geometry() {
  RfGeometry g;
  g.banks = 2;
  g.rows_per_bank = 4;  // 8 vectors, 256 registers
  return g;
}
}  // namespace

TEST_CASE("GIVEN N elements and a fast fraction n WHEN the fast count is rounded THEN it is floor(nN), at least 1") {
  CHECK(fast_count_for(0.7, 32) == 22);  // Tan §3.2.1 / Fig. 4: 22 fast of 32 sub-banks
  CHECK(fast_count_for(0.7, 32768) == 22937);
  CHECK(fast_count_for(0.3, 10) == 3);  // 0.3 * 10 = 2.9999999999999996 in binary: still 3
  CHECK(fast_count_for(0.5, 1024) == 512);
  CHECK(fast_count_for(0.01, 32) == 1);
  CHECK(fast_count_for(1.0, 64) == 64);
  CHECK_THROWS_AS(fast_count_for(0.0, 32), rfvar::InputError);
  CHECK_THROWS_AS(fast_count_for(1.01, 32), rfvar::InputError);
}

TEST_CASE("GIVEN 32 distinct sub-bank delays WHEN 70 % are kept fast THEN the 10 slowest are slow and set no clock") {
  const auto d = tan_fig4_subbanks();
  const Classification c = classify_fastest(d, 0.7, 2);
  CHECK(c.fast_count == 22);
  CHECK(std::count(c.slow.begin(), c.slow.end(), 1) == 10);
  for (int b = 0; b < 10; ++b) CHECK(c.slow[static_cast<std::size_t>(2 * b + 1)] == 1);
  // The slowest fast sub-bank is id 31 (1.031); the slowest slow one (1.59) fits in 2 cycles.
  CHECK(c.threshold_delay == doctest::Approx(1.031f));
  CHECK(c.period == doctest::Approx(1.031));
  CHECK(c.clock_norm() == doctest::Approx(1.0 / 1.031));
}

TEST_CASE("GIVEN a delay tied with the threshold WHEN classified THEN every tied element is fast") {
  std::vector<float> d = {1.0f, 1.1f, 1.2f, 1.2f, 1.3f};
  // n = 0.6 -> k = 3: the threshold is 1.2, and both elements at 1.2 meet it.
  const Classification c = classify_fastest(d, 0.6, 2);
  CHECK(c.fast_count == 4);
  CHECK(c.slow == std::vector<std::uint8_t>{0, 0, 0, 0, 1});
  CHECK(c.period == doctest::Approx(1.2));
}

TEST_CASE("GIVEN a slow outlier beyond two fast periods WHEN classified THEN the clock slows so it fits in 2 cycles") {
  std::vector<float> d(10, 1.0f);
  d[4] = 3.0f;
  const Classification c = classify_fastest(d, 0.9, 2);
  CHECK(c.threshold_delay == doctest::Approx(1.0));
  CHECK(c.period == doctest::Approx(1.5));
  CHECK(c.slow[4] == 1);
  SUBCASE("n = 1 is the baseline: all fast, period = slowest") {
    const Classification b = classify_fastest(d, 1.0, 2);
    CHECK(b.fast_count == 10);
    CHECK(b.period == doctest::Approx(3.0));
  }
}

TEST_CASE("GIVEN registers with a few slow ones WHEN 98 % VL-RF is applied THEN vectors holding a slow register are slow") {
  const RfGeometry g = small_geometry();
  SmDelays sm;
  sm.reg_delay.assign(static_cast<std::size_t>(g.registers()), 1.0f);
  sm.reg_delay[3 * 32 + 7] = 1.5f;                               // vector 3, lane 7
  for (int l = 0; l < 4; ++l) sm.reg_delay[static_cast<std::size_t>(5 * 32 + l)] = 1.4f;  // vector 5, lanes 0-3
  // 256 registers, k = floor(0.98 * 256) = 250: the 5 raised ones are slow, the 6th slowest ties at 1.0.
  const VlRf r = classify_vl_rf(sm, g, 0.98, 2);
  CHECK(r.registers.fast_count == 251);
  CHECK(r.slow_vector == std::vector<std::uint8_t>{0, 0, 0, 1, 0, 1, 0, 0});
  CHECK(r.registers.clock_norm() == doctest::Approx(1.0));
}

TEST_CASE("GIVEN vector delays WHEN 75 % VL-RV over arrays of 2 vectors THEN the slowest array's vectors are slow") {
  const RfGeometry g = small_geometry();
  SmDelays sm;
  sm.vector_delay = {1.0f, 1.1f, 1.6f, 1.0f, 1.2f, 1.05f, 1.3f, 1.15f};  // arrays: 1.1, 1.6, 1.2, 1.3
  const VlRv r = classify_vl_rv(sm, g, 0.75, 2, 2);
  CHECK(r.arrays.fast_count == 3);
  CHECK(r.arrays.period == doctest::Approx(1.3));
  CHECK(r.slow_vector == std::vector<std::uint8_t>{0, 0, 1, 1, 0, 0, 0, 0});
  CHECK_THROWS_AS(classify_vl_rv(sm, g, 0.75, 2, 3), rfvar::InputError);
}

TEST_CASE("GIVEN Tan Fig. 4's 22 fast of 32 sub-banks WHEN 70 % VL-SB without re-organization THEN 62.5 % banks slow") {
  const auto d = tan_fig4_subbanks();
  const VlSb r = classify_vl_sb(d, 16, 2, 0.7, 2);
  CHECK(r.subbanks.fast_count == 22);
  const auto slow_banks = std::count(r.slow_bank.begin(), r.slow_bank.end(), 1);
  CHECK(slow_banks == 10);
  CHECK(static_cast<double>(slow_banks) / 16.0 == doctest::Approx(0.625));
  for (int b = 0; b < 16; ++b) CHECK(r.slow_bank[static_cast<std::size_t>(b)] == (b < 10 ? 1 : 0));
}

TEST_CASE("GIVEN one slow register WHEN sub-bank delays are derived for S = 1, 2, 4, 8 THEN its sub-bank holds the max") {
  RfGeometry g;  // Fermi: 16 banks x 64 rows x 32 lanes
  std::vector<float> reg(static_cast<std::size_t>(g.registers()), 1.0f);
  reg[static_cast<std::size_t>((3 * 64 + 10) * 32 + 17)] = 2.0f;  // bank 3, row 10, lane 17
  reg[static_cast<std::size_t>((0 * 64 + 63) * 32 + 0)] = 1.25f;  // bank 0, row 63, lane 0
  for (int S : {1, 2, 4, 8}) {
    CAPTURE(S);
    const auto d = subbank_delays(reg, g, S);
    REQUIRE(d.size() == static_cast<std::size_t>(16 * S));
    const int hot = 3 * S + 17 / (32 / S);
    CHECK(d[static_cast<std::size_t>(hot)] == 2.0f);
    CHECK(d[0] == 1.25f);
    CHECK(std::count(d.begin(), d.end(), 1.0f) == 16 * S - 2);
  }
  CHECK_THROWS_AS(subbank_delays(reg, g, 3), rfvar::InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
