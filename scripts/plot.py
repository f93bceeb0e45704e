#!/usr/bin/python3
"""Paper-style figures from an rfvar study file.

    scripts/plot.py results/study.h5 -o results/figures/

Reads only h5py/numpy (the layout is docs/hdf5.md "study") and writes PNGs with matplotlib's Agg
backend: Tan 2016 Fig. 3 (frequency distributions), Fig. 11 (normalized IPC), Fig. 12 (guardband),
Fig. 13 (IPC x frequency distributions), Fig. 14 (sigma_rand:sigma_sys sensitivity), the fast-fraction
and sub-bank sweeps, LTRF Fig. 9 / Fig. 11 when the study has an ltrf stage, and register-file
energy (Gebhart MICRO 2011 Fig. 12-13, ISCA 2011, LTRF Fig. 10) when it has an energy stage. A figure whose
stage is missing from the study is skipped with a note. Prints one line per figure written.
"""
import argparse
import os
import sys

import h5py
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

COLORS = {
    "baseline": "#7f7f7f", "vl-rf": "#d62728", "vl-rv": "#ff7f0e", "vl-sb": "#2ca02c",
    "vl-sb+rf-bro": "#1f77b4", "fba-rm": "#9467bd", "two-level": "#8c564b", "fwas": "#e377c2",
    "pv-opt": "#17becf", "pv-opt+nbti-opt": "#bcbd22",
}

# The paper's mean targets, one table for the figures' markers and for --table (Tan et al. 2016).
PAPER = {
    "fig11_loss_pct": {"vl-rf": 23, "vl-sb+rf-bro": 9, "fba-rm": 7, "two-level": 5, "fwas": 1, "pv-opt": -1},
    "fig12_guardband": {"pv-opt": 0.73, "pv-opt+nbti-opt": 0.44},  # mean guardband / baseline's
    "fig13_baseline": 0.45,  # mean overall performance of the baseline, IPC x f / ideal chip
    "fig13_gain_pct": {"pv-opt": 15, "pv-opt+nbti-opt": 22},  # mean performance gain over the baseline
}
# Register-file energy targets (Gebhart MICRO 2011 §6.2, §6.4; ISCA 2011 Table 5; LTRF §6.2 Fig. 10).
ENERGY_PAPER = {
    "micro_three_level": 0.46,   # SW LRF (3 ORF entries) energy / flat RF's: -54 %
    "micro_two_level": 0.55,     # SW ORF, 3 entries: -45 %
    "micro_rfc": 0.66,           # HW RFC: -34 %
    "micro_lrf_read_share": 0.30,  # "the LRF still captures 30 % of all reads"
    "micro_split_saving": 0.04,  # §6.4: "Splitting the LRF provides a 4 % energy reduction compared with a unified LRF"
    "isca_rfc": 0.65,            # 6-entry RFC, 8 active warps, MRF 1 mm / RFC 0.2 mm (compute traces)
    "ltrf_fig10_power": {"rfc": 0.649, "ltrf": 0.646, "ltrf+": 0.539},  # at main-RF design #7, vs BL on #1
}
BOUND = "all-slow"  # the reference technique: every register access slow (the model's bound)
BOUND_LABEL = "every access slow (model bound)"
PAPER_MARK = dict(marker="D", s=22, color="white", edgecolors="black", linewidths=1.0, zorder=5)


def names(ds):
    return [x.decode() if isinstance(x, bytes) else str(x) for x in ds[()]]


def in_tan_figure(attrs, fig):
    """Whether Tan 2016 Fig. `fig` shows the technique: its `figures` attribute ("3,11,13"), or for a
    file written before that attribute, `in_figure` (the role's figures)."""
    if "figures" in attrs:
        v = attrs["figures"]
        v = v.decode() if isinstance(v, bytes) else str(v)
        return str(fig) in v.split(",")
    return attrs.get("in_figure", 0) == 1


def figure_techniques(stage, g, fig):
    """The techniques of a stage's file that Tan 2016 Fig. `fig` shows, in figure order: the
    registry's attributes figures and figure_order on each technique group (docs/hdf5.md "Technique
    attributes"). A file written without them: every technique it lists, in its order."""
    listed = [t for t in names(stage["techniques"]) if t in g]
    if not any("figure_order" in g[t].attrs for t in listed):
        return listed
    return sorted((t for t in listed if in_tan_figure(g[t].attrs, fig)), key=lambda t: int(g[t].attrs["figure_order"]))


def color(name, i=0):
    return COLORS.get(name, plt.rcParams["axes.prop_cycle"].by_key()["color"][i % 10])


def save(fig, out, name, note):
    path = os.path.join(out, name)
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
    print(f"{path}: {note}")


