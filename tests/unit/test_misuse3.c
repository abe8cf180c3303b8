/* 3D API misuse, call by call, as tests/unit/test_misuse.c does for 2D: NULL
 * pointers, zero counts, counts whose byte sizes overflow size_t, NaN and
 * infinities in every float field, values beyond SEPAX_MAX_COORDINATE,
 * quaternions off unit length, non-positive extents and radii, stale and
 * foreign ids, degenerate hulls and capsules, output buffers too small
 * and out-of-range enums. Each must give its documented status (the 2D
 * one where both stores share the mistake), name the bad entry of a list,
 * leave the store exactly as it was (fingerprint over every slot and
 * every public query) and write nothing outside the buffers it was given
 * (guard bytes around every output). Overflowing counts come with buffers
 * of one element: a call that trusted the count would read or write far
 * past them, which the ASan and valgrind runs of this suite would
 * catch. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "sepax/sepax.h"
#include "sepax/sepax3d.h"
#include "support/fingerprint3.h"
#include "support/guard.h"

static const sepax3_quat ID = {1, 0, 0, 0};
static const sepax3_vec O = {0, 0, 0}, ONE = {1, 1, 1};

static sepax3_store *S;
/* two overlapping boxes, a sphere touching both, a hull, a capsule apart,
 * and a removed box */
static sepax_shape_id A, B, SP, H, CAP, GONE;

static void setup(void)
{
    cr_assert_eq(sepax3_store_create(NULL, &S), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(S, O, ONE, ID, &A), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(S, (sepax3_vec){1.5f, 0, 0}, (sepax3_vec){1, 0.5f, 2},
                                sepax3_quat_axis_angle((sepax3_vec){0, 0, 1}, 0.3f), &B),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_box(S, (sepax3_vec){30, 0, 0}, ONE, ID, &GONE), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(S, (sepax3_vec){0, 1.5f, 0}, 1, &SP), SEPAX_OK);
    const sepax3_vec tet[5] = {{-4, 0, 0}, {-3, 0, 0}, {-4, 1, 0}, {-4, 0, 1}, {-3.9f, 0.1f, 0.1f}};
    cr_assert_eq(sepax3_add_hull(S, tet, 5, &H), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(S, (sepax3_vec){10, 0, 0}, (sepax3_vec){12, 1, 0}, 0.5f, &CAP),
                 SEPAX_OK);
    cr_assert_eq(sepax3_remove(S, GONE), SEPAX_OK);
    /* one shape moved, so that transforms are not all the identity */
    const sepax3_transform t = {{0.25f, -0.5f, 0.125f},
                                sepax3_quat_axis_angle((sepax3_vec){1, 1, 0}, 0.4f)};
    cr_assert_eq(sepax3_set_transforms(S, &B, &t, 1), SEPAX_OK);
}

static void teardown(void)
{
    sepax3_store_destroy(S);
}

TestSuite(misuse3, .init = setup, .fini = teardown);

/* The store's fingerprint (support/fingerprint3.h), then the
 * broadphase's answer on it. */
static uint64_t fingerprint(const sepax3_store *s)
{
    uint64_t h = fingerprint3_store(s);
    sepax_pair pairs[64];
    size_t found = 0;
    const sepax_status st = sepax3_broadphase(s, pairs, 64, &found);
    h = fingerprint_mix(h, &st, sizeof st);
    h = fingerprint_mix(h, &found, sizeof found);
    return fingerprint_mix(h, pairs, (found < 64 ? found : 64) * sizeof *pairs);
}

#define EXPECT_REFUSED(call, want, g) GUARD_EXPECT_REFUSED(fingerprint(S), call, want, g)

Test(misuse3, create_and_options)
{
    guarded g;
    sepax3_store **out = guard_init(&g);
    cr_expect_eq(sepax3_store_create(NULL, NULL), SEPAX_ERR_NULL);
    sepax3_store_options o = sepax3_store_options_default();
    const uint32_t sizes[] = {0, 3, (uint32_t)sizeof o - 1, (uint32_t)sizeof o + 1, 0xFFFFFFFFu};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        sepax3_store *made = (sepax3_store *)&g;
        o.size = sizes[k];
        cr_expect_eq(sepax3_store_create(&o, &made), SEPAX_ERR_BAD_OPTIONS, "size %u", sizes[k]);
        cr_expect_null(made, "a failed create leaves *out NULL");
    }
    const sepax_allocator hooks[2] = {{NULL, NULL, NULL}, {NULL, NULL, &g}};
    for (int k = 0; k < 2; k++) {
        sepax3_store *made = (sepax3_store *)&g;
        o = sepax3_store_options_default();
        o.allocator = &hooks[k];
        cr_expect_eq(sepax3_store_create(&o, &made), SEPAX_ERR_NULL);
        cr_expect_null(made);
    }
    cr_expect(untouched(&g));
    sepax3_store_destroy(NULL);
    (void)out;
}

