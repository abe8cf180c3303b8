/* sepax_store_sort_pool (src/2d/layout.c): only where the store holds
 * each shape changes. Every answer of the store (world vertices and boxes,
 * collide, hits, cached hits, manifolds, point queries, and the
 * broadphase's set of pairs), before and after world updates, on one
 * thread and split across a task system, is byte for byte what the
 * unsorted store gives; the broadphase's order follows the new rows, the
 * same on every run; adding and removing shapes afterwards, a growth of
 * the store and a second sort keep it so; a refused allocation changes
 * nothing. */
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
    sepax_hit *hits, *cached;
    size_t hit_count, cached_count;
    sepax_manifold *manifolds;
    uint8_t *inside;
} snapshot;

/* Some shape's row is not its slot. */
static int rows_moved(const sepax_store *s)
{
    for (uint32_t slot = 0; slot < s->core.slot_limit; slot++)
        if (s->row_of[slot] != slot)
            return 1;
    return 0;
}

static int pair_order(const void *x, const void *y)
{
    const sepax_pair *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    return p->b < q->b ? -1 : p->b > q->b;
}

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
    /* the same set in either layout, each in its own order: compared
     * sorted, and every call below runs on the sorted list */
    qsort(out->pairs, found, sizeof *out->pairs, pair_order);
    out->results = must(malloc(found * sizeof *out->results));
    cr_assert_eq(sepax_collide(s, out->pairs, found, out->results, NULL), SEPAX_OK);
    out->hits = must(malloc(found * sizeof *out->hits));
    cr_assert_eq(sepax_collide_hits(s, out->pairs, found, out->hits, found, &out->hit_count, NULL),
                 SEPAX_OK);
    /* twice: the second call starts from the caches the first wrote */
    sepax_pair_cache *caches = must(calloc(found, sizeof *caches));
    out->cached = must(malloc(found * sizeof *out->cached));
    for (int round = 0; round < 2; round++)
        cr_assert_eq(sepax_collide_hits_cached(s, out->pairs, found, caches, out->cached, found,
                                               &out->cached_count, NULL),
                     SEPAX_OK);
    free(caches);
    out->manifolds = must(malloc(found * sizeof *out->manifolds));
    cr_assert_eq(sepax_collide_manifolds(s, out->pairs, found, out->manifolds, NULL), SEPAX_OK);
    out->inside = must(malloc(SHAPES));
    cr_assert_eq(sepax_query_points(s, queries, SHAPES, out->inside, NULL), SEPAX_OK);
}

static void drop(snapshot *s)
{
    free(s->world), free(s->lo), free(s->hi), free(s->pairs), free(s->results), free(s->inside);
    free(s->hits), free(s->cached), free(s->manifolds);
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
    cr_assert(a->hit_count == b->hit_count &&
                  memcmp(a->hits, b->hits, a->hit_count * sizeof *a->hits) == 0,
              "%s: hits differ", when);
    cr_assert(a->cached_count == b->cached_count &&
                  memcmp(a->cached, b->cached, a->cached_count * sizeof *a->cached) == 0,
              "%s: cached hits differ", when);
    cr_assert(a->hit_count == a->cached_count &&
                  memcmp(a->hits, a->cached, a->hit_count * sizeof *a->hits) == 0,
              "%s: cached hits are not the hits", when);
    cr_assert(memcmp(a->manifolds, b->manifolds, a->pair_count * sizeof *a->manifolds) == 0,
              "%s: manifolds differ", when);
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
    cr_assert(rows_moved(s), "the generator's order is not the sweep's");
    snapshot a, b;
    take(s, ids, &a), take(t, ids, &b);
    same(&a, &b, "sorted");
    drop(&a), drop(&b);

    /* world updates walk the new rows */
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

    /* a removed shape's slot keeps its row, and an add takes both */
    cr_assert_eq(sepax_remove(s, ids[5]), SEPAX_OK);
    cr_assert_eq(sepax_remove(t, ids[5]), SEPAX_OK);
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

    /* enough adds to grow the slots and the pool (a compaction in row
     * order), then a second sort of a store with holes */
    cr_assert_eq(sepax_remove(s, ids[7]), SEPAX_OK);
    cr_assert_eq(sepax_remove(t, ids[7]), SEPAX_OK);
    const size_t slots = s->core.slot_cap, pool = s->pool_cap;
    for (int k = 0; k < 3 * SHAPES; k++) {
        const sepax_vec2 at = {(float)(k % 97) * 0.7f, (float)(k / 97) * 0.9f};
        cr_assert_eq(sepax_add_box(s, at, h, 0.01f * (float)k, &x), SEPAX_OK);
        cr_assert_eq(sepax_add_box(t, at, h, 0.01f * (float)k, &y), SEPAX_OK);
        cr_assert_eq(x, y);
    }
    cr_assert(s->core.slot_cap > slots && s->pool_cap > pool, "the store grew");
    cr_assert(rows_moved(s));
    ids[7] = x;
    take(s, ids, &a), take(t, ids, &b);
    same(&a, &b, "grown");
    drop(&a), drop(&b);
    cr_assert_eq(sepax_remove(s, x), SEPAX_OK);
    cr_assert_eq(sepax_remove(t, x), SEPAX_OK);
    ids[7] = ids[8];
    cr_assert_eq(sepax_store_sort_pool(s), SEPAX_OK);
    take(s, ids, &a), take(t, ids, &b);
    same(&a, &b, "sorted again with holes");
    drop(&a), drop(&b);
    sepax_store_destroy(s), sepax_store_destroy(t);
}

