/* The memory side of a circle pair, alone. Whatever its arithmetic, an
 * answer under sepax's contract (pairs given as ids, checked against the
 * live ids; one 16-byte result per pair) reads the ids, both slots' live
 * ids, both centres and radii, and writes the result. Two layouts:
 *
 *   sepax_bench_circle_touch: centres in the vertex pool, found through
 *       the spans (where the kernels read them before the slots' records)
 *   sepax_bench_circle_touch_slots: the store's per-slot records (disc),
 *       as the kernels read them now, with their prefetch distance
 *
 *   for each pair k:
 *       prefetch as the kernels do (did)
 *       bad += live id of a's slot != a, same for b
 *       out[k] = bits of (ax ^ bx, ay ^ by, ra ^ rb, a ^ b)
 *
 * Its time per pair is the least any circle kernel can take on that list
 * with that layout: the row's distance above it is arithmetic, routing
 * and bookkeeping. */
#include <stdint.h>
#include <string.h>

#include "2d/kernels/kernel.h"
#include "2d/store.h"
#include "round_touch.h"

/* A record made of the bits read: the centres' and radii's xor, and the
 * ids'. */
static inline void touch_record(sepax_result *out, const float *ax, const float *ay,
                                const float *bx, const float *by, const float *ra,
                                const float *rb, uint32_t ids)
{
    uint32_t w[6];
    memcpy(w, ax, 4), memcpy(w + 1, ay, 4), memcpy(w + 2, bx, 4), memcpy(w + 3, by, 4);
    memcpy(w + 4, ra, 4), memcpy(w + 5, rb, 4);
    const uint32_t rec[4] = {w[0] ^ w[2], w[1] ^ w[3], w[4] ^ w[5], ids};
    memcpy(out, rec, sizeof rec);
}

/* The circle path's requests when it read the pool: the spans 16 pairs
 * ahead, then the centres (through the spans) and radii 8 ahead. */
static inline __attribute__((always_inline)) void pool_prefetch(const sepax_columns *c,
                                                                const sepax_pair *pairs,
                                                                size_t n, size_t k)
{
    sepax_prefetch_spans(c, pairs, n, k);
    if (k + SEPAX_PREFETCH_DATA < n) {
        const uint32_t sa = SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_DATA].a);
        const uint32_t sb = SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_DATA].b);
        __builtin_prefetch(c->pool + c->span[sa].offset + 4u * SEPAX_BLOCK_ALIGN);
        __builtin_prefetch(c->pool + c->span[sb].offset + 4u * SEPAX_BLOCK_ALIGN);
        __builtin_prefetch(c->radius + sa);
        __builtin_prefetch(c->radius + sb);
    }
}

size_t sepax_bench_circle_touch(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                sepax_result *out)
{
    const sepax_columns cols = sepax_store_columns(s), *c = &cols;
    const uint32_t *live = s->core.live_id;
    size_t bad = 0;
    for (size_t k = 0; k < n; k++) {
        pool_prefetch(c, pairs, n, k);
        const uint32_t a = pairs[k].a, b = pairs[k].b;
        const uint32_t sa = SEPAX_ID_SLOT(a), sb = SEPAX_ID_SLOT(b);
        bad += (live[sa] != a) + (live[sb] != b);
        const float *ca = c->pool + c->span[sa].offset + 4u * SEPAX_BLOCK_ALIGN;
        const float *cb = c->pool + c->span[sb].offset + 4u * SEPAX_BLOCK_ALIGN;
        touch_record(&out[k], ca, ca + SEPAX_BLOCK_ALIGN, cb, cb + SEPAX_BLOCK_ALIGN,
                     c->radius + sa, c->radius + sb, a ^ b);
    }
    return bad;
}

size_t sepax_bench_circle_touch_slots(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                      sepax_result *out)
{
    const sepax_columns cols = sepax_store_columns(s), *c = &cols;
    const uint32_t *live = s->core.live_id;
    size_t bad = 0;
    for (size_t k = 0; k < n; k++) {
        sepax_circle_prefetch(c, pairs, n, k);
        const uint32_t a = pairs[k].a, b = pairs[k].b;
        const uint32_t sa = SEPAX_ID_SLOT(a), sb = SEPAX_ID_SLOT(b);
        bad += (live[sa] != a) + (live[sb] != b);
        const float *da = sepax_disc_of(c, sa), *db = sepax_disc_of(c, sb);
        touch_record(&out[k], da, da + 1, db, db + 1, da + 2, db + 2, a ^ b);
    }
    return bad;
}
