// CPU references of the workloads of Jeon et al., CAL 2019 (data/cuda/mm128, data/cuda/cnn), one
// per "<folder>-small" harness: plain C++ transcriptions of the algorithms of mm128.cu and cnn.cu,
// in float, with the fused multiply-adds where nvcc contracts a * b + c (the dot products of
// matrix multiply, conv and fc, the LRN sum of squares). The shapes and scalar arguments of each
// small harness are restated here (the references only see the buffers): change both together.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/ptx/reference/reference.h"

namespace rfvar::test {
namespace {

std::vector<float> jeon_sized(const Buffers& b, const std::string& name, std::size_t count) {
  std::vector<float> v = as<float>(b, name);
  if (v.size() != count)
    throw std::runtime_error("reference: buffer '" + name + "' has " + std::to_string(v.size()) +
                             " elements, the small harness declares " + std::to_string(count));
  return v;
}

// ---------------------------------------------------------------------------------------------
// mm128-small: n = 64, C = A * B by both kernels (naive into C_naive, tiled into C_tiled). Each
// element accumulates fma(A[r][k], B[k][c], sum) for k = 0 .. n-1 in order, as both kernels do:
// bit-exact expected; tolerance 1e-6 relative + 1e-7 absolute.
std::vector<Expected> mm128_small(const Buffers& b) {
  constexpr int n = 64;
  const auto A = jeon_sized(b, "A", n * n);
  const auto B = jeon_sized(b, "B", n * n);
  std::vector<float> C(n * n);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k) sum = std::fma(A[r * n + k], B[k * n + c], sum);
      C[r * n + c] = sum;
    }
  return {{"C_naive", "f32", bytes_of(C), 1e-6, 1e-7}, {"C_tiled", "f32", bytes_of(C), 1e-6, 1e-7}};
}

// ---------------------------------------------------------------------------------------------
// cnn-small: the layers of cnn.cu as the harness chains them.
struct Map {
  int c, h, w;
  std::vector<float> v;
  float at(int ch, int y, int x) const { return v[(ch * h + y) * w + x]; }
};

Map jeon_conv(const Map& in, const std::vector<float>& w, const std::vector<float>& bias, int K, int R, int s,
              int p, int groups, bool relu) {
  Map out{K, (in.h + 2 * p - R) / s + 1, (in.w + 2 * p - R) / s + 1, {}};
  out.v.resize(static_cast<std::size_t>(K * out.h * out.w));
  const int cg = in.c / groups;
  for (int k = 0; k < K; ++k)
    for (int y = 0; y < out.h; ++y)
      for (int x = 0; x < out.w; ++x) {
        const int c0 = (k / (K / groups)) * cg;
        float sum = bias[k];
        for (int c = 0; c < cg; ++c)
          for (int i = 0; i < R; ++i)
            for (int j = 0; j < R; ++j) {
              const int iy = y * s - p + i, ix = x * s - p + j;
              if (iy < 0 || iy >= in.h || ix < 0 || ix >= in.w) continue;
              sum = std::fma(in.at(c0 + c, iy, ix), w[((k * cg + c) * R + i) * R + j], sum);
            }
        out.v[(k * out.h + y) * out.w + x] = relu ? std::max(sum, 0.0f) : sum;
      }
  return out;
}

Map jeon_maxpool(const Map& in, int size, int s) {  // Caffe's ceil-mode output, window clipped
  Map out{in.c, (in.h - size + s - 1) / s + 1, (in.w - size + s - 1) / s + 1, {}};
  out.v.resize(static_cast<std::size_t>(out.c * out.h * out.w));
  for (int c = 0; c < out.c; ++c)
    for (int y = 0; y < out.h; ++y)
      for (int x = 0; x < out.w; ++x) {
        float m = -3.402823466e38f;
        for (int i = 0; i < size && y * s + i < in.h; ++i)
          for (int j = 0; j < size && x * s + j < in.w; ++j) m = std::max(m, in.at(c, y * s + i, x * s + j));
        out.v[(c * out.h + y) * out.w + x] = m;
      }
  return out;
}

