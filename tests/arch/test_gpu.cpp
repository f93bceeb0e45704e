// The N-SM mode (arch/gpu.h): one SM equals the one-SM mode, determinism, block distribution,
// per-SM clocks.
#include <doctest/doctest.h>

#include <thread>

#include "arch/gpu.h"
#include "arch/run.h"
#include "arch/workload/kernel_parser.h"
#include "arch/workload/kernel_workload.h"
#include "common/config.h"

using namespace rfvar;
using namespace rfvar::arch;

namespace {
ArchParams params(int gpu_sms) {
  ArchParams p = ArchParams::from_config(Config::load_default());
  p.gpu_sms = gpu_sms;
  return p;
}
varius::RfGeometry geometry() {
  varius::RfGeometry g;
  g.subbanks = 2;
  return g;
}
const rfmodel::RfParams& rf_params() {
  static const rfmodel::RfParams rp = rfmodel::RfParams::from_config(Config::load_default());
  return rp;
}
void check_same(const SmStats& a, const SmStats& b) {
  CHECK(a.cycles == b.cycles);
  CHECK(a.warp_instructions == b.warp_instructions);
  CHECK(a.stalls == b.stalls);
  CHECK(a.bank_reads == b.bank_reads);
  CHECK(a.l2_hits == b.l2_hits);
  CHECK(a.dram_accesses == b.dram_accesses);
  CHECK(a.dram_row_hits == b.dram_row_hits);
  CHECK(a.warp_finish_cycles == b.warp_finish_cycles);
  CHECK(a.subbank_allocated_row_cycles == b.subbank_allocated_row_cycles);
}
}  // namespace

TEST_CASE(
    "GIVEN arch.gpu_sms = 1 WHEN a benchmark runs through the GPU driver THEN it equals the one-SM mode "
    "bit-for-bit") {
  const Benchmark b = load_benchmark("hotspot");
  const ArchParams p = params(1);
  const std::uint64_t key = workload_key(RngStream(5, 0, Stream::Workload));
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  for (const char* sched : {"lrr", "gto"}) {
    CAPTURE(sched);
    const RunResult one =
        run_technique(wl, p, rf_params(), "baseline", nullptr, geometry(), key, nullptr, sched);
    const GpuRunResult gpu =
        run_technique_gpu(wl, p, rf_params(), "baseline", {nullptr}, geometry(), key, nullptr, sched);
    check_same(one.stats, gpu.stats);
    CHECK(gpu.l2_tag_hits + gpu.l2_tag_misses == 0);  // no shared L2 in the one-SM mode
  }
}

TEST_CASE(
    "GIVEN 4 SMs WHEN the same run is made twice and on two threads at once THEN the statistics are "
    "identical") {
  const Benchmark b = load_benchmark("hotspot");
  const ArchParams p = params(4);
  const std::uint64_t key = workload_key(RngStream(5, 0, Stream::Workload));
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  const std::vector<const varius::SmDelays*> none(4, nullptr);
  const GpuRunResult ref = run_technique_gpu(wl, p, rf_params(), "baseline", none, geometry(), key);
  GpuRunResult x, y;
  std::thread tx([&] { x = run_technique_gpu(wl, p, rf_params(), "baseline", none, geometry(), key); });
  std::thread ty([&] { y = run_technique_gpu(wl, p, rf_params(), "baseline", none, geometry(), key); });
  tx.join(), ty.join();
  check_same(ref.stats, x.stats);
  check_same(ref.stats, y.stats);
  for (std::size_t i = 0; i < 4; ++i) check_same(ref.per_sm[i], x.per_sm[i]);
}

TEST_CASE(
    "GIVEN 4 SMs WHEN a launch runs THEN every block of the grid runs exactly once and every SM takes some") {
  const Benchmark b = load_benchmark("hotspot");
  const ArchParams p = params(4);
  const std::uint64_t key = workload_key(RngStream(5, 0, Stream::Workload));
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  const GpuRunResult r = run_technique_gpu(wl, p, rf_params(), "baseline",
                                           std::vector<const varius::SmDelays*>(4, nullptr), geometry(), key);
  std::uint64_t grid = 0;
  for (const auto& l : b.launches) grid += static_cast<std::uint64_t>(l.grid);
  CHECK(r.stats.blocks == grid);
  for (const auto& s : r.per_sm) CHECK(s.blocks > 0);
  // Every SM's cycles span the whole run (idle time to each launch's end included).
  for (const auto& s : r.per_sm) CHECK(s.cycles == r.per_sm[0].cycles);
}

TEST_CASE(
    "GIVEN two SMs, one at half the clock WHEN blocks are issued as slots free THEN the slow SM runs fewer "
    "blocks") {
  const Benchmark b = load_benchmark("hotspot");
  const ArchParams p = params(2);
  const std::uint64_t key = workload_key(RngStream(5, 0, Stream::Workload));
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  auto half = rfmodel::RfSetup::ideal();
  half.clock_norm = 0.5;
  StaticRfProvider fast(rfmodel::RfSetup::ideal()), slow(half);
  std::vector<std::unique_ptr<IRegisterMapping>> maps;
  maps.push_back(make_mapping("eq3"));
  maps.push_back(make_mapping("eq3"));
  Gpu gpu(p, "lrr", std::move(maps), {&fast, &slow}, key);
  for (std::size_t i = 0; i < b.launches.size(); ++i) gpu.run_launch(wl, static_cast<int>(i));
  gpu.finish();
  const SmStats& f = gpu.sm(0).stats();
  const SmStats& s = gpu.sm(1).stats();
  CHECK(f.blocks > s.blocks);
  // Same wall time: the slow SM counts half the cycles (to within a cycle per launch).
  CHECK(static_cast<double>(s.cycles) == doctest::Approx(static_cast<double>(f.cycles) / 2).epsilon(0.001));
}

TEST_CASE(
    "GIVEN arch.gpu_sms WHEN the config is read THEN 1..arch.sms is accepted and more is a named error") {
  Config c = Config::load_default();
  CHECK(ArchParams::from_config(c).gpu_sms == 1);
  c.set("arch.gpu_sms=15");
  CHECK(ArchParams::from_config(c).gpu_sms == 15);
  c.set("arch.gpu_sms=16");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(c),
                       doctest::Contains("arch.gpu_sms = 16 is more than arch.sms = 15"), ConfigError);
  c.set("arch.gpu_sms=0");
  CHECK_THROWS_AS(ArchParams::from_config(c), ConfigError);
}
