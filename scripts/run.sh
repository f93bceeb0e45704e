#!/usr/bin/env bash
# Installs what is missing, builds rfvar, runs the default study (data/studies/default.toml: Tan et
# al. 2016 and LTRF 2018 end to end, 100 chips) into results/study.h5 and draws its figures into
# results/figures/. Finished stages are cached in results/.rfvar-cache, so a rerun takes seconds
# and an interrupted run resumes. Extra arguments go to `rfvar study` (e.g. --threads 2).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Only the rfvar program is built (the tests and benchmarks are scripts/test.sh's), as a unity build:
# the configuration CI tests (docs/performance.md, CI).
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DRFVAR_UNITY_BUILD=ON >/dev/null
cmake --build build -j "$(nproc)" --target rfvar
build/rfvar study --config data/studies/default.toml -o results/study.h5 "$@"
/usr/bin/python3 scripts/plot.py results/study.h5 -o results/figures