def fig3(f, out):
    g = f["freq/freq"]
    techs = figure_techniques(f["freq"], g, 3)
    fig, axes = plt.subplots(1, len(techs), figsize=(3.2 * len(techs), 3.0), sharey=True)
    axes = np.atleast_1d(axes)
    base = g["baseline"].attrs["mean_norm_freq"] if "baseline" in g else None
    for i, (ax, t) in enumerate(zip(axes, techs)):
        x = g[t]["chip_norm_freq"][()]
        ax.hist(x, bins=np.arange(0.40, 1.0001, 0.01), color=color(t), edgecolor="black", linewidth=0.3)
        m = x.mean()
        ax.axvline(m, color="black", linestyle="--", linewidth=1)
        gain = f"\n{100 * (m / base - 1):+.1f}% vs baseline" if base and t != "baseline" else ""
        ax.set_title(f"({chr(97 + i)}) {t}\nmean {m:.3f}{gain}", fontsize=9)
        ax.set_xlabel("chip RF frequency / no PV")
    axes[0].set_ylabel("chips")
    fig.suptitle(f"Tan Fig. 3: register-file frequency over {len(x)} chips", fontsize=10, y=1.13)
    save(fig, out, "tan_fig3_frequency.png", "chip frequency histograms per technique")


def fig11(f, out):
    g = f["ipc"]
    techs, kernels = names(g["techniques"]), names(g["kernels"])
    table = g["normalized_ipc"][()]
    labels = kernels + ["mean"]
    data = np.hstack([table, table.mean(axis=1, keepdims=True)])
    norm = g.attrs.get("normalization", "baseline")
    norm = norm.decode() if isinstance(norm, bytes) else str(norm)
    shown = [i for i, t in enumerate(techs) if t not in (norm, BOUND)]
    w = 0.8 / len(shown)
    fig, ax = plt.subplots(figsize=(min(12, max(8, 0.75 * len(labels) * len(shown) / 3)), 3.4))
    xs = np.arange(len(labels))
    drawn = [data[i] for i in shown]
    for j, i in enumerate(shown):
        ax.bar(xs + (j - (len(shown) - 1) / 2) * w, data[i], w, label=techs[i], color=color(techs[i], j))
    if BOUND in techs:  # a black tick across each kernel's group: no slow-bank technique can fall below it
        drawn.append(data[techs.index(BOUND)])
        ax.hlines(drawn[-1], xs - 0.45, xs + 0.45, colors="black", linewidths=1.6, label=BOUND_LABEL, zorder=4)
    paper = [(xs[-1] + (j - (len(shown) - 1) / 2) * w, 1 - PAPER["fig11_loss_pct"][techs[i]] / 100)
             for j, i in enumerate(shown) if techs[i] in PAPER["fig11_loss_pct"]]
    if paper:
        ax.scatter(*zip(*paper), label="Tan Fig. 11 mean", **PAPER_MARK)
        drawn.append(np.array([y for _, y in paper]))
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(xs, labels, rotation=0, fontsize=8)
    lo = min(0.5, float(np.floor(np.min(np.concatenate(drawn)) * 10) / 10))
    ax.set_ylim(lo, max(1.1, float(np.max(np.concatenate(drawn))) + 0.05))
    ax.set_ylabel("IPC / baseline without PV")
    ax.legend(ncol=min(len(shown) + 2, 5), fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.1), frameon=False)
    ax.set_title("Tan Fig. 11: normalized IPC per kernel and technique", fontsize=10)
    bound = f"; {BOUND} (model bound) {data[techs.index(BOUND), -1]:.3f}" if BOUND in techs else ""
    save(fig, out, "tan_fig11_ipc.png", "normalized IPC per kernel; means " +
         ", ".join(f"{techs[i]} {data[i, -1]:.3f}" for i in shown) + bound)


def fig12(f, out):
    g = f["guardband/guardband"]
    techs = figure_techniques(f["guardband"], g, 12)
    kernels = names(f["guardband/kernels"])
    base = g["baseline"]["kernel_guardband"][()]
    fig, ax = plt.subplots(figsize=(9, 3.2))
    xs = np.arange(len(kernels) + 1)
    w = 0.8 / len(techs)
    notes, paper = [], []
    for j, t in enumerate(techs):
        # Tan draws each benchmark's guardband normalized to the baseline's, then their mean (issue 16):
        # the mean of per-kernel ratios is the Fig. 12 figure; the ratio of means is noted beside it.
        y = g[t]["kernel_guardband"][()] / base
        ratio_of_means = g[t].attrs.get("mean_normalized", float("nan"))
        notes.append(f"{t} {y.mean():.3f} (ratio of means {ratio_of_means:.3f})")
        x = xs + (j - (len(techs) - 1) / 2) * w
        ax.bar(x, np.append(y, y.mean()), w, label=t, color=color(t, j))
        if t in PAPER["fig12_guardband"]:
            paper.append((x[-1], PAPER["fig12_guardband"][t]))
    if paper:
        ax.scatter(*zip(*paper), label="Tan Fig. 12 mean", **PAPER_MARK)
    ax.set_xticks(xs, kernels + ["mean"], fontsize=8)
    ax.set_ylabel("guardband / baseline's")
    ax.legend(fontsize=8, ncol=4, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.1))
    years = f["guardband"].attrs.get("years", "?")
    ax.set_title(f"Tan Fig. 12: NBTI guardband after {years} years, normalized to baseline", fontsize=10)
    save(fig, out, "tan_fig12_guardband.png", "guardband normalized to baseline: " + ", ".join(notes))


