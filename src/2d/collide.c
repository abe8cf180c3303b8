/* The public batch calls: check every pair, then hand the list to the
 * store's kernels; the compacted call runs them over stack-sized chunks
 * and keeps only the hits. With a task system of several workers both
 * run in ranges of pairs (common/tasks.h): a pair's result depends on
 * that pair alone, so ranges change no bit of it. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "batch.h"
#include "cache.h"
#include "common/batch.h"
#include "groups.h"
#include "common/motion.h"

/* What the ranges of one call share. */
typedef struct call {
    sepax_pair_call head; /* first: what the checks read */
    const sepax_store *s;
    sepax_columns cols;
    sepax_result *results;
    sepax_pair_cache *caches; /* the cached compacted call's, else NULL */
    sepax_pair_motion *motions; /* the tracked call's, else NULL */
} call;

static void collide_range(const void *context, size_t from, size_t to)
{
    const call *c = context;
    sepax_run_kernels(c->s, &c->cols, c->head.pairs + from, to - from, c->results + from);
}

sepax_status sepax_collide(const sepax_store *s, const sepax_pair *pairs, size_t count,
                           sepax_result *results, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_status st = sepax_batch_check(pairs, count, !results, sizeof *results);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, sepax_store_columns(s), results, NULL, NULL};
    /* 64 results are 16 cache lines */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 64,
                           .check = sepax_batch_check_pairs, .run = collide_range,
                           .context = &c};
    return sepax_batch_run(&b, bad_index);
}

/* The hits among pairs [base, base + n), n <= SEPAX_HIT_CHUNK, appended
 * to hits (found already there, room for capacity); returns the new count.
 * With caches, the pairs their cached axis still separates are no hits
 * and skip the kernels; the others' caches are rewritten from their
 * results. */
static size_t chunk_hits(const void *context, size_t base, size_t n, void *out, size_t capacity,
                         size_t found)
{
    const call *c = context;
    const sepax_store *s = c->s;
    const sepax_columns *cols = &c->cols;
    const sepax_pair *pairs = c->head.pairs;
    sepax_pair_cache *caches = c->caches;
    sepax_hit *hits = out;
    sepax_result chunk[SEPAX_HIT_CHUNK];
    if (!caches) {
        sepax_run_kernels(s, cols, pairs + base, n, chunk);
        return sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax_result, flags), base, hits,
                               sizeof *hits, offsetof(sepax_hit, result), capacity, found);
    }
    _Static_assert(SEPAX_HIT_CHUNK <= SEPAX_CACHE_CHUNK, "the filter takes a whole chunk");
    sepax_pair live[SEPAX_HIT_CHUNK];
    uint16_t at[SEPAX_HIT_CHUNK];
    const size_t m = sepax_cache_filter(cols, pairs + base, n, caches + base, s->round_live == 0,
                                        s->kernels->cache_plain, live, at);
    sepax_run_kernels(s, cols, live, m, chunk);
    sepax_cache_refresh(cols, live, m, chunk, at, caches + base);
    return sepax_hits_take_at(chunk, m, sizeof *chunk, offsetof(sepax_result, flags), base, at,
                              hits, sizeof *hits, offsetof(sepax_hit, result), capacity, found);
}

/* chunk_hits for the tracked call: the pairs whose motion record still
 * holds are dropped first, reading no shape; the rest take the cached
 * call's path, and then each gets a new motion record from its cache (a
 * hit gets an empty one). */
static size_t chunk_hits_tracked(const void *context, size_t base, size_t n, void *out,
                                 size_t capacity, size_t found)
{
    const call *c = context;
    const sepax_store *s = c->s;
    const sepax_columns *cols = &c->cols;
    const sepax_pair *pairs = c->head.pairs + base;
    sepax_pair_cache *caches = c->caches + base;
    sepax_pair_motion *motions = c->motions + base;
    sepax_pair sub[SEPAX_HIT_CHUNK], live[SEPAX_HIT_CHUNK];
    sepax_pair_cache sub_caches[SEPAX_HIT_CHUNK];
    uint16_t from[SEPAX_HIT_CHUNK], at[SEPAX_HIT_CHUNK];
    uint8_t hit[SEPAX_HIT_CHUNK];
    sepax_result chunk[SEPAX_HIT_CHUNK];
    const size_t w = sepax_motion_filter(&s->core, pairs, n, motions, sub, from);
    for (size_t j = 0; j < w; j++) {
        sub_caches[j] = caches[from[j]];
        hit[j] = 0;
    }
    const size_t m = sepax_cache_filter(cols, sub, w, sub_caches, s->round_live == 0,
                                        s->kernels->cache_plain, live, at);
    sepax_run_kernels(s, cols, live, m, chunk);
    sepax_cache_refresh(cols, live, m, chunk, at, sub_caches);
    for (size_t k = 0; k < m; k++) {
        hit[at[k]] = (chunk[k].flags & SEPAX_HIT) != 0;
        at[k] = from[at[k]];
    }
    for (size_t j = 0; j < w; j++) {
        caches[from[j]] = sub_caches[j];
        if (hit[j]) {
            memset(motions + from[j], 0, sizeof *motions);
            continue;
        }
        int side;
        const float q = sepax_cache_gap(cols, sub[j], sub_caches + j, &side);
        const sepax_vec2 pa = s->xf[sepax_store_row(s, sub[j].a)].p;
        const sepax_vec2 pb = s->xf[sepax_store_row(s, sub[j].b)].p;
        const float a3[3] = {pa.x, pa.y, 0.0f}, b3[3] = {pb.x, pb.y, 0.0f};
        sepax_motion_write(&s->core, sub[j], q, side, a3, b3, motions + from[j]);
    }
    return sepax_hits_take_at(chunk, m, sizeof *chunk, offsetof(sepax_result, flags), base, at,
                              out, sizeof(sepax_hit), offsetof(sepax_hit, result), capacity,
                              found);
}

