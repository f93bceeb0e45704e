#!/usr/bin/python3
"""scripts/h5_compare.py on small made-up files: equal files (NaNs included, provenance attributes
different) are identical; a changed value, dtype, attribute or an extra dataset each differ.
Usage: test_h5_compare.py [RFVAR_BINARY] (the argument is ignored)."""

import subprocess
import sys
import tempfile
from pathlib import Path

import h5py
import numpy as np

COMPARE = Path(__file__).resolve().parent.parent.parent / "scripts" / "h5_compare.py"


def write(path, values=(1.0, np.nan, 3.0), dtype="f8", attr=0.5, version="a", extra=False):
    with h5py.File(path, "w") as f:
        f.attrs["rfvar_version"] = version
        g = f.create_group("freq/baseline")
        g.attrs["mean_norm_freq"] = attr
        g.create_dataset("sm_norm_freq", data=np.array(values, dtype=dtype))
        if extra:
            f.create_dataset("more", data=np.arange(3))


def run(a, b, *opts):
    r = subprocess.run(["/usr/bin/python3", str(COMPARE), a, b, *opts], capture_output=True, text=True)
    return r.returncode, r.stdout


def main():
    failures = []
    with tempfile.TemporaryDirectory() as d:
        ref = f"{d}/ref.h5"
        write(ref)
        cases = [  # (name, file's arguments, options, expected exit status)
            ("equal, NaN at the same place, other rfvar_version", {"version": "b"}, [], 0),
            ("one value changed", {"values": (1.0, np.nan, 3.0000001)}, [], 1),
            ("dtype changed", {"dtype": "f4"}, [], 1),
            ("attribute changed", {"attr": 0.25}, [], 1),
            ("attribute changed, --datasets-only", {"attr": 0.25}, ["--datasets-only"], 0),
            ("extra dataset", {"extra": True}, [], 1),
        ]
        for name, kw, opts, want in cases:
            other = f"{d}/other.h5"
            write(other, **kw)
            rc, out = run(ref, other, *opts)
            ok = rc == want
            print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {rc} (want {want}) {out.strip().splitlines()[-1]}")
            if not ok:
                failures.append(name)
        rc, _ = run(ref, f"{d}/missing-argument-check.h5", "--bogus")
        if rc != 2:
            failures.append("usage error")
        print(f"{'ok  ' if rc == 2 else 'FAIL'} an unknown option is a usage error (exit {rc})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
