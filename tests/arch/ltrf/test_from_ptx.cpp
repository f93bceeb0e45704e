// The LTRF Cfg (arch/ltrf/from_kernel.h) of compiled code: PTX `bra` becomes a Jump (guarded when
// predicated) in arch/ptx/static_kernel.cpp, and cfg_from_kernel splits blocks at its targets.
#include <doctest/doctest.h>

#include <vector>

#include "arch/ltrf/from_kernel.h"
#include "arch/ltrf/intervals.h"
#include "arch/ptx/parser.h"
#include "arch/ptx/register_ids.h"
#include "arch/ptx/static_kernel.h"
#include "tests/arch/ptx/ptx_run.h"

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
