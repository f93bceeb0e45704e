// Cell read-delay models and the fast-mode quantile table built from their tail probabilities.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/config.h"
#include "common/rng.h"
#include "varius/cell_timing.h"
#include "varius/delay_quantile_table.h"
#include "varius/normal_math.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::varius;

namespace {
VariusParams params_for(const std::string& model) {
  Config c = Config::load_default();
  c.set("varius.cell_model=" + model);
  return VariusParams::from_config(c);
}
}  // namespace

TEST_CASE("GIVEN either cell model WHEN a cell has no variation THEN its delay is 1 and it slows "
          "with higher Vth and longer Leff") {
  for (const std::string name : {"6t", "alpha_power"}) {
    CAPTURE(name);
    const auto m = make_cell_model(params_for(name));
    const double z[2] = {0.0, 0.0};
    CHECK(m->delay(z, z) == doctest::Approx(1.0).epsilon(1e-12));
    const double hv[2] = {0.1, 0.0}, hl[2] = {0.1, 0.0};
    CHECK(m->delay(hv, z) > 1.01);
    CHECK(m->delay(z, hl) > 1.01);
    if (name == "6t") {
      const double pd[2] = {0.0, 0.1};
      CHECK(m->delay(pd, z) > 1.001);  // a weaker pull-down raises V_R and slows the read
    }
  }
}

TEST_CASE("GIVEN random deviations WHEN the vectorized log_delay runs THEN it matches the double "
          "reference within 2e-6") {
  for (const std::string name : {"6t", "alpha_power"}) {
    CAPTURE(name);
    const auto m = make_cell_model(params_for(name));
    RngStream rng(3, 0, Stream::Test);
    const std::size_t n = 4099;
    std::vector<float> v0(n), v1(n), l0(n), l1(n), out(n);
    for (std::size_t i = 0; i < n; ++i) {
      v0[i] = static_cast<float>(0.2 * rng.normal());
      v1[i] = static_cast<float>(0.2 * rng.normal());
      l0[i] = static_cast<float>(0.08 * rng.normal());
      l1[i] = static_cast<float>(0.08 * rng.normal());
    }
    const float* pv[2] = {v0.data(), v1.data()};
    const float* pl[2] = {l0.data(), l1.data()};
    m->log_delay(pv, pl, n, out.data());
    double err = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
      const double dv[2] = {v0[i], v1[i]}, dl[2] = {l0[i], l1[i]};
      err = std::max(err, std::abs(out[i] - std::log(m->delay(dv, dl))));
    }
    CHECK(err < 2e-6);
  }
}

TEST_CASE("GIVEN systematic offsets (0.05, -0.03) WHEN 400 000 cells are drawn (seed 5) THEN the "
          "empirical tails match tail_probs within 4 standard errors") {
  for (const std::string name : {"6t", "alpha_power"}) {
    CAPTURE(name);
    const VariusParams p = params_for(name);
    const auto m = make_cell_model(p);
    const double sv = p.vth_sigma_rand(), sl = p.leff_sigma_rand(), sys_v = 0.05, sys_l = -0.03;
    RngStream rng(5, 0, Stream::Test);
    const int n = 400000;
    std::vector<double> d(n);
    for (int i = 0; i < n; ++i) {
      const double dv[2] = {sys_v + sv * rng.normal(), sys_v + sv * rng.normal()};
      const double dl[2] = {sys_l + sl * rng.normal(), sys_l + sl * rng.normal()};
      d[i] = m->delay(dv, dl);
    }
    std::sort(d.begin(), d.end());
    for (double frac : {0.001, 0.05, 0.5, 0.95, 0.999}) {
      const double x = d[static_cast<std::size_t>(frac * n)];
      const TailProbs t = m->tail_probs(x, sys_v, sys_l);
      CAPTURE(frac);
      CHECK(t.above + t.below == doctest::Approx(1.0).epsilon(1e-9));
      const double se = std::sqrt(frac * (1 - frac) / n);
      CHECK(std::abs(t.below - frac) < 4 * se + 1.0 / n);
    }
  }
}

TEST_CASE("GIVEN the quantile table WHEN curves are blended between nodes THEN they match the "
          "direct inversion of tail_probs within 3e-4 in log delay, far into both tails") {
  const VariusParams p = params_for("6t");
  const auto m = make_cell_model(p);
  const DelayQuantileTable t(*m, p);
  std::vector<float> c(DelayQuantileTable::points());
  for (const auto& node : {std::pair{0.0, 0.0}, {0.0137, -0.021}, {-0.151, 0.064}, {0.23, 0.011}}) {
    const double sv = node.first, sl = node.second;  // not a structured binding: captured by CAPTURE
    t.curve(sv, sl, c.data());
    for (double x : {-7.9, -4.2, -1.03, 0.0, 0.77, 3.3, 5.01, 6.2, 8.1}) {
      CAPTURE(sv);
      CAPTURE(x);
      CHECK(std::abs(DelayQuantileTable::at(c.data(), x) - t.log_delay_at_score(x, sv, sl)) < 3e-4);
    }
  }
  CHECK(t.nodes_built() > 0);
}

TEST_CASE("GIVEN probabilities in both tails WHEN norm_quantile inverts them THEN Phi(x) returns "
          "them (polished: 1e-9 relative; plain Acklam: x within 5e-5)") {
  for (double p : {1e-14, 1e-9, 1e-4, 0.02, 0.3, 0.5}) {
    CAPTURE(p);
    const double x = norm_quantile(p, 1.0 - p, true);
    CHECK(norm_cdf(x) == doctest::Approx(p).epsilon(1e-9));
    const double y = norm_quantile(1.0 - p, p, true);
    CHECK(norm_sf(y) == doctest::Approx(p).epsilon(1e-9));
    CHECK(std::abs(norm_quantile(p, 1.0 - p) - x) < 5e-5);
    CHECK(std::abs(norm_quantile(1.0 - p, p) - y) < 5e-5);
  }
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
