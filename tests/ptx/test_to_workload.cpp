// PTX harness run -> the SM's workload (ptx/to_workload.h): op classes, GPGPU-Sim register
// numbering, liveness allocation, register facts from the traces, L2 hit rates, ptxas counts, and
// a replay on the SM.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "arch/core/params.h"
#include "arch/mapping/i_register_mapping.h"
#include "ptx/op_class.h"
#include "ptx/parser.h"
#include "ptx/ptxas_regs.h"
#include "ptx/reg_alloc.h"
#include "ptx/register_ids.h"
#include "ptx/static_kernel.h"
#include "ptx/to_workload.h"
#include "arch/run.h"
#include "rfmodel/params.h"
#include "common/config.h"
#include "tests/ptx/ptx_run.h"
#include "varius/params.h"
#include "varius/sm_sampler.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;
using rfvar::test::ptx_module;

namespace {

const ArchParams& params() {
  static const ArchParams p = ArchParams::from_config(Config::load_default());
  return p;
}

std::filesystem::path kernels_dir() { return std::filesystem::path(__FILE__).parent_path() / "kernels"; }

std::vector<RegId> ids(const RegId* a, int n) { return std::vector<RegId>(a, a + n); }
std::vector<RegId> dsts(const arch::Instr& in) { return ids(in.dst, in.ndst); }
std::vector<RegId> srcs(const arch::Instr& in) { return ids(in.src, in.nsrc); }

// One instruction of each class GPGPU-Sim 3.1 distinguishes; pcs in the comments.
const std::string kOps = ptx_module(R"(
.visible .entry ops(.param .u64 out, .param .f32 x)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<4>;
  .reg .f64 %fd<4>;
  .shared .align 16 .b8 sm[512];
  ld.param.u64 %rd1, [out];
  ld.param.f32 %f5, [x];
  mov.u32 %r5, %tid.x;
  add.s32 %r2, %r5, 1;
  mul.lo.s32 %r3, %r2, %r5;
  mul.wide.s32 %rd2, %r3, 4;
  mad.lo.s32 %r4, %r3, %r2, %r5;
  div.s32 %r6, %r4, %r2;
  add.f32 %f1, %f5, %f5;
  mul.f32 %f2, %f1, %f5;
  fma.rn.f32 %f3, %f1, %f2, %f5;
  div.rn.f32 %f4, %f3, %f2;
  sqrt.rn.f32 %f6, %f4;
  cvt.f64.f32 %fd1, %f6;
  add.f64 %fd2, %fd1, %fd1;
  setp.lt.f32 %p1, %f6, %f5;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd3];
  st.shared.f32 [sm], %f1;
  atom.global.add.u32 %r7, [%rd3], 1;
  red.global.add.u32 [%rd3], %r7;
  bar.sync 0;
  @%p1 bra $L_end;
  st.global.f64 [%rd3], %fd2;
$L_end:
  ret;
}
)");

Kernel static_ops(const ptx::EntryRegs& regs) {
  const ptx::Program prog = ptx::parse_ptx(kOps, "ops.ptx");
  return ptx::static_kernel(prog.entries.at(0), regs, ptx::KernelShape{32, 512, 20}, "ops.ptx");
}

}  // namespace

TEST_CASE(
    "ptx workload: GIVEN one instruction of each kind WHEN translated THEN op classes and spaces follow "
    "GPGPU-Sim 3.1") {
  const ptx::Program prog = ptx::parse_ptx(kOps, "ops.ptx");
  const Kernel k = static_ops(ptx::gpgpusim_register_ids(prog.entries.at(0)));
  REQUIRE(k.code.size() == 25);
  const std::vector<OpClass> want = {
      OpClass::Load,   OpClass::Load,    OpClass::IntAlu, OpClass::IntAlu, OpClass::IntMul,
      OpClass::IntMul, OpClass::IntMad,  OpClass::IntDiv, OpClass::FpAlu,  OpClass::FpMul,
      OpClass::FpMad,  OpClass::FpDiv,   OpClass::Sfu,    OpClass::IntAlu, OpClass::DpAlu,
      OpClass::FpAlu,  OpClass::IntAlu,  OpClass::Load,   OpClass::Store,  OpClass::Load,
      OpClass::Store,  OpClass::Barrier, OpClass::Branch, OpClass::Store,  OpClass::Exit};
  for (std::size_t pc = 0; pc < want.size(); ++pc) {
    CAPTURE(pc);
    CHECK(k.code[pc].op == want[pc]);
    CHECK(k.code[pc].mem_trace == (want[pc] == OpClass::Load || want[pc] == OpClass::Store));
    CHECK(k.code[pc].l1_hit == 0.0f);
  }
  CHECK(k.code[0].space == MemSpace::Const);  // ld.param: the constant cache
  CHECK(k.code[17].space == MemSpace::Global);
  CHECK(k.code[18].space == MemSpace::Shared);
  CHECK(k.code[19].space == MemSpace::Global);  // atom: a load with its destination
  CHECK(k.code[19].ndst == 1);
  CHECK(k.code[20].ndst == 0);  // red: a store, no destination
  CHECK(k.code[2].space == MemSpace::None);
  CHECK(k.name == "ops");
  CHECK(k.block_threads == 32);
  CHECK(k.smem_bytes == 512);
  CHECK(k.regs_per_thread == 20);
}

