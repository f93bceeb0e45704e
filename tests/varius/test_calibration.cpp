// Calibration regression: the defaults reproduce Tan 2016 Fig. 3a's mean frequency.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "common/config.h"
#include "varius/population.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::varius;

TEST_CASE("GIVEN the default config WHEN 30 chips are sampled (seed 1; 8 under sanitizers) THEN "
          "mean_norm_freq is 0.60 +- 0.03 (Tan Fig. 3a) and 70 % VL-SB gains 15 +- 3 % (Tan Fig. 3c)") {
  const Config c = Config::load_default();
  const ChipSampler s(VariusParams::from_config(c), FloorplanParams::from_config(c));
  const int n = std::getenv("RFVAR_SANITIZED") ? 8 : 30;
  const auto chips = sample_population(s, 1, 0, n, nullptr);
  const PopulationSummary sum = summarize(chips);
  CHECK(sum.mean_norm_freq == doctest::Approx(0.60).epsilon(0.03 / 0.60));
  CHECK(sum.within_sm_ratio_mean > sum.sm_to_sm_ratio_mean);  // Tan §3.1: within-SM > SM-to-SM
  // 70 % VL-SB (docs/models.md#rfmodel): per SM the 22nd-fastest of 32 sub-banks sets the clock.
  double vl = 0.0;
  for (const auto& ch : chips) {
    double f = 0.0;
    for (const auto& d : ch.sms) {
      auto v = d.subbank_delay;
      std::sort(v.begin(), v.end());
      f += 1.0 / v[static_cast<std::size_t>(std::floor(0.7 * static_cast<double>(v.size()))) - 1];
    }
    vl += f / static_cast<double>(ch.sms.size());
  }
  const double gain = vl / n / sum.mean_norm_freq - 1.0;
  MESSAGE("mean_norm_freq " << sum.mean_norm_freq << ", 70% VL-SB gain " << gain);
  // Measured +13.8 % at 100 chips (docs/models.md); chip-to-chip spread of the gain is ~2 points, so
  // 8 chips (sanitizer runs) get a wider band.
  if (n >= 30)
    CHECK(gain == doctest::Approx(0.15).epsilon(0.03 / 0.15));
  else
    CHECK(gain == doctest::Approx(0.15).epsilon(0.05 / 0.15));
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
