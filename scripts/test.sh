#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, runs every test; then builds again
# with AddressSanitizer + UBSan and runs the tests once more. Exit status: non-zero on any failure.
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
# Fuzz every input reader for a bounded time (fuzz/README.md; clang-14 build in build-fuzz/).
if [ "${RFVAR_SKIP_FUZZ:-0}" != 1 ]; then
  # A fixed seed and run count (the checked-in seeds, then 2000 runs) make CI repeatable; open-ended
  # fuzzing is scripts/fuzz.sh TARGET SECONDS (fuzz/README.md). fuzz_chips is not run here: mutated
  # HDF5 images crash libhdf5 itself (SEGV in H5HG_read, huge allocations), beyond rfvar's reader.
  for t in config kernel rftrace ptx harness accelsim study; do
    RFVAR_FUZZ_RUNS="${RFVAR_FUZZ_RUNS:-2000}" scripts/fuzz.sh "$t" "${RFVAR_FUZZ_SECONDS:-120}"
  done
fi
if [ "${RFVAR_SKIP_SANITIZERS:-0}" != 1 ]; then
  # -O1 -g1: sanitizer reports keep function names and file:line; compiling takes far less time
  # than RelWithDebInfo's -O2 -g while the sanitized tests run only a little slower
  # (docs/performance.md, CI). RFVAR_SANITIZED=1 lets two slow tests skip repeats the Release run
  # already made (a second whole golden study for thread-count determinism; 10 of the 13 LTRF
  # workloads' PTX interpretation).
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
        -DRFVAR_WERROR=ON -DRFVAR_SANITIZE=ON -DRFVAR_BUILD_BENCH=OFF -DRFVAR_UNITY_BUILD=ON >/dev/null
  cmake --build build-asan -j "$jobs"
  (cd build-asan && ASAN_OPTIONS=detect_leaks=1 RFVAR_SANITIZED=1 ctest --output-on-failure -j 1)
fi
