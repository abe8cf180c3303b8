/* The public 3D batch calls: check every pair, then hand the list to the
 * store's kernels, on one thread or in ranges across the caller's
 * workers (common/batch.h); the compacted call keeps only the hits. */
#include <stddef.h>

#include "common/batch.h"
#include "store.h"

/* What the ranges of one call share. */
typedef struct call {
    sepax_pair_call head; /* first: what the checks read */
    const sepax3_store *s;
    sepax3_view v;
    sepax3_result *results;
} call;

static void collide_range(const void *context, size_t from, size_t to)
{
    const call *c = context;
    c->s->kernels->collide(&c->v, c->head.pairs + from, to - from, c->results + from);
}

static size_t chunk_hits(const void *context, size_t base, size_t n, void *hits, size_t capacity,
                         size_t found)
{
    const call *c = context;
    sepax3_result chunk[SEPAX_HIT_CHUNK];
    c->s->kernels->collide(&c->v, c->head.pairs + base, n, chunk);
    return sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax3_result, flags), base, hits,
                           sizeof(sepax3_hit), offsetof(sepax3_hit, result), capacity, found);
}

sepax_status sepax3_collide(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                            sepax3_result *results, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_status st = sepax_batch_check(pairs, count, !results, sizeof *results);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, sepax3_store_view(s), results};
    /* 16 results of 20 bytes are 5 cache lines */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 16,
                           .check = sepax_batch_check_pairs, .run = collide_range,
                           .context = &c};
    return sepax_batch_run(&b, bad_index);
}

sepax_status sepax3_collide_hits(const sepax3_store *s, const sepax_pair *pairs, size_t count,
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
    const call c = {{&s->core, pairs}, s, sepax3_store_view(s), NULL};
    const sepax_batch b = {.core = &s->core, .count = count, .unit = SEPAX_HIT_CHUNK,
                           .check = sepax_batch_check_pairs, .chunk = chunk_hits,
                           .hit_size = sizeof *hits, .context = &c};
    return sepax_batch_hits(&b, hits, capacity, hit_count, bad_index);
}
