/* Batch calls split across workers (sepax_store_set_tasks): every split
 * call (collide, collide_hits, collide_hits_cached, collide_hits_tracked,
 * collide_grouped, collide_hits_grouped, query_points, broadphase,
 * update_world) must give the bytes the unsplit call gives, in the same
 * order (the cached and tracked calls also the same caches and motion
 * records), with 1 to 4 workers of the tools' pthread pool, with a task
 * system that runs every range inline in enqueue (returning NULL) in
 * ranges of uneven size, and with one that runs them in reverse order in
 * finish; bad pairs and queries must be named as on one thread (in a
 * grouped list also a pair outside its group, with nothing written); a
 * refused allocation must leave the caller's arrays untouched, and a task
 * system that gives worker indices past its count must get
 * SEPAX_ERR_BAD_WORKER from both broadphases with nothing written. Every
 * available backend (or SEPAX_BACKEND's alone), on a store of polygons,
 * one of circles, and one of every kind with holes left by removals; and
 * the 3D calls that split (collide, collide_hits_cached,
 * collide_hits_tracked, the grouped calls, broadphase, update_world) on
 * boxes and spheres. Plain C, so that CI can run it under
 * ThreadSanitizer.
 *
 * Usage: sepax_tasks [ROUNDS]   (default 1)
 * With SEPAX_TEST_SCALE below 1 (the valgrind run), a short version: two
 * of the stores, a pool of 2 and the two test systems, fewer refusals,
 * no 3D. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2d/store.h"
#include "3d/store.h"
#include "scene.h"
#include "scene3.h"
#include "sepax/sepax.h"
#include "sepax/sepax3d.h"
#include "support/failing_alloc.h"
#include "tasks.h"

/* Enough for every call to split: the broadphase splits from 16,384
 * shapes, the pair calls from 8,192 pairs. */
#define SHAPES 17000
#define QUERIES_PER_SHAPE 2

static int failures;

#define CHECK(cond, ...)                                                               \
    do {                                                                               \
        if (!(cond)) {                                                                 \
            failures++;                                                                \
            if (failures <= 20) {                                                      \
                fprintf(stderr, "tasks.c:%d: %s: ", __LINE__, where);                  \
                fprintf(stderr, __VA_ARGS__);                                          \
                fputc('\n', stderr);                                                   \
            }                                                                          \
        }                                                                              \
    } while (0)

static const char *where = "";

/* Test task systems. Both count their enqueues, so that a test can tell
 * a call was split at all. */
typedef struct test_system {
    int reverse;
    uint32_t workers;
    int enqueues;
    /* the task reverse keeps until finish */
    sepax_task_fn *task;
    int32_t items, min_range;
    void *context;
    /* gives every range a worker index past worker_count, as a broken
     * task system might */
    int lie;
} test_system;

/* Ranges of uneven sizes (1, 2, 3 times min_range in turn), worker
 * indices in turn. */
static void run_ranges(test_system *t, int reverse)
{
    int32_t bounds[4096 + 1];
    int n = 0;
    bounds[0] = 0;
    for (int32_t at = 0; at < t->items;) {
        const int32_t want = t->min_range * (1 + n % 3);
        at = t->items - at <= want || n == 4095 ? t->items : at + want;
        bounds[++n] = at;
    }
    for (int k = 0; k < n; k++) {
        const int r = reverse ? n - 1 - k : k;
        t->task(bounds[r], bounds[r + 1], (uint32_t)r % t->workers + (t->lie ? t->workers : 0u),
                t->context);
    }
}

static void *test_enqueue(sepax_task_fn *task, int32_t items, int32_t min_range, void *context,
                          void *user)
{
    test_system *t = user;
    t->enqueues++;
    t->task = task;
    t->items = items;
    t->min_range = min_range < 1 ? 1 : min_range;
    t->context = context;
    if (t->reverse)
        return t;
    run_ranges(t, 0);
    return NULL;
}

static void test_finish(void *handle, void *user)
{
    test_system *t = user;
    if (handle != t || !t->reverse) {
        failures++;
        fprintf(stderr, "finish called for a task that ran inline\n");
        return;
    }
    run_ranges(t, 1);
}

static sepax_task_system system_of(test_system *t)
{
    sepax_task_system s = {sizeof s, t->workers, test_enqueue, test_finish, t};
    return s;
}

/* One store and what the unsplit calls answered on it. */
typedef struct subject {
    const char *name;
    sepax_scene scene;
    sepax_store *store;
    sepax_pair *pairs, *bad_pairs;
    size_t count, bad_at;
    sepax_result *results;
    sepax_hit *hits, *short_hits;
    size_t hit_count, short_count;
    sepax_status short_status, bad_status;
    sepax_point_query *queries, *bad_queries;
    size_t nq, bad_query_at;
    sepax_status bad_query_status;
    uint8_t *inside;
    /* the cached call: caches before (a mix of empty, refreshed and
     * random records) and after */
    sepax_pair_cache *caches0, *caches1, *got_caches;
    /* the tracked call: motion records before (a mix, as caches0), then
     * its caches and records after, from caches0 and motions0 */
    sepax_pair_cache *tcaches1;
    sepax_pair_motion *motions0, *motions1, *got_motions;
    /* the world after the update under the second transforms */
    sepax_transform *xf0, *xf1;
    float *pool1, *box1;
    /* outputs of the split calls */
    sepax_pair *got_pairs;
    sepax_result *got_results;
    sepax_hit *got_hits;
    uint8_t *got_inside;
    /* the manifold calls, unsplit and split */
    sepax_manifold *manifolds, *got_manifolds;
    sepax_manifold_hit *mhits, *got_mhits;
    size_t mhit_count;
    /* the grouped calls: the pairs grouped, what the unsplit calls
     * answered, and two bad lists (grouped_bad) */
    sepax_pair *gpairs;
    uint32_t *gfrom;
    size_t gstarts[SEPAX_PAIR_GROUPS + 1];
    sepax_result *gresults;
    sepax_hit *ghits;
    size_t ghit_count;
    sepax_pair *gbad_pairs[2];
    size_t gbad_starts[2][SEPAX_PAIR_GROUPS + 1], gbad_at[2];
    sepax_status gbad_status[2];
} subject;

static void *must(void *p)
{
    if (!p) {
        fputs("sepax_tasks: out of memory\n", stderr);
        exit(1);
    }
    return p;
}

/* Every step-th of n records of size bytes, in turn emptied and
 * overwritten with noise, as a running simulation may leave them. */
static void mix_records(void *records, size_t size, size_t n, size_t step, uint64_t noise)
{
    uint8_t *r = records;
    for (size_t k = 0; k < n; k += step) {
        if (k % 2)
            memset(r + k * size, 0, size);
        else
            for (size_t b = 0; b < size; b++)
                r[k * size + b] = (uint8_t)sepax_scene_rng_next(&noise);
    }
}

/* Whether all n bytes at p are b: what a refused call must leave. */
static int all_bytes(const void *p, size_t n, unsigned char b)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i] != b)
            return 0;
    return 1;
}

/* Two bad copies of a grouped list of n pairs (starts of groups + 1
 * places), for either dimension: in both, the pair at n / 2 + 1 lies
 * outside its group (swapped for the first pair of another group or,
 * when one group holds every pair, the next group made to start there)
 * and an unknown id comes later, at n * 3 / 4; in the second, an
 * unknown id also comes earlier, at n / 3. want_at receives the index
 * each must be refused at, want its status. */
