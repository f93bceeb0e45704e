#!/usr/bin/python3
"""scripts/plot_sharing_pv.py on a small made-up study file: two chips, one SM, one kernel, one
technique, a sweep "sharing" with values off and perfect whose perfect guardband is 10 % lower and
whose perf is 2 % higher on chip 0 and 4 % on chip 1; the printed changes are those (mean over chips,
range), the figure is written, and a file without the sweep is refused with exit 1 and a message.
Usage: test_plot_sharing_pv.py [RFVAR_BINARY] (the argument is ignored)."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import h5py
import numpy as np

PLOT = Path(__file__).resolve().parent.parent.parent / "scripts" / "plot_sharing_pv.py"


def write(path, with_sweep=True):
    with h5py.File(path, "w") as f:
        if not with_sweep:
            f.create_group("perf")
            return
        for value, gb, ipc in (("off", [0.20, 0.10], [1.0, 1.0]), ("perfect", [0.18, 0.09], [1.02, 1.04])):
            g = f.create_group(f"sweeps/sharing/{value}")
            for stage in ("perf", "guardband"):
                s = g.create_group(stage)
                s.create_dataset("kernels", data=np.array([b"ptx:k"]))
                s.create_dataset("techniques", data=np.array([b"baseline"]))
            g["perf"].create_dataset("ideal_ipc", data=np.array([2.0]))
            p = g.create_group("perf/perf/baseline")
            p.create_dataset("ipc", data=np.array(ipc).reshape(2, 1, 1))
            p.create_dataset("aged_freq", data=np.full((2, 1, 1), 0.5))
            p.create_dataset("slow_access_fraction", data=np.full((2, 1, 1), 0.25))
            g.create_group("guardband/guardband/baseline").create_dataset("guardband", data=np.array(gb).reshape(2, 1, 1))


def main():
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += 0 if ok else 1

    with tempfile.TemporaryDirectory() as d:
        study, png = os.path.join(d, "s.h5"), os.path.join(d, "fig", "x.png")
        write(study)
        r = subprocess.run(["/usr/bin/python3", str(PLOT), study, "-o", png], capture_output=True, text=True)
        check(r.returncode == 0, "plots the made-up study")
        lines = {tuple(l.split()[1:3]): l for l in r.stdout.splitlines() if l.startswith("baseline")}
        gb = next((l for k, l in lines.items() if k[1] == "guardband"), "")
        perf = next((l for l in r.stdout.splitlines() if "IPC x f / ideal" in l), "")
        slow = next((l for l in r.stdout.splitlines() if "slow access fraction" in l), "")
        check("change -10.0000 (chips -10.0000 .. -10.0000)" in gb, f"guardband -10 % on both chips: {gb!r}")
        check("change +3.0000 (chips +2.0000 .. +4.0000)" in perf, f"perf +3 % mean, +2 .. +4 %: {perf!r}")
        check("change +0.0000" in slow, f"slow-access fraction unchanged: {slow!r}")
        check(os.path.getsize(png) > 1000, "the figure is written")
        bad = os.path.join(d, "bad.h5")
        write(bad, with_sweep=False)
        r = subprocess.run(["/usr/bin/python3", str(PLOT), bad, "-o", png], capture_output=True, text=True)
        check(r.returncode == 1 and "no sweep 'sharing'" in r.stderr, f"a file without the sweep is refused: {r.stderr!r}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
