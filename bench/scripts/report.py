#!/usr/bin/env python3
"""Turn sepax_bench's Google Benchmark JSON into a Markdown table and charts.

usage: report.py BENCH.json [--machine NAME] [--isa ISA] [--results-root DIR]
                 [--out DIR] [--command TEXT] [--source TEXT] [--no-chart]

Writes into DIR (default: RESULTS_ROOT/<machine>-<isa>, RESULTS_ROOT
defaulting to bench/results, beside this script's folder):
  bench.json   the input, without the host name and with the executable's
               path cut to its file name
  table.md     per scene: medians of ns/pair and Mpairs/s, speed relative
               to sepax_scalar and to Box2D (box2d_collide where it ran,
               else box2d_collide_polygons), hits and disagreements with
               the scalar reference; for scenes with round and thin shapes
               also a summary and a table per pair class (which Box2D
               manifold function the pairs need)
  mix.svg      ns per pair of every backend and peer on the mix scene
  circles.svg, mixed_kinds.svg
               the same for those scenes (all pairs)
  scaling.svg  ns per pair against the number of shapes (mix_2k .. mix_2m)
  drift.svg    the drift rows per backend: uncached, cached, floor, manifolds,
               and b2CollidePolygons
  boxes3.svg, stack3.svg, spheres_boxes3.svg, spheres_boxes3-box_box.svg,
  hulls3.svg, mixed3.svg
               the 3D rows (sepax3_* and the 3D peers): ns per pair of
               every backend and peer per 3D scene; table.md then also has
               a 3D section (ns per pair, the best backend's speed-up over
               every peer and over the scalar reference)

A JSON with 3D rows only goes to RESULTS_ROOT/<machine>-<isa>-3d by default.

Only the Python standard library is used; the charts need gnuplot and are
skipped with a message when it is missing.
"""

import argparse
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys

BACKENDS = ["scalar", "generic", "sse2", "avx2", "avx512", "neon"]
PEERS = ["box2d_collide", "box2d_collide_polygons", "box2d_test_overlap", "chipmunk_collide",
         "ccd_gjk", "ccd_mpr_penetration"]
SCENE_ORDER = ["mix", "oct", "big", "boxes", "sparse", "circles", "mixed_kinds",
               "mix_2k", "mix_20k", "mix_200k", "mix_2m"]
# Scenes with a chart of their own (all pairs).
CHART_SCENES = ["mix", "circles", "mixed_kinds"]
# Pair classes of the scenes with round and thin shapes, named after the
# Box2D 2.4 manifold function their pairs need (benchmark names
# SUBJECT/SCENE/CLASS/ORDER).
PAIR_CLASSES = [
    ("circle_circle", "b2CollideCircles"),
    ("polygon_circle", "b2CollidePolygonAndCircle"),
    ("polygon_polygon", "b2CollidePolygons"),
    ("edge_circle", "b2CollideEdgeAndCircle"),
    ("edge_polygon", "b2CollideEdgeAndPolygon"),
    ("edge_edge", "b2TestOverlap (Box2D has no edge-edge contact)"),
]
CLASS_NAMES = [c for c, _ in PAIR_CLASSES]
CLASS_FUNCTION = dict(PAIR_CLASSES)
SCALING = [("mix_2k", 2000), ("mix_20k", 20000), ("mix_200k", 200000), ("mix_2m", 2000000)]
WORLD_SUBJECTS = ["sepax_update", "sepax_broadphase", "sepax_step", "box2d_tree_pairs",
                  "bullet_dbvt_pairs", "ode_sap_pairs"]
# The 3D rows: sepax3_<backend>, the world subjects and the 3D peers
# (bench3.cpp). Names are SUBJECT/SCENE[/box_box]/ORDER; box_box is the
# box-box pairs of spheres_boxes3, the only ones the box-box peers answer.
PEERS3 = [("ode_box_box", "ODE dBoxBox"),
          ("bullet_box_box", "Bullet btBoxBoxDetector"),
          ("fcl_box_box", "FCL collide, Box<double>"),
          ("bullet_hull_sat", "Bullet findSeparatingAxis"),
          ("bullet_gjk_epa", "Bullet btGjkPairDetector + EPA"),
          ("fcl_convex", "FCL collide, Convex<double> etc., with contact"),
          ("ccd_mpr_penetration3", "libccd ccdMPRPenetration"),
          ("ccd_gjk_epa3", "libccd ccdGJKPenetration")]
PEER3_NAMES = [p for p, _ in PEERS3]
# The broadphase peers on the same 3D boxes (peer_broadphase.cpp) are
# listed with them, per shape.
WORLD3_SUBJECTS = ["sepax3_world", "sepax3_broadphase", "bullet_dbvt3_pairs", "ode_sap3_pairs", "sepax3_step"]
SCENES3 = ["boxes3", "stack3", "spheres_boxes3", "spheres_boxes3/box_box", "hulls3", "hulls3_4to8",
           "hulls3_9to16", "hulls3_17to32", "mixed3"]
# The hull pair test with and without the Gauss-map pruning (bench3.cpp,
# unpruned3.c): sepax3_pruned[_<width>] and sepax3_unpruned[_<width>]; the
# same pairs one per lane (tile3.c) and the floor (floor3_hulls.c).
PRUNE3_SUBJECTS = ["sepax3_pruned", "sepax3_unpruned", "sepax3_tile", "sepax3_hull_floor",
                   "sepax3_pruned_avx2", "sepax3_unpruned_avx2", "sepax3_tile_avx2",
                   "sepax3_hull_floor_avx2"]
# The 3D box kernel alone (bench3_floor.cpp): sepax3_floor_<backend>/box_box.
FLOOR3_PREFIX = "sepax3_floor_"
SCRIPT_DIR = os.path.dirname(os.path.abspath(__file__))
BENCH_DIR = os.path.dirname(SCRIPT_DIR)


