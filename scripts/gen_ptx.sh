#!/usr/bin/env bash
# Regenerates the checked-in PTX and register counts of data/cuda/<bench>/<bench>.cu with nvcc
# (CUDA 13: lowest target compute_75; there is no GPU here, nvcc only compiles). Builds, tests and
# the default study never need this: the .ptx and .regs files are committed.
#   scripts/gen_ptx.sh            every benchmark
#   scripts/gen_ptx.sh hotspot    one benchmark
set -euo pipefail
cd "$(dirname "$0")/.."
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
PTXAS=${PTXAS:-$(dirname "$NVCC")/ptxas}
if [ ! -x "$NVCC" ]; then
  echo "gen_ptx: nvcc not found (set NVCC=...); the checked-in PTX stays as it is" >&2
  exit 2
fi
benches=("$@")
if ((${#benches[@]} == 0)); then
  for d in data/cuda/*/; do benches+=("$(basename "$d")"); done
fi
for b in "${benches[@]}"; do
  dir=data/cuda/$b
  [ -f "$dir/$b.cu" ] || { echo "gen_ptx: no $dir/$b.cu" >&2; exit 2; }
  "$NVCC" -ptx -arch=compute_75 -O3 -o "$dir/$b.ptx" "$dir/$b.cu"
  "$PTXAS" -v -arch=sm_75 "$dir/$b.ptx" -o /dev/null 2> "$dir/$b.regs.tmp"
  grep -E "Compiling entry|Used|spill" "$dir/$b.regs.tmp" > "$dir/$b.regs" || true
  rm -f "$dir/$b.regs.tmp"
  echo "gen_ptx: $dir/$b.ptx ($(grep -c '^\.visible \.entry' "$dir/$b.ptx") kernels)"
done
