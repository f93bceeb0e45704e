// The aging study machinery: canonical cached runs vs direct runs, uneven bank use through the SM
// model, NBTI-opt's renaming in the loop, and bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <string>

#include "arch/run.h"
#include "arch/technique/technique.h"
#include "arch/workload/kernel_parser.h"
#include "arch/workload/kernel_workload.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/register_mapping.h"
#include "study/aging/chip_config_check.h"
#include "study/aging/run_cache.h"
#include "study/aging/sm_lifetime.h"
#include "study/aging/sm_rf_plan.h"

using namespace rfvar;
using namespace rfvar::nbti;
using namespace rfvar::study;

namespace {

Config defaults() { return Config::load_default(); }

// One block of one warp that hammers r0 (Eq. 3: warp 0, R0 -> bank 0) and touches r1 rarely.
const char* kHotBank0 =
    "rfvar-kernel 1\n"
    "benchmark hot0\n"
    "description one warp using r0 hard\n"
    "kernel k block=32 regs=2\n"
    "  ialu r1 = r1\n"
    "  loop 200\n"
    "    ialu r0 = r0 r0\n"
    "  endloop\n"
    "end\n"
    "launch k grid=15\n";

// Two kernels (different hybrid-bank counts) with partially active warps, several launches.
const char* kTwoKernels =
    "rfvar-kernel 1\n"
    "benchmark two\n"
    "description two kernels, full and partial warps\n"
    "kernel full block=128 regs=6\n"
    "  ialu r0 = r0\n"
    "  loop 20\n"
    "    fmad r1 = r0 r2 r1\n"
    "    ialu r3 = r3 r4\n"
    "    ialu r5 = r1 r0\n"
    "  endloop\n"
    "end\n"
    "kernel part block=20 regs=4\n"
    "  ialu r0 = r0\n"
    "  loop 30\n"
    "    fmad r1 = r0 r2 r1\n"
    "    ialu r3 = r3 r0\n"
    "  endloop\n"
    "end\n"
    "launch full grid=60\n"
    "launch part grid=90 times=2\n"
    "launch full grid=30\n";

// A synthetic SM: register delays varying smoothly by sub-bank, so sub-banks have distinct delays in
// an order different from their ids.
varius::SmDelays synthetic_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  for (int r = 0; r < g.registers(); ++r) {
    const int lane = r % g.lanes, bank = r / (g.lanes * g.rows_per_bank);
    const int s = g.subbank_of(bank, lane);
    sm.reg_delay[static_cast<std::size_t>(r)] = 1.0f + 0.01f * static_cast<float>((s * 7) % 32) +
                                                 0.0001f * static_cast<float>(r % 13);
  }
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  sm.slowest_cell = *std::max_element(sm.reg_delay.begin(), sm.reg_delay.end());
  return sm;
}

varius::SmDelays nominal_sm(const varius::RfGeometry& g) {
  varius::SmDelays sm;
  sm.reg_delay.assign(static_cast<std::size_t>(g.registers()), 1.0f);
  sm.subbank_dvth_sys_V.assign(static_cast<std::size_t>(g.subbank_count()), 0.0f);
  return sm;
}

}  // namespace

TEST_CASE("GIVEN a PV-opt+NBTI-opt plan with permuted sub-banks WHEN a benchmark runs canonically (cached) "
          "and directly THEN cycles, IPC and every physical sub-bank counter are identical") {
  const Config c = defaults();
  const auto rp = rfmodel::RfParams::from_config(c);
  const auto ap = arch::ArchParams::from_config(c);
  const varius::RfGeometry g;
  const SmFresh fresh = prepare_sm(synthetic_sm(g), g, rp, true);
  REQUIRE(fresh.nbti_opt.real.size() > 1);
  CHECK(fresh.nbti_opt.real[0].setup.subbank_of != fresh.nbti_opt.canonical[0].setup.subbank_of);
  const arch::Benchmark b = arch::parse_benchmark(kTwoKernels, "two");
  const RngStream workload(7, 0, Stream::Workload);
  const arch::KernelWorkload kw(b, arch::workload_key(workload), ap.l1_line_bytes);
  for (const std::string name : {"pv-opt+renaming", "pv-opt", "vl-rf"}) {
    CAPTURE(name);
    const arch::TechniqueSpec& spec = arch::find_technique(name);
    const SmRfPlan& plan = name == "vl-rf" ? fresh.vl_rf : name == "pv-opt" ? fresh.pv_opt : fresh.nbti_opt;
    const RunInputs in{&kw, 0, &ap, &spec, &workload};
    RunCache cache(true);
    const auto cached = cache.get(in, plan);
    const auto again = cache.get(in, plan);
    CHECK(cache.misses() == 1);
    CHECK(cache.hits() == 1);
    CHECK(again.get() == cached.get());
    const arch::SmStats direct = run_direct(in, plan);
    const SubbankTotals phys = to_physical(*cached, plan);
    CHECK(cached->cycles == direct.cycles);
    CHECK(cached->warp_instructions == direct.warp_instructions);
    CHECK(phys.reads == direct.subbank_reads);
    CHECK(phys.writes == direct.subbank_writes);
    CHECK(phys.allocated_row_cycles == direct.subbank_allocated_row_cycles);
    CHECK(std::accumulate(phys.reads.begin(), phys.reads.end(), std::uint64_t{0}) > 0);
  }
}

