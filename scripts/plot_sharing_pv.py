#!/usr/bin/python3
"""Register sharing under PV and NBTI: the figure of data/studies/sharing-pv.toml.

    scripts/plot_sharing_pv.py results/sharing-pv.h5 -o results/figures/sharing_pv.png

Reads the study's sweep group /sweeps/sharing (values "off" and "perfect": the virtualized register
file without and with Jeon's perfect sharing, every other parameter equal) and plots, per aging
technique and workload, the change with sharing of three per-chip quantities, as the mean over the
chips with the chips' range as an error bar: the slow-access fraction (perf's slow_access_fraction,
mean over SMs), the guardband (guardband's guardband, mean over SMs) and IPC x frequency normalized
to the ideal chip (perf's per-kernel IPC x aged frequency over the ideal IPC, mean over SMs). Prints
the numbers it plots, one line per (technique, workload). Reads only h5py/numpy; matplotlib's Agg.
"""
import argparse
import os
import sys

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def names(ds):
    return [x.decode() if isinstance(x, bytes) else str(x) for x in ds[()]]


def per_chip(f, value):
    """{technique: {quantity: [chip, kernel]}} for one sweep value."""
    g = f["sweeps/sharing/" + value]
    perf, gb = g["perf"], g["guardband"]
    kernels = names(perf["kernels"])
    ideal = perf["ideal_ipc"][()]
    out = {}
    for t in names(perf["techniques"]):
        p, b = perf["perf/" + t], gb["guardband/" + t]
        perf_k = (p["ipc"][()] * p["aged_freq"][()] / ideal[None, None, :]).mean(axis=1)
        out[t] = {"slow access fraction": p["slow_access_fraction"][()].mean(axis=1),
                  "guardband": b["guardband"][()].mean(axis=1),
                  "IPC x f / ideal": perf_k}
    return kernels, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("study")
    ap.add_argument("-o", "--output", default="sharing_pv.png")
    a = ap.parse_args()
    with h5py.File(a.study, "r") as f:
        if "sweeps/sharing/off" not in f or "sweeps/sharing/perfect" not in f:
            sys.exit(f"plot_sharing_pv.py: {a.study} has no sweep 'sharing' with values off and perfect "
                     "(data/studies/sharing-pv.toml)")
        kernels, off = per_chip(f, "off")
        _, on = per_chip(f, "perfect")
    techniques = list(off)
    quantities = list(off[techniques[0]])
    fig, axes = plt.subplots(1, len(quantities), figsize=(4.2 * len(quantities), 3.6))
    width = 0.8 / len(techniques)
    x = np.arange(len(kernels))
    for qi, q in enumerate(quantities):
        ax = axes[qi]
        for ti, t in enumerate(techniques):
            d = on[t][q] - off[t][q]  # [chip, kernel]
            if q != "slow access fraction":
                d = 100.0 * d / np.where(off[t][q] != 0, off[t][q], np.nan)
            mean = np.nanmean(d, axis=0)
            lo, hi = mean - np.nanmin(d, axis=0), np.nanmax(d, axis=0) - mean
            ax.bar(x + (ti - (len(techniques) - 1) / 2) * width, mean, width, yerr=[lo, hi], capsize=2, label=t)
            for k, name in enumerate(kernels):
                print(f"{t:18s} {name:18s} {q:22s} change {mean[k]:+.4f} (chips {mean[k] - lo[k]:+.4f} .. "
                      f"{mean[k] + hi[k]:+.4f})")
        ax.axhline(0, color="black", lw=0.6)
        ax.set_xticks(x, [k.replace("ptx:", "") for k in kernels], rotation=30, ha="right", fontsize=8)
        ax.set_title(q + (" (points)" if q == "slow access fraction" else " (%)"), fontsize=9)
    axes[0].legend(fontsize=7)
    fig.suptitle("Perfect register sharing vs the virtualized RF alone, per chip (mean, chips' range)", fontsize=10)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(a.output)), exist_ok=True)
    fig.savefig(a.output, dpi=130)
    print(f"wrote {a.output}")


if __name__ == "__main__":
    main()
