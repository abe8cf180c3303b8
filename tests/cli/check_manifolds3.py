#!/usr/bin/env python3
"""`sepax check --manifolds` on the 3D scene files of tests/data.

pairs3d.scene's contact points, and the normals and separations of its
hits in the plain CSV, are worked by hand below; for it and hulls3d.scene
every hit of the plain CSV has one to four rows, joined to it by the
pair's shapes (a, b), none deeper than the pair, a pair that is no hit has
none, and every backend this machine runs prints the same bytes. Usage: check_manifolds3.py SEPAX
DATA_DIR. Exits 1 when a check fails."""
import csv
import io
import os
import re
import shlex
import subprocess
import sys

exe, data = os.path.abspath(sys.argv[1]), sys.argv[2]
# a cross build's tool runs through the emulator meson names
wrapper = shlex.split(os.environ.get("MESON_EXE_WRAPPER", ""))
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def check(*args):
    """The tool's standard output, run in DATA_DIR; a failure when it exits
    other than 0 or says anything on stderr."""
    run = subprocess.run([*wrapper, exe, "check", *args], cwd=data, capture_output=True, text=True)
    if run.returncode != 0 or run.stderr:
        fail(f"check {' '.join(args)}: exit {run.returncode}, stderr: {run.stderr!r}")
    return run.stdout


HEADER = "a,b,point,x,y,z,separation,id\n"


def corners(a, b, separation, points, face, incident):
    """A's face (the reference) against B's face, whose four corners are
    the points in its loop's order: position k on B's loop, 63 on A's."""
    rows = ""
    for k, p in enumerate(points):
        fid = face | incident << 8 | k << 16 | 63 << 22
        rows += f"{a},{b},{k},{p},{separation},{fid}\n"
    return rows


# pairs3d.scene (cubes of half 1; see the file). Pair 0 1: B's face 1 (-x,
# loop 0 4 6 2: corners (-1,-1,-1) (-1,-1,1) (-1,1,1) (-1,1,-1)) lies 0.25
# inside A's face 0 (+x) at x = 0.75, so the points sit at x = 0.875 on
# the reference face's four sides. Pair 1 0 is the same seen from cube 1:
# its face 1 (-x) against cube 0's face 0 (loop 1 3 7 5). Pair 0 2: cube
# 2's face 5 (-z, loop 0 2 3 1) resting on A's face 4 (+z) at z = 1.
# Pair 0 3 is apart. Pairs 0 4 and 4 0: a sphere inside cube 0 nearest its
# +x face: one lone point midway between the face (x = 1) and the sphere's
# far side (x = -0.5), at x = 0.25; the face is 2 (a face), the sphere's
# feature none (0xFF, 3). Pair 0 5: the sphere's centre outside the box,
# 0.25 through its +x face: a points answer, which names no feature on
# either side (0xFF, 3 each); the point lies midway between the face and
# the sphere's surface (x = 0.75).
# Each hit: its shapes, then its normal and separation in the plain CSV,
# then its rows.
PAIRS3D_HITS = [
    ("0", "1", "1,0,0", "-0.25",
     corners(0, 1, -0.25, ["0.875,-1,-1", "0.875,-1,1", "0.875,1,1", "0.875,1,-1"], 0, 1)),
    ("1", "0", "-1,0,0", "-0.25",
     corners(1, 0, -0.25, ["0.875,-1,-1", "0.875,1,-1", "0.875,1,1", "0.875,-1,1"], 1, 0)),
    ("0", "2", "0,0,1", "0",
     corners(0, 2, 0, ["-1,-1,1", "-1,1,1", "1,1,1", "1,-1,1"], 4, 5)),
    ("0", "4", "1,0,0", "-1.5",
     f"0,4,0,0.25,0,0,-1.5,{1 << 31 | 0xFF << 8 | 2 << 16 | 3 << 18}\n"),
    ("4", "0", "-1,0,0", "-1.5",
     f"4,0,0,0.25,0,0,-1.5,{1 << 31 | 0xFF | 3 << 16 | 2 << 18}\n"),
    ("0", "5", "1,0,0", "-0.25",
     f"0,5,0,0.875,0,0,-0.25,{1 << 31 | 0xFF | 0xFF << 8 | 3 << 16 | 3 << 18}\n"),
]
PAIRS3D = HEADER + "".join(rows for *_, rows in PAIRS3D_HITS)


def rows_of(text):
    return list(csv.DictReader(io.StringIO(text)))


