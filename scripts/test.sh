#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, runs every test; then builds again
# with clang's AddressSanitizer + UBSan, runs the tests once more and fuzzes every input reader.
# Exit status: non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)
# Unity build (CMakeLists.txt, RFVAR_UNITY_BUILD): the libraries, rfvar and bench/ compile in
# batches, which roughly halves their compile time; the results are bit-identical
# (docs/performance.md, CI). RFVAR_MPI builds rfvar-mpi beside rfvar from the same libraries (only
# its main and the MPI distributor compile again) and adds the ctest test mpi_runs (docs/cluster.md).
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DRFVAR_WERROR=ON -DRFVAR_UNITY_BUILD=ON -DRFVAR_MPI=ON >/dev/null
cmake --build build -j "$jobs"
(cd build && ctest --output-on-failure -j 1)
# The sanitized build (clang-14: ASan + UBSan) serves both the second test run and the fuzz targets,
# so CI compiles everything twice, not three times (docs/performance.md, CI). Coverage guidance is
# compiled into the fuzz targets and the PTX / Accel-Sim reader libraries only: in every library it
# would make the tests 5-9x slower (CMakeLists.txt, RFVAR_FUZZ_COVERAGE; open-ended fuzzing,
# scripts/fuzz.sh, builds build-fuzz/ with it everywhere). -O1 -g1: sanitizer reports keep function
# names and file:line.
# RFVAR_SANITIZED=1 lets two slow tests skip repeats the Release run already made (a second whole
# golden study for thread-count determinism; 10 of the 13 LTRF workloads' PTX interpretation).
if [ "${RFVAR_SKIP_SANITIZERS:-0}" != 1 ] || [ "${RFVAR_SKIP_FUZZ:-0}" != 1 ]; then
  # A build-asan/ made by an older test.sh with GCC cannot switch compiler: start it afresh.
  if [ -f build-asan/CMakeCache.txt ] && ! grep -q "^CMAKE_CXX_COMPILER:.*clang++-14" build-asan/CMakeCache.txt; then
    rm -rf build-asan
  fi
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
        -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DRFVAR_FUZZ=ON -DRFVAR_FUZZ_COVERAGE=OFF \
        -DRFVAR_WERROR=ON -DRFVAR_BUILD_BENCH=OFF -DRFVAR_UNITY_BUILD=ON >/dev/null
  cmake --build build-asan -j "$jobs"
fi
if [ "${RFVAR_SKIP_SANITIZERS:-0}" != 1 ]; then
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 RFVAR_SANITIZED=1 ctest --output-on-failure -j 1)
fi
# Fuzz every input reader for a bounded time (fuzz/README.md), from the same build.
if [ "${RFVAR_SKIP_FUZZ:-0}" != 1 ]; then
  # A fixed seed and run count (the checked-in seeds, then 2000 runs) make CI repeatable; open-ended
  # fuzzing is scripts/fuzz.sh TARGET SECONDS (fuzz/README.md). fuzz_chips (raw HDF5 images, on
  # which libhdf5 itself crashes or loops: the chips reader's child-process probe refuses them) runs
  # 300 inputs only: each forks a probe, and a looping image costs its 1 s limit (~30 s in all).
  for t in config kernel rftrace ptx harness accelsim study chips_fields chips; do
    runs="${RFVAR_FUZZ_RUNS:-2000}"
    [ "$t" = chips ] && runs="${RFVAR_FUZZ_CHIPS_RUNS:-300}"
    RFVAR_FUZZ_BUILD=build-asan RFVAR_FUZZ_RUNS="$runs" scripts/fuzz.sh "$t" "${RFVAR_FUZZ_SECONDS:-120}"
  done
fi
