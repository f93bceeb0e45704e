#!/usr/bin/env bash
# Golden check for SM speed work: dumps `rfvar sim --json` (cycles, instructions, stalls, per-bank and
# per-sub-bank counts) of every kernel x technique on one chip, to compare before/after a change that
# must not change results.
#   scripts/arch_golden.sh RFVAR_BINARY CHIPS_H5 OUT_FILE     (then: diff old new)
set -euo pipefail
bin=$1 chips=$2 out=$3
kernels=$(ls "$(dirname "$0")/../data/kernels/"*.kernel | xargs -n1 basename | sed 's/\.kernel$//')
: > "$out"
for k in $kernels; do
  for t in baseline vl-rf vl-sb+rf-bro fba-rm two-level fwas pv-opt; do
    echo "== $k $t" >> "$out"
    "$bin" sim --kernel "$k" --technique "$t" --chip "$chips:0" --sm 3 --json --no-progress \
      | grep -v '"elapsed\|sim_rate\|seconds' >> "$out"
  done
done
