// CPU references of the Rodinia-set CUDA benchmarks in data/cuda/ (hotspot bfs bp nw lavamd nn),
// one per "<bench>-small" harness: plain C++ transcriptions of each benchmark's algorithm (written
// from the algorithm, as the .cu files are, not from the PTX). Scalar kernel arguments that the
// harness passes as literals are repeated here as constants: change them together with the
// harness. Floating-point expressions keep the CUDA source's types (float where the source computes
// in float, double where a double literal promotes it) and its order of operations; the tolerances
// cover what nvcc may legally change (FMA contraction, its exp/tanh implementations).
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "tests/ptx/reference/reference.h"

namespace rfvar::test {
namespace {

// ---------------------------------------------------------------------------------------------
// HotSpot (data/cuda/hotspot/hotspot-small.toml): 28 x 40 chip, pyramid height 2, 2 launches
// (temp_a -> temp_b -> temp_a), i.e. 4 time steps. The pyramid blocking computes exactly the
// plain per-step stencil in which a neighbour outside the chip is the cell itself, so the
// reference runs that stencil on the whole chip.
std::vector<Expected> hotspot_small(const Buffers& init) {
  constexpr int rows = 28, cols = 40;
  constexpr float Cap = 4.27246164e-07f, Rx = 10.0f, Ry = 10.0f, Rz = 5120.0f, step = 1.4583334e-07f;
  const std::vector<float> power = as<float>(init, "power");
  std::vector<float> temp = as<float>(init, "temp_a");
  if (power.size() != rows * cols || temp.size() != rows * cols)
    throw std::runtime_error("hotspot-small: buffer sizes");
  const float amb_temp = 80.0f;
  const float step_div_Cap = step / Cap;
  const float Rx_1 = 1 / Rx, Ry_1 = 1 / Ry, Rz_1 = 1 / Rz;
  auto one_step = [&](const std::vector<float>& t) {
    std::vector<float> out(t.size());
    for (int y = 0; y < rows; ++y)
      for (int x = 0; x < cols; ++x) {
        const int N = std::max(y - 1, 0), S = std::min(y + 1, rows - 1);
        const int W = std::max(x - 1, 0), E = std::min(x + 1, cols - 1);
        const float c = t[y * cols + x];
        // the CUDA expression: 2.0 is a double, so the sums are double; (amb - c) * Rz_1 is float
        out[y * cols + x] = static_cast<float>(
            c +
            step_div_Cap * (power[y * cols + x] + (t[S * cols + x] + t[N * cols + x] - 2.0 * c) * Ry_1 +
                            (t[y * cols + E] + t[y * cols + W] - 2.0 * c) * Rx_1 + (amb_temp - c) * Rz_1));
      }
    return out;
  };
  const std::vector<float> after2 = one_step(one_step(temp));    // launch 1 -> temp_b
  const std::vector<float> after4 = one_step(one_step(after2));  // launch 2 -> temp_a
  // per step at most a rounding difference of the double expression (FMA) before the float store
  return {{"temp_b", "f32", bytes_of(after2), 1e-6, 0.0}, {"temp_a", "f32", bytes_of(after4), 1e-6, 0.0}};
}

// ---------------------------------------------------------------------------------------------
// BFS (bfs-small.toml): 1000 nodes, source 7, Rodinia's level-synchronous Kernel / Kernel2 until
// no node changes. The final cost is the BFS level of each reached node and -1 elsewhere (every
// writer of a node in one level writes the same level + 1); visited marks the reached nodes; mask
// and updating end all false. The graph is read from the buffers (Node = {starting, no_of_edges},
// one u64 per node, little-endian), so the reference does not depend on how it was initialised.
std::vector<Expected> bfs_small(const Buffers& init) {
  constexpr int source = 7;
  const std::vector<std::uint64_t> nodes = as<std::uint64_t>(init, "nodes");
  const std::vector<std::int32_t> edges = as<std::int32_t>(init, "edges");
  const int n = static_cast<int>(nodes.size());
  std::vector<std::uint8_t> mask = as<std::uint8_t>(init, "mask");
  std::vector<std::uint8_t> updating = as<std::uint8_t>(init, "updating");
  std::vector<std::uint8_t> visited = as<std::uint8_t>(init, "visited");
  std::vector<std::int32_t> cost = as<std::int32_t>(init, "cost");
  mask[source] = visited[source] = 1;  // bfs_set_source
  cost[source] = 0;
  bool over = true;
  while (over) {
    over = false;
    for (int tid = 0; tid < n; ++tid) {  // Kernel
      if (!mask[tid]) continue;
      mask[tid] = 0;
      const auto starting = static_cast<std::int32_t>(nodes[tid] & 0xffffffffu);
      const auto no_of_edges = static_cast<std::int32_t>(nodes[tid] >> 32);
      for (std::int32_t i = starting; i < no_of_edges + starting; ++i) {
        const std::int32_t id = edges.at(static_cast<std::size_t>(i));
        if (!visited.at(static_cast<std::size_t>(id))) {
          cost[id] = cost[tid] + 1;
          updating[id] = 1;
        }
      }
    }
    for (int tid = 0; tid < n; ++tid) {  // Kernel2
      if (!updating[tid]) continue;
      mask[tid] = visited[tid] = 1;
      over = true;
      updating[tid] = 0;
    }
  }
  return {{"cost", "s32", bytes_of(cost)},
          {"visited", "u8", bytes_of(visited)},
          {"mask", "u8", bytes_of(mask)},
          {"updating", "u8", bytes_of(updating)},
          {"stop", "u8", bytes_of(std::vector<std::uint8_t>{0})}};
}

// ---------------------------------------------------------------------------------------------
// BP (bp-small.toml): in = 64 input units, hid = 16, grid (1, 4) of 16 x 16 blocks.
// layerforward: per block, weight_matrix[ty][tx] = w[17 (16 by + ty + 1) + tx + 1] * input[16 by
// + ty + 1], the 4-step tree over ty, written back over the weights; partial_sum[16 by + ty] =
// the column sum weight_matrix[0][ty]. Float products and sums each go through shared memory, so
// nothing can be contracted: exact. adjust_weights on input_weights / prev_weights, in double
// (ETA and MOMENTUM are double literals) rounded to float: one ulp allowed (FMA in double).
std::vector<Expected> bp_small(const Buffers& init) {
  constexpr int in = 64, hid = 16, blocks = in / 16;
  const std::vector<float> input = as<float>(init, "input_units");
  std::vector<float> input_hidden = as<float>(init, "input_hidden");
  std::vector<float> partial(static_cast<std::size_t>(blocks) * hid, 0.0f);
  const std::vector<float> delta = as<float>(init, "hidden_delta");
  std::vector<float> w = as<float>(init, "input_weights");
  std::vector<float> oldw = as<float>(init, "prev_weights");
  if (input.size() != in + 1 || input_hidden.size() != (in + 1) * (hid + 1) || delta.size() != hid + 1)
    throw std::runtime_error("bp-small: buffer sizes");
  auto index_of = [](int by, int ty, int tx) {
    return (hid + 1) * 16 * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  };
  for (int by = 0; by < blocks; ++by) {  // bpnn_layerforward_CUDA
    float wm[16][16];
    for (int ty = 0; ty < 16; ++ty)
      for (int tx = 0; tx < 16; ++tx)
        wm[ty][tx] = input_hidden[index_of(by, ty, tx)] * input[16 * by + ty + 1];
    for (int i = 1; i <= 4; ++i) {
      const int power_two = 1 << i;
      for (int ty = 0; ty < 16; ty += power_two)
        for (int tx = 0; tx < 16; ++tx) wm[ty][tx] = wm[ty][tx] + wm[ty + power_two / 2][tx];
    }
    for (int ty = 0; ty < 16; ++ty)
      for (int tx = 0; tx < 16; ++tx) input_hidden[index_of(by, ty, tx)] = wm[ty][tx];
    for (int ty = 0; ty < 16; ++ty) partial[by * hid + ty] = wm[0][ty];
  }
  const double ETA = 0.3, MOMENTUM = 0.3;
  for (int by = 0; by < blocks; ++by)  // bpnn_adjust_weights_cuda
    for (int ty = 0; ty < 16; ++ty)
      for (int tx = 0; tx < 16; ++tx) {
        const int index = index_of(by, ty, tx);
        const double change = ETA * delta[tx + 1] * input[16 * by + ty + 1] + MOMENTUM * oldw[index];
        w[index] = static_cast<float>(w[index] + change);
        oldw[index] = static_cast<float>(change);
      }
  for (int tx = 0; tx < 16; ++tx) {  // block 0, row ty == 0: the bias weights
    const double change = ETA * delta[tx + 1] + MOMENTUM * oldw[tx + 1];
    w[tx + 1] = static_cast<float>(w[tx + 1] + change);
    oldw[tx + 1] = static_cast<float>(change);
  }
  return {{"partial_sum", "f32", bytes_of(partial)},
          {"input_hidden", "f32", bytes_of(input_hidden)},
          {"input_weights", "f32", bytes_of(w), 1e-6, 1e-9},
          {"prev_weights", "f32", bytes_of(oldw), 1e-6, 1e-9}};
}

// ---------------------------------------------------------------------------------------------
// NW (nw-small.toml): N = 64 (cols 65), penalty 10, 7 launches. The tiled wavefront computes
// exactly the row-by-row recurrence M[i][j] = max(M[i-1][j-1] + ref[i][j], M[i][j-1] - penalty,
// M[i-1][j] - penalty) for 1 <= i, j <= N from row 0 and column 0 of the initial matrix (max()
// picks values, so the tie order does not matter). Integers: exact.
std::vector<Expected> nw_small(const Buffers& init) {
  constexpr int N = 64, cols = N + 1, penalty = 10;
  const std::vector<std::int32_t> ref = as<std::int32_t>(init, "referrence");
  std::vector<std::int32_t> m = as<std::int32_t>(init, "matrix");
  if (ref.size() != cols * cols || m.size() != cols * cols)
    throw std::runtime_error("nw-small: buffer sizes");
  for (int i = 1; i <= N; ++i)
    for (int j = 1; j <= N; ++j)
      m[i * cols + j] = std::max({m[(i - 1) * cols + j - 1] + ref[i * cols + j],
                                  m[i * cols + j - 1] - penalty, m[(i - 1) * cols + j] - penalty});
  return {{"matrix", "s32", bytes_of(m)}};
}

// ---------------------------------------------------------------------------------------------
// LavaMD (lavamd-small.toml): boxes1d = 2 (8 boxes of 100 particles), alpha 0.5, each home box
// visits itself and its first max_nn = 2 neighbours. lavamd_boxes builds the box records as
// Rodinia's main.c (checked bytewise: box_str is 656 B, nei_str 24 B, padding stays 0), then
// kernel_gpu_cuda accumulates forces in double, j in order, k in order. Tolerance: nvcc's exp()
// vs std::exp (within an ulp or two) and FMA contraction of the DOT and of the accumulations.
std::vector<Expected> lavamd_small(const Buffers& init) {
  constexpr int boxes1d = 2, max_nn = 2, nbox = boxes1d * boxes1d * boxes1d, par = 100;
  constexpr double alpha = 0.5;
  constexpr std::size_t box_size = 656, nei_base = 32, nei_size = 24;
  const std::vector<double> rv = as<double>(init, "rv");
  const std::vector<double> qv = as<double>(init, "qv");
  std::vector<double> fv = as<double>(init, "fv");
  std::vector<unsigned char> box = init.at("box");
  if (box.size() != box_size * nbox || rv.size() != 4u * par * nbox || qv.size() != 1u * par * nbox)
    throw std::runtime_error("lavamd-small: buffer sizes");
  auto put32 = [&](std::size_t at, std::int32_t v) { std::memcpy(box.data() + at, &v, 4); };
  auto put64 = [&](std::size_t at, std::int64_t v) { std::memcpy(box.data() + at, &v, 8); };
  std::vector<std::vector<int>> nei(nbox);  // neighbour box numbers, main.c's order
  std::vector<int> nn(nbox);
  for (int nh = 0; nh < nbox; ++nh) {  // lavamd_boxes
    const int i = nh / (boxes1d * boxes1d), j = (nh / boxes1d) % boxes1d, k = nh % boxes1d;
    const std::size_t b = box_size * nh;
    put32(b + 0, k);
    put32(b + 4, j);
    put32(b + 8, i);
    put32(b + 12, nh);
    put64(b + 16, std::int64_t{nh} * par);
    for (int l = -1; l < 2; ++l)
      for (int m = -1; m < 2; ++m)
        for (int n = -1; n < 2; ++n)
          if (i + l >= 0 && j + m >= 0 && k + n >= 0 && i + l < boxes1d && j + m < boxes1d &&
              k + n < boxes1d && !(l == 0 && m == 0 && n == 0)) {
            const int number = (i + l) * boxes1d * boxes1d + (j + m) * boxes1d + (k + n);
            const std::size_t e = b + nei_base + nei_size * nei[nh].size();
            put32(e + 0, k + n);
            put32(e + 4, j + m);
            put32(e + 8, i + l);
            put32(e + 12, number);
            put64(e + 16, std::int64_t{number} * par);
            nei[nh].push_back(number);
          }
    nn[nh] = std::min(static_cast<int>(nei[nh].size()), max_nn);
    put32(b + 24, nn[nh]);
  }
  const double a2 = 2.0 * alpha * alpha;
  for (int bx = 0; bx < nbox; ++bx) {  // kernel_gpu_cuda
    const int first_i = bx * par;
    for (int k = 0; k < 1 + nn[bx]; ++k) {
      const int pointer = k == 0 ? bx : nei[bx][k - 1];
      const int first_j = pointer * par;
      for (int wtx = 0; wtx < par; ++wtx) {
        const double* rA = &rv[4 * (first_i + wtx)];  // v x y z
        double* fA = &fv[4 * (first_i + wtx)];
        for (int j = 0; j < par; ++j) {
          const double* rB = &rv[4 * (first_j + j)];
          const double q = qv[first_j + j];
          const double r2 = rA[0] + rB[0] - (rA[1] * rB[1] + rA[2] * rB[2] + rA[3] * rB[3]);
          const double u2 = a2 * r2;
          const double vij = std::exp(-u2);
          const double fs = 2 * vij;
          const double fxij = fs * (rA[1] - rB[1]);
          const double fyij = fs * (rA[2] - rB[2]);
          const double fzij = fs * (rA[3] - rB[3]);
          fA[0] += q * vij;
          fA[1] += q * fxij;
          fA[2] += q * fyij;
          fA[3] += q * fzij;
        }
      }
    }
  }
  return {{"box", "u8", box}, {"fv", "f64", bytes_of(fv), 1e-10, 1e-10}};
}

// ---------------------------------------------------------------------------------------------
// NN (nn-small.toml): the ISPASS-2009 network's four layers on 2 digits. Each neuron: result = 0 +
// bias, then result += input * weight in the source's order (nvcc contracts each step into an
// fma.rn.f32, so std::fma here), then 1.7159 * tanhf(0.66666667 * result) with the scalings in
// double. Tolerance: CUDA's tanhf (ex2.approx / rcp.approx based) vs std::tanh, carried through
// the later layers' sums.
float nn_squash(float sum) {
  return static_cast<float>(1.7159 * std::tanh(static_cast<float>(0.66666667 * sum)));
}

std::vector<Expected> nn_small(const Buffers& init) {
  constexpr int digits = 2;
  const std::vector<float> l1 = as<float>(init, "layer1_neurons");
  const std::vector<float> w1 = as<float>(init, "layer1_weights");
  const std::vector<float> w2 = as<float>(init, "layer2_weights");
  const std::vector<float> w3 = as<float>(init, "layer3_weights");
  const std::vector<float> w4 = as<float>(init, "layer4_weights");
  if (l1.size() != 841 * digits || w1.size() != 156 || w2.size() != 7800 || w3.size() != 125100 ||
      w4.size() != 1010)
    throw std::runtime_error("nn-small: buffer sizes");
  std::vector<float> l2(1014 * digits), l3(1250 * digits), l4(100 * digits), l5(10 * digits);
  for (int d = 0; d < digits; ++d) {
    for (int b = 0; b < 6; ++b)  // executeFirstLayer
      for (int y = 0; y < 13; ++y)
        for (int x = 0; x < 13; ++x) {
          float result = 0.0f + w1[26 * b];
          for (int r = 0; r < 5; ++r)
            for (int c = 0; c < 5; ++c)
              result = std::fma(l1[(2 * y * 29 + 2 * x + 29 * r + c) + 841 * d], w1[26 * b + 1 + 5 * r + c],
                                result);
          l2[169 * b + 13 * y + x + 1014 * d] = nn_squash(result);
        }
    for (int b = 0; b < 50; ++b)  // executeSecondLayer
      for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 5; ++x) {
          float result = 0.0f + w2[156 * b];
          for (int r = 0; r < 5; ++r)
            for (int c = 0; c < 5; ++c)
              for (int m = 0; m < 6; ++m)
                result = std::fma(l2[169 * m + 2 * x + 13 * 2 * y + 13 * r + c + 1014 * d],
                                  w2[156 * b + 1 + 6 * (5 * r + c) + m], result);
          l3[25 * b + 5 * y + x + 1250 * d] = nn_squash(result);
        }
    for (int b = 0; b < 100; ++b) {  // executeThirdLayer
      float result = 0.0f + w3[1251 * b];
      for (int i = 0; i < 1250; ++i) result = std::fma(l3[i + 1250 * d], w3[1251 * b + 1 + i], result);
      l4[b + 100 * d] = nn_squash(result);
    }
    for (int b = 0; b < 10; ++b) {  // executeFourthLayer
      float result = 0.0f + w4[101 * b];
      for (int i = 0; i < 100; ++i) result = std::fma(l4[i + 100 * d], w4[101 * b + 1 + i], result);
      l5[b + 10 * d] = nn_squash(result);
    }
  }
  return {{"layer2_neurons", "f32", bytes_of(l2), 1e-4, 1e-5},
          {"layer3_neurons", "f32", bytes_of(l3), 1e-4, 1e-5},
          {"layer4_neurons", "f32", bytes_of(l4), 1e-4, 1e-5},
          {"layer5_neurons", "f32", bytes_of(l5), 1e-4, 1e-5}};
}

}  // namespace

std::map<std::string, Reference> rodinia_references() {
  return {
      {"hotspot-small", hotspot_small}, {"bfs-small", bfs_small},       {"bp-small", bp_small},
      {"nw-small", nw_small},           {"lavamd-small", lavamd_small}, {"nn-small", nn_small},
  };
}

}  // namespace rfvar::test
