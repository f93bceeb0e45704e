// Hybrid-bank placement (arch/mapping/hybrid.cpp, Tan 2016 §3.3.4), worked out by hand: full vectors
// keep Eq. 3 over all 16 virtual banks, marked partial vectors go to the banks that answer them in
// one cycle, and either lane half of a partial vector can be stored in a hybrid bank's fast half.
#include <doctest/doctest.h>

#include <numeric>
#include <vector>

#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/setup_builders.h"
#include "tests/arch/one_sm_params.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
// 32 sub-banks whose delays rise with the id, the 22 fastest fast, h = 2: virtual banks 0-9 pure
// fast, 10-11 hybrid (fast lanes 0-15), 12-15 slow.
rfmodel::BankTable two_hybrid_table() {
  std::vector<float> delay(32);
  std::iota(delay.begin(), delay.end(), 1.0f);
  std::vector<std::uint8_t> fast(32, 0);
  for (int s = 0; s < 22; ++s) fast[static_cast<std::size_t>(s)] = 1;
  return rfmodel::organize_banks(delay, fast, 16, 2, 2);
}
}  // namespace

TEST_CASE("GIVEN 10 pure-fast, 2 hybrid and 4 slow banks WHEN vectors are placed THEN full vectors follow Eq. 3 "
          "over all 16 banks and partial ones Eq. 3 over the 12 banks that answer them in one cycle") {
  const rfmodel::BankTable table = two_hybrid_table();
  REQUIRE(table.count(rfmodel::BankSpeed::Fast) == 10);
  REQUIRE(table.banks[10].speed == rfmodel::BankSpeed::Hybrid);
  REQUIRE(table.banks[11].speed == rfmodel::BankSpeed::Hybrid);
  const rfmodel::RfSetup setup = rfmodel::setup_from_table("test", 1.0, table, 64, 2);
  Kernel k;
  auto m = make_hybrid_mapping();
  m->on_kernel_launch(MappingContext{&k, &setup, &table, {}, 48});
  SUBCASE("full vectors: bank = (w + r) % 16, hybrid banks included (they pay the slow half)") {
    CHECK(m->bank(0, 10, false) == 10);  // a hybrid bank: under the old 14-bank modulus it was bank 12
    CHECK(m->bank(0, 11, false) == 11);
    CHECK(m->bank(3, 12, false) == 15);  // (3 + 12) % 16
    CHECK(m->bank(5, 13, false) == 2);   // (5 + 13) % 16; the old (5 + 13) % 14 = 4
    CHECK(m->bank(47, 63, false) == 14);  // (47 + 63) % 16 = 110 % 16
    for (int w = 0; w < 48; ++w)
      for (int r = 0; r < 64; ++r) CHECK(m->bank(w, r, false) == (w + r) % 16);
  }
  SUBCASE("partial vectors: Eq. 3 over banks 0-11 (pure fast 0-9, hybrid 10-11), never a slow bank") {
    CHECK(m->bank(0, 10, true) == 10);  // (0 + 10) % 12 = 10: a hybrid bank's fast half
    CHECK(m->bank(0, 11, true) == 11);
    CHECK(m->bank(1, 11, true) == 0);   // (1 + 11) % 12
    CHECK(m->bank(3, 9, true) == 0);    // (3 + 9) % 12
    CHECK(m->bank(5, 13, true) == 6);   // 18 % 12
    for (int w = 0; w < 48; ++w)
      for (int r = 0; r < 64; ++r) CHECK(m->bank(w, r, true) == (w + r) % 12);
  }
  SUBCASE("without hybrid banks the placement is plain Eq. 3 for every vector") {
    const rfmodel::BankTable bro = rfmodel::organize_banks(std::vector<float>(32, 1.0f), std::vector<std::uint8_t>(32, 1), 16, 2, 0);
    const rfmodel::RfSetup plain = rfmodel::setup_from_table("test", 1.0, bro, 64, 2);
    m->on_kernel_launch(MappingContext{&k, &plain, &bro, {}, 48});
    CHECK(m->bank(5, 13, true) == 2);
    CHECK(m->bank(5, 13, false) == 2);
  }
}

