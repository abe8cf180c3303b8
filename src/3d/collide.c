/* The public 3D batch calls: check every pair, then hand the list to the
 * store's kernels; the compacted call runs them over stack-sized chunks
 * and keeps only the hits. */
#include <stddef.h>

#include "common/pairs.h"
#include "store.h"

static sepax_status check_call(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                               int out_missing, size_t out_size, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_batch_check(pairs, count, out_missing, out_size);
    if (st != SEPAX_OK || count == 0)
        return st;
    return sepax_pairs_check(s->live_id, s->slot_limit, pairs, count, bad_index);
}

sepax_status sepax3_collide(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                            sepax3_result *results, size_t *bad_index)
{
    sepax_status st = check_call(s, pairs, count, !results, sizeof *results, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    const sepax3_view v = sepax3_store_view(s);
    s->kernels->collide(&v, pairs, count, results);
    return SEPAX_OK;
}

sepax_status sepax3_collide_hits(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                                 sepax3_hit *hits, size_t capacity, size_t *hit_count,
                                 size_t *bad_index)
{
    if (!hit_count)
        return SEPAX_ERR_NULL;
    *hit_count = 0;
    if (capacity > 0 && !hits)
        return SEPAX_ERR_NULL;
    /* hit records carry 32-bit pair indices */
    if (count > UINT32_MAX)
        return s ? SEPAX_ERR_OVERFLOW : SEPAX_ERR_NULL;
    sepax_status st = check_call(s, pairs, count, 0, sizeof *hits, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    const sepax3_view v = sepax3_store_view(s);
    sepax3_result chunk[SEPAX_HIT_CHUNK];
    size_t found = 0;
    for (size_t base = 0; base < count; base += SEPAX_HIT_CHUNK) {
        const size_t n = count - base < SEPAX_HIT_CHUNK ? count - base : SEPAX_HIT_CHUNK;
        s->kernels->collide(&v, pairs + base, n, chunk);
        found = sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax3_result, flags), base,
                                hits, sizeof *hits, offsetof(sepax3_hit, result), capacity, found);
    }
    *hit_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
