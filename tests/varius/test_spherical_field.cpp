// Spherical Gaussian fields: the FFT passes, the exactness of the circulant embedding, and the
// statistics of circulant and Cholesky (oracle) samples.
#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <vector>

#include "common/rng.h"
#include "varius/fft2.h"
#include "varius/spherical_field.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::varius;

TEST_CASE("GIVEN a 6 x 10 complex array WHEN fft2_forward runs THEN it equals the naive 2-D DFT") {
  const int n0 = 6, n1 = 10;
  RngStream rng(7, 0, Stream::Test);
  std::vector<std::complex<double>> a(n0 * n1);
  for (auto& v : a) v = {rng.normal(), rng.normal()};
  std::vector<std::complex<double>> f = a;
  fft2_forward(f, n0, n1);
  double err = 0.0;
  for (int k0 = 0; k0 < n0; ++k0)
    for (int k1 = 0; k1 < n1; ++k1) {
      std::complex<double> s = 0.0;
      for (int j0 = 0; j0 < n0; ++j0)
        for (int j1 = 0; j1 < n1; ++j1)
          s += a[j0 * n1 + j1] * std::polar(1.0, -2.0 * M_PI * (double(j0 * k0) / n0 + double(j1 * k1) / n1));
      err = std::max(err, std::abs(s - f[k0 * n1 + k1]));
    }
  CHECK(err < 1e-9);
  CHECK(next_fft_size(97) == 100);
  CHECK(next_fft_size(192) == 192);
}

TEST_CASE("GIVEN the spherical kernel THEN rho is 1 at 0, 0 beyond phi, and 0.5 at r = 0.3473 phi") {
  CHECK(spherical_rho(0.0, 0.5) == doctest::Approx(1.0));
  CHECK(spherical_rho(0.5, 0.5) == 0.0);
  CHECK(spherical_rho(0.7, 0.5) == 0.0);
  CHECK(spherical_rho(0.5 * 0.347296, 0.5) == doctest::Approx(0.5).epsilon(1e-5));
}

TEST_CASE("GIVEN a circulant embedding WHEN its implied covariance is computed from unit impulses "
          "THEN it equals rho(distance) on the grid to 1e-9") {
  const int g = 12;
  const double phi = 0.5;
  const CirculantField field(g, phi);
  CHECK(field.min_eigen_ratio() > -1e-9);
  const int m = field.torus();
  CHECK(m >= g + phi * g);
  // The field is linear in (z_re, z_im): Cov(Re) = sum over impulses of outer products.
  std::vector<double> cov(g * g * g * g, 0.0);
  std::vector<float> zr(m * m, 0.0f), zi(m * m, 0.0f);
  std::vector<double> fa, fb;
  for (int k = 0; k < 2 * m * m; ++k) {
    std::fill(zr.begin(), zr.end(), 0.0f);
    std::fill(zi.begin(), zi.end(), 0.0f);
    (k < m * m ? zr[k] : zi[k - m * m]) = 1.0f;
    field.from_normals(zr.data(), zi.data(), fa, fb);
    for (int a = 0; a < g * g; ++a)
      for (int b = 0; b < g * g; ++b) cov[a * g * g + b] += fa[a] * fa[b];
  }
  double err = 0.0;
  for (int a = 0; a < g * g; ++a)
    for (int b = 0; b < g * g; ++b) {
      const double r = std::hypot(a / g - b / g, a % g - b % g) / g;
      err = std::max(err, std::abs(cov[a * g * g + b] - spherical_rho(r, phi)));
    }
  CHECK(err < 1e-9);
}

namespace {
// Empirical correlation at lag (dx, dy) cells, pooled over fields (each unit variance, mean 0).
struct LagStats {
  double sum = 0.0, sq = 0.0;
  long n = 0;
};
void accumulate(const std::vector<double>& f, int g, int lag, LagStats& s, LagStats& var) {
  for (int y = 0; y < g; ++y)
    for (int x = 0; x + lag < g; ++x) {
      s.sum += f[y * g + x] * f[y * g + x + lag];
      ++s.n;
    }
  for (double v : f) {
    var.sum += v * v;
    ++var.n;
  }
}
}  // namespace

TEST_CASE("GIVEN 1500 circulant and 1500 Cholesky fields (G = 16, phi = 0.5, seed 11) WHEN their "
          "correlations at lags 1, 2, 4, 6 cells are estimated THEN both follow rho(r) within 0.04 "
          "and the variance is 1 within 0.04") {
  const int g = 16, fields = 1500, lags[] = {1, 2, 4, 6};
  const double phi = 0.5;
  const CirculantField circ(g, phi);
  const CholeskyField chol(g, phi);
  LagStats c_lag[4], k_lag[4], c_var, k_var;
  std::vector<double> fa, fb;
  RngStream chol_rng(11, 0, Stream::Test, 1);
  for (int i = 0; i < fields; i += 2) {
    circ.sample(RngStream(11, static_cast<std::uint32_t>(i), Stream::Test), fa, fb);
    for (int l = 0; l < 4; ++l) {
      accumulate(fa, g, lags[l], c_lag[l], c_var);
      accumulate(fb, g, lags[l], c_lag[l], c_var);
    }
    for (int rep = 0; rep < 2; ++rep) {
      const auto f = chol.sample(chol_rng);
      for (int l = 0; l < 4; ++l) accumulate(f, g, lags[l], k_lag[l], k_var);
    }
  }
  for (int l = 0; l < 4; ++l) {
    const double want = spherical_rho(static_cast<double>(lags[l]) / g, phi);
    CAPTURE(lags[l]);
    CHECK(std::abs(c_lag[l].sum / c_lag[l].n - want) < 0.04);
    CHECK(std::abs(k_lag[l].sum / k_lag[l].n - want) < 0.04);
  }
  CHECK(std::abs(c_var.sum / c_var.n - 1.0) < 0.04);
  CHECK(std::abs(k_var.sum / k_var.n - 1.0) < 0.04);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