TEST_CASE("GIVEN a whole study of one SM WHEN run with and without the cache THEN every result is identical") {
  const Config c = defaults();
  const auto rp = rfmodel::RfParams::from_config(c);
  const auto ap = arch::ArchParams::from_config(c);
  const auto np = NbtiParams::from_config(c);
  const varius::RfGeometry g;
  const SmFresh fresh = prepare_sm(synthetic_sm(g), g, rp, true);
  const arch::Benchmark b = arch::parse_benchmark(kTwoKernels, "two");
  const RngStream workload(7, 0, Stream::Workload);
  const arch::KernelWorkload kw(b, arch::workload_key(workload), ap.l1_line_bytes);
  RunCache on(true), off(false);
  for (const auto& t : study_techniques()) {
    CAPTURE(t.name);
    const RunInputs in{&kw, 0, &ap, nullptr, &workload};
    const SmLifetime a = run_sm_lifetime(t, fresh, np, rp, g, in, on, {7.0, 3});
    const SmLifetime x = run_sm_lifetime(t, fresh, np, rp, g, in, off, {7.0, 3});
    CHECK(a.ipc == x.ipc);
    CHECK(a.guardband == x.guardband);
    CHECK(a.aged_delay == x.aged_delay);
    CHECK(a.utilization == x.utilization);
  }
  CHECK(on.hits() > 0);
  CHECK(off.hits() == 0);
}

TEST_CASE("GIVEN a kernel whose one warp hammers r0 WHEN the nominal SM ages 7 years under the baseline "
          "THEN bank 0 (Eq. 3: warp 0 + R0) ages most") {
  const Config c = defaults();
  const auto rp = rfmodel::RfParams::from_config(c);
  const auto ap = arch::ArchParams::from_config(c);
  const auto np = NbtiParams::from_config(c);
  const varius::RfGeometry g;
  const SmFresh fresh = prepare_sm(nominal_sm(g), g, rp, false);
  const arch::Benchmark b = arch::parse_benchmark(kHotBank0, "hot0");
  const RngStream workload(1, 0, Stream::Workload);
  const arch::KernelWorkload kw(b, arch::workload_key(workload), ap.l1_line_bytes);
  RunCache cache;
  const SmLifetime life = run_sm_lifetime(study_techniques()[0], fresh, np, rp, g,
                                          {&kw, 0, &ap, nullptr, &workload}, cache, {7.0, 1});
  const auto hottest = std::max_element(life.dvth_V.begin(), life.dvth_V.end()) - life.dvth_V.begin();
  CHECK(hottest / rp.subbanks == 0);  // a sub-bank of bank 0
  CHECK(life.utilization[0] > 2.0 * life.utilization[2 * static_cast<std::size_t>(rp.subbanks)]);
  CHECK(life.guardband > 0.0);
  // Bank 1 holds r1 (touched once) and ages far less than bank 0.
  CHECK(life.dvth_V[0] > life.dvth_V[static_cast<std::size_t>(rp.subbanks)] + 0.005);
}

TEST_CASE("GIVEN PV-opt on an aged SM WHEN latency classes are re-set on aged delays (aged_rank) THEN the aged "
          "period is the K-th fastest chip-test virtual bank after aging, never above the fixed set's") {
  Config c = defaults();
  c.set("nbti.guardband_fast_set=chip_test");
  const auto rp = rfmodel::RfParams::from_config(c);
  const auto ap = arch::ArchParams::from_config(c);
  const auto fixed_np = NbtiParams::from_config(c);
  c.set("nbti.guardband_fast_set=aged_rank");
  const auto ranked_np = NbtiParams::from_config(c);
  const varius::RfGeometry g;
  const SmFresh fresh = prepare_sm(synthetic_sm(g), g, rp, false);
  const arch::Benchmark b = arch::parse_benchmark(kTwoKernels, "two");
  const RngStream workload(7, 0, Stream::Workload);
  const arch::KernelWorkload kw(b, arch::workload_key(workload), ap.l1_line_bytes);
  const RunInputs in{&kw, 0, &ap, nullptr, &workload};
  RunCache cache;
  const StudyTechnique& pv_opt = find_study_technique("pv-opt");
  const SmLifetime fixed = run_sm_lifetime(pv_opt, fresh, fixed_np, rp, g, in, cache, {7.0, 1});
  const SmLifetime ranked = run_sm_lifetime(pv_opt, fresh, ranked_np, rp, g, in, cache, {7.0, 1});
  CHECK(ranked.fresh_period == fixed.fresh_period);
  CHECK(ranked.aged_delay == fixed.aged_delay);  // same runs, same stress: only the covered set differs
  // Independent recomputation: chip-test table (h = 0), each virtual bank's worst aged sub-bank, K-th smallest.
  const rfmodel::BankTable t = rfmodel::organize_banks(fresh.subbank_delay, fresh.fast, g.banks, rp.subbanks, 0);
  std::vector<double> bank_worst;
  for (const auto& vb : t.banks) {
    double w = 0.0;
    for (const int s : vb.subbanks) w = std::max(w, fixed.aged_delay[static_cast<std::size_t>(s)]);
    bank_worst.push_back(w);
  }
  std::sort(bank_worst.begin(), bank_worst.end());
  const int k = t.count(rfmodel::BankSpeed::Fast);
  REQUIRE(k == 11);
  CHECK(ranked.aged_period == doctest::Approx(bank_worst[static_cast<std::size_t>(k - 1)]));
  CHECK(ranked.aged_period <= fixed.aged_period);
  CHECK(ranked.guardband <= fixed.guardband);
}

