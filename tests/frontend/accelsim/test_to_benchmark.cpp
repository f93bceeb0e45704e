// to_benchmark() (frontend/accelsim/to_benchmark.h): the Accel-Sim trace as the SM's workload IR.
#include <doctest/doctest.h>

#include <filesystem>

#include "frontend/accelsim/kernel_trace_reader.h"
#include "frontend/accelsim/kernels_list.h"
#include "frontend/accelsim/to_benchmark.h"
#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "workload/trace_workload.h"
#include "common/config.h"
#include "tests/arch/one_sm_params.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;
using namespace rfvar::arch::accelsim;

namespace {
const std::filesystem::path kData = std::filesystem::path(__FILE__).parent_path() / "data";
}

TEST_SUITE("accelsim") {
  TEST_CASE(
      "GIVEN the v3 two-kernel trace WHEN turned into a Benchmark THEN kernels, launches and code follow the "
      "trace") {
    const SassTrace sass = read_trace(kData / "v3");
    const TraceBenchmark tb = to_benchmark(read_trace(kData / "v3"), "v3");
    const Benchmark& b = tb.benchmark;
    CHECK(b.name == "v3");
    REQUIRE(b.kernels.size() == 2);
    REQUIRE(b.launches.size() == 2);
    CHECK(b.launches[0].kernel == 0);
    CHECK(b.launches[0].grid == 2);
    CHECK(b.launches[1].kernel == 1);
    CHECK(b.launches[1].grid == 2);
    REQUIRE(tb.traces.size() == 2);
    CHECK(tb.traces[0] == sass.kernels[0].trace);
    CHECK(tb.traces[1].launch == 1);
    // Block (0,0,0) of kernel 2 lists warp 1 with insts = 0: it exits at once, no lane active.
    CHECK(tb.traces[1].blocks[0].warps[1].steps == std::vector<TraceStep>{{7, 0u}});
    CHECK(tb.traces[1].blocks[1] == sass.kernels[1].trace.blocks[1]);

    const Kernel& k1 = b.kernels[0];
    CHECK(k1.name == "_Z6vecAddPiS_S_i");
    CHECK(k1.block_threads == 64);
    CHECK(k1.regs_per_thread == 12);  // -nregs; the highest register named is R9
    CHECK(k1.reg_ids == 12);
    CHECK(k1.smem_bytes == 0);
    REQUIRE(k1.code.size() == sass.kernels[0].code.size());
    const Instr& ldg = k1.code[2];  // 0x20 LDG.E R4 <- [R2]
    CHECK(ldg.op == OpClass::Load);
    CHECK(ldg.space == MemSpace::Global);
    CHECK(ldg.mem_trace);
    CHECK(ldg.ndst == 1);
    CHECK(ldg.dst[0] == 4);
    CHECK(ldg.nsrc == 1);
    CHECK(ldg.src[0] == 2);
    CHECK(ldg.line == 24);
    const Instr& ffma = k1.code[6];
    CHECK(ffma.op == OpClass::FpMad);
    CHECK(ffma.nsrc == 3);
    CHECK_FALSE(ffma.mem_trace);
    CHECK(k1.code.back().op == OpClass::Exit);
    // R1: written by IMAD.MOV in all 4 warps, read by LDL and STL in one: 6 accesses over 4 warps.
    CHECK(k1.static_reg_weight[1] == doctest::Approx(1.5));
    // R6 (LDL / STL / FFMA): warp 1 of a block touched it on lanes 0 and 2, warp 0 on all lanes.
    CHECK(k1.lanes_of(1, 6) == 0x5u);
    CHECK(k1.lanes_of(0, 6) == 0xffffffffu);
    CHECK(k1.lanes_of(0, 11) == 0u);
    CHECK(k1.pvd_regs == 0);

    const Kernel& k2 = b.kernels[1];
    CHECK(k2.regs_per_thread == 8);
    CHECK(k2.reg_ids == 8);
    CHECK(k2.smem_bytes == 1024);
    CHECK(k2.block_threads == 48);
    CHECK(k2.lanes_of(1, 3) == 0xffffu);  // the 16-thread second warp
    CHECK(k2.hybrid_candidate(1, 3));
    CHECK(k2.code[1].space == MemSpace::Shared);
    CHECK(k2.code[2].op == OpClass::Barrier);
  }

  TEST_CASE(
      "GIVEN registers beyond -nregs or more sources than an Instr holds WHEN converted THEN ids grow or it "
      "fails") {
    const std::string head =
        "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 4\n"
        "-accelsim tracer version = 3\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n";
    SassTrace wide;
    wide.kernels.push_back(parse_kernel_trace(
        head + "0000 ffffffff 2 R70 R70 IADD3 1 R3 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n", "wide.traceg"));
    const TraceBenchmark w = to_benchmark(std::move(wide), "wide");
    CHECK(w.benchmark.kernels[0].regs_per_thread == 4);
    CHECK(w.benchmark.kernels[0].reg_ids == 71);
    CHECK(w.benchmark.kernels[0].code[0].ndst == 1);  // destinations made distinct
    CHECK(w.benchmark.kernels[0].lanes_of(0, 70) == 0xffffffffu);
    SassTrace many;
    many.kernels.push_back(parse_kernel_trace(
        head + "0000 ffffffff 0 SHFL.IDX 7 R1 R2 R3 R1 R2 R3 R1 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n",
        "many.traceg"));
    CHECK_THROWS_WITH_AS(
        to_benchmark(std::move(many), "many"),
        "many.traceg:11: 'SHFL.IDX' reads 7 registers; an instruction of the SM model reads at most 6",
        rfvar::InputError);
  }

  TEST_CASE(
      "GIVEN the v3 trace as a TraceWorkload WHEN the SM runs it THEN it issues exactly the traced "
      "instructions") {
    TraceBenchmark tb = to_benchmark(read_trace(kData / "v3"), "v3");
    const TraceWorkload wl(std::move(tb.benchmark), std::move(tb.traces));
    StaticRfProvider rf(rfvar::rfmodel::RfSetup::ideal());
    const SmStats s = run_workload(wl, one_sm_params(), "lrr", make_mapping("eq3"), rf, 1).stats;
    CHECK(s.kernel_launches == 2);
    CHECK(s.blocks == 4);
    CHECK(s.warp_instructions == 19 + 15 + 1);  // + the empty warp's exit
    CHECK(s.cycles > 0);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
