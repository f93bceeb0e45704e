// Tests for rfmodel/bank_table.h: RF-BRO pairing, hybrid banks, kernel-level re-organization.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "rfmodel/bank_table.h"
#include "rfmodel/classify.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::rfmodel;

namespace {
// Tan Fig. 4 in spirit: 32 sub-banks, sub-bank 1 of banks 0-9 (ids 1, 3, ..., 19) slow.
std::vector<float> fig4_delays() {
  std::vector<float> d(32);
  for (int id = 0; id < 32; ++id) d[static_cast<std::size_t>(id)] = 1.0f + 0.001f * static_cast<float>(id);
  for (int b = 0; b < 10; ++b) d[static_cast<std::size_t>(2 * b + 1)] = 1.5f + 0.01f * static_cast<float>(b);
  return d;
}
std::vector<std::uint8_t> fast_of(const std::vector<float>& d, double n) {
  const Classification c = classify_fastest(d, n, 2);
  std::vector<std::uint8_t> f(d.size());
  for (std::size_t i = 0; i < d.size(); ++i) f[i] = c.slow[i] ? 0 : 1;
  return f;
}
void check_permutation(const BankTable& t, int n_subbanks) {
  std::set<int> seen;
  for (const auto& vb : t.banks)
    for (int id : vb.subbanks) seen.insert(id);
  CHECK(static_cast<int>(seen.size()) == n_subbanks);
}
}  // namespace

TEST_CASE("GIVEN 22 fast of 32 sub-banks WHEN RF-BRO pairs them THEN virtual banks 0-10 are fast, 11-15 slow") {
  const auto d = fig4_delays();
  const BankTable t = organize_banks(d, fast_of(d, 0.7), 16, 2, 0);
  REQUIRE(t.banks.size() == 16);
  for (int v = 0; v < 16; ++v) CHECK(t.banks[static_cast<std::size_t>(v)].speed == (v <= 10 ? BankSpeed::Fast : BankSpeed::Slow));
  CHECK(t.slow_fraction() == doctest::Approx(0.3125));  // VL-SB alone left 62.5 % (test_classify)
  CHECK(t.hybrid_banks == 0);
  // Fastest pair first: sub-banks 0 and 2, fastest first; the last fast bank holds 30 and 31.
  CHECK(t.banks[0].subbanks == std::vector<int>{0, 2});
  CHECK(t.banks[10].subbanks == std::vector<int>{30, 31});
  CHECK(t.banks[11].subbanks == std::vector<int>{1, 3});  // slowest sub-banks paired in order too
  CHECK(t.banks[15].subbanks == std::vector<int>{17, 19});
  CHECK(t.banks[0].delay == doctest::Approx(1.002f));
  for (int v = 1; v < 16; ++v) CHECK(t.banks[static_cast<std::size_t>(v)].delay >= t.banks[static_cast<std::size_t>(v - 1)].delay);
  check_permutation(t, 32);
}

TEST_CASE("GIVEN a tie making 23 sub-banks fast WHEN RF-BRO pairs them THEN the odd fast one shares a slow bank") {
  auto d = fig4_delays();
  d[1] = d[31];  // ties with the 22nd fastest: 23 fast sub-banks
  const auto fast = fast_of(d, 0.7);
  CHECK(std::count(fast.begin(), fast.end(), 1) == 23);
  const BankTable t = organize_banks(d, fast, 16, 2, 0);
  CHECK(t.count(BankSpeed::Fast) == 11);
  CHECK(t.banks[11].fast_subbanks == 1);
  CHECK(t.banks[11].speed == BankSpeed::Slow);  // no hybrids requested: a full-width access is slow
}

