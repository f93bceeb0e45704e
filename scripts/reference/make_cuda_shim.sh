#!/usr/bin/env bash
# make_cuda_shim.sh CUDA_DIR SHIM_DIR: a CUDA_INSTALL_PATH for GPGPU-Sim on CUDA >= 12.
# SHIM_DIR mirrors CUDA_DIR with symlinks; include/texture_types.h is a copy extended by the
# CUDA 11 `struct textureReference` (removed in CUDA 12; GPGPU-Sim's libcuda still uses it).
set -euo pipefail
cuda=$1 shim=$2
[ -f "$cuda/include/texture_types.h" ] || { echo "make_cuda_shim: no $cuda/include/texture_types.h" >&2; exit 1; }
rm -rf "$shim"; mkdir -p "$shim/include"
for e in "$cuda"/*; do [ "$(basename "$e")" = include ] || ln -s "$e" "$shim/$(basename "$e")"; done
for e in "$cuda"/include/*; do ln -s "$e" "$shim/include/$(basename "$e")"; done
rm "$shim/include/texture_types.h"
cp "$cuda/include/texture_types.h" "$shim/include/texture_types.h"
if ! grep -q "struct __device_builtin__ textureReference" "$shim/include/texture_types.h"; then
cat >> "$shim/include/texture_types.h" <<'H'

/* Added for GPGPU-Sim: the CUDA 11 texture reference (removed in CUDA 12). */
#ifndef RFVAR_CUDA11_TEXTURE_REFERENCE
#define RFVAR_CUDA11_TEXTURE_REFERENCE
struct __device_builtin__ textureReference
{
    int                          normalized;
    enum cudaTextureFilterMode   filterMode;
    enum cudaTextureAddressMode  addressMode[3];
    struct cudaChannelFormatDesc channelDesc;
    int                          sRGB;
    unsigned int                 maxAnisotropy;
    enum cudaTextureFilterMode   mipmapFilterMode;
    float                        mipmapLevelBias;
    float                        minMipmapLevelClamp;
    float                        maxMipmapLevelClamp;
    int                          disableTrilinearOptimization;
    int                          __cudaReserved[14];
};
#endif
H
fi
