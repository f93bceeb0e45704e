#!/usr/bin/python3
"""scripts/predict_scaling.py on a made-up /jobs record: four jobs of 4, 3, 2, 1 s on 2 ranks give
the longest-first plan's wall time (5 s: {4, 1} and {3, 2}); --replicate 2 doubles every job
(10 s on 2 ranks) and --scale 0.5 halves the costs; a file without /jobs exits 1.
Usage: test_predict_scaling.py [RFVAR_BINARY] (the argument is ignored)."""

import subprocess
import sys
import tempfile
from pathlib import Path

import h5py
import numpy as np

SCRIPT = Path(__file__).resolve().parent.parent.parent / "scripts" / "predict_scaling.py"


def wall(out, ranks):
    """The wall time the table prints for `ranks`."""
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[0] == str(ranks):
            return float(f[1])
    return None


def main():
    failures = []

    def check(cond, what):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        path = f"{d}/run.h5"
        with h5py.File(path, "w") as f:
            g = f.create_group("jobs")
            g.attrs["ranks"], g.attrs["threads"] = 1, 1
            p = g.create_group("gpu_runs")
            p.create_dataset("cost_s", data=np.array([1.0, 4.0, 2.0, 3.0]))
            p.create_dataset("rank", data=np.zeros(4, dtype="i4"))
            p.create_dataset("rank_busy_s", data=np.array([10.0]))

        def run(*opts):
            r = subprocess.run(["/usr/bin/python3", str(SCRIPT), path, "--ranks", "1,2", *opts],
                               capture_output=True, text=True)
            return r.returncode, r.stdout

        rc, out = run()
        check(rc == 0 and wall(out, 1) == 10.0 and wall(out, 2) == 5.0, f"plain: 10 s on 1 rank, 5 s on 2 ({out!r})")
        rc, out = run("--replicate", "2")
        check(rc == 0 and wall(out, 2) == 10.0 and "8 jobs" in out, "--replicate 2: 8 jobs, 10 s on 2 ranks")
        rc, out = run("--replicate", "2", "--scale", "0.5")
        check(rc == 0 and wall(out, 2) == 5.0, "--replicate 2 --scale 0.5: 5 s on 2 ranks")
        rc, _ = run("--replicate", "0")
        check(rc == 2, "--replicate 0: usage error, exit 2")
        empty = f"{d}/empty.h5"
        h5py.File(empty, "w").close()
        r = subprocess.run(["/usr/bin/python3", str(SCRIPT), empty], capture_output=True, text=True)
        check(r.returncode == 1 and "no /jobs record" in r.stderr, "a file without /jobs: exit 1, says so")
    print(f"{len(failures)} failures" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
