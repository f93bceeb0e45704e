// Simple alpha-power cell: d = (Leff / L0) * ((Vdd - Vth0) / (Vdd - Vth))^alpha (docs/models.md#varius option,
// Sakurai-Newton alpha-power law). One transistor per cell draws the random Vth and Leff parts.
#include <algorithm>
#include <cmath>

#include "varius/cell_timing.h"
#include "common/fast_math.h"
#include "varius/normal_math.h"

namespace rfvar::varius {

namespace {

constexpr double kFloor = 1e-3;

class CellAlphaPower final : public ICellModel {
 public:
  explicit CellAlphaPower(const VariusParams& p)
      : p_(p), sv_(p.vth_sigma_rand()), sl_(p.leff_sigma_rand()), nodes_(NormalNodes::trapezoid()) {
    log_a0_ = std::log(p.vdd_V - p.vth0_V);
  }

  std::string_view name() const override { return "alpha_power"; }
  int transistors() const override { return 1; }

  void log_delay(const float* const* dvth, const float* const* dleff, std::size_t n,
                 float* out) const override {
    const float vdd = static_cast<float>(p_.vdd_V), vth0 = static_cast<float>(p_.vth0_V);
    const float fl = static_cast<float>(kFloor), alpha = static_cast<float>(p_.alpha);
    const float la0 = static_cast<float>(log_a0_);
    const float *v = dvth[0], *l = dleff[0];
#pragma omp simd
    for (std::size_t i = 0; i < n; ++i)
      out[i] = fast_logf(std::max(1.0f + l[i], fl)) +
               alpha * (la0 - fast_logf(std::max(vdd - vth0 * (1.0f + v[i]), fl)));
  }

  double delay(const double* dvth, const double* dleff) const override {
    const double a = std::max(p_.vdd_V - p_.vth0_V * (1.0 + dvth[0]), kFloor);
    return std::max(1.0 + dleff[0], kFloor) * std::exp(p_.alpha * (log_a0_ - std::log(a)));
  }

  // D > d <=> Vth > Vth* = Vdd - (Vdd - Vth0) (L / d)^(1/alpha): Gaussian in Vth given L, with L
  // integrated by trapezoid quadrature.
  TailProbs tail_probs(double d, double sys_v, double sys_l) const override {
    const double mu_v = p_.vth0_V * (1.0 + sys_v), s_v = p_.vth0_V * sv_;
    const std::size_t nl = sl_ > 0.0 ? nodes_.z.size() : 1;
    TailProbs t{0.0, 0.0};
    for (std::size_t j = 0; j < nl; ++j) {
      const double l = std::max(1.0 + sys_l + (nl > 1 ? sl_ * nodes_.z[j] : 0.0), kFloor);
      const double vth_star = p_.vdd_V - std::exp(log_a0_ + std::log(l / d) / p_.alpha);
      const double arg = (vth_star - mu_v) / s_v;
      const double wj = nl > 1 ? nodes_.w[j] : 1.0;
      const double tail = norm_sf(std::abs(arg));
      t.above += wj * (arg >= 0.0 ? tail : 1.0 - tail);
      t.below += wj * (arg >= 0.0 ? 1.0 - tail : tail);
    }
    return t;
  }

 private:
  VariusParams p_;
  double sv_, sl_;
  NormalNodes nodes_;
  double log_a0_ = 0.0;
};

}  // namespace

std::unique_ptr<ICellModel> make_cell_alpha_power(const VariusParams& p) {
  return std::make_unique<CellAlphaPower>(p);
}

}  // namespace rfvar::varius