Test(misuse3, null_pointers)
{
    guarded g;
    void *out = guard_init(&g);
    const sepax3_vec tet[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const sepax_pair pair = {A, B};
    const sepax3_transform xf = sepax3_transform_identity();
    const sepax3_point_query q = {O, A};

    EXPECT_REFUSED(sepax3_add_box(NULL, O, ONE, ID, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_box(S, O, ONE, ID, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_sphere(NULL, O, 1, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_sphere(S, O, 1, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_hull(NULL, tet, 4, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, NULL, 4, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, tet, 4, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_capsule(NULL, O, ONE, 1, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_add_capsule(S, O, ONE, 1, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_remove(NULL, A), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_store_sort_pool(NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_check(NULL, A), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_info(NULL, A, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_info(S, A, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_hull_vertices(NULL, H, out, 8, (size_t *)out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_hull_vertices(S, H, out, 8, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_hull_vertices(S, H, NULL, 8, (size_t *)out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_world(NULL, A, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_world(S, A, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_transform(NULL, A, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_transform(S, A, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_aabb(NULL, A, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_aabb(S, A, NULL, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_shape_aabb(S, A, out, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_set_transforms(NULL, &A, &xf, 1), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_set_transforms(S, NULL, &xf, 1), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_set_transforms(S, &A, NULL, 1), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_update_world(NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_collide(NULL, &pair, 1, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_collide(S, NULL, 1, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_collide(S, &pair, 1, NULL, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_query_points(NULL, &q, 1, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_query_points(S, NULL, 1, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_query_points(S, &q, 1, NULL, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_collide_hits(S, &pair, 1, out, 1, NULL, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_broadphase(S, out, 1, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_store_set_tasks(NULL, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax3_store_set_backend(NULL, SEPAX_BACKEND_SCALAR), SEPAX_ERR_NULL, &g);

    /* the calls that report a count zero it when they refuse */
    size_t found = 7;
    EXPECT_REFUSED(sepax3_collide_hits(NULL, &pair, 1, out, 1, &found, NULL), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);
    found = 7;
    EXPECT_REFUSED(sepax3_collide_hits(S, NULL, 1, out, 1, &found, NULL), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);
    found = 7;
    EXPECT_REFUSED(sepax3_collide_hits(S, &pair, 1, NULL, 1, &found, NULL), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);
    found = 7;
    EXPECT_REFUSED(sepax3_broadphase(NULL, out, 1, &found), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);
    found = 7;
    EXPECT_REFUSED(sepax3_broadphase(S, NULL, 1, &found), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);

    /* the read-only queries on a NULL store answer "empty" */
    cr_expect_eq(sepax3_store_count(NULL), 0);
    cr_expect_eq(sepax3_store_slot_limit(NULL), 0);
    cr_expect_eq(sepax3_store_backend(NULL), SEPAX_BACKEND_SCALAR);
}

/* NULL pointers with a zero count: nothing to read or write. */
Test(misuse3, zero_counts)
{
    guarded g;
    size_t *count = guard_init(&g);
    EXPECT_REFUSED(sepax3_collide(S, NULL, 0, NULL, NULL), SEPAX_OK, &g);
    EXPECT_REFUSED(sepax3_set_transforms(S, NULL, NULL, 0), SEPAX_OK, &g);
    EXPECT_REFUSED(sepax3_query_points(S, NULL, 0, NULL, NULL), SEPAX_OK, &g);

    const uint64_t before = fingerprint(S);
    cr_expect_eq(sepax3_collide_hits(S, NULL, 0, NULL, 0, count, NULL), SEPAX_OK);
    cr_expect_eq(*count, 0);
    cr_expect(guard_intact(&g, sizeof *count));
    /* the broadphase asked for its count alone */
    guard_init(&g);
    cr_expect_eq(sepax3_broadphase(S, NULL, 0, count), SEPAX_ERR_CAPACITY);
    cr_expect_eq(*count, 3, "A-B, A-sphere and B-sphere overlap");
    cr_expect(guard_intact(&g, sizeof *count));
    /* a hull's vertex count alone: a question, not a short buffer */
    guard_init(&g);
    cr_expect_eq(sepax3_hull_vertices(S, H, NULL, 0, count), SEPAX_OK);
    cr_expect_eq(*count, 4, "the fifth point lies inside");
    cr_expect(guard_intact(&g, sizeof *count));
    cr_expect_eq(fingerprint(S), before);

    /* fewer than four points, none among them, as 2D's fewer than three */
    const sepax3_vec three[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    guard_init(&g);
    EXPECT_REFUSED(sepax3_add_hull(S, three, 0, (sepax_shape_id *)count), SEPAX_ERR_TOO_FEW_VERTICES, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, three, 3, (sepax_shape_id *)count), SEPAX_ERR_TOO_FEW_VERTICES, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, NULL, 0, (sepax_shape_id *)count), SEPAX_ERR_NULL, &g);
}

Test(misuse3, overflowing_counts)
{
    guarded g;
    void *out = guard_init(&g);
    const sepax_pair pair = {A, B};
    const sepax3_transform xf = sepax3_transform_identity();
    const sepax3_point_query q = {O, A};
    const sepax3_vec tet[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};

    const size_t results_wrap = SIZE_MAX / sizeof(sepax3_result) + 1;
    const size_t pairs_wrap = SIZE_MAX / sizeof(sepax_pair) + 1;
    const size_t hits_wrap = SIZE_MAX / sizeof(sepax3_hit) + 1;
    const size_t xf_wrap = SIZE_MAX / sizeof(sepax3_transform) + 1;
    const size_t q_wrap = SIZE_MAX / sizeof(sepax3_point_query) + 1;
    EXPECT_REFUSED(sepax3_collide(S, &pair, results_wrap, out, NULL), SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax3_collide(S, &pair, pairs_wrap, out, NULL), SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax3_collide(S, &pair, SIZE_MAX, out, NULL), SEPAX_ERR_OVERFLOW, &g);
    /* the count is checked before the pointers, as in 2D */
    EXPECT_REFUSED(sepax3_collide(S, NULL, SIZE_MAX, NULL, NULL), SEPAX_ERR_OVERFLOW, &g);
    size_t found = 7;
    EXPECT_REFUSED(sepax3_collide_hits(S, &pair, hits_wrap, out, 1, &found, NULL), SEPAX_ERR_OVERFLOW, &g);
    cr_expect_eq(found, 0);
    found = 7;
    EXPECT_REFUSED(sepax3_collide_hits(S, &pair, (size_t)UINT32_MAX + 1, out, 1, &found, NULL),
                   SEPAX_ERR_OVERFLOW, &g);
    cr_expect_eq(found, 0);
    EXPECT_REFUSED(sepax3_set_transforms(S, &A, &xf, xf_wrap), SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax3_set_transforms(S, &A, &xf, SIZE_MAX), SEPAX_ERR_OVERFLOW, &g);
    size_t bad = 99;
    EXPECT_REFUSED(sepax3_query_points(S, &q, q_wrap, out, &bad), SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax3_query_points(S, &q, SIZE_MAX, out, &bad), SEPAX_ERR_OVERFLOW, &g);
    cr_expect_eq(bad, 99, "no entry to name");
    EXPECT_REFUSED(sepax3_add_hull(S, tet, SIZE_MAX, out), SEPAX_ERR_TOO_MANY_VERTICES, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, tet, SEPAX3_MAX_HULL_POINTS + 1, out),
                   SEPAX_ERR_TOO_MANY_VERTICES, &g);
}

/* Too small a buffer gets its first capacity entries, SEPAX_ERR_CAPACITY
 * and the count that was needed, and nothing past it. */
Test(misuse3, capacity_too_small)
{
    const sepax_pair pairs[5] = {{A, B}, {CAP, A}, {B, A}, {A, SP}, {H, SP}};
    sepax3_hit all[5];
    size_t n = 0;
    cr_assert_eq(sepax3_collide_hits(S, pairs, 5, all, 5, &n, NULL), SEPAX_OK);
    cr_assert_eq(n, 3, "A-B both ways and A-sphere hit");
    for (size_t cap = 0; cap < n; cap++) {
        guarded g;
        sepax3_hit *hits = guard_init(&g);
        size_t need = 0;
        const uint64_t before = fingerprint(S);
        cr_expect_eq(sepax3_collide_hits(S, pairs, 5, cap ? hits : NULL, cap, &need, NULL),
                     SEPAX_ERR_CAPACITY);
        cr_expect_eq(need, n);
        cr_expect(guard_intact(&g, cap * sizeof *hits), "capacity %zu overrun", cap);
        cr_expect_eq(memcmp(hits, all, cap * sizeof *hits), 0);
        cr_expect_eq(fingerprint(S), before);
        /* a buffer given with capacity 0 is not written either */
        if (cap == 0) {
            cr_expect_eq(sepax3_collide_hits(S, pairs, 5, hits, 0, &need, NULL), SEPAX_ERR_CAPACITY);
            cr_expect(untouched(&g));
        }
    }

    sepax_pair every[8];
    cr_assert_eq(sepax3_broadphase(S, every, 8, &n), SEPAX_OK);
    cr_assert_eq(n, 3);
    for (size_t cap = 0; cap < n; cap++) {
        guarded g;
        sepax_pair *out = guard_init(&g);
        size_t need = 0;
        const uint64_t before = fingerprint(S);
        cr_expect_eq(sepax3_broadphase(S, cap ? out : NULL, cap, &need), SEPAX_ERR_CAPACITY);
        cr_expect_eq(need, n);
        cr_expect(guard_intact(&g, cap * sizeof *out), "capacity %zu overrun", cap);
        cr_expect_eq(memcmp(out, every, cap * sizeof *out), 0);
        cr_expect_eq(fingerprint(S), before);
    }
    /* more room than needed writes only the need */
    guarded g;
    sepax_pair *out = guard_init(&g);
    cr_expect_eq(sepax3_broadphase(S, out, 100, &n), SEPAX_OK);
    cr_expect(guard_intact(&g, n * sizeof *out));

    /* a hull's vertices into too small a buffer */
    for (size_t cap = 0; cap < 4; cap++) {
        guarded gv;
        sepax3_vec *v = guard_init(&gv);
        size_t need = 0;
        cr_expect_eq(sepax3_hull_vertices(S, H, v, cap, &need), SEPAX_ERR_CAPACITY, "capacity %zu", cap);
        cr_expect_eq(need, 4);
        cr_expect(guard_intact(&gv, cap * sizeof *v), "capacity %zu overrun", cap);
    }
}

/* Every call that takes an id refuses a removed shape's, one of another
 * generation, one past the slots and 0xFFFFFFFF, naming the entry of a
 * list, writing nothing. */
Test(misuse3, stale_and_foreign_ids)
{
    const sepax_shape_id wrong_gen = (A & 0xFFFFFFu) | ((SEPAX_ID_GENERATION(A) + 1u) << 24);
    const struct {
        sepax_shape_id id;
        sepax_status want;
    } bad[] = {
        {GONE, SEPAX_ERR_STALE_ID},
        {wrong_gen, SEPAX_ERR_STALE_ID},
        {(GONE & 0xFFFFFFu) | ((SEPAX_ID_GENERATION(GONE) + 2u) << 24), SEPAX_ERR_STALE_ID},
        {sepax3_store_slot_limit(S), SEPAX_ERR_BAD_ID},
        {1000, SEPAX_ERR_BAD_ID},
        {0xFFFFFFu, SEPAX_ERR_BAD_ID},
        {0xFFFFFFFFu, SEPAX_ERR_BAD_ID},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        guarded g;
        void *out = guard_init(&g);
        const sepax_shape_id id = bad[k].id;
        const sepax_status want = bad[k].want;
        const sepax3_transform xf = sepax3_transform_identity();
        const sepax_shape_id ids[2] = {A, id};
        const sepax3_transform xfs[2] = {xf, xf};
        EXPECT_REFUSED(sepax3_shape_check(S, id), want, &g);
        EXPECT_REFUSED(sepax3_remove(S, id), want, &g);
        EXPECT_REFUSED(sepax3_shape_info(S, id, out), want, &g);
        EXPECT_REFUSED(sepax3_shape_world(S, id, out), want, &g);
        EXPECT_REFUSED(sepax3_shape_transform(S, id, out), want, &g);
        EXPECT_REFUSED(sepax3_shape_aabb(S, id, out, out), want, &g);
        EXPECT_REFUSED(sepax3_set_transforms(S, ids, xfs, 2), want, &g);

        guarded gc;
        size_t *count = guard_init(&gc);
        EXPECT_REFUSED(sepax3_hull_vertices(S, id, out, 8, count), want, &g);
        cr_expect(untouched(&gc), "a refused id's count is left as it was, as in 2D");

        const sepax_pair pairs[3] = {{A, B}, {B, id}, {id, A}};
        size_t bad_index = 99;
        EXPECT_REFUSED(sepax3_collide(S, pairs, 3, out, &bad_index), want, &g);
        cr_expect_eq(bad_index, 1);
        EXPECT_REFUSED(sepax3_collide(S, pairs, 3, out, NULL), want, &g);
        bad_index = 99;
        size_t found = 7;
        EXPECT_REFUSED(sepax3_collide_hits(S, pairs, 3, out, 4, &found, &bad_index), want, &g);
        cr_expect_eq(bad_index, 1);
        cr_expect_eq(found, 0, "a refused compacted call reports no hits");
        bad_index = 99;
        found = 7;
        EXPECT_REFUSED(sepax3_collide_hits(S, pairs + 2, 1, out, 4, &found, &bad_index), want, &g);
        cr_expect_eq(bad_index, 0);
        cr_expect_eq(found, 0);

        const sepax3_point_query q[3] = {{O, A}, {O, H}, {O, id}};
        bad_index = 99;
        EXPECT_REFUSED(sepax3_query_points(S, q, 3, out, &bad_index), want, &g);
        cr_expect_eq(bad_index, 2);
    }

    /* a pair naming one shape twice, also with the twin listed after a
     * good pair */
    guarded g;
    void *out = guard_init(&g);
    const sepax_pair twice[2] = {{A, B}, {SP, SP}};
    size_t bad_index = 99, found = 7;
    EXPECT_REFUSED(sepax3_collide(S, twice, 2, out, &bad_index), SEPAX_ERR_BAD_PAIR, &g);
    cr_expect_eq(bad_index, 1);
    bad_index = 99;
    EXPECT_REFUSED(sepax3_collide_hits(S, twice, 2, out, 4, &found, &bad_index), SEPAX_ERR_BAD_PAIR, &g);
    cr_expect_eq(bad_index, 1);
    cr_expect_eq(found, 0);
    /* a bad id in the same pair is reported before the twin */
    const sepax_pair twice_gone = {GONE, GONE};
    EXPECT_REFUSED(sepax3_collide(S, &twice_gone, 1, out, NULL), SEPAX_ERR_STALE_ID, &g);
}

/* Every float field of every call, NaN and both infinities. */
Test(misuse3, not_finite_everywhere)
{
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    for (int b = 0; b < 3; b++) {
        const float x = bad[b];
        guarded g;
        sepax_shape_id *out = guard_init(&g);
        for (int k = 0; k < 3; k++) {
            sepax3_vec c = O, h = ONE, p2 = {1, 0, 0};
            float *cc = &c.x, *hh = &h.x, *pp = &p2.x;
            cc[k] = x;
            hh[k] = x;
            pp[k] = x;
            EXPECT_REFUSED(sepax3_add_box(S, c, ONE, ID, out), SEPAX_ERR_NOT_FINITE, &g);
            EXPECT_REFUSED(sepax3_add_box(S, O, h, ID, out), SEPAX_ERR_NOT_FINITE, &g);
            EXPECT_REFUSED(sepax3_add_sphere(S, c, 1, out), SEPAX_ERR_NOT_FINITE, &g);
            EXPECT_REFUSED(sepax3_add_capsule(S, c, (sepax3_vec){1, 0, 0}, 1, out),
                           SEPAX_ERR_NOT_FINITE, &g);
            EXPECT_REFUSED(sepax3_add_capsule(S, O, p2, 1, out), SEPAX_ERR_NOT_FINITE, &g);
            for (int i = 0; i < 5; i++) {
                sepax3_vec pts[5] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
                float *pf = &pts[i].x;
                pf[k] = x;
                EXPECT_REFUSED(sepax3_add_hull(S, pts, 5, out), SEPAX_ERR_NOT_FINITE, &g);
            }
            sepax3_transform t = sepax3_transform_identity();
            float *tp = &t.p.x;
            tp[k] = x;
            const sepax_shape_id two[2] = {A, H};
            sepax3_transform ts[2] = {sepax3_transform_identity(), t};
            EXPECT_REFUSED(sepax3_set_transforms(S, two, ts, 2), SEPAX_ERR_NOT_FINITE, &g);

            sepax3_point_query q[3] = {{O, A}, {O, SP}, {O, CAP}};
            float *qp = &q[1].point.x;
            qp[k] = x;
            size_t bad_index = 99;
            EXPECT_REFUSED(sepax3_query_points(S, q, 3, (uint8_t *)out, &bad_index),
                           SEPAX_ERR_NOT_FINITE, &g);
            cr_expect_eq(bad_index, 1);
        }
        for (int k = 0; k < 4; k++) {
            sepax3_quat q = ID;
            float *qq = &q.w;
            qq[k] = x;
            EXPECT_REFUSED(sepax3_add_box(S, O, ONE, q, out), SEPAX_ERR_NOT_FINITE, &g);
            sepax3_transform t = {O, q};
            EXPECT_REFUSED(sepax3_set_transforms(S, &SP, &t, 1), SEPAX_ERR_NOT_FINITE, &g);
        }
        /* the rotation makers: a non-finite angle or axis coordinate must
         * not come out as the identity (a shape placed unrotated) */
        for (int k = 0; k < 4; k++) {
            sepax3_vec axis = {0, 0, 1};
            float angle = 0.3f;
            if (k < 3)
                (&axis.x)[k] = x;
            else
                angle = x;
            const sepax3_quat q = sepax3_quat_axis_angle(axis, angle);
            cr_expect(!isfinite(q.w) && !isfinite(q.x) && !isfinite(q.y) && !isfinite(q.z),
                      "axis-angle input %d = %g gave (%g, %g, %g, %g)", k, x, q.w, q.x, q.y, q.z);
            EXPECT_REFUSED(sepax3_add_box(S, O, ONE, q, out), SEPAX_ERR_NOT_FINITE, &g);
            const sepax3_transform t = sepax3_transform_make(O, axis, angle);
            EXPECT_REFUSED(sepax3_set_transforms(S, &SP, &t, 1), SEPAX_ERR_NOT_FINITE, &g);
        }
        EXPECT_REFUSED(sepax3_add_sphere(S, O, x, out), SEPAX_ERR_NOT_FINITE, &g);
        EXPECT_REFUSED(sepax3_add_capsule(S, O, ONE, x, out), SEPAX_ERR_NOT_FINITE, &g);
    }
    /* a zero axis is the identity, as the header says */
    const sepax3_quat z = sepax3_quat_axis_angle(O, 0.7f);
    cr_expect(z.w == 1 && z.x == 0 && z.y == 0 && z.z == 0);
}

/* Finite values beyond SEPAX_MAX_COORDINATE: refused in shapes and
 * transforms, the limit itself accepted; a query point beyond it is
 * answered, as in 2D. */
Test(misuse3, beyond_max_coordinate)
{
    const float far[3] = {2e18f, -3e38f, 1.0000001e18f};
    for (int f = 0; f < 3; f++) {
        guarded g;
        sepax_shape_id *out = guard_init(&g);
        for (int k = 0; k < 3; k++) {
            sepax3_vec c = O, h = ONE;
            float *cc = &c.x, *hh = &h.x;
            cc[k] = far[f];
            hh[k] = fabsf(far[f]);
            EXPECT_REFUSED(sepax3_add_box(S, c, ONE, ID, out), SEPAX_ERR_OUT_OF_RANGE, &g);
            EXPECT_REFUSED(sepax3_add_box(S, O, h, ID, out), SEPAX_ERR_OUT_OF_RANGE, &g);
            EXPECT_REFUSED(sepax3_add_sphere(S, c, 1, out), SEPAX_ERR_OUT_OF_RANGE, &g);
            EXPECT_REFUSED(sepax3_add_capsule(S, c, ONE, 1, out), SEPAX_ERR_OUT_OF_RANGE, &g);
            EXPECT_REFUSED(sepax3_add_capsule(S, ONE, c, 1, out), SEPAX_ERR_OUT_OF_RANGE, &g);
            sepax3_vec pts[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
            pts[3] = c;
            EXPECT_REFUSED(sepax3_add_hull(S, pts, 4, out), SEPAX_ERR_OUT_OF_RANGE, &g);
            const sepax3_transform t = {c, ID};
            EXPECT_REFUSED(sepax3_set_transforms(S, &CAP, &t, 1), SEPAX_ERR_OUT_OF_RANGE, &g);
        }
        EXPECT_REFUSED(sepax3_add_sphere(S, O, fabsf(far[f]), out), SEPAX_ERR_OUT_OF_RANGE, &g);
        EXPECT_REFUSED(sepax3_add_capsule(S, O, ONE, fabsf(far[f]), out), SEPAX_ERR_OUT_OF_RANGE, &g);
    }

    /* a query point beyond the limit: answered (outside), nothing refused */
    const uint64_t before = fingerprint(S);
    const sepax3_point_query q[4] = {{{3e38f, 0, 0}, A}, {{0, -2e18f, 0}, SP},
                                     {{0, 0, 3e38f}, H}, {{-3e38f, 3e38f, -3e38f}, CAP}};
    guarded g;
    uint8_t *in = guard_init(&g);
    size_t bad_index = 99;
    cr_expect_eq(sepax3_query_points(S, q, 4, in, &bad_index), SEPAX_OK);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(in[i], 0, "query %d", i);
    cr_expect(guard_intact(&g, 4));
    cr_expect_eq(bad_index, 99);
    cr_expect_eq(fingerprint(S), before);

    /* the limit itself is accepted */
    const float M = SEPAX_MAX_COORDINATE;
    sepax_shape_id id;
    cr_expect_eq(sepax3_add_box(S, (sepax3_vec){M, -M, M}, (sepax3_vec){M, M, M}, ID, &id), SEPAX_OK);
    cr_expect_eq(sepax3_add_sphere(S, (sepax3_vec){-M, M, 0}, M, &id), SEPAX_OK);
    cr_expect_eq(sepax3_add_capsule(S, (sepax3_vec){-M, 0, 0}, (sepax3_vec){M, 0, 0}, M, &id), SEPAX_OK);
    const sepax3_transform t = {{M, -M, M}, ID};
    cr_expect_eq(sepax3_set_transforms(S, &id, &t, 1), SEPAX_OK);
}

/* Quaternions off unit length beyond SEPAX_ROTATION_TOLERANCE, the zero
 * one among them; just inside the tolerance is accepted. */
Test(misuse3, quaternions_off_unit_length)
{
    const sepax3_quat off[] = {
        {0, 0, 0, 0}, {2, 0, 0, 0}, {1.0001f, 0, 0, 0}, {0.9999f, 0, 0, 0}, {0, 0, 0, 1.0001f},
        {0.5f, 0.5f, 0.5f, 0.4f}, {1, 1, 0, 0}, {-2, 0, 0, 0}, {1e-20f, 0, 0, 0}, {3e38f, 0, 0, 0},
    };
    guarded g;
    sepax_shape_id *out = guard_init(&g);
    for (size_t k = 0; k < sizeof off / sizeof off[0]; k++) {
        EXPECT_REFUSED(sepax3_add_box(S, O, ONE, off[k], out), SEPAX_ERR_BAD_TRANSFORM, &g);
        const sepax3_transform t = {{1, 2, 3}, off[k]};
        const sepax_shape_id two[2] = {CAP, B};
        const sepax3_transform ts[2] = {sepax3_transform_identity(), t};
        EXPECT_REFUSED(sepax3_set_transforms(S, two, ts, 2), SEPAX_ERR_BAD_TRANSFORM, &g);
    }
    /* inside the tolerance, and the negated identity */
    sepax_shape_id id;
    cr_expect_eq(sepax3_add_box(S, O, ONE, (sepax3_quat){1.00004f, 0, 0, 0}, &id), SEPAX_OK);
    cr_expect_eq(sepax3_add_box(S, O, ONE, (sepax3_quat){-1, 0, 0, 0}, &id), SEPAX_OK);
    const sepax3_transform t = {O, {0, 0, 0.99996f, 0}};
    cr_expect_eq(sepax3_set_transforms(S, &id, &t, 1), SEPAX_OK);
}

Test(misuse3, non_positive_extents_and_radii)
{
    const float bad[4] = {0.0f, -0.0f, -1.0f, -1e-45f};
    guarded g;
    sepax_shape_id *out = guard_init(&g);
    for (int b = 0; b < 4; b++) {
        for (int k = 0; k < 3; k++) {
            sepax3_vec h = ONE;
            float *hh = &h.x;
            hh[k] = bad[b];
            EXPECT_REFUSED(sepax3_add_box(S, O, h, ID, out), SEPAX_ERR_BAD_EXTENT, &g);
        }
        EXPECT_REFUSED(sepax3_add_sphere(S, O, bad[b], out), SEPAX_ERR_BAD_RADIUS, &g);
        EXPECT_REFUSED(sepax3_add_capsule(S, O, ONE, bad[b], out), SEPAX_ERR_BAD_RADIUS, &g);
    }
    /* Several faults at once: the order sepax_add_box and
     * sepax_add_capsule check them in. */
    EXPECT_REFUSED(sepax3_add_box(S, (sepax3_vec){2e18f, 0, 0}, (sepax3_vec){-1, 1, 1}, ID, out),
                   SEPAX_ERR_BAD_EXTENT, &g);
    EXPECT_REFUSED(sepax3_add_box(S, (sepax3_vec){2e18f, 0, 0}, ONE, (sepax3_quat){NAN, 0, 0, 0}, out),
                   SEPAX_ERR_NOT_FINITE, &g);
    EXPECT_REFUSED(sepax3_add_box(S, O, (sepax3_vec){-1, 1, 1}, (sepax3_quat){2, 0, 0, 0}, out),
                   SEPAX_ERR_BAD_EXTENT, &g);
    EXPECT_REFUSED(sepax3_add_box(S, (sepax3_vec){2e18f, 0, 0}, ONE, (sepax3_quat){2, 0, 0, 0}, out),
                   SEPAX_ERR_OUT_OF_RANGE, &g);
    EXPECT_REFUSED(sepax3_add_capsule(S, (sepax3_vec){NAN, 0, 0}, ONE, 0, out), SEPAX_ERR_BAD_RADIUS, &g);
    EXPECT_REFUSED(sepax3_add_capsule(S, O, O, -1, out), SEPAX_ERR_BAD_RADIUS, &g);
    EXPECT_REFUSED(sepax3_add_sphere(S, (sepax3_vec){NAN, 0, 0}, 0, out), SEPAX_ERR_NOT_FINITE, &g);

    /* hull_vertices on a shape that is no hull */
    for (int k = 0; k < 3; k++) {
        const sepax_shape_id not_hull[3] = {A, SP, CAP};
        guarded gv;
        void *v = guard_init(&gv);
        guarded gc;
        size_t *count = guard_init(&gc);
        EXPECT_REFUSED(sepax3_hull_vertices(S, not_hull[k], v, 8, count), SEPAX_ERR_WRONG_KIND, &gv);
        cr_expect(untouched(&gc), "the count was written");
        EXPECT_REFUSED(sepax3_hull_vertices(S, not_hull[k], NULL, 0, count), SEPAX_ERR_WRONG_KIND, &gv);
        cr_expect(untouched(&gc), "the count was written");
    }
}

Test(misuse3, degenerate_hulls_and_capsules)
{
    guarded g;
    sepax_shape_id *out = guard_init(&g);
    const sepax3_vec flat[6] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5f, 0.2f, 0}, {3, -2, 0}};
    const sepax3_vec tilted[4] = {{0, 0, 0}, {1, 1, 1}, {1, 0, -1}, {2, 1, 0}};
    const sepax3_vec line[5] = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {-1, -1, -1}};
    const sepax3_vec same[6] = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
    const sepax3_vec two[4] = {{1, 2, 3}, {4, 5, 6}, {1, 2, 3}, {4, 5, 6}};
    EXPECT_REFUSED(sepax3_add_hull(S, flat, 6, out), SEPAX_ERR_DEGENERATE, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, tilted, 4, out), SEPAX_ERR_DEGENERATE, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, line, 5, out), SEPAX_ERR_DEGENERATE, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, same, 6, out), SEPAX_ERR_DEGENERATE, &g);
    EXPECT_REFUSED(sepax3_add_hull(S, two, 4, out), SEPAX_ERR_DEGENERATE, &g);
    for (size_t n = 0; n < 4; n++)
        EXPECT_REFUSED(sepax3_add_hull(S, flat, n, out), SEPAX_ERR_TOO_FEW_VERTICES, &g);

    static sepax3_vec many[SEPAX3_MAX_HULL_POINTS + 1];
    for (size_t i = 0; i < SEPAX3_MAX_HULL_POINTS + 1; i++)
        many[i] = (sepax3_vec){(float)(i % 2), (float)(i / 2 % 2), (float)(i / 4 % 2)};
    EXPECT_REFUSED(sepax3_add_hull(S, many, SEPAX3_MAX_HULL_POINTS + 1, out),
                   SEPAX_ERR_TOO_MANY_VERTICES, &g);
    /* the cube's corners repeated up to the limit of points are accepted */
    sepax_shape_id id;
    const uint64_t before = fingerprint(S);
    cr_expect_eq(sepax3_add_hull(S, many, SEPAX3_MAX_HULL_POINTS, &id), SEPAX_OK);
    cr_expect_eq(sepax3_remove(S, id), SEPAX_OK);
    cr_expect_eq(fingerprint(S), before, "added and removed, nothing shows");

    /* 100 points on a sphere all lie on the hull: more than it keeps */
    sepax3_vec ball[100];
    for (int i = 0; i < 100; i++) {
        const double z = 1.0 - (2.0 * i + 1.0) / 100.0, r = sqrt(1.0 - z * z), a = 2.399963 * i;
        ball[i] = (sepax3_vec){(float)(r * cos(a)), (float)(r * sin(a)), (float)z};
    }
    EXPECT_REFUSED(sepax3_add_hull(S, ball, 100, out), SEPAX_ERR_TOO_MANY_VERTICES, &g);

    /* capsules whose ends coincide (the caller's segment is a point), or
     * differ so little that half the length rounds to 0 in float (the
     * segment is real, float cannot store it) */
    EXPECT_REFUSED(sepax3_add_capsule(S, ONE, ONE, 1, out), SEPAX_ERR_DEGENERATE, &g);
    EXPECT_REFUSED(sepax3_add_capsule(S, O, (sepax3_vec){-0.0f, 0, 0}, 1, out), SEPAX_ERR_DEGENERATE, &g);
    EXPECT_REFUSED(sepax3_add_capsule(S, O, (sepax3_vec){1e-45f, 0, 0}, 1, out), SEPAX_ERR_TOO_SMALL, &g);
    /* two subnormal steps apart: half the length is one, and is kept */
    sepax_shape_id kept;
    cr_expect_eq(sepax3_add_capsule(S, O, (sepax3_vec){3e-45f, 0, 0}, 1, &kept), SEPAX_OK);
    cr_expect_eq(sepax3_remove(S, kept), SEPAX_OK);
}

/* A task system is checked when it is given; a bad one leaves the store
 * running on the calling thread as before. */
static void *run_now(sepax_task_fn *task, int32_t n, int32_t min_range, void *ctx, void *user)
{
    (void)min_range, (void)user;
    task(0, n, 0, ctx);
    return NULL;
}

static void finish_none(void *task, void *user)
{
    (void)task, (void)user;
}

Test(misuse3, task_systems)
{
    guarded g;
    guard_init(&g);
    const sepax_task_system good = {(uint32_t)sizeof(sepax_task_system), 2, run_now, finish_none, NULL};
    sepax_task_system t = good;
    t.size = 0;
    EXPECT_REFUSED(sepax3_store_set_tasks(S, &t), SEPAX_ERR_BAD_OPTIONS, &g);
    t.size = good.size + 8;
    EXPECT_REFUSED(sepax3_store_set_tasks(S, &t), SEPAX_ERR_BAD_OPTIONS, &g);
    t = good, t.enqueue = NULL;
    EXPECT_REFUSED(sepax3_store_set_tasks(S, &t), SEPAX_ERR_NULL, &g);
    t = good, t.finish = NULL;
    EXPECT_REFUSED(sepax3_store_set_tasks(S, &t), SEPAX_ERR_NULL, &g);
    t = good, t.worker_count = 0;
    EXPECT_REFUSED(sepax3_store_set_tasks(S, &t), SEPAX_ERR_BAD_WORKER, &g);
    t = good, t.worker_count = SEPAX_MAX_WORKERS + 1;
    EXPECT_REFUSED(sepax3_store_set_tasks(S, &t), SEPAX_ERR_BAD_WORKER, &g);
    t = good, t.worker_count = 0xFFFFFFFFu;
    EXPECT_REFUSED(sepax3_store_set_tasks(S, &t), SEPAX_ERR_BAD_WORKER, &g);
    cr_expect_eq(sepax3_store_set_tasks(S, &good), SEPAX_OK);
    cr_expect_eq(sepax3_store_set_tasks(S, NULL), SEPAX_OK);
}

Test(misuse3, backend_enums)
{
    guarded g;
    guard_init(&g);
    const sepax_backend was = sepax3_store_backend(S);
    EXPECT_REFUSED(sepax3_store_set_backend(S, SEPAX_BACKEND_COUNT), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    EXPECT_REFUSED(sepax3_store_set_backend(S, (sepax_backend)-1), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    EXPECT_REFUSED(sepax3_store_set_backend(S, (sepax_backend)1000), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++)
        if (!sepax_backend_available((sepax_backend)b))
            EXPECT_REFUSED(sepax3_store_set_backend(S, (sepax_backend)b),
                           SEPAX_ERR_UNSUPPORTED_BACKEND, &g);
    cr_expect_eq(sepax3_store_backend(S), was);
}

/* The same mistake, made on a 2D store and on a 3D one, gets the same
 * status (and the same bad_index where the call names one). */
Test(misuse3, same_status_as_2d)
{
    sepax_store *s2;
    cr_assert_eq(sepax_store_create(NULL, &s2), SEPAX_OK);
    sepax_shape_id a2, b2, gone2, id;
    cr_assert_eq(sepax_add_box(s2, (sepax_vec2){0, 0}, (sepax_vec2){1, 1}, 0, &a2), SEPAX_OK);
    cr_assert_eq(sepax_add_box(s2, (sepax_vec2){1.5f, 0}, (sepax_vec2){1, 1}, 0, &b2), SEPAX_OK);
    cr_assert_eq(sepax_add_circle(s2, (sepax_vec2){30, 0}, 1, &gone2), SEPAX_OK);
    cr_assert_eq(sepax_remove(s2, gone2), SEPAX_OK);

#define SAME(call2, call3)                                                                     \
    do {                                                                                       \
        const sepax_status s2_ = (call2), s3_ = (call3);                                       \
        cr_expect_eq(s2_, s3_, "%s: %s, %s: %s", #call2, sepax_status_string(s2_), #call3,     \
                     sepax_status_string(s3_));                                                \
    } while (0)

    /* options and creation */
    sepax_store_options o2 = sepax_store_options_default();
    sepax3_store_options o3 = sepax3_store_options_default();
    o2.size = o3.size = 5;
    sepax_store *m2;
    sepax3_store *m3;
    SAME(sepax_store_create(&o2, &m2), sepax3_store_create(&o3, &m3));
    SAME(sepax_store_create(NULL, NULL), sepax3_store_create(NULL, NULL));

    /* NULL store, NULL outputs */
    SAME(sepax_remove(NULL, a2), sepax3_remove(NULL, A));
    SAME(sepax_shape_check(NULL, a2), sepax3_shape_check(NULL, A));
    SAME(sepax_shape_id_of_slot(NULL, 0, &id), sepax3_shape_id_of_slot(NULL, 0, &id));
    SAME(sepax_shape_id_of_slot(s2, 0, NULL), sepax3_shape_id_of_slot(S, 0, NULL));
    SAME(sepax_shape_id_of_slot(s2, SEPAX_ID_SLOT(gone2), &id),
         sepax3_shape_id_of_slot(S, SEPAX_ID_SLOT(GONE), &id));
    SAME(sepax_shape_id_of_slot(s2, 1u << 20, &id), sepax3_shape_id_of_slot(S, 1u << 20, &id));
    SAME(sepax_update_world(NULL), sepax3_update_world(NULL));
    SAME(sepax_store_set_backend(NULL, SEPAX_BACKEND_SCALAR), sepax3_store_set_backend(NULL, SEPAX_BACKEND_SCALAR));
    SAME(sepax_store_set_tasks(NULL, NULL), sepax3_store_set_tasks(NULL, NULL));
    sepax_transform t2 = sepax_transform_identity();
    sepax3_transform t3 = sepax3_transform_identity();
    SAME(sepax_shape_transform(s2, a2, NULL), sepax3_shape_transform(S, A, NULL));
    SAME(sepax_shape_aabb(s2, a2, NULL, NULL), sepax3_shape_aabb(S, A, NULL, NULL));
    size_t n2 = 7, n3 = 7;
    SAME(sepax_broadphase(NULL, NULL, 0, &n2), sepax3_broadphase(NULL, NULL, 0, &n3));
    cr_expect_eq(n2, n3);
    SAME(sepax_collide_hits(NULL, NULL, 1, NULL, 0, &n2, NULL), sepax3_collide_hits(NULL, NULL, 1, NULL, 0, &n3, NULL));
    cr_expect_eq(n2, n3);
    cr_expect_eq(sepax_store_count(NULL), sepax3_store_count(NULL));
    cr_expect_eq(sepax_store_backend(NULL), sepax3_store_backend(NULL));

    /* zero counts with NULL pointers, counts that overflow */
    SAME(sepax_collide(s2, NULL, 0, NULL, NULL), sepax3_collide(S, NULL, 0, NULL, NULL));
    SAME(sepax_set_transforms(s2, NULL, NULL, 0), sepax3_set_transforms(S, NULL, NULL, 0));
    SAME(sepax_query_points(s2, NULL, 0, NULL, NULL), sepax3_query_points(S, NULL, 0, NULL, NULL));
    SAME(sepax_collide(s2, NULL, SIZE_MAX, NULL, NULL), sepax3_collide(S, NULL, SIZE_MAX, NULL, NULL));
    SAME(sepax_set_transforms(s2, &a2, &t2, SIZE_MAX), sepax3_set_transforms(S, &A, &t3, SIZE_MAX));
    SAME(sepax_query_points(s2, NULL, SIZE_MAX, NULL, NULL), sepax3_query_points(S, NULL, SIZE_MAX, NULL, NULL));
    sepax_hit h2;
    sepax3_hit h3;
    const sepax_pair p2 = {a2, b2}, p3 = {A, B};
    SAME(sepax_collide_hits(s2, &p2, (size_t)UINT32_MAX + 1, &h2, 1, &n2, NULL),
         sepax3_collide_hits(S, &p3, (size_t)UINT32_MAX + 1, &h3, 1, &n3, NULL));
    SAME(sepax_collide_hits(s2, &p2, 1, NULL, 1, &n2, NULL), sepax3_collide_hits(S, &p3, 1, NULL, 1, &n3, NULL));

    /* ids and pairs */
    const sepax_shape_id wrong2 = (a2 & 0xFFFFFFu) | ((SEPAX_ID_GENERATION(a2) + 1u) << 24);
    const sepax_shape_id wrong3 = (A & 0xFFFFFFu) | ((SEPAX_ID_GENERATION(A) + 1u) << 24);
    SAME(sepax_shape_check(s2, gone2), sepax3_shape_check(S, GONE));
    SAME(sepax_shape_check(s2, wrong2), sepax3_shape_check(S, wrong3));
    SAME(sepax_shape_check(s2, 0xFFFFFFFFu), sepax3_shape_check(S, 0xFFFFFFFFu));
    SAME(sepax_remove(s2, 1000), sepax3_remove(S, 1000));
    SAME(sepax_shape_transform(s2, gone2, &t2), sepax3_shape_transform(S, GONE, &t3));
    const sepax_pair twice2[2] = {{a2, b2}, {b2, b2}}, twice3[2] = {{A, B}, {B, B}};
    sepax_result r2[2];
    sepax3_result r3[2];
    size_t bad2 = 99, bad3 = 98;
    SAME(sepax_collide(s2, twice2, 2, r2, &bad2), sepax3_collide(S, twice3, 2, r3, &bad3));
    cr_expect_eq(bad2, bad3);
    const sepax_pair gone_p2 = {gone2, a2}, gone_p3 = {GONE, A};
    SAME(sepax_collide(s2, &gone_p2, 1, r2, NULL), sepax3_collide(S, &gone_p3, 1, r3, NULL));

    /* query points: NaN, infinity, beyond the limit; bad ids */
    const float qbad[4] = {NAN, INFINITY, -INFINITY, 3e38f};
    for (int k = 0; k < 4; k++) {
        const sepax_point_query q2[2] = {{{0, 0}, a2}, {{qbad[k], 0}, b2}};
        const sepax3_point_query q3[2] = {{O, A}, {{qbad[k], 0, 0}, B}};
        uint8_t i2[2] = {7, 7}, i3[2] = {7, 7};
        bad2 = 99, bad3 = 98;
        SAME(sepax_query_points(s2, q2, 2, i2, &bad2), sepax3_query_points(S, q3, 2, i3, &bad3));
        if (k < 3) {
            cr_expect_eq(bad2, bad3);
            cr_expect(i2[0] == 7 && i3[0] == 7, "a refused query wrote an answer");
        } else {
            cr_expect(i2[1] == 0 && i3[1] == 0, "far points lie outside");
        }
    }
    {
        const sepax_point_query q2[2] = {{{0, 0}, a2}, {{0, 0}, gone2}};
        const sepax3_point_query q3[2] = {{O, A}, {O, GONE}};
        uint8_t i2[2], i3[2];
        bad2 = 99, bad3 = 98;
        SAME(sepax_query_points(s2, q2, 2, i2, &bad2), sepax3_query_points(S, q3, 2, i3, &bad3));
        cr_expect_eq(bad2, bad3);
    }

    /* vertex count alone, and too small a buffer */
    uint32_t c2 = 0;
    size_t c3 = 0;
    sepax_vec2 v2[1];
    sepax3_vec v3[1];
    SAME(sepax_shape_vertices(s2, a2, 0, NULL, 0, &c2), sepax3_hull_vertices(S, H, NULL, 0, &c3));
    SAME(sepax_shape_vertices(s2, a2, 0, v2, 1, &c2), sepax3_hull_vertices(S, H, v3, 1, &c3));
    SAME(sepax_shape_vertices(s2, a2, 0, v2, 0, &c2), sepax3_hull_vertices(S, H, v3, 0, &c3));
    SAME(sepax_shape_vertices(s2, a2, 0, NULL, 1, &c2), sepax3_hull_vertices(S, H, NULL, 1, &c3));

    /* shapes: radii, extents, coordinates, coincident ends */
    const float radii[5] = {0, -1, NAN, INFINITY, 2e18f};
    for (int k = 0; k < 5; k++) {
        SAME(sepax_add_circle(s2, (sepax_vec2){0, 0}, radii[k], &id),
             sepax3_add_sphere(S, O, radii[k], &id));
        SAME(sepax_add_capsule(s2, (sepax_vec2){0, 0}, (sepax_vec2){1, 0}, radii[k], &id),
             sepax3_add_capsule(S, O, (sepax3_vec){1, 0, 0}, radii[k], &id));
        /* with a bad end too: the radius is checked first in both */
        SAME(sepax_add_capsule(s2, (sepax_vec2){NAN, 0}, (sepax_vec2){1, 0}, radii[k], &id),
             sepax3_add_capsule(S, (sepax3_vec){NAN, 0, 0}, (sepax3_vec){1, 0, 0}, radii[k], &id));
    }
    const float halves[4] = {0, -1, NAN, -INFINITY};
    for (int k = 0; k < 4; k++)
        SAME(sepax_add_box(s2, (sepax_vec2){0, 0}, (sepax_vec2){1, halves[k]}, 0, &id),
             sepax3_add_box(S, O, (sepax3_vec){1, halves[k], 1}, ID, &id));
    SAME(sepax_add_box(s2, (sepax_vec2){2e18f, 0}, (sepax_vec2){-1, 1}, 0, &id),
         sepax3_add_box(S, (sepax3_vec){2e18f, 0, 0}, (sepax3_vec){-1, 1, 1}, ID, &id));
    SAME(sepax_add_box(s2, (sepax_vec2){2e18f, 0}, (sepax_vec2){1, 1}, NAN, &id),
         sepax3_add_box(S, (sepax3_vec){2e18f, 0, 0}, ONE, (sepax3_quat){NAN, 0, 0, 0}, &id));
    SAME(sepax_add_box(s2, (sepax_vec2){1e19f, 0}, (sepax_vec2){1, 1}, 0, &id),
         sepax3_add_box(S, (sepax3_vec){1e19f, 0, 0}, ONE, ID, &id));
    SAME(sepax_add_circle(s2, (sepax_vec2){NAN, 0}, 1, &id), sepax3_add_sphere(S, (sepax3_vec){NAN, 0, 0}, 1, &id));
    SAME(sepax_add_circle(s2, (sepax_vec2){0, 2e18f}, 1, &id), sepax3_add_sphere(S, (sepax3_vec){0, 2e18f, 0}, 1, &id));
    SAME(sepax_add_capsule(s2, (sepax_vec2){1, 2}, (sepax_vec2){1, 2}, 1, &id),
         sepax3_add_capsule(S, (sepax3_vec){1, 2, 3}, (sepax3_vec){1, 2, 3}, 1, &id));
    const sepax_vec2 few2[2] = {{0, 0}, {1, 0}};
    const sepax3_vec few3[3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    SAME(sepax_add_polygon(s2, few2, 2, &id), sepax3_add_hull(S, few3, 3, &id));
    SAME(sepax_add_polygon(s2, NULL, 0, &id), sepax3_add_hull(S, NULL, 0, &id));
    SAME(sepax_add_polygon(s2, few2, SIZE_MAX, &id), sepax3_add_hull(S, few3, SIZE_MAX, &id));

    /* transforms */
    const struct {
        sepax_transform t2;
        sepax3_transform t3;
    } xf[] = {
        {{{NAN, 0}, {1, 0}}, {{NAN, 0, 0}, ID}},
        {{{0, INFINITY}, {1, 0}}, {{0, 0, INFINITY}, ID}},
        {{{0, 0}, {NAN, 0}}, {O, {NAN, 0, 0, 0}}},
        {{{2e18f, 0}, {1, 0}}, {{2e18f, 0, 0}, ID}},
        {{{2e18f, 0}, {2, 0}}, {{2e18f, 0, 0}, {2, 0, 0, 0}}},
        {{{0, 0}, {2, 0}}, {O, {2, 0, 0, 0}}},
        {{{0, 0}, {0, 0}}, {O, {0, 0, 0, 0}}},
    };
    for (size_t k = 0; k < sizeof xf / sizeof xf[0]; k++)
        SAME(sepax_set_transforms(s2, &b2, &xf[k].t2, 1), sepax3_set_transforms(S, &B, &xf[k].t3, 1));
    SAME(sepax_set_transforms(s2, &gone2, &xf[0].t2, 1), sepax3_set_transforms(S, &GONE, &xf[0].t3, 1));

    /* backends and task systems */
    SAME(sepax_store_set_backend(s2, SEPAX_BACKEND_COUNT), sepax3_store_set_backend(S, SEPAX_BACKEND_COUNT));
    SAME(sepax_store_set_backend(s2, (sepax_backend)-1), sepax3_store_set_backend(S, (sepax_backend)-1));
    const sepax_task_system good = {(uint32_t)sizeof(sepax_task_system), 2, run_now, finish_none, NULL};
    sepax_task_system ts = good;
    ts.size = 1;
    SAME(sepax_store_set_tasks(s2, &ts), sepax3_store_set_tasks(S, &ts));
    ts = good, ts.enqueue = NULL;
    SAME(sepax_store_set_tasks(s2, &ts), sepax3_store_set_tasks(S, &ts));
    ts = good, ts.worker_count = 0;
    SAME(sepax_store_set_tasks(s2, &ts), sepax3_store_set_tasks(S, &ts));
    ts = good, ts.worker_count = SEPAX_MAX_WORKERS + 1;
    SAME(sepax_store_set_tasks(s2, &ts), sepax3_store_set_tasks(S, &ts));
#undef SAME
    sepax_store_destroy(s2);
}
