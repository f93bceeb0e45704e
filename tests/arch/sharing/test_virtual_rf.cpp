// Tests of the virtualized register file (arch/sharing/virtual_rf.h) and of the SM running on it
// (sharing.virtual_rf, arch/sm/sm_vrf.cpp; Jeon et al., MICRO 2015, the baseline of CAL 2019 §3-4).
#include <doctest/doctest.h>

#include <string>

#include "arch/run.h"
#include "arch/sharing/virtual_rf.h"
#include "common/config.h"
#include "workload/kernel_parser.h"
#include "tests/arch/one_sm_params.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

TEST_CASE("virtual RF: GIVEN a pool WHEN registers are allocated, shared and released THEN the pool counts them") {
  sharing::VirtualRegisterFile v;
  v.reset(3, 2, 4, 0);
  const int a = v.allocate(0, 1, 0);
  const int b = v.allocate(1, 2, 10);
  CHECK(v.in_use() == 2);
  v.map_to(1, 3, a, 10);  // warp 1's r3 shares warp 0's r1
  CHECK(v.refs(a) == 2);
  CHECK(v.release(0, 1, 20) == -1);  // still mapped by warp 1
  CHECK(v.release(1, 3, 30) == a);   // the last reference: free again
  CHECK(v.in_use() == 1);
  CHECK(v.release(1, 3, 30) == -1);  // unmapped
  v.integrate(40);
  // 1 register over [0, 10), 2 over [10, 30), 1 over [30, 40)
  CHECK(v.reg_cycles() == doctest::Approx(10 + 40 + 10));
  CHECK(v.peak() == 2);
  CHECK(v.phys(1, 2) == b);
}

Benchmark kernel(const std::string& header, const std::string& body, int grid = 1) {
  return parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k " + header + "\n" + body + "end\nlaunch k grid=" +
                             std::to_string(grid) + "\n",
                         "t.kernel");
}

SmStats run(const Benchmark& b, bool virtual_rf, int registers_per_sm = 32768, long long deadlock = 1000000,
            double headroom = 1.0) {
  ArchParams p = one_sm_params();
  p.sharing.admit_headroom = headroom;
  p.sharing.virtual_rf = virtual_rf;
  p.registers_per_sm = registers_per_sm;
  p.sharing.deadlock_cycles = deadlock;
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_benchmark(b, p, "lrr", make_mapping("eq3"), rf, RngStream(7, 0, Stream::Test)).stats;
}

TEST_CASE("virtual RF: GIVEN a chain of short-lived values WHEN one warp runs THEN one physical register is in use at a time") {
  const Benchmark b = kernel("block=32 regs=32", "  ialu r1 = r0\n  ialu r2 = r1\n  ialu r3 = r2\n");
  const SmStats on = run(b, true), off = run(b, false);
  CHECK(on.vrf_peak_regs == 1);  // r1, then r2 (r1 released at its last read), then r3 (dead at its write-back)
  CHECK(on.vrf_reg_cycles > 0.0);
  CHECK(on.vrf_reg_cycles <= static_cast<double>(on.cycles));
  CHECK(on.cycles == off.cycles);  // the mapping costs no cycle
  CHECK(off.vrf_peak_regs == 0);
  CHECK(off.vrf_reg_cycles == 0.0);
}

TEST_CASE("virtual RF: GIVEN two values read together THEN two physical registers are in use at the peak") {
  const Benchmark b = kernel("block=64 regs=32", "  ialu r1 = r0\n  ialu r2 = r0\n  ialu r3 = r1 r2\n");
  CHECK(run(b, true).vrf_peak_regs == 4);  // 2 per warp, 2 warps issuing side by side
}

TEST_CASE("virtual RF: GIVEN blocks limited by their static register allocation WHEN registers are virtualized THEN more blocks run and the kernel ends sooner") {
  // 256 threads x 64 registers: 2 blocks per SM by the static allocation (32768 registers); each
  // warp holds at most 1 physical register, so the thread limit (1536 / 256 = 6 blocks) binds.
  const Benchmark b = kernel("block=256 regs=63", "  ld.global r1 = r0 tx=1 l1=0 l2=0\n  ialu r2 = r1\n", 24);
  const SmStats on = run(b, true), off = run(b, false);
  CHECK(on.vrf_peak_blocks == 6);
  CHECK(on.vrf_peak_regs <= 6 * 8);
  CHECK(on.cycles < off.cycles);
  CHECK(on.warp_instructions == off.warp_instructions);
}

TEST_CASE("virtual RF: GIVEN warps that each need 20 registers WHEN the pool holds 32 THEN blocks wait for room, or with a low headroom they run together and wait for registers") {
  std::string body;
  for (int i = 1; i <= 20; ++i) body += "  ialu r" + std::to_string(i) + " = r0\n";
  for (int i = 1; i <= 20; ++i) body += "  ialu r45 = r" + std::to_string(i) + "\n";
  const Benchmark b = kernel("block=32 regs=48", body, 2);  // two one-warp blocks
  const SmStats safe = run(b, true, 1024);                   // 1024 registers = 32 warp registers
  CHECK(safe.vrf_peak_blocks == 1);                          // 20 + 20 reserved > 32: one at a time
  CHECK(safe.vrf_alloc_stalls == 0);
  CHECK(safe.vrf_peak_regs == 20);
  // Reserving 40 % (8 registers each) admits both; they fill the pool and one waits: a deadlock.
  CHECK_THROWS_AS(run(b, true, 1024, 1000, 0.4), InputError);
}

TEST_CASE("virtual RF: GIVEN a warp that needs more live registers than the pool holds THEN InputError after sharing.deadlock_cycles") {
  std::string body;
  for (int i = 1; i <= 40; ++i) body += "  ialu r" + std::to_string(i) + " = r0\n";
  for (int i = 1; i <= 40; ++i) body += "  ialu r45 = r" + std::to_string(i) + "\n";
  const Benchmark b = kernel("block=32 regs=48", body);
  CHECK(run(b, true, 32768).vrf_peak_regs == 40);
  // 1024 registers = 32 physical warp registers: the warp waits at its 33rd value for ever.
  CHECK_THROWS_AS(run(b, true, 1024, 1000), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
