/* A precision table for sepax3_collide on boxes: how far its separation
 * drifts from a double-precision answer as a pair moves away from the
 * origin and as the boxes get thin, with a share of near-parallel edges
 * (B turned 1e-6 to 1e-2 rad from A) in every row.
 *
 * Two references per pair:
 *  - "kernel": the exact 15-axis separation of the boxes the store holds
 *    (its float world centres, axes and half extents, corners projected
 *    in double): input rounding left out. Enforced.
 *  - "placed": the same for the boxes placed exactly, in double, from the
 *    local data and transforms the store was given: what a user sees.
 *    Reported only.
 *
 * Units: eps = FLT_EPSILON; size = the sum of the six half extents;
 * scale = the largest absolute world coordinate of the pair plus size.
 * The kernel works on the difference of the centres and on unit axes, so
 * its own rounding is a few eps * scale; the edge tolerance of the
 * contract (SEPAX3_EDGE_TOLERANCE * size: an edge axis must beat the best
 * face by that much) can hold the answer that far below the largest
 * separation. Enforced: |separation - kernel reference| <= that tolerance
 * + 8 eps * scale where either says the boxes overlap (a gap is only
 * promised to be at least the reported one, and never more than the
 * reference's), and hit == (reference <= 0) outside that band. The
 * table goes to stderr and, when SEPAX_PRECISION3_TABLE names a file,
 * into it as markdown. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle3.h"
#include "oracle/oracle_hull3.h"
#include "sepax/sepax3d.h"

#define EPS ((double)FLT_EPSILON)
#define ROW_PAIRS 3000u
#define SLACK 8.0

static void random_quat(cases_rng *r, double q[4])
{
    double n;
    do {
        for (int k = 0; k < 4; k++)
            q[k] = cases_rng_range(r, -1.0, 1.0);
        n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    } while (n < 0.1 || n > 1.0);
    for (int k = 0; k < 4; k++)
        q[k] /= n;
}

/* q turned by a small angle about a random axis: B's edges then sit that
 * close to parallel with A's. */
static void near_quat(cases_rng *r, const double q[4], double angle, double out[4])
{
    double ax[3], n;
    do {
        for (int k = 0; k < 3; k++)
            ax[k] = cases_rng_range(r, -1.0, 1.0);
        n = sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
    } while (n < 0.1);
    const double h = 0.5 * angle, s = sin(h) / n;
    const double d[4] = {cos(h), ax[0] * s, ax[1] * s, ax[2] * s};
    out[0] = d[0] * q[0] - d[1] * q[1] - d[2] * q[2] - d[3] * q[3];
    out[1] = d[0] * q[1] + d[1] * q[0] + d[2] * q[3] - d[3] * q[2];
    out[2] = d[0] * q[2] - d[1] * q[3] + d[2] * q[0] + d[3] * q[1];
    out[3] = d[0] * q[3] + d[1] * q[2] - d[2] * q[1] + d[3] * q[0];
}

typedef struct row {
    const char *label;
    double offset, aspect;
    uint64_t seed;
} row;

static const row ROWS[] = {
    {"offset 0", 0.0, 4.0, 301},       {"offset 1e2", 1e2, 4.0, 302},
    {"offset 1e3", 1e3, 4.0, 303},     {"offset 1e4", 1e4, 4.0, 304},
    {"offset 1e5", 1e5, 4.0, 305},     {"aspect 1", 1.0, 1.0, 401},
    {"aspect 10", 1.0, 10.0, 402},     {"aspect 1e2", 1.0, 1e2, 403},
    {"aspect 1e3", 1.0, 1e3, 404},
};
#define NROWS (sizeof ROWS / sizeof ROWS[0])

typedef struct stats {
    size_t pairs, hits, near_parallel, outside_band;
    double worst_abs, worst_ratio; /* kernel: |error|, |error| / bound */
    double placed_abs, placed_eps; /* placed: |error|, in eps * scale */
    double worst_gap_excess;       /* apart: (separation - gap along n) / bound */
} stats;

