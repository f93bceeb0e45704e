// CPU references of the LTRF study's CUDA workloads (data/cuda/{cfd,lbm,mriq,sgemm,srad}), one per
// "<bench>-small" harness: plain C++ transcriptions of each benchmark's algorithm (float math in
// float, double where the CUDA source promotes to double), written from the algorithm, not from
// the PTX. The scalar kernel arguments of each small harness are hard-coded here (the harness
// comments say so): change both together.
//
// Tolerances: nvcc contracts a * b + c into fused multiply-adds and this file does not, so float
// results differ by a few ulps per operation; mri-q's __sinf / __cosf are the GPU's approximate
// sin.approx / cos.approx (absolute error ~1e-6 on the arguments used) against libm here.
#include <cmath>
#include <cstdint>
#include <cstring>

#include "tests/arch/ptx/reference/reference.h"

namespace rfvar::test {
namespace {

Expected expect_f32(const std::string& name, const std::vector<float>& v, double rel_tol,
                    double abs_tol) {
  return Expected{name, "f32", bytes_of(v), rel_tol, abs_tol};
}

// ---------------------------------------------------------------------------------------------
// sgemm-small: Parboil mysgemmNT, C = alpha A B^T + beta C, column-major, m = 256, n = 32, k = 16,
// alpha = 1.5, beta = 0.5 (data/cuda/sgemm/sgemm-small.toml).
std::vector<Expected> sgemm_small(const Buffers& in) {
  constexpr int m = 256, n = 32, k = 16;
  constexpr float alpha = 1.5f, beta = 0.5f;
  const auto A = as<float>(in, "A");  // lda = m
  const auto B = as<float>(in, "B");  // ldb = n
  auto C = as<float>(in, "C");        // ldc = m
  for (int col = 0; col < n; ++col) {
    for (int row = 0; row < m; ++row) {
      float c = 0.0f;  // summed in k order, as each thread's register accumulator
      for (int kk = 0; kk < k; ++kk) c += A[row + kk * m] * B[col + kk * n];
      C[row + col * m] = C[row + col * m] * beta + alpha * c;
    }
  }
  // |terms| < 1, 16 of them: a few 1e-6 of rounding at most
  return {expect_f32("C", C, 1e-5, 2e-5)};
}

// ---------------------------------------------------------------------------------------------
// mriq-small: Parboil mri-q, ComputePhiMag_GPU then one ComputeQ_GPU chunk, numX = 512 voxels,
// numK = 63 samples, kGlobalIndex = 0 (data/cuda/mriq/mriq-small.toml).
std::vector<Expected> mriq_small(const Buffers& in) {
  constexpr int numX = 512, numK = 63;
  constexpr float two_pi = 6.2831853071795864769252867665590058f;
  const auto kx = as<float>(in, "kx"), ky = as<float>(in, "ky"), kz = as<float>(in, "kz");
  const auto phiR = as<float>(in, "phiR"), phiI = as<float>(in, "phiI");
  const auto x = as<float>(in, "x"), y = as<float>(in, "y"), z = as<float>(in, "z");
  auto Qr = as<float>(in, "Qr"), Qi = as<float>(in, "Qi");
  std::vector<float> phiMag(numK);
  for (int k = 0; k < numK; ++k) phiMag[k] = phiR[k] * phiR[k] + phiI[k] * phiI[k];
  for (int v = 0; v < numX; ++v) {
    float qr = Qr[v], qi = Qi[v];
    for (int k = 0; k < numK; ++k) {  // the kernel's order: sample 0 alone (numK odd), then pairs
      const float arg = two_pi * (kx[k] * x[v] + ky[k] * y[v] + kz[k] * z[v]);
      qr += phiMag[k] * std::cos(arg);
      qi += phiMag[k] * std::sin(arg);
    }
    Qr[v] = qr;
    Qi[v] = qi;
  }
  // |arg| <= 3 pi: cos.approx / sin.approx within ~1e-6 absolute, the argument within a few ulps;
  // 63 terms of phiMag <= 2: 1e-3 absolute covers both with a wide margin (|Q| is ~5-10).
  return {expect_f32("phiMag", phiMag, 1e-6, 1e-7), expect_f32("Qr", Qr, 1e-4, 1e-3),
          expect_f32("Qi", Qi, 1e-4, 1e-3)};
}

}  // namespace

std::map<std::string, Reference> ltrf_references() {
  return {
      {"mriq-small", mriq_small},
      {"sgemm-small", sgemm_small},
  };
}

}  // namespace rfvar::test
