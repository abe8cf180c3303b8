/* Allocation failure: fail the n-th allocation for every n along the paths
 * that allocate (store create, add with growth and compaction, broadphase;
 * remove must not allocate) and check each
 * call returns SEPAX_ERR_OUT_OF_MEMORY with the store unchanged and usable.
 * Leaks show under the ASan build's leak checker. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "scene.h"
#include "sepax/sepax.h"

typedef struct budget {
    long left; /* allocations still allowed; < 0: unlimited */
    long made;
} budget;

static void *limited_alloc(size_t size, void *user)
{
    budget *b = user;
    if (b->left == 0)
        return NULL;
    if (b->left > 0)
        b->left--;
    b->made++;
    size_t rounded = (size + 63u) & ~(size_t)63u;
    return aligned_alloc(64, rounded ? rounded : 64);
}

static void plain_free(void *p, void *user)
{
    (void)user;
    free(p);
}

Test(alloc, store_create_fails_cleanly)
{
    for (long n = 0; n < 8; n++) {
        budget b = {n, 0};
        sepax_allocator a = {limited_alloc, plain_free, &b};
        sepax_store_options o = sepax_store_options_default();
        o.allocator = &a;
        o.initial_shapes = 1000;
        sepax_store *s = (sepax_store *)1;
        sepax_status st = sepax_store_create(&o, &s);
        if (st == SEPAX_OK) {
            cr_assert_not_null(s);
            sepax_store_destroy(s);
            cr_assert_geq(n, 1, "created without any allocation");
            return;
        }
        cr_assert_eq(st, SEPAX_ERR_OUT_OF_MEMORY, "n=%ld: %s", n, sepax_status_string(st));
        cr_assert_null(s);
    }
    cr_assert_fail("store creation never succeeded");
}

/* One add, however the caller makes it. */
typedef sepax_status (*add_fn)(sepax_store *s, const void *what, sepax_shape_id *id);

/* Make an add with its n-th allocation refused, for n = 0, 1, ... until it
 * goes through: each refused try must report SEPAX_ERR_OUT_OF_MEMORY and
 * leave the store exactly as it was. Counts the refusals in *failures and
 * keeps the largest n refused in *deepest. Returns the new id. */
static sepax_shape_id add_refusing(sepax_store *s, budget *b, add_fn add, const void *what,
                                   size_t index, long *failures, long *deepest)
{
    for (long n = 0;; n++) {
        const uint64_t before = cases_store_fingerprint(s);
        sepax_shape_id id;
        b->left = n;
        const sepax_status st = add(s, what, &id);
        b->left = -1;
        if (st == SEPAX_OK)
            return id;
        cr_assert_eq(st, SEPAX_ERR_OUT_OF_MEMORY, "add %zu, n=%ld: %s", index, n,
                     sepax_status_string(st));
        cr_assert_eq(cases_store_fingerprint(s), before, "add %zu, n=%ld changed the store", index, n);
        cr_assert_lt(n, 8, "add %zu never succeeded", index);
        (*failures)++;
        *deepest = n > *deepest ? n : *deepest;
    }
}

typedef struct scene_shape {
    const sepax_scene *scene;
    size_t index;
} scene_shape;

static sepax_status add_scene_polygon(sepax_store *s, const void *what, sepax_shape_id *id)
{
    const scene_shape *w = what;
    const sepax_scene_shape *sh = &w->scene->shapes[w->index];
    return sepax_add_polygon(s, w->scene->vertices + sh->first, sh->count, id);
}

/* Fill a store through many growths. Every add is first tried with its
 * n-th allocation refused, for n = 0, 1, ... until it goes through: each
 * refused try leaves the store exactly as it was, and the add succeeds
 * once memory is back. Removals make holes, so growth also compacts; the
 * removals themselves must not allocate. */
