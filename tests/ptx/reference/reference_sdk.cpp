// CPU references of the CUDA SDK / Parboil benchmarks of data/cuda/ (bn 64h sla st3d pns mm), each
// for its "<bench>-small" harness: a plain C++ transcription of the algorithm of data/cuda/<bench>/
// <bench>.cu, in float where the kernel computes in float, with the same order of operations where
// it decides the rounding (the tree scan, the stencil's sum, the dot products' fused multiply-adds
// as nvcc emits them). The sizes and scalar arguments of each small harness are restated here as
// constants (the references only see the buffers); change both together.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/ptx/reference/reference.h"

namespace rfvar::test {
namespace {

template <typename T>
std::vector<T> sized(const Buffers& b, const std::string& name, std::size_t count) {
  std::vector<T> v = as<T>(b, name);
  if (v.size() != count)
    throw std::runtime_error("reference: buffer '" + name + "' has " + std::to_string(v.size()) +
                             " elements, the small harness declares " + std::to_string(count));
  return v;
}

// ---------------------------------------------------------------------------------------------
// mm-small: SDK matrixMul, C (32 x 48) = A (32 x 48) * B (48 x 48). Each C element is one
// thread's Csub, accumulated over k = 0 .. wA-1 in order (tile by tile, k within the tile) by
// fma.rn.f32 (Csub = fma(As[ty][k], Bs[k][tx], Csub)): the same single roundings as std::fma.
// Tolerance: 1e-5 relative + 1e-6 absolute (the transcription should be bit-exact).
std::vector<Expected> mm_small(const Buffers& b) {
  constexpr int hA = 32, wA = 48, wB = 48;
  const auto A = sized<float>(b, "A", hA * wA);
  const auto B = sized<float>(b, "B", wA * wB);
  std::vector<float> C(hA * wB);
  for (int r = 0; r < hA; ++r)
    for (int c = 0; c < wB; ++c) {
      float sum = 0.0f;
      for (int k = 0; k < wA; ++k) sum = std::fma(A[r * wA + k], B[k * wB + c], sum);
      C[r * wB + c] = sum;
    }
  return {{"C", "f32", bytes_of(C), 1e-5, 1e-6}};
}

// ---------------------------------------------------------------------------------------------
// 64h-small: SDK histogram64 on 16000 words, 4 blocks of 64 threads: block g counts the words
// pos = 64 g + t + 256 i (the grid-stride loop), four bins (byte >> 2) per word; the merge sums
// the 4 partial histograms. Integers: exact.
std::vector<Expected> h64_small(const Buffers& b) {
  constexpr std::uint32_t kWords = 16000, kBlocks = 4, kThreads = 64, kBins = 64;
  const auto data = sized<std::uint32_t>(b, "data", kWords);
  std::vector<std::uint32_t> partial(kBlocks * kBins, 0), hist(kBins, 0);
  for (std::uint32_t g = 0; g < kBlocks; ++g)
    for (std::uint32_t t = 0; t < kThreads; ++t)
      for (std::uint32_t pos = g * kThreads + t; pos < kWords; pos += kThreads * kBlocks)
        for (int shift : {2, 10, 18, 26}) ++partial[g * kBins + ((data[pos] >> shift) & 0x3Fu)];
  for (std::uint32_t g = 0; g < kBlocks; ++g)
    for (std::uint32_t bin = 0; bin < kBins; ++bin) hist[bin] += partial[g * kBins + bin];
  return {{"partial", "u32", bytes_of(partial)}, {"hist", "u32", bytes_of(hist)}};
}

// ---------------------------------------------------------------------------------------------
// sla-small: SDK scanLargeArray on 4096 floats: prescan of 8 chunks of 512 (block sums to
// sums0), prescan_top of the 8 sums in place (4 threads), uniformAdd. The chunk scan replays the
// kernel's trees: up-sweep s[bi] += s[ai] at strides 1 .. 256, root saved and zeroed, down-sweep
// t = s[ai]; s[ai] = s[bi]; s[bi] += t (the bank-conflict padding moves the shared addresses,
// not the values). Float adds in the same pairs and order: should be bit-exact; tolerance 1e-6
// relative + 1e-6 absolute.
float prescan_chunk(float* s, int threads) {  // exclusive scan of s[0 .. 2 threads), returns the sum
  int stride = 1;
  for (int d = threads; d > 0; d >>= 1) {
    for (int thid = 0; thid < d; ++thid) {
      const int ai = 2 * stride * thid + stride - 1;
      const int bi = ai + stride;
      s[bi] += s[ai];
    }
    stride *= 2;
  }
  const float total = s[2 * threads - 1];
  s[2 * threads - 1] = 0.0f;
  for (int d = 1; d <= threads; d *= 2) {
    stride >>= 1;
    for (int thid = 0; thid < d; ++thid) {
      const int ai = 2 * stride * thid + stride - 1;
      const int bi = ai + stride;
      const float t = s[ai];
      s[ai] = s[bi];
      s[bi] += t;
    }
  }
  return total;
}

std::vector<Expected> sla_small(const Buffers& b) {
  constexpr int kN = 4096, kThreads = 256, kChunk = 2 * kThreads, kBlocks = kN / kChunk;
  const auto in = sized<float>(b, "in", kN);
  sized<float>(b, "out", kN);
  sized<float>(b, "sums0", kBlocks);
  std::vector<float> out(in), sums(kBlocks);
  for (int blk = 0; blk < kBlocks; ++blk) sums[blk] = prescan_chunk(&out[blk * kChunk], kThreads);
  prescan_chunk(sums.data(), kBlocks / 2);  // prescan_top: 8 elements, 4 threads, no block sum
  for (int blk = 0; blk < kBlocks; ++blk)
    for (int e = 0; e < kChunk; ++e) out[blk * kChunk + e] += sums[blk];
  return {{"out", "f32", bytes_of(out), 1e-6, 1e-6}, {"sums0", "f32", bytes_of(sums), 1e-6, 1e-6}};
}

// ---------------------------------------------------------------------------------------------
// st3d-small: Parboil stencil on 100 x 10 x 5, two launches A0 -> Anext -> A0. Interior cells
// (0 < i < nx-1, 0 < j < ny-1, 0 < k < nz-1) get (top + bottom + up + down + right + left) * c1
// - centre * c0, added left to right in float in that order (both coarsened points of the
// kernel add in this order; the PTX has no FMA here); other cells keep their value. Anext
// starts at zero. Should be bit-exact; tolerance 1e-6 relative + 1e-7 absolute.
void stencil_step(const std::vector<float>& a, std::vector<float>& next, int nx, int ny, int nz,
                  float c0, float c1) {
  auto at = [&](int i, int j, int k) { return a[i + nx * (j + ny * k)]; };
  for (int k = 1; k < nz - 1; ++k)
    for (int j = 1; j < ny - 1; ++j)
      for (int i = 1; i < nx - 1; ++i) {
        float s = at(i, j, k + 1) + at(i, j, k - 1);
        s = s + at(i, j + 1, k);
        s = s + at(i, j - 1, k);
        s = s + at(i + 1, j, k);
        s = s + at(i - 1, j, k);
        const float scaled = s * c1;
        const float centre = at(i, j, k) * c0;
        next[i + nx * (j + ny * k)] = scaled - centre;
      }
}

std::vector<Expected> st3d_small(const Buffers& b) {
  constexpr int nx = 100, ny = 10, nz = 5;
  constexpr float c0 = 0.16666667f, c1 = 0.027777778f;  // the harness's literal arguments
  auto a0 = sized<float>(b, "A0", nx * ny * nz);
  auto anext = sized<float>(b, "Anext", nx * ny * nz);
  stencil_step(a0, anext, nx, ny, nz, c0, c1);  // launch 1: A0 -> Anext
  stencil_step(anext, a0, nx, ny, nz, c0, c1);  // launch 2: Anext -> A0
  return {{"A0", "f32", bytes_of(a0), 1e-6, 1e-7}, {"Anext", "f32", bytes_of(anext), 1e-6, 1e-7}};
}

// ---------------------------------------------------------------------------------------------
// bn-small: SDK binomialOptions, NUM_STEPS = 256, 4 options, R = 0.06, V = 0.10.
// binomialOptionsPrep in double (as the SDK host), stored as floats; the leaves S *
// 2^(vDt (2i - 256) log2 e) - X, clamped at 0 (__expf = ex2.approx of x * log2(e)); the tree walk
// replays the kernel's chunk passes over the per-option call buffer (272 floats: 257 leaves + 15
// never written), V[t] = fma(puByDf, V[t + 1], pdByDf * V[t]) as in the PTX.
// Tolerances: option data 1e-6 relative (double exp of the interpreter's libdevice vs libm, then
// a float rounding); call buffer and prices 1e-4 relative + 1e-4 absolute (ex2.approx against
// std::exp2, one-ulp differences in puByDf amplified by the 256 levels: ~1.5e-5 relative).
std::vector<Expected> bn_small(const Buffers& b) {
  constexpr int kOpt = 4, kSteps = 256, kFrame = kSteps + 16, kCache = 256, kDelta = 32;
  constexpr int kCacheStep = kCache - kDelta;
  constexpr double R = static_cast<double>(0.06f), V = static_cast<double>(0.10f);
  const auto S = sized<float>(b, "S", kOpt);
  const auto X = sized<float>(b, "X", kOpt);
  const auto T = sized<float>(b, "T", kOpt);
  auto buffer = sized<float>(b, "call_buffer", kOpt * kFrame);
  sized<float>(b, "option_data", 5 * kOpt);
  sized<float>(b, "call_value", kOpt);
  std::vector<float> data(5 * kOpt), price(kOpt);
  for (int o = 0; o < kOpt; ++o) {
    const double dt = static_cast<double>(T[o]) / kSteps;
    const double vDt = V * std::sqrt(dt);
    const double rDt = R * dt;
    const double If = std::exp(rDt), Df = std::exp(-rDt);
    const double u = std::exp(vDt), d = std::exp(-vDt);
    const double pu = (If - d) / (u - d), pd = 1.0 - pu;
    data[5 * o + 0] = S[o];
    data[5 * o + 1] = X[o];
    data[5 * o + 2] = static_cast<float>(vDt);
    data[5 * o + 3] = static_cast<float>(pu * Df);
    data[5 * o + 4] = static_cast<float>(pd * Df);
  }
  for (int o = 0; o < kOpt; ++o) {
    const float s = data[5 * o], x = data[5 * o + 1], vdt = data[5 * o + 2];
    const float pu = data[5 * o + 3], pd = data[5 * o + 4];
    float* call = &buffer[o * kFrame];
    for (int i = 0; i <= kSteps; ++i) {
      const float e = std::exp2(vdt * static_cast<float>(2 * i - kSteps) * 1.44269502f);
      const float v = s * e - x;
      call[i] = v > 0.0f ? v : 0.0f;
    }
    std::vector<float> A(kCache + 1, 0.0f), B(kCache + 1, 0.0f);
    for (int i = kSteps; i > 0; i -= kDelta)
      for (int c_base = 0; c_base < i; c_base += kCacheStep) {
        const int c_start = std::min(kCache - 1, i - c_base);
        const int c_end = c_start - kDelta;
        for (int t = 0; t <= c_start; ++t) A[t] = call[c_base + t];
        for (int k = c_start - 1; k >= c_end;) {
          for (int t = 0; t <= k; ++t) B[t] = std::fma(pu, A[t + 1], pd * A[t]);
          --k;
          for (int t = 0; t <= k; ++t) A[t] = std::fma(pu, B[t + 1], pd * B[t]);
          --k;
        }
        for (int t = 0; t <= c_end; ++t) call[c_base + t] = A[t];
      }
    price[o] = A[0];
  }
  return {{"option_data", "f32", bytes_of(data), 1e-6, 0.0},
          {"call_value", "f32", bytes_of(price), 1e-4, 1e-4},
          {"call_buffer", "f32", bytes_of(buffer), 1e-4, 1e-4}};
}

// ---------------------------------------------------------------------------------------------
// pns-small: Parboil pns PetrinetKernel, 2 trajectory blocks, n = PnsSmall::N, PnsSmall::rounds
// rounds, seed argument PnsSmall::seed (block b seeds with seed + b). The kernel's generator is
// MT19937 (its parallel twist and per-thread tempering give the outputs in std::mt19937's order:
// round r, thread t, call c uses output 624 r + 256 c + t). The byte updates of the places race
// in the kernel when two firing transitions share a place in one phase; the reference throws if
// that happens, and the small harness's seed was chosen (with this function) so that it does
// not: the result is then independent of the warp interleaving. Exact (integers; the reward's
// float sum of squares is of integers far below 2^24).
struct PnsSmall {
  static constexpr int blocks = 2, N = 256, rounds = 2, seed = 10;
};

struct PnsResult {
  std::vector<std::int32_t> g_s;
  std::vector<float> g_v;
  std::vector<std::int32_t> g_f;
};

PnsResult pns_run(std::vector<std::int32_t> g_s, int blocks, int N, int rounds, int seed) {
  const int nsq2 = 2 * N * N;
  const int frame = (nsq2 >> 2) + nsq2;  // ints per trajectory
  if (g_s.size() < static_cast<std::size_t>(blocks) * frame)
    throw std::runtime_error("pns reference: g_s too small");
  PnsResult res;
  res.g_v.assign(blocks, 0.0f);
  res.g_f.assign(blocks, 0);
  for (int blk = 0; blk < blocks; ++blk) {
    std::vector<signed char> places(nsq2, 1);  // initialize_grid: 0x01010101 per word
    std::int32_t* conflict = &g_s[static_cast<std::size_t>(blk) * frame + (nsq2 >> 2)];
    std::mt19937 gen(static_cast<std::uint32_t>(seed + blk));
    int step = 1;
    std::vector<std::uint32_t> draws(624);
    std::vector<int> upd(256), tr(256), tc(256), v1(256), v2(256), v3(256), hits(nsq2);
    for (int round = 0; round < rounds; ++round) {
      for (auto& d : draws) d = static_cast<std::uint32_t>(gen());
      for (int call = 0; call < 3; ++call) {
        const int active = call < 2 ? 256 : 112;
        const int st = step + call;
        for (int t = 0; t < 256; ++t) {
          const std::uint32_t val =
              (t < active ? draws[256 * call + t] : 0u) % static_cast<std::uint32_t>(nsq2);
          tr[t] = static_cast<int>(val / static_cast<std::uint32_t>(N));
          tc[t] = static_cast<int>(val % static_cast<std::uint32_t>(N));
          v1[t] = tr[t] == 0 ? 2 * N - 1 : tr[t] - 1;
          v2[t] = (tr[t] & 1) ? (tc[t] == N - 1 ? 0 : tc[t] + 1) : tc[t];
          v3[t] = tr[t] == 2 * N - 1 ? 0 : tr[t] + 1;
          upd[t] = 0;
          if (t < active && places[v1[t] * N + v2[t]] > 0 && places[tr[t] * N + tc[t]] > 0) {
            upd[t] = 1;
            conflict[tr[t] * N + tc[t]] = st;
          }
        }
        for (int t = 0; t < 256; ++t)
          if (upd[t])
            upd[t] = ((st & 1) == (tr[t] & 1)) ||
                     (conflict[v1[t] * N + v2[t]] != st &&
                      conflict[v3[t] * N + (v2[t] == 0 ? N - 1 : v2[t] - 1)] != st);
        // the two update phases; a place touched twice in one phase is a race in the kernel
        for (int phase = 0; phase < 2; ++phase) {
          std::fill(hits.begin(), hits.end(), 0);
          for (int t = 0; t < 256; ++t) {
            if (!upd[t]) continue;
            const int p = phase == 0 ? v1[t] * N + v2[t] : v3[t] * N + v2[t];
            const int q = phase == 0 ? tr[t] * N + tc[t] : tr[t] * N + (tc[t] == N - 1 ? 0 : tc[t] + 1);
            for (int place : {p, q}) {
              if (++hits[place] > 1)
                throw std::runtime_error("pns reference: block " + std::to_string(blk) +
                                         " round " + std::to_string(round) + " call " +
                                         std::to_string(call) +
                                         ": two firing transitions share a place (a race in the "
                                         "kernel); choose another seed");
              places[place] = static_cast<signed char>(places[place] + (phase == 0 ? -1 : 1));
            }
          }
        }
      }
      step += 3;
    }
    float sum = 0.0f;
    int mx = -128;
    for (int p = 0; p < nsq2; ++p) {
      sum += static_cast<float>(places[p] * places[p]);
      mx = std::max(mx, static_cast<int>(places[p]));
    }
    std::memcpy(&g_s[static_cast<std::size_t>(blk) * frame], places.data(), places.size());
    res.g_v[blk] = sum;
    res.g_f[blk] = mx;
  }
  res.g_s = std::move(g_s);
  return res;
}

std::vector<Expected> pns_small(const Buffers& b) {
  constexpr int frame = ((2 * PnsSmall::N * PnsSmall::N) >> 2) + 2 * PnsSmall::N * PnsSmall::N;
  auto g_s = sized<std::int32_t>(b, "g_s", PnsSmall::blocks * frame);
  sized<float>(b, "g_v", PnsSmall::blocks);
  sized<std::int32_t>(b, "g_f", PnsSmall::blocks);
  PnsResult r = pns_run(std::move(g_s), PnsSmall::blocks, PnsSmall::N, PnsSmall::rounds,
                        PnsSmall::seed);
  return {{"g_s", "s32", bytes_of(r.g_s)},
          {"g_v", "f32", bytes_of(r.g_v)},
          {"g_f", "s32", bytes_of(r.g_f)}};
}

}  // namespace

std::map<std::string, Reference> sdk_references() {
  return {
      {"bn-small", bn_small},   {"64h-small", h64_small}, {"sla-small", sla_small},
      {"st3d-small", st3d_small}, {"pns-small", pns_small}, {"mm-small", mm_small},
  };
}

}  // namespace rfvar::test
