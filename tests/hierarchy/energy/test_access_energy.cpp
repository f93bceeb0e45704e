#include <doctest/doctest.h>

#include "hierarchy/energy/access_energy.h"
#include "common/config.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::arch::energy;

TEST_CASE(
    "GIVEN the default [energy] table WHEN one 128-bit access is priced THEN bank + 4 words x 1.9 pJ/mm x "
    "distance") {
  const EnergyParams p = EnergyParams::from_config(rfvar::Config::load_default());
  const AccessEnergy e(p, 6);
  // MRF: 8 / 11 pJ, 1 mm (ISCA 2011 Table 3): wire 4 x 1.9 = 7.6 pJ.
  CHECK(e.read_128(Level::Mrf, Datapath::Private).access == doctest::Approx(8.0));
  CHECK(e.read_128(Level::Mrf, Datapath::Private).wire == doctest::Approx(7.6));
  CHECK(e.write_128(Level::Mrf, Datapath::Shared).total() == doctest::Approx(18.6));
  // ORF, 3 entries: 1.2 / 4.4 pJ (MICRO Table 3), 0.2 mm private, 0.4 mm shared.
  CHECK(e.read_128(Level::Orf, Datapath::Private).total() == doctest::Approx(1.2 + 1.52));
  CHECK(e.read_128(Level::Orf, Datapath::Shared).total() == doctest::Approx(1.2 + 3.04));
  CHECK(e.write_128(Level::Orf, Datapath::Private).total() == doctest::Approx(4.4 + 1.52));
  // LRF: 0.7 / 2 pJ at 0.05 mm.
  CHECK(e.read_128(Level::Lrf, Datapath::Private).total() == doctest::Approx(0.7 + 0.38));
  // RFC, 6 entries: 2.0 / 6.7 pJ.
  CHECK(e.write_128(Level::Rfc, Datapath::Private).access == doctest::Approx(6.7));
  // A warp operand is 8 such accesses.
  CHECK(e.read_warp(Level::Mrf, Datapath::Private) == doctest::Approx(8 * 15.6));
  AccessCounts c;
  c.read(Level::Mrf, Datapath::Private, 2);
  c.write(Level::Lrf, Datapath::Private, 1);
  const EnergyBreakdown b = e.energy(c);
  CHECK(b.level[static_cast<int>(Level::Mrf)].access == doctest::Approx(2 * 8 * 8.0));
  CHECK(b.level[static_cast<int>(Level::Mrf)].wire == doctest::Approx(2 * 8 * 7.6));
  CHECK(b.total().total() == doctest::Approx(8 * (2 * 15.6 + 2.38)));
  // A main-RF design's power scale multiplies the MRF bank energy, not its wires.
  const AccessEnergy e7(p, 6, 0.65);
  CHECK(e7.read_128(Level::Mrf, Datapath::Private).access == doctest::Approx(8.0 * 0.65));
  CHECK(e7.read_128(Level::Mrf, Datapath::Private).wire == doctest::Approx(7.6));
}

TEST_CASE(
    "GIVEN a bad [energy] key WHEN the parameters are read THEN the error names the key and the accepted "
    "range") {
  rfvar::Config c = rfvar::Config::load_default();
  c.set("energy.orf_entries=9");
  try {
    (void)EnergyParams::from_config(c);
    FAIL("no error");
  } catch (const rfvar::ConfigError& err) {
    const std::string m = err.what();
    CHECK(m.find("energy.orf_entries") != std::string::npos);
    CHECK(m.find("[1, 8]") != std::string::npos);
  }
  rfvar::Config d = rfvar::Config::load_default();
  d.set("energy.config_power=[1.0, 2.0]");
  CHECK_THROWS_WITH_AS((void)EnergyParams::from_config(d), doctest::Contains("must list 7 values"),
                       rfvar::ConfigError);
}

TEST_CASE("GIVEN a split LRF WHEN its access is priced THEN its wire distance is lrf_split_private_mm") {
  rfvar::Config c = rfvar::Config::load_default();
  CHECK(EnergyParams::from_config(c).lrf == LrfOrganization::Split);
  c.set("energy.lrf_split_private_mm=0.2");
  EnergyParams p = EnergyParams::from_config(c);
  CHECK(AccessEnergy(p, 6).read_128(Level::Lrf, Datapath::Private).wire == doctest::Approx(4 * 1.9 * 0.2));
  p.lrf = LrfOrganization::Unified;  // lrf_private_mm, 0.05
  CHECK(AccessEnergy(p, 6).read_128(Level::Lrf, Datapath::Private).wire == doctest::Approx(4 * 1.9 * 0.05));
  c.set("energy.lrf=both");
  CHECK_THROWS_AS(EnergyParams::from_config(c), rfvar::ConfigError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
