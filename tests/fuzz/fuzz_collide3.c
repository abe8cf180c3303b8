/* Fuzz target: the 3D batch collision calls on every backend, and the
 * scalar reference against an independent double-precision oracle.
 *
 * The input builds 2..6 shapes of every 3D kind (boxes, spheres, hulls of
 * 4 to 64 points, capsules) around one centre up to 1e5 from the origin,
 * in sizes from about 1e-30 (shapes that collapse where they stand) to
 * 64, and in the cases SAT gets wrong most easily:
 *  - resting contact: a shape put exactly against the previous one along
 *    an axis (both unrotated, their boxes read from the store), maybe a
 *    float spacing or 1e-6 of the size in or out;
 *  - edges 1e-7..1e-2 rad from parallel: a rotation shared with the
 *    previous shape, or an exact one, turned by such an angle;
 *  - nested shapes and coincident centres, capsules with the previous
 *    capsule's segment;
 *  - plates and needles of aspect up to 1:1000;
 *  - hulls with nearly coplanar faces (a cube with points 1e-7..1e-3 of
 *    its size off its faces), grid hulls that touch exactly, clouds of up
 *    to 64 points on an ellipsoid, and a box's corners as a hull.
 * Every ordered pair of the live shapes is collided (both orders), and a
 * second list with one bad pair (a removed shape, one shape twice, an id
 * of no slot) put somewhere in it.
 *
 * Checked:
 *  - every available backend computes the scalar reference's world
 *    records byte for byte, and returns its status, bad index and result
 *    bytes for both lists; a refused call writes nothing;
 *  - sepax3_collide_hits, on every backend, lists exactly collide's hits
 *    in pair order up to its capacity, reports the full count, returns
 *    SEPAX_ERR_CAPACITY exactly when the count exceeds the capacity, and
 *    writes nothing past it; refused, it reports 0 hits and the bad index;
 *  - sepax3_collide_hits_cached lists the same hits with records empty,
 *    refilled by its own previous call (so that cached features are
 *    tried), and filled with pseudo-random bytes; the records it leaves
 *    are scalar's on every backend;
 *  - sepax3_collide_hits_tracked lists the plain call's hits at the
 *    scene's pose and after up to three rounds of moves (steps from the
 *    unit down to 10^-6 of it, tiny and whole turns, jumps), its records
 *    carried along: a record must never skip a hit;
 *  - sepax3_collide_manifolds gives, on every backend, scalar's bytes;
 *    each manifold carries its result's normal, separation, flags and
 *    axis, has 1..4 finite points at separations <= 0 when a hit (none
 *    otherwise), zero bytes past them; sepax3_collide_manifolds_hits
 *    lists exactly the hits' manifolds in pair order;
 *  - sepax3_group_pairs groups the list by class as its contract says
 *    (checked against sepax3_pair_group_of), and on every backend
 *    sepax3_collide_grouped gives each grouped pair the plain call's bytes
 *    and sepax3_collide_hits_grouped the plain hits call's over the
 *    grouped list (at a capacity from the input); with one pair moved
 *    across a group boundary (when the input asks) both refuse with
 *    SEPAX_ERR_BAD_PAIR at the lowest pair outside its claimed group and
 *    write nothing; the grouping refuses a bad list as collide does;
 *  - each result is well formed (finite separation, unit normal, the hit
 *    flag is separation <= 0, a known axis, no unknown flag bits);
 *  - the reference agrees with tests/oracle/oracle_hull3.c (two-sided
 *    projections over every face normal and every edge cross product,
 *    exact point and segment distances, nothing shared with the kernels)
 *    within oh3_disagreement's band: SEPAX3_EDGE_TOLERANCE times the
 *    pair's size plus 32 float spacings of its scale. */
#define _POSIX_C_SOURCE 200809L /* unsetenv */

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "oracle/oracle_hull3.h"
#include "fuzz_input.h"
#include "sepax/sepax3d.h"

#define MAX_SHAPES 6
#define MAX_PAIRS (MAX_SHAPES * (MAX_SHAPES - 1) + 1)
#define SPARE 4 /* hits past the capacity that must stay untouched */
/* The oracle's work for two polyhedra grows as edges x edges x vertices:
 * pairs above this budget are only compared across backends, so that an
 * input runs in milliseconds (two 64-vertex hulls cost about 9e6). */
#define ORACLE_BUDGET 3e6

FUZZ_BACKENDS_INITIALIZE

/* Rotations are composed in double and rounded once, so that a turn of
 * 1e-7 rad survives as well as float allows. */
typedef struct dquat {
    double w, x, y, z;
} dquat;

