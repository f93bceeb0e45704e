// Tests of the functional warp walker (kernel_walk.h) that the kernel characteristic tests rely on:
// exact counts on hand-made kernels whose dynamic behaviour is worked out by hand.
#include <doctest/doctest.h>

#include <string>

#include "analysis/kernel_walk.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {

const L1Cache::Params kL1{16384, 128, 4};  // GTX480 dl1 (data/fermi-32nm.toml arch.l1_*)

Benchmark parse(const std::string& body, const std::string& kernel_line, const std::string& launch) {
  return parse_benchmark("rfvar-kernel 1\nbenchmark toy\n" + kernel_line + "\n" + body + "end\n" + launch + "\n",
                         "toy.kernel");
}

}  // namespace

TEST_CASE("GIVEN a 48-thread block with an if/else on tid < 16 in a 3-trip loop WHEN walked THEN the counts "
          "match the hand-worked SIMT execution") {
  const Benchmark b = parse(
      "  ialu r0 = r1\n"
      "  loop 3\n"
      "    if tid < 16\n"
      "      fmad r2 = r0 r1 r2\n"
      "    else\n"
      "      falu r3 = r3\n"
      "    endif\n"
      "  endloop\n"
      "  bar\n",
      "kernel k block=48 regs=4", "launch k grid=31");
  const Kernel& k = b.kernels[0];
  RngStream rng(1, 0, Stream::Test);

  // Warp 0 (tid 0-31): ialu; per trip if, fmad (16 lanes), jump (16), falu (16), loop branch; bar; exit.
  const WalkStats w0 = walk_warp(k, kL1, 0, 0, rng);
  CHECK(w0.warp_instructions == 18);
  CHECK(w0.active_lanes == 32 + 3 * (32 + 16 + 16 + 16 + 32) + 32 + 32);
  CHECK(w0.divergent_ifs == 3);
  CHECK(w0.divergent_ifs_programmatic == 3);
  CHECK(w0.barriers == 1);
  CHECK(w0.reg_accesses[0] == 4);  // ialu dst + 3 fmad sources
  CHECK(w0.reg_accesses[2] == 6);  // fmad dst and source, 3 trips
  CHECK(w0.reg_accesses[3] == 6);  // falu dst and source, 3 trips

  // Warp 1 (tid 32-47, 16 lanes): the then-part and its jump are skipped, no divergence.
  const WalkStats w1 = walk_warp(k, kL1, 0, 1, rng);
  CHECK(w1.warp_instructions == 12);
  CHECK(w1.active_lanes == 16 * 12);
  CHECK(w1.divergent_ifs == 0);
  CHECK(w1.reg_accesses[2] == 0);

  // Grid 31 on SM 0 of 15: blocks 0, 15 and 30.
  CHECK(blocks_on_sm(31, 0, 15) == 3);
  CHECK(blocks_on_sm(31, 1, 15) == 2);
  CHECK(blocks_on_sm(1, 3, 15) == 0);
  CHECK(walk_kernel_launch(k, kL1, 31, 0, 15, rng).warp_instructions == 3 * (18 + 12));
}

TEST_CASE("GIVEN nested loops sharing their head and a bid condition WHEN walked THEN trips multiply and "
          "whole blocks take or skip the part") {
  const Benchmark b = parse(
      "  loop 2\n"
      "    loop 3\n"
      "      ialu r0 = r0\n"
      "    endloop\n"
      "  endloop\n"
      "  if bid % 2 < 1\n"
      "    ialu r1 = r1\n"
      "  endif\n",
      "kernel k block=32 regs=2", "launch k grid=1");
  const Kernel& k = b.kernels[0];
  RngStream rng(1, 0, Stream::Test);
  // 6 ialu + 6 inner + 2 outer loop branches + if + exit = 16; even blocks add the ialu.
  CHECK(walk_warp(k, kL1, 1, 0, rng).warp_instructions == 16);
  const WalkStats even = walk_warp(k, kL1, 2, 0, rng);
  CHECK(even.warp_instructions == 17);
  CHECK(even.divergent_ifs == 0);
  CHECK(even.reg_accesses[0] == 12);
}

TEST_CASE("GIVEN a rand 0.25 branch WHEN 100 trips of one warp are walked (seed 2016) THEN about a quarter "
          "of the lanes take it") {
  const Benchmark b = parse(
      "  loop 100\n"
      "    if rand 0.25\n"
      "      ialu r0 = r0\n"
      "    endif\n"
      "  endloop\n",
      "kernel k block=32 regs=1", "launch k grid=1");
  RngStream rng(2016, 0, Stream::Test);
  const WalkStats s = walk_warp(b.kernels[0], kL1, 0, 0, rng);
  // Lanes of the ialu: Binomial(3200, 0.25): mean 800, sd 24.5; tolerance 5 sd.
  const double taken_lanes = s.active_lanes - 100 * 32 * 2 - 32;  // minus if, loop branch, exit
  CHECK(taken_lanes == doctest::Approx(800).epsilon(125.0 / 800));
  CHECK(s.divergent_ifs_programmatic == 0);
  CHECK(s.divergent_ifs > 90);
}

TEST_CASE("GIVEN resident blocks WHEN the register-file fraction is computed THEN it uses GPGPU-Sim's "
          "padded allocation") {
  Kernel k;
  k.block_threads = 256;
  k.regs_per_thread = 35;  // rounded up to 36
  CHECK(rf_fraction(k, 3, 32768) == doctest::Approx(3.0 * 256 * 36 / 32768));
  k.block_threads = 1;  // padded to one warp
  k.regs_per_thread = 12;
  CHECK(rf_fraction(k, 8, 32768) == doctest::Approx(8.0 * 32 * 12 / 32768));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
