// Block-level bank renaming (Tan 2016 §4.2.1) on top of the base mapping in force: the bank renamed
// first is the one that really holds R0 of the block's last warp.
#include <doctest/doctest.h>

#include <numeric>
#include <vector>

#include "arch/mapping/i_register_mapping.h"
#include "workload/kernel_parser.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/setup_builders.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
// 32 sub-banks whose delays rise with the id, the 22 fastest fast, paired into 16 virtual banks with
// `hybrid` hybrid banks: each virtual bank's delay rises with its id.
rfmodel::BankTable rising_table(int hybrid) {
  std::vector<float> delay(32);
  std::iota(delay.begin(), delay.end(), 1.0f);
  std::vector<std::uint8_t> fast(32, 0);
  for (int s = 0; s < 22; ++s) fast[static_cast<std::size_t>(s)] = 1;
  return rfmodel::organize_banks(delay, fast, 16, 2, hybrid);
}
}  // namespace

TEST_CASE("GIVEN hybrid placement with 2 hybrid banks WHEN a block in warp slots 14-15 whose last warp is partial "
          "launches under renaming THEN R0, R1, R2 of its last warp land in the fastest fast virtual banks 0, 1, 2") {
  // 32 sub-banks with delays rising with the id, 22 fast, h = 2: virtual banks 0-9 fast, 10-11 hybrid,
  // 12-15 slow, each bank's delay rising with its id.
  const rfmodel::BankTable table = rising_table(2);
  REQUIRE(table.count(rfmodel::BankSpeed::Fast) == 10);
  REQUIRE(table.count(rfmodel::BankSpeed::Hybrid) == 2);
  const rfmodel::RfSetup setup = rfmodel::setup_from_table("test", 1.0, table, 64, 2);
  // 48 threads: warp 0 full, warp 1 lanes 0-15, so every vector of warp 1 is a hybrid candidate.
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=48 regs=4\n  ialu r1 = r0 r2\n  ialu r3 = r1\nend\n"
      "launch k grid=1\n",
      "t.kernel");
  const Kernel& k = b.kernels.front();
  REQUIRE(k.hybrid_candidate(1, 0));
  REQUIRE_FALSE(k.hybrid_candidate(0, 0));  // full warp: Eq. 3 over all 16 banks
  auto m = with_renaming(make_hybrid_mapping());
  m->on_kernel_launch(MappingContext{&k, &setup, &table, {}, 16});
  const std::vector<int> slots = {14, 15};
  m->on_block_launch(slots);
  // Hybrid placement puts the partial R_k of warp 15 in bank (15 + k) % 12 = 3, 4, 5 of the 12 banks
  // answering it in one cycle (all fast); Eq. 3 over 16 banks would say 15 (slow), 0, 1. Renaming
  // must follow the real banks: R0 -> 0, R1 -> 1, R2 -> 2.
  CHECK(m->bank(15, 0, true) == 0);
  CHECK(m->bank(15, 1, true) == 1);
  CHECK(m->bank(15, 2, true) == 2);
  // The row is a permutation within categories: warp 14's full vectors (Eq. 3 banks 14, 15, 0, 1)
  // stay in their base bank's category.
  for (int r = 0; r < 4; ++r) {
    const int v = m->bank(14, r, false);
    CHECK(table.banks[static_cast<std::size_t>(v)].speed == table.banks[static_cast<std::size_t>((14 + r) % 16)].speed);
  }
}

TEST_CASE("GIVEN 8-warp blocks whose R0-R3 are hot WHEN a block in slots 0-7 is renamed THEN Tan's last-warp order "
          "sends bank 6 (R0 of warp 6, 4 hot vectors) to the slowest fast bank, the by-weight order to a fastest one") {
  const rfmodel::BankTable table = rising_table(0);  // 0-10 fast, 11-15 slow
  const rfmodel::RfSetup setup = rfmodel::setup_from_table("test", 1.0, table, 64, 2);
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=256 regs=8\n  ialu r4 = r5 r6\n  ialu r7 = r4\n"
      "  loop 50\n    ialu r0 = r1 r2\n    ialu r3 = r0 r3\n  endloop\nend\nlaunch k grid=1\n",
      "t.kernel");
  const Kernel& k = b.kernels.front();
  std::vector<int> slots(8);
  std::iota(slots.begin(), slots.end(), 0);
  // Eq. 3: bank 3 + j (j = 0..4) holds R0-R3 of four warps each; bank 7 (R0 of the last warp) comes
  // first in Tan's order, banks 3-6 last (they hold R8+ of warp 7), after the cold banks 8-10.
  auto literal = with_renaming(make_eq3_mapping());
  literal->on_kernel_launch(MappingContext{&k, &setup, &table, {}, 48});
  literal->on_block_launch(slots);
  CHECK(literal->bank(7, 0, false) == 0);
  CHECK(literal->bank(6, 0, false) == 10);
  CHECK(literal->bank(3, 0, false) == 7);
  auto weighted = with_renaming(make_eq3_mapping(), true);
  weighted->on_kernel_launch(MappingContext{&k, &setup, &table, {}, 48});
  weighted->on_block_launch(slots);
  for (int w = 3; w <= 7; ++w) {  // the five banks holding four hot vectors take fast banks 0-4
    CAPTURE(w);
    CHECK(weighted->bank(w, 0, false) <= 4);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
