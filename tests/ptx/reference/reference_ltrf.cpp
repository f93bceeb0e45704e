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

#include "tests/ptx/reference/reference.h"

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
  // 63 terms of phiMag <= 2: 1e-3 absolute + 1e-4 relative (|Q| up to ~40) covers both widely.
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

// ---------------------------------------------------------------------------------------------
// lbm-small: Parboil lbm, 120 x 5 x 5 cells, lbm_initialize_flags on both grids then 2 time steps
// of performStreamCollide_kernel, grid_a -> grid_b -> grid_a (data/cuda/lbm/lbm-small.toml).
// Structure-of-arrays layout with Parboil's padding (x + 8, z + 4) and a 2-plane margin before
// and after; both whole allocations are compared (the streaming writes padding and margins too).
struct LbmGeometry {
  int sx, sy, sz, px, py, pz;
  long tpc, margin;
  LbmGeometry(int x, int y, int z) : sx(x), sy(y), sz(z), px(x + 8), py(y), pz(z + 4) {
    tpc = static_cast<long>(px) * py * pz;
    margin = 2L * px * py;
  }
  long index(int x, int y, int z, int e) const {  // into the allocation (MARGIN included)
    return margin + tpc * e + x + static_cast<long>(y) * px + static_cast<long>(z) * px * py;
  }
};

void lbm_flags(const LbmGeometry& g, std::vector<float>& grid) {
  enum { kObstacle = 1, kAccel = 2 };
  for (int z = 0; z < g.sz; ++z)
    for (int y = 0; y < g.sy; ++y)
      for (int x = 0; x < g.sx; ++x) {
        std::uint32_t flags = 0;
        if (x == 0 || x == g.sx - 1 || y == 0 || y == g.sy - 1 || z == 0 || z == g.sz - 1)
          flags = kObstacle;
        else if ((z == 1 || z == g.sz - 2) && x > 1 && x < g.sx - 2 && y > 1 && y < g.sy - 2)
          flags = kAccel;
        std::memcpy(&grid[g.index(x, y, z, 19)], &flags, 4);
      }
}

void lbm_step(const LbmGeometry& g, const std::vector<float>& src, std::vector<float>& dst) {
  // D3Q19 directions in Parboil's entry order C N S E W T B NE NW SE SW NT NB ST SB ET EB WT WB
  static constexpr int ex[19] = {0, 0, 0, 1, -1, 0, 0, 1, -1, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1};
  static constexpr int ey[19] = {0, 1, -1, 0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, 0, 0, 0, 0};
  static constexpr int ez[19] = {0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1};
  static constexpr int opposite[19] = {0, 2, 1, 4, 3, 6, 5, 10, 9, 8, 7, 14, 13, 12, 11, 18, 17, 16, 15};
  constexpr float omega = 1.95f;
  for (int z = 0; z < g.sz; ++z)
    for (int y = 0; y < g.sy; ++y)
      for (int x = 0; x < g.sx; ++x) {
        float f[19], out[19];
        for (int e = 0; e < 19; ++e) f[e] = src[g.index(x, y, z, e)];
        std::uint32_t flags;
        std::memcpy(&flags, &src[g.index(x, y, z, 19)], 4);
        if (flags & 1u) {  // obstacle: bounce back
          for (int e = 0; e < 19; ++e) out[e] = f[opposite[e]];
        } else {
          // sums in the kernel's order of terms
          const float rho = f[0] + f[1] + f[2] + f[3] + f[4] + f[5] + f[6] + f[7] + f[8] + f[9] +
                            f[10] + f[11] + f[12] + f[13] + f[14] + f[15] + f[16] + f[17] + f[18];
          float ux = +f[3] - f[4] + f[7] - f[8] + f[9] - f[10] + f[15] + f[16] - f[17] - f[18];
          float uy = +f[1] - f[2] + f[7] + f[8] - f[9] - f[10] + f[11] + f[12] - f[13] - f[14];
          float uz = +f[5] - f[6] + f[11] - f[12] + f[13] - f[14] + f[15] - f[16] + f[17] - f[18];
          ux /= rho;
          uy /= rho;
          uz /= rho;
          if (flags & 2u) {
            ux = 0.005f;
            uy = 0.002f;
            uz = 0.000f;
          }
          const float u2 = 1.5f * (ux * ux + uy * uy + uz * uz) - 1.0f;
          const float base = omega * rho;
          const float keep = 1.0f - omega;
          for (int e = 0; e < 19; ++e) {
            const float w = e == 0 ? 1.0f / 3.0f : (e <= 6 ? 1.0f / 18.0f : 1.0f / 36.0f);
            const float eu = static_cast<float>(ex[e]) * ux + static_cast<float>(ey[e]) * uy +
                             static_cast<float>(ez[e]) * uz;  // e . u (exact sums of +-u)
            out[e] = keep * f[e] + (w * base) * (eu * (4.5f * eu + 3.0f) - u2);
          }
        }
        for (int e = 0; e < 19; ++e) dst[g.index(x + ex[e], y + ey[e], z + ez[e], e)] = out[e];
      }
}

