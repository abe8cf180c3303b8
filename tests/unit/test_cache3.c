/* sepax3_collide_hits_cached (src/3d/cache.c): the cache may only cost
 * time. Over long random drifts of every 3D kind, on every backend, with
 * records carried from step to step, refilled with random bytes, or
 * swapped between pairs, its hits are byte for byte sepax3_collide_hits';
 * the records it leaves are the same on every backend; and on pairs that
 * stay apart it really skips the full test (the internal filter is asked
 * directly). Hand cases: a hull pair apart on a face and on an edge pair,
 * a sphere off a hull's face, and records that name features the shapes
 * do not have. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "3d/cache.h"
#include "common/motion.h"
#include "common/pairs.h"
#include "3d/store.h"
#include "scene3.h"
#include "sepax/sepax3d.h"
#include "support/backends.h"
#include "support/cases.h"

/* A 3D scene whose shapes drift: small random steps and turns from a
 * start pose, the pair list fixed at the start (the broadphase's pairs,
 * then as many again of random far pairs). */
typedef struct drift3 {
    sepax_scene3 scene;
    sepax3_store *s;
    sepax_shape_id *ids;
    size_t n;
    sepax3_transform *start, *xf;
    sepax_pair *pairs;
    size_t count;
} drift3;

static void *must(void *p)
{
    cr_assert_not_null(p);
    return p;
}

static sepax3_store *scalar_store3(void)
{
    sepax3_store *s = NULL;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    return s;
}

static void drift_build(drift3 *d, sepax_scene3_params p, size_t shapes, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    /* at least 300 shapes when SEPAX_TEST_SCALE shrinks the run */
    const size_t scaled = cases_scaled(shapes * 1000u) / 1000u;
    p.shapes = shapes = scaled < 300 ? 300 : scaled;
    p.seed = seed;
    cr_assert_eq(sepax_scene3_generate(&p, &d->scene), 0);
    d->s = scalar_store3();
    d->n = shapes;
    d->ids = must(malloc(shapes * sizeof *d->ids));
    cr_assert_eq(sepax_scene3_load(&d->scene, d->s, d->ids, NULL), 0u);
    d->start = must(malloc(shapes * sizeof *d->start));
    d->xf = must(malloc(shapes * sizeof *d->xf));
    for (size_t i = 0; i < shapes; i++)
        cr_assert_eq(sepax3_shape_transform(d->s, d->ids[i], &d->start[i]), SEPAX_OK);
    cr_assert_eq(sepax3_update_world(d->s), SEPAX_OK);
    size_t found = 0;
    cr_assert_eq(sepax3_broadphase(d->s, NULL, 0, &found), SEPAX_ERR_CAPACITY);
    d->pairs = must(malloc(2 * found * sizeof *d->pairs + sizeof *d->pairs));
    cr_assert_eq(sepax3_broadphase(d->s, d->pairs, found, &d->count), SEPAX_OK);
    cases_rng g;
    cases_rng_seed(&g, seed ^ 0x5eedu);
    for (size_t k = 0; k < found; k++) {
        const size_t i = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        const size_t j = (i + 1 + (size_t)cases_rng_int(&g, 0, (int)shapes - 2)) % shapes;
        const sepax_pair q = {d->ids[i], d->ids[j]};
        d->pairs[d->count++] = q;
    }
}

static void drift_free(drift3 *d)
{
    sepax3_store_destroy(d->s);
    sepax_scene3_free(&d->scene);
    free(d->ids), free(d->start), free(d->xf), free(d->pairs);
}

static void drift_reset(drift3 *d)
{
    memcpy(d->xf, d->start, d->n * sizeof *d->xf);
    cr_assert_eq(sepax3_set_transforms(d->s, d->ids, d->xf, d->n), SEPAX_OK);
    cr_assert_eq(sepax3_update_world(d->s), SEPAX_OK);
}

