#!/usr/bin/env python3
"""rfvar's side of the per-kernel comparison with GPGPU-Sim (docs/accelsim-traces.md "Export").

Runs `rfvar sim --kernel DIR --set arch.gpu_sms=15 --json` on every Accel-Sim trace folder under
TRACE_ROOT (any folder holding a kernelslist.g, as scripts/validation/export_all.sh writes them) at
four settings and writes one CSV row per (benchmark, kernel launch, setting):

  baseline    the default configuration
  rf_2cycle   every register-file bank access 2 cycles: technique all-slow
              (rfmodel.slow_access_cycles = 2, the default, at every bank; technique/all_slow.cpp)
  rf_cap_x2   arch.registers_per_sm x 2 (65536) and floorplan.rows_per_bank x 2 (128), so that the
              banks hold what the larger occupancy allocates
  rf_cap_x4   arch.registers_per_sm x 4 (131072), floorplan.rows_per_bank x 4 (256)

Columns: group, benchmark, launch, kernel, setting, cycles, warp_instructions, thread_instructions,
ipc (warp instructions per GPU cycle), l1_hit_rate, l1_data_hit_rate (global and local loads only), l2_accesses, l2_hit_rate, dram_accesses,
dram_bytes, dram_bytes_per_cycle, sim_seconds (the whole benchmark's run at that setting).
Extra `--set section.key=value` options are passed to every run; `--scheduler NAME` overrides the
warp scheduler of every run (gto = the reference's GTX480 config).

Usage: scripts/validation/rfvar_side.py TRACE_ROOT OUT.csv [--set KEY=VALUE ...] [--rfvar BIN] [--jobs N]
       [--settings baseline,rf_2cycle,...]
       [--scheduler gto]
"""
import argparse
import concurrent.futures
import csv
import json
import os
import subprocess
import sys
import time

REGS = 32768  # arch.registers_per_sm of data/fermi-32nm.toml
ROWS = 64     # floorplan.rows_per_bank: 16 banks x 64 entries x 32 lanes = REGS
SETTINGS = [
    ("baseline", []),
    ("rf_2cycle", ["--technique", "all-slow"]),
    ("rf_cap_x2", ["--set", f"arch.registers_per_sm={2 * REGS}", "--set", f"floorplan.rows_per_bank={2 * ROWS}"]),
    ("rf_cap_x4", ["--set", f"arch.registers_per_sm={4 * REGS}", "--set", f"floorplan.rows_per_bank={4 * ROWS}"]),
]
COLUMNS = ["group", "benchmark", "launch", "kernel", "setting", "cycles", "warp_instructions",
           "thread_instructions", "ipc", "l1_hit_rate", "l1_data_hit_rate", "l2_accesses", "l2_hit_rate", "dram_accesses",
           "dram_bytes", "dram_bytes_per_cycle", "sim_seconds"]


def folders(root):
    for d, _, files in sorted(os.walk(root, followlinks=True)):
        if "kernelslist.g" in files:
            rel = os.path.relpath(d, root)
            parts = rel.split(os.sep)
            yield d, (parts[0] if len(parts) > 1 else ""), parts[-1]


def run(binary, folder, setting, extra, scheduler):
    cmd = [binary, "sim", "--kernel", folder, "--set", "arch.gpu_sms=15", "--json", "--no-progress"]
    cmd += setting + [a for kv in extra for a in ("--set", kv)]
    if scheduler:
        cmd += ["--scheduler", scheduler]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()}")
    return json.loads(p.stdout)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace_root")
    ap.add_argument("out_csv")
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--rfvar", default=os.path.join(here, "..", "..", "build", "rfvar"))
    ap.add_argument("--scheduler", default="",
                    help="override the warp scheduler (rfvar sim --scheduler): gto is GPGPU-Sim's GTX480 config's "
                         "(-gpgpu_scheduler gto); default: the technique's (lrr, Tan's baseline)")
    ap.add_argument("--jobs", type=int, default=1, help="rfvar runs at once (default 1)")
    ap.add_argument("--settings", default=",".join(n for n, _ in SETTINGS),
                    help="comma-separated subset of " + ", ".join(n for n, _ in SETTINGS) + " (default: all)")
    a = ap.parse_args()
    chosen = a.settings.split(",")
    unknown = [n for n in chosen if n not in dict(SETTINGS)]
    if unknown:
        sys.exit(f"--settings: unknown {', '.join(unknown)}; accepted: {', '.join(n for n, _ in SETTINGS)}")
    settings = [(n, s) for n, s in SETTINGS if n in chosen]
    jobs = [(d, g, b, name, s) for d, g, b in folders(a.trace_root) for name, s in settings]
    if not jobs:
        sys.exit(f"no kernelslist.g under {a.trace_root}")
    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        results = list(ex.map(lambda j: run(a.rfvar, j[0], j[4], a.sets, a.scheduler), jobs))
    tmp = a.out_csv + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for (d, g, b, name, _), j in zip(jobs, results):
            for k in j["per_kernel"]:
                w.writerow({"group": g, "benchmark": b, "launch": k["launch"], "kernel": k["name"], "setting": name,
                            **{c: k[c] for c in COLUMNS[5:-1]}, "sim_seconds": j["sim_seconds"]})
    os.replace(tmp, a.out_csv)
    print(f"{len(jobs)} runs ({len(jobs) // len(settings)} folders x {len(settings)} settings) in "
          f"{time.monotonic() - t0:.1f} s -> {a.out_csv}")


if __name__ == "__main__":
    main()
