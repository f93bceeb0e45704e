// SIMT execution and traces of the PTX interpreter (ptx/interpreter.h) on hand-written PTX
// whose results and per-warp traces are worked out by hand in the comments.
#include <doctest/doctest.h>

#include "tests/ptx/ptx_run.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::test;
using rfvar::arch::TraceStep;

namespace {
constexpr std::uint32_t kAll = 0xFFFFFFFFu;

std::vector<TraceStep> steps_of(std::initializer_list<std::pair<int, std::uint32_t>> s) {
  std::vector<TraceStep> out;
  for (const auto& [pc, mask] : s) out.push_back({pc, mask});
  return out;
}

const std::string kIfElse = ptx_module(R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 8;
  @%p1 bra THEN;
  add.s32 %r2, %r1, 100;
  bra.uni JOIN;
THEN:
  mul.lo.s32 %r2, %r1, 3;
JOIN:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)");
}  // namespace

TEST_CASE(
    "ptx simt: GIVEN an if/else on tid < 8 WHEN a warp runs it THEN the else lanes run first and both rejoin "
    "at the IPDOM") {
  PtxRun r(kIfElse, {zeros(128)});
  r.launch("k", shape(32));
  // pc 3 = the branch; its immediate post-dominator is JOIN (pc 7).
  CHECK(r.prog.entries[0].reconverge[3] == 7);
  const auto& w = r.trace.blocks.at(0).warps.at(0);
  CHECK(w.steps == steps_of({{0, kAll},
                             {1, kAll},
                             {2, kAll},
                             {3, kAll},
                             {4, 0xFFFFFF00u},
                             {5, 0xFFFFFF00u},
                             {6, 0xFFu},
                             {7, kAll},
                             {8, kAll},
                             {9, kAll},
                             {10, kAll}}));
  const auto out = r.read<std::int32_t>(0);
  for (int t = 0; t < 32; ++t) CHECK(out[static_cast<std::size_t>(t)] == (t < 8 ? 3 * t : t + 100));
  // ld.param (one line of the param space: tag 3), then the store: 32 consecutive words in one
  // 128-byte line of the 256-byte aligned buffer.
  REQUIRE(w.mem.size() == 2);
  CHECK(w.mem[0].count == 1);
  CHECK(w.mem[1].count == 1);
  CHECK(w.lines == std::vector<std::uint64_t>{3ull << 56, r.addr[0] / 128});
  CHECK(r.stats.warp_instructions == 11);
}

TEST_CASE(
    "ptx simt: GIVEN a loop of tid iterations WHEN 4 lanes run it THEN each pass drops the lanes that are "
    "done") {
  const std::string ptx = ptx_module(R"(
.visible .entry loop(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra DONE;
LOOP:
  add.s32 %r2, %r2, %r3;
  add.s32 %r3, %r3, 1;
  setp.lt.u32 %p2, %r3, %r1;
  @%p2 bra LOOP;
DONE:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  exit;
}
)");
  PtxRun r(ptx, {zeros(16)});
  r.launch("loop", shape(4));
  // Lane t runs the body t times: passes with lanes {1,2,3}, {2,3}, {3}; all rejoin at DONE (pc 10).
  CHECK(r.trace.blocks[0].warps[0].steps ==
        steps_of({{0, 0xF}, {1, 0xF}, {2, 0xF},  {3, 0xF},  {4, 0xF},  {5, 0xF}, {6, 0xE}, {7, 0xE},
                  {8, 0xE}, {9, 0xE}, {6, 0xC},  {7, 0xC},  {8, 0xC},  {9, 0xC}, {6, 0x8}, {7, 0x8},
                  {8, 0x8}, {9, 0x8}, {10, 0xF}, {11, 0xF}, {12, 0xF}, {13, 0xF}}));
  CHECK(r.read<std::int32_t>(0) == std::vector<std::int32_t>{0, 0, 1, 3});
}

TEST_CASE(
    "ptx simt: GIVEN a guarded exit WHEN half the lanes leave THEN the rest go on with a smaller mask") {
  const std::string ptx = ptx_module(R"(
.visible .entry k(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.ge.u32 %p1, %r1, 16;
  @%p1 exit;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], 7;
  ret;
}
)");
  PtxRun r(ptx, {zeros(128)});
  r.launch("k", shape(32));
  // The guarded exit issues with the full mask (a false guard does not clear lanes in the trace).
  CHECK(r.trace.blocks[0].warps[0].steps == steps_of({{0, kAll},
                                                      {1, kAll},
                                                      {2, kAll},
                                                      {3, kAll},
                                                      {4, 0xFFFFu},
                                                      {5, 0xFFFFu},
                                                      {6, 0xFFFFu},
                                                      {7, 0xFFFFu}}));
  const auto out = r.read<std::int32_t>(0);
  for (int t = 0; t < 32; ++t) CHECK(out[static_cast<std::size_t>(t)] == (t < 16 ? 7 : 0));
}

TEST_CASE(
    "ptx simt: GIVEN two warps exchanging through shared memory WHEN separated by bar.sync THEN each reads "
    "the other's data") {
  const std::string ptx = ptx_module(R"(
.visible .entry swap(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 4 .b8 buf[256];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, buf;
  add.s32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  bar.sync 0;
  sub.s32 %r5, 252, %r2;
  add.s32 %r6, %r3, %r5;
  ld.shared.u32 %r7, [%r6];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
  ret;
}
)");
  PtxRun r(ptx, {zeros(256)});
  r.launch("swap", shape(64));
  const auto out = r.read<std::int32_t>(0);
  for (int t = 0; t < 64; ++t) CHECK(out[static_cast<std::size_t>(t)] == 63 - t);
  REQUIRE(r.trace.blocks[0].warps.size() == 2);
  for (const auto& w : r.trace.blocks[0].warps) {
    CHECK(w.steps.size() == 14);
    CHECK(w.steps[6] == TraceStep{6, kAll});  // bar.sync is a step of its own
    CHECK(w.steps.back() == TraceStep{13, kAll});
    // ld.param, st.shared, ld.shared (conflict-free), st.global: four records in step order
    REQUIRE(w.mem.size() == 4);
    for (const auto& m : w.mem) CHECK(m.count == 1);
  }
}

