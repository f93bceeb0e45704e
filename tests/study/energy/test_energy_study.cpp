#include <doctest/doctest.h>

#include <cmath>

#include "common/config.h"
#include "study/energy/energy_study.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::energy;
using namespace rfvar::study;
using rfvar::arch::hierarchy::Design;
using rfvar::arch::hierarchy::DesignRun;

TEST_CASE(
    "GIVEN an SM run's counters WHEN priced per design THEN RFC and LTRF traffic lands on the documented "
    "levels") {
  DesignRun r;
  r.stats.bank_reads = {60, 40};  // 100 main-RF (BL, RFC) or cache (LTRF) reads
  r.stats.bank_writes = {30, 20};
  r.rfc.read_hits = 70;
  r.rfc.writes_cached = 45;
  r.rfc.eviction_writebacks = 5;
  r.rfc.flush_writebacks = 3;
  r.ltrf.partitions.regs_fetched = 12;
  r.ltrf.partitions.regs_written_back = 7;
  r.ltrf.late_writes = 2;
  const AccessCounts bl = design_counts(Design::Bl, r);
  CHECK(bl.reads_of(Level::Mrf) == 100);
  CHECK(bl.writes_of(Level::Mrf) == 50);
  const AccessCounts rfc = design_counts(Design::Rfc, r);
  CHECK(rfc.reads_of(Level::Mrf) == 100);
  CHECK(rfc.reads_of(Level::Rfc) == 78);  // hits + values read out by evictions and flushes
  CHECK(rfc.writes_of(Level::Rfc) == 45);
  const AccessCounts lt = design_counts(Design::LtrfPlus, r);
  CHECK(lt.reads_of(Level::LtrfCache) == 107);
  CHECK(lt.writes_of(Level::LtrfCache) == 62);
  CHECK(lt.reads_of(Level::Mrf) == 12);
  CHECK(lt.writes_of(Level::Mrf) == 9);
  // Priced with the default table on main-RF design #7 (MRF bank energy x 0.65): per warp operand
  // 8 x (8 x 0.65 + 7.6) pJ per MRF read.
  const EnergyParams p = EnergyParams::from_config(rfvar::Config::load_default());
  const AccessEnergy e7(p, 6, p.config_power[6]);
  const EnergyBreakdown b = e7.energy(lt);
  CHECK(b.level[static_cast<int>(Level::Mrf)].total() ==
        doctest::Approx(8 * (12 * (8.0 * 0.65 + 7.6) + 9 * (11.0 * 0.65 + 7.6))));
  CHECK(b.level[static_cast<int>(Level::LtrfCache)].total() ==
        doctest::Approx(8 * (107 * (3.4 + 1.52) + 62 * (10.9 + 1.52))));
}

TEST_CASE("GIVEN workload specs WHEN classified THEN only plain names and .kernel files run the designs") {
  CHECK(is_hand_written("hotspot"));
  CHECK(is_hand_written("data/kernels/nw.kernel"));
  CHECK_FALSE(is_hand_written("ptx:hotspot"));
  CHECK_FALSE(is_hand_written("data/cuda/nw/nw.toml"));
  CHECK_FALSE(is_hand_written("x.rftrace"));
}

namespace {

struct Setup {
  rfvar::Config c = rfvar::Config::load_default();
  rfvar::arch::ArchParams p = rfvar::arch::ArchParams::from_config(c);
  rfvar::arch::hierarchy::HierarchyParams h = rfvar::arch::hierarchy::HierarchyParams::from_config(c);
  EnergyParams ep = EnergyParams::from_config(c);
  EnergyStudyOptions o;
  explicit Setup(std::vector<std::string> kernels) {
    o.kernels = std::move(kernels);
    o.configs = {1, 7};
    o.designs = {"bl", "rfc", "ltrf+"};
    o.sfu_long_latency = h.ltrf.long_latency_sfu;
  }
  EnergyStudyResult run() const { return run_energy_study(o, p, h, ep, 1); }
};

}  // namespace

