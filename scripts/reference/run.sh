#!/usr/bin/env bash
# Runs the reference simulator (Accel-Sim trace-driven + GPGPU-Sim, GTX480 config) on one
# Accel-Sim trace folder and writes one CSV row per kernel. See docs/validation-gpgpusim.md.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: run.sh BUILD_DIR TRACE_DIR OUT.csv [options] [-- extra GPGPU-Sim options]

Runs BUILD_DIR's accel-sim.out (a reference build; BUILD_DIR/reference.env names the binary,
its libcudart.so and the SM2_GTX480 config folder) on TRACE_DIR/kernelslist.g with
configs/tested-cfgs/SM2_GTX480/gpgpusim.config, and writes OUT.csv (one row per kernel)
and the simulator's full stdout beside it as OUT.log.

Options:
  --sms N                SMs (-gpgpu_n_clusters; the GTX480 config has 1 core per cluster).
                         Default 15.
  --bank-cycles N        -gpgpu_reg_bank_access_cycles N (steps a register bank is busy per
                         access). Default: not passed (1 in a patched build).
  --bank-cycles-list L   -gpgpu_reg_bank_cycles_list L, e.g. 2,1,2,1,... (per bank 0,1,...).
  --registers R          -gpgpu_shader_registers R (registers per SM; GTX480: 32768).
  --match-rfvar          the configuration of the SM-model comparison (docs/validation-gpgpusim.md
                         "Matching the configurations"): loose round-robin warp scheduling, a
                         perfect instruction cache, and GPGPU-Sim 3.x's memory requests (an L1
                         miss asks the L2 for its whole 128 B line; a non-sectored write-allocate
                         L2) and DRAM (GDDR5 timing of GPGPU-Sim 3.1.0's Fermi config at 1848 MHz,
                         32 B column commands, its address map; rfvar's dram_* keys), i.e.
                         -gpgpu_scheduler lrr -gpgpu_perfect_inst_const_cache 1
                         -gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:64:8,8
                         -gpgpu_cache:dl2 N:64:128:8,L:B:m:W:L,A:256:4,4:0,32
                         -gpgpu_clock_domains 700.0:700.0:700.0:1848.0 -gpgpu_dram_burst_length 4
                         -dram_data_command_freq_ratio 2 -dram_bnkgrp_indexing_policy 0
                         -gpgpu_dram_timing_opt nbk=16:CCD=2:RRD=5:RCD=12:RAS=28:RP=12:RC=35:
                           CL=10:WL=7:CDLR=6:WR=12:nbkgrp=1:CCDL=0:RTPL=0 (one word)
                         -gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000.
                           0000RRRR.RRRRRRRR.RRBBBCCC.CCCSSSSS (one word)
  --label TEXT           free text put in the CSV's label column (default: empty)
  -- ...                 everything after -- is passed to the simulator unchanged
  -h, --help             this text

--bank-cycles and --bank-cycles-list need a build made with the bank patches (not --stock).
EOF
}

die() { echo "run.sh: $*" >&2; exit 1; }

pos=() sms=15 bank="" banklist="" regs="" label="" extra=() match=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --sms) [ $# -ge 2 ] || die "--sms needs a value"; sms=$2; shift 2 ;;
    --bank-cycles) [ $# -ge 2 ] || die "--bank-cycles needs a value"; bank=$2; shift 2 ;;
    --bank-cycles-list) [ $# -ge 2 ] || die "--bank-cycles-list needs a value"; banklist=$2; shift 2 ;;
    --registers) [ $# -ge 2 ] || die "--registers needs a value"; regs=$2; shift 2 ;;
    --label) [ $# -ge 2 ] || die "--label needs a value"; label=$2; shift 2 ;;
    --match-rfvar) match=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) pos+=("$1"); shift ;;
  esac
