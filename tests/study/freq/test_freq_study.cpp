// Tests for study/freq/freq_study.h and study/freq/freq_stats.h.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "common/config.h"
#include "study/freq/freq_stats.h"
#include "study/freq/freq_study.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar::rfmodel;
using namespace rfvar::study;

TEST_CASE("GIVEN SM clocks WHEN a chip frequency is formed THEN it is their mean, or the min with one clock") {
  const std::vector<double> sm = {0.6, 0.7, 0.5};
  CHECK(chip_norm_freq(sm) == doctest::Approx(0.6));
  CHECK(chip_norm_freq(sm, true) == doctest::Approx(0.5));
}

TEST_CASE("GIVEN values WHEN summarized THEN mean, sample std, range and clamped histogram are right") {
  const std::vector<double> v = {0.55, 0.62, 0.65, 2.0};
  const Distribution d = summarize(v, 10, 0.0, 1.0);
  CHECK(d.mean == doctest::Approx(0.955));
  CHECK(d.std == doctest::Approx(0.6979255));  // sqrt(sum of squares / 3)
  CHECK(d.min == 0.55);
  CHECK(d.max == 2.0);
  CHECK(d.counts[5] == 1);  // 0.55
  CHECK(d.counts[6] == 2);  // 0.62, 0.65
  CHECK(d.counts[9] == 1);  // 2.0 clamped into the last bin
}

TEST_CASE("GIVEN an SM whose register delays rise with the lane WHEN all techniques run THEN VL-SB beats baseline") {
  rfvar::varius::RfGeometry g;
  rfvar::varius::SmDelays sm;
  sm.reg_delay.resize(static_cast<std::size_t>(g.registers()));
  for (int r = 0; r < g.registers(); ++r) sm.reg_delay[static_cast<std::size_t>(r)] = 1.0f + 0.01f * static_cast<float>(r % 32);
  sm.vector_delay.assign(static_cast<std::size_t>(g.vectors()), 1.31f);
  const std::vector<std::string> names = {"baseline", "vl-sb", "vl-sb+rf-bro"};
  const auto f = sm_frequencies(sm, g, RfParams{}, names);
  REQUIRE(f.size() == 3);
  CHECK(f[0].clock_norm == doctest::Approx(1.0 / 1.31));
  // Every bank has a fast half (lanes 0-15, max 1.15) and a slow half (1.31): 16 fast sub-banks
  // of 32 < 22, so 6 upper halves must be fast too and the clock is set by 1.31 -> no gain, and
  // every bank keeps one slow half without re-organization.
  CHECK(f[1].clock_norm == doctest::Approx(1.0 / 1.31));
  CHECK(f[2].slow_fraction == doctest::Approx(0.0));
  const std::vector<std::string> bad = {"nope"};
  CHECK_THROWS_AS(sm_frequencies(sm, g, RfParams{}, bad), rfvar::InputError);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