static void grouped_bad(const sepax_pair *pairs, const size_t *starts, uint32_t groups, size_t n,
                        sepax_pair *bad[2], size_t *bad_starts[2], size_t want_at[2],
                        sepax_status want[2])
{
    const size_t w = n / 2 + 1;
    uint32_t gw = 0, other = groups;
    while (starts[gw + 1] <= w)
        gw++;
    for (uint32_t k = 0; k < groups && other == groups; k++)
        if (k != gw && starts[k + 1] > starts[k])
            other = k;
    for (int b = 0; b < 2; b++) {
        memcpy(bad[b], pairs, n * sizeof *pairs);
        memcpy(bad_starts[b], starts, (groups + 1) * sizeof *starts);
        if (other < groups)
            bad[b][w] = pairs[starts[other]];
        else /* gw + 1 < groups: the stores here hold polygons or circles alone */
            bad_starts[b][gw + 1] = w;
        bad[b][n * 3 / 4].a = 0xFFFFFFu;
    }
    bad[1][n / 3].b = 0xFFFFFFu;
    want_at[0] = w, want[0] = SEPAX_ERR_BAD_PAIR;
    want_at[1] = n / 3, want[1] = SEPAX_ERR_BAD_ID;
}

static void world_update_with(sepax_store *s, const sepax_transform *xf)
{
    memcpy(s->xf, xf, s->core.slot_limit * sizeof *xf);
}

/* The store's world: pool and the four box columns. */
static int world_equals(const sepax_store *s, const float *pool, const float *box)
{
    const size_t n = s->core.slot_limit;
    return memcmp(s->pool, pool, s->pool_used * sizeof *pool) == 0 &&
           memcmp(s->lo_x, box, n * sizeof *box) == 0 &&
           memcmp(s->lo_y, box + n, n * sizeof *box) == 0 &&
           memcmp(s->hi_x, box + 2 * n, n * sizeof *box) == 0 &&
           memcmp(s->hi_y, box + 3 * n, n * sizeof *box) == 0;
}

static void build(subject *su, const char *name, sepax_scene_params p, int holes)
{
    su->name = name;
    p.shapes = SHAPES + (holes ? SHAPES / 7 + 1 : 0);
    sepax_shape_id *ids = must(malloc(p.shapes * sizeof *ids));
    if (sepax_scene_generate(&p, &su->scene) != 0 ||
        sepax_store_create(NULL, &su->store) != SEPAX_OK ||
        sepax_scene_load(&su->scene, su->store, ids, NULL) != 0) {
        fputs("sepax_tasks: could not build the scene\n", stderr);
        exit(1);
    }
    for (size_t i = 0; holes && i < p.shapes; i += 7)
        sepax_remove(su->store, ids[i]);
    free(ids);
}

/* What the unsplit calls answer with the store's current backend. */
static void answer(subject *su)
{
    sepax_store *s = su->store;
    where = su->name;
    free(su->pairs);
    sepax_broadphase(s, NULL, 0, &su->count);
    su->pairs = must(malloc(su->count * sizeof *su->pairs));
    CHECK(sepax_broadphase(s, su->pairs, su->count, &su->count) == SEPAX_OK, "broadphase");
    const size_t n = su->count;
    su->manifolds = must(realloc(su->manifolds, n * sizeof *su->manifolds));
    su->got_manifolds = must(realloc(su->got_manifolds, n * sizeof *su->got_manifolds));
    su->mhits = must(realloc(su->mhits, n * sizeof *su->mhits));
    su->got_mhits = must(realloc(su->got_mhits, n * sizeof *su->got_mhits));
    CHECK(sepax_collide_manifolds(s, su->pairs, n, su->manifolds, NULL) == SEPAX_OK &&
              sepax_collide_manifolds_hits(s, su->pairs, n, su->mhits, n, &su->mhit_count,
                                           NULL) == SEPAX_OK,
          "manifolds");
    su->results = must(realloc(su->results, n * sizeof *su->results));
    su->hits = must(realloc(su->hits, n * sizeof *su->hits));
    su->short_hits = must(realloc(su->short_hits, n * sizeof *su->short_hits));
    su->got_pairs = must(realloc(su->got_pairs, (n + 1) * sizeof *su->got_pairs));
    su->got_results = must(realloc(su->got_results, n * sizeof *su->got_results));
    su->got_hits = must(realloc(su->got_hits, n * sizeof *su->got_hits));
    CHECK(sepax_collide(s, su->pairs, n, su->results, NULL) == SEPAX_OK, "collide");
    CHECK(sepax_collide_hits(s, su->pairs, n, su->hits, n, &su->hit_count, NULL) == SEPAX_OK,
          "collide_hits");
    su->short_status = sepax_collide_hits(s, su->pairs, n, su->short_hits, su->hit_count / 3,
                                          &su->short_count, NULL);
    CHECK(su->short_status == SEPAX_ERR_CAPACITY, "short collide_hits");

    /* caches as a running simulation leaves them, some emptied and some
     * random, then what one unsplit cached call makes of them */
    su->caches0 = must(realloc(su->caches0, n * sizeof *su->caches0));
    su->caches1 = must(realloc(su->caches1, n * sizeof *su->caches1));
    su->got_caches = must(realloc(su->got_caches, n * sizeof *su->got_caches));
    memset(su->caches0, 0, n * sizeof *su->caches0);
    size_t cached = 0;
    CHECK(sepax_collide_hits_cached(s, su->pairs, n, su->caches0, su->short_hits, n, &cached,
                                    NULL) == SEPAX_OK &&
              cached == su->hit_count,
          "cached collide_hits");
    mix_records(su->caches0, sizeof *su->caches0, n, 7, 11);
    memcpy(su->caches1, su->caches0, n * sizeof *su->caches0);
    CHECK(sepax_collide_hits_cached(s, su->pairs, n, su->caches1, su->short_hits, n, &cached,
                                    NULL) == SEPAX_OK &&
              cached == su->hit_count &&
              memcmp(su->short_hits, su->hits, cached * sizeof *su->hits) == 0,
          "cached collide_hits differs from uncached");
    /* motion records one tracked call wrote, mixed likewise, then what
     * one unsplit tracked call makes of them and of caches0 */
    su->tcaches1 = must(realloc(su->tcaches1, n * sizeof *su->tcaches1));
    su->motions0 = must(realloc(su->motions0, n * sizeof *su->motions0));
    su->motions1 = must(realloc(su->motions1, n * sizeof *su->motions1));
    su->got_motions = must(realloc(su->got_motions, n * sizeof *su->got_motions));
    memset(su->tcaches1, 0, n * sizeof *su->tcaches1);
    memset(su->motions0, 0, n * sizeof *su->motions0);
    CHECK(sepax_collide_hits_tracked(s, su->pairs, n, su->tcaches1, su->motions0, su->short_hits,
                                     n, &cached, NULL) == SEPAX_OK &&
              cached == su->hit_count,
          "tracked collide_hits");
    mix_records(su->motions0, sizeof *su->motions0, n, 5, 13);
    memcpy(su->tcaches1, su->caches0, n * sizeof *su->caches0);
    memcpy(su->motions1, su->motions0, n * sizeof *su->motions0);
    CHECK(sepax_collide_hits_tracked(s, su->pairs, n, su->tcaches1, su->motions1, su->short_hits,
                                     n, &cached, NULL) == SEPAX_OK &&
              cached == su->hit_count &&
              memcmp(su->short_hits, su->hits, cached * sizeof *su->hits) == 0,
          "tracked collide_hits differs from uncached");

    /* the grouped calls, unsplit: the plain call's result for each pair
     * grouped, and the plain compacted call's hits over the grouped list */
    su->gpairs = must(realloc(su->gpairs, n * sizeof *su->gpairs));
    su->gfrom = must(realloc(su->gfrom, n * sizeof *su->gfrom));
    su->gresults = must(realloc(su->gresults, n * sizeof *su->gresults));
    su->ghits = must(realloc(su->ghits, n * sizeof *su->ghits));
    CHECK(sepax_group_pairs(s, su->pairs, n, su->gpairs, su->gstarts, su->gfrom, NULL) ==
              SEPAX_OK,
          "group_pairs");
    CHECK(sepax_collide_grouped(s, su->gpairs, su->gstarts, su->gresults, NULL) == SEPAX_OK,
          "collide_grouped");
    size_t unlike = 0;
    for (size_t k = 0; k < n; k++)
        unlike += memcmp(&su->gresults[k], &su->results[su->gfrom[k]], sizeof *su->results) != 0;
    CHECK(unlike == 0, "collide_grouped differs from collide on %zu pairs", unlike);
    size_t plain_count = 0;
    CHECK(sepax_collide_hits(s, su->gpairs, n, su->got_hits, n, &plain_count, NULL) ==
                  SEPAX_OK &&
              sepax_collide_hits_grouped(s, su->gpairs, su->gstarts, su->ghits, n,
                                         &su->ghit_count, NULL) == SEPAX_OK &&
              su->ghit_count == plain_count && plain_count == su->hit_count &&
              memcmp(su->ghits, su->got_hits, plain_count * sizeof *su->ghits) == 0,
          "collide_hits_grouped differs from collide_hits over the grouped list");
    size_t *bad_starts[2] = {su->gbad_starts[0], su->gbad_starts[1]};
    size_t want_at[2];
    sepax_status want[2];
    for (int b = 0; b < 2; b++)
        su->gbad_pairs[b] = must(realloc(su->gbad_pairs[b], n * sizeof *su->gbad_pairs[b]));
    grouped_bad(su->gpairs, su->gstarts, SEPAX_PAIR_GROUPS, n, su->gbad_pairs, bad_starts,
                want_at, want);
    for (int b = 0; b < 2; b++) {
        su->gbad_status[b] = sepax_collide_grouped(s, su->gbad_pairs[b], su->gbad_starts[b],
                                                   su->got_results, &su->gbad_at[b]);
        CHECK(su->gbad_status[b] == want[b] && su->gbad_at[b] == want_at[b],
              "bad grouped list %d: %s at %zu, want %s at %zu", b,
              sepax_status_string(su->gbad_status[b]), su->gbad_at[b],
              sepax_status_string(want[b]), want_at[b]);
    }

    /* two bad pairs; the lower one must be named */
    su->bad_pairs = must(realloc(su->bad_pairs, n * sizeof *su->bad_pairs));
    memcpy(su->bad_pairs, su->pairs, n * sizeof *su->pairs);
    su->bad_pairs[n * 3 / 4].a = 0xFFFFFFu;
    su->bad_pairs[n / 2 + 1].b = su->bad_pairs[n / 2 + 1].a;
    su->bad_status = sepax_collide(s, su->bad_pairs, n, su->results, &su->bad_at);
    CHECK(su->bad_status == SEPAX_ERR_BAD_PAIR && su->bad_at == n / 2 + 1, "bad pairs");
    CHECK(sepax_collide(s, su->pairs, n, su->results, NULL) == SEPAX_OK, "collide");

    const uint32_t limit = sepax_store_slot_limit(s);
    su->nq = (size_t)sepax_store_count(s) * QUERIES_PER_SHAPE;
    su->queries = must(realloc(su->queries, su->nq * sizeof *su->queries));
    su->bad_queries = must(realloc(su->bad_queries, su->nq * sizeof *su->bad_queries));
    su->inside = must(realloc(su->inside, su->nq));
    su->got_inside = must(realloc(su->got_inside, su->nq));
    uint64_t rng = 5;
    for (size_t i = 0, slot = 0; i < su->nq; slot = (slot + 1) % limit) {
        sepax_shape_id id;
        sepax_vec2 lo, hi;
        if (sepax_shape_id_of_slot(s, (uint32_t)slot, &id) != SEPAX_OK ||
            sepax_shape_aabb(s, id, &lo, &hi) != SEPAX_OK)
            continue;
        su->queries[i].shape = id;
        su->queries[i].point.x = lo.x + (hi.x - lo.x) * (float)sepax_scene_rng_unit(&rng);
        su->queries[i].point.y = lo.y + (hi.y - lo.y) * (float)sepax_scene_rng_unit(&rng);
        i++;
    }
    CHECK(sepax_query_points(s, su->queries, su->nq, su->inside, NULL) == SEPAX_OK, "points");
    memcpy(su->bad_queries, su->queries, su->nq * sizeof *su->queries);
    su->bad_queries[su->nq * 2 / 3].point.x = NAN;
    su->bad_queries[su->nq / 3 + 5].shape = 0xFFFFFFu;
    su->bad_query_status = sepax_query_points(s, su->bad_queries, su->nq, su->got_inside,
                                              &su->bad_query_at);
    CHECK(su->bad_query_status == SEPAX_ERR_BAD_ID && su->bad_query_at == su->nq / 3 + 5,
          "bad queries");

    /* the world under other transforms, then back */
    su->xf0 = must(realloc(su->xf0, limit * sizeof *su->xf0));
    su->xf1 = must(realloc(su->xf1, limit * sizeof *su->xf1));
    memcpy(su->xf0, s->xf, limit * sizeof *su->xf0);
    for (uint32_t k = 0; k < limit; k++) {
        su->xf1[k] = su->xf0[k];
        const float a = (float)sepax_scene_rng_unit(&rng) * 6.0f;
        su->xf1[k].q.c = cosf(a), su->xf1[k].q.s = sinf(a);
        su->xf1[k].p.x += 0.25f;
    }
    world_update_with(s, su->xf1);
    sepax_update_world(s);
    su->pool1 = must(realloc(su->pool1, s->pool_used * sizeof *su->pool1));
    su->box1 = must(realloc(su->box1, 4 * (size_t)limit * sizeof *su->box1));
    memcpy(su->pool1, s->pool, s->pool_used * sizeof *su->pool1);
    memcpy(su->box1, s->lo_x, limit * sizeof *su->box1);
    memcpy(su->box1 + limit, s->lo_y, limit * sizeof *su->box1);
    memcpy(su->box1 + 2 * (size_t)limit, s->hi_x, limit * sizeof *su->box1);
    memcpy(su->box1 + 3 * (size_t)limit, s->hi_y, limit * sizeof *su->box1);
    world_update_with(s, su->xf0);
    sepax_update_world(s);
}

