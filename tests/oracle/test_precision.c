/* A precision table for sepax_collide (the store's default backend; other
 * suites check that every backend gives the same bits): how far its depth
 * and normal drift from a double-precision answer as a pair of shapes moves
 * away from the origin, and as the shapes get thin.
 *
 * Every pair is measured against two references:
 *  - the oracle fed the float world vertices the library itself holds
 *    (oracle_poly_from_store), so that input rounding is left out: the
 *    "kernel" columns, enforced;
 *  - the oracle fed the shapes placed exactly, in double, from the same
 *    local vertices, position and angle: what a user sees. Reported only.
 *
 * Units. eps = FLT_EPSILON. scale = oracle_scale (largest absolute world
 * coordinate, or the pair's extent if larger): a float world vertex is off
 * by up to eps/2 * scale per coordinate, so no float library can promise
 * better than a few eps * scale in absolute terms. D = diagonal of the box
 * around both shapes. L = length of the winning edge (the shorter of the
 * oracle's and the library's when they differ).
 *
 * The enforced bounds, and why they are honest. Each constant lies between
 * the worst value measured over every row and about 4x that (the table
 * prints both):
 *  - depth error <= DEPTH_C * eps * scale. Moving every vertex by at most
 *    r = eps * scale / sqrt(2) changes the penetration depth of two convex
 *    shapes by at most 2r, and the oracle's answer is the depth of the
 *    rounded shapes. The library's is the largest over faces of its
 *    formula (next item) with the exact face normals: on exact vertices
 *    that is the exact depth, and rounding moves each face's value by at
 *    most 2r. So the two differ by at most 4r (2.8 eps * scale) plus the
 *    residual plus a few eps * D for the float normals, if every rounding
 *    lines up; measured, never more than 1.5 eps * scale. (It needs the
 *    rounded shapes to stay convex, as they do in every row here.)
 *  - residual <= RESID_C * eps * D: the library's separation against its
 *    own formula for the face it picked, min over the other shape of
 *    n.(v - face vertex) with the normal it returned, in double on the
 *    same floats. It works on coordinates relative to a vertex of the pair,
 *    so its rounding scales with the size of the pair, not with the
 *    coordinates. This is the column a backend on absolute coordinates, or
 *    with a slip in its arithmetic, would fail (see the second test).
 *  - normal error <= NORMAL_C * eps * scale / L. The library's normals are
 *    the exact face normals (local normals rotated) to within a few eps;
 *    the oracle rebuilds each normal from two rounded end points, which
 *    turns it by up to sqrt(2) * eps * scale / L. Compared only where the
 *    oracle's winner is not ambiguous (normal_ambiguous below).
 * A bound in terms of D / L rather than 1 for the depth would also be
 * true, but the penetration-depth argument above makes it needless: a
 * short edge's reading can be off by eps * scale * D / L, but then it is
 * not the one that decides the depth.
 *
 * The table goes to stderr (Criterion shows stdout only with --verbose)
 * and, when SEPAX_PRECISION_TABLE names a file, into that file. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle.h"
#include "sepax/sepax.h"

#define ROW_PAIRS 4000
#define EPS ((double)FLT_EPSILON)
#define TWO_PI 6.283185307179586

/* The enforced constants (see the header comment for the formulas). */
#define RESID_C 4.0
#define DEPTH_C 5.0
#define NORMAL_C 4.0
/* How far the library's float normal may sit from the exact face normal:
 * the local normal is rounded once (eps/2 per component), the rotation's
 * cosine and sine once each, and the rotation adds two products and a sum. */
#define NORMAL_ROUND (4.0 * EPS)

enum { SWEEP_OFFSET, SWEEP_ASPECT };

typedef struct row_spec {
    const char *label;
    int sweep;
    double value; /* offset, or aspect ratio */
    uint64_t seed;
} row_spec;