TEST_CASE("GIVEN Tan Fig. 10's situation WHEN the NBTI-opt plan renames a block THEN R0 of its last warp "
          "goes to the fastest fast virtual bank, read from the plan's current bank delays") {
  const Config c = defaults();
  const auto rp = rfmodel::RfParams::from_config(c);
  const varius::RfGeometry g;
  const SmFresh fresh = prepare_sm(synthetic_sm(g), g, rp, false);
  const arch::KernelRf& rf = fresh.nbti_opt.real[0];
  REQUIRE(rf.table.has_value());
  REQUIRE(rf.bank_delay.size() == 16);
  // Hand-worked (Tan Fig. 10, 11 fast + 5 slow virtual banks, delays rising with the id): last warp 5
  // holds R_k in Eq. 3 bank (5 + k) % 16; R0..R5 sit in fast banks 5..10 -> fast 0..5, R6..R10 in slow
  // banks 11..15 -> slow 11..15, R11..R15 in fast banks 0..4 -> the remaining fast 6..10.
  const std::vector<int> row = rfmodel::renaming_row(*rf.table, rf.bank_delay, 5);
  CHECK(row == std::vector<int>{6, 7, 8, 9, 10, 0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 15});
  // The canonical form keeps the decisions: same row from ranks.
  const arch::KernelRf& cr = fresh.nbti_opt.canonical[0];
  CHECK(rfmodel::renaming_row(*cr.table, cr.bank_delay, 5) == row);
}

TEST_CASE("GIVEN bad input WHEN the study is asked THEN it fails with a clear InputError") {
  const Config c = defaults();
  const auto rp = rfmodel::RfParams::from_config(c);
  const auto ap = arch::ArchParams::from_config(c);
  const auto np = NbtiParams::from_config(c);
  const varius::RfGeometry g;
  const SmFresh fresh = prepare_sm(nominal_sm(g), g, rp, false);
  const arch::Benchmark b = arch::parse_benchmark(kHotBank0, "hot0");
  const RngStream workload(1, 0, Stream::Workload);
  const arch::KernelWorkload kw(b, arch::workload_key(workload), ap.l1_line_bytes);
  RunCache cache;
  const RunInputs in{&kw, 0, &ap, nullptr, &workload};
  CHECK_THROWS_AS(run_sm_lifetime(study_techniques()[0], fresh, np, rp, g, in, cache, {0.0, 1}), InputError);
  CHECK_THROWS_AS(run_sm_lifetime(study_techniques()[0], fresh, np, rp, g, in, cache, {-1.0, 1}), InputError);
  CHECK_THROWS_AS(run_sm_lifetime(study_techniques()[0], fresh, np, rp, g, in, cache, {7.0, 0}), InputError);
  CHECK_THROWS_AS(find_study_technique("pv-opt+magic"), InputError);
  SUBCASE("a chips file made with another varius config names the differing key") {
    Config other = c;
    other.set("varius.rand_to_sys_ratio=4.0");
    CHECK_NOTHROW(check_chip_config(c, c, "chips.h5"));
    try {
      check_chip_config(other, c, "chips.h5");
      FAIL("no error");
    } catch (const InputError& e) {
      const std::string m = e.what();
      CHECK(m.find("varius.rand_to_sys_ratio") != std::string::npos);
      CHECK(m.find("chips.h5") != std::string::npos);
    }
  }
  SUBCASE("sub-bank counts that differ from rfmodel's are refused") {
    varius::SmDelays sm = nominal_sm(g);
    sm.subbank_dvth_sys_V.resize(64);
    CHECK_THROWS_AS(prepare_sm(sm, g, rp, false), InputError);
  }
}
