#include <doctest/doctest.h>

#include "hierarchy/design/design.h"
#include "hierarchy/ltrf/params.h"
#include "hierarchy/ltrf/rf_capacity.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::ltrf;

TEST_CASE("GIVEN the defaults file WHEN [ltrf] is read THEN LTRF Table 2 designs #1-#7 are available") {
  const rfvar::Config c = rfvar::Config::load_default();
  const LtrfParams p = LtrfParams::from_config(c);
  CHECK(p.regs_per_interval == 16);
  CHECK(p.main_rf(1).latency_rel == 1.0);
  CHECK(p.main_rf(6).latency_rel == doctest::Approx(5.3));
  CHECK(p.main_rf(7).latency_rel == doctest::Approx(6.3));
  CHECK(p.main_rf(7).capacity_multiple == 8.0);
  CHECK(p.ideal().latency_rel == 1.0);
  CHECK(p.ideal().capacity_multiple == 8.0);
  CHECK(p.ideal().bank_multiple == p.main_rf(1).bank_multiple);  // LTRF §6.1: #1 idealized
}

TEST_CASE("GIVEN bad design ids and latencies WHEN validated THEN the errors name the key and the range") {
  rfvar::Config c = rfvar::Config::load_default();
  const LtrfParams p = LtrfParams::from_config(c);
  CHECK_THROWS_WITH_AS(p.main_rf(0), doctest::Contains("1-7"), rfvar::InputError);
  CHECK_THROWS_WITH_AS(p.main_rf(8), doctest::Contains("--config-id"), rfvar::InputError);
  c.set("ltrf.main_rf_config=9");
  CHECK_THROWS_WITH_AS(LtrfParams::from_config(c), doctest::Contains("ltrf.main_rf_config"), rfvar::ConfigError);
  c.set("ltrf.main_rf_config=1");
  c.set("ltrf.config_latency=[1.0, 1.25, 1.5, 1.6, 2.8, 5.3, 0.0]");
  CHECK_THROWS_WITH_AS(LtrfParams::from_config(c), doctest::Contains("ltrf.config_latency"), rfvar::ConfigError);
  c.set("ltrf.config_latency=[1.0, 2.0]");
  CHECK_THROWS_WITH_AS(LtrfParams::from_config(c), doctest::Contains("7 values"), rfvar::ConfigError);
  CHECK_THROWS_WITH_AS(check_latency_rel(-1.0, "--latency-sweep"), doctest::Contains("--latency-sweep"), rfvar::InputError);
  CHECK_NOTHROW(check_latency_rel(0.5, "--latency-sweep"));
}

TEST_CASE("GIVEN data/ltrf-maxwell.toml over the defaults WHEN read THEN it is LTRF Table 3's SM with a 16 KB RFC") {
  rfvar::Config c = rfvar::Config::load_default();
  c.merge_file(rfvar::data_dir() / "ltrf-maxwell.toml");
  const rfvar::arch::ArchParams a = rfvar::arch::ArchParams::from_config(c);
  const auto h = rfvar::arch::hierarchy::HierarchyParams::from_config(c);
  CHECK(a.registers_per_sm == 65536);
  CHECK(a.max_warps_per_sm() == 64);
  CHECK(a.sms == 24);
  const int partitions = rfvar::arch::hierarchy::partitions_per_sm(h.active_warps, a);
  CHECK(partitions == 8);  // Table 3: 8 active warps per SM
  CHECK(partitions * h.ltrf.regs_per_interval * 32 * 4 == 16 * 1024);  // Table 3: 16 KB register-file cache
  // LTRF §5's fair baseline: 256 KB + 16 KB.
  CHECK(baseline_capacity_with_rfc(a, partitions, h.ltrf.regs_per_interval) == doctest::Approx(1.0625));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
