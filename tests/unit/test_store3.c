/* The 3D store's API: every refusal with its own status and the store
 * left as it was (its fingerprint through the public calls), allocation
 * failure at every allocation, the broadphase against a brute force, point
 * queries against the oracle. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle3.h"
#include "3d/store.h"
#include "scene3.h"
#include "sepax/sepax3d.h"
#include "support/failing_alloc.h"
#include "support/fingerprint3.h"

static const sepax3_quat ID = {1, 0, 0, 0};

static sepax3_store *small_store(sepax_shape_id ids[3])
{
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){1, 1, 1}, ID, &ids[0]),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){1.5f, 0, 0}, (sepax3_vec){1, 0.5f, 2}, ID, &ids[1]),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){0, 1.5f, 0}, 1, &ids[2]), SEPAX_OK);
    return s;
}

Test(store3, options_and_create)
{
    sepax3_store *s = NULL;
    cr_expect_eq(sepax3_store_create(NULL, NULL), SEPAX_ERR_NULL);
    sepax3_store_options o = sepax3_store_options_default();
    cr_expect_eq(o.size, sizeof o);
    o.size = 3;
    cr_expect_eq(sepax3_store_create(&o, &s), SEPAX_ERR_BAD_OPTIONS);
    cr_expect_null(s);
    const sepax_allocator half = {NULL, NULL, NULL};
    o = sepax3_store_options_default();
    o.allocator = &half;
    cr_expect_eq(sepax3_store_create(&o, &s), SEPAX_ERR_NULL);
    o = (sepax3_store_options)SEPAX3_STORE_OPTIONS_INIT;
    o.initial_shapes = 1000;
    cr_assert_eq(sepax3_store_create(&o, &s), SEPAX_OK);
    cr_expect_eq(sepax3_store_count(s), 0);
    sepax3_store_destroy(s);
    sepax3_store_destroy(NULL);
}

Test(store3, bad_shapes_leave_the_store_as_it_was)
{
    sepax_shape_id ids[3], id = 77;
    sepax3_store *s = small_store(ids);
    const uint64_t before = fingerprint3_store(s);
    const sepax3_vec o = {0, 0, 0}, one = {1, 1, 1};
    const float inf = INFINITY, nan = NAN;
    cr_expect_eq(sepax3_add_box(NULL, o, one, ID, &id), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_add_box(s, o, one, ID, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_add_box(s, (sepax3_vec){nan, 0, 0}, one, ID, &id), SEPAX_ERR_NOT_FINITE);
    cr_expect_eq(sepax3_add_box(s, o, (sepax3_vec){1, inf, 1}, ID, &id), SEPAX_ERR_NOT_FINITE);
    cr_expect_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 2e18f}, one, ID, &id),
                 SEPAX_ERR_OUT_OF_RANGE);
    cr_expect_eq(sepax3_add_box(s, o, (sepax3_vec){1, 0, 1}, ID, &id), SEPAX_ERR_BAD_EXTENT);
    cr_expect_eq(sepax3_add_box(s, o, (sepax3_vec){1, 1, -1}, ID, &id), SEPAX_ERR_BAD_EXTENT);
    cr_expect_eq(sepax3_add_box(s, o, one, (sepax3_quat){1, 0.1f, 0, 0}, &id),
                 SEPAX_ERR_BAD_TRANSFORM);
    cr_expect_eq(sepax3_add_box(s, o, one, (sepax3_quat){0, 0, 0, 0}, &id), SEPAX_ERR_BAD_TRANSFORM);
    cr_expect_eq(sepax3_add_box(s, o, one, (sepax3_quat){nan, 0, 0, 1}, &id), SEPAX_ERR_NOT_FINITE);
    cr_expect_eq(sepax3_add_sphere(s, o, 0, &id), SEPAX_ERR_BAD_RADIUS);
    cr_expect_eq(sepax3_add_sphere(s, o, -1, &id), SEPAX_ERR_BAD_RADIUS);
    cr_expect_eq(sepax3_add_sphere(s, o, nan, &id), SEPAX_ERR_NOT_FINITE);
    cr_expect_eq(sepax3_add_sphere(s, o, 3e18f, &id), SEPAX_ERR_OUT_OF_RANGE);
    cr_expect_eq(sepax3_add_sphere(s, (sepax3_vec){inf, 0, 0}, 1, &id), SEPAX_ERR_NOT_FINITE);
    cr_expect_eq(id, 77, "a failed add wrote an id");
    cr_expect_eq(fingerprint3_store(s), before);
    /* a quaternion just inside the tolerance is taken, and normalised */
    const float q = sqrtf(1.00009f);
    cr_expect_eq(sepax3_add_box(s, o, one, (sepax3_quat){q, 0, 0, 0}, &id), SEPAX_OK);
    sepax3_store_destroy(s);
}

