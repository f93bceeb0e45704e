// The register-file hierarchy in the SM (arch/hierarchy): main-RF latency, RFC and LTRF operand
// paths, two-level active set, on small hand-written kernels. Deterministic (workload seed 7).
#include <doctest/doctest.h>

#include <string>

#include "hierarchy/design/design.h"
#include "hierarchy/design/main_rf_setup.h"
#include "workload/kernel_parser.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::arch;
using namespace rfvar::arch::hierarchy;

namespace {
ArchParams one_sm() {
  ArchParams p = ArchParams::from_config(Config::load_default());
  p.sms = 1;
  return p;
}
HierarchyParams hier() { return HierarchyParams::from_config(Config::load_default()); }

// 8 blocks of 128 threads (32 warps), 12 registers, a loop with a global load per iteration.
Benchmark loop_kernel(int regs = 12) {
  return parse_benchmark("rfvar-kernel 1\nbenchmark t\nkernel k block=128 regs=" + std::to_string(regs) +
                             "\n"
                             "  ialu r0 = r1\n"
                             "  loop 20\n"
                             "    ld.global r2 = r0 l1=0.5 l2=0.5\n"
                             "    fmad r3 = r2 r4 r5\n"
                             "    fmad r6 = r3 r7 r8\n"
                             "    falu r9 = r6 r3\n"
                             "    fmul r10 = r9 r11\n"
                             "    falu r4 = r10 r4\n"
                             "    ialu r0 = r0 r1\n"
                             "  endloop\n"
                             "  st.global r0 r4\n"
                             "end\nlaunch k grid=8\n",
                         "t.kernel");
}
RngStream key() { return RngStream(7, 0, Stream::Test); }
}  // namespace

TEST_CASE("GIVEN a relative latency WHEN the main-RF setup is built THEN cells average it and 1x is the ideal RF") {
  for (double L : {1.0, 1.25, 2.8, 6.3}) {
    const auto s = main_rf_setup({1.0, 1.0, L}, 2, 32768);
    double sum = 0.0;
    for (auto c : s.latency) sum += c;
    CHECK(sum / static_cast<double>(s.latency.size()) == doctest::Approx(L).epsilon(0.01));
  }
  const auto one = main_rf_setup({1.0, 1.0, 1.0}, 2, 32768);
  CHECK(one.latency == rfmodel::RfSetup::ideal().latency);
  const auto big = main_rf_setup({8.0, 8.0, 5.3}, 2, 32768);
  CHECK(big.banks == 64);
  CHECK(big.banks * big.rows_per_bank >= 16 * 64 * 8);  // 8x the baseline's vectors
  CHECK_THROWS_AS(main_rf_setup({1.0, 1.0, 0.0}, 2, 32768), InputError);
  const auto maxwell = main_rf_setup({1.0, 1.0, 1.0}, 2, 65536);  // LTRF Table 3: 65536 registers per SM
  CHECK(maxwell.banks * maxwell.rows_per_bank == 65536 / 32);
}

TEST_CASE("GIVEN the baseline design WHEN the main RF gets slower THEN IPC falls") {
  const Benchmark b = loop_kernel();
  const double fast = run_design(b, one_sm(), hier(), Design::Bl, {1, 1, 1.0}, key()).stats.ipc();
  const double slow = run_design(b, one_sm(), hier(), Design::Bl, {1, 1, 4.0}, key()).stats.ipc();
  CHECK(slow < 0.95 * fast);
}

TEST_CASE("GIVEN the RFC design WHEN a kernel runs THEN it serves reads, writes back live evictions and flushes") {
  const auto r = run_design(loop_kernel(), one_sm(), hier(), Design::Rfc, {1, 1, 1.0}, key());
  CHECK(r.rfc.read_hits > 0);
  CHECK(r.rfc.read_hits < r.rfc.reads);
  CHECK(r.rfc_inactive_writes > 0);  // the global loads complete after the warp left the active set
  CHECK(r.rfc.flushes > 0);          // two-level deactivations on the load dependence
  CHECK(r.rfc.mrf_writes() < r.rfc.writes_cached + r.rfc.writes_bypassed);  // some writes never reach the main RF
  // Main-RF bank accesses are exactly the RFC's misses and write-backs.
  std::uint64_t bank_reads = 0, bank_writes = 0;
  for (auto x : r.stats.bank_reads) bank_reads += x;
  for (auto x : r.stats.bank_writes) bank_writes += x;
  CHECK(bank_reads == r.rfc.mrf_reads());
  CHECK(bank_writes == r.rfc.mrf_writes() + r.rfc_inactive_writes);
}

