// 6T read path: AX (saturated) in series with PD (linear); docs/models.md#varius after Mukhopadhyay et al. 2005.
//   I_AX = (b_AX / L_AX) (Vdd - V_R - Vth_AX)^alpha
//   I_PD = (b_PD / L_PD) (Vdd - Vth_PD)^(alpha/2) V_R / P_v
// With a = Vdd - Vth_AX, w = Vdd - Vth_PD and V_R = a t, I_AX = I_PD becomes
//   (1 - t)^alpha = k t,   k = (b_PD / b_AX) (L_AX / L_PD) w^(alpha/2) a^(1 - alpha) / P_v,
// a one-parameter equation: log h(k) = alpha log(1 - t(k)) is tabulated once, and
//   log I_read = alpha log a - log L_AX + log h(k)   (b_AX = 1),   d = I_nominal / I_read.
#include <algorithm>
#include <cmath>
#include <vector>

#include "varius/cell_timing.h"
#include "common/fast_math.h"
#include "varius/normal_math.h"

namespace rfvar::varius {

namespace {

constexpr double kFloor = 1e-3;  // clamp of Vdd - Vth (V) and relative Leff, see cell_timing.h

// The vectorized read-delay loop. The floor comes in as data: with it a compile-time constant,
// GCC 12 if-converts fast_logf differently and gives up on the loop ("control flow in loop"); hence
// also noipa, so the constant is not propagated into it.
struct Kernel {
  float vdd, vth0, alpha, floor, c0, lin, lo, inv, top;
  const float* h;  // log h(k) table
};

[[gnu::noipa]] void log_delay_kernel(const Kernel& k, const float* va, const float* vp, const float* la_, const float* lp,
                      std::size_t n, float* out) {
  const float vdd = k.vdd, vth0 = k.vth0, alpha = k.alpha, fl = k.floor;
  const float c0 = k.c0, lin = k.lin, lo = k.lo, inv = k.inv, top = k.top;
  const float* h = k.h;
#pragma omp simd
  for (std::size_t i = 0; i < n; ++i) {
    const float la = fast_logf(std::max(vdd - vth0 * (1.0f + va[i]), fl));
    const float lw = fast_logf(std::max(vdd - vth0 * (1.0f + vp[i]), fl));
    const float lla = fast_logf(std::max(1.0f + la_[i], fl));
    const float llp = fast_logf(std::max(1.0f + lp[i], fl));
    const float lk = c0 + lla - llp + (0.5f * alpha) * lw + (1.0f - alpha) * la;
    // log h(k): linear interpolation in the table, clamped at its ends
    const float u = std::min(std::max((lk - lo) * inv, 0.0f), top);
    const int j = static_cast<int>(u);
    const float f = u - static_cast<float>(j);
    const float lh = h[j] + f * (h[j + 1] - h[j]);
    out[i] = lin - (alpha * la - lla + lh);
  }
}

class Cell6T final : public ICellModel {
 public:
  explicit Cell6T(const VariusParams& p)
      : p_(p), sv_(p.vth_sigma_rand()), sl_(p.leff_sigma_rand()), nodes_(NormalNodes::trapezoid()) {
    log_c0_ = std::log(p.beta_pd_over_ax / p.p_v);
    build_h_table();
    log_i_nom_ = 0.0;
    const double zero[2] = {0.0, 0.0};
    log_i_nom_ = log_current(zero, zero);
  }

  std::string_view name() const override { return "6t"; }
  int transistors() const override { return 2; }  // AX, PD

  void log_delay(const float* const* dvth, const float* const* dleff, std::size_t n,
                 float* out) const override {
    Kernel k;
    k.vdd = static_cast<float>(p_.vdd_V);
    k.vth0 = static_cast<float>(p_.vth0_V);
    k.alpha = static_cast<float>(p_.alpha);
    k.floor = static_cast<float>(kFloor);
    k.c0 = static_cast<float>(log_c0_);
    k.lin = static_cast<float>(log_i_nom_);
    k.lo = static_cast<float>(kLogKLo);
    k.inv = static_cast<float>(1.0 / kLogKStep);
    k.top = static_cast<float>(log_h_.size() - 2);
    k.h = log_h_.data();
    log_delay_kernel(k, dvth[0], dvth[1], dleff[0], dleff[1], n, out);
  }

  double delay(const double* dvth, const double* dleff) const override {
    return std::exp(log_i_nom_ - log_current(dvth, dleff));
  }

