#!/usr/bin/env python3
"""Per-kernel comparison of rfvar with the GPGPU-Sim reference on the same Accel-Sim traces
(docs/validation-gpgpusim.md "Comparison").

Inputs:
  REF_DIR      scripts/reference/run.sh outputs: REF_DIR/<group>/<benchmark>-stock.csv (GTX480, 15 SMs)
               and REF_DIR/<group>/<benchmark>-n2.csv (every register bank access 2 cycles)
  RFVAR_CSV    scripts/validation/rfvar_side.py output (settings baseline and rf_2cycle)
Output: OUT.csv, one row per (group, benchmark, launch) present in both, and a table on stdout:
  ipc_ref, ipc_rfvar        warp instructions per GPU cycle, baseline
  ipc_ratio                 ipc_rfvar / ipc_ref (target: within 15 %)
  slow_ref, slow_rfvar      IPC with 2-cycle banks / baseline IPC (1 - loss)
  slow_diff_pts             100 (slow_rfvar - slow_ref) (target: within 3 points)
  l1_ref, l1_rfvar, l2_ref, l2_rfvar   hit rates: L1D of global and local loads (l1d_read_hit_rate /
                            l1_data_hit_rate; older CSVs without them: every L1D access), L2 of all requests
  dram_ref_util             the reference's DRAM bandwidth utilisation; dram_rfvar_bpc rfvar's bytes/cycle
  insts_ref, insts_rfvar    warp instructions (equal when both replayed the same trace)
A second file, OUT_benchmarks.csv (OUT.csv's name with _benchmarks), and a second table give each
benchmark whole: IPC = its warp instructions / its cycles summed over launches (as the study's IPC
of a benchmark), slow = baseline cycles / 2-cycle cycles (over the launches both settings ran), and
the issue 25 targets: benchmarks with IPC within 15 %, slow within 3 points, and the mean loss
(1 - slow) of each simulator over the benchmarks that have both.
Standard library only.

Usage: scripts/validation/compare.py REF_DIR RFVAR_CSV OUT.csv
"""
import csv
import os
import sys


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ref_dir, rf_csv, out = sys.argv[1:]
    rf = {}
    for r in read(rf_csv):
        rf[(r["group"], r["benchmark"], int(r["launch"]), r["setting"])] = r
    rows = []
    for group in sorted(os.listdir(ref_dir)):
        gdir = os.path.join(ref_dir, group)
        if not os.path.isdir(gdir):
            continue
        for name in sorted(os.listdir(gdir)):
            if not name.endswith("-stock.csv"):
                continue
            bench = name[: -len("-stock.csv")]
            stock = read(os.path.join(gdir, name))
            n2_path = os.path.join(gdir, bench + "-n2.csv")
            n2 = {int(r["kernel_uid"]): r for r in read(n2_path)} if os.path.exists(n2_path) else {}
            for s in stock:
                launch = int(s["kernel_uid"]) - 1  # the reference numbers launches from 1, rfvar from 0
                b = rf.get((group, bench, launch, "baseline"))
                if b is None:
                    continue
                slow = rf.get((group, bench, launch, "rf_2cycle"))
                ipc_ref, ipc_rf = float(s["ipc_warp_total"]), float(b["ipc"])
                row = {"group": group, "benchmark": bench, "launch": launch, "kernel": s["kernel"],
                       "cycles_ref": float(s["cycles"]), "cycles_rfvar": float(b["cycles"]),
                       "insts_ref": s["warp_insts"], "insts_rfvar": b["warp_instructions"],
                       "ipc_ref": ipc_ref, "ipc_rfvar": ipc_rf,
                       "ipc_ratio": ipc_rf / ipc_ref if ipc_ref else float("nan"),
                       # global and local loads where both files have them (const loads, which rfvar
                       # looks up in its L1D and the reference does not, and stores left out)
                       "l1_ref": s.get("l1d_read_hit_rate") or s["l1d_hit_rate"],
                       "l1_rfvar": b.get("l1_data_hit_rate") or b["l1_hit_rate"],
                       "l2_ref": s["l2_hit_rate"], "l2_rfvar": b["l2_hit_rate"],
                       "dram_ref_util": s["dram_bw_util"], "dram_rfvar_bpc": b["dram_bytes_per_cycle"]}
                k = int(s["kernel_uid"])
                if k in n2 and slow is not None and ipc_ref and ipc_rf:
                    row["slow_ref"] = float(n2[k]["ipc_warp_total"]) / ipc_ref
                    row["slow_rfvar"] = float(slow["ipc"]) / ipc_rf
                    row["slow_diff_pts"] = 100 * (row["slow_rfvar"] - row["slow_ref"])
                    row["cycles_ref_slow"] = float(n2[k]["cycles"])
                    row["cycles_rfvar_slow"] = float(slow["cycles"])
                rows.append(row)
    cols = ["group", "benchmark", "launch", "kernel", "insts_ref", "insts_rfvar", "ipc_ref", "ipc_rfvar",
            "ipc_ratio", "slow_ref", "slow_rfvar", "slow_diff_pts", "l1_ref", "l1_rfvar", "l2_ref", "l2_rfvar",
            "dram_ref_util", "dram_rfvar_bpc"]
    tmp = out + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for r in rows:
            w.writerow({c: (f"{r[c]:.4f}" if isinstance(r.get(c), float) else r.get(c, "")) for c in cols})
    os.replace(tmp, out)
    fmt = "{:<5} {:<8} {:>3} {:<28} {:>7} {:>7} {:>6} {:>6} {:>6} {:>6}"
    print(fmt.format("group", "bench", "L", "kernel", "ipc_ref", "ipc_rf", "ratio", "slowR", "slowF", "dpts"))
    for r in rows:
        g = lambda c, p=3: f"{r[c]:.{p}f}" if c in r else "-"
        print(fmt.format(r["group"], r["benchmark"], r["launch"], r["kernel"][:28], g("ipc_ref"), g("ipc_rfvar"),
                         g("ipc_ratio", 2), g("slow_ref"), g("slow_rfvar"), g("slow_diff_pts", 1)))
    summarize(rows, out)


