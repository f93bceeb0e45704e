// Memory records of the PTX interpreter's traces: shared-memory bank-conflict degrees, coalesced
// global lines, guarded lanes, local and param lines, and atomics (results and records).
#include <doctest/doctest.h>

#include "tests/ptx/ptx_run.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::test;

namespace {
// Shared loads at tid * stride (and one broadcast, one 64-bit): one record each.
const std::string kShared = ptx_module(R"(
.visible .entry banks(.param .u64 out)
{
  .reg .b32 %r<20>;
  .reg .b64 %rd<4>;
  .shared .align 16 .b8 s[4096];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, s;
  shl.b32 %r3, %r1, 2;
  add.s32 %r4, %r2, %r3;
  ld.shared.u32 %r5, [%r4];
  shl.b32 %r6, %r1, 3;
  add.s32 %r7, %r2, %r6;
  ld.shared.u32 %r8, [%r7];
  shl.b32 %r9, %r1, 7;
  add.s32 %r10, %r2, %r9;
  ld.shared.u32 %r11, [%r10];
  ld.shared.u32 %r12, [s+20];
  ld.shared.u64 %rd1, [%r7];
  shl.b32 %r13, %r1, 4;
  ld.shared.v4.u32 {%r14, %r15, %r16, _}, [%r13];
  ret;
}
)");
}  // namespace

TEST_CASE(
    "ptx trace: GIVEN shared loads with strides 4, 8, 128 bytes, a broadcast, 64-bit and v4 WHEN traced THEN "
    "conflict degrees are 1, 2, 32, 1, 2, 4") {
  PtxRun r(kShared, {zeros(4)});
  r.launch("banks", shape(32));
  const auto& w = r.trace.blocks[0].warps[0];
  REQUIRE(w.mem.size() == 6);
  CHECK(w.mem[0].count == 1);   // 32 words in 32 banks
  CHECK(w.mem[1].count == 2);   // words 0, 2, ..., 62: two per even bank
  CHECK(w.mem[2].count == 32);  // every lane in bank 0, distinct words
  CHECK(w.mem[3].count == 1);   // one word for all lanes
  CHECK(w.mem[4].count == 2);   // 64 words, two per bank
  CHECK(w.mem[5].count == 4);   // 16-byte vectors: 128 words, four per bank
  CHECK(w.lines.empty());
}

TEST_CASE(
    "ptx trace: GIVEN global loads WHEN coalesced, strided or guarded THEN lines are the distinct 128-byte "
    "lines of active lanes in lane order") {
  const std::string ptx = ptx_module(R"(
.visible .entry lines(.param .u64 in, .param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [in];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r2, [%rd3];
  mul.wide.u32 %rd4, %r1, 128;
  add.s64 %rd5, %rd1, %rd4;
  ld.global.u32 %r3, [%rd5];
  setp.lt.u32 %p1, %r1, 4;
  @%p1 ld.global.u32 %r4, [%rd5+4];
  sub.s32 %r5, 31, %r1;
  mul.wide.u32 %rd6, %r5, 128;
  add.s64 %rd7, %rd1, %rd6;
  @%p1 ld.global.u32 %r6, [%rd7];
  @!%p1 ld.global.u32 %r6, [%rd1+256];
  ret;
}
)");
  PtxRun r(ptx, {zeros(4096), zeros(4)});
  r.launch("lines", shape(32));
  const auto& w = r.trace.blocks[0].warps[0];
  const std::uint64_t base = r.addr[0] / 128;
  REQUIRE(w.mem.size() == 6);  // ld.param first
  CHECK(w.mem[1].count == 1);
  CHECK(w.mem[2].count == 32);
  CHECK(w.mem[3].count == 4);  // only the 4 lanes whose guard holds
  CHECK(w.mem[4].count == 4);
  CHECK(w.mem[5].count == 1);  // 28 lanes, one address
  CHECK(w.lines[w.mem[1].first] == base);
  for (std::uint32_t k = 0; k < 32; ++k) CHECK(w.lines[w.mem[2].first + k] == base + k);
  for (std::uint32_t k = 0; k < 4; ++k) CHECK(w.lines[w.mem[4].first + k] == base + 31 - k);  // lane order
  CHECK(w.lines[w.mem[5].first] == base + 2);
  // Guarded loads issue with the whole warp's mask.
  CHECK(w.steps[9].mask == 0xFFFFFFFFu);
}

TEST_CASE(
    "ptx trace: GIVEN param and local accesses WHEN traced THEN their lines carry the space tag in bits "
    "56-63") {
  const std::string ptx = ptx_module(R"(
.visible .entry spaces(.param .u64 out, .param .u32 n)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .local .align 4 .b8 depot[64];
  ld.param.u32 %r1, [n];
  mov.u64 %rd1, depot;
  st.local.u32 [%rd1+8], %r1;
  ld.local.u32 %r2, [%rd1+8];
  ret;
}
)");
  PtxRun r(ptx, {zeros(4)});
  r.launch("spaces", shape(32));
  const auto& w = r.trace.blocks[0].warps[0];
  REQUIRE(w.mem.size() == 3);
  CHECK(w.mem[0].count == 1);
  CHECK(w.lines[w.mem[0].first] == ((3ull << 56) | (8 / 128)));  // param offset 8
  // Local memory interleaved by lane: word 2 of the 32 lanes is one 128-byte line.
  CHECK(w.mem[1].count == 1);
  CHECK((w.lines[w.mem[1].first] >> 56) == 1);
  CHECK(w.mem[2].count == 1);
}

