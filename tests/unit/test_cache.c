/* sepax_collide_hits_cached (src/2d/cache.c): the cache may only cost time.
 * Over long random drifts of every kind of shape, on every backend, with
 * caches carried from step to step, refilled with random bytes, or swapped
 * between pairs, its hits are byte for byte sepax_collide_hits'; the caches
 * it leaves are the same on every backend; and on pairs that stay apart it
 * really skips the full test (the internal filter is asked directly). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "2d/cache.h"
#include "2d/store.h"
#include "common/motion.h"
#include "common/pairs.h"
#include "support/cases.h"
#include "scene.h"
#include "sepax/sepax.h"
#include "support/backends.h"
#include "support/round_store.h"

/* A scene whose shapes drift: small random steps and turns from a start
 * pose, the pair list fixed at the start (the broadphase's pairs, then as
 * many again of random far pairs). */
typedef struct drift {
    sepax_scene scene;
    sepax_store *s;
    sepax_shape_id *ids;
    size_t n;
    sepax_transform *start, *xf;
    float *angle;
    sepax_pair *pairs;
    size_t count;
} drift;

static void *must(void *p)
{
    cr_assert_not_null(p);
    return p;
}

static void drift_build(drift *d, sepax_scene_params p, size_t shapes, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    /* at least 300 shapes when SEPAX_TEST_SCALE shrinks the run */
    const size_t scaled = cases_scaled(shapes * 1000u) / 1000u;
    p.shapes = shapes = scaled < 300 ? 300 : scaled;
    p.seed = seed;
    cr_assert_eq(sepax_scene_generate(&p, &d->scene), 0);
    d->s = scalar_store();
    d->n = shapes;
    d->ids = must(malloc(shapes * sizeof *d->ids));
    cr_assert_eq(sepax_scene_load(&d->scene, d->s, d->ids, NULL), 0);
    d->start = must(malloc(shapes * sizeof *d->start));
    d->xf = must(malloc(shapes * sizeof *d->xf));
    d->angle = must(calloc(shapes, sizeof *d->angle));
    for (size_t i = 0; i < shapes; i++)
        cr_assert_eq(sepax_shape_transform(d->s, d->ids[i], &d->start[i]), SEPAX_OK);
    size_t found = 0;
    cr_assert_eq(sepax_broadphase(d->s, NULL, 0, &found), SEPAX_ERR_CAPACITY);
    d->pairs = must(malloc(2 * found * sizeof *d->pairs));
    cr_assert_eq(sepax_broadphase(d->s, d->pairs, found, &d->count), SEPAX_OK);
    cases_rng g;
    cases_rng_seed(&g, seed ^ 0x5eedu);
    for (size_t k = 0; k < found; k++) {
        const size_t i = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        const size_t j = (i + 1 + (size_t)cases_rng_int(&g, 0, (int)shapes - 2)) % shapes;
        sepax_pair q = {d->ids[i], d->ids[j]};
        d->pairs[d->count++] = q;
    }
}

static void drift_free(drift *d)
{
    sepax_store_destroy(d->s);
    sepax_scene_free(&d->scene);
    free(d->ids), free(d->start), free(d->xf), free(d->angle), free(d->pairs);
}

/* Back to the start pose. */
static void drift_reset(drift *d)
{
    memcpy(d->xf, d->start, d->n * sizeof *d->xf);
    memset(d->angle, 0, d->n * sizeof *d->angle);
    cr_assert_eq(sepax_set_transforms(d->s, d->ids, d->xf, d->n), SEPAX_OK);
}

/* Every shape steps by up to `step` along each axis and turns by up to
 * 0.05 rad. */
static void drift_step(drift *d, cases_rng *g, double step)
{
    for (size_t i = 0; i < d->n; i++) {
        d->angle[i] += (float)cases_rng_range(g, -0.05, 0.05);
        const float x = d->xf[i].p.x + (float)cases_rng_range(g, -step, step);
        const float y = d->xf[i].p.y + (float)cases_rng_range(g, -step, step);
        const sepax_transform t = sepax_transform_make(x, y, 0.0f);
        const float c = cosf(d->angle[i]), s = sinf(d->angle[i]);
        /* turn the start rotation by the drifted angle */
        d->xf[i].p = t.p;
        d->xf[i].q.c = d->start[i].q.c * c - d->start[i].q.s * s;
        d->xf[i].q.s = d->start[i].q.s * c + d->start[i].q.c * s;
        const float len = sqrtf(d->xf[i].q.c * d->xf[i].q.c + d->xf[i].q.s * d->xf[i].q.s);
        d->xf[i].q.c /= len, d->xf[i].q.s /= len;
    }
    cr_assert_eq(sepax_set_transforms(d->s, d->ids, d->xf, d->n), SEPAX_OK);
}

