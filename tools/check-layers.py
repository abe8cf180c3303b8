#!/usr/bin/env python3
"""The layering rules of src/ (docs/ARCHITECTURE.md, "What may include
what"), checked on the sources and on a build's objects. Exits 1 and names
each breach.

  1. Only src/common/wide.h includes SIMDe; only the kernels
     (src/*/kernels/) include wide.h or call SIMDe.
  2. A kernel file includes only kernel files of its own dimension,
     src/common/ and the public headers.
  3. A kernel object calls only kernels and src/common/ (and the C
     library): nothing of the stores, the batch calls or the reference.
  4. No two objects of src/ or tools/ call each other.
  5. ISA flags (-msse*, -mavx*, -mfma, -mbmi*, -march, -mfpu) go only to
     the per-ISA kernel units, src/*/kernels/sat_*.c and k3_*.c.

Usage: tools/check-layers.py BUILD_DIR"""
import collections
import glob
import json
import os
import re
import shlex
import subprocess
import sys

ISA_UNIT = re.compile(r"src/(2d|3d)/kernels/(sat|k3)_[a-z0-9]+\.c$")
ISA_FLAG = re.compile(r"^-(msse|mavx|mfma|mbmi|march|mfpu|mcpu)")
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]', re.M)

root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
breaches = []


def resolve(path, name):
    for base in (os.path.dirname(path), "src", "include"):
        p = os.path.normpath(os.path.join(base, name))
        if os.path.exists(os.path.join(root, p)):
            return p
    return None


def kernel_dim(path):
    m = re.match(r"src/(2d|3d)/kernels/", path)
    return m.group(1) if m else None


def check_sources():
    os.chdir(root)
    for path in sorted(glob.glob("src/**/*.[ch]", recursive=True)):
        text = open(path, encoding="utf-8").read()
        dim = kernel_dim(path)
        if not dim and path != "src/common/wide.h" and re.search(r"\bsimde_|\bSIMDE_MM", text):
            breaches.append(f"{path}: calls SIMDe outside the kernels")
        for kind, name in INCLUDE.findall(text):
            if name.startswith("simde/") and path != "src/common/wide.h":
                breaches.append(f"{path}: includes SIMDe ({name}); only common/wide.h may")
            if kind != '"':
                continue
            target = resolve(path, name)
            if target is None:
                continue
            if target == "src/common/wide.h" and not dim and not path.startswith("src/common/"):
                breaches.append(f"{path}: includes common/wide.h outside the kernels")
            if dim and target.startswith("src/"):
                ok = target.startswith("src/common/") or kernel_dim(target) == dim
                if not ok:
                    breaches.append(f"{path}: a kernel file includes {target}")


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBRV":
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
    return defined, undefined


def check_objects(build):
    objs = sorted(glob.glob(os.path.join(build, "src", "**", "*.o"), recursive=True) +
                  glob.glob(os.path.join(build, "tools", "**", "*.o"), recursive=True))
    # the shared and static library hold the same objects: take one copy
    seen, unique = set(), []
    for o in objs:
        name = os.path.basename(o)
        if name not in seen:
            seen.add(name)
            unique.append(o)
    if not unique:
        breaches.append(f"{build}: no objects found; build it first")
        return
    defs, undefs = {}, {}
    for o in unique:
        defs[o], undefs[o] = symbols(o)
    owner = {}
    for o, d in defs.items():
        for s in d:
            owner.setdefault(s, o)
    calls = collections.defaultdict(dict)
    for o, u in undefs.items():
        for s in u:
            w = owner.get(s)
            if w and w != o:
                calls[o].setdefault(w, []).append(s)

    def name(o):
        # meson names an object after its source: 2d_store.c.o, sat_avx2.c.o
        return os.path.basename(o)[:-2]

    def is_kernel(o):
        return "_kernels_" in name(o) or os.path.basename(o).startswith(("sat_", "k3_"))

    def is_common(o):
        return name(o).startswith("common_")

    for o, targets in calls.items():
        for w, syms in targets.items():
            if is_kernel(o) and not (is_kernel(w) or is_common(w)):
                breaches.append(f"{name(o)} (a kernel) calls {name(w)}: {', '.join(sorted(syms)[:3])}")
            if o < w and o in calls.get(w, {}):
                breaches.append(f"{name(o)} and {name(w)} call each other: "
                                f"{', '.join(sorted(syms)[:2])} / {', '.join(sorted(calls[w][o])[:2])}")


def check_flags(build):
    path = os.path.join(build, "compile_commands.json")
    if not os.path.exists(path):
        breaches.append(f"{path}: missing")
        return
    for entry in json.load(open(path, encoding="utf-8")):
        src = os.path.relpath(os.path.join(entry["directory"], entry["file"]), root)
        if not src.startswith("src/") or ISA_UNIT.search(src):
            continue
        args = entry.get("arguments") or shlex.split(entry["command"])
        flags = [a for a in args if ISA_FLAG.match(a)]
        if flags:
            breaches.append(f"{src}: compiled with {' '.join(flags)}; only per-ISA kernel units may be")


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1])
        return 2
    build = os.path.abspath(sys.argv[1])
    check_sources()
    check_objects(build)
    check_flags(build)
    for b in breaches:
        print("layers:", b)
    print(f"layers: {len(breaches)} breaches (rules in docs/ARCHITECTURE.md)")
    return 1 if breaches else 0


sys.exit(main())
