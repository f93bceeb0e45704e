// nvcc-compiled kernels (tests/ptx/kernels/ops.cu -> ops.ptx) run on the interpreter against
// values computed on the CPU: warp shuffles and votes, integer and bit operations, conversions
// with every rounding mode, float special functions, local arrays and atomics.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "tests/ptx/ptx_run.h"

namespace {
namespace RFVAR_UNITY_ID {

using namespace rfvar;
using namespace rfvar::test;

namespace {
std::string ops_ptx() {
  const auto path = std::filesystem::path(__FILE__).parent_path() / "kernels" / "ops.ptx";
  std::ifstream in(path);
  REQUIRE_MESSAGE(in, "cannot read " << path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// C++ casts of out-of-range floats are undefined; PTX cvt saturates (NaN -> 0).
template <typename I>
I sat(double v) {
  if (std::isnan(v)) return 0;
  if (v <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (v >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(v);
}

std::vector<std::uint32_t> lcg_words(std::size_t n, std::uint32_t seed) {
  std::vector<std::uint32_t> v(n);
  for (auto& w : v) w = seed = seed * 1664525u + 1013904223u;
  return v;
}

const std::vector<float> kFloats = {-2.5f,  -1.5f,  -0.5f, 0.5f,    1.5f,  2.5f,    2.4999f, -3.7f,
                                    1e10f,  -1e10f, 3.3f,  0.0f,    -0.0f, 1000.7f, 65.5f,   -65.5f,
                                    127.9f, 300.2f, 0.25f, -0.75f,  1.0f,  -1.0f,   7.77f,   -9.99f,
                                    0.999f, 1.001f, 5e9f,  -129.6f, 33.3f, -0.001f, 0.3f,    4.5f};
}  // namespace

TEST_CASE(
    "ptx kernels: GIVEN shuffles and votes WHEN a warp runs them THEN each lane gets the PTX-defined "
    "source") {
  PtxRun r(ops_ptx(), {zeros(8 * 32 * 4)});
  r.launch("warp_ops", shape(32));
  const auto o = r.read<std::int32_t>(0);
  std::int32_t ballot = 0;
  for (int t = 0; t < 32; t += 3) ballot |= 1 << t;
  for (int t = 0; t < 32; ++t) {
    const auto at = [&](int row) { return o[static_cast<std::size_t>(row * 32 + t)]; };
    CHECK(at(0) == ((t + 3) & 31) * 10);
    CHECK(at(1) == (t >= 2 ? t - 2 : t) * 10);
    CHECK(at(2) == (t + 5 <= 31 ? t + 5 : t) * 10);
    CHECK(at(3) == (t ^ 6) * 10);
    CHECK(at(4) == ((t & ~7) + 1) * 10);
    CHECK(at(5) == ballot);
    CHECK(at(6) == 1);
    CHECK(at(7) == ((t % 16) + 3 <= 15 ? t + 3 : t) * 10);
  }
}

TEST_CASE("ptx kernels: GIVEN random words WHEN integer and bit operations run THEN results match C++") {
  auto in = lcg_words(64, 12345);
  in[3] = 0, in[5] = 0x80000000u, in[36] = 7;  // clz(0), brev of the sign bit, small divisor
  PtxRun r(ops_ptx(), {bytes_of_values(in), zeros(32 * 16 * 4)});
  r.launch("int_ops", shape(32));
  const auto o = r.read<std::uint32_t>(1);
  for (int t = 0; t < 32; ++t) {
    const std::uint32_t x = in[static_cast<std::size_t>(t)], y = in[static_cast<std::size_t>(t + 32)];
    const std::int32_t sx = static_cast<std::int32_t>(x), sy = static_cast<std::int32_t>(y);
    const auto at = [&](int k) { return o[static_cast<std::size_t>(t * 16 + k)]; };
    std::uint32_t rev = 0;
    for (int b = 0; b < 32; ++b) rev |= ((x >> b) & 1u) << (31 - b);
    INFO("t = " << t << " x = " << x << " y = " << y);
    CHECK(at(0) == static_cast<std::uint32_t>(std::popcount(x)));
    CHECK(at(1) == static_cast<std::uint32_t>(std::countl_zero(x)));
    CHECK(at(2) == rev);
    CHECK(at(3) ==
          ((x & 0xFFu) | ((y & 0xFFu) << 8) | (((x >> 8) & 0xFFu) << 16) | (((y >> 8) & 0xFFu) << 24)));
    CHECK(at(4) == static_cast<std::uint32_t>((std::uint64_t{x} * y) >> 32));
    CHECK(at(5) == static_cast<std::uint32_t>((std::int64_t{sx} * sy) >> 32));
    CHECK(at(6) == x / (y | 1u));
    CHECK(at(7) == x % (y | 1u));
    CHECK(at(8) == static_cast<std::uint32_t>(sx / (sy | 1)));
    CHECK(at(9) == static_cast<std::uint32_t>(sx % (sy | 1)));
    CHECK(at(10) == static_cast<std::uint32_t>(std::min(sx, sy)));
    CHECK(at(11) == std::max(x, y));
    CHECK(at(12) == ((x >> 7) & 0x3FFu));
    CHECK(at(13) == static_cast<std::uint32_t>(sx >> (y & 31u)));
    CHECK(at(14) == static_cast<std::uint32_t>((std::uint64_t{x} * y) >> 20));
    CHECK(at(15) == (static_cast<std::uint32_t>(sx < 0 ? -static_cast<std::int64_t>(sx) : sx) ^ (0u - y)));
  }
}

TEST_CASE(
    "ptx kernels: GIVEN floats WHEN converted with each rounding mode THEN results saturate and round as PTX "
    "cvt") {
  PtxRun r(ops_ptx(), {bytes_of_values(kFloats), zeros(32 * 8 * 4), zeros(32 * 8 * 4), zeros(32 * 4 * 8)});
  r.launch("cvt_ops", shape(32));
  const auto oi = r.read<std::int32_t>(1);
  const auto of = r.read<float>(2);
  const auto od = r.read<double>(3);
  for (int t = 0; t < 32; ++t) {
    const float x = kFloats[static_cast<std::size_t>(t)];
    INFO("t = " << t << " x = " << x);
    const auto i = [&](int k) { return oi[static_cast<std::size_t>(t * 8 + k)]; };
    const auto f = [&](int k) { return of[static_cast<std::size_t>(t * 8 + k)]; };
    const auto d = [&](int k) { return od[static_cast<std::size_t>(t * 4 + k)]; };
    CHECK(i(0) == sat<std::int32_t>(std::nearbyint(x)));
    CHECK(i(1) == sat<std::int32_t>(std::trunc(x)));
    CHECK(i(2) == sat<std::int32_t>(std::floor(x)));
    CHECK(i(3) == sat<std::int32_t>(std::ceil(x)));
    CHECK(i(4) == static_cast<std::int32_t>(sat<std::uint32_t>(std::trunc(std::fabs(x)))));
    CHECK(i(5) == static_cast<std::int32_t>(sat<std::int64_t>(std::trunc(x * 1e9f)) >> 16));
    CHECK(i(6) == static_cast<std::int32_t>(static_cast<std::int8_t>(sat<std::int32_t>(std::trunc(x)))));
    CHECK(i(7) ==
          static_cast<std::int32_t>(static_cast<std::uint16_t>(sat<std::int32_t>(std::trunc(x * 1000.0f)))));
    CHECK(f(0) == std::nearbyint(x));
    CHECK(f(1) == std::floor(x));
    CHECK(f(2) == std::ceil(x));
    CHECK(f(3) == std::trunc(x));
    CHECK(f(4) == std::clamp(x, 0.0f, 1.0f));
    CHECK(f(5) == static_cast<float>(t * 7 - 100));
    CHECK(f(6) == static_cast<float>(static_cast<double>(x) * 1.0000001));
    CHECK(f(7) == std::fmin(x, 0.5f) + std::fmax(x, -0.5f));
    CHECK(d(0) == static_cast<double>(x) * 3.0);
    CHECK(d(1) == std::sqrt(static_cast<double>(std::fabs(x))));
    CHECK(d(2) == 1.0 / (static_cast<double>(x) + 0.25));
    CHECK(d(3) == static_cast<double>(sat<std::int64_t>(std::trunc(x * 1e10f))));
  }
}

TEST_CASE(
    "ptx kernels: GIVEN floats WHEN special functions run THEN they match the C++ library within 2e-6 "
    "relative") {
  std::vector<float> in(kFloats);
  for (float& v : in)
    if (std::fabs(v) > 2000.0f) v = std::fmod(v, 50.0f);  // keep __expf finite
  in[8] = 123456.7f;  // sinf's slow (Payne-Hanek, local memory) range reduction
  PtxRun r(ops_ptx(), {bytes_of_values(in), zeros(32 * 12 * 4)});
  r.launch("float_ops", shape(32));
  const auto o = r.read<float>(1);
  for (int t = 0; t < 32; ++t) {
    const float x = in[static_cast<std::size_t>(t)];
    INFO("t = " << t << " x = " << x);
    const std::vector<double> want = {x / 3.0f,
                                      1.0f / std::sqrt(std::fabs(x) + 1.0f),
                                      std::exp(x),
                                      std::log(std::fabs(x) + 1.0f),
                                      std::sin(x),
                                      std::cos(x),
                                      std::sqrt(std::fabs(x)),
                                      x / 7.0f,
                                      std::copysign(2.0f, x),
                                      std::sin(x),
                                      std::exp(x * 0.5f),
                                      1.0f / x};
    for (std::size_t k = 0; k < want.size(); ++k) {
      const double got = o[static_cast<std::size_t>(t) * 12 + k];
      INFO("k = " << k << " got " << got << " want " << want[k]);
      // __expf is ex2.approx(x * log2(e)): the product's rounding costs |x| * 2^-24 relative (1e-5 here)
      const double rel = k == 2 ? 1e-5 : 2e-6;
      if (std::isinf(want[k]))
        CHECK(got == want[k]);
      else
        CHECK(std::fabs(got - want[k]) <= 2e-6 + rel * std::fabs(want[k]));
    }
  }
}

TEST_CASE(
    "ptx kernels: GIVEN a data-indexed per-thread array WHEN run THEN local memory holds each thread's "
    "copy") {
  std::vector<std::int32_t> idx(32);
  for (int i = 0; i < 32; ++i) idx[static_cast<std::size_t>(i)] = (i * 7 + 3) % 19;
  PtxRun r(ops_ptx(), {bytes_of_values(idx), zeros(32 * 4)});
  r.launch("local_array", shape(32));
  const auto out = r.read<std::int32_t>(1);
  for (int t = 0; t < 32; ++t) {
    const int k = idx[static_cast<std::size_t>(t)] & 15;
    CHECK(out[static_cast<std::size_t>(t)] == k * t + idx[static_cast<std::size_t>(k)]);
  }
  bool local = false;
  for (const auto& in : r.prog.find("local_array")->info)
    local |= in.opcode.find(".local") != std::string::npos;
  CHECK(local);
}

TEST_CASE(
    "ptx kernels: GIVEN atomics from two blocks of 64 threads WHEN run THEN they apply in block, warp, lane "
    "order") {
  std::vector<std::uint32_t> g(16 + 128, 0);
  g[2] = 0xFFFFFFFFu;
  PtxRun r(ops_ptx(), {bytes_of_values(g), zeros(16)});
  r.launch("atomics", shape(64, 2));
  const auto o = r.read<std::uint32_t>(0);
  const auto oi = r.read<std::int32_t>(1);
  std::uint32_t x = 0;
  for (std::uint32_t t = 0; t < 128; ++t) x ^= t * 2654435761u;
  CHECK(o[0] == 128 % 11);  // atomicInc wraps after 10
  CHECK(o[1] == 128);       // the compare-and-swap chain succeeds only in thread order
  CHECK(oi[0] == -127);
  CHECK(oi[1] == 127);
  CHECK(o[2] == 0);
  CHECK(o[3] == 0xFFFFFFFFu);
  CHECK(o[4] == x);
  CHECK(o[5] == 127);
  CHECK(o[6] == 0);
  CHECK(o[7] == 256);  // 128 * 2^33 = 2^40
  CHECK(o[8] == 384);
  for (std::uint32_t t = 0; t < 128; ++t) CHECK(o[16 + t] == 3 * t);
  CHECK(oi[2] == 63 * 64 / 2);
  CHECK(oi[3] == 127 * 128 / 2 - 63 * 64 / 2);
}

}  // namespace RFVAR_UNITY_ID
}  // namespace
