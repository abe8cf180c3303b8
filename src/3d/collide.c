/* The public 3D batch calls: check every pair, then hand the list to the
 * store's kernels, on one thread or in ranges across the caller's
 * workers (common/batch.h); the compacted calls keep only the hits, the
 * cached one after its records have dropped the pairs they still
 * separate (cache.c). */
#include <stddef.h>
#include <string.h>

#include "cache.h"
#include "common/batch.h"
#include "store.h"

/* What the ranges of one call share. */
typedef struct call {
    sepax_pair_call head; /* first: what the checks read */
    const sepax3_store *s;
    sepax3_view v;
    sepax3_result *results;
    sepax3_pair_cache *caches; /* the cached compacted call's, else NULL */
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
    const size_t m = sepax3_cache_filter(&c->v, pairs, n, c->caches + base, live, at);
    c->s->kernels->collide(&c->v, live, m, chunk);
    sepax3_cache_refresh(&c->v, live, m, chunk, at, c->caches + base);
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
    const call c = {{&s->core, pairs}, s, sepax3_store_view(s), results, NULL};
    /* 16 results of 20 bytes are 5 cache lines */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 16,
                           .check = sepax_batch_check_pairs, .run = collide_range,
                           .context = &c};
    return sepax_batch_run(&b, bad_index);
}

/* Both compacted calls; caches NULL: uncached. */
static sepax_status collide_hits(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                                 sepax3_pair_cache *caches, sepax3_hit *hits, size_t capacity,
                                 size_t *hit_count, size_t *bad_index)
{
    sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    if (st != SEPAX_OK)
        return st;
    if (!s)
        return SEPAX_ERR_NULL;
    /* hits may be NULL with capacity 0: the caller asks only for the count */
    if ((st = sepax_batch_check(pairs, count, 0, sizeof *hits)) != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, sepax3_store_view(s), NULL, caches};
    /* A chunk rewrites its records as it goes: with caches every pair is
     * checked first, so that a bad pair leaves all of them as they were. */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = SEPAX_HIT_CHUNK,
                           .check = sepax_batch_check_pairs, .chunk = chunk_hits,
                           .hit_size = sizeof *hits, .check_first = caches != NULL,
                           .context = &c};
    return sepax_batch_hits(&b, hits, capacity, hit_count, bad_index);
}

sepax_status sepax3_collide_hits(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                                 sepax3_hit *hits, size_t capacity, size_t *hit_count,
                                 size_t *bad_index)
{
    return collide_hits(s, pairs, count, NULL, hits, capacity, hit_count, bad_index);
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
    return collide_hits(s, pairs, count, caches, hits, capacity, hit_count, bad_index);
}