Test(alloc, adds_and_growth_fail_cleanly)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 600;
    p.max_vertices = 20;
    sepax_scene scene;
    cr_assert_eq(sepax_scene_generate(&p, &scene), 0);
    budget b = {-1, 0};
    sepax_allocator a = {limited_alloc, plain_free, &b};
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &a;
    o.initial_shapes = 1;
    sepax_store *s;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    long failures = 0, deepest = 0;
    for (size_t i = 0; i < scene.shape_count; i++) {
        const scene_shape what = {&scene, i};
        const sepax_shape_id id =
            add_refusing(s, &b, add_scene_polygon, &what, i, &failures, &deepest);
        if (i % 7 == 3) { /* holes, so growth also compacts */
            const long made = b.made;
            b.left = 0;
            cr_assert_eq(sepax_remove(s, id), SEPAX_OK);
            b.left = -1;
            cr_assert_eq(b.made, made, "remove allocated");
        }
    }
    cr_assert_geq(failures, 5, "growth should have been refused several times");
    cr_assert_geq(deepest, 1, "no add made a second allocation to refuse");
    /* The store still works after all that. */
    size_t want = 0;
    const sepax_status st = sepax_broadphase(s, NULL, 0, &want);
    cr_assert_eq(st, SEPAX_ERR_CAPACITY, "%s", sepax_status_string(st));
    cr_assert_gt(want, 0);
    sepax_store_destroy(s);
    sepax_scene_free(&scene);
}

Test(alloc, broadphase_fails_cleanly)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 300;
    sepax_scene scene;
    cr_assert_eq(sepax_scene_generate(&p, &scene), 0);
    budget b = {-1, 0};
    sepax_allocator a = {limited_alloc, plain_free, &b};
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &a;
    o.initial_shapes = 0;
    sepax_store *s;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    cr_assert_eq(sepax_scene_load(&scene, s, NULL, NULL), 0);
    size_t want;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &want), SEPAX_ERR_CAPACITY);
    sepax_pair *pairs = malloc(want * sizeof *pairs);
    for (long n = 0;; n++) {
        b.left = n;
        size_t got = 12345;
        sepax_status st = sepax_broadphase(s, pairs, want, &got);
        b.left = -1;
        if (st == SEPAX_OK) {
            cr_assert_eq(got, want);
            cr_assert_geq(n, 1);
            break;
        }
        cr_assert_eq(st, SEPAX_ERR_OUT_OF_MEMORY, "n=%ld: %s", n, sepax_status_string(st));
        cr_assert_eq(got, 0, "a failed broadphase reports no pairs");
        cr_assert_lt(n, 10, "broadphase never succeeded");
    }
    free(pairs);
    sepax_store_destroy(s);
    sepax_scene_free(&scene);
}

/* Shape i of a run of round and thin shapes: the kinds in turn, on a grid. */
static sepax_status add_round_kind(sepax_store *s, const void *what, sepax_shape_id *id)
{
    const int i = *(const int *)what;
    const float x = (float)(i % 17), y = (float)(i / 17);
    const sepax_vec2 p1 = {x, y}, p2 = {x + 0.5f, y};
    const sepax_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    switch (i % 4) {
    case 0: return sepax_add_circle(s, p1, 0.25f, id);
    case 1: return sepax_add_capsule(s, p1, p2, 0.25f, id);
    case 2: return sepax_add_segment(s, p1, p2, id);
    default: return sepax_add_rounded_polygon(s, tri, 3, 0.1f, id);
    }
}

/* The round and thin kinds allocate through the same insertion as
 * polygons; check it from their own entry points too, growth included. */
Test(alloc, round_kinds_fail_cleanly)
{
    budget b = {-1, 0};
    sepax_allocator a = {limited_alloc, plain_free, &b};
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &a;
    o.initial_shapes = 1;
    sepax_store *s;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    long failures = 0, deepest = 0;
    for (int i = 0; i < 300; i++)
        (void)add_refusing(s, &b, add_round_kind, &i, (size_t)i, &failures, &deepest);
    cr_assert_geq(failures, 5, "growth should have been refused several times");
    sepax_store_destroy(s);
}
