/* Sort-and-sweep over world bounding boxes.
 *
 *   sort live shapes by (lower x, slot)      -- stable radix sort on the key
 *   for each shape i in that order:
 *       for each later shape j while lower_x(j) <= upper_x(i):
 *           if the y intervals overlap: emit (min slot, max slot)
 *
 * Touching boxes overlap, as touching shapes hit. */
#include <string.h>

#include "store.h"

/* Map a float to an unsigned key with the same order (for finite floats;
 * -0 sorts just before +0, which only moves ties between them). */
static uint32_t float_key(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

/* LSD radix sort of (key, slot) in three 11-bit passes; stable, so slots
 * given in increasing order stay increasing among equal keys. */
static uint64_t *radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
    for (int shift = 32; shift < 64; shift += 11) {
        size_t hist[2048] = {0};
        for (size_t i = 0; i < n; i++)
            hist[(a[i] >> shift) & 2047u]++;
        size_t sum = 0;
        for (int b = 0; b < 2048; b++) {
            size_t h = hist[b];
            hist[b] = sum;
            sum += h;
        }
        for (size_t i = 0; i < n; i++)
            tmp[hist[(a[i] >> shift) & 2047u]++] = a[i];
        uint64_t *t = a;
        a = tmp;
        tmp = t;
    }
    return a;
}

sepax_status sepax_broadphase(const sepax_store *s, sepax_pair *pairs, size_t capacity,
                              size_t *pair_count)
{
    if (!s || !pair_count)
        return SEPAX_ERR_NULL;
    *pair_count = 0;
    if (capacity > 0 && !pairs)
        return SEPAX_ERR_NULL;
    size_t n = s->live;
    if (n < 2)
        return SEPAX_OK;
    /* keys (2n) then boxes (4n floats) then slots (n) */
    size_t bytes = n * (2 * sizeof(uint64_t) + 4 * sizeof(float) + sizeof(uint32_t));
    unsigned char *mem = sepax_alloc(&s->alloc, bytes);
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    uint64_t *keys = (uint64_t *)mem, *tmp = keys + n;
    float *lx = (float *)(tmp + n), *hx = lx + n, *ly = hx + n, *hy = ly + n;
    uint32_t *slot_of = (uint32_t *)(hy + n);

    size_t m = 0;
    for (uint32_t slot = 0; slot < s->slot_limit; slot++)
        if (s->kind[slot] != SEPAX_KIND_FREE)
            keys[m++] = ((uint64_t)float_key(s->lo_x[slot]) << 32) | slot;
    uint64_t *sorted = radix_sort(keys, tmp, m);
    for (size_t i = 0; i < m; i++) {
        uint32_t slot = (uint32_t)sorted[i];
        slot_of[i] = slot;
        lx[i] = s->lo_x[slot];
        hx[i] = s->hi_x[slot];
        ly[i] = s->lo_y[slot];
        hy[i] = s->hi_y[slot];
    }

    size_t found = 0;
    for (size_t i = 0; i < m; i++) {
        const float right = hx[i], bottom = ly[i], top = hy[i];
        for (size_t j = i + 1; j < m && lx[j] <= right; j++) {
            if (ly[j] > top || hy[j] < bottom)
                continue;
            if (found < capacity) {
                uint32_t a = slot_of[i], b = slot_of[j];
                if (a > b) {
                    uint32_t t = a;
                    a = b;
                    b = t;
                }
                pairs[found].a = ((uint32_t)s->gen[a] << 24) | a;
                pairs[found].b = ((uint32_t)s->gen[b] << 24) | b;
            }
            found++;
        }
    }
    sepax_free(&s->alloc, mem);
    *pair_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