TEST_CASE(
    "ptx workload: GIVEN GPGPU-Sim numbering WHEN translated THEN ids are the names' numbers, 64-bit "
    "registers one operand, predicates dropped") {
  const ptx::Program prog = ptx::parse_ptx(kOps, "ops.ptx");
  const ptx::EntryRegs regs = ptx::gpgpusim_register_ids(prog.entries.at(0));
  CHECK(regs.ids == 8);  // %r7 is the highest number
  const Kernel k = static_ops(regs);
  CHECK(k.reg_ids == 20);                           // at least regs_per_thread (kernel.h)
  CHECK(dsts(k.code[1]) == std::vector<RegId>{5});  // %f5
  CHECK(dsts(k.code[2]) == std::vector<RegId>{5});  // %r5: the same register 5
  CHECK(srcs(k.code[4]) == std::vector<RegId>{2, 5});
  CHECK(srcs(k.code[8]) == std::vector<RegId>{5});   // %f5 twice: one source
  CHECK(dsts(k.code[5]) == std::vector<RegId>{2});   // %rd2: one operand
  CHECK(srcs(k.code[14]) == std::vector<RegId>{1});  // %fd1 + %fd1
  CHECK(k.code[15].ndst == 0);                       // setp: the predicate is no RF operand
  CHECK(srcs(k.code[15]) == std::vector<RegId>{6, 5});
  CHECK(k.code[22].nsrc == 0);                                // a guarded bra reads no register
  CHECK(dsts(k.code[17]) == std::vector<RegId>{1, 2, 3, 4});  // v4 load: four destinations
  CHECK(srcs(k.code[17]) == std::vector<RegId>{3});
  CHECK(srcs(k.code[23]) == std::vector<RegId>{3, 2});  // address %rd3, value %fd2
}

TEST_CASE(
    "ptx workload: GIVEN allocated ids WHEN live ranges are disjoint or overlap THEN ids are shared or "
    "distinct, 64-bit pairs aligned") {
  const ptx::Program prog = ptx::parse_ptx(ptx_module(R"(
.visible .entry straight(.param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  add.s32 %r2, %r1, 7;
  mul.lo.s32 %r3, %r2, 3;
  add.s32 %r4, %r3, %r1;
  mul.wide.u32 %rd2, %r4, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r4;
  ret;
}
.visible .entry loop(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r5, 0;
$L_loop:
  add.s32 %r5, %r5, %r1;
  add.s32 %r6, %r5, 3;
  setp.lt.u32 %p1, %r6, 100;
  @%p1 bra $L_loop;
  st.global.u32 [%rd1], %r5;
  ret;
}
)"),
                                           "alloc.ptx");
  SUBCASE("straight-line code") {
    const ptx::EntryRegs a = ptx::allocate_register_ids(*prog.find("straight"));
    const RegId r1 = a.code[1].dst.at(0), r2 = a.code[2].dst.at(0), r3 = a.code[3].dst.at(0);
    CHECK(r2 == r3);  // %r2 dies where %r3 is born
    CHECK(r1 != r2);  // %r1 is live until pc 4
    CHECK(r1 != r3);
    const std::vector<RegId>& rd1 = a.code[0].dst;
    REQUIRE(rd1.size() == 2);
    CHECK(rd1[0] % 2 == 0);
    CHECK(rd1[1] == rd1[0] + 1);
    REQUIRE(a.code[5].dst.size() == 2);  // mul.wide: a 64-bit pair
    CHECK(a.code[5].dst[0] % 2 == 0);
    CHECK(a.code[6].src.size() == 4);  // two pairs
    CHECK(a.overflow_values == 0);
    CHECK(a.ids <= ptx::kAllocatableRegs);
  }
  SUBCASE("a value used at a loop head stays live through the loop (back edge)") {
    const ptx::EntryRegs a = ptx::allocate_register_ids(*prog.find("loop"));
    const RegId r1 = a.code[1].dst.at(0), r5 = a.code[3].dst.at(0), r6 = a.code[4].dst.at(0);
    CHECK(r1 != r6);  // textually %r1's last use precedes %r6, but the loop comes back to it
    CHECK(r5 != r6);
    CHECK(a.code[5].dst.empty());  // setp's predicate is not allocated
  }
}