static stats run_row(const row *rw)
{
    stats st = {0};
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cases_rng r;
    cases_rng_seed(&r, rw->seed);
    const size_t n = cases_scaled(ROW_PAIRS);
    for (size_t i = 0; i < n; i++) {
        double e[2][3], q[2][4], p[2][3];
        for (int b = 0; b < 2; b++) {
            const double big = cases_rng_range(&r, 0.5, 2.0);
            e[b][0] = big;
            e[b][1] = big / cases_rng_range(&r, 1.0, rw->aspect);
            e[b][2] = big / cases_rng_range(&r, 1.0, rw->aspect);
        }
        random_quat(&r, q[0]);
        const int parallel = cases_rng_unit(&r) < 0.3;
        if (parallel)
            near_quat(&r, q[0], pow(10.0, cases_rng_range(&r, -6.0, -2.0)), q[1]);
        else
            random_quat(&r, q[1]);
        st.near_parallel += (size_t)parallel;
        /* B's centre a random direction away, at a distance that puts the
         * pair anywhere from deep overlap to just apart */
        double dir[3], dn;
        do {
            for (int k = 0; k < 3; k++)
                dir[k] = cases_rng_range(&r, -1.0, 1.0);
            dn = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
        } while (dn < 0.1 || dn > 1.0);
        const double reach = cases_rng_range(&r, 0.2, 1.3) *
                             (e[0][0] + e[0][1] + e[0][2] + e[1][0] + e[1][1] + e[1][2]) / 2.0;
        for (int k = 0; k < 3; k++) {
            p[0][k] = (double)(float)cases_rng_range(&r, -rw->offset, rw->offset);
            p[1][k] = (double)(float)(p[0][k] + dir[k] / dn * reach);
        }
        sepax_shape_id id[2];
        for (int b = 0; b < 2; b++) {
            const sepax3_vec half = {(float)e[b][0], (float)e[b][1], (float)e[b][2]};
            e[b][0] = half.x, e[b][1] = half.y, e[b][2] = half.z;
            cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, half,
                                        (sepax3_quat){1, 0, 0, 0}, &id[b]),
                         SEPAX_OK);
            const sepax3_transform xf = {{(float)p[b][0], (float)p[b][1], (float)p[b][2]},
                                         {(float)q[b][0], (float)q[b][1], (float)q[b][2],
                                          (float)q[b][3]}};
            q[b][0] = xf.q.w, q[b][1] = xf.q.x, q[b][2] = xf.q.y, q[b][3] = xf.q.z;
            cr_assert_eq(sepax3_set_transforms(s, &id[b], &xf, 1), SEPAX_OK);
        }
        const sepax_pair pair = {id[0], id[1]};
        sepax3_result res;
        cr_assert_eq(sepax3_collide(s, &pair, 1, &res, NULL), SEPAX_OK);
        oracle3_shape A, B;
        cr_assert(oracle3_from_store(s, id[0], &A) && oracle3_from_store(s, id[1], &B));
        const double ref = oracle3_separation(&A, &B);
        const double size = oracle3_size(&A, &B), scale = oracle3_scale(&A, &B);
        const double bound = SEPAX3_EDGE_TOLERANCE * size + SLACK * EPS * scale;
        const int hit = (res.flags & SEPAX_HIT) != 0;
        st.pairs++;
        st.hits += (size_t)hit;
        if (fabs(ref) > bound && hit != (ref <= 0.0))
            st.outside_band++;
        /* A gap is only promised to be at least the reported one (an axis
         * skipped as parallel may show more of it): depths are compared. */
        if (hit || ref <= 0.0) {
            const double err = fabs(res.separation - ref);
            st.worst_abs = fmax(st.worst_abs, err);
            st.worst_ratio = fmax(st.worst_ratio, err / bound);
            const oracle3_shape PA = oracle3_box(p[0], q[0], e[0]), PB = oracle3_box(p[1], q[1], e[1]);
            const double perr = fabs(res.separation - oracle3_separation(&PA, &PB));
            st.placed_abs = fmax(st.placed_abs, perr);
            st.placed_eps = fmax(st.placed_eps, perr / (EPS * scale));
        } else {
            /* Apart: the reported gap must be a true gap along the
             * reported normal (an edge axis between near-parallel edges may
             * point a little off the reference's and show a larger one,
             * which is still a lower bound of the distance). */
            const double along = oracle3_gap_along(&A, &B, res.normal);
            st.worst_gap_excess = fmax(st.worst_gap_excess, (res.separation - along) / bound);
            cr_expect_leq(res.separation, along + bound,
                          "%s: separation %.9g but the boxes are %.9g apart along its normal",
                          rw->label, res.separation, along);
        }
        cr_assert_eq(sepax3_remove(s, id[0]), SEPAX_OK);
        cr_assert_eq(sepax3_remove(s, id[1]), SEPAX_OK);
    }
    sepax3_store_destroy(s);
    return st;
}

