/* Fuzz target: the batch collision calls on every backend.
 *
 * The input builds 2..8 shapes (regular polygons of 3..64 vertices, small
 * integer outlines that touch exactly, free outlines, boxes, and the
 * round and thin kinds: circles, capsules, segments, rounded polygons,
 * often on the same grid so that they touch exactly), places them,
 * may remove one so that its id goes stale, and lists up to 301 pairs,
 * some of them bad (the same shape twice, stale ids, made-up ids, slots
 * past the end). In the bounded mode every coordinate stays below about
 * 1e4 in magnitude; in the huge mode they range up to the store's
 * coordinate limit and only the properties that hold at any size are
 * checked.
 *
 * Checked:
 *  - sepax_collide on the scalar backend fails exactly on the first bad
 *    pair, with the right status and index, and then writes nothing;
 *  - every other available backend computes the same world (vertices and
 *    boxes, byte for byte) and returns the same status, index and result
 *    bytes as scalar;
 *  - sepax_collide_hits agrees with sepax_collide on every backend: the
 *    same hits in pair order, the full count, SEPAX_ERR_CAPACITY exactly
 *    when the count exceeds the capacity, nothing written past it; and
 *    sepax_collide_hits_cached writes sepax_collide_hits' bytes with
 *    caches of arbitrary bytes and with the caches it left; and
 *    sepax_collide_hits_tracked writes the plain call's hits over up to
 *    three rounds of moves (steps of 10^-k, small and whole turns, jumps)
 *    with its records carried along;
 *  - sepax_group_pairs groups an accepted list by class as its contract
 *    says (checked against sepax_pair_group_of) and refuses a bad one as
 *    sepax_collide does, writing nothing; on every backend
 *    sepax_collide_grouped gives each grouped pair the plain call's bytes
 *    and sepax_collide_hits_grouped the plain hits call's over the grouped
 *    list (at a capacity from the input); with one pair moved across a
 *    group boundary (when the input asks) both refuse with
 *    SEPAX_ERR_BAD_PAIR at the lowest pair outside its claimed group and
 *    write nothing;
 *  - sepax_broadphase lists exactly the pairs of live shapes whose boxes
 *    overlap or touch, once each, lower slot first, honours its capacity
 *    the same way, and lists them in the same order on every backend;
 *  - each result is well formed (hit flag matches the sign, unit normal,
 *    owner and edge in range, no unknown flag bits);
 *  - bounded mode: where the double-precision oracle (tests/oracle/oracle.c for
 *    two polygons, tests/oracle/oracle_round.c when a round or thin shape is in
 *    the pair) is clear of the boundary by 1e-4 of the pair's scale, the
 *    hit flag agrees with it and a hit's depth agrees within 1e-4 of the
 *    scale. */
#define _POSIX_C_SOURCE 200809L /* unsetenv */

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "oracle/oracle.h"
#include "oracle/oracle_round.h"
#include "fuzz_input.h"
#include "sepax/sepax.h"

#define MAX_SHAPES 8
/* Up to 63 pairs usually, and now and then 256..301: past the 256-pair
 * chunk sepax_collide_hits works in. Long lists of the few distinct pairs
 * 2..8 shapes make only cost time, so they are kept rare. */
#define MAX_PAIRS 301
#define MAX_CAPACITY 12
#define SPARE 4 /* hits past the capacity that must stay untouched */
#define ORACLE_REL 1e-4

FUZZ_BACKENDS_INITIALIZE

