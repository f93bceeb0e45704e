// BN: CUDA SDK 2.x/3.x binomialOptions, kernel binomialOptionsKernel (binomialOptions_kernel.cu,
// the float build: real = float), written from the algorithm for rfvar's PTX interpreter; plus
// binomialOptionsPrep, the host's per-option set-up moved onto the device (see below).
//
// Algorithm: European call prices by the Cox-Ross-Rubinstein binomial tree, one 256-thread
// block (CACHE_SIZE) per option. The leaves d_Call[i] = max(S * exp(vDt * (2i - NUM_STEPS)) - X,
// 0), i = 0 .. NUM_STEPS, are written to the option's frame of the global call buffer
// (NUM_STEPS + 16 floats per option); then the tree is walked down CACHE_DELTA = 2 * TIME_STEPS
// = 32 levels at a time: for each chunk of 256 leaves (c_base advancing by CACHE_STEP = 224, the
// 32 extra entries being the apron), a barrier, the chunk is loaded into shared callA, 16
// double steps callB[t] = puByDf * callA[t + 1] + pdByDf * callA[t] (threads t <= k, k shrinking
// by one per step) and back into callA, each behind a barrier, and the valid part (t <= c_end)
// is flushed to d_Call. Thread 0 writes callA[0], the price, to d_CallValue[option].
// Departures from the SDK source: the option data, a __constant__ array of {S, X, vDt, puByDf,
// pdByDf} structs there, is passed as a pointer to 5 floats per option; d_CallValue and
// d_CallBuffer (__device__ arrays there) are pointer parameters. NUM_STEPS = 256 instead of the
// SDK's 2048 (see bn.toml).
//
// Host side (SDK binomialOptions.cu / binomialOptions_SM10.cu): S uniform in [5, 30], X in
// [1, 100], T in [0.25, 10], R = 0.06, V = 0.10; per option, in double: dt = T / NUM_STEPS, vDt =
// V sqrt(dt), rDt = R dt, If = exp(rDt), Df = exp(-rDt), u = exp(vDt), d = exp(-vDt), pu = (If -
// d) / (u - d), pd = 1 - pu, puByDf = pu Df, pdByDf = pd Df, stored as floats into the option
// data; then binomialOptionsKernel<<<optN, 256>>>(). The harness cannot compute derived inputs,
// so binomialOptionsPrep does exactly this per option (one thread per option, in double, as the
// host) before the main launch.

#define TIME_STEPS 16
#define CACHE_DELTA (2 * TIME_STEPS)
#define CACHE_SIZE (256)
#define CACHE_STEP (CACHE_SIZE - CACHE_DELTA)
#define NUM_STEPS 256

#if NUM_STEPS % CACHE_DELTA
#error Bad constants
#endif

// The host's per-option set-up (in double, as the SDK host computes it).
extern "C" __global__ void binomialOptionsPrep(float* d_OptionData, const float* S, const float* X,
                                               const float* T, float R, float V, int optN) {
  const int opt = blockIdx.x * blockDim.x + threadIdx.x;
  if (opt >= optN) return;
  const double dt = (double)T[opt] / (double)NUM_STEPS;
  const double vDt = (double)V * sqrt(dt);
  const double rDt = (double)R * dt;
  const double If = exp(rDt);  // per-step interest factor
  const double Df = exp(-rDt);  // per-step discount factor
  const double u = exp(vDt);
  const double d = exp(-vDt);
  const double pu = (If - d) / (u - d);
  const double pd = 1.0 - pu;
  float* o = d_OptionData + 5 * opt;
  o[0] = S[opt];
  o[1] = X[opt];
  o[2] = (float)vDt;
  o[3] = (float)(pu * Df);
  o[4] = (float)(pd * Df);
}

__device__ __forceinline__ float expiryCallValue(float S, float X, float vDt, int i) {
  float d = S * __expf(vDt * (float)(2 * i - NUM_STEPS)) - X;
  return (d > 0) ? d : 0;
}

extern "C" __global__ void binomialOptionsKernel(const float* d_OptionData, float* d_CallValue,
                                                 float* d_CallBuffer) {
  __shared__ float callA[CACHE_SIZE + 1];
  __shared__ float callB[CACHE_SIZE + 1];
  // global memory frame of this option (thread block)
  float* const d_Call = &d_CallBuffer[blockIdx.x * (NUM_STEPS + 16)];

  const int tid = threadIdx.x;
  const float* const opt = d_OptionData + 5 * blockIdx.x;
  const float S = opt[0];
  const float X = opt[1];
  const float vDt = opt[2];
  const float puByDf = opt[3];
  const float pdByDf = opt[4];

  // values at the expiry date
  for (int i = tid; i <= NUM_STEPS; i += CACHE_SIZE) d_Call[i] = expiryCallValue(S, X, vDt, i);

  // walk down the tree, CACHE_DELTA levels per chunk pass; double-buffered in shared memory
  for (int i = NUM_STEPS; i > 0; i -= CACHE_DELTA)
    for (int c_base = 0; c_base < i; c_base += CACHE_STEP) {
      // start and end positions within the shared-memory cache
      int c_start = min(CACHE_SIZE - 1, i - c_base);
      int c_end = c_start - CACHE_DELTA;

      // read the data (with apron) into shared memory
      __syncthreads();
      if (tid <= c_start) callA[tid] = d_Call[c_base + tid];

      // the calculations within shared memory
      for (int k = c_start - 1; k >= c_end;) {
        // discounted expected value
        __syncthreads();
        if (tid <= k) callB[tid] = puByDf * callA[tid + 1] + pdByDf * callA[tid];
        k--;

        __syncthreads();
        if (tid <= k) callA[tid] = puByDf * callB[tid + 1] + pdByDf * callB[tid];
        k--;
      }

      // flush the shared-memory cache
      __syncthreads();
      if (tid <= c_end) d_Call[c_base + tid] = callA[tid];
    }

  // the value at the top of the tree
  if (threadIdx.x == 0) d_CallValue[blockIdx.x] = callA[0];
}