Test(precision3, table)
{
    FILE *out = NULL;
    const char *path = getenv("SEPAX_PRECISION3_TABLE");
    if (path && *path)
        out = fopen(path, "w");
    const char *head = "| row | pairs | near-parallel | hits | outside band | worst error | "
                       "of bound | placed: worst error | in eps*scale |\n"
                       "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    fputs(head, stderr);
    if (out)
        fputs(head, out);
    for (size_t k = 0; k < NROWS; k++) {
        const stats st = run_row(&ROWS[k]);
        char line[256];
        snprintf(line, sizeof line, "| %s | %zu | %zu | %zu | %zu | %.3g | %.2f | %.3g | %.2f |\n",
                 ROWS[k].label, st.pairs, st.near_parallel, st.hits, st.outside_band,
                 st.worst_abs, st.worst_ratio, st.placed_abs, st.placed_eps);
        fputs(line, stderr);
        if (out)
            fputs(line, out);
        cr_expect_eq(st.outside_band, 0, "%s: %zu pairs disagree outside the band",
                     ROWS[k].label, st.outside_band);
        cr_expect_leq(st.worst_ratio, 1.0, "%s: error %.3g of its bound", ROWS[k].label,
                      st.worst_ratio);
    }
    if (out)
        fclose(out);
}

/* Every kind against the hull oracle (tests/oracle/oracle_hull3.c: faces found
 * again by brute force from the kept float vertices, every edge pair's
 * cross product, two-sided projections, round kinds by brute force over
 * edges and triangles, all in double on what the store holds), over a
 * grid of offsets (both shapes that far from the origin) and aspect
 * ratios (a box or hull stretched to a needle or a plate whose longest
 * half extent is aspect times its shortest; a capsule whose segment is
 * aspect times its radius). B is set down along a random direction at a
 * fraction of the distance where the pair just touches (found by
 * bisection on the oracle): most pairs overlap, a third lie within 0.2%
 * of touching, some of those apart.
 *
 * size = the sum of both shapes' local bounding-box half extents (a
 * capsule's segment counted whole), at least what the kernels scale the
 * edge tolerance by; scale = oh3_scale, the largest coordinate plus both
 * sizes. Measured, where either side overlaps: |separation - oracle|
 * over size, and over eps * scale (float spacings at the offset); the
 * angle between the normal and the oracle's, where the oracle's is
 * unique (below). Enforced per row, from the contract:
 *  - depth: |separation - oracle| <= SEPAX3_EDGE_TOLERANCE * size
 *    + 32 eps * scale where either side overlaps (a face axis may stand
 *    while an edge axis beats it by the first term; the second is the
 *    band selftest3 holds the same oracle to, a few roundings of world
 *    coordinates at the scale), and the hit flag equal to the oracle's
 *    outside that band;
 *  - normal: the reported separation is a gap along the reported normal
 *    (oh3_gap_along) within the same band, so that moving B by the depth
 *    along it separates the pair;
 *  - angle, where the oracle's normal is well defined (its best axis
 *    beats every other direction it tests by twice the band, or its
 *    closest points lie 1e-3 * size apart): at most
 *    64 eps * (aspect + scale / w), w the closest points' distance for a
 *    points normal, size for an axis. Rounding turns a face normal by
 *    about eps times the face's length over its width, which the aspect
 *    bounds; a closest-point direction by the position error over w.
 * The table goes to stderr; the full-size run is in docs/RELIABILITY.md. */
#define KIND_PAIRS 120u /* per row at full size; SEPAX_TEST_SCALE shrinks the total */
#define KIND_K 32.0     /* eps * scale in the band, as selftest3's oracle check */
#define KIND_ANGLE 64.0

