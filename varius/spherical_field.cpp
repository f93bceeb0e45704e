#include "varius/spherical_field.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "varius/fft2.h"

namespace rfvar::varius {

double spherical_rho(double r, double phi) {
  if (r >= phi) return 0.0;
  const double s = r / phi;
  return 1.0 - 1.5 * s + 0.5 * s * s * s;  // Sarangi 2008 (VARIUS) Eq. 3
}

namespace {
// Eigenvalues of the M x M torus covariance: DFT of the wrapped correlation (Wood & Chan 1994).
std::vector<double> torus_eigenvalues(int m, int grid, double phi) {
  const double h = 1.0 / grid;
  std::vector<std::complex<double>> c(static_cast<std::size_t>(m) * m);
  for (int i = 0; i < m; ++i) {
    const int di = std::min(i, m - i);
    for (int j = 0; j < m; ++j) {
      const int dj = std::min(j, m - j);
      c[static_cast<std::size_t>(i) * m + j] = spherical_rho(h * std::hypot(di, dj), phi);
    }
  }
  fft2_forward(c, m, m);
  std::vector<double> lambda(c.size());
  for (std::size_t k = 0; k < c.size(); ++k) lambda[k] = c[k].real();  // symmetric: real spectrum
  return lambda;
}
}  // namespace

CirculantField::CirculantField(int grid, double phi) : grid_(grid) {
  if (grid < 2 || phi <= 0.0) throw std::invalid_argument("CirculantField: grid >= 2 and phi > 0");
  // M >= G + phi/h keeps every wrapped lag beyond the kernel's support (docs/models.md#varius).
  m_ = next_fft_size(grid + static_cast<int>(std::ceil(phi * grid)));
  std::vector<double> lambda;
  for (int attempt = 0;; ++attempt) {
    lambda = torus_eigenvalues(m_, grid, phi);
    const auto [mn, mx] = std::minmax_element(lambda.begin(), lambda.end());
    min_eigen_ratio_ = std::min(0.0, *mn / *mx);
    if (min_eigen_ratio_ > -1e-9 || attempt == 3) break;
    m_ = next_fft_size(2 * m_);  // a larger torus makes the embedding non-negative definite
  }
  sqrt_lambda_.resize(lambda.size());
  for (std::size_t k = 0; k < lambda.size(); ++k)
    sqrt_lambda_[k] = std::sqrt(std::max(lambda[k], 0.0)) / m_;
}

void CirculantField::from_normals(const float* z_re, const float* z_im, std::vector<double>& field_a,
                                  std::vector<double>& field_b) const {
  const std::size_t mm = static_cast<std::size_t>(m_) * m_;
  std::vector<std::complex<double>> w(mm);
  for (std::size_t k = 0; k < mm; ++k) w[k] = sqrt_lambda_[k] * std::complex<double>(z_re[k], z_im[k]);
  // X = F diag(sqrt(Lambda)/M) Z has E[X X^*] = 2C and E[X X^T] = 0, so Re X and Im X are
  // independent with covariance C (Wood & Chan 1994, Sec. 2).
  fft2_forward(w, m_, m_);
  const std::size_t gg = static_cast<std::size_t>(grid_) * grid_;
  field_a.resize(gg);
  field_b.resize(gg);
  for (int y = 0; y < grid_; ++y)
    for (int x = 0; x < grid_; ++x) {
      const auto v = w[static_cast<std::size_t>(y) * m_ + x];
      field_a[static_cast<std::size_t>(y) * grid_ + x] = v.real();
      field_b[static_cast<std::size_t>(y) * grid_ + x] = v.imag();
    }
}

void CirculantField::sample(const RngStream& rng, std::vector<double>& field_a,
                            std::vector<double>& field_b) const {
  const std::size_t mm = static_cast<std::size_t>(m_) * m_;
  std::vector<float> z(2 * mm);
  rng.fill_normal_float(z.data(), z.size());
  from_normals(z.data(), z.data() + mm, field_a, field_b);
}

CholeskyField::CholeskyField(int grid, double phi) : grid_(grid) {
  if (grid < 1 || grid > 32) throw std::invalid_argument("CholeskyField: grid must be in [1, 32]");
  const std::size_t n = static_cast<std::size_t>(grid) * grid;
  const double h = 1.0 / grid;
  std::vector<double>& l = lower_;  // covariance, factored in place (row-major, lower triangle)
  l.assign(n * n, 0.0);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b <= a; ++b) {
      const double dy = static_cast<double>(a / grid) - static_cast<double>(b / grid);
      const double dx = static_cast<double>(a % grid) - static_cast<double>(b % grid);
      l[a * n + b] = spherical_rho(h * std::hypot(dy, dx), phi);
    }
  for (std::size_t j = 0; j < n; ++j) {  // Cholesky-Banachiewicz, C = L L^T
    double d = l[j * n + j];
    for (std::size_t k = 0; k < j; ++k) d -= l[j * n + k] * l[j * n + k];
    if (d <= 0.0) throw std::runtime_error("CholeskyField: covariance not positive definite");
    d = std::sqrt(d);
    l[j * n + j] = d;
    for (std::size_t i = j + 1; i < n; ++i) {
      double s = l[i * n + j];
      for (std::size_t k = 0; k < j; ++k) s -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = s / d;
    }
  }
}

std::vector<double> CholeskyField::from_normals(const std::vector<double>& z) const {
  const std::size_t n = static_cast<std::size_t>(grid_) * grid_;
  if (z.size() != n) throw std::invalid_argument("CholeskyField: need G*G normals");
  std::vector<double> f(n, 0.0);
  for (std::size_t a = 0; a < n; ++a) {
    double s = 0.0;
    for (std::size_t b = 0; b <= a; ++b) s += lower_[a * n + b] * z[b];
    f[a] = s;
  }
  return f;
}

std::vector<double> CholeskyField::sample(RngStream& rng) const {
  std::vector<double> z(static_cast<std::size_t>(grid_) * grid_);
  for (auto& v : z) v = rng.normal();
  return from_normals(z);
}

}  // namespace rfvar::varius