Test(store3, bad_transforms_and_ids)
{
    sepax_shape_id ids[3];
    sepax3_store *s = small_store(ids);
    const uint64_t before = fingerprint3_store(s);
    sepax3_transform t[2] = {sepax3_transform_identity(), sepax3_transform_identity()};
    sepax_shape_id two[2] = {ids[0], ids[1]};
    t[1].p.y = NAN;
    cr_expect_eq(sepax3_set_transforms(s, two, t, 2), SEPAX_ERR_NOT_FINITE);
    t[1] = sepax3_transform_identity();
    t[1].p.x = -1e19f;
    cr_expect_eq(sepax3_set_transforms(s, two, t, 2), SEPAX_ERR_OUT_OF_RANGE);
    t[1] = sepax3_transform_identity();
    t[1].q = (sepax3_quat){0.9f, 0, 0, 0};
    cr_expect_eq(sepax3_set_transforms(s, two, t, 2), SEPAX_ERR_BAD_TRANSFORM);
    t[1] = sepax3_transform_identity();
    two[1] = 12345;
    cr_expect_eq(sepax3_set_transforms(s, two, t, 2), SEPAX_ERR_BAD_ID);
    cr_expect_eq(sepax3_set_transforms(s, NULL, t, 2), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_set_transforms(s, two, NULL, 2), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_set_transforms(s, two, t, SIZE_MAX / 4), SEPAX_ERR_OVERFLOW);
    cr_expect_eq(sepax3_set_transforms(NULL, two, t, 1), SEPAX_ERR_NULL);
    cr_expect_eq(fingerprint3_store(s), before);

    /* a removed shape's id is stale, and nothing else moved */
    cr_assert_eq(sepax3_remove(s, ids[2]), SEPAX_OK);
    cr_expect_eq(sepax3_remove(s, ids[2]), SEPAX_ERR_STALE_ID);
    cr_expect_eq(sepax3_shape_check(s, ids[2]), SEPAX_ERR_STALE_ID);
    cr_expect_eq(sepax3_shape_check(s, 99), SEPAX_ERR_BAD_ID);
    /* slots name their live ids, a freed slot none */
    sepax_shape_id got = 777;
    cr_expect_eq(sepax3_shape_id_of_slot(s, SEPAX_ID_SLOT(ids[0]), &got), SEPAX_OK);
    cr_expect_eq(got, ids[0]);
    cr_expect_eq(sepax3_shape_id_of_slot(s, SEPAX_ID_SLOT(ids[1]), &got), SEPAX_OK);
    cr_expect_eq(got, ids[1]);
    got = 777;
    cr_expect_eq(sepax3_shape_id_of_slot(s, SEPAX_ID_SLOT(ids[2]), &got), SEPAX_ERR_STALE_ID);
    cr_expect_eq(sepax3_shape_id_of_slot(s, sepax3_store_slot_limit(s), &got), SEPAX_ERR_BAD_ID);
    cr_expect_eq(got, 777);
    cr_expect_eq(sepax3_shape_id_of_slot(s, 0, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_shape_id_of_slot(NULL, 0, &got), SEPAX_ERR_NULL);
    sepax3_shape_desc d;
    cr_expect_eq(sepax3_shape_info(s, ids[2], &d), SEPAX_ERR_STALE_ID);
    cr_expect_eq(sepax3_store_count(s), 2);
    sepax3_store_destroy(s);
}

Test(store3, bad_pairs)
{
    sepax_shape_id ids[3];
    sepax3_store *s = small_store(ids);
    sepax_pair p[3] = {{ids[0], ids[1]}, {ids[1], ids[2]}, {ids[2], ids[2]}};
    sepax3_result r[3];
    memset(r, 0xAB, sizeof r);
    size_t bad = 0;
    cr_expect_eq(sepax3_collide(s, p, 3, r, &bad), SEPAX_ERR_BAD_PAIR);
    cr_expect_eq(bad, 2);
    for (size_t k = 0; k < sizeof r; k++)
        cr_assert_eq(((unsigned char *)r)[k], 0xAB, "a refused call wrote results");
    p[2].b = ids[0] | 1u << 24;
    cr_expect_eq(sepax3_collide(s, p, 3, r, &bad), SEPAX_ERR_STALE_ID);
    cr_expect_eq(sepax3_collide(s, NULL, 3, r, &bad), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_collide(s, p, 3, NULL, &bad), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_collide(s, p, SIZE_MAX / 8, r, &bad), SEPAX_ERR_OVERFLOW);
    cr_expect_eq(sepax3_collide(s, p, 0, NULL, NULL), SEPAX_OK);
    size_t hits = 9;
    sepax3_hit h[3];
    cr_expect_eq(sepax3_collide_hits(s, p, 3, h, 3, &hits, &bad), SEPAX_ERR_STALE_ID);
    cr_expect_eq(hits, 0);
    cr_expect_eq(sepax3_collide_hits(s, p, 2, h, 3, NULL, &bad), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_collide_hits(s, p, 2, NULL, 3, &hits, &bad), SEPAX_ERR_NULL);

    /* pairs 0 and 2 hit (box 1 and the ball are 1.118 apart, more than
     * its radius): a capacity of 1 writes the first and says 2 */
    p[2] = (sepax_pair){ids[0], ids[2]};
    cr_expect_eq(sepax3_collide_hits(s, p, 3, h, 1, &hits, NULL), SEPAX_ERR_CAPACITY);
    cr_expect_eq(hits, 2);
    cr_expect_eq(h[0].pair, 0);
    /* no buffer at all: a question about the count, which is still short */
    const sepax_status st = sepax3_collide_hits(s, p, 3, NULL, 0, &hits, NULL);
    cr_expect_eq(st, SEPAX_ERR_CAPACITY, "status %d", st);
    cr_expect_eq(hits, 2, "%zu hits", hits);
    /* the hits are the collide results that hit, in order, byte for byte */
    cr_assert_eq(sepax3_collide(s, p, 3, r, NULL), SEPAX_OK);
    cr_assert_eq(sepax3_collide_hits(s, p, 3, h, 3, &hits, NULL), SEPAX_OK);
    cr_expect_eq(hits, 2);
    cr_expect_eq(h[1].pair, 2);
    for (size_t k = 0; k < hits; k++)
        cr_expect_eq(memcmp(&h[k].result, &r[h[k].pair], sizeof r[0]), 0);
    sepax3_store_destroy(s);
}

Test(store3, every_allocation_can_fail)
{
    for (int k = 0;; k++) {
        failing_alloc f = {k, 0, 0};
        const sepax_allocator a = failing_alloc_hooks(&f);
        sepax3_store_options o = sepax3_store_options_default();
        o.allocator = &a;
        sepax3_store *s = NULL;
        sepax_status st = sepax3_store_create(&o, &s);
        uint64_t before = 0;
        int done = 0;
        if (st == SEPAX_OK) {
            /* grow well past the first block of slots, then the broadphase */
            for (int i = 0; i < 300 && st == SEPAX_OK; i++) {
                before = fingerprint3_store(s);
                sepax_shape_id id;
                st = i % 3 ? sepax3_add_box(s, (sepax3_vec){(float)i, 0, 0}, (sepax3_vec){1, 1, 1},
                                            ID, &id)
                           : sepax3_add_sphere(s, (sepax3_vec){(float)i, 0, 0}, 1, &id);
            }
            if (st == SEPAX_OK) {
                before = fingerprint3_store(s);
                size_t n = 0;
                st = sepax3_broadphase(s, NULL, 0, &n);
                if (st == SEPAX_ERR_CAPACITY)
                    st = SEPAX_OK;
                done = st == SEPAX_OK;
            }
            if (st != SEPAX_OK) {
                cr_expect_eq(st, SEPAX_ERR_OUT_OF_MEMORY, "allocation %d: status %d", k, st);
                cr_expect_eq(fingerprint3_store(s), before, "allocation %d changed the store", k);
            }
            sepax3_store_destroy(s);
        } else {
            cr_expect_eq(st, SEPAX_ERR_OUT_OF_MEMORY);
            cr_expect_null(s);
        }
        cr_expect_eq(f.live, 0, "allocation %d: %d blocks leaked", k, f.live);
        if (done)
            break;
        cr_assert_lt(k, 100, "more allocations than expected");
    }
}

/* The broadphase's pairs are exactly the overlapping boxes (touching
 * counts), each once with a's slot below b's, in a fixed order. */
Test(store3, broadphase_against_brute_force)
{
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cases_rng r;
    cases_rng_seed(&r, 33);
    enum { N = 400 };
    sepax_shape_id ids[N];
    for (int i = 0; i < N; i++) {
        const sepax3_vec at = {(float)cases_rng_range(&r, 0, 12), (float)cases_rng_range(&r, 0, 12),
                               (float)cases_rng_range(&r, 0, 12)};
        if (i % 4 == 0) {
            cr_assert_eq(sepax3_add_sphere(s, at, (float)cases_rng_range(&r, 0.2, 1), &ids[i]),
                         SEPAX_OK);
        } else {
            cr_assert_eq(sepax3_add_box(s, at, (sepax3_vec){1, 0.5f, 0.25f},
                                        sepax3_quat_axis_angle((sepax3_vec){1, 2, 3},
                                                               (float)cases_rng_range(&r, 0, 6)),
                                        &ids[i]),
                         SEPAX_OK);
        }
    }
    /* two boxes that touch exactly */
    sepax_shape_id t0, t1;
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){50, 50, 50}, (sepax3_vec){1, 1, 1}, ID, &t0), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){52, 50, 50}, (sepax3_vec){1, 1, 1}, ID, &t1), SEPAX_OK);
    cr_assert_eq(sepax3_remove(s, ids[7]), SEPAX_OK);
    size_t n = 0;
    const sepax_status st = sepax3_broadphase(s, NULL, 0, &n);
    cr_assert(st == SEPAX_OK || st == SEPAX_ERR_CAPACITY);
    sepax_pair *got = malloc((n + 1) * sizeof *got);
    cr_assert_eq(sepax3_broadphase(s, got, n, &n), SEPAX_OK);
    size_t want = 0, touching = 0;
    const uint32_t limit = sepax3_store_slot_limit(s);
    for (uint32_t a = 0; a < limit; a++)
        for (uint32_t b = a + 1; b < limit; b++) {
            sepax_shape_id ia, ib;
            sepax3_vec la, ha, lb, hb;
            if (sepax3_shape_check(s, a) != SEPAX_OK || sepax3_shape_check(s, b) != SEPAX_OK)
                continue;
            ia = a, ib = b;
            sepax3_shape_aabb(s, ia, &la, &ha);
            sepax3_shape_aabb(s, ib, &lb, &hb);
            if (la.x > hb.x || lb.x > ha.x || la.y > hb.y || lb.y > ha.y || la.z > hb.z ||
                lb.z > ha.z)
                continue;
            want++;
            size_t found = 0;
            for (size_t k = 0; k < n; k++)
                found += got[k].a == ia && got[k].b == ib;
            cr_expect_eq(found, 1, "pair (%u, %u) found %zu times", a, b, found);
            touching += ia == t0 && ib == t1;
        }
    cr_expect_eq(n, want);
    cr_expect_eq(touching, 1, "touching boxes must overlap");
    /* the order is fixed by the store: a second call gives the same list */
    sepax_pair *again = malloc((n + 1) * sizeof *again);
    size_t n2 = 0;
    cr_assert_eq(sepax3_broadphase(s, again, n, &n2), SEPAX_OK);
    cr_expect(n2 == n && memcmp(again, got, n * sizeof *got) == 0, "a second call differs");
    free(again);
    size_t small = 0;
    cr_expect_eq(sepax3_broadphase(s, got, n ? n - 1 : 0, &small), n ? SEPAX_ERR_CAPACITY : SEPAX_OK);
    cr_expect_eq(small, n);
    free(got);
    sepax3_store_destroy(s);
}

