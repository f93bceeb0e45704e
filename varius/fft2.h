// 2-D discrete Fourier transform by row and column passes of Eigen's 1-D FFT (kissfft backend).
//
// Contract: fft2_forward() replaces the n0 x n1 row-major array `a` by its unscaled forward DFT
//   A[k0,k1] = sum_{j0,j1} a[j0,j1] exp(-2 pi i (j0 k0 / n0 + j1 k1 / n1)).
// Eigen 3.4's fwd2()/inv2() do nothing with the default backend (docs/models.md#varius), hence the explicit
// passes. Thread-safe: every call builds its own plan cache.
#pragma once

#include <complex>
#include <vector>

namespace rfvar::varius {

void fft2_forward(std::vector<std::complex<double>>& a, int n0, int n1);

// Smallest n >= min_n whose prime factors are 2, 3 and 5 (fast kissfft sizes).
int next_fft_size(int min_n);

}  // namespace rfvar::varius
