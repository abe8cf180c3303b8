/* The public batch calls: check every pair, then hand the list to the
 * store's kernels; the compacted call runs them over stack-sized chunks
 * and keeps only the hits. */
#include <stddef.h>

#include "common/pairs.h"
#include "store.h"

/* A store with shapes of more than one kind takes the kernel that sorts
 * any kinds into its own tiles; a store of polygons only, or of circles
 * only, skips the kind checks. */
static void run_kernels(const sepax_store *s, const sepax_columns *cols, const sepax_pair *pairs,
                        size_t n, sepax_result *out)
{
    if (s->round_live == 0)
        s->kernels->collide(cols, pairs, n, out);
    else if (s->circle_live == s->live)
        s->kernels->collide_circles(cols, pairs, n, out);
    else
        s->kernels->collide_any(cols, pairs, n, out);
}

/* The checks both batch calls share; out_missing: the output pointer the
 * call needs is NULL; out_size: bytes of output per pair. */
static sepax_status check_call(const sepax_store *s, const sepax_pair *pairs, size_t count,
                               int out_missing, size_t out_size, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_batch_check(pairs, count, out_missing, out_size);
    if (st != SEPAX_OK || count == 0)
        return st;
    return sepax_pairs_check(s->live_id, s->slot_limit, pairs, count, bad_index);
}

sepax_status sepax_collide(const sepax_store *s, const sepax_pair *pairs, size_t count,
                           sepax_result *results, size_t *bad_index)
{
    sepax_status st = check_call(s, pairs, count, !results, sizeof *results, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    sepax_columns cols = sepax_store_columns(s);
    run_kernels(s, &cols, pairs, count, results);
    return SEPAX_OK;
}

sepax_status sepax_collide_hits(const sepax_store *s, const sepax_pair *pairs, size_t count,
                                sepax_hit *hits, size_t capacity, size_t *hit_count,
                                size_t *bad_index)
{
    if (!hit_count)
        return SEPAX_ERR_NULL;
    *hit_count = 0;
    if (capacity > 0 && !hits)
        return SEPAX_ERR_NULL;
    /* Hit records carry 32-bit pair indices; refused before the pairs are
     * read, since a count that large cannot describe the caller's buffer. */
    if (count > UINT32_MAX)
        return s ? SEPAX_ERR_OVERFLOW : SEPAX_ERR_NULL;
    /* hits may be NULL with capacity 0: the caller asks only for the count */
    sepax_status st = check_call(s, pairs, count, 0, sizeof *hits, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    sepax_columns cols = sepax_store_columns(s);
    sepax_result chunk[SEPAX_HIT_CHUNK];
    size_t found = 0;
    for (size_t base = 0; base < count; base += SEPAX_HIT_CHUNK) {
        size_t n = count - base < SEPAX_HIT_CHUNK ? count - base : SEPAX_HIT_CHUNK;
        run_kernels(s, &cols, pairs + base, n, chunk);
        found = sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax_result, flags), base, hits,
                                sizeof *hits, offsetof(sepax_hit, result), capacity, found);
    }
    *hit_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
