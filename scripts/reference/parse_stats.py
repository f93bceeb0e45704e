#!/usr/bin/env python3
"""Per-kernel CSV from the stdout of Accel-Sim's trace-driven GPGPU-Sim (standard library only).

GPGPU-Sim prints a statistics block after every kernel, opened by `kernel_name = ...`.
Per-kernel counters (gpu_sim_cycle, gpu_sim_insn) are printed as they are; the warp-instruction,
cache and DRAM counters are totals since the start of the run, so a kernel's value is the
difference from the previous block. docs/validation-gpgpusim.md lists which counter feeds
which column.
"""
import argparse
import csv
import re
import sys

COLUMNS = [
    "kernel_uid", "kernel", "cycles", "warp_insts", "thread_insts",
    "ipc_warp_per_sm", "ipc_warp_total", "ipc_thread_total",
    "l1d_accesses", "l1d_hit_rate", "l1d_read_hit_rate", "l2_accesses", "l2_hit_rate",
    "dram_bw_util", "sms", "options", "label", "reference", "trace_dir", "run_wall_s",
]

SCALARS = {
    "cycles": r"^gpu_sim_cycle = (\d+)",
    "thread_insts": r"^gpu_sim_insn = (\d+)",
    "tot_warp_insts": r"^gpgpu_n_tot_w_icount = (\d+)",
    "tot_l1d_accesses": r"^\s*L1D_total_cache_accesses = (\d+)",
    "tot_l1d_misses": r"^\s*L1D_total_cache_misses = (\d+)",
    "tot_l2_accesses": r"^L2_total_cache_accesses = (\d+)",
    "tot_l2_misses": r"^L2_total_cache_misses = (\d+)",
}
# The L1D's global and local loads alone (L1D_total_cache_* also count stores, all misses under
# write-no-allocate): totals since the start of the run, per access outcome. A hit here is HIT or
# HIT_RESERVED (a load merged into a miss in flight); every outcome but RESERVATION_FAIL (a retry)
# is one access.
READ_OUTCOME_RE = re.compile(
    r"^\s*Total_core_cache_stats_breakdown\[(?:GLOBAL|LOCAL)_ACC_R\]\[(HIT|HIT_RESERVED|MISS|SECTOR_MISS)\] = (\d+)",
    re.M)
# Per DRAM channel, totals since the start of the run: "DRAM[i]: ... BL=8 ..." then
# "n_cmd=... n_rd=... n_rd_L2_A=... n_write=... n_wr_bk=... bw_util=...". GPGPU-Sim's bw_util is
# bwutil / n_cmd with bwutil += BL / dram_data_command_freq_ratio per read or write command
# (dram.cc); it is rebuilt here from the exact counts (bw_util is printed to 4 digits only).
DRAM_BL_RE = re.compile(r"^DRAM\[\d+\]: .*\bBL=(\d+)", re.M)
DRAM_RE = re.compile(r"^n_cmd=(\d+) .*\bn_rd=(\d+) n_rd_L2_A=(\d+) n_write=(\d+) n_wr_bk=(\d+) ",
                     re.M)
RATIO_RE = re.compile(r"^-dram_data_command_freq_ratio\s+(\d+)", re.M)


