#!/usr/bin/python3
"""Register-sharing figures from an `rfvar sharing -o FILE.h5` file or a study file with a sharing stage.

    scripts/plot_sharing.py sharing.h5 -o results/figures/

Shaped like Jeon et al., CAL 2019: Fig. 4 (per CNN layer: speedup over the virtualized register
file with the unlimited and the finite table, and the peak registers in use) and Fig. 5 (matrixMul
unoptimized and tiled: speedup and peak registers). Reads only h5py/numpy, writes PNGs with
matplotlib's Agg backend, prints one line per figure written; a figure whose workloads are missing
from the file is skipped with a note.
"""
import argparse
import os
import sys

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

COLORS = {"vrf": "#7f7f7f", "unlimited": "#1f77b4", "table": "#ff7f0e", "static": "#2ca02c", "partial": "#d62728"}


def load(path):
    with h5py.File(path, "r") as f:
        g = f["sharing"]
        if "sharing" in g:  # a study file: the stage's file under /sharing (docs/hdf5.md "study")
            g = g["sharing"]
        dec = lambda ds: [x.decode() if isinstance(x, bytes) else str(x) for x in ds[()]]  # noqa: E731
        return {
            "configs": dec(g["configs"]), "workload": dec(g["workload"]), "kernel": dec(g["kernel"]),
            "cycles": g["cycles"][()].astype(float), "peak": g["peak_registers"][()].astype(float),
            "table_entries": int(g.attrs["table_entries"]),
        }


def speedup_pct(d, rows, config):
    c, v = d["configs"].index(config), d["configs"].index("vrf")
    return 100.0 * (d["cycles"][rows, v] / d["cycles"][rows, c] - 1.0)


def fig4(d, out):
    """Per CNN layer (launch): speedup of sharing over the virtualized RF, peak registers."""
    nets = [w for w in dict.fromkeys(d["workload"]) if "cifarnet" in w or "alexnet" in w]
    if not nets:
        print("fig4: no CNN workload in the file, skipped")
        return
    fig, axes = plt.subplots(2, len(nets), figsize=(6 * len(nets), 6), squeeze=False)
    for j, net in enumerate(nets):
        rows = np.array([i for i, w in enumerate(d["workload"]) if w == net])
        x = np.arange(len(rows))
        labels = [d["kernel"][i].replace("_kernel", "") for i in rows]
        ax = axes[0][j]
        cfgs = [c for c in ("unlimited", "table", "partial") if c in d["configs"]]  # older files: no partial
        for k, cfg in enumerate(cfgs):
            name = {"unlimited": "unlimited table", "table": f"{d['table_entries']}-entry table",
                    "partial": f"partial sharing, {d['table_entries']} entries"}[cfg]
            w = 0.8 / len(cfgs)
            ax.bar(x + (k - (len(cfgs) - 1) / 2) * w, speedup_pct(d, rows, cfg), w, color=COLORS[cfg], label=name)
        ax.axhline(0, color="k", lw=0.5)
        ax.set_title(f"{net}: speedup over the virtualized RF")
        ax.set_ylabel("speedup (%)")
        ax.set_xticks(x, labels, rotation=60, fontsize=7)
        ax.legend(fontsize=7)
        ax = axes[1][j]
        for k, cfg in enumerate(["vrf", "table"]):
            c = d["configs"].index(cfg)
            ax.bar(x + (k - 0.5) * 0.4, d["peak"][rows, c], 0.4, color=COLORS[cfg],
                   label="virtualized RF" if cfg == "vrf" else "sharing")
        ax.set_ylabel("peak warp registers in use")
        ax.set_xticks(x, labels, rotation=60, fontsize=7)
        ax.legend(fontsize=7)
    fig.tight_layout()
    path = os.path.join(out, "jeon_fig4_cnn.png")
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")


def fig5(d, out):
    """matrixMul unoptimized and tiled: speedup over the unoptimized virtualized RF, peak registers."""
    ws = [w for w in dict.fromkeys(d["workload"]) if "mm128" in w]
    if not ws:
        print("fig5: no mm128 workload in the file, skipped")
        return
    tot = {w: d["cycles"][[i for i, x in enumerate(d["workload"]) if x == w]].sum(axis=0) for w in ws}
    peak = {w: d["peak"][[i for i, x in enumerate(d["workload"]) if x == w]].max(axis=0) for w in ws}
    base = tot[ws[0]][d["configs"].index("vrf")]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(9, 3.5))
    x = np.arange(len(ws))
    cfgs = [c for c in ("vrf", "unlimited", "table", "partial") if c in d["configs"]]
    bw = 0.8 / len(cfgs)
    for k, cfg in enumerate(cfgs):
        c = d["configs"].index(cfg)
        off = (k - (len(cfgs) - 1) / 2) * bw
        a1.bar(x + off, [100.0 * (base / tot[w][c] - 1.0) for w in ws], bw, color=COLORS[cfg], label=cfg)
        a2.bar(x + off, [peak[w][c] for w in ws], bw, color=COLORS[cfg], label=cfg)
    a1.set_title(f"speedup over {ws[0]} on the virtualized RF")
    a1.set_ylabel("speedup (%)")
    a2.set_title("peak warp registers in use")
    for a in (a1, a2):
        a.set_xticks(x, [w.replace("ptx:", "") for w in ws])
        a.legend(fontsize=7)
    fig.tight_layout()
    path = os.path.join(out, "jeon_fig5_matrixmul.png")
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("-o", "--out", default=".")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    try:
        d = load(a.file)
    except (OSError, KeyError) as e:
        print(f"plot_sharing: {a.file}: not an rfvar sharing file ({e})", file=sys.stderr)
        return 2
    fig4(d, a.out)
    fig5(d, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
