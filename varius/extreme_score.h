// Normal scores of the extremes of n iid cells drawn from one uniform each (fast mode, docs/models.md#varius:
// "sample the max of n iid cells directly by inverting the delay CDF at U^(1/n)").
//
// Contract: for the maximum of n iid cells with U = 1 - w uniform, P(max <= d) = F(d)^n, so the
// cell-level probability is F = U^(1/n) = exp(-e), e = -log(1 - w) / n, and the normal score is
// x = Phi^-1(exp(-e)) (the DelayQuantileTable is indexed by x). x is a smooth function of
// t = log e alone, tabulated once on a uniform t grid; scores() evaluates it for many draws at
// once (vectorized float math, |x error| < 2e-4 for scores in [-6, 7], tested against exact()).
// The minimum of n cells has score -x(w) by symmetry. w comes from the upper tail's side, so
// the large scores (w -> 0) keep full relative precision.
#pragma once

#include <cstddef>
#include <vector>

namespace rfvar::varius {

class ExtremeScoreTable {
 public:
  ExtremeScoreTable();
  // x[i] = score of the maximum of n_i cells, given w[i] in (0, 1) and log_n[i] = log n_i.
  void scores(const float* w, const float* log_n, std::size_t count, float* x) const;
  // Reference in double precision: Phi^-1((1 - w)^(1/n)), both tails without cancellation.
  static double exact(double w, double n);

 private:
  static constexpr double kTLo = -50.0, kTHi = 4.0, kTStep = 1.0 / 64;
  std::vector<float> g_;  // x at t_k = kTLo + k kTStep
};

}  // namespace rfvar::varius