def fig13(f, out):
    g = f["perf/perf"]
    techs = figure_techniques(f["perf"], g, 13)
    fig, axes = plt.subplots(1, len(techs), figsize=(3.2 * len(techs), 3.0), sharey=True)
    axes = np.atleast_1d(axes)
    base = g["baseline"].attrs["mean"] if "baseline" in g else None
    for i, (ax, t) in enumerate(zip(axes, techs)):
        x = g[t]["chip_perf"][()]
        ax.hist(x, bins=np.arange(0.2, 1.0001, 0.01), color=color(t), edgecolor="black", linewidth=0.3)
        ax.axvline(x.mean(), color="black", linestyle="--", linewidth=1, label="mean")
        gain = f"\n{100 * (x.mean() / base - 1):+.1f}% vs baseline" if base and t != "baseline" else ""
        ax.set_title(f"({chr(97 + i)}) {t}\nmean {x.mean():.3f}{gain}", fontsize=9)
        ax.set_xlabel("IPC x freq / ideal chip")
        # The paper's mean: the baseline's level, and the techniques' gain applied to this baseline.
        target = (PAPER["fig13_baseline"], "Tan: 0.45") if t == "baseline" else (
            (base * (1 + PAPER["fig13_gain_pct"][t] / 100), f"Tan: baseline {PAPER['fig13_gain_pct'][t]:+g} %")
            if base and t in PAPER["fig13_gain_pct"] else None)
        if target:
            ax.axvline(target[0], color="black", linestyle=":", linewidth=1.5, label=target[1])
            ax.legend(fontsize=7, frameon=False, loc="upper left")
    axes[0].set_ylabel("chips")
    fig.suptitle(f"Tan Fig. 13: overall performance over {len(x)} chips (after aging)", fontsize=10, y=1.13)
    save(fig, out, "tan_fig13_perf.png", "performance histograms; means " +
         ", ".join(f"{t} {g[t].attrs['mean']:.3f}" for t in techs))


def fig14(f, out):
    sw = f["sweeps/sigma_ratio"]
    values = sorted(sw.keys(), key=float)
    if not all("perf/perf" in sw[v] for v in values):
        print("skipped: Fig. 14 needs the perf stage in the sigma_ratio sweep", file=sys.stderr)
        return
    label = {v: ("1:4" if float(v) == 0.25 else "4:1" if float(v) == 4 else "1:1" if float(v) == 1 else v)
             for v in values}
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.4))
    series = [("baseline", "perf"), ("vl-rf", "perf"), ("vl-rv", "freq"), ("pv-opt", "perf"),
              ("pv-opt+nbti-opt", "perf")]
    xs = np.arange(len(values))
    w = 0.8 / len(series)
    notes = []
    for j, (t, src) in enumerate(series):
        fm, fs, pm, ps = [], [], [], []
        for v in values:
            gv = sw[v]
            if src == "perf" and f"perf/perf/{t}" in gv:
                x = gv[f"perf/perf/{t}/chip_freq"][()]
                p = gv[f"perf/perf/{t}/chip_perf"][()]
                pm.append(p.mean()), ps.append(p.std(ddof=1) if len(p) > 1 else 0)
            elif f"freq/freq/{t}" in gv:
                x = gv[f"freq/freq/{t}/chip_norm_freq"][()]
                pm.append(np.nan), ps.append(0)
            else:
                x = np.array([np.nan])
                pm.append(np.nan), ps.append(0)
            fm.append(np.nanmean(x)), fs.append(np.nanstd(x, ddof=1) if len(x) > 1 else 0)
        name = t + (" (fresh)" if src == "freq" else "")
        off = (j - (len(series) - 1) / 2) * w
        axes[0].bar(xs + off, fm, w, yerr=fs, capsize=2, label=name, color=color(t, j))
        if src == "perf":
            axes[1].bar(xs + off, pm, w, yerr=ps, capsize=2, label=name, color=color(t, j))
            notes.append(t + " perf " + "/".join(f"{m:.3f}" for m in pm))
    for ax, yl, title in zip(axes, ["frequency / ideal", "IPC x freq / ideal"],
                             ["(a) frequency", "(b) overall performance"]):
        ax.set_xticks(xs, [label[v] for v in values])
        ax.set_xlabel("sigma_rand : sigma_sys")
        ax.set_ylabel(yl)
        ax.set_title(title, fontsize=9)
        ax.set_ylim(0, 1.05)
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=8, ncol=len(series), frameon=False, loc="upper center",
               bbox_to_anchor=(0.5, 0.0))
    n = len(sw[values[0]]["perf/perf/baseline/chip_perf"]) if "perf/perf/baseline" in sw[values[0]] else "?"
    fig.suptitle(f"Tan Fig. 14: sensitivity to sigma_rand:sigma_sys ({n} chips per ratio; mean +- std)",
                 fontsize=10)
    save(fig, out, "tan_fig14_sigma_ratio.png", "; ".join(notes))


