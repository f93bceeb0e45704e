// NN: the GPGPU-Sim ISPASS-2009 neural network benchmark (NN.cu: a convolutional network for
// handwritten digits after Mike O'Neill's MNIST network), kernels executeFirstLayer,
// executeSecondLayer, executeThirdLayer, executeFourthLayer, written from the algorithm for
// rfvar's PTX interpreter. Every neuron computes bias + a weighted sum of its inputs, then
// 1.7159 * tanhf(0.66666667 * sum) (double literals: the scaling is done in double).
//
// blockIdx.y = the digit (image) index; each kernel's neurons for one digit:
// - executeFirstLayer, grid (6 maps, digits), block 13 x 13: a 29 x 29 input image -> 6 feature
//   maps of 13 x 13; neuron (x, y) of map b convolves the 5 x 5 window at (2x, 2y) with the map's
//   26 weights (bias first, then row-major 5 x 5).
// - executeSecondLayer, grid (50 maps, digits), block 5 x 5: the 6 maps of 13 x 13 -> 50 maps of
//   5 x 5; neuron (x, y) of map b sums, for each window position p = 5 r + c of the 5 x 5 window
//   at (2x, 2y) and each input map m, input[169 m + 13 (2y + r) + 2x + c] * w[156 b + 1 + 6 p + m]
//   (weights interleaved by input map; bias w[156 b]).
// - executeThirdLayer, grid (100, digits), one thread: fully connected 1250 -> 100 (1251 weights
//   per neuron, bias first).
// - executeFourthLayer, grid (10, digits), one thread: fully connected 100 -> 10 (101 weights).
// The source reads the 5 x 5 window offsets from __constant__ tables (kernelTemplate = 29 r + c,
// kernelTemplate2 = 13 r + c); here they are computed as r * pitch + c (nvcc unrolls the window and
// folds either form into constant offsets).
//
// Host side (NN.cu): reads the four weight files (lw1..lw4.wei) and the input digits (in.neu,
// 29 x 29 floats each), copies them to the device and launches the four kernels once, in order,
// for all the digits at once. The harness fills weights and inputs with uniform random floats.

extern "C" __global__ void executeFirstLayer(float* Layer1_Neurons_GPU, float* Layer1_Weights_GPU,
                                             float* Layer2_Neurons_GPU) {
  int blockID = blockIdx.x;
  int pixelX = threadIdx.x;
  int pixelY = threadIdx.y;

  int weightBegin = blockID * 26;
  int windowX = pixelX * 2;
  int windowY = pixelY * 2;

  float result = 0;
  result += Layer1_Weights_GPU[weightBegin];
  ++weightBegin;

  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c)
      result += Layer1_Neurons_GPU[(windowY * 29 + windowX + 29 * r + c) + (29 * 29 * blockIdx.y)] *
                Layer1_Weights_GPU[weightBegin + 5 * r + c];

  result = (1.7159 * tanhf(0.66666667 * result));

  Layer2_Neurons_GPU[(13 * 13 * blockID + pixelY * 13 + pixelX) + (13 * 13 * 6 * blockIdx.y)] = result;
}

extern "C" __global__ void executeSecondLayer(float* Layer2_Neurons_GPU, float* Layer2_Weights_GPU,
                                              float* Layer3_Neurons_GPU) {
  int blockID = blockIdx.x;
  int pixelX = threadIdx.x;
  int pixelY = threadIdx.y;

  int weightBegin = blockID * 26 * 6;
  int windowX = pixelX * 2;
  int windowY = pixelY * 2;

  float result = 0;
  result += Layer2_Weights_GPU[weightBegin];
  ++weightBegin;

  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      int p = 5 * r + c;  // window position
      int at = windowX + 13 * windowY + 13 * r + c + (13 * 13 * 6 * blockIdx.y);
      for (int m = 0; m < 6; ++m)  // input map
        result += Layer2_Neurons_GPU[169 * m + at] * Layer2_Weights_GPU[weightBegin + p * 6 + m];
    }

  result = (1.7159 * tanhf(0.66666667 * result));

  Layer3_Neurons_GPU[(5 * 5 * blockID + pixelY * 5 + pixelX) + (1250 * blockIdx.y)] = result;
}

extern "C" __global__ void executeThirdLayer(float* Layer3_Neurons_GPU, float* Layer3_Weights_GPU,
                                             float* Layer4_Neurons_GPU) {
  int blockID = blockIdx.x;
  int weightBegin = blockID * 1251;

  float result = 0;
  result += Layer3_Weights_GPU[weightBegin];
  ++weightBegin;

  for (int i = 0; i < 1250; ++i)
    result += Layer3_Neurons_GPU[i + (1250 * blockIdx.y)] * Layer3_Weights_GPU[weightBegin + i];

  result = (1.7159 * tanhf(0.66666667 * result));

  Layer4_Neurons_GPU[blockID + (100 * blockIdx.y)] = result;
}

extern "C" __global__ void executeFourthLayer(float* Layer4_Neurons_GPU, float* Layer4_Weights_GPU,
                                              float* Layer5_Neurons_GPU) {
  int blockID = blockIdx.x;
  int weightBegin = blockID * 101;

  float result = 0;
  result += Layer4_Weights_GPU[weightBegin];
  ++weightBegin;

  for (int i = 0; i < 100; ++i)
    result += Layer4_Neurons_GPU[i + (100 * blockIdx.y)] * Layer4_Weights_GPU[weightBegin + i];

  result = (1.7159 * tanhf(0.66666667 * result));

  Layer5_Neurons_GPU[blockID + (10 * blockIdx.y)] = result;
}