def is_3d(name):
    """Whether a benchmark name is one of the 3D rows."""
    subject = name.split("/")[0]
    return subject.startswith("sepax3_") or subject in PEER3_NAMES or subject in WORLD3_SUBJECTS


def subject_rank(subject):
    """Sort key: world subjects, sepax backends (collide then hits), peers."""
    if subject in WORLD_SUBJECTS:
        return (0, WORLD_SUBJECTS.index(subject), subject)
    if subject in WORLD3_SUBJECTS:
        return (0, WORLD3_SUBJECTS.index(subject), subject)
    m = re.fullmatch(r"sepax3_([a-z0-9]+)", subject)
    if m and m.group(1) in BACKENDS:
        return (1, BACKENDS.index(m.group(1)), subject)
    if subject in PEER3_NAMES:
        return (2, PEER3_NAMES.index(subject), subject)
    if subject in PRUNE3_SUBJECTS:
        return (3, PRUNE3_SUBJECTS.index(subject), subject)
    m = re.fullmatch(r"sepax_([a-z0-9]+?)(_hits)?", subject)
    if m and m.group(1) in BACKENDS:
        return (1, BACKENDS.index(m.group(1)) * 2 + (1 if m.group(2) else 0), subject)
    if subject in PEERS:
        return (2, PEERS.index(subject), subject)
    return (3, 0, subject)


def scene_rank(key):
    """Sort key for a table: the scene, then its pair classes in order."""
    scene, _, cls = key.partition("/")
    base = SCENE_ORDER.index(scene) if scene in SCENE_ORDER else len(SCENE_ORDER)
    sub = -1 if not cls else CLASS_NAMES.index(cls) if cls in CLASS_NAMES else len(CLASS_NAMES)
    return (base, scene, sub, cls)


def cpu_slug():
    """A short name for this machine: architecture and CPU model, no host name."""
    arch = platform.machine() or "unknown"
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Model", "Hardware") and value.strip():
                    model = value.strip()
                    break
    except OSError:
        pass
    model = model.lower()
    for junk in ("(r)", "(tm)", " cpu ", " processor ", "@"):
        model = model.replace(junk, " ")
    model = re.sub(r"[^a-z0-9]+", "-", model).strip("-")
    return f"{arch}-{model}" if model else arch


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def medians(doc):
    """name -> the median aggregate entry (or the plain run without repetitions)."""
    out = {}
    plain = {}
    for b in doc.get("benchmarks", []):
        name = b.get("run_name") or b.get("name", "")
        if b.get("error_occurred"):
            continue
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                out[name] = b
        else:
            plain.setdefault(name, b)
    for name, b in plain.items():
        out.setdefault(name, b)
    return out


def spreads(doc):
    """name -> coefficient of variation of the CPU time over the repetitions."""
    out = {}
    for b in doc.get("benchmarks", []):
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "cv":
            out[b.get("run_name") or b.get("name", "")] = b.get("cpu_time")
    return out


def skipped(doc):
    """name -> error message of benchmarks that were skipped with an error."""
    out = {}
    for b in doc.get("benchmarks", []):
        if b.get("error_occurred"):
            out[b.get("run_name") or b.get("name", "")] = b.get("error_message", "")
    return out


def split_name(name):
    """(subject, table key, order): the key is the scene, or SCENE/CLASS for
    the benchmarks of one pair class (SUBJECT/SCENE/CLASS/ORDER)."""
    parts = name.split("/")
    subject = parts[0]
    if subject.endswith("_workers") and len(parts) > 2:
        # SUBJECT_workers/SCENE[/ORDER]/N: one subject per worker count
        subject = f"{subject}/{parts[-1]}"
        parts = parts[:-1]
    scene = parts[1] if len(parts) > 1 else ""
    if len(parts) > 3:
        return subject, f"{scene}/{parts[2]}", parts[3]
    order = parts[2] if len(parts) > 2 else ""
    return subject, scene, order


def box2d_base(rows):
    """The Box2D subject the "vs Box2D" column compares with."""
    subjects = {r[0] for r in rows}
    for s in ("box2d_collide", "box2d_collide_polygons"):
        if s in subjects:
            return s
    return None


def fmt(x, digits=3):
    if x is None:
        return "–"
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.{digits - 1}f}" if x >= 1 else f"{x:.{digits}f}"


def fmt_int(x):
    return "–" if x is None else f"{int(round(x)):,}"


def ratio(base, x):
    if base is None or x is None or x == 0:
        return "–"
    return f"{base / x:.2f}×"


def sanitize(doc):
    """Drop what identifies the host or the checkout from the context."""
    ctx = doc.get("context", {})
    ctx.pop("host_name", None)
    if "executable" in ctx:
        ctx["executable"] = os.path.basename(ctx["executable"])
    return doc


def build_rows(med):
    """scene -> list of (subject, order, entry)."""
    scenes = {}
    for name, b in med.items():
        if name.startswith("roofline_"):
            continue
        subject, scene, order = split_name(name)
        scenes.setdefault(scene, []).append((subject, order, b))
    for rows in scenes.values():
        rows.sort(key=lambda r: (subject_rank(r[0]), r[1] != "sweep", r[1]))
    return scenes


