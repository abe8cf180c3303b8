/* A store at its limits: full (SEPAX_ERR_FULL) and a pool past what its
 * offsets address (SEPAX_ERR_OVERFLOW), in 2D and 3D. The real limits
 * take 2^24 shapes or 2^31 pool floats (gigabytes), so this suite runs on
 * a copy of the library built with them lowered (src/common/ids.h,
 * tests/meson.build): LIMIT_SHAPES shapes, LIMIT_POOL and LIMIT_POOL3
 * floats. The code that refuses is the same; only the numbers differ.
 * Each refusal must leave the store as it was (fingerprint, guard bytes
 * on the id), and the store must go on working: collide answers as
 * before, an add that fits is kept, and a removal makes room again. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "common/ids.h"
#include "sepax/sepax.h"
#include "sepax/sepax3d.h"
#include "support/cases.h"
#include "support/fingerprint3.h"
#include "support/guard.h"

_Static_assert(SEPAX_SHAPES_MOST == LIMIT_SHAPES, "this build lowers the shape limit");
_Static_assert(SEPAX_POOL_FLOATS_MOST == LIMIT_POOL, "this build lowers the 2D pool limit");
_Static_assert(SEPAX3_POOL_FLOATS_MOST == LIMIT_POOL3, "this build lowers the 3D pool limit");

#define EXPECT_REFUSED2(s, call, want, g) GUARD_EXPECT_REFUSED(cases_store_fingerprint(s), call, want, g)
#define EXPECT_REFUSED3(s, call, want, g) GUARD_EXPECT_REFUSED(fingerprint3_store(s), call, want, g)

static sepax_store *store2(void)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    return s;
}

static sepax3_store *store3(void)
{
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    return s;
}

/* A unit triangle at (x, 0). */
static sepax_status add_triangle(sepax_store *s, float x, sepax_shape_id *id)
{
    const sepax_vec2 v[3] = {{x, 0}, {x + 1, 0}, {x, 1}};
    return sepax_add_polygon(s, v, 3, id);
}

/* Collide the pairs of the first shapes and compare with want (NULL: keep
 * them in got only). */
static void collide2(const sepax_store *s, const sepax_pair *pairs, size_t n, sepax_result *got,
                     const sepax_result *want)
{
    cr_assert_eq(sepax_collide(s, pairs, n, got, NULL), SEPAX_OK);
    if (want)
        cr_expect(memcmp(got, want, n * sizeof *got) == 0, "a refused add changed a result");
}