TEST_CASE(
    "GIVEN a PTX harness WHEN the energy study runs THEN it also runs the designs, counted and averaged "
    "apart "
    "from the .kernel ones") {
  Setup s({"ptx:hotspot-small"});
  const EnergyStudyResult r = s.run();
  REQUIRE(r.design_runs.size() == 1);
  const DesignKernelResult& k = r.design_runs[0];
  CHECK(k.kernel == "ptx:hotspot-small");
  CHECK_FALSE(k.hand_written);
  CHECK(r.runs == 7u);  // BL at #1, then 2 configs x 3 designs
  CHECK(k.bl1.e.counts.reads_of(Level::Mrf) > 0);
  CHECK(k.bl1.cycles > 0);
  const DesignEnergy& bl = k.at[0][0];
  const DesignEnergy& rfc = k.at[0][1];
  const DesignEnergy& lt = k.at[0][2];
  CHECK(bl.power_rel == doctest::Approx(1.0));
  CHECK(rfc.e.counts.reads_of(Level::Rfc) > 0);                                 // the RFC serves reads...
  CHECK(rfc.e.counts.reads_of(Level::Mrf) < bl.e.counts.reads_of(Level::Mrf));  // ...the MRF no longer does
  CHECK(lt.e.counts.reads_of(Level::LtrfCache) > 0);
  CHECK(lt.e.counts.reads_of(Level::Mrf) > 0);  // prefetches
  CHECK(lt.e.counts.reads_of(Level::Mrf) < bl.e.counts.reads_of(Level::Mrf));
  CHECK(lt.warp_instructions == bl.warp_instructions);
  // Averaged as compiled: the .kernel means have nothing to average.
  CHECK(std::isnan(r.mean_power_rel[0][0]));
  CHECK(r.mean_power_rel_compiled[1][2] == k.at[1][2].power_rel);
  CHECK(r.rfc_workloads == 0);
  CHECK(r.rfc_workloads_compiled == 1);
  CHECK(r.allocation[0].rfc_rel == rfc.energy_rel);
  CHECK(r.mean_rfc_rel_compiled == rfc.energy_rel);
  CHECK(r.mean_three_level_rel_compiled == r.allocation[0].three_level_rel);
  CHECK(rfc.energy_rel < 1.0);

  s.o.compiled_designs = false;  // --design-kernels hand
  const EnergyStudyResult only = s.run();
  CHECK(only.design_runs.empty());
  CHECK(only.runs == 0u);
  CHECK(std::isnan(only.allocation[0].rfc_rel));
  CHECK(std::isnan(only.mean_power_rel_compiled[0][0]));
  CHECK(only.allocation[0].three_level_rel == r.allocation[0].three_level_rel);
}

TEST_CASE(
    "GIVEN a .kernel benchmark WHEN a PTX workload joins the study THEN the .kernel results stay "
    "bit-identical") {
  const EnergyStudyResult a = Setup({"nw"}).run();
  const EnergyStudyResult b = Setup({"nw", "ptx:hotspot-small"}).run();
  REQUIRE(b.design_runs.size() == 2);
  CHECK(b.design_runs[0].hand_written);
  CHECK_FALSE(b.design_runs[1].hand_written);
  CHECK(b.mean_energy_rel == a.mean_energy_rel);
  CHECK(b.mean_power_rel == a.mean_power_rel);
  CHECK(b.mean_rfc_rel == a.mean_rfc_rel);
  CHECK(b.mean_three_level_rel_hand == a.mean_three_level_rel_hand);
  CHECK(b.rfc_workloads == 1);
  CHECK(b.allocation[0].rfc_rel == a.allocation[0].rfc_rel);
  CHECK(std::isnan(a.mean_rfc_rel_compiled));
}

TEST_CASE("GIVEN an unknown PTX harness WHEN the energy study runs THEN it throws InputError naming it") {
  CHECK_THROWS_WITH_AS(Setup({"ptx:no_such_harness"}).run(), doctest::Contains("no_such_harness"),
                       rfvar::InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