/* The cached call (or with tracked the tracked call) on pairs, from
 * caches0 (and motions0) copied to got_caches (and got_motions), into
 * got_hits. */
static sepax_status hits_kept(subject *su, const sepax_pair *pairs, int tracked, size_t *got,
                              size_t *at)
{
    const size_t n = su->count;
    memcpy(su->got_caches, su->caches0, n * sizeof *su->caches0);
    if (!tracked)
        return sepax_collide_hits_cached(su->store, pairs, n, su->got_caches, su->got_hits, n, got,
                                         at);
    memcpy(su->got_motions, su->motions0, n * sizeof *su->motions0);
    return sepax_collide_hits_tracked(su->store, pairs, n, su->got_caches, su->got_motions,
                                      su->got_hits, n, got, at);
}

/* The grouped calls, split, against the unsplit answers; with a test
 * system, that they did split. */
static void compare_grouped(subject *su)
{
    sepax_store *s = su->store;
    const size_t n = su->count;
    size_t got = 0, at = 0;
    test_system *t = s->core.tasks.enqueue == test_enqueue ? s->core.tasks.user_context : NULL;
    const int before = t ? t->enqueues : 0;

    memset(su->got_results, 0x5A, n * sizeof *su->got_results);
    CHECK(sepax_collide_grouped(s, su->gpairs, su->gstarts, su->got_results, NULL) == SEPAX_OK &&
              memcmp(su->got_results, su->gresults, n * sizeof *su->gresults) == 0,
          "collide_grouped differs");
    CHECK(!t || t->enqueues > before, "collide_grouped did not split");
    memset(su->got_hits, 0x5A, n * sizeof *su->got_hits);
    CHECK(sepax_collide_hits_grouped(s, su->gpairs, su->gstarts, su->got_hits, n, &got, NULL) ==
                  SEPAX_OK &&
              got == su->ghit_count &&
              memcmp(su->got_hits, su->ghits, got * sizeof *su->ghits) == 0,
          "collide_hits_grouped differs");
    const size_t cap = su->ghit_count / 3;
    memset(su->got_hits, 0x5A, n * sizeof *su->got_hits);
    CHECK(sepax_collide_hits_grouped(s, su->gpairs, su->gstarts, su->got_hits, cap, &got, NULL) ==
                  SEPAX_ERR_CAPACITY &&
              got == su->ghit_count &&
              memcmp(su->got_hits, su->ghits, cap * sizeof *su->ghits) == 0 &&
              all_bytes(su->got_hits + cap, (n - cap) * sizeof *su->got_hits, 0x5A),
          "short collide_hits_grouped differs");
    CHECK(!t || t->enqueues > before + 2, "collide_hits_grouped did not split");
    for (int b = 0; b < 2; b++) {
        at = 0;
        memset(su->got_results, 0x5A, n * sizeof *su->got_results);
        CHECK(sepax_collide_grouped(s, su->gbad_pairs[b], su->gbad_starts[b], su->got_results,
                                    &at) == su->gbad_status[b] &&
                  at == su->gbad_at[b] &&
                  all_bytes(su->got_results, n * sizeof *su->got_results, 0x5A),
              "bad grouped list %d named differently (%zu, unsplit %zu), or results written", b,
              at, su->gbad_at[b]);
        at = 0;
        got = 7;
        memset(su->got_hits, 0x5A, n * sizeof *su->got_hits);
        CHECK(sepax_collide_hits_grouped(s, su->gbad_pairs[b], su->gbad_starts[b], su->got_hits,
                                         n, &got, &at) == su->gbad_status[b] &&
                  at == su->gbad_at[b] && got == 0 &&
                  all_bytes(su->got_hits, n * sizeof *su->got_hits, 0x5A),
              "bad grouped list %d in collide_hits_grouped named differently (%zu, unsplit "
              "%zu), or hits written",
              b, at, su->gbad_at[b]);
    }
}

