// arch.issue_to_collector (docs/models.md "Issue to collector"): GPGPU-Sim's ID_OC pipeline register
// between the warp scheduler and the collector units, against direct allocation at issue.
#include <doctest/doctest.h>

#include <string>

#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "common/config.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

Benchmark one_warp(const std::string& body) {
  return parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=32\n" + body + "end\nlaunch k grid=1\n",
                         "test.kernel");
}

SmStats run(const Benchmark& b, const std::string& mode, int cu_sp = 6) {
  Config c = Config::load_default();
  c.set("arch.issue_to_collector=\"" + mode + "\"");
  ArchParams p = ArchParams::from_config(c);
  p.sms = 1;
  p.collector_units[0] = cu_sp;
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_benchmark(b, p, "lrr", make_mapping("eq3"), rf, RngStream(7, 0, Stream::Test)).stats;
}

std::uint64_t collector_stalls(const SmStats& s) { return s.stalls[static_cast<std::size_t>(Stall::Collector)]; }

TEST_CASE("GIVEN a chain of dependent instructions WHEN each passes the ID_OC register THEN each takes one cycle more") {
  // Issue at t puts the instruction in the register; it takes a collector unit at t + 1 and its read
  // is arbitrated at t + 2 (GPGPU-Sim: issue, then allocate_cu in the next cycle's read_operands):
  // one cycle more per instruction on the chain's critical path than allocation at issue.
  const Benchmark one = one_warp("  ialu r1 = r0\n");
  const Benchmark three = one_warp("  ialu r1 = r0\n  ialu r2 = r1\n  ialu r3 = r2\n");
  CHECK(run(one, "register").cycles == run(one, "direct").cycles + 1);
  CHECK(run(three, "register").cycles == run(three, "direct").cycles + 3);
}

TEST_CASE("GIVEN one SP collector unit WHEN independent SP instructions issue THEN the ID_OC register takes two "
          "while the unit is busy, where direct issue waits for the unit") {
  // Three independent instructions, one collector unit busy two cycles per instruction (its read in
  // the next cycle, its dispatch in the one after).
  // direct:   issue i1 at 0; no free unit at 1; i2 at 2; none at 3; i3 at 4: two collector stalls.
  // register: i1 at 0 (to the unit at 1), i2 at 1 and i3 at 2 wait in the two slots: no stall; the
  //           unit is still the bottleneck, so the last result is one cycle later (the register's).
  const Benchmark b = one_warp("  ialu r1 = r0\n  ialu r2 = r0\n  ialu r3 = r0\n");
  const SmStats direct = run(b, "direct", 1), reg = run(b, "register", 1);
  CHECK(collector_stalls(direct) == 2);
  CHECK(collector_stalls(reg) == 0);
  CHECK(reg.cycles == direct.cycles + 1);
  // A fourth instruction finds both slots taken at 3 (i2 leaves for the unit only at 3, after i1's
  // dispatch, and i3 stays): it issues at 3 all the same, as the slot i2 left is free before issue.
  const Benchmark four = one_warp("  ialu r1 = r0\n  ialu r2 = r0\n  ialu r3 = r0\n  ialu r4 = r0\n");
  CHECK(collector_stalls(run(four, "register", 1)) == 0);
  CHECK(collector_stalls(run(four, "direct", 1)) == 3);
  // Six: the register is full at 4 (i3, i4 wait; i2 is in the unit until its dispatch at 5) and at 6,
  // so the scheduler stalls twice; with no limit on the slots it would never stall.
  std::string six;
  for (int r = 1; r <= 6; ++r) six += "  ialu r" + std::to_string(r) + " = r0\n";
  CHECK(collector_stalls(run(one_warp(six), "register", 1)) == 2);
}

TEST_CASE("GIVEN arch.issue_to_collector WHEN it is not register or direct THEN the config names the key") {
  Config c = Config::load_default();
  c.set("arch.issue_to_collector=\"queue\"");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(c), doctest::Contains("arch.issue_to_collector"), ConfigError);
  CHECK(ArchParams::from_config(Config::load_default()).issue_register);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
