#include <doctest/doctest.h>

#include "arch/energy/energy_study.h"
#include "common/config.h"

using namespace rfvar::arch::energy;
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
