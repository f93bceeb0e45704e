// 64H: CUDA SDK 2.x/3.x histogram, the 64-bin part: kernels histogram64Kernel and
// mergeHistogram64Kernel (histogram64_kernel.cu), written from the algorithm for rfvar's PTX
// interpreter.
//
// Algorithm: a 64-bin histogram of the bytes of the input, bin = byte >> 2 (the upper 6 bits).
// histogram64Kernel: 64-thread blocks (HISTOGRAM64_THREADBLOCK_SIZE = 4 * 16 shared-memory
// banks). Every thread owns a column of byte-sized counters in s_Hist[64 bins][64 threads]
// (4096 B); the column index threadPos permutes threadIdx.x so that each group of 16 threads
// hits 16 consecutive banks, the same byte lane of each word. The threads clear the counters
// (16 words each), then walk the input words in a grid-stride loop (pos = blockIdx.x * 64 +
// tid, pos += 64 * gridDim.x), bumping the byte counter of each of the 4 bytes of the word
// (s_ThreadBase[bin * 64]++). The host sizes the grid so that no thread sees more than 63 words
// (252 bytes): a byte counter cannot overflow. After a barrier, thread b (< 64) sums the 64
// counters of bin b (4 bytes per step, starting at a rotating word to spread the banks) and
// writes partial histogram blockIdx.x, bin b.
// mergeHistogram64Kernel: one 256-thread block per bin: a strided sum over the partial
// histograms (i = tid, tid + 256, ...), a shared tree reduction (256 -> 1, a barrier per level)
// and thread 0 stores the bin.
// UMUL / UMAD (__umul24 on pre-Fermi GPUs) are written as plain multiplies.
//
// Host side (SDK histogram64.cu, histogram64()): histogramCount = iDivUp(byteCount,
// HISTOGRAM64_THREADBLOCK_SIZE * iSnapDown(255, 4)) = iDivUp(byteCount, 64 * 252);
// histogram64Kernel<<<histogramCount, 64>>>(d_PartialHistograms, d_Data, byteCount / 4);
// mergeHistogram64Kernel<<<64, 256>>>(d_Histogram, d_PartialHistograms, histogramCount).
// The input bytes are random (the SDK fills them with rand() & 0xFF).

#define SHARED_MEMORY_BANKS 16
#define HISTOGRAM64_BIN_COUNT 64
#define HISTOGRAM64_THREADBLOCK_SIZE (4 * SHARED_MEMORY_BANKS)
#define MERGE_THREADBLOCK_SIZE 256

typedef unsigned int uint;
typedef unsigned char uchar;

__device__ __forceinline__ void addByte(uchar* s_ThreadBase, uint data) {
  s_ThreadBase[data * HISTOGRAM64_THREADBLOCK_SIZE]++;
}

__device__ __forceinline__ void addWord(uchar* s_ThreadBase, uint data) {
  // only the upper 6 bits of each byte matter for a 64-bin histogram
  addByte(s_ThreadBase, (data >> 2) & 0x3FU);
  addByte(s_ThreadBase, (data >> 10) & 0x3FU);
  addByte(s_ThreadBase, (data >> 18) & 0x3FU);
  addByte(s_ThreadBase, (data >> 26) & 0x3FU);
}

extern "C" __global__ void histogram64Kernel(uint* d_PartialHistograms, const uint* d_Data,
                                             uint dataCount) {
  // threadPos: bits [5:4] of tid -> bits [1:0] (byte lane), bits [3:0] -> bits [5:2] (bank)
  const uint threadPos = ((threadIdx.x & ~(SHARED_MEMORY_BANKS * 4 - 1)) << 0) |
                         ((threadIdx.x & (SHARED_MEMORY_BANKS - 1)) << 2) |
                         ((threadIdx.x & (SHARED_MEMORY_BANKS * 3)) >> 4);

  __shared__ uchar s_Hist[HISTOGRAM64_THREADBLOCK_SIZE * HISTOGRAM64_BIN_COUNT];
  uchar* s_ThreadBase = s_Hist + threadPos;

  // clear the counters, 32-bit words at a time
#pragma unroll
  for (uint i = 0; i < (HISTOGRAM64_BIN_COUNT / 4); i++)
    ((uint*)s_Hist)[threadIdx.x + i * HISTOGRAM64_THREADBLOCK_SIZE] = 0;

  __syncthreads();
  for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
       pos += blockDim.x * gridDim.x) {
    uint data = d_Data[pos];
    addWord(s_ThreadBase, data);
  }

  // merge the 64 per-thread counters of each bin into the block's partial histogram
  __syncthreads();
  if (threadIdx.x < HISTOGRAM64_BIN_COUNT) {
    uchar* s_HistBase = s_Hist + threadIdx.x * HISTOGRAM64_THREADBLOCK_SIZE;

    uint sum = 0;
    uint pos = 4 * (threadIdx.x & (SHARED_MEMORY_BANKS - 1));

#pragma unroll
    for (uint i = 0; i < (HISTOGRAM64_THREADBLOCK_SIZE / 4); i++) {
      sum += s_HistBase[pos + 0] + s_HistBase[pos + 1] + s_HistBase[pos + 2] +
             s_HistBase[pos + 3];
      pos = (pos + 4) & (HISTOGRAM64_THREADBLOCK_SIZE - 1);
    }

    d_PartialHistograms[blockIdx.x * HISTOGRAM64_BIN_COUNT + threadIdx.x] = sum;
  }
}

extern "C" __global__ void mergeHistogram64Kernel(uint* d_Histogram,
                                                  const uint* d_PartialHistograms,
                                                  uint histogramCount) {
  __shared__ uint data[MERGE_THREADBLOCK_SIZE];

  uint sum = 0;
  for (uint i = threadIdx.x; i < histogramCount; i += MERGE_THREADBLOCK_SIZE)
    sum += d_PartialHistograms[blockIdx.x + i * HISTOGRAM64_BIN_COUNT];
  data[threadIdx.x] = sum;

  for (uint stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
  }

  if (threadIdx.x == 0) d_Histogram[blockIdx.x] = data[0];
}
