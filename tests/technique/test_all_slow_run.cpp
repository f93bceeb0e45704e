// Tests for technique/all_slow.cpp run on the cycle model (technique/run.h): every access slow.
#include <doctest/doctest.h>

#include <numeric>

#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "common/config.h"
#include "technique/registry.h"
#include "technique/simulate.h"
#include "tests/arch/one_sm_params.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;

namespace {
// Compute-bound: 8 warps per block, a loop of dependent ALU work on eight registers, no memory.
Benchmark compute_bound() {
  return parse_benchmark(
      "rfvar-kernel 1\nbenchmark t\nkernel k block=256 regs=8\n"
      "  loop 40\n"
      "    fmad r4 = r0 r1 r2\n    ialu r5 = r3 r6\n    fmad r7 = r4 r5 r1\n    ialu r0 = r0 r7\n"
      "  endloop\nend\nlaunch k grid=4\n",
      "t.kernel");
}

// A PV SM whose sub-bank delays differ (offset `shift` reorders which sub-banks are slow).
varius::SmDelays synthetic_sm(const varius::RfGeometry& g, int shift) {
  varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  for (int r = 0; r < g.registers(); ++r) {
    const int lane = r % g.lanes, bank = r / (g.lanes * g.rows_per_bank);
    const int s = g.subbank_of(bank, lane);
    sm.reg_delay[static_cast<std::size_t>(r)] = 1.0f + 0.01f * static_cast<float>((s * 7 + shift) % 32);
  }
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  return sm;
}

std::uint64_t accesses(const SmStats& s) {
  return std::accumulate(s.bank_reads.begin(), s.bank_reads.end(), std::uint64_t{0}) +
         std::accumulate(s.bank_writes.begin(), s.bank_writes.end(), std::uint64_t{0});
}

RunResult run(const std::string& technique, const varius::SmDelays* sm) {
  const Config c = Config::load_default();
  const auto rp = rfmodel::RfParams::from_config(c);
  varius::RfGeometry g;
  g.subbanks = rp.subbanks;
  const ArchParams ap = one_sm_params();
  const std::uint64_t key = workload_key(RngStream(3, 0, Stream::Test));
  const Benchmark b = compute_bound();  // the workload refers to it
  const KernelWorkload wl(b, key, ap.l1_line_bytes);
  const std::vector<const varius::SmDelays*> sms = {sm};
  return technique::run_technique(*technique::make_ipc_technique(technique), wl, ap, rp,
                                  sms, g, key);
}
}  // namespace

TEST_CASE(
    "GIVEN a compute-bound kernel on a PV SM WHEN all-slow runs THEN every register access is slow and "
    "its IPC is at most vl-sb+rf-bro's and below the baseline's") {
  const varius::RfGeometry g;
  const varius::SmDelays sm = synthetic_sm(g, 0);
  const RunResult slow = run("all-slow", &sm);
  const RunResult bro = run("vl-sb+rf-bro", &sm);
  const RunResult base = run("baseline", nullptr);
  REQUIRE(accesses(slow.stats) > 0);
  CHECK(slow.stats.slow_accesses == accesses(slow.stats));
  CHECK(slow.last_setup.clock_norm == 1.0);  // no PV frequency
  CHECK(slow.stats.warp_instructions == base.stats.warp_instructions);
  CHECK(bro.stats.slow_accesses > 0);                    // vl-sb+rf-bro has slow banks here...
  CHECK(bro.stats.slow_accesses < accesses(bro.stats));  // ...and fast ones
  CHECK(slow.stats.ipc() <= bro.stats.ipc());
  CHECK(slow.stats.ipc() < 0.95 * base.stats.ipc());  // a real loss on compute-bound work
}

TEST_CASE(
    "GIVEN two PV SMs and the SM without PV WHEN all-slow runs on each THEN the statistics are identical") {
  const varius::RfGeometry g;
  const varius::SmDelays a = synthetic_sm(g, 0), b = synthetic_sm(g, 13);
  const RunResult ra = run("all-slow", &a), rb = run("all-slow", &b), rn = run("all-slow", nullptr);
  for (const RunResult* r : {&rb, &rn}) {
    CHECK(r->stats.cycles == ra.stats.cycles);
    CHECK(r->stats.bank_reads == ra.stats.bank_reads);
    CHECK(r->stats.bank_busy_cycles == ra.stats.bank_busy_cycles);
    CHECK(r->stats.subbank_busy_cycles == ra.stats.subbank_busy_cycles);
    CHECK(r->last_setup.latency == ra.last_setup.latency);
  }
  // The SMs do differ: vl-sb+rf-bro organizes their banks from different sub-banks.
  CHECK(run("vl-sb+rf-bro", &a).last_setup.subbank_of != run("vl-sb+rf-bro", &b).last_setup.subbank_of);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
