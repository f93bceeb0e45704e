// Tests of the SM's partial register sharing (sharing.mode = "partial", arch/sm/sm_merge.cpp; Jeon et al.,
// CAL 2019 §2.2, §3) on a hand-made one-warp trace: two loads of neighbouring warp-unit words, then a
// load of words half in each (a shift of each: covered by the two entries together).
#include <doctest/doctest.h>

#include <numeric>
#include <string>
#include <vector>

#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/trace_workload.h"
#include "tests/arch/one_sm_params.h"
#include "tests/arch/sharing/keyed_workload.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

// Loads of words 0-31, 32-63, then 16-47 (each 32 lanes, 4 B apart); the third one's line request is
// `third_line` (lines 10 and 11 are the first two's).
TraceWorkload workload(std::uint64_t third_line) {
  return testing::keyed_workload(
      "  ld.global r1 = r0 tx=1\n  ld.global r2 = r0 tx=1\n  ld.global r3 = r0 tx=1\n"
      "  ialu r4 = r1 r2\n  ialu r5 = r3 r4\n",
      {{0, 4, 32, 4, false}, {128, 4, 32, 4, false}, {64, 4, 32, 4, false}}, {}, {10, 11, third_line});
}

SmStats run(const IWorkload& wl, SharingMode mode, int merge_cycles = 4) {
  ArchParams p = one_sm_params();
  p.sharing.virtual_rf = true;
  p.sharing.mode = mode;
  p.sharing.merge_cycles = merge_cycles;
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_workload(wl, p, "lrr", make_mapping("eq3"), rf, 7).stats;
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) { return std::accumulate(v.begin(), v.end(), std::uint64_t{0}); }

TEST_CASE("partial sharing: GIVEN a load two entries cover WHEN it misses in L1 THEN a w-merge reads both registers and writes it, without a memory access") {
  const TraceWorkload wl = workload(12);  // line 12: not in L1
  const SmStats off = run(wl, SharingMode::Off);
  const SmStats perfect = run(wl, SharingMode::Perfect);
  const SmStats partial = run(wl, SharingMode::Partial);
  CHECK(perfect.share_hits == 0);  // no entry holds words 16-47 at the same lanes
  CHECK(perfect.share_partial_hits == 0);
  CHECK(perfect.l1_load_requests == 3);
  CHECK(partial.share_partial_hits == 1);
  CHECK(partial.share_merge_reads == 2);
  CHECK(partial.share_merge_waits == 2);  // both sources' loads were still in flight
  CHECK(partial.l1_load_requests == 2);   // the third load sent nothing to memory
  CHECK(sum(partial.bank_reads) == sum(off.bank_reads) + 2);  // the two source registers
  CHECK(sum(partial.bank_writes) == sum(off.bank_writes));    // the merged value is written like the load's
  // Its latency: the merge's cycles delay the dependent instruction, so the run.
  const SmStats slow = run(wl, SharingMode::Partial, 40);
  CHECK(slow.share_partial_hits == 1);
  // 36 more merge cycles end the run about 36 cycles later (within a few: the write-back's bank slot).
  CHECK(slow.cycles >= partial.cycles + 30);
  CHECK(slow.cycles <= partial.cycles + 36);
}

TEST_CASE("partial sharing: GIVEN a load two entries cover WHEN it hits in L1 THEN it goes to memory as without sharing") {
  const TraceWorkload wl = workload(10);  // the first load's line: an L1 hit (merged into its miss)
  const SmStats perfect = run(wl, SharingMode::Perfect);
  const SmStats partial = run(wl, SharingMode::Partial);
  CHECK(partial.share_partial_hits == 0);
  CHECK(partial.share_partial_l1_hits == 1);
  CHECK(partial.l1_load_requests == 3);
  CHECK(partial.cycles == perfect.cycles);
  CHECK(sum(partial.bank_reads) == sum(perfect.bank_reads));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