static const row_spec ROWS[] = {
    {"offset 0", SWEEP_OFFSET, 0.0, 101},     {"offset 1e2", SWEEP_OFFSET, 1e2, 102},
    {"offset 1e3", SWEEP_OFFSET, 1e3, 103},   {"offset 1e4", SWEEP_OFFSET, 1e4, 104},
    {"offset 1e5", SWEEP_OFFSET, 1e5, 105},   {"aspect 1", SWEEP_ASPECT, 1.0, 201},
    {"aspect 10", SWEEP_ASPECT, 10.0, 202},   {"aspect 1e2", SWEEP_ASPECT, 1e2, 203},
    {"aspect 1e3", SWEEP_ASPECT, 1e3, 204},   {"aspect 1e4", SWEEP_ASPECT, 1e4, 205},
};
#define NROWS (sizeof ROWS / sizeof ROWS[0])

/* Where the worst value of a column came from, to print a reproducer. */
typedef struct worst {
    double ratio;
    size_t pair;
} worst;

typedef struct row_stats {
    size_t pairs, hits, hit_disagree;
    size_t normal_checked, normal_skipped, xnormal_checked, xnormal_skipped;
    double depth_abs;
    worst depth; /* kernel: / (eps * scale) */
    worst resid; /* / (eps * D) */
    double normal_abs;
    worst normal; /* / (eps * scale / L) */
    double xdepth_abs, xdepth_eps, xnormal_abs;
    double max_scale_over_l; /* how far the row pushes scale / L */
} row_stats;

/* One shape of a pair: how it was placed, so the exact placement can be
 * rebuilt in double. */
typedef struct placed {
    double th;    /* the angle; the store gets (float)cos, (float)sin */
    sepax_vec2 p; /* the position as given to the store */
} placed;

/* A convex polygon on an ellipse: angles spread round it with jitter, so
 * no two vertices crowd together. */
static void ellipse_polygon(cases_rng *r, int n, double rx, double ry, sepax_vec2 *v)
{
    const double base = cases_rng_range(r, 0.0, TWO_PI);
    for (int k = 0; k < n; k++) {
        const double a = base + TWO_PI * (k + cases_rng_range(r, 0.15, 0.85)) / n;
        v[k].x = (float)(rx * cos(a));
        v[k].y = (float)(ry * sin(a));
    }
}

/* Add a shape; cleaning can reject a rare random polygon (e.g. a stretched
 * one whose rounding leaves a reflex corner), so draw again. */
static sepax_shape_id add_shape(sepax_store *s, cases_rng *r, int sweep, double aspect)
{
    for (int attempt = 0; attempt < 50; attempt++) {
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        int n;
        if (sweep == SWEEP_OFFSET) {
            n = cases_rng_unit(r) < 0.1 ? cases_rng_int(r, 9, 16) : cases_rng_int(r, 3, 8);
            const double rad = cases_rng_range(r, 0.3, 1.0);
            ellipse_polygon(r, n, rad, rad, v);
        } else {
            /* Length about 1 along local x, width length / aspect. */
            const double hl = 0.5 * cases_rng_range(r, 0.8, 1.2), hw = hl / aspect;
            if (cases_rng_unit(r) < 0.5) {
                n = 4;
                const float x = (float)hl, y = (float)hw;
                v[0] = (sepax_vec2){-x, -y};
                v[1] = (sepax_vec2){x, -y};
                v[2] = (sepax_vec2){x, y};
                v[3] = (sepax_vec2){-x, y};
            } else {
                n = cases_rng_int(r, 4, 12);
                ellipse_polygon(r, n, hl, hw, v);
            }
        }
        sepax_shape_id id;
        if (sepax_add_polygon(s, v, (size_t)n, &id) == SEPAX_OK)
            return id;
    }
    cr_assert_fail("could not make a shape for sweep %d, aspect %g", sweep, aspect);
    return 0;
}

/* Largest u.v over the shape's cleaned local vertices rotated by th,
 * relative to its local origin. */
static double support(const sepax_store *s, sepax_shape_id id, double th, double ux, double uy)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, id, 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    const double c = cos(th), sn = sin(th);
    double best = -INFINITY;
    for (uint32_t i = 0; i < n; i++) {
        const double x = c * v[i].x - sn * v[i].y, y = sn * v[i].x + c * v[i].y;
        best = fmax(best, ux * x + uy * y);
    }
    return best;
}

static sepax_vec2 to_float(double x, double y)
{
    return (sepax_vec2){(float)x, (float)y};
}