TEST_CASE("GIVEN registers used only by lanes 0-15 or only by lanes 16-31 WHEN parsed THEN both are hybrid "
          "candidates, each with its own lane half") {
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=4\n  ialu r1 = r0\n"
      "  if tid < 16\n    ialu r2 = r1\n  else\n    ialu r3 = r1\n  endif\nend\nlaunch k grid=1\n",
      "t.kernel");
  const Kernel& k = b.kernels.front();
  CHECK(k.hybrid_half(0, 2) == 0x0000FFFFu);
  CHECK(k.hybrid_half(0, 3) == 0xFFFF0000u);  // the upper half: a candidate too (stored swapped)
  CHECK(k.hybrid_candidate(0, 3));
  CHECK(k.hybrid_half(0, 1) == 0u);  // all 32 lanes
  CHECK_FALSE(k.hybrid_candidate(0, 1));
}

TEST_CASE("GIVEN hybrid banks 1-3 under Eq. 3 WHEN a full vector and upper- and lower-half partial vectors "
          "live there THEN only the full vector pays the slow half, and the upper half is kept in the fast sub-bank") {
  // One warp, Eq. 3: r_k in bank k. Banks 1, 2, 3 are hybrid (2-cycle full width, lanes 0-15 fast).
  // r1 is written by all 32 lanes, then read by lanes 0-15 (fast half: 1 cycle) and 16-31 (slow);
  // r2 is used only by lanes 16-31 and r3 only by lanes 0-15 (both partial).
  const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=4\n  ialu r1 = r0\n"
      "  if tid < 16\n    ialu r3 = r1\n    ialu r0 = r3\n  else\n    ialu r2 = r1\n    ialu r0 = r2\n  endif\n"
      "end\nlaunch k grid=1\n",
      "t.kernel");
  auto s = rfmodel::RfSetup::ideal();
  for (int v = 1; v <= 3; ++v) {
    s.hybrid_fast_lanes[static_cast<std::size_t>(v)] = 0x0000FFFFu;
    for (int r = 0; r < s.rows_per_bank; ++r) s.latency[static_cast<std::size_t>(v * s.rows_per_bank + r)] = 2;
  }
  StaticRfProvider rf(s);
  const SmStats st = run_benchmark(b, one_sm_params(), "lrr", make_mapping("eq3"), rf, RngStream(3, 0, Stream::Test)).stats;
  // Slow: r1's full-width write and its read by lanes 16-31. Fast: r1's read by lanes 0-15, r3's
  // write and read (lower half), r2's write and read (upper half, stored in the fast sub-bank). The
  // old rule (only lanes 0-15 may be fast) made r2's two accesses slow too: 4.
  CHECK(st.slow_accesses == 2);
  CHECK(st.bank_writes[2] == 1);
  CHECK(st.bank_reads[2] == 1);
  // r2's lanes 16-31 are stored in bank 2's first (fast) sub-bank, physical sub-bank 4; its second
  // sub-bank (5) is never touched.
  CHECK(st.subbank_reads[4] == 1);
  CHECK(st.subbank_writes[4] == 1);
  CHECK(st.subbank_reads[5] == 0);
  CHECK(st.subbank_writes[5] == 0);
}

TEST_CASE("GIVEN a warp naming more register ids than it has vectors WHEN the hybrid size is counted THEN "
          "the share of candidate names is scaled to the vectors (Tan §3.3.4 counts vectors, not names)") {
  Kernel k;
  k.block_threads = 64;  // two warps
  k.regs_per_thread = 4;
  k.reg_ids = 8;
  k.reg_lanes.assign(2 * 8, 0);
  auto set = [&](int w, int r, std::uint32_t lanes) { k.reg_lanes[static_cast<std::size_t>(w * 8 + r)] = lanes; };
  SUBCASE("names within the vectors: every candidate pair counts") {
    set(0, 0, ~0u), set(0, 1, 0x0000FFFFu), set(0, 2, 0xFFFF0000u);  // warp 0: 3 names, 2 candidates
    set(1, 0, 0x000000FFu);                                          // warp 1: 1 name, 1 candidate
    CHECK(k.partial_vectors_per_block() == 3);
  }
  SUBCASE("8 names on 4 vectors: warp 0 has 6 candidates of 8 names -> 3 vectors; warp 1 1 of 6 -> 2/3") {
    for (int r = 0; r < 8; ++r) set(0, r, r < 2 ? ~0u : 0x0000FFFFu);
    for (int r = 0; r < 6; ++r) set(1, r, r == 5 ? 0xFFFF0000u : ~0u);
    CHECK(k.partial_vectors_per_block() == 4);  // ceil(3 + 4 * 1 / 6) = ceil(3.67)
  }
  SUBCASE("no candidates: no hybrid vectors") {
    for (int r = 0; r < 8; ++r) set(0, r, ~0u), set(1, r, ~0u);
    CHECK(k.partial_vectors_per_block() == 0);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