TEST_CASE("GIVEN 22 fast sub-banks WHEN h hybrid banks are requested THEN fast+slow banks with the fast half appear") {
  const auto d = fig4_delays();
  const auto fast = fast_of(d, 0.7);
  SUBCASE("h = 2: banks 0-9 pure fast, 10-11 hybrid, 12-15 slow") {
    const BankTable t = organize_banks(d, fast, 16, 2, 2);
    CHECK(t.count(BankSpeed::Fast) == 10);
    CHECK(t.hybrid_banks == 2);
    for (int v : {10, 11}) {
      const VirtualBank& vb = t.banks[static_cast<std::size_t>(v)];
      CHECK(vb.speed == BankSpeed::Hybrid);
      CHECK(vb.fast_subbanks == 1);
      CHECK(vb.fast_lanes == 0x0000FFFFu);  // lanes 0-15 live in the fast sub-bank
      CHECK(fast[static_cast<std::size_t>(vb.subbanks[0])] == 1);
      CHECK(fast[static_cast<std::size_t>(vb.subbanks[1])] == 0);
    }
    CHECK(t.banks[10].subbanks == std::vector<int>{30, 1});  // next fast + fastest slow
    CHECK(t.banks[12].speed == BankSpeed::Slow);
    check_permutation(t, 32);
  }
  SUBCASE("h = 1 leaves one fast sub-bank over: it forms a second hybrid bank") {
    const BankTable t = organize_banks(d, fast, 16, 2, 1);
    CHECK(t.count(BankSpeed::Fast) == 10);
    CHECK(t.hybrid_banks == 2);
  }
  SUBCASE("h above the slow sub-bank count is clamped to 10") {
    CHECK(max_hybrid_banks(22, 16, 2) == 10);
    const BankTable t = organize_banks(d, fast, 16, 2, 20);
    CHECK(t.hybrid_banks == 10);
    CHECK(t.count(BankSpeed::Fast) == 6);
    CHECK(t.count(BankSpeed::Slow) == 0);
    check_permutation(t, 32);
  }
  SUBCASE("S = 1 allows no hybrid bank") {
    CHECK(max_hybrid_banks(11, 16, 1) == 0);
    std::vector<float> d1(d.begin(), d.begin() + 16);
    const BankTable t = organize_banks(d1, fast_of(d1, 0.7), 16, 1, 3);
    CHECK(t.hybrid_banks == 0);
    CHECK(t.count(BankSpeed::Fast) == 11);
  }
}

TEST_CASE("GIVEN S = 4 and 44 fast of 64 sub-banks WHEN one hybrid is requested THEN it serves lanes 0-15") {
  std::vector<float> d(64);
  for (int i = 0; i < 64; ++i) d[static_cast<std::size_t>(i)] = 1.0f + 0.01f * static_cast<float>((i * 37) % 64);
  const auto fast = fast_of(d, 0.7);
  CHECK(std::count(fast.begin(), fast.end(), 1) == 44);
  const BankTable plain = organize_banks(d, fast, 16, 4, 0);
  CHECK(plain.count(BankSpeed::Fast) == 11);
  const BankTable t = organize_banks(d, fast, 16, 4, 1);
  CHECK(t.count(BankSpeed::Fast) == 10);  // (44 - 2) / 4 = 10, 2 fast left over: a mixed bank
  CHECK(t.hybrid_banks == 2);
  CHECK(t.banks[10].fast_lanes == 0x0000FFFFu);
  CHECK(t.banks[11].fast_lanes == 0x0000FFFFu);
  check_permutation(t, 64);
}

TEST_CASE("GIVEN aged sub-bank delays WHEN the kernel-level re-organization re-sorts at the same clock THEN pairs follow the new order") {
  const auto d = fig4_delays();
  auto aged = d;
  aged[0] = 1.02f;   // fastest at chip test, now behind ids 2..19's fast ones but still fast
  aged[30] = 1.20f;  // aged past the clock period (d[31] = 1.031): now slow
  const BankTable t = reorganize_at_period(aged, d[31], 16, 2, 0);
  CHECK(t.banks[0].subbanks == std::vector<int>{2, 4});
  CHECK(t.count(BankSpeed::Fast) == 10);  // 21 fast sub-banks left: 10 pure pairs
  CHECK(t.banks[10].fast_subbanks == 1);
  CHECK(t.banks[10].subbanks[0] == 31);
  CHECK(t.banks[10].subbanks[1] == 30);  // the fastest slow sub-bank is the aged one (1.20 < 1.5)
  SUBCASE("hybrids are rebuilt on the new table") {
    const BankTable h = reorganize_at_period(aged, d[31], 16, 2, 1);
    CHECK(h.banks[10].speed == BankSpeed::Hybrid);
    CHECK(h.banks[10].subbanks == std::vector<int>{31, 30});
  }
}

TEST_CASE("GIVEN a kernel's partially used vector count WHEN h is chosen THEN one hybrid bank per 64 vectors, rounded up") {
  CHECK(hybrid_banks_for_kernel(0, 64) == 0);
  CHECK(hybrid_banks_for_kernel(-5, 64) == 0);
  CHECK(hybrid_banks_for_kernel(1, 64) == 1);
  CHECK(hybrid_banks_for_kernel(64, 64) == 1);
  CHECK(hybrid_banks_for_kernel(65, 64) == 2);
  CHECK(hybrid_banks_for_kernel(1000, 64) == 16);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
