// NW: Rodinia 3.1 nw (Needleman-Wunsch), kernels needle_cuda_shared_1 and needle_cuda_shared_2
// (needle_kernel.cu), written from the algorithm for rfvar's PTX interpreter.
//
// Algorithm: global sequence alignment scores on a (N + 1) x (N + 1) int matrix (cols = N + 1):
// M[i][j] = max(M[i-1][j-1] + ref[i][j], M[i][j-1] - penalty, M[i-1][j] - penalty) for i, j >= 1,
// given row 0 and column 0. The matrix is cut into 16 x 16 tiles (block_width = N / 16 per side)
// processed one tile anti-diagonal per launch, one 16-thread block per tile: the block loads the
// tile's 16 x 16 reference scores into shared memory, the north-west corner, the west column and
// the north row of scores (from tiles of earlier launches) into temp[17][17], sweeps the tile's 31
// anti-diagonals (thread tx computes one cell of each diagonal, a barrier after each), and writes
// the 16 x 16 scores back. needle_cuda_shared_1 does the upper-left half of the tile diagonals
// (launch i = 1 .. block_width has i blocks), needle_cuda_shared_2 the lower-right half (i =
// block_width - 1 .. 1).
//
// Host side (Rodinia needle.cu): max_rows = max_cols = N + 1; random sequences (rand() % 10 + 1) in
// row 0 / column 0 of input_itemsets; referrence[i][j] = blosum62[seq1[i]][seq2[j]]; then row 0 and
// column 0 of the score matrix are set to -j * penalty and -i * penalty (penalty 10) and the rest to
// 0; both matrices are copied to the device and
//   for (i = 1; i <= block_width; i++) needle_cuda_shared_1<<<i, 16>>>(ref, matrix, max_cols, penalty, i, block_width);
//   for (i = block_width - 1; i >= 1; i--) needle_cuda_shared_2<<<i, 16>>>(...);
// The harnesses initialise referrence with uniform integers in BLOSUM62's range and the score matrix
// with iota(0, -penalty) (see the .toml files).

#define BLOCK_SIZE 16

__device__ int maximum(int a, int b, int c) {
  int k;
  if (a <= b)
    k = b;
  else
    k = a;
  if (k <= c)
    return (c);
  else
    return (k);
}

extern "C" __global__ void needle_cuda_shared_1(int* referrence, int* matrix_cuda, int cols,
                                                int penalty, int i, int block_width) {
  (void)block_width;
  int bx = blockIdx.x;
  int tx = threadIdx.x;

  int b_index_x = bx;
  int b_index_y = i - 1 - bx;

  int index = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (cols + 1);
  int index_n = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (1);
  int index_w = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + (cols);
  int index_nw = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;

  __shared__ int temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
  __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];

  if (tx == 0) temp[tx][0] = matrix_cuda[index_nw];

  for (int ty = 0; ty < BLOCK_SIZE; ty++) ref[ty][tx] = referrence[index + cols * ty];
  __syncthreads();

  temp[tx + 1][0] = matrix_cuda[index_w + cols * tx];
  __syncthreads();

  temp[0][tx + 1] = matrix_cuda[index_n];
  __syncthreads();

  for (int m = 0; m < BLOCK_SIZE; m++) {
    if (tx <= m) {
      int t_index_x = tx + 1;
      int t_index_y = m - tx + 1;
      temp[t_index_y][t_index_x] = maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                                           temp[t_index_y][t_index_x - 1] - penalty,
                                           temp[t_index_y - 1][t_index_x] - penalty);
    }
    __syncthreads();
  }

  for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
    if (tx <= m) {
      int t_index_x = tx + BLOCK_SIZE - m;
      int t_index_y = BLOCK_SIZE - tx;
      temp[t_index_y][t_index_x] = maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                                           temp[t_index_y][t_index_x - 1] - penalty,
                                           temp[t_index_y - 1][t_index_x] - penalty);
    }
    __syncthreads();
  }

  for (int ty = 0; ty < BLOCK_SIZE; ty++) matrix_cuda[index + ty * cols] = temp[ty + 1][tx + 1];
}

extern "C" __global__ void needle_cuda_shared_2(int* referrence, int* matrix_cuda, int cols,
                                                int penalty, int i, int block_width) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;

  int b_index_x = bx + block_width - i;
  int b_index_y = block_width - bx - 1;

  int index = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (cols + 1);
  int index_n = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + tx + (1);
  int index_w = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x + (cols);
  int index_nw = cols * BLOCK_SIZE * b_index_y + BLOCK_SIZE * b_index_x;

  __shared__ int temp[BLOCK_SIZE + 1][BLOCK_SIZE + 1];
  __shared__ int ref[BLOCK_SIZE][BLOCK_SIZE];

  for (int ty = 0; ty < BLOCK_SIZE; ty++) ref[ty][tx] = referrence[index + cols * ty];
  __syncthreads();

  if (tx == 0) temp[tx][0] = matrix_cuda[index_nw];

  temp[tx + 1][0] = matrix_cuda[index_w + cols * tx];
  __syncthreads();

  temp[0][tx + 1] = matrix_cuda[index_n];
  __syncthreads();

  for (int m = 0; m < BLOCK_SIZE; m++) {
    if (tx <= m) {
      int t_index_x = tx + 1;
      int t_index_y = m - tx + 1;
      temp[t_index_y][t_index_x] = maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                                           temp[t_index_y][t_index_x - 1] - penalty,
                                           temp[t_index_y - 1][t_index_x] - penalty);
    }
    __syncthreads();
  }

  for (int m = BLOCK_SIZE - 2; m >= 0; m--) {
    if (tx <= m) {
      int t_index_x = tx + BLOCK_SIZE - m;
      int t_index_y = BLOCK_SIZE - tx;
      temp[t_index_y][t_index_x] = maximum(temp[t_index_y - 1][t_index_x - 1] + ref[t_index_y - 1][t_index_x - 1],
                                           temp[t_index_y][t_index_x - 1] - penalty,
                                           temp[t_index_y - 1][t_index_x] - penalty);
    }
    __syncthreads();
  }

  for (int ty = 0; ty < BLOCK_SIZE; ty++) matrix_cuda[index + ty * cols] = temp[ty + 1][tx + 1];
}
