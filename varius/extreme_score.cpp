#include "varius/extreme_score.h"

#include <cmath>

#include "common/fast_math.h"
#include "varius/normal_math.h"

namespace rfvar::varius {

namespace {

// The score as a function of t = log e, e = -log(F): Phi(x) = exp(-e), 1 - Phi(x) = -expm1(-e).
double score_of_t(double t) {
  const double e = std::exp(t);
  return norm_quantile(std::exp(-e), -std::expm1(-e), true);
}

// The tabulated kernel; a free function so GCC vectorizes it (see fast_math.h).
[[gnu::noipa]] void scores_kernel(const float* g, float lo, float inv, float top, float small, const float* w,
                                  const float* log_n, std::size_t count, float* x) {
#pragma omp simd
  for (std::size_t i = 0; i < count; ++i) {
    const float wi = w[i];
    // e n = -log(1 - w): series for small w (relative error < w^4 / 5), log otherwise
    const float series = wi * (1.0f + wi * (0.5f + wi * (1.0f / 3.0f + wi * 0.25f)));
    const float lg = -fast_logf(1.0f - wi);
    const float en = wi < small ? series : lg;
    const float t = fast_logf(en) - log_n[i];
    float u = (t - lo) * inv;
    u = u > 0.0f ? u : 0.0f;
    u = u < top ? u : top;
    const int j = static_cast<int>(u);
    const float f = u - static_cast<float>(j);
    x[i] = g[j] + f * (g[j + 1] - g[j]);
  }
}

}  // namespace

ExtremeScoreTable::ExtremeScoreTable() {
  const int n = static_cast<int>(std::lround((kTHi - kTLo) / kTStep)) + 1;
  g_.resize(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) g_[static_cast<std::size_t>(k)] = static_cast<float>(score_of_t(kTLo + k * kTStep));
}

void ExtremeScoreTable::scores(const float* w, const float* log_n, std::size_t count, float* x) const {
  scores_kernel(g_.data(), static_cast<float>(kTLo), static_cast<float>(1.0 / kTStep),
                static_cast<float>(g_.size() - 2), 0x1p-7f, w, log_n, count, x);
}

double ExtremeScoreTable::exact(double w, double n) {
  const double e = -std::log1p(-w) / n;
  return norm_quantile(std::exp(-e), -std::expm1(-e), true);
}

}  // namespace rfvar::varius
