// Small kernels for the PTX interpreter's tests (tests/ptx/test_kernels.cpp): each exercises
// one family of instructions nvcc emits; the test computes the expected values on the CPU.
// Regenerate ops.ptx with: nvcc -ptx -arch=compute_75 -O3 -o ops.ptx ops.cu

// Warp-wide: shuffles in every mode (and with a segment width), ballot, any, all.
extern "C" __global__ void warp_ops(int* out) {
  const int t = threadIdx.x;
  out[0 * 32 + t] = __shfl_sync(0xffffffffu, t * 10, (t + 3) & 31);
  out[1 * 32 + t] = __shfl_up_sync(0xffffffffu, t * 10, 2);
  out[2 * 32 + t] = __shfl_down_sync(0xffffffffu, t * 10, 5);
  out[3 * 32 + t] = __shfl_xor_sync(0xffffffffu, t * 10, 6);
  out[4 * 32 + t] = __shfl_sync(0xffffffffu, t * 10, 1, 8);
  out[5 * 32 + t] = (int)__ballot_sync(0xffffffffu, (t % 3) == 0);
  out[6 * 32 + t] = __any_sync(0xffffffffu, t == 17) + 2 * __all_sync(0xffffffffu, t < 31);
  out[7 * 32 + t] = __shfl_down_sync(0xffffffffu, t * 10, 3, 16);
}

// Integer and bit operations on two inputs per thread.
extern "C" __global__ void int_ops(const unsigned* in, unsigned* out) {
  const int t = threadIdx.x;
  const unsigned x = in[t], y = in[t + 32];
  unsigned* o = out + t * 16;
  o[0] = __popc(x);
  o[1] = __clz(x);
  o[2] = __brev(x);
  o[3] = __byte_perm(x, y, 0x5140);
  o[4] = __umulhi(x, y);
  o[5] = (unsigned)__mulhi((int)x, (int)y);
  o[6] = x / (y | 1u);
  o[7] = x % (y | 1u);
  o[8] = (unsigned)((int)x / ((int)y | 1));
  o[9] = (unsigned)((int)x % ((int)y | 1));
  o[10] = (unsigned)min((int)x, (int)y);
  o[11] = max(x, y);
  o[12] = (x >> 7) & 0x3ffu;
  o[13] = (unsigned)(((int)x) >> (y & 31u));
  o[14] = (unsigned)((unsigned long long)x * y >> 20);
  o[15] = (unsigned)abs((int)x) ^ (unsigned)(-(int)y);
}

// Conversions with every rounding mode, to and from 64-bit and double.
extern "C" __global__ void cvt_ops(const float* in, int* oi, float* of, double* od) {
  const int t = threadIdx.x;
  const float x = in[t];
  int* i = oi + t * 8;
  i[0] = __float2int_rn(x);
  i[1] = __float2int_rz(x);
  i[2] = __float2int_rd(x);
  i[3] = __float2int_ru(x);
  i[4] = (int)__float2uint_rz(fabsf(x));
  i[5] = (int)((long long)(x * 1e9f) >> 16);
  i[6] = (int)(signed char)(int)x;
  i[7] = (int)(unsigned short)(int)(x * 1000.0f);
  float* f = of + t * 8;
  f[0] = rintf(x);
  f[1] = floorf(x);
  f[2] = ceilf(x);
  f[3] = truncf(x);
  f[4] = __saturatef(x);
  f[5] = (float)(t * 7 - 100);
  f[6] = (float)((double)x * 1.0000001);
  f[7] = fminf(x, 0.5f) + fmaxf(x, -0.5f);
  double* d = od + t * 4;
  d[0] = (double)x * 3.0;
  d[1] = sqrt((double)fabsf(x));
  d[2] = 1.0 / ((double)x + 0.25);
  d[3] = (double)(long long)(x * 1e10f);
}

// Float arithmetic and special functions (intrinsics and full-precision library calls).
extern "C" __global__ void float_ops(const float* in, float* out) {
  const int t = threadIdx.x;
  const float x = in[t];
  float* o = out + t * 12;
  o[0] = __fdividef(x, 3.0f);
  o[1] = rsqrtf(fabsf(x) + 1.0f);
  o[2] = __expf(x);
  o[3] = __logf(fabsf(x) + 1.0f);
  o[4] = __sinf(x);
  o[5] = __cosf(x);
  o[6] = sqrtf(fabsf(x));
  o[7] = x / 7.0f;
  o[8] = copysignf(2.0f, x);
  o[9] = sinf(x);
  o[10] = expf(x * 0.5f);
  o[11] = 1.0f / x;
}

// A per-thread array indexed by data (local memory).
extern "C" __global__ void local_array(const int* idx, int* out) {
  int a[16];
  for (int i = 0; i < 16; ++i) a[i] = i * (int)threadIdx.x + idx[i];
  out[threadIdx.x] = a[idx[threadIdx.x] & 15];
}

// Atomics of every kind on global and shared memory, two blocks of 64 threads.
extern "C" __global__ void atomics(unsigned* g, int* gi) {
  __shared__ int s;
  const unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
  if (threadIdx.x == 0) s = 0;
  __syncthreads();
  atomicInc(&g[0], 10u);
  atomicCAS(&g[1], t, t + 1u);
  atomicMin(&gi[0], -(int)t);
  atomicMax(&gi[1], (int)t);
  atomicAnd(&g[2], ~(1u << (t % 32u)));
  atomicOr(&g[3], 1u << (t % 37u % 32u));
  atomicXor(&g[4], t * 2654435761u);
  atomicExch(&g[5], t);
  atomicAdd((unsigned long long*)&g[6], 1ull << 33);
  const unsigned old = atomicAdd(&g[8], 3u);
  g[16 + t] = old;
  atomicAdd(&s, (int)t);
  __syncthreads();
  if (threadIdx.x == 0) gi[2 + blockIdx.x] = s;
}
