/* The world update (src/world.c and every backend's world kernel): world
 * vertices, normals and bounding boxes are bit-identical across backends,
 * and match the transform worked by hand. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "support/cases.h"
#include "scene.h"
#include "2d/store.h"
#include "support/backends_criterion.h"

/* Everything a collision can read about a shape after an update: its
 * world region (vertices, normals, spare lanes) and its bounding box,
 * copied as the pool floats and then four floats of box per slot. */
static size_t world_bytes(const sepax_store *s)
{
    return (s->pool_used + 4 * (size_t)s->core.slot_limit) * sizeof(float);
}

static sepax_status take(sepax_store *s, void *out, void *ctx)
{
    (void)ctx;
    float *f = out;
    memcpy(f, s->pool, s->pool_used * sizeof(float));
    f += s->pool_used;
    for (uint32_t i = 0; i < s->core.slot_limit; i++) {
        f[4 * i + 0] = s->lo_x[i];
        f[4 * i + 1] = s->lo_y[i];
        f[4 * i + 2] = s->hi_x[i];
        f[4 * i + 3] = s->hi_y[i];
    }
    return SEPAX_OK;
}

static void describe(const void *want, const void *got, size_t unit, char *msg, size_t size,
                     void *ctx)
{
    const sepax_store *s = ctx;
    float w, g;
    memcpy(&w, want, sizeof w);
    memcpy(&g, got, sizeof g);
    if (unit < s->pool_used)
        snprintf(msg, size, "world column float %zu: %a, scalar %a", unit, (double)g, (double)w);
    else
        snprintf(msg, size, "bounding box of slot %zu: %a, scalar %a",
                 (unit - s->pool_used) / 4, (double)g, (double)w);
}

/* remove_every > 0: every remove_every-th slot is freed after loading, so
 * that the vector kernels' runs of four slots in use are broken up. Every
 * backend's world kernel, run over junk left in the columns, must write
 * the reference's bytes. */
static void check_backends_agree(sepax_scene_params params, uint32_t remove_every)
{
    sepax_scene scene;
    cr_assert_eq(sepax_scene_generate(&params, &scene), 0);
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_scene_load(&scene, s, NULL, NULL), 0);
    for (uint32_t slot = 0; remove_every && slot < s->core.slot_limit; slot += remove_every) {
        sepax_shape_id id;
        cr_assert_eq(sepax_shape_id_of_slot(s, slot, &id), SEPAX_OK);
        cr_assert_eq(sepax_remove(s, id), SEPAX_OK);
    }
    const backends_job job = {take, s, world_bytes(s), sizeof(float), describe, 0, NULL};
    (void)assert_backends_match_scalar(s, &job, "world update");
    /* generic is always built: some vector backend was compared */
    sepax_backend others[SEPAX_BACKEND_COUNT];
    cr_assert_geq(backends_others(others), 1u, "no vector backend to compare");
    sepax_store_destroy(s);
    sepax_scene_free(&scene);
}

Test(world, backends_match_reference_small_polygons)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 3001; /* not a multiple of four: a tail of one */
    p.seed = 7;
    check_backends_agree(p, 0);
    check_backends_agree(p, 11);
}

Test(world, backends_match_reference_large_polygons)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 500;
    p.seed = 8;
    p.min_vertices = 9;
    p.max_vertices = 64;
    check_backends_agree(p, 0);
}

/* A quarter turn about the origin then a shift: every product is exact,
 * so the expected world coordinates are exact too. */
Test(world, quarter_turn_by_hand)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    const sepax_vec2 sq[] = {{0, 0}, {2, 0}, {2, 1}, {0, 1}};
    sepax_shape_id id;
    cr_assert_eq(sepax_add_polygon(s, sq, 4, &id), SEPAX_OK);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
        const sepax_transform t = {{10.0f, -3.0f}, {0.0f, 1.0f}};
        cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
        sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n;
        cr_assert_eq(sepax_shape_vertices(s, id, 1, w, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
        cr_assert_eq(n, 4);
        const sepax_vec2 want[] = {{10, -3}, {10, -1}, {9, -1}, {9, -3}};
        for (uint32_t i = 0; i < 4; i++) {
            cr_expect_eq(w[i].x, want[i].x, "%s vertex %u x", sepax_backend_name(b), i);
            cr_expect_eq(w[i].y, want[i].y, "%s vertex %u y", sepax_backend_name(b), i);
        }
        sepax_vec2 lo, hi;
        cr_assert_eq(sepax_shape_aabb(s, id, &lo, &hi), SEPAX_OK);
        cr_expect(lo.x == 9.0f && lo.y == -3.0f && hi.x == 10.0f && hi.y == -1.0f,
                  "%s box (%g %g)-(%g %g)", sepax_backend_name(b), lo.x, lo.y, hi.x, hi.y);
    }
    sepax_store_destroy(s);
}

/* Round shapes' boxes are grown by the world kernels themselves. */
Test(world, backends_match_reference_mixed_kinds)
{
    sepax_scene_params p = sepax_scene_params_mixed_kinds();
    p.shapes = 3002;
    p.seed = 9;
    check_backends_agree(p, 0);
    check_backends_agree(p, 5);
}

/* The inline step is nextafterf towards -inf, for every float class the
 * box store can meet (finite values of both signs, zeros, subnormals). */
Test(world, step_down_is_nextafterf)
{
    const float xs[] = {0.0f, -0.0f, 1.0f, -1.0f, FLT_TRUE_MIN, -FLT_TRUE_MIN, FLT_MIN,
                        -FLT_MIN, 0x1p-140f, -0x1p-140f, FLT_MAX, 4e18f, -4e18f, 3.5f, -0.1f};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        const float got = sepax_step_down(xs[i]), want = nextafterf(xs[i], -INFINITY);
        cr_expect_eq(memcmp(&got, &want, sizeof got), 0, "step_down(%a) = %a, want %a", xs[i],
                     got, want);
    }
}

/* A unit circle whose box touches zero: lo - r is exactly +0 there, and
 * the bound must still step below it, to -FLT_TRUE_MIN. */
Test(world, round_box_steps_outward_by_hand)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    sepax_shape_id id;
    cr_assert_eq(sepax_add_circle(s, (sepax_vec2){0, 0}, 1.0f, &id), SEPAX_OK);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
        const sepax_transform t = {{1.0f, -1.0f}, {1.0f, 0.0f}};
        cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
        sepax_vec2 lo, hi;
        cr_assert_eq(sepax_shape_aabb(s, id, &lo, &hi), SEPAX_OK);
        cr_expect(lo.x == -FLT_TRUE_MIN && lo.y == nextafterf(-2.0f, -INFINITY) &&
                      hi.x == nextafterf(2.0f, INFINITY) && hi.y == FLT_TRUE_MIN,
                  "%s box (%a %a)-(%a %a)", sepax_backend_name(b), lo.x, lo.y, hi.x, hi.y);
    }
    sepax_store_destroy(s);
}
