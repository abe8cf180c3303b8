/* A store of circles only: the batch calls take a driver of their own
 * (collide_circles, no routing pass), which must give, byte for byte,
 * what the reference gives and what the any-kinds driver gives once the
 * store holds another kind. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "sepax/sepax.h"
#include "support/backends_criterion.h"

#define CIRCLES 3000u
#define PAIRS 20001u /* not a multiple of a tile: the last one is partial */

typedef struct circle_set {
    sepax_store *store;
    sepax_shape_id *ids;
    size_t count;
    sepax_pair *pairs;
    size_t npairs;
} circle_set;

static sepax_shape_id add(sepax_store *s, float x, float y, float r)
{
    sepax_shape_id id;
    cr_assert_eq(sepax_add_circle(s, (sepax_vec2){x, y}, r, &id), SEPAX_OK);
    return id;
}

/* Random circles around a scale (tiny, unit, huge), with made pairs that
 * overlap, touch, share a centre or nest, then random pairs, shuffled and
 * in both orders. */
static void build(circle_set *cs, uint64_t seed)
{
    cr_assert_eq(sepax_store_create(NULL, &cs->store), SEPAX_OK);
    cs->ids = malloc(CIRCLES * sizeof *cs->ids);
    cs->pairs = malloc(PAIRS * sizeof *cs->pairs);
    cr_assert(cs->ids && cs->pairs);
    cases_rng g;
    cases_rng_seed(&g, seed);
    static const double scale[] = {1e-15, 1.0, 1e5};
    cs->count = 0;
    cs->npairs = 0;
    while (cs->count + 2 <= CIRCLES) {
        const double sc = scale[cases_rng_int(&g, 0, 2)];
        const float x = (float)(cases_rng_range(&g, -50, 50) * sc);
        const float y = (float)(cases_rng_range(&g, -50, 50) * sc);
        const float r = (float)(cases_rng_range(&g, 0.01, 5) * sc);
        float x2 = x, y2 = y, r2 = (float)(cases_rng_range(&g, 0.01, 5) * sc);
        switch (cases_rng_int(&g, 0, 4)) {
        case 0: /* overlapping */
            x2 = x + 0.5f * r;
            break;
        case 1: /* touching along a 3-4-5 triangle, exact at unit scale */
            x2 = x + 3.0f, y2 = y + 4.0f;
            r2 = 5.0f - r;
            if (!(r2 > 0.0f))
                r2 = 1.0f;
            break;
        case 2: /* the same centre */
            break;
        case 3: /* nested */
            x2 = x + 0.25f * r, r2 = 0.5f * r;
            break;
        default: /* anywhere */
            x2 = (float)(cases_rng_range(&g, -50, 50) * sc);
            y2 = (float)(cases_rng_range(&g, -50, 50) * sc);
            break;
        }
        cs->ids[cs->count] = add(cs->store, x, y, r);
        cs->ids[cs->count + 1] = add(cs->store, x2, y2, r2);
        cs->pairs[cs->npairs++] = (sepax_pair){cs->ids[cs->count], cs->ids[cs->count + 1]};
        cs->pairs[cs->npairs++] = (sepax_pair){cs->ids[cs->count + 1], cs->ids[cs->count]};
        cs->count += 2;
    }
    while (cs->npairs < PAIRS) {
        const int i = cases_rng_int(&g, 0, (int)cs->count - 1);
        const int j = cases_rng_int(&g, 0, (int)cs->count - 1);
        if (i != j)
            cs->pairs[cs->npairs++] = (sepax_pair){cs->ids[i], cs->ids[j]};
    }
    cases_shuffle_pairs(&g, cs->pairs, cs->npairs);
    /* moved, so that world and local coordinates differ */
    for (size_t i = 0; i < cs->count; i += 7) {
        const sepax_transform t = sepax_transform_make(0.5f, -0.25f, 0.3f);
        cr_assert_eq(sepax_set_transforms(cs->store, &cs->ids[i], &t, 1), SEPAX_OK);
    }
}

static void drop(circle_set *cs)
{
    sepax_store_destroy(cs->store);
    free(cs->ids);
    free(cs->pairs);
}

static sepax_result *collide_with(const circle_set *cs, sepax_backend b)
{
    sepax_result *r = malloc(cs->npairs * sizeof *r);
    cr_assert(r);
    memset(r, 0xA5, cs->npairs * sizeof *r);
    cr_assert_eq(sepax_store_set_backend(cs->store, b), SEPAX_OK);
    cr_assert_eq(sepax_collide(cs->store, cs->pairs, cs->npairs, r, NULL), SEPAX_OK);
    return r;
}

static size_t first_diff(const sepax_result *a, const sepax_result *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof *a) != 0)
            return i;
    return n;
}

/* What each backend computes: the batch call, the compacted call (its
 * status and count first) and every short length from pair 100, so that
 * partly filled tiles are covered. */
enum { SHORTEST_FROM = 100, LONGEST_SHORT = 40 };

typedef struct circles_run {
    const circle_set *cs;
    size_t at_hits, at_short, bytes;
} circles_run;