/* Every split call against the unsplit answers. */
static void compare(subject *su)
{
    sepax_store *s = su->store;
    const size_t n = su->count;
    size_t got = 0, at = 0;

    memset(su->got_pairs, 0xA5, (n + 1) * sizeof *su->got_pairs);
    CHECK(sepax_broadphase(s, su->got_pairs, n + 1, &got) == SEPAX_OK && got == n &&
              memcmp(su->got_pairs, su->pairs, n * sizeof *su->pairs) == 0,
          "broadphase differs");
    memset(su->got_pairs, 0xA5, (n + 1) * sizeof *su->got_pairs);
    CHECK(sepax_broadphase(s, su->got_pairs, n / 3, &got) == SEPAX_ERR_CAPACITY && got == n &&
              memcmp(su->got_pairs, su->pairs, n / 3 * sizeof *su->pairs) == 0 &&
              su->got_pairs[n / 3].a == 0xA5A5A5A5u,
          "short broadphase differs");
    CHECK(sepax_broadphase(s, NULL, 0, &got) == SEPAX_ERR_CAPACITY && got == n,
          "counting broadphase differs");

    memset(su->got_results, 0, n * sizeof *su->got_results);
    CHECK(sepax_collide(s, su->pairs, n, su->got_results, NULL) == SEPAX_OK &&
              memcmp(su->got_results, su->results, n * sizeof *su->results) == 0,
          "collide differs");
    memset(su->got_results, 0x5A, n * sizeof *su->got_results);
    CHECK(sepax_collide(s, su->bad_pairs, n, su->got_results, &at) == su->bad_status &&
              at == su->bad_at && su->got_results[n - 1].flags == 0x5A,
          "bad pairs named differently, or results written");

    memset(su->got_hits, 0, n * sizeof *su->got_hits);
    CHECK(sepax_collide_hits(s, su->pairs, n, su->got_hits, n, &got, NULL) == SEPAX_OK &&
              got == su->hit_count &&
              memcmp(su->got_hits, su->hits, got * sizeof *su->hits) == 0,
          "collide_hits differs");
    memset(su->got_hits, 0x5A, n * sizeof *su->got_hits);
    const size_t cap = su->hit_count / 3;
    CHECK(sepax_collide_hits(s, su->pairs, n, su->got_hits, cap, &got, NULL) ==
                  su->short_status &&
              got == su->short_count &&
              memcmp(su->got_hits, su->short_hits, cap * sizeof *su->hits) == 0 &&
              su->got_hits[cap].pair == 0x5A5A5A5Au,
          "short collide_hits differs");
    CHECK(sepax_collide_hits(s, su->pairs, n, NULL, 0, &got, NULL) == SEPAX_ERR_CAPACITY &&
              got == su->hit_count,
          "counting collide_hits differs");
    got = 7;
    CHECK(sepax_collide_hits(s, su->bad_pairs, n, su->got_hits, n, &got, &at) ==
                  su->bad_status &&
              at == su->bad_at && got == 0 && su->got_hits[n - 1].pair == 0x5A5A5A5Au,
          "bad pairs in collide_hits named differently, or hits written");

    for (int tracked = 0; tracked < 2; tracked++) {
        const char *call = tracked ? "tracked" : "cached";
        const sepax_pair_cache *caches1 = tracked ? su->tcaches1 : su->caches1;
        memset(su->got_hits, 0, n * sizeof *su->got_hits);
        CHECK(hits_kept(su, su->pairs, tracked, &got, NULL) == SEPAX_OK &&
                  got == su->hit_count &&
                  memcmp(su->got_hits, su->hits, got * sizeof *su->hits) == 0 &&
                  memcmp(su->got_caches, caches1, n * sizeof *caches1) == 0 &&
                  (!tracked ||
                   memcmp(su->got_motions, su->motions1, n * sizeof *su->motions1) == 0),
              "%s collide_hits differs (hits, caches or motion records)", call);
        got = 7;
        CHECK(hits_kept(su, su->bad_pairs, tracked, &got, &at) == su->bad_status &&
                  at == su->bad_at && got == 0 &&
                  memcmp(su->got_caches, su->caches0, n * sizeof *su->caches0) == 0 &&
                  (!tracked ||
                   memcmp(su->got_motions, su->motions0, n * sizeof *su->motions0) == 0),
              "bad pairs in %s collide_hits named differently, or caches or motion records "
              "written",
              call);
    }

    compare_grouped(su);

    memset(su->got_manifolds, 0x5A, n * sizeof *su->got_manifolds);
    CHECK(sepax_collide_manifolds(s, su->pairs, n, su->got_manifolds, NULL) == SEPAX_OK &&
              memcmp(su->got_manifolds, su->manifolds, n * sizeof *su->manifolds) == 0,
          "collide_manifolds differs");
    CHECK(sepax_collide_manifolds(s, su->bad_pairs, n, su->got_manifolds, &at) ==
                  su->bad_status && at == su->bad_at,
          "bad pairs in collide_manifolds named differently");
    memset(su->got_mhits, 0x5A, n * sizeof *su->got_mhits);
    CHECK(sepax_collide_manifolds_hits(s, su->pairs, n, su->got_mhits, n, &got, NULL) ==
                  SEPAX_OK &&
              got == su->mhit_count &&
              memcmp(su->got_mhits, su->mhits, got * sizeof *su->mhits) == 0,
          "collide_manifolds_hits differs");
    const size_t mcap = su->mhit_count / 3;
    memset(su->got_mhits, 0x5A, n * sizeof *su->got_mhits);
    CHECK(sepax_collide_manifolds_hits(s, su->pairs, n, su->got_mhits, mcap, &got, NULL) ==
                  (mcap < su->mhit_count ? SEPAX_ERR_CAPACITY : SEPAX_OK) &&
              got == su->mhit_count &&
              memcmp(su->got_mhits, su->mhits, mcap * sizeof *su->mhits) == 0 &&
              (mcap == n || su->got_mhits[mcap].pair == 0x5A5A5A5Au),
          "short collide_manifolds_hits differs");

    memset(su->got_inside, 7, su->nq);
    CHECK(sepax_query_points(s, su->queries, su->nq, su->got_inside, NULL) == SEPAX_OK &&
              memcmp(su->got_inside, su->inside, su->nq) == 0,
          "query_points differs");
    memset(su->got_inside, 7, su->nq);
    CHECK(sepax_query_points(s, su->bad_queries, su->nq, su->got_inside, &at) ==
                  su->bad_query_status &&
              at == su->bad_query_at && su->got_inside[su->nq - 1] == 7,
          "bad queries named differently, or answers written");

    world_update_with(s, su->xf1);
    CHECK(sepax_update_world(s) == SEPAX_OK && world_equals(s, su->pool1, su->box1),
          "update_world differs");
    world_update_with(s, su->xf0);
    CHECK(sepax_update_world(s) == SEPAX_OK, "update_world");
}