TEST_CASE(
    "ptx trace: GIVEN atomics on one address WHEN 32 lanes add THEN they apply in lane order and return the "
    "old values") {
  const std::string ptx = ptx_module(R"(
.visible .entry atoms(.param .u64 ctr, .param .u64 old, .param .u64 f)
{
  .reg .b32 %r<8>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<8>;
  .shared .align 4 .b8 sh[4];
  ld.param.u64 %rd1, [ctr];
  ld.param.u64 %rd2, [old];
  ld.param.u64 %rd3, [f];
  mov.u32 %r1, %tid.x;
  atom.global.add.u32 %r2, [%rd1], 1;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd2, %rd4;
  st.global.u32 [%rd5], %r2;
  atom.global.max.s32 %r3, [%rd1+4], %r1;
  atom.global.cas.b32 %r4, [%rd1+8], 0, 5;
  atom.global.exch.b32 %r5, [%rd1+12], %r1;
  red.global.add.f32 [%rd3], 0f3F000000;
  atom.shared.add.u32 %r6, [sh], 2;
  bar.sync 0;
  ld.shared.u32 %r7, [sh];
  st.global.u32 [%rd1+16], %r7;
  ret;
}
)");
  PtxRun r(ptx, {zeros(20), zeros(128), zeros(4)});
  r.launch("atoms", shape(32));
  const auto ctr = r.read<std::int32_t>(0);
  CHECK(ctr[0] == 32);
  CHECK(ctr[1] == 31);
  CHECK(ctr[2] == 5);   // the first lane's cas succeeds, the others see 5
  CHECK(ctr[3] == 31);  // the last lane's exchange stays
  CHECK(ctr[4] == 64);
  const auto old = r.read<std::int32_t>(1);
  for (int t = 0; t < 32; ++t) CHECK(old[static_cast<std::size_t>(t)] == t);
  CHECK(r.read<float>(2)[0] == 16.0f);
  const auto& w = r.trace.blocks[0].warps[0];
  // ld.param x3, atom, st, atom, atom, atom, red, atom.shared, ld.shared, st: 12 records
  REQUIRE(w.mem.size() == 12);
  CHECK(w.mem[3].count == 1);  // 32 lanes, one address: one line
  CHECK(w.mem[9].count == 1);  // shared atomics on one word: no bank conflict
}

TEST_CASE(
    "ptx trace: GIVEN generic pointers to shared and local, dynamic shared memory and .const WHEN accessed "
    "THEN each resolves to its space") {
  const std::string ptx = ptx_module(R"(
.const .align 4 .b8 coef[8] = {3, 0, 0, 0, 5, 0, 0, 0};
.extern .shared .align 16 .b8 dyn[];
.visible .entry spaces(.param .u64 out)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<10>;
  .local .align 4 .b8 depot[8];
  .shared .align 4 .b8 fixed[12];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u64 %rd2, dyn;
  cvta.shared.u64 %rd3, %rd2;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  st.u32 [%rd5], %r1;
  bar.sync 0;
  ld.shared.u32 %r2, [dyn+8];
  mov.u64 %rd6, depot;
  cvta.local.u64 %rd7, %rd6;
  st.u32 [%rd7+4], %r2;
  ld.local.u32 %r3, [depot+4];
  ld.const.u32 %r4, [coef+4];
  mul.lo.s32 %r5, %r3, %r4;
  mov.u32 %r6, dyn;
  mov.u32 %r7, fixed;
  sub.s32 %r8, %r6, %r7;
  add.s32 %r9, %r5, %r8;
  add.s64 %rd8, %rd1, %rd4;
  st.global.u32 [%rd8], %r9;
  ret;
}
)");
  PtxRun r(ptx, {zeros(128)});
  arch::ptx::LaunchShape s = shape(32);
  s.dynamic_shared_bytes = 128;
  r.launch("spaces", s);
  // dyn[2] = 2 (lane 2's store), times coef[1] = 5, plus dyn's offset after `fixed` (16: aligned)
  const auto out = r.read<std::int32_t>(0);
  for (int t = 0; t < 32; ++t) CHECK(out[static_cast<std::size_t>(t)] == 2 * 5 + 16);
  const auto& w = r.trace.blocks[0].warps[0];
  // ld.param, st (generic -> shared), ld.shared, st (generic -> local), ld.local, ld.const, st.global
  REQUIRE(w.mem.size() == 7);
  CHECK(w.mem[1].count == 1);  // shared: conflict-free, no lines
  CHECK(w.mem[2].count == 1);  // broadcast
  CHECK(w.mem[3].count == 1);  // local word 1 of 32 lanes: one interleaved line
  CHECK((w.lines[w.mem[3].first] >> 56) == 1);
  CHECK(w.lines[w.mem[5].first] == ((2ull << 56) | 0));  // const line 0
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
