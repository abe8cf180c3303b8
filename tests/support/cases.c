#include "support/cases.h"
#include "support/fingerprint3.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2d/store.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- random numbers ---------------------------------------------------- */

void cases_rng_seed(cases_rng *r, uint64_t seed)
{
    r->state = seed ^ 0x243F6A8885A308D3ull;
}

uint64_t cases_rng_next(cases_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double cases_rng_unit(cases_rng *r)
{
    return (double)(cases_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

double cases_rng_range(cases_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * cases_rng_unit(r);
}

int cases_rng_int(cases_rng *r, int lo, int hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo + 1);
    return lo + (int)(cases_rng_next(r) % span);
}

void cases_shuffle(cases_rng *r, void *items, size_t n, size_t size)
{
    unsigned char *p = items, t[64];
    for (size_t i = n > 0 ? n - 1 : 0; i > 0; i--) {
        const size_t j = (size_t)cases_rng_int(r, 0, (int)i);
        memcpy(t, p + i * size, size);
        memcpy(p + i * size, p + j * size, size);
        memcpy(p + j * size, t, size);
    }
}

void cases_shuffle_pairs(cases_rng *r, sepax_pair *pairs, size_t n)
{
    cases_shuffle(r, pairs, n, sizeof *pairs);
}

void cases_fill_bytes(cases_rng *r, void *bytes, size_t count)
{
    unsigned char *p = bytes;
    for (size_t k = 0; k < count; k++)
        p[k] = (uint8_t)cases_rng_next(r);
}

/* ---- families ------------------------------------------------------------ */

static const char *const family_names[CASE_FAMILY_COUNT] = {
    "overlap", "separated", "touch-edge", "touch-vertex", "touch-rotated",
    "identical", "contained", "tiny", "huge", "parallel",
};

const char *case_family_name(case_family f)
{
    if ((unsigned)f >= CASE_FAMILY_COUNT)
        return "?";
    return family_names[f];
}

cases_config cases_config_default(void)
{
    cases_config c;
    c.families = 0;
    c.huge_offset = 1e5;
    c.max_vertices = SEPAX_MAX_POLYGON_VERTICES;
    return c;
}

/* ---- shapes under construction ----------------------------------------- */

#define MAXV SEPAX_MAX_POLYGON_VERTICES

typedef struct spec {
    int is_box;
    int n;
    double x[MAXV], y[MAXV]; /* counter-clockwise, local frame */
    sepax_vec2 centre, half; /* box */
    float angle;
    sepax_transform xf;
} spec;

typedef struct builder {
    cases_rng rng;
    const cases_config *cfg;
    sepax_store *store;
    sepax_shape_id *ids;
    sepax_transform *xfs;
    size_t nshapes;
    char *msg;
    size_t msg_size;
} builder;

static double unit(builder *b) { return cases_rng_unit(&b->rng); }
static double range(builder *b, double lo, double hi) { return cases_rng_range(&b->rng, lo, hi); }
static int irange(builder *b, int lo, int hi) { return cases_rng_int(&b->rng, lo, hi); }

/* Vertex counts lean to the small polygons real scenes hold, with a tail
 * up to the limit so the long loops are exercised too. */
static int pick_vertex_count(builder *b)
{
    int hi = b->cfg->max_vertices;
    if (hi < 3)
        hi = 3;
    if (hi > MAXV)
        hi = MAXV;
    double u = unit(b);
    int n;
    if (u < 0.70)
        n = irange(b, 3, 8);
    else if (u < 0.90)
        n = irange(b, 9, 24);
    else if (u < 0.97)
        n = irange(b, 25, 63);
    else
        n = MAXV;
    return n > hi ? hi : n;
}

/* Distinct, strictly convex, counter-clockwise, with every corner far
 * enough from straight that cleaning (1e-5 of the diagonal) keeps it. */
static int strictly_convex(const double *x, const double *y, int n)
{
    if (n < 3)
        return 0;
    double lox = x[0], hix = x[0], loy = y[0], hiy = y[0];
    for (int i = 1; i < n; i++) {
        lox = fmin(lox, x[i]);
        hix = fmax(hix, x[i]);
        loy = fmin(loy, y[i]);
        hiy = fmax(hiy, y[i]);
    }
    double diag = hypot(hix - lox, hiy - loy);
    if (!(diag > 0))
        return 0;
    double turn = 0;
    for (int i = 0; i < n; i++) {
        int p = (i + n - 1) % n, q = (i + 1) % n;
        double ax = x[i] - x[p], ay = y[i] - y[p];
        double bx = x[q] - x[i], by = y[q] - y[i];
        double cx = x[q] - x[p], cy = y[q] - y[p];
        double cross = ax * by - ay * bx;
        double base = hypot(cx, cy);
        if (hypot(bx, by) < 1e-3 * diag)
            return 0;
        if (!(cross > 0) || cross / base < 1e-4 * diag)
            return 0;
        turn += atan2(cross, ax * bx + ay * by);
    }
    /* One full turn, not two: rules out star-shaped outlines. */
    return fabs(turn - 2 * M_PI) < 1e-6;
}

/* Points on a circle at jittered angles, stretched along a random
 * direction: convex by construction, centred on the origin. */
static void round_polygon(builder *b, spec *s, int n, double radius, double aspect)
{
    for (int attempt = 0;; attempt++) {
        double phase = range(b, 0, 2 * M_PI);
        double dir = range(b, 0, M_PI);
        double cd = cos(dir), sd = sin(dir);
        double jitter = attempt < 8 ? 0.3 : 0.0;
        double st = attempt < 4 ? aspect : 1.0;
        for (int i = 0; i < n; i++) {
            double t = phase + (i + jitter * range(b, -1, 1)) * 2 * M_PI / n;
            double px = radius * cos(t), py = radius * sin(t);
            double along = (px * cd + py * sd) * st;
            double across = -px * sd + py * cd;
            s->x[i] = along * cd - across * sd;
            s->y[i] = along * sd + across * cd;
        }
        s->n = n;
        s->is_box = 0;
        /* Round to float now so that what is checked is what is added. */
        for (int i = 0; i < n; i++) {
            s->x[i] = (float)s->x[i];
            s->y[i] = (float)s->y[i];
        }
        if (strictly_convex(s->x, s->y, n) || attempt >= 12)
            return;
    }
}

static double circumradius(const spec *s)
{
    double r = 0;
    for (int i = 0; i < s->n; i++)
        r = fmax(r, hypot(s->x[i], s->y[i]));
    return r;
}

/* Smallest distance from the origin to an edge line: the radius of a
 * circle about the origin that fits inside. */
static double inradius(const spec *s)
{
    double r = INFINITY;
    for (int i = 0; i < s->n; i++) {
        int j = (i + 1) % s->n;
        double ex = s->x[j] - s->x[i], ey = s->y[j] - s->y[i];
        double d = (ex * s->y[i] - ey * s->x[i]) / hypot(ex, ey);
        r = fmin(r, -d);
    }
    return r;
}

/* A convex polygon with integer coordinates: a rounded circle polygon on
 * a coarse lattice, falling back to a lattice box. */
static void lattice_polygon(builder *b, spec *s, int max_n)
{
    int radius = irange(b, 6, 40);
    int n = irange(b, 3, max_n);
    for (int attempt = 0; attempt < 16; attempt++) {
        double phase = range(b, 0, 2 * M_PI);
        for (int i = 0; i < n; i++) {
            double t = phase + (i + 0.3 * range(b, -1, 1)) * 2 * M_PI / n;
            s->x[i] = nearbyint(radius * cos(t));
            s->y[i] = nearbyint(radius * sin(t));
        }
        s->n = n;
        s->is_box = 0;
        if (strictly_convex(s->x, s->y, n))
            return;
        if (n > 3 && attempt % 4 == 3)
            n--;
    }
    int w = irange(b, 1, radius), h = irange(b, 1, radius);
    double bx[4] = {-w, w, w, -w}, by[4] = {-h, -h, h, h};
    s->n = 4;
    memcpy(s->x, bx, sizeof bx);
    memcpy(s->y, by, sizeof by);
}

static void scale_spec(spec *s, double k)
{
    for (int i = 0; i < s->n; i++) {
        s->x[i] *= k;
        s->y[i] *= k;
    }
}

static void move_spec(spec *s, double dx, double dy)
{
    for (int i = 0; i < s->n; i++) {
        s->x[i] += dx;
        s->y[i] += dy;
    }
}

static void rotate_spec(spec *s, double angle, double ox, double oy)
{
    double c = cos(angle), sn = sin(angle);
    for (int i = 0; i < s->n; i++) {
        double x = s->x[i] - ox, y = s->y[i] - oy;
        s->x[i] = ox + c * x - sn * y;
        s->y[i] = oy + sn * x + c * y;
    }
}

/* Point reflection through (cx, cy): a half turn, so the winding stays
 * counter-clockwise. Exact on lattice coordinates. */
static void reflect_spec(spec *dst, const spec *src, double cx, double cy)
{
    dst->is_box = 0;
    dst->n = src->n;
    for (int i = 0; i < src->n; i++) {
        dst->x[i] = 2 * cx - src->x[i];
        dst->y[i] = 2 * cy - src->y[i];
    }
}

static void round_to_float(spec *s)
{
    for (int i = 0; i < s->n; i++) {
        s->x[i] = (float)s->x[i];
        s->y[i] = (float)s->y[i];
    }
}

static sepax_transform general_xf(builder *b, double px, double py)
{
    double a = range(b, -M_PI, M_PI);
    sepax_transform t;
    t.p.x = (float)px;
    t.p.y = (float)py;
    t.q.c = (float)cos(a);
    t.q.s = (float)sin(a);
    return t;
}

/* A quarter turn and a position on a 1/64 lattice: world coordinates
 * p + R * local stay exactly representable. */
static sepax_transform exact_xf(builder *b)
{
    static const float qc[4] = {1, 0, -1, 0}, qs[4] = {0, 1, 0, -1};
    int k = irange(b, 0, 3);
    sepax_transform t;
    t.p.x = (float)(irange(b, -65536, 65536) / 64.0);
    t.p.y = (float)(irange(b, -65536, 65536) / 64.0);
    t.q.c = qc[k];
    t.q.s = qs[k];
    return t;
}

/* ---- adding to the store ------------------------------------------------- */

static sepax_status add_spec(builder *b, spec *s, case_family fam)
{
    sepax_shape_id id = 0;
    sepax_status st;
    if (s->is_box) {
        st = sepax_add_box(b->store, s->centre, s->half, s->angle, &id);
        if (st != SEPAX_OK && b->msg)
            snprintf(b->msg, b->msg_size,
                     "%s: sepax_add_box(centre %.9g %.9g, half %.9g %.9g, angle %.9g) -> %s",
                     case_family_name(fam), s->centre.x, s->centre.y, s->half.x, s->half.y,
                     s->angle, sepax_status_string(st));
    } else {
        sepax_vec2 v[MAXV + 1];
        int n = s->n;
        /* Either winding and a closing duplicate are both valid input;
         * feeding them now and then exercises cleaning on every family. */
        int reverse = unit(b) < 0.15;
        for (int i = 0; i < n; i++) {
            int k = reverse ? n - 1 - i : i;
            v[i].x = (float)s->x[k];
            v[i].y = (float)s->y[k];
        }
        size_t count = (size_t)n;
        if (unit(b) < 0.05)
            v[count++] = v[0];
        st = sepax_add_polygon(b->store, v, count, &id);
        if (st != SEPAX_OK && b->msg) {
            int len = snprintf(b->msg, b->msg_size, "%s: sepax_add_polygon(%zu vertices%s) -> %s:",
                               case_family_name(fam), count, reverse ? ", reversed" : "",
                               sepax_status_string(st));
            for (size_t i = 0; i < count && len > 0 && (size_t)len < b->msg_size; i++)
                len += snprintf(b->msg + len, b->msg_size - (size_t)len, " (%.9g, %.9g)",
                                v[i].x, v[i].y);
        }
    }
    if (st == SEPAX_OK) {
        b->ids[b->nshapes] = id;
        b->xfs[b->nshapes] = s->xf;
        b->nshapes++;
    }
    return st;
}

/* ---- the families ----------------------------------------------------- */

/* Two random polygons with their own transforms at a given centre
 * distance. size scales the shapes, (ox, oy) is where the pair sits. */
static void make_apart(builder *b, spec *A, spec *B, double size, double ox, double oy,
                       int overlap)
{
    round_polygon(b, A, pick_vertex_count(b), size * range(b, 0.2, 3), range(b, 1, 3));
    round_polygon(b, B, pick_vertex_count(b), size * range(b, 0.2, 3), range(b, 1, 3));
    double ra = circumradius(A), rb = circumradius(B);
    double d;
    if (overlap) {
        d = (ra + rb) * 0.95 * unit(b);
    } else {
        double u = unit(b), gap;
        if (u < 0.5)
            gap = range(b, 0, 0.5);
        else if (u < 0.8)
            gap = pow(10, range(b, -6, -2));
        else
            gap = 0;
        d = (ra + rb) * (1 + gap);
    }
    double t = range(b, 0, 2 * M_PI);
    A->xf = general_xf(b, ox, oy);
    B->xf = general_xf(b, ox + d * cos(t), oy + d * sin(t));
}

/* A small polygon inside a big one, both given in the big one's frame. */
static void make_contained(builder *b, spec *A, spec *B, double size, double ox, double oy)
{
    round_polygon(b, A, pick_vertex_count(b), size * range(b, 1, 10), range(b, 1, 2));
    double rho = inradius(A);
    double u = unit(b);
    /* Mostly well inside; sometimes nearly filling it. */
    double frac = u < 0.8 ? range(b, 0.05, 0.6) : range(b, 0.9, 0.999);
    int nb = pick_vertex_count(b);
    round_polygon(b, B, nb, 1.0, range(b, 1, 2));
    double rb = circumradius(B);
    scale_spec(B, frac * rho / rb);
    double room = rho * (1 - frac) * 0.9;
    double t = range(b, 0, 2 * M_PI), d = room * unit(b);
    move_spec(B, d * cos(t), d * sin(t));
    round_to_float(B);
    A->xf = general_xf(b, ox, oy);
    B->xf = A->xf;
}

/* Lattice polygon A and a lattice B on the far side of one of A's edges,
 * sharing all or part of it (or only an end), in exact coordinates. */
static void make_touch_edge(builder *b, spec *A, spec *B)
{
    lattice_polygon(b, A, 10);
    /* Scaling first puts more lattice points on every edge. */
    scale_spec(A, 4);
    int i = irange(b, 0, A->n - 1), j = (i + 1) % A->n;
    double ex = A->x[j] - A->x[i], ey = A->y[j] - A->y[i];
    if (unit(b) < 0.4) {
        reflect_spec(B, A, (A->x[i] + A->x[j]) / 2, (A->y[i] + A->y[j]) / 2);
    } else {
        /* A parallelogram whose base lies on the edge line, from t0 to t1
         * in quarters of the edge, possibly overhanging either end. */
        int t0 = irange(b, -2, 3), t1 = irange(b, t0 + 1, 6);
        double qx = ex / 4, qy = ey / 4;
        int out = irange(b, 1, 4), slide = irange(b, -3, 3);
        double wx = ey / 4 * out + qx * slide;
        double wy = -ex / 4 * out + qy * slide;
        double p0x = A->x[i] + qx * t0, p0y = A->y[i] + qy * t0;
        double p1x = A->x[i] + qx * t1, p1y = A->y[i] + qy * t1;
        /* Counter-clockwise seen from B: out from p0, along, back to p1. */
        double xs[4] = {p0x, p0x + wx, p1x + wx, p1x};
        double ys[4] = {p0y, p0y + wy, p1y + wy, p1y};
        B->is_box = 0;
        B->n = 4;
        memcpy(B->x, xs, sizeof xs);
        memcpy(B->y, ys, sizeof ys);
    }
}

/* Lattice A and a lattice B meeting at a point: A's reflection through
 * one of its vertices, or B's extreme vertex set on a lattice point of one
 * of A's edges. */
static void make_touch_vertex(builder *b, spec *A, spec *B)
{
    lattice_polygon(b, A, 10);
    scale_spec(A, 4);
    int i = irange(b, 0, A->n - 1), j = (i + 1) % A->n;
    if (unit(b) < 0.4) {
        reflect_spec(B, A, A->x[i], A->y[i]);
        return;
    }
    lattice_polygon(b, B, 10);
    double nx = A->y[j] - A->y[i], ny = -(A->x[j] - A->x[i]);
    int k = 0;
    for (int m = 1; m < B->n; m++)
        if (nx * B->x[m] + ny * B->y[m] < nx * B->x[k] + ny * B->y[k])
            k = m;
    int t = irange(b, 0, 4);
    double px = A->x[i] + (A->x[j] - A->x[i]) * t / 4;
    double py = A->y[i] + (A->y[j] - A->y[i]) * t / 4;
    move_spec(B, px - B->x[k], py - B->y[k]);
}

static void make_identical(builder *b, spec *A, spec *B, double size, double ox, double oy)
{
    round_polygon(b, A, pick_vertex_count(b), size * range(b, 0.2, 3), range(b, 1, 3));
    *B = *A;
    A->xf = general_xf(b, ox, oy);
    B->xf = A->xf;
    double u = unit(b);
    if (u < 0.3) {
        double d = size * pow(10, range(b, -6, -3)), t = range(b, 0, 2 * M_PI);
        B->xf.p.x = (float)(ox + d * cos(t));
        B->xf.p.y = (float)(oy + d * sin(t));
    } else if (u < 0.5) {
        double a = atan2(A->xf.q.s, A->xf.q.c) + pow(10, range(b, -6, -3));
        B->xf.q.c = (float)cos(a);
        B->xf.q.s = (float)sin(a);
    }
}

static void make_parallel(builder *b, spec *A, spec *B, double size, double ox, double oy)
{
    double delta = pow(10, range(b, -7, -2)) * (unit(b) < 0.5 ? -1 : 1);
    double gap = size * pow(10, range(b, -6, -2)) * (unit(b) < 0.5 ? -1 : 1);
    if (unit(b) < 0.5) {
        double hx = size * range(b, 0.2, 3), hy = size * range(b, 0.2, 3);
        double hx2 = size * range(b, 0.2, 3), hy2 = size * range(b, 0.2, 3);
        A->is_box = 1;
        A->centre.x = 0;
        A->centre.y = 0;
        A->half.x = (float)hx;
        A->half.y = (float)hy;
        A->angle = 0;
        B->is_box = 1;
        B->centre.x = (float)(range(b, -hx, hx));
        /* The rotated box's lowest corner sits about gap above A's top. */
        double drop = fabs(sin(delta)) * hx2 + cos(delta) * hy2;
        B->centre.y = (float)(hy + drop + gap);
        B->half.x = (float)hx2;
        B->half.y = (float)hy2;
        B->angle = (float)delta;
    } else {
        round_polygon(b, A, pick_vertex_count(b), size * range(b, 0.2, 3), range(b, 1, 3));
        int i = irange(b, 0, A->n - 1), j = (i + 1) % A->n;
        double mx = (A->x[i] + A->x[j]) / 2, my = (A->y[i] + A->y[j]) / 2;
        double ex = A->x[j] - A->x[i], ey = A->y[j] - A->y[i], el = hypot(ex, ey);
        reflect_spec(B, A, mx, my);
        rotate_spec(B, delta, mx, my);
        move_spec(B, ey / el * gap, -ex / el * gap);
        round_to_float(B);
    }
    A->xf = general_xf(b, ox, oy);
    B->xf = A->xf;
}

static sepax_status build_case(builder *b, case_family fam, spec *A, spec *B)
{
    double ox = range(b, -100, 100), oy = range(b, -100, 100);
    memset(A, 0, sizeof *A);
    memset(B, 0, sizeof *B);
    switch (fam) {
    case CASE_OVERLAP:
        make_apart(b, A, B, 1.0, ox, oy, 1);
        break;
    case CASE_SEPARATED:
        make_apart(b, A, B, 1.0, ox, oy, 0);
        break;
    case CASE_TOUCH_EDGE:
    case CASE_TOUCH_VERTEX: {
        if (fam == CASE_TOUCH_EDGE)
            make_touch_edge(b, A, B);
        else
            make_touch_vertex(b, A, B);
        /* Lattice units of 1/16 .. 1 keep every coordinate exact. */
        double unit_len = ldexp(1.0, -irange(b, 0, 4));
        scale_spec(A, unit_len);
        scale_spec(B, unit_len);
        A->xf = exact_xf(b);
        B->xf = A->xf;
        break;
    }
    case CASE_TOUCH_ROTATED: {
        if (unit(b) < 0.5)
            make_touch_edge(b, A, B);
        else
            make_touch_vertex(b, A, B);
        double k = range(b, 0.01, 0.1);
        scale_spec(A, k);
        scale_spec(B, k);
        round_to_float(A);
        round_to_float(B);
        A->xf = general_xf(b, ox, oy);
        B->xf = A->xf;
        break;
    }
    case CASE_IDENTICAL:
        make_identical(b, A, B, 1.0, ox, oy);
        break;
    case CASE_CONTAINED:
        make_contained(b, A, B, 1.0, ox, oy);
        break;
    case CASE_TINY:
    case CASE_HUGE: {
        double size, px, py;
        if (fam == CASE_TINY) {
            size = 1e-3;
            px = range(b, -1e-2, 1e-2);
            py = range(b, -1e-2, 1e-2);
        } else {
            double off = b->cfg->huge_offset;
            size = pow(10, range(b, 0, 2));
            px = (unit(b) < 0.5 ? -1 : 1) * off * range(b, 0.5, 1);
            py = (unit(b) < 0.5 ? -1 : 1) * off * range(b, 0.5, 1);
        }
        int which = irange(b, 0, 3);
        if (which == 0)
            make_apart(b, A, B, size, px, py, 1);
        else if (which == 1)
            make_apart(b, A, B, size, px, py, 0);
        else if (which == 2)
            make_contained(b, A, B, size, px, py);
        else
            make_parallel(b, A, B, size, px, py);
        break;
    }
    case CASE_PARALLEL:
    default:
        make_parallel(b, A, B, 1.0, ox, oy);
        break;
    }
    sepax_status st = add_spec(b, A, fam);
    if (st != SEPAX_OK)
        return st;
    st = add_spec(b, B, fam);
    return st;
}

void cases_free(case_set *set)
{
    if (!set)
        return;
    free(set->pairs);
    free(set->family);
    memset(set, 0, sizeof *set);
}

sepax_status cases_build(sepax_store *store, uint64_t seed, size_t pair_count,
                         const cases_config *cfg, case_set *out, char *msg, size_t msg_size)
{
    cases_config defaults = cases_config_default();
    if (!cfg)
        cfg = &defaults;
    memset(out, 0, sizeof *out);
    if (msg && msg_size)
        msg[0] = '\0';
    size_t ncases = (pair_count + 1) / 2;
    size_t nshapes = ncases * 2;

    builder b;
    memset(&b, 0, sizeof b);
    cases_rng_seed(&b.rng, seed);
    b.cfg = cfg;
    b.store = store;
    b.msg = msg;
    b.msg_size = msg_size;
    b.ids = malloc((nshapes ? nshapes : 1) * sizeof *b.ids);
    b.xfs = malloc((nshapes ? nshapes : 1) * sizeof *b.xfs);
    out->pairs = malloc((nshapes ? nshapes : 1) * sizeof *out->pairs);
    out->family = malloc(nshapes ? nshapes : 1);
    spec *A = malloc(sizeof *A), *B = malloc(sizeof *B);
    sepax_status st = SEPAX_OK;
    if (!b.ids || !b.xfs || !out->pairs || !out->family || !A || !B) {
        st = SEPAX_ERR_OUT_OF_MEMORY;
        goto done;
    }

    unsigned mask = cfg->families ? cfg->families : (1u << CASE_FAMILY_COUNT) - 1;
    case_family enabled[CASE_FAMILY_COUNT];
    int nenabled = 0;
    for (int f = 0; f < CASE_FAMILY_COUNT; f++)
        if (mask & (1u << f))
            enabled[nenabled++] = (case_family)f;
    if (nenabled == 0) {
        st = SEPAX_ERR_BAD_ARGUMENT;
        goto done;
    }

    for (size_t c = 0; c < ncases; c++) {
        case_family fam = enabled[irange(&b, 0, nenabled - 1)];
        st = build_case(&b, fam, A, B);
        if (st != SEPAX_OK)
            goto done;
        sepax_shape_id ia = b.ids[b.nshapes - 2], ib = b.ids[b.nshapes - 1];
        out->pairs[2 * c].a = ia;
        out->pairs[2 * c].b = ib;
        out->pairs[2 * c + 1].a = ib;
        out->pairs[2 * c + 1].b = ia;
        out->family[2 * c] = out->family[2 * c + 1] = (uint8_t)fam;
    }
    out->count = nshapes;
    out->shapes = b.nshapes;

    /* Uneven batches, so that the transform update is not always handed
     * one neat block. */
    for (size_t at = 0; at < b.nshapes;) {
        size_t n = (size_t)irange(&b, 1, 5000);
        if (n > b.nshapes - at)
            n = b.nshapes - at;
        st = sepax_set_transforms(store, b.ids + at, b.xfs + at, n);
        if (st != SEPAX_OK) {
            if (msg)
                snprintf(msg, msg_size, "sepax_set_transforms(%zu transforms from %zu) -> %s", n,
                         at, sepax_status_string(st));
            goto done;
        }
        at += n;
    }

done:
    free(A);
    free(B);
    free(b.ids);
    free(b.xfs);
    if (st != SEPAX_OK)
        cases_free(out);
    return st;
}

/* ---- the backend cross-check --------------------------------------------- */

typedef struct snapshot {
    size_t shapes, vertices;
    sepax_shape_id *ids;
    uint32_t *first, *count;
    sepax_vec2 *v, *lo, *hi;
    sepax_transform *xf;
} snapshot;

static void snapshot_free(snapshot *w)
{
    free(w->ids);
    free(w->first);
    free(w->count);
    free(w->v);
    free(w->lo);
    free(w->hi);
    free(w->xf);
    memset(w, 0, sizeof *w);
}

static int snapshot_take(const sepax_store *s, snapshot *w)
{
    memset(w, 0, sizeof *w);
    uint32_t limit = sepax_store_slot_limit(s);
    size_t n = limit ? limit : 1;
    w->ids = malloc(n * sizeof *w->ids);
    w->first = malloc(n * sizeof *w->first);
    w->count = malloc(n * sizeof *w->count);
    w->lo = malloc(n * sizeof *w->lo);
    w->hi = malloc(n * sizeof *w->hi);
    w->xf = malloc(n * sizeof *w->xf);
    w->v = malloc(n * MAXV * sizeof *w->v);
    if (!w->ids || !w->first || !w->count || !w->lo || !w->hi || !w->xf || !w->v) {
        snapshot_free(w);
        return -1;
    }
    for (uint32_t slot = 0; slot < limit; slot++) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s, slot, &id) != SEPAX_OK)
            continue;
        size_t k = w->shapes++;
        uint32_t cnt = 0;
        w->ids[k] = id;
        w->first[k] = (uint32_t)w->vertices;
        sepax_shape_vertices(s, id, 1, w->v + w->vertices, SEPAX_MAX_POLYGON_VERTICES, &cnt);
        w->count[k] = cnt;
        w->vertices += cnt;
        sepax_shape_aabb(s, id, &w->lo[k], &w->hi[k]);
        sepax_shape_transform(s, id, &w->xf[k]);
    }
    return 0;
}