def sweep_freq(f, out, name, xlabel, techs, fname, title):
    sw = f["sweeps/" + name]
    values = sorted(sw.keys(), key=float)
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.0))
    for j, t in enumerate(techs):
        m = [sw[v][f"freq/freq/{t}"].attrs["mean_norm_freq"] for v in values]
        s = [sw[v][f"freq/freq/{t}"].attrs["slow_bank_fraction"] for v in values]
        xv = [float(v) for v in values]
        axes[0].plot(xv, m, "o-", label=t, color=color(t, j))
        axes[1].plot(xv, s, "o-", label=t, color=color(t, j))
    for ax, yl in zip(axes, ["mean chip frequency / no PV", "slow bank (vector) fraction"]):
        ax.set_xlabel(xlabel)
        ax.set_ylabel(yl)
        ax.grid(alpha=0.3)
        if name == "subbanks":
            ax.set_xscale("log", base=2)
            ax.set_xticks([float(v) for v in values], values)
    axes[0].legend(fontsize=8, frameon=False)
    fig.suptitle(title, fontsize=10)
    save(fig, out, fname, f"{name} sweep over {', '.join(values)}")


def ltrf(f, out):
    g = f["ltrf"]
    designs, kernels = names(g["designs"]), names(g["kernels"])
    if "register_sensitive" in g:  # LTRF §5's register-sensitive group marked with *
        kernels = [k + ("*" if s else "") for k, s in zip(kernels, g["register_sensitive"][()])]
    labels = kernels + ["mean"]
    xs = np.arange(len(labels))
    w = 0.8 / len(designs)
    cid, cap, lat = g.attrs.get("config_id"), g.attrs.get("main_rf_capacity"), g.attrs.get("main_rf_latency")
    fig, ax = plt.subplots(figsize=(11, 3.4))
    norm = g["norm_ipc"][()]
    for i, d in enumerate(designs):
        ax.bar(xs + (i - (len(designs) - 1) / 2) * w, np.append(norm[i], g["mean_norm_ipc"][i]), w, label=d,
               color=plt.rcParams["axes.prop_cycle"].by_key()["color"][i % 10])
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(xs, labels, fontsize=8)
    ax.set_ylabel("IPC / baseline (design #1)")
    ax.legend(ncol=len(designs), fontsize=8, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.1))
    ax.set_title(f"LTRF Fig. 9: IPC with main-RF design #{cid} ({cap:g}x capacity, {lat:g}x latency; "
                 f"* register-sensitive)", fontsize=10)
    save(fig, out, "ltrf_fig9_ipc.png", "mean normalized IPC " +
         ", ".join(f"{d} {m:.3f}" for d, m in zip(designs, g["mean_norm_ipc"][()])))

    shown = [i for i, d in enumerate(designs) if np.isfinite(g["design_max_tolerable_latency"][i])]
    mtl = g["max_tolerable_latency"][()]
    fig, ax = plt.subplots(figsize=(11, 3.4))
    w = 0.8 / max(1, len(shown))
    for j, i in enumerate(shown):
        ax.bar(xs + (j - (len(shown) - 1) / 2) * w, np.append(mtl[i], g["design_max_tolerable_latency"][i]), w,
               label=designs[i], color=plt.rcParams["axes.prop_cycle"].by_key()["color"][i % 10])
    ax.set_xticks(xs, labels, fontsize=8)
    ax.set_ylabel("max tolerable main-RF latency (x)")
    ax.set_ylim(0, float(g["latencies"][()].max()) + 0.5)
    ax.legend(ncol=len(shown), fontsize=8, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.1))
    loss = g.attrs.get("max_loss", 0.05)
    ax.set_title(f"LTRF Fig. 11: maximum tolerable main-RF latency at {100 * loss:g} % IPC loss "
                 f"(bars at the top reached the sweep's end)", fontsize=10)
    save(fig, out, "ltrf_fig11_tolerable_latency.png", "mean max tolerable latency " +
         ", ".join(f"{designs[i]} {g['design_max_tolerable_latency'][i]:.2f}" for i in shown))


