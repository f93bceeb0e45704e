// Trace replay (issue 15): a `.kernel` workload recorded as warp traces (trace_workload.h) and
// replayed gives bit-identical SM results to running the workload directly (kernel_workload.h),
// for every kernel file and two warp schedulers; and the `.kernel` front end's traces agree with
// the functional walk (kernel_walk.h) on what every warp executes.
#include <doctest/doctest.h>

#include <bit>
#include <string>

#include "analysis/kernel_walk.h"
#include "arch/core/params.h"
#include "arch/mapping/i_register_mapping.h"
#include "arch/run.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "workload/trace_workload.h"
#include "common/config.h"
#include "varius/params.h"
#include "varius/sm_sampler.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {

const ArchParams& params() {
  static const ArchParams p = ArchParams::from_config(Config::load_default());
  return p;
}

// Every counter of two runs, field by field (a failure names the field).
void check_same(const SmStats& a, const SmStats& b) {
  CHECK(a.cycles == b.cycles);
  CHECK(a.warp_instructions == b.warp_instructions);
  CHECK(a.thread_instructions == b.thread_instructions);
  CHECK(a.fast_instructions == b.fast_instructions);
  CHECK(a.stalls == b.stalls);
  CHECK(a.bank_conflict_cycles == b.bank_conflict_cycles);
  CHECK(a.slow_accesses == b.slow_accesses);
  CHECK(a.l1_hits == b.l1_hits);
  CHECK(a.l2_hits == b.l2_hits);
  CHECK(a.dram_accesses == b.dram_accesses);
  CHECK(a.dram_row_hits == b.dram_row_hits);
  CHECK(a.l1_merges == b.l1_merges);
  CHECK(a.stream_load_requests == b.stream_load_requests);
  CHECK(a.bank_reads == b.bank_reads);
  CHECK(a.bank_writes == b.bank_writes);
  CHECK(a.subbank_busy_cycles == b.subbank_busy_cycles);
  CHECK(a.subbank_allocated_row_cycles == b.subbank_allocated_row_cycles);
  CHECK(a.warp_finish_cycles == b.warp_finish_cycles);
}

// The chip without PV (every bank fast) under the warp scheduler `scheduler`.
SmStats run(const IWorkload& wl, const std::string& scheduler, std::uint64_t key) {
  const rfmodel::RfParams rp = rfmodel::RfParams::from_config(Config::load_default());
  const varius::RfGeometry g = varius::rf_geometry(varius::FloorplanParams::from_config(Config::load_default()));
  StaticRfProvider ideal(rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, rp.subbanks));
  return run_workload(wl, params(), scheduler, make_mapping("eq3"), ideal, key).stats;
}

}  // namespace

TEST_CASE("GIVEN a .kernel benchmark WHEN its traces are recorded and replayed THEN the SM results are bit-identical") {
  const std::uint64_t key = workload_key(RngStream(11, 0, Stream::Workload));
  // nn: data-dependent (rand) branches; hotspot, bfs: address streams (line requests in the trace),
  // programmatic divergence; bn: barriers every step.
  for (const std::string name : {"hotspot", "nn", "bfs", "bn"}) {
    CAPTURE(name);
    const Benchmark b = load_benchmark(name);
    const KernelWorkload direct(b, key, params().l1_line_bytes);
    const TraceWorkload recorded = TraceWorkload::record(direct, params().sms, 0);
    for (const std::string scheduler : {"lrr", "fwas"}) {
      CAPTURE(scheduler);
      const SmStats a = run(direct, scheduler, key), r = run(recorded, scheduler, key);
      REQUIRE(a.warp_instructions > 0);
      check_same(a, r);
    }
  }
}

TEST_CASE("GIVEN a .kernel benchmark WHEN the front end traces a warp THEN it executes what the functional walk counts") {
  // hotspot and bn have no data-dependent branches, so the walk (its own RNG) and the trace agree
  // exactly on every warp's instruction count and active lanes.
  const L1Cache::Params l1{params().l1_size_bytes, params().l1_line_bytes, params().l1_ways};
  for (const std::string name : {"hotspot", "bn"}) {
    CAPTURE(name);
    const Benchmark b = load_benchmark(name);
    const KernelWorkload wl(b, 5, params().l1_line_bytes);
    const Kernel& k = b.kernels[0];
    for (int bid : {0, 7, b.launches[0].grid - 1}) {
      for (int wib = 0; wib < k.warps_per_block(); ++wib) {
        RngStream rng(1, 0, Stream::Test);
        const WalkStats s = walk_warp(k, l1, bid, wib, rng);
        WarpTrace t;
        wl.warp(0, bid, wib, t);
        double lanes = 0;
        for (const TraceStep& st : t.steps) lanes += std::popcount(st.mask);
        CHECK(static_cast<double>(t.steps.size()) == s.warp_instructions);
        CHECK(lanes == s.active_lanes);
        CHECK(k.code[static_cast<std::size_t>(t.steps.back().pc)].op == OpClass::Exit);
      }
    }
  }
}

TEST_CASE("GIVEN a trace whose warp does not end with its exit WHEN the SM replays it THEN it is refused") {
  const Benchmark b = load_benchmark("hotspot");
  const KernelWorkload direct(b, 1, params().l1_line_bytes);
  TraceWorkload rec = TraceWorkload::record(direct, params().sms, 0);
  std::vector<LaunchTrace> cut = rec.launches();
  cut[0].blocks[0].warps[0].steps.pop_back();
  const TraceWorkload broken(b, cut);
  CHECK_THROWS_WITH_AS(run(broken, "lrr", 1), doctest::Contains("does not end with its exit"), InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
