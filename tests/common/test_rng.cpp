// Counter-based streams: the vectorized Philox and Box-Muller paths.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "common/rng.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;

TEST_CASE("GIVEN a stream WHEN fill_blocks runs over 1000 blocks from an odd offset THEN every word equals block()") {
  const RngStream s(7, 3, Stream::Test, 5);
  std::vector<std::uint32_t> w(4 * 1000);
  s.fill_blocks(w.data(), 1000, (1ull << 33) + 12345);
  int mismatches = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    const auto b = s.block((1ull << 33) + 12345 + i);
    for (int j = 0; j < 4; ++j) mismatches += b[static_cast<std::size_t>(j)] != w[4 * i + static_cast<std::size_t>(j)];
  }
  CHECK(mismatches == 0);
}

TEST_CASE("GIVEN 2^22 normals (seed 11) WHEN filled by the vectorized Box-Muller THEN mean, variance, tail "
          "mass and pair correlation are standard normal within 5 standard errors") {
  const RngStream s(11, 0, Stream::Test, 2);
  const std::size_t n = 1u << 22;
  std::vector<float> z(n);
  s.fill_normal_float(z.data(), n, 0);
  double m = 0.0, v = 0.0, c = 0.0;
  std::size_t t3 = 0;
  for (std::size_t i = 0; i < n; ++i) {
    m += z[i];
    v += static_cast<double>(z[i]) * z[i];
    t3 += std::abs(z[i]) > 3.0f;
  }
  for (std::size_t i = 0; i + 1 < n; i += 2) c += static_cast<double>(z[i]) * z[i + 1];
  m /= n;
  v /= n;
  c /= n / 2;
  const double sn = std::sqrt(static_cast<double>(n));
  CHECK(std::abs(m) < 5.0 / sn);
  CHECK(std::abs(v - 1.0) < 5.0 * std::sqrt(2.0) / sn);
  CHECK(std::abs(c) < 5.0 / std::sqrt(n / 2.0));
  const double p3 = 2.6998e-3;  // P(|Z| > 3)
  CHECK(std::abs(static_cast<double>(t3) / n - p3) < 5.0 * std::sqrt(p3 / n));
  // Only the tail end: position n - 3 of a fill of n - 3 equals that of the full fill.
  std::vector<float> part(n - 3);
  s.fill_normal_float(part.data(), n - 3, 0);
  CHECK(part.back() == z[n - 4]);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
