// SGEMM: Parboil 2.5 sgemm, kernel mysgemmNT (sgemm_kernel.cu, the register-tiled CUDA version),
// written from the algorithm for rfvar's PTX interpreter.
//
// Algorithm: C = alpha * A * B^T + beta * C for column-major matrices: A is m x k (lda = m), B is
// n x k (ldb = n; "NT": B is used transposed), C is m x n (ldc = m). A block of TILE_N x
// TILE_TB_HEIGHT = 16 x 8 = 128 threads computes a TILE_M x TILE_N = 128 x 16 tile of C: thread
// (tx, ty) owns row m = 128 blockIdx.x + 16 ty + tx of the tile and keeps its 16 partial results
// c[0..15] (columns n0 = 16 blockIdx.y .. n0 + 15) in registers. For each step of 8 along k the
// block stages an 8 x 16 slice of B in shared memory (b_s[ty][tx] = B[n0 + tx + (i + ty) ldb]),
// barrier, then for each of the 8 k values the thread reads its A element once (register tiling:
// a = A[m + (i + j) lda]) and does 16 multiply-adds against the broadcast row b_s[j][0..15];
// barrier. Finally C[m + (n0 + i) ldc] = beta * C[...] + alpha * c[i] for the 16 columns.
// k must be a multiple of 8, m of 128 and n of 16 (as Parboil requires).
//
// Host side (Parboil main.cu / sgemm_kernel.cu regtileSgemm): reads A (m x k), B^T (n x k) and
// C from files, launches mysgemmNT once on grid (m / 128, n / 16) of (16, 8) blocks with
// (A, lda = m, B, ldb = n, C, ldc = m, k, alpha, beta) (Parboil's main.cc: alpha = 1, beta = 0)
// and copies C back. Here A, B and C are initialized by the harness, alpha and beta are its
// literal arguments.

#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)

extern "C" __global__ void mysgemmNT(const float* A, int lda, const float* B, int ldb, float* C,
                                     int ldc, int k, float alpha, float beta) {
  // partial results: one strip of TILE_N elements of C per thread, in registers
  float c[TILE_N];
#pragma unroll
  for (int i = 0; i < TILE_N; i++) c[i] = 0.0f;

  const int mid = threadIdx.y * blockDim.x + threadIdx.x;  // flattened thread id
  const int m = blockIdx.x * TILE_M + mid;
  const int n = blockIdx.y * TILE_N + threadIdx.x;

  __shared__ float b_s[TILE_TB_HEIGHT][TILE_N];

  for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
    // one element of the B slice per thread (coalesced along n)
    b_s[threadIdx.y][threadIdx.x] = B[n + (i + threadIdx.y) * ldb];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      const float a = A[m + (i + j) * lda];  // coalesced along m, reused 16 times
#pragma unroll
      for (int kk = 0; kk < TILE_N; kk++) c[kk] += a * b_s[j][kk];
    }
    __syncthreads();
  }

  const int t = ldc * blockIdx.y * TILE_N + m;
#pragma unroll
  for (int i = 0; i < TILE_N; i++) C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
}
