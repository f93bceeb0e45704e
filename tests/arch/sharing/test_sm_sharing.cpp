// Tests of the SM's perfect register sharing (sharing.mode = "perfect", arch/sm/sm_share.cpp; Jeon et al.,
// CAL 2019 §2.1, §3) on hand-made one-warp traces whose memory steps carry their lanes' TraceKeys.
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

// A warp-unit 4-byte load of 32 consecutive words at `base`.
TraceKey key(std::uint64_t base, bool writes = false) { return {base, 4, 32, 4, writes}; }

// One full warp running `body` once (keyed_workload.h).
TraceWorkload workload(const std::string& body, const std::vector<TraceKey>& keys,
                       const std::vector<std::uint32_t>& masks = {}) {
  return testing::keyed_workload(body, keys, masks);
}

SmStats run(const IWorkload& wl, bool sharing = true) {
  ArchParams p = one_sm_params();
  p.sharing.virtual_rf = true;
  p.sharing.mode = sharing ? SharingMode::Perfect : SharingMode::Off;
  StaticRfProvider rf(rfmodel::RfSetup::ideal());
  return run_workload(wl, p, "lrr", make_mapping("eq3"), rf, 7).stats;
}

std::uint64_t writes(const SmStats& s) { return std::accumulate(s.bank_writes.begin(), s.bank_writes.end(), std::uint64_t{0}); }

constexpr const char* kTwoLoads = "  ld.global r1 = r0 tx=1\n  ld.global r2 = r0 tx=1\n  ialu r3 = r1 r2\n";

TEST_CASE("perfect sharing: GIVEN two loads of the same warp-unit addresses THEN the second hits, skips its memory access and its write-back") {
  const SmStats same = run(workload(kTwoLoads, {key(0x1000), key(0x1000)}));
  const SmStats other = run(workload(kTwoLoads, {key(0x1000), key(0x2000)}));
  CHECK(same.share_global_loads == 2);
  CHECK(same.share_hits == 1);
  CHECK(same.share_waits == 1);  // the first load was still in flight: the hit waited for its data
  CHECK(same.share_recorded == 1);
  CHECK(same.l1_load_requests == 1);
  CHECK(other.share_hits == 0);
  CHECK(other.l1_load_requests == 2);
  CHECK(writes(same) + 1 == writes(other));  // r2's write-back is skipped
  // r2 holds its own register only from issue to the hit (then r1 and r2 are one physical register)
  CHECK(same.vrf_reg_cycles < other.vrf_reg_cycles);
  CHECK(same.cycles <= other.cycles);
}

TEST_CASE("perfect sharing: GIVEN a hit on a load that has returned THEN it costs no more than a one-operand ALU instruction") {
  // r1 is read by pc 1 (so its load has returned) and kept live until pc 3.
  const std::string head = "  ld.global r1 = r0 tx=1\n  ialu r5 = r1\n";
  const std::string tail = "  ialu r3 = r2 r1 r5\n";
  const SmStats hit = run(workload(head + "  ld.global r2 = r0 tx=1\n" + tail, {key(0x1000), key(0x1000)}));
  const SmStats miss = run(workload(head + "  ld.global r2 = r0 tx=1\n" + tail, {key(0x1000), key(0x2000)}));
  const SmStats alu = run(workload(head + "  ialu r2 = r0\n" + tail, {key(0x1000)}));
  CHECK(hit.share_hits == 1);
  CHECK(hit.share_waits == 0);
  CHECK(hit.cycles <= alu.cycles);
  CHECK(hit.cycles + 100 < miss.cycles);  // the miss goes to L2 / DRAM
}

TEST_CASE("perfect sharing: GIVEN a store to a shared address between two loads THEN the entry is removed and the second load misses") {
  const std::string body = "  ld.global r1 = r0 tx=1\n  st.global r0 r4 tx=1\n  ld.global r2 = r0 tx=1\n  ialu r3 = r1 r2\n";
  // The store writes one word inside the recorded lanes (lane 5's), by its own key.
  const SmStats overlap = run(workload(body, {key(0x1000), {0x1014, 0, 1, 4, true}, key(0x1000)}));
  const SmStats apart = run(workload(body, {key(0x1000), key(0x8000, true), key(0x1000)}));
  const SmStats unkeyed = run(workload(body, {key(0x1000), TraceKey{0, 0, 0, 0, true}, key(0x1000)}));
  CHECK(overlap.share_invalidated == 1);
  CHECK(overlap.share_hits == 0);
  CHECK(apart.share_invalidated == 0);
  CHECK(apart.share_hits == 1);
  CHECK(unkeyed.share_flushes == 1);  // lanes not one stride group: the table is emptied
  CHECK(unkeyed.share_hits == 0);
}

TEST_CASE("perfect sharing: GIVEN partial warps THEN a load shares only with one of the same active lanes") {
  const TraceKey half{0x1000, 4, 16, 4};  // 16 active lanes, consecutive words
  const SmStats same = run(workload(kTwoLoads, {half, half}, {0x0000FFFFu, 0x0000FFFFu}));
  const SmStats moved = run(workload(kTwoLoads, {half, half}, {0x0000FFFFu, 0xFFFF0000u}));
  const SmStats guarded = run(workload(kTwoLoads, {half, half}, {0x0000FFFFu, 0x0001FFFFu}));  // a lane off by a guard
  CHECK(same.share_hits == 1);
  CHECK(moved.share_hits == 0);  // the values would sit in other lanes
  CHECK(guarded.share_hits == 0);
  CHECK(guarded.share_recorded == 1);
}

TEST_CASE("perfect sharing: GIVEN sharing off THEN the virtual RF runs the same loads without the table") {
  const SmStats off = run(workload(kTwoLoads, {key(0x1000), key(0x1000)}), false);
  CHECK(off.share_global_loads == 0);
  CHECK(off.share_hits == 0);
  CHECK(off.l1_load_requests == 2);
}

TEST_CASE("virtual RF stress: GIVEN the virtual RF with and without sharing THEN each sub-bank's allocated row-cycles "
          "sum to S x the pool's register-cycles, and a shared load holds one register less") {
  // NBTI's allocated stress (docs/models.md "Register sharing"): a physical register holds one row of
  // its bank, i.e. one row of each of the bank's S sub-banks, from its allocation to its release.
  const auto total_rows = [](const SmStats& s) {
    return std::accumulate(s.subbank_allocated_row_cycles.begin(), s.subbank_allocated_row_cycles.end(), 0.0);
  };
  const SmStats on = run(workload(kTwoLoads, {key(0x1000), key(0x1000)}), true);
  const SmStats off = run(workload(kTwoLoads, {key(0x1000), key(0x1000)}), false);
  const double S = static_cast<double>(on.subbank_allocated_row_cycles.size() / on.bank_reads.size());
  REQUIRE(off.vrf_reg_cycles > 0.0);
  CHECK(total_rows(off) == S * off.vrf_reg_cycles);
  CHECK(total_rows(on) == S * on.vrf_reg_cycles);
  CHECK(on.share_hits == 1);
  CHECK(on.vrf_reg_cycles < off.vrf_reg_cycles);  // r2 maps to r1's register instead of its own
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