def table(doc, med, errors, command, cvs=None, source=None, has_3d=False):
    """The report's head and the 2D tables (med: the 2D rows only)."""
    cvs = cvs or {}
    ctx = doc.get("context", {})
    scenes = build_rows(med)
    lines = []
    lines.append("# sepax benchmark results")
    lines.append("")
    lines.append(f"- sepax {ctx.get('sepax_version', '?')}, backends available: "
                 f"{ctx.get('sepax_backends', '?')} (best: {ctx.get('sepax_best_backend', '?')})")
    if scenes:
        lines.append(f"- peers: {ctx.get('sepax_peers', 'none')}")
    if ctx.get("sepax3_peers") and has_3d:
        lines.append(f"- 3D peers: {ctx['sepax3_peers']}")
    if scenes and ctx.get("sepax_not_run"):
        lines.append(f"- not run: {ctx['sepax_not_run']}")
    caches = ", ".join(f"L{c.get('level')} {c.get('type', '').lower()} {c.get('size', 0) // 1024} KiB"
                       for c in ctx.get("caches", []))
    load = ctx.get("load_avg")
    lines.append(f"- machine: {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz"
                 + (f"; caches: {caches}" if caches else "")
                 + (f"; load average at the start: {', '.join(f'{x:.2f}' for x in load)}"
                    if load else ""))
    lines.append(f"- date: {ctx.get('date', '?')}; Google Benchmark library built as "
                 f"{ctx.get('library_build_type', '?')}")
    if command:
        lines.append(f"- command: `{command}`")
    if source:
        lines.append(f"- library source: {source}")
    lines.append("")
    if not scenes:
        spread = spread_note(cvs)
        if spread:
            lines.append(spread)
            lines.append("")
        return "\n".join(lines) + "\n"
    lines.append("Medians over the repetitions, CPU time. \"speed vs X\" is X's ns/pair "
                 "divided by this row's, in the same pair order (2.00× = twice as fast). "
                 "Hits and disagreements are counted over all candidate pairs; "
                 "disagreements exclude touching pairs (|separation| <= "
                 f"{ctx.get('sepax_touch_relative', '1e-05')} × scale, "
                 "see docs/bench/disagreements.md) and are "
                 "split into +extra hits / −missed hits against sepax's scalar reference.")
    lines.append("")
    noise = noise_check(med)
    if noise:
        lines.append(noise)
        lines.append("")
    spread = spread_note(cvs)
    if spread:
        lines.append(spread)
        lines.append("")

    for scene in sorted(scenes, key=scene_rank):
        rows = scenes[scene]
        any_entry = rows[0][2]
        shapes = any_entry.get("shapes")
        pair_rows = [r[2] for r in rows if r[0] not in WORLD_SUBJECTS]
        pairs = next((b.get("pairs") for b in pair_rows if b.get("pairs") is not None), None)
        ref = next((b for b in pair_rows if b.get("pairs") is not None
                    and not b.get("not_identical") and "not_identical" in b), None)
        touching = next((b.get("touching") for b in pair_rows
                         if b.get("touching") is not None), None)
        base_scene, _, cls = scene.partition("/")
        if cls:
            lines.append(f"### {base_scene}: {cls} pairs ({CLASS_FUNCTION.get(cls, '?')})")
        else:
            lines.append(f"## {scene}")
        lines.append("")
        head = f"{fmt_int(shapes)} shapes"
        drift = next((r[2] for r in rows if r[2].get("pairs_per_step") is not None
                      and r[2].get("apart_share") is not None), None)
        if drift is not None and shapes is None:
            head = (f"mix's shapes drifting by small random steps, "
                    f"{fmt_int(drift['pairs_per_step'])} candidate pairs per step from boxes "
                    f"fattened by {drift.get('margin_share', 0) * 100:.0f}% of the mean "
                    f"diameter, {drift['apart_share'] * 100:.0f}% of them apart; ns per "
                    "candidate pair of a step (bench_drift.cpp)")
        if cls:
            head = f"The {cls} pairs of {base_scene}"
        if pairs is not None:
            head += f", {fmt_int(pairs)} candidate pairs"
            if ref is not None and pairs:
                head += f", {fmt_int(ref.get('hits'))} hits ({ref.get('hits', 0) / pairs:.2f})"
            if touching is not None:
                head += (f", {fmt_int(touching)} touching pair{'' if touching == 1 else 's'} "
                         "left out of disagreement counts")
        lines.append(head + ".")
        lines.append("")
        if not cls and any(k.startswith(scene + "/") for k in scenes):
            lines.extend(class_summary(scene, scenes, ctx))

        world = [r for r in rows if r[0] in WORLD_SUBJECTS]
        if world:
            lines.append("| subject | ns/shape | Mshapes/s | ns/pair | pairs | note |")
            lines.append("|---|---:|---:|---:|---:|---|")
            for subject, _order, b in world:
                ips = b.get("items_per_second")
                note = b.get("label", "")
                if subject == "sepax_step" and note:
                    note = f"collide with {note}"
                lines.append(f"| {subject} | {fmt(b.get('ns_per_shape'))} | "
                             f"{fmt(ips / 1e6 if ips else None)} | "
                             f"{fmt(b.get('ns_per_pair')) if subject == 'sepax_step' else '–'} | "
                             f"{fmt_int(b.get('pairs'))} | {note} |")
            lines.append("")

        collide = [r for r in rows if r[0] not in WORLD_SUBJECTS]
        if collide:
            base = {}
            box = {}
            box_subject = box2d_base(collide)
            for subject, order, b in collide:
                if subject == "sepax_scalar":
                    base[order] = b.get("ns_per_pair")
                if subject == box_subject:
                    box[order] = b.get("ns_per_pair")
            lines.append("| subject | order | ns/pair | Mpairs/s | speed vs scalar | "
                         "speed vs Box2D | hits | disagree | note |")
            lines.append("|---|---|---:|---:|---:|---:|---:|---:|---|")
            for subject, order, b in collide:
                ns = b.get("ns_per_pair")
                ips = b.get("items_per_second")
                dis = b.get("disagree")
                dis_s = fmt_int(dis)
                if dis:
                    dis_s += f" (+{fmt_int(b.get('extra_hits'))}/−{fmt_int(b.get('missed_hits'))})"
                notes = []
                if b.get("not_identical"):
                    notes.append(f"{fmt_int(b['not_identical'])} results not bit-identical "
                                 "to scalar")
                if b.get("reshaped"):
                    notes.append(f"{fmt_int(b['reshaped'])} shapes reshaped by the peer")
                if b.get("skin"):
                    notes.append(f"{fmt_int(b['skin'])} of the disagreements on pairs Box2D "
                                 "approximates (polygon radius as a skin)")
                if b.get("touching_diff"):
                    notes.append(f"{fmt_int(b['touching_diff'])} touching pairs differ")
                cv = cvs.get("/".join([subject, scene, order]) if order else
                             "/".join([subject, scene]))
                if cv is not None and cv > 0.05:
                    notes.append(f"CV {cv * 100:.0f}%")
                lines.append(f"| {subject} | {order} | {fmt(ns)} | "
                             f"{fmt(ips / 1e6 if ips else None)} | {ratio(base.get(order), ns)} | "
                             f"{ratio(box.get(order), ns)} | {fmt_int(b.get('hits'))} | {dis_s} | "
                             f"{'; '.join(notes)} |")
            lines.append("")
        errs = sorted(n for n in errors if split_name(n)[1] == scene)
        for n in errs:
            lines.append(f"- `{n}` skipped: {errors[n]}")
        if errs:
            lines.append("")

    scaling = scaling_series(med)
    if scaling:
        lines.append("## Scaling (ns/pair against shapes)")
        lines.append("")
        lines.append("| subject | order | " + " | ".join(s for s, _ in SCALING) + " |")
        lines.append("|---|---|" + "---:|" * len(SCALING))
        for (subject, order), points in scaling:
            cells = [fmt(points.get(n)) for _, n in SCALING]
            lines.append(f"| {subject} | {order} | " + " | ".join(cells) + " |")
        lines.append("")
    return "\n".join(lines) + "\n"


