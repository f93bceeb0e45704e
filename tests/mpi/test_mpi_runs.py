#!/usr/bin/python3
"""rfvar-mpi (CMake RFVAR_MPI; docs/cluster.md) against the plain rfvar: the small study
tests/mpi/study_mpi.toml on 1, 2 and 3 ranks gives the same datasets and attributes as rfvar
(scripts/h5_compare.py; the run-cache counters, which are each rank's own, excepted), a rerun on 2
ranks reuses every cached stage, --job-times records every job and each rank's busy time, the
population commands (chips, freq) on 3 ranks equal rfvar's, and a one-process subcommand refuses
several ranks (exit 2).

    /usr/bin/python3 tests/mpi/test_mpi_runs.py build/rfvar build/rfvar-mpi [MPIEXEC]

Open MPI refuses to run as root unless allowed (CI is root): the test sets OMPI_ALLOW_RUN_AS_ROOT
and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM, and passes --oversubscribe (3 ranks on 2 cores)."""
import json
import os
import subprocess
import sys
import tempfile

import h5py

HERE = os.path.dirname(os.path.abspath(__file__))
STUDY = os.path.join(HERE, "study_mpi.toml")
COMPARE = os.path.join(HERE, "..", "..", "scripts", "h5_compare.py")
RANK_OWN = ["--ignore-attr", "cache_hits", "--ignore-attr", "cache_misses"]
FAILURES = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)


def run(cmd, timeout=600):
    env = dict(os.environ, OMP_NUM_THREADS="1", OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    if r.returncode != 0:
        print(" ".join(cmd), "\n", r.stdout[-2000:], r.stderr[-2000:])
    return r


def same(a, b):
    r = subprocess.run(["/usr/bin/python3", COMPARE, a, b, *RANK_OWN], capture_output=True, text=True)
    return r.returncode == 0, r.stdout.strip().splitlines()[:6]


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    plain, mpi = argv[1], argv[2]
    mpiexec = argv[3] if len(argv) > 3 and argv[3] else "mpirun"

    def mpirun(n, *args):
        return run([mpiexec, "-n", str(n), "--oversubscribe", mpi, *args])

    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "plain", "study.h5")
        r = run([plain, "study", "--config", STUDY, "-o", ref, "--threads", "1", "--json"])
        check(r.returncode == 0, "rfvar study (plain build) runs the small study")
        if r.returncode != 0:
            return 1
        for n in (1, 2, 3):
            out = os.path.join(tmp, f"n{n}", "study.h5")
            r = mpirun(n, "study", "--config", STUDY, "-o", out, "--json")
            ok = r.returncode == 0
            diff = same(ref, out) if ok else (False, [])
            check(ok and diff[0], f"mpirun -n {n} rfvar-mpi study: the same datasets and attributes as rfvar {diff[1]}")
            if n == 2 and ok:
                j = json.loads(r.stdout)  # rank 0's summary only (the others print nothing)
                check(not any(s["reused"] for s in j["stages"].values()), "-n 2: every stage ran")
                r = mpirun(2, "study", "--config", STUDY, "-o", out, "--json")
                j = json.loads(r.stdout) if r.returncode == 0 else {"stages": {}}
                check(r.returncode == 0 and j["stages"] and all(s["reused"] for s in j["stages"].values()),
                      "-n 2 rerun on the same cache: every stage reused")
                check(same(ref, out)[0], "-n 2 rerun: the same study file")

        # The record of a distributed run (docs/hdf5.md "jobs"): the N-SM perf stage alone.
        chips5 = [os.path.join(tmp, "plain", ".rfvar-cache", n) for n in os.listdir(os.path.join(tmp, "plain", ".rfvar-cache"))
                  if n.startswith("population-") and n.endswith(".h5")][0]
        out = os.path.join(tmp, "times.h5")
        r = mpirun(2, "perf", "--chips", chips5, "--kernels", "hotspot,nw", "--techniques", "baseline,pv-opt",
                   "--epochs", "1", "--set", "arch.gpu_sms=2", "-o", out, "--json", "--job-times")
        ok = r.returncode == 0
        if ok:
            with h5py.File(out, "r") as f:
                g = f["jobs/gpu_runs"] if "jobs/gpu_runs" in f else None
                ok = (g is not None and g["cost_s"].shape == (5 * 2 * 2,) and set(g["rank"][()]) == {0, 1}
                      and g["rank_busy_s"].shape == (2,) and (g["cost_s"][()] > 0).all()
                      and int(f["jobs"].attrs["ranks"]) == 2)
        check(ok, "perf --job-times on 2 ranks: /jobs/gpu_runs/cost_s per (chip, technique, kernel), rank in {0, 1}, "
                  "rank_busy_s per rank")

        # The population commands as subcommands.
        chips_ref, chips3 = os.path.join(tmp, "c.h5"), os.path.join(tmp, "c3.h5")
        r1 = run([plain, "chips", "--chips", "4", "-o", chips_ref, "--no-progress"])
        r3 = mpirun(3, "chips", "--chips", "4", "-o", chips3, "--no-progress")
        check(r1.returncode == 0 and r3.returncode == 0 and same(chips_ref, chips3)[0],
              "mpirun -n 3 rfvar-mpi chips equals rfvar chips")
        freq_ref, freq3 = os.path.join(tmp, "f.h5"), os.path.join(tmp, "f3.h5")
        r1 = run([plain, "freq", chips_ref, "-o", freq_ref, "--no-progress"])
        r3 = mpirun(3, "freq", chips_ref, "-o", freq3, "--no-progress")
        check(r1.returncode == 0 and r3.returncode == 0 and same(freq_ref, freq3)[0],
              "mpirun -n 3 rfvar-mpi freq equals rfvar freq")
        r = mpirun(2, "sim", "--kernel", "nw", "--json")
        check(r.returncode == 2 and "runs in one process" in r.stderr,
              f"mpirun -n 2 rfvar-mpi sim: refused, exit 2 (got {r.returncode})")
    print(f"{len(FAILURES)} failures" if FAILURES else "all passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