TEST_CASE("ptx workload: GIVEN every data/cuda benchmark WHEN allocated THEN every entry fits in 63 ids") {
  int entries = 0;
  for (const auto& dir : std::filesystem::directory_iterator(data_dir() / "cuda")) {
    const auto ptx_file = dir.path() / (dir.path().filename().string() + ".ptx");
    if (!std::filesystem::exists(ptx_file)) continue;
    const ptx::Program prog = ptx::load_ptx(ptx_file);
    for (const ptx::Entry& e : prog.entries) {
      CAPTURE(e.name);
      const ptx::EntryRegs a = ptx::allocate_register_ids(e);
      CHECK(a.ids <= ptx::kAllocatableRegs);
      for (const ptx::InstrRegs& r : a.code) {
        CHECK(r.dst.size() <= static_cast<std::size_t>(arch::kMaxDst));
        CHECK(r.src.size() <= static_cast<std::size_t>(arch::kMaxSrc));
      }
      ++entries;
    }
  }
  CHECK(entries >= 17);
}

TEST_CASE(
    "ptx workload: GIVEN a harness whose registers only lanes 0..15 touch WHEN translated THEN kernels, "
    "lanes, weights, pvd and l2 come from the traces") {
  ptx::WorkloadOptions opt;
  const TraceWorkload wl = ptx::ptx_workload(kernels_dir() / "to_workload.toml", opt, params());
  const Benchmark& b = wl.benchmark();
  REQUIRE(b.kernels.size() == 2);  // `half` with 64-thread blocks (launched twice) and with 32
  REQUIRE(b.launches.size() == 3);
  CHECK(b.launches[0].kernel == 0);
  CHECK(b.launches[1].kernel == 0);
  CHECK(b.launches[2].kernel == 1);
  CHECK(b.launches[0].grid == 2);
  CHECK(b.launches[2].grid == 1);
  const Kernel& k = b.kernels[0];
  CHECK(k.name == "half");
  CHECK(k.block_threads == 64);
  CHECK(k.regs_per_thread == 8);  // to_workload.regs
  CHECK(k.reg_ids == 8);          // ids 0..3, at least regs_per_thread
  // GPGPU-Sim ids: 1 = %r1 / %rd1 (all lanes), 2 = %r2 / %rd2, 3 = %rd3 (lanes 0..15 of warp 0 only).
  CHECK(k.lanes_of(0, 1) == 0xFFFFFFFFu);
  CHECK(k.lanes_of(0, 2) == 0x0000FFFFu);
  CHECK(k.lanes_of(0, 3) == 0x0000FFFFu);
  CHECK(k.lanes_of(1, 2) == 0u);  // threads 32..63 branch to the exit
  CHECK(k.lanes_of(1, 1) == 0xFFFFFFFFu);
  CHECK(k.pvd_regs == ((1ull << 2) | (1ull << 3)));
  CHECK(k.hybrid_candidate(0, 2));
  // id 2: mul.lo and mul.wide write it, add.s64 and st read it, in warp 0 of each of 4 blocks; 8 warps.
  CHECK(k.static_reg_weight[2] == doctest::Approx(2.0));
  CHECK(b.kernels[1].static_reg_weight[2] == doctest::Approx(4.0));
  // Every block stores to the same line: the first store misses in the L2, the other 4 - 1 hit.
  const auto st = std::find_if(k.code.begin(), k.code.end(),
                               [](const arch::Instr& in) { return in.op == OpClass::Store; });
  REQUIRE(st != k.code.end());
  CHECK(st->space == MemSpace::Global);
  CHECK(st->l2_hit == doctest::Approx(0.75));
  CHECK(st->l1_hit == 0.0f);
  CHECK(b.kernels[1].code[static_cast<std::size_t>(st - k.code.begin())].l2_hit == doctest::Approx(1.0));
  CHECK(wl.launches().size() == 3);
  CHECK(wl.launches()[2].launch == 2);
}

TEST_CASE(
    "ptx workload: GIVEN a missing ptxas count or a trace line size unlike the L1's WHEN translated THEN a "
    "named error") {
  ptx::WorkloadOptions opt;
  CHECK_THROWS_WITH_AS(ptx::ptx_workload(kernels_dir() / "to_workload_noregs.toml", opt, params()),
                       doctest::Contains("to_workload.regs: no register count for entry 'other'"),
                       InputError);
  CHECK_THROWS_WITH_AS(ptx::read_ptxas_regs(kernels_dir() / "missing.regs"),
                       doctest::Contains("missing.regs"), InputError);
  opt.line_bytes = 64;
  CHECK_THROWS_WITH_AS(ptx::ptx_workload(kernels_dir() / "to_workload.toml", opt, params()),
                       doctest::Contains("arch.l1_line_bytes"), ConfigError);
}

