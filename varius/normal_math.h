// Standard normal CDF tails and quantiles, accurate far into both tails.
//
// Contract: norm_sf(x) = P(Z > x) and norm_cdf(x) = P(Z <= x) keep full relative precision in
// their small tails (erfc). norm_quantile(p_lo, p_hi) returns x with Phi(x) = p_lo, where the
// caller passes both p_lo and p_hi = 1 - p_lo, each computed without cancellation, so the tail
// that is small is used: Acklam's rational approximation (|error in x| < 5e-5, tested), optionally
// polished by one Halley step on erfc (p to ~1e-12 relative) for table building.
#pragma once

#include <cmath>

namespace rfvar::varius {

inline double norm_sf(double x) { return 0.5 * std::erfc(x * M_SQRT1_2); }
inline double norm_cdf(double x) { return 0.5 * std::erfc(-x * M_SQRT1_2); }

inline double acklam_lower_tail(double p) {  // x for Phi(x) = p, p < 0.02425
  constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                          -2.549671010321159e+00, 4.374664141464968e+00, 2.938163982698783e+00};
  constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                          3.754408661907416e+00};
  const double q = std::sqrt(-2.0 * std::log(p));
  return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
         ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
}

inline double norm_quantile(double p_lo, double p_hi, bool polish = false) {
  constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                          1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
  constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                          6.680131188771972e+01, -1.328068155288572e+01};
  constexpr double kLow = 0.02425;
  double x;
  if (p_lo < kLow) {
    x = acklam_lower_tail(p_lo);
  } else if (p_hi < kLow) {
    x = -acklam_lower_tail(p_hi);
  } else {
    const double q = p_lo - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  }
  if (polish) {  // one Halley step on the smaller tail
    const double e = (p_lo < p_hi) ? norm_cdf(x) - p_lo : p_hi - norm_sf(x);
    const double u = e * std::sqrt(2.0 * M_PI) * std::exp(0.5 * x * x);
    x -= u / (1.0 + 0.5 * x * u);
  }
  return x;
}

}  // namespace rfvar::varius
