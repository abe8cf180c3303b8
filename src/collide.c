/* The public batch calls: check every pair, then hand the list to the
 * store's kernels; the compacted call runs them over stack-sized chunks
 * and keeps only the hits. */
#include "store.h"

/* chunks long enough that the kernels' tiles of pairs mostly fill before
 * a chunk ends, short enough to keep the stack small */
#define HIT_CHUNK 512u

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

static sepax_status check_pairs(const sepax_store *s, const sepax_pair *pairs, size_t count,
                                size_t *bad_index)
{
    for (size_t i = 0; i < count; i++) {
        sepax_status st = sepax_store_check_id(s, pairs[i].a);
        if (st == SEPAX_OK)
            st = sepax_store_check_id(s, pairs[i].b);
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

/* The checks both batch calls share; out_missing: the output pointer the
 * call needs is NULL; out_size: bytes of output per pair. */
static sepax_status check_call(const sepax_store *s, const sepax_pair *pairs, size_t count,
                               int out_missing, size_t out_size, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    if (count == 0)
        return SEPAX_OK;
    if (count > SIZE_MAX / out_size || count > SIZE_MAX / sizeof(sepax_pair))
        return SEPAX_ERR_OVERFLOW;
    if (!pairs || out_missing)
        return SEPAX_ERR_NULL;
    return check_pairs(s, pairs, count, bad_index);
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
    sepax_result chunk[HIT_CHUNK];
    size_t found = 0;
    for (size_t base = 0; base < count; base += HIT_CHUNK) {
        size_t n = count - base < HIT_CHUNK ? count - base : HIT_CHUNK;
        run_kernels(s, &cols, pairs + base, n, chunk);
        for (size_t i = 0; i < n; i++) {
            if (!(chunk[i].flags & SEPAX_HIT))
                continue;
            if (found < capacity) {
                hits[found].pair = (uint32_t)(base + i);
                hits[found].result = chunk[i];
            }
            found++;
        }
    }
    *hit_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
