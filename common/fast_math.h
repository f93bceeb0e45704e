// Branch-free float logarithm and exponential that compilers vectorize in plain loops.
//
// Contract: fast_logf(x) for positive, normal, finite x; absolute error < 2e-7 for x in
// [1e-3, 1e3] (Cephes logf polynomial, Moshier 1984). fast_expf(x) for |x| < 80; relative error
// < 3e-7 (Cephes expf). No errno, no special cases: callers clamp. (GCC 12 note: a std::min /
// std::max against a compile-time constant in the same loop can stop it vectorizing.)
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace rfvar {

inline float fast_logf(float x) {
  std::uint32_t ix = std::bit_cast<std::uint32_t>(x);
  float e = static_cast<float>(static_cast<int>((ix >> 23) & 0xffu) - 126);  // x = m 2^e, m in [0.5, 1)
  ix = (ix & 0x007fffffu) | 0x3f000000u;
  float m = std::bit_cast<float>(ix);
  const bool small = m < 0.70710678f;
  e = small ? e - 1.0f : e;
  m = small ? m + m - 1.0f : m - 1.0f;
  const float z = m * m;
  float y = 7.0376836292E-2f;
  y = y * m - 1.1514610310E-1f;
  y = y * m + 1.1676998740E-1f;
  y = y * m - 1.2420140846E-1f;
  y = y * m + 1.4249322787E-1f;
  y = y * m - 1.6668057665E-1f;
  y = y * m + 2.0000714765E-1f;
  y = y * m - 2.4999993993E-1f;
  y = y * m + 3.3333331174E-1f;
  y = y * m * z;
  y += -2.12194440e-4f * e;
  y += -0.5f * z;
  return m + y + 0.693359375f * e;
}

inline float fast_expf(float x) {
  const float n = std::nearbyint(x * 1.44269504088896341f);  // x = n ln2 + r, |r| <= ln2 / 2
  float r = x - n * 0.693359375f;                              // Cody-Waite split of ln 2
  r = r + n * 2.12194440e-4f;
  const float r2 = r * r;
  float p = 1.9875691500E-4f;
  p = p * r + 1.3981999507E-3f;
  p = p * r + 8.3334519073E-3f;
  p = p * r + 4.1665795894E-2f;
  p = p * r + 1.6666665459E-1f;
  p = p * r + 5.0000001201E-1f;
  p = p * r2 + r + 1.0f;
  const std::uint32_t bits = static_cast<std::uint32_t>(static_cast<int>(n) + 127) << 23;
  return p * std::bit_cast<float>(bits);
}

}  // namespace rfvar
