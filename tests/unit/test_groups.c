/* Pair lists grouped by class (sepax3_group_pairs, sepax_group_pairs and
 * the calls that take their output). A grouped call hands each group to
 * one kernel whole and trusts the starts to say where each group begins,
 * so a pair put in the wrong place would go to a kernel written for other
 * kinds: the grouping must be exact, and the grouped calls must refuse
 * any list that is not. Hence:
 *   - by hand: each class of the rule (sepax3d.h's ten, sepax.h's
 *     nineteen) for the right kinds in both orders, and a mixed list whose
 *     starts, order within groups and from are counted by hand;
 *   - on generated scenes of every kind, on every backend: the grouped
 *     calls give byte for byte what the plain calls give for the same
 *     pairs, and what the scalar backend gives; the grouped broadphase is
 *     the broadphase grouped;
 *   - stores whose kinds leave one group (boxes; plain polygons;
 *     circles), which group without looking at a pair and may skip the
 *     per-pair check, before and after a shape of another kind comes
 *     and goes;
 *   - refusals name the lowest bad pair (a pair outside its group, a
 *     stale or unknown id, whichever comes first) and write nothing, and
 *     so does a refused allocation.
 * Sizes follow SEPAX_TEST_SCALE (the valgrind run shrinks them). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "scene3.h"
#include "sepax/sepax.h"
#include "sepax/sepax3d.h"
#include "support/backends.h"
#include "support/cases.h"
#include "support/failing_alloc.h"
#include "support/round_gen.h"

/* Room for either dimension's starts. */
#define STARTS 20
#define FILL 0xA5

/* One dimension's calls behind one signature, so that the checks that do
 * not depend on the shapes (the grouping's invariants, equality with the
 * plain calls, refusals) are written once for both. */
typedef struct dim {
    const char *name;
    uint32_t groups;
    size_t result_size, hit_size;
    sepax_status (*group_of)(const void *s, sepax_pair p, uint32_t *g);
    sepax_status (*group_pairs)(const void *s, const sepax_pair *pairs, size_t count,
                                sepax_pair *grouped, size_t *starts, uint32_t *from, size_t *bad);
    sepax_status (*collide)(const void *s, const sepax_pair *pairs, size_t count, void *results,
                            size_t *bad);
    sepax_status (*collide_grouped)(const void *s, const sepax_pair *pairs, const size_t *starts,
                                    void *results, size_t *bad);
    sepax_status (*hits)(const void *s, const sepax_pair *pairs, size_t count, void *hits,
                         size_t capacity, size_t *hit_count, size_t *bad);
    sepax_status (*hits_grouped)(const void *s, const sepax_pair *pairs, const size_t *starts,
                                 void *hits, size_t capacity, size_t *hit_count, size_t *bad);
    sepax_status (*broadphase)(const void *s, sepax_pair *pairs, size_t capacity, size_t *n);
    sepax_status (*broadphase_grouped)(const void *s, sepax_pair *pairs, size_t capacity,
                                       size_t *n, size_t *starts);
    /* the backend, then the world recomputed with it */
    sepax_status (*use_backend)(void *s, sepax_backend b);
} dim;

/* ---- 3D ---- */

static sepax_status g3_group_of(const void *s, sepax_pair p, uint32_t *g)
{
    sepax3_pair_group x = SEPAX3_PAIR_GROUPS;
    const sepax_status st = sepax3_pair_group_of(s, p, &x);
    if (st == SEPAX_OK)
        *g = (uint32_t)x;
    return st;
}
static sepax_status g3_group_pairs(const void *s, const sepax_pair *pairs, size_t count,
                                   sepax_pair *grouped, size_t *starts, uint32_t *from,
                                   size_t *bad)
{
    return sepax3_group_pairs(s, pairs, count, grouped, starts, from, bad);
}
static sepax_status g3_collide(const void *s, const sepax_pair *pairs, size_t count,
                               void *results, size_t *bad)
{
    return sepax3_collide(s, pairs, count, results, bad);
}
static sepax_status g3_collide_grouped(const void *s, const sepax_pair *pairs,
                                       const size_t *starts, void *results, size_t *bad)
{
    return sepax3_collide_grouped(s, pairs, starts, results, bad);
}
static sepax_status g3_hits(const void *s, const sepax_pair *pairs, size_t count, void *hits,
                            size_t capacity, size_t *hit_count, size_t *bad)
{
    return sepax3_collide_hits(s, pairs, count, hits, capacity, hit_count, bad);
}
static sepax_status g3_hits_grouped(const void *s, const sepax_pair *pairs, const size_t *starts,
                                    void *hits, size_t capacity, size_t *hit_count, size_t *bad)
{
    return sepax3_collide_hits_grouped(s, pairs, starts, hits, capacity, hit_count, bad);
}
static sepax_status g3_broadphase(const void *s, sepax_pair *pairs, size_t capacity, size_t *n)
{
    return sepax3_broadphase(s, pairs, capacity, n);
}
static sepax_status g3_broadphase_grouped(const void *s, sepax_pair *pairs, size_t capacity,
                                          size_t *n, size_t *starts)
{
    return sepax3_broadphase_grouped(s, pairs, capacity, n, starts);
}
static sepax_status g3_use_backend(void *s, sepax_backend b)
{
    const sepax_status st = sepax3_store_set_backend(s, b);
    return st != SEPAX_OK ? st : sepax3_update_world(s);
}

static const dim D3 = {"3D", SEPAX3_PAIR_GROUPS, sizeof(sepax3_result), sizeof(sepax3_hit),
                       g3_group_of, g3_group_pairs, g3_collide, g3_collide_grouped, g3_hits,
                       g3_hits_grouped, g3_broadphase, g3_broadphase_grouped, g3_use_backend};

/* ---- 2D ---- */

static sepax_status g2_group_of(const void *s, sepax_pair p, uint32_t *g)
{
    return sepax_pair_group_of(s, p, g);
}
static sepax_status g2_group_pairs(const void *s, const sepax_pair *pairs, size_t count,
                                   sepax_pair *grouped, size_t *starts, uint32_t *from,
                                   size_t *bad)
{
    return sepax_group_pairs(s, pairs, count, grouped, starts, from, bad);
}
static sepax_status g2_collide(const void *s, const sepax_pair *pairs, size_t count,
                               void *results, size_t *bad)
{
    return sepax_collide(s, pairs, count, results, bad);
}
static sepax_status g2_collide_grouped(const void *s, const sepax_pair *pairs,
                                       const size_t *starts, void *results, size_t *bad)
{
    return sepax_collide_grouped(s, pairs, starts, results, bad);
}
static sepax_status g2_hits(const void *s, const sepax_pair *pairs, size_t count, void *hits,
                            size_t capacity, size_t *hit_count, size_t *bad)
{
    return sepax_collide_hits(s, pairs, count, hits, capacity, hit_count, bad);
}
static sepax_status g2_hits_grouped(const void *s, const sepax_pair *pairs, const size_t *starts,
                                    void *hits, size_t capacity, size_t *hit_count, size_t *bad)
{
    return sepax_collide_hits_grouped(s, pairs, starts, hits, capacity, hit_count, bad);
}
static sepax_status g2_broadphase(const void *s, sepax_pair *pairs, size_t capacity, size_t *n)
{
    return sepax_broadphase(s, pairs, capacity, n);
}
static sepax_status g2_broadphase_grouped(const void *s, sepax_pair *pairs, size_t capacity,
                                          size_t *n, size_t *starts)
{
    return sepax_broadphase_grouped(s, pairs, capacity, n, starts);
}
static sepax_status g2_use_backend(void *s, sepax_backend b)
{
    const sepax_status st = sepax_store_set_backend(s, b);
    return st != SEPAX_OK ? st : sepax_update_world(s);
}

static const dim D2 = {"2D", SEPAX_PAIR_GROUPS, sizeof(sepax_result), sizeof(sepax_hit),
                       g2_group_of, g2_group_pairs, g2_collide, g2_collide_grouped, g2_hits,
                       g2_hits_grouped, g2_broadphase, g2_broadphase_grouped, g2_use_backend};

/* ---- shared checks ---- */

static void *must(void *p)
{
    cr_assert_not_null(p);
    return p;
}

static int all_bytes(const void *p, size_t n, unsigned char b)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i] != b)
            return 0;
    return 1;
}

/* A list and what the grouping call made of it. */
typedef struct grouping {
    size_t n;
    const sepax_pair *pairs;
    sepax_pair *grouped;
    uint32_t *from;
    size_t starts[STARTS];
} grouping;

static void grouping_free(grouping *g)
{
    free(g->grouped), free(g->from);
}

/* Group pairs and check what came back against the rule as group_of
 * tells it: starts begin at 0, never decrease and end at n; each grouped
 * pair is the input pair from names, from is a permutation increasing
 * within each group (the input order kept), and every pair lies in its
 * own group. The same call without from gives the same list. */
static void group_checked(const dim *d, const void *s, const sepax_pair *pairs, size_t n,
                          grouping *g)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->pairs = pairs;
    g->grouped = must(malloc((n + 1) * sizeof *g->grouped));
    g->from = must(malloc((n + 1) * sizeof *g->from));
    size_t bad = 7;
    cr_assert_eq(d->group_pairs(s, pairs, n, g->grouped, g->starts, g->from, &bad), SEPAX_OK,
                 "%s: grouping %zu pairs", d->name, n);
    cr_assert_eq(bad, 7u, "%s: bad_index written on success", d->name);
    cr_assert_eq(g->starts[0], 0u, "%s", d->name);
    cr_assert_eq(g->starts[d->groups], n, "%s", d->name);
    uint8_t *seen = must(calloc(n + 1, 1));
    for (uint32_t k = 0; k < d->groups; k++) {
        cr_assert_leq(g->starts[k], g->starts[k + 1], "%s: starts decrease at %u", d->name, k);
        for (size_t i = g->starts[k]; i < g->starts[k + 1]; i++) {
            cr_assert_lt(g->from[i], n, "%s", d->name);
            cr_assert_eq(seen[g->from[i]], 0, "%s: pair %u taken twice", d->name, g->from[i]);
            seen[g->from[i]] = 1;
            cr_assert(memcmp(&g->grouped[i], &pairs[g->from[i]], sizeof *pairs) == 0,
                      "%s: grouped pair %zu is not input pair %u", d->name, i, g->from[i]);
            if (i > g->starts[k])
                cr_assert_gt(g->from[i], g->from[i - 1],
                             "%s: group %u does not keep the input order at %zu", d->name, k, i);
            uint32_t want = 99;
            cr_assert_eq(d->group_of(s, g->grouped[i], &want), SEPAX_OK, "%s", d->name);
            cr_assert_eq(want, k, "%s: pair %zu (input %u) of group %u placed in group %u",
                         d->name, i, g->from[i], want, k);
        }
    }
    free(seen);
    sepax_pair *again = must(malloc((n + 1) * sizeof *again));
    size_t starts[STARTS];
    cr_assert_eq(d->group_pairs(s, pairs, n, again, starts, NULL, NULL), SEPAX_OK, "%s", d->name);
    cr_assert(memcmp(again, g->grouped, n * sizeof *again) == 0, "%s: from NULL", d->name);
    cr_assert(memcmp(starts, g->starts, (d->groups + 1) * sizeof *starts) == 0, "%s", d->name);
    free(again);
}

/* What one backend's calls gave on a grouping. */
typedef struct answers {
    unsigned char *plain, *grouped, *hits;
    size_t hit_count;
} answers;

static void answers_free(answers *a)
{
    free(a->plain), free(a->grouped), free(a->hits);
}

/* The grouped calls against the plain ones, on the store's backend: the
 * grouped collide's result k is the plain collide's result for input
 * pair from[k], and the grouped compacted call gives the plain compacted
 * call's hits over the grouped list, also when the capacity falls short
 * (the first capacity written, the rest untouched, all counted). */