/* Task systems whose callers must not be called: set_tasks refuses them
 * and keeps what it had. */
static void test_set_tasks(sepax_store *s)
{
    where = "set_tasks";
    test_system t = {0, 2, 0, NULL, 0, 0, NULL, 0};
    sepax_task_system good = system_of(&t), bad = good;
    CHECK(sepax_store_set_tasks(NULL, &good) == SEPAX_ERR_NULL, "NULL store");
    CHECK(sepax_store_set_tasks(s, &good) == SEPAX_OK, "a good system");
    bad.size = 4;
    CHECK(sepax_store_set_tasks(s, &bad) == SEPAX_ERR_BAD_OPTIONS, "size");
    bad = good, bad.enqueue = NULL;
    CHECK(sepax_store_set_tasks(s, &bad) == SEPAX_ERR_NULL, "enqueue NULL");
    bad = good, bad.finish = NULL;
    CHECK(sepax_store_set_tasks(s, &bad) == SEPAX_ERR_NULL, "finish NULL");
    bad = good, bad.worker_count = 0;
    CHECK(sepax_store_set_tasks(s, &bad) == SEPAX_ERR_BAD_WORKER, "no workers");
    bad = good, bad.worker_count = SEPAX_MAX_WORKERS + 1;
    CHECK(sepax_store_set_tasks(s, &bad) == SEPAX_ERR_BAD_WORKER, "too many workers");
    CHECK(memcmp(&s->core.tasks, &good, sizeof good) == 0, "a refused system replaced the good one");
    CHECK(sepax_store_set_tasks(s, NULL) == SEPAX_OK && s->core.tasks.worker_count == 0, "clear");
}

/* A task system that hands out worker indices it did not declare: the
 * split broadphase, the one call that keeps per-worker lists, refuses
 * with SEPAX_ERR_BAD_WORKER, writes nothing and reports no pairs; the
 * same store answers again once a good system is back. */
static void test_bad_worker(subject *su)
{
    where = "bad worker index";
    const size_t n = su->count;
    test_system t = {0, 3, 0, NULL, 0, 0, NULL, 1};
    const sepax_task_system ts = system_of(&t);
    CHECK(sepax_store_set_tasks(su->store, &ts) == SEPAX_OK, "set_tasks");
    size_t got = 7;
    memset(su->got_pairs, 0xA5, n * sizeof *su->got_pairs);
    const sepax_status st = sepax_broadphase(su->store, su->got_pairs, n, &got);
    CHECK(st == SEPAX_ERR_BAD_WORKER && got == 0 &&
              all_bytes(su->got_pairs, n * sizeof *su->got_pairs, 0xA5),
          "broadphase: %s, %zu pairs", sepax_status_string(st), got);
    CHECK(t.enqueues > 0, "the broadphase did not split");
    t.lie = 0;
    CHECK(sepax_broadphase(su->store, su->got_pairs, n, &got) == SEPAX_OK && got == n &&
              memcmp(su->got_pairs, su->pairs, n * sizeof *su->pairs) == 0,
          "broadphase after an honest system");
    sepax_store_set_tasks(su->store, NULL);
}

/* Refuse each allocation of the split compacted call and broadphase in
 * turn: the status says so, nothing reaches the caller's arrays, nothing
 * leaks. */
static void test_out_of_memory(const subject *model, int refusals)
{
    where = "out of memory";
    failing_alloc f = {-1, 0, 0};
    const sepax_allocator hooks = failing_alloc_hooks(&f);
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &hooks;
    sepax_store *s;
    if (sepax_store_create(&o, &s) != SEPAX_OK ||
        sepax_scene_load(&model->scene, s, NULL, NULL) != 0) {
        CHECK(0, "could not build the store");
        return;
    }
    sepax_store_set_backend(s, sepax_store_backend(model->store));
    test_system t = {1, 3, 0, NULL, 0, 0, NULL, 0};
    const sepax_task_system ts = system_of(&t);
    sepax_store_set_tasks(s, &ts);
    const size_t n = model->count;
    const int live = f.live;
    int refused = 0;
    for (int k = 0; k < refusals; k++) {
        size_t got = 7;
        f.fail_at = f.calls + k;
        memset(model->got_hits, 0x5A, n * sizeof *model->got_hits);
        sepax_status st = sepax_collide_hits(s, model->pairs, n, model->got_hits, n, &got, NULL);
        CHECK(st == SEPAX_OK || (st == SEPAX_ERR_OUT_OF_MEMORY && got == 0 &&
                                 model->got_hits[0].pair == 0x5A5A5A5Au),
              "collide_hits, allocation %d refused: %s", k, sepax_status_string(st));
        refused += st == SEPAX_ERR_OUT_OF_MEMORY;
        got = 7;
        f.fail_at = f.calls + k;
        memset(model->got_hits, 0x5A, n * sizeof *model->got_hits);
        st = sepax_collide_hits_grouped(s, model->gpairs, model->gstarts, model->got_hits, n, &got,
                                        NULL);
        CHECK(st == SEPAX_OK || (st == SEPAX_ERR_OUT_OF_MEMORY && got == 0 &&
                                 all_bytes(model->got_hits, n * sizeof *model->got_hits, 0x5A)),
              "collide_hits_grouped, allocation %d refused: %s", k, sepax_status_string(st));
        CHECK(st != SEPAX_OK ||
                  (got == model->ghit_count &&
                   memcmp(model->got_hits, model->ghits, got * sizeof *model->ghits) == 0),
              "collide_hits_grouped differs after allocation %d was refused", k);
        refused += st == SEPAX_ERR_OUT_OF_MEMORY;
        f.fail_at = f.calls + k;
        memset(model->got_pairs, 0xA5, n * sizeof *model->got_pairs);
        st = sepax_broadphase(s, model->got_pairs, n, &got);
        CHECK(st == SEPAX_OK || (st == SEPAX_ERR_OUT_OF_MEMORY && got == 0 &&
                                 model->got_pairs[0].a == 0xA5A5A5A5u),
              "broadphase, allocation %d refused: %s", k, sepax_status_string(st));
        CHECK(st != SEPAX_OK || (got == n && memcmp(model->got_pairs, model->pairs,
                                                    n * sizeof *model->pairs) == 0),
              "broadphase differs after allocation %d was refused", k);
        refused += st == SEPAX_ERR_OUT_OF_MEMORY;
        CHECK(f.live == live, "%d blocks leaked", f.live - live);
    }
    CHECK(refused >= 3 || refusals < 8, "only %d refusals", refused);
    sepax_store_destroy(s);
}

/* Two threads calling at once on one store through one pool: the pool
 * hands each its own worker indices. */
typedef struct caller {
    subject *su;
    sepax_pair *pairs;
    sepax_result *results;
    int ok;
} caller;

static void *call_both(void *arg)
{
    caller *c = arg;
    const size_t n = c->su->count;
    size_t got = 0;
    c->ok = sepax_broadphase(c->su->store, c->pairs, n, &got) == SEPAX_OK && got == n &&
            memcmp(c->pairs, c->su->pairs, n * sizeof *c->pairs) == 0 &&
            sepax_collide(c->su->store, c->su->pairs, n, c->results, NULL) == SEPAX_OK &&
            memcmp(c->results, c->su->results, n * sizeof *c->results) == 0;
    return NULL;
}