static dquat dq_mul(dquat a, dquat b)
{
    return (dquat){a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
                   a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                   a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                   a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

static dquat dq_axis_angle(double x, double y, double z, double angle)
{
    const double len = sqrt(x * x + y * y + z * z);
    if (!(len > 0))
        return (dquat){1, 0, 0, 0};
    const double s = sin(angle / 2) / len;
    return (dquat){cos(angle / 2), x * s, y * s, z * s};
}

static sepax3_quat dq_float(dquat q)
{
    const double len = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    return (sepax3_quat){(float)(q.w / len), (float)(q.x / len), (float)(q.y / len),
                        (float)(q.z / len)};
}

/* Quarter and half turns and the diagonal third turn: boxes stay axis
 * aligned (up to the rounding of 1/sqrt 2), edges exactly parallel. */
static dquat exact_rotation(fuzz_input *in)
{
    static const dquat table[8] = {
        {1, 0, 0, 0},
        {0, 1, 0, 0},
        {0, 0, 0, 1},
        {0.70710678118654752, 0.70710678118654752, 0, 0},
        {0.70710678118654752, 0, 0.70710678118654752, 0},
        {0.70710678118654752, 0, 0, -0.70710678118654752},
        {0.5, 0.5, 0.5, 0.5},
        {0.5, -0.5, 0.5, -0.5},
    };
    return table[fuzz_u8(in) % 8];
}

/* A direction from three signed bytes, never zero. */
static void direction(fuzz_input *in, double d[3])
{
    d[0] = (int8_t)fuzz_u8(in);
    d[1] = (int8_t)fuzz_u8(in);
    d[2] = (int8_t)fuzz_u8(in);
    if (d[0] == 0 && d[1] == 0 && d[2] == 0)
        d[0] = 1;
}

/* 1e-7 .. 1e-2 rad, about a direction of the input's. */
static dquat tiny_turn(fuzz_input *in)
{
    double d[3];
    direction(in, d);
    const double angle = pow(10.0, -2.0 - 5.0 * fuzz_u8(in) / 255.0);
    return dq_axis_angle(d[0], d[1], d[2], angle);
}

/* What the input made of one shape, for the placements that follow. */
typedef struct made {
    sepax_shape_id id;
    int kind;
    dquat rot; /* the transform's rotation */
    double p[3];
} made;

typedef struct scene {
    double unit, aspect; /* size of a shape's features; plate flattening */
    int flat_axis;
    sepax3_vec seg[2]; /* the last capsule's segment */
    int have_seg;
} scene;

static float grid(fuzz_input *in, double unit, int half_range)
{
    return (float)(((int)(fuzz_u8(in) % (2 * half_range + 1)) - half_range) * unit);
}

/* Three grid coordinates, read in order (the operands of one initializer
 * are not sequenced, and an input must decode alike under every
 * compiler). */
static sepax3_vec grid3(fuzz_input *in, double unit, int half_range)
{
    const float x = grid(in, unit, half_range), y = grid(in, unit, half_range);
    return (sepax3_vec){x, y, grid(in, unit, half_range)};
}

static float comp(sepax3_vec v, int k)
{
    return k == 0 ? v.x : k == 1 ? v.y : v.z;
}

/* A hull's points; returns how many. */
static size_t hull_points(fuzz_input *in, const scene *sc, sepax3_vec *p)
{
    const double u = sc->unit;
    double scale[3] = {u, u, u};
    scale[sc->flat_axis] /= sc->aspect;
    size_t m = 0;
    switch (fuzz_u8(in) % 4) {
    case 0: /* integer grid: exact faces, exact touching */
        m = 4 + fuzz_u8(in) % 17;
        for (size_t i = 0; i < m; i++) {
            float x[3];
            for (int k = 0; k < 3; k++)
                x[k] = (float)(((int)(fuzz_u8(in) % 7) - 3) * scale[k]);
            p[i] = (sepax3_vec){x[0], x[1], x[2]};
        }
        break;
    case 1: { /* a cloud on an ellipsoid, up to the vertex limit */
        m = 4 + fuzz_u8(in) % (SEPAX3_MAX_HULL_VERTICES - 3);
        const uint16_t seed = fuzz_u16(in);
        for (size_t i = 0; i < m; i++) {
            /* a golden-angle spiral, turned by the seed: well spread */
            const double t = (i + 0.5) / m, z = 1 - 2 * t, r = sqrt(1 - z * z);
            const double a = 2.399963229728653 * i + seed * 1e-3;
            p[i] = (sepax3_vec){(float)(r * cos(a) * scale[0]), (float)(r * sin(a) * scale[1]),
                                (float)(z * scale[2])};
        }
        break;
    }
    case 2: { /* a cube with points just off its faces: nearly coplanar */
        for (int j = 0; j < 8; j++)
            p[m++] = (sepax3_vec){(float)((j & 1) ? scale[0] : -scale[0]),
                                  (float)((j & 2) ? scale[1] : -scale[1]),
                                  (float)((j & 4) ? scale[2] : -scale[2])};
        const size_t extra = 1 + fuzz_u8(in) % 8;
        for (size_t e = 0; e < extra; e++) {
            const int face = fuzz_u8(in) % 6, k = face / 2;
            const double sign = (face & 1) ? -1 : 1;
            const double off = pow(10.0, -3.0 - 4.0 * fuzz_u8(in) / 255.0);
            double x[3];
            for (int c = 0; c < 3; c++)
                x[c] = ((int8_t)fuzz_u8(in) / 160.0) * scale[c];
            x[k] = sign * scale[k] * (1 + ((fuzz_u8(in) & 1) ? off : -off));
            p[m++] = (sepax3_vec){(float)x[0], (float)x[1], (float)x[2]};
        }
        break;
    }
    default: /* a box's corners: the hull twin of a box */
        for (int j = 0; j < 8; j++)
            p[m++] = (sepax3_vec){(float)((j & 1) ? scale[0] : -scale[0]) * 0.5f,
                                  (float)((j & 2) ? scale[1] : -scale[1]) * 1.5f,
                                  (float)((j & 4) ? scale[2] : -scale[2])};
        break;
    }
    return m;
}

/* Add one shape as the input describes it, at the identity transform. */
static sepax_status add_shape(sepax3_store *s, fuzz_input *in, scene *sc, made *out)
{
    const double u = sc->unit;
    out->kind = fuzz_u8(in) % 4;
    switch (out->kind) {
    case SEPAX3_SHAPE_BOX: {
        sepax3_vec c = {0, 0, 0};
        if (fuzz_u8(in) & 1)
            c = grid3(in, u / 2, 2);
        double h[3];
        for (int k = 0; k < 3; k++)
            h[k] = (1 + fuzz_u8(in) % 8) * u / 2;
        h[sc->flat_axis] /= sc->aspect;
        const sepax3_quat r = (fuzz_u8(in) & 3) ? (sepax3_quat){1, 0, 0, 0} : dq_float(exact_rotation(in));
        return sepax3_add_box(s, c, (sepax3_vec){(float)h[0], (float)h[1], (float)h[2]}, r, &out->id);
    }
    case SEPAX3_SHAPE_SPHERE: {
        sepax3_vec c = {0, 0, 0};
        if (fuzz_u8(in) & 1)
            c = grid3(in, u / 2, 2);
        return sepax3_add_sphere(s, c, (float)((1 + fuzz_u8(in) % 16) * u / 4), &out->id);
    }
    case SEPAX3_SHAPE_CAPSULE: {
        sepax3_vec a, b;
        if (sc->have_seg && (fuzz_u8(in) & 1)) {
            a = sc->seg[0], b = sc->seg[1]; /* coincident segments */
        } else {
            a = grid3(in, u / 2, 2);
            b = grid3(in, u, 3);
            if (fuzz_u8(in) & 1) { /* along an axis: parallel to box edges */
                const int k = fuzz_u8(in) % 3;
                const float len = (float)((1 + fuzz_u8(in) % 8) * u);
                b = a;
                b.x += k == 0 ? len : 0.0f;
                b.y += k == 1 ? len : 0.0f;
                b.z += k == 2 ? len : 0.0f;
            }
            if (a.x == b.x && a.y == b.y && a.z == b.z)
                b.x += (float)u;
        }
        sc->seg[0] = a, sc->seg[1] = b, sc->have_seg = 1;
        /* a needle when the plate factor is large: length / radius up to
         * about 1000 */
        const double r = (1 + fuzz_u8(in) % 16) * u / 8 / sc->aspect;
        return sepax3_add_capsule(s, a, b, (float)r, &out->id);
    }
    default: {
        sepax3_vec p[8 + 8 + SEPAX3_MAX_HULL_VERTICES];
        const size_t m = hull_points(in, sc, p);
        for (size_t i = 0; i < m; i++)
            FUZZ_TRACE("  point %zu: %.9g %.9g %.9g\n", i, p[i].x, p[i].y, p[i].z);
        return sepax3_add_hull(s, p, m, &out->id);
    }
    }
}

/* Place shape i relative to the centre and to shape i - 1. */
static void place(sepax3_store *s, fuzz_input *in, const scene *sc, const double centre[3],
                  made *m, const made *prev)
{
    const double u = sc->unit;
    const uint8_t where = fuzz_u8(in) % 6, turn = fuzz_u8(in) % 6;
    double p[3] = {centre[0], centre[1], centre[2]};
    dquat q = {1, 0, 0, 0};
    switch (turn) {
    case 1: q = exact_rotation(in); break;
    case 2: q = dq_mul(tiny_turn(in), exact_rotation(in)); break;
    case 3: if (prev) q = prev->rot; break;
    case 4: if (prev) q = dq_mul(tiny_turn(in), prev->rot); break;
    case 5: {
        double d[3];
        direction(in, d);
        q = dq_axis_angle(d[0], d[1], d[2], fuzz_u16(in) * (6.283185307179586 / 65536));
        break;
    }
    default: break;
    }
    const int unrotated = q.w == 1 && prev && prev->rot.w == 1;
    if (where == 0 || !prev) {
        for (int k = 0; k < 3; k++)
            p[k] += grid(in, u / 4, 12);
    } else if (where == 1) {
        memcpy(p, prev->p, sizeof p); /* coincident centres, nested shapes */
    } else if (where == 2 && unrotated) {
        /* resting: this shape's lower bound against the previous one's
         * upper bound along axis k, both read at the identity transform
         * (hull and box bounds are exact there), then nudged */
        sepax3_vec lo, hi, plo, phi;
        sepax3_shape_aabb(s, m->id, &lo, &hi);
        sepax3_shape_aabb(s, prev->id, &plo, &phi);
        memcpy(p, prev->p, sizeof p);
        const int k = fuzz_u8(in) % 3;
        const int down = fuzz_u8(in) & 1;
        const double gap = down ? (double)comp(plo, k) - comp(hi, k) : (double)comp(phi, k) - comp(lo, k);
        p[k] += gap;
        static const double nudge[6] = {0, 0, 1e-6, -1e-6, 1e-3, -1e-3};
        p[k] += nudge[fuzz_u8(in) % 6] * u;
        for (int c = 0; c < 3; c++)
            if (c != k)
                p[c] += grid(in, u / 8, 8);
    } else if (where == 3 || where == 2) {
        memcpy(p, prev->p, sizeof p);
        for (int k = 0; k < 3; k++)
            p[k] += grid(in, u / 64, 16);
    } else if (where == 4) {
        double d[3];
        direction(in, d);
        for (int k = 0; k < 3; k++)
            p[k] += d[k] / 16 * u;
    } else {
        double d[3];
        direction(in, d);
        const double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int k = 0; k < 3; k++)
            p[k] = prev->p[k] + d[k] / len * u * (fuzz_u8(in) % 9) / 2;
    }
    const sepax3_transform t = {{(float)p[0], (float)p[1], (float)p[2]}, dq_float(q)};
    for (int k = 0; k < 3; k++)
        m->p[k] = comp(t.p, k);
    m->rot = q;
    FUZZ_CHECK(sepax3_set_transforms(s, &m->id, &t, 1) == SEPAX_OK, "set_transforms refused");
}

static void check_result(const sepax3_result *r, size_t i)
{
    const double len = sqrt((double)r->normal.x * r->normal.x + (double)r->normal.y * r->normal.y +
                            (double)r->normal.z * r->normal.z);
    FUZZ_CHECK(isfinite(r->separation), "pair %zu: separation %g", i, r->separation);
    FUZZ_CHECK(fabs(len - 1.0) <= 1e-5, "pair %zu: |normal| = %.9g", i, len);
    FUZZ_CHECK(((r->flags & SEPAX_HIT) != 0) == (r->separation <= 0.0f),
               "pair %zu: flags %u, separation %g", i, r->flags, r->separation);
    FUZZ_CHECK(r->axis <= SEPAX3_AXIS_SUPPORT, "pair %zu: axis %u", i, r->axis);
    FUZZ_CHECK((r->flags & ~(unsigned)(SEPAX_HIT | SEPAX_A_IN_B | SEPAX_B_IN_A)) == 0,
               "pair %zu: flags %u", i, r->flags);
}

/* The world records of every slot below the limit, in slot order. */
static void world_records(const sepax3_store *s, sepax3_world_shape *w, sepax3_vec *box)
{
    const uint32_t limit = sepax3_store_slot_limit(s);
    memset(w, 0, MAX_SHAPES * sizeof *w);
    memset(box, 0, 2 * MAX_SHAPES * sizeof *box);
    for (uint32_t k = 0; k < limit && k < MAX_SHAPES; k++)
        for (uint32_t g = 0; g < 256; g++)
            if (sepax3_shape_world(s, g << 24 | k, &w[k]) == SEPAX_OK) {
                sepax3_shape_aabb(s, g << 24 | k, &box[2 * k], &box[2 * k + 1]);
                break;
            }
}

/* collide_hits against collide's results on the active backend. */
static void check_hits(const sepax3_store *s, const sepax_pair *pairs, size_t n,
                       const sepax3_result *all, size_t cap, const char *backend)
{
    sepax3_hit hits[MAX_PAIRS + SPARE];
    memset(hits, 0xA5, sizeof hits);
    size_t found = 7777, expect = 0;
    const sepax_status st = sepax3_collide_hits(s, pairs, n, hits, cap, &found, NULL);
    for (size_t i = 0; i < n; i++) {
        if (!(all[i].flags & SEPAX_HIT))
            continue;
        if (expect < cap)
            FUZZ_CHECK(hits[expect].pair == i &&
                           memcmp(&hits[expect].result, &all[i], sizeof all[i]) == 0,
                       "%s: hit %zu differs from collide's", backend, expect);
        expect++;
    }
    FUZZ_CHECK(found == expect, "%s: %zu hits, collide says %zu", backend, found, expect);
    FUZZ_CHECK(st == (expect > cap ? SEPAX_ERR_CAPACITY : SEPAX_OK), "%s: hits status %s",
               backend, sepax_status_string(st));
    const unsigned char *tail = (const unsigned char *)(hits + (cap < expect ? cap : expect));
    const unsigned char *end = (const unsigned char *)(hits + MAX_PAIRS + SPARE);
    for (; tail < end; tail++)
        FUZZ_CHECK(*tail == 0xA5, "%s: collide_hits wrote past its hits", backend);
}

/* collide_hits_cached against collide's results on the active backend:
 * with empty records, with the records that call left (its features
 * tried), and with pseudo-random ones (seed: from the pairs). The records
 * left by the first two calls go to left[] for the backends' comparison. */
static void check_cached(const sepax3_store *s, const sepax_pair *pairs, size_t n,
                         const sepax3_result *all, const char *backend,
                         sepax3_pair_cache left[2][MAX_PAIRS])
{
    sepax3_pair_cache rec[MAX_PAIRS];
    sepax3_hit hits[MAX_PAIRS + 1];
    memset(rec, 0, sizeof rec);
    uint32_t x = 2463534242u ^ (uint32_t)n;
    for (size_t i = 0; i < n; i++)
        x = x * 1664525u + pairs[i].a * 7u + pairs[i].b;
    for (int round = 0; round < 3; round++) {
        if (round == 2)
            for (size_t i = 0; i < n; i++)
                for (size_t b = 0; b < sizeof rec[i].bytes; b++) {
                    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
                    /* small values half the time: tags and indices in range */
                    rec[i].bytes[b] = (uint8_t)(b & 1 ? x : x % 24u);
                }
        size_t found = 7777, expect = 0;
        const sepax_status st =
            sepax3_collide_hits_cached(s, pairs, n, rec, hits, MAX_PAIRS + 1, &found, NULL);
        FUZZ_CHECK(st == SEPAX_OK, "%s: cached hits status %s", backend, sepax_status_string(st));
        for (size_t i = 0; i < n; i++) {
            if (!(all[i].flags & SEPAX_HIT))
                continue;
            FUZZ_CHECK(expect < found && hits[expect].pair == i &&
                           memcmp(&hits[expect].result, &all[i], sizeof all[i]) == 0,
                       "%s: cached hit %zu (round %d) differs from collide's", backend, expect,
                       round);
            expect++;
        }
        FUZZ_CHECK(found == expect, "%s: %zu cached hits (round %d), collide says %zu", backend,
                   found, round, expect);
        if (round < 2)
            memcpy(left[round], rec, n * sizeof *rec);
    }
}

/* sepax3_collide_hits_tracked against the plain call over a few moves:
 * records written at one pose must never skip a hit at the next, however
 * small the gap and whatever each shape did since (a step of 10^-k of the
 * scene's unit, a tiny or a whole turn about its origin, a jump of a few
 * units, nothing). The store's transforms are put back at the end. */
static void check_tracked(sepax3_store *s, const sepax_pair *pairs, size_t np, const made *shapes,
                          size_t n, double unit, fuzz_input *in)
{
    static sepax3_pair_cache rec[MAX_PAIRS];
    static sepax_pair_motion mot[MAX_PAIRS];
    sepax3_hit want[MAX_PAIRS + 1], got[MAX_PAIRS + 1];
    sepax_shape_id ids[MAX_SHAPES];
    sepax3_transform start[MAX_SHAPES], xf[MAX_SHAPES];
    memset(rec, 0, sizeof rec);
    memset(mot, 0, sizeof mot);
    for (size_t i = 0; i < n; i++) {
        ids[i] = shapes[i].id;
        FUZZ_CHECK(sepax3_shape_transform(s, ids[i], &start[i]) == SEPAX_OK, "transform");
        xf[i] = start[i];
    }
    for (int round = 0; round < 4; round++) {
        size_t nw = 0, ng = 0;
        FUZZ_CHECK(sepax3_collide_hits(s, pairs, np, want, MAX_PAIRS + 1, &nw, NULL) == SEPAX_OK,
                   "hits refused");
        FUZZ_CHECK(sepax3_collide_hits_tracked(s, pairs, np, rec, mot, got, MAX_PAIRS + 1, &ng,
                                               NULL) == SEPAX_OK,
                   "tracked hits refused");
        FUZZ_CHECK(ng == nw && memcmp(got, want, nw * sizeof *got) == 0,
                   "tracked call (round %d): %zu hits, plain call %zu or other bytes", round, ng,
                   nw);
        if (!fuzz_more(in))
            break;
        for (size_t i = 0; i < n; i++) {
            const uint8_t how = fuzz_u8(in);
            double d[3];
            direction(in, d);
            const double step = (how & 7) == 7 ? 3.0 * unit : unit * pow(10.0, -(double)(how & 7));
            if (how & 8)
                for (int k = 0; k < 3; k++)
                    d[k] *= step;
            else
                d[0] = d[1] = d[2] = 0.0;
            xf[i].p.x = (float)(xf[i].p.x + d[0]);
            xf[i].p.y = (float)(xf[i].p.y + d[1]);
            xf[i].p.z = (float)(xf[i].p.z + d[2]);
            if (how & 48) {
                const dquat q = {xf[i].q.w, xf[i].q.x, xf[i].q.y, xf[i].q.z};
                dquat r = dq_mul((how & 48) == 48 ? exact_rotation(in) : tiny_turn(in), q);
                const double len = sqrt(r.w * r.w + r.x * r.x + r.y * r.y + r.z * r.z);
                xf[i].q = (sepax3_quat){(float)(r.w / len), (float)(r.x / len), (float)(r.y / len),
                                        (float)(r.z / len)};
            }
        }
        FUZZ_CHECK(sepax3_set_transforms(s, ids, xf, n) == SEPAX_OK, "set_transforms");
        FUZZ_CHECK(sepax3_update_world(s) == SEPAX_OK, "update_world");
    }
    FUZZ_CHECK(sepax3_set_transforms(s, ids, start, n) == SEPAX_OK, "set_transforms");
    FUZZ_CHECK(sepax3_update_world(s) == SEPAX_OK, "update_world");
}

/* SEPAX_FUZZ_DUMP set: a failing pair's two shapes as the oracle reads
 * them (world vertices in double, round shapes' segment and radius), to
 * stderr, for turning a finding into a hand case */
/* collide_manifolds and its compacted twin against collide's results on
 * the active backend; the manifolds go to out[] for the backends'
 * comparison. */
static void check_manifolds(const sepax3_store *s, const sepax_pair *pairs, size_t n,
                            const sepax3_result *all, const char *backend, sepax3_manifold *out)
{
    FUZZ_CHECK(sepax3_collide_manifolds(s, pairs, n, out, NULL) == SEPAX_OK,
               "%s: manifolds refused", backend);
    static const sepax3_contact zero;
    size_t hits = 0;
    for (size_t i = 0; i < n; i++) {
        const sepax3_manifold *m = &out[i];
        const sepax3_result *r = &all[i];
        FUZZ_CHECK(memcmp(&m->normal, &r->normal, sizeof r->normal) == 0 &&
                       memcmp(&m->separation, &r->separation, sizeof r->separation) == 0 &&
                       m->flags == r->flags && m->axis == r->axis && m->reserved == 0,
                   "%s: manifold %zu does not carry its result", backend, i);
        const int hit = (r->flags & SEPAX_HIT) != 0;
        hits += (size_t)hit;
        FUZZ_CHECK(hit ? m->point_count >= 1 && m->point_count <= SEPAX3_MAX_MANIFOLD_POINTS
                       : m->point_count == 0,
                   "%s: manifold %zu has %u points (hit %d)", backend, i, m->point_count, hit);
        for (unsigned k = 0; k < SEPAX3_MAX_MANIFOLD_POINTS; k++) {
            const sepax3_contact *c = &m->points[k];
            if (k >= m->point_count) {
                FUZZ_CHECK(memcmp(c, &zero, sizeof zero) == 0,
                           "%s: manifold %zu: point %u past the count is not zero", backend, i, k);
                continue;
            }
            FUZZ_CHECK(isfinite(c->point.x) && isfinite(c->point.y) && isfinite(c->point.z) &&
                           c->separation <= 0.0f,
                       "%s: manifold %zu: point %u at (%g %g %g), separation %g", backend, i, k,
                       c->point.x, c->point.y, c->point.z, c->separation);
        }
    }
    static sepax3_manifold_hit mh[MAX_PAIRS];
    size_t found = 0;
    FUZZ_CHECK(sepax3_collide_manifolds_hits(s, pairs, n, mh, MAX_PAIRS, &found, NULL) == SEPAX_OK &&
                   found == hits,
               "%s: manifold hits %zu, collide says %zu", backend, found, hits);
    for (size_t i = 0, h = 0; i < n; i++)
        if (all[i].flags & SEPAX_HIT) {
            FUZZ_CHECK(mh[h].pair == i && memcmp(&mh[h].manifold, &out[i], sizeof out[i]) == 0,
                       "%s: manifold hit %zu differs from the full call's", backend, h);
            h++;
        }
}

static void dump_pair(const sepax3_store *st, sepax_shape_id ia, sepax_shape_id ib,
                      const oh3_shape *A, const oh3_shape *B)
{
    const oh3_shape *sh[2] = {A, B};
    const sepax_shape_id id[2] = {ia, ib};
    for (int k = 0; k < 2; k++) {
        sepax3_vec lv[SEPAX3_MAX_HULL_VERTICES];
        size_t nl = 0;
        sepax3_transform t;
        if (sepax3_shape_transform(st, id[k], &t) == SEPAX_OK)
            fprintf(stderr, "transform %c: p %a %a %a q %a %a %a %a\n", "AB"[k], t.p.x, t.p.y,
                    t.p.z, t.q.w, t.q.x, t.q.y, t.q.z);
        if (sepax3_hull_vertices(st, id[k], lv, SEPAX3_MAX_HULL_VERTICES, &nl) == SEPAX_OK)
            for (size_t i = 0; i < nl; i++)
                fprintf(stderr, "  local %a %a %a\n", lv[i].x, lv[i].y, lv[i].z);
        const oh3_shape *s = sh[k];
        fprintf(stderr, "shape %c: round %d, %d vertices, radius %.17g\n", "AB"[k], s->round,
                s->nv, s->r);
        for (int i = 0; i < s->nv; i++)
            fprintf(stderr, "  %.17g %.17g %.17g\n", s->v[i][0], s->v[i][1], s->v[i][2]);
        if (s->round)
            fprintf(stderr, "  segment %.17g %.17g %.17g to %.17g %.17g %.17g\n", s->p0[0],
                    s->p0[1], s->p0[2], s->p1[0], s->p1[1], s->p1[2]);
    }
}

/* A refused list: the scalar status and index, and on every backend the
 * same, with nothing written by either call. */
static void check_refused(sepax3_store *s, const sepax_pair *pairs, size_t n, size_t bad_at,
                          sepax_status want)
{
    /* the grouping checks pairs as collide does, and writes nothing */
    {
        sepax_pair grouped[MAX_PAIRS + 1];
        size_t starts[SEPAX3_PAIR_GROUPS + 1];
        uint32_t from[MAX_PAIRS + 1];
        memset(grouped, 0x5A, sizeof grouped);
        memset(starts, 0x5A, sizeof starts);
        memset(from, 0x5A, sizeof from);
        size_t bad = 9999;
        const sepax_status st = sepax3_group_pairs(s, pairs, n, grouped, starts, from, &bad);
        FUZZ_CHECK(st == want && bad == bad_at, "group_pairs %s at %zu, want %s at %zu",
                   sepax_status_string(st), bad, sepax_status_string(want), bad_at);
        int clean = 1;
        for (size_t k = 0; k < sizeof grouped; k++)
            clean &= ((const unsigned char *)grouped)[k] == 0x5A;
        for (size_t k = 0; k < sizeof starts; k++)
            clean &= ((const unsigned char *)starts)[k] == 0x5A;
        for (size_t k = 0; k < sizeof from; k++)
            clean &= ((const unsigned char *)from)[k] == 0x5A;
        FUZZ_CHECK(clean, "refused group_pairs wrote");
    }
    for (int b = 0; b < backend_n; b++) {
        const char *name = sepax_backend_name(backends[b]);
        sepax3_store_set_backend(s, backends[b]);
        sepax3_result res[MAX_PAIRS + 1];
        memset(res, 0x5A, sizeof res);
        size_t bad = 9999;
        const sepax_status st = sepax3_collide(s, pairs, n, res, &bad);
        FUZZ_CHECK(st == want && bad == bad_at, "%s: collide %s at %zu, want %s at %zu", name,
                   sepax_status_string(st), bad, sepax_status_string(want), bad_at);
        for (size_t k = 0; k < sizeof res; k++)
            FUZZ_CHECK(((const unsigned char *)res)[k] == 0x5A, "%s: refused collide wrote", name);
        sepax3_hit hits[4];
        memset(hits, 0x5A, sizeof hits);
        size_t found = 7777;
        bad = 9999;
        const sepax_status hs = sepax3_collide_hits(s, pairs, n, hits, 4, &found, &bad);
        FUZZ_CHECK(hs == want && bad == bad_at && found == 0,
                   "%s: collide_hits %s at %zu with %zu hits", name, sepax_status_string(hs), bad,
                   found);
        for (size_t k = 0; k < sizeof hits; k++)
            FUZZ_CHECK(((const unsigned char *)hits)[k] == 0x5A, "%s: refused hits wrote", name);
    }
}

/* The grouped calls against the plain ones on every backend; all[] is
 * sepax3_collide's answer for pairs[], which every backend gave. The list
 * is grouped once (the grouping depends only on the store); the grouping
 * is held to its contract (starts rising from 0 to np, grouped[k] =
 * pairs[from[k]] with every index once and each group in the input's
 * order, each pair in the group sepax3_pair_group_of names). On each
 * backend sepax3_collide_grouped gives for grouped[k] the bytes of
 * all[from[k]], and sepax3_collide_hits_grouped the status, count, bad
 * index and hit buffer of sepax3_collide_hits over the grouped list (run
 * once, on scalar: the backends' plain answers are scalar's), at a
 * capacity from the input. When the input asks, one boundary between two
 * groups moves by one pair: both grouped calls then refuse with
 * SEPAX_ERR_BAD_PAIR at the lowest pair outside its claimed group (found
 * with sepax3_pair_group_of), writing nothing. */
static void check_grouped(sepax3_store *s, const sepax_pair *pairs, size_t np,
                          const sepax3_result *all, fuzz_input *in)
{
    enum { G = SEPAX3_PAIR_GROUPS };
    /* zero bytes (the input's end) give half the list's room and a pair
     * moved: the seeds reach the grouped calls with few bytes to spare */
    const size_t cap = (fuzz_u8(in) + np / 2) % (np + 2);
    const uint8_t shift = fuzz_u8(in);
    sepax_pair grouped[MAX_PAIRS];
    size_t starts[G + 1], moved[G + 1];
    uint32_t from[MAX_PAIRS];
    uint8_t seen[MAX_PAIRS] = {0};
    size_t bad = 9999;
    FUZZ_CHECK(sepax3_group_pairs(s, pairs, np, grouped, starts, from, &bad) == SEPAX_OK,
               "group_pairs refused at %zu", bad);
    FUZZ_CHECK(starts[0] == 0 && starts[G] == np, "grouping: starts %zu .. %zu of %zu pairs",
               starts[0], starts[G], np);
    for (unsigned g = 0; g < G; g++) {
        FUZZ_CHECK(starts[g] <= starts[g + 1], "grouping: starts[%u] %zu > starts[%u] %zu", g,
                   starts[g], g + 1, starts[g + 1]);
        for (size_t k = starts[g]; k < starts[g + 1]; k++) {
            FUZZ_CHECK(from[k] < np && !seen[from[k]], "grouping: from[%zu] = %u", k, from[k]);
            seen[from[k]] = 1;
            FUZZ_CHECK(grouped[k].a == pairs[from[k]].a && grouped[k].b == pairs[from[k]].b,
                       "grouping: pair %zu is not pairs[from[%zu]]", k, k);
            FUZZ_CHECK(k == starts[g] || from[k - 1] < from[k],
                       "grouping: group %u out of the input's order at %zu", g, k);
            sepax3_pair_group pg = G;
            FUZZ_CHECK(sepax3_pair_group_of(s, grouped[k], &pg) == SEPAX_OK && pg == g,
                       "grouping: pair %zu in group %u, pair_group_of says %d", k, g, (int)pg);
        }
    }

    /* one pair across a boundary: boundary b moves up (the first pair of
     * group b joins group b - 1) or down (the last of group b - 1 joins
     * group b), the first boundary from the input's choice that can */
    memcpy(moved, starts, sizeof moved);
    size_t want_bad = SIZE_MAX;
    if (!(shift & 1)) {
        const int up = (shift & 2) != 0;
        for (unsigned t = 0; t < G - 1; t++) {
            const unsigned b = 1 + ((shift >> 2) + t) % (G - 1);
            if (up ? moved[b] < moved[b + 1] : moved[b] > moved[b - 1]) {
                moved[b] = up ? moved[b] + 1 : moved[b] - 1;
                break;
            }
        }
        for (unsigned g = 0; g < G && want_bad == SIZE_MAX; g++)
            for (size_t k = moved[g]; k < moved[g + 1]; k++) {
                sepax3_pair_group pg = G;
                FUZZ_CHECK(sepax3_pair_group_of(s, grouped[k], &pg) == SEPAX_OK, "group_of");
                if (pg != g) {
                    want_bad = k;
                    break;
                }
            }
    }

    FUZZ_TRACE("grouped: %zu pairs, hits capacity %zu, %s\n", np, cap,
               want_bad == SIZE_MAX ? "no pair moved" : "a pair moved");
    if (want_bad != SIZE_MAX)
        FUZZ_TRACE("  first pair outside its group: %zu\n", want_bad);

    sepax3_result plain[MAX_PAIRS], res[MAX_PAIRS + 1];
    sepax3_hit hp[MAX_PAIRS + SPARE], hg[MAX_PAIRS + SPARE];
    /* the store answers as it did before the tracked call's moves (its
     * transforms put back), and the plain hits over the grouped list */
    sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR);
    FUZZ_CHECK(sepax3_update_world(s) == SEPAX_OK, "update_world");
    FUZZ_CHECK(sepax3_collide(s, pairs, np, plain, NULL) == SEPAX_OK &&
                   memcmp(plain, all, np * sizeof *all) == 0,
               "collide after the moves were undone gives other bytes");
    memset(hp, 0xA5, sizeof hp);
    size_t np_found = 7777, bp = 9999;
    const sepax_status sp = sepax3_collide_hits(s, grouped, np, hp, cap, &np_found, &bp);
    for (int b = 0; b < backend_n; b++) {
        const char *name = sepax_backend_name(backends[b]);
        sepax3_store_set_backend(s, backends[b]);
        FUZZ_CHECK(sepax3_update_world(s) == SEPAX_OK, "update_world");
        memset(res, 0x5A, sizeof res);
        bad = 9999;
        sepax_status st = sepax3_collide_grouped(s, grouped, starts, res, &bad);
        FUZZ_CHECK(st == SEPAX_OK, "%s: collide_grouped %s at %zu", name, sepax_status_string(st),
                   bad);
        for (size_t k = 0; k < np; k++)
            FUZZ_CHECK(memcmp(&res[k], &all[from[k]], sizeof res[k]) == 0,
                       "%s: grouped result %zu (pair %u): separation %.9g axis %u flags %u, "
                       "plain %.9g axis %u flags %u",
                       name, k, from[k], res[k].separation, res[k].axis, res[k].flags,
                       all[from[k]].separation, all[from[k]].axis, all[from[k]].flags);
        for (size_t k = np * sizeof *res; k < sizeof res; k++)
            FUZZ_CHECK(((const unsigned char *)res)[k] == 0x5A,
                       "%s: collide_grouped wrote past its pairs", name);

        memset(hg, 0xA5, sizeof hg);
        size_t ng_found = 7777, bg = 9999;
        const sepax_status sg =
            sepax3_collide_hits_grouped(s, grouped, starts, hg, cap, &ng_found, &bg);
        FUZZ_CHECK(sg == sp && ng_found == np_found && bg == bp && memcmp(hp, hg, sizeof hg) == 0,
                   "%s: grouped hits (capacity %zu) %s, %zu hits, bad %zu; plain %s, %zu, %zu",
                   name, cap, sepax_status_string(sg), ng_found, bg, sepax_status_string(sp),
                   np_found, bp);

        if (want_bad == SIZE_MAX)
            continue;
        memset(res, 0x5A, sizeof res);
        bad = 9999;
        st = sepax3_collide_grouped(s, grouped, moved, res, &bad);
        FUZZ_CHECK(st == SEPAX_ERR_BAD_PAIR && bad == want_bad,
                   "%s: collide_grouped with a pair moved: %s at %zu, want bad pair at %zu", name,
                   sepax_status_string(st), bad, want_bad);
        for (size_t k = 0; k < sizeof res; k++)
            FUZZ_CHECK(((const unsigned char *)res)[k] == 0x5A,
                       "%s: refused collide_grouped wrote", name);
        memset(hg, 0xA5, sizeof hg);
        ng_found = 7777, bad = 9999;
        st = sepax3_collide_hits_grouped(s, grouped, moved, hg, cap, &ng_found, &bad);
        FUZZ_CHECK(st == SEPAX_ERR_BAD_PAIR && bad == want_bad && ng_found == 0,
                   "%s: hits_grouped with a pair moved: %s at %zu with %zu hits, want bad pair "
                   "at %zu",
                   name, sepax_status_string(st), bad, ng_found, want_bad);
        for (size_t k = 0; k < sizeof hg; k++)
            FUZZ_CHECK(((const unsigned char *)hg)[k] == 0xA5,
                       "%s: refused hits_grouped wrote", name);
    }
    sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR);
}