static answers grouped_against_plain(const dim *d, const void *s, const grouping *g,
                                     const char *backend)
{
    const size_t n = g->n, rs = d->result_size, hs = d->hit_size;
    answers a;
    a.plain = must(malloc(n * rs + 1));
    a.grouped = must(malloc(n * rs + 1));
    a.hits = must(malloc(n * hs + 1));
    cr_assert_eq(d->collide(s, g->pairs, n, a.plain, NULL), SEPAX_OK, "%s %s", d->name, backend);
    memset(a.grouped, FILL, n * rs);
    size_t bad = 7;
    cr_assert_eq(d->collide_grouped(s, g->grouped, g->starts, a.grouped, &bad), SEPAX_OK,
                 "%s %s: collide_grouped", d->name, backend);
    cr_assert_eq(bad, 7u, "%s %s: bad_index written on success", d->name, backend);
    for (size_t k = 0; k < n; k++)
        cr_assert(memcmp(a.grouped + k * rs, a.plain + g->from[k] * rs, rs) == 0,
                  "%s %s: grouped result %zu differs from the plain result of pair %u (%#x, "
                  "%#x)",
                  d->name, backend, k, g->from[k], g->grouped[k].a, g->grouped[k].b);

    /* the plain compacted call over the grouped list */
    unsigned char *want = must(malloc(n * hs + 1));
    size_t want_count = 0;
    cr_assert_eq(d->hits(s, g->grouped, n, want, n, &want_count, NULL), SEPAX_OK, "%s", d->name);
    size_t from_results = 0;
    for (size_t k = 0; k < n; k++)
        from_results += (a.grouped[k * rs + rs - 1] & SEPAX_HIT) != 0; /* flags: last byte */
    cr_assert_eq(from_results, want_count, "%s %s: hits and results disagree", d->name, backend);
    memset(a.hits, FILL, n * hs);
    a.hit_count = 12345;
    cr_assert_eq(d->hits_grouped(s, g->grouped, g->starts, a.hits, n, &a.hit_count, &bad),
                 SEPAX_OK, "%s %s: collide_hits_grouped", d->name, backend);
    cr_assert_eq(a.hit_count, want_count, "%s %s: %zu hits, the plain call %zu", d->name,
                 backend, a.hit_count, want_count);
    cr_assert(memcmp(a.hits, want, want_count * hs) == 0, "%s %s: grouped hits differ", d->name,
              backend);
    cr_assert(all_bytes(a.hits + want_count * hs, (n - want_count) * hs, FILL),
              "%s %s: written past the hits", d->name, backend);

    const size_t caps[3] = {want_count / 3, 1, 0};
    unsigned char *short_hits = must(malloc(n * hs + 1));
    for (int c = 0; c < 3; c++) {
        const size_t cap = caps[c];
        if (cap >= want_count)
            continue;
        memset(short_hits, FILL, n * hs);
        size_t count = 0;
        cr_assert_eq(d->hits_grouped(s, g->grouped, g->starts, cap ? short_hits : NULL, cap,
                                     &count, NULL),
                     SEPAX_ERR_CAPACITY, "%s %s: capacity %zu of %zu", d->name, backend, cap,
                     want_count);
        cr_assert_eq(count, want_count, "%s %s: capacity %zu: count %zu", d->name, backend, cap,
                     count);
        cr_assert(memcmp(short_hits, want, cap * hs) == 0, "%s %s: capacity %zu", d->name,
                  backend, cap);
        cr_assert(all_bytes(short_hits + cap * hs, (n - cap) * hs, FILL),
                  "%s %s: capacity %zu: written past it", d->name, backend, cap);
    }
    free(short_hits), free(want);

    /* a list grouped otherwise, each group in another order, is just as
     * good: the grouped call answers it as the plain call does */
    sepax_pair *mixed = must(malloc((n + 1) * sizeof *mixed));
    memcpy(mixed, g->grouped, n * sizeof *mixed);
    cases_rng r;
    cases_rng_seed(&r, 77);
    for (uint32_t k = 0; k < d->groups; k++)
        cases_shuffle_pairs(&r, mixed + g->starts[k], g->starts[k + 1] - g->starts[k]);
    unsigned char *r1 = must(malloc(n * rs + 1)), *r2 = must(malloc(n * rs + 1));
    cr_assert_eq(d->collide(s, mixed, n, r1, NULL), SEPAX_OK);
    cr_assert_eq(d->collide_grouped(s, mixed, g->starts, r2, NULL), SEPAX_OK, "%s %s", d->name,
                 backend);
    cr_assert(memcmp(r1, r2, n * rs) == 0, "%s %s: groups shuffled within", d->name, backend);
    free(r1), free(r2), free(mixed);
    return a;
}

/* Scalar first, then every other available backend: each against its
 * own plain calls, and its bytes against scalar's. Returns the backends
 * besides scalar. */