/* Place B against A (already placed) so that they overlap. */
static void place_pair(const sepax_store *s, cases_rng *r, const row_spec *row, sepax_shape_id a,
                       sepax_shape_id b, placed *pa, placed *pb)
{
    const double alpha = cases_rng_range(r, 0.0, TWO_PI);
    pa->th = cases_rng_range(r, 0.0, TWO_PI);
    if (row->sweep == SWEEP_OFFSET) {
        /* Around a point at distance `offset` from the origin. */
        const double cx = row->value * cos(alpha) + cases_rng_range(r, -0.5, 0.5);
        const double cy = row->value * sin(alpha) + cases_rng_range(r, -0.5, 0.5);
        pa->p = to_float(cx, cy);
        pb->th = cases_rng_range(r, 0.0, TWO_PI);
        /* Centres along a random direction, closer than the sum of the
         * supports by 1% to 90% of it: mostly overlapping, some deeply. */
        const double phi = cases_rng_range(r, 0.0, TWO_PI), ux = cos(phi), uy = sin(phi);
        const double reach = support(s, a, pa->th, ux, uy) + support(s, b, pb->th, -ux, -uy);
        const double d = reach * (1.0 - cases_rng_range(r, 0.01, 0.9));
        pb->p = to_float((double)pa->p.x + ux * d, (double)pa->p.y + uy * d);
        return;
    }
    /* Thin shapes around a point at distance 1: ordinary coordinates, so
     * only the thinness matters. t runs along A, m across it. */
    pa->p = to_float(cos(alpha), sin(alpha));
    const double tx = cos(pa->th), ty = sin(pa->th), mx = -ty, my = tx;
    const double wa = support(s, a, pa->th, mx, my) + support(s, a, pa->th, -mx, -my);
    const double f = cases_rng_range(r, 0.02, 0.9); /* overlap as a fraction of A's width */
    const double side = cases_rng_unit(r) < 0.5 ? -1.0 : 1.0;
    const double kind = cases_rng_unit(r);
    double along, across; /* B's centre from A's, in (t, m) */
    if (kind < 0.35) {
        /* Crossing at an angle, B's side or end pushed into A's long side
         * by f of A's width, somewhere along A's body. */
        const double ang = cases_rng_range(r, 0.05, TWO_PI / 4);
        pb->th = pa->th + (cases_rng_unit(r) < 0.5 ? ang : -ang);
        along = cases_rng_range(r, -0.35, 0.35);
        const double ux = side * mx, uy = side * my;
        across = side * (support(s, a, pa->th, ux, uy) + support(s, b, pb->th, -ux, -uy) - f * wa);
    } else if (kind < 0.55) {
        /* Crossing over A's end: A's tip pokes into B by f of A's width,
         * so A's short edge or B's long edge wins. */
        const double pick = cases_rng_unit(r);
        double ang;
        if (pick < 0.4)
            ang = cases_rng_range(r, 0.3, TWO_PI / 4);
        else if (pick < 0.7)
            ang = TWO_PI / 4; /* B's flat side square against A's end */
        else
            ang = TWO_PI / 4 + cases_rng_range(r, -1.0, 1.0) / row->value;
        pb->th = pa->th + (cases_rng_unit(r) < 0.5 ? ang : -ang);
        const double ux = side * tx, uy = side * ty;
        along = side * (support(s, a, pa->th, ux, uy) + support(s, b, pb->th, -ux, -uy) - f * wa);
        across = cases_rng_range(r, -0.2, 0.2);
    } else if (kind < 0.85) {
        /* Side by side, exactly parallel or a hair off, overlapping across
         * by f of A's width, shifted along by up to most of the length. */
        pb->th = pa->th + (cases_rng_unit(r) < 0.5 ? 0.0 : cases_rng_range(r, -0.1, 0.1) / row->value);
        along = cases_rng_range(r, -0.9, 0.9);
        const double ux = side * mx, uy = side * my;
        across = side * (support(s, a, pa->th, ux, uy) + support(s, b, pb->th, -ux, -uy) - f * wa);
    } else {
        /* End to end on nearly the same line, the ends overlapping by f of
         * A's width: the short edges win. */
        pb->th = pa->th + (cases_rng_unit(r) < 0.5 ? 0.0 : cases_rng_range(r, -0.1, 0.1) / row->value);
        const double ux = side * tx, uy = side * ty;
        along = side * (support(s, a, pa->th, ux, uy) + support(s, b, pb->th, -ux, -uy) - f * wa);
        across = cases_rng_range(r, -0.4, 0.4) * wa;
    }
    pb->p = to_float((double)pa->p.x + along * tx + across * mx,
                     (double)pa->p.y + along * ty + across * my);
}

