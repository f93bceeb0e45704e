// MM: CUDA SDK 3.x matrixMul, kernel matrixMul (matrixMul_kernel.cu, BLOCK_SIZE = 16), written
// from the algorithm for rfvar's PTX interpreter. An extra benchmark besides Tan et al.'s list.
//
// Algorithm: C = A * B for row-major A (hA x wA) and B (wA x wB). Each 16 x 16 thread block
// computes one 16 x 16 tile of C: it walks the block row of A and the block column of B one
// 16 x 16 tile at a time, every thread loading one element of each tile into shared memory (As,
// Bs: 2 x 1 KB), a barrier, the 16-step dot product Csub += As[ty][k] * Bs[k][tx] (fully
// unrolled), a barrier; finally C[c + wB*ty + tx] = Csub. The SDK's template over BLOCK_SIZE is
// written out for BLOCK_SIZE = 16.
//
// Host side (SDK matrixMul.cu): A and B filled with random floats, threads = (16, 16), grid =
// (wB / 16, hA / 16), one launch matrixMul(C, A, B, wA, wB); every dimension a multiple of 16.

#define BLOCK_SIZE 16

extern "C" __global__ void matrixMul(float* C, const float* A, const float* B, int wA, int wB) {
  const int bx = blockIdx.x;
  const int by = blockIdx.y;
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;

  const int aBegin = wA * BLOCK_SIZE * by;  // first tile of A processed by the block
  const int aEnd = aBegin + wA - 1;         // last element of that block row
  const int aStep = BLOCK_SIZE;             // A tiles advance along the row
  const int bBegin = BLOCK_SIZE * bx;       // first tile of B
  const int bStep = BLOCK_SIZE * wB;        // B tiles advance down the column

  float Csub = 0.0f;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  const int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}
