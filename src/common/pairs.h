/* What every store's batch calls share: checking a pair list before any
 * kernel reads it, and keeping only the hits of results computed in
 * chunks on the stack. Static inline so that each call site compiles to
 * the loop it had before, with the sizes as constants. */
#ifndef SEPAX_COMMON_PAIRS_H
#define SEPAX_COMMON_PAIRS_H

#include <string.h>

#include "ids.h"

/* Results of a compacted call are computed this many pairs at a time:
 * long enough that the kernels' tiles of pairs mostly fill before a chunk
 * ends, short enough to keep the stack small. */
#define SEPAX_HIT_CHUNK 512u

/* Every id live and no pair naming one slot twice; on the first bad pair
 * its status, with its index in *bad_index (if not NULL). */
static inline sepax_status sepax_pairs_check(const uint32_t *live_id, uint32_t slot_limit,
                                             const sepax_pair *pairs, size_t count,
                                             size_t *bad_index)
{
    for (size_t i = 0; i < count; i++) {
        sepax_status st = sepax_id_check(live_id, slot_limit, pairs[i].a);
        if (st == SEPAX_OK)
            st = sepax_id_check(live_id, slot_limit, pairs[i].b);
        if (st == SEPAX_OK && SEPAX_ID_SLOT(pairs[i].a) == SEPAX_ID_SLOT(pairs[i].b))
            st = SEPAX_ERR_BAD_PAIR;
        if (st != SEPAX_OK) {
            if (bad_index)
                *bad_index = i;
            return st;
        }
    }
    return SEPAX_OK;
}

/* The checks of a call over a caller's list of count items before its
 * items: count 0 has nothing to check (SEPAX_OK); then a count whose
 * list (item_size bytes each) would overflow; then NULL pointers
 * (missing: one the call needs is NULL). */
static inline sepax_status sepax_list_check(size_t count, size_t item_size, int missing)
{
    if (count == 0)
        return SEPAX_OK;
    if (count > SIZE_MAX / item_size)
        return SEPAX_ERR_OVERFLOW;
    return missing ? SEPAX_ERR_NULL : SEPAX_OK;
}

/* The checks of a batch call before its pairs: a count whose output
 * (out_size bytes per pair) or pair list would overflow, then NULL
 * pointers (out_missing: the output the call needs is NULL). */
static inline sepax_status sepax_batch_check(const sepax_pair *pairs, size_t count,
                                             int out_missing, size_t out_size)
{
    return sepax_list_check(count, out_size > sizeof *pairs ? out_size : sizeof *pairs,
                            !pairs || out_missing);
}

/* The checks of a batch call over the pairs of a store (its live ids
 * and slot limit): the call's own (sepax_batch_check), then every pair. */
static inline sepax_status sepax_call_check(const uint32_t *live_id, uint32_t slot_limit,
                                            const sepax_pair *pairs, size_t count,
                                            int out_missing, size_t out_size, size_t *bad_index)
{
    sepax_status st = sepax_batch_check(pairs, count, out_missing, out_size);
    if (st != SEPAX_OK || count == 0)
        return st;
    return sepax_pairs_check(live_id, slot_limit, pairs, count, bad_index);
}

/* What every compacted call checks first: the count it reports through
 * (zeroed), the hit list for a capacity, and a pair count that 32-bit
 * pair indices can name (refused before the pairs are read, since a count
 * that large cannot describe the caller's buffer). has_store: the store
 * argument is not NULL. */
static inline sepax_status sepax_hits_begin(int has_store, const void *hits, size_t capacity,
                                            size_t count, size_t *hit_count)
{
    if (!hit_count)
        return SEPAX_ERR_NULL;
    *hit_count = 0;
    if (capacity > 0 && !hits)
        return SEPAX_ERR_NULL;
    if (count > UINT32_MAX)
        return has_store ? SEPAX_ERR_OVERFLOW : SEPAX_ERR_NULL;
    return SEPAX_OK;
}

/* Append the hits among n results (result_size bytes each, the flags byte
 * at flags_at) to a hit list whose records are hit_size bytes: a uint32_t
 * pair index, then the result at result_at. Result i is of pair base +
 * at[i] (a cached call's pairs left after its filter), or base + i when
 * at is NULL. found hits are already counted; the first capacity of all
 * of them are written. Returns the new count. */
static inline size_t sepax_hits_take_at(const void *results, size_t n, size_t result_size,
                                        size_t flags_at, size_t base, const uint16_t *at,
                                        void *hits, size_t hit_size, size_t result_at,
                                        size_t capacity, size_t found)
{
    const unsigned char *r = (const unsigned char *)results;
    unsigned char *h = (unsigned char *)hits;
    for (size_t i = 0; i < n; i++, r += result_size) {
        if (!(r[flags_at] & SEPAX_HIT))
            continue;
        if (found < capacity) {
            const uint32_t pair = (uint32_t)(base + (at ? at[i] : i));
            memcpy(h + found * hit_size, &pair, sizeof pair);
            memcpy(h + found * hit_size + result_at, r, result_size);
        }
        found++;
    }
    return found;
}

/* sepax_hits_take_at of results in pair order */
static inline size_t sepax_hits_take(const void *results, size_t n, size_t result_size,
                                     size_t flags_at, size_t base, void *hits, size_t hit_size,
                                     size_t result_at, size_t capacity, size_t found)
{
    return sepax_hits_take_at(results, n, result_size, flags_at, base, NULL, hits, hit_size,
                              result_at, capacity, found);
}

#endif
