#!/usr/bin/env python3
"""`sepax check --manifolds` on the 3D scene files of tests/data.

pairs3d.scene's contact points are worked by hand below; for it and
hulls3d.scene every hit of the plain CSV has one to four rows carrying its
normal and separation, a pair that is no hit has none, and every backend
this machine runs prints the same bytes. Usage: check_manifolds3.py SEPAX
DATA_DIR. Exits 1 when a check fails."""
import csv
import io
import os
import re
import subprocess
import sys

exe, data = os.path.abspath(sys.argv[1]), sys.argv[2]
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def check(*args):
    """The tool's standard output, run in DATA_DIR; a failure when it exits
    other than 0 or says anything on stderr."""
    run = subprocess.run([exe, "check", *args], cwd=data, capture_output=True, text=True)
    if run.returncode != 0 or run.stderr:
        fail(f"check {' '.join(args)}: exit {run.returncode}, stderr: {run.stderr!r}")
    return run.stdout


HEADER = "pair,a,b,nx,ny,nz,separation,point,x,y,z,point_separation,id\n"


def corners(pair, a, b, normal, separation, points, face, incident):
    """A's face (the reference) against B's face, whose four corners are
    the points in its loop's order: position k on B's loop, 63 on A's."""
    rows = ""
    for k, p in enumerate(points):
        fid = face | incident << 8 | k << 16 | 63 << 22
        rows += f"{pair},{a},{b},{normal},{separation},{k},{p},{separation},0x{fid:08x}\n"
    return rows


# pairs3d.scene (cubes of half 1; see the file). Pair 0: B's face 1 (-x,
# loop 0 4 6 2: corners (-1,-1,-1) (-1,-1,1) (-1,1,1) (-1,1,-1)) lies 0.25
# inside A's face 0 (+x) at x = 0.75, so the points sit at x = 0.875 on
# the reference face's four sides. Pair 1 is the same seen from cube 1:
# its face 1 (-x) against cube 0's face 0 (loop 1 3 7 5). Pair 2: cube 2's
# face 5 (-z, loop 0 2 3 1) resting on A's face 4 (+z) at z = 1.
# Pair 3 is apart. Pairs 4 and 5: a sphere inside cube 0 nearest its +x
# face: one lone point midway between the face (x = 1) and the sphere's
# far side (x = -0.5), at x = 0.25; the face is 2 (a face), the sphere's
# feature none (0xFF, 3). Pair 6: the sphere's centre outside the box,
# 0.25 through its +x face: a points answer, which names no feature on
# either side (0xFF, 3 each); the point lies midway between the face and
# the sphere's surface (x = 0.75).
PAIRS3D = (
    HEADER
    + corners(0, 0, 1, "1,0,0", -0.25,
              ["0.875,-1,-1", "0.875,-1,1", "0.875,1,1", "0.875,1,-1"], 0, 1)
    + corners(1, 1, 0, "-1,0,0", -0.25,
              ["0.875,-1,-1", "0.875,1,-1", "0.875,1,1", "0.875,-1,1"], 1, 0)
    + corners(2, 0, 2, "0,0,1", 0, ["-1,-1,1", "-1,1,1", "1,1,1", "1,-1,1"], 4, 5)
    + f"4,0,4,1,0,0,-1.5,0,0.25,0,0,-1.5,0x{1 << 31 | 0xFF << 8 | 2 << 16 | 3 << 18:08x}\n"
    + f"5,4,0,-1,0,0,-1.5,0,0.25,0,0,-1.5,0x{1 << 31 | 0xFF | 3 << 16 | 2 << 18:08x}\n"
    + "6,0,5,1,0,0,-0.25,0,0.875,0,0,-0.25,0x800fffff\n"
)


def rows_of(text):
    return list(csv.DictReader(io.StringIO(text)))


