// Stationary isotropic Gaussian unit fields on the die with the spherical correlation (docs/models.md#varius).
//
// Contract: the die is the unit square on a G x G grid of cells (h = 1/G); a field value belongs
// to the cell centre and is row-major [y][x]. spherical_rho() is VARIUS's kernel
//   rho(r) = 1 - 1.5 (r/phi) + 0.5 (r/phi)^3 for r < phi, else 0      (Sarangi 2008 Eq. 3)
// CirculantField draws exact samples (zero mean, unit variance, covariance rho(|xi - xj|)) by
// circulant embedding (Wood & Chan 1994): the grid is embedded in an M x M torus with
// M >= G + phi/h, whose covariance is diagonalized by the 2-D DFT; one complex normal draw gives
// two independent fields (real and imaginary parts). CholeskyField is the dense-matrix oracle for
// small grids (G <= 32), used by tests. Both are immutable after construction and thread-safe.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

#include "common/rng.h"

namespace rfvar::varius {

double spherical_rho(double r, double phi);

class CirculantField {
 public:
  CirculantField(int grid, double phi);

  int grid() const { return grid_; }
  int torus() const { return m_; }
  // Most negative eigenvalue of the embedding divided by the largest (clipped to 0 when used);
  // 0 means the embedding is exactly non-negative definite.
  double min_eigen_ratio() const { return min_eigen_ratio_; }

  // Two independent unit fields (G*G each) from the M*M real and imaginary standard normals.
  void from_normals(const float* z_re, const float* z_im, std::vector<double>& field_a,
                    std::vector<double>& field_b) const;
  // Same, drawing the normals from `rng` (blocks [0, M*M/2) of it).
  void sample(const RngStream& rng, std::vector<double>& field_a, std::vector<double>& field_b) const;

 private:
  int grid_, m_;
  double min_eigen_ratio_ = 0.0;
  std::vector<double> sqrt_lambda_;  // sqrt(eigenvalue) / M, [M*M]
};

class CholeskyField {
 public:
  CholeskyField(int grid, double phi);  // grid <= 32
  int grid() const { return grid_; }
  // One unit field from G*G standard normals z: field = L z with C = L L^T.
  std::vector<double> from_normals(const std::vector<double>& z) const;
  std::vector<double> sample(RngStream& rng) const;

 private:
  int grid_;
  std::vector<double> lower_;  // row-major L, [G^2 * G^2]
};

}  // namespace rfvar::varius
