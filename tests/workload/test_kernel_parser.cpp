// Tests of the kernel text format parser (workload/kernel_parser.h).
#include <doctest/doctest.h>

#include <string>

#include "workload/kernel_parser.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
const char* kGood = R"(rfvar-kernel 1
benchmark toy
kernel k block=48 regs=8 smem=128
  ialu r0 = r1 r2
  loop 3
    ld.global r3 = r0 tx=2 l1=0.5 l2=0.25
    if tid < 16
      fmad r4 = r3 r4 r5
    else
      falu r0 = r0
    endif
  endloop
  bar
  st.shared r0 r3
end
launch k grid=2..4
launch k grid=7 times=2
)";

std::string error_of(const std::string& text) {
  try {
    parse_benchmark(text, "bad.kernel");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("GIVEN a well-formed kernel file WHEN parsed THEN shape, code, launches and flags are right") {
  const Benchmark b = parse_benchmark(kGood, "toy.kernel");
  REQUIRE(b.kernels.size() == 1);
  const Kernel& k = b.kernels[0];
  CHECK(k.block_threads == 48);
  CHECK(k.warps_per_block() == 2);
  CHECK(k.regs_per_thread == 8);
  CHECK(k.smem_bytes == 128);
  // ialu, ld, if, fmad, jump, falu, loopback, bar, st, exit
  REQUIRE(k.code.size() == 10);
  CHECK(k.code[1].op == OpClass::Load);
  CHECK(k.code[1].transactions == 2);
  CHECK(k.code[1].l1_hit == doctest::Approx(0.5));
  CHECK(k.code[2].branch == BranchKind::If);
  CHECK(k.code[2].target == 5);  // else part
  CHECK(k.code[2].reconv == 6);
  CHECK(k.code[4].branch == BranchKind::Jump);
  CHECK(k.code[4].target == 6);
  CHECK(k.code[6].branch == BranchKind::LoopBack);
  CHECK(k.code[6].target == 1);
  CHECK(k.code[6].trip == 3);
  CHECK(k.code.back().op == OpClass::Exit);
  // r4 and r5 are only touched under the tid-dependent branch: hybrid-bank candidates
  CHECK(k.pvd_regs == ((1ull << 4) | (1ull << 5)));
  CHECK(k.static_reg_weight[3] == doctest::Approx(7.0));  // ld dst + fmad src (3 trips each) + st
  REQUIRE(b.launches.size() == 5);
  CHECK(b.launches[0].grid == 2);
  CHECK(b.launches[2].grid == 4);
  CHECK(b.launches[4].grid == 7);
}

TEST_CASE("GIVEN malformed kernel text WHEN parsed THEN the error names file, line and reason") {
  const std::string head = "rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=4\n";
  CHECK(error_of("benchmark t\n").find("bad.kernel:1: the first line must be") == 0);
  CHECK(error_of(head + "  frob r0 = r1\nend\nlaunch k grid=1\n").find("bad.kernel:4: unknown opcode 'frob'") == 0);
  CHECK(error_of(head + "  ialu r9 = r1\nend\nlaunch k grid=1\n").find("bad.kernel:4: register r9 >= regs=4") == 0);
  CHECK(error_of(head + "  loop 2\n  ialu r0 = r1\nend\n").find("bad.kernel:4: unclosed") == 0);
  CHECK(error_of(head + "  if tid ~ 3\n").find("bad.kernel:4: bad condition") == 0);
  CHECK(error_of(head + "  ld.global r1 = r0 l1=1.5\n").find("bad.kernel:4: l1 '1.5' is not a probability") == 0);
  CHECK(error_of(head + "  ialu r0 = r1\nend\nlaunch q grid=1\n").find("bad.kernel:6: launch of undefined kernel 'q'") == 0);
  CHECK(error_of(head + "  ialu r0 = r1\nend\n").find("no 'launch' line") != std::string::npos);
  CHECK(error_of(head + "  endif\n").find("bad.kernel:4: 'endif' without 'if'") == 0);
}

TEST_CASE("GIVEN the shipped kernel files WHEN loaded THEN each parses and launches something") {
  const auto names = available_benchmarks();
  CHECK(names.size() >= 2);
  for (const auto& n : names) {
    CAPTURE(n);
    const Benchmark b = load_benchmark(n);
    CHECK(b.name == n);
    CHECK(!b.launches.empty());
  }
  CHECK_THROWS_AS(load_benchmark("no-such-benchmark"), InputError);
}

TEST_CASE("GIVEN thread-ID branches WHEN parsed THEN each warp's register lanes and hybrid candidates follow") {
  const Benchmark b = parse_benchmark(kGood, "toy.kernel");
  const Kernel& k = b.kernels.at(0);
  REQUIRE(k.reg_lanes.size() == 2u * 8u);  // 48 threads: warp 0 full, warp 1 lanes 0-15
  // r4, r5: only under `tid < 16`: warp 0 lanes 0-15, warp 1 never.
  CHECK(k.lanes_of(0, 4) == 0x0000FFFFu);
  CHECK(k.lanes_of(1, 4) == 0u);
  CHECK(k.hybrid_candidate(0, 4));
  CHECK_FALSE(k.hybrid_candidate(1, 4));  // never touched: no vector to place
  // r0 is also used in the else-part (lanes 16-31 of warp 0) and outside: all existing lanes.
  CHECK(k.lanes_of(0, 0) == ~0u);
  CHECK_FALSE(k.hybrid_candidate(0, 0));
  // Warp 1 of a 48-thread block has only lanes 0-15: every register it uses is a candidate.
  CHECK(k.lanes_of(1, 0) == 0x0000FFFFu);
  CHECK(k.hybrid_candidate(1, 0));
  CHECK(k.hybrid_candidate(1, 3));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