static sepax_transform transform_of(const placed *p)
{
    sepax_transform t = {p->p, {(float)cos(p->th), (float)sin(p->th)}};
    return t;
}

/* The shape as placed exactly: the cleaned local vertices, the position as
 * given, the rotation by the angle itself; normals from the vertices in
 * double, as the oracle does for floats. */
static void exact_poly(const sepax_store *s, sepax_shape_id id, const placed *pl, oracle_poly *out)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, id, 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    const double c = cos(pl->th), sn = sin(pl->th);
    out->n = (int)n;
    for (uint32_t i = 0; i < n; i++) {
        out->x[i] = pl->p.x + (c * v[i].x - sn * v[i].y);
        out->y[i] = pl->p.y + (sn * v[i].x + c * v[i].y);
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t j = (i + 1) % n;
        const double ex = out->x[j] - out->x[i], ey = out->y[j] - out->y[i];
        const double len = hypot(ex, ey);
        out->nx[i] = ey / len;
        out->ny[i] = -ex / len;
    }
}

static double edge_len(const oracle_poly *p, int i)
{
    const int j = (i + 1) % p->n;
    return hypot(p->x[j] - p->x[i], p->y[j] - p->y[i]);
}

static double cand_len(const oracle_candidate *c, const oracle_poly *a, const oracle_poly *b)
{
    return edge_len(c->owner == SEPAX_OWNER_A ? a : b, c->edge);
}

static double box_diagonal(const oracle_poly *a, const oracle_poly *b)
{
    double lox = INFINITY, loy = INFINITY, hix = -INFINITY, hiy = -INFINITY;
    const oracle_poly *ps[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < ps[k]->n; i++) {
            lox = fmin(lox, ps[k]->x[i]);
            hix = fmax(hix, ps[k]->x[i]);
            loy = fmin(loy, ps[k]->y[i]);
            hiy = fmax(hiy, ps[k]->y[i]);
        }
    }
    return hypot(hix - lox, hiy - loy);
}

/* The library's formula for one face, in double on the float world
 * vertices: the smallest n.(v - f) over the other shape's vertices v, with
 * f the face's first vertex and n the face owner's outward normal.
 * Products of floats are exact in double, so given the library's own
 * normal this is the value its kernel computes, less its rounding. */
static double face_value(const oracle_poly *face, int edge, const oracle_poly *other, double nx,
                         double ny)
{
    const double fx = face->x[edge], fy = face->y[edge];
    double lo = INFINITY;
    for (int j = 0; j < other->n; j++)
        lo = fmin(lo, nx * (other->x[j] - fx) + ny * (other->y[j] - fy));
    return lo;
}

/* The returned normal is A's outward one, or minus B's when B owns it. */
static double own_formula(const sepax_result *r, const oracle_poly *a, const oracle_poly *b)
{
    const int from_a = r->owner == SEPAX_OWNER_A;
    const double sg = from_a ? 1.0 : -1.0;
    return face_value(from_a ? a : b, r->edge, from_a ? b : a, sg * r->normal.x, sg * r->normal.y);
}

static double two_sided(const oracle_poly *a, const oracle_poly *b, double ux, double uy)
{
    double ahi = -INFINITY, blo = INFINITY;
    for (int i = 0; i < a->n; i++)
        ahi = fmax(ahi, ux * a->x[i] + uy * a->y[i]);
    for (int j = 0; j < b->n; j++)
        blo = fmin(blo, ux * b->x[j] + uy * b->y[j]);
    return blo - ahi;
}

