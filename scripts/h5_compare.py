#!/usr/bin/python3
"""Compare two rfvar HDF5 files bit for bit: every group and dataset (values, dtype, shape) and every
attribute. The check that a refactor kept results identical: run the same study before and after
and compare the two files (docs/performance.md "Checking that results did not move").

Usage: h5_compare.py A.h5 B.h5 [--datasets-only] [--ignore-attr NAME ...]
  Provenance attributes that name the binary, the command or cache paths (rfvar_version,
  command_line, stage_hash, cache_file, chips_file, chips, study_toml) are ignored by default;
  --datasets-only ignores every attribute. NaNs compare equal to NaNs at the same place.
Exit status 0 if identical, 1 with the differences listed (the first 60), 2 on a usage error."""

import sys

import h5py
import numpy as np

PROVENANCE = {"rfvar_version", "command_line", "stage_hash", "cache_file", "chips_file", "chips", "study_toml"}


def objects(f):
    out = {}
    f.visititems(lambda name, obj: out.__setitem__(name, obj))
    return out


def compare_attrs(path, x, y, ignore, diffs):
    ka, kb = set(x.attrs) - ignore, set(y.attrs) - ignore
    for k in sorted(ka ^ kb):
        diffs.append(f"{path}: attribute {k} only in {'A' if k in ka else 'B'}")
    for k in sorted(ka & kb):
        u, w = np.asarray(x.attrs[k]), np.asarray(y.attrs[k])
        if u.shape != w.shape or not np.array_equal(u, w, equal_nan=u.dtype.kind == "f" and w.dtype.kind == "f"):
            diffs.append(f"{path}: attribute {k}: {x.attrs[k]!r} != {y.attrs[k]!r}")


def compare(a, b, ignore, attrs=True):
    diffs = []
    with h5py.File(a, "r") as fa, h5py.File(b, "r") as fb:
        oa, ob = objects(fa), objects(fb)
        for n in sorted(set(oa) ^ set(ob)):
            diffs.append(f"/{n}: only in {'A' if n in oa else 'B'}")
        if attrs:
            compare_attrs("/", fa, fb, ignore, diffs)
        for n in sorted(set(oa) & set(ob)):
            x, y = oa[n], ob[n]
            if attrs:
                compare_attrs("/" + n, x, y, ignore, diffs)
            if isinstance(x, h5py.Dataset) != isinstance(y, h5py.Dataset):
                diffs.append(f"/{n}: a dataset in one file, a group in the other")
            elif isinstance(x, h5py.Dataset):
                if x.dtype != y.dtype or x.shape != y.shape:
                    diffs.append(f"/{n}: {x.dtype}{x.shape} != {y.dtype}{y.shape}")
                    continue
                u, w = x[()], y[()]
                if not np.array_equal(u, w, equal_nan=u.dtype.kind == "f"):
                    diffs.append(f"/{n}: values differ")
    return diffs


def main(argv):
    args, ignore, attrs = [], set(PROVENANCE), True
    it = iter(argv)
    for x in it:
        if x == "--ignore-attr":
            ignore.add(next(it, ""))
        elif x == "--datasets-only":
            attrs = False
        elif x.startswith("-"):
            print(__doc__, file=sys.stderr)
            return 2
        else:
            args.append(x)
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    diffs = compare(args[0], args[1], ignore, attrs)
    for d in diffs[:60]:
        print(d)
    print(f"{len(diffs)} differences" if diffs else "identical")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