std::vector<Expected> lbm_small(const Buffers& in) {
  const LbmGeometry g(120, 5, 5);
  auto a = as<float>(in, "grid_a"), b = as<float>(in, "grid_b");
  lbm_flags(g, a);
  lbm_flags(g, b);
  lbm_step(g, a, b);
  lbm_step(g, b, a);
  // values ~0.04, rho ~0.76: a few float roundings (fused on the GPU) per value and step
  return {expect_f32("grid_a", a, 1e-5, 1e-6), expect_f32("grid_b", b, 1e-5, 1e-6)};
}

// ---------------------------------------------------------------------------------------------
// cfd-small: Rodinia cfd euler3d, nelr = 576, the free stream, initialize_variables on variables,
// old_variables and fluxes, then one iteration: compute_step_factor and 3 x (compute_flux,
// time_step(j)) (data/cuda/cfd/cfd-small.toml).
struct CfdState {  // one element's conserved variables and what follows from them
  float density, mx, my, mz, energy;
  float vx, vy, vz, speed_sqd, pressure, speed_of_sound;
  float fc[4][3];  // flux contributions: momentum x, y, z, density-energy (x, y, z each)
};

constexpr float kGamma = 1.4f;

// Rodinia's compute_flux_contribution: the momentum and energy flux tensors from the state's
// momentum, energy, pressure and velocity.
void cfd_flux_contribution(CfdState& s) {
  const float p = s.pressure;
  s.fc[0][0] = s.vx * s.mx + p;
  s.fc[0][1] = s.vx * s.my;
  s.fc[0][2] = s.vx * s.mz;
  s.fc[1][0] = s.fc[0][1];
  s.fc[1][1] = s.vy * s.my + p;
  s.fc[1][2] = s.vy * s.mz;
  s.fc[2][0] = s.fc[0][2];
  s.fc[2][1] = s.fc[1][2];
  s.fc[2][2] = s.vz * s.mz + p;
  const float de_p = s.energy + p;
  s.fc[3][0] = s.vx * de_p;
  s.fc[3][1] = s.vy * de_p;
  s.fc[3][2] = s.vz * de_p;
}

CfdState cfd_state(float density, float mx, float my, float mz, float energy) {
  CfdState s{};
  s.density = density;
  s.mx = mx;
  s.my = my;
  s.mz = mz;
  s.energy = energy;
  s.vx = mx / density;
  s.vy = my / density;
  s.vz = mz / density;
  s.speed_sqd = s.vx * s.vx + s.vy * s.vy + s.vz * s.vz;
  s.pressure = (kGamma - 1.0f) * (energy - 0.5f * density * s.speed_sqd);
  s.speed_of_sound = std::sqrt(kGamma * s.pressure / density);
  cfd_flux_contribution(s);
  return s;
}

