// Statistics of a study output over chips: mean, standard deviation, range and a histogram.
//
// Contract: pure; kept apart from the models. std is the sample standard deviation (n - 1); it is
// 0 for fewer than two values. Histogram bins are [lo + i w, lo + (i+1) w), w = (hi - lo) / bins;
// values outside [lo, hi) are counted in the first / last bin (the report says so).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace rfvar::study {

struct Distribution {
  double mean = 0.0, std = 0.0, min = 0.0, max = 0.0;
  double lo = 0.0, hi = 1.0;
  std::vector<std::int64_t> counts;  // [bins]
};

Distribution summarize(std::span<const double> values, int bins, double lo, double hi);

}  // namespace rfvar::study
