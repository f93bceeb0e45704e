#!/usr/bin/python3
"""scripts/check_layers.py on small made-up trees: a layered tree passes; an include cycle between
arch/ sub-folders, an upward include between top-level folders and an arch/ sub-folder without a
layer each fail. Usage: test_check_layers.py [RFVAR_BINARY] (the argument is ignored)."""

import subprocess
import sys
import tempfile
from pathlib import Path

CHECK = Path(__file__).resolve().parent.parent.parent / "scripts" / "check_layers.py"


def run(files):
    with tempfile.TemporaryDirectory() as d:
        for rel, text in files.items():
            p = Path(d) / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        r = subprocess.run(["/usr/bin/python3", str(CHECK), d], capture_output=True, text=True)
        return r.returncode, r.stdout


def main():
    base = {
        "common/config.h": "",
        "arch/core/params.h": '#include "workload/kernel.h"\n#include "common/config.h"\n',
        "workload/kernel.h": "",
        "arch/sm/sm.h": '#include "arch/core/params.h"\n',
        "apps/main.cpp": '#include "arch/sm/sm.h"\n',
    }
    failures = []
    code, out = run(base)
    if code != 0:
        failures.append("layered tree rejected: " + out)
    code, out = run({**base, "arch/core/params.h": '#include "arch/sm/sm.h"\n'})
    if code == 0 or "upward include in arch/" not in out or "include cycle" not in out:
        failures.append("arch/ cycle not reported: " + out)
    code, out = run({**base, "common/config.h": '#include "arch/core/params.h"\n'})
    if code == 0 or "upward include: common/config.h" not in out:
        failures.append("upward top-level include not reported: " + out)
    code, out = run({**base, "arch/newpart/x.h": '#include "arch/core/params.h"\n'})
    if code == 0 or "arch/newpart/ has no layer" not in out:
        failures.append("unlayered arch/ folder not reported: " + out)
    for f in failures:
        print("FAIL:", f)
    print("test_check_layers:", "FAILED" if failures else "passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