def table3(ctx, med, errors, cvs):
    """The 3D section (med: the 3D rows only): a summary of the best backend
    against the scalar reference and every peer, then per scene the world
    rows and every collide row in both orders."""
    scenes = build_rows({n: b for n, b in med.items() if not n.startswith(FLOOR3_PREFIX)})
    best = ctx.get("sepax_best_backend", "")
    best_subject = f"sepax3_{best}"
    peer_label = dict(PEERS3)
    lines = ["# 3D", ""]
    lines.append(f"Medians over the repetitions, CPU time. `{best_subject}` is the best "
                 "backend on this machine (what a store uses by default). \"{0} ×\" is a "
                 "row's ns/pair divided by {0}'s in the same scene and order: how many times "
                 "faster the best backend is than that row. \"speed vs scalar\" is the "
                 "scalar reference's ns/pair divided by the row's. The box-box peers run on "
                 "every pair of `boxes3` and `stack3`, and on the box-box pairs of "
                 "`spheres_boxes3` (`spheres_boxes3/box_box`, which every sepax backend runs "
                 "too); the peers that answer every kind on every pair of `hulls3` and "
                 "`mixed3` (and `ccd_mpr_penetration3` on every scene), "
                 "`bullet_hull_sat` on `hulls3` only. Disagreements are hit/no-hit differences from the scalar "
                 "reference beyond the touching band (|separation| <= "
                 f"{ctx.get('sepax3_touch_relative', '1e-04')} × the sum of both shapes' "
                 "half extents), split into +extra hits / −missed hits; differences inside "
                 "the band are noted apart.".format(best))
    lines.append("")

    # Summary, sweep order: one column per scene with peers.
    keys = [k for k in SCENES3 if k in scenes and any(r[0] in PEER3_NAMES for r in scenes[k])]
    if keys:
        by = {k: {(sub, o): b for sub, o, b in scenes[k]} for k in keys}
        subjects = ["sepax3_scalar", best_subject] + PEER3_NAMES
        lines.append(f"Summary, sweep order: ns per pair, and in brackets how many times "
                     f"faster `{best_subject}` is.")
        lines.append("")
        lines.append("| subject | " + " | ".join(f"{k} ns/pair" for k in keys) + " |")
        lines.append("|---|" + "---:|" * len(keys))
        for sub in subjects:
            cells = []
            for k in keys:
                b = by[k].get((sub, "sweep"))
                base = by[k].get((best_subject, "sweep"), {}).get("ns_per_pair")
                ns = b.get("ns_per_pair") if b else None
                cell = fmt(ns)
                if ns is not None and base and sub != best_subject:
                    cell += f" ({ns / base:.1f}×)"
                cells.append(cell)
            if all(c == "–" for c in cells):
                continue
            label = f"{sub} ({peer_label[sub]})" if sub in peer_label else sub
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
        lines.append("")

    for scene in sorted(scenes, key=lambda k: (SCENES3.index(k) if k in SCENES3 else 99, k)):
        rows = scenes[scene]
        pair_rows = [r[2] for r in rows if r[0] not in WORLD3_SUBJECTS]
        shapes = rows[0][2].get("shapes")
        pairs = next((b.get("pairs") for b in pair_rows if b.get("pairs") is not None), None)
        ref = next((b for b in pair_rows if "not_identical" in b
                    and not b.get("not_identical")), None)
        touching = next((b.get("touching") for b in pair_rows
                         if b.get("touching") is not None), None)
        base_scene, _, part = scene.partition("/")
        lines.append(f"## {base_scene}: box-box pairs only" if part else f"## {scene}")
        lines.append("")
        head = f"{fmt_int(shapes)} shapes"
        if pairs is not None:
            head += f", {fmt_int(pairs)} candidate pairs"
            if ref is not None and pairs:
                head += f", {fmt_int(ref.get('hits'))} hits ({ref.get('hits', 0) / pairs:.2f})"
            if touching is not None:
                head += f", {fmt_int(touching)} in the touching band"
        lines.append(head + ".")
        lines.append("")

        world = [r for r in rows if r[0] in WORLD3_SUBJECTS]
        if world:
            lines.append("| subject | ns/shape | Mshapes/s | pairs | backend or library |")
            lines.append("|---|---:|---:|---:|---|")
            for subject, _order, b in world:
                ips = b.get("items_per_second")
                lines.append(f"| {subject} | {fmt(b.get('ns_per_shape'))} | "
                             f"{fmt(ips / 1e6 if ips else None)} | {fmt_int(b.get('pairs'))} | "
                             f"{b.get('label', '')} |")
            lines.append("")

        collide = [r for r in rows if r[0] not in WORLD3_SUBJECTS]
        if collide:
            scalar = {o: b.get("ns_per_pair") for sub, o, b in collide if sub == "sepax3_scalar"}
            fast = {o: b.get("ns_per_pair") for sub, o, b in collide if sub == best_subject}
            lines.append(f"| subject | order | ns/pair | Mpairs/s | {best} × | speed vs scalar | "
                         "hits | disagree | note |")
            lines.append("|---|---|---:|---:|---:|---:|---:|---:|---|")
            for subject, order, b in collide:
                ns = b.get("ns_per_pair")
                ips = b.get("items_per_second")
                dis = b.get("disagree")
                dis_s = fmt_int(dis)
                if dis:
                    dis_s += f" (+{fmt_int(b.get('extra_hits'))}/−{fmt_int(b.get('missed_hits'))})"
                notes = []
                if b.get("not_identical"):
                    notes.append(f"{fmt_int(b['not_identical'])} results not bit-identical "
                                 "to scalar")
                if b.get("touching_diff"):
                    notes.append(f"{fmt_int(b['touching_diff'])} differ in the touching band")
                cv = cvs.get("/".join([subject, scene, order]))
                if cv is not None and cv > 0.05:
                    notes.append(f"CV {cv * 100:.0f}%")
                label = f"{subject} ({peer_label[subject]})" if subject in peer_label else subject
                lines.append(f"| {label} | {order} | {fmt(ns)} | "
                             f"{fmt(ips / 1e6 if ips else None)} | "
                             f"{ratio(ns, fast.get(order)) if subject != best_subject else '1.00×'} | "
                             f"{ratio(scalar.get(order), ns)} | {fmt_int(b.get('hits'))} | "
                             f"{dis_s} | {'; '.join(notes)} |")
            lines.append("")
        errs = sorted(n for n in errors if split_name(n)[1] == scene)
        for n in errs:
            lines.append(f"- `{n}` skipped: {errors[n]}")
        if errs:
            lines.append("")
    lines.extend(prune3_table(med))
    lines.extend(floor3_table(med))
    return "\n".join(lines) + "\n"