static void test_two_callers(subject *su)
{
    caller c[2];
    pthread_t th[2];
    for (int k = 0; k < 2; k++) {
        c[k].su = su;
        c[k].pairs = must(malloc(su->count * sizeof *c[k].pairs));
        c[k].results = must(malloc(su->count * sizeof *c[k].results));
        c[k].ok = 0;
        if (pthread_create(&th[k], NULL, call_both, &c[k]) != 0) {
            CHECK(0, "pthread_create");
            return;
        }
    }
    for (int k = 0; k < 2; k++) {
        pthread_join(th[k], NULL);
        CHECK(c[k].ok, "two callers at once: caller %d differs", k);
        free(c[k].pairs);
        free(c[k].results);
    }
}

/* The 3D cached call (or with motions the tracked call) on pairs, from
 * caches (and motions) copied to got_caches (and got_motions), into
 * hits. */
static sepax_status hits3_kept(const sepax3_store *s, const sepax_pair *pairs, size_t n,
                               const sepax3_pair_cache *caches, const sepax_pair_motion *motions,
                               sepax3_pair_cache *got_caches, sepax_pair_motion *got_motions,
                               sepax3_hit *hits, size_t *got, size_t *at)
{
    memcpy(got_caches, caches, n * sizeof *caches);
    if (!motions)
        return sepax3_collide_hits_cached(s, pairs, n, got_caches, hits, n, got, at);
    memcpy(got_motions, motions, n * sizeof *motions);
    return sepax3_collide_hits_tracked(s, pairs, n, got_caches, got_motions, hits, n, got, at);
}

/* The 3D calls that split, on boxes and spheres with the store's
 * backend, through the pool and the reverse-order system. */
