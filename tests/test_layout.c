/* sepax_store_sort_pool (src/2d/layout.c): only where the pool holds each
 * shape changes. Every answer of the store (world vertices and boxes,
 * collide, hits, broadphase, point queries), before and after world
 * updates that follow the sorted order, on one thread and split across a
 * task system, is byte for byte what the unsorted store gives; adding and
 * removing shapes afterwards works; a refused allocation changes nothing. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "2d/store.h"
#include "scene.h"
#include "sepax/sepax.h"
#include "support/failing_alloc.h"

#define SHAPES 3000

typedef struct snapshot {
    sepax_vec2 *world, *lo, *hi;
    sepax_pair *pairs;
    size_t pair_count;
    sepax_result *results;
    uint8_t *inside;
} snapshot;

static sepax_point_query queries[SHAPES];

static void *must(void *p)
{
    cr_assert_not_null(p);
    return p;
}

/* Everything the store answers, through the public calls only. */
static void take(sepax_store *s, const sepax_shape_id *ids, snapshot *out)
{
    out->world = must(calloc((size_t)SHAPES * SEPAX_MAX_POLYGON_VERTICES, sizeof *out->world));
    out->lo = must(malloc(SHAPES * sizeof *out->lo));
    out->hi = must(malloc(SHAPES * sizeof *out->hi));
    for (size_t i = 0; i < SHAPES; i++) {
        uint32_t n = 0;
        cr_assert_eq(sepax_shape_vertices(s, ids[i], 1, out->world + i * SEPAX_MAX_POLYGON_VERTICES,
                                          SEPAX_MAX_POLYGON_VERTICES, &n),
                     SEPAX_OK);
        cr_assert_eq(sepax_shape_aabb(s, ids[i], &out->lo[i], &out->hi[i]), SEPAX_OK);
        queries[i].shape = ids[i];
        queries[i].point.x = 0.5f * (out->lo[i].x + out->hi[i].x);
        queries[i].point.y = out->lo[i].y + 0.3f * (out->hi[i].y - out->lo[i].y);
    }
    size_t found = 0;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &found), SEPAX_ERR_CAPACITY);
    out->pairs = must(malloc(found * sizeof *out->pairs));
    cr_assert_eq(sepax_broadphase(s, out->pairs, found, &out->pair_count), SEPAX_OK);
    out->results = must(malloc(found * sizeof *out->results));
    cr_assert_eq(sepax_collide(s, out->pairs, found, out->results, NULL), SEPAX_OK);
    out->inside = must(malloc(SHAPES));
    cr_assert_eq(sepax_query_points(s, queries, SHAPES, out->inside, NULL), SEPAX_OK);
}

static void drop(snapshot *s)
{
    free(s->world), free(s->lo), free(s->hi), free(s->pairs), free(s->results), free(s->inside);
}

static void same(const snapshot *a, const snapshot *b, const char *when)
{
    cr_assert(memcmp(a->world, b->world,
                     (size_t)SHAPES * SEPAX_MAX_POLYGON_VERTICES * sizeof *a->world) == 0,
              "%s: world vertices differ", when);
    cr_assert(memcmp(a->lo, b->lo, SHAPES * sizeof *a->lo) == 0 &&
                  memcmp(a->hi, b->hi, SHAPES * sizeof *a->hi) == 0,
              "%s: boxes differ", when);
    cr_assert_eq(a->pair_count, b->pair_count, "%s: broadphase pair counts differ", when);
    cr_assert(memcmp(a->pairs, b->pairs, a->pair_count * sizeof *a->pairs) == 0,
              "%s: broadphase pairs differ", when);
    cr_assert(memcmp(a->results, b->results, a->pair_count * sizeof *a->results) == 0,
              "%s: collide results differ", when);
    cr_assert(memcmp(a->inside, b->inside, SHAPES) == 0, "%s: point queries differ", when);
}

static sepax_store *scene_store(sepax_shape_id *ids, const sepax_store_options *opt)
{
    sepax_scene_params p = sepax_scene_params_mixed_kinds();
    p.shapes = SHAPES;
    p.seed = 21;
    sepax_scene sc;
    cr_assert_eq(sepax_scene_generate(&p, &sc), 0);
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(opt, &s), SEPAX_OK);
    cr_assert_eq(sepax_scene_load(&sc, s, ids, NULL), 0);
    sepax_scene_free(&sc);
    return s;
}

/* Every shape turned and moved a little: the second pose of the tests. */
static void move_all(sepax_store *s, const sepax_shape_id *ids)
{
    static sepax_transform xf[SHAPES];
    for (size_t i = 0; i < SHAPES; i++) {
        cr_assert_eq(sepax_shape_transform(s, ids[i], &xf[i]), SEPAX_OK);
        const sepax_transform t = sepax_transform_make(0.0f, 0.0f, 0.3f + 0.001f * (float)i);
        const sepax_rot q = xf[i].q;
        xf[i].q.c = q.c * t.q.c - q.s * t.q.s;
        xf[i].q.s = q.s * t.q.c + q.c * t.q.s;
        xf[i].p.x += 0.25f;
    }
    cr_assert_eq(sepax_set_transforms(s, ids, xf, SHAPES), SEPAX_OK);
}