TEST_CASE(
    "ptx simt: GIVEN a grid of blocks WHEN each writes its ctaid THEN blocks run in id order with their own "
    "ids") {
  const std::string ptx = ptx_module(R"(
.visible .entry ids(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ctaid.y;
  mov.u32 %r3, %nctaid.x;
  mad.lo.s32 %r4, %r2, %r3, %r1;
  mov.u32 %r5, %ntid.x;
  mov.u32 %r6, %tid.x;
  mad.lo.s32 %r7, %r4, %r5, %r6;
  mul.wide.u32 %rd2, %r7, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r4;
  ret;
}
)");
  PtxRun r(ptx, {zeros(6 * 40 * 4)});
  arch::ptx::LaunchShape s;
  s.grid = {3, 2, 1};
  s.block = {40, 1, 1};  // two warps, the second with 8 lanes
  r.launch("ids", s);
  const auto out = r.read<std::int32_t>(0);
  for (int i = 0; i < 240; ++i) CHECK(out[static_cast<std::size_t>(i)] == i / 40);
  REQUIRE(r.trace.blocks.size() == 6);
  CHECK(r.trace.blocks[5].warps[1].steps.front().mask == 0xFFu);
}

TEST_CASE("ptx simt: GIVEN %lanemask_lt and membar WHEN run THEN popc of the mask is the lane id") {
  const std::string ptx = ptx_module(R"(
.visible .entry lanes(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %lanemask_lt;
  popc.b32 %r2, %r1;
  membar.gl;
  mov.u32 %r3, %tid.x;
  mul.wide.u32 %rd2, %r3, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)");
  PtxRun r(ptx, {zeros(256)});
  r.launch("lanes", shape(64));
  const auto out = r.read<std::int32_t>(0);
  for (int t = 0; t < 64; ++t) CHECK(out[static_cast<std::size_t>(t)] == t % 32);
}

TEST_CASE(
    "ptx simt: GIVEN a loop left early by a lane-dependent break WHEN run THEN every exit path rejoins after "
    "the loop") {
  const std::string ptx = ptx_module(R"(
.visible .entry brk(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
LOOP:
  setp.eq.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  add.s32 %r2, %r2, 1;
  setp.lt.u32 %p2, %r2, 3;
  @%p2 bra LOOP;
DONE:
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)");
  PtxRun r(ptx, {zeros(16)});
  r.launch("brk", shape(4));
  const auto& e = r.prog.entries[0];
  CHECK(e.reconverge[3] == 7);  // the break
  CHECK(e.reconverge[6] == 7);  // the back edge
  CHECK(e.reconverge[11] == -1);
  // Lane t leaves at i == t (lane 3 when i reaches 3).
  CHECK(r.trace.blocks[0].warps[0].steps ==
        steps_of({{0, 0xF}, {1, 0xF}, {2, 0xF}, {3, 0xF}, {4, 0xE},  {5, 0xE}, {6, 0xE}, {2, 0xE},
                  {3, 0xE}, {4, 0xC}, {5, 0xC}, {6, 0xC}, {2, 0xC},  {3, 0xC}, {4, 0x8}, {5, 0x8},
                  {6, 0x8}, {7, 0xF}, {8, 0xF}, {9, 0xF}, {10, 0xF}, {11, 0xF}}));
  CHECK(r.read<std::int32_t>(0) == std::vector<std::int32_t>{0, 1, 2, 3});
}

TEST_CASE(
    "ptx simt: GIVEN nested ifs WHEN the inner one diverges inside the outer THEN each rejoins at its own "
    "IPDOM") {
  const std::string ptx = ptx_module(R"(
.visible .entry nest(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  setp.ge.u32 %p1, %r1, 2;
  @%p1 bra OUTER_END;
  add.s32 %r2, %r2, 10;
  setp.eq.u32 %p2, %r1, 1;
  @%p2 bra INNER_END;
  add.s32 %r2, %r2, 5;
INNER_END:
  add.s32 %r2, %r2, 1;
OUTER_END:
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;
}
)");
  PtxRun r(ptx, {zeros(16)});
  r.launch("nest", shape(4));
  const auto& e = r.prog.entries[0];
  CHECK(e.reconverge[3] == 9);  // outer: OUTER_END
  CHECK(e.reconverge[6] == 8);  // inner: INNER_END
  CHECK(r.trace.blocks[0].warps[0].steps == steps_of({{0, 0xF},
                                                      {1, 0xF},
                                                      {2, 0xF},
                                                      {3, 0xF},
                                                      {4, 0x3},
                                                      {5, 0x3},
                                                      {6, 0x3},
                                                      {7, 0x1},
                                                      {8, 0x3},
                                                      {9, 0xF},
                                                      {10, 0xF},
                                                      {11, 0xF},
                                                      {12, 0xF},
                                                      {13, 0xF}}));
  CHECK(r.read<std::int32_t>(0) == std::vector<std::int32_t>{16, 11, 0, 0});
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