/* Steps and shapes shrink with SEPAX_TEST_SCALE (the sanitizer and
 * valgrind runs), to at least three steps: skips are counted from the
 * second. */
static int scaled_steps(int n)
{
    const size_t m = cases_scaled((size_t)n * 1000u) / 1000u;
    return m < 3 ? 3 : (int)m;
}

/* How the caches are treated between steps. */
enum { KEEP, RANDOM_BYTES, SWAPPED };

typedef struct drift_report {
    size_t steps, hits, apart, skipped, moved; /* skipped: of the apart pairs, on steps after the first */
} drift_report;

/* Run `steps` steps on the store's backend from the start pose, caches
 * zeroed first; at every step the cached call must give the uncached
 * call's bytes. The final caches are left in caches. */
static drift_report drift_run(drift *d, int steps, int mode, uint64_t seed,
                              sepax_pair_cache *caches, sepax_pair_motion *motions)
{
    drift_report rep = {0, 0, 0, 0, 0};
    const size_t n = d->count;
    sepax_hit *want = must(malloc(n * sizeof *want)), *got = must(malloc(n * sizeof *got));
    sepax_pair *live = must(malloc(SEPAX_HIT_CHUNK * sizeof *live));
    uint16_t at[SEPAX_HIT_CHUNK];
    memset(caches, 0, n * sizeof *caches);
    if (motions)
        memset(motions, 0, n * sizeof *motions);
    cases_rng g;
    cases_rng_seed(&g, seed);
    drift_reset(d);
    const sepax_columns cols = sepax_store_columns(d->s);
    for (int step = 0; step < steps; step++) {
        if (mode == RANDOM_BYTES)
            cases_fill_bytes(&g, caches, n * sizeof *caches);
        if (mode == SWAPPED)
            cases_shuffle(&g, caches, n, sizeof *caches);
        if (motions && mode == RANDOM_BYTES)
            cases_fill_bytes(&g, motions, n * sizeof *motions);
        if (motions && mode == SWAPPED)
            cases_shuffle(&g, motions, n, sizeof *motions);
        if (motions && step > 0)
            for (size_t k = 0; k < n; k++)
                rep.moved += (size_t)sepax_motion_apart(&d->s->core, d->pairs[k], motions + k);
        size_t nw = 0, ng = 0;
        cr_assert_eq(sepax_collide_hits(d->s, d->pairs, n, want, n, &nw, NULL), SEPAX_OK);
        /* what the filter would skip, before the call refreshes anything */
        if (step > 0)
            for (size_t base = 0; base < n; base += SEPAX_HIT_CHUNK) {
                const size_t m = n - base < SEPAX_HIT_CHUNK ? n - base : SEPAX_HIT_CHUNK;
                rep.skipped += m - sepax_cache_filter(&cols, d->pairs + base, m, caches + base,
                                                      d->s->round_live == 0,
                                                      d->s->kernels->cache_plain, live, at);
            }
        if (motions)
            cr_assert_eq(sepax_collide_hits_tracked(d->s, d->pairs, n, caches, motions, got, n,
                                                    &ng, NULL),
                         SEPAX_OK);
        else
            cr_assert_eq(sepax_collide_hits_cached(d->s, d->pairs, n, caches, got, n, &ng, NULL),
                         SEPAX_OK);
        cr_assert_eq(ng, nw, "step %d: %zu hits cached, %zu uncached", step, ng, nw);
        for (size_t k = 0; k < nw; k++)
            cr_assert(memcmp(&got[k], &want[k], sizeof *got) == 0,
                      "step %d: hit %zu (pair %u) differs from the uncached call's", step, k,
                      (unsigned)want[k].pair);
        rep.hits += nw;
        if (step > 0)
            rep.apart += n - nw;
        rep.steps++;
        drift_step(d, &g, 0.02);
    }
    free(want), free(got), free(live);
    return rep;
}

/* Every backend, scalar first: cached hits equal uncached ones at every
 * step, and the caches left at the end equal scalar's. */