typedef enum kind3 { K_BOX, K_SPHERE, K_HULL, K_CAPSULE } kind3;

typedef struct kclass {
    const char *name;
    kind3 a, b;
} kclass;

static const kclass KCLASSES[] = {
    {"hull-hull", K_HULL, K_HULL},          {"box-hull", K_BOX, K_HULL},
    {"sphere-hull", K_SPHERE, K_HULL},      {"capsule-hull", K_CAPSULE, K_HULL},
    {"capsule-box", K_CAPSULE, K_BOX},      {"capsule-capsule", K_CAPSULE, K_CAPSULE},
    {"capsule-sphere", K_CAPSULE, K_SPHERE}, {"sphere-sphere", K_SPHERE, K_SPHERE},
    {"sphere-box", K_SPHERE, K_BOX},
};
#define NKCLASSES (sizeof KCLASSES / sizeof KCLASSES[0])
static const double KOFFSETS[] = {0, 1e1, 1e2, 1e3, 1e4, 1e5};
#define NKOFFSETS (sizeof KOFFSETS / sizeof KOFFSETS[0])
static const double KASPECTS[] = {1, 10, 100, 1000};
#define NKASPECTS (sizeof KASPECTS / sizeof KASPECTS[0])

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void cross3(const double a[3], const double b[3], double o[3])
{
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

static void unit_dir(cases_rng *r, double u[3])
{
    double n;
    do {
        for (int k = 0; k < 3; k++)
            u[k] = cases_rng_range(r, -1.0, 1.0);
        n = sqrt(dot3(u, u));
    } while (n < 0.1 || n > 1.0);
    for (int k = 0; k < 3; k++)
        u[k] /= n;
}

/* semi-axes of a needle (one long axis) or a plate (two) */
static void stretched(cases_rng *r, double aspect, double ax[3])
{
    const double big = cases_rng_range(r, 0.5, 2.0);
    const int keep = cases_rng_int(r, 0, 2), plate = cases_rng_unit(r) < 0.5;
    for (int k = 0; k < 3; k++)
        ax[k] = big / aspect;
    ax[keep] = big;
    if (plate)
        ax[(keep + 1) % 3] = big;
}

static void add_kind(sepax3_store *s, cases_rng *r, kind3 kind, double aspect, sepax_shape_id *id)
{
    const sepax3_vec zero = {0, 0, 0};
    double e[3];
    switch (kind) {
    case K_BOX:
        stretched(r, aspect, e);
        cr_assert_eq(sepax3_add_box(s, zero, (sepax3_vec){(float)e[0], (float)e[1], (float)e[2]},
                                    (sepax3_quat){1, 0, 0, 0}, id),
                     SEPAX_OK);
        break;
    case K_SPHERE:
        cr_assert_eq(sepax3_add_sphere(s, zero, (float)cases_rng_range(r, 0.25, 1.0), id), SEPAX_OK);
        break;
    case K_HULL: {
        stretched(r, aspect, e);
        sepax3_vec p[16];
        const int n = cases_rng_int(r, 8, 16);
        for (int i = 0; i < n; i++) {
            double v[3];
            unit_dir(r, v);
            p[i] = (sepax3_vec){(float)(e[0] * v[0]), (float)(e[1] * v[1]), (float)(e[2] * v[2])};
        }
        cr_assert_eq(sepax3_add_hull(s, p, (size_t)n, id), SEPAX_OK);
        break;
    }
    case K_CAPSULE: {
        /* overall length 1 to 4, the segment aspect times the radius */
        const double radius = cases_rng_range(r, 1.0, 4.0) / (aspect + 2.0);
        const float h = (float)(0.5 * aspect * radius);
        cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){-h, 0, 0}, (sepax3_vec){h, 0, 0},
                                        (float)radius, id),
                     SEPAX_OK);
        break;
    }
    }
}

static double kind_size(const sepax3_store *s, sepax_shape_id id)
{
    sepax3_shape_desc d;
    cr_assert_eq(sepax3_shape_info(s, id, &d), SEPAX_OK);
    if (d.kind == SEPAX3_SHAPE_CAPSULE)
        return 2.0 * d.half_extents.x + 3.0 * d.radius;
    return (double)d.half_extents.x + d.half_extents.y + d.half_extents.z + 3.0 * d.radius;
}