def summarize(rows, out):
    """Whole-benchmark IPC and 2-cycle ratio, and the issue 25 targets."""
    benches = {}
    for r in rows:
        benches.setdefault((r["group"], r["benchmark"]), []).append(r)
    cols = ["group", "benchmark", "launches", "warp_insts", "cycles_ref", "cycles_rfvar", "ipc_ref", "ipc_rfvar",
            "ipc_ratio", "slow_ref", "slow_rfvar", "slow_diff_pts"]
    table = []
    for (group, bench), rs in benches.items():
        insts = sum(float(r["insts_ref"]) for r in rs)
        cr, cf = sum(r["cycles_ref"] for r in rs), sum(r["cycles_rfvar"] for r in rs)
        t = {"group": group, "benchmark": bench, "launches": len(rs), "warp_insts": int(insts),
             "cycles_ref": int(cr), "cycles_rfvar": int(cf), "ipc_ref": insts / cr, "ipc_rfvar": insts / cf}
        t["ipc_ratio"] = t["ipc_rfvar"] / t["ipc_ref"]
        both = [r for r in rs if "cycles_ref_slow" in r]
        if both and len(both) == len(rs):
            t["slow_ref"] = sum(r["cycles_ref"] for r in both) / sum(r["cycles_ref_slow"] for r in both)
            t["slow_rfvar"] = sum(r["cycles_rfvar"] for r in both) / sum(r["cycles_rfvar_slow"] for r in both)
            t["slow_diff_pts"] = 100 * (t["slow_rfvar"] - t["slow_ref"])
        table.append(t)
    path = out[:-4] + "_benchmarks.csv" if out.endswith(".csv") else out + "_benchmarks.csv"
    with open(path + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=cols)
        w.writeheader()
        for t in table:
            w.writerow({c: (f"{t[c]:.4f}" if isinstance(t.get(c), float) else t.get(c, "")) for c in cols})
    os.replace(path + ".tmp", path)
    fmt = "{:<5} {:<8} {:>3} {:>10} {:>7} {:>7} {:>6} {:>6} {:>6} {:>6}"
    print()
    print(fmt.format("group", "bench", "n", "warp_insts", "ipc_ref", "ipc_rf", "ratio", "slowR", "slowF", "dpts"))
    for t in table:
        g = lambda c, p=3: f"{t[c]:.{p}f}" if c in t else "-"
        print(fmt.format(t["group"], t["benchmark"], t["launches"], t["warp_insts"], g("ipc_ref"), g("ipc_rfvar"),
                         g("ipc_ratio", 2), g("slow_ref"), g("slow_rfvar"), g("slow_diff_pts", 1)))
    for group in sorted({t["group"] for t in table}):
        ts = [t for t in table if t["group"] == group]
        within = sum(abs(t["ipc_ratio"] - 1) <= 0.15 for t in ts)
        sl = [t for t in ts if "slow_ref" in t]
        print(f"{group}: IPC within 15 %: {within} of {len(ts)} benchmarks", end="")
        if sl:
            close = sum(abs(t["slow_diff_pts"]) <= 3 for t in sl)
            loss_ref = 100 * sum(1 - t["slow_ref"] for t in sl) / len(sl)
            loss_rf = 100 * sum(1 - t["slow_rfvar"] for t in sl) / len(sl)
            print(f"; 2-cycle ratio within 3 points: {close} of {len(sl)}; mean 2-cycle loss "
                  f"reference {loss_ref:.2f} %, rfvar {loss_rf:.2f} % ({loss_rf - loss_ref:+.2f} points)")
        else:
            print()
    print(f"wrote {out} and {path}")


if __name__ == "__main__":
    main()
