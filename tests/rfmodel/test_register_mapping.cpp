// Tests for rfmodel/register_mapping.h: Eq. 3, FBA-RM and the block-level renaming row.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "rfmodel/register_mapping.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::rfmodel;

namespace {
// 11 fast virtual banks (0-10) and 5 slow (11-15), delays rising with the id.
BankTable rf_bro_table() {
  BankTable t;
  for (int v = 0; v < 16; ++v) {
    VirtualBank vb;
    vb.subbanks = {2 * v, 2 * v + 1};
    vb.speed = v <= 10 ? BankSpeed::Fast : BankSpeed::Slow;
    vb.fast_subbanks = v <= 10 ? 2 : 0;
    vb.delay = 1.0f + 0.01f * static_cast<float>(v);
    t.banks.push_back(vb);
  }
  return t;
}
int max_per_bank(const FbaRm& m, int warps, int regs, int lo, int hi) {
  std::vector<int> n(16, 0);
  for (int w = 0; w < warps; ++w)
    for (int r = 0; r < regs; ++r) ++n[static_cast<std::size_t>(m.bank(w, r))];
  return *std::max_element(n.begin() + lo, n.begin() + hi);
}
}  // namespace

TEST_CASE("GIVEN warp and register ids WHEN Eq. 3 maps them THEN bank = (warp + reg) % 16") {
  CHECK(eq3_bank(0, 1) == 1);  // Tan §3.3.1: R1 of warps 0 and 1 -> banks 1 and 2
  CHECK(eq3_bank(1, 1) == 2);
  CHECK(eq3_bank(11, 4) == 15);
  CHECK(eq3_bank(12, 4) == 0);
  CHECK(eq3_bank(47, 20) == 3);
  CHECK(eq3_bank(3, 9, 11) == 1);
}

TEST_CASE("GIVEN few registers WHEN FBA-RM plans the kernel THEN Eq. 3 runs over the 11 fast banks only") {
  const FbaRm m = plan_fba_rm(11, 16, 8, 10, 64);
  CHECK(m.all_fast);
  CHECK(m.bank(3, 9) == 1);  // (3 + 9) % 11
  CHECK(max_per_bank(m, 8, 10, 11, 16) == 0);  // slow banks untouched
}

TEST_CASE("GIVEN too few fast banks WHEN FBA-RM plans 48 warps x 21 registers THEN small IDs go fast, large IDs slow") {
  const FbaRm m = plan_fba_rm(11, 16, 48, 21, 64);
  CHECK_FALSE(m.all_fast);
  REQUIRE(m.regs_in_fast > 0);
  REQUIRE(m.regs_in_fast < 21);
  // The largest split for which no fast bank receives more than 64 vectors.
  CHECK(max_per_bank(m, 48, m.regs_in_fast, 0, 11) <= 64);
  const FbaRm one_more{16, 11, m.regs_in_fast + 1, false};
  CHECK(max_per_bank(one_more, 48, m.regs_in_fast + 1, 0, 11) > 64);
  for (int w : {0, 5, 47}) {
    for (int r = 0; r < 21; ++r) {
      const int b = m.bank(w, r);
      if (r < m.regs_in_fast) {
        CHECK(b == (w + r) % 11);
      } else {
        CHECK(b == 11 + (w + r - m.regs_in_fast) % 5);
      }
    }
  }
  SUBCASE("no fast bank at all: plain Eq. 3") {
    const FbaRm z = plan_fba_rm(0, 16, 48, 21, 64);
    CHECK(z.bank(5, 13) == eq3_bank(5, 13));
  }
}

TEST_CASE("GIVEN Tan Fig. 9's block whose last warp is 15 WHEN its renaming row is built THEN bank 15 -> 11, bank 0 -> 0") {
  const BankTable t = rf_bro_table();
  const auto row = renaming_row(t, 15);
  // R0 of warp 15 is in bank 15 (slow): fastest slow virtual bank 11. R1 is in bank 0 (fast): 0.
  // R2..R11 in banks 1..10 take fast virtual banks 1..10; R12..R15 in banks 11..14 take 12..15.
  const std::vector<int> want = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 11};
  CHECK(row == want);
}

TEST_CASE("GIVEN aged virtual bank delays WHEN a block with last warp 4 launches THEN banks take the fastest of their category in R order") {
  const BankTable t = rf_bro_table();
  std::vector<float> now(16);
  now[0] = 1.30f;  // fast bank 0 aged the most among the fast ones
  for (int v = 1; v <= 10; ++v) now[static_cast<std::size_t>(v)] = 1.09f + 0.01f * static_cast<float>(v);
  const float slow[5] = {1.6f, 1.5f, 1.7f, 1.55f, 1.8f};  // virtual banks 11-15
  for (int i = 0; i < 5; ++i) now[static_cast<std::size_t>(11 + i)] = slow[i];
  const auto row = renaming_row(t, now, 4);
  // Banks in R order: 4, 5, ..., 15, 0, 1, 2, 3. Fast ones take 1, 2, ..., 10, 0 (by delay);
  // slow ones 11, 12, 13, 14, 15 take 12, 14, 11, 13, 15.
  const std::vector<int> want = {8, 9, 10, 0, 1, 2, 3, 4, 5, 6, 7, 12, 14, 11, 13, 15};
  CHECK(row == want);
}

TEST_CASE("GIVEN a table with hybrid banks WHEN renaming THEN hybrid banks are only renamed among themselves") {
  BankTable t = rf_bro_table();
  t.banks[10].speed = BankSpeed::Hybrid;
  t.banks[11].speed = BankSpeed::Hybrid;
  for (int w : {0, 7, 15, 47}) {
    const auto row = renaming_row(t, w);
    std::vector<int> sorted = row;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> ids(16);
    std::iota(ids.begin(), ids.end(), 0);
    CHECK(sorted == ids);  // a permutation
    for (int b = 0; b < 16; ++b)
      CHECK(t.banks[static_cast<std::size_t>(row[static_cast<std::size_t>(b)])].speed == t.banks[static_cast<std::size_t>(b)].speed);
  }
}

TEST_CASE("GIVEN the banks that really hold R0, R1, ... WHEN renaming_row_held builds the row THEN it visits them "
          "first (repeats skipped), then the rest in Eq. 3 order") {
  const BankTable t = rf_bro_table();
  std::vector<float> d;
  for (const auto& vb : t.banks) d.push_back(vb.delay);
  // Held = the Eq. 3 banks: same row as renaming_row().
  std::vector<int> eq3;
  for (int k = 0; k < 16; ++k) eq3.push_back(eq3_bank(5, k));
  CHECK(renaming_row_held(t, d, eq3, 5) == renaming_row(t, 5));
  CHECK(renaming_row_held(t, d, {}, 5) == renaming_row(t, 5));
  // R0 and R1 in fast bank 3, R2 in fast bank 9, R3 in slow bank 14: 3 -> 0, 9 -> 1, 14 -> 11; then
  // Eq. 3 order from warp 5: 5..10 -> fast 2..7 (9 done), 11..13, 15 -> slow 12..15, 0..2, 4 -> fast 8..10, ...
  const std::vector<int> held = {3, 3, 9, 14};
  const auto row = renaming_row_held(t, d, held, 5);
  CHECK(row[3] == 0);
  CHECK(row[9] == 1);
  CHECK(row[14] == 11);
  CHECK(row[5] == 2);
  CHECK(row[10] == 6);
  CHECK(row[11] == 12);
  CHECK(row[0] == 7);
  CHECK_THROWS_AS(renaming_row_held(t, d, std::vector<int>{16}, 5), std::invalid_argument);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
