/* Sort-and-sweep over world bounding boxes.
 *
 *   sort live shapes by (lower x, slot)      -- stable radix sort on the key
 *   cut the y range into bands about two box heights tall; file each shape,
 *   in sorted order, under every band its y interval meets
 *   for each band, for each shape i in it:
 *       for each later shape j in the band while lower_x(j) <= upper_x(i):
 *           if the y intervals overlap and the band holds the larger of the
 *           two lower y (so a pair met in two bands is emitted once):
 *               emit (min slot, max slot)
 *
 * A plain one-axis sweep tests every shape against all shapes in its x
 * slice of the whole scene, which grows as n^1.5 on a square scene; the
 * bands keep the tests near the number of true overlaps. The output order
 * (band, then lower x, then slot) is fixed for a given store.
 *
 * Touching boxes overlap, as touching shapes hit. */
#include <math.h>
#include <string.h>

#include "common/sort.h"
#include "store.h"


typedef struct bands {
    float y0, inv_h;
    uint32_t count;
} bands;

/* Monotonic in y, so a shape's bands form one run and the band of any y
 * inside its interval lies in that run. */
static uint32_t band_of(const bands *b, float y)
{
    const float f = (y - b->y0) * b->inv_h;
    if (!(f > 0.0f))
        return 0;
    return f >= (float)b->count ? b->count - 1u : (uint32_t)f;
}

sepax_status sepax_broadphase(const sepax_store *s, sepax_pair *pairs, size_t capacity,
                              size_t *pair_count)
{
    if (!pair_count)
        return SEPAX_ERR_NULL;
    *pair_count = 0;
    if (!s)
        return SEPAX_ERR_NULL;
    if (capacity > 0 && !pairs)
        return SEPAX_ERR_NULL;
    const size_t n = s->live;
    if (n < 2)
        return SEPAX_OK;
    /* keys (2n), then per sorted shape: band range (2n) */
    unsigned char *mem = sepax_alloc(&s->alloc, n * (2 * sizeof(uint64_t) + 2 * sizeof(uint32_t)));
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    uint64_t *keys = (uint64_t *)mem, *tmp = keys + n;
    uint32_t *first_band = (uint32_t *)(tmp + n), *last_band = first_band + n;

    size_t m = 0;
    float y0 = INFINITY, y1 = -INFINITY;
    double height = 0.0;
    for (uint32_t slot = 0; slot < s->slot_limit; slot++) {
        if (s->kind[slot] == SEPAX_KIND_FREE)
            continue;
        keys[m++] = ((uint64_t)sepax_float_key(s->lo_x[slot]) << 32) | slot;
        y0 = s->lo_y[slot] < y0 ? s->lo_y[slot] : y0;
        y1 = s->hi_y[slot] > y1 ? s->hi_y[slot] : y1;
        height += (double)s->hi_y[slot] - s->lo_y[slot];
    }
    const uint64_t *sorted = sepax_radix_sort(keys, tmp, m);

    bands b = {y0, 0.0f, 1};
    double span = (double)y1 - y0, want = 2.0 * height / (double)m;
    if (span > 0.0 && want > 0.0) {
        double count = span / want;
        double most = (double)m / 4.0 + 1.0;
        b.count = (uint32_t)(count < 1.0 ? 1.0 : count > most ? most : count);
        b.inv_h = (float)(b.count / span);
    }

    /* Count, then fill, the band lists (counting sort by band keeps the
     * x order inside each band). */
    size_t entries = 0;
    for (size_t i = 0; i < m; i++) {
        const uint32_t slot = (uint32_t)sorted[i];
        first_band[i] = band_of(&b, s->lo_y[slot]);
        last_band[i] = band_of(&b, s->hi_y[slot]);
        entries += last_band[i] - first_band[i] + 1u;
    }
    const size_t bytes = (b.count + 1u) * sizeof(size_t) +
                         entries * (4 * sizeof(float) + sizeof(uint32_t));
    unsigned char *bmem = sepax_alloc(&s->alloc, bytes);
    if (!bmem) {
        sepax_free(&s->alloc, mem);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    size_t *start = (size_t *)bmem;
    float *lx = (float *)(start + b.count + 1u), *hx = lx + entries, *ly = hx + entries,
          *hy = ly + entries;
    uint32_t *slot_of = (uint32_t *)(hy + entries);
    memset(start, 0, (b.count + 1u) * sizeof(size_t));
    for (size_t i = 0; i < m; i++)
        for (uint32_t k = first_band[i]; k <= last_band[i]; k++)
            start[k + 1]++;
    for (uint32_t k = 0; k < b.count; k++)
        start[k + 1] += start[k];
    for (size_t i = 0; i < m; i++) {
        const uint32_t slot = (uint32_t)sorted[i];
        for (uint32_t k = first_band[i]; k <= last_band[i]; k++) {
            const size_t at = start[k]++;
            lx[at] = s->lo_x[slot];
            hx[at] = s->hi_x[slot];
            ly[at] = s->lo_y[slot];
            hy[at] = s->hi_y[slot];
            slot_of[at] = slot;
        }
    }
    /* start[k] now holds the end of band k; band k begins at start[k-1] */

    size_t found = 0;
    for (uint32_t k = 0; k < b.count; k++) {
        const size_t from = k ? start[k - 1] : 0, to = start[k];
        for (size_t i = from; i < to; i++) {
            const float right = hx[i], bottom = ly[i], top = hy[i];
            for (size_t j = i + 1; j < to && lx[j] <= right; j++) {
                if (ly[j] > top || hy[j] < bottom)
                    continue;
                if (band_of(&b, ly[j] > bottom ? ly[j] : bottom) != k)
                    continue;
                if (found < capacity) {
                    uint32_t a = slot_of[i], c = slot_of[j];
                    if (a > c) {
                        uint32_t t = a;
                        a = c;
                        c = t;
                    }
                    pairs[found].a = s->live_id[a];
                    pairs[found].b = s->live_id[c];
                }
                found++;
            }
        }
    }
    sepax_free(&s->alloc, bmem);
    sepax_free(&s->alloc, mem);
    *pair_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
