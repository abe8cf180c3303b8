/* API misuse, call by call: NULL pointers, zero counts, counts whose byte
 * sizes overflow size_t, output buffers too small, stale and foreign ids,
 * bad transforms and out-of-range enum values. Each must give its own
 * status, leave the store exactly as it was (fingerprint), and write
 * nothing outside the buffers it was given (guard bytes around every
 * output). Overflowing counts are paired with tiny real buffers: a call
 * that trusted the count would read or write far past them, which the
 * ASan and valgrind runs of this suite would catch. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "support/cases.h"
#include "sepax/sepax.h"
#include "support/guard.h"

static sepax_store *S;
static sepax_shape_id A, B, C, GONE;

static void setup(void)
{
    cr_assert_eq(sepax_store_create(NULL, &S), SEPAX_OK);
    const sepax_vec2 sq[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    const sepax_vec2 tri[3] = {{1, 1}, {4, 1}, {1, 4}};
    cr_assert_eq(sepax_add_polygon(S, sq, 4, &A), SEPAX_OK);
    cr_assert_eq(sepax_add_polygon(S, tri, 3, &B), SEPAX_OK);
    cr_assert_eq(sepax_add_box(S, (sepax_vec2){5, 5}, (sepax_vec2){1, 0.5f}, 0.3f, &GONE), SEPAX_OK);
    cr_assert_eq(sepax_add_box(S, (sepax_vec2){-3, 0}, (sepax_vec2){1, 1}, 0, &C), SEPAX_OK);
    cr_assert_eq(sepax_remove(S, GONE), SEPAX_OK);
}

static void teardown(void)
{
    sepax_store_destroy(S);
}

TestSuite(misuse, .init = setup, .fini = teardown);

#define EXPECT_REFUSED(call, want, g) GUARD_EXPECT_REFUSED(cases_store_fingerprint(S), call, want, g)

Test(misuse, null_pointers)
{
    guarded g;
    void *out = guard_init(&g);
    const sepax_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    const sepax_pair pair = {A, B};
    const sepax_transform xf = sepax_transform_identity();
    sepax_shape_id id = A;

    cr_expect_eq(sepax_store_create(NULL, NULL), SEPAX_ERR_NULL);
    sepax_allocator half = {NULL, NULL, NULL};
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &half;
    o.initial_shapes = 0;
    sepax_store *made = (sepax_store *)out;
    cr_expect_eq(sepax_store_create(&o, &made), SEPAX_ERR_NULL);
    cr_expect_null(made, "a failed create leaves *out NULL");
    sepax_store_destroy(NULL);

    EXPECT_REFUSED(sepax_add_polygon(NULL, tri, 3, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_add_polygon(S, NULL, 3, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_add_polygon(S, tri, 3, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_add_box(NULL, tri[1], tri[1], 0, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_add_box(S, tri[1], tri[1], 0, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_remove(NULL, A), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_check(NULL, A), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_id_of_slot(NULL, 0, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_id_of_slot(S, 0, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_vertices(NULL, A, 0, out, SEPAX_MAX_POLYGON_VERTICES, (uint32_t *)out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_vertices(S, A, 0, out, SEPAX_MAX_POLYGON_VERTICES, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_transform(NULL, A, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_transform(S, A, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_aabb(NULL, A, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_aabb(S, A, NULL, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_shape_aabb(S, A, out, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_set_transforms(NULL, &id, &xf, 1), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_set_transforms(S, NULL, &xf, 1), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_set_transforms(S, &id, NULL, 1), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_update_world(NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_collide(NULL, &pair, 1, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_collide(S, NULL, 1, out, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_collide(S, &pair, 1, NULL, out), SEPAX_ERR_NULL, &g);
    /* The count a compacting call reports is set to 0 when it refuses. */
    size_t found = 7;
    EXPECT_REFUSED(sepax_collide_hits(NULL, &pair, 1, out, 1, &found, NULL), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);
    found = 7;
    EXPECT_REFUSED(sepax_collide_hits(S, NULL, 1, out, 1, &found, NULL), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);
    EXPECT_REFUSED(sepax_collide_hits(S, &pair, 1, NULL, 1, &found, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_collide_hits(S, &pair, 1, out, 1, NULL, NULL), SEPAX_ERR_NULL, &g);
    found = 7;
    EXPECT_REFUSED(sepax_broadphase(NULL, out, 1, &found), SEPAX_ERR_NULL, &g);
    cr_expect_eq(found, 0);
    EXPECT_REFUSED(sepax_broadphase(S, NULL, 1, &found), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_broadphase(S, out, 1, NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_backend_from_name(NULL, out), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_backend_from_name("scalar", NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_backend_default(NULL), SEPAX_ERR_NULL, &g);
    EXPECT_REFUSED(sepax_store_set_backend(NULL, SEPAX_BACKEND_SCALAR), SEPAX_ERR_NULL, &g);

    /* The read-only queries on a NULL store answer "empty" rather than
     * crash. */
    cr_expect_eq(sepax_store_count(NULL), 0);
    cr_expect_eq(sepax_store_slot_limit(NULL), 0);
}

/* Calls whose only NULL pointers come with a zero count: nothing to read
 * or write, so they succeed and report zero. */
Test(misuse, zero_counts)
{
    guarded g;
    size_t *count = guard_init(&g);
    EXPECT_REFUSED(sepax_collide(S, NULL, 0, NULL, NULL), SEPAX_OK, &g);
    EXPECT_REFUSED(sepax_set_transforms(S, NULL, NULL, 0), SEPAX_OK, &g);

    const uint64_t before = cases_store_fingerprint(S);
    cr_expect_eq(sepax_collide_hits(S, NULL, 0, NULL, 0, count, NULL), SEPAX_OK);
    cr_expect_eq(*count, 0);
    cr_expect(guard_intact(&g, sizeof *count));
    /* Asking the broadphase for its count alone. */
    guard_init(&g);
    cr_expect_eq(sepax_broadphase(S, NULL, 0, count), SEPAX_ERR_CAPACITY);
    cr_expect_eq(*count, 1, "A and B overlap, C stands apart");
    cr_expect(guard_intact(&g, sizeof *count));
    cr_expect_eq(cases_store_fingerprint(S), before);

    /* Fewer than three vertices, including none. */
    const sepax_vec2 two[2] = {{0, 0}, {1, 0}};
    guard_init(&g);
    EXPECT_REFUSED(sepax_add_polygon(S, two, 0, (sepax_shape_id *)count), SEPAX_ERR_TOO_FEW_VERTICES, &g);
    EXPECT_REFUSED(sepax_add_polygon(S, two, 2, (sepax_shape_id *)count), SEPAX_ERR_TOO_FEW_VERTICES, &g);
}

/* Counts whose byte sizes overflow size_t, with buffers of one element:
 * the calls must refuse before touching memory past that element. */
Test(misuse, overflowing_counts)
{
    guarded g;
    void *out = guard_init(&g);
    sepax_pair pair = {A, B};
    sepax_shape_id id = A;
    sepax_transform xf = sepax_transform_identity();
    const sepax_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};

    const size_t results_wrap = SIZE_MAX / sizeof(sepax_result) + 1;
    const size_t hits_wrap = SIZE_MAX / sizeof(sepax_hit) + 1;
    const size_t xf_wrap = SIZE_MAX / sizeof(sepax_transform) + 1;
    EXPECT_REFUSED(sepax_collide(S, &pair, results_wrap, out, NULL), SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax_collide(S, &pair, SIZE_MAX, out, NULL), SEPAX_ERR_OVERFLOW, &g);
    size_t found = 7;
    EXPECT_REFUSED(sepax_collide_hits(S, &pair, hits_wrap, out, 1, &found, NULL), SEPAX_ERR_OVERFLOW, &g);
    cr_expect_eq(found, 0);
    EXPECT_REFUSED(sepax_collide_hits(S, &pair, (size_t)UINT32_MAX + 1, out, 1, &found, NULL),
                   SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax_set_transforms(S, &id, &xf, xf_wrap), SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax_set_transforms(S, &id, &xf, SIZE_MAX), SEPAX_ERR_OVERFLOW, &g);
    EXPECT_REFUSED(sepax_add_polygon(S, tri, SIZE_MAX, out), SEPAX_ERR_TOO_MANY_VERTICES, &g);
    EXPECT_REFUSED(sepax_add_polygon(S, tri, SEPAX_MAX_INPUT_VERTICES + 1, out),
                   SEPAX_ERR_TOO_MANY_VERTICES, &g);
}

/* The compacted call and the broadphase take a capacity: too small a
 * buffer gets exactly capacity entries, SEPAX_ERR_CAPACITY and the count
 * that was needed, and nothing past the buffer. */
Test(misuse, capacity_too_small)
{
    const sepax_pair pairs[3] = {{A, B}, {B, A}, {A, C}};
    sepax_hit all[3];
    size_t n = 0;
    cr_assert_eq(sepax_collide_hits(S, pairs, 3, all, 3, &n, NULL), SEPAX_OK);
    cr_assert_eq(n, 2, "A-B hit both ways, A-C misses");

    for (size_t cap = 0; cap < 2; cap++) {
        guarded g;
        sepax_hit *hits = guard_init(&g);
        size_t need = 0;
        cr_expect_eq(sepax_collide_hits(S, pairs, 3, cap ? hits : NULL, cap, &need, NULL),
                     SEPAX_ERR_CAPACITY);
        cr_expect_eq(need, 2);
        cr_expect(guard_intact(&g, cap * sizeof *hits), "capacity %zu overrun", cap);
        cr_expect_eq(memcmp(hits, all, cap * sizeof *hits), 0);
    }

    guarded g;
    sepax_pair *out = guard_init(&g);
    size_t need = 0;
    cr_expect_eq(sepax_broadphase(S, NULL, 0, &need), SEPAX_ERR_CAPACITY);
    cr_expect_eq(need, 1);
    /* A capacity larger than the need is fine and writes only the need. */
    cr_expect_eq(sepax_broadphase(S, out, 5, &need), SEPAX_OK);
    cr_expect(guard_intact(&g, need * sizeof *out));
}

/* Every call that takes an id refuses one whose shape was removed, one
 * from past the slots and one with a wrong generation, without writing. */
Test(misuse, stale_and_foreign_ids)
{
    const sepax_shape_id wrong_gen = (A & 0xFFFFFFu) | ((SEPAX_ID_GENERATION(A) + 1u) << 24);
    const struct {
        sepax_shape_id id;
        sepax_status want;
    } bad[] = {
        {GONE, SEPAX_ERR_STALE_ID},
        {wrong_gen, SEPAX_ERR_STALE_ID},
        {1000, SEPAX_ERR_BAD_ID},
        {0xFFFFFFFFu, SEPAX_ERR_BAD_ID},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        guarded g;
        void *out = guard_init(&g);
        const sepax_shape_id id = bad[k].id;
        const sepax_status want = bad[k].want;
        const sepax_transform xf = sepax_transform_identity();
        const sepax_shape_id ids[2] = {A, id};
        const sepax_transform xfs[2] = {xf, xf};
        EXPECT_REFUSED(sepax_shape_check(S, id), want, &g);
        EXPECT_REFUSED(sepax_remove(S, id), want, &g);
        EXPECT_REFUSED(sepax_shape_vertices(S, id, 1, out, SEPAX_MAX_POLYGON_VERTICES, (uint32_t *)out), want, &g);
        EXPECT_REFUSED(sepax_shape_transform(S, id, out), want, &g);
        EXPECT_REFUSED(sepax_shape_aabb(S, id, out, out), want, &g);
        EXPECT_REFUSED(sepax_set_transforms(S, ids, xfs, 2), want, &g);
        const sepax_pair pairs[3] = {{A, B}, {B, id}, {id, A}};
        size_t bad_index = 99;
        EXPECT_REFUSED(sepax_collide(S, pairs, 3, out, &bad_index), want, &g);
        cr_expect_eq(bad_index, 1);
        bad_index = 99;
        size_t found = 7;
        EXPECT_REFUSED(sepax_collide_hits(S, pairs + 2, 1, out, 4, &found, &bad_index), want, &g);
        cr_expect_eq(bad_index, 0);
        cr_expect_eq(found, 0, "a refused compacted call reports no hits");
    }
    /* A pair naming one shape twice. */
    guarded g;
    void *out = guard_init(&g);
    const sepax_pair twice = {B, B};
    EXPECT_REFUSED(sepax_collide(S, &twice, 1, out, NULL), SEPAX_ERR_BAD_PAIR, &g);
}

/* Transforms: NaN, infinity, a translation past SEPAX_MAX_COORDINATE and
 * a rotation off unit length each have their own status; the limit
 * itself is accepted and collides to finite values. */
Test(misuse, transforms)
{
    guarded g;
    guard_init(&g);
    const struct {
        sepax_transform t;
        sepax_status want;
    } bad[] = {
        {{{NAN, 0}, {1, 0}}, SEPAX_ERR_NOT_FINITE},
        {{{0, -INFINITY}, {1, 0}}, SEPAX_ERR_NOT_FINITE},
        {{{0, 0}, {0, NAN}}, SEPAX_ERR_NOT_FINITE},
        {{{2e18f, 0}, {1, 0}}, SEPAX_ERR_OUT_OF_RANGE},
        {{{0, -3e38f}, {1, 0}}, SEPAX_ERR_OUT_OF_RANGE},
        {{{0, 0}, {2, 0}}, SEPAX_ERR_BAD_TRANSFORM},
        {{{0, 0}, {0, 0}}, SEPAX_ERR_BAD_TRANSFORM},
        {{{0, 0}, {0.6f, 0.6f}}, SEPAX_ERR_BAD_TRANSFORM},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        EXPECT_REFUSED(sepax_set_transforms(S, &B, &bad[k].t, 1), bad[k].want, &g);

    const sepax_shape_id ids[2] = {A, B};
    const sepax_transform far[2] = {{{SEPAX_MAX_COORDINATE, -SEPAX_MAX_COORDINATE}, {0, 1}},
                                    {{-SEPAX_MAX_COORDINATE, SEPAX_MAX_COORDINATE}, {1, 0}}};
    cr_assert_eq(sepax_set_transforms(S, ids, far, 2), SEPAX_OK);
    const sepax_pair pair = {A, B};
    sepax_result r;
    cr_assert_eq(sepax_collide(S, &pair, 1, &r, NULL), SEPAX_OK);
    cr_expect(isfinite(r.separation) && r.separation > 1e18f, "separation %g", r.separation);
    cr_expect_eq(r.flags, 0);
}

/* Vertex coordinates past the limit are refused like NaN ones are. */
Test(misuse, coordinates_out_of_range)
{
    guarded g;
    sepax_shape_id *id = guard_init(&g);
    const sepax_vec2 far[3] = {{0, 0}, {1.5e18f, 0}, {0, 1}};
    const sepax_vec2 huge[3] = {{-3e38f, -3e38f}, {-2.9e38f, -3e38f}, {-2.9e38f, -2.9e38f}};
    EXPECT_REFUSED(sepax_add_polygon(S, far, 3, id), SEPAX_ERR_OUT_OF_RANGE, &g);
    EXPECT_REFUSED(sepax_add_polygon(S, huge, 3, id), SEPAX_ERR_OUT_OF_RANGE, &g);
    EXPECT_REFUSED(sepax_add_box(S, (sepax_vec2){1e19f, 0}, (sepax_vec2){1, 1}, 0, id),
                   SEPAX_ERR_OUT_OF_RANGE, &g);
    EXPECT_REFUSED(sepax_add_box(S, (sepax_vec2){0, 0}, (sepax_vec2){1e30f, 1}, 0, id),
                   SEPAX_ERR_OUT_OF_RANGE, &g);
    const sepax_vec2 edge[3] = {{0, 0}, {SEPAX_MAX_COORDINATE, 0}, {0, SEPAX_MAX_COORDINATE}};
    cr_expect_eq(sepax_add_polygon(S, edge, 3, id), SEPAX_OK, "the limit itself is accepted");
}

/* Enum values out of range and unknown names. */
Test(misuse, enums_and_names)
{
    guarded g;
    sepax_backend *out = guard_init(&g);
    EXPECT_REFUSED(sepax_store_set_backend(S, SEPAX_BACKEND_COUNT), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    EXPECT_REFUSED(sepax_store_set_backend(S, (sepax_backend)-1), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    EXPECT_REFUSED(sepax_backend_from_name("", out), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    EXPECT_REFUSED(sepax_backend_from_name("AVX2", out), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    EXPECT_REFUSED(sepax_backend_from_name("avx2 ", out), SEPAX_ERR_UNKNOWN_BACKEND, &g);
    cr_expect_null(sepax_backend_name(SEPAX_BACKEND_COUNT));
    cr_expect_null(sepax_backend_name((sepax_backend)-1));
    cr_expect_eq(sepax_backend_available(SEPAX_BACKEND_COUNT), 0);
    cr_expect_eq(sepax_backend_available((sepax_backend)-7), 0);
    cr_expect_str_eq(sepax_status_string((sepax_status)-1), "unknown status");
    cr_expect_str_eq(sepax_status_string(SEPAX_STATUS_COUNT), "unknown status");
}

/* A box's refusals say what is wrong with what was passed: a half extent
 * not above 0, a box too thin for cleaning wherever it stands, or a box
 * that float cannot hold apart where it stands (its exact corners make a
 * rectangle, its rounded ones do not). Each leaves the store as it was,
 * and the same box nearer the origin, or larger, is kept. */
Test(misuse, box_refusals_name_the_fault)
{
    guarded g;
    sepax_shape_id *id = guard_init(&g);
    const sepax_vec2 far = {1e8f, 1e8f}; /* float's spacing there is 8 */
    EXPECT_REFUSED(sepax_add_box(S, far, (sepax_vec2){0, 1}, 0, id), SEPAX_ERR_BAD_EXTENT, &g);
    /* all four corners round to the centre */
    EXPECT_REFUSED(sepax_add_box(S, far, (sepax_vec2){1, 1}, 0, id), SEPAX_ERR_TOO_SMALL, &g);
    EXPECT_REFUSED(sepax_add_box(S, far, (sepax_vec2){1, 1}, 0.7f, id), SEPAX_ERR_TOO_SMALL, &g);
    /* two corners apart in y, none in x: a segment */
    EXPECT_REFUSED(sepax_add_box(S, far, (sepax_vec2){1, 100}, 0, id), SEPAX_ERR_TOO_SMALL, &g);
    /* a box thinner than the cleaning tolerance is its own fault, at the
     * origin as far away */
    EXPECT_REFUSED(sepax_add_box(S, (sepax_vec2){0, 0}, (sepax_vec2){1, 1e-7f}, 0, id),
                   SEPAX_ERR_DEGENERATE, &g);
    EXPECT_REFUSED(sepax_add_box(S, far, (sepax_vec2){100, 1e-7f}, 0.3f, id), SEPAX_ERR_DEGENERATE,
                   &g);
    /* finite numbers whose corner overflows float: beyond the limit, not
     * a NaN the caller gave */
    EXPECT_REFUSED(sepax_add_box(S, (sepax_vec2){3e38f, 0}, (sepax_vec2){3e38f, 1}, 0, id),
                   SEPAX_ERR_OUT_OF_RANGE, &g);

    cr_expect_str_eq(sepax_status_string(SEPAX_ERR_TOO_SMALL),
                     "the shape is too small for float at its distance from the origin: points "
                     "it holds apart (a box's corners, a capsule's ends) round together");

    const uint32_t before = sepax_store_count(S);
    sepax_shape_id kept;
    cr_expect_eq(sepax_add_box(S, (sepax_vec2){0, 0}, (sepax_vec2){1, 1}, 0, &kept), SEPAX_OK);
    cr_expect_eq(sepax_add_box(S, far, (sepax_vec2){100, 100}, 0.3f, &kept), SEPAX_OK);
    cr_expect_eq(sepax_store_count(S), before + 2u);
}

/* A task system's callbacks for checks that refuse it before any call. */
static void *never_enqueue(sepax_task_fn *task, int32_t items, int32_t min_range, void *context,
                           void *user)
{
    (void)min_range, (void)user;
    task(0, items, 0, context);
    return NULL;
}

static void never_finish(void *handle, void *user)
{
    (void)handle, (void)user;
}

/* The round kinds' radius and the store's task system have their own
 * statuses, not a catch-all. */
Test(misuse, radius_and_workers_name_the_fault)
{
    guarded g;
    sepax_shape_id *id = guard_init(&g);
    const sepax_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    EXPECT_REFUSED(sepax_add_circle(S, (sepax_vec2){0, 0}, 0, id), SEPAX_ERR_BAD_RADIUS, &g);
    EXPECT_REFUSED(sepax_add_capsule(S, sq[0], sq[1], -1, id), SEPAX_ERR_BAD_RADIUS, &g);
    EXPECT_REFUSED(sepax_add_rounded_polygon(S, sq, 4, -0.0f, id), SEPAX_ERR_BAD_RADIUS, &g);
    cr_expect_str_eq(sepax_status_string(SEPAX_ERR_BAD_RADIUS), "the radius must be above 0");

    sepax_task_system t = {sizeof t, 0, never_enqueue, never_finish, NULL};
    EXPECT_REFUSED(sepax_store_set_tasks(S, &t), SEPAX_ERR_BAD_WORKER, &g);
    t.worker_count = SEPAX_MAX_WORKERS + 1;
    EXPECT_REFUSED(sepax_store_set_tasks(S, &t), SEPAX_ERR_BAD_WORKER, &g);
}
