// The LTRF Cfg (hierarchy/ltrf/from_kernel.h) of compiled code: PTX `bra` becomes a Jump (guarded when
// predicated) in ptx/static_kernel.cpp, and cfg_from_kernel splits blocks at its targets.
#include <doctest/doctest.h>

#include <vector>

#include "hierarchy/design/kernel_liveness.h"
#include "hierarchy/ltrf/from_kernel.h"
#include "hierarchy/ltrf/intervals.h"
#include "hierarchy/ltrf/partition.h"
#include "ptx/parser.h"
#include "ptx/reg_alloc.h"
#include "ptx/register_ids.h"
#include "ptx/static_kernel.h"
#include "tests/ptx/ptx_run.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;
using rfvar::test::ptx_module;

namespace {
// pc: 0-2 entry | 3-5 loop head, `@%p1 bra` | 6-7 then, `bra.uni` | 8 else | 9-10 join, loop
// back `@%p2 bra` | 11-12 store, ret.
const char* kLoopIfElse = R"(
.visible .entry cf(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r5, 0;
$L_loop:
  add.s32 %r5, %r5, %r1;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra $L_else;
  add.s32 %r5, %r5, 1;
  bra.uni $L_join;
$L_else:
  add.s32 %r5, %r5, 2;
$L_join:
  setp.lt.u32 %p2, %r5, 100;
  @%p2 bra $L_loop;
  st.global.u32 [%rd1], %r5;
  ret;
}
)";
}  // namespace

TEST_CASE(
    "ltrf from ptx: GIVEN a compiled loop around an if/else WHEN its static kernel becomes a Cfg THEN "
    "the blocks, both-way conditional edges and the one back edge appear") {
  const ptx::Program prog = ptx::parse_ptx(ptx_module(kLoopIfElse), "cf.ptx");
  const ptx::Entry& e = prog.entries.at(0);
  const Kernel k = ptx::static_kernel(e, ptx::gpgpusim_register_ids(e), ptx::KernelShape{}, "cf.ptx");
  REQUIRE(k.code.size() == 13);
  CHECK(k.code[5].branch == BranchKind::Jump);
  CHECK(k.code[5].guarded);
  CHECK(k.code[5].target == 8);
  CHECK(k.code[7].branch == BranchKind::Jump);
  CHECK_FALSE(k.code[7].guarded);
  CHECK(k.code[10].target == 3);
  const ltrf::KernelCfg kc = ltrf::cfg_from_kernel(k, false);
  REQUIRE_NOTHROW(kc.cfg.validate());
  REQUIRE(kc.cfg.size() == 6);
  const std::vector<std::vector<int>> succs = {{1}, {2, 3}, {4}, {4}, {5, 1}, {}};
  for (int b = 0; b < 6; ++b) {
    CAPTURE(b);
    CHECK(kc.cfg.blocks[static_cast<std::size_t>(b)].succs == succs[static_cast<std::size_t>(b)]);
  }
  const int starts[] = {0, 3, 6, 8, 9, 11};
  for (int b = 0; b < 6; ++b) CHECK(kc.at_pc[static_cast<std::size_t>(starts[b])].block == b);
  int back = 0;
  const auto be = ltrf::back_edges(kc.cfg);
  for (const auto& row : be)
    for (bool x : row) back += x;
  CHECK(back == 1);
  CHECK(be[4][1]);  // block 4 -> its second successor, the loop head
  CHECK(kc.at_pc[0].index == 0);
  CHECK(kc.cfg.blocks[0].instrs.size() == 3);
}

namespace {
// pc: 0-2 entry | 3-5 loop, `@%p1 bra` back to 3 | 6 global load (long latency), 7 add of its
// result, 8 store, 9 ret. Allocated ids (reg_alloc.h, first-definition order): %rd1 = pair 0-1 (live
// to the store), %r1 = 2, %r2 = 3; %r3 (defined at 6 while %rd1 and %r2 are live) and %r4 = 2 again
// (%r1 is dead after the loop).
const char* kLoopThenLoad = R"(
.visible .entry il(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
$L_loop:
  add.s32 %r2, %r2, %r1;
  setp.lt.u32 %p1, %r2, 100;
  @%p1 bra $L_loop;
  ld.global.u32 %r3, [%rd1];
  add.s32 %r4, %r3, %r2;
  st.global.u32 [%rd1], %r4;
  ret;
}
)";

std::vector<int> ids(const ltrf::RegSet& s) {
  std::vector<int> v;
  for (int r = 0; r < ltrf::kMaxCfgRegs; ++r)
    if (s.test(static_cast<std::size_t>(r))) v.push_back(r);
  return v;
}
}  // namespace

