#!/usr/bin/env bash
# Exports the workloads of the default study as Accel-Sim trace folders, for the per-kernel comparison
# with GPGPU-Sim's trace-driven mode (docs/accelsim-traces.md "Export"):
#   OUTDIR/tan/NAME   the 12 Tan benchmarks (the ipc / guardband / perf stages of
#                     data/studies/default.toml), register ids arch.register_ids = "gpgpusim" (default)
#   OUTDIR/ltrf/NAME  the 13 LTRF benchmarks (ltrf.kernels_register_sensitive / _insensitive of
#                     data/fermi-32nm.toml), register ids "allocated", as the ltrf stage runs them
# Usage: scripts/validation/export_all.sh OUTDIR [RFVAR_BINARY]   (default binary: build/rfvar)
# Prints one line per workload (instructions, bytes, seconds) and the totals; a workload that cannot
# be written (e.g. more than 255 distinct register ids) is reported, skipped, and makes the exit status 1.
set -euo pipefail
if [[ $# -lt 1 ]]; then
  echo "usage: $0 OUTDIR [RFVAR_BINARY]" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
bin=${2:-$root/build/rfvar}
mkdir -p "$out/tan" "$out/ltrf"
lists=$(python3 - "$root" <<'PY'
import sys, tomllib
root = sys.argv[1]
study = tomllib.load(open(f"{root}/data/studies/default.toml", "rb"))
cfg = tomllib.load(open(f"{root}/data/fermi-32nm.toml", "rb"))
tan = study["ipc"]["kernels"]
ltrf = cfg["ltrf"]["kernels_register_sensitive"] + cfg["ltrf"]["kernels_register_insensitive"]
print("tan " + " ".join(tan))
print("ltrf " + " ".join(ltrf))
PY
)
start=$SECONDS
failed=0
export_one() {  # GROUP SPEC [--set ...]; a workload that cannot be written is reported and skipped
  local group=$1 spec=$2
  shift 2
  local name=${spec#ptx:} t0=$SECONDS json
  # --sass-operands: within Accel-Sim's parser limits (docs/accelsim-traces.md "Export")
  if ! json=$("$bin" trace "$spec" --format accelsim --sass-operands -o "$out/$group/$name" --json --no-progress "$@"); then
    echo "$group/$name: NOT WRITTEN (error above)"
    failed=$((failed + 1))
    return
  fi
  python3 -c 'import json,sys; j=json.loads(sys.argv[3]); print("%s/%s: %d launches, %d warp instructions, %d bytes, %d ids renumbered (%d rebanked), %d operands dropped" % (sys.argv[1], sys.argv[2], j["launches"], j["warp_instructions"], j["bytes"], j["renumbered_register_ids"], j["rebanked_register_ids"], j["dropped_operands"]), end="")' "$group" "$name" "$json"
  echo ", $((SECONDS - t0)) s"
}
while read -r group specs; do
  for spec in $specs; do
    if [[ $group == ltrf ]]; then
      export_one ltrf "$spec" --set arch.register_ids=allocated
    else
      export_one tan "$spec"
    fi
  done
done <<< "$lists"
echo "total: $((SECONDS - start)) s, $(du -sb "$out" | cut -f1) bytes in $out, $failed not written"
[[ $failed -eq 0 ]]