/* How the library reads each of the oracle's candidate axes. It holds the
 * exact face normal (the local normal, rotated) rounded to float, not the
 * normal of the rounded world edge that the oracle rebuilds, and measures
 * from the face's first vertex rather than from the whole shape's extreme.
 * For every candidate this records how far that reading (over the same
 * float vertices, with the exact normal) is from the oracle's value, and
 * the angle between the two directions. Candidates outside the contract
 * (A's normals reversed, B's as they are) the library never reads; they
 * get the two-sided value along the exact normal. Against the
 * exact-placement oracle the directions agree and the difference is the
 * rounding of the vertices. */
typedef struct reading {
    double delta[ORACLE_MAX_CANDIDATES];
    double tilt[ORACLE_MAX_CANDIDATES];
} reading;

static void read_as_library(const oracle_result *o, const oracle_poly *fa, const oracle_poly *fb,
                            const oracle_poly *xa, const oracle_poly *xb, reading *rd)
{
    for (int k = 0; k < o->ncand; k++) {
        const oracle_candidate *c = &o->cand[k];
        const int from_a = c->owner == SEPAX_OWNER_A;
        const oracle_poly *x = from_a ? xa : xb;
        const double nx = x->nx[c->edge], ny = x->ny[c->edge];
        double v;
        if ((from_a && c->sign == 1) || (!from_a && c->sign == -1))
            v = face_value(from_a ? fa : fb, c->edge, from_a ? fb : fa, nx, ny);
        else
            v = two_sided(fa, fb, c->sign * nx, c->sign * ny);
        rd->delta[k] = fabs(v - c->value);
        rd->tilt[k] = hypot(c->sign * nx - c->ux, c->sign * ny - c->uy);
    }
}

/* Whether the library could honestly answer with an axis pointing
 * elsewhere than the oracle's winner: a rival whose value, as the library
 * reads it, can come within its arithmetic (slack) of the winner's, and
 * whose direction differs by more than the two tilts plus the rounding of
 * the library's float normals. oracle_normal_ambiguous takes one value
 * tolerance for every rival; here a short edge's reading moves far more
 * than a long one's, so each rival gets its own. */
static int normal_ambiguous(const oracle_result *o, const reading *rd, double slack)
{
    const int b = o->best;
    const oracle_candidate *w = &o->cand[b];
    for (int k = 0; k < o->ncand; k++) {
        if (k == b)
            continue;
        const oracle_candidate *c = &o->cand[k];
        if (w->value - c->value > rd->delta[b] + rd->delta[k] + 2.0 * slack)
            continue;
        if (hypot(c->ux - w->ux, c->uy - w->uy) > rd->tilt[b] + rd->tilt[k] + 2.0 * NORMAL_ROUND)
            return 1;
    }
    return 0;
}

static void note(worst *w, double ratio, size_t pair)
{
    if (ratio > w->ratio) {
        w->ratio = ratio;
        w->pair = pair;
    }
}

static void print_pair(const sepax_store *s, sepax_pair p, const sepax_result *r, const char *why)
{
    fprintf(stderr, "  %s: pair %u/%u, library separation %a normal (%a, %a) owner %u edge %u\n",
            why, p.a, p.b, r->separation, r->normal.x, r->normal.y, r->owner, r->edge);
    const sepax_shape_id ids[2] = {p.a, p.b};
    for (int k = 0; k < 2; k++) {
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = 0;
        sepax_transform t;
        sepax_shape_vertices(s, ids[k], 0, v, SEPAX_MAX_POLYGON_VERTICES, &n);
        sepax_shape_transform(s, ids[k], &t);
        fprintf(stderr, "    %c: transform p (%a, %a) q (%a, %a), local", k ? 'B' : 'A', t.p.x,
                t.p.y, t.q.c, t.q.s);
        for (uint32_t i = 0; i < n; i++)
            fprintf(stderr, " (%a, %a)", v[i].x, v[i].y);
        fprintf(stderr, "\n");
    }
}

typedef struct row_store {
    size_t count;
    sepax_store *store;
    sepax_pair *pairs;
    placed *where; /* indexed by slot */
    sepax_result *res;
} row_store;