def prune3_table(med):
    """The hull pair test with and without the Gauss-map pruning."""
    rows = {}
    for name, b in med.items():
        subject, scene, order = (name.split("/") + ["", ""])[:3]
        if subject in PRUNE3_SUBJECTS:
            rows[(subject, scene, order)] = b.get("ns_per_pair")
    if not rows:
        return []
    head = ["## What the Gauss-map pruning saves", "",
             "`sepax3_pruned` and `sepax3_unpruned`: the library's polyhedron pair test "
             "built again in the bench with and without the Gauss-map test on edge pairs "
             "(every edge pair measured by projecting every vertex of both hulls), at one "
             "lane (as the scalar reference) and, `_avx2`, at avx2's width; the same pairs "
             "and loop. ns per pair.", "",
             "| width | scene | order | pruned | unpruned | unpruned / pruned |",
             "|---|---|---|---:|---:|---:|"]
    lines = []
    for (subject, scene, order), ns in sorted(rows.items()):
        if not subject.startswith("sepax3_pruned"):
            continue
        width = subject[len("sepax3_pruned"):].lstrip("_") or "one lane"
        other = rows.get((subject.replace("pruned", "unpruned", 1), scene, order))
        if other is None:
            continue
        lines.append(f"| {width} | {scene} | {order} | {fmt(ns)} | {fmt(other)} | "
                     f"{ratio(other, ns)} |")
    lines = head + lines + [""] if lines else []
    lanes = ["## Which way to fill lanes, and the floor", "",
              "`sepax3_pruned`: one pair's faces and edge pairs across the lanes (the "
              "library's way); `sepax3_tile`: one pair per lane, a tile's hulls read at its "
              "largest count (bench/floors/tile3.c, bit-identical results); `sepax3_hull_floor`: "
              "frames, B's vertices placed in A's frame and A's face query, the least any "
              "pair's answer needs (bench/floors/floor3_hulls.c). ns per pair.", "",
              "| width | scene | faces and edges in lanes | pairs in lanes | "
              "pairs / faces | floor | floor / faces |",
              "|---|---|---:|---:|---:|---:|---:|"]
    body = []
    for (subject, scene, order), ns in sorted(rows.items()):
        if not subject.startswith("sepax3_pruned"):
            continue
        tile = rows.get((subject.replace("pruned", "tile", 1), scene, order))
        floor = rows.get((subject.replace("pruned", "hull_floor", 1), scene, order))
        if tile is None and floor is None:
            continue
        width = subject[len("sepax3_pruned"):].lstrip("_") or "one lane"
        body.append(f"| {width} | {scene} | {fmt(ns)} | {fmt(tile)} | {ratio(tile, ns)} | "
                    f"{fmt(floor)} | {ratio(floor, ns)} |")
    if body:
        lines += lanes + body + [""]
    return lines


