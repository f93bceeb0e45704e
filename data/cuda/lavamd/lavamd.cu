// LavaMD: Rodinia 3.1 lavaMD, kernel kernel_gpu_cuda (kernel/kernel_gpu_cuda.cu), doubles, written
// from the algorithm for rfvar's PTX interpreter; plus lavamd_boxes, the host's box set-up
// (main.c) as a kernel (see below).
//
// Algorithm: particles in a boxes1d^3 cube of boxes, NUMBER_PAR_PER_BOX = 100 particles per box,
// each with a position/"v" FOUR_VECTOR {v, x, y, z} and a charge q. One 128-thread block per home
// box: the block copies the home box's 100 positions into shared memory, then for the home box and
// each of its neighbour boxes (box.nn of them, up to 26) copies that box's positions and charges
// into shared memory and lets each particle thread (tx < 100) loop over the box's 100 particles:
//   r2 = rA.v + rB.v - dot(rA, rB); u2 = a2 * r2; vij = exp(-u2); fs = 2 vij; d = rA - rB;
//   fA.v += qB vij; fA.{x,y,z} += qB fs d.{x,y,z}     (a2 = 2 alpha^2, all in double)
// accumulating into the home particle's force fA in global memory.
//
// Host side (Rodinia main.c): boxes1d = 10 (-boxes1d 10), alpha = 0.5; box nh = (z, y, x) in
// z-major order has offset nh * 100 and the list of its existing neighbours (dz, dy, dx each in
// -1..1, not all 0, in that loop order); positions and charges are (rand() % 10 + 1) / 10; forces
// start at 0; one launch of kernel_gpu_cuda<<<number_boxes, 128>>>(par, dim, box, rv, qv, fv).
// Differences here, because the harness can only fill buffers with zero / const / iota / uniform
// and pass scalars:
// - the box records are built on the device by lavamd_boxes (one thread per box, one launch before
//   kernel_gpu_cuda), exactly as main.c builds them, except that nn is capped at max_nn (the
//   harness's neighbour budget: only the first max_nn neighbours of main.c's order are visited);
// - par_str and dim_str are passed by value in Rodinia; here their two fields the kernel reads,
//   alpha (double) and number_boxes (long), are separate scalar arguments.
// Structure layouts are Rodinia's: nei_str {int x, y, z, number; long offset} = 24 B, box_str
// {int x, y, z, number; long offset; int nn; nei_str nei[26]} = 656 B, FOUR_VECTOR = 32 B.

#define NUMBER_PAR_PER_BOX 100
#define NUMBER_THREADS 128
#define DOT(A, B) ((A).x * (B).x + (A).y * (B).y + (A).z * (B).z)

typedef double fp;

typedef struct {
  fp x, y, z;
} THREE_VECTOR;

typedef struct {
  fp v, x, y, z;
} FOUR_VECTOR;

typedef struct nei_str {
  int x, y, z;
  int number;
  long offset;
} nei_str;

typedef struct box_str {
  int x, y, z;
  int number;
  long offset;
  int nn;
  nei_str nei[26];
} box_str;

