// ST3D: Parboil 2.5 stencil, kernel block2D_hybrid_coarsen_x (kernel.cu), written from the
// algorithm for rfvar's PTX interpreter.
//
// Algorithm: one Jacobi step of the 7-point 3-D stencil
//   Anext[i,j,k] = (A0[i,j,k+1] + A0[i,j,k-1] + A0[i,j+1,k] + A0[i,j-1,k] + A0[i+1,j,k]
//                   + A0[i-1,j,k]) * c1 - A0[i,j,k] * c0
// on the interior of an nx x ny x nz grid (Index3D(nx, ny, i, j, k) = i + nx * (j + ny * k));
// boundary cells are not written. A 32 x 4 block covers a 64 x 4 tile of the xy plane, each
// thread two points along x (i and i2 = i + 32: "coarsen_x"), and marches along z: the current
// plane of the tile is in shared memory (sh_A0[2 * 32 * 4]), the planes below and above in
// registers (bottom / top, bottom2 / top2). Neighbours inside the tile come from shared memory;
// on the tile edge ("hybrid") they are loaded from global memory: the row above on ty == 3, the
// row below on ty == 0, the left neighbour of point 1 on tx == 0 and the right neighbour of
// point 2 on tx == 31. After each plane, a barrier, the planes rotate (bottom = shared, shared =
// top) and another barrier.
//
// Host side (Parboil stencil main.cu): A0 and Anext both hold the input grid; c0 = 1/6, c1 =
// 1/6/6; block (32, 4), grid ((nx + 63) / 64, (ny + 3) / 4), dynamic shared memory 2 * 32 * 4 *
// 4 = 1024 B; for t < iterations: block2D_hybrid_coarsen_x<<<grid, block, 1024>>>(c0, c1, A0,
// Anext, nx, ny, nz), then swap A0 and Anext.

#define Index3D(_nx, _ny, _i, _j, _k) ((_i) + (_nx) * ((_j) + (_ny) * (_k)))

extern "C" __global__ void block2D_hybrid_coarsen_x(float c0, float c1, const float* A0,
                                                     float* Anext, int nx, int ny, int nz) {
  // thread coarsening along x
  const int i = blockIdx.x * blockDim.x * 2 + threadIdx.x;
  const int i2 = blockIdx.x * blockDim.x * 2 + threadIdx.x + blockDim.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int sh_id = threadIdx.x + threadIdx.y * blockDim.x * 2;
  const int sh_id2 = threadIdx.x + blockDim.x + threadIdx.y * blockDim.x * 2;

  extern __shared__ float sh_A0[];
  sh_A0[sh_id] = 0.0f;
  sh_A0[sh_id2] = 0.0f;
  __syncthreads();

  // the points this thread writes (interior cells only)
  const bool w_region = i > 0 && j > 0 && (i < (nx - 1)) && (j < (ny - 1));
  const bool w_region2 = j > 0 && (i2 < nx - 1) && (j < ny - 1);
  const bool x_l_bound = (threadIdx.x == 0);
  const bool x_h_bound = ((threadIdx.x + blockDim.x) == (blockDim.x * 2 - 1));
  const bool y_l_bound = (threadIdx.y == 0);
  const bool y_h_bound = (threadIdx.y == (blockDim.y - 1));

  // bottom and top planes in registers, two of each because of the coarsening
  float bottom = 0.0f, bottom2 = 0.0f, top = 0.0f, top2 = 0.0f;

  // load the bottom plane and the current plane
  if ((i < nx) && (j < ny)) {
    bottom = A0[Index3D(nx, ny, i, j, 0)];
    sh_A0[sh_id] = A0[Index3D(nx, ny, i, j, 1)];
  }
  if ((i2 < nx) && (j < ny)) {
    bottom2 = A0[Index3D(nx, ny, i2, j, 0)];
    sh_A0[sh_id2] = A0[Index3D(nx, ny, i2, j, 1)];
  }
  __syncthreads();

  for (int k = 1; k < nz - 1; k++) {
    float a_left_right, a_up, a_down;

    // point 1: the top plane, then the neighbours from shared memory or, on the tile edge,
    // from global memory
    if ((i < nx) && (j < ny)) top = A0[Index3D(nx, ny, i, j, k + 1)];

    if (w_region) {
      a_up = y_h_bound ? A0[Index3D(nx, ny, i, j + 1, k)] : sh_A0[sh_id + 2 * blockDim.x];
      a_down = y_l_bound ? A0[Index3D(nx, ny, i, j - 1, k)] : sh_A0[sh_id - 2 * blockDim.x];
      a_left_right = x_l_bound ? A0[Index3D(nx, ny, i - 1, j, k)] : sh_A0[sh_id - 1];

      Anext[Index3D(nx, ny, i, j, k)] =
          (top + bottom + a_up + a_down + sh_A0[sh_id + 1] + a_left_right) * c1 -
          sh_A0[sh_id] * c0;
    }

    // point 2
    if ((i2 < nx) && (j < ny)) top2 = A0[Index3D(nx, ny, i2, j, k + 1)];

    if (w_region2) {
      a_up = y_h_bound ? A0[Index3D(nx, ny, i2, j + 1, k)] : sh_A0[sh_id2 + 2 * blockDim.x];
      a_down = y_l_bound ? A0[Index3D(nx, ny, i2, j - 1, k)] : sh_A0[sh_id2 - 2 * blockDim.x];
      a_left_right = x_h_bound ? A0[Index3D(nx, ny, i2 + 1, j, k)] : sh_A0[sh_id2 + 1];

      Anext[Index3D(nx, ny, i2, j, k)] =
          (top2 + bottom2 + a_up + a_down + a_left_right + sh_A0[sh_id2 - 1]) * c1 -
          sh_A0[sh_id2] * c0;
    }

    // rotate the planes
    __syncthreads();
    bottom = sh_A0[sh_id];
    sh_A0[sh_id] = top;
    bottom2 = sh_A0[sh_id2];
    sh_A0[sh_id2] = top2;
    __syncthreads();
  }
}
