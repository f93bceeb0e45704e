#include "study/freq/freq_stats.h"

#include <algorithm>
#include <cmath>

namespace rfvar::study {

Distribution summarize(std::span<const double> values, int bins, double lo, double hi) {
  Distribution d;
  d.lo = lo;
  d.hi = hi;
  d.counts.assign(static_cast<std::size_t>(std::max(bins, 1)), 0);
  if (values.empty()) return d;
  double sum = 0.0;
  d.min = d.max = values[0];
  for (double v : values) {
    sum += v;
    d.min = std::min(d.min, v);
    d.max = std::max(d.max, v);
  }
  d.mean = sum / static_cast<double>(values.size());
  if (values.size() > 1) {
    double ss = 0.0;
    for (double v : values) ss += (v - d.mean) * (v - d.mean);
    d.std = std::sqrt(ss / static_cast<double>(values.size() - 1));
  }
  const double w = (hi - lo) / static_cast<double>(d.counts.size());
  for (double v : values) {
    const auto i = static_cast<long>(std::floor((v - lo) / w));
    ++d.counts[static_cast<std::size_t>(std::clamp(i, 0L, static_cast<long>(d.counts.size()) - 1))];
  }
  return d;
}

}  // namespace rfvar::study