/* Every shape steps by up to `step` along each axis and turns by up to
 * 0.03 rad about a random axis. */
static void drift_step(drift3 *d, cases_rng *g, double step)
{
    for (size_t i = 0; i < d->n; i++) {
        sepax3_transform *t = &d->xf[i];
        t->p.x += (float)cases_rng_range(g, -step, step);
        t->p.y += (float)cases_rng_range(g, -step, step);
        t->p.z += (float)cases_rng_range(g, -step, step);
        const sepax3_vec axis = {(float)cases_rng_range(g, -1, 1), (float)cases_rng_range(g, -1, 1),
                                 (float)cases_rng_range(g, -1, 1) + 2.0f};
        const sepax3_quat r = sepax3_quat_axis_angle(axis, (float)cases_rng_range(g, -0.03, 0.03));
        const sepax3_quat q = t->q;
        sepax3_quat o = {.x = r.w * q.x + r.x * q.w + r.y * q.z - r.z * q.y,
                         .y = r.w * q.y - r.x * q.z + r.y * q.w + r.z * q.x,
                         .z = r.w * q.z + r.x * q.y - r.y * q.x + r.z * q.w,
                         .w = r.w * q.w - r.x * q.x - r.y * q.y - r.z * q.z};
        const float len = sqrtf(o.x * o.x + o.y * o.y + o.z * o.z + o.w * o.w);
        o.x /= len, o.y /= len, o.z /= len, o.w /= len;
        t->q = o;
    }
    cr_assert_eq(sepax3_set_transforms(d->s, d->ids, d->xf, d->n), SEPAX_OK);
    cr_assert_eq(sepax3_update_world(d->s), SEPAX_OK);
}

static int scaled_steps(int n)
{
    const size_t m = cases_scaled((size_t)n * 1000u) / 1000u;
    return m < 3 ? 3 : (int)m;
}

enum { KEEP, RANDOM_BYTES, SWAPPED };

typedef struct drift_report {
    size_t steps, hits, apart, skipped, moved; /* skipped: of the apart pairs, after the first step */
} drift_report;

static size_t filter_skips(sepax3_store *s, const sepax_pair *pairs, size_t n,
                           const sepax3_pair_cache *caches)
{
    const sepax3_view v = sepax3_store_view(s);
    sepax_pair live[SEPAX_HIT_CHUNK];
    uint16_t at[SEPAX_HIT_CHUNK];
    size_t skipped = 0;
    for (size_t base = 0; base < n; base += SEPAX_HIT_CHUNK) {
        const size_t m = n - base < SEPAX_HIT_CHUNK ? n - base : SEPAX_HIT_CHUNK;
        skipped += m - sepax3_cache_filter(&v, pairs + base, m, caches + base, live, at, NULL);
    }
    return skipped;
}

/* `steps` steps on the store's backend from the start pose, records
 * zeroed first; at every step the cached call must give the uncached
 * call's bytes. The final records are left in caches. */