std::vector<Expected> cfd_small(const Buffers& in) {
  constexpr int nelr = 576, nnb = 4, rk = 3;
  const auto areas = as<float>(in, "areas");
  const auto ese = as<std::int32_t>(in, "elements_surrounding_elements");
  const auto normals = as<float>(in, "normals");

  // the free stream (angle of attack 0, Mach 1.2, density 1.4, pressure 1): Rodinia's host computes
  // the flux contributions from the velocity it started from (ff_speed, 0, 0), not momentum / density
  CfdState ff{};
  ff.density = 1.4f;
  ff.pressure = 1.0f;
  const float ff_speed = 1.2f * std::sqrt(kGamma * ff.pressure / ff.density);
  ff.vx = ff_speed;
  ff.vy = ff.vz = 0.0f;
  ff.mx = ff.density * ff.vx;
  ff.my = ff.density * ff.vy;
  ff.mz = ff.density * ff.vz;
  ff.energy = ff.density * (0.5f * (ff_speed * ff_speed)) + (ff.pressure / (kGamma - 1.0f));
  cfd_flux_contribution(ff);
  const float ff_var[5] = {ff.density, ff.mx, ff.my, ff.mz, ff.energy};

  std::vector<float> variables(5 * nelr), fluxes(5 * nelr), step_factors(nelr);
  for (int v = 0; v < 5; ++v)
    for (int i = 0; i < nelr; ++i) variables[i + v * nelr] = fluxes[i + v * nelr] = ff_var[v];
  const std::vector<float> old_variables = variables;
  const auto state = [&](int i) {
    return cfd_state(variables[i], variables[i + nelr], variables[i + 2 * nelr],
                     variables[i + 3 * nelr], variables[i + 4 * nelr]);
  };

  for (int i = 0; i < nelr; ++i) {  // compute_step_factor
    const CfdState s = state(i);
    step_factors[i] =
        0.5f / (std::sqrt(areas[i]) * (std::sqrt(s.speed_sqd) + s.speed_of_sound));
  }
  for (int j = 0; j < rk; ++j) {
    for (int i = 0; i < nelr; ++i) {  // compute_flux
      const CfdState si = state(i);
      const float speed_i = std::sqrt(si.speed_sqd);
      const float ui[5] = {si.density, si.mx, si.my, si.mz, si.energy};
      float flux[5] = {0, 0, 0, 0, 0};  // density, momentum x/y/z, density-energy
      for (int f = 0; f < nnb; ++f) {
        const int nb = ese[i + f * nelr];
        const float n[3] = {normals[i + (f + 0 * nnb) * nelr], normals[i + (f + 1 * nnb) * nelr],
                            normals[i + (f + 2 * nnb) * nelr]};
        const float normal_len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        if (nb >= 0) {
          const CfdState sn = state(nb);
          const float un[5] = {sn.density, sn.mx, sn.my, sn.mz, sn.energy};
          const float visc = -normal_len * 0.2f * 0.5f *
                             (speed_i + std::sqrt(sn.speed_sqd) + si.speed_of_sound +
                              sn.speed_of_sound);
          flux[0] += visc * (ui[0] - un[0]);
          flux[4] += visc * (ui[4] - un[4]);
          for (int c = 0; c < 3; ++c) flux[1 + c] += visc * (ui[1 + c] - un[1 + c]);
          for (int c = 0; c < 3; ++c) {  // 0.5 n_c (F_nb + F_i), component c of each flux
            const float factor = 0.5f * n[c];
            flux[0] += factor * (un[1 + c] + ui[1 + c]);
            flux[4] += factor * (sn.fc[3][c] + si.fc[3][c]);
            for (int m = 0; m < 3; ++m) flux[1 + m] += factor * (sn.fc[m][c] + si.fc[m][c]);
          }
        } else if (nb == -1) {  // wing
          for (int c = 0; c < 3; ++c) flux[1 + c] += n[c] * si.pressure;
        } else if (nb == -2) {  // far field
          for (int c = 0; c < 3; ++c) {
            const float factor = 0.5f * n[c];
            flux[0] += factor * (ff_var[1 + c] + ui[1 + c]);
            flux[4] += factor * (ff.fc[3][c] + si.fc[3][c]);
            for (int m = 0; m < 3; ++m) flux[1 + m] += factor * (ff.fc[m][c] + si.fc[m][c]);
          }
        }
      }
      for (int v = 0; v < 5; ++v) fluxes[i + v * nelr] = flux[v];
    }
    for (int i = 0; i < nelr; ++i) {  // time_step(j)
      const float factor = step_factors[i] / static_cast<float>(rk + 1 - j);
      for (int v = 0; v < 5; ++v)
        variables[i + v * nelr] = old_variables[i + v * nelr] + factor * fluxes[i + v * nelr];
    }
  }
  std::vector<float> ff_buf(ff_var, ff_var + 5);
  for (int m = 0; m < 4; ++m)
    for (int c = 0; c < 3; ++c) ff_buf.push_back(ff.fc[m][c]);
  // values O(1), fluxes O(0.1): a few ulps per operation (fused on the GPU), 3 stages
  return {expect_f32("ff", ff_buf, 1e-6, 1e-6), expect_f32("step_factors", step_factors, 1e-5, 1e-6),
          expect_f32("fluxes", fluxes, 1e-4, 1e-5), expect_f32("variables", variables, 1e-5, 1e-5),
          expect_f32("old_variables", old_variables, 1e-6, 1e-6)};
}

}  // namespace

std::map<std::string, Reference> ltrf_references() {
  return {
      {"cfd-small", cfd_small},
      {"lbm-small", lbm_small},
      {"mriq-small", mriq_small},
      {"sgemm-small", sgemm_small},
      {"srad-small", srad_small},
  };
}

}  // namespace rfvar::test