def parse_blocks(text):
    """Split stdout into per-kernel blocks, each starting at `kernel_name = `."""
    ratio_m = RATIO_RE.search(text)
    if not ratio_m:
        raise SystemExit("parse_stats: no -dram_data_command_freq_ratio in the options dump")
    freq_ratio = int(ratio_m.group(1))
    starts = [m.start() for m in re.finditer(r"^kernel_name = ", text, re.M)]
    if not starts:
        raise SystemExit("parse_stats: no 'kernel_name = ' block in the simulator output")
    starts.append(len(text))
    blocks = []
    for a, b in zip(starts, starts[1:]):
        blk = text[a:b]
        rec = {"kernel": re.search(r"^kernel_name = (\S+)", blk, re.M).group(1)}
        uid = re.search(r"^kernel_launch_uid = (\d+)", blk, re.M)
        rec["kernel_uid"] = int(uid.group(1)) if uid else len(blocks) + 1
        for key, rx in SCALARS.items():
            m = re.search(rx, blk, re.M)
            if not m:
                raise SystemExit(f"parse_stats: kernel {rec['kernel']}: no match for {rx}")
            rec[key] = int(m.group(1))
        rec["tot_l1d_read_hits"] = rec["tot_l1d_reads"] = 0
        for outcome, n in READ_OUTCOME_RE.findall(blk):
            rec["tot_l1d_reads"] += int(n)
            if outcome in ("HIT", "HIT_RESERVED"):
                rec["tot_l1d_read_hits"] += int(n)
        bls = [int(x) for x in DRAM_BL_RE.findall(blk)]
        chans = DRAM_RE.findall(blk)
        if not chans or len(bls) != len(chans):
            raise SystemExit(f"parse_stats: kernel {rec['kernel']}: DRAM channel lines not found")
        busy = n_cmd = 0
        for bl, (cmd, rd, rd_l2a, wr, wr_bk) in zip(bls, chans):
            busy += (int(rd) + int(rd_l2a) + int(wr) + int(wr_bk)) * (bl // freq_ratio)
            n_cmd += int(cmd)
        rec["tot_dram_busy"], rec["tot_dram_cmd"] = busy, n_cmd
        blocks.append(rec)
    return blocks


def ratio(a, b):
    return a / b if b else float("nan")


def rows(blocks, sms):
    prev = {k: 0 for k in blocks[0] if k.startswith("tot_")}
    for rec in blocks:
        d = {k: rec[k] - prev[k] for k in prev}
        prev = {k: rec[k] for k in prev}
        cyc = rec["cycles"]
        yield {
            "kernel_uid": rec["kernel_uid"],
            "kernel": rec["kernel"],
            "cycles": cyc,
            "warp_insts": d["tot_warp_insts"],
            "thread_insts": rec["thread_insts"],
            "ipc_warp_per_sm": f"{ratio(d['tot_warp_insts'], cyc * sms):.4f}",
            "ipc_warp_total": f"{ratio(d['tot_warp_insts'], cyc):.4f}",
            "ipc_thread_total": f"{ratio(rec['thread_insts'], cyc):.4f}",
            "l1d_accesses": d["tot_l1d_accesses"],
            "l1d_hit_rate": f"{1 - ratio(d['tot_l1d_misses'], d['tot_l1d_accesses']):.4f}",
            "l1d_read_hit_rate": f"{ratio(d['tot_l1d_read_hits'], d['tot_l1d_reads']):.4f}",
            "l2_accesses": d["tot_l2_accesses"],
            "l2_hit_rate": f"{1 - ratio(d['tot_l2_misses'], d['tot_l2_accesses']):.4f}",
            "dram_bw_util": f"{ratio(d['tot_dram_busy'], d['tot_dram_cmd']):.4f}",
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", help="simulator stdout")
    ap.add_argument("csv", help="output CSV (one row per kernel)")
    ap.add_argument("--sms", type=int, required=True, help="SMs simulated (-gpgpu_n_clusters)")
    ap.add_argument("--options", default="", help="simulator options, copied to the CSV")
    ap.add_argument("--label", default="")
    ap.add_argument("--trace-dir", default="")
    ap.add_argument("--reference", default="", help="simulator commits and patches")
    ap.add_argument("--wall-s", default="", help="wall time of the whole run, seconds")
    a = ap.parse_args()
    with open(a.log, errors="replace") as f:
        text = f.read()
    if "GPGPU-Sim: *** exit detected ***" not in text:
        sys.exit(f"parse_stats: {a.log} has no '*** exit detected ***': the run did not finish")
    with open(a.csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows(parse_blocks(text), a.sms):
            r.update(sms=a.sms, options=a.options, label=a.label, reference=a.reference,
                     trace_dir=a.trace_dir, run_wall_s=a.wall_s)
            w.writerow(r)


if __name__ == "__main__":
    main()