Test(store3, point_queries)
{
    sepax_shape_id ids[3];
    sepax3_store *s = small_store(ids);
    cases_rng r;
    cases_rng_seed(&r, 5);
    enum { Q = 3000 };
    sepax3_point_query *q = malloc(Q * sizeof *q);
    uint8_t in[Q];
    for (int i = 0; i < Q; i++) {
        q[i].shape = ids[i % 3];
        q[i].point = (sepax3_vec){(float)cases_rng_range(&r, -3, 3), (float)cases_rng_range(&r, -3, 3),
                                  (float)cases_rng_range(&r, -3, 3)};
    }
    cr_assert_eq(sepax3_query_points(s, q, Q, in, NULL), SEPAX_OK);
    size_t inside = 0;
    for (int i = 0; i < Q; i++) {
        oracle3_shape sh, pt = {0};
        cr_assert(oracle3_from_store(s, q[i].shape, &pt) && oracle3_from_store(s, q[i].shape, &sh));
        pt.sphere = 1;
        pt.r = 0.0;
        pt.c[0] = q[i].point.x, pt.c[1] = q[i].point.y, pt.c[2] = q[i].point.z;
        const double sep = oracle3_separation(&pt, &sh);
        if (fabs(sep) > 1e-5)
            cr_expect_eq(in[i], sep < 0.0, "query %d: %u, oracle %g", i, in[i], sep);
        inside += in[i];
    }
    cr_expect_gt(inside, 50);
    q[5].shape = 4242;
    size_t bad = 0;
    cr_expect_eq(sepax3_query_points(s, q, Q, in, &bad), SEPAX_ERR_BAD_ID);
    cr_expect_eq(bad, 5);
    cr_expect_eq(sepax3_query_points(s, NULL, Q, in, &bad), SEPAX_ERR_NULL);
    free(q);
    sepax3_store_destroy(s);
}

