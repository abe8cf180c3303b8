/* The memory side of a circle pair, alone. Whatever its arithmetic, an
 * answer under sepax's contract (pairs given as ids, checked against the
 * live ids; shapes in the store's pool, found through their spans; one
 * 16-byte result per pair) reads the ids, both slots' live ids and spans,
 * both centres and radii, and writes the result. This loop does exactly
 * that, with the circle path's prefetch distances:
 *
 *   for each pair k:
 *       prefetch as the circle path does (sepax_circle_prefetch)
 *       bad += live id of a's slot != a, same for b
 *       out[k] = bits of (ax ^ bx, ay ^ by, ra ^ rb, a ^ b)
 *
 * Its time per pair is the least any circle kernel can take on that list:
 * the row's distance above it is arithmetic, routing and bookkeeping. */
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

size_t sepax_bench_circle_touch(const sepax_store *s, const sepax_pair *pairs, size_t n,
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
        const float *ca = c->pool + c->span[sa].offset + 4u * SEPAX_BLOCK_ALIGN;
        const float *cb = c->pool + c->span[sb].offset + 4u * SEPAX_BLOCK_ALIGN;
        touch_record(&out[k], ca, ca + SEPAX_BLOCK_ALIGN, cb, cb + SEPAX_BLOCK_ALIGN,
                     c->radius + sa, c->radius + sb, a ^ b);
    }
    return bad;
}

/* The per-slot layout's loop: no span, so no load waits for another. */
#define SLOTS_AHEAD 16u

size_t sepax_bench_circle_touch_slots(const sepax_store *s, const float *cx, const float *cy,
                                      const float *r, const sepax_pair *pairs, size_t n,
                                      sepax_result *out)
{
    const uint32_t *live = s->core.live_id;
    size_t bad = 0;
    for (size_t k = 0; k < n; k++) {
        if (k + SLOTS_AHEAD < n) {
            const uint32_t pa = SEPAX_ID_SLOT(pairs[k + SLOTS_AHEAD].a);
            const uint32_t pb = SEPAX_ID_SLOT(pairs[k + SLOTS_AHEAD].b);
            __builtin_prefetch(cx + pa), __builtin_prefetch(cy + pa), __builtin_prefetch(r + pa);
            __builtin_prefetch(cx + pb), __builtin_prefetch(cy + pb), __builtin_prefetch(r + pb);
        }
        const uint32_t a = pairs[k].a, b = pairs[k].b;
        const uint32_t sa = SEPAX_ID_SLOT(a), sb = SEPAX_ID_SLOT(b);
        bad += (live[sa] != a) + (live[sb] != b);
        touch_record(&out[k], cx + sa, cy + sa, cx + sb, cy + sb, r + sa, r + sb, a ^ b);
    }
    return bad;
}

void sepax_bench_circle_columns(const sepax_store *s, float *cx, float *cy, float *r)
{
    const sepax_columns c = sepax_store_columns(s);
    for (uint32_t slot = 0; slot < s->core.slot_limit; slot++) {
        cx[slot] = cy[slot] = r[slot] = 0.0f;
        if (s->kind[slot] != SEPAX_KIND_CIRCLE)
            continue;
        const float *w = c.pool + c.span[slot].offset + 4u * SEPAX_BLOCK_ALIGN;
        cx[slot] = w[0];
        cy[slot] = w[SEPAX_BLOCK_ALIGN];
        r[slot] = c.radius[slot];
    }
}