static sepax_status circles_compute(sepax_store *s, void *out, void *ctx)
{
    const circles_run *m = ctx;
    unsigned char *o = out;
    memset(o, 0, m->bytes);
    sepax_status st = sepax_collide(s, m->cs->pairs, m->cs->npairs, (sepax_result *)out, NULL);
    if (st != SEPAX_OK)
        return st;
    size_t nh = 0;
    const int64_t hst = sepax_collide_hits(s, m->cs->pairs, m->cs->npairs,
                                           (sepax_hit *)(void *)(o + m->at_hits + 16),
                                           m->cs->npairs, &nh, NULL);
    const uint64_t count = nh;
    memcpy(o + m->at_hits, &hst, sizeof hst);
    memcpy(o + m->at_hits + 8, &count, sizeof count);
    sepax_result *part = (sepax_result *)(void *)(o + m->at_short);
    for (size_t len = 1; len <= LONGEST_SHORT; len++) {
        if ((st = sepax_collide(s, m->cs->pairs + SHORTEST_FROM, len, part, NULL)) != SEPAX_OK)
            return st;
        part += len;
    }
    return SEPAX_OK;
}

static void circles_describe(const void *want, const void *got, size_t unit, char *msg,
                             size_t size, void *ctx)
{
    (void)want;
    (void)got;
    const circles_run *m = ctx;
    if (unit < m->at_hits)
        snprintf(msg, size, "batch result of pair %zu", unit / sizeof(sepax_result));
    else if (unit < m->at_hits + 16)
        snprintf(msg, size, "the compacted call's status or count");
    else if (unit < m->at_short)
        snprintf(msg, size, "compacted hit %zu", (unit - m->at_hits - 16) / sizeof(sepax_hit));
    else
        snprintf(msg, size, "short call result %zu", (unit - m->at_short) / sizeof(sepax_result));
}

Test(circles, every_backend_matches_the_reference)
{
    circle_set cs;
    build(&cs, 20261123);
    circles_run m = {&cs, 0, 0, 0};
    m.at_hits = cs.npairs * sizeof(sepax_result);
    m.at_short = m.at_hits + 16 + ((cs.npairs * sizeof(sepax_hit) + 7) & ~(size_t)7);
    m.bytes = m.at_short + LONGEST_SHORT * (LONGEST_SHORT + 1) / 2 * sizeof(sepax_result);
    unsigned char *out = malloc(m.bytes);
    cr_assert(out);
    const backends_job job = {circles_compute, &m, m.bytes, 1, circles_describe, 0, out};
    assert_backends_match_scalar(cs.store, &job, "circles");

    /* Every backend gave scalar's bytes: check those against the
     * reference's own batch. */
    sepax_result *want = collide_with(&cs, SEPAX_BACKEND_SCALAR);
    const size_t d = first_diff((const sepax_result *)(const void *)out, want, cs.npairs);
    cr_assert_eq(d, cs.npairs, "pair %zu differs from the reference", d);
    size_t hits = 0;
    for (size_t i = 0; i < cs.npairs; i++)
        hits += (want[i].flags & SEPAX_HIT) != 0;
    cr_assert(hits > cs.npairs / 20 && hits < cs.npairs, "%zu hits of %zu: a weak test", hits,
              cs.npairs);
    /* the compacted call keeps exactly the hits, in order */
    int64_t hst;
    uint64_t nh;
    memcpy(&hst, out + m.at_hits, sizeof hst);
    memcpy(&nh, out + m.at_hits + 8, sizeof nh);
    cr_assert_eq(hst, SEPAX_OK);
    cr_assert_eq(nh, hits, "%zu hits, want %zu", (size_t)nh, hits);
    const sepax_hit *h = (const sepax_hit *)(const void *)(out + m.at_hits + 16);
    for (size_t k = 0, i = 0; k < nh; k++, i++) {
        while (!(want[i].flags & SEPAX_HIT))
            i++;
        cr_assert_eq(h[k].pair, i, "hit %zu names pair %u, want %zu", k, h[k].pair, i);
        cr_assert(memcmp(&h[k].result, &want[h[k].pair], sizeof *want) == 0, "hit %zu differs",
                  k);
    }
    /* every short length gives the batch's results */
    const sepax_result *part = (const sepax_result *)(const void *)(out + m.at_short);
    for (size_t len = 1; len <= LONGEST_SHORT; len++) {
        cr_assert_eq(first_diff(part, want + SHORTEST_FROM, len), len, "length %zu differs",
                     len);
        part += len;
    }
    free(out);
    free(want);
    drop(&cs);
}

/* One polygon far away makes the store mixed: the same circle pairs then
 * run through collide_any, and must not change by a bit. */
Test(circles, same_results_once_the_store_is_mixed)
{
    circle_set cs;
    build(&cs, 7);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        sepax_result *alone = collide_with(&cs, (sepax_backend)b);
        sepax_shape_id poly;
        const sepax_vec2 tri[3] = {{1e6f, 1e6f}, {1e6f + 1, 1e6f}, {1e6f, 1e6f + 1}};
        cr_assert_eq(sepax_add_polygon(cs.store, tri, 3, &poly), SEPAX_OK);
        sepax_result *mixed = collide_with(&cs, (sepax_backend)b);
        const size_t d = first_diff(mixed, alone, cs.npairs);
        cr_assert_eq(d, cs.npairs, "%s: pair %zu differs between the drivers",
                     sepax_backend_name((sepax_backend)b), d);
        cr_assert_eq(sepax_remove(cs.store, poly), SEPAX_OK);
        free(alone);
        free(mixed);
    }
    drop(&cs);
}