/* The broadphase walks rows: after a sort its order is the new rows', and
 * the same from one store built the same way to the next. */
Test(layout, broadphase_order_follows_rows)
{
    static sepax_shape_id ids[SHAPES], ids2[SHAPES];
    sepax_store *s = scene_store(ids, NULL), *t = scene_store(ids2, NULL);
    size_t n = 0, m = 0;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &n), SEPAX_ERR_CAPACITY);
    sepax_pair *before = must(malloc(n * sizeof *before)), *p = must(malloc(n * sizeof *p)),
               *q = must(malloc(n * sizeof *q));
    cr_assert_eq(sepax_broadphase(s, before, n, &n), SEPAX_OK);
    cr_assert_eq(sepax_store_sort_pool(s), SEPAX_OK);
    cr_assert_eq(sepax_store_sort_pool(t), SEPAX_OK);
    cr_assert_eq(sepax_broadphase(s, p, n, &m), SEPAX_OK);
    cr_assert_eq(m, n);
    cr_assert_eq(sepax_broadphase(t, q, n, &m), SEPAX_OK);
    cr_assert(memcmp(p, q, n * sizeof *p) == 0, "the order is fixed by the store's contents");
    cr_assert(memcmp(p, before, n * sizeof *p) != 0, "the order follows the rows");
    /* a sorted store sorts to itself: the rows stay where they are */
    cr_assert_eq(sepax_store_sort_pool(s), SEPAX_OK);
    cr_assert_eq(sepax_broadphase(s, q, n, &m), SEPAX_OK);
    cr_assert(memcmp(p, q, n * sizeof *p) == 0);
    free(before), free(p), free(q);
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
    const void *rows = s->slot_mem;
    const size_t used = s->pool_used;
    float *copy = must(malloc(used * sizeof *copy));
    memcpy(copy, pool, used * sizeof *copy);
    for (int refuse = 0; refuse < 4; refuse++) {
        fa.fail_at = fa.calls + refuse;
        cr_assert_eq(sepax_store_sort_pool(s), SEPAX_ERR_OUT_OF_MEMORY, "allocation %d", refuse);
        cr_assert_eq(s->pool, pool);
        cr_assert_eq(s->slot_mem, rows);
        cr_assert(memcmp(s->pool, copy, used * sizeof *copy) == 0);
        cr_assert(!rows_moved(s));
    }
    fa.fail_at = -1;
    cr_assert_eq(sepax_store_sort_pool(s), SEPAX_OK);
    cr_assert_eq(sepax_store_sort_pool(NULL), SEPAX_ERR_NULL);
    free(copy);
    sepax_store_destroy(s);
}
