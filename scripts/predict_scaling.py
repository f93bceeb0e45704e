#!/usr/bin/python3
"""Predict the wall time and parallel efficiency of a run's distributed phases on K ranks of T
threads each, from the per-job costs that run recorded (--job-times; docs/hdf5.md "jobs").

Usage: predict_scaling.py FILE.h5 [--group G] [--threads T] [--ranks 8,16,...] [--scale X] [--replicate R]
  FILE.h5   a stage file or a study file written with --job-times; every /jobs group in it (a study
            holds one per stage: /perf/jobs, /guardband/jobs, ...), or only the one under --group G
  --threads T   OpenMP threads per rank of the predicted runs (default 1)
  --ranks       rank counts (default 8,16,32,64,128,256,512)
  --scale X     multiply every job's cost by X (e.g. more epochs, or a slower node; default 1)
  --replicate R every recorded job stands for R jobs of the same cost (default 1): a run of c chips
                predicts one of R x c chips, the chips of a population costing alike (each N-SM GPU
                run of a chip is one job per technique and kernel)

Model (the plan rfvar uses, common/job_distributor.h): jobs in order of decreasing cost, each to the
rank with the least planned cost (longest processing time first); within a rank its jobs go to the
thread that frees first, in that order. The measured costs serve as the plan's expected costs, so
the prediction assumes the plan knew them (rfvar plans N-SM GPU runs by the kernel's ideal-run cycles
and the one-SM chips as equal). Not modelled: the exchange of results (one all-gather per batch),
the serial work every rank repeats (workload loading, the ideal runs, writing), and the barrier at
each chip batch (rfvar plans each batch of chips alone). Wall = the busiest rank; efficiency = total
job cost / (K x T x wall). Prints one table per phase and the sum over phases."""
import heapq
import sys

import h5py
import numpy as np


def lpt(costs, bins):
    """Loads of `bins` after the longest-first rule; returns (loads, assignment lists)."""
    order = sorted(range(len(costs)), key=lambda i: (-costs[i], i))
    heap = [(0.0, b) for b in range(bins)]
    lists = [[] for _ in range(bins)]
    for i in order:
        load, b = heapq.heappop(heap)
        lists[b].append(costs[i])
        heapq.heappush(heap, (load + costs[i], b))
    return lists


def rank_wall(costs, threads):
    """List scheduling of one rank's jobs (already most expensive first) on its threads."""
    heap = [0.0] * threads
    for c in costs:
        t = heapq.heappop(heap)
        heapq.heappush(heap, t + c)
    return max(heap) if costs else 0.0


def predict(costs, ranks, threads):
    walls = [rank_wall(sorted(r, reverse=True), threads) for r in lpt(costs, ranks)]
    wall = max(walls)
    total = float(np.sum(costs))
    return wall, (total / (ranks * threads * wall) if wall > 0 else 1.0)


def phases(path, group):
    out = {}
    with h5py.File(path, "r") as f:
        roots = []
        f.visititems(lambda n, o: roots.append(n) if isinstance(o, h5py.Group) and n.split("/")[-1] == "jobs" else None)
        for r in roots:
            if group and not r.startswith(group.strip("/")):
                continue
            g = f[r]
            for p in g:
                out[f"{r}/{p}"] = (g[p]["cost_s"][()], g[p]["rank_busy_s"][()], int(g.attrs.get("ranks", 1)),
                                   int(g.attrs.get("threads", 1)))
    return out


def main(argv):
    path, group, threads, scale, replicate = None, "", 1, 1.0, 1
    ranks = [8, 16, 32, 64, 128, 256, 512]
    it = iter(argv)
    for a in it:
        if a == "--group":
            group = next(it)
        elif a == "--threads":
            threads = int(next(it))
        elif a == "--ranks":
            ranks = [int(x) for x in next(it).split(",")]
        elif a == "--scale":
            scale = float(next(it))
        elif a == "--replicate":
            replicate = int(next(it))
        elif a.startswith("-"):
            print(__doc__, file=sys.stderr)
            return 2
        else:
            path = a
    if not path or threads < 1 or replicate < 1:
        print(__doc__, file=sys.stderr)
        return 2
    ph = phases(path, group)
    if not ph:
        print(f"{path}: no /jobs record (run with --job-times)", file=sys.stderr)
        return 1
    sums = {k: 0.0 for k in ranks}
    for name, (cost, busy, r0, t0) in ph.items():
        cost = np.tile(np.asarray(cost, dtype=float) * scale, replicate)
        spread = (busy.max() / busy.mean() - 1.0) * 100 if len(busy) and busy.mean() > 0 else 0.0
        print(f"{name}: {len(cost)} jobs, {cost.sum():.1f} CPU-s in jobs (x{scale:g}, x{replicate} jobs), largest {cost.max():.2f} s; "
              f"recorded on {r0} rank(s) x {t0} thread(s), busiest rank {spread:.1f} % above the mean")
        print(f"  {'ranks':>6} {'wall s':>10} {'efficiency':>10}")
        for k in ranks:
            wall, eff = predict(list(cost), k, threads)
            sums[k] += wall
            print(f"  {k:>6} {wall:>10.2f} {eff:>10.2f}")
    if len(ph) > 1:
        total = sum(float(np.sum(c)) for c, _, _, _ in ph.values()) * scale * replicate
        print(f"all phases: {total:.1f} CPU-s in jobs")
        for k in ranks:
            print(f"  {k:>6} {sums[k]:>10.2f} {total / (k * threads * sums[k]) if sums[k] else 1.0:>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
