/* The public 3D batch calls: check every pair, then hand the list to the
 * store's kernels, on one thread or in ranges across the caller's
 * workers (common/batch.h); the compacted calls keep only the hits, the
 * cached one after its records have dropped the pairs they still
 * separate (cache.c). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "cache.h"
#include "common/batch.h"
#include "common/groups.h"
#include "groups.h"
#include "common/motion.h"
#include "store.h"

/* What the ranges of one call share. */
typedef struct call {
    sepax_pair_call head; /* first: what the checks read */
    const sepax3_store *s;
    sepax3_view v;
    sepax3_result *results;
    sepax3_pair_cache *caches; /* the cached compacted call's, else NULL */
    sepax_pair_motion *motions; /* the tracked call's, else NULL */
} call;

static void collide_range(const void *context, size_t from, size_t to)
{
    const call *c = context;
    c->s->kernels->collide(&c->v, c->head.pairs + from, to - from, c->results + from);
}

/* The hits among pairs [base, base + n), n <= SEPAX_HIT_CHUNK, appended
 * to hits (found already there, room for capacity); returns the new count.
 * With caches, the pairs their record still separates are no hits and
 * skip the kernels; the others' records are rewritten from their results. */
static size_t chunk_hits(const void *context, size_t base, size_t n, void *out, size_t capacity,
                         size_t found)
{
    const call *c = context;
    sepax3_result chunk[SEPAX_HIT_CHUNK];
    const sepax_pair *pairs = c->head.pairs + base;
    if (!c->caches) {
        c->s->kernels->collide(&c->v, pairs, n, chunk);
        return sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax3_result, flags), base, out,
                               sizeof(sepax3_hit), offsetof(sepax3_hit, result), capacity, found);
    }
    if (c->v.boxes_only) {
        /* no record serves a box pair: every record is written empty,
         * and the list goes to the kernels whole */
        memset(c->caches + base, 0, n * sizeof *c->caches);
        c->s->kernels->collide(&c->v, pairs, n, chunk);
        return sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax3_result, flags), base, out,
                               sizeof(sepax3_hit), offsetof(sepax3_hit, result), capacity, found);
    }
    _Static_assert(SEPAX_HIT_CHUNK <= UINT16_MAX + 1u, "a chunk's indices fit at[]");
    sepax_pair live[SEPAX_HIT_CHUNK];
    uint16_t at[SEPAX_HIT_CHUNK];
    const size_t m = sepax3_cache_filter(&c->v, pairs, n, c->caches + base, live, at, NULL);
    c->s->kernels->collide(&c->v, live, m, chunk);
    sepax3_cache_refresh(&c->v, live, m, chunk, at, c->caches + base);
    return sepax_hits_take_at(chunk, m, sizeof *chunk, offsetof(sepax3_result, flags), base, at,
                              out, sizeof(sepax3_hit), offsetof(sepax3_hit, result), capacity,
                              found);
}

/* chunk_hits for the tracked call: the pairs whose motion record still
 * holds are dropped first, reading no shape; the rest take the cached
 * call's path, and then each gets a new motion record (a hit an empty
 * one): from its full result, or from the feature that proved it apart. */
static size_t chunk_hits_tracked(const void *context, size_t base, size_t n, void *out,
                                 size_t capacity, size_t found)
{
    const call *c = context;
    if (c->v.boxes_only) {
        /* a box pair's test in lanes costs less than the tier's check and
         * record (bench: drift3_boxes), so a store of boxes only runs the
         * plain call and leaves every record empty */
        memset(c->caches + base, 0, n * sizeof *c->caches);
        memset(c->motions + base, 0, n * sizeof *c->motions);
        return chunk_hits(context, base, n, out, capacity, found);
    }
    const sepax3_store *s = c->s;
    const sepax_pair *pairs = c->head.pairs + base;
    sepax3_pair_cache *caches = c->caches + base;
    sepax_pair_motion *motions = c->motions + base;
    sepax_pair sub[SEPAX_HIT_CHUNK], live[SEPAX_HIT_CHUNK];
    sepax3_pair_cache sub_caches[SEPAX_HIT_CHUNK];
    uint16_t from[SEPAX_HIT_CHUNK], at[SEPAX_HIT_CHUNK], result_of[SEPAX_HIT_CHUNK];
    sepax3_result chunk[SEPAX_HIT_CHUNK];
    const size_t w = sepax_motion_filter(&s->core, pairs, n, motions, sub, from);
    for (size_t j = 0; j < w; j++) {
        sub_caches[j] = caches[from[j]];
        result_of[j] = UINT16_MAX;
    }
    float values[SEPAX_HIT_CHUNK];
    const size_t m = sepax3_cache_filter(&c->v, sub, w, sub_caches, live, at, values);
    s->kernels->collide(&c->v, live, m, chunk);
    sepax3_cache_refresh(&c->v, live, m, chunk, at, sub_caches);
    for (size_t k = 0; k < m; k++) {
        result_of[at[k]] = (uint16_t)k;
        at[k] = from[at[k]];
    }
    for (size_t j = 0; j < w; j++) {
        const sepax_pair p = sub[j];
        caches[from[j]] = sub_caches[j];
        const sepax3_result *r = result_of[j] == UINT16_MAX ? NULL : chunk + result_of[j];
        if (r && (r->flags & SEPAX_HIT)) {
            memset(motions + from[j], 0, sizeof *motions);
            continue;
        }
        int side;
        const float q = sepax3_cache_gap(&c->v, p, sub_caches + j, r, values[j], &side);
        sepax_motion_write(&s->core, p, q, side,
                           s->xf + SEPAX3_XF * (size_t)SEPAX_ID_SLOT(p.a) + SEPAX3_X_P,
                           s->xf + SEPAX3_XF * (size_t)SEPAX_ID_SLOT(p.b) + SEPAX3_X_P,
                           motions + from[j]);
    }
    return sepax_hits_take_at(chunk, m, sizeof *chunk, offsetof(sepax3_result, flags), base, at,
                              out, sizeof(sepax3_hit), offsetof(sepax3_hit, result), capacity,
                              found);
}