TEST_CASE("GIVEN LTRF and LTRF+ WHEN a kernel runs THEN every access hits its partition and LTRF+ moves fewer registers") {
  const auto a = run_design(loop_kernel(), one_sm(), hier(), Design::Ltrf, {1, 1, 1.0}, key());
  const auto p = run_design(loop_kernel(), one_sm(), hier(), Design::LtrfPlus, {1, 1, 1.0}, key());
  CHECK(a.ltrf.partitions.misses == 0);
  CHECK(p.ltrf.partitions.misses == 0);
  CHECK(a.ltrf.partitions.accesses > 0);
  CHECK(a.ltrf.partitions.deactivations > 0);
  CHECK(p.ltrf.partitions.regs_fetched + p.ltrf.partitions.regs_written_back <
        a.ltrf.partitions.regs_fetched + a.ltrf.partitions.regs_written_back);
  // The SM's banks are the register-file cache's: they see exactly the partitions' reads and writes
  // (the main RF is reached only through the prefetch ports), to within 0.1 %: a result may still be
  // queued for its bank when the run ends.
  std::uint64_t bank = 0;
  for (auto x : a.stats.bank_reads) bank += x;
  for (auto x : a.stats.bank_writes) bank += x;
  CHECK(static_cast<double>(bank) == doctest::Approx(static_cast<double>(a.ltrf.partitions.accesses)).epsilon(0.001));
  CHECK(bank <= a.ltrf.partitions.accesses);
  CHECK(a.stats.warp_instructions == run_design(loop_kernel(), one_sm(), hier(), Design::Bl, {1, 1, 1.0}, key()).stats.warp_instructions);
}

TEST_CASE("GIVEN a loop WHEN LTRF runs on strands instead of register-intervals THEN it enters more regions and moves more registers") {
  const auto iv = run_design(loop_kernel(), one_sm(), hier(), Design::Ltrf, {1, 1, 1.0}, key());
  const auto st = run_design(loop_kernel(), one_sm(), hier(), Design::Shrf, {1, 1, 1.0}, key());
  CHECK(st.ltrf.region_entries > iv.ltrf.region_entries);  // a strand ends at every back edge
  CHECK(st.ltrf.partitions.regs_fetched > iv.ltrf.partitions.regs_fetched);
  CHECK(st.ltrf.partitions.regs_written_back > iv.ltrf.partitions.regs_written_back);
  CHECK(st.ltrf.partitions.misses == 0);
}

TEST_CASE("GIVEN LTRF WHEN the main RF is 6x slower THEN it loses less IPC than the RFC and the baseline") {
  const Benchmark b = loop_kernel();
  auto loss = [&](Design d) {
    const double one = run_design(b, one_sm(), hier(), d, {1, 1, 1.0}, key()).stats.ipc();
    return 1.0 - run_design(b, one_sm(), hier(), d, {1, 1, 6.0}, key()).stats.ipc() / one;
  };
  const double ltrf = loss(Design::Ltrf), rfc = loss(Design::Rfc), bl = loss(Design::Bl);
  CHECK(ltrf < rfc);
  CHECK(ltrf < bl);
}

TEST_CASE("GIVEN a register-limited kernel WHEN the main RF is 8x larger at 1x latency THEN IPC does not fall") {
  const Benchmark b = loop_kernel(40);  // 40 registers: 6 of 8 blocks fit 32768 registers
  const double base = run_design(b, one_sm(), hier(), Design::Bl, {1, 1, 1.0}, key()).stats.ipc();
  const double ideal = run_design(b, one_sm(), hier(), Design::Ideal, {8, 8, 1.0}, key()).stats.ipc();
  CHECK(ideal >= base);
}

TEST_CASE("GIVEN bad hierarchy input WHEN run THEN InputError names the problem") {
  HierarchyParams h = hier();
  h.active_warps = 0;
  CHECK_THROWS_WITH_AS(run_design(loop_kernel(), one_sm(), h, Design::Ltrf, {1, 1, 1.0}, key()),
                       doctest::Contains("--active-warps"), InputError);
  h = hier();
  h.ltrf.regs_per_interval = 2;  // fmad names 4 registers
  CHECK_THROWS_WITH_AS(run_design(loop_kernel(), one_sm(), h, Design::Ltrf, {1, 1, 1.0}, key()), doctest::Contains("4"),
                       InputError);
  CHECK_THROWS_AS(run_design(loop_kernel(), one_sm(), hier(), Design::Ltrf, {1, 1, -1.0}, key()), InputError);
  CHECK_THROWS_WITH_AS(find_design("ltrf++"), doctest::Contains("ltrf+"), InputError);
}

TEST_CASE("GIVEN a register-insensitive benchmark (nn) WHEN the main RF is 8x larger with the same banks THEN nothing changes") {
  const Benchmark b = load_benchmark("nn");
  ArchParams p = ArchParams::from_config(Config::load_default());
  const auto small = run_design(b, p, hier(), Design::Bl, {1, 1, 1.0}, key()).stats;
  const auto large = run_design(b, p, hier(), Design::Bl, {8, 1, 1.0}, key()).stats;
  CHECK(large.cycles == small.cycles);
  CHECK(large.warp_instructions == small.warp_instructions);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
