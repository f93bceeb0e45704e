#!/usr/bin/env bash
# Installs what is missing, builds rfvar, runs the default study (data/studies/default.toml: Tan et
# al. 2016 and LTRF 2018 end to end, 100 chips) into results/study.h5 and draws its figures into
# results/figures/. Finished stages are cached in results/.rfvar-cache, so a rerun takes seconds
# and an interrupted run resumes. Extra arguments go to `rfvar study` (e.g. --threads 2).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
build/rfvar study --config data/studies/default.toml -o results/study.h5 "$@"
/usr/bin/python3 scripts/plot.py results/study.h5 -o results/figures
