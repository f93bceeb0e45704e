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

// ---------------------------------------------------------------------------------------------
// srad-small: Rodinia srad_v2, a 32-row x 48-column image, 2 iterations of srad_cuda_1 and
// srad_cuda_2, q0sqr = 0.071184089, lambda = 0.5 (data/cuda/srad/srad-small.toml). Per pixel the
// four neighbours are those of the image, a neighbour outside the image being the pixel itself
// (what the kernels' border tiles load); the pixel's own coefficient serves as cN and cW, the
// coefficients of the pixels below and to the right as cS and cE. Rodinia's double literals are
// kept: q^2's numerator and denominator, c and the update are evaluated in double.
std::vector<Expected> srad_small(const Buffers& in) {
  constexpr int rows = 32, cols = 48, iterations = 2;
  constexpr float q0sqr = 0.071184089f, lambda = 0.5f;
  auto J = as<float>(in, "J");
  const std::size_t size = J.size();
  std::vector<float> C(size), N(size), S(size), W(size), E(size);
  const auto at = [&](const std::vector<float>& a, int r, int c) {
    r = r < 0 ? 0 : (r >= rows ? rows - 1 : r);
    c = c < 0 ? 0 : (c >= cols ? cols - 1 : c);
    return a[static_cast<std::size_t>(r) * cols + c];
  };
  for (int it = 0; it < iterations; ++it) {
    for (int r = 0; r < rows; ++r) {  // srad_cuda_1
      for (int c = 0; c < cols; ++c) {
        const std::size_t k = static_cast<std::size_t>(r) * cols + c;
        const float jc = J[k];
        const float n = at(J, r - 1, c) - jc, s = at(J, r + 1, c) - jc;
        const float w = at(J, r, c - 1) - jc, e = at(J, r, c + 1) - jc;
        const float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
        const float l = (n + s + w + e) / jc;
        const float num = static_cast<float>((0.5 * g2) - ((1.0 / 16.0) * (l * l)));
        float den = static_cast<float>(1 + (.25 * l));
        const float qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
        const float coef = static_cast<float>(1.0 / (1.0 + den));
        C[k] = coef < 0 ? 0.0f : (coef > 1 ? 1.0f : coef);
        N[k] = n;
        S[k] = s;
        W[k] = w;
        E[k] = e;
      }
    }
    std::vector<float> next(size);
    for (int r = 0; r < rows; ++r) {  // srad_cuda_2
      for (int c = 0; c < cols; ++c) {
        const std::size_t k = static_cast<std::size_t>(r) * cols + c;
        const float cn = C[k], cw = C[k], cs = at(C, r + 1, c), ce = at(C, r, c + 1);
        const float d_sum = cn * N[k] + cs * S[k] + cw * W[k] + ce * E[k];
        next[k] = static_cast<float>(J[k] + 0.25 * lambda * d_sum);
      }
    }
    J = next;
  }
  // J and the derivatives are O(1) and go through a few float roundings (fused multiply-adds on
  // the GPU); c = 1 / (1 + den) can amplify them where 1 + den is small, hence its wider tolerance.
  return {expect_f32("J", J, 1e-5, 1e-5),  expect_f32("C", C, 1e-4, 1e-4),
          expect_f32("N_C", N, 1e-5, 1e-5), expect_f32("S_C", S, 1e-5, 1e-5),
          expect_f32("W_C", W, 1e-5, 1e-5), expect_f32("E_C", E, 1e-5, 1e-5)};
}

}  // namespace

std::map<std::string, Reference> ltrf_references() {
  return {
      {"mriq-small", mriq_small},
      {"sgemm-small", sgemm_small},
      {"srad-small", srad_small},
  };
}

}  // namespace rfvar::test