def expect_consistent(scene):
    """Joined to the plain CSV by (a, b), which must name each pair once:
    every hit has one to four rows, numbered from 0, each point 0 or
    deeper but no deeper than the pair's separation, with a decimal id
    that fits 32 bits; the pairs' rows come in the plain CSV's order; no
    other row. Returns the output and the plain CSV's rows by (a, b)."""
    plain = rows_of(check(scene))
    place = {}
    for i, result in enumerate(plain):
        if place.setdefault((result["a"], result["b"]), i) != i:
            fail(f"{scene}: pair {result['a']},{result['b']} answered twice: rows cannot be joined")
    by_shapes = {(r["a"], r["b"]): r for r in plain}
    text = check(scene, "--manifolds")
    if not text.startswith(HEADER):
        fail(f"{scene}: header {text.splitlines()[:1]}")
        return text, by_shapes
    by_pair = {}
    order = []
    for row in rows_of(text):
        key = (row["a"], row["b"])
        by_pair.setdefault(key, []).append(row)
        order.append(place.get(key, -1))
    if order != sorted(order):
        fail(f"{scene}: rows not in pair order")
    for result in plain:
        key = (result["a"], result["b"])
        name = ",".join(key)
        points = by_pair.pop(key, [])
        if result["hit"] == "0":
            if points:
                fail(f"{scene}: pair {name} is no hit but has {len(points)} point(s)")
            continue
        if not 1 <= len(points) <= 4:
            fail(f"{scene}: pair {name} is a hit with {len(points)} points")
        deepest = float(result["separation"])
        for k, row in enumerate(points):
            if row["point"] != str(k):
                fail(f"{scene}: pair {name}: point {row['point']} in place {k}")
            separation = float(row["separation"])
            if separation > 0:
                fail(f"{scene}: pair {name} point {k} apart: {row['separation']}")
            if separation < deepest - 1e-6 * max(1.0, abs(deepest)):
                fail(f"{scene}: pair {name} point {k} at {row['separation']}, deeper than the "
                     f"pair's separation {result['separation']}")
            if not re.fullmatch(r"0|[1-9][0-9]*", row["id"]) or int(row["id"]) >= 1 << 32:
                fail(f"{scene}: pair {name} point {k}: id {row['id']}")
    if by_pair:
        fail(f"{scene}: rows for pairs {sorted(by_pair)}, which the plain CSV does not have")
    return text, by_shapes


def expect_points(scene, rows, pair, want):
    """The points of pair (a, b), in order, within 1e-6 of want's (x, y,
    z, separation), and their ids' fields (reference face, incident face,
    owner), from the plain rows of the CSV."""
    got = [r for r in rows if (r["a"], r["b"]) == pair]
    name = ",".join(pair)
    if len(got) != len(want):
        fail(f"{scene}: pair {name}: {len(got)} points, expected {len(want)}")
        return
    for k, (row, (x, y, z, sep, face, incident, owner)) in enumerate(zip(got, want)):
        values = [float(row[c]) for c in ("x", "y", "z", "separation")]
        if any(abs(v - w) > 1e-6 for v, w in zip(values, (x, y, z, sep))):
            fail(f"{scene}: pair {name} point {k}: {values}, expected {[x, y, z, sep]}")
        if not row["id"].isdigit():
            fail(f"{scene}: pair {name} point {k}: id {row['id']}")
            continue
        fid = int(row["id"])
        if (fid & 0xFF, fid >> 8 & 0xFF, fid >> 28 & 1, fid >> 31) != (face, incident, owner, 0):
            fail(f"{scene}: pair {name} point {k}: id {row['id']}, expected face {face} of "
                 f"{'AB'[owner]} against {incident}")


def backends():
    run = subprocess.run([*wrapper, exe, "version"], capture_output=True, text=True, check=True)
    line = next(l for l in run.stdout.splitlines() if l.startswith("backends:"))
    return line.split("(")[0].split()[1:]  # "backends: NAME... (fastest: NAME)"


got, plain = expect_consistent("pairs3d.scene")
if got != PAIRS3D:
    fail(f"pairs3d.scene --manifolds:\n{got}expected:\n{PAIRS3D}")
for a, b, normal, separation, _ in PAIRS3D_HITS:
    result = plain.get((a, b))
    if result is None:
        fail(f"pairs3d.scene: pair {a},{b} missing from the plain CSV")
        continue
    values = (result["hit"], ",".join(result[c] for c in ("nx", "ny", "nz")), result["separation"])
    if values != ("1", normal, separation):
        fail(f"pairs3d.scene: pair {a},{b}: hit, normal, separation {values}, expected "
             f"{('1', normal, separation)}")
outputs = {"pairs3d.scene": got, "hulls3d.scene": expect_consistent("hulls3d.scene")[0]}
# hulls3d.scene (see the file). Pair 0 1: the capsule's segment (0xFF)
# crosses the tetrahedron's face y = 0 (face 1) from z = 0 to x + z = 2,
# and its surface reaches 0.75 past the face: two points at y = 0.375.
# Pair 0 2 is apart. Pair 1 3: the segment lies in a side plane of the box's
# face -y (B's face 3), so where rounding clips it is rounding's; the end
# at the face's top edge z = 1.5 is not. Pair 0 3: of the box's face -x
# (1) only the corner (0.5, 0.5, 0.5) lies below the slanted face (3),
# 0.2887 deep: one point moved up by half that along the normal.
hulls = rows_of(outputs["hulls3d.scene"])
expect_points("hulls3d.scene", hulls, ("0", "1"),
              [(0.5, 0.375, 0, -0.75, 1, 0xFF, 0), (0.5, 0.375, 1.5, -0.75, 1, 0xFF, 0)])
end_of_1_3 = [r for r in hulls if (r["a"], r["b"], r["point"]) != ("1", "3", "0")]
expect_points("hulls3d.scene", end_of_1_3, ("1", "3"), [(0.5, 0.625, 1.5, -0.25, 3, 0xFF, 1)])
deep = 2 / 3 ** 0.5 - 1.5 / 3 ** 0.5
corner = 0.5 + deep / 2 / 3 ** 0.5
expect_points("hulls3d.scene", hulls, ("0", "3"), [(corner, corner, corner, -deep, 3, 1, 0)])
for name in backends():
    for scene, want in outputs.items():
        if check(scene, "--manifolds", "--backend", name) != want:
            fail(f"{scene} --manifolds --backend {name} differs from the default backend's")

print(f"check --manifolds (3D): {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