Test(limits, full_2d_store)
{
    sepax_store *s = store2();
    sepax_shape_id ids[LIMIT_SHAPES];
    for (uint32_t i = 0; i < LIMIT_SHAPES; i++)
        cr_assert_eq(add_triangle(s, 0.5f * (float)i, &ids[i]), SEPAX_OK, "shape %u", i);
    cr_assert_eq(sepax_store_count(s), LIMIT_SHAPES);
    /* overlapping neighbours: hits */
    const sepax_pair pairs[3] = {{ids[0], ids[1]}, {ids[1], ids[2]}, {ids[0], ids[LIMIT_SHAPES - 1]}};
    sepax_result before[3], after[3];
    collide2(s, pairs, 3, before, NULL);
    cr_expect(before[0].flags & SEPAX_HIT);

    guarded g;
    sepax_shape_id *out = guard_init(&g);
    const sepax_vec2 o = {0, 0}, e = {1, 0}, sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    EXPECT_REFUSED2(s, add_triangle(s, -5, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED2(s, sepax_add_box(s, o, e, 0, out), SEPAX_ERR_BAD_EXTENT, &g);
    EXPECT_REFUSED2(s, sepax_add_box(s, o, (sepax_vec2){1, 1}, 0, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED2(s, sepax_add_circle(s, o, 1, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED2(s, sepax_add_capsule(s, o, e, 1, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED2(s, sepax_add_segment(s, o, e, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED2(s, sepax_add_rounded_polygon(s, sq, 4, 0.5f, out), SEPAX_ERR_FULL, &g);
    /* the argument's own fault comes first, as in a store with room */
    EXPECT_REFUSED2(s, sepax_add_circle(s, o, 0, out), SEPAX_ERR_BAD_RADIUS, &g);
    cr_expect_str_eq(sepax_status_string(SEPAX_ERR_FULL), "store is full");

    /* still usable: the same answers, world updates, the broadphase */
    collide2(s, pairs, 3, after, before);
    cr_expect_eq(sepax_update_world(s), SEPAX_OK);
    size_t found = 0;
    cr_expect_eq(sepax_broadphase(s, NULL, 0, &found), SEPAX_ERR_CAPACITY);
    cr_expect_gt(found, 0u);
    /* a removal makes room for one more, in the freed slot */
    cr_assert_eq(sepax_remove(s, ids[5]), SEPAX_OK);
    sepax_shape_id again;
    cr_expect_eq(sepax_add_circle(s, o, 1, &again), SEPAX_OK);
    cr_expect_eq(SEPAX_ID_SLOT(again), SEPAX_ID_SLOT(ids[5]));
    cr_expect_eq(SEPAX_ID_GENERATION(again), 1u);
    EXPECT_REFUSED2(s, add_triangle(s, -5, out), SEPAX_ERR_FULL, &g);
    sepax_store_destroy(s);
}

Test(limits, full_3d_store)
{
    sepax3_store *s = store3();
    sepax_shape_id ids[LIMIT_SHAPES];
    for (uint32_t i = 0; i < LIMIT_SHAPES; i++)
        cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){1.5f * (float)i, 0, 0}, 1, &ids[i]),
                     SEPAX_OK, "shape %u", i);
    const sepax_pair pairs[2] = {{ids[0], ids[1]}, {ids[0], ids[2]}};
    sepax3_result before[2], after[2];
    cr_assert_eq(sepax3_collide(s, pairs, 2, before, NULL), SEPAX_OK);
    cr_expect(before[0].flags & SEPAX_HIT);
    cr_expect(!(before[1].flags & SEPAX_HIT));

    guarded g;
    sepax_shape_id *out = guard_init(&g);
    const sepax3_vec o = {0, 0, 0}, one = {1, 1, 1};
    const sepax3_quat id = {1, 0, 0, 0};
    const sepax3_vec cube[8] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
    EXPECT_REFUSED3(s, sepax3_add_sphere(s, o, 1, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED3(s, sepax3_add_box(s, o, one, id, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED3(s, sepax3_add_capsule(s, o, one, 1, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED3(s, sepax3_add_hull(s, cube, 8, out), SEPAX_ERR_FULL, &g);
    EXPECT_REFUSED3(s, sepax3_add_sphere(s, o, -1, out), SEPAX_ERR_BAD_RADIUS, &g);

    cr_assert_eq(sepax3_collide(s, pairs, 2, after, NULL), SEPAX_OK);
    cr_expect(memcmp(before, after, sizeof before) == 0, "a refused add changed a result");
    cr_expect_eq(sepax3_update_world(s), SEPAX_OK);
    cr_assert_eq(sepax3_remove(s, ids[7]), SEPAX_OK);
    sepax_shape_id again;
    cr_expect_eq(sepax3_add_box(s, o, one, id, &again), SEPAX_OK);
    cr_expect_eq(SEPAX_ID_SLOT(again), SEPAX_ID_SLOT(ids[7]));
    EXPECT_REFUSED3(s, sepax3_add_sphere(s, o, 1, out), SEPAX_ERR_FULL, &g);
    sepax3_store_destroy(s);
}

/* A regular 64-gon of radius r at (x, 0): the largest pool region. */
static sepax_status add_big(sepax_store *s, float x, sepax_shape_id *id)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    for (int k = 0; k < SEPAX_MAX_POLYGON_VERTICES; k++) {
        const double a = 2.0 * 3.14159265358979323846 * k / SEPAX_MAX_POLYGON_VERTICES;
        v[k] = (sepax_vec2){(float)(x + cos(a)), (float)sin(a)};
    }
    return sepax_add_polygon(s, v, SEPAX_MAX_POLYGON_VERTICES, id);
}

Test(limits, full_2d_pool)
{
    sepax_store *s = store2();
    sepax_shape_id ids[LIMIT_SHAPES];
    uint32_t n = 0;
    sepax_status st = SEPAX_OK;
    while (n < LIMIT_SHAPES && (st = add_big(s, 1.5f * (float)n, &ids[n])) == SEPAX_OK)
        n++;
    cr_assert_eq(st, SEPAX_ERR_OVERFLOW, "%u shapes of 64 vertices: %s", n,
                 sepax_status_string(st));
    cr_assert(n >= 2u && n < LIMIT_SHAPES, "%u shapes before the pool was full", n);

    const sepax_pair pairs[2] = {{ids[0], ids[1]}, {ids[0], ids[n - 1]}};
    sepax_result before[2], after[2];
    collide2(s, pairs, 2, before, NULL);
    guarded g;
    sepax_shape_id *out = guard_init(&g);
    EXPECT_REFUSED2(s, add_big(s, -3, out), SEPAX_ERR_OVERFLOW, &g);
    cr_expect_str_eq(sepax_status_string(SEPAX_ERR_OVERFLOW),
                     "count too large for the sizes or offsets it needs");
    collide2(s, pairs, 2, after, before);

    /* the pool is full for any shape now (a triangle needs a region
     * too); removed shapes leave holes that the next growth packs away,
     * so a triangle and then the big one fit again */
    EXPECT_REFUSED2(s, add_triangle(s, -3, out), SEPAX_ERR_OVERFLOW, &g);
    cr_assert_eq(sepax_remove(s, ids[1]), SEPAX_OK);
    cr_assert_eq(sepax_remove(s, ids[2]), SEPAX_OK);
    sepax_shape_id small, big;
    cr_expect_eq(add_triangle(s, -3, &small), SEPAX_OK);
    cr_expect_eq(add_big(s, -6, &big), SEPAX_OK);
    const sepax_pair left[2] = {{ids[0], small}, {ids[0], big}};
    cr_expect_eq(sepax_collide(s, left, 2, after, NULL), SEPAX_OK);
    cr_expect_eq(sepax_update_world(s), SEPAX_OK);
    sepax_store_destroy(s);
}

Test(limits, full_3d_pool)
{
    sepax3_store *s = store3();
    sepax_shape_id ids[LIMIT_SHAPES];
    uint32_t n = 0;
    sepax_status st = SEPAX_OK;
    while (n < LIMIT_SHAPES) {
        const float x = 1.5f * (float)n;
        const sepax3_vec cube[8] = {{x, 0, 0}, {x + 1, 0, 0}, {x, 1, 0}, {x + 1, 1, 0},
                                    {x, 0, 1}, {x + 1, 0, 1}, {x, 1, 1}, {x + 1, 1, 1}};
        if ((st = sepax3_add_hull(s, cube, 8, &ids[n])) != SEPAX_OK)
            break;
        n++;
    }
    cr_assert_eq(st, SEPAX_ERR_OVERFLOW, "%u hulls: %s", n, sepax_status_string(st));
    cr_assert(n >= 2u && n < LIMIT_SHAPES, "%u hulls before the pool was full", n);

    const sepax_pair pairs[2] = {{ids[0], ids[1]}, {ids[0], ids[n - 1]}};
    sepax3_result before[2], after[2];
    cr_assert_eq(sepax3_collide(s, pairs, 2, before, NULL), SEPAX_OK);
    guarded g;
    sepax_shape_id *out = guard_init(&g);
    const sepax3_vec cube[8] = {{0, 5, 0}, {1, 5, 0}, {0, 6, 0}, {1, 6, 0},
                                {0, 5, 1}, {1, 5, 1}, {0, 6, 1}, {1, 6, 1}};
    EXPECT_REFUSED3(s, sepax3_add_hull(s, cube, 8, out), SEPAX_ERR_OVERFLOW, &g);
    cr_assert_eq(sepax3_collide(s, pairs, 2, after, NULL), SEPAX_OK);
    cr_expect(memcmp(before, after, sizeof before) == 0, "a refused add changed a result");

    /* kinds without a pool block still go in */
    sepax_shape_id box;
    cr_expect_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){1, 1, 1},
                                (sepax3_quat){1, 0, 0, 0}, &box),
                 SEPAX_OK);
    /* a removed hull's block is packed away when the pool is remade */
    cr_assert_eq(sepax3_remove(s, ids[1]), SEPAX_OK);
    sepax_shape_id hull;
    cr_expect_eq(sepax3_add_hull(s, cube, 8, &hull), SEPAX_OK);
    const sepax_pair left[2] = {{ids[0], box}, {ids[0], hull}};
    cr_expect_eq(sepax3_collide(s, left, 2, after, NULL), SEPAX_OK);
    cr_expect(after[0].flags & SEPAX_HIT);
    cr_expect_eq(sepax3_update_world(s), SEPAX_OK);
    sepax3_store_destroy(s);
}