done
[ ${#pos[@]} -eq 3 ] || { usage >&2; exit 2; }
build=${pos[0]} traces=${pos[1]} out=${pos[2]}

[ -d "$build" ] || die "BUILD_DIR: no such directory: $build"
[ -f "$build/reference.env" ] || die "BUILD_DIR: $build/reference.env missing (run the reference build into $build first)"
[ -d "$traces" ] || die "TRACE_DIR: no such directory: $traces"
[ -f "$traces/kernelslist.g" ] || die "TRACE_DIR: $traces/kernelslist.g missing (not an Accel-Sim trace folder)"
[[ "$sms" =~ ^[1-9][0-9]*$ ]] || die "--sms: not a positive integer: $sms"
[ -z "$bank" ] || [[ "$bank" =~ ^[1-9][0-9]*$ ]] || die "--bank-cycles: not a positive integer: $bank"
[ -z "$banklist" ] || [[ "$banklist" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die "--bank-cycles-list: not a comma-separated list of positive integers: $banklist"
[ -z "$regs" ] || [[ "$regs" =~ ^[1-9][0-9]*$ ]] || die "--registers: not a positive integer: $regs"
outdir=$(dirname "$out")
[ -d "$outdir" ] || die "OUT.csv: directory $outdir does not exist"

REF_BIN="" REF_LIB="" REF_CONFIG_DIR="" REF_STOCK=0 REF_ACCEL_SIM_COMMIT="" REF_GPGPU_SIM_COMMIT="" REF_PATCHES=""
# shellcheck disable=SC1091
source "$build/reference.env"
[ -x "$REF_BIN" ] || die "simulator $REF_BIN (from $build/reference.env) missing or not executable"
[ -f "$REF_LIB/libcudart.so" ] || die "$REF_LIB/libcudart.so (from $build/reference.env) missing"
[ -f "$REF_CONFIG_DIR/gpgpusim.config" ] || die "$REF_CONFIG_DIR/gpgpusim.config missing"
if [ "$REF_STOCK" = 1 ] && { [ -n "$bank" ] || [ -n "$banklist" ]; }; then
  die "$build is a --stock build: it has no register-bank cycle options"
fi

opts=(-gpgpu_n_clusters "$sms")
[ -z "$bank" ] || opts+=(-gpgpu_reg_bank_access_cycles "$bank")
[ -z "$banklist" ] || opts+=(-gpgpu_reg_bank_cycles_list "$banklist")
[ -z "$regs" ] || opts+=(-gpgpu_shader_registers "$regs")
[ $match = 0 ] || opts+=(-gpgpu_scheduler lrr -gpgpu_perfect_inst_const_cache 1
                         -gpgpu_cache:dl1 N:32:128:4,L:L:m:N:H,A:64:8,8
                         -gpgpu_cache:dl2 N:64:128:8,L:B:m:W:L,A:256:4,4:0,32
                         -gpgpu_clock_domains 700.0:700.0:700.0:1848.0 -gpgpu_dram_burst_length 4
                         -dram_data_command_freq_ratio 2 -dram_bnkgrp_indexing_policy 0
                         -gpgpu_dram_timing_opt "nbk=16:CCD=2:RRD=5:RCD=12:RAS=28:RP=12:RC=35:CL=10:WL=7:CDLR=6:WR=12:nbkgrp=1:CCDL=0:RTPL=0"
                         -gpgpu_mem_addr_mapping "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRBBBCCC.CCCSSSSS")
opts+=("${extra[@]}")

# GPGPU-Sim reads the config's -inter_config_file relative to the working directory and
# writes a few files there: run in a scratch copy of the config folder.
work=$(mktemp -d "${TMPDIR:-/tmp}/rfvar-ref-run.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$REF_CONFIG_DIR"/gpgpusim.config "$REF_CONFIG_DIR"/*.icnt "$work/"
tracefile=$(cd "$traces" && pwd)/kernelslist.g
log=${out%.csv}.log
[ "$log" != "$out" ] || log=$out.log
outabs=$(cd "$outdir" && pwd)/$(basename "$out")
logabs=$(cd "$(dirname "$log")" && pwd)/$(basename "$log")

echo "run.sh: $REF_BIN -trace $tracefile -config gpgpusim.config ${opts[*]}" >&2
t0=$(date +%s.%N)
set +e
(cd "$work" && LD_LIBRARY_PATH="$REF_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$REF_BIN" -trace "$tracefile" -config gpgpusim.config "${opts[@]}") > "$logabs" 2>&1
rc=$?
set -e
t1=$(date +%s.%N)
wall=$(python3 -c "print(f'{$t1 - $t0:.1f}')")
[ $rc -eq 0 ] || { tail -n 20 "$logabs" >&2; die "simulator exited with $rc; full output in $logabs"; }

python3 "$(dirname "${BASH_SOURCE[0]}")/parse_stats.py" "$logabs" "$outabs" \
  --sms "$sms" --options "${opts[*]}" --label "$label" --wall-s "$wall" \
  --trace-dir "$(cd "$traces" && pwd)" \
  --reference "accel-sim ${REF_ACCEL_SIM_COMMIT:0:12} gpgpu-sim ${REF_GPGPU_SIM_COMMIT:0:12} patches ${REF_PATCHES% }"
echo "run.sh: wrote $outabs ($wall s; log $logabs)" >&2