def floor3_table(med):
    """The 3D box kernel alone against the boxes3 rows, per backend."""
    floors = {}
    for name, b in med.items():
        subject = name.split("/")[0]
        if subject.startswith(FLOOR3_PREFIX):
            floors[subject[len(FLOOR3_PREFIX):]] = b.get("ns_per_pair")
    if not floors:
        return []
    lines = ["## The 3D box kernel alone", "",
             "`sepax3_floor_<backend>/box_box`: the backend's box-box kernel on pairs whose "
             "records stay in L1, with no pair list, id checks or cache misses "
             "(bench/floors/floor3.c), against the same backend's `boxes3` row in sweep order. "
             "ns per pair.", "",
             "| backend | kernel alone | boxes3 sweep | boxes3 / kernel |",
             "|---|---:|---:|---:|"]
    for backend in sorted(floors, key=lambda k: BACKENDS.index(k) if k in BACKENDS else 99):
        row = med.get(f"sepax3_{backend}/boxes3/sweep", {}).get("ns_per_pair")
        lines.append(f"| {backend} | {fmt(floors[backend])} | {fmt(row)} | "
                     f"{ratio(row, floors[backend])} |")
    lines.append("")
    return lines


def class_summary(scene, scenes, ctx):
    """One line per pair class of a scene: sepax (scalar and best backend)
    against the Box2D function those pairs need, sweep order."""
    best = ctx.get("sepax_best_backend", "")
    best_subject = f"sepax_{best}" if best else None
    out = []
    out.append(f"By pair class (sweep order; the tables below give every backend and both "
               f"orders). Box2D runs the function named; speed is Box2D's ns/pair divided "
               f"by sepax's.")
    out.append("")
    out.append(f"| class | Box2D function | pairs | hits | sepax_scalar ns/pair | "
               f"{best_subject or 'best backend'} ns/pair | Box2D ns/pair | "
               f"{best or 'best'} speed vs Box2D | Box2D disagree |")
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for cls in CLASS_NAMES:
        rows = scenes.get(f"{scene}/{cls}")
        if not rows:
            continue
        by = {(s, o): b for s, o, b in rows}
        scalar = by.get(("sepax_scalar", "sweep"), {})
        fast = by.get((best_subject, "sweep"), {}) if best_subject else {}
        box = by.get(("box2d_collide", "sweep"), {})
        any_row = scalar or fast or box
        dis = box.get("disagree")
        dis_s = fmt_int(dis)
        if dis:
            dis_s += f" (+{fmt_int(box.get('extra_hits'))}/−{fmt_int(box.get('missed_hits'))})"
        ref_hits = scalar.get("hits") if scalar else None
        out.append(f"| {cls} | {CLASS_FUNCTION[cls]} | {fmt_int(any_row.get('pairs'))} | "
                   f"{fmt_int(ref_hits)} | {fmt(scalar.get('ns_per_pair'))} | "
                   f"{fmt(fast.get('ns_per_pair'))} | {fmt(box.get('ns_per_pair'))} | "
                   f"{ratio(box.get('ns_per_pair'), fast.get('ns_per_pair'))} | {dis_s} |")
    out.append("")
    return out


