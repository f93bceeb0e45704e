// EXIT in Accel-Sim traces (docs/accelsim-traces.md "EXIT"): an EXIT before a warp's last traced
// instruction (zero or partial mask) is a step; the warp ends at its last one. Checked on slices of
// real traces (tests/frontend/accelsim/data/mgpusim/README.md) and on a small hand-written one.
#include <doctest/doctest.h>

#include <filesystem>

#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "common/config.h"
#include "frontend/accelsim/kernel_trace_reader.h"
#include "frontend/accelsim/kernels_list.h"
#include "frontend/accelsim/to_benchmark.h"
#include "tests/arch/one_sm_params.h"
#include "workload/trace_workload.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch;
using namespace rfvar::arch::accelsim;

const std::filesystem::path kMgpusim = std::filesystem::path(__FILE__).parent_path() / "data" / "mgpusim";

SmStats run_trace(SassTrace sass) {
  TraceBenchmark tb = to_benchmark(std::move(sass), "t");
  const TraceWorkload wl(std::move(tb.benchmark), std::move(tb.traces));
  StaticRfProvider rf(rfvar::rfmodel::RfSetup::ideal());
  return run_workload(wl, one_sm_params(), "gto", make_mapping("eq3"), rf, 1).stats;
}

std::int64_t traced_instructions(const SassTrace& t) {
  std::int64_t n = 0;
  for (const SassKernel& k : t.kernels) n += k.warp_instructions;
  return n;
}

TEST_SUITE("accelsim") {
  TEST_CASE(
      "GIVEN the vectorAdd slice (mask-0 EXIT as every warp's 6th instruction) WHEN the SM replays it THEN "
      "every traced warp instruction issues, the loads and stores included") {
    const SassTrace sass = read_trace(kMgpusim / "vectoradd");
    REQUIRE(traced_instructions(sass) == 217);  // the insts = counts of the file
    const SmStats s = run_trace(sass);
    CHECK(s.warp_instructions == 217);
    CHECK(s.blocks == 2);
    // Block 0: 8 full warps x 2 LDG; block 1 (the grid's last): warps 0-2 reach the loads.
    CHECK(s.l1_load_requests > 0);
    CHECK(s.warp_finish_cycles.size() == 16);
  }

  TEST_CASE("GIVEN BFS kernel 1 (mask-0 and partial EXITs) WHEN the SM replays it THEN every traced instruction issues") {
    const SassTrace sass = read_trace(kMgpusim / "bfs-k1");
    REQUIRE(traced_instructions(sass) == 1799);
    const SmStats s = run_trace(sass);
    CHECK(s.warp_instructions == 1799);
    CHECK(s.warp_finish_cycles.size() == 8 * 16);
    CHECK(s.l1_load_requests > 0);
  }

  TEST_CASE(
      "GIVEN a warp whose EXIT with a partial mask precedes a load of the other lanes WHEN replayed THEN the "
      "warp issues the load and ends at its last EXIT, and thread instructions follow the masks") {
    const std::string head =
        "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 4\n"
        "-accelsim tracer version = 4\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n";
    SassTrace t;
    t.kernels.push_back(parse_kernel_trace(head +
                                               "insts = 5\n"
                                               "0000 ffffffff 1 R1 MOV 0 0\n"
                                               "0010 00000000 0 EXIT 0 0\n"
                                               "0020 0000ffff 0 EXIT 0 0\n"
                                               "0030 ffff0000 1 R2 LDG.E 1 R1 4 1 0x1000 4\n"
                                               "0040 ffff0000 0 EXIT 0 0\n#END_TB\n",
                                           "partial.traceg"));
    const SmStats s = run_trace(std::move(t));
    CHECK(s.warp_instructions == 5);
    CHECK(s.thread_instructions == 32 + 0 + 16 + 16 + 16);
    CHECK(s.l1_load_requests == 1);
    CHECK(s.warp_finish_cycles.size() == 1);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