static double oracle_cost(const oh3_shape *A, const oh3_shape *B)
{
    if (A->round || B->round)
        return (A->round ? B->nf : A->nf) * 200.0;
    return (double)A->ne * B->ne * (A->nv + B->nv) + (double)(A->nf + B->nf) * (A->nv + B->nv);
}

static oh3_shape oracle_shapes[MAX_SHAPES];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    static const double offsets[6] = {0, 1e1, 1e2, 1e3, 1e4, 1e5};
    static const double aspects[4] = {1, 1, 10, 1000};
    const size_t want = 2 + fuzz_u8(&in) % (MAX_SHAPES - 1);
    double centre[3];
    direction(&in, centre);
    const double off = offsets[fuzz_u8(&in) % 6];
    const double clen = sqrt(centre[0] * centre[0] + centre[1] * centre[1] + centre[2] * centre[2]);
    for (int k = 0; k < 3; k++)
        centre[k] = (double)(float)(centre[k] / clen * off);
    scene sc = {0};
    const uint8_t size_class = fuzz_u8(&in) % 6;
    if (size_class == 5) /* far below the float spacing at the centre */
        sc.unit = ldexp(1.0, -20 - fuzz_u8(&in) % 80);
    else
        sc.unit = (const double[5]){1, 0.125, 8, 64, 1}[size_class];
    sc.aspect = aspects[fuzz_u8(&in) % 4];
    sc.flat_axis = fuzz_u8(&in) % 3;
    FUZZ_TRACE("%zu shapes, centre (%g %g %g), unit %g, aspect %g on axis %d\n", want, centre[0],
               centre[1], centre[2], sc.unit, sc.aspect, sc.flat_axis);

    sepax3_store *s = NULL;
    FUZZ_CHECK(sepax3_store_create(NULL, &s) == SEPAX_OK, "store_create");
    made shapes[MAX_SHAPES];
    size_t n = 0;
    for (size_t tries = 0; n < want && tries < 2 * want; tries++) {
        const sepax_status st = fuzz_status(add_shape(s, &in, &sc, &shapes[n]));
        FUZZ_TRACE("add kind %d: %s\n", shapes[n].kind, sepax_status_string(st));
        if (st == SEPAX_OK) {
            sepax3_shape_desc d;
            sepax3_shape_info(s, shapes[n].id, &d);
            FUZZ_TRACE("  centre (%.9g %.9g %.9g), half extents (%.9g %.9g %.9g), radius %.9g, "
                       "rotation (%.9g %.9g %.9g %.9g), %u vertices\n",
                       d.centre.x, d.centre.y, d.centre.z, d.half_extents.x, d.half_extents.y,
                       d.half_extents.z, d.radius, d.rotation.w, d.rotation.x, d.rotation.y,
                       d.rotation.z, d.vertex_count);
        }
        if (st != SEPAX_OK)
            continue;
        place(s, &in, &sc, centre, &shapes[n], n ? &shapes[n - 1] : NULL);
        FUZZ_TRACE("  at (%.9g %.9g %.9g), q (%.9g %.9g %.9g %.9g)\n", shapes[n].p[0],
                   shapes[n].p[1], shapes[n].p[2], shapes[n].rot.w, shapes[n].rot.x,
                   shapes[n].rot.y, shapes[n].rot.z);
        n++;
    }
    if (n < 2) {
        sepax3_store_destroy(s);
        return 0;
    }

    /* every ordered pair, both orders */
    sepax_pair pairs[MAX_PAIRS];
    size_t np = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            if (i != j)
                pairs[np++] = (sepax_pair){shapes[i].id, shapes[j].id};
    const size_t cap = fuzz_u8(&in) % (np + 2);

    sepax3_result want_res[MAX_PAIRS], got[MAX_PAIRS];
    sepax3_world_shape ww[MAX_SHAPES], wg[MAX_SHAPES];
    sepax3_vec bw[2 * MAX_SHAPES], bg[2 * MAX_SHAPES];
    sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR);
    FUZZ_CHECK(sepax3_update_world(s) == SEPAX_OK, "update_world");
    world_records(s, ww, bw);
    FUZZ_CHECK(sepax3_collide(s, pairs, np, want_res, NULL) == SEPAX_OK, "scalar collide refused");
    for (size_t i = 0; i < np; i++)
        check_result(&want_res[i], i);
    check_hits(s, pairs, np, want_res, cap, "scalar");
    static sepax3_pair_cache want_rec[2][MAX_PAIRS], got_rec[2][MAX_PAIRS];
    check_cached(s, pairs, np, want_res, "scalar", want_rec);
    static sepax3_manifold want_man[MAX_PAIRS], got_man[MAX_PAIRS];
    check_manifolds(s, pairs, np, want_res, "scalar", want_man);
    for (int b = 1; b < backend_n; b++) {
        const char *name = sepax_backend_name(backends[b]);
        sepax3_store_set_backend(s, backends[b]);
        FUZZ_CHECK(sepax3_update_world(s) == SEPAX_OK, "update_world");
        world_records(s, wg, bg);
        FUZZ_CHECK(memcmp(ww, wg, sizeof ww) == 0 && memcmp(bw, bg, sizeof bw) == 0,
                   "%s: world records differ from scalar's", name);
        FUZZ_CHECK(sepax3_collide(s, pairs, np, got, NULL) == SEPAX_OK, "%s: collide refused", name);
        for (size_t i = 0; i < np; i++)
            FUZZ_CHECK(memcmp(&want_res[i], &got[i], sizeof got[i]) == 0,
                       "%s: pair %zu: separation %.9g axis %u against scalar's %.9g axis %u",
                       name, i, got[i].separation, got[i].axis, want_res[i].separation,
                       want_res[i].axis);
        check_hits(s, pairs, np, want_res, cap, name);
        check_cached(s, pairs, np, want_res, name, got_rec);
        for (int r = 0; r < 2; r++)
            FUZZ_CHECK(memcmp(want_rec[r], got_rec[r], np * sizeof got_rec[r][0]) == 0,
                       "%s: cached call %d left records unlike scalar's", name, r);
        check_manifolds(s, pairs, np, want_res, name, got_man);
        FUZZ_CHECK(memcmp(want_man, got_man, np * sizeof got_man[0]) == 0,
                   "%s: manifolds differ from scalar's", name);
    }

    /* the reference against the oracle, once per unordered pair */
    sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(oh3_from_store(s, shapes[i].id, &oracle_shapes[i]), "oracle shape %zu", i);
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            const oh3_shape *A = &oracle_shapes[i], *B = &oracle_shapes[j];
            if (oracle_cost(A, B) > ORACLE_BUDGET)
                continue;
            const double ref = oh3_separation(A, B);
            sepax3_world_shape wa, wb;
            sepax3_shape_world(s, shapes[i].id, &wa);
            sepax3_shape_world(s, shapes[j].id, &wb);
            const double sz = (double)wa.half_extents.x + wa.half_extents.y + wa.half_extents.z +
                              wb.half_extents.x + wb.half_extents.y + wb.half_extents.z;
            /* pair (i, j) sits at i (n - 1) + j - 1, (j, i) at j (n - 1) + i */
            const size_t at[2] = {i * (n - 1) + j - 1, j * (n - 1) + i};
            for (int o = 0; o < 2; o++) {
                double band;
                const sepax3_result *r = &want_res[at[o]];
                const char *why =
                    o ? oh3_disagreement(B, A, r, ref, sz, &band) : oh3_disagreement(A, B, r, ref, sz, &band);
                const double nd[3] = {r->normal.x, r->normal.y, r->normal.z};
                if (why && getenv("SEPAX_FUZZ_DUMP"))
                    dump_pair(s, shapes[o ? j : i].id, shapes[o ? i : j].id, A, B);
                FUZZ_CHECK(why == NULL,
                           "shapes %zu and %zu (kinds %d %d, %s order): %s: separation %.9g, "
                           "oracle %.9g, gap along the normal %.9g, normal (%.9g %.9g %.9g), "
                           "axis %u, features %u %u, flags %u, band %.3g",
                           i, j, shapes[i].kind, shapes[j].kind, o ? "swapped" : "given", why,
                           r->separation, ref, o ? oh3_gap_along(B, A, nd) : oh3_gap_along(A, B, nd),
                           nd[0], nd[1], nd[2], r->axis, r->feature_a, r->feature_b, r->flags, band);
            }
        }

    check_tracked(s, pairs, np, shapes, n, sc.unit, &in);

    /* a bad pair somewhere in the list: its bytes are read here, and the
     * grouped calls' after them (so that the inputs made before those
     * calls were checked decode as they did), then the list is spoilt */
    const uint8_t bad_kind = fuzz_u8(&in) % 4;
    size_t good = np;
    if (bad_kind == 2) {
        good = 0;
        for (size_t k = 0; k < np; k++)
            good += pairs[k].a != shapes[n - 1].id && pairs[k].b != shapes[n - 1].id;
    }
    const uint8_t id_byte = bad_kind == 3 ? fuzz_u8(&in) : 0;
    const uint8_t at_byte = bad_kind ? fuzz_u8(&in) : 0;

    check_grouped(s, pairs, np, want_res, &in);

    if (bad_kind) {
        sepax_status why = SEPAX_ERR_BAD_PAIR;
        sepax_pair bad = {shapes[0].id, shapes[0].id};
        if (bad_kind == 2) {
            /* a removed shape: the last one; the list keeps the pairs
             * of the others */
            FUZZ_CHECK(sepax3_remove(s, shapes[n - 1].id) == SEPAX_OK, "remove");
            size_t kept = 0;
            for (size_t k = 0; k < np; k++)
                if (pairs[k].a != shapes[n - 1].id && pairs[k].b != shapes[n - 1].id)
                    pairs[kept++] = pairs[k];
            bad = (sepax_pair){shapes[0].id, shapes[n - 1].id};
            why = SEPAX_ERR_STALE_ID;
        } else if (bad_kind == 3) {
            bad = (sepax_pair){id_byte & 1 ? 0xFFFFFFFFu : (sepax_shape_id)(MAX_SHAPES + 3),
                               shapes[1].id};
            why = SEPAX_ERR_BAD_ID;
        }
        const size_t bad_at = at_byte % (good + 1);
        sepax_pair bad_list[MAX_PAIRS + 1];
        memcpy(bad_list, pairs, bad_at * sizeof *pairs);
        memcpy(bad_list + bad_at + 1, pairs + bad_at, (good - bad_at) * sizeof *pairs);
        bad_list[bad_at] = bad;
        check_refused(s, bad_list, good + 1, bad_at, why);
    }
    sepax3_store_destroy(s);
    return 0;
}