static void build_row(const row_spec *row, size_t count, row_store *rs)
{
    rs->count = count;
    cr_assert_eq(sepax_store_create(NULL, &rs->store), SEPAX_OK);
    rs->pairs = malloc(count * sizeof *rs->pairs);
    rs->where = malloc(2 * count * sizeof *rs->where);
    rs->res = malloc(count * sizeof *rs->res);
    sepax_shape_id *ids = malloc(2 * count * sizeof *ids);
    sepax_transform *xf = malloc(2 * count * sizeof *xf);
    cr_assert(rs->pairs && rs->where && rs->res && ids && xf);
    cases_rng r;
    cases_rng_seed(&r, row->seed);
    for (size_t i = 0; i < count; i++) {
        const sepax_shape_id a = add_shape(rs->store, &r, row->sweep, row->value);
        const sepax_shape_id b = add_shape(rs->store, &r, row->sweep, row->value);
        placed *pa = &rs->where[SEPAX_ID_SLOT(a)], *pb = &rs->where[SEPAX_ID_SLOT(b)];
        place_pair(rs->store, &r, row, a, b, pa, pb);
        ids[2 * i] = a;
        ids[2 * i + 1] = b;
        xf[2 * i] = transform_of(pa);
        xf[2 * i + 1] = transform_of(pb);
        rs->pairs[i] = (sepax_pair){a, b};
    }
    cr_assert_eq(sepax_set_transforms(rs->store, ids, xf, 2 * count), SEPAX_OK);
    cr_assert_eq(sepax_collide(rs->store, rs->pairs, count, rs->res, NULL), SEPAX_OK);
    free(ids);
    free(xf);
}

static void free_row(row_store *rs)
{
    sepax_store_destroy(rs->store);
    free(rs->pairs);
    free(rs->where);
    free(rs->res);
}

typedef struct scratch {
    oracle_poly fa, fb, xa, xb;
    oracle_result fo, xo;
    reading rf, rx;
} scratch;

static void measure_row(const row_store *rs, scratch *w, row_stats *st)
{
    memset(st, 0, sizeof *st);
    for (size_t i = 0; i < rs->count; i++) {
        const sepax_pair p = rs->pairs[i];
        const sepax_result *r = &rs->res[i];
        cr_assert_eq(oracle_poly_from_store(rs->store, p.a, &w->fa), SEPAX_OK);
        cr_assert_eq(oracle_poly_from_store(rs->store, p.b, &w->fb), SEPAX_OK);
        oracle_collide(&w->fa, &w->fb, &w->fo);
        exact_poly(rs->store, p.a, &rs->where[SEPAX_ID_SLOT(p.a)], &w->xa);
        exact_poly(rs->store, p.b, &rs->where[SEPAX_ID_SLOT(p.b)], &w->xb);
        oracle_collide(&w->xa, &w->xb, &w->xo);
        st->pairs++;

        const double scale = oracle_scale(&w->fa, &w->fb);
        const double diag = box_diagonal(&w->fa, &w->fb);
        /* What the library's own rounding may add to any axis value: its
         * arithmetic, and its float normal against the exact one. */
        const double slack = (RESID_C * EPS + NORMAL_ROUND) * diag;
        const int hit = (r->flags & SEPAX_HIT) != 0;
        if (hit != w->fo.hit) {
            /* Only a pair within the depth bound of touching may differ. */
            if (fabs(w->fo.separation) > DEPTH_C * EPS * scale)
                st->hit_disagree++;
            continue;
        }
        if (!hit)
            continue;
        st->hits++;

        const double lw = cand_len(&w->fo.cand[w->fo.best], &w->fa, &w->fb);
        const double llib = edge_len(r->owner == SEPAX_OWNER_A ? &w->fa : &w->fb, r->edge);
        const double l = fmin(lw, llib);
        st->max_scale_over_l = fmax(st->max_scale_over_l, scale / l);

        const double derr = fabs((double)r->separation - w->fo.separation);
        st->depth_abs = fmax(st->depth_abs, derr);
        note(&st->depth, derr / (EPS * scale), i);

        const double resid = fabs((double)r->separation - own_formula(r, &w->fa, &w->fb));
        note(&st->resid, resid / (EPS * diag), i);

        read_as_library(&w->fo, &w->fa, &w->fb, &w->xa, &w->xb, &w->rf);
        if (normal_ambiguous(&w->fo, &w->rf, slack)) {
            st->normal_skipped++;
        } else {
            st->normal_checked++;
            const double nerr = hypot(r->normal.x - w->fo.nx, r->normal.y - w->fo.ny);
            st->normal_abs = fmax(st->normal_abs, nerr);
            note(&st->normal, nerr / (EPS * scale / l), i);
        }

        if (w->xo.hit) {
            const double xscale = oracle_scale(&w->xa, &w->xb);
            const double xerr = fabs((double)r->separation - w->xo.separation);
            st->xdepth_abs = fmax(st->xdepth_abs, xerr);
            st->xdepth_eps = fmax(st->xdepth_eps, xerr / (EPS * xscale));
            read_as_library(&w->xo, &w->fa, &w->fb, &w->xa, &w->xb, &w->rx);
            if (normal_ambiguous(&w->xo, &w->rx, slack)) {
                st->xnormal_skipped++;
            } else {
                st->xnormal_checked++;
                st->xnormal_abs =
                    fmax(st->xnormal_abs, hypot(r->normal.x - w->xo.nx, r->normal.y - w->xo.ny));
            }
        }
    }
}