static void shift(oh3_shape *s, const double t[3])
{
    for (int i = 0; i < s->nv; i++)
        for (int k = 0; k < 3; k++)
            s->v[i][k] += t[k];
    for (int f = 0; f < s->nf; f++)
        s->d[f] += dot3(s->n[f], t);
    for (int k = 0; k < 3; k++)
        s->p0[k] += t[k], s->p1[k] += t[k];
}

/* The oracle's normal. Over the directions n, the gap along n (walking
 * from A to B) is at most the signed distance and reaches it (the
 * penetration depth negated, for overlapping shapes), so the oracle's
 * normal is the direction that attains its separation. Where it tests
 * axes (two polyhedra, or a segment that meets a polyhedron) the best of
 * those; elsewhere the line between the cores' closest points. Either way
 * a margin says how well defined the direction is: by how much the best
 * axis beats every other direction the oracle tests, or the distance
 * between the cores (a closest-point direction turns by about the
 * position error over that distance). */
typedef struct oracle_normal {
    double n[3];
    double margin;
    int points; /* 1: from closest points, margin their distance */
} oracle_normal;

static void axis_best(const oh3_shape *A, const oh3_shape *B, const double (*ax)[3], size_t n,
                      oracle_normal *o)
{
    double best = -INFINITY;
    o->n[0] = 1, o->n[1] = 0, o->n[2] = 0;
    for (size_t i = 0; i < n; i++) {
        const double m[3] = {-ax[i][0], -ax[i][1], -ax[i][2]};
        const double up = oh3_gap_along(A, B, ax[i]), down = oh3_gap_along(A, B, m);
        if (fmax(up, down) > best) {
            best = fmax(up, down);
            for (int k = 0; k < 3; k++)
                o->n[k] = up >= down ? ax[i][k] : m[k];
        }
    }
    /* runner-up: the best direction more than 1e-4 rad from that one,
     * either way along each axis (the same direction found twice, as a
     * face and as an edge pair, is one; two shapes symmetric about one
     * centre show the same gap both ways) */
    double second = -INFINITY;
    for (size_t i = 0; i < n; i++)
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            const double d[3] = {sgn * ax[i][0], sgn * ax[i][1], sgn * ax[i][2]};
            if (dot3(d, o->n) < 1.0 - 5e-9)
                second = fmax(second, oh3_gap_along(A, B, d));
        }
    o->margin = best - second;
    o->points = 0;
}

static double point_segment_closest(const double x[3], const double p[3], const double q[3],
                                    double c[3])
{
    double d[3], w[3];
    for (int k = 0; k < 3; k++)
        d[k] = q[k] - p[k], w[k] = x[k] - p[k];
    const double dd = dot3(d, d);
    double t = dd > 0 ? dot3(w, d) / dd : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    double e[3];
    for (int k = 0; k < 3; k++)
        c[k] = p[k] + t * d[k], e[k] = c[k] - x[k];
    return sqrt(dot3(e, e));
}

/* the closest point of triangle abc to x (Ericson, Real-Time Collision
 * Detection 5.1.5) */
static void triangle_closest(const double x[3], const double a[3], const double b[3],
                             const double c[3], double out[3])
{
    double ab[3], ac[3], ap[3], bp[3], cp[3];
    for (int k = 0; k < 3; k++)
        ab[k] = b[k] - a[k], ac[k] = c[k] - a[k], ap[k] = x[k] - a[k], bp[k] = x[k] - b[k],
        cp[k] = x[k] - c[k];
    const double d1 = dot3(ab, ap), d2 = dot3(ac, ap), d3 = dot3(ab, bp), d4 = dot3(ac, bp),
                 d5 = dot3(ab, cp), d6 = dot3(ac, cp);
    const double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    double v, w;
    if (d1 <= 0 && d2 <= 0)
        v = 0, w = 0;
    else if (d3 >= 0 && d4 <= d3)
        v = 1, w = 0;
    else if (d6 >= 0 && d5 <= d6)
        v = 0, w = 1;
    else if (vc <= 0 && d1 >= 0 && d3 <= 0)
        v = d1 / (d1 - d3), w = 0;
    else if (vb <= 0 && d2 >= 0 && d6 <= 0)
        v = 0, w = d2 / (d2 - d6);
    else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
        w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        v = 1 - w;
    } else {
        const double den = 1 / (va + vb + vc);
        v = vb * den, w = vc * den;
    }
    for (int k = 0; k < 3; k++)
        out[k] = a[k] + v * ab[k] + w * ac[k];
}