sepax_status sepax3_collide(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                            sepax3_result *results, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_status st = sepax_batch_check(pairs, count, !results, sizeof *results);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, sepax3_store_view(s), results, NULL, NULL};
    /* 16 results of 20 bytes are 5 cache lines */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 16,
                           .check = sepax_batch_check_pairs, .run = collide_range,
                           .context = &c};
    return sepax_batch_run(&b, bad_index);
}

/* Both compacted calls; caches NULL: uncached; motions too: tracked. */
static sepax_status collide_hits(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                                 sepax3_pair_cache *caches, sepax_pair_motion *motions,
                                 sepax3_hit *hits, size_t capacity, size_t *hit_count,
                                 size_t *bad_index)
{
    sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    if (st != SEPAX_OK)
        return st;
    if (!s)
        return SEPAX_ERR_NULL;
    /* hits may be NULL with capacity 0: the caller asks only for the count */
    if ((st = sepax_batch_check(pairs, count, 0, sizeof *hits)) != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, sepax3_store_view(s), NULL, caches, motions};
    /* A chunk rewrites its records as it goes: with caches every pair is
     * checked first, so that a bad pair leaves all of them as they were. */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = SEPAX_HIT_CHUNK,
                           .check = sepax_batch_check_pairs,
                           .chunk = motions ? chunk_hits_tracked : chunk_hits,
                           .hit_size = sizeof *hits, .check_first = caches != NULL,
                           .context = &c};
    return sepax_batch_hits(&b, hits, capacity, hit_count, bad_index);
}

sepax_status sepax3_collide_hits(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                                 sepax3_hit *hits, size_t capacity, size_t *hit_count,
                                 size_t *bad_index)
{
    return collide_hits(s, pairs, count, NULL, NULL, hits, capacity, hit_count, bad_index);
}

sepax_status sepax3_collide_hits_cached(const sepax3_store *s, const sepax_pair *pairs,
                                        size_t count, sepax3_pair_cache *caches, sepax3_hit *hits,
                                        size_t capacity, size_t *hit_count, size_t *bad_index)
{
    if (count > 0 && !caches) {
        /* as sepax_hits_begin leaves a refused call: no hits */
        const sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
        return st != SEPAX_OK ? st : SEPAX_ERR_NULL;
    }
    return collide_hits(s, pairs, count, caches, NULL, hits, capacity, hit_count, bad_index);
}

sepax_status sepax3_collide_hits_tracked(const sepax3_store *s, const sepax_pair *pairs,
                                         size_t count, sepax3_pair_cache *caches,
                                         sepax_pair_motion *motions, sepax3_hit *hits,
                                         size_t capacity, size_t *hit_count, size_t *bad_index)
{
    if (count > 0 && (!caches || !motions)) {
        /* as sepax_hits_begin leaves a refused call: no hits */
        const sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
        return st != SEPAX_OK ? st : SEPAX_ERR_NULL;
    }
    if (s)
        sepax_motion_start(&s->core);
    return collide_hits(s, pairs, count, caches, motions, hits, capacity, hit_count, bad_index);
}

/* The grouped calls: the same kernels, each group handed whole to the
 * table's collide_group (common/groups.c runs them). */
typedef struct group_call {
    const sepax3_store *s;
    sepax3_view v;
} group_call;

static void group_run(const void *context, uint32_t g, const sepax_pair *pairs, size_t n,
                      void *out)
{
    const group_call *c = context;
    c->s->kernels->collide_group(&c->v, g, pairs, n, out);
}

SEPAX_GROUP_CHECK(check_grouped, sepax3_group_of_slots)

/* 16 results of 20 bytes are 5 cache lines */
#define GROUP_KERNEL(c)                                                                        \
    {group_run, &(c), sizeof(sepax3_result), offsetof(sepax3_result, flags), sizeof(sepax3_hit), \
     offsetof(sepax3_hit, result), 16, check_grouped}

sepax_status sepax3_collide_grouped(const sepax3_store *s, const sepax_pair *pairs,
                                    const size_t *starts, sepax3_result *results,
                                    size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const group_call c = {s, sepax3_store_view(s)};
    const sepax_grouping r = sepax3_grouping(s);
    const sepax_group_kernel k = GROUP_KERNEL(c);
    return sepax_grouped_collide(&r, pairs, starts, &k, results, bad_index);
}

sepax_status sepax3_collide_hits_grouped(const sepax3_store *s, const sepax_pair *pairs,
                                         const size_t *starts, sepax3_hit *hits, size_t capacity,
                                         size_t *hit_count, size_t *bad_index)
{
    const sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, 0, hit_count);
    if (st != SEPAX_OK || !s)
        return st != SEPAX_OK ? st : SEPAX_ERR_NULL;
    const group_call c = {s, sepax3_store_view(s)};
    const sepax_grouping r = sepax3_grouping(s);
    const sepax_group_kernel k = GROUP_KERNEL(c);
    return sepax_grouped_hits(&r, pairs, starts, &k, hits, capacity, hit_count, bad_index);
}