def energy(f, out):
    g = f["energy"]
    kernels = names(g["kernels"])
    labels = kernels + ["mean"]  # PTX workloads carry their spec (ptx:NAME)
    rel = g["alloc_energy_rel"][()]
    rfc = g["rfc_energy_rel"][()]
    xs = np.arange(len(labels))
    fig, ax = plt.subplots(figsize=(13, 3.6))
    hier = names(g["hierarchies"])
    lrf = g.attrs.get("lrf", "unified")
    if isinstance(lrf, bytes):
        lrf = lrf.decode()
    bars = [("SW ORF + MRF", np.append(rel[1], rel[1].mean()), "#1f77b4")]
    # MICRO Fig. 13's "SW LRF" and "SW LRF Split" bars: the unified one first (older files have one).
    three = [(f"SW LRF ({lrf}) + ORF + MRF", rel[2])]
    if len(hier) > 3:
        three.append((f"SW LRF ({hier[3].removeprefix('three_level_')}) + ORF + MRF", rel[3]))
    three.sort(key=lambda t: "split" in t[0])
    for (name, v), c in zip(three, ["#98df8a", "#2ca02c"] if len(three) > 1 else ["#2ca02c"]):
        bars.append((name, np.append(v, v.mean()), c))
    bars.append(("HW RFC (SM run)", np.append(rfc, np.nanmean(rfc) if np.isfinite(rfc).any() else np.nan), "#7f7f7f"))
    w = 0.8 / len(bars)
    for i, (name, v, c) in enumerate(bars):
        ax.bar(xs + (i - (len(bars) - 1) / 2) * w, v, w, label=name, color=c)
    ax.axhline(ENERGY_PAPER["micro_three_level"], color="#2ca02c", linestyle="--", linewidth=0.8,
               label="paper: SW LRF 0.46")
    ax.axhline(ENERGY_PAPER["micro_rfc"], color="#7f7f7f", linestyle="--", linewidth=0.8, label="paper: HW RFC 0.66")
    ax.set_xticks(xs, labels, fontsize=7, rotation=60, ha="right")
    ax.set_ylabel("RF energy / flat RF's")
    ax.set_ylim(0, 1.2)
    ax.legend(ncol=5, fontsize=8, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.32))
    ax.set_title("Gebhart MICRO 2011 Fig. 13: register-file access + wire energy, normalized to the flat RF", fontsize=10)
    save(fig, out, "micro_fig13_energy.png", f"mean energy / flat: ORF+MRF {rel[1].mean():.3f}, "
         f"LRF+ORF+MRF {rel[2].mean():.3f}, HW RFC {np.nanmean(rfc):.3f}")

    configs = [int(c) for c in g["configs"][()]]
    designs = names(g["designs"])
    pw = g["mean_power_rel"][()]
    pwc = g["mean_power_rel_compiled"][()] if "mean_power_rel_compiled" in g else None
    has_hand = np.isfinite(pw).any()
    has_ptx = pwc is not None and np.isfinite(pwc).any()
    fig, ax = plt.subplots(figsize=(6.5, 3.4))
    for i, d in enumerate(designs):
        col = plt.rcParams["axes.prop_cycle"].by_key()["color"][i % 10]
        if has_hand:
            ax.plot(configs, pw[:, i], marker="o", label=f"{d} (.kernel)" if has_ptx else d, color=col)
        if has_ptx:
            ax.plot(configs, pwc[:, i], marker="s", linestyle="--", label=f"{d} (PTX)", color=col)
        paper = ENERGY_PAPER["ltrf_fig10_power"].get(d)
        if paper is not None and 7 in configs:
            ax.scatter([7], [paper], **dict(PAPER_MARK, color=col))
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(configs, [f"#{c}" for c in configs])
    ax.set_xlabel("main-RF design (LTRF Table 2)")
    ax.set_ylabel("RF power / BL on #1")
    ax.legend(fontsize=8, frameon=False)
    ax.set_title("LTRF Fig. 10: register-file power per main-RF design (diamonds: paper, #7)", fontsize=10)
    text = "mean power / BL #1 at the last design: " + ", ".join(f"{d} {pw[-1, i]:.3f}" for i, d in enumerate(designs))
    if has_ptx:
        text += "; PTX: " + ", ".join(f"{d} {pwc[-1, i]:.3f}" for i, d in enumerate(designs))
    save(fig, out, "ltrf_fig10_power.png", text)