/* the closest point of a core (segment, or polyhedron by its face fans)
 * to x */
static double core_closest(const oh3_shape *s, const double x[3], double c[3])
{
    if (s->round)
        return point_segment_closest(x, s->p0, s->p1, c);
    /* inside the solid: the distance is 0, not that to the surface */
    int inside = 1;
    for (int f = 0; f < s->nf && inside; f++)
        inside = dot3(s->n[f], x) <= s->d[f];
    if (inside) {
        memcpy(c, x, 3 * sizeof *x);
        return 0;
    }
    double best = INFINITY;
    for (int f = 0; f < s->nf; f++) {
        const int *fv = s->loop + s->fstart[f], cnt = s->fstart[f + 1] - s->fstart[f];
        for (int k = 1; k + 1 < cnt; k++) {
            double y[3], e[3];
            triangle_closest(x, s->v[fv[0]], s->v[fv[k]], s->v[fv[k + 1]], y);
            for (int j = 0; j < 3; j++)
                e[j] = y[j] - x[j];
            const double d = sqrt(dot3(e, e));
            if (d < best) {
                best = d;
                memcpy(c, y, sizeof y);
            }
        }
    }
    return best;
}

/* closest points of segment S and core X, by a ternary search along S
 * (the distance to a convex set is convex along a line) */
static double closest_points(const oh3_shape *S, const oh3_shape *X, double xs[3], double xx[3])
{
    double lo = 0, hi = 1;
    for (int it = 0; it < 64; it++) { /* (2/3)^64: 5e-12 of the length */
        const double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        double pa[3], pb[3], c[3];
        for (int k = 0; k < 3; k++) {
            pa[k] = S->p0[k] + a * (S->p1[k] - S->p0[k]);
            pb[k] = S->p0[k] + b * (S->p1[k] - S->p0[k]);
        }
        if (core_closest(X, pa, c) <= core_closest(X, pb, c))
            hi = b;
        else
            lo = a;
    }
    for (int k = 0; k < 3; k++)
        xs[k] = S->p0[k] + 0.5 * (lo + hi) * (S->p1[k] - S->p0[k]);
    return core_closest(X, xs, xx);
}

static void oracle_normal_of(const oh3_shape *A, const oh3_shape *B, double size,
                             oracle_normal *o)
{
    double(*ax)[3] = NULL;
    size_t n = 0;
    if (A->round || B->round) {
        const oh3_shape *S = A->round ? A : B, *X = A->round ? B : A;
        double xs[3], xx[3], d[3];
        const double dist = closest_points(S, X, xs, xx);
        if (X->round || dist > 1e-9 * size) {
            for (int k = 0; k < 3; k++)
                d[k] = (A->round ? xx[k] - xs[k] : xs[k] - xx[k]) / dist;
            memcpy(o->n, d, sizeof d);
            o->margin = dist;
            o->points = 1;
            return;
        }
        /* the segment meets the polyhedron: its faces and the segment
         * crossed with its edges */
        ax = malloc((size_t)(X->nf + X->ne) * sizeof *ax);
        cr_assert(ax);
        double sd[3];
        for (int k = 0; k < 3; k++)
            sd[k] = S->p1[k] - S->p0[k];
        for (int f = 0; f < X->nf; f++)
            memcpy(ax[n++], X->n[f], sizeof ax[0]);
        for (int e = 0; e < X->ne; e++) {
            double L[3];
            cross3(sd, X->e[e], L);
            const double len = sqrt(dot3(L, L));
            if (len < 1e-9 * sqrt(dot3(sd, sd)) || len == 0)
                continue;
            for (int k = 0; k < 3; k++)
                ax[n][k] = L[k] / len;
            n++;
        }
    } else {
        ax = malloc((size_t)(A->nf + B->nf + A->ne * B->ne) * sizeof *ax);
        cr_assert(ax);
        for (int f = 0; f < A->nf; f++)
            memcpy(ax[n++], A->n[f], sizeof ax[0]);
        for (int f = 0; f < B->nf; f++)
            memcpy(ax[n++], B->n[f], sizeof ax[0]);
        for (int i = 0; i < A->ne; i++)
            for (int j = 0; j < B->ne; j++) {
                double L[3];
                cross3(A->e[i], B->e[j], L);
                const double len = sqrt(dot3(L, L));
                if (len < 1e-9)
                    continue;
                for (int k = 0; k < 3; k++)
                    ax[n][k] = L[k] / len;
                n++;
            }
    }
    axis_best(A, B, (const double(*)[3])ax, n, o);
    free(ax);
}

