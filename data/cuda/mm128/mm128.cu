// MM128: the two 128 x 128 matrix multiplies of Jeon et al., CAL 2019 §4 (Fig. 5), written from
// the algorithm for rfvar's PTX interpreter and `rfvar sharing` (docs/cuda-harness.md).
//
// mm128_naive: "an algorithm without any optimization": one thread per element of C, the dot
// product read straight from global memory, C[r][c] = sum_k A[r][k] * B[k][c] (k in order, one
// fused multiply-add per term). Blocks of 32 x 8 threads: a warp is 32 consecutive columns of one
// row, so the four warps of a row of C load the same row of A (Jeon §2.1's perfect sharing) and
// the warps of one column group load the same elements of B.
//
// mm128_tiled: the "blocked matrixMul using shared memory" (the CUDA SDK's matrixMul, 16 x 16
// tiles, as data/cuda/mm/mm.cu): each 16 x 16 block walks the block row of A and the block column
// of B one tile at a time through shared memory.
//
// Host side: A and B of n x n floats, random; mm128_naive on a (n / 32, n / 8) grid of 32 x 8
// blocks, mm128_tiled on a (n / 16, n / 16) grid of 16 x 16 blocks; n a multiple of 32.

#define TILE 16

extern "C" __global__ void mm128_naive(float* C, const float* A, const float* B, int n) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y * blockDim.y + threadIdx.y;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) sum += A[r * n + k] * B[k * n + c];
  C[r * n + c] = sum;
}

extern "C" __global__ void mm128_tiled(float* C, const float* A, const float* B, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int r = blockIdx.y * TILE + ty;
  const int c = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    As[ty][tx] = A[r * n + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + c];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[r * n + c] = sum;
}
