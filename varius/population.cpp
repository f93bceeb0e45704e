#include "varius/population.h"

#include <algorithm>
#include <cmath>

#include "common/parallel_jobs.h"

namespace rfvar::varius {

std::vector<ChipSample> sample_population(const ChipSampler& sampler, std::uint64_t seed,
                                          std::uint32_t first_chip, int count, Progress* progress) {
  std::vector<ChipSample> chips(static_cast<std::size_t>(std::max(count, 0)));
  parallel_jobs(count, progress, [&](int i) {
    chips[static_cast<std::size_t>(i)] = sampler.sample(seed, first_chip + static_cast<std::uint32_t>(i));
  });
  return chips;
}

double chip_norm_freq(const ChipSample& c) {
  double s = 0.0;
  for (const SmDelays& d : c.sms) s += d.baseline_norm_freq();
  return c.sms.empty() ? 0.0 : s / static_cast<double>(c.sms.size());
}

PopulationSummary summarize(const std::vector<ChipSample>& chips) {
  PopulationSummary s;
  s.chips = static_cast<int>(chips.size());
  if (chips.empty()) return s;
  s.sms_per_chip = static_cast<int>(chips.front().sms.size());
  double sum = 0.0, ratio = 0.0, within = 0.0;
  long sms = 0;
  std::vector<double> f;
  for (const ChipSample& c : chips) {
    f.push_back(chip_norm_freq(c));
    sum += f.back();
    double fmin = 1e300, fmax = 0.0;
    for (const SmDelays& d : c.sms) {
      fmin = std::min(fmin, d.baseline_norm_freq());
      fmax = std::max(fmax, d.baseline_norm_freq());
      within += static_cast<double>(d.slowest_cell) / d.fastest_cell;
      ++sms;
    }
    ratio += fmax / fmin;
  }
  const double n = static_cast<double>(chips.size());
  s.mean_norm_freq = sum / n;
  double var = 0.0;
  for (double x : f) var += (x - s.mean_norm_freq) * (x - s.mean_norm_freq);
  s.std_norm_freq = chips.size() > 1 ? std::sqrt(var / (n - 1.0)) : 0.0;
  s.sm_to_sm_ratio_mean = ratio / n;
  s.within_sm_ratio_mean = within / static_cast<double>(sms);
  return s;
}

}  // namespace rfvar::varius
