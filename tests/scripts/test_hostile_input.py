#!/usr/bin/python3
"""Hostile and careless input (docs/cli.md "Errors and limits"): every case exits 2 with one
`rfvar: error:` line naming its cause, within seconds, and leaves no file behind (no
`.NAME.tmp-PID`, no clobbered input).

    /usr/bin/python3 tests/scripts/test_hostile_input.py build/rfvar

Bad chips files are a small population made by the binary and changed with h5py; bad harnesses,
PTX and .kernel files are written here. Each run has a 60 s timeout and OMP_NUM_THREADS=1.
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time

import h5py
import numpy as np

FAILURES = []
SMALL = ["--no-progress", "--threads", "1", "--set", "floorplan.sms=2", "--set", "floorplan.rows_per_bank=8",
         "--set", "varius.grid=64"]

PTX_HEAD = ".version 7.0\n.target sm_52\n.address_size 64\n\n"
PTX = PTX_HEAD + """.visible .entry noop(.param .u64 p)
{
\tret;
}

.visible .entry spin()
{
$L_top:
\tbra.uni $L_top;
}
"""


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        FAILURES.append(what)


def rfvar(binary, *args, timeout=60):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    t0 = time.monotonic()
    try:
        r = subprocess.run([binary, *args], capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, "", "timeout", timeout
    return r.returncode, r.stdout, r.stderr, time.monotonic() - t0


def leftovers(folder):
    return [f for f in os.listdir(folder) if ".tmp-" in f]


def refused(binary, folder, what, args, names, timeout=60):
    """Runs rfvar ARGS and checks: exit 2, exactly one stderr line, starting `rfvar: error:` and
    containing every string of `names`; no temporary file left in `folder`."""
    rc, _, err, secs = rfvar(binary, *args, timeout=timeout)
    lines = [l for l in err.splitlines() if l.strip()]
    ok = rc == 2 and len(lines) == 1 and lines[0].startswith("rfvar: error:") and all(n in err for n in names)
    check(ok, f"{what}: exit 2 naming {names} ({secs:.1f} s)" + ("" if ok else f" -- got {rc}: {err.strip()[:300]}"))
    check(not leftovers(folder), f"{what}: no temporary file left")


def mutate(src, dst, change):
    shutil.copy(src, dst)
    with h5py.File(dst, "r+") as f:
        change(f)
    return dst


def replace(f, path, data):
    del f[path]
    f.create_dataset(path, data=data)


def set_value(path, value):
    def change(f):
        d = f[path][...]
        d.flat[min(5, d.size - 1)] = value
        f[path][...] = d
    return change


def chips_cases(b, d, chips):
    out = os.path.join(d, "out.h5")
    cases = [
        ("missing /chips/slowest_cell", lambda f: f.__delitem__("/chips/slowest_cell"), ["/chips/slowest_cell"]),
        ("missing /chips/subbank_dvth_sys", lambda f: f.__delitem__("/chips/subbank_dvth_sys"),
         ["/chips/subbank_dvth_sys"]),
        ("missing /chips/vth_d2d", lambda f: f.__delitem__("/chips/vth_d2d"), ["/chips/vth_d2d"]),
        ("attribute banks a string", lambda f: f["/chips"].attrs.__setitem__("banks", "sixteen"), ["banks"]),
        ("root seed a string", lambda f: f.attrs.__setitem__("seed", "one"), ["seed"]),
        ("attribute banks 0", lambda f: f["/chips"].attrs.__setitem__("banks", 0), ["banks"]),
        ("attribute banks huge", lambda f: f["/chips"].attrs.__setitem__("banks", 2**40), ["banks"]),
        ("reg_delay NaN", set_value("/chips/reg_delay", np.nan), ["/chips/reg_delay", "nan"]),
        ("reg_delay inf", set_value("/chips/reg_delay", np.inf), ["/chips/reg_delay", "inf"]),
        ("reg_delay negative", set_value("/chips/reg_delay", -1.0), ["/chips/reg_delay", "> 0"]),
        ("slowest_cell NaN", set_value("/chips/slowest_cell", np.nan), ["/chips/slowest_cell"]),
        ("reg_delay with 1 SM beside 2", lambda f: replace(f, "/chips/reg_delay", f["/chips/reg_delay"][:, :1, :]),
         ["SMs"]),
        ("chip_id shorter", lambda f: replace(f, "/chips/chip_id", f["/chips/chip_id"][:1]), ["/chips/chip_id"]),
    ]
    for i, (what, change, names) in enumerate(cases):
        bad = mutate(chips, os.path.join(d, f"bad{i}.h5"), change)
        refused(b, d, "freq: chips file " + what, ["freq", bad, "-o", out, "--no-progress", "--threads", "1"],
                [bad] + names)
        check(not os.path.exists(out), f"freq: chips file {what}: no output written")
    bad = mutate(chips, os.path.join(d, "badinfo.h5"), set_value("/chips/subbank_delay", 0.0))
    refused(b, d, "chips --info: subbank_delay zero", ["chips", "--info", bad], [bad, "/chips/subbank_delay", "> 0"])
    bad = mutate(chips, os.path.join(d, "badsim.h5"), lambda f: f["/chips"].attrs.__setitem__("banks", 0))
    refused(b, d, "sim: chips attribute banks 0", ["sim", "--chip", bad + ":0", "--kernel", "hotspot", "--json"],
            ["banks"])
    rc, _, err, _ = rfvar(b, "chips", "--chips", "1", "-o", os.path.join(d, "rows1.h5"), "--no-progress", "--threads", "1",
                          "--set", "floorplan.sms=1", "--set", "floorplan.rows_per_bank=1", "--set", "varius.grid=16")
    check(rc == 0, "make chips with rows_per_bank = 1 " + err.strip()[:200])
    refused(b, d, "sim: chips made with rows_per_bank = 1", ["sim", "--chip", os.path.join(d, "rows1.h5") + ":0", "--kernel", "hotspot"],
            ["rows_per_bank 1", "arch.registers_per_sm"])
    refused(b, d, "ipc: chips made with rows_per_bank = 1", ["ipc", "--chip", os.path.join(d, "rows1.h5") + ":0", "--kernels", "hotspot"],
            ["rows_per_bank 1", "arch.registers_per_sm"])
    refused(b, d, "sim: chip file with a missing dataset",
            ["sim", "--chip", os.path.join(d, "bad0.h5") + ":0", "--kernel", "hotspot"], ["/chips/slowest_cell"])
    # A corrupt HDF5 image (found by fuzz_chips) on which libhdf5 1.10 loops forever reading an
    # attribute: the reader's child-process probe (stages/chips_file.h) gives up after 5 s.
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    hang = os.path.join(d, "hang.h5")
    shutil.copy(os.path.join(repo, "fuzz", "corpus", "chips", "regress-hang-global-heap.h5"), hang)
    refused(b, d, "freq: an HDF5 image on which libhdf5 loops", ["freq", hang, "-o", out, "--no-progress", "--threads", "1"],
            [hang, "did not finish"], timeout=20)
    check(not os.path.exists(out), "freq: an HDF5 image on which libhdf5 loops: no output written")


def cli_cases(b, d, chips):
    out = os.path.join(d, "c.h5")
    refused(b, d, "--threads 65535", ["chips", "--chips", "2", "--threads", "65535", "-o", out], ["--threads", "limits.threads_per_core"])
    refused(b, d, "ipc --threads 65535", ["ipc", "--kernels", "hotspot", "--threads", "65535"], ["--threads"])
    refused(b, d, "--chips -1", ["chips", "--chips", "-1", "-o", out] + SMALL, ["--chips"])
    refused(b, d, "--chips 99999999999", ["chips", "--chips", "99999999999", "-o", out] + SMALL, ["--chips", "99999999999", "2147483647"])
    refused(b, d, "--deflate 10", ["chips", "--deflate", "10", "-o", out] + SMALL, ["--deflate"])
    refused(b, d, "--config missing", ["chips", "--config", os.path.join(d, "nope.toml"), "-o", out], ["--config"])
    refused(b, d, "--config a directory", ["chips", "--config", d, "-o", out], ["--config"])
    refused(b, d, "--config /dev/zero", ["chips", "--config", "/dev/zero", "-o", out], ["--config", "/dev/zero"])
    refused(b, d, "--first-chip 4294967295", ["chips", "--first-chip", "4294967295", "--chips", "2", "-o", out] + SMALL,
            ["--first-chip"])
    refused(b, d, "--first-chip 2147483647 --chips 2", ["chips", "--first-chip", "2147483647", "--chips", "2", "-o", out] + SMALL,
            ["--first-chip"])
    refused(b, d, "freq --fast-fraction nan", ["freq", chips, "--fast-fraction", "nan", "-o", out], ["--fast-fraction"])
    refused(b, d, "--set with a newline", ["chips", "--set", "population.seed=2\nvarius.phi=0.3", "-o", out] + SMALL,
            ["--set"])
    refused(b, d, "sim --sm 99999999999", ["sim", "--kernel", "hotspot", "--sm", "99999999999"], ["--sm", "2147483647"])
    refused(b, d, "ltrf --latency-sweep 1,2,...,1e12", ["ltrf", "--kernels", "hotspot", "--latency-sweep", "1,2,...,1e12"],
            ["--latency-sweep", "limits.max_sweep_points"])
    check(not os.path.exists(out), "CLI cases: no output written")


def output_cases(b, d, chips):
    before = open(chips, "rb").read()
    refused(b, d, "freq c.h5 -o c.h5", ["freq", chips, "-o", chips, "--no-progress"], ["-o", "input"])
    refused(b, d, "sim --chip c.h5:0 -o c.h5", ["sim", "--chip", chips + ":0", "--kernel", "hotspot", "-o", chips],
            ["-o", "input"])
    check(open(chips, "rb").read() == before, "-o an input: the input is unchanged")
    refused(b, d, "-o DIR", ["freq", chips, "-o", d], ["-o", "directory"])
    refused(b, d, "-o ''", ["freq", chips, "-o", ""], ["-o", "empty"])
    refused(b, d, "-o /dev/null", ["freq", chips, "-o", "/dev/null"], ["-o", "regular file"])
    fifo = os.path.join(d, "fifo")
    os.mkfifo(fifo)
    refused(b, d, "-o FIFO", ["freq", chips, "-o", fifo], ["-o", "regular file"])
    tfifo = os.path.join(d, "t.rftrace")  # opening a FIFO to read waits for a writer: refused before
    os.mkfifo(tfifo)
    refused(b, d, "sim --kernel FIFO.rftrace", ["sim", "--kernel", tfifo, "--no-progress"], ["t.rftrace", "regular file"],
            timeout=20)
    os.remove(tfifo)
    ro = os.path.join(d, "ro.h5")
    shutil.copy(chips, ro)
    os.chmod(ro, stat.S_IRUSR)
    refused(b, d, "-o read-only", ["freq", chips, "-o", ro], ["-o", "read-only"])
    notes = os.path.join(d, "notes.txt")
    with open(notes, "w") as f:
        f.write("my notes\n")
    refused(b, d, "-o an existing non-rfvar file", ["freq", chips, "-o", notes], ["-o", "--force"])
    check(open(notes).read() == "my notes\n", "-o a non-rfvar file: it is unchanged")
    rc, _, err, _ = rfvar(b, "freq", chips, "-o", notes, "--force", "--no-progress", "--threads", "1")
    check(rc == 0 and h5py.is_hdf5(notes), f"-o a non-rfvar file with --force: replaced ({rc} {err.strip()[:200]})")
    rc, _, err, _ = rfvar(b, "freq", chips, "-o", notes, "--no-progress", "--threads", "1")
    check(rc == 0, f"-o an rfvar output: replaced without --force ({rc} {err.strip()[:200]})")
    refused(b, d, "-o in a missing directory", ["freq", chips, "-o", os.path.join(d, "no", "x.h5")], ["-o", "does not exist"])


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def harness(d, name, body, ptx="k.ptx"):
    return write(os.path.join(d, name + ".toml"), f'name = "{name}"\nptx = "{ptx}"\n' + body)


def workload_cases(b, d):
    write(os.path.join(d, "k.ptx"), PTX)
    noop = '[[step]]\nkernel = "noop"\ngrid = [1, 1, 1]\nblock = [32, 1, 1]\nargs = [{arg}]\n{extra}'
    flag = '[[buffer]]\nname = "flag"\ntype = "u32"\ncount = {count}\n'
    cases = [
        ("PTX kernel branching to itself", harness(d, "spin", '[[step]]\nkernel = "spin"\ngrid = [1, 1, 1]\nblock = [32, 1, 1]\nargs = []\n'),
         ["spin", "limits.max_warp_instructions"]),
        ("harness max_passes 1e9", harness(d, "passes", flag.format(count=1) +
                                           '[[step]]\nwhile_nonzero = "flag"\nmax_passes = 1000000000\n'
                                           '[[step.launch]]\nkernel = "noop"\ngrid = [1, 1, 1]\nblock = [32, 1, 1]\nargs = [0]\n'),
         ["max_passes", "limits.max_loop_passes"]),
        ("harness repeat 1e12", harness(d, "repeat", noop.format(arg="0", extra="repeat = 1000000000000\n")),
         ["repeat", "limits.max_loop_passes"]),
        ("harness ptx = /dev/zero", harness(d, "devzero", noop.format(arg="0", extra=""), ptx="/dev/zero"),
         ["/dev/zero", "regular file"]),
        ("harness count 1e10", harness(d, "count", flag.format(count=10000000000) + noop.format(arg="0", extra="")),
         ["flag", "limits.max_device_mib"]),
        ("harness huge grid", harness(d, "grid", '[[step]]\nkernel = "noop"\ngrid = [2147483647, 2147483647, 2147483647]\n'
                                                 'block = [32, 1, 1]\nargs = [0]\n'),
         ["grid", "limits.max_launch_instructions"]),
        ("harness overflowing argument", harness(d, "argx", noop.format(arg='"9223372036854775807*i+9223372036854775807"',
                                                                        extra="repeat = 2\n")),
         ["args[0]", "64 bits"]),
        ("harness argument past 64 bits", harness(d, "argy", noop.format(arg='"99999999999999999999"', extra="")),
         ["args", "64 bits"]),
        ("harness dynamic_shared_bytes 99999999999",
         harness(d, "dyn", noop.format(arg="0", extra="dynamic_shared_bytes = 99999999999\n")), ["dynamic_shared_bytes"]),
    ]
    for what, path, names in cases:
        refused(b, d, "sim: " + what, ["sim", "--kernel", path, "--json"], names)
    write(os.path.join(d, "big.ptx"), PTX_HEAD + ".shared .align 4 .b8 big[99999999999];\n\n" + PTX[len(PTX_HEAD):])
    refused(b, d, "sim: PTX shared array [99999999999]",
            ["sim", "--kernel", harness(d, "bigarr", noop.format(arg="0", extra=""), ptx="big.ptx")], ["99999999999"])
    loops = ("rfvar-kernel 1\nbenchmark deep\nkernel deep block=32 regs=4\n" + "loop 100000\n" * 3 + "ialu r0 = r1 r2\n" +
             "endloop\n" * 3 + "end\nlaunch deep grid=1\n")
    kfile = write(os.path.join(d, "deep.kernel"), loops)
    refused(b, d, "sim: .kernel with three nested loop 100000", ["sim", "--kernel", kfile], ["deep", "limits.max_warp_instructions"])
    os.makedirs(os.path.join(d, "as"), exist_ok=True)
    write(os.path.join(d, "as", "kernelslist.g"), "# nothing\n")
    refused(b, d, "sim: empty Accel-Sim kernelslist.g", ["sim", "--kernel", os.path.join(d, "as")], ["kernelslist.g"])


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    b = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as d:
        chips = os.path.join(d, "chips.h5")
        rc, _, err, _ = rfvar(b, "chips", "--chips", "2", "-o", chips, *SMALL)
        check(rc == 0, "make a 2-chip population " + err.strip()[:200])
        if rc != 0:
            return 1
        chips_cases(b, d, chips)
        cli_cases(b, d, chips)
        output_cases(b, d, chips)
        workload_cases(b, d)
    n = len(FAILURES)
    print(f"{'FAILED' if n else 'passed'}: {n} failure(s)")
    return 1 if n else 0


if __name__ == "__main__":
    sys.exit(main())