TEST_CASE(
    "ltrf from ptx: GIVEN a loop and a dependent load in allocated PTX WHEN liveness and register-intervals are "
    "formed THEN the working sets, prefetch sets and dead-operand bits are the ones worked out by hand") {
  const ptx::Program prog = ptx::parse_ptx(ptx_module(kLoopThenLoad), "il.ptx");
  const ptx::Entry& e = prog.entries.at(0);
  const ptx::EntryRegs regs = ptx::allocate_register_ids(e);
  const Kernel k = ptx::static_kernel(e, regs, ptx::KernelShape{32, 0, 5}, "il.ptx");
  REQUIRE(k.code.size() == 10);
  // The allocation worked out by hand (comment above).
  CHECK(std::vector<RegId>(k.code[0].dst, k.code[0].dst + k.code[0].ndst) == std::vector<RegId>{0, 1});
  CHECK(k.code[1].dst[0] == 2);
  CHECK(k.code[2].dst[0] == 3);
  CHECK(k.code[6].dst[0] == 2);  // %r3 reuses %r1's id
  CHECK(k.code[7].dst[0] == 2);  // %r4 too (%r3 dies at its read)
  const hierarchy::KernelLiveness live = hierarchy::kernel_liveness(k, false);
  // Blocks: pc 0-2, 3-5 (self loop), 6-9.
  REQUIRE(live.kcfg.cfg.size() == 3);
  CHECK(live.kcfg.cfg.blocks[1].succs == std::vector<int>{2, 1});
  CHECK(live.long_latency[6]);
  CHECK_FALSE(live.long_latency[0]);  // ld.param is a constant-cache load
  CHECK(ids(live.live_in[3]) == std::vector<int>{0, 1, 2, 3});   // the loop keeps %rd1, %r1, %r2
  CHECK(ids(live.live_in[6]) == std::vector<int>{0, 1, 3});      // %r1 died with the loop
  // %r2 (3) is read for the last time; %r3 dies too, but its id 2 is live after pc 7 (it holds %r4):
  // liveness is per register, not per value.
  CHECK(ids(live.last_reads[7]) == std::vector<int>{3});
  CHECK(ids(live.last_reads[8]) == std::vector<int>{0, 1, 2});   // the store ends %rd1 and %r4
  CHECK(ids(live.dead_writes[0]).empty());
  // N = 4: the whole kernel (4 registers) is one interval: Algorithm 1 puts the loop in an interval of
  // its own (its header has a predecessor outside), Algorithm 2 merges all back.
  const ltrf::IntervalFormation f4 = ltrf::form_register_intervals(live.kcfg.cfg, 4);
  REQUIRE(f4.partition.size() == 1);
  CHECK(ids(f4.partition.regions()[0].working_set) == std::vector<int>{0, 1, 2, 3});
  // N = 3, by hand: pc 0-1 use {0,1,2}; pc 2 would add a 4th (3): cut. pc 2 {3} grows into the loop
  // (whose only outside predecessor is now that interval): {2,3}. The exit block is cut twice:
  // pc 6 {0,1,2}, pc 7 adds 3 -> cut; pc 7 {2,3}, pc 8 adds 0,1 -> cut; pc 8-9 {0,1,2}. Algorithm 2
  // merges none of them (every union has 4 registers).
  const ltrf::IntervalFormation f3 = ltrf::form_register_intervals(live.kcfg.cfg, 3);
  REQUIRE(f3.partition.size() == 5);
  std::vector<std::vector<int>> ws;
  std::vector<int> region_at;
  for (const auto& r : f3.partition.regions()) ws.push_back(ids(r.working_set));
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) region_at.push_back(f3.partition.region_of(live.kcfg.at_pc[pc]));
  CHECK(region_at == std::vector<int>{0, 0, 1, 1, 1, 1, 2, 3, 4, 4});
  CHECK(ws == std::vector<std::vector<int>>{{0, 1, 2}, {2, 3}, {0, 1, 2}, {2, 3}, {0, 1, 2}});
  // LTRF+'s PREFETCH at the loop's interval entry (pc 3) fetches only live registers of its set.
  // LTRF+'s PREFETCH sets: an interval's working set & live-in at its entry. At pc 2 only %r1 (2)
  // is live (%r2 is written there first); at pc 6 %rd1 (0-1) is, %r3's id 2 is not (written by the load).
  ltrf::WarpPartitions part(ltrf::LtrfVariant::LtrfPlus, 1, 1, 3);
  CHECK(ids(part.activate(0, f3.partition.regions()[0].working_set, live.live_in[0]).fetch).empty());
  CHECK(ids(part.enter(0, f3.partition.regions()[1].working_set, live.live_in[2]).fetch) == std::vector<int>{});
  CHECK(part.access(0, 3, true));  // the loop writes %r2
  const ltrf::RegTransfer t2 = part.enter(0, f3.partition.regions()[2].working_set, live.live_in[6]);
  CHECK(ids(t2.fetch) == std::vector<int>{0, 1});
  CHECK(ids(t2.writeback) == std::vector<int>{3});  // %r2, written in the loop, leaves and is live
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