extern "C" __global__ void kernel_gpu_cuda(fp alpha, long number_boxes, box_str* d_box_gpu,
                                           FOUR_VECTOR* d_rv_gpu, fp* d_qv_gpu,
                                           FOUR_VECTOR* d_fv_gpu) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  int wtx = tx;

  if (bx < number_boxes) {
    fp a2 = 2.0 * alpha * alpha;

    // home box
    int first_i;
    FOUR_VECTOR* rA;
    FOUR_VECTOR* fA;
    __shared__ FOUR_VECTOR rA_shared[100];

    // neighbour box
    int pointer;
    int k = 0;
    int first_j;
    FOUR_VECTOR* rB;
    fp* qB;
    int j = 0;
    __shared__ FOUR_VECTOR rB_shared[100];
    __shared__ double qB_shared[100];

    fp r2;
    fp u2;
    fp vij;
    fp fs;
    fp fxij;
    fp fyij;
    fp fzij;
    THREE_VECTOR d;

    first_i = d_box_gpu[bx].offset;
    rA = &d_rv_gpu[first_i];
    fA = &d_fv_gpu[first_i];

    while (wtx < NUMBER_PAR_PER_BOX) {
      rA_shared[wtx] = rA[wtx];
      wtx = wtx + NUMBER_THREADS;
    }
    wtx = tx;
    __syncthreads();

    for (k = 0; k < (1 + d_box_gpu[bx].nn); k++) {
      if (k == 0)
        pointer = bx;  // the home box itself
      else
        pointer = d_box_gpu[bx].nei[k - 1].number;

      first_j = d_box_gpu[pointer].offset;
      rB = &d_rv_gpu[first_j];
      qB = &d_qv_gpu[first_j];

      while (wtx < NUMBER_PAR_PER_BOX) {
        rB_shared[wtx] = rB[wtx];
        qB_shared[wtx] = qB[wtx];
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();

      while (wtx < NUMBER_PAR_PER_BOX) {
        for (j = 0; j < NUMBER_PAR_PER_BOX; j++) {
          r2 = (fp)rA_shared[wtx].v + (fp)rB_shared[j].v - DOT(rA_shared[wtx], rB_shared[j]);
          u2 = a2 * r2;
          vij = exp(-u2);
          fs = 2 * vij;
          d.x = (fp)rA_shared[wtx].x - (fp)rB_shared[j].x;
          fxij = fs * d.x;
          d.y = (fp)rA_shared[wtx].y - (fp)rB_shared[j].y;
          fyij = fs * d.y;
          d.z = (fp)rA_shared[wtx].z - (fp)rB_shared[j].z;
          fzij = fs * d.z;
          fA[wtx].v += (double)((fp)qB_shared[j] * vij);
          fA[wtx].x += (double)((fp)qB_shared[j] * fxij);
          fA[wtx].y += (double)((fp)qB_shared[j] * fyij);
          fA[wtx].z += (double)((fp)qB_shared[j] * fzij);
        }
        wtx = wtx + NUMBER_THREADS;
      }
      wtx = tx;
      __syncthreads();
    }
  }
}

// The host's box set-up (Rodinia main.c), one thread per box; nn capped at max_nn.
extern "C" __global__ void lavamd_boxes(box_str* box, int boxes1d, int max_nn) {
  int nh = blockIdx.x * blockDim.x + threadIdx.x;
  if (nh >= boxes1d * boxes1d * boxes1d) return;
  int i = nh / (boxes1d * boxes1d);  // z
  int j = (nh / boxes1d) % boxes1d;  // y
  int k = nh % boxes1d;              // x
  box[nh].x = k;
  box[nh].y = j;
  box[nh].z = i;
  box[nh].number = nh;
  box[nh].offset = (long)nh * NUMBER_PAR_PER_BOX;
  int nn = 0;
  for (int l = -1; l < 2; l++)
    for (int m = -1; m < 2; m++)
      for (int n = -1; n < 2; n++)
        if ((i + l) >= 0 && (j + m) >= 0 && (k + n) >= 0 && (i + l) < boxes1d && (j + m) < boxes1d &&
            (k + n) < boxes1d && !(l == 0 && m == 0 && n == 0)) {
          box[nh].nei[nn].x = k + n;
          box[nh].nei[nn].y = j + m;
          box[nh].nei[nn].z = i + l;
          box[nh].nei[nn].number = ((i + l) * boxes1d * boxes1d) + ((j + m) * boxes1d) + (k + n);
          box[nh].nei[nn].offset = (long)box[nh].nei[nn].number * NUMBER_PAR_PER_BOX;
          nn = nn + 1;
        }
  box[nh].nn = nn < max_nn ? nn : max_nn;
}