/* Shapes whose world vertices or box differ from the snapshot. */
static size_t snapshot_diff(const sepax_store *s, const snapshot *w, char *first, size_t size,
                            const char *when)
{
    size_t diffs = 0;
    for (size_t k = 0; k < w->shapes; k++) {
        sepax_vec2 v[MAXV], lo, hi;
        uint32_t cnt = 0;
        sepax_shape_vertices(s, w->ids[k], 1, v, SEPAX_MAX_POLYGON_VERTICES, &cnt);
        sepax_shape_aabb(s, w->ids[k], &lo, &hi);
        int same = cnt == w->count[k] &&
                   memcmp(v, w->v + w->first[k], cnt * sizeof *v) == 0 &&
                   memcmp(&lo, &w->lo[k], sizeof lo) == 0 && memcmp(&hi, &w->hi[k], sizeof hi) == 0;
        if (same)
            continue;
        if (diffs == 0 && first && first[0] == '\0') {
            uint32_t i = 0;
            while (i < cnt && i < w->count[k] &&
                   memcmp(&v[i], &w->v[w->first[k] + i], sizeof v[i]) == 0)
                i++;
            if (i < cnt && i < w->count[k])
                snprintf(first, size,
                         "world columns (%s) of shape %#x: vertex %u is (%.9g, %.9g), scalar "
                         "gives (%.9g, %.9g); transform p (%.9g, %.9g) q (%.9g, %.9g)",
                         when, w->ids[k], i, v[i].x, v[i].y, w->v[w->first[k] + i].x,
                         w->v[w->first[k] + i].y, w->xf[k].p.x, w->xf[k].p.y, w->xf[k].q.c,
                         w->xf[k].q.s);
            else
                snprintf(first, size,
                         "world box (%s) of shape %#x: (%.9g %.9g)-(%.9g %.9g), scalar gives "
                         "(%.9g %.9g)-(%.9g %.9g)",
                         when, w->ids[k], lo.x, lo.y, hi.x, hi.y, w->lo[k].x, w->lo[k].y,
                         w->hi[k].x, w->hi[k].y);
        }
        diffs++;
    }
    return diffs;
}

