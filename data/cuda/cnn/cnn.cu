// CNN: the layer kernels of the Tango DNN benchmark suite's CifarNet and AlexNet (Karki et al.,
// GPGPU 2019), the CNN workloads of Jeon et al., CAL 2019 §4 (Fig. 4), written from the layers'
// algorithms for rfvar's PTX interpreter and `rfvar sharing` (docs/cuda-harness.md). As in Tango,
// every kernel runs one thread per output neuron and reads its inputs straight from global memory.
//
// Layouts: feature maps are [channel][row][column] floats of one image; conv weights
// [filter][channel of its group][R][R]; fully connected weights [output][input].
//
// conv: out[k][y][x] = act(bias[k] + sum_{c, i, j} in[c0 + c][y s - p + i][x s - p + j] *
//   w[k][c][i][j]), c over the filter's group of C / groups channels (c0 = its first), taps outside
//   the input skipped (zero padding), act = ReLU when relu != 0; terms in order c, i, j, one fused
//   multiply-add each. Threads: x = column, y = row, blockIdx.z = filter.
// maxpool: out[c][y][x] = max of in[c][y s + i][x s + j] over the size x size window clipped to the
//   input (Caffe's pooling, output size ceil((H - size) / s) + 1).
// lrn: local response normalization across channels (Krizhevsky et al., NIPS 2012 §3.3):
//   out[c][y][x] = in[c][y][x] * (k + alpha / size * sum_{c'} in[c'][y][x]^2) ^ -beta, c' over the
//   size channels centred on c clipped to [0, C); the power as __powf (ex2(lg2(x) * -beta)).
// fc: out[o] = act(bias[o] + sum_i w[o][i] * in[i]), i in order.

extern "C" __global__ void conv(float* out, const float* in, const float* w, const float* bias, int C, int H,
                                int W, int K, int R, int stride, int pad, int Ho, int Wo, int groups,
                                int relu) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int k = blockIdx.z;
  if (x >= Wo || y >= Ho) return;
  const int cg = C / groups;
  const int c0 = (k / (K / groups)) * cg;
  float sum = bias[k];
  for (int c = 0; c < cg; ++c)
    for (int i = 0; i < R; ++i) {
      const int iy = y * stride - pad + i;
      if (iy < 0 || iy >= H) continue;
      for (int j = 0; j < R; ++j) {
        const int ix = x * stride - pad + j;
        if (ix < 0 || ix >= W) continue;
        sum += in[((c0 + c) * H + iy) * W + ix] * w[((k * cg + c) * R + i) * R + j];
      }
    }
  out[(k * Ho + y) * Wo + x] = relu ? fmaxf(sum, 0.0f) : sum;
}

extern "C" __global__ void maxpool(float* out, const float* in, int C, int H, int W, int size, int stride,
                                   int Ho, int Wo) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int c = blockIdx.z;
  if (x >= Wo || y >= Ho || c >= C) return;
  float m = -3.402823466e38f;
  for (int i = 0; i < size; ++i) {
    const int iy = y * stride + i;
    if (iy >= H) break;
    for (int j = 0; j < size; ++j) {
      const int ix = x * stride + j;
      if (ix >= W) break;
      m = fmaxf(m, in[(c * H + iy) * W + ix]);
    }
  }
  out[(c * Ho + y) * Wo + x] = m;
}

extern "C" __global__ void lrn(float* out, const float* in, int C, int H, int W, int size, float alpha,
                               float beta, float kbias) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int c = blockIdx.z;
  if (x >= W || y >= H || c >= C) return;
  const int lo = max(c - size / 2, 0);
  const int hi = min(c + size / 2, C - 1);
  float sq = 0.0f;
  for (int d = lo; d <= hi; ++d) {
    const float v = in[(d * H + y) * W + x];
    sq += v * v;
  }
  const float scale = kbias + alpha / size * sq;
  out[(c * H + y) * W + x] = in[(c * H + y) * W + x] * __powf(scale, -beta);
}

extern "C" __global__ void fc(float* out, const float* in, const float* w, const float* bias, int N, int M,
                              int relu) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= M) return;
  float sum = bias[o];
  for (int i = 0; i < N; ++i) sum += w[o * N + i] * in[i];
  out[o] = relu ? fmaxf(sum, 0.0f) : sum;
}