/* Both compacted calls, sepax_hits_begin's checks made; caches NULL:
 * uncached; motions too: tracked. */
static sepax_status collide_hits(const sepax_store *s, const sepax_pair *pairs, size_t count,
                                 sepax_pair_cache *caches, sepax_pair_motion *motions,
                                 sepax_hit *hits, size_t capacity, size_t *hit_count,
                                 size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    /* hits may be NULL with capacity 0: the caller asks only for the count */
    const sepax_status st = sepax_batch_check(pairs, count, 0, sizeof *hits);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, sepax_store_columns(s), NULL, caches, motions};
    /* A chunk rewrites its caches as it goes: with caches every pair is
     * checked first, so that a bad pair leaves all of them as they were. */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = SEPAX_HIT_CHUNK,
                           .check = sepax_batch_check_pairs,
                           .chunk = motions ? chunk_hits_tracked : chunk_hits,
                           .hit_size = sizeof *hits, .check_first = caches != NULL,
                           .context = &c};
    return sepax_batch_hits(&b, hits, capacity, hit_count, bad_index);
}

sepax_status sepax_collide_hits(const sepax_store *s, const sepax_pair *pairs, size_t count,
                                sepax_hit *hits, size_t capacity, size_t *hit_count,
                                size_t *bad_index)
{
    const sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    return st != SEPAX_OK ? st
                          : collide_hits(s, pairs, count, NULL, NULL, hits, capacity,
                                         hit_count, bad_index);
}

sepax_status sepax_collide_hits_cached(const sepax_store *s, const sepax_pair *pairs,
                                       size_t count, sepax_pair_cache *caches, sepax_hit *hits,
                                       size_t capacity, size_t *hit_count, size_t *bad_index)
{
    sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    if (st == SEPAX_OK && count > 0 && !caches)
        st = SEPAX_ERR_NULL;
    return st != SEPAX_OK ? st
                          : collide_hits(s, pairs, count, caches, NULL, hits, capacity,
                                         hit_count, bad_index);
}

sepax_status sepax_collide_hits_tracked(const sepax_store *s, const sepax_pair *pairs,
                                        size_t count, sepax_pair_cache *caches,
                                        sepax_pair_motion *motions, sepax_hit *hits,
                                        size_t capacity, size_t *hit_count, size_t *bad_index)
{
    sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    if (st == SEPAX_OK && count > 0 && (!caches || !motions))
        st = SEPAX_ERR_NULL;
    if (st != SEPAX_OK)
        return st;
    sepax_motion_start(&s->core);
    return collide_hits(s, pairs, count, caches, motions, hits, capacity, hit_count, bad_index);
}

/* The grouped calls: the same kernels, each group handed whole to the
 * table's collide_group (the scalar table has none: its collide_any is
 * the specification for every group), common/groups.c running them. */
typedef struct group_call {
    const sepax_store *s;
    sepax_columns cols;
} group_call;

static void group_run(const void *context, uint32_t g, const sepax_pair *pairs, size_t n,
                      void *out)
{
    const group_call *c = context;
    const sepax_kernels *k = c->s->kernels;
    if (k->collide_group)
        k->collide_group(&c->cols, g, pairs, n, out);
    else
        k->collide_any(&c->cols, pairs, n, out);
}

SEPAX_GROUP_CHECK(check_grouped, sepax_group_of_slots)

/* 64 results are 16 cache lines */
#define GROUP_KERNEL(c)                                                                        \
    {group_run, &(c), sizeof(sepax_result), offsetof(sepax_result, flags), sizeof(sepax_hit),  \
     offsetof(sepax_hit, result), 64, check_grouped}

sepax_status sepax_collide_grouped(const sepax_store *s, const sepax_pair *pairs,
                                   const size_t *starts, sepax_result *results, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const group_call c = {s, sepax_store_columns(s)};
    const sepax_grouping r = sepax_grouping_of(s);
    const sepax_group_kernel k = GROUP_KERNEL(c);
    return sepax_grouped_collide(&r, pairs, starts, &k, results, bad_index);
}

sepax_status sepax_collide_hits_grouped(const sepax_store *s, const sepax_pair *pairs,
                                        const size_t *starts, sepax_hit *hits, size_t capacity,
                                        size_t *hit_count, size_t *bad_index)
{
    const sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, 0, hit_count);
    if (st != SEPAX_OK || !s)
        return st != SEPAX_OK ? st : SEPAX_ERR_NULL;
    const group_call c = {s, sepax_store_columns(s)};
    const sepax_grouping r = sepax_grouping_of(s);
    const sepax_group_kernel k = GROUP_KERNEL(c);
    return sepax_grouped_hits(&r, pairs, starts, &k, hits, capacity, hit_count, bad_index);
}
