#!/usr/bin/env bash
# Runs one libFuzzer target (or every one) for a bounded time: scripts/fuzz.sh TARGET SECONDS.
# TARGET: config kernel rftrace ptx harness accelsim study chips chips_fields, or "all" (SECONDS each).
# Builds the fuzz targets with clang-14 (ASan + UBSan + libFuzzer) in build-fuzz/, starts from the
# checked-in seeds fuzz/corpus/TARGET/ plus what earlier runs found (build-fuzz/corpus/TARGET/),
# and prints "fuzz TARGET: N executions in S s". Exit non-zero on a crash, leak or timeout; the
# input that caused it is in build-fuzz/artifacts/TARGET/ (add it to fuzz/corpus/TARGET/ with the fix).
# RFVAR_FUZZ_RUNS=N bounds each target by N executions instead (SECONDS stays a cap) and, with the
# fixed RFVAR_FUZZ_SEED (default 1) and a fresh build-fuzz/corpus/, makes the run repeatable: what
# scripts/test.sh (CI) does. Without it the seed is libFuzzer's (random), for open-ended fuzzing.
set -euo pipefail
cd "$(dirname "$0")/.."
targets_all=(config kernel rftrace ptx harness accelsim study chips chips_fields)
[ $# -eq 2 ] || { echo "usage: scripts/fuzz.sh TARGET|all SECONDS" >&2; exit 2; }
if [ "$1" = all ]; then targets=("${targets_all[@]}"); else targets=("$1"); fi
secs=$2
# RFVAR_FUZZ_BUILD: an existing build directory configured with -DRFVAR_FUZZ=ON (scripts/test.sh
# passes its sanitized build); default build-fuzz/, configured here on first use.
b=${RFVAR_FUZZ_BUILD:-build-fuzz}
if [ -n "${RFVAR_FUZZ_BUILD:-}" ] && ! grep -q "^RFVAR_FUZZ:BOOL=ON" "$b/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz.sh: RFVAR_FUZZ_BUILD=$b is not a build directory configured with -DRFVAR_FUZZ=ON" >&2
  exit 2
fi
if [ ! -f $b/CMakeCache.txt ]; then
  cmake -S . -B $b -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
        -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DRFVAR_FUZZ=ON -DRFVAR_BUILD_BENCH=OFF \
        -DRFVAR_UNITY_BUILD=ON >/dev/null
fi
cmake --build $b -j "$(nproc)" --target "${targets[@]/#/fuzz_}" >/dev/null
status=0
for t in "${targets[@]}"; do
  mkdir -p $b/corpus/$t $b/artifacts/$t
  log=$b/fuzz_$t.log
  # -rss_limit_mb: a reader that grows past 2 GiB on a small input is a finding; -timeout: 10 s per input.
  bound=(); [ -n "${RFVAR_FUZZ_RUNS:-}" ] && bound=(-runs="$RFVAR_FUZZ_RUNS" -seed="${RFVAR_FUZZ_SEED:-1}")
  if ! ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=fuzz/lsan.supp $b/fuzz_$t "${bound[@]}" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix=$b/artifacts/$t/ $b/corpus/$t fuzz/corpus/$t >"$log" 2>&1; then
    echo "fuzz $t: FAILED (see $log and $b/artifacts/$t/)" >&2
    tail -30 "$log" >&2
    status=1
  fi
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "fuzz $t: ${n:-?} executions in $secs s"
done
exit $status