static void write_table(FILE *f, const row_stats *st, const char *backend)
{
    fprintf(f,
            "sepax_collide precision, backend %s, %d overlapping pairs per row. eps = "
            "FLT_EPSILON; scale = oracle_scale (largest |coordinate| or the pair's extent); "
            "D = diagonal of the pair's box; L = winning edge length. Kernel columns compare "
            "with the double oracle on the library's own float world vertices; exact columns "
            "with the shapes placed in double.\n\n",
            backend, ROW_PAIRS);
    fprintf(f, "| row | pairs | hits | depth err | depth /(eps*scale) (bound %g) "
               "| residual /(eps*D) (bound %g) | normals checked/skipped | normal err "
               "| normal /(eps*scale/L) (bound %g) | max scale/L | exact: depth err "
               "| exact: depth /(eps*scale) | exact: normals checked/skipped "
               "| exact: normal err |\n",
            DEPTH_C, RESID_C, NORMAL_C);
    fprintf(f, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (size_t k = 0; k < NROWS; k++) {
        const row_stats *s = &st[k];
        fprintf(f,
                "| %s | %zu | %zu | %.3g | %.3g | %.3g | %zu/%zu | %.3g | %.3g | %.3g | %.3g "
                "| %.3g | %zu/%zu | %.3g |\n",
                ROWS[k].label, s->pairs, s->hits, s->depth_abs, s->depth.ratio, s->resid.ratio,
                s->normal_checked, s->normal_skipped, s->normal_abs, s->normal.ratio,
                s->max_scale_over_l, s->xdepth_abs, s->xdepth_eps, s->xnormal_checked,
                s->xnormal_skipped, s->xnormal_abs);
    }
    fprintf(f,
            "\nEnforced on the kernel columns:\n"
            "- depth error <= %g * eps * scale\n"
            "- residual (separation against the library's own formula in double) "
            "<= %g * eps * D\n"
            "- normal error <= %g * eps * scale / L, where the winner is not ambiguous\n",
            DEPTH_C, RESID_C, NORMAL_C);
}

Test(precision, table, .timeout = 300)
{
    row_stats st[NROWS];
    scratch *w = malloc(sizeof *w);
    cr_assert(w);
    sepax_backend backend = SEPAX_BACKEND_SCALAR;
    /* Kept open across rows so that a failing row can print its worst
     * pairs from the store that produced them. */
    row_store rs[NROWS];
    for (size_t k = 0; k < NROWS; k++) {
        build_row(&ROWS[k], ROW_PAIRS, &rs[k]);
        backend = sepax_store_backend(rs[k].store);
        measure_row(&rs[k], w, &st[k]);
    }
    free(w);

    const char *name = sepax_backend_name(backend);
    write_table(stderr, st, name);
    const char *path = getenv("SEPAX_PRECISION_TABLE");
    if (path && *path) {
        FILE *f = fopen(path, "w");
        cr_expect(f != NULL, "cannot write %s", path);
        if (f) {
            write_table(f, st, name);
            fclose(f);
        }
    }

    for (size_t k = 0; k < NROWS; k++) {
        const row_stats *s = &st[k];
        const char *label = ROWS[k].label;
        cr_expect_eq(s->hit_disagree, 0u, "%s: %zu pairs disagree on hit beyond the bound", label,
                     s->hit_disagree);
        /* Enough comparisons for the row to mean something. */
        cr_expect_geq(s->hits, ROW_PAIRS / 2, "%s: only %zu hits", label, s->hits);
        cr_expect_geq(s->normal_checked, s->hits / 2, "%s: only %zu of %zu normals compared",
                      label, s->normal_checked, s->hits);
        if (s->resid.ratio > RESID_C) {
            print_pair(rs[k].store, rs[k].pairs[s->resid.pair], &rs[k].res[s->resid.pair],
                       "worst residual");
            cr_expect_fail("%s: residual %.3g eps*D > %g", label, s->resid.ratio, RESID_C);
        }
        if (s->depth.ratio > DEPTH_C) {
            print_pair(rs[k].store, rs[k].pairs[s->depth.pair], &rs[k].res[s->depth.pair],
                       "worst depth");
            cr_expect_fail("%s: depth error %.3g eps*scale > %g", label, s->depth.ratio,
                           DEPTH_C);
        }
        if (s->normal.ratio > NORMAL_C) {
            print_pair(rs[k].store, rs[k].pairs[s->normal.pair], &rs[k].res[s->normal.pair],
                       "worst normal");
            cr_expect_fail("%s: normal error %.3g eps*scale/L > %g", label, s->normal.ratio,
                           NORMAL_C);
        }
    }
    for (size_t k = 0; k < NROWS; k++)
        free_row(&rs[k]);
}

/* The residual bound has to be able to fail. The same formula evaluated in
 * float on absolute coordinates, as a kernel that skipped the shift to a
 * vertex of the pair would, misses it by orders of magnitude far from the
 * origin, while the depth bound alone (a few eps * scale) would let it
 * through. */
Test(precision, residual_bound_catches_absolute_coordinates)
{
    const row_spec row = {"offset 1e5", SWEEP_OFFSET, 1e5, 105};
    row_store rs;
    build_row(&row, 1000, &rs);
    oracle_poly *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    cr_assert(a && b);
    double worst_naive = 0.0, worst_library = 0.0;
    size_t hits = 0;
    for (size_t i = 0; i < rs.count; i++) {
        const sepax_result *r = &rs.res[i];
        if (!(r->flags & SEPAX_HIT))
            continue;
        hits++;
        cr_assert_eq(oracle_poly_from_store(rs.store, rs.pairs[i].a, a), SEPAX_OK);
        cr_assert_eq(oracle_poly_from_store(rs.store, rs.pairs[i].b, b), SEPAX_OK);
        const int from_a = r->owner == SEPAX_OWNER_A;
        const oracle_poly *face = from_a ? a : b, *other = from_a ? b : a;
        const float sg = from_a ? 1.0f : -1.0f;
        const float nx = sg * r->normal.x, ny = sg * r->normal.y;
        /* The oracle's doubles hold the float vertices exactly. */
        const float c = nx * (float)face->x[r->edge] + ny * (float)face->y[r->edge];
        float lo = INFINITY;
        for (int j = 0; j < other->n; j++) {
            const float e = nx * (float)other->x[j] + ny * (float)other->y[j];
            lo = e < lo ? e : lo;
        }
        const double exact = own_formula(r, a, b), diag = box_diagonal(a, b);
        worst_naive = fmax(worst_naive, fabs((double)(lo - c) - exact) / (EPS * diag));
        worst_library = fmax(worst_library, fabs((double)r->separation - exact) / (EPS * diag));
    }
    fprintf(stderr,
            "offset 1e5, %zu hits: residual of absolute-coordinate float arithmetic %.3g eps*D, "
            "of the library %.3g eps*D (bound %g)\n",
            hits, worst_naive, worst_library, RESID_C);
    cr_expect_geq(hits, rs.count / 2);
    cr_expect_leq(worst_library, RESID_C);
    cr_expect_gt(worst_naive, 100.0 * RESID_C, "absolute coordinates gave only %.3g eps*D",
                 worst_naive);
    free(a);
    free(b);
    free_row(&rs);
}