TEST_CASE(
    "ptx workload: GIVEN hotspot-small with GPGPU-Sim ids WHEN translated THEN ids exceed 63 and every "
    "operand is below reg_ids") {
  ptx::WorkloadOptions opt;
  const TraceWorkload wl =
      ptx::ptx_workload(data_dir() / "cuda" / "hotspot" / "hotspot-small.toml", opt, params());
  const Kernel& k = wl.benchmark().kernels.at(0);
  CHECK(k.regs_per_thread == 35);
  CHECK(k.reg_ids > 64);
  for (const arch::Instr& in : k.code) {
    for (int d = 0; d < in.ndst; ++d) CHECK(in.dst[d] < k.reg_ids);
    for (int s = 0; s < in.nsrc; ++s) CHECK(in.src[s] < k.reg_ids);
  }
  CHECK(k.reg_lanes.size() == static_cast<std::size_t>(k.warps_per_block() * k.reg_ids));
}

TEST_CASE(
    "ptx workload: GIVEN hotspot-small in either numbering WHEN replayed on one SM under baseline THEN it "
    "issues the harness's warp instructions") {
  const ptx::Harness h = ptx::load_harness(data_dir() / "cuda" / "hotspot" / "hotspot-small.toml");
  const ptx::HarnessRun run = ptx::run_harness(h, ptx::RunOptions{});
  ArchParams p = params();
  p.sms = 1;  // every block on the simulated SM
  const Config c = Config::load_default();
  const varius::RfGeometry g = varius::rf_geometry(varius::FloorplanParams::from_config(c));
  for (const RegisterIds ids : {RegisterIds::Allocated, RegisterIds::GpgpuSim}) {
    CAPTURE(static_cast<int>(ids));
    ptx::WorkloadOptions opt = ptx::workload_options(p);
    opt.ids = ids;
    const TraceWorkload wl = ptx::ptx_workload(h, run, opt, p);
    const Kernel& k = wl.benchmark().kernels.at(0);
    CHECK(k.reg_ids <= (ids == RegisterIds::Allocated ? kMaxRegs : kMaxRegIds));
    StaticRfProvider ideal(rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, rfmodel::RfParams::from_config(c).subbanks));
    const SmStats s = run_workload(wl, p, "lrr", make_mapping("eq3"), ideal,
                                   workload_key(RngStream(1, 0, Stream::Workload)))
                          .stats;
    CHECK(s.warp_instructions == run.warp_instructions);
    CHECK(s.cycles > 0);
  }
}

TEST_CASE(
    "ptx workload: GIVEN arch.register_ids WHEN read THEN gpgpusim by default, allocated on request, "
    "anything else a ConfigError naming the key") {
  Config c = Config::load_default();
  CHECK(ArchParams::from_config(c).register_ids == RegisterIds::GpgpuSim);
  c.set("arch.register_ids=allocated");
  const ArchParams p = ArchParams::from_config(c);
  CHECK(p.register_ids == RegisterIds::Allocated);
  CHECK(ptx::workload_options(p).ids == RegisterIds::Allocated);
  CHECK(ptx::workload_options(p).line_bytes == p.l1_line_bytes);
  c.set("arch.register_ids=physical");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(c), doctest::Contains("arch.register_ids"), ConfigError);
}

TEST_CASE(
    "ptx workload: GIVEN an instruction with too many ids or a generic-space access WHEN translated THEN an "
    "InputError naming file:line") {
  const ptx::Program prog = ptx::parse_ptx(kOps, "ops.ptx");
  const ptx::Entry& e = prog.entries.at(0);
  ptx::EntryRegs regs = ptx::gpgpusim_register_ids(e);
  regs.code[14].src = {1, 2, 3, 4, 5, 6, 7};  // add.f64 with 7 sources
  CHECK_THROWS_WITH_AS(
      ptx::static_kernel(e, regs, ptx::KernelShape{}, "ops.ptx"),
      doctest::Contains(("ops.ptx:" + std::to_string(e.info[14].line) + ": 'add.f64' reads 7").c_str()),
      InputError);
  const ptx::Program generic = ptx::parse_ptx(ptx_module(R"(
.visible .entry gen(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  ld.u32 %r1, [%rd1];
  ret;
}
)"),
                                              "gen.ptx");
  const ptx::Entry& g = generic.entries.at(0);
  CHECK_THROWS_WITH_AS(
      ptx::static_kernel(g, ptx::gpgpusim_register_ids(g), ptx::KernelShape{}, "gen.ptx"),
      doctest::Contains(
          ("gen.ptx:" + std::to_string(g.info[1].line) + ": 'ld.u32' accesses the generic space").c_str()),
      InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
