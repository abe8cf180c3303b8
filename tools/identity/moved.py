#!/usr/bin/env python3
"""Which answers of `sepax check` moved between two builds, where a change
may move apart answers only (a 3D apart pair answered along a support
direction instead of a face, an edge pair or its closest points:
docs/notes/3d.md).

    moved.py OLD.csv NEW.csv

Passes (exit 0, printing how many rows moved) when both files list the
same pairs in the same order, every hit row is byte-identical, and every
row that differs is apart in both builds with a new separation above 0.
Whether a moved gap is at most the distance is not checked here: its
normal is needed, and the oracle suites (oracle_hull3) hold every apart
answer to the gap along its normal, computed in double from the shapes.
(A support gap may exceed the old answer: for two polyhedra the old one
was a face's or edge pair's gap, itself below the distance.)
Exits 1 naming the first row that breaks this."""
import sys


def rows(path):
    with open(path) as f:
        return [line.rstrip("\n") for line in f]


def main():
    old, new = rows(sys.argv[1]), rows(sys.argv[2])
    if len(old) != len(new) or old[:1] != new[:1]:
        print(f"moved.py: {sys.argv[2]}: {len(new)} rows against {len(old)}, or another header")
        return 1
    head = old[0].split(",")
    if "hit" not in head or "separation" not in head:
        print(f"moved.py: {sys.argv[2]}: no hit and separation columns")
        return 1
    hit, sep = head.index("hit"), head.index("separation")
    moved = 0
    for k, (a, b) in enumerate(zip(old, new)):
        if a == b:
            continue
        fa, fb = a.split(","), b.split(",")
        ok = (len(fa) == len(fb) and fa[:2] == fb[:2] and fa[hit] == "0" and fb[hit] == "0"
              and float(fb[sep]) > 0.0)
        if not ok:
            print(f"moved.py: {sys.argv[2]} row {k}: {a} -> {b}")
            return 1
        moved += 1
    print(moved)
    return 0


if __name__ == "__main__":
    sys.exit(main())
