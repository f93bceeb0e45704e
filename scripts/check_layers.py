#!/usr/bin/python3
"""Checks that the source folders form layers: no include cycle between folders, no upward include.

Usage: scripts/check_layers.py [REPO_ROOT]        (default: the repository holding this script)

Data flows one way (README.md "Layout"). The top-level folders are layered in the order of TOP,
bottom first: a file may include headers of its own folder and of folders below it. Inside arch/,
the sub-folders are layered in the order of ARCH ("." is the files directly in arch/), with the same
rule. In every other top-level folder the sub-folders may include each other in any order without
a cycle. Every #include "folder/..." of every .h / .cpp below the top-level folders counts.
Prints each violation (the including file, the included header) and exits with 1 if there is one,
or if an arch/ sub-folder is missing from ARCH (new folders must be given their layer here).
Standard library only.
"""

import re
import sys
from pathlib import Path

TOP = ["common", "varius", "rfmodel", "nbti", "workload", "arch", "analysis", "ptx", "frontend", "hierarchy", "technique",
       "study", "stages", "apps"]

# arch/ (the SM model) bottom first: the shared base (parameters, occupancy, statistics, event
# queue); the memory system; the SM's parts (sharing: Jeon 2019's register-sharing tables); the SM;
# run / gpu / run policy (arch/ itself).
ARCH = ["core", "memory", "mapping", "scheduler", "regfile", "sharing", "sm", "."]

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)


def node(rel):
    """(top folder, sub-folder or '.') of a path relative to the repository root."""
    parts = rel.split("/")
    return parts[0], (parts[1] if len(parts) > 2 else ".")


def find_cycles(edges):
    """Strongly connected components with more than one node (Tarjan), each sorted."""
    index, low, on, stack, out = {}, {}, set(), [], []
    nodes = sorted(set(edges) | {b for bs in edges.values() for b in bs})

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    errors = []
    edges = {}     # (top, sub) -> {(top, sub)}: sub-folder graph within each top-level folder
    examples = {}  # an example include per edge
    for top in TOP:
        for f in sorted((root / top).rglob("*")):
            if f.suffix not in (".h", ".cpp", ".hpp") or not f.is_file():
                continue
            rel = f.relative_to(root).as_posix()
            src = node(rel)
            for inc in INCLUDE.findall(f.read_text(errors="replace")):
                if inc.split("/")[0] not in TOP or "/" not in inc:
                    continue
                dst = node(inc)
                if TOP.index(dst[0]) > TOP.index(src[0]):
                    errors.append(f"upward include: {rel} includes {inc} ({src[0]}/ is below {dst[0]}/)")
                    continue
                if dst[0] != src[0] or dst[1] == src[1]:
                    continue
                if src[0] == "arch":
                    missing = [s for s in (src[1], dst[1]) if s not in ARCH]
                    if missing:
                        errors.append(f"arch/{missing[0]}/ has no layer in scripts/check_layers.py ARCH ({rel})")
                        continue
                    if ARCH.index(dst[1]) > ARCH.index(src[1]):
                        errors.append(f"upward include in arch/: {rel} includes {inc} "
                                      f"(arch/{src[1]} is below arch/{dst[1]})")
                edges.setdefault(src, set()).add(dst)
                examples.setdefault((src, dst), f"{rel} includes {inc}")
    for comp in find_cycles(edges):
        names = ", ".join(f"{t}/{s}" for t, s in comp)
        inside = [examples[(a, b)] for a in comp for b in comp if (a, b) in examples]
        errors.append(f"include cycle between {names}: " + "; ".join(inside))
    for e in sorted(set(errors)):
        print(e)
    if errors:
        print(f"check_layers: {len(set(errors))} violation(s)")
        return 1
    print(f"check_layers: no cycle, no upward include ({len(edges)} folders with includes between sub-folders)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