static drift_report drift_run(drift3 *d, int steps, int mode, uint64_t seed,
                              sepax3_pair_cache *caches, sepax_pair_motion *motions)
{
    drift_report rep = {0, 0, 0, 0, 0};
    const size_t n = d->count;
    sepax3_hit *want = must(malloc(n * sizeof *want)), *got = must(malloc(n * sizeof *got));
    memset(caches, 0, n * sizeof *caches);
    if (motions)
        memset(motions, 0, n * sizeof *motions);
    cases_rng g;
    cases_rng_seed(&g, seed);
    drift_reset(d);
    for (int step = 0; step < steps; step++) {
        if (mode == RANDOM_BYTES)
            for (size_t k = 0; k < n; k++)
                for (size_t b = 0; b < sizeof caches[k].bytes; b++)
                    /* small values half the time, so that tags and
                     * indices in range are common */
                    caches[k].bytes[b] = (uint8_t)(cases_rng_next(&g) >> (b & 1 ? 0 : 5));
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
        cr_assert_eq(sepax3_collide_hits(d->s, d->pairs, n, want, n, &nw, NULL), SEPAX_OK);
        if (step > 0)
            rep.skipped += filter_skips(d->s, d->pairs, n, caches);
        if (motions)
            cr_assert_eq(sepax3_collide_hits_tracked(d->s, d->pairs, n, caches, motions, got, n,
                                                    &ng, NULL),
                         SEPAX_OK);
        else
            cr_assert_eq(sepax3_collide_hits_cached(d->s, d->pairs, n, caches, got, n, &ng, NULL),
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
    free(want), free(got);
    return rep;
}

/* Every backend, scalar first: cached hits equal uncached ones at every
 * step, and the records left at the end equal scalar's. */
/* The gap and levers of a motion record: the bytes that depend on the
 * pair's shapes and poses alone (the tag and sums depend on the store's
 * key and on every transform it has been given). */
enum { MOTION_GAP_AT = 32 };

static drift_report drift_every_backend(drift3 *d, int steps, int mode, const char *what,
                                        int tracked)
{
    const size_t n = d->count;
    sepax3_pair_cache *want = must(malloc(n * sizeof *want)), *got = must(malloc(n * sizeof *got));
    sepax_pair_motion *mw = tracked ? must(malloc(n * sizeof *mw)) : NULL;
    sepax_pair_motion *mg = tracked ? must(malloc(n * sizeof *mg)) : NULL;
    cr_assert_eq(sepax3_store_set_backend(d->s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    steps = scaled_steps(steps);
    const drift_report rep = drift_run(d, steps, mode, 99, want, mw);
    sepax_backend others[SEPAX_BACKEND_COUNT];
    const size_t k = backends_others(others);
    for (size_t b = 0; b < k; b++) {
        cr_assert_eq(sepax3_store_set_backend(d->s, others[b]), SEPAX_OK);
        (void)drift_run(d, steps, mode, 99, got, mg);
        for (size_t i = 0; i < n; i++) {
            cr_assert(memcmp(&got[i], &want[i], sizeof *got) == 0,
                      "%s: %s leaves pair %zu's record unlike scalar's", what,
                      sepax_backend_name(others[b]), i);
            if (tracked)
                cr_assert(memcmp(mg[i].bytes + MOTION_GAP_AT, mw[i].bytes + MOTION_GAP_AT,
                                 sizeof mw[i].bytes - MOTION_GAP_AT) == 0,
                          "%s: %s leaves pair %zu's motion gap unlike scalar's", what,
                          sepax_backend_name(others[b]), i);
        }
    }
    cr_assert_eq(sepax3_store_set_backend(d->s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_log_info("%s%s: %zu backends besides scalar, %zu steps, %zu hits, %zu of %zu apart pairs "
                "skipped after the first step, %zu by the motion tier",
                what, tracked ? " (tracked)" : "", k, rep.steps, rep.hits, rep.skipped, rep.apart,
                rep.moved);
    free(want), free(got), free(mw), free(mg);
    return rep;
}

static sepax_scene3_params small(sepax_scene3_params p)
{
    /* fewer points per hull than the bench's, so that every backend's
     * drift stays quick */
    p.hull_min_points = 6, p.hull_max_points = 16;
    return p;
}

Test(cache3, hulls_drift_every_backend)
{
    drift3 d;
    drift_build(&d, small(sepax_scene3_params_hulls()), 600, 21);
    const drift_report rep = drift_every_backend(&d, 16, KEEP, "hulls", 0);
    /* hull pairs apart stay apart along their face or edge pair: most are
     * settled by the record (measured: above 90%) */
    cr_assert_gt(rep.skipped, rep.apart * 3 / 4, "%zu of %zu apart pairs skipped", rep.skipped,
                 rep.apart);
    drift_free(&d);
}

Test(cache3, mixed_drift_every_backend)
{
    drift3 d;
    drift_build(&d, small(sepax_scene3_params_mixed()), 800, 22);
    const drift_report rep = drift_every_backend(&d, 16, KEEP, "mixed", 0);
    /* the classes a record serves (a hull or capsule against a
     * polyhedron) are about half of mixed3's far pairs */
    cr_assert_gt(rep.skipped, rep.apart / 4, "%zu of %zu apart pairs skipped", rep.skipped,
                 rep.apart);
    drift_free(&d);
}

Test(cache3, random_bytes_change_nothing)
{
    drift3 d;
    drift_build(&d, small(sepax_scene3_params_mixed()), 600, 23);
    (void)drift_every_backend(&d, 8, RANDOM_BYTES, "random records", 0);
    drift_free(&d);
}

Test(cache3, other_pairs_records_change_nothing)
{
    drift3 d;
    drift_build(&d, small(sepax_scene3_params_mixed()), 600, 24);
    (void)drift_every_backend(&d, 8, SWAPPED, "swapped records", 0);
    drift_free(&d);
}

/* The tracked call (sepax3_collide_hits_tracked) over the same drifts:
 * the motion tier may only cost time too, whatever its records hold. */
static drift_report tracked_drift(sepax_scene3_params p, size_t shapes, uint64_t seed, int mode,
                                  const char *what)
{
    drift3 d;
    drift_build(&d, small(p), shapes, seed);
    const drift_report rep = drift_every_backend(&d, 12, mode, what, 1);
    drift_free(&d);
    return rep;
}

Test(cache3, tracked_hulls_drift_every_backend)
{
    const drift_report rep = tracked_drift(sepax_scene3_params_hulls(), 600, 21, KEEP, "hulls");
    cr_assert_gt(rep.moved, 0u);
}

Test(cache3, tracked_mixed_drift_every_backend)
{
    const drift_report rep = tracked_drift(sepax_scene3_params_mixed(), 800, 22, KEEP, "mixed");
    cr_assert_gt(rep.moved, 0u);
}

Test(cache3, tracked_boxes_drift_every_backend)
{
    /* a store of boxes only runs the plain call and leaves every record
     * empty: a box pair's test in lanes costs less than the tier */
    const drift_report rep = tracked_drift(sepax_scene3_params_boxes(), 800, 25, KEEP, "boxes");
    cr_assert_eq(rep.moved, 0u);
}

Test(cache3, tracked_random_bytes_change_nothing)
{
    const drift_report rep =
        tracked_drift(sepax_scene3_params_mixed(), 600, 23, RANDOM_BYTES, "random records");
    cr_assert_eq(rep.moved, 0u);
}

Test(cache3, tracked_other_pairs_records_change_nothing)
{
    (void)tracked_drift(sepax_scene3_params_mixed(), 600, 24, SWAPPED, "swapped records");
}

/* ---- hand cases ---- */

static sepax_shape_id add_box3(sepax3_store *s, float hx, float hy, float hz)
{
    sepax_shape_id id = 0;
    const sepax3_vec c = {0, 0, 0}, h = {hx, hy, hz};
    const sepax3_quat q = {.w = 1};
    cr_assert_eq(sepax3_add_box(s, c, h, q, &id), SEPAX_OK);
    return id;
}

/* the octahedron |x| + |y| + |z| <= 1, a hull of 6 points */
static sepax_shape_id add_octahedron(sepax3_store *s)
{
    const sepax3_vec p[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    sepax_shape_id id = 0;
    cr_assert_eq(sepax3_add_hull(s, p, 6, &id), SEPAX_OK);
    return id;
}

static void place(sepax3_store *s, sepax_shape_id id, float x, float y, float z, sepax3_vec axis,
                  float angle)
{
    const sepax3_transform t = sepax3_transform_make((sepax3_vec){x, y, z}, axis, angle);
    cr_assert_eq(sepax3_set_transforms(s, &id, &t, 1), SEPAX_OK);
    cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
}

static int skips(sepax3_store *s, sepax_shape_id a, sepax_shape_id b, const sepax3_pair_cache *c)
{
    const sepax_pair p = {a, b};
    return filter_skips(s, &p, 1, c) == 1u;
}

static size_t cached_call(sepax3_store *s, sepax_shape_id a, sepax_shape_id b,
                          sepax3_pair_cache *c)
{
    const sepax_pair p = {a, b};
    sepax3_hit hit;
    size_t n = 9;
    cr_assert_eq(sepax3_collide_hits_cached(s, &p, 1, c, &hit, 1, &n, NULL), SEPAX_OK);
    return n;
}

static const sepax3_vec Z = {0, 0, 1};

Test(cache3, hull_apart_on_a_face_skips_once_cached)
{
    sepax3_store *s = scalar_store3();
    const sepax_shape_id a = add_octahedron(s), b = add_octahedron(s);
    /* B's vertex (-1, 0, 0) + (2.6, 0.1, 0.1) against A's face
     * x + y + z <= 1: A's face (1, 1, 1)/sqrt 3 separates them, and so
     * does the centres' direction, the same one, which the kernel tries
     * first; the record keeps A's face, whose test reads less */
    place(s, b, 1.3f, 1.3f, 1.3f, Z, 0.0f);
    sepax3_pair_cache c;
    memset(&c, 0, sizeof c);
    cr_assert_not(skips(s, a, b, &c), "an empty record skips nothing");
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    cr_assert_eq(c.bytes[0], 1, "A's face was cached (tag %u)", c.bytes[0]);
    place(s, b, 1.25f, 1.3f, 1.28f, Z, 0.05f);
    cr_assert(skips(s, a, b, &c), "still apart along the cached face");
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    place(s, b, 0.5f, 0.5f, 0.5f, Z, 0.0f); /* now overlapping */
    cr_assert_not(skips(s, a, b, &c));
    cr_assert_eq(cached_call(s, a, b, &c), 1u);
    sepax3_store_destroy(s);
}

Test(cache3, cubes_apart_on_an_edge_pair_skip_once_cached)
{
    /* Two cubes of half side 1 (hulls of their corners: two boxes would
     * take the box lanes), A turned 45 degrees about z, B 45 degrees about
     * y: A's edge along z at x = sqrt 2 faces B's edge along y. B sits
     * 0.5 off in y and z, so that the centres' direction, tilted by
     * that, leaves no gap and the edge pair answers. */
    sepax3_store *s = scalar_store3();
    const sepax3_vec cube[8] = {{-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1},
                                {-1, -1, 1},  {1, -1, 1},  {-1, 1, 1},  {1, 1, 1}};
    sepax_shape_id a = 0, b = 0;
    cr_assert_eq(sepax3_add_hull(s, cube, 8, &a), SEPAX_OK);
    cr_assert_eq(sepax3_add_hull(s, cube, 8, &b), SEPAX_OK);
    const float r2 = sqrtf(2.0f);
    place(s, a, 0, 0, 0, Z, 0.78539816f);
    /* B turned about y by 45 degrees: its lowest edge runs along y at
     * x = 2 r2 + 0.1 - r2 = r2 + 0.1; A's vertical edge at x = r2: apart
     * by 0.1 along x, edge against edge */
    const sepax3_vec y = {0, 1, 0};
    place(s, b, 2.0f * r2 + 0.1f, 0.5f, 0.5f, y, 0.78539816f);
    sepax3_pair_cache c;
    memset(&c, 0, sizeof c);
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    cr_assert_eq(c.bytes[0], 3, "the edge pair was cached (tag %u)", c.bytes[0]);
    place(s, b, 2.0f * r2 + 0.09f, 0.51f, 0.5f, y, 0.78539816f + 0.01f);
    cr_assert(skips(s, a, b, &c), "still apart along the cached edge pair");
    cr_assert_eq(cached_call(s, a, b, &c), 0u);
    place(s, b, 2.0f * r2 - 0.1f, 0.5f, 0.5f, y, 0.78539816f); /* edges cross by 0.1 */
    cr_assert_not(skips(s, a, b, &c));
    cr_assert_eq(cached_call(s, a, b, &c), 1u);
    sepax3_store_destroy(s);
}

Test(cache3, sphere_off_a_face_and_capsule_off_a_box)
{
    sepax3_store *s = scalar_store3();
    const sepax_shape_id h = add_octahedron(s);
    sepax_shape_id ball = 0, cap = 0;
    const sepax3_vec o = {0, 0, 0}, p1 = {-1, 0, 0}, p2 = {1, 0, 0};
    cr_assert_eq(sepax3_add_sphere(s, o, 0.5f, &ball), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, p1, p2, 0.25f, &cap), SEPAX_OK);
    const sepax_shape_id box = add_box3(s, 1, 1, 1);
    /* the sphere's centre 1.2 / sqrt 3 + 1 / sqrt 3 = 1.27 from the face
     * x + y + z = 1, more than its radius */
    place(s, ball, 0.7f, 0.7f, 0.7f, Z, 0.0f);
    place(s, cap, 0.0f, 0.0f, 1.5f, Z, 0.0f); /* lying along x, 0.25 above the box */
    place(s, box, 10.0f, 0.0f, 0.0f, Z, 0.0f);
    place(s, cap, 10.0f, 0.0f, 1.4f, Z, 0.0f);
    sepax3_pair_cache c[2];
    memset(c, 0, sizeof c);
    cr_assert_eq(cached_call(s, h, ball, &c[0]), 0u);
    cr_assert_eq(c[0].bytes[0], 1, "A's face (tag %u)", c[0].bytes[0]);
    cr_assert(skips(s, h, ball, &c[0]));
    /* the same with the round shape first: the hull's face is B's */
    sepax3_pair_cache t;
    memset(&t, 0, sizeof t);
    cr_assert_eq(cached_call(s, ball, h, &t), 0u);
    cr_assert_eq(t.bytes[0], 2, "B's face (tag %u)", t.bytes[0]);
    cr_assert(skips(s, ball, h, &t));
    cr_assert_eq(cached_call(s, cap, box, &c[1]), 0u);
    cr_assert_eq(c[1].bytes[0], 2);
    cr_assert(skips(s, cap, box, &c[1]));
    place(s, cap, 10.0f, 0.0f, 1.2f, Z, 0.0f); /* 0.05 into the box */
    cr_assert_not(skips(s, cap, box, &c[1]));
    cr_assert_eq(cached_call(s, cap, box, &c[1]), 1u);
    sepax3_store_destroy(s);
}

/* A sphere of radius 0.6 beside an edge of the hull of (+-2, +-1, +-1),
 * centre (2.5, 1.5, 0): no face parts it by its radius, the centres'
 * direction does (gap 0.086, test_hull3's case), and the record is a
 * support record (tag 4), found again at the next call; moved into the
 * edge (0.42 from it) the pair takes its full test and is a hit. */
Test(cache3, sphere_beside_an_edge_keeps_a_support_record)
{
    sepax3_store *s = scalar_store3();
    sepax3_vec p[8];
    for (int j = 0; j < 8; j++)
        p[j] = (sepax3_vec){(j & 1) ? 2.0f : -2.0f, (j & 2) ? 1.0f : -1.0f, (j & 4) ? 1.0f : -1.0f};
    sepax_shape_id h = 0, ball = 0;
    cr_assert_eq(sepax3_add_hull(s, p, 8, &h), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){0, 0, 0}, 0.6f, &ball), SEPAX_OK);
    place(s, ball, 2.5f, 1.5f, 0.0f, Z, 0.0f);
    sepax3_pair_cache c;
    memset(&c, 0, sizeof c);
    cr_assert_eq(cached_call(s, h, ball, &c), 0u);
    cr_assert_eq(c.bytes[0], 4, "a support record (tag %u)", c.bytes[0]);
    cr_assert(skips(s, h, ball, &c), "still apart along the centres' direction");
    place(s, ball, 2.49f, 1.51f, 0.02f, Z, 0.0f);
    cr_assert(skips(s, h, ball, &c), "moved a little, still apart");
    place(s, ball, 2.3f, 1.3f, 0.0f, Z, 0.0f);
    cr_assert_not(skips(s, h, ball, &c));
    cr_assert_eq(cached_call(s, h, ball, &c), 1u);
    sepax3_store_destroy(s);
}

Test(cache3, records_past_the_shapes_counts_take_the_full_test)
{
    sepax3_store *s = scalar_store3();
    const sepax_shape_id a = add_octahedron(s), b = add_octahedron(s);
    sepax_shape_id b1 = add_box3(s, 1, 1, 1), b2 = add_box3(s, 1, 1, 1);
    place(s, b, 5, 5, 5, Z, 0);
    place(s, b2, -5, -5, -5, Z, 0);
    for (unsigned tag = 0; tag < 256; tag++)
        for (unsigned i = 0; i < 256; i += 7) {
            sepax3_pair_cache c;
            memset(&c, 0, sizeof c);
            c.bytes[0] = (uint8_t)tag, c.bytes[1] = (uint8_t)i, c.bytes[2] = (uint8_t)(255 - i);
            /* an octahedron has 8 faces and 12 edges; a support record
             * names no feature, and the centres' direction parts them */
            const int in_range = (tag == 1 && i < 8) || (tag == 2 && 255 - i < 8) ||
                                 (tag == 3 && i < 12 && 255 - i < 12) || tag == 4;
            if (!in_range)
                cr_assert_not(skips(s, a, b, &c), "tag %u, %u, %u", tag, i, 255 - i);
            /* two boxes take their own lanes: never skipped by a record */
            cr_assert_not(skips(s, b1, b2, &c), "boxes: tag %u, %u", tag, i);
        }
    sepax3_store_destroy(s);
}

Test(cache3, bad_input)
{
    sepax3_store *s = scalar_store3();
    const sepax_shape_id a = add_octahedron(s), b = add_octahedron(s);
    const sepax_pair good = {a, b}, bad = {a, a};
    sepax3_pair_cache c;
    memset(&c, 0x5a, sizeof c);
    const sepax3_pair_cache keep = c;
    sepax3_hit hit;
    size_t n = 7, at = 99;
    cr_assert_eq(sepax3_collide_hits_cached(s, &good, 1, NULL, &hit, 1, &n, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(n, 0u);
    cr_assert_eq(sepax3_collide_hits_cached(NULL, &good, 1, &c, &hit, 1, &n, NULL),
                 SEPAX_ERR_NULL);
    cr_assert_eq(sepax3_collide_hits_cached(s, &bad, 1, &c, &hit, 1, &n, &at),
                 SEPAX_ERR_BAD_PAIR);
    cr_assert_eq(at, 0u);
    cr_assert(memcmp(&c, &keep, sizeof c) == 0, "a refused call leaves the record");
    cr_assert_eq(sepax3_collide_hits_cached(s, &good, 0, NULL, NULL, 0, &n, NULL), SEPAX_OK);
    /* overlapping octahedra at the origin: one hit, counted, no room */
    cr_assert_eq(sepax3_collide_hits_cached(s, &good, 1, &c, NULL, 0, &n, NULL),
                 SEPAX_ERR_CAPACITY);
    cr_assert_eq(n, 1u);
    sepax3_store_destroy(s);
}
