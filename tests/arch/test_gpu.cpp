// The N-SM mode (arch/gpu.h): one SM equals the one-SM mode, determinism, block distribution,
// per-SM clocks (arch.gpu_clocks: equal and pv).
#include <doctest/doctest.h>

#include <thread>

#include "arch/gpu.h"
#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "workload/trace_workload.h"
#include "common/config.h"
#include "rfmodel/params.h"
#include "varius/chip_sample.h"

namespace {
namespace RFVAR_UNITY_ID {

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
// The chip without PV: every access one cycle at clock 1.
std::unique_ptr<IRfProvider> ideal() {
  const varius::RfGeometry g = geometry();
  return std::make_unique<StaticRfProvider>(rfmodel::RfSetup::ideal(g.banks, g.rows_per_bank, rf_params().subbanks));
}
// arch::run_sms() on p.gpu_sms SMs without PV.
GpuRunResult run_ideal(const IWorkload& wl, const ArchParams& p, std::uint64_t key, const std::string& sched = "lrr") {
  std::vector<std::unique_ptr<IRfProvider>> own;
  std::vector<IRfProvider*> rf;
  for (int i = 0; i < p.gpu_sms; ++i) own.push_back(ideal()), rf.push_back(own.back().get());
  SmPolicy policy;
  policy.scheduler = sched;
  return run_sms(wl, p, policy, rf, key);
}
// The GPU driver itself (arch/gpu.h), also for one SM.
SmStats run_gpu_driver(const IWorkload& wl, const ArchParams& p, std::uint64_t key, const std::string& sched) {
  const auto rf = ideal();
  std::vector<std::unique_ptr<IRegisterMapping>> mappings;
  mappings.push_back(make_mapping("eq3"));
  Gpu gpu(p, sched, std::move(mappings), {rf.get()}, key);
  for (std::size_t i = 0; i < wl.benchmark().launches.size(); ++i) gpu.run_launch(wl, static_cast<int>(i));
  gpu.finish();
  return gpu.total();
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
    SmPolicy policy;
    policy.scheduler = sched;
    const RunResult one = run_workload(wl, p, sched, make_policy_mapping(policy), *ideal(), key);
    check_same(one.stats, run_gpu_driver(wl, p, key, sched));
    const GpuRunResult via_run = run_ideal(wl, p, key, sched);  // run_sms(): the one-SM path
    check_same(one.stats, via_run.stats);
    CHECK(via_run.l2_tag_hits + via_run.l2_tag_misses == 0);  // no shared L2 in the one-SM mode
  }
}

TEST_CASE(
    "GIVEN 4 SMs WHEN the same run is made twice and on two threads at once THEN the statistics are "
    "identical") {
  const Benchmark b = load_benchmark("hotspot");
  const ArchParams p = params(4);
  const std::uint64_t key = workload_key(RngStream(5, 0, Stream::Workload));
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  const GpuRunResult ref = run_ideal(wl, p, key);
  GpuRunResult x, y;
  std::thread tx([&] { x = run_ideal(wl, p, key); });
  std::thread ty([&] { y = run_ideal(wl, p, key); });
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
  const GpuRunResult r = run_ideal(wl, p, key);
  std::uint64_t grid = 0;
  for (const auto& l : b.launches) grid += static_cast<std::uint64_t>(l.grid);
  CHECK(r.stats.blocks == grid);
  for (const auto& s : r.per_sm) CHECK(s.blocks > 0);
  // Every SM's cycles span the whole run (idle time to each launch's end included).
  for (const auto& s : r.per_sm) CHECK(s.cycles == r.per_sm[0].cycles);
}

TEST_CASE(
    "GIVEN two SMs at their PV clocks (arch.gpu_clocks = pv), one at half the clock WHEN blocks are issued as "
    "slots free THEN the slow SM runs fewer blocks") {
  const Benchmark b = load_benchmark("hotspot");
  ArchParams p = params(2);
  p.gpu_clocks = GpuClocks::Pv;
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

namespace {
// Two SMs with setups `a` and `b` under `clocks`: the GPU's statistics.
GpuRunResult run_two(const IWorkload& wl, ArchParams p, GpuClocks clocks, const rfmodel::RfSetup& a,
                     const rfmodel::RfSetup& b, std::uint64_t key) {
  p.gpu_clocks = clocks;
  StaticRfProvider ra(a), rb(b);
  const std::vector<IRfProvider*> rf = {&ra, &rb};
  return run_sms(wl, p, SmPolicy{}, rf, key);
}
rfmodel::RfSetup at_clock(rfmodel::RfSetup s, double clock_norm) {
  s.clock_norm = clock_norm;
  return s;
}
}  // namespace

TEST_CASE(
    "GIVEN arch.gpu_clocks = equal WHEN one of two SMs has a PV clock of 0.5 and the same bank latencies THEN "
    "the run equals the run without PV bit-for-bit (only latencies and organization differ between SMs)") {
  const Benchmark b = load_benchmark("hotspot");
  const ArchParams p = params(2);
  CHECK(p.gpu_clocks == GpuClocks::Equal);  // the default (data/fermi-32nm.toml)
  const std::uint64_t key = workload_key(RngStream(5, 0, Stream::Workload));
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  const auto ideal_setup = rfmodel::RfSetup::ideal();
  const GpuRunResult pv = run_two(wl, p, GpuClocks::Equal, ideal_setup, at_clock(ideal_setup, 0.5), key);
  const GpuRunResult none = run_two(wl, p, GpuClocks::Equal, ideal_setup, ideal_setup, key);
  check_same(pv.stats, none.stats);
  for (std::size_t i = 0; i < 2; ++i) check_same(pv.per_sm[i], none.per_sm[i]);
  CHECK(pv.clock_norm == std::vector<double>{1.0, 0.5});  // the clocks are still reported
  // The same two SMs at their PV clocks: the slow SM's cycles are about half the fast one's.
  const GpuRunResult at_pv = run_two(wl, p, GpuClocks::Pv, ideal_setup, at_clock(ideal_setup, 0.5), key);
  CHECK(static_cast<double>(at_pv.per_sm[1].cycles) ==
        doctest::Approx(static_cast<double>(at_pv.per_sm[0].cycles) / 2).epsilon(0.001));
}

TEST_CASE(
    "GIVEN a chip whose SMs PV slows (clock 0.8, every access 2 cycles) WHEN its IPC is normalized to the chip "
    "without PV THEN it is <= 1 with equal clocks, and above the equal-clock IPC with PV clocks (memory on the "
    "no-PV clock takes fewer of the slow SMs' cycles)") {
  const Benchmark b = load_benchmark("hotspot");
  const ArchParams p = params(2);
  const std::uint64_t key = workload_key(RngStream(5, 0, Stream::Workload));
  const KernelWorkload wl(b, key, p.l1_line_bytes);
  const auto none = rfmodel::RfSetup::ideal();
  const auto slow = at_clock(rfmodel::RfSetup::all_slow(2), 0.8);
  const double base = run_two(wl, p, GpuClocks::Equal, none, none, key).stats.ipc();
  REQUIRE(base == run_two(wl, p, GpuClocks::Pv, none, none, key).stats.ipc());  // no PV: the conventions agree
  const double equal = run_two(wl, p, GpuClocks::Equal, slow, slow, key).stats.ipc();
  const double pv = run_two(wl, p, GpuClocks::Pv, slow, slow, key).stats.ipc();
  CHECK(equal / base <= 1.0);
  CHECK(pv > equal);
  // Only the clock differs: at equal clocks a clock of 0.8 changes nothing.
  CHECK(equal == run_two(wl, p, GpuClocks::Equal, rfmodel::RfSetup::all_slow(2), rfmodel::RfSetup::all_slow(2), key)
                     .stats.ipc());
}

TEST_CASE(
    "GIVEN arch.gpu_clocks WHEN the config is read THEN equal (the default) and pv are accepted and anything "
    "else is a named error") {
  Config c = Config::load_default();
  CHECK(ArchParams::from_config(c).gpu_clocks == GpuClocks::Equal);
  c.set("arch.gpu_clocks=pv");
  CHECK(ArchParams::from_config(c).gpu_clocks == GpuClocks::Pv);
  c.set("arch.gpu_clocks=equal");
  CHECK(ArchParams::from_config(c).gpu_clocks == GpuClocks::Equal);
  c.set("arch.gpu_clocks=nopv");
  CHECK_THROWS_WITH_AS(ArchParams::from_config(c), doctest::Contains("'arch.gpu_clocks' = \"nopv\" is not accepted; one of: equal, pv"),
                       ConfigError);
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

TEST_CASE(
    "GIVEN four SMs of different bank latencies and clocks WHEN the GPU lets an SM run ahead over cycles that "
    "share nothing (the default: loads the L1 decides alone included) THEN every SM's statistics equal those of "
    "stepping every cycle in global time order, at equal and at PV clocks, with traces built per block or stored") {
  const ArchParams base = params(4);
  const std::uint64_t key = workload_key(RngStream(9, 0, Stream::Workload));
  const rfmodel::RfSetup setups[4] = {rfmodel::RfSetup::ideal(), at_clock(rfmodel::RfSetup::all_slow(2), 0.8),
                                      at_clock(rfmodel::RfSetup::ideal(), 0.9),
                                      at_clock(rfmodel::RfSetup::all_slow(3), 0.7)};
  const std::pair<const char*, GpuClocks> cases[] = {
      {"hotspot", GpuClocks::Equal}, {"hotspot", GpuClocks::Pv}, {"sla", GpuClocks::Pv}};
  for (const auto& cs : cases) {  // no structured binding: clang 14 cannot capture one in the lambda below
    const char* const name = cs.first;
    const GpuClocks clocks = cs.second;
    const Benchmark b = load_benchmark(name);
    {
      ArchParams p = base;
      p.gpu_clocks = clocks;
      const KernelWorkload wl(b, key, p.l1_line_bytes);
      const TraceWorkload stored = TraceWorkload::record(wl);  // line requests read in place, not copied
      auto run = [&](bool run_ahead, const IWorkload& w) {
        std::vector<std::unique_ptr<IRfProvider>> own;
        std::vector<IRfProvider*> rf;
        std::vector<std::unique_ptr<IRegisterMapping>> maps;
        for (const auto& s : setups) {
          own.push_back(std::make_unique<StaticRfProvider>(s));
          rf.push_back(own.back().get());
          maps.push_back(make_mapping("eq3"));
        }
        auto gpu = std::make_unique<Gpu>(p, "gto", std::move(maps), rf, key);
        gpu->set_run_ahead(run_ahead);
        for (std::size_t i = 0; i < b.launches.size(); ++i) gpu->run_launch(w, static_cast<int>(i));
        gpu->finish();
        std::vector<SmStats> per_sm;
        for (int i = 0; i < 4; ++i) per_sm.push_back(gpu->sm(i).stats());
        per_sm.push_back(gpu->total());
        return per_sm;
      };
      CAPTURE(name);
      CAPTURE(static_cast<int>(clocks));
      const auto lockstep = run(false, wl);
      REQUIRE(lockstep.back().dram_accesses > 0);  // the memory system is shared for real
      REQUIRE(lockstep.back().l1_hits > 0);        // and some loads stay in the L1
      for (const IWorkload* w : {static_cast<const IWorkload*>(&wl), static_cast<const IWorkload*>(&stored)}) {
        const auto ahead = run(true, *w);
        for (std::size_t i = 0; i < lockstep.size(); ++i) {
          check_same(ahead[i], lockstep[i]);
          CHECK(ahead[i].blocks == lockstep[i].blocks);
          CHECK(ahead[i].bank_conflict_cycles == lockstep[i].bank_conflict_cycles);
          CHECK(ahead[i].dram_writes == lockstep[i].dram_writes);
          CHECK(ahead[i].l1_hits == lockstep[i].l1_hits);
        }
      }
    }
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