def expect_consistent(scene):
    """Every hit of the plain CSV has one to four rows, numbered from 0, with
    its shapes, normal and separation, each point 0 or deeper and an id
    of eight hex digits; no other row."""
    plain = rows_of(check(scene))
    text = check(scene, "--manifolds")
    if not text.startswith(HEADER):
        fail(f"{scene}: header {text.splitlines()[:1]}")
        return text
    by_pair = {}
    for row in rows_of(text):
        by_pair.setdefault(int(row["pair"]), []).append(row)
    if list(by_pair) != sorted(by_pair):
        fail(f"{scene}: rows not in pair order")
    for i, result in enumerate(plain):
        points = by_pair.pop(i, [])
        if result["hit"] == "0":
            if points:
                fail(f"{scene}: pair {i} is no hit but has {len(points)} point(s)")
            continue
        if not 1 <= len(points) <= 4:
            fail(f"{scene}: pair {i} is a hit with {len(points)} points")
        for k, row in enumerate(points):
            for key in ("a", "b", "nx", "ny", "nz", "separation"):
                if row[key] != result[key]:
                    fail(f"{scene}: pair {i} point {k}: {key} {row[key]}, plain CSV {result[key]}")
            if row["point"] != str(k):
                fail(f"{scene}: pair {i}: point {row['point']} in place {k}")
            if float(row["point_separation"]) > 0:
                fail(f"{scene}: pair {i} point {k} apart: {row['point_separation']}")
            if not re.fullmatch(r"0x[0-9a-f]{8}", row["id"]):
                fail(f"{scene}: pair {i} point {k}: id {row['id']}")
    if by_pair:
        fail(f"{scene}: rows for pairs {sorted(by_pair)}, which the plain CSV does not have")
    return text


def expect_points(scene, rows, pair, want):
    """The pair's points, in order, within 1e-6 of want's (x, y, z,
    separation), and their ids' fields (reference face, incident face,
    owner), from the plain rows of the CSV."""
    got = [r for r in rows if r["pair"] == str(pair)]
    if len(got) != len(want):
        fail(f"{scene}: pair {pair}: {len(got)} points, expected {len(want)}")
        return
    for k, (row, (x, y, z, sep, face, incident, owner)) in enumerate(zip(got, want)):
        values = [float(row[c]) for c in ("x", "y", "z", "point_separation")]
        if any(abs(v - w) > 1e-6 for v, w in zip(values, (x, y, z, sep))):
            fail(f"{scene}: pair {pair} point {k}: {values}, expected {[x, y, z, sep]}")
        fid = int(row["id"], 16)
        if (fid & 0xFF, fid >> 8 & 0xFF, fid >> 28 & 1, fid >> 31) != (face, incident, owner, 0):
            fail(f"{scene}: pair {pair} point {k}: id {row['id']}, expected face {face} of "
                 f"{'AB'[owner]} against {incident}")


def backends():
    run = subprocess.run([exe, "version"], capture_output=True, text=True, check=True)
    line = next(l for l in run.stdout.splitlines() if l.startswith("backends:"))
    return line.split("(")[0].split()[1:]  # "backends: NAME... (fastest: NAME)"


got = expect_consistent("pairs3d.scene")
if got != PAIRS3D:
    fail(f"pairs3d.scene --manifolds:\n{got}expected:\n{PAIRS3D}")
outputs = {"pairs3d.scene": got, "hulls3d.scene": expect_consistent("hulls3d.scene")}
# hulls3d.scene (see the file). Pair 0: the capsule's segment (0xFF)
# crosses the tetrahedron's face y = 0 (face 1) from z = 0 to x + z = 2,
# and its surface reaches 0.75 past the face: two points at y = 0.375.
# Pair 1 is apart. Pair 2: the segment lies in a side plane of the box's
# face -y (B's face 3), so where rounding clips it is rounding's; the end
# at the face's top edge z = 1.5 is not. Pair 3: of the box's face -x
# (1) only the corner (0.5, 0.5, 0.5) lies below the slanted face (3),
# 0.2887 deep: one point moved up by half that along the normal.
hulls = rows_of(outputs["hulls3d.scene"])
expect_points("hulls3d.scene", hulls, 0,
              [(0.5, 0.375, 0, -0.75, 1, 0xFF, 0), (0.5, 0.375, 1.5, -0.75, 1, 0xFF, 0)])
expect_points("hulls3d.scene", [r for r in hulls if r["pair"] != "2" or r["point"] == "1"], 2,
              [(0.5, 0.625, 1.5, -0.25, 3, 0xFF, 1)])
deep = 2 / 3 ** 0.5 - 1.5 / 3 ** 0.5
corner = 0.5 + deep / 2 / 3 ** 0.5
expect_points("hulls3d.scene", hulls, 3, [(corner, corner, corner, -deep, 3, 1, 0)])
for name in backends():
    for scene, want in outputs.items():
        if check(scene, "--manifolds", "--backend", name) != want:
            fail(f"{scene} --manifolds --backend {name} differs from the default backend's")

print(f"check --manifolds (3D): {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