Map jeon_lrn(const Map& in, int size, float alpha, float beta, float kbias) {
  Map out = in;
  for (int c = 0; c < in.c; ++c)
    for (int y = 0; y < in.h; ++y)
      for (int x = 0; x < in.w; ++x) {
        float sq = 0.0f;
        for (int d = std::max(c - size / 2, 0); d <= std::min(c + size / 2, in.c - 1); ++d)
          sq = std::fma(in.at(d, y, x), in.at(d, y, x), sq);
        const float scale = std::fma(alpha / static_cast<float>(size), sq, kbias);
        out.v[(c * in.h + y) * in.w + x] = in.at(c, y, x) * std::pow(scale, -beta);
      }
  return out;
}

std::vector<float> jeon_fc(const std::vector<float>& in, const std::vector<float>& w,
                           const std::vector<float>& bias, int M, bool relu) {
  const int N = static_cast<int>(in.size());
  std::vector<float> out(static_cast<std::size_t>(M));
  for (int o = 0; o < M; ++o) {
    float sum = bias[o];
    for (int i = 0; i < N; ++i) sum = std::fma(w[o * N + i], in[i], sum);
    out[o] = relu ? std::max(sum, 0.0f) : sum;
  }
  return out;
}

// 3 x 13 x 11 image -> conv1 (4 filters, 3 x 3 / 2, pad 1, ReLU) -> norm1 (3 channels, alpha 0.5,
// beta 0.75, k 1) -> pool1 (3 / 2) -> conv2 (6 filters, 3 x 3, pad 1, 2 groups) -> fc3 (54 -> 5,
// ReLU). Tolerances: conv and pool bit-exact expected (1e-6 relative + 1e-7 absolute); the LRN's
// __powf is ex2.approx(lg2.approx) on the GPU against std::pow here (1e-5 relative), and carries
// into conv2 and fc3 (1e-5 relative + 1e-6 absolute).
std::vector<Expected> cnn_small(const Buffers& b) {
  const Map image{3, 13, 11, jeon_sized(b, "image", 3 * 13 * 11)};
  const Map conv1 =
      jeon_conv(image, jeon_sized(b, "conv1_w", 4 * 3 * 9), jeon_sized(b, "conv1_b", 4), 4, 3, 2, 1, 1, true);
  const Map norm1 = jeon_lrn(conv1, 3, 0.5f, 0.75f, 1.0f);
  const Map pool1 = jeon_maxpool(norm1, 3, 2);
  const Map conv2 = jeon_conv(pool1, jeon_sized(b, "conv2_w", 6 * 2 * 9), jeon_sized(b, "conv2_b", 6), 6, 3,
                              1, 1, 2, false);
  const auto fc3 = jeon_fc(conv2.v, jeon_sized(b, "fc3_w", 5 * 54), jeon_sized(b, "fc3_b", 5), 5, true);
  if (conv1.h != 7 || conv1.w != 6 || pool1.h != 3 || pool1.w != 3 || conv2.v.size() != 54)
    throw std::runtime_error("reference: cnn-small shapes differ from the harness's");
  return {{"conv1", "f32", bytes_of(conv1.v), 1e-6, 1e-7},
          {"norm1", "f32", bytes_of(norm1.v), 1e-5, 1e-7},
          {"pool1", "f32", bytes_of(pool1.v), 1e-5, 1e-7},
          {"conv2", "f32", bytes_of(conv2.v), 1e-5, 1e-6},
          {"fc3", "f32", bytes_of(fc3), 1e-5, 1e-6}};
}

}  // namespace

std::map<std::string, Reference> jeon_references() {
  return {
      {"cnn-small", cnn_small},
      {"mm128-small", mm128_small},
  };
}

}  // namespace rfvar::test
