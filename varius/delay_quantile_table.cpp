#include "varius/delay_quantile_table.h"

#include <algorithm>
#include <cmath>

#include "varius/normal_math.h"

namespace rfvar::varius {

namespace {
constexpr int kBuildPoints = 96;  // log-d samples per node, inverted onto the score grid
}

DelayQuantileTable::DelayQuantileTable(const ICellModel& model, const VariusParams& p) : model_(model) {
  const double sv = std::hypot(p.vth_sigma_sys(), p.d2d_vth_sigma_over_mu);
  const double sl = std::hypot(p.leff_sigma_sys(), p.d2d_leff_sigma_over_mu);
  if (sv > 0.0) {
    half_v_ = static_cast<int>(kExtentSigmas * kVthStepsPerSigma);
    step_v_ = sv / kVthStepsPerSigma;
  }
  if (sl > 0.0) {
    half_l_ = static_cast<int>(kExtentSigmas * kLeffStepsPerSigma);
    step_l_ = sl / kLeffStepsPerSigma;
  }
  nodes_ = std::make_unique<Node[]>(static_cast<std::size_t>((2 * half_v_ + 1) * (2 * half_l_ + 1)));
}

double DelayQuantileTable::score(double log_d, double sys_v, double sys_l) const {
  const TailProbs t = model_.tail_probs(std::exp(log_d), sys_v, sys_l);
  return norm_quantile(t.below, t.above, true);
}

double DelayQuantileTable::log_delay_at_score(double x, double sys_v, double sys_l) const {
  const double dv[2] = {sys_v, sys_v}, dl[2] = {sys_l, sys_l};
  double lo = std::log(model_.delay(dv, dl)), hi = lo;
  while (score(lo, sys_v, sys_l) > x) lo -= 0.1;
  while (score(hi, sys_v, sys_l) < x) hi += 0.1;
  for (int it = 0; it < 60; ++it) {
    const double mid = 0.5 * (lo + hi);
    (score(mid, sys_v, sys_l) < x ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

void DelayQuantileTable::build(Node& n, double sys_v, double sys_l) const {
  // Bracket scores +-(kScoreMax + margin) around the delay of the cell without random parts.
  const double dv[2] = {sys_v, sys_v}, dl[2] = {sys_l, sys_l};
  const double centre = std::log(model_.delay(dv, dl));
  const double want = kScoreMax + 0.25;
  double lo = centre - 0.02, hi = centre + 0.02, step = 0.05;
  while (score(lo, sys_v, sys_l) > -want) lo -= (step *= 1.5);
  step = 0.05;
  while (score(hi, sys_v, sys_l) < want) hi += (step *= 1.5);
  std::vector<double> ld(kBuildPoints), xs(kBuildPoints);
  for (int m = 0; m < kBuildPoints; ++m) {
    ld[m] = lo + (hi - lo) * m / (kBuildPoints - 1);
    xs[m] = score(ld[m], sys_v, sys_l);
    if (m > 0) xs[m] = std::max(xs[m], xs[m - 1]);  // guard monotonicity against rounding
  }
  n.log_d.resize(static_cast<std::size_t>(points()));
  const double shift = std::log1p(sys_l);
  int m = 0;
  for (int k = 0; k < points(); ++k) {
    const double x = -kScoreMax + k * kScoreStep;
    while (m < kBuildPoints - 2 && xs[m + 1] < x) ++m;
    const double span = xs[m + 1] - xs[m];
    const double f = span > 0.0 ? std::clamp((x - xs[m]) / span, 0.0, 1.0) : 0.0;
    n.log_d[static_cast<std::size_t>(k)] = static_cast<float>(ld[m] + f * (ld[m + 1] - ld[m]) - shift);
  }
}

const DelayQuantileTable::Node& DelayQuantileTable::node(int iv, int il) const {
  Node& n = nodes_[static_cast<std::size_t>((iv + half_v_) * (2 * half_l_ + 1) + (il + half_l_))];
  std::call_once(n.once, [&] { build(n, iv * step_v_, il * step_l_); });
  return n;
}

void DelayQuantileTable::curve(double sys_v, double sys_l, float* out) const {
  auto locate = [](double s, double step, int half, int& i0, double& f) {
    if (half == 0) {
      i0 = 0;
      f = 0.0;
      return;
    }
    const double u = std::clamp(s / step, -static_cast<double>(half), static_cast<double>(half));
    i0 = std::min(static_cast<int>(std::floor(u)), half - 1);
    f = u - i0;
  };
  int iv, il;
  double fv, fl;
  locate(sys_v, step_v_, half_v_, iv, fv);
  locate(sys_l, step_l_, half_l_, il, fl);
  const int iv1 = half_v_ ? iv + 1 : iv, il1 = half_l_ ? il + 1 : il;
  const float* a = node(iv, il).log_d.data();
  const float* b = node(iv1, il).log_d.data();
  const float* c = node(iv, il1).log_d.data();
  const float* d = node(iv1, il1).log_d.data();
  const double w00 = (1 - fv) * (1 - fl), w10 = fv * (1 - fl), w01 = (1 - fv) * fl, w11 = fv * fl;
  const double shift = std::log1p(sys_l);
  for (int k = 0; k < points(); ++k)
    out[k] = static_cast<float>(w00 * a[k] + w10 * b[k] + w01 * c[k] + w11 * d[k] + shift);
}

int DelayQuantileTable::nodes_built() const {
  int n = 0;
  const int total = (2 * half_v_ + 1) * (2 * half_l_ + 1);
  for (int k = 0; k < total; ++k) n += nodes_[static_cast<std::size_t>(k)].log_d.empty() ? 0 : 1;
  return n;
}

}  // namespace rfvar::varius