static void test_3d(task_pool *pool)
{
    where = "3D";
    sepax_scene3_params p = sepax_scene3_params_spheres_boxes();
    p.shapes = SHAPES;
    sepax_scene3 scene;
    sepax3_store *s;
    if (sepax_scene3_generate(&p, &scene) != 0 || sepax3_store_create(NULL, &s) != SEPAX_OK ||
        sepax_scene3_load(&scene, s, NULL, NULL) != 0) {
        CHECK(0, "could not build the scene");
        return;
    }
    sepax_scene3_free(&scene);
    const size_t limit = s->core.slot_limit;
    float *world = must(malloc(limit * SEPAX3_RECORD * sizeof *world));
    float *bounds = must(malloc(limit * SEPAX3_BOUNDS * sizeof *bounds));
    memcpy(world, s->world, limit * SEPAX3_RECORD * sizeof *world);
    memcpy(bounds, s->bounds, limit * SEPAX3_BOUNDS * sizeof *bounds);
    size_t n = 0, got = 0, at = 0;
    sepax3_broadphase(s, NULL, 0, &n);
    sepax_pair *pairs = must(malloc(n * sizeof *pairs)), *got_pairs = must(malloc(n * sizeof *pairs));
    sepax3_result *res = must(malloc(n * sizeof *res)), *got_res = must(malloc(n * sizeof *res));
    CHECK(sepax3_broadphase(s, pairs, n, &n) == SEPAX_OK &&
              sepax3_collide(s, pairs, n, res, NULL) == SEPAX_OK,
          "unsplit calls");
    /* hits and point queries: a query per slot, at a point between the
     * shape's centre and its box's corner, so that some are inside */
    sepax3_hit *hits = must(malloc(n * sizeof *hits)), *got_hits = must(malloc(n * sizeof *hits));
    size_t hit_count = 0;
    CHECK(sepax3_collide_hits(s, pairs, n, hits, n, &hit_count, NULL) == SEPAX_OK, "hits");
    {
        /* worker indices past the declared count: refused, nothing
         * written, as in 2D (test_bad_worker) */
        test_system liar = {0, 3, 0, NULL, 0, 0, NULL, 1};
        const sepax_task_system ts = system_of(&liar);
        CHECK(sepax3_store_set_tasks(s, &ts) == SEPAX_OK, "set_tasks");
        size_t none = 7;
        memset(got_pairs, 0xA5, n * sizeof *got_pairs);
        const sepax_status st = sepax3_broadphase(s, got_pairs, n, &none);
        CHECK(st == SEPAX_ERR_BAD_WORKER && none == 0 &&
                  all_bytes(got_pairs, n * sizeof *got_pairs, 0xA5) && liar.enqueues > 0,
              "broadphase with bad worker indices: %s, %zu pairs", sepax_status_string(st), none);
        sepax3_store_set_tasks(s, NULL);
    }
    /* the cached call (t 0) and the tracked call (t 1): caches (and
     * motion records) one unsplit call wrote from empty ones, some
     * emptied and some random (caches0[t], motions0), then what one
     * unsplit call makes of them (caches1[t], motions1) */
    sepax3_pair_cache *caches0[2], *caches1[2];
    sepax3_pair_cache *got_caches = must(malloc(n * sizeof *got_caches));
    sepax_pair_motion *motions0 = must(calloc(n, sizeof *motions0));
    sepax_pair_motion *motions1 = must(malloc(n * sizeof *motions1));
    sepax_pair_motion *got_motions = must(malloc(n * sizeof *motions1));
    for (int t = 0; t < 2; t++) {
        const char *call = t ? "tracked" : "cached";
        caches0[t] = must(calloc(n, sizeof *caches0[t]));
        caches1[t] = must(malloc(n * sizeof *caches1[t]));
        CHECK(hits3_kept(s, pairs, n, caches0[t], t ? motions0 : NULL, caches1[t], motions1,
                         got_hits, &got, NULL) == SEPAX_OK &&
                  got == hit_count,
              "%s hits", call);
        mix_records(caches1[t], sizeof *caches1[t], n, 7, 11);
        memcpy(caches0[t], caches1[t], n * sizeof *caches1[t]);
        if (t) {
            mix_records(motions1, sizeof *motions1, n, 5, 13);
            memcpy(motions0, motions1, n * sizeof *motions1);
        }
        CHECK(hits3_kept(s, pairs, n, caches0[t], t ? motions0 : NULL, caches1[t], motions1,
                         got_hits, &got, NULL) == SEPAX_OK &&
                  got == hit_count && memcmp(got_hits, hits, got * sizeof *hits) == 0,
              "%s hits differ from plain", call);
    }
    /* the grouped calls, unsplit (boxes and spheres: groups 0, 1 and 4,
     * empty ones between), and two bad grouped lists (grouped_bad) */
    sepax_pair *gpairs = must(malloc(n * sizeof *gpairs));
    sepax_pair *gbad[2] = {must(malloc(n * sizeof *gpairs)), must(malloc(n * sizeof *gpairs))};
    size_t gstarts[SEPAX3_PAIR_GROUPS + 1], gbad_starts[2][SEPAX3_PAIR_GROUPS + 1];
    size_t *gbad_startp[2] = {gbad_starts[0], gbad_starts[1]};
    uint32_t *gfrom = must(malloc(n * sizeof *gfrom));
    sepax3_result *gres = must(malloc(n * sizeof *gres));
    sepax3_hit *ghits = must(malloc(n * sizeof *ghits));
    size_t ghit_count = 0, gbad_at[2], want_at[2];
    sepax_status gbad_status[2], want[2];
    CHECK(sepax3_group_pairs(s, pairs, n, gpairs, gstarts, gfrom, NULL) == SEPAX_OK &&
              sepax3_collide_grouped(s, gpairs, gstarts, gres, NULL) == SEPAX_OK &&
              sepax3_collide_hits_grouped(s, gpairs, gstarts, ghits, n, &ghit_count, NULL) ==
                  SEPAX_OK &&
              sepax3_collide_hits(s, gpairs, n, got_hits, n, &got, NULL) == SEPAX_OK &&
              got == ghit_count && ghit_count == hit_count &&
              memcmp(got_hits, ghits, got * sizeof *ghits) == 0,
          "unsplit grouped calls, or their hits unlike collide_hits' over the grouped list");
    size_t unlike = 0;
    for (size_t k = 0; k < n; k++)
        unlike += memcmp(&gres[k], &res[gfrom[k]], sizeof *res) != 0;
    CHECK(unlike == 0, "collide_grouped differs from collide on %zu pairs", unlike);
    grouped_bad(gpairs, gstarts, SEPAX3_PAIR_GROUPS, n, gbad, gbad_startp, want_at, want);
    for (int b = 0; b < 2; b++) {
        gbad_status[b] = sepax3_collide_grouped(s, gbad[b], gbad_starts[b], got_res, &gbad_at[b]);
        CHECK(gbad_status[b] == want[b] && gbad_at[b] == want_at[b],
              "bad grouped list %d: %s at %zu, want %s at %zu", b,
              sepax_status_string(gbad_status[b]), gbad_at[b], sepax_status_string(want[b]),
              want_at[b]);
    }
    sepax3_manifold *man = must(malloc(n * sizeof *man)), *got_man = must(malloc(n * sizeof *man));
    sepax3_manifold_hit *mhits = must(malloc(n * sizeof *mhits));
    sepax3_manifold_hit *got_mhits = must(malloc(n * sizeof *mhits));
    size_t mhit_count = 0;
    CHECK(sepax3_collide_manifolds(s, pairs, n, man, NULL) == SEPAX_OK &&
              sepax3_collide_manifolds_hits(s, pairs, n, mhits, n, &mhit_count, NULL) == SEPAX_OK &&
              mhit_count == hit_count,
          "manifolds");
    sepax3_point_query *queries = must(malloc(limit * sizeof *queries));
    uint8_t *inside = must(malloc(limit)), *got_inside = must(malloc(limit));
    size_t nq = 0;
    for (uint32_t slot = 0; slot < limit; slot++) {
        sepax3_vec lo, hi;
        if (sepax3_shape_id_of_slot(s, slot, &queries[nq].shape) != SEPAX_OK ||
            sepax3_shape_aabb(s, queries[nq].shape, &lo, &hi) != SEPAX_OK)
            continue;
        const float t = 0.25f + 0.5f * (float)(slot % 3) / 2.0f;
        queries[nq].point = (sepax3_vec){lo.x + t * (hi.x - lo.x), lo.y + t * (hi.y - lo.y),
                                         lo.z + (1.0f - t) * (hi.z - lo.z)};
        nq++;
    }
    CHECK(sepax3_query_points(s, queries, nq, inside, NULL) == SEPAX_OK, "points");
    test_system rev = {1, 4, 0, NULL, 0, 0, NULL, 0};
    const sepax_task_system systems[2] = {task_pool_system(pool), system_of(&rev)};
    for (int k = 0; k < 2; k++) {
        where = k ? "3D, reverse order in finish" : "3D, pool";
        CHECK(sepax3_store_set_tasks(s, &systems[k]) == SEPAX_OK, "set_tasks");
        memset(got_pairs, 0xA5, n * sizeof *got_pairs);
        CHECK(sepax3_broadphase(s, got_pairs, n, &got) == SEPAX_OK && got == n &&
                  memcmp(got_pairs, pairs, n * sizeof *pairs) == 0,
              "broadphase differs");
        memset(got_pairs, 0xA5, n * sizeof *got_pairs);
        CHECK(sepax3_broadphase(s, got_pairs, n / 3, &got) == SEPAX_ERR_CAPACITY && got == n &&
                  memcmp(got_pairs, pairs, n / 3 * sizeof *pairs) == 0 &&
                  got_pairs[n / 3].a == 0xA5A5A5A5u,
              "short broadphase differs");
        memset(got_res, 0, n * sizeof *got_res);
        CHECK(sepax3_collide(s, pairs, n, got_res, NULL) == SEPAX_OK &&
                  memcmp(got_res, res, n * sizeof *res) == 0,
              "collide differs");
        memset(got_hits, 0x5A, n * sizeof *got_hits);
        CHECK(sepax3_collide_hits(s, pairs, n, got_hits, n, &got, NULL) == SEPAX_OK &&
                  got == hit_count && memcmp(got_hits, hits, got * sizeof *hits) == 0,
              "collide_hits differs");
        memset(got_hits, 0x5A, n * sizeof *got_hits);
        CHECK(sepax3_collide_hits(s, pairs, n, got_hits, hit_count / 3, &got, NULL) ==
                      SEPAX_ERR_CAPACITY &&
                  got == hit_count &&
                  memcmp(got_hits, hits, hit_count / 3 * sizeof *hits) == 0 &&
                  got_hits[hit_count / 3].pair == 0x5A5A5A5Au,
              "short collide_hits differs");
        const int before = rev.enqueues;
        memset(got_res, 0x5A, n * sizeof *got_res);
        CHECK(sepax3_collide_grouped(s, gpairs, gstarts, got_res, NULL) == SEPAX_OK &&
                  memcmp(got_res, gres, n * sizeof *gres) == 0,
              "collide_grouped differs");
        memset(got_hits, 0x5A, n * sizeof *got_hits);
        CHECK(sepax3_collide_hits_grouped(s, gpairs, gstarts, got_hits, n, &got, NULL) ==
                      SEPAX_OK &&
                  got == ghit_count && memcmp(got_hits, ghits, got * sizeof *ghits) == 0,
              "collide_hits_grouped differs");
        memset(got_hits, 0x5A, n * sizeof *got_hits);
        CHECK(sepax3_collide_hits_grouped(s, gpairs, gstarts, got_hits, ghit_count / 3, &got,
                                          NULL) == SEPAX_ERR_CAPACITY &&
                  got == ghit_count &&
                  memcmp(got_hits, ghits, ghit_count / 3 * sizeof *ghits) == 0 &&
                  all_bytes(got_hits + ghit_count / 3, (n - ghit_count / 3) * sizeof *got_hits,
                            0x5A),
              "short collide_hits_grouped differs");
        /* the reverse system: the plain call's two rounds and the
         * compacted calls' two each */
        CHECK(k == 0 || rev.enqueues >= before + 6, "the grouped calls did not split");
        for (int b = 0; b < 2; b++) {
            at = 0;
            memset(got_res, 0x5A, n * sizeof *got_res);
            CHECK(sepax3_collide_grouped(s, gbad[b], gbad_starts[b], got_res, &at) ==
                          gbad_status[b] &&
                      at == gbad_at[b] && all_bytes(got_res, n * sizeof *got_res, 0x5A),
                  "bad grouped list %d named differently (%zu, unsplit %zu), or results written",
                  b, at, gbad_at[b]);
            at = 0;
            got = 7;
            memset(got_hits, 0x5A, n * sizeof *got_hits);
            CHECK(sepax3_collide_hits_grouped(s, gbad[b], gbad_starts[b], got_hits, n, &got,
                                              &at) == gbad_status[b] &&
                      at == gbad_at[b] && got == 0 &&
                      all_bytes(got_hits, n * sizeof *got_hits, 0x5A),
                  "bad grouped list %d in collide_hits_grouped named differently (%zu, unsplit "
                  "%zu), or hits written",
                  b, at, gbad_at[b]);
        }
        for (int t = 0; t < 2; t++) {
            memset(got_hits, 0x5A, n * sizeof *got_hits);
            CHECK(hits3_kept(s, pairs, n, caches0[t], t ? motions0 : NULL, got_caches,
                             got_motions, got_hits, &got, NULL) == SEPAX_OK &&
                      got == hit_count && memcmp(got_hits, hits, got * sizeof *hits) == 0 &&
                      memcmp(got_caches, caches1[t], n * sizeof *got_caches) == 0 &&
                      (!t || memcmp(got_motions, motions1, n * sizeof *motions1) == 0),
                  "%s collide_hits differs (hits, caches or motion records)",
                  t ? "tracked" : "cached");
        }
        memset(got_man, 0x5A, n * sizeof *got_man);
        CHECK(sepax3_collide_manifolds(s, pairs, n, got_man, NULL) == SEPAX_OK &&
                  memcmp(got_man, man, n * sizeof *man) == 0,
              "collide_manifolds differs");
        memset(got_mhits, 0x5A, n * sizeof *got_mhits);
        CHECK(sepax3_collide_manifolds_hits(s, pairs, n, got_mhits, hit_count / 3, &got, NULL) ==
                      SEPAX_ERR_CAPACITY &&
                  got == hit_count &&
                  memcmp(got_mhits, mhits, hit_count / 3 * sizeof *mhits) == 0 &&
                  got_mhits[hit_count / 3].pair == 0x5A5A5A5Au,
              "short collide_manifolds_hits differs");
        memset(got_inside, 7, limit);
        CHECK(sepax3_query_points(s, queries, nq, got_inside, NULL) == SEPAX_OK &&
                  memcmp(got_inside, inside, nq) == 0,
              "query_points differs");
        const sepax3_point_query keep_q = queries[nq / 3];
        queries[nq / 3].point.y = NAN;
        CHECK(sepax3_query_points(s, queries, nq, got_inside, &at) == SEPAX_ERR_NOT_FINITE &&
                  at == nq / 3,
              "bad query named differently");
        queries[nq / 3] = keep_q;
        const sepax_pair keep = pairs[n / 2], keep_last = pairs[n - 1];
        pairs[n / 2].b = pairs[n / 2].a;
        pairs[n - 1].a = 0xFFFFFFu;
        CHECK(sepax3_collide(s, pairs, n, got_res, &at) == SEPAX_ERR_BAD_PAIR && at == n / 2,
              "bad pair named differently");
        CHECK(sepax3_collide_hits(s, pairs, n, got_hits, n, &got, &at) == SEPAX_ERR_BAD_PAIR &&
                  at == n / 2 && got == 0,
              "bad pair in collide_hits named differently");
        for (int t = 0; t < 2; t++) {
            got = 7;
            CHECK(hits3_kept(s, pairs, n, caches0[t], t ? motions0 : NULL, got_caches,
                             got_motions, got_hits, &got, &at) == SEPAX_ERR_BAD_PAIR &&
                      at == n / 2 && got == 0 &&
                      memcmp(got_caches, caches0[t], n * sizeof *got_caches) == 0 &&
                      (!t || memcmp(got_motions, motions0, n * sizeof *motions0) == 0),
                  "bad pair in %s collide_hits named differently, or caches or motion records "
                  "written",
                  t ? "tracked" : "cached");
        }
        CHECK(sepax3_collide_manifolds(s, pairs, n, got_man, &at) == SEPAX_ERR_BAD_PAIR &&
                  at == n / 2,
              "bad pair in collide_manifolds named differently");
        pairs[n / 2] = keep;
        pairs[n - 1] = keep_last;
        memset(s->world, 0, limit * SEPAX3_RECORD * sizeof *world);
        memset(s->bounds, 0, limit * SEPAX3_BOUNDS * sizeof *bounds);
        CHECK(sepax3_update_world(s) == SEPAX_OK &&
                  memcmp(s->world, world, limit * SEPAX3_RECORD * sizeof *world) == 0 &&
                  memcmp(s->bounds, bounds, limit * SEPAX3_BOUNDS * sizeof *bounds) == 0,
              "update_world differs");
    }
    CHECK(rev.enqueues >= 8, "only %d tasks enqueued: a call did not split", rev.enqueues);
    CHECK(sepax3_store_set_tasks(s, NULL) == SEPAX_OK, "clear");
    free(world), free(bounds), free(pairs), free(got_pairs), free(res), free(got_res);
    free(hits), free(got_hits), free(queries), free(inside), free(got_inside);
    free(man), free(got_man), free(mhits), free(got_mhits);
    free(gpairs), free(gbad[0]), free(gbad[1]), free(gfrom), free(gres), free(ghits);
    for (int t = 0; t < 2; t++)
        free(caches0[t]), free(caches1[t]);
    free(got_caches), free(motions0), free(motions1), free(got_motions);
    sepax3_store_destroy(s);
}