/* Add one shape as the input describes it; returns the status. */
static sepax_status add_shape(sepax_store *s, fuzz_input *in, int huge, sepax_shape_id *id)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    size_t n;
    const uint8_t kind = fuzz_u8(in);
    if (kind % 8 >= 4) {
        /* round and thin kinds: grid points, so that they touch exactly */
        sepax_vec2 p1, p2;
        p1.x = huge ? fuzz_value(in) : (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
        p1.y = huge ? fuzz_value(in) : (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
        p2.x = huge ? fuzz_value(in) : (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
        p2.y = huge ? fuzz_value(in) : (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
        const float r = huge ? fabsf(fuzz_value(in)) : (float)(fuzz_u8(in) % 16 + 1) / 4.0f;
        switch (kind % 8) {
        case 4:
            return fuzz_status(sepax_add_circle(s, p1, r, id));
        case 5:
            return fuzz_status(sepax_add_capsule(s, p1, p2, r, id));
        case 6:
            return fuzz_status(sepax_add_segment(s, p1, p2, id));
        default:
            n = 3 + fuzz_u8(in) % 6;
            for (size_t i = 0; i < n; i++) {
                v[i].x = (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
                v[i].y = (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
            }
            return fuzz_status(sepax_add_rounded_polygon(s, v, n, r, id));
        }
    }
    switch (kind % 4) {
    case 0: { /* regular: every vertex count, so every kernel path */
        n = 3 + fuzz_u8(in) % (SEPAX_MAX_POLYGON_VERTICES - 2);
        /* one declaration per read: the bytes are consumed in this order */
        const uint8_t ph = fuzz_u8(in);
        double cx, cy, r;
        if (huge) {
            r = ldexp(1.0, (int)(fuzz_u8(in) % 200) - 130);
            const int8_t mx = (int8_t)fuzz_u8(in);
            cx = ldexp(mx, fuzz_u8(in) % 128 - 66);
            const int8_t my = (int8_t)fuzz_u8(in);
            cy = ldexp(my, fuzz_u8(in) % 128 - 66);
        } else {
            cx = fuzz_bounded(in);
            cy = fuzz_bounded(in);
            r = (fuzz_u8(in) + 1) / 16.0;
        }
        fuzz_regular(v, n, cx, cy, r, ph / 40.0, ph & 1);
        break;
    }
    case 1: /* a few vertices on a grid: exact touching and containment */
        n = 3 + fuzz_u8(in) % 6;
        for (size_t i = 0; i < n; i++) {
            v[i].x = (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
            v[i].y = (float)((int)(fuzz_u8(in) % 17) - 8) / 2.0f;
        }
        break;
    case 2: /* anything: mostly refused, sometimes a sliver */
        n = 3 + fuzz_u8(in) % 10;
        for (size_t i = 0; i < n; i++) {
            v[i].x = huge ? fuzz_value(in) : fuzz_bounded(in);
            v[i].y = huge ? fuzz_value(in) : fuzz_bounded(in);
        }
        break;
    default: {
        sepax_vec2 c, h;
        float angle;
        if (huge) {
            c.x = fuzz_value(in);
            c.y = fuzz_value(in);
            h.x = fabsf(fuzz_value(in));
            h.y = fabsf(fuzz_value(in));
            angle = fuzz_value(in);
        } else {
            c.x = fuzz_bounded(in);
            c.y = fuzz_bounded(in);
            h.x = (fuzz_u8(in) + 1) / 16.0f;
            h.y = (fuzz_u8(in) + 1) / 16.0f;
            angle = (float)fuzz_u16(in) * (6.2831853f / 65536.0f);
        }
        return fuzz_status(sepax_add_box(s, c, h, angle, id));
    }
    }
    return fuzz_status(sepax_add_polygon(s, v, n, id));
}

static sepax_transform read_transform(fuzz_input *in, int huge)
{
    sepax_transform t = sepax_transform_identity();
    uint8_t mode = fuzz_u8(in);
    if (mode % 4 == 0)
        return t;
    if (huge) {
        t.p.x = fuzz_value(in);
        t.p.y = fuzz_value(in);
    } else {
        t.p.x = fuzz_bounded(in);
        t.p.y = fuzz_bounded(in);
    }
    t.q = fuzz_rotation(in);
    return t;
}

/* What a pair names. Mostly two different accepted shapes; a bad pair
 * takes one of the other forms so that every check in the batch calls
 * runs. Zero bytes (the input's end) give a good pair. */
static sepax_pair read_pair(fuzz_input *in, const sepax_shape_id *ids, size_t n, sepax_shape_id stale,
                            uint32_t slot_limit)
{
    uint8_t sel = fuzz_u8(in);
    uint8_t x = fuzz_u8(in), y = fuzz_u8(in);
    sepax_pair p = {0, 0};
    if (n > 0) {
        p.a = ids[x % n];
        p.b = ids[(x % n + 1 + (n > 1 ? y % (n - 1) : 0)) % n];
    }
    switch (sel % 64) {
    case 59:
        p.b = p.a;
        break;
    case 60:
        p.a = fuzz_u32(in);
        break;
    case 61:
        p.b = stale;
        break;
    case 62:
        p.a = slot_limit + y % 4;
        break;
    case 63:
        p.b = p.a ^ ((uint32_t)(y | 1) << 24); /* right slot, wrong generation */
        break;
    default:
        break;
    }
    return p;
}

/* The status sepax_collide owes a pair list, and the first bad index,
 * worked out from sepax_shape_check alone. */
static sepax_status expected_status(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                    size_t *bad)
{
    for (size_t i = 0; i < n; i++) {
        sepax_status st = fuzz_status(sepax_shape_check(s, pairs[i].a));
        if (st == SEPAX_OK)
            st = fuzz_status(sepax_shape_check(s, pairs[i].b));
        if (st == SEPAX_OK && SEPAX_ID_SLOT(pairs[i].a) == SEPAX_ID_SLOT(pairs[i].b))
            st = SEPAX_ERR_BAD_PAIR;
        if (st != SEPAX_OK) {
            *bad = i;
            return st;
        }
    }
    return SEPAX_OK;
}

typedef struct world_shot {
    sepax_vec2 v[MAX_SHAPES + 1][SEPAX_MAX_POLYGON_VERTICES];
    sepax_vec2 box[MAX_SHAPES + 1][2];
    uint32_t n[MAX_SHAPES + 1];
} world_shot;

static void snapshot(const sepax_store *s, const sepax_shape_id *ids, size_t n, world_shot *w)
{
    memset(w, 0, sizeof *w);
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(fuzz_status(sepax_shape_vertices(s, ids[i], 1, w->v[i], SEPAX_MAX_POLYGON_VERTICES, &w->n[i])) == SEPAX_OK,
                   "id %#x", ids[i]);
        FUZZ_CHECK(fuzz_status(sepax_shape_aabb(s, ids[i], &w->box[i][0], &w->box[i][1])) ==
                       SEPAX_OK,
                   "id %#x", ids[i]);
    }
}

/* The world another backend computed against scalar's, byte for byte. */
static void compare_world(const char *name, const sepax_shape_id *ids, size_t n,
                          const world_shot *got, const world_shot *ref)
{
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(memcmp(got->box[i], ref->box[i], sizeof got->box[i]) == 0,
                   "%s: shape %#x box (%a, %a)-(%a, %a), scalar (%a, %a)-(%a, %a)", name, ids[i],
                   got->box[i][0].x, got->box[i][0].y, got->box[i][1].x, got->box[i][1].y,
                   ref->box[i][0].x, ref->box[i][0].y, ref->box[i][1].x, ref->box[i][1].y);
        for (uint32_t k = 0; k < ref->n[i]; k++)
            FUZZ_CHECK(memcmp(&got->v[i][k], &ref->v[i][k], sizeof got->v[i][k]) == 0,
                       "%s: shape %#x world vertex %u (%a, %a), scalar (%a, %a)", name, ids[i], k,
                       got->v[i][k].x, got->v[i][k].y, ref->v[i][k].x, ref->v[i][k].y);
    }
    FUZZ_CHECK(memcmp(got, ref, sizeof *got) == 0, "%s: world differs from scalar", name);
}

/* A result on its own terms, whatever its size. */
static void check_result(const sepax_store *s, const sepax_pair *p, const sepax_result *r,
                         size_t i)
{
    FUZZ_CHECK(((r->flags & SEPAX_HIT) != 0) == (r->separation <= 0.0f),
               "pair %zu: flags %#x, separation %g", i, r->flags, r->separation);
    FUZZ_CHECK((r->flags & ~7u) == 0, "pair %zu: flags %#x", i, r->flags);
    FUZZ_CHECK(!isnan(r->separation), "pair %zu: separation NaN", i);
    FUZZ_CHECK(r->owner == SEPAX_OWNER_A || r->owner == SEPAX_OWNER_B, "pair %zu: owner %u", i,
               r->owner);
    uint32_t n = 0;
    (void)sepax_shape_vertices(s, r->owner == SEPAX_OWNER_A ? p->a : p->b, 1, NULL, 0, &n);
    /* a segment core has four faces (two sides, two ends); a closest-point
     * axis names none */
    const uint32_t faces = n == 2 ? 4 : n == 1 ? 0 : n;
    FUZZ_CHECK(r->edge < faces || (r->edge == SEPAX_EDGE_NONE && r->owner == SEPAX_OWNER_A),
               "pair %zu: edge %u of %u faces", i, r->edge, faces);
    double len = hypot(r->normal.x, r->normal.y);
    /* a unit normal turned by a rotation within the accepted tolerance */
    FUZZ_CHECK(fabs(len - 1.0) < 1e-3, "pair %zu: normal (%g, %g)", i, r->normal.x, r->normal.y);
}

static int plain_polygon(const sepax_store *s, sepax_shape_id id)
{
    sepax_shape_desc d = {SEPAX_SHAPE_POLYGON, 0.0f, 0};
    (void)sepax_shape_info(s, id, &d);
    return d.kind == SEPAX_SHAPE_POLYGON;
}

static void check_oracle_round(const sepax_store *s, const sepax_pair *p, const sepax_result *r,
                               size_t i)
{
    static oround_shape a, b;
    static oround_answer o;
    FUZZ_CHECK(oround_from_store(s, p->a, &a) == SEPAX_OK, "pair %zu", i);
    FUZZ_CHECK(oround_from_store(s, p->b, &b) == SEPAX_OK, "pair %zu", i);
    oround_collide(&a, &b, &o);
    const double tol = ORACLE_REL * o.scale;
    FUZZ_TRACE("pair %zu (%#x, %#x): separation %.9g, round oracle %.9g, tol %.3g\n", i, p->a,
               p->b, r->separation, o.contract, tol);
    if (!(fabs(o.contract) > tol))
        return; /* within rounding of touching: either answer is right */
    const int hit = (r->flags & SEPAX_HIT) != 0;
    FUZZ_CHECK(hit == (o.contract <= 0.0), "pair %zu (%#x, %#x): hit %d, oracle %.9g (tol %.3g)",
               i, p->a, p->b, hit, o.contract, tol);
    /* The separation of a miss between two thin cores is the one-sided
     * face gap, whose value far away turns with the face normal (rounded
     * differently by the oracle, which rebuilds it from world vertices):
     * only a depth, or a true distance (something round), is compared. */
    if (hit || a.r > 0.0 || b.r > 0.0)
        FUZZ_CHECK(fabs((double)r->separation - o.contract) <= tol,
                   "pair %zu (%#x, %#x): separation %.9g, oracle %.9g (tol %.3g)", i, p->a, p->b,
                   r->separation, o.contract, tol);
}

static void check_oracle(const sepax_store *s, const sepax_pair *p, const sepax_result *r, size_t i)
{
    static oracle_poly a, b;
    static oracle_result o;
    if (!plain_polygon(s, p->a) || !plain_polygon(s, p->b)) {
        check_oracle_round(s, p, r, i);
        return;
    }
    FUZZ_CHECK(oracle_poly_from_store(s, p->a, &a) == SEPAX_OK, "pair %zu", i);
    FUZZ_CHECK(oracle_poly_from_store(s, p->b, &b) == SEPAX_OK, "pair %zu", i);
    oracle_collide(&a, &b, &o);
    const double tol = ORACLE_REL * oracle_scale(&a, &b);
    FUZZ_TRACE("pair %zu (%#x, %#x): separation %.9g, oracle %.9g, tol %.3g\n", i, p->a, p->b,
               r->separation, o.separation, tol);
    if (!(fabs(o.separation) > tol))
        return; /* within rounding of touching: either answer is right */
    const int hit = (r->flags & SEPAX_HIT) != 0;
    FUZZ_CHECK(hit == o.hit, "pair %zu (%#x, %#x): hit %d, oracle separation %.9g (tol %.3g)", i,
               p->a, p->b, hit, o.separation, tol);
    if (hit)
        FUZZ_CHECK(fabs((double)r->separation - o.separation) <= tol,
                   "pair %zu (%#x, %#x): depth %.9g, oracle %.9g (tol %.3g)", i, p->a, p->b,
                   r->separation, o.separation, tol);
}

/* sepax_collide_hits_cached against sepax_collide_hits' bytes (status,
 * count, bad index, the whole hit buffer): first with caches of arbitrary
 * bytes, then with the caches that call left. */
static void check_cached(const sepax_store *s, const sepax_pair *pairs, size_t n, size_t cap,
                         sepax_status want, size_t want_count, size_t want_bad,
                         const sepax_hit *want_hits)
{
    static sepax_pair_cache caches[MAX_PAIRS];
    uint64_t x = (uint64_t)n * 0x9E3779B97F4A7C15u + cap;
    for (size_t k = 0; k < n; k++)
        for (size_t b = 0; b < sizeof caches[k].bytes; b++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            caches[k].bytes[b] = (uint8_t)(x >> 56);
        }
    const char *name = sepax_backend_name(sepax_store_backend(s));
    for (int round = 0; round < 2; round++) {
        sepax_hit got[MAX_CAPACITY + SPARE];
        memset(got, 0xA5, sizeof got);
        size_t count = 12345, bad = SIZE_MAX;
        const sepax_status st = fuzz_status(
            sepax_collide_hits_cached(s, pairs, n, caches, cap ? got : NULL, cap, &count, &bad));
        FUZZ_CHECK(st == want && count == want_count && bad == want_bad &&
                       memcmp(got, want_hits, sizeof got) == 0,
                   "%s: cached call (round %d) %s, %zu hits, bad %zu; uncached %s, %zu, %zu",
                   name, round, sepax_status_string(st), count, bad, sepax_status_string(want),
                   want_count, want_bad);
    }
}

/* sepax_collide_hits_tracked against sepax_collide_hits over a few
 * moves, records carried along: a record written at one pose must never
 * skip a hit at the next, whatever each shape did since (a step of 10^-k
 * of a unit, a small or a whole turn, a jump). On the store's backend;
 * the transforms are put back at the end. */
static void check_tracked(sepax_store *s, const sepax_shape_id *ids, size_t n,
                          const sepax_pair *pairs, size_t np, fuzz_input *in)
{
    static sepax_pair_cache caches[MAX_PAIRS];
    static sepax_pair_motion motions[MAX_PAIRS];
    static sepax_hit want[MAX_PAIRS], got[MAX_PAIRS];
    sepax_transform start[MAX_SHAPES + 1], xf[MAX_SHAPES + 1];
    memset(caches, 0, np * sizeof *caches);
    memset(motions, 0, np * sizeof *motions);
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(sepax_shape_transform(s, ids[i], &start[i]) == SEPAX_OK, "transform");
        xf[i] = start[i];
    }
    const char *name = sepax_backend_name(sepax_store_backend(s));
    for (int round = 0; round < 4; round++) {
        size_t nw = 0, ng = 0;
        FUZZ_CHECK(sepax_collide_hits(s, pairs, np, want, MAX_PAIRS, &nw, NULL) == SEPAX_OK,
                   "%s: hits refused", name);
        FUZZ_CHECK(sepax_collide_hits_tracked(s, pairs, np, caches, motions, got, MAX_PAIRS, &ng,
                                              NULL) == SEPAX_OK,
                   "%s: tracked hits refused", name);
        FUZZ_CHECK(ng == nw && memcmp(got, want, nw * sizeof *got) == 0,
                   "%s: tracked call (round %d): %zu hits, plain call %zu or other bytes", name,
                   round, ng, nw);
        if (!fuzz_more(in))
            break;
        for (size_t i = 0; i < n; i++) {
            const uint8_t how = fuzz_u8(in);
            const double step = (how & 7) == 7 ? 4.0 : pow(10.0, -(double)(how & 7));
            const double a = (double)fuzz_u8(in) * (6.283185307179586 / 256.0);
            if (how & 8) {
                xf[i].p.x = (float)(xf[i].p.x + step * cos(a));
                xf[i].p.y = (float)(xf[i].p.y + step * sin(a));
            }
            if (how & 48) {
                const double turn = (how & 48) == 48 ? a : (how & 16 ? 1e-3 : 1e-6) * (a - 3.0);
                const double c = cos(turn), sn = sin(turn), qc = xf[i].q.c, qs = xf[i].q.s;
                const double rc = qc * c - qs * sn, rs = qs * c + qc * sn, len = hypot(rc, rs);
                xf[i].q.c = (float)(rc / len), xf[i].q.s = (float)(rs / len);
            }
        }
        if (sepax_set_transforms(s, ids, xf, n) != SEPAX_OK)
            break; /* a huge scene's shape pushed past the coordinate limit */
    }
    FUZZ_CHECK(sepax_set_transforms(s, ids, start, n) == SEPAX_OK, "set_transforms back");
}

/* sepax_collide_hits against the answer sepax_collide gave. */
static void check_hits(const sepax_store *s, const sepax_pair *pairs, size_t n, size_t cap,
                       sepax_status want, size_t want_bad, const sepax_result *res)
{
    sepax_hit hits[MAX_CAPACITY + SPARE];
    memset(hits, 0xA5, sizeof hits);
    size_t count = 12345, bad = SIZE_MAX;
    sepax_status st = fuzz_status(sepax_collide_hits(s, pairs, n, cap ? hits : NULL, cap, &count,
                                                     &bad));
    const char *name = sepax_backend_name(sepax_store_backend(s));
    check_cached(s, pairs, n, cap, st, count, bad, hits);
    sepax_hit untouched;
    memset(&untouched, 0xA5, sizeof untouched);
    if (want != SEPAX_OK) {
        FUZZ_CHECK(st == want && bad == want_bad && count == 0,
                   "%s: hits %s at %zu (count %zu), collide %s at %zu", name,
                   sepax_status_string(st), bad, count, sepax_status_string(want), want_bad);
        for (size_t k = 0; k < MAX_CAPACITY + SPARE; k++)
            FUZZ_CHECK(memcmp(&hits[k], &untouched, sizeof untouched) == 0,
                       "%s: failed hits call wrote hit %zu", name, k);
        return;
    }
    size_t found = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(res[i].flags & SEPAX_HIT))
            continue;
        if (found < cap)
            FUZZ_CHECK(hits[found].pair == i &&
                           memcmp(&hits[found].result, &res[i], sizeof res[i]) == 0,
                       "%s: hit %zu is pair %u, collide says pair %zu", name, found,
                       hits[found].pair, i);
        found++;
    }
    FUZZ_CHECK(count == found, "%s: %zu hits counted, collide has %zu", name, count, found);
    FUZZ_CHECK(st == (found > cap ? SEPAX_ERR_CAPACITY : SEPAX_OK), "%s: %s with %zu hits, capacity %zu",
               name, sepax_status_string(st), found, cap);
    for (size_t k = found < cap ? found : cap; k < MAX_CAPACITY + SPARE; k++)
        FUZZ_CHECK(memcmp(&hits[k], &untouched, sizeof untouched) == 0,
                   "%s: hit %zu written past the %zu hits (capacity %zu)", name, k, found, cap);
}

/* The broadphase over the live shapes: with room for every pair, it must
 * return exactly the pairs whose boxes overlap or touch, each once with
 * the lower slot first; with less room, the same count, the status
 * SEPAX_ERR_CAPACITY and the first pairs of the same list. Returns the
 * full list in out (room for MAX_BROAD). */
#define MAX_BROAD ((MAX_SHAPES + 1) * MAX_SHAPES / 2)
static size_t check_broadphase(const sepax_store *s, const sepax_shape_id *ids, size_t n, size_t cap,
                               sepax_pair *out)
{
    const char *name = sepax_backend_name(sepax_store_backend(s));
    size_t count = 12345;
    sepax_status st = fuzz_status(sepax_broadphase(s, out, MAX_BROAD, &count));
    FUZZ_CHECK(st == SEPAX_OK && count <= MAX_BROAD, "%s: broadphase %s, %zu pairs", name,
               sepax_status_string(st), count);
    sepax_vec2 lo[MAX_SHAPES + 1], hi[MAX_SHAPES + 1];
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(sepax_shape_aabb(s, ids[i], &lo[i], &hi[i]) == SEPAX_OK, "id %#x", ids[i]);
    size_t overlapping = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            overlapping += lo[i].x <= hi[j].x && lo[j].x <= hi[i].x && lo[i].y <= hi[j].y &&
                           lo[j].y <= hi[i].y;
    FUZZ_CHECK(count == overlapping, "%s: broadphase found %zu pairs, %zu boxes overlap", name,
               count, overlapping);
    for (size_t k = 0; k < count; k++) {
        size_t ia = 0, ib = 0;
        while (ia < n && ids[ia] != out[k].a)
            ia++;
        while (ib < n && ids[ib] != out[k].b)
            ib++;
        FUZZ_CHECK(ia < n && ib < n && SEPAX_ID_SLOT(out[k].a) < SEPAX_ID_SLOT(out[k].b),
                   "%s: broadphase pair %zu (%#x, %#x)", name, k, out[k].a, out[k].b);
        FUZZ_CHECK(lo[ia].x <= hi[ib].x && lo[ib].x <= hi[ia].x && lo[ia].y <= hi[ib].y &&
                       lo[ib].y <= hi[ia].y,
                   "%s: broadphase pair %zu (%#x, %#x): boxes apart", name, k, out[k].a, out[k].b);
        for (size_t j = 0; j < k; j++)
            FUZZ_CHECK(out[j].a != out[k].a || out[j].b != out[k].b,
                       "%s: broadphase pair (%#x, %#x) twice", name, out[k].a, out[k].b);
    }

    sepax_pair part[MAX_CAPACITY + SPARE];
    memset(part, 0xA5, sizeof part);
    size_t part_count = 12345;
    st = fuzz_status(sepax_broadphase(s, cap ? part : NULL, cap, &part_count));
    FUZZ_CHECK(part_count == count && st == (count > cap ? SEPAX_ERR_CAPACITY : SEPAX_OK),
               "%s: broadphase with room for %zu: %s, %zu pairs of %zu", name, cap,
               sepax_status_string(st), part_count, count);
    const size_t kept = count < cap ? count : cap;
    FUZZ_CHECK(kept == 0 || memcmp(part, out, kept * sizeof *part) == 0,
               "%s: broadphase with room for %zu wrote other pairs", name, cap);
    sepax_pair untouched;
    memset(&untouched, 0xA5, sizeof untouched);
    for (size_t k = kept; k < MAX_CAPACITY + SPARE; k++)
        FUZZ_CHECK(memcmp(&part[k], &untouched, sizeof untouched) == 0,
                   "%s: broadphase wrote pair %zu with room for %zu", name, k, cap);
    return count;
}

/* The grouped calls against the plain ones on every backend, for a list
 * sepax_collide accepts. The list is grouped once (the grouping depends
 * only on the store) and the grouping held to its contract: starts rising
 * from 0 to n, grouped[k] = pairs[from[k]] with every index once and each
 * group in the input's order, each pair in the group sepax_pair_group_of
 * names. all[] is sepax_collide's answer for pairs[], which every backend
 * gave. On each backend sepax_collide_grouped gives for grouped[k] the
 * bytes of all[from[k]], and sepax_collide_hits_grouped the status,
 * count, bad index and hit buffer of sepax_collide_hits over the grouped
 * list (run once, on scalar: the backends' plain answers are scalar's),
 * at a capacity from the input. When the input asks, one boundary between
 * two groups moves by one pair: both grouped calls then refuse with
 * SEPAX_ERR_BAD_PAIR at the lowest pair outside its claimed group (found
 * with sepax_pair_group_of), writing nothing. */
static void check_grouped(sepax_store *s, const sepax_pair *pairs, size_t n,
                          const sepax_result *all, fuzz_input *in)
{
    enum { G = SEPAX_PAIR_GROUPS };
    const uint8_t cap_byte = fuzz_u8(in), shift = fuzz_u8(in);
    /* mostly below the hit count of a long list, now and then room for
     * all; zero bytes (the input's end) give some room and a pair moved:
     * the seeds reach the grouped calls with few bytes to spare */
    const size_t cap = (cap_byte + n / 2) % (cap_byte & 0x80 ? n + 2 : MAX_CAPACITY + 1);
    static sepax_pair grouped[MAX_PAIRS];
    static uint32_t from[MAX_PAIRS];
    static uint8_t seen[MAX_PAIRS];
    static sepax_result plain[MAX_PAIRS], res[MAX_PAIRS + 1];
    static sepax_hit hp[MAX_PAIRS + SPARE], hg[MAX_PAIRS + SPARE];
    size_t starts[G + 1], moved[G + 1];
    memset(seen, 0, n);
    size_t bad = SIZE_MAX;
    FUZZ_CHECK(fuzz_status(sepax_group_pairs(s, pairs, n, grouped, starts, from, &bad)) ==
                   SEPAX_OK,
               "group_pairs refused at %zu", bad);
    FUZZ_CHECK(starts[0] == 0 && starts[G] == n, "grouping: starts %zu .. %zu of %zu pairs",
               starts[0], starts[G], n);
    for (unsigned g = 0; g < G; g++) {
        FUZZ_CHECK(starts[g] <= starts[g + 1], "grouping: starts[%u] %zu > starts[%u] %zu", g,
                   starts[g], g + 1, starts[g + 1]);
        for (size_t k = starts[g]; k < starts[g + 1]; k++) {
            FUZZ_CHECK(from[k] < n && !seen[from[k]], "grouping: from[%zu] = %u", k, from[k]);
            seen[from[k]] = 1;
            FUZZ_CHECK(grouped[k].a == pairs[from[k]].a && grouped[k].b == pairs[from[k]].b,
                       "grouping: pair %zu is not pairs[from[%zu]]", k, k);
            FUZZ_CHECK(k == starts[g] || from[k - 1] < from[k],
                       "grouping: group %u out of the input's order at %zu", g, k);
            uint32_t pg = G;
            FUZZ_CHECK(sepax_pair_group_of(s, grouped[k], &pg) == SEPAX_OK && pg == g,
                       "grouping: pair %zu (%#x, %#x) in group %u, pair_group_of says %u", k,
                       grouped[k].a, grouped[k].b, g, pg);
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
                uint32_t pg = G;
                FUZZ_CHECK(sepax_pair_group_of(s, grouped[k], &pg) == SEPAX_OK, "group_of");
                if (pg != g) {
                    want_bad = k;
                    break;
                }
            }
    }
    FUZZ_TRACE("grouped: %zu pairs, hits capacity %zu, %s\n", n, cap,
               want_bad == SIZE_MAX ? "no pair moved" : "a pair moved");
    if (want_bad != SIZE_MAX)
        FUZZ_TRACE("  first pair outside its group: %zu\n", want_bad);

    /* the store answers as it did before the tracked call's moves (its
     * transforms put back), and the plain hits over the grouped list */
    FUZZ_CHECK(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR) == SEPAX_OK, "scalar");
    FUZZ_CHECK(sepax_update_world(s) == SEPAX_OK, "update_world");
    FUZZ_CHECK(sepax_collide(s, pairs, n, plain, NULL) == SEPAX_OK &&
                   memcmp(plain, all, n * sizeof *all) == 0,
               "collide after the moves were undone gives other bytes");
    memset(hp, 0xA5, sizeof hp);
    size_t cp = 12345, bp = SIZE_MAX;
    const sepax_status sp =
        fuzz_status(sepax_collide_hits(s, grouped, n, cap ? hp : NULL, cap, &cp, &bp));
    for (int b = 0; b < backend_n; b++) {
        const char *name = sepax_backend_name(backends[b]);
        FUZZ_CHECK(sepax_store_set_backend(s, backends[b]) == SEPAX_OK, "%s", name);
        FUZZ_CHECK(sepax_update_world(s) == SEPAX_OK, "%s: update_world", name);
        memset(res, 0x5A, sizeof res);
        bad = SIZE_MAX;
        sepax_status st = fuzz_status(sepax_collide_grouped(s, grouped, starts, res, &bad));
        FUZZ_CHECK(st == SEPAX_OK, "%s: collide_grouped %s at %zu", name, sepax_status_string(st),
                   bad);
        for (size_t k = 0; k < n; k++) {
            const sepax_result *r = &res[k], *w = &all[from[k]];
            FUZZ_CHECK(memcmp(r, w, sizeof *r) == 0,
                       "%s: grouped result %zu (pair %u: %#x, %#x): separation %a normal (%a, "
                       "%a) edge %u owner %u flags %#x; plain %a (%a, %a) %u %u %#x",
                       name, k, from[k], grouped[k].a, grouped[k].b, r->separation, r->normal.x,
                       r->normal.y, r->edge, r->owner, r->flags, w->separation, w->normal.x,
                       w->normal.y, w->edge, w->owner, w->flags);
        }
        for (size_t k = n * sizeof *res; k < sizeof res; k++)
            FUZZ_CHECK(((const unsigned char *)res)[k] == 0x5A,
                       "%s: collide_grouped wrote past its pairs", name);

        memset(hg, 0xA5, sizeof hg);
        size_t cg = 12345, bg = SIZE_MAX;
        const sepax_status sg = fuzz_status(
            sepax_collide_hits_grouped(s, grouped, starts, cap ? hg : NULL, cap, &cg, &bg));
        FUZZ_CHECK(sg == sp && cg == cp && bg == bp && memcmp(hp, hg, sizeof hg) == 0,
                   "%s: grouped hits (capacity %zu) %s, %zu hits, bad %zu; plain %s, %zu, %zu",
                   name, cap, sepax_status_string(sg), cg, bg, sepax_status_string(sp), cp, bp);

        if (want_bad == SIZE_MAX)
            continue;
        memset(res, 0x5A, sizeof res);
        bad = SIZE_MAX;
        st = fuzz_status(sepax_collide_grouped(s, grouped, moved, res, &bad));
        FUZZ_CHECK(st == SEPAX_ERR_BAD_PAIR && bad == want_bad,
                   "%s: collide_grouped with a pair moved: %s at %zu, want bad pair at %zu", name,
                   sepax_status_string(st), bad, want_bad);
        for (size_t k = 0; k < sizeof res; k++)
            FUZZ_CHECK(((const unsigned char *)res)[k] == 0x5A,
                       "%s: refused collide_grouped wrote", name);
        memset(hg, 0xA5, sizeof hg);
        cg = 12345, bad = SIZE_MAX;
        st = fuzz_status(sepax_collide_hits_grouped(s, grouped, moved, cap ? hg : NULL, cap, &cg,
                                                    &bad));
        FUZZ_CHECK(st == SEPAX_ERR_BAD_PAIR && bad == want_bad && cg == 0,
                   "%s: hits_grouped with a pair moved: %s at %zu with %zu hits, want bad pair "
                   "at %zu",
                   name, sepax_status_string(st), bad, cg, want_bad);
        for (size_t k = 0; k < sizeof hg; k++)
            FUZZ_CHECK(((const unsigned char *)hg)[k] == 0xA5,
                       "%s: refused hits_grouped wrote", name);
    }
}