/* A task system that runs every range inline, in uneven pieces and from
 * the last to the first, so that a split call's ranges run out of order. */
static void *inline_enqueue(sepax_task_fn *task, int32_t items, int32_t min_range, void *context,
                            void *user)
{
    (void)user;
    const int32_t piece = min_range + 3;
    for (int32_t end = items; end > 0;) {
        const int32_t start = end > piece ? end - piece : 0;
        task(start, end, 1, context);
        end = start;
    }
    return NULL;
}

static void inline_finish(void *handle, void *user)
{
    (void)handle, (void)user;
}

Test(layout, answers_unchanged_by_sorting)
{
    static sepax_shape_id ids[SHAPES], ids2[SHAPES];
    sepax_store *s = scene_store(ids, NULL), *t = scene_store(ids2, NULL);
    cr_assert(memcmp(ids, ids2, sizeof ids) == 0);
    cr_assert_eq(sepax_store_sort_pool(s), SEPAX_OK);
    cr_assert_not_null(s->pool_order, "the sorted order is kept for the world update");
    snapshot a, b;
    take(s, ids, &a), take(t, ids, &b);
    same(&a, &b, "sorted");
    drop(&a), drop(&b);

    /* world updates now follow the sorted order */
    move_all(s, ids), move_all(t, ids);
    cr_assert_eq(sepax_update_world(s), SEPAX_OK);
    take(s, ids, &a), take(t, ids, &b);
    same(&a, &b, "moved and updated");
    drop(&a), drop(&b);

    /* the same split across a task system */
    const sepax_task_system tasks = {sizeof tasks, 3, inline_enqueue, inline_finish, NULL};
    cr_assert_eq(sepax_store_set_tasks(s, &tasks), SEPAX_OK);
    move_all(s, ids), move_all(t, ids);
    cr_assert_eq(sepax_update_world(s), SEPAX_OK);
    take(s, ids, &a), take(t, ids, &b);
    same(&a, &b, "updated across tasks");
    drop(&a), drop(&b);
    cr_assert_eq(sepax_store_set_tasks(s, NULL), SEPAX_OK);

    /* removing and adding drops the order; answers stay the same */
    cr_assert_eq(sepax_remove(s, ids[5]), SEPAX_OK);
    cr_assert_eq(sepax_remove(t, ids[5]), SEPAX_OK);
    cr_assert_null(s->pool_order);
    const sepax_vec2 c = {1.0f, 2.0f}, h = {0.5f, 0.25f};
    sepax_shape_id x = 0, y = 0;
    cr_assert_eq(sepax_add_box(s, c, h, 0.1f, &x), SEPAX_OK);
    cr_assert_eq(sepax_add_box(t, c, h, 0.1f, &y), SEPAX_OK);
    cr_assert_eq(x, y);
    ids[5] = x;
    cr_assert_eq(sepax_update_world(s), SEPAX_OK);
    cr_assert_eq(sepax_update_world(t), SEPAX_OK);
    take(s, ids, &a), take(t, ids, &b);
    same(&a, &b, "after a remove and an add");
    drop(&a), drop(&b);
    sepax_store_destroy(s), sepax_store_destroy(t);
}

Test(layout, refused_allocation_changes_nothing)
{
    static sepax_shape_id ids[SHAPES];
    failing_alloc fa = {-1, 0, 0};
    const sepax_allocator hooks = failing_alloc_hooks(&fa);
    sepax_store_options opt = sepax_store_options_default();
    opt.allocator = &hooks;
    sepax_store *s = scene_store(ids, &opt);
    const float *pool = s->pool;
    const size_t used = s->pool_used;
    float *copy = must(malloc(used * sizeof *copy));
    memcpy(copy, pool, used * sizeof *copy);
    for (int refuse = 0; refuse < 3; refuse++) {
        fa.fail_at = fa.calls + refuse;
        cr_assert_eq(sepax_store_sort_pool(s), SEPAX_ERR_OUT_OF_MEMORY, "allocation %d", refuse);
        cr_assert_eq(s->pool, pool);
        cr_assert(memcmp(s->pool, copy, used * sizeof *copy) == 0);
        cr_assert_null(s->pool_order);
    }
    fa.fail_at = -1;
    cr_assert_eq(sepax_store_sort_pool(s), SEPAX_OK);
    cr_assert_eq(sepax_store_sort_pool(NULL), SEPAX_ERR_NULL);
    free(copy);
    sepax_store_destroy(s);
}
