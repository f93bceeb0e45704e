// Block-level bank renaming (Tan 2016 §4.2.1) on top of the base mapping in force: the bank renamed
// first is the one that really holds R0 of the block's last warp.
#include <doctest/doctest.h>

#include <numeric>
#include <vector>

#include "arch/mapping/i_register_mapping.h"
#include "arch/workload/kernel_parser.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/technique.h"

using namespace rfvar;
using namespace rfvar::arch;

TEST_CASE("GIVEN hybrid placement with 2 hybrid banks WHEN a block in warp slots 14-15 launches under renaming "
          "THEN R0, R1, R2 of its last warp land in the fastest fast virtual banks 0, 1, 2") {
  // 32 sub-banks with delays rising with the id, 22 fast, h = 2: virtual banks 0-9 fast, 10-11 hybrid,
  // 12-15 slow, each bank's delay rising with its id.
  std::vector<float> delay(32);
  std::iota(delay.begin(), delay.end(), 1.0f);
  std::vector<std::uint8_t> fast(32, 0);
  for (int s = 0; s < 22; ++s) fast[static_cast<std::size_t>(s)] = 1;
  const rfmodel::BankTable table = rfmodel::organize_banks(delay, fast, 16, 2, 2);
  REQUIRE(table.count(rfmodel::BankSpeed::Fast) == 10);
  REQUIRE(table.count(rfmodel::BankSpeed::Hybrid) == 2);
  const rfmodel::RfSetup setup = rfmodel::setup_from_table("test", 1.0, table, 64, 2);
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=64 regs=4\n  ialu r1 = r0 r2\n  ialu r3 = r1\nend\n"
      "launch k grid=1\n",
      "t.kernel");
  const Kernel& k = b.kernels.front();
  REQUIRE_FALSE(k.hybrid_candidate(1, 0));  // full warps: hybrid placement spreads them over the 14 non-hybrid banks
  auto m = with_renaming(make_hybrid_mapping());
  m->on_kernel_launch(MappingContext{&k, &setup, &table, {}, 16});
  const std::vector<int> slots = {14, 15};
  m->on_block_launch(slots);
  // Hybrid placement puts R_k of warp 15 in non-hybrid bank (15 + k) % 14 = 1, 2, 3 (fast); Eq. 3 over
  // 16 banks would say 15 (slow), 0, 1. Renaming must follow the real banks: R0 -> 0, R1 -> 1, R2 -> 2.
  CHECK(m->bank(15, 0, false) == 0);
  CHECK(m->bank(15, 1, false) == 1);
  CHECK(m->bank(15, 2, false) == 2);
  // The row is a permutation within categories: warp 14's registers stay in their base bank's category.
  for (int r = 0; r < 4; ++r) {
    const int v = m->bank(14, r, false);
    CHECK(table.banks[static_cast<std::size_t>(v)].speed != rfmodel::BankSpeed::Hybrid);
  }
}