/* A list sepax_collide refuses: the grouping refuses it alike (status and
 * lowest bad index) and writes nothing. */
static void check_group_refused(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                sepax_status want, size_t want_bad)
{
    static sepax_pair grouped[MAX_PAIRS];
    static uint32_t from[MAX_PAIRS];
    size_t starts[SEPAX_PAIR_GROUPS + 1];
    memset(grouped, 0x5A, sizeof grouped);
    memset(from, 0x5A, sizeof from);
    memset(starts, 0x5A, sizeof starts);
    size_t bad = SIZE_MAX;
    const sepax_status st =
        fuzz_status(sepax_group_pairs(s, pairs, n, grouped, starts, from, &bad));
    FUZZ_CHECK(st == want && bad == want_bad, "group_pairs %s at %zu, collide %s at %zu",
               sepax_status_string(st), bad, sepax_status_string(want), want_bad);
    int clean = 1;
    for (size_t k = 0; k < sizeof grouped; k++)
        clean &= ((const unsigned char *)grouped)[k] == 0x5A;
    for (size_t k = 0; k < sizeof from; k++)
        clean &= ((const unsigned char *)from)[k] == 0x5A;
    for (size_t k = 0; k < sizeof starts; k++)
        clean &= ((const unsigned char *)starts)[k] == 0x5A;
    FUZZ_CHECK(clean, "refused group_pairs wrote");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    const uint8_t head = fuzz_u8(&in);
    const size_t want_shapes = 2u + (head & 0x1Fu) % (MAX_SHAPES - 1u);
    const int huge = (head & 0x80) != 0;
    const int remove_one = (head & 0x40) != 0;
    const int refill = (head & 0x20) != 0;

    sepax_store *s = NULL;
    FUZZ_CHECK(sepax_store_create(NULL, &s) == SEPAX_OK, "create");

    sepax_shape_id ids[MAX_SHAPES + 1];
    size_t n = 0;
    for (size_t k = 0; k < want_shapes; k++) {
        sepax_shape_id id;
        sepax_status st = add_shape(s, &in, huge, &id);
        FUZZ_TRACE("shape %zu: %s\n", k, sepax_status_string(st));
        if (st == SEPAX_OK && fuzz_tracing) {
            sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
            uint32_t nv = 0;
            (void)sepax_shape_vertices(s, id, 0, v, SEPAX_MAX_POLYGON_VERTICES, &nv);
            for (uint32_t i = 0; i < nv; i++)
                FUZZ_TRACE("  (%a, %a)\n", v[i].x, v[i].y);
        }
        if (st == SEPAX_OK)
            ids[n++] = id;
    }
    /* Placed one by one, so that a refused transform costs only its own
     * shape's placement. */
    for (size_t i = 0; i < n; i++) {
        sepax_transform t = read_transform(&in, huge);
        sepax_status st = fuzz_status(sepax_set_transforms(s, &ids[i], &t, 1));
        FUZZ_TRACE("place %#x at (%g, %g) q (%g, %g): %s\n", ids[i], t.p.x, t.p.y, t.q.c, t.q.s,
                   sepax_status_string(st));
    }
    sepax_shape_id stale = fuzz_u32(&in);
    if (remove_one && n > 0) {
        size_t k = fuzz_u8(&in) % n;
        stale = ids[k];
        FUZZ_CHECK(sepax_remove(s, stale) == SEPAX_OK, "remove %#x", stale);
        ids[k] = ids[--n];
        /* a new shape may take the freed slot under a new generation */
        sepax_shape_id id;
        if (refill && add_shape(s, &in, huge, &id) == SEPAX_OK)
            ids[n++] = id;
    }

    static sepax_pair pairs[MAX_PAIRS];
    const uint8_t np = fuzz_u8(&in);
    const size_t npairs = np < 240 ? np % 64u : 256u + 3u * (np - 240u);
    const size_t cap = fuzz_u8(&in) % (MAX_CAPACITY + 1);
    const uint32_t limit = sepax_store_slot_limit(s);
    for (size_t i = 0; i < npairs; i++)
        pairs[i] = read_pair(&in, ids, n, stale, limit);

    size_t want_bad = SIZE_MAX;
    const sepax_status want = expected_status(s, pairs, npairs, &want_bad);
    FUZZ_TRACE("%zu shapes%s, %zu pairs, capacity %zu, expect %s\n", n, huge ? " (huge)" : "",
               npairs, cap, sepax_status_string(want));

    /* The scalar reference first, with a world it computed itself. */
    static sepax_result ref[MAX_PAIRS], got[MAX_PAIRS], untouched[MAX_PAIRS];
    static world_shot ref_world, got_world;
    memset(untouched, 0x5A, sizeof untouched);
    FUZZ_CHECK(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR) == SEPAX_OK, "scalar");
    FUZZ_CHECK(sepax_update_world(s) == SEPAX_OK, "update_world");
    snapshot(s, ids, n, &ref_world);
    memcpy(ref, untouched, sizeof ref);
    size_t bad = SIZE_MAX;
    sepax_status st = fuzz_status(sepax_collide(s, pairs, npairs, ref, &bad));
    FUZZ_CHECK(st == want, "collide: %s, expected %s", sepax_status_string(st),
               sepax_status_string(want));
    if (st != SEPAX_OK) {
        FUZZ_CHECK(bad == want_bad, "bad index %zu, expected %zu", bad, want_bad);
        FUZZ_CHECK(memcmp(ref, untouched, sizeof ref) == 0, "failed collide wrote results");
    } else {
        /* A pair's answer depends only on its two shapes, and the oracle
         * is the slow part: ask it once per ordered pair of shapes. */
        uint8_t asked[MAX_SHAPES + 1][MAX_SHAPES + 1];
        memset(asked, 0, sizeof asked);
        for (size_t i = 0; i < npairs; i++) {
            check_result(s, &pairs[i], &ref[i], i);
            size_t ia = 0, ib = 0;
            while (ia < n && ids[ia] != pairs[i].a)
                ia++;
            while (ib < n && ids[ib] != pairs[i].b)
                ib++;
            FUZZ_CHECK(ia < n && ib < n, "pair %zu (%#x, %#x) collided but names no shape", i,
                       pairs[i].a, pairs[i].b);
            if (!huge && !asked[ia][ib]) {
                asked[ia][ib] = 1;
                check_oracle(s, &pairs[i], &ref[i], i);
            }
        }
    }
    check_hits(s, pairs, npairs, cap, st, bad, ref);
    check_hits(s, pairs, npairs, 0, st, bad, ref);
    static sepax_pair broad_ref[MAX_BROAD], broad[MAX_BROAD];
    const size_t nbroad = check_broadphase(s, ids, n, cap, broad_ref);

    for (int k = 0; k < backend_n; k++) {
        const sepax_backend b = backends[k];
        if (b == SEPAX_BACKEND_SCALAR)
            continue;
        const char *name = sepax_backend_name(b);
        FUZZ_CHECK(sepax_store_set_backend(s, b) == SEPAX_OK, "%s", name);
        FUZZ_CHECK(sepax_update_world(s) == SEPAX_OK, "%s: update_world", name);
        snapshot(s, ids, n, &got_world);
        compare_world(name, ids, n, &got_world, &ref_world);
        memcpy(got, untouched, sizeof got);
        size_t got_bad = SIZE_MAX;
        sepax_status got_st = fuzz_status(sepax_collide(s, pairs, npairs, got, &got_bad));
        FUZZ_CHECK(got_st == st && got_bad == bad, "%s: %s at %zu, scalar %s at %zu", name,
                   sepax_status_string(got_st), got_bad, sepax_status_string(st), bad);
        for (size_t i = 0; i < npairs; i++)
            FUZZ_CHECK(memcmp(&got[i], &ref[i], sizeof got[i]) == 0,
                       "%s: pair %zu (%#x, %#x): separation %a normal (%a, %a) edge %u owner %u "
                       "flags %#x; scalar %a (%a, %a) %u %u %#x",
                       name, i, pairs[i].a, pairs[i].b, got[i].separation, got[i].normal.x,
                       got[i].normal.y, got[i].edge, got[i].owner, got[i].flags, ref[i].separation,
                       ref[i].normal.x, ref[i].normal.y, ref[i].edge, ref[i].owner, ref[i].flags);
        check_hits(s, pairs, npairs, cap, st, bad, ref);
        /* the order, too, is fixed by the store's contents */
        FUZZ_CHECK(check_broadphase(s, ids, n, cap, broad) == nbroad &&
                       memcmp(broad, broad_ref, nbroad * sizeof *broad) == 0,
                   "%s: broadphase lists other pairs than scalar", name);
    }
    if (st == SEPAX_OK) {
        check_tracked(s, ids, n, pairs, npairs, &in);
        /* after the tracked call's bytes, so that the inputs made before
         * the grouped calls were checked decode as they did */
        check_grouped(s, pairs, npairs, ref, &in);
    } else {
        check_group_refused(s, pairs, npairs, st, bad);
    }
    sepax_store_destroy(s);
    return 0;
}
