// Tests of the GPU-wide L2 reuse derivation (analysis/l2_reuse.h): hand-made kernels whose L1 and
// L2 traffic over 15 SMs is worked out by hand.
#include <doctest/doctest.h>

#include <string>

#include "analysis/l2_reuse.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {

ArchParams fermi() {
  ArchParams p;  // 15 SMs, 1536 threads, 8 blocks, 16 KB 4-way L1 with 128 B lines
  p.sms = 15;
  p.l1_size_bytes = 16384;
  p.l1_line_bytes = 128;
  p.l1_ways = 4;
  return p;
}
const L2Params kL2{786432, 128, 8};  // GTX480: 768 sets x 128 B x 8 ways

Benchmark parse(const std::string& body, const std::string& kernel_line, const std::string& launch) {
  return parse_benchmark("rfvar-kernel 1\nbenchmark toy\n" + kernel_line + "\n" + body + "end\n" + launch + "\n",
                         "toy.kernel");
}

L2Reuse derive(const Benchmark& b) { return derive_l2_reuse(b, fermi(), kL2, RngStream(7, 0, Stream::Test)); }

}  // namespace

TEST_CASE("GIVEN every block reading the same 4 lines WHEN derived over 15 SMs THEN each SM misses its L1 once "
          "per line and P = 1 - distinct / requests") {
  // 60 blocks, 4 per SM: each SM's first block brings the 4 lines into its L1, the later blocks hit
  // there. The L2 sees 15 x 4 requests, of which only the first SM's 4 miss.
  const Benchmark b = parse("  loop 4\n    ld.global r1 = r0 addr=0 lane=4 iter=128 l2=0.3\n  endloop\n",
                            "kernel k block=32 regs=4", "launch k grid=60");
  const L2Reuse r = derive(b);
  REQUIRE(r.instructions.size() == 1);
  const L2InstrReuse& i = r.instructions[0];
  CHECK(i.derivable);
  CHECK(i.file_l2 == doctest::Approx(0.3));
  CHECK(i.line_requests == 60 * 4);
  CHECK(i.l2_requests == 15 * 4);
  CHECK(i.l2_hits == 14 * 4);
  CHECK(i.derived_l2() == doctest::Approx(1.0 - 4.0 / 60.0));
}

TEST_CASE("GIVEN a pure stream (every thread of every block its own word) WHEN derived THEN no request hits") {
  const Benchmark b = parse("  ld.global r1 = r0 addr=0 lane=4 blk=1024 l2=0.5\n  st.global r0 r1 addr=1 lane=4 blk=1024\n",
                            "kernel k block=256 regs=4", "launch k grid=300");
  const L2Reuse r = derive(b);
  REQUIRE(r.instructions.size() == 2);
  for (const L2InstrReuse& i : r.instructions) {
    CHECK(i.l2_requests == 300 * 8);  // 8 warps x 1 line each per block
    CHECK(i.l2_hits == 0);
  }
  CHECK(r.instructions[1].store);
}

TEST_CASE("GIVEN one warp cycling over a footprint WHEN it is larger than the L2 THEN LRU keeps nothing, WHEN "
          "smaller THEN every pass after the first hits") {
  // One 32-thread block (SM 0 only); each loop trip reads the next 128 B line of a `wrap` footprint,
  // so the L1 (128 lines) never hits either.
  SUBCASE("twice the L2 (12288 lines), 3 passes") {
    const Benchmark b = parse("  loop 36864\n    ld.global r1 = r0 addr=0 lane=4 iter=128 wrap=1572864\n  endloop\n",
                              "kernel k block=32 regs=4", "launch k grid=1");
    const L2InstrReuse i = derive(b).instructions[0];
    CHECK(i.l2_requests == 36864);
    CHECK(i.l2_hits == 0);
  }
  SUBCASE("a sixth of the L2 (1024 lines), 10 passes") {
    const Benchmark b = parse("  loop 10240\n    ld.global r1 = r0 addr=0 lane=4 iter=128 wrap=131072\n  endloop\n",
                              "kernel k block=32 regs=4", "launch k grid=1");
    const L2InstrReuse i = derive(b).instructions[0];
    CHECK(i.l2_requests == 10240);
    CHECK(i.l2_hits == 9 * 1024);
    CHECK(i.derived_l2() == doctest::Approx(0.9));
  }
}

TEST_CASE("GIVEN a warp re-reading its own line WHEN derived THEN the L1 hits never reach the L2, and a store "
          "(write-evict) goes on and allocates the line in the write-allocate L2") {
  const Benchmark b = parse(
      "  loop 10\n    ld.global r1 = r0 addr=0 lane=4 l2=0.5\n  endloop\n"
      "  st.global r0 r1 addr=0 lane=4\n"
      "  ld.global r2 = r0 addr=0 lane=4 l2=0.5\n",
      "kernel k block=32 regs=4", "launch k grid=1");
  const L2Reuse r = derive(b);
  REQUIRE(r.instructions.size() == 3);
  CHECK(r.instructions[0].line_requests == 10);
  CHECK(r.instructions[0].l2_requests == 1);  // the first, cold miss
  CHECK(r.instructions[0].l2_hits == 0);
  CHECK(r.instructions[1].l2_requests == 1);  // the store passes the L1 and evicts the line there
  CHECK(r.instructions[1].l2_hits == 1);
  CHECK(r.instructions[2].l2_requests == 1);  // so the re-read misses the L1 and hits the L2
  CHECK(r.instructions[2].l2_hits == 1);
  CHECK(r.l2_requests == 3);
  CHECK(r.l2_hits == 2);
}

TEST_CASE("GIVEN a tx= access WHEN derived THEN it is listed as not derivable and touches no cache") {
  const Benchmark b = parse("  ld.global r1 = r0 tx=2 l1=0.5 l2=0.7\n  ld.shared r2 = r0\n",
                            "kernel k block=64 regs=4", "launch k grid=30");
  const L2Reuse r = derive(b);
  REQUIRE(r.instructions.size() == 1);  // shared memory is not listed
  CHECK_FALSE(r.instructions[0].derivable);
  CHECK(r.instructions[0].file_l2 == doctest::Approx(0.7));
  CHECK(r.instructions[0].l2_requests == 0);
  CHECK(r.l2_requests == 0);
  CHECK(r.warp_instructions == 30 * 2 * 3);  // ld, ld, exit per warp
}

TEST_CASE("GIVEN data-dependent branches and a scattered stream WHEN derived twice with one seed THEN the results "
          "are identical") {
  const Benchmark b = parse(
      "  loop 20\n    if rand 0.5\n      ld.global r1 = r0 addr=0 scatter=4 wrap=65536 l2=0.5\n    endif\n  endloop\n"
      "  st.global r0 r1 addr=1 lane=4 blk=512\n",
      "kernel k block=128 regs=4", "launch k grid=90 times=2");
  const L2Reuse a = derive(b), c = derive(b);
  REQUIRE(a.instructions.size() == c.instructions.size());
  CHECK(a.warp_instructions == c.warp_instructions);
  for (std::size_t i = 0; i < a.instructions.size(); ++i) {
    CHECK(a.instructions[i].line_requests == c.instructions[i].line_requests);
    CHECK(a.instructions[i].l2_hits == c.instructions[i].l2_hits);
  }
  CHECK(a.instructions[0].l2_requests > 0);
  CHECK(a.instructions[1].l2_hits == 90 * 4);  // second launch re-writes the first's lines: the L2 keeps them
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
