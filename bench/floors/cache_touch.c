/* The memory side of the separating-axis cache's filter, alone. A cache
 * that proves a pair apart by testing an axis against the shapes must, for
 * every candidate pair, read the record, both shapes' spans, the cached
 * face (its normal and a vertex) and the other shape's vertex rows: the
 * same lines the full kernel reads. This loop reads exactly those, with
 * the filter's prefetch distances, and folds their bits into one word so
 * that nothing is optimised away; no face test, no lanes, no compaction.
 *
 *   for each pair k:
 *       prefetch spans 32 pairs ahead, columns 16 ahead (as the filter)
 *       owner, face = record k (face 0 when past the owner's count)
 *       acc ^= the bits of that face's normal and vertex and of the
 *              other shape's 8 x and 8 y
 *
 * Plus the floor row (the uncached call on the hit pairs alone), this is
 * the least a filter of this kind could cost: its distance below the
 * cached row is what the filter's arithmetic and bookkeeping cost. */
#include <stdint.h>
#include <string.h>

#define SEPAX_WIDE_BITS 128
#include "2d/kernels/kernel.h"
#include "2d/store.h"
#include "cache_touch.h"

#define TOUCH_SPAN_AHEAD 32u
#define TOUCH_DATA_AHEAD 16u

float sepax_bench_cache_touch(const sepax_store *s, const sepax_pair *pairs, size_t n,
                              const sepax_pair_cache *caches)
{
    const sepax_columns cols = sepax_store_columns(s), *c = &cols;
    uint32_t acc = 0;
    for (size_t k = 0; k < n; k++) {
        if (k + TOUCH_SPAN_AHEAD < n)
            sepax_prefetch_pair_spans(c, pairs[k + TOUCH_SPAN_AHEAD]);
        if (k + TOUCH_DATA_AHEAD < n)
            sepax_prefetch_columns(c, SEPAX_ID_SLOT(pairs[k + TOUCH_DATA_AHEAD].a),
                                   SEPAX_ID_SLOT(pairs[k + TOUCH_DATA_AHEAD].b));
        const uint32_t sa = SEPAX_ID_SLOT(pairs[k].a), sb = SEPAX_ID_SLOT(pairs[k].b);
        const int from_b = (caches[k].bytes[0] & 2u) != 0;
        const sepax_span pf = c->span[from_b ? sb : sa], pv = c->span[from_b ? sa : sb];
        const uint32_t face = caches[k].bytes[1] < pf.count ? caches[k].bytes[1] : 0u;
        const uint32_t bf = sepax_block_of(pf.count);
        const float *fx = c->pool + pf.offset + 4u * bf, *fy = fx + bf;
        const float *vx = c->pool + pv.offset + 4u * SEPAX_BLOCK_ALIGN, *vy = vx + SEPAX_BLOCK_ALIGN;
        /* folded as bits (xor), which costs a few instructions and no
         * dependency chain of float compares */
        uint32_t w[4 + 2u * SEPAX_BLOCK_ALIGN];
        memcpy(w, fx + face, 4), memcpy(w + 1, fy + face, 4);
        memcpy(w + 2, fy + bf + face, 4), memcpy(w + 3, fy + 2u * bf + face, 4);
        memcpy(w + 4, vx, 4 * SEPAX_BLOCK_ALIGN);
        memcpy(w + 4 + SEPAX_BLOCK_ALIGN, vy, 4 * SEPAX_BLOCK_ALIGN);
        for (uint32_t r = 0; r < 4 + 2u * SEPAX_BLOCK_ALIGN; r++)
            acc ^= w[r];
    }
    return (float)(acc & 0xFFFFu);
}
