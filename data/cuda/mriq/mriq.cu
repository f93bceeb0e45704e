// MRI-Q: Parboil 2.5 mri-q, kernels ComputePhiMag_GPU and ComputeQ_GPU (computeQ.cu), written
// from the algorithm for rfvar's PTX interpreter.
//
// Algorithm: the Q matrix of non-Cartesian MRI reconstruction. For numK k-space samples (kx, ky,
// kz) with phi = phiR + i phiI, ComputePhiMag_GPU computes |phi|^2 = phiR^2 + phiI^2 (one sample
// per thread, 512-thread blocks). ComputeQ_GPU gives each voxel (x, y, z) (one per thread,
// 256-thread blocks) Qr += phiMag cos(2 pi (kx x + ky y + kz z)) and Qi += phiMag sin(...)
// summed over the samples of one chunk of KERNEL_Q_K_ELEMS_PER_GRID = 1024 (the host launches the
// kernel once per chunk; the voxel's Qr, Qi are read, accumulated and written back). As in
// Parboil, an odd numK first handles the chunk's element 0 alone, then the loop takes the samples
// two at a time (the source's 2-way unrolling) while kGlobalIndex < numK.
// Differences from Parboil, both for the interpreter: (1) the samples live in global memory, four
// arrays kx, ky, kz, phiMag, and the chunk is addressed by kGlobalIndex (Parboil packs them into a
// struct array in __constant__ memory, ck[], copied per chunk with cudaMemcpyToSymbol); (2) the
// sine and cosine are the fast SFU intrinsics __sinf / __cosf (sin.approx / cos.approx), what
// Parboil's cos()/sin() become with -use_fast_math, one instruction each instead of the accurate
// libdevice range reduction.
//
// Host side (Parboil main.cc / computeQ.cu): reads kx, ky, kz, x, y, z, phiR, phiI from a file;
// launches ComputePhiMag_GPU on ceil(numK / 512) blocks of 512; packs (kx, ky, kz, phiMag) into
// kVals; zeroes Qr, Qi; for each chunk of 1024 samples copies it to constant memory and launches
// ComputeQ_GPU(numK, chunk start, x, y, z, Qr, Qi) on numX / 256 blocks of 256; copies Qr, Qi back.

#define PIx2 6.2831853071795864769252867665590058f
#define KERNEL_PHI_MAG_THREADS_PER_BLOCK 512
#define KERNEL_Q_THREADS_PER_BLOCK 256
#define KERNEL_Q_K_ELEMS_PER_GRID 1024

extern "C" __global__ void ComputePhiMag_GPU(const float* phiR, const float* phiI, float* phiMag,
                                             int numK) {
  const int indexK = blockIdx.x * KERNEL_PHI_MAG_THREADS_PER_BLOCK + threadIdx.x;
  if (indexK < numK) {
    const float real = phiR[indexK];
    const float imag = phiI[indexK];
    phiMag[indexK] = real * real + imag * imag;
  }
}

extern "C" __global__ void ComputeQ_GPU(int numK, int kGlobalIndex, const float* kx,
                                        const float* ky, const float* kz, const float* phiMag,
                                        const float* x, const float* y, const float* z, float* Qr,
                                        float* Qi) {
  // this chunk's samples: Parboil's ck[kIndex] is element kGlobalIndex + kIndex
  const float* ckx = kx + kGlobalIndex;
  const float* cky = ky + kGlobalIndex;
  const float* ckz = kz + kGlobalIndex;
  const float* ckm = phiMag + kGlobalIndex;

  const int xIndex = blockIdx.x * KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x;
  const float sX = x[xIndex];
  const float sY = y[xIndex];
  const float sZ = z[xIndex];
  float sQr = Qr[xIndex];
  float sQi = Qi[xIndex];

  int kIndex = 0;
  if (numK % 2) {
    const float expArg = PIx2 * (ckx[0] * sX + cky[0] * sY + ckz[0] * sZ);
    sQr += ckm[0] * __cosf(expArg);
    sQi += ckm[0] * __sinf(expArg);
    kIndex++;
    kGlobalIndex++;
  }

  for (; (kIndex < KERNEL_Q_K_ELEMS_PER_GRID) && (kGlobalIndex < numK);
       kIndex += 2, kGlobalIndex += 2) {
    const float expArg = PIx2 * (ckx[kIndex] * sX + cky[kIndex] * sY + ckz[kIndex] * sZ);
    sQr += ckm[kIndex] * __cosf(expArg);
    sQi += ckm[kIndex] * __sinf(expArg);

    const int kIndex1 = kIndex + 1;
    const float expArg1 = PIx2 * (ckx[kIndex1] * sX + cky[kIndex1] * sY + ckz[kIndex1] * sZ);
    sQr += ckm[kIndex1] * __cosf(expArg1);
    sQi += ckm[kIndex1] * __sinf(expArg1);
  }

  Qr[xIndex] = sQr;
  Qi[xIndex] = sQi;
}
