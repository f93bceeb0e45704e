#!/usr/bin/env bash
# Builds the pinned reference simulator (Accel-Sim trace-driven + GPGPU-Sim) with rfvar's patches.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: build.sh [--stock] [--jobs N] [--cuda DIR] ACCEL_SIM_CHECKOUT GPGPU_SIM_CHECKOUT [BUILD_DIR]

Builds Accel-Sim's trace-driven simulator (gpu-simulator/bin/release/accel-sim.out) with
GPGPU-Sim, from checkouts you made yourself (nothing is downloaded):
  ACCEL_SIM_CHECKOUT   a checkout of accel-sim/accel-sim-framework (pinned: dev 73f9fac68a1a)
  GPGPU_SIM_CHECKOUT   a checkout of accel-sim/gpgpu-sim_distribution (pinned: dev 667834cfe521)
  BUILD_DIR            where the copies, the build and its log go
                       (default: $HOME/rfvar-reference-build; keep it outside any git work tree)

The checkouts are never modified: both are copied into BUILD_DIR/src (GPGPU-Sim into
gpu-simulator/gpgpu-sim), the patches beside this script (patches/*.patch, in name order)
are applied with `patch -p1` (the build stops if one does not apply), a CUDA include
shim is made in BUILD_DIR/cuda (CUDA 12+ lacks struct textureReference), and
`make -j N` runs under `nice -n 10`. Missing Debian packages are installed first.
Re-running with the same checkouts, patches and CUDA only re-runs make.

Options:
  --stock     apply only the build fixes (patches 0*, 1*), not the model extensions
              (2*: register-bank access cycles); gives the stock timing model
  --jobs N    parallel make jobs (default 2)
  --cuda DIR  CUDA toolkit (default: $CUDA_HOME, /usr/local/cuda, or the nvcc on PATH)
  -h, --help  this text

Outputs: BUILD_DIR/reference.env (paths of the binary, library and GTX480 config, used by
run.sh), BUILD_DIR/build.log, BUILD_DIR/build-time.txt.
EOF
}

die() { echo "build.sh: $*" >&2; exit 1; }

stock=0 jobs=2 cuda="" pos=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --stock) stock=1; shift ;;
    --jobs) [ $# -ge 2 ] || die "--jobs needs a number"; jobs=$2; shift 2 ;;
    --cuda) [ $# -ge 2 ] || die "--cuda needs a directory"; cuda=$2; shift 2 ;;
    --) shift; pos+=("$@"); break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) pos+=("$1"); shift ;;
  esac
done
[ ${#pos[@]} -ge 2 ] && [ ${#pos[@]} -le 3 ] || { usage >&2; exit 2; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "--jobs: not a positive integer: $jobs"

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
accel=${pos[0]} gpgpu=${pos[1]} build=${pos[2]:-$HOME/rfvar-reference-build}

[ -d "$accel" ] || die "ACCEL_SIM_CHECKOUT: no such directory: $accel"
[ -f "$accel/gpu-simulator/setup_environment.sh" ] ||
  die "ACCEL_SIM_CHECKOUT: $accel/gpu-simulator/setup_environment.sh missing (not an accel-sim-framework checkout?)"
[ -d "$gpgpu" ] || die "GPGPU_SIM_CHECKOUT: no such directory: $gpgpu"
[ -f "$gpgpu/setup_environment" ] && [ -f "$gpgpu/src/gpgpu-sim/shader.cc" ] ||
  die "GPGPU_SIM_CHECKOUT: $gpgpu/setup_environment or src/gpgpu-sim/shader.cc missing (not a gpgpu-sim_distribution checkout?)"
accel=$(cd "$accel" && pwd) gpgpu=$(cd "$gpgpu" && pwd)
mkdir -p "$build" || die "BUILD_DIR: cannot create $build"
build=$(cd "$build" && pwd)
case "$build/" in "$accel/"*|"$gpgpu/"*) die "BUILD_DIR $build is inside a checkout; choose another" ;; esac
if [ -n "$(ls -A "$build")" ] && [ ! -f "$build/.rfvar-reference-build" ]; then
  die "BUILD_DIR $build is not empty and was not made by build.sh; choose an empty or new directory"
fi
if git -C "$build" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "build.sh: warning: BUILD_DIR $build is inside a git work tree; make sure it is ignored" >&2
fi

# --- Debian packages (idempotent, as scripts/setup.sh)
pkgs=(build-essential git python3 bison flex xutils-dev zlib1g-dev libgl-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "build.sh: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- CUDA toolkit (nvcc and headers; no GPU needed)
if [ -z "$cuda" ]; then
  if [ -n "${CUDA_HOME:-}" ]; then cuda=$CUDA_HOME
  elif [ -x /usr/local/cuda/bin/nvcc ]; then cuda=/usr/local/cuda
  elif command -v nvcc >/dev/null; then cuda=$(dirname "$(dirname "$(readlink -f "$(command -v nvcc)")")")
  else die "no CUDA toolkit found: pass --cuda DIR"; fi
fi
[ -x "$cuda/bin/nvcc" ] || die "--cuda: no $cuda/bin/nvcc"
[ -f "$cuda/include/texture_types.h" ] || die "--cuda: no $cuda/include/texture_types.h"

# --- patches
patches=()
for p in "$here"/patches/*.patch; do
  [ -e "$p" ] || die "no patches in $here/patches"
  name=$(basename "$p")
  if [ $stock = 1 ] && [[ ! "$name" =~ ^[01] ]]; then continue; fi
  patches+=("$p")
done

commit_of() { git -C "$1" rev-parse HEAD 2>/dev/null || echo unknown; }
accel_commit=$(commit_of "$accel") gpgpu_commit=$(commit_of "$gpgpu")
case "$accel_commit" in 73f9fac68a1a*) ;; *) echo "build.sh: warning: accel-sim-framework at $accel_commit, not the pinned 73f9fac68a1a" >&2 ;; esac
case "$gpgpu_commit" in 667834cfe521*) ;; *) echo "build.sh: warning: gpgpu-sim_distribution at $gpgpu_commit, not the pinned 667834cfe521" >&2 ;; esac
for d in "$accel" "$gpgpu"; do
  if [ -n "$(git -C "$d" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    echo "build.sh: warning: $d has uncommitted changes; they are copied as they are" >&2
  fi
done

stamp=$( { echo "$accel $accel_commit $gpgpu $gpgpu_commit $cuda stock=$stock"; cat "${patches[@]}"; } | sha256sum | cut -c1-16)
src=$build/src/accel-sim-framework
sim=$src/gpu-simulator
touch "$build/.rfvar-reference-build"

if [ "$(cat "$build/stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "build.sh: fresh copy into $build/src" >&2
  rm -rf "$build/src" "$build/cuda" "$build/stamp" "$build/reference.env"
  mkdir -p "$build/src"
  cp -a "$accel/." "$src"
  rm -rf "${sim:?}/gpgpu-sim" "${sim:?}/bin" "${sim:?}/build"
  cp -a "$gpgpu/." "$sim/gpgpu-sim"
  rm -rf "$sim/gpgpu-sim/lib" "$sim/gpgpu-sim/build"
  # An empty extern/pybind11 keeps setup_environment.sh from cloning pybind11
  # (only the Python wrapper, which is not built here, uses it).
  mkdir -p "$sim/extern/pybind11"
  for p in "${patches[@]}"; do
    echo "build.sh: applying $(basename "$p")" >&2
    patch -p1 -d "$src" --forward --batch --quiet < "$p" ||
      die "patch $(basename "$p") does not apply to $src (checkouts not at the pinned commits?)"
  done
  "$here/make_cuda_shim.sh" "$cuda" "$build/cuda"
  echo "$stamp" > "$build/stamp.pending"
fi

# --- build (setup_environment.sh is sourced without -e/-u: it is not written for them)
cat > "$build/make.sh" <<EOF
unset GPGPUSIM_ROOT GPGPUSIM_SETUP_ENVIRONMENT_WAS_RUN ACCELSIM_ROOT ACCELSIM_SETUP_ENVIRONMENT_WAS_RUN GPGPUSIM_POWER_MODEL
export CUDA_INSTALL_PATH="$build/cuda"
cd "$sim" || exit 1
source ./setup_environment.sh release || exit 1
echo "GPGPUSIM_CONFIG=\$GPGPUSIM_CONFIG" > "$build/make.vars"
nice -n 10 make -j$jobs || exit 1
EOF
echo "build.sh: building in $sim (log: $build/build.log)" >&2
t0=$(date +%s)
if ! bash "$build/make.sh" > "$build/build.log" 2>&1; then
  tail -n 30 "$build/build.log" >&2
  die "build failed; see $build/build.log"
fi
t1=$(date +%s)
echo "$((t1 - t0)) s wall, make -j$jobs, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores" > "$build/build-time.txt"
[ -f "$build/stamp.pending" ] && mv "$build/stamp.pending" "$build/stamp"

# shellcheck disable=SC1091
source "$build/make.vars"
bin=$sim/bin/release/accel-sim.out
lib=$sim/gpgpu-sim/lib/$GPGPUSIM_CONFIG
cfg=$sim/gpgpu-sim/configs/tested-cfgs/SM2_GTX480
[ -x "$bin" ] || die "build finished but $bin is missing"
[ -f "$lib/libcudart.so" ] || die "build finished but $lib/libcudart.so is missing"
cat > "$build/reference.env" <<EOF
# written by build.sh; read by run.sh
REF_BIN=$bin
REF_LIB=$lib
REF_CONFIG_DIR=$cfg
REF_STOCK=$stock
REF_ACCEL_SIM_COMMIT=$accel_commit
REF_GPGPU_SIM_COMMIT=$gpgpu_commit
REF_PATCHES="$(for p in "${patches[@]}"; do printf '%s ' "$(basename "$p")"; done)"
EOF
echo "build.sh: done in $((t1 - t0)) s" >&2
echo "  simulator: $bin"
echo "  config:    $cfg/gpgpusim.config"
echo "  env:       $build/reference.env"
