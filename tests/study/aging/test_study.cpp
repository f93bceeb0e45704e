// The aging study machinery: canonical cached runs vs direct runs, uneven bank use through the SM
// model, NBTI-opt's renaming in the loop, and bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <string>

#include "arch/run.h"
#include "workload/kernel_parser.h"
#include "workload/kernel_workload.h"
#include "rfmodel/bank_table.h"
#include "rfmodel/register_mapping.h"
#include "study/aging/chip_config_check.h"
#include "study/aging/run_cache.h"
#include "study/aging/sm_lifetime.h"
#include "technique/registry.h"
#include "technique/rf_plan.h"
#include "tests/study/aging/sm_setup.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::nbti;
using namespace rfvar::study;
using test::SmSetup;

namespace {

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

}  // namespace

TEST_CASE("GIVEN a PV-opt+NBTI-opt plan with permuted sub-banks WHEN a benchmark runs canonically (cached) "
          "and directly THEN cycles, IPC and every physical sub-bank counter are identical") {
  const SmSetup s(test::synthetic_sm, true, test::kTwoKernels, "two", 7);
  const SmFresh& fresh = s.fresh;
  REQUIRE(fresh.bank_table_renaming.real.size() > 1);
  CHECK(fresh.bank_table_renaming.real[0].setup.subbank_of != fresh.bank_table_renaming.canonical[0].setup.subbank_of);
  for (const std::string name : {"pv-opt+renaming", "pv-opt", "vl-rf"}) {
    CAPTURE(name);
    const arch::SmPolicy policy = technique::make_ipc_technique(name)->policy();
    const SmRfPlan& plan = name == "vl-rf" ? fresh.vl_rf : name == "pv-opt" ? fresh.bank_table : fresh.bank_table_renaming;
    RunInputs in = s.in;
    in.policy = &policy;
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
  const SmSetup s(test::synthetic_sm, true, test::kTwoKernels, "two", 7);
  RunCache on(true), off(false);
  for (const auto& tp : technique::all_techniques()) {
    if (!tp->takes(technique::Role::aging)) continue;
    const auto& t = dynamic_cast<const technique::IAgingTechnique&>(*tp);
    CAPTURE(t.info().name);
    const SmLifetime a = run_sm_lifetime(t, s.fresh, s.np, s.rp, s.g, s.in, on, {7.0, 3});
    const SmLifetime x = run_sm_lifetime(t, s.fresh, s.np, s.rp, s.g, s.in, off, {7.0, 3});
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
  SmSetup s(test::nominal_sm, false, kHotBank0, "hot0", 1);
  const rfmodel::RfParams& rp = s.rp;
  const SmLifetime life =
      run_sm_lifetime(*technique::make_aging_technique("baseline"), s.fresh, s.np, rp, s.g, s.in, s.cache, {7.0, 1});
  const auto hottest = std::max_element(life.dvth_V.begin(), life.dvth_V.end()) - life.dvth_V.begin();
  CHECK(hottest / rp.subbanks == 0);  // a sub-bank of bank 0
  CHECK(life.utilization[0] > 2.0 * life.utilization[2 * static_cast<std::size_t>(rp.subbanks)]);
  CHECK(life.guardband > 0.0);
  // Bank 1 holds r1 (touched once) and ages far less than bank 0.
  CHECK(life.dvth_V[0] > life.dvth_V[static_cast<std::size_t>(rp.subbanks)] + 0.005);
}

TEST_CASE("GIVEN PV-opt on an aged SM WHEN latency classes are re-set on aged delays (aged_rank) THEN the aged "
          "period is the K-th fastest chip-test virtual bank after aging, never above the fixed set's") {
  Config c = Config::load_default();
  c.set("nbti.guardband_fast_set=chip_test");
  SmSetup s(test::synthetic_sm, false, test::kTwoKernels, "two", 7, c);
  const rfmodel::RfParams& rp = s.rp;
  const varius::RfGeometry& g = s.g;
  const SmFresh& fresh = s.fresh;
  c.set("nbti.guardband_fast_set=aged_rank");
  const auto ranked_np = nbti::NbtiParams::from_config(c);
  const auto pv_opt_technique = technique::make_aging_technique("pv-opt");
  const technique::IAgingTechnique& pv_opt = *pv_opt_technique;
  const SmLifetime fixed = run_sm_lifetime(pv_opt, fresh, s.np, rp, g, s.in, s.cache, {7.0, 1});
  const SmLifetime ranked = run_sm_lifetime(pv_opt, fresh, ranked_np, rp, g, s.in, s.cache, {7.0, 1});
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
  const Config c = Config::load_default();
  const auto rp = rfmodel::RfParams::from_config(c);
  const varius::RfGeometry g;
  const SmFresh fresh = technique::prepare_sm(test::synthetic_sm(g), g, rp, false);
  const arch::KernelRf& rf = fresh.bank_table_renaming.real[0];
  REQUIRE(rf.table.has_value());
  REQUIRE(rf.bank_delay.size() == 16);
  // Hand-worked (Tan Fig. 10, 11 fast + 5 slow virtual banks, delays rising with the id): last warp 5
  // holds R_k in Eq. 3 bank (5 + k) % 16; R0..R5 sit in fast banks 5..10 -> fast 0..5, R6..R10 in slow
  // banks 11..15 -> slow 11..15, R11..R15 in fast banks 0..4 -> the remaining fast 6..10.
  const std::vector<int> row = rfmodel::renaming_row(*rf.table, rf.bank_delay, 5);
  CHECK(row == std::vector<int>{6, 7, 8, 9, 10, 0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 15});
  // The canonical form keeps the decisions: same row from ranks.
  const arch::KernelRf& cr = fresh.bank_table_renaming.canonical[0];
  CHECK(rfmodel::renaming_row(*cr.table, cr.bank_delay, 5) == row);
}

TEST_CASE("GIVEN bad input WHEN the study is asked THEN it fails with a clear InputError") {
  SmSetup s(test::nominal_sm, false, kHotBank0, "hot0", 1);
  const Config& c = s.config;
  const rfmodel::RfParams& rp = s.rp;
  const varius::RfGeometry& g = s.g;
  for (const Lifetime bad : {Lifetime{0.0, 1}, Lifetime{-1.0, 1}, Lifetime{7.0, 0}})
    CHECK_THROWS_AS(run_sm_lifetime(*technique::make_aging_technique("baseline"), s.fresh, s.np, rp, g, s.in, s.cache, bad),
                    InputError);
  CHECK_THROWS_AS(technique::make_technique("pv-opt+magic", technique::Role::aging), InputError);
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
    varius::SmDelays sm = test::nominal_sm(g);
    sm.subbank_dvth_sys_V.resize(64);
    CHECK_THROWS_AS(technique::prepare_sm(sm, g, rp, false), InputError);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
