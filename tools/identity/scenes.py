#!/usr/bin/env python3
"""Seeded scene files with every shape kind, 2D and 3D, packed so that the
broadphase finds many pairs: the inputs of tools/identity/compare.sh.

Usage: scenes.py OUT_DIR"""
import math
import os
import random
import sys


def poly(rng, cx, cy, s):
    n = rng.randint(3, 12)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    # points on an ellipse, in angle order, are convex
    e = rng.uniform(0.3, 1.0)
    pts = [(cx + s * math.cos(a), cy + e * s * math.sin(a)) for a in angles]
    return "poly " + "  ".join(f"{x:.6g} {y:.6g}" for x, y in pts)


def scene2(rng, n, spread):
    lines = []
    for _ in range(n):
        cx, cy = rng.uniform(-spread, spread), rng.uniform(-spread, spread)
        s = rng.uniform(0.2, 1.5)
        k = rng.randrange(7)
        if k == 0:
            lines.append(poly(rng, cx, cy, s))
        elif k == 1:
            lines.append(f"box {cx:.6g} {cy:.6g} {s:.6g} {s * rng.uniform(0.1, 1):.6g} {rng.uniform(-3, 3):.6g}")
        elif k == 2:
            lines.append(f"circle {cx:.6g} {cy:.6g} {s:.6g}")
        elif k == 3:
            a = rng.uniform(0, 6.3)
            lines.append(f"capsule {cx:.6g} {cy:.6g} {cx + s * math.cos(a):.6g} {cy + s * math.sin(a):.6g} {s * 0.3:.6g}")
        elif k == 4:
            a = rng.uniform(0, 6.3)
            lines.append(f"segment {cx:.6g} {cy:.6g} {cx + s * math.cos(a):.6g} {cy + s * math.sin(a):.6g}")
        elif k == 5:
            lines.append(poly(rng, cx, cy, s * 0.7) + f" radius {s * 0.2:.6g}")
        else:
            lines.append(f"circle {cx:.6g} {cy:.6g} {s * 0.05:.6g}")
    return lines


def quat(rng):
    q = [rng.gauss(0, 1) for _ in range(4)]
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def scene3(rng, n, spread):
    lines = []
    for _ in range(n):
        c = [rng.uniform(-spread, spread) for _ in range(3)]
        s = rng.uniform(0.2, 1.5)
        k = rng.randrange(4)
        if k == 0:
            h = [s * rng.uniform(0.1, 1) for _ in range(3)]
            q = quat(rng)
            lines.append("box3 " + " ".join(f"{v:.6g}" for v in c + h + q))
        elif k == 1:
            lines.append("sphere " + " ".join(f"{v:.6g}" for v in c + [s]))
        elif k == 2:
            d = [rng.gauss(0, 1) for _ in range(3)]
            m = math.sqrt(sum(v * v for v in d))
            e = [c[i] + s * d[i] / m for i in range(3)]
            lines.append("capsule3 " + " ".join(f"{v:.6g}" for v in c + e + [s * 0.3]))
        else:
            pts = []
            for _ in range(rng.randint(4, 24)):
                d = [rng.gauss(0, 1) for _ in range(3)]
                m = math.sqrt(sum(v * v for v in d))
                pts += [c[i] + s * d[i] / m * (1, 0.6, 0.8)[i] for i in range(3)]
            lines.append("hull " + " ".join(f"{v:.6g}" for v in pts))
    return lines


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for seed, n, spread in ((1, 400, 12), (2, 1500, 30), (3, 200, 4), (4, 800, 9)):
        rng = random.Random(seed)
        with open(f"{out}/mix2d-{seed}.scene", "w") as f:
            f.write("\n".join(scene2(rng, n, spread)) + "\n")
        rng = random.Random(100 + seed)
        with open(f"{out}/mix3d-{seed}.scene", "w") as f:
            f.write("\n".join(scene3(rng, n, spread)) + "\n")


main()