int main(int argc, char **argv)
{
    const int rounds = argc > 1 ? atoi(argv[1]) : 1;
    const char *scale = getenv("SEPAX_TEST_SCALE");
    const int small = scale && atof(scale) < 1.0;
    subject su[3];
    memset(su, 0, sizeof su);
    build(&su[0], "polygons", sepax_scene_params_default(), 0);
    if (!small)
        build(&su[1], "circles", sepax_scene_params_circles(), 0);
    build(&su[2], "every kind, with holes", sepax_scene_params_mixed_kinds(), 1);
    task_pool *pools[4];
    for (uint32_t w = 1; w <= 4; w++) {
        if (task_pool_create(w, &pools[w - 1]) != 0) {
            fputs("sepax_tasks: could not start the pool\n", stderr);
            return 1;
        }
    }
    test_set_tasks(su[0].store);
    answer(&su[0]);
    test_bad_worker(&su[0]);

    const int one = getenv("SEPAX_BACKEND") != NULL;
    const sepax_backend first = sepax_store_backend(su[0].store);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (one ? (sepax_backend)b != first : !sepax_backend_available((sepax_backend)b))
            continue;
        for (int k = 0; k < 3; k++) {
            if (su[k].store) {
                sepax_store_set_backend(su[k].store, (sepax_backend)b);
                answer(&su[k]);
            }
        }
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < 3; k++) {
                char name[160];
                if (!su[k].store)
                    continue;
                for (uint32_t w = small ? 2 : 1; w <= (small ? 2u : 4u); w++) {
                    snprintf(name, sizeof name, "%s, %s, pool of %u", su[k].name,
                             sepax_backend_name((sepax_backend)b), w);
                    where = name;
                    const sepax_task_system ts = task_pool_system(pools[w - 1]);
                    sepax_store_set_tasks(su[k].store, &ts);
                    compare(&su[k]);
                    if (w == 3 && k == 0)
                        test_two_callers(&su[k]);
                }
                for (int reverse = 0; reverse < 2; reverse++) {
                    test_system t = {reverse, reverse ? 4u : 3u, 0, NULL, 0, 0, NULL, 0};
                    const sepax_task_system ts = system_of(&t);
                    snprintf(name, sizeof name, "%s, %s, %s", su[k].name,
                             sepax_backend_name((sepax_backend)b),
                             reverse ? "reverse order in finish" : "inline in enqueue");
                    where = name;
                    sepax_store_set_tasks(su[k].store, &ts);
                    compare(&su[k]);
                    /* broadphase 4 rounds, collide 2, hits 2 (and their
                     * repeats), points 2, update 1: all split */
                    CHECK(t.enqueues >= 20, "only %d tasks enqueued: a call did not split",
                          t.enqueues);
                }
                sepax_store_set_tasks(su[k].store, NULL);
            }
        }
        test_out_of_memory(&su[0], small ? 6 : 64);
    }

    if (!small)
        test_3d(pools[2]);
    for (uint32_t w = 0; w < 4; w++)
        task_pool_destroy(pools[w]);
    for (int k = 0; k < 3; k++) {
        sepax_store_destroy(su[k].store);
        sepax_scene_free(&su[k].scene);
        free(su[k].pairs), free(su[k].bad_pairs), free(su[k].results), free(su[k].hits);
        free(su[k].short_hits), free(su[k].queries), free(su[k].bad_queries);
        free(su[k].inside), free(su[k].xf0), free(su[k].xf1), free(su[k].pool1);
        free(su[k].box1), free(su[k].got_pairs), free(su[k].got_results), free(su[k].got_hits);
        free(su[k].got_inside), free(su[k].caches0), free(su[k].caches1);
        free(su[k].got_caches), free(su[k].tcaches1), free(su[k].motions0), free(su[k].motions1);
        free(su[k].got_motions);
        free(su[k].manifolds), free(su[k].got_manifolds), free(su[k].mhits), free(su[k].got_mhits);
        free(su[k].gpairs), free(su[k].gfrom), free(su[k].gresults), free(su[k].ghits);
        free(su[k].gbad_pairs[0]), free(su[k].gbad_pairs[1]);
    }
    if (failures) {
        fprintf(stderr, "sepax_tasks: %d failures\n", failures);
        return 1;
    }
    puts("sepax_tasks: every split call matches the unsplit one");
    return 0;
}
