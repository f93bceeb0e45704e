#include "common/rng.h"

#include "common/fast_math.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace rfvar {

namespace {

constexpr std::size_t kBatch = 64;  // blocks per vectorized batch

// Philox4x32-10 (Salmon et al. SC 2011; Random123's philox4x32round/bumpkey) on kBatch
// consecutive counters, structure-of-arrays so the compiler vectorizes the 32x32->64 products.
void philox_batch(std::uint64_t first, std::size_t count, std::uint32_t c2, std::uint32_t c3,
                  std::uint32_t k0, std::uint32_t k1, std::uint32_t (&x)[4][kBatch]) {
  for (std::size_t i = 0; i < kBatch; ++i) {
    const std::uint64_t idx = first + std::min(i, count - 1);
    x[0][i] = static_cast<std::uint32_t>(idx);
    x[1][i] = static_cast<std::uint32_t>(idx >> 32);
    x[2][i] = c2;
    x[3][i] = c3;
  }
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k0 += 0x9E3779B9u;
      k1 += 0xBB67AE85u;
    }
#pragma omp simd
    for (std::size_t i = 0; i < kBatch; ++i) {
      const std::uint64_t p0 = static_cast<std::uint64_t>(0xD2511F53u) * x[0][i];
      const std::uint64_t p1 = static_cast<std::uint64_t>(0xCD9E8D57u) * x[2][i];
      const std::uint32_t n0 = static_cast<std::uint32_t>(p1 >> 32) ^ x[1][i] ^ k0;
      const std::uint32_t n2 = static_cast<std::uint32_t>(p0 >> 32) ^ x[3][i] ^ k1;
      x[1][i] = static_cast<std::uint32_t>(p1);
      x[3][i] = static_cast<std::uint32_t>(p0);
      x[0][i] = n0;
      x[2][i] = n2;
    }
  }
}

// sqrt(x) for x >= 0 without a libm call (std::sqrt keeps errno handling, which blocks
// vectorization): inverse square root by the bit estimate and three Newton steps (relative
// error ~1e-7, float rounding), then x / sqrt(x). Exactly 0 for x = 0.
inline float sqrtf_vec(float x) {
  float y = std::bit_cast<float>(0x5f375a86u - (std::bit_cast<std::uint32_t>(x) >> 1));
  const float h = 0.5f * x;
  y = y * (1.5f - h * y * y);
  y = y * (1.5f - h * y * y);
  y = y * (1.5f - h * y * y);
  return x * y;
}

// Box-Muller pair from two 32-bit words: r = sqrt(-2 log u1), u1 = (w1 + 1/2) 2^-32; angle
// 2 pi w2 / 2^32 as quadrant (top two bits) + a in [0, pi/2), sin/cos of a by Taylor series
// (|error| < 6e-8 on [0, pi/2]).
inline void box_muller(std::uint32_t w1, std::uint32_t w2, float& zx, float& zy) {
  const float u1 = static_cast<float>(w1) * 0x1p-32f + 0x1p-33f;
  const float r = sqrtf_vec(-2.0f * fast_logf(u1));  // u1 <= 1 (rounds to 1 at the top); no clamp: GCC 12
                                                   // stops vectorizing at std::min with a constant
  const std::uint32_t q = w2 >> 30;
  const float a = static_cast<float>(w2 & 0x3FFFFFFFu) * (0x1p-30f * 1.57079632679f);
  const float a2 = a * a;
  const float s = a * (1.0f + a2 * (-1.0f / 6 + a2 * (1.0f / 120 + a2 * (-1.0f / 5040 + a2 * (1.0f / 362880 +
                  a2 * (-1.0f / 39916800))))));
  const float c = 1.0f + a2 * (-0.5f + a2 * (1.0f / 24 + a2 * (-1.0f / 720 + a2 * (1.0f / 40320 +
                  a2 * (-1.0f / 3628800 + a2 * (1.0f / 479001600))))));
  // (cos, sin) of a + q pi/2: odd quadrants swap (c, s) -> (-s, c); quadrants 2, 3 negate
  const bool odd = (q & 1u) != 0;
  const float rs = (q & 2u) != 0 ? -r : r;
  zx = rs * (odd ? -s : c);
  zy = rs * (odd ? c : s);
}

}  // namespace

void RngStream::fill_blocks(std::uint32_t* out, std::size_t nblocks, std::uint64_t first_block) const {
  std::uint32_t x[4][kBatch];
  for (std::size_t done = 0; done < nblocks; done += kBatch) {
    const std::size_t m = std::min(kBatch, nblocks - done);
    philox_batch(first_block + done, m, chip_, tag_, key_[0], key_[1], x);
    for (std::size_t i = 0; i < m; ++i)
      for (int j = 0; j < 4; ++j) out[4 * (done + i) + static_cast<std::size_t>(j)] = x[j][i];
  }
}

void RngStream::fill_normal_float(float* out, std::size_t n, std::uint64_t first_block) const {
  std::uint32_t x[4][kBatch];
  float z[4][kBatch];
  const std::size_t nblocks = (n + 3) / 4;
  for (std::size_t done = 0; done < nblocks; done += kBatch) {
    const std::size_t m = std::min(kBatch, nblocks - done);
    philox_batch(first_block + done, m, chip_, tag_, key_[0], key_[1], x);
#pragma omp simd
    for (std::size_t i = 0; i < kBatch; ++i) {
      box_muller(x[0][i], x[1][i], z[0][i], z[1][i]);
      box_muller(x[2][i], x[3][i], z[2][i], z[3][i]);
    }
    const std::size_t base = 4 * done;
    if (base + 4 * m <= n) {
      for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < 4; ++j) out[base + 4 * i + j] = z[j][i];
    } else {
      for (std::size_t k = 0; base + k < n; ++k) out[base + k] = z[k % 4][k / 4];
    }
  }
}

}  // namespace rfvar
