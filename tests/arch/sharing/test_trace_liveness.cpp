// Tests of arch/sharing/trace_liveness.h: last reads and dead writes of a warp trace (when the
// virtualized register file of Jeon et al., MICRO 2015 / CAL 2019 §3 releases a physical register).
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "arch/sharing/trace_liveness.h"
#include "common/config.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;
using namespace rfvar::arch::sharing;

const Kernel& chain() {
  static const Benchmark b = parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=32 regs=8\n"
      "  ialu r1 = r0\n"       // pc 0
      "  ialu r2 = r1 r1\n"    // pc 1: r1 named twice
      "  ialu r1 = r1 r2\n"    // pc 2: reads and rewrites r1
      "end\nlaunch k grid=1\n",
      "t.kernel");
  return b.kernels[0];
}

WarpTrace trace(std::uint32_t mask_of_pc2) {
  WarpTrace t;
  t.steps = {{0, ~0u}, {1, ~0u}, {2, mask_of_pc2}, {3, ~0u}};
  return t;
}

TEST_CASE("trace liveness: GIVEN full writes THEN a read before a rewrite or the end is a last read and an unread write is dead") {
  REQUIRE(chain().code[3].op == OpClass::Exit);
  const std::vector<std::uint16_t> rel = trace_releases(chain(), trace(~0u), ~0u);
  REQUIRE(rel.size() == 4);
  CHECK(rel[0] == 0x1);  // r0 is never read again; r1's value is read at pc 1
  CHECK(rel[1] == 0x0);  // r1 is read again at pc 2; the second name of r1 is not marked
  CHECK(rel[2] == (kDeadDst0 | 0x1 | 0x2));  // last reads of r1 and r2; the new r1 is never read
  CHECK(rel[3] == 0x0);
  // r1, then r1 and r2, then both released and the new r1 taken and dropped (dead): at most 2.
  CHECK(trace_peak(chain(), trace(~0u), rel) == 2);
}

TEST_CASE("trace liveness: GIVEN a partial write THEN the value before it stays live (its other lanes are kept)") {
  const std::vector<std::uint16_t> rel = trace_releases(chain(), trace(0x0000FFFFu), ~0u);
  CHECK(rel[2] == (kDeadDst0 | 0x2));  // r1's read is not its last: the partial write merges into it
  CHECK(rel[0] == 0x1);
  // The same mask is full for a warp whose lanes are 0-15 only.
  CHECK(trace_releases(chain(), trace(0x0000FFFFu), 0x0000FFFFu)[2] == (kDeadDst0 | 0x1 | 0x2));
}

TEST_CASE("trace liveness: GIVEN a register id beyond the kernel's THEN InputError") {
  Kernel k = chain();
  k.reg_ids = 2;  // r2 is out of range
  CHECK_THROWS_AS(trace_releases(k, trace(~0u), ~0u), InputError);
}

TEST_CASE("trace liveness: GIVEN lanes that run no later step WHEN finished_lanes_dead THEN a write of the lanes still running is full") {
  // Lanes 16-31 return after pc 1 (an Exit step before the last); pc 2 then runs on lanes 0-15.
  WarpTrace exited;
  exited.steps = {{0, ~0u}, {1, ~0u}, {3, 0xFFFF0000u}, {2, 0x0000FFFFu}, {3, 0x0000FFFFu}};
  const std::vector<std::uint16_t> kept = trace_releases(chain(), exited, ~0u);
  CHECK(kept[3] == (kDeadDst0 | 0x2));  // by default the other lanes' r1 values stay live
  const std::vector<std::uint16_t> dead = trace_releases(chain(), exited, ~0u, true);
  CHECK(dead[3] == (kDeadDst0 | 0x1 | 0x2));  // the write covers every lane still running: r1's read is its last
  CHECK(dead[0] == kept[0]);
  CHECK(dead[1] == kept[1]);
  // Lanes 16-31 masked off by a branch to the warp's exit (no Exit step of their own): the same.
  CHECK(trace_releases(chain(), trace(0x0000FFFFu), ~0u, true)[2] == (kDeadDst0 | 0x1 | 0x2));
  // Lanes 16-31 skip pc 2 but run pc 1 again: they may read r1, so the write stays partial.
  WarpTrace again;
  again.steps = {{0, ~0u}, {1, ~0u}, {2, 0x0000FFFFu}, {1, ~0u}, {3, ~0u}};
  CHECK(trace_releases(chain(), again, ~0u, true)[2] == 0x2);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