typedef struct kstats {
    size_t pairs, hits, outside, angles, bad_normal, bad_angle;
    double depth_rel, depth_eps, depth_ratio, angle, angle_ratio, gap_excess;
} kstats;

static oh3_shape KA, KB, KT; /* about 60 KB each: off the stack */

static kstats run_kind_row(const kclass *cl, double offset, double aspect, size_t pairs,
                           uint64_t seed)
{
    kstats st = {0};
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cases_rng r;
    cases_rng_seed(&r, seed);
    for (size_t i = 0; i < pairs; i++) {
        sepax_shape_id id[2];
        add_kind(s, &r, cl->a, aspect, &id[0]);
        add_kind(s, &r, cl->b, aspect, &id[1]);
        double q[2][4], u[3], c[3];
        random_quat(&r, q[0]);
        random_quat(&r, q[1]);
        unit_dir(&r, u);
        unit_dir(&r, c);
        sepax3_transform xf[2];
        for (int b = 0; b < 2; b++)
            xf[b] = (sepax3_transform){{0, 0, 0},
                                       {(float)q[b][0], (float)q[b][1], (float)q[b][2],
                                        (float)q[b][3]}};
        cr_assert_eq(sepax3_set_transforms(s, id, xf, 2), SEPAX_OK);
        cr_assert(oh3_from_store(s, id[0], &KA) && oh3_from_store(s, id[1], &KB));
        /* both contain their centre, so the pair overlaps at t = 0 and is
         * at least touching where the supports along u meet */
        double lo = 0, hi = -oh3_gap_along(&KA, &KB, u);
        for (int it = 0; it < 14; it++) {
            const double t = 0.5 * (lo + hi), d[3] = {t * u[0], t * u[1], t * u[2]};
            KT = KB;
            shift(&KT, d);
            if (oh3_separation(&KA, &KT) <= 0)
                lo = t;
            else
                hi = t;
        }
        const double f = cases_rng_unit(&r) < 0.35 ? 1.0 + cases_rng_range(&r, -2e-3, 1e-3)
                                                   : cases_rng_unit(&r);
        const double t = f * 0.5 * (lo + hi);
        const float pa[3] = {(float)(offset * c[0]), (float)(offset * c[1]),
                             (float)(offset * c[2])};
        xf[0].p = (sepax3_vec){pa[0], pa[1], pa[2]};
        xf[1].p = (sepax3_vec){(float)(pa[0] + t * u[0]), (float)(pa[1] + t * u[1]),
                               (float)(pa[2] + t * u[2])};
        cr_assert_eq(sepax3_set_transforms(s, id, xf, 2), SEPAX_OK);
        cr_assert(oh3_from_store(s, id[0], &KA) && oh3_from_store(s, id[1], &KB));
        const sepax_pair pair = {id[0], id[1]};
        sepax3_result res;
        cr_assert_eq(sepax3_collide(s, &pair, 1, &res, NULL), SEPAX_OK);
        const double size = kind_size(s, id[0]) + kind_size(s, id[1]);
        const double scale = oh3_scale(&KA, &KB);
        const double band = SEPAX3_EDGE_TOLERANCE * size + KIND_K * EPS * scale;
        const double ref = oh3_separation(&KA, &KB);
        const int hit = (res.flags & SEPAX_HIT) != 0;
        const double n[3] = {res.normal.x, res.normal.y, res.normal.z};
        st.pairs++;
        st.hits += (size_t)hit;
        if (fabs(ref) > band && hit != (ref <= 0.0))
            st.outside++;
        const double along = oh3_gap_along(&KA, &KB, n);
        if (ref <= 0.0 || hit) {
            const double err = fabs(res.separation - ref);
            st.depth_rel = fmax(st.depth_rel, err / size);
            st.depth_eps = fmax(st.depth_eps, err / (EPS * scale));
            st.depth_ratio = fmax(st.depth_ratio, err / band);
            if (err > band)
                st.outside++;
        }
        /* the reported separation is a gap along the reported normal:
         * moving B by the depth along it separates the pair */
        st.gap_excess = fmax(st.gap_excess, (res.separation - along) / size);
        if (res.separation > along + band)
            st.bad_normal++;
        oracle_normal on;
        oracle_normal_of(&KA, &KB, size, &on);
        const int meaningful = on.points ? on.margin > 1e-3 * size : on.margin > 2.0 * band;
        if (meaningful && (ref <= 0.0 || hit)) {
            const double cosv = fmin(1.0, dot3(n, on.n) / sqrt(dot3(n, n)));
            const double ang = acos(cosv);
            st.angles++;
            st.angle = fmax(st.angle, ang);
            const double w = on.points ? on.margin : size;
            const double bound = KIND_ANGLE * EPS * (aspect + scale / w);
            st.angle_ratio = fmax(st.angle_ratio, ang / bound);
            if (ang > bound)
                st.bad_angle++;
            if (ang > bound)
                fprintf(stderr, "off the oracle's normal: %s i=%zu sep %.9g ref %.9g axis %u flags %u n %.6g %.6g %.6g on %.6g %.6g %.6g margin %.6g points %d size %g along %.9g fa %u fb %u t %.9g\n",
                        cl->name, i, res.separation, ref, res.axis, res.flags, n[0], n[1], n[2], on.n[0], on.n[1], on.n[2], on.margin, on.points, size, along, res.feature_a, res.feature_b, t);
        }
        cr_assert_eq(sepax3_remove(s, id[0]), SEPAX_OK);
        cr_assert_eq(sepax3_remove(s, id[1]), SEPAX_OK);
    }
    sepax3_store_destroy(s);
    return st;
}