def paper_table(f):
    """Markdown rows: paper figure, quantity, paper value, rfvar value (measured from this file)."""
    rows = []

    def row(fig, what, paper, value, tol):
        rows.append(f"| {fig} | {what} | {paper} | {value} | {tol} |")

    if "freq/freq/baseline" in f:
        g = f["freq/freq"]
        b = g["baseline"].attrs["mean_norm_freq"]
        n = len(g["baseline/chip_norm_freq"])
        row("Tan Fig. 3a", f"mean chip RF frequency, baseline ({n} chips)", "0.60", f"{b:.3f}", "+- 0.03")
        for t in ["vl-rv", "vl-sb", "vl-sb+rf-bro", "vl-rf"]:
            if t in g:
                paper = "+15 %" if t == "vl-sb" else "-"
                row("Tan Fig. 3b/c", f"70 % {t} frequency gain over baseline", paper,
                    f"{100 * (g[t].attrs['mean_norm_freq'] / b - 1):+.1f} %", "+- 3 points" if t == "vl-sb" else "")
    if "ipc" in f:
        techs = names(f["ipc/techniques"])
        m = f["ipc/normalized_ipc"][()].mean(axis=1)
        paper = PAPER["fig11_loss_pct"]
        for t, x in zip(techs, m):
            if t in paper:
                row("Tan Fig. 11", f"mean IPC loss, {t}", f"{paper[t]:g} %" + (" (gain)" if paper[t] < 0 else ""),
                    f"{100 * (1 - x):.1f} %", "+- 3-4 points, in this order")
        if BOUND in techs:
            row("Tan Fig. 11", f"mean IPC loss, {BOUND_LABEL}", "-", f"{100 * (1 - m[techs.index(BOUND)]):.1f} %", "")
    if "guardband/guardband" in f:
        g = f["guardband/guardband"]
        base = g["baseline"]["kernel_guardband"][()] if "baseline" in g else None
        for t, paper in PAPER["fig12_guardband"].items():
            if t in g and base is not None:
                ratios = g[t]["kernel_guardband"][()] / base
                row("Tan Fig. 12", f"guardband / baseline's, {t} (mean of per-kernel ratios)", f"{paper:.2f}",
                    f"{ratios.mean():.3f}", "+- 0.08")
                row("Tan Fig. 12", f"guardband / baseline's, {t} (ratio of means)", "-",
                    f"{g[t].attrs['mean_normalized']:.3f}", "")
    if "perf/perf/baseline" in f:
        g = f["perf/perf"]
        b = g["baseline"].attrs["mean"]
        row("Tan Fig. 13a", "overall performance, baseline / ideal", f"{PAPER['fig13_baseline']:.2f}", f"{b:.3f}",
            "+- 0.05")
        gains = PAPER["fig13_gain_pct"]
        for t, paper in [("vl-rf", "-")] + [(t, f"{x:+g} %") for t, x in gains.items()]:
            if t in g:
                row("Tan Fig. 13", f"performance gain over baseline, {t}", paper,
                    f"{100 * (g[t].attrs['mean'] / b - 1):+.1f} %", "+- 4 points" if paper != "-" else "")
        if "pv-opt" in g and "pv-opt+nbti-opt" in g:
            d = g["pv-opt+nbti-opt"].attrs["mean_ipc"] / g["pv-opt"].attrs["mean_ipc"] - 1
            row("Tan §6.3", "IPC of pv-opt+nbti-opt vs pv-opt", "< 1 % lower", f"{100 * d:+.2f} %", "")
    if "sweeps/sigma_ratio" in f:
        sw = f["sweeps/sigma_ratio"]
        vals = sorted(sw.keys(), key=float)
        for t in ["baseline", "pv-opt", "pv-opt+nbti-opt"]:
            if all(f"perf/perf/{t}" in sw[v] for v in vals):
                fr = "/".join(f"{sw[v]['perf/perf/' + t].attrs['mean_freq']:.3f}" for v in vals)
                pf = "/".join(f"{sw[v]['perf/perf/' + t].attrs['mean']:.3f}" for v in vals)
                row("Tan Fig. 14", f"{t} frequency / performance at ratio {' / '.join(vals)}",
                    "pv-opt rises with the systematic share" if t != "baseline" else "-", f"{fr} / {pf}", "trend")
    if "ltrf" in f:
        g = f["ltrf"]
        d = names(g["designs"])
        mtl = dict(zip(d, g["design_max_tolerable_latency"][()]))
        for name, paper in [("rfc", "2.1x"), ("ltrf", "5.3x"), ("ltrf+", "6.2x"), ("shrf", "< ltrf")]:
            if name in mtl:
                row("LTRF Fig. 11", f"mean max tolerable main-RF latency, {name}", paper, f"{mtl[name]:.2f}x",
                    "+- 25 %, this order")
        if "rfc_read_hit_rate" in g and "rfc" in d:
            hit = g["rfc_read_hit_rate"][d.index("rfc")]
            row("LTRF Fig. 4", "RFC read hit rate, range over kernels", "8-30 %",
                f"{100 * np.nanmin(hit):.0f}-{100 * np.nanmax(hit):.0f} %", "-")
        ipc = dict(zip(d, g["mean_norm_ipc"][()]))
        cid = g.attrs.get("config_id")
        for name, paper in [("bl", "-"), ("rfc", "loses"), ("ltrf", "+28 %"), ("ltrf+", "+31 %"), ("ideal", "-")]:
            if name in ipc:
                row(f"LTRF Fig. 9 (#{cid})", f"mean IPC of {name} on main RF #{cid} vs baseline on #1",
                    paper, f"{100 * (ipc[name] - 1):+.1f} %", "sign and order")
    if "energy" in f:
        g = f["energy"]
        rel = g["alloc_energy_rel"][()]
        n = len(rel[0])
        row("MICRO'11 Fig. 13", f"RF energy / flat, SW LRF + ORF + MRF ({n} workloads)",
            f"{ENERGY_PAPER['micro_three_level']:.2f} (-54 %)", f"{rel[2].mean():.3f}", "+- 0.10")
        row("MICRO'11 Fig. 13", "RF energy / flat, SW ORF + MRF (3 entries)", f"{ENERGY_PAPER['micro_two_level']:.2f} (-45 %)",
            f"{rel[1].mean():.3f}", "+- 0.10")
        ptx = g["hand_written"][()] == 0
        if ptx.any():  # MICRO 2011 allocates PTX (Ocelot): the compiled workloads alone
            row("MICRO'11 Fig. 13", f"RF energy / flat, SW LRF + ORF + MRF / SW ORF + MRF, PTX only ({ptx.sum()})",
                "0.46 / 0.55", f"{rel[2][ptx].mean():.3f} / {rel[1][ptx].mean():.3f}", "+- 0.10")
        hier = names(g["hierarchies"])
        if len(hier) > 3:  # MICRO §6.3, §6.4: split vs unified LRF
            lrf = g.attrs["lrf"].decode() if isinstance(g.attrs["lrf"], bytes) else g.attrs["lrf"]
            split, unified = (rel[2], rel[3]) if lrf == "split" else (rel[3], rel[2])
            row("MICRO'11 §6.4", "RF energy / flat, SW LRF split / unified; split / unified",
                "-4 %", f"{split.mean():.3f} / {unified.mean():.3f}; {100 * (split.mean() / unified.mean() - 1):+.1f} %",
                "sign")
        lv = names(g["levels"])
        share = dict(zip(lv, g["mean_read_share"][()]))
        row("MICRO'11 Fig. 12", "share of reads served by the LRF / ORF / MRF", "LRF 30 %",
            f"{100 * share['lrf']:.0f} / {100 * share['orf']:.0f} / {100 * share['mrf']:.0f} %", "LRF +- 10 points")
        if g.attrs.get("rfc_workloads", 0) > 0:
            r3, rr = g.attrs["mean_three_level_rel_hand"], g.attrs["mean_rfc_rel"]
            row("MICRO'11 Fig. 13", "RF energy / flat, HW RFC (.kernel workloads, SM run at #1)",
                f"{ENERGY_PAPER['micro_rfc']:.2f} (-34 %)", f"{rr:.3f}", "+- 0.10")
            row("MICRO'11 §6.4", "SW LRF energy / HW RFC energy (same workloads, .kernel)", "0.70 (0.46 / 0.66)",
                f"{r3 / rr:.3f}", "+- 0.10")
            row("ISCA'11 §5.4, Table 5", "RFC (6 entries, 8 active) energy / no RFC, MRF 1 mm, RFC 0.2 mm (.kernel)",
                f"{ENERGY_PAPER['isca_rfc']:.2f} (-35 %)", f"{rr:.3f}", "+- 0.10")
        nc = int(g.attrs.get("rfc_workloads_compiled", 0))
        if nc > 0:  # the same on the compiled workloads (ptx:NAME, allocated register ids in the SM runs)
            r3, rr = g.attrs["mean_three_level_rel_compiled"], g.attrs["mean_rfc_rel_compiled"]
            row("MICRO'11 Fig. 13", f"RF energy / flat, HW RFC (PTX workloads, SM run at #1, {nc})",
                f"{ENERGY_PAPER['micro_rfc']:.2f} (-34 %)", f"{rr:.3f}", "+- 0.10")
            row("MICRO'11 §6.4", "SW LRF energy / HW RFC energy (same workloads, PTX)", "0.70 (0.46 / 0.66)",
                f"{r3 / rr:.3f}", "+- 0.10")
            row("ISCA'11 §5.4, Table 5", "RFC (6 entries, 8 active) energy / no RFC, MRF 1 mm, RFC 0.2 mm (PTX)",
                f"{ENERGY_PAPER['isca_rfc']:.2f} (-35 %)", f"{rr:.3f}", "+- 0.10")
        configs = [int(c) for c in g["configs"][()]]
        d = names(g["designs"])
        nk = len(g["design_kernels"])
        # Design runs on .kernel workloads and (newer files) on compiled ones, reported apart.
        dhand = g["design_hand_written"][()] == 1 if "design_hand_written" in g else np.ones(nk, dtype=bool)
        kinds = [(".kernel", dhand, "mean_power_rel"), ("PTX", ~dhand, "mean_power_rel_compiled")]
        if 1 in configs and "bl" in d:  # main-RF traffic per design on #1, mean over kernels of ratios to BL's
            c1, mrf = configs.index(1), lv.index("mrf")
            rd, wr = g["design_reads"][()][c1], g["design_writes"][()][c1]  # [design, kernel, level]
            b = d.index("bl")
            for kind, sel, _ in kinds:
                if not sel.any():
                    continue
                if "rfc" in d:
                    x = d.index("rfc")
                    row("ISCA'11 abstract, Fig. 11",
                        f"MRF reads / writes avoided by the RFC (6 entries, 8 active, #1; {kind}, {sel.sum()})",
                        "50 % / 59 %", f"{100 * (1 - (rd[x, sel, mrf] / rd[b, sel, mrf]).mean()):.0f} % / "
                        f"{100 * (1 - (wr[x, sel, mrf] / wr[b, sel, mrf]).mean()):.0f} %", "+- 10 points")
                for name in ["ltrf", "ltrf+"]:
                    if name in d:
                        x = d.index(name)
                        ratio = ((rd[x, sel, mrf] + wr[x, sel, mrf]) / (rd[b, sel, mrf] + wr[b, sel, mrf])).mean()
                        row("LTRF §5 (Area/Power)", f"main-RF accesses of {name} / BL's (#1; {kind})", "1/4 - 1/6",
                            f"{ratio:.2f}", "-")
        if 7 in configs:
            for kind, sel, ds in kinds:
                if not sel.any() or ds not in g:
                    continue
                pw = g[ds][()][configs.index(7)]
                for name, paper in ENERGY_PAPER["ltrf_fig10_power"].items():
                    if name in d:
                        row("LTRF Fig. 10 (#7)", f"RF power of {name} on main RF #7 / BL on #1 ({kind}, {sel.sum()})",
                            f"{paper:.3f}", f"{pw[d.index(name)]:.3f}", "+- 0.10, ltrf+ lowest")
    return "\n".join(["| paper figure | quantity | paper | rfvar | tolerance |", "|---|---|---|---|---|"] + rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("study", help="study HDF5 file written by 'rfvar study'")
    ap.add_argument("-o", "--output", default="results/figures", help="directory for the PNGs")
    ap.add_argument("--table", action="store_true",
                    help="also print a markdown table paper value vs this study's (docs/reproducing-papers.md)")
    a = ap.parse_args()
    try:
        f = h5py.File(a.study, "r")
    except OSError as e:
        sys.exit(f"plot.py: error: cannot open '{a.study}': {e}")
    if f.attrs.get("rfvar_kind", b"") not in ("study", b"study"):
        sys.exit(f"plot.py: error: '{a.study}' is not an rfvar study file (rfvar_kind != study)")
    os.makedirs(a.output, exist_ok=True)
    jobs = [
        ("freq", fig3), ("ipc", fig11), ("guardband", fig12), ("perf", fig13),
        ("sweeps/sigma_ratio", fig14),
        ("sweeps/fast_fraction", lambda f, o: sweep_freq(
            f, o, "fast_fraction", "n (fraction kept fast)", ["vl-rf", "vl-rv", "vl-sb"],
            "sweep_fast_fraction.png", "Fast fraction n: frequency vs slow fraction (Tan: 70 % is the trade-off)")),
        ("sweeps/subbanks", lambda f, o: sweep_freq(
            f, o, "subbanks", "S (column sub-banks per bank)", ["vl-sb", "vl-sb+rf-bro"],
            "sweep_subbanks.png", "Sub-banks S: 70 % VL-SB frequency (Tan: more than 2 gain little)")),
        ("ltrf", ltrf),
        ("energy", energy),
    ]
    for group, fn in jobs:
        if group in f:
            fn(f, a.output)
        else:
            print(f"skipped: the study has no /{group}", file=sys.stderr)
    if a.table:
        print(paper_table(f))


if __name__ == "__main__":
    main()
