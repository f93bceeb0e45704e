#!/usr/bin/env python3
"""Figure of the per-benchmark comparison with GPGPU-Sim (docs/validation-gpgpusim.md "Comparison").

Reads the whole-benchmark table scripts/validation/compare.py writes (OUT_benchmarks.csv; checked
in as data/validation/gpgpusim-comparison-benchmarks.csv) and draws two panels, one bar group per
benchmark:
  left   baseline IPC of rfvar / IPC of the reference, with the +-15 % band of issue 25's target
  right  IPC with every register-bank access 2 cycles / baseline IPC, reference and rfvar side by side
Rows of other groups than --group (default tan) are left out.

Usage: scripts/validation/plot_comparison.py BENCHMARKS.csv OUT.png [--group tan] [--title TEXT]
"""
import argparse
import csv
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("out")
    ap.add_argument("--group", default="tan")
    ap.add_argument("--title", default="rfvar against GPGPU-Sim on the same Accel-Sim traces (GTX480, 15 SMs)")
    a = ap.parse_args()
    with open(a.csv, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["group"] == a.group]
    if not rows:
        raise SystemExit(f"{a.csv}: no rows of group {a.group}")
    names = [r["benchmark"] for r in rows]
    x = range(len(rows))
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.2))
    ratio = [float(r["ipc_ratio"]) for r in rows]
    ax1.bar(x, ratio, color="#4c72b0")
    ax1.axhspan(0.85, 1.15, color="0.85", zorder=0, label="within 15 %")
    ax1.axhline(1.0, color="k", lw=0.8)
    ax1.set_xticks(list(x), names, rotation=45, ha="right")
    ax1.set_ylabel("IPC rfvar / IPC reference")
    ax1.set_title("baseline IPC")
    ax1.legend(loc="upper left", fontsize=8)
    w = 0.38
    have = [i for i, r in enumerate(rows) if r["slow_ref"]]
    ax2.bar([i - w / 2 for i in have], [float(rows[i]["slow_ref"]) for i in have], w, label="GPGPU-Sim (reference)",
            color="0.55")
    ax2.bar([i + w / 2 for i in have], [float(rows[i]["slow_rfvar"]) for i in have], w, label="rfvar", color="#dd8452")
    ax2.axhline(1.0, color="k", lw=0.8)
    low = min([0.8] + [float(rows[i][c]) for i in have for c in ("slow_ref", "slow_rfvar")])
    ax2.set_ylim(low - 0.08, 1.02)  # room below the lowest bar for the legend
    ax2.set_xticks(list(x), names, rotation=45, ha="right")
    ax2.set_ylabel("IPC with 2-cycle banks / baseline IPC")
    ax2.set_title("every register-bank access 2 cycles")
    ax2.legend(loc="lower left", fontsize=8)
    fig.suptitle(a.title, fontsize=10)
    fig.tight_layout()
    tmp = a.out + ".tmp.png"
    fig.savefig(tmp, dpi=120)
    os.replace(tmp, a.out)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