static void describe_result_diff(const sepax_store *s, const case_set *set, size_t i,
                                 const sepax_result *want, const sepax_result *got,
                                 const char *when, char *out, size_t size)
{
    int len = snprintf(out, size,
                       "pair %zu (%s, %s): separation %.9g normal (%.9g, %.9g) edge %u owner %u "
                       "flags %u; scalar gives %.9g (%.9g, %.9g) edge %u owner %u flags %u.",
                       i, case_family_name((case_family)set->family[i]), when, got->separation,
                       got->normal.x, got->normal.y, got->edge, got->owner, got->flags,
                       want->separation, want->normal.x, want->normal.y, want->edge, want->owner,
                       want->flags);
    const sepax_shape_id ids[2] = {set->pairs[i].a, set->pairs[i].b};
    for (int k = 0; k < 2 && len > 0 && (size_t)len < size; k++) {
        sepax_vec2 v[MAXV];
        uint32_t n = 0;
        sepax_shape_vertices(s, ids[k], 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
        len += snprintf(out + len, size - (size_t)len, " %c:", k ? 'B' : 'A');
        for (uint32_t j = 0; j < n && len > 0 && (size_t)len < size; j++)
            len += snprintf(out + len, size - (size_t)len, " (%a, %a)", v[j].x, v[j].y);
    }
}

static size_t compare_results(const sepax_store *s, const case_set *set, const sepax_result *want,
                              const sepax_result *got, const char *when, cases_check *c)
{
    size_t diffs = 0;
    for (size_t i = 0; i < set->count; i++) {
        if (memcmp(&want[i], &got[i], sizeof want[i]) == 0)
            continue;
        if (diffs == 0 && c->first[0] == '\0')
            describe_result_diff(s, set, i, &want[i], &got[i], when, c->first, sizeof c->first);
        diffs++;
    }
    return diffs;
}

sepax_status cases_crosscheck(const sepax_backend *backends, size_t nbackends, uint64_t seed,
                              size_t pair_count, size_t chunk, const cases_config *cfg,
                              cases_check *out, char *msg, size_t msg_size)
{
    if (msg && msg_size)
        msg[0] = '\0';
    for (size_t k = 0; k < nbackends; k++) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].backend = backends[k];
    }
    if (chunk == 0)
        chunk = 25000;
    /* Cases come in pairs of pairs: an even chunk always has room. */
    chunk += chunk & 1;
    sepax_result *want = malloc(chunk * sizeof *want), *got = malloc(chunk * sizeof *got);
    sepax_hit *hits = malloc(chunk * sizeof *hits);
    sepax_status st = SEPAX_OK;
    if (!want || !got || !hits) {
        st = SEPAX_ERR_OUT_OF_MEMORY;
        goto out;
    }
    for (size_t done = 0, c = 0; done < pair_count; c++) {
        size_t n = pair_count - done < chunk ? pair_count - done : chunk;
        sepax_store *s = NULL;
        case_set set;
        snapshot w;
        memset(&set, 0, sizeof set);
        memset(&w, 0, sizeof w);
        const char *step = "sepax_store_create";
        if ((st = sepax_store_create(NULL, &s)) != SEPAX_OK)
            goto chunk_failed;
        step = "sepax_store_set_backend(scalar)";
        if ((st = sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR)) != SEPAX_OK)
            goto chunk_failed;
        step = "cases_build";
        if ((st = cases_build(s, seed + c * 7919u, n, cfg, &set, msg, msg_size)) != SEPAX_OK)
            goto chunk_failed;
        n = set.count;
        step = "snapshot";
        if (snapshot_take(s, &w) != 0) {
            st = SEPAX_ERR_OUT_OF_MEMORY;
            goto chunk_failed;
        }
        step = "sepax_collide(scalar)";
        if ((st = sepax_collide(s, set.pairs, n, want, NULL)) != SEPAX_OK)
            goto chunk_failed;
        size_t nhits = 0;
        for (size_t i = 0; i < n; i++)
            nhits += (want[i].flags & SEPAX_HIT) != 0;

        for (size_t k = 0; k < nbackends; k++) {
            cases_check *ck = &out[k];
            ck->pairs += n;
            ck->hits += nhits;
            step = "sepax_store_set_backend";
            if ((st = sepax_store_set_backend(s, backends[k])) != SEPAX_OK)
                goto chunk_failed;
            /* Its collision kernel on the scalar world columns. */
            step = "sepax_collide";
            if ((st = sepax_collide(s, set.pairs, n, got, NULL)) != SEPAX_OK)
                goto chunk_failed;
            ck->result_diffs += compare_results(s, &set, want, got, "kernel", ck);
            /* Its world kernel, by id list and over the whole store. */
            step = "sepax_set_transforms";
            if ((st = sepax_set_transforms(s, w.ids, w.xf, w.shapes)) != SEPAX_OK)
                goto chunk_failed;
            size_t wd = snapshot_diff(s, &w, ck->first, sizeof ck->first, "set_transforms");
            step = "sepax_update_world";
            if ((st = sepax_update_world(s)) != SEPAX_OK)
                goto chunk_failed;
            wd += snapshot_diff(s, &w, ck->first, sizeof ck->first, "update_world");
            ck->world_diffs += wd;
            if (wd) {
                /* Same kernel on different input: only worth running when
                 * the world columns moved, to show what that does. */
                step = "sepax_collide";
                if ((st = sepax_collide(s, set.pairs, n, got, NULL)) != SEPAX_OK)
                    goto chunk_failed;
                ck->result_diffs += compare_results(s, &set, want, got, "own world", ck);
            }
            /* The compacted call over the same pairs. It runs the kernel
             * already compared above and only filters, so the first few
             * chunks are enough; that halves the time under emulated
             * vectors and sanitizers. */
            if (c >= 4)
                goto restore;
            size_t hc = 0;
            step = "sepax_collide_hits";
            if ((st = sepax_collide_hits(s, set.pairs, n, hits, n, &hc, NULL)) != SEPAX_OK)
                goto chunk_failed;
            int same = hc == nhits;
            for (size_t i = 0, h = 0; same && i < n; i++) {
                if (!(want[i].flags & SEPAX_HIT))
                    continue;
                same = hits[h].pair == i &&
                       memcmp(&hits[h].result, &want[i], sizeof want[i]) == 0;
                h++;
            }
            if (!same) {
                if (ck->first[0] == '\0')
                    snprintf(ck->first, sizeof ck->first,
                             "sepax_collide_hits: %zu hits, scalar results have %zu, or they "
                             "differ (chunk %zu)", hc, nhits, c);
                ck->hit_list_diffs++;
            }
        restore:
            /* Back to the scalar world for the next backend. */
            step = "restoring scalar";
            if ((st = sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR)) != SEPAX_OK ||
                (st = sepax_update_world(s)) != SEPAX_OK)
                goto chunk_failed;
        }
        snapshot_free(&w);
        cases_free(&set);
        sepax_store_destroy(s);
        done += n;
        continue;
    chunk_failed:
        if (msg && msg_size && msg[0] == '\0')
            snprintf(msg, msg_size, "chunk %zu: %s failed: %s", c, step, sepax_status_string(st));
        snapshot_free(&w);
        cases_free(&set);
        sepax_store_destroy(s);
        goto out;
    }