/* sepax3_transform_make is the position and sepax3_quat_axis_angle's
 * rotation; a quarter turn about z carries a box's +x face to +y, as
 * worked by hand (w = cos(pi/4), z = sin(pi/4)). */
Test(store3, transform_make)
{
    const sepax3_vec p = {1.5f, -2.0f, 3.25f}, axis = {0.0f, 0.0f, 2.0f};
    const float angle = 1.5707963267948966f;
    const sepax3_transform t = sepax3_transform_make(p, axis, angle);
    const sepax3_quat q = sepax3_quat_axis_angle(axis, angle);
    cr_expect(t.p.x == p.x && t.p.y == p.y && t.p.z == p.z, "position");
    cr_expect(t.q.w == q.w && t.q.x == q.x && t.q.y == q.y && t.q.z == q.z, "rotation");
    cr_expect(fabsf(t.q.w - 0.70710678f) < 1e-6f && fabsf(t.q.z - 0.70710678f) < 1e-6f &&
                  t.q.x == 0.0f && t.q.y == 0.0f,
              "quarter turn about z: (%g, %g, %g, %g)", t.q.w, t.q.x, t.q.y, t.q.z);
    sepax3_store *s;
    sepax_shape_id id;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){2, 1, 1},
                                (sepax3_quat){1, 0, 0, 0}, &id),
                 SEPAX_OK);
    cr_assert_eq(sepax3_set_transforms(s, &id, &t, 1), SEPAX_OK);
    sepax3_vec lo, hi;
    cr_assert_eq(sepax3_shape_aabb(s, id, &lo, &hi), SEPAX_OK);
    /* half extents (2, 1, 1) turned a quarter about z are (1, 2, 1) */
    cr_expect(fabsf(hi.x - lo.x - 2.0f) < 1e-4f && fabsf(hi.y - lo.y - 4.0f) < 1e-4f &&
                  fabsf(hi.z - lo.z - 2.0f) < 1e-4f,
              "box (%g %g %g)-(%g %g %g)", lo.x, lo.y, lo.z, hi.x, hi.y, hi.z);
    cr_expect(fabsf((lo.x + hi.x) / 2 - p.x) < 1e-5f && fabsf((lo.z + hi.z) / 2 - p.z) < 1e-5f,
              "centre");
    sepax3_store_destroy(s);
}

