#!/usr/bin/env bash
# Installs what is missing, builds rfvar, and runs the default job into results/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
mkdir -p results
build/rfvar chips -o results/chips.h5
build/rfvar freq results/chips.h5 -o results/freq.h5