  // D > d <=> I_read < I_t = I_nom / d. Given PD and L_AX this is Vth_AX > Vth*, with
  //   Vth* = Vdd - V_R - (I_t L_AX)^(1/alpha),  V_R = I_t P_v L_PD / (b_PD w^(alpha/2)),
  // Gaussian in Vth_AX and linear in L_PD, so both integrate in closed form
  // (E[Phibar(a - b Z)] = Phibar(a / sqrt(1 + b^2))); Vth_PD and L_AX by trapezoid quadrature.
  TailProbs tail_probs(double d, double sys_v, double sys_l) const override {
    const double it = std::exp(log_i_nom_) / d;
    const double mu_v = p_.vth0_V * (1.0 + sys_v), s_v = p_.vth0_V * sv_;
    const double mu_l = 1.0 + sys_l;
    const std::size_t nl = sl_ > 0.0 ? nodes_.z.size() : 1;
    double b_ax[64];
    for (std::size_t j = 0; j < nl; ++j) {
      const double l_ax = std::max(mu_l + (nl > 1 ? sl_ * nodes_.z[j] : 0.0), kFloor);
      b_ax[j] = std::pow(it * l_ax, 1.0 / p_.alpha);
    }
    TailProbs t{0.0, 0.0};
    for (std::size_t i = 0; i < nodes_.z.size(); ++i) {
      const double w = std::max(p_.vdd_V - p_.vth0_V * (1.0 + sys_v + sv_ * nodes_.z[i]), kFloor);
      const double c = it * p_.p_v / (p_.beta_pd_over_ax * std::pow(w, 0.5 * p_.alpha));
      const double b0 = c * sl_ / s_v, scale = 1.0 / std::sqrt(1.0 + b0 * b0);
      double above = 0.0, below = 0.0;
      for (std::size_t j = 0; j < nl; ++j) {
        const double arg = (p_.vdd_V - b_ax[j] - c * mu_l - mu_v) / s_v * scale;
        const double wj = nl > 1 ? nodes_.w[j] : 1.0;
        const double tail = norm_sf(std::abs(arg));
        above += wj * (arg >= 0.0 ? tail : 1.0 - tail);
        below += wj * (arg >= 0.0 ? 1.0 - tail : tail);
      }
      t.above += nodes_.w[i] * above;
      t.below += nodes_.w[i] * below;
    }
    return t;
  }

 private:
  static constexpr double kLogKLo = -16.0, kLogKHi = 16.0, kLogKStep = 1.0 / 512;

  // alpha log(1 - t) where (1 - t)^alpha = k t, by bisection on log form (monotone in t).
  double solve_log_h(double log_k) const {
    double lo = 0.0, hi = 1.0;
    for (int it = 0; it < 80; ++it) {
      const double t = 0.5 * (lo + hi);
      if (p_.alpha * std::log1p(-t) - std::log(t) > log_k) lo = t; else hi = t;
    }
    return p_.alpha * std::log1p(-0.5 * (lo + hi));
  }
  void build_h_table() {
    const int n = static_cast<int>(std::lround((kLogKHi - kLogKLo) / kLogKStep)) + 1;
    log_h_.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) log_h_[static_cast<std::size_t>(i)] = static_cast<float>(solve_log_h(kLogKLo + i * kLogKStep));
  }
  double log_current(const double* dvth, const double* dleff) const {
    const double a = std::max(p_.vdd_V - p_.vth0_V * (1.0 + dvth[0]), kFloor);
    const double w = std::max(p_.vdd_V - p_.vth0_V * (1.0 + dvth[1]), kFloor);
    const double l_ax = std::max(1.0 + dleff[0], kFloor), l_pd = std::max(1.0 + dleff[1], kFloor);
    const double lk = log_c0_ + std::log(l_ax) - std::log(l_pd) + 0.5 * p_.alpha * std::log(w) +
                      (1.0 - p_.alpha) * std::log(a);
    return p_.alpha * std::log(a) - std::log(l_ax) + solve_log_h(lk);
  }

  VariusParams p_;
  double sv_, sl_;  // random relative sigmas
  NormalNodes nodes_;
  double log_c0_ = 0.0, log_i_nom_ = 0.0;
  std::vector<float> log_h_;
};

}  // namespace

std::unique_ptr<ICellModel> make_cell_6t(const VariusParams& p) { return std::make_unique<Cell6T>(p); }

}  // namespace rfvar::varius