/* Every answer of a mixed scene, plain, compacted and with manifolds, as
 * bytes: what sepax3_store_sort_pool must leave as it was. */
static void answers(const sepax3_store *s, const sepax_pair *pairs, size_t n, sepax3_result *r,
                    sepax3_manifold *m)
{
    cr_assert_eq(sepax3_collide(s, pairs, n, r, NULL), SEPAX_OK);
    cr_assert_eq(sepax3_collide_manifolds(s, pairs, n, m, NULL), SEPAX_OK);
}

/* The pool laid out in space: the blocks move, nothing a caller can see
 * does (every answer, every hull's vertices, the store's fingerprint),
 * after removals and adds too; a refused allocation leaves the store as
 * it was; NULL is refused. */
Test(store3, sort_pool_keeps_every_answer)
{
    cr_expect_eq(sepax3_store_sort_pool(NULL), SEPAX_ERR_NULL);
    sepax_scene3_params p = sepax_scene3_params_mixed();
    p.shapes = 3000;
    p.hull_min_points = 4, p.hull_max_points = 24;
    sepax_scene3 scene;
    memset(&scene, 0, sizeof scene);
    cr_assert_eq(sepax_scene3_generate(&p, &scene), 0);
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_scene3_load(&scene, s, NULL, NULL), 0);
    cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
    size_t n = 0;
    sepax3_broadphase(s, NULL, 0, &n);
    sepax_pair *pairs = malloc(n * sizeof *pairs);
    sepax3_result *r0 = malloc(n * sizeof *r0), *r1 = malloc(n * sizeof *r1);
    sepax3_manifold *m0 = malloc(n * sizeof *m0), *m1 = malloc(n * sizeof *m1);
    cr_assert(pairs && r0 && r1 && m0 && m1);
    cr_assert_eq(sepax3_broadphase(s, pairs, n, &n), SEPAX_OK);
    cr_assert_gt(n, 1000);
    answers(s, pairs, n, r0, m0);
    const uint64_t print = fingerprint3_store(s);
    /* a refused allocation at either of the sort's two */
    for (int k = 0; k < 2; k++) {
        failing_alloc f = {k, 0, 0};
        const sepax_allocator a = failing_alloc_hooks(&f);
        sepax3_store_options o = sepax3_store_options_default();
        o.allocator = &a;
        sepax3_store *t;
        f.fail_at = 1 << 30; /* none while the store is built */
        cr_assert_eq(sepax3_store_create(&o, &t), SEPAX_OK);
        cr_assert_eq(sepax_scene3_load(&scene, t, NULL, NULL), 0);
        cr_assert_eq(sepax3_update_world(t), SEPAX_OK);
        f.fail_at = f.calls + k;
        cr_expect_eq(sepax3_store_sort_pool(t), SEPAX_ERR_OUT_OF_MEMORY);
        cr_expect_eq(fingerprint3_store(t), print);
        answers(t, pairs, n, r1, m1);
        cr_expect(memcmp(r0, r1, n * sizeof *r0) == 0, "a refused sort changed an answer");
        sepax3_store_destroy(t);
        cr_expect_eq(f.live, 0);
    }
    cr_assert_eq(sepax3_store_sort_pool(s), SEPAX_OK);
    /* the blocks did move: slot order is no longer pool order */
    uint32_t moved = 0, last = 0;
    for (uint32_t i = 0; i < (uint32_t)scene.shape_count; i++)
        if (s->kind[i] == SEPAX3_KIND_HULL) {
            moved += s->pool_at[i] < last;
            last = s->pool_at[i];
        }
    cr_expect_gt(moved, 100, "%u hull blocks before their slot predecessor's", moved);
    cr_expect_eq(fingerprint3_store(s), print);
    answers(s, pairs, n, r1, m1);
    cr_expect(memcmp(r0, r1, n * sizeof *r0) == 0, "the sort changed a result");
    cr_expect(memcmp(m0, m1, n * sizeof *m0) == 0, "the sort changed a manifold");
    /* every other hull removed (their blocks left dead in the pool),
     * then sorted again: the pairs of the shapes that stayed answer as
     * before */
    uint8_t *gone = calloc(scene.shape_count, 1);
    cr_assert(gone);
    uint32_t removed = 0;
    for (uint32_t i = 0; i < (uint32_t)scene.shape_count; i++) {
        if (scene.shapes[i].kind != SEPAX_SCENE3_HULL || i % 2)
            continue;
        sepax_shape_id id;
        cr_assert_eq(sepax3_shape_id_of_slot(s, i, &id), SEPAX_OK);
        cr_assert_eq(sepax3_remove(s, id), SEPAX_OK);
        gone[i] = 1;
        removed++;
    }
    cr_assert_gt(removed, 100);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (!gone[SEPAX_ID_SLOT(pairs[i].a)] && !gone[SEPAX_ID_SLOT(pairs[i].b)]) {
            pairs[kept] = pairs[i], r0[kept] = r0[i], m0[kept] = m0[i];
            kept++;
        }
    cr_assert_gt(kept, n / 2);
    cr_assert_eq(sepax3_store_sort_pool(s), SEPAX_OK);
    answers(s, pairs, kept, r1, m1);
    cr_expect(memcmp(r0, r1, kept * sizeof *r0) == 0, "a sort after removals changed a result");
    cr_expect(memcmp(m0, m1, kept * sizeof *m0) == 0, "a sort after removals changed a manifold");
    free(gone);
    sepax3_store_destroy(s);
    free(pairs), free(r0), free(r1), free(m0), free(m1);
    sepax_scene3_free(&scene);
}