Test(precision3, every_kind_table, .timeout = 600)
{
    const size_t rows = NKCLASSES * NKOFFSETS * NKASPECTS;
    const size_t per = cases_scaled(KIND_PAIRS * rows) / rows;
    const char *head = "| class | offset | aspect | pairs | hits | depth error / size | "
                       "in eps*scale | of bound | angles | normal angle | of bound |\n"
                       "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    fputs(head, stderr);
    for (size_t c = 0; c < NKCLASSES; c++)
        for (size_t a = 0; a < NKASPECTS; a++) {
            /* a sphere has no aspect */
            if (KCLASSES[c].a == K_SPHERE && KCLASSES[c].b == K_SPHERE && a > 0)
                continue;
            for (size_t o = 0; o < NKOFFSETS; o++) {
                const kstats st = run_kind_row(&KCLASSES[c], KOFFSETS[o], KASPECTS[a], per ? per : 1,
                                               9000 + 100 * c + 10 * a + o);
                fprintf(stderr, "| %s | %g | %g | %zu | %zu | %.3g | %.2f | %.3f | %zu | %.3g | %.3f |\n",
                        KCLASSES[c].name, KOFFSETS[o], KASPECTS[a], st.pairs, st.hits,
                        st.depth_rel, st.depth_eps, st.depth_ratio, st.angles, st.angle,
                        st.angle_ratio);
                cr_expect_eq(st.outside, 0, "%s offset %g aspect %g: %zu pairs outside the band",
                             KCLASSES[c].name, KOFFSETS[o], KASPECTS[a], st.outside);
                cr_expect_eq(st.bad_angle, 0, "%s offset %g aspect %g: %zu normals off the oracle's",
                             KCLASSES[c].name, KOFFSETS[o], KASPECTS[a], st.bad_angle);
                cr_expect_eq(st.bad_normal, 0, "%s offset %g aspect %g: %zu gaps along the normal short",
                             KCLASSES[c].name, KOFFSETS[o], KASPECTS[a], st.bad_normal);
            }
        }
}
