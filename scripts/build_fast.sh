#!/usr/bin/env bash
# Builds a faster rfvar for long runs (a cluster's 15-SM study, 10,000-chip populations): GCC
# profile-guided optimisation (CMake RFVAR_PGO) with link-time optimisation. It builds an
# instrumented rfvar, trains it on a small 15-SM perf stage and a chip population, builds again with
# that profile, runs the same training with the new program and checks that every output dataset is
# identical (exit 1 if one is not). docs/cluster.md "A faster build"; the gain is measured in
# docs/performance.md. Takes about 8 min on 2 cores (measured: 7 min 48 s with -DRFVAR_MPI=ON).
#
# Usage: scripts/build_fast.sh [BUILD_DIR] [CMAKE_ARGS...]
#   BUILD_DIR   default build-fast (not the README's build/, which stays the plain build)
#   CMAKE_ARGS  passed to cmake, e.g. -DRFVAR_MPI=ON to build rfvar-mpi too
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build-fast
if (($#)) && [[ $1 != -* ]]; then dir=$1; shift; fi
scripts/setup.sh
threads=$(nproc)
train=$dir/pgo-train

configure() {  # $1: generate | use, then the CMake arguments
  local mode=$1
  shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DRFVAR_UNITY_BUILD=ON -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON \
        -DRFVAR_PGO="$mode" "$@" >/dev/null
}
# The training: a 15-SM GPU's perf stage on one chip (baseline, VL-RF, PV-opt and NBTI-opt runs, six
# kernels that between them reach the caches, DRAM, barriers and shared memory), and a population's
# chips and frequencies. $1: output folder.
training() {
  local out=$1 r=$dir/rfvar
  mkdir -p "$out"
  "$r" chips --chips 8 --threads "$threads" --no-progress -o "$out/chips.h5" >/dev/null
  "$r" freq "$out/chips.h5" --threads "$threads" --no-progress -o "$out/freq.h5" >/dev/null
  "$r" chips --chips 1 --no-progress -o "$out/one.h5" >/dev/null
  "$r" perf --chips "$out/one.h5" --kernels ptx:bfs,ptx:bp,ptx:hotspot,ptx:nw,ptx:pns,ptx:sla \
       --set arch.gpu_sms=15 --threads "$threads" --trace-cache "$train/traces" --no-progress \
       -o "$out/perf.h5" >/dev/null
}

echo "build_fast: 1/4 instrumented build in $dir" >&2
rm -rf "$train"
find "$dir" -name '*.gcda' -delete 2>/dev/null || true
configure generate "$@"
cmake --build "$dir" -j "$threads" --target rfvar
echo "build_fast: 2/4 training run" >&2
training "$train/instrumented"
echo "build_fast: 3/4 optimised build with the profile" >&2
configure use "$@"
targets=(rfvar)  # and rfvar-mpi if the build directory has RFVAR_MPI on (from these arguments or an earlier run)
grep -qiE '^RFVAR_MPI:BOOL=(ON|TRUE|YES|Y|1)$' "$dir/CMakeCache.txt" && targets+=(rfvar-mpi)
cmake --build "$dir" -j "$threads" --target "${targets[@]}"
echo "build_fast: 4/4 checking that the results did not move" >&2
training "$train/optimised"
for f in chips freq perf; do
  /usr/bin/python3 scripts/h5_compare.py "$train/instrumented/$f.h5" "$train/optimised/$f.h5" --datasets-only >/dev/null || {
    echo "build_fast: $f.h5 differs between the instrumented and the optimised build ($train); do not use $dir/rfvar" >&2
    exit 1
  }
done
echo "build_fast: done: $dir/rfvar ($(printf '%s ' "${targets[@]}")); training outputs identical" >&2