static size_t every_backend(const dim *d, void *s, const grouping *g)
{
    const size_t n = g->n, rs = d->result_size, hs = d->hit_size;
    cr_assert_eq(d->use_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    answers want = grouped_against_plain(d, s, g, "scalar");
    sepax_backend others[SEPAX_BACKEND_COUNT];
    const size_t k = backends_others(others);
    for (size_t b = 0; b < k; b++) {
        const char *name = sepax_backend_name(others[b]);
        cr_assert_eq(d->use_backend(s, others[b]), SEPAX_OK, "%s", name);
        answers got = grouped_against_plain(d, s, g, name);
        for (size_t i = 0; i < n; i++)
            cr_assert(memcmp(got.grouped + i * rs, want.grouped + i * rs, rs) == 0,
                      "%s: %s's grouped result %zu (%#x, %#x) differs from scalar's", d->name,
                      name, i, g->grouped[i].a, g->grouped[i].b);
        cr_assert_eq(got.hit_count, want.hit_count, "%s: %s", d->name, name);
        cr_assert(memcmp(got.hits, want.hits, want.hit_count * hs) == 0,
                  "%s: %s's grouped hits differ from scalar's", d->name, name);
        answers_free(&got);
    }
    cr_assert_eq(d->use_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    answers_free(&want);
    return k;
}

/* The grouped broadphase is the broadphase's list grouped (each group in
 * the broadphase's order); short of room it writes the first capacity
 * pairs of the plain broadphase, ungrouped, leaves starts alone and
 * counts them all. */
static void broadphase_grouped_checked(const dim *d, const void *s, size_t *groups_hit)
{
    size_t n = 0;
    cr_assert_eq(d->broadphase(s, NULL, 0, &n), SEPAX_ERR_CAPACITY, "%s", d->name);
    cr_assert_gt(n, 10u, "%s", d->name);
    sepax_pair *plain = must(malloc((n + 1) * sizeof *plain));
    sepax_pair *got = must(malloc((n + 1) * sizeof *got));
    size_t m = 0;
    cr_assert_eq(d->broadphase(s, plain, n, &m), SEPAX_OK, "%s", d->name);
    cr_assert_eq(m, n, "%s", d->name);
    grouping g;
    group_checked(d, s, plain, n, &g);

    size_t starts[STARTS];
    memset(got, FILL, (n + 1) * sizeof *got);
    memset(starts, FILL, sizeof starts);
    m = 0;
    cr_assert_eq(d->broadphase_grouped(s, got, n + 1, &m, starts), SEPAX_OK, "%s", d->name);
    cr_assert_eq(m, n, "%s: %zu pairs, the broadphase %zu", d->name, m, n);
    for (uint32_t k = 0; k <= d->groups; k++)
        cr_assert_eq(starts[k], g.starts[k], "%s: the grouped broadphase's starts[%u] is %zu, the "
                     "broadphase's grouped %zu (of %zu pairs)", d->name, k, starts[k],
                     g.starts[k], n);
    for (size_t i = 0; i < n; i++)
        cr_assert(memcmp(&got[i], &g.grouped[i], sizeof *got) == 0,
                  "%s: the grouped broadphase's pair %zu of %zu is (%#x, %#x), the broadphase's "
                  "grouped (%#x, %#x)",
                  d->name, i, n, got[i].a, got[i].b, g.grouped[i].a, g.grouped[i].b);
    cr_assert(all_bytes(starts + d->groups + 1, (STARTS - d->groups - 1) * sizeof *starts, FILL),
              "%s: written past starts", d->name);
    cr_assert(all_bytes(got + n, sizeof *got, FILL), "%s: written past the pairs", d->name);
    for (uint32_t k = 0; k < d->groups; k++)
        groups_hit[k] += starts[k + 1] - starts[k];

    /* exactly the room it needs */
    m = 0;
    cr_assert_eq(d->broadphase_grouped(s, got, n, &m, starts), SEPAX_OK, "%s", d->name);
    cr_assert(m == n && memcmp(got, g.grouped, n * sizeof *got) == 0, "%s", d->name);

    const size_t caps[3] = {n - 1, n / 3, 0};
    for (int c = 0; c < 3; c++) {
        const size_t cap = caps[c];
        memset(got, FILL, (n + 1) * sizeof *got);
        memset(starts, FILL, sizeof starts);
        m = 0;
        cr_assert_eq(d->broadphase_grouped(s, cap ? got : NULL, cap, &m, starts),
                     SEPAX_ERR_CAPACITY, "%s: capacity %zu of %zu", d->name, cap, n);
        cr_assert_eq(m, n, "%s: capacity %zu: count %zu of %zu", d->name, cap, m, n);
        cr_assert(memcmp(got, plain, cap * sizeof *got) == 0,
                  "%s: capacity %zu: not the broadphase's first pairs", d->name, cap);
        cr_assert(all_bytes(got + cap, (n + 1 - cap) * sizeof *got, FILL),
                  "%s: capacity %zu: written past it", d->name, cap);
        cr_assert(all_bytes(starts, sizeof starts, FILL), "%s: capacity %zu: starts written",
                  d->name, cap);
    }

    /* refusals: nothing written, the count 0 */
    memset(got, FILL, (n + 1) * sizeof *got);
    memset(starts, FILL, sizeof starts);
    m = 7;
    cr_assert_eq(d->broadphase_grouped(NULL, got, n, &m, starts), SEPAX_ERR_NULL, "%s", d->name);
    cr_assert_eq(m, 0u, "%s", d->name);
    m = 7;
    cr_assert_eq(d->broadphase_grouped(s, got, n, &m, NULL), SEPAX_ERR_NULL, "%s", d->name);
    cr_assert_eq(m, 0u, "%s", d->name);
    cr_assert_eq(d->broadphase_grouped(s, got, n, NULL, starts), SEPAX_ERR_NULL, "%s", d->name);
    m = 7;
    cr_assert_eq(d->broadphase_grouped(s, NULL, n, &m, starts), SEPAX_ERR_NULL, "%s", d->name);
    cr_assert_eq(m, 0u, "%s", d->name);
    cr_assert(all_bytes(got, (n + 1) * sizeof *got, FILL), "%s: a refusal wrote pairs", d->name);
    cr_assert(all_bytes(starts, sizeof starts, FILL), "%s: a refusal wrote starts", d->name);
    grouping_free(&g);
    free(plain), free(got);
}

/* One refused grouped call of each kind on (pairs, starts): the status
 * and bad index wanted (bad SIZE_MAX: none to name), results and hits
 * untouched, the hit count 0. */
static void refused(const dim *d, const void *s, const sepax_pair *pairs, const size_t *starts,
                    sepax_status want, size_t want_bad, const char *what)
{
    const size_t n = 64; /* room the calls must not touch; the lists are shorter */
    unsigned char results[64 * sizeof(sepax3_result)], hits[64 * sizeof(sepax3_hit)];
    cr_assert_geq(sizeof results, n * d->result_size);
    memset(results, FILL, sizeof results);
    memset(hits, FILL, sizeof hits);
    size_t bad = 0x5A5A, count = 7;
    const sepax_status st = d->collide_grouped(s, pairs, starts, results, &bad);
    cr_assert_eq(st, want, "%s collide_grouped, %s: got %s, want %s", d->name, what,
                 sepax_status_string(st), sepax_status_string(want));
    cr_assert_eq(bad, want_bad == SIZE_MAX ? 0x5A5Au : want_bad,
                 "%s collide_grouped, %s: bad index %zu, want %zu", d->name, what, bad, want_bad);
    cr_assert(all_bytes(results, sizeof results, FILL), "%s collide_grouped, %s: results written",
              d->name, what);
    bad = 0x5A5A;
    const sepax_status sh = d->hits_grouped(s, pairs, starts, hits, n, &count, &bad);
    cr_assert_eq(sh, want, "%s collide_hits_grouped, %s: got %s, want %s", d->name, what,
                 sepax_status_string(sh), sepax_status_string(want));
    cr_assert_eq(bad, want_bad == SIZE_MAX ? 0x5A5Au : want_bad,
                 "%s collide_hits_grouped, %s: bad index %zu, want %zu", d->name, what, bad,
                 want_bad);
    cr_assert_eq(count, 0u, "%s collide_hits_grouped, %s: count %zu", d->name, what, count);
    cr_assert(all_bytes(hits, sizeof hits, FILL), "%s collide_hits_grouped, %s: hits written",
              d->name, what);
}

/* Every refusal of the grouped calls on a good grouped list g (at least
 * two nonempty groups, at most 64 pairs), gone a removed shape's id. */
static void refusals_checked(const dim *d, const void *s, const grouping *g, sepax_shape_id gone)
{
    const size_t n = g->n, groups = d->groups;
    cr_assert_leq(n, 64u);
    sepax_pair pairs[64];
    size_t starts[STARTS];
#define RESET()                                                                                    \
    (memcpy(pairs, g->grouped, n * sizeof *pairs), memcpy(starts, g->starts, sizeof starts))

    RESET();
    refused(d, NULL, pairs, starts, SEPAX_ERR_NULL, SIZE_MAX, "store NULL");
    refused(d, s, pairs, NULL, SEPAX_ERR_NULL, SIZE_MAX, "starts NULL");
    refused(d, s, NULL, starts, SEPAX_ERR_NULL, SIZE_MAX, "pairs NULL");
    {
        size_t bad = 0x5A5A, count = 7;
        cr_assert_eq(d->collide_grouped(s, pairs, starts, NULL, &bad), SEPAX_ERR_NULL, "%s",
                     d->name);
        cr_assert_eq(bad, 0x5A5Au);
        cr_assert_eq(d->hits_grouped(s, pairs, starts, NULL, 3, &count, &bad), SEPAX_ERR_NULL,
                     "%s", d->name);
        cr_assert_eq(bad, 0x5A5Au);
        cr_assert_eq(d->hits_grouped(s, pairs, starts, pairs, 3, NULL, &bad), SEPAX_ERR_NULL,
                     "%s", d->name);
        cr_assert(memcmp(pairs, g->grouped, n * sizeof *pairs) == 0, "%s", d->name);
    }

    starts[0] = 1;
    refused(d, s, pairs, starts, SEPAX_ERR_BAD_ARGUMENT, SIZE_MAX, "starts[0] 1");
    RESET();
    /* decreasing starts, at each place in turn (the last is the count) */
    for (uint32_t k = 1; k <= groups; k++) {
        if (starts[k - 1] == 0)
            continue;
        starts[k] = starts[k - 1] - 1;
        char what[64];
        snprintf(what, sizeof what, "starts[%u] below starts[%u]", k, k - 1);
        refused(d, s, pairs, starts, SEPAX_ERR_BAD_ARGUMENT, SIZE_MAX, what);
        RESET();
    }

    /* a boundary moved by one: the pair it passes lies outside its group */
    for (uint32_t k = 0; k + 1 < groups; k++) {
        if (g->starts[k + 1] > g->starts[k]) { /* group k's last pair into group k + 1 */
            starts[k + 1]--;
            char what[96];
            snprintf(what, sizeof what, "starts[%u] one less: pair %zu", k + 1, starts[k + 1]);
            refused(d, s, pairs, starts, SEPAX_ERR_BAD_PAIR, starts[k + 1], what);
            RESET();
        }
        if (g->starts[k + 2] > g->starts[k + 1]) { /* group k + 1's first pair into group k */
            starts[k + 1]++;
            char what[96];
            snprintf(what, sizeof what, "starts[%u] one more: pair %zu", k + 1, starts[k + 1] - 1);
            refused(d, s, pairs, starts, SEPAX_ERR_BAD_PAIR, starts[k + 1] - 1, what);
            RESET();
        }
    }

    /* a pair swapped for one of another group, at each place in turn */
    for (size_t w = 0; w < n; w++) {
        uint32_t gw = 0, gx = 0;
        cr_assert_eq(d->group_of(s, pairs[w], &gw), SEPAX_OK);
        size_t x = 0;
        for (; x < n; x++)
            if (d->group_of(s, pairs[x], &gx) == SEPAX_OK && gx != gw)
                break;
        cr_assert_lt(x, n, "%s: the list needs two groups", d->name);
        pairs[w] = g->grouped[x];
        char what[96];
        snprintf(what, sizeof what, "pair %zu of group %u swapped for one of %u", w, gw, gx);
        refused(d, s, pairs, starts, SEPAX_ERR_BAD_PAIR, w, what);
        RESET();
    }
    /* two such pairs: the lower is named; and with bad ids before or
     * after, whichever comes first */
    if (n >= 4) {
        const size_t w1 = n / 4, w2 = n - 1;
        uint32_t g1 = 0, g2 = 0, gx = 0;
        cr_assert_eq(d->group_of(s, pairs[w1], &g1), SEPAX_OK);
        cr_assert_eq(d->group_of(s, pairs[w2], &g2), SEPAX_OK);
        size_t x1 = 0, x2 = 0;
        while (d->group_of(s, pairs[x1], &gx) == SEPAX_OK && gx == g1)
            x1++;
        while (d->group_of(s, pairs[x2], &gx) == SEPAX_OK && gx == g2)
            x2++;
        cr_assert(x1 < n && x2 < n);
        pairs[w1] = g->grouped[x1];
        pairs[w2] = g->grouped[x2];
        refused(d, s, pairs, starts, SEPAX_ERR_BAD_PAIR, w1, "two pairs outside their groups");
        RESET();

        /* a stale id after a pair outside its group: the pair is named */
        pairs[w1] = g->grouped[x1];
        pairs[w2].b = gone;
        refused(d, s, pairs, starts, SEPAX_ERR_BAD_PAIR, w1, "outside its group, then stale");
        RESET();
        /* a stale id before it: the stale id is named, with its status */
        pairs[w2] = g->grouped[x2];
        pairs[w1].a = gone;
        refused(d, s, pairs, starts, SEPAX_ERR_STALE_ID, w1, "stale, then outside its group");
        RESET();
        /* the same with an unknown id, and a pair naming one shape twice */
        pairs[w2] = g->grouped[x2];
        pairs[w1].b = 0xFFFFFFu;
        refused(d, s, pairs, starts, SEPAX_ERR_BAD_ID, w1, "unknown id, then outside its group");
        RESET();
        pairs[w2] = g->grouped[x2];
        pairs[w1].b = pairs[w1].a;
        refused(d, s, pairs, starts, SEPAX_ERR_BAD_PAIR, w1, "a shape twice, then outside");
        RESET();
        /* the first pair and the last */
        pairs[0].a = gone;
        refused(d, s, pairs, starts, SEPAX_ERR_STALE_ID, 0, "stale first pair");
        RESET();
        pairs[n - 1].b = gone;
        refused(d, s, pairs, starts, SEPAX_ERR_STALE_ID, n - 1, "stale last pair");
        RESET();
    }

    /* count 0: every start 0, nothing to read, nothing written */
    size_t zero[STARTS] = {0};
    unsigned char out[64];
    memset(out, FILL, sizeof out);
    size_t bad = 0x5A5A, count = 7;
    cr_assert_eq(d->collide_grouped(s, NULL, zero, NULL, &bad), SEPAX_OK, "%s count 0", d->name);
    cr_assert_eq(d->collide_grouped(s, pairs, zero, out, &bad), SEPAX_OK, "%s count 0", d->name);
    cr_assert_eq(d->hits_grouped(s, NULL, zero, NULL, 0, &count, &bad), SEPAX_OK, "%s", d->name);
    cr_assert_eq(count, 0u, "%s", d->name);
    count = 7;
    cr_assert_eq(d->hits_grouped(s, pairs, zero, out, 1, &count, &bad), SEPAX_OK, "%s", d->name);
    cr_assert_eq(count, 0u, "%s", d->name);
    cr_assert_eq(bad, 0x5A5Au, "%s", d->name);
    cr_assert(all_bytes(out, sizeof out, FILL), "%s: count 0 wrote", d->name);
#undef RESET
}

/* The grouping call's refusals on a list of n pairs (n at least 4, at
 * most 64): nothing written to grouped, starts or from. */
static void group_pairs_refusals(const dim *d, const void *s, const sepax_pair *good, size_t n,
                                 sepax_shape_id gone)
{
    cr_assert(n >= 4 && n <= 64);
    sepax_pair pairs[64], grouped[64];
    size_t starts[STARTS], bad;
    uint32_t from[64];
    struct {
        const void *s;
        int pairs, grouped, starts;
        size_t count;
        size_t stale, unknown, twice; /* where to put them; n: nowhere */
        sepax_status want;
        size_t want_bad;
        const char *what;
    } cases[] = {
        {NULL, 1, 1, 1, 0, 99, 99, 99, SEPAX_ERR_NULL, SIZE_MAX, "store NULL"},
        {s, 0, 1, 1, 0, 99, 99, 99, SEPAX_ERR_NULL, SIZE_MAX, "pairs NULL"},
        {s, 1, 0, 1, 0, 99, 99, 99, SEPAX_ERR_NULL, SIZE_MAX, "grouped NULL"},
        {s, 1, 1, 0, 0, 99, 99, 99, SEPAX_ERR_NULL, SIZE_MAX, "starts NULL"},
        {s, 1, 1, 1, (size_t)UINT32_MAX + 1, 99, 99, 99, SEPAX_ERR_OVERFLOW, SIZE_MAX,
         "count past UINT32_MAX"},
        {s, 1, 1, 1, 0, 2, 99, 99, SEPAX_ERR_STALE_ID, 2, "stale id"},
        {s, 1, 1, 1, 0, 3, 1, 99, SEPAX_ERR_BAD_ID, 1, "unknown id before a stale one"},
        {s, 1, 1, 1, 0, 3, 99, 0, SEPAX_ERR_BAD_PAIR, 0, "a shape twice before a stale id"},
        {s, 1, 1, 1, 0, 1, 99, 3, SEPAX_ERR_STALE_ID, 1, "a stale id before a shape twice"},
        {s, 1, 1, 1, 0, n - 1, 99, 99, SEPAX_ERR_STALE_ID, n - 1, "stale last pair"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        memcpy(pairs, good, n * sizeof *pairs);
        if (cases[c].stale < n)
            pairs[cases[c].stale].a = gone;
        if (cases[c].unknown < n)
            pairs[cases[c].unknown].b = 0xFFFFFFu;
        if (cases[c].twice < n)
            pairs[cases[c].twice].a = pairs[cases[c].twice].b;
        memset(grouped, FILL, sizeof grouped);
        memset(starts, FILL, sizeof starts);
        memset(from, FILL, sizeof from);
        bad = 0x5A5A;
        const sepax_status st =
            d->group_pairs(cases[c].s, cases[c].pairs ? pairs : NULL,
                           cases[c].count ? cases[c].count : n, cases[c].grouped ? grouped : NULL,
                           cases[c].starts ? starts : NULL, from, &bad);
        cr_assert_eq(st, cases[c].want, "%s group_pairs, %s: got %s", d->name, cases[c].what,
                     sepax_status_string(st));
        cr_assert_eq(bad, cases[c].want_bad == SIZE_MAX ? 0x5A5Au : cases[c].want_bad,
                     "%s group_pairs, %s: bad index %zu", d->name, cases[c].what, bad);
        cr_assert(all_bytes(grouped, sizeof grouped, FILL) &&
                      all_bytes(starts, sizeof starts, FILL) && all_bytes(from, sizeof from, FILL),
                  "%s group_pairs, %s: output written", d->name, cases[c].what);
    }
    /* count 0: SEPAX_OK, starts all 0, nothing else written (the pairs
     * and the list may then be NULL) */
    memset(grouped, FILL, sizeof grouped);
    memset(starts, FILL, sizeof starts);
    memset(from, FILL, sizeof from);
    cr_assert_eq(d->group_pairs(s, good, 0, grouped, starts, from, &bad), SEPAX_OK, "%s", d->name);
    for (uint32_t k = 0; k <= d->groups; k++)
        cr_assert_eq(starts[k], 0u, "%s: count 0, starts[%u]", d->name, k);
    cr_assert(all_bytes(starts + d->groups + 1, (STARTS - d->groups - 1) * sizeof *starts, FILL),
              "%s: count 0 wrote past starts", d->name);
    cr_assert(all_bytes(grouped, sizeof grouped, FILL) && all_bytes(from, sizeof from, FILL),
              "%s: count 0 wrote a pair", d->name);
    memset(starts, FILL, sizeof starts);
    cr_assert_eq(d->group_pairs(s, NULL, 0, NULL, starts, NULL, NULL), SEPAX_OK, "%s", d->name);
    cr_assert_eq(starts[d->groups], 0u, "%s", d->name);
}

/* ---- 3D by hand ---- */

enum { BOX, SPHERE, HULL, CAPSULE, KINDS3 };

/* Two shapes of each 3D kind, all about the origin so that most pairs
 * meet, and a removed box. */
typedef struct hand3 {
    sepax3_store *s;
    sepax_shape_id id[KINDS3][2], gone;
} hand3;

static hand3 hand3_make(void)
{
    hand3 h;
    const sepax3_quat q0 = {1, 0, 0, 0};
    const sepax3_quat q1 = sepax3_quat_axis_angle((sepax3_vec){1, 2, 3}, 0.7f);
    cr_assert_eq(sepax3_store_create(NULL, &h.s), SEPAX_OK);
    cr_assert_eq(sepax3_store_set_backend(h.s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(h.s, (sepax3_vec){0, 0, 0}, (sepax3_vec){1, 1, 1}, q0,
                                &h.id[BOX][0]),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_box(h.s, (sepax3_vec){30, 0, 0}, (sepax3_vec){1, 1, 1}, q0, &h.gone),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_box(h.s, (sepax3_vec){1.2f, 0.3f, 0}, (sepax3_vec){1, 0.5f, 0.7f},
                                q1, &h.id[BOX][1]),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(h.s, (sepax3_vec){0.5f, 1.2f, 0}, 0.8f, &h.id[SPHERE][0]),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(h.s, (sepax3_vec){-0.5f, 0.4f, 0.9f}, 1.1f, &h.id[SPHERE][1]),
                 SEPAX_OK);
    const sepax3_vec tet[5] = {
        {-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}, {0.3f, 0.3f, 0.3f}};
    const sepax3_vec oct[6] = {{2, 0, 0}, {-1, 0, 0}, {0.5f, 1.5f, 0}, {0.5f, -1.5f, 0},
                               {0.5f, 0, 1.5f}, {0.5f, 0, -1.5f}};
    cr_assert_eq(sepax3_add_hull(h.s, tet, 5, &h.id[HULL][0]), SEPAX_OK);
    cr_assert_eq(sepax3_add_hull(h.s, oct, 6, &h.id[HULL][1]), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(h.s, (sepax3_vec){-2, 0, 0}, (sepax3_vec){2, 0.5f, 0}, 0.4f,
                                    &h.id[CAPSULE][0]),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(h.s, (sepax3_vec){0, -2, 0.2f}, (sepax3_vec){0, 2, -0.2f},
                                    0.3f, &h.id[CAPSULE][1]),
                 SEPAX_OK);
    cr_assert_eq(sepax3_remove(h.s, h.gone), SEPAX_OK);
    const sepax3_transform t = {{0.25f, -0.5f, 0.125f},
                                sepax3_quat_axis_angle((sepax3_vec){1, 1, 0}, 0.4f)};
    cr_assert_eq(sepax3_set_transforms(h.s, &h.id[HULL][1], &t, 1), SEPAX_OK);
    cr_assert_eq(sepax3_update_world(h.s), SEPAX_OK);
    return h;
}

/* The ten classes, each for one order of its kinds (the other order is
 * the same class). */
static const struct {
    int ka, kb;
    sepax3_pair_group g;
} CLASSES3[SEPAX3_PAIR_GROUPS] = {
    {BOX, BOX, SEPAX3_GROUP_BOX_BOX},
    {BOX, SPHERE, SEPAX3_GROUP_BOX_SPHERE},
    {BOX, CAPSULE, SEPAX3_GROUP_BOX_CAPSULE},
    {BOX, HULL, SEPAX3_GROUP_BOX_HULL},
    {SPHERE, SPHERE, SEPAX3_GROUP_SPHERE_SPHERE},
    {CAPSULE, SPHERE, SEPAX3_GROUP_CAPSULE_SPHERE},
    {CAPSULE, CAPSULE, SEPAX3_GROUP_CAPSULE_CAPSULE},
    {SPHERE, HULL, SEPAX3_GROUP_SPHERE_HULL},
    {CAPSULE, HULL, SEPAX3_GROUP_CAPSULE_HULL},
    {HULL, HULL, SEPAX3_GROUP_HULL_HULL},
};

Test(groups, group_of_3d_by_hand)
{
    hand3 h = hand3_make();
    unsigned seen = 0;
    for (int c = 0; c < (int)SEPAX3_PAIR_GROUPS; c++) {
        /* all four choices of the two shapes, both orders */
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                const sepax_shape_id a = h.id[CLASSES3[c].ka][i], b = h.id[CLASSES3[c].kb][j];
                if (a == b)
                    continue;
                const sepax_pair ab = {a, b}, ba = {b, a};
                sepax3_pair_group g = SEPAX3_PAIR_GROUPS;
                cr_assert_eq(sepax3_pair_group_of(h.s, ab, &g), SEPAX_OK);
                cr_assert_eq(g, CLASSES3[c].g, "kinds %d, %d: group %d, want %d", CLASSES3[c].ka,
                             CLASSES3[c].kb, (int)g, (int)CLASSES3[c].g);
                g = SEPAX3_PAIR_GROUPS;
                cr_assert_eq(sepax3_pair_group_of(h.s, ba, &g), SEPAX_OK);
                cr_assert_eq(g, CLASSES3[c].g, "kinds %d, %d: group %d, want %d", CLASSES3[c].kb,
                             CLASSES3[c].ka, (int)g, (int)CLASSES3[c].g);
                seen |= 1u << g;
            }
        }
    }
    cr_assert_eq(seen, (1u << SEPAX3_PAIR_GROUPS) - 1u, "groups seen %#x", seen);

    /* refusals leave *group as it was */
    const sepax_shape_id b0 = h.id[BOX][0], s0 = h.id[SPHERE][0];
    sepax3_pair_group g = SEPAX3_PAIR_GROUPS;
    cr_assert_eq(sepax3_pair_group_of(NULL, (sepax_pair){b0, s0}, &g), SEPAX_ERR_NULL);
    cr_assert_eq(sepax3_pair_group_of(h.s, (sepax_pair){b0, s0}, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax3_pair_group_of(h.s, (sepax_pair){b0, b0}, &g), SEPAX_ERR_BAD_PAIR);
    cr_assert_eq(sepax3_pair_group_of(h.s, (sepax_pair){h.gone, s0}, &g), SEPAX_ERR_STALE_ID);
    cr_assert_eq(sepax3_pair_group_of(h.s, (sepax_pair){s0, h.gone}, &g), SEPAX_ERR_STALE_ID);
    cr_assert_eq(sepax3_pair_group_of(h.s, (sepax_pair){s0, 0xFFFFFFu}, &g), SEPAX_ERR_BAD_ID);
    cr_assert_eq(g, SEPAX3_PAIR_GROUPS, "a refusal wrote the group");
    sepax3_store_destroy(h.s);
}

/* A mixed list of 14 pairs of every class, and how it groups, counted by
 * hand. */
static size_t hand3_list(const hand3 *h, sepax_pair *p)
{
    const sepax_shape_id B0 = h->id[BOX][0], B1 = h->id[BOX][1], S0 = h->id[SPHERE][0],
                         S1 = h->id[SPHERE][1], H0 = h->id[HULL][0], H1 = h->id[HULL][1],
                         C0 = h->id[CAPSULE][0], C1 = h->id[CAPSULE][1];
    const sepax_pair list[14] = {
        {H0, H1}, /*  0: hull-hull        9 */
        {B0, S0}, /*  1: box-sphere       1 */
        {C0, S0}, /*  2: capsule-sphere   5 */
        {B0, B1}, /*  3: box-box          0 */
        {S1, B1}, /*  4: sphere-box       1 */
        {H0, C1}, /*  5: hull-capsule     8 */
        {S0, S1}, /*  6: sphere-sphere    4 */
        {B1, B0}, /*  7: box-box          0 */
        {C0, B0}, /*  8: capsule-box      2 */
        {H1, S1}, /*  9: hull-sphere      7 */
        {C1, C0}, /* 10: capsule-capsule  6 */
        {B1, H0}, /* 11: box-hull         3 */
        {S0, C1}, /* 12: sphere-capsule   5 */
        {C0, H1}, /* 13: capsule-hull     8 */
    };
    memcpy(p, list, sizeof list);
    return 14;
}

static const size_t HAND3_STARTS[SEPAX3_PAIR_GROUPS + 1] = {0, 2, 4, 5, 6, 7, 9, 10, 11, 13, 14};
static const uint32_t HAND3_FROM[14] = {3, 7, 1, 4, 8, 11, 6, 2, 12, 10, 9, 5, 13, 0};

Test(groups, group_pairs_3d_by_hand)
{
    hand3 h = hand3_make();
    sepax_pair pairs[14], grouped[15];
    const size_t n = hand3_list(&h, pairs);
    size_t starts[STARTS];
    uint32_t from[15];
    memset(grouped, FILL, sizeof grouped);
    memset(starts, FILL, sizeof starts);
    memset(from, FILL, sizeof from);
    cr_assert_eq(sepax3_group_pairs(h.s, pairs, n, grouped, starts, from, NULL), SEPAX_OK);
    for (uint32_t k = 0; k <= SEPAX3_PAIR_GROUPS; k++)
        cr_assert_eq(starts[k], HAND3_STARTS[k], "starts[%u] %zu, want %zu", k, starts[k],
                     HAND3_STARTS[k]);
    for (size_t k = 0; k < n; k++) {
        cr_assert_eq(from[k], HAND3_FROM[k], "from[%zu] %u, want %u", k, from[k], HAND3_FROM[k]);
        cr_assert(memcmp(&grouped[k], &pairs[HAND3_FROM[k]], sizeof *grouped) == 0,
                  "grouped[%zu]", k);
    }
    cr_assert(all_bytes(&grouped[n], sizeof *grouped, FILL) &&
                  all_bytes(&from[n], sizeof *from, FILL),
              "written past the list");
    cr_assert(all_bytes(starts + SEPAX3_PAIR_GROUPS + 1,
                        (STARTS - SEPAX3_PAIR_GROUPS - 1) * sizeof *starts, FILL),
              "written past starts");

    /* what the generic checks say of it, and a grouped list grouped again
     * is itself, from the identity */
    grouping g;
    group_checked(&D3, h.s, pairs, n, &g);
    grouping again;
    group_checked(&D3, h.s, g.grouped, n, &again);
    cr_assert(memcmp(again.grouped, g.grouped, n * sizeof *pairs) == 0);
    for (size_t k = 0; k < n; k++)
        cr_assert_eq(again.from[k], k);

    /* the grouped calls on it, against the plain calls */
    (void)every_backend(&D3, h.s, &g);
    grouping_free(&g), grouping_free(&again);
    sepax3_store_destroy(h.s);
}

Test(groups, empty_groups_3d)
{
    hand3 h = hand3_make();
    const sepax_shape_id B0 = h.id[BOX][0], B1 = h.id[BOX][1], S0 = h.id[SPHERE][0],
                         H0 = h.id[HULL][0], H1 = h.id[HULL][1];
    /* only box-hull, sphere-hull and hull-hull: groups 0 to 2 empty
     * before, 4 to 6 and 8 between, none after */
    const sepax_pair pairs[6] = {{H1, H0}, {S0, H1}, {B0, H1}, {H0, S0}, {H1, B1}, {H0, H1}};
    grouping g;
    group_checked(&D3, h.s, pairs, 6, &g);
    const size_t want[SEPAX3_PAIR_GROUPS + 1] = {0, 0, 0, 0, 2, 2, 2, 2, 4, 4, 6};
    cr_assert(memcmp(g.starts, want, sizeof want) == 0);
    (void)every_backend(&D3, h.s, &g);
    grouping_free(&g);

    /* one group alone: the first, and the last */
    const sepax_pair boxes[2] = {{B0, B1}, {B1, B0}}, hulls[2] = {{H0, H1}, {H1, H0}};
    group_checked(&D3, h.s, boxes, 2, &g);
    cr_assert_eq(g.starts[1], 2u);
    (void)every_backend(&D3, h.s, &g);
    grouping_free(&g);
    group_checked(&D3, h.s, hulls, 2, &g);
    cr_assert_eq(g.starts[SEPAX3_PAIR_GROUPS - 1], 0u);
    (void)every_backend(&D3, h.s, &g);
    grouping_free(&g);
    sepax3_store_destroy(h.s);
}

Test(groups, refusals_3d)
{
    hand3 h = hand3_make();
    sepax_pair pairs[14];
    const size_t n = hand3_list(&h, pairs);
    grouping g;
    group_checked(&D3, h.s, pairs, n, &g);
    refusals_checked(&D3, h.s, &g, h.gone);
    group_pairs_refusals(&D3, h.s, pairs, n, h.gone);
    grouping_free(&g);
    /* empty groups before, between and after the boundaries moved */
    const sepax_shape_id B0 = h.id[BOX][0], S0 = h.id[SPHERE][0], H0 = h.id[HULL][0],
                         H1 = h.id[HULL][1];
    const sepax_pair sparse[5] = {{H1, H0}, {S0, H1}, {B0, H1}, {H0, S0}, {B0, H0}};
    group_checked(&D3, h.s, sparse, 5, &g);
    refusals_checked(&D3, h.s, &g, h.gone);
    grouping_free(&g);
    sepax3_store_destroy(h.s);
}

/* ---- 3D scenes ---- */

/* A mixed 3D scene with holes (every ninth shape removed): the
 * broadphase's pairs, each also the other way round, then as many
 * pairs of random live shapes, mostly far apart. */
typedef struct scene3 {
    sepax_scene3 scene;
    sepax3_store *s;
    sepax_pair *pairs;
    size_t count;
} scene3;

static void scene3_build(scene3 *sc, size_t shapes, uint64_t seed)
{
    memset(sc, 0, sizeof *sc);
    const size_t scaled = cases_scaled(shapes * 1000u) / 1000u;
    sepax_scene3_params p = sepax_scene3_params_mixed();
    p.shapes = shapes = scaled < 300 ? 300 : scaled;
    p.seed = seed;
    p.hull_min_points = 6, p.hull_max_points = 16;
    cr_assert_eq(sepax_scene3_generate(&p, &sc->scene), 0);
    cr_assert_eq(sepax3_store_create(NULL, &sc->s), SEPAX_OK);
    cr_assert_eq(sepax3_store_set_backend(sc->s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    sepax_shape_id *ids = must(malloc(shapes * sizeof *ids));
    cr_assert_eq(sepax_scene3_load(&sc->scene, sc->s, ids, NULL), 0u);
    size_t live = 0;
    for (size_t i = 0; i < shapes; i++) {
        if (i % 9 == 4)
            cr_assert_eq(sepax3_remove(sc->s, ids[i]), SEPAX_OK);
        else
            ids[live++] = ids[i];
    }
    cr_assert_eq(sepax3_update_world(sc->s), SEPAX_OK);
    size_t found = 0;
    cr_assert_eq(sepax3_broadphase(sc->s, NULL, 0, &found), SEPAX_ERR_CAPACITY);
    sc->pairs = must(malloc((3 * found + 1) * sizeof *sc->pairs));
    cr_assert_eq(sepax3_broadphase(sc->s, sc->pairs, found, &sc->count), SEPAX_OK);
    for (size_t k = 0; k < found; k++)
        sc->pairs[sc->count++] = (sepax_pair){sc->pairs[k].b, sc->pairs[k].a};
    cases_rng g;
    cases_rng_seed(&g, seed ^ 0x6e0u);
    for (size_t k = 0; k < found; k++) {
        const size_t i = (size_t)cases_rng_int(&g, 0, (int)live - 1);
        const size_t j = (i + 1 + (size_t)cases_rng_int(&g, 0, (int)live - 2)) % live;
        sc->pairs[sc->count++] = (sepax_pair){ids[i], ids[j]};
    }
    cases_shuffle_pairs(&g, sc->pairs, sc->count);
    free(ids);
}

static void scene3_free(scene3 *sc)
{
    sepax3_store_destroy(sc->s);
    sepax_scene3_free(&sc->scene);
    free(sc->pairs);
}

Test(groups, mixed_scene_every_backend_3d, .timeout = 300)
{
    scene3 sc;
    scene3_build(&sc, 800, 31);
    grouping g;
    group_checked(&D3, sc.s, sc.pairs, sc.count, &g);
    for (uint32_t k = 0; k < SEPAX3_PAIR_GROUPS; k++)
        cr_assert_gt(g.starts[k + 1], g.starts[k], "group %u empty in the scene", k);
    const size_t others = every_backend(&D3, sc.s, &g);
    size_t hits = 0;
    sepax3_result *r = must(malloc(g.n * sizeof *r));
    cr_assert_eq(sepax3_collide(sc.s, g.grouped, g.n, r, NULL), SEPAX_OK);
    for (size_t k = 0; k < g.n; k++)
        hits += (r[k].flags & SEPAX_HIT) != 0;
    /* hits and misses both, or the comparison says little */
    cr_assert(hits > g.n / 20 && hits < g.n, "%zu hits of %zu", hits, g.n);
    cr_log_info("3D: %zu pairs, %zu hits, %zu backends besides scalar", g.n, hits, others);
    free(r);
    grouping_free(&g);
    scene3_free(&sc);
}

Test(groups, broadphase_grouped_3d, .timeout = 300)
{
    scene3 sc;
    scene3_build(&sc, 800, 32);
    size_t per_group[STARTS] = {0};
    broadphase_grouped_checked(&D3, sc.s, per_group);
    size_t nonempty = 0;
    for (uint32_t k = 0; k < SEPAX3_PAIR_GROUPS; k++)
        nonempty += per_group[k] > 0;
    cr_assert_geq(nonempty, 8u, "only %zu groups among the broadphase's pairs", nonempty);
    /* an empty store: SEPAX_OK, no pairs, starts all 0 */
    sepax3_store *e;
    cr_assert_eq(sepax3_store_create(NULL, &e), SEPAX_OK);
    size_t starts[STARTS], m = 7;
    memset(starts, FILL, sizeof starts);
    cr_assert_eq(sepax3_broadphase_grouped(e, NULL, 0, &m, starts), SEPAX_OK);
    cr_assert_eq(m, 0u);
    for (uint32_t k = 0; k <= SEPAX3_PAIR_GROUPS; k++)
        cr_assert_eq(starts[k], 0u);
    sepax3_store_destroy(e);
    scene3_free(&sc);
}

/* ---- 2D by hand ---- */

/* The rule as sepax.h words it, from what the public queries say of the
 * two shapes: 0 two plain polygons (any count), 1 two circles, 2 + 4 i +
 * j by the core classes of a and b (0 a point, 1 a segment, 2 three or
 * four vertices, 3 five to eight), 18 a core past eight among round or
 * thin kinds. */
static uint32_t rule2(const sepax_store *s, sepax_pair p)
{
    sepax_shape_desc a, b;
    cr_assert_eq(sepax_shape_info(s, p.a, &a), SEPAX_OK);
    cr_assert_eq(sepax_shape_info(s, p.b, &b), SEPAX_OK);
    if (a.kind == SEPAX_SHAPE_POLYGON && b.kind == SEPAX_SHAPE_POLYGON)
        return 0;
    if (a.kind == SEPAX_SHAPE_CIRCLE && b.kind == SEPAX_SHAPE_CIRCLE)
        return 1;
    const sepax_shape_desc *d[2] = {&a, &b};
    int c[2];
    for (int k = 0; k < 2; k++) {
        const uint32_t v = d[k]->vertex_count;
        c[k] = v == 1 ? 0 : v == 2 ? 1 : v <= 4 ? 2 : v <= 8 ? 3 : -1;
    }
    return c[0] < 0 || c[1] < 0 ? 18u : 2u + 4u * (uint32_t)c[0] + (uint32_t)c[1];
}

enum { P3, BX, P5, P8, P9, P12, C0, C1, KC, SG, R3, R4, R5, R8, R9, HAND2 };

/* A shape of each core class and of each side of the class limits (4
 * and 5 vertices, 8 and 9), plain and rounded, all near the origin; and
 * a removed circle. */
typedef struct hand2 {
    sepax_store *s;
    sepax_shape_id id[HAND2], gone;
} hand2;

static sepax_shape_id regular(sepax_store *s, int n, float cx, float cy, float r, float round)
{
    sepax_vec2 v[16];
    for (int k = 0; k < n; k++) {
        const double a = 6.283185307179586 * k / n + 0.1;
        v[k] = (sepax_vec2){cx + r * (float)cos(a), cy + r * (float)sin(a)};
    }
    sepax_shape_id id = 0;
    if (round > 0)
        cr_assert_eq(sepax_add_rounded_polygon(s, v, (size_t)n, round, &id), SEPAX_OK);
    else
        cr_assert_eq(sepax_add_polygon(s, v, (size_t)n, &id), SEPAX_OK);
    return id;
}

static hand2 hand2_make(void)
{
    hand2 h;
    cr_assert_eq(sepax_store_create(NULL, &h.s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(h.s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    sepax_store *s = h.s;
    h.id[P3] = regular(s, 3, 0, 0, 1, 0);
    cr_assert_eq(sepax_add_circle(s, (sepax_vec2){20, 0}, 1, &h.gone), SEPAX_OK);
    cr_assert_eq(sepax_add_box(s, (sepax_vec2){0.5f, 0.2f}, (sepax_vec2){0.6f, 0.4f}, 0.3f,
                               &h.id[BX]),
                 SEPAX_OK);
    h.id[P5] = regular(s, 5, 0.4f, -0.3f, 0.9f, 0);
    h.id[P8] = regular(s, 8, -0.5f, 0.5f, 1.0f, 0);
    h.id[P9] = regular(s, 9, 0.7f, 0.7f, 0.8f, 0);
    h.id[P12] = regular(s, 12, -0.2f, -0.8f, 1.1f, 0);
    cr_assert_eq(sepax_add_circle(s, (sepax_vec2){0.3f, 0.1f}, 0.7f, &h.id[C0]), SEPAX_OK);
    cr_assert_eq(sepax_add_circle(s, (sepax_vec2){-0.6f, 0.2f}, 0.5f, &h.id[C1]), SEPAX_OK);
    cr_assert_eq(sepax_add_capsule(s, (sepax_vec2){-1.5f, 0}, (sepax_vec2){1.5f, 0.4f}, 0.3f,
                                   &h.id[KC]),
                 SEPAX_OK);
    cr_assert_eq(sepax_add_segment(s, (sepax_vec2){0, -1.5f}, (sepax_vec2){0.2f, 1.5f},
                                   &h.id[SG]),
                 SEPAX_OK);
    h.id[R3] = regular(s, 3, 0.2f, 0.3f, 0.8f, 0.2f);
    h.id[R4] = regular(s, 4, -0.3f, 0.1f, 0.9f, 0.1f);
    h.id[R5] = regular(s, 5, 0.6f, -0.4f, 0.7f, 0.25f);
    h.id[R8] = regular(s, 8, -0.1f, 0.6f, 1.0f, 0.15f);
    h.id[R9] = regular(s, 9, 0.1f, -0.2f, 0.9f, 0.3f);
    cr_assert_eq(sepax_remove(s, h.gone), SEPAX_OK);
    /* one shape turned and moved, so that not every transform is the
     * identity */
    const sepax_transform t = {{0.3f, -0.2f}, {cosf(0.5f), sinf(0.5f)}};
    cr_assert_eq(sepax_set_transforms(s, &h.id[R5], &t, 1), SEPAX_OK);
    /* the fixture holds what its names say */
    const uint32_t cores[HAND2] = {3, 4, 5, 8, 9, 12, 1, 1, 2, 2, 3, 4, 5, 8, 9};
    for (int k = 0; k < HAND2; k++) {
        sepax_shape_desc d;
        cr_assert_eq(sepax_shape_info(s, h.id[k], &d), SEPAX_OK);
        cr_assert_eq(d.vertex_count, cores[k], "shape %d: %u core vertices", k, d.vertex_count);
    }
    return h;
}

/* Pairs and their groups worked out from sepax.h's rule by hand. */
static const struct {
    int a, b;
    uint32_t g;
} HAND2_GROUPS[] = {
    /* two plain polygons, whatever their counts */
    {P3, P12, 0}, {P12, P9, 0}, {BX, P5, 0}, {P8, P3, 0}, {P9, BX, 0},
    {C0, C1, 1}, {C1, C0, 1},
    /* a point and a segment, both orders (two points are group 1) */
    {C0, KC, 3}, {KC, C0, 6}, {C1, SG, 3}, {SG, C1, 6},
    /* a point and a small polygon (3 or 4 vertices) or a larger one */
    {C0, P3, 4}, {P3, C0, 10}, {C0, BX, 4}, {BX, C1, 10}, {C1, R4, 4}, {R3, C0, 10},
    {C0, P5, 5}, {P5, C0, 14}, {C0, P8, 5}, {P8, C1, 14}, {C1, R8, 5}, {R5, C0, 14},
    /* two segments */
    {KC, SG, 7}, {SG, KC, 7},
    {KC, BX, 8}, {BX, KC, 11}, {SG, R4, 8}, {R3, SG, 11},
    {KC, P8, 9}, {P8, KC, 15}, {SG, R5, 9}, {R5, SG, 15}, {KC, P5, 9}, {R8, KC, 15},
    /* polygons, one of them rounded */
    {R3, P3, 12}, {P3, R3, 12}, {R3, R4, 12}, {BX, R4, 12},
    {R4, P5, 13}, {R3, R8, 13}, {P3, R5, 13}, {P5, R4, 16}, {R8, R3, 16}, {R5, BX, 16},
    {R5, P8, 17}, {P8, R5, 17}, {R5, R8, 17}, {P5, R8, 17},
    /* a core of more than 8 among round or thin kinds */
    {C0, P9, 18}, {P9, C0, 18}, {KC, P12, 18}, {P12, SG, 18}, {R9, P3, 18}, {P3, R9, 18},
    {R9, C1, 18}, {R8, P9, 18}, {P9, R8, 18}, {SG, R9, 18}, {R9, R3, 18}, {R3, P12, 18},
    {R9, P12, 18}, {P12, R9, 18},
};

Test(groups, group_of_2d_by_hand)
{
    hand2 h = hand2_make();
    unsigned seen = 0;
    for (size_t c = 0; c < sizeof HAND2_GROUPS / sizeof HAND2_GROUPS[0]; c++) {
        const sepax_pair p = {h.id[HAND2_GROUPS[c].a], h.id[HAND2_GROUPS[c].b]};
        uint32_t g = 99;
        cr_assert_eq(sepax_pair_group_of(h.s, p, &g), SEPAX_OK);
        cr_assert_eq(g, HAND2_GROUPS[c].g, "shapes %d, %d: group %u, want %u", HAND2_GROUPS[c].a,
                     HAND2_GROUPS[c].b, g, HAND2_GROUPS[c].g);
        seen |= 1u << g;
    }
    /* every group but 2 (two points are two circles: group 1) */
    cr_assert_eq(seen, ((1u << SEPAX_PAIR_GROUPS) - 1u) & ~(1u << 2), "groups seen %#x", seen);

    /* every ordered pair of the fixture, by the rule */
    seen = 0;
    for (int i = 0; i < HAND2; i++) {
        for (int j = 0; j < HAND2; j++) {
            if (i == j)
                continue;
            const sepax_pair p = {h.id[i], h.id[j]};
            uint32_t g = 99;
            cr_assert_eq(sepax_pair_group_of(h.s, p, &g), SEPAX_OK);
            cr_assert_eq(g, rule2(h.s, p), "shapes %d, %d: group %u, the rule says %u", i, j, g,
                         rule2(h.s, p));
            seen |= 1u << g;
        }
    }
    cr_assert_eq(seen, ((1u << SEPAX_PAIR_GROUPS) - 1u) & ~(1u << 2), "groups seen %#x", seen);

    /* refusals leave *group as it was */
    uint32_t g = 99;
    const sepax_pair ok = {h.id[C0], h.id[P3]};
    cr_assert_eq(sepax_pair_group_of(NULL, ok, &g), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_pair_group_of(h.s, ok, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_pair_group_of(h.s, (sepax_pair){h.id[C0], h.id[C0]}, &g),
                 SEPAX_ERR_BAD_PAIR);
    cr_assert_eq(sepax_pair_group_of(h.s, (sepax_pair){h.gone, h.id[C0]}, &g), SEPAX_ERR_STALE_ID);
    cr_assert_eq(sepax_pair_group_of(h.s, (sepax_pair){h.id[P3], h.gone}, &g), SEPAX_ERR_STALE_ID);
    cr_assert_eq(sepax_pair_group_of(h.s, (sepax_pair){h.id[P3], 0xFFFFFFu}, &g),
                 SEPAX_ERR_BAD_ID);
    cr_assert_eq(g, 99u, "a refusal wrote the group");
    sepax_store_destroy(h.s);
}

/* A mixed 2D list of 14 pairs, with empty groups among the full ones, and
 * how it groups, counted by hand. */
static size_t hand2_list(const hand2 *h, sepax_pair *p)
{
    const sepax_shape_id *id = h->id;
    const sepax_pair list[14] = {
        {id[R9], id[C0]},  /*  0: 18 */
        {id[C0], id[KC]},  /*  1:  3 */
        {id[P3], id[BX]},  /*  2:  0 */
        {id[KC], id[C0]},  /*  3:  6 */
        {id[C0], id[C1]},  /*  4:  1 */
        {id[R3], id[P3]},  /*  5: 12 */
        {id[P5], id[C0]},  /*  6: 14 */
        {id[BX], id[P12]}, /*  7:  0 */
        {id[SG], id[KC]},  /*  8:  7 */
        {id[C1], id[P3]},  /*  9:  4 */
        {id[P8], id[R5]},  /* 10: 17 */
        {id[KC], id[C1]},  /* 11:  6 */
        {id[R4], id[SG]},  /* 12: 11 */
        {id[C0], id[P9]},  /* 13: 18 */
    };
    memcpy(p, list, sizeof list);
    return 14;
}

static const size_t HAND2_STARTS[SEPAX_PAIR_GROUPS + 1] = {0, 2, 3, 3, 4, 5, 5, 7, 8, 8,
                                                           8, 8, 9, 10, 10, 11, 11, 11, 12, 14};
static const uint32_t HAND2_FROM[14] = {2, 7, 4, 1, 9, 3, 11, 8, 12, 5, 6, 10, 0, 13};

Test(groups, group_pairs_2d_by_hand)
{
    hand2 h = hand2_make();
    sepax_pair pairs[14], grouped[15];
    const size_t n = hand2_list(&h, pairs);
    size_t starts[STARTS];
    uint32_t from[15];
    memset(grouped, FILL, sizeof grouped);
    memset(starts, FILL, sizeof starts);
    memset(from, FILL, sizeof from);
    cr_assert_eq(sepax_group_pairs(h.s, pairs, n, grouped, starts, from, NULL), SEPAX_OK);
    for (uint32_t k = 0; k <= SEPAX_PAIR_GROUPS; k++)
        cr_assert_eq(starts[k], HAND2_STARTS[k], "starts[%u] %zu, want %zu", k, starts[k],
                     HAND2_STARTS[k]);
    for (size_t k = 0; k < n; k++) {
        cr_assert_eq(from[k], HAND2_FROM[k], "from[%zu] %u, want %u", k, from[k], HAND2_FROM[k]);
        cr_assert(memcmp(&grouped[k], &pairs[HAND2_FROM[k]], sizeof *grouped) == 0,
                  "grouped[%zu]", k);
    }
    cr_assert(all_bytes(&grouped[n], sizeof *grouped, FILL) &&
                  all_bytes(&from[n], sizeof *from, FILL),
              "written past the list");
    cr_assert(all_bytes(starts + SEPAX_PAIR_GROUPS + 1,
                        (STARTS - SEPAX_PAIR_GROUPS - 1) * sizeof *starts, FILL),
              "written past starts");

    grouping g, again;
    group_checked(&D2, h.s, pairs, n, &g);
    group_checked(&D2, h.s, g.grouped, n, &again);
    for (size_t k = 0; k < n; k++)
        cr_assert_eq(again.from[k], k);
    (void)every_backend(&D2, h.s, &g);
    grouping_free(&g), grouping_free(&again);

    /* every ordered pair of the fixture, one list */
    sepax_pair all[HAND2 * HAND2];
    size_t m = 0;
    for (int i = 0; i < HAND2; i++)
        for (int j = 0; j < HAND2; j++)
            if (i != j)
                all[m++] = (sepax_pair){h.id[j], h.id[i]};
    group_checked(&D2, h.s, all, m, &g);
    (void)every_backend(&D2, h.s, &g);
    grouping_free(&g);
    sepax_store_destroy(h.s);
}

Test(groups, refusals_2d)
{
    hand2 h = hand2_make();
    sepax_pair pairs[14];
    const size_t n = hand2_list(&h, pairs);
    grouping g;
    group_checked(&D2, h.s, pairs, n, &g);
    refusals_checked(&D2, h.s, &g, h.gone);
    group_pairs_refusals(&D2, h.s, pairs, n, h.gone);

    /* 2D classes are ordered: a pair of a point and a segment (3) turned
     * round is of group 6, and must be refused where it stood */
    sepax_pair turned[14];
    size_t checked = 0;
    for (size_t w = 0; w < n; w++) {
        memcpy(turned, g.grouped, n * sizeof *turned);
        turned[w] = (sepax_pair){g.grouped[w].b, g.grouped[w].a};
        uint32_t was = 0, now = 0;
        cr_assert_eq(sepax_pair_group_of(h.s, g.grouped[w], &was), SEPAX_OK);
        cr_assert_eq(sepax_pair_group_of(h.s, turned[w], &now), SEPAX_OK);
        if (was == now)
            continue;
        char what[64];
        snprintf(what, sizeof what, "pair %zu turned round (group %u, then %u)", w, was, now);
        refused(&D2, h.s, turned, g.starts, SEPAX_ERR_BAD_PAIR, w, what);
        checked++;
    }
    cr_assert_geq(checked, 6u);
    grouping_free(&g);
    /* only the last groups, with empty ones before */
    const sepax_shape_id *id = h.id;
    const sepax_pair late[5] = {{id[R9], id[C0]}, {id[R5], id[P8]}, {id[P8], id[R5]},
                                {id[P12], id[SG]}, {id[P8], id[KC]}};
    group_checked(&D2, h.s, late, 5, &g);
    cr_assert_eq(g.starts[15], 0u);
    refusals_checked(&D2, h.s, &g, h.gone);
    grouping_free(&g);
    sepax_store_destroy(h.s);
}

/* ---- 2D scenes ---- */

/* Pairs of generated shapes of every two kinds (round_gen.h: overlapping,
 * touching, nearly touching, nested), both orders, and as many pairs of
 * unrelated shapes; before every eighth pair a shape is added and removed,
 * so that later shapes take slots other kinds had. */
typedef struct scene2 {
    sepax_store *s;
    sepax_pair *pairs;
    size_t count;
} scene2;

static void scene2_build(scene2 *sc, size_t made, uint64_t seed)
{
    made = cases_scaled(made);
    sc->s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &sc->s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(sc->s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    const size_t shapes = 2 * made, count = 4 * made;
    gen_shape *gs = must(malloc(shapes * sizeof *gs));
    sc->pairs = must(malloc((count + 1) * sizeof *sc->pairs));
    cases_rng g;
    cases_rng_seed(&g, seed);
    char msg[256];
    size_t n = 0;
    for (size_t i = 0; i < made; i++) {
        if (i % 8 == 0) {
            gen_shape t;
            cr_assert_eq(gen_shape_make(sc->s, &g, cases_rng_int(&g, 0, GEN_KINDS - 1), 1, &t,
                                        msg, sizeof msg),
                         SEPAX_OK, "%s", msg);
            cr_assert_eq(sepax_remove(sc->s, t.id), SEPAX_OK);
        }
        const int ka = (int)(i % GEN_KINDS), kb = (int)(i / GEN_KINDS % GEN_KINDS);
        cr_assert_eq(gen_pair_make(sc->s, &g, ka, kb, &gs[2 * i], &gs[2 * i + 1], msg, sizeof msg),
                     SEPAX_OK, "%s", msg);
        sc->pairs[n++] = (sepax_pair){gs[2 * i].id, gs[2 * i + 1].id};
        sc->pairs[n++] = (sepax_pair){gs[2 * i + 1].id, gs[2 * i].id};
    }
    while (n < count) {
        const size_t i = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        const size_t j = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        if (i != j)
            sc->pairs[n++] = (sepax_pair){gs[i].id, gs[j].id};
    }
    cases_shuffle_pairs(&g, sc->pairs, count);
    sc->count = count;
    free(gs);
}

Test(groups, every_kind_every_backend_2d, .timeout = 300)
{
    scene2 sc;
    scene2_build(&sc, 1600, 41);
    grouping g;
    group_checked(&D2, sc.s, sc.pairs, sc.count, &g);
    /* the groups are those of the rule, and every one that can occur
     * does (all but 2) */
    size_t per_group[STARTS] = {0};
    for (size_t k = 0; k < g.n; k++)
        per_group[rule2(sc.s, sc.pairs[k])]++;
    for (uint32_t k = 0; k < SEPAX_PAIR_GROUPS; k++) {
        cr_assert_eq(g.starts[k + 1] - g.starts[k], per_group[k],
                     "group %u: %zu pairs, the rule says %zu", k, g.starts[k + 1] - g.starts[k],
                     per_group[k]);
        if (k != 2)
            cr_assert_gt(per_group[k], 0u, "group %u empty in the scene", k);
    }
    cr_assert_eq(per_group[2], 0u);
    const size_t others = every_backend(&D2, sc.s, &g);
    sepax_result *r = must(malloc(g.n * sizeof *r));
    cr_assert_eq(sepax_collide(sc.s, g.grouped, g.n, r, NULL), SEPAX_OK);
    size_t hits = 0;
    for (size_t k = 0; k < g.n; k++)
        hits += (r[k].flags & SEPAX_HIT) != 0;
    cr_assert(hits > g.n / 20 && hits < g.n, "%zu hits of %zu", hits, g.n);
    cr_log_info("2D: %zu pairs, %zu hits, %zu backends besides scalar", g.n, hits, others);
    free(r);
    grouping_free(&g);
    sepax_store_destroy(sc.s);
    free(sc.pairs);
}

/* The scene generator's every-kind scene, with polygons of up to 12
 * vertices, and a hole every ninth shape. */
static sepax_store *scene2_generated(sepax_scene *scene, uint64_t seed)
{
    sepax_scene_params p = sepax_scene_params_mixed_kinds();
    p.shapes = cases_scaled(3000);
    p.seed = seed;
    p.max_vertices = 12;
    p.max_vertices_share = 0.2;
    cr_assert_eq(sepax_scene_generate(&p, scene), 0);
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    sepax_shape_id *ids = must(malloc(p.shapes * sizeof *ids));
    cr_assert_eq(sepax_scene_load(scene, s, ids, NULL), 0u);
    for (size_t i = 4; i < p.shapes; i += 9)
        cr_assert_eq(sepax_remove(s, ids[i]), SEPAX_OK);
    cr_assert_eq(sepax_update_world(s), SEPAX_OK);
    free(ids);
    return s;
}

Test(groups, generated_scene_every_backend_2d, .timeout = 300)
{
    sepax_scene scene;
    sepax_store *s = scene2_generated(&scene, 42);
    size_t n = 0;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &n), SEPAX_ERR_CAPACITY);
    sepax_pair *pairs = must(malloc((2 * n + 1) * sizeof *pairs));
    cr_assert_eq(sepax_broadphase(s, pairs, n, &n), SEPAX_OK);
    for (size_t k = 0; k < n; k++)
        pairs[n + k] = (sepax_pair){pairs[k].b, pairs[k].a};
    grouping g;
    group_checked(&D2, s, pairs, 2 * n, &g);
    size_t nonempty = 0;
    for (uint32_t k = 0; k < SEPAX_PAIR_GROUPS; k++)
        nonempty += g.starts[k + 1] > g.starts[k];
    cr_assert_geq(nonempty, 17u, "only %zu groups in the scene", nonempty);
    (void)every_backend(&D2, s, &g);
    grouping_free(&g);
    free(pairs);
    sepax_store_destroy(s);
    sepax_scene_free(&scene);
}

Test(groups, broadphase_grouped_2d, .timeout = 300)
{
    sepax_scene scene;
    sepax_store *s = scene2_generated(&scene, 43);
    size_t per_group[STARTS] = {0};
    broadphase_grouped_checked(&D2, s, per_group);
    size_t nonempty = 0;
    for (uint32_t k = 0; k < SEPAX_PAIR_GROUPS; k++)
        nonempty += per_group[k] > 0;
    cr_assert_geq(nonempty, 12u, "only %zu groups among the broadphase's pairs", nonempty);
    sepax_store_destroy(s);
    sepax_scene_free(&scene);

    sepax_store *e;
    cr_assert_eq(sepax_store_create(NULL, &e), SEPAX_OK);
    size_t starts[STARTS], m = 7;
    memset(starts, FILL, sizeof starts);
    cr_assert_eq(sepax_broadphase_grouped(e, NULL, 0, &m, starts), SEPAX_OK);
    cr_assert_eq(m, 0u);
    for (uint32_t k = 0; k <= SEPAX_PAIR_GROUPS; k++)
        cr_assert_eq(starts[k], 0u);
    sepax_store_destroy(e);
}

/* ---- allocation failure ---- */

/* Each allocation of the grouping call and of the grouped broadphase
 * refused in turn: SEPAX_ERR_OUT_OF_MEMORY with nothing written (the
 * count 0), or the answer of a store that was not refused; nothing
 * leaks. */
static void out_of_memory_checked(const dim *d, const void *s, failing_alloc *f)
{
    size_t n = 0;
    cr_assert_eq(d->broadphase(s, NULL, 0, &n), SEPAX_ERR_CAPACITY);
    sepax_pair *plain = must(malloc((n + 1) * sizeof *plain));
    sepax_pair *got = must(malloc((n + 1) * sizeof *got));
    uint32_t *from = must(malloc((n + 1) * sizeof *from));
    cr_assert_eq(d->broadphase(s, plain, n, &n), SEPAX_OK);
    grouping g;
    group_checked(d, s, plain, n, &g);
    const int live = f->live;
    int refused_group = 0, refused_broadphase = 0, written_on_refusal = 0;
    for (int k = 0; k < 64; k++) {
        size_t starts[STARTS], m = 7, bad = 0x5A5A;
        memset(got, FILL, (n + 1) * sizeof *got);
        memset(starts, FILL, sizeof starts);
        memset(from, FILL, (n + 1) * sizeof *from);
        f->fail_at = f->calls + k;
        sepax_status st = d->group_pairs(s, plain, n, got, starts, from, &bad);
        if (st == SEPAX_OK) {
            cr_assert(memcmp(got, g.grouped, n * sizeof *got) == 0 &&
                          memcmp(starts, g.starts, (d->groups + 1) * sizeof *starts) == 0 &&
                          memcmp(from, g.from, n * sizeof *from) == 0,
                      "%s group_pairs, allocation %d refused: differs", d->name, k);
        } else {
            cr_assert_eq(st, SEPAX_ERR_OUT_OF_MEMORY, "%s group_pairs: %s", d->name,
                         sepax_status_string(st));
            cr_assert(all_bytes(got, (n + 1) * sizeof *got, FILL) &&
                          all_bytes(starts, sizeof starts, FILL) &&
                          all_bytes(from, (n + 1) * sizeof *from, FILL),
                      "%s group_pairs, allocation %d refused: output written", d->name, k);
            cr_assert_eq(bad, 0x5A5Au, "%s", d->name);
            refused_group++;
        }
        memset(got, FILL, (n + 1) * sizeof *got);
        memset(starts, FILL, sizeof starts);
        f->fail_at = f->calls + k;
        st = d->broadphase_grouped(s, got, n, &m, starts);
        if (st == SEPAX_OK) {
            cr_assert(m == n && memcmp(got, g.grouped, n * sizeof *got) == 0 &&
                          memcmp(starts, g.starts, (d->groups + 1) * sizeof *starts) == 0,
                      "%s broadphase_grouped, allocation %d refused: differs", d->name, k);
        } else {
            cr_assert_eq(st, SEPAX_ERR_OUT_OF_MEMORY, "%s broadphase_grouped: %s", d->name,
                         sepax_status_string(st));
            cr_assert_eq(m, 0u, "%s broadphase_grouped, allocation %d refused: count %zu",
                         d->name, k, m);
            cr_assert(all_bytes(starts, sizeof starts, FILL),
                      "%s broadphase_grouped, allocation %d refused: starts written", d->name, k);
            /* the headers allow the broadphase's pairs, found before
             * the grouping's scratch was refused, to stay written: if
             * they do, they are those pairs as found, ungrouped */
            cr_assert(all_bytes(got, (n + 1) * sizeof *got, FILL) ||
                          (memcmp(got, plain, n * sizeof *got) == 0 &&
                           all_bytes(got + n, sizeof *got, FILL)),
                      "%s broadphase_grouped, allocation %d refused: pairs other than the "
                      "broadphase's written",
                      d->name, k);
            written_on_refusal += !all_bytes(got, (n + 1) * sizeof *got, FILL);
            refused_broadphase++;
        }
        f->fail_at = -1;
        cr_assert_eq(f->live, live, "%s: %d blocks leaked", d->name, f->live - live);
        if (st == SEPAX_OK && refused_group && k > 8)
            break;
    }
    /* the grouping's scratch, and the broadphase's and the grouping's */
    cr_assert_geq(refused_group, 1, "%s", d->name);
    cr_assert_geq(refused_broadphase, 2, "%s", d->name);
    if (written_on_refusal)
        cr_log_info("%s broadphase_grouped: %d refusals left the broadphase's pairs written",
                    d->name, written_on_refusal);
    grouping_free(&g);
    free(plain), free(got), free(from);
}

Test(groups, out_of_memory_3d)
{
    failing_alloc f = {-1, 0, 0};
    const sepax_allocator hooks = failing_alloc_hooks(&f);
    sepax3_store_options o = sepax3_store_options_default();
    o.allocator = &hooks;
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(&o, &s), SEPAX_OK);
    sepax_scene3_params p = sepax_scene3_params_mixed();
    p.shapes = 200, p.seed = 33, p.hull_min_points = 6, p.hull_max_points = 12;
    sepax_scene3 scene;
    cr_assert_eq(sepax_scene3_generate(&p, &scene), 0);
    cr_assert_eq(sepax_scene3_load(&scene, s, NULL, NULL), 0u);
    out_of_memory_checked(&D3, s, &f);
    sepax_scene3_free(&scene);
    sepax3_store_destroy(s);
    cr_assert_eq(f.live, 0);
}

Test(groups, out_of_memory_2d)
{
    failing_alloc f = {-1, 0, 0};
    const sepax_allocator hooks = failing_alloc_hooks(&f);
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &hooks;
    sepax_store *s;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    sepax_scene_params p = sepax_scene_params_mixed_kinds();
    p.shapes = 400, p.seed = 34;
    sepax_scene scene;
    cr_assert_eq(sepax_scene_generate(&p, &scene), 0);
    cr_assert_eq(sepax_scene_load(&scene, s, NULL, NULL), 0u);
    out_of_memory_checked(&D2, s, &f);
    sepax_scene_free(&scene);
    sepax_store_destroy(s);
    cr_assert_eq(f.live, 0);
}

/* ---- stores of one group ---- */

/* A store whose kinds leave one group (boxes in 3D; plain polygons, or
 * circles, in 2D) groups without looking at a pair, and its grouped
 * calls may skip the per-pair check when the list claims that group
 * alone; so the list must come back whole in that group, and a list that
 * claims another group for some pairs must still be refused. */
static void single_checked(const dim *d, void *s, const sepax_pair *pairs, size_t n,
                           uint32_t single)
{
    grouping g;
    group_checked(d, s, pairs, n, &g);
    for (uint32_t k = 0; k <= d->groups; k++)
        cr_assert_eq(g.starts[k], k <= single ? 0u : n, "%s: starts[%u] %zu", d->name, k,
                     g.starts[k]);
    for (size_t k = 0; k < n; k++)
        cr_assert_eq(g.from[k], k, "%s", d->name);
    (void)every_backend(d, s, &g);

    /* from w on in the next group (the one before, for the last) */
    const uint32_t other = single + 1 < d->groups ? single + 1 : single - 1;
    const size_t w = n / 2 + 1;
    size_t starts[STARTS];
    memcpy(starts, g.starts, sizeof starts);
    if (other > single)
        starts[other] = w;
    else
        starts[single] = w;
    const size_t want = other > single ? w : 0;
    unsigned char *out = must(malloc(n * d->hit_size + 1));
    memset(out, FILL, n * d->hit_size);
    size_t bad = 0, count = 7;
    cr_assert_eq(d->collide_grouped(s, pairs, starts, out, &bad), SEPAX_ERR_BAD_PAIR, "%s",
                 d->name);
    cr_assert_eq(bad, want, "%s: bad index %zu, want %zu", d->name, bad, want);
    bad = 0;
    cr_assert_eq(d->hits_grouped(s, pairs, starts, out, n, &count, &bad), SEPAX_ERR_BAD_PAIR,
                 "%s", d->name);
    cr_assert(bad == want && count == 0, "%s: bad index %zu, want %zu", d->name, bad, want);
    /* every pair claimed for the other group */
    for (uint32_t k = 0; k <= d->groups; k++)
        starts[k] = k <= other ? 0 : n;
    bad = 7;
    cr_assert_eq(d->collide_grouped(s, pairs, starts, out, &bad), SEPAX_ERR_BAD_PAIR, "%s",
                 d->name);
    cr_assert_eq(bad, 0u, "%s", d->name);
    cr_assert(all_bytes(out, n * d->hit_size, FILL), "%s: a refusal wrote", d->name);
    free(out);
    grouping_free(&g);
}

/* The broadphase's pairs, each also the other way round. */
static sepax_pair *both_ways(const dim *d, const void *s, size_t *count)
{
    size_t n = 0;
    cr_assert_eq(d->broadphase(s, NULL, 0, &n), SEPAX_ERR_CAPACITY, "%s", d->name);
    sepax_pair *p = must(malloc((2 * n + 1) * sizeof *p));
    cr_assert_eq(d->broadphase(s, p, n, &n), SEPAX_OK);
    for (size_t k = 0; k < n; k++)
        p[n + k] = (sepax_pair){p[k].b, p[k].a};
    *count = 2 * n;
    return p;
}

Test(groups, single_group_stores_3d, .timeout = 300)
{
    sepax_scene3_params p = sepax_scene3_params_boxes();
    const size_t scaled = cases_scaled(800u * 1000u) / 1000u;
    p.shapes = scaled < 300 ? 300 : scaled;
    p.seed = 35;
    sepax_scene3 scene;
    cr_assert_eq(sepax_scene3_generate(&p, &scene), 0);
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    sepax_shape_id *ids = must(malloc(p.shapes * sizeof *ids));
    cr_assert_eq(sepax_scene3_load(&scene, s, ids, NULL), 0u);
    size_t n = 0;
    sepax_pair *pairs = both_ways(&D3, s, &n);
    single_checked(&D3, s, pairs, n, SEPAX3_GROUP_BOX_BOX);
    size_t per_group[STARTS] = {0};
    broadphase_grouped_checked(&D3, s, per_group);
    cr_assert_eq(per_group[SEPAX3_GROUP_BOX_BOX], n / 2);

    /* each other kind added in turn, on the first box: the store leaves
     * one group no more, and its pairs with boxes go to their class */
    sepax3_vec lo, hi;
    cr_assert_eq(sepax3_shape_aabb(s, ids[0], &lo, &hi), SEPAX_OK);
    const sepax3_vec c = {(lo.x + hi.x) / 2, (lo.y + hi.y) / 2, (lo.z + hi.z) / 2};
    const sepax3_vec tet[4] = {{c.x, c.y, c.z}, {c.x + 1, c.y, c.z}, {c.x, c.y + 1, c.z},
                               {c.x, c.y, c.z + 1}};
    const sepax3_pair_group want[3] = {SEPAX3_GROUP_BOX_SPHERE, SEPAX3_GROUP_BOX_HULL,
                                       SEPAX3_GROUP_BOX_CAPSULE};
    for (int k = 0; k < 3; k++) {
        sepax_shape_id x = 0;
        if (k == 0)
            cr_assert_eq(sepax3_add_sphere(s, c, 0.5f, &x), SEPAX_OK);
        else if (k == 1)
            cr_assert_eq(sepax3_add_hull(s, tet, 4, &x), SEPAX_OK);
        else
            cr_assert_eq(sepax3_add_capsule(s, c, (sepax3_vec){c.x + 1, c.y, c.z}, 0.3f, &x),
                         SEPAX_OK);
        cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
        size_t m = 0;
        sepax_pair *mixed = both_ways(&D3, s, &m);
        grouping g;
        group_checked(&D3, s, mixed, m, &g);
        cr_assert_gt(g.starts[want[k] + 1], g.starts[want[k]], "kind %d: no pair in group %d", k,
                     (int)want[k]);
        (void)every_backend(&D3, s, &g);
        /* the boxes' list, grouped while the store held boxes only, is
         * still grouped */
        sepax3_result *r = must(malloc(n * sizeof *r));
        size_t starts[STARTS];
        for (uint32_t j = 0; j <= SEPAX3_PAIR_GROUPS; j++)
            starts[j] = j == 0 ? 0 : n;
        cr_assert_eq(sepax3_collide_grouped(s, pairs, starts, r, NULL), SEPAX_OK);
        /* and the new pairs claimed for the box group are refused */
        const size_t at = g.starts[want[k]];
        for (uint32_t j = 0; j <= SEPAX3_PAIR_GROUPS; j++)
            starts[j] = j == 0 ? 0 : m;
        size_t bad = 0;
        cr_assert_eq(sepax3_collide_grouped(s, g.grouped, starts, r, &bad), SEPAX_ERR_BAD_PAIR);
        cr_assert_eq(bad, at, "kind %d: bad index %zu, want %zu", k, bad, at);
        free(r);
        grouping_free(&g);
        free(mixed);
        cr_assert_eq(sepax3_remove(s, x), SEPAX_OK);
        /* boxes alone again */
        single_checked(&D3, s, pairs, n, SEPAX3_GROUP_BOX_BOX);
    }
    free(pairs), free(ids);
    sepax3_store_destroy(s);
    sepax_scene3_free(&scene);
}

/* A 2D scene of plain polygons (3 to 12 vertices, and boxes) or of
 * circles. */
static sepax_store *scene2_single(sepax_scene *scene, int circles, uint64_t seed)
{
    sepax_scene_params p = circles ? sepax_scene_params_circles() : sepax_scene_params_default();
    p.shapes = cases_scaled(2000);
    p.seed = seed;
    if (!circles) {
        p.max_vertices = 12;
        p.max_vertices_share = 0.2;
        p.box_share = 0.3;
    }
    cr_assert_eq(sepax_scene_generate(&p, scene), 0);
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax_scene_load(scene, s, NULL, NULL), 0u);
    return s;
}

Test(groups, single_group_stores_2d, .timeout = 300)
{
    for (int circles = 0; circles < 2; circles++) {
        sepax_scene scene;
        sepax_store *s = scene2_single(&scene, circles, 36 + (uint64_t)circles);
        const uint32_t single = circles ? 1u : 0u;
        size_t n = 0;
        sepax_pair *pairs = both_ways(&D2, s, &n);
        single_checked(&D2, s, pairs, n, single);
        size_t per_group[STARTS] = {0};
        broadphase_grouped_checked(&D2, s, per_group);
        cr_assert_eq(per_group[single], n / 2);

        /* one shape of another kind at a time, at the first shape (to
         * the polygons a circle, a segment, a capsule, rounded polygons
         * of 4 and 10 vertices; to the circles plain polygons of 5 and
         * 10 instead of the circle and the 10): its pairs go where the
         * rule says; removed, it leaves a store of one group again */
        sepax_shape_id first = 0;
        cr_assert_eq(sepax_shape_id_of_slot(s, 0, &first), SEPAX_OK);
        sepax_vec2 lo, hi;
        cr_assert_eq(sepax_shape_aabb(s, first, &lo, &hi), SEPAX_OK);
        const float cx = (lo.x + hi.x) / 2, cy = (lo.y + hi.y) / 2;
        for (int k = 0; k < 5; k++) {
            sepax_shape_id x = 0;
            if (k == 0 && circles)
                x = regular(s, 5, cx, cy, 0.5f, 0);
            else if (k == 0)
                cr_assert_eq(sepax_add_circle(s, (sepax_vec2){cx, cy}, 0.4f, &x), SEPAX_OK);
            else if (k == 1)
                cr_assert_eq(sepax_add_segment(s, (sepax_vec2){cx - 1, cy},
                                               (sepax_vec2){cx + 1, cy}, &x),
                             SEPAX_OK);
            else if (k == 2)
                cr_assert_eq(sepax_add_capsule(s, (sepax_vec2){cx, cy - 1},
                                               (sepax_vec2){cx, cy + 1}, 0.2f, &x),
                             SEPAX_OK);
            else if (k == 3)
                x = regular(s, 4, cx, cy, 0.6f, 0.1f);
            else
                x = regular(s, 10, cx, cy, 0.6f, circles ? 0.0f : 0.1f);
            cr_assert_eq(sepax_update_world(s), SEPAX_OK);
            size_t m = 0;
            sepax_pair *mixed = both_ways(&D2, s, &m);
            grouping g;
            group_checked(&D2, s, mixed, m, &g);
            size_t new_pairs = 0;
            for (size_t i = 0; i < m; i++) {
                const uint32_t want = rule2(s, g.grouped[i]);
                cr_assert(g.starts[want] <= i && i < g.starts[want + 1],
                          "kind %d: pair %zu not in group %u, the rule's", k, i, want);
                new_pairs += g.grouped[i].a == x || g.grouped[i].b == x;
            }
            cr_assert_gt(new_pairs, 0u, "kind %d meets nothing", k);
            (void)every_backend(&D2, s, &g);
            /* the old list claimed for the store's one group is still
             * right; the new pairs claimed for it are refused */
            sepax_result *r = must(malloc(m * sizeof *r));
            size_t starts[STARTS], bad = 0;
            for (uint32_t j = 0; j <= SEPAX_PAIR_GROUPS; j++)
                starts[j] = j <= single ? 0 : n;
            cr_assert_eq(sepax_collide_grouped(s, pairs, starts, r, NULL), SEPAX_OK);
            sepax_pair *claimed = must(malloc((n + 1) * sizeof *claimed));
            memcpy(claimed, pairs, n * sizeof *claimed);
            size_t where = n / 3;
            for (size_t i = 0; i < m; i++) {
                if (mixed[i].a == x || mixed[i].b == x) {
                    claimed[where] = mixed[i];
                    break;
                }
            }
            cr_assert_eq(sepax_collide_grouped(s, claimed, starts, r, &bad), SEPAX_ERR_BAD_PAIR,
                         "kind %d", k);
            cr_assert_eq(bad, where, "kind %d: bad index %zu, want %zu", k, bad, where);
            free(claimed), free(r), free(mixed);
            grouping_free(&g);
            cr_assert_eq(sepax_remove(s, x), SEPAX_OK);
            single_checked(&D2, s, pairs, n, single);
        }
        free(pairs);
        sepax_store_destroy(s);
        sepax_scene_free(&scene);
    }
}