out:
    free(want);
    free(got);
    free(hits);
    return st;
}


uint64_t cases_store_fingerprint(const sepax_store *s)
{
    uint64_t h = 1469598103934665603ull;
    const uint32_t head[3] = {sepax_store_count(s), sepax_store_slot_limit(s),
                              (uint32_t)sepax_store_backend(s)};
    h = fingerprint_mix(h, head, sizeof head);
    for (uint32_t slot = 0; slot < head[1]; slot++) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s, slot, &id) != SEPAX_OK)
            continue;
        h = fingerprint_mix(h, &id, sizeof id);
        for (int world = 0; world < 2; world++) {
            sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
            uint32_t n = 0;
            if (sepax_shape_vertices(s, id, world, v, SEPAX_MAX_POLYGON_VERTICES, &n) != SEPAX_OK)
                n = 0;
            h = fingerprint_mix(fingerprint_mix(h, &n, sizeof n), v, n * sizeof *v);
        }
        sepax_transform t;
        sepax_vec2 box[2];
        memset(&t, 0, sizeof t);
        memset(box, 0, sizeof box);
        (void)sepax_shape_transform(s, id, &t);
        (void)sepax_shape_aabb(s, id, &box[0], &box[1]);
        h = fingerprint_mix(fingerprint_mix(h, &t, sizeof t), box, sizeof box);
        sepax_shape_desc d = {SEPAX_SHAPE_KIND_COUNT, -1.0f, 0};
        (void)sepax_shape_info(s, id, &d);
        h = fingerprint_mix(fingerprint_mix(h, &d.kind, sizeof d.kind), &d.radius, sizeof d.radius);
    }
    return h;
}

void cases_scrub_world(sepax_store *s)
{
    for (uint32_t i = 0; i < s->core.slot_limit; i++) {
        const sepax_span sp = s->span[i];
        if (!sp.count)
            continue;
        const uint32_t blk = sepax_block_of(sp.count);
        for (uint32_t k = 4 * blk; k < 8 * blk; k++)
            s->pool[sp.offset + k] = 12345.0f;
        s->lo_x[i] = s->lo_y[i] = s->hi_x[i] = s->hi_y[i] = -1.0f;
    }
}

size_t cases_scaled(size_t n)
{
    const char *env = getenv("SEPAX_TEST_SCALE");
    if (!env || !*env)
        return n;
    char *end = NULL;
    const double k = strtod(env, &end);
    if (!end || *end != '\0' || !(k > 0.0) || k >= 1.0)
        return n;
    const size_t floor = n < 1000 ? n : 1000;
    const size_t m = (size_t)((double)n * k);
    return m > floor ? m : floor;
}
