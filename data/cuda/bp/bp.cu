// BP (backprop): Rodinia 3.1 backprop, kernels bpnn_layerforward_CUDA and bpnn_adjust_weights_cuda
// (backprop_cuda_kernel.cu), written from the algorithm for rfvar's PTX interpreter.
//
// Algorithm: one training step of a 2-layer perceptron with `in` input units and hid = 16 hidden
// units; weights are an (in + 1) x (hid + 1) row-major matrix (row 0 and column 0 are the bias
// entries). The grid is (1, in / 16) blocks of 16 x 16 threads; block `by` owns input units
// 16 by + 1 .. 16 by + 16.
// - bpnn_layerforward_CUDA: threads tx == 0 load the block's 16 inputs into shared memory; each
//   thread multiplies weight[16 by + ty + 1][tx + 1] by input ty, then a tree reduction over ty in
//   log2(16) = 4 steps (`ty % 2^i == 0` adds row ty + 2^(i-1)) leaves the 16 column sums in row 0;
//   every thread writes its shared entry back over its weight (as Rodinia does) and the tx == 0
//   threads store weight_matrix[0][ty] into hidden_partial_sum[by * hid + ty].
// - bpnn_adjust_weights_cuda: each weight moves by ETA * delta[tx + 1] * ly[16 by + ty + 1] +
//   MOMENTUM * oldw (ETA = MOMENTUM = 0.3, double literals: computed in double), oldw = that
//   change; block by == 0's row ty == 0 also updates the bias row w[tx + 1] with ETA * delta +
//   MOMENTUM * oldw.
//
// Host side (Rodinia backprop_cuda.cu, bpnn_train_cuda): copies the inputs and weights to the
// device, launches layerforward, copies hidden_partial_sum back and sums it on the CPU (hidden
// units = squash(sum + bias)), runs the output layer, the output and hidden errors and the hidden ->
// output weight update on the CPU, copies hidden_delta, the previous input weights and the input
// weights (again: layerforward overwrote them) to the device, and launches adjust_weights. The CPU
// work between the kernels only feeds adjust_weights' inputs, so it is left out: the harness gives
// adjust_weights its own weight buffer (the host's fresh copy of the weights), a hidden_delta
// buffer and the previous-weight buffer, initialised directly.

#define THREADS 256
#define WIDTH 16   // shared memory width
#define HEIGHT 16  // shared memory height
#define ETA 0.3
#define MOMENTUM 0.3

extern "C" __global__ void bpnn_layerforward_CUDA(float* input_cuda, float* output_hidden_cuda,
                                                  float* input_hidden_cuda,
                                                  float* hidden_partial_sum, int in, int hid) {
  (void)output_hidden_cuda;  // unused, as in Rodinia
  (void)in;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_in = HEIGHT * by + ty + 1;

  __shared__ float input_node[HEIGHT];
  __shared__ float weight_matrix[HEIGHT][WIDTH];

  if (tx == 0) input_node[ty] = input_cuda[index_in];
  __syncthreads();

  weight_matrix[ty][tx] = input_hidden_cuda[index];
  __syncthreads();

  weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
  __syncthreads();

  for (int i = 1; i <= __log2f(HEIGHT); i++) {
    int power_two = __powf(2, i);
    if (ty % power_two == 0) weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
    __syncthreads();
  }

  input_hidden_cuda[index] = weight_matrix[ty][tx];
  __syncthreads();

  if (tx == 0) hidden_partial_sum[by * hid + ty] = weight_matrix[tx][ty];
}

extern "C" __global__ void bpnn_adjust_weights_cuda(float* delta, int hid, float* ly, int in,
                                                    float* w, float* oldw) {
  (void)in;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
  int index_y = HEIGHT * by + ty + 1;
  int index_x = tx + 1;

  w[index] += ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));
  oldw[index] = ((ETA * delta[index_x] * ly[index_y]) + (MOMENTUM * oldw[index]));

  __syncthreads();

  if (ty == 0 && by == 0) {
    w[index_x] += ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
    oldw[index_x] = ((ETA * delta[index_x]) + (MOMENTUM * oldw[index_x]));
  }
}