def spread_note(cvs):
    """How much the repetitions of this run varied (CV of the CPU time)."""
    values = sorted(v for v in cvs.values() if v is not None)
    if not values:
        return ""
    mid = values[len(values) // 2]
    return (f"Spread: the coefficient of variation of the CPU time over the repetitions is "
            f"{mid * 100:.1f}% for the median benchmark, at most {values[-1] * 100:.0f}%; "
            "rows above 5% say so in their note.")


def noise_check(med):
    """mix and mix_20k are the same scene: how far apart are their medians?"""
    diffs = []
    for name, b in med.items():
        subject, scene, order = split_name(name)
        if scene != "mix" or subject in WORLD_SUBJECTS:
            continue
        other = med.get("/".join([subject, "mix_20k", order]))
        x, y = b.get("ns_per_pair"), other.get("ns_per_pair") if other else None
        if x and y:
            diffs.append(abs(x - y) / min(x, y) * 100)
    if not diffs:
        return ""
    diffs.sort()
    mid = diffs[len(diffs) // 2]
    return (f"Noise check: `mix` and `mix_20k` are the same scene and pairs, measured at "
            f"different times of the run; their ns/pair differ by {mid:.0f}% (median over "
            f"{len(diffs)} subjects), at most {diffs[-1]:.0f}%. Differences smaller than "
            "that between rows of this run are not meaningful.")


# The stages of a step drawn on the scaling chart, per candidate pair.
STEP_STAGES = ["sepax_update", "sepax_broadphase", "sepax_step"]


def scaling_series(med):
    """[((subject, order), {shapes: ns_per_pair})] for the mix_* scenes: the
    collide rows, and the step with its update and broadphase stages (their
    ns per shape turned into ns per candidate pair of the scene)."""
    series = {}
    shapes_of = dict(SCALING)
    pairs_of = {}
    for name, b in med.items():
        _, scene, _ = split_name(name)
        if scene in shapes_of and b.get("pairs"):
            pairs_of[scene] = b["pairs"]
    for name, b in med.items():
        subject, scene, order = split_name(name)
        if scene not in shapes_of or subject.endswith("_hits"):
            continue
        if subject in WORLD_SUBJECTS and subject not in STEP_STAGES:
            continue
        ns = b.get("ns_per_pair")
        if ns is None and b.get("ns_per_shape") is not None and pairs_of.get(scene):
            ns = b["ns_per_shape"] * shapes_of[scene] / pairs_of[scene]
        if ns is None:
            continue
        series.setdefault((subject, order), {})[shapes_of[scene]] = ns
    out = [(k, v) for k, v in series.items() if len(v) >= 2]
    out.sort(key=lambda kv: (subject_rank(kv[0][0]), kv[0][1] != "sweep"))
    return out


def gnuplot_quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def run_gnuplot(script, what):
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except subprocess.CalledProcessError as e:
        print(f"report.py: gnuplot failed on {what}:\n{e.stderr}", file=sys.stderr)
        return False
    return True


def chart_scene(med, scene, path, title):
    rows = {}
    for name, b in med.items():
        subject, sc, order = split_name(name)
        if (sc != scene or subject in WORLD_SUBJECTS or subject in WORLD3_SUBJECTS
                or b.get("ns_per_pair") is None):
            continue
        rows.setdefault(subject, {})[order] = b["ns_per_pair"]
    if not rows:
        return False
    subjects = sorted(rows, key=subject_rank)
    data = "\n".join(
        f"{gnuplot_quote(s)} {rows[s].get('sweep', '?')} {rows[s].get('random', '?')}"
        for s in subjects)
    width = max(800, 60 * len(subjects) + 200)
    values = [v for r in rows.values() for v in r.values() if v and v > 0]
    bottom = 10 ** math.floor(math.log10(min(values) * 0.8)) if values else 1
    script = f"""
set terminal svg size {width},560 font "sans,11" background rgb "white" noenhanced
set output {gnuplot_quote(path)}
set datafile missing "?"
$data << EOD
{data}
EOD
set title {gnuplot_quote(title)}
set ylabel "ns per pair (median, log scale)"
set logscale y
set yrange [{bottom}:*]
set grid ytics
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by 30 right nomirror
set key top left
plot $data using 2:xtic(1) title "sweep order", '' using 3 title "random order"
"""
    return run_gnuplot(script, path)


DRIFT_SERIES = ["hits", "hits_cached", "hits_floor", "manifolds"]


def chart_drift(med, path, title):
    """The drift rows: per backend the uncached call, the cached one, the
    floor (the uncached call on the hit pairs alone) and the manifolds;
    Box2D's b2CollidePolygons beside them."""
    rows = {}
    peer = None
    for name, b in med.items():
        subject, sc, _ = split_name(name)
        if sc != "drift" or b.get("ns_per_pair") is None:
            continue
        if subject == "box2d_collide_polygons":
            peer = b["ns_per_pair"]
            continue
        for series in sorted(DRIFT_SERIES, key=len, reverse=True):
            prefix = "sepax_"
            if subject.startswith(prefix) and subject.endswith("_" + series):
                backend = subject[len(prefix):-len(series) - 1]
                rows.setdefault(backend, {})[series] = b["ns_per_pair"]
                break
    if not rows:
        return False
    backends = sorted(rows, key=lambda k: BACKENDS.index(k) if k in BACKENDS else 99)
    lines = [f"{gnuplot_quote(k)} " + " ".join(str(rows[k].get(x, "?")) for x in DRIFT_SERIES)
             for k in backends]
    if peer is not None:
        lines.append(f"{gnuplot_quote('Box2D')} {peer}" + " ?" * (len(DRIFT_SERIES) - 1))
    labels = {"hits": "uncached (sepax_collide_hits)", "hits_cached": "cached",
              "hits_floor": "floor: hit pairs alone", "manifolds": "manifolds"}
    plots = ", ".join(
        ("$data using 2:xtic(1)" if i == 0 else f"'' using {i + 2}")
        + f" title {gnuplot_quote(labels[x] + (' / b2CollidePolygons' if i == 0 else ''))}"
        for i, x in enumerate(DRIFT_SERIES))
    script = f"""
set terminal svg size 900,560 font "sans,11" background rgb "white" noenhanced
set output {gnuplot_quote(path)}
set datafile missing "?"
$data << EOD
{chr(10).join(lines)}
EOD
set title {gnuplot_quote(title)}
set ylabel "ns per candidate pair (median)"
set yrange [0:*]
set grid ytics
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key top right
plot {plots}
"""
    return run_gnuplot(script, path)


def chart_scaling(med, path, title):
    series = scaling_series(med)
    if not series:
        return False
    blocks = []
    plots = []
    colours = {}
    for i, ((subject, order), points) in enumerate(series):
        block = f"$s{i}"
        rows = "\n".join(f"{n} {points[n]}" for n in sorted(points))
        blocks.append(f"{block} << EOD\n{rows}\nEOD")
        colour = colours.setdefault(subject, len(colours) + 1)
        dash = 1 if order == "sweep" else 2
        plots.append(f"{block} using 1:2 with linespoints lc {colour} dt {dash} pt {colour} "
                     f"title {gnuplot_quote(subject + ' ' + order)}")
    script = f"""
set terminal svg size 1000,560 font "sans,11" background rgb "white" noenhanced
set output {gnuplot_quote(path)}
{chr(10).join(blocks)}
set title {gnuplot_quote(title)}
set xlabel "shapes (log scale)"
set ylabel "ns per pair (median)"
set logscale x
set xrange [1000:4000000]
set xtics ("2k" 2000, "20k" 20000, "200k" 200000, "2M" 2000000)
set yrange [0:*]
set grid
set key outside right top
plot {', '.join(plots)}
"""
    return run_gnuplot(script, path)


def roofline_table(med):
    """The tile kernel alone (roofline_<backend>/<part>/<class>), if it ran."""
    rows = {}
    classes = ["mix"] + [f"m{m}" for m in range(3, 9)]
    for name, b in med.items():
        parts = name.split("/")
        if len(parts) == 3 and parts[0].startswith("roofline_") and parts[2] in classes:
            rows.setdefault((parts[0][len("roofline_"):], parts[1]), {})[parts[2]] = b
    if not rows:
        return ""
    lines = ["## The polygon tile alone",
             "",
             "One tile of pairs whose columns sit in L1, run over and over: no pair "
             "list, no driver, no id checks, no cache misses (bench/floors/roofline.c). "
             "`tile` loads and transposes the columns, runs both face passes and "
             "builds the records; `faces` starts from columns already in lanes. "
             "`mix` weights the size classes m = max(nA, nB) as in mix. ns per pair.",
             "",
             "| backend | part | " + " | ".join(classes) + " |",
             "|---|---|" + "---:|" * len(classes)]
    for (backend, part) in sorted(rows, key=lambda k: (BACKENDS.index(k[0])
                                                       if k[0] in BACKENDS else 99, k[1] != "tile")):
        r = rows[(backend, part)]
        lines.append(f"| {backend} | {part} | "
                     + " | ".join(fmt(r.get(c, {}).get("ns_per_pair")) for c in classes) + " |")
    return "\n".join(lines) + "\n\n"


def round_floor_table(med):
    """The round kernels' tiles alone (roofline_<backend>/tile/<scene>[/<class>],
    bench/floors/round_floor.c) beside the same class's rows in L1 and in sweep
    order, if they ran."""
    lists = {}
    for name in med:
        parts = name.split("/")
        if (parts[0].startswith("roofline_") and len(parts) in (3, 4) and parts[1] == "tile"
                and parts[2] not in (["mix"] + [f"m{m}" for m in range(3, 9)])):
            lists.setdefault("/".join(parts[2:]), set()).add(parts[0][len("roofline_"):])
    if not lists:
        return ""
    backends = [b for b in BACKENDS if any(b in v for v in lists.values())]

    def ns(name):
        return med.get(name, {}).get("ns_per_pair")

    head = ["list"]
    for b in backends:
        head += [f"{b} tile", f"{b} in L1", f"{b} row", f"{b} L1 / tile"]
    lines = ["## The round tiles alone",
             "",
             "The core and circle tiles filled once from the list's first pairs (whole "
             "tiles, at most 96 pairs, columns in L1) and run over and over with no "
             "driver (bench/floors/round_floor.c); beside them the whole collide call on the "
             "list's first 48 pairs repeated (`_l1`, also in L1) and on the list in "
             "sweep order. `L1 / tile` is what the driver (id checks, routing, staging) "
             "costs on top of the tiles. ns per pair.",
             "",
             "| " + " | ".join(head) + " |",
             "|---|" + "---:|" * (len(head) - 1)]
    for lst in sorted(lists):
        cells = [lst]
        for b in backends:
            tile = ns(f"roofline_{b}/tile/{lst}")
            l1 = ns(f"sepax_{b}_l1/{lst}")
            row = ns(f"sepax_{b}/{lst}/sweep")
            ratio = f"{l1 / tile:.2f}" if tile and l1 else "–"
            cells += [fmt(tile), fmt(l1), fmt(row), ratio]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("json", help="Google Benchmark JSON from sepax_bench")
    ap.add_argument("--machine", help="short machine name (default: arch and CPU model)")
    ap.add_argument("--isa", help="ISA part of the directory name (default: the best backend)")
    ap.add_argument("--results-root", default=os.path.join(BENCH_DIR, "results"))
    ap.add_argument("--out", help="output directory (overrides --results-root/<machine>-<isa>)")
    ap.add_argument("--command", help="the command that produced the JSON, for the table")
    ap.add_argument("--source", help="which library source was measured, for the table")
    ap.add_argument("--no-chart", action="store_true")
    args = ap.parse_args()

    doc = sanitize(load(args.json))
    ctx = doc.get("context", {})
    machine = args.machine or cpu_slug()
    isa = args.isa or ctx.get("sepax_best_backend", "unknown")

    med = medians(doc)
    if not med:
        print("report.py: no benchmark results in the JSON", file=sys.stderr)
        return 1
    med2 = {n: b for n, b in med.items() if not is_3d(n)}
    med3 = {n: b for n, b in med.items() if is_3d(n)}
    suffix = "-3d" if med3 and not med2 else ""
    out = args.out or os.path.join(args.results_root, f"{machine}-{isa}{suffix}")
    os.makedirs(out, exist_ok=True)
    errors = skipped(doc)
    errors2 = {n: e for n, e in errors.items() if not is_3d(n)}
    errors3 = {n: e for n, e in errors.items() if is_3d(n)}
    with open(os.path.join(out, "bench.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")

    cvs = spreads(doc)
    text = table(doc, med2, errors2, args.command, cvs, args.source, has_3d=bool(med3))
    text += roofline_table(med2)
    text += round_floor_table(med2)
    if med3:
        text += ("\n" if med2 else "") + table3(ctx, med3, errors3, cvs)
    charts = []
    stale_charts = ([f"{s}.svg" for s in CHART_SCENES] + ["scaling.svg", "drift.svg"]
                    + [f"{s.replace('/', '-')}.svg" for s in SCENES3])
    for stale in stale_charts:
        if os.path.exists(os.path.join(out, stale)):
            os.remove(os.path.join(out, stale))
    if not args.no_chart:
        if shutil.which("gnuplot") is None:
            print("report.py: gnuplot not found; no charts", file=sys.stderr)
        else:
            label = f"{machine}, best backend {isa}"
            for scene in CHART_SCENES:
                svg = os.path.join(out, f"{scene}.svg")
                if chart_scene(med, scene, svg, f"sepax and peers on {scene} ({label})"):
                    charts.append((f"ns per pair on {scene}", f"{scene}.svg"))
            drift_svg = os.path.join(out, "drift.svg")
            if chart_drift(med, drift_svg, f"frame to frame on drift ({label})"):
                charts.append(("ns per candidate pair on drift", "drift.svg"))
            scaling_svg = os.path.join(out, "scaling.svg")
            if chart_scaling(med, scaling_svg, f"ns per pair as the scene grows ({label})"):
                charts.append(("ns per pair against shapes", "scaling.svg"))
            for scene in SCENES3:
                name = scene.replace("/", "-") + ".svg"
                what = scene.replace("/box_box", ", box-box pairs")
                if chart_scene(med3, scene, os.path.join(out, name),
                               f"sepax3 and peers on {what} ({label})"):
                    charts.append((f"ns per pair on {what}", name))
    if charts:
        text += "## Charts\n\n" + "".join(f"![{t}]({p})\n\n" for t, p in charts)
    with open(os.path.join(out, "table.md"), "w", encoding="utf-8") as f:
        f.write(text)
    print(f"report.py: wrote {out}/table.md"
          + "".join(f", {p}" for _, p in charts) + ", bench.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