/* The gap and levers of a motion record: the bytes that depend on the
 * pair's shapes and poses alone (the tag and sums depend on the store's
 * key and on every transform it has been given). */
enum { MOTION_GAP_AT = 32 };

static drift_report drift_every_backend(drift *d, int steps, int mode, const char *what,
                                        int tracked)
{
    const size_t n = d->count;
    sepax_pair_cache *want = must(malloc(n * sizeof *want)), *got = must(malloc(n * sizeof *got));
    sepax_pair_motion *mw = tracked ? must(malloc(n * sizeof *mw)) : NULL;
    sepax_pair_motion *mg = tracked ? must(malloc(n * sizeof *mg)) : NULL;
    cr_assert_eq(sepax_store_set_backend(d->s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    steps = scaled_steps(steps);
    const drift_report rep = drift_run(d, steps, mode, 99, want, mw);
    sepax_backend others[SEPAX_BACKEND_COUNT];
    const size_t k = backends_others(others);
    for (size_t b = 0; b < k; b++) {
        cr_assert_eq(sepax_store_set_backend(d->s, others[b]), SEPAX_OK);
        (void)drift_run(d, steps, mode, 99, got, mg);
        for (size_t i = 0; i < n; i++) {
            cr_assert(memcmp(&got[i], &want[i], sizeof *got) == 0,
                      "%s: %s leaves pair %zu's cache unlike scalar's", what,
                      sepax_backend_name(others[b]), i);
            if (tracked)
                cr_assert(memcmp(mg[i].bytes + MOTION_GAP_AT, mw[i].bytes + MOTION_GAP_AT,
                                 sizeof mw[i].bytes - MOTION_GAP_AT) == 0,
                          "%s: %s leaves pair %zu's motion gap unlike scalar's", what,
                          sepax_backend_name(others[b]), i);
        }
    }
    cr_assert_eq(sepax_store_set_backend(d->s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_log_info("%s%s: %zu backends besides scalar, %zu steps, %zu hits, %zu of %zu apart pairs "
                "skipped after the first step, %zu by the motion tier",
                what, tracked ? " (tracked)" : "", k, rep.steps, rep.hits, rep.skipped, rep.apart,
                rep.moved);
    free(want), free(got), free(mw), free(mg);
    return rep;
}

/* A drift on every backend, where the cache must also earn its keep:
 * most pairs that stay apart are settled by their cached axis (measured:
 * above 90%). */
static void drift_skips_most(sepax_scene_params p, uint64_t seed, const char *what)
{
    drift d;
    drift_build(&d, p, 1500, seed);
    const drift_report rep = drift_every_backend(&d, 24, KEEP, what, 0);
    cr_assert_gt(rep.skipped, rep.apart * 3 / 4, "%s: %zu of %zu apart pairs skipped", what,
                 rep.skipped, rep.apart);
    drift_free(&d);
}

Test(cache, mixed_kinds_drift_every_backend)
{
    drift_skips_most(sepax_scene_params_mixed_kinds(), 7, "mixed_kinds");
}

Test(cache, polygons_drift_every_backend)
{
    drift_skips_most(sepax_scene_params_default(), 8, "mix");
}

Test(cache, circles_drift_every_backend)
{
    drift d;
    drift_build(&d, sepax_scene_params_circles(), 1500, 9);
    const drift_report rep = drift_every_backend(&d, 12, KEEP, "circles", 0);
    /* two circles need no cache: every apart pair is settled at once */
    cr_assert_eq(rep.skipped, rep.apart);
    drift_free(&d);
}

Test(cache, random_bytes_change_nothing)
{
    drift d;
    drift_build(&d, sepax_scene_params_mixed_kinds(), 1500, 10);
    (void)drift_every_backend(&d, 12, RANDOM_BYTES, "random caches", 0);
    drift_free(&d);
}

Test(cache, other_pairs_caches_change_nothing)
{
    drift d;
    drift_build(&d, sepax_scene_params_mixed_kinds(), 1500, 11);
    (void)drift_every_backend(&d, 12, SWAPPED, "swapped caches", 0);
    drift_free(&d);
}

/* The tracked call (sepax_collide_hits_tracked) over the same drifts:
 * the motion tier may only cost time too, whatever its records hold. */
static drift_report tracked_drift(sepax_scene_params p, uint64_t seed, int mode, const char *what)
{
    drift d;
    drift_build(&d, p, 1500, seed);
    const drift_report rep = drift_every_backend(&d, 16, mode, what, 1);
    drift_free(&d);
    return rep;
}

Test(cache, tracked_mixed_kinds_drift_every_backend)
{
    const drift_report rep = tracked_drift(sepax_scene_params_mixed_kinds(), 7, KEEP, "mixed_kinds");
    cr_assert_gt(rep.moved, 0u);
}

Test(cache, tracked_polygons_drift_every_backend)
{
    const drift_report rep = tracked_drift(sepax_scene_params_default(), 8, KEEP, "mix");
    cr_assert_gt(rep.moved, 0u);
}

Test(cache, tracked_circles_drift_every_backend)
{
    const drift_report rep = tracked_drift(sepax_scene_params_circles(), 9, KEEP, "circles");
    cr_assert_gt(rep.moved, 0u);
}

Test(cache, tracked_random_bytes_change_nothing)
{
    const drift_report rep =
        tracked_drift(sepax_scene_params_mixed_kinds(), 10, RANDOM_BYTES, "random records");
    /* a random record passes its tag with chance 2^-64 */
    cr_assert_eq(rep.moved, 0u);
}

Test(cache, tracked_other_pairs_records_change_nothing)
{
    (void)tracked_drift(sepax_scene_params_mixed_kinds(), 11, SWAPPED, "swapped records");
}

/* The filter on one pair with the given cache: 1 when it skips it. */
static int skips(sepax_store *s, sepax_shape_id a, sepax_shape_id b, const sepax_pair_cache *c)
{
    const sepax_columns cols = sepax_store_columns(s);
    const sepax_pair p = {a, b};
    sepax_pair live[1];
    uint16_t at[1];
    return sepax_cache_filter(&cols, &p, 1, c, s->round_live == 0, s->kernels->cache_plain, live,
                              at) == 0;
}

/* One cached call on one pair; returns the hit count. */
static size_t cached_call(sepax_store *s, sepax_shape_id a, sepax_shape_id b, sepax_pair_cache *c)
{
    const sepax_pair p = {a, b};
    sepax_hit hit;
    size_t n = 9;
    cr_assert_eq(sepax_collide_hits_cached(s, &p, 1, c, &hit, 1, &n, NULL), SEPAX_OK);
    return n;
}

static void move(sepax_store *s, sepax_shape_id id, float x, float y, float angle)
{
    const sepax_transform t = sepax_transform_make(x, y, angle);
    cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
}

Test(cache, two_boxes_apart_skip_once_cached)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_box(s, 0, 0, 1, 1), b = add_box(s, 0, 0, 1, 1);
    move(s, b, 3.0f, 0.5f, 0.1f); /* apart by about 0.9 along x */
    sepax_pair_cache c;
    memset(&c, 0, sizeof c);
    cr_assert_not(skips(s, a, b, &c), "an empty cache skips nothing");
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    cr_assert_neq(c.bytes[0], 0, "the full test filled the cache");
    move(s, b, 2.9f, 0.45f, 0.12f);
    cr_assert(skips(s, a, b, &c), "still apart along the cached face");
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    move(s, b, 1.5f, 0.0f, 0.0f); /* now overlapping by 0.5 */
    cr_assert_not(skips(s, a, b, &c));
    cr_assert_eq(cached_call(s, a, b, &c), 1u);
    sepax_store_destroy(s);
}

/* A circle off a box's corner: no face of the box clears the radius
 * (face gap 0.25 < r = 0.3) while the shapes are 0.354 - 0.3 = 0.054
 * apart, so only the cached direction can settle it. */
Test(cache, circle_off_a_corner_needs_the_direction)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_box(s, 0, 0, 1, 1), b = add_circle(s, 1.25f, 1.25f, 0.3f);
    sepax_pair_cache c;
    memset(&c, 0, sizeof c);
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    cr_assert(skips(s, a, b, &c));
    sepax_pair_cache face_only = c;
    face_only.bytes[0] &= (uint8_t)~4u; /* drop the direction */
    cr_assert_not(skips(s, a, b, &face_only), "the face alone does not clear the radius");
    /* 2e-5 apart (about 20 ulps) at coordinates about 10: inside the
     * tolerance (about 1.7e-4 here), so the full test runs, and finds no
     * hit */
    move(s, a, 10.0f, 10.0f, 0.0f);
    const float centre = 11.0f + (0.3f + 2e-5f) / sqrtf(2.0f);
    move(s, b, centre - 1.25f, centre - 1.25f, 0.0f);
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    cr_assert_not(skips(s, a, b, &c), "a pair about to touch takes the full test");
    sepax_store_destroy(s);
}

/* Shapes so small that the closest-pair distance squares to zero: a box
 * of half-size 1e-30 and a circle of radius 1e-40 (subnormal) 1e-24
 * above its top face. The kernels count such close points as coincident
 * (sepax_apart), separation 0 - r: a hit. The box's top face separates
 * the cores by 1e-24, far more than r plus the relative tolerance (about
 * 1.5e-29 here), so without the 2^-60 gap floor the cache would have
 * called the pair apart. */
Test(cache, gap_below_the_floor_takes_the_full_test)
{
    sepax_store *s = scalar_store();
    const float h = 1e-30f, r = 1e-40f;
    const sepax_shape_id a = add_box(s, 0, 0, h, h), b = add_circle(s, 0, h + 1e-24f, r);
    const sepax_pair p = {a, b};
    sepax_result res;
    cr_assert_eq(sepax_collide(s, &p, 1, &res, NULL), SEPAX_OK);
    cr_assert(res.flags & SEPAX_HIT, "the kernels count the close points as coincident");
    sepax_pair_cache c;
    memset(&c, 0, sizeof c);
    c.bytes[0] = 1u; /* one of A's faces; the top one separates */
    for (uint8_t face = 0; face < 4u; face++) {
        c.bytes[1] = face;
        cr_assert_not(skips(s, a, b, &c), "face %u", face);
    }
    cr_assert_eq(cached_call(s, a, b, &c), 1u);
    sepax_store_destroy(s);
}

Test(cache, circles_apart_need_no_cache)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_circle(s, 0, 0, 1), b = add_circle(s, 2.5f, 0, 1);
    sepax_pair_cache c;
    memset(&c, 0xA5, sizeof c);
    cr_assert(skips(s, a, b, &c));
    move(s, b, -2.0f, 0.0f, 0.0f); /* (-2.0, 0) + (2.5, 0): 0.5 apart from a's centre */
    cr_assert_not(skips(s, a, b, &c));
    cr_assert_eq(cached_call(s, a, b, &c), 1u);
    sepax_store_destroy(s);
}

Test(cache, bad_input)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_box(s, 0, 0, 1, 1), b = add_box(s, 0.5f, 0, 1, 1),
                         x = add_circle(s, 9, 9, 1);
    cr_assert_eq(sepax_remove(s, x), SEPAX_OK);
    sepax_pair pairs[3] = {{a, b}, {b, a}, {a, x}};
    sepax_pair_cache c[3], before[3];
    memset(c, 0x3C, sizeof c);
    memcpy(before, c, sizeof c);
    sepax_hit hits[3];
    size_t n = 7, bad = 7;
    cr_assert_eq(sepax_collide_hits_cached(s, pairs, 2, NULL, hits, 3, &n, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(n, 0u);
    cr_assert_eq(sepax_collide_hits_cached(s, pairs, 2, c, hits, 3, NULL, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide_hits_cached(NULL, pairs, 2, c, hits, 3, &n, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide_hits_cached(s, pairs, 3, c, hits, 3, &n, &bad),
                 SEPAX_ERR_STALE_ID);
    cr_assert_eq(bad, 2u);
    cr_assert_eq(n, 0u);
    cr_assert(memcmp(c, before, sizeof c) == 0, "a bad pair leaves every cache as it was");
    /* too little room: the count, the first hit, and the same as uncached */
    sepax_hit want[2];
    size_t nw = 0;
    cr_assert_eq(sepax_collide_hits(s, pairs, 2, want, 1, &nw, NULL), SEPAX_ERR_CAPACITY);
    cr_assert_eq(sepax_collide_hits_cached(s, pairs, 2, c, hits, 1, &n, NULL), SEPAX_ERR_CAPACITY);
    cr_assert_eq(n, 2u);
    cr_assert_eq(nw, 2u);
    cr_assert(memcmp(hits, want, sizeof *hits) == 0);
    /* no pairs: no caches needed */
    cr_assert_eq(sepax_collide_hits_cached(s, NULL, 0, NULL, NULL, 0, &n, NULL), SEPAX_OK);
    cr_assert_eq(n, 0u);
    sepax_store_destroy(s);
}
