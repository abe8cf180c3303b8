/* sepax_store_sort_pool: the store laid out in the order the broadphase
 * sweeps space, ids unchanged. Shapes are added in whatever order the
 * caller has, so neighbours in space, which are what the broadphase pairs,
 * sit anywhere in the store; once it outgrows the caches, every pair then
 * reaches memory far from the last. Laid out by band and x, as the
 * broadphase walks, consecutive pairs reach rows and regions near each
 * other, and the update and the broadphase still walk rows front to back.
 *
 *   h = 3 x the mean box height (the broadphase's band height)
 *   key(row) = band of the box centre's y (at most 4,096 bands)
 *              then the centre's x in 2^20 steps over the boxes' range
 *   live rows sorted by (key, row), free rows after them in row order;
 *   rows and pool regions moved to that order (store.c), each slot
 *   pointed at its shape's new row
 *
 * Results are unchanged; the broadphase's pairs are the same set, in the
 * order of the new rows (its order follows rows). */
#include <math.h>
#include <string.h>

#include "common/sort.h"
#include "store.h"

#define BAND_BITS 12u
#define X_BITS 20u

/* The cell of v in [lo, lo + n / scale), clamped to [0, n). */
static uint32_t cell_of(float v, float lo, float scale, uint32_t n)
{
    const float c = (v - lo) * scale;
    if (!(c > 0.0f))
        return 0;
    return c >= (float)n ? n - 1u : (uint32_t)c;
}

sepax_status sepax_store_sort_pool(sepax_store *s)
{
    if (!s)
        return SEPAX_ERR_NULL;
    if (s->core.live < 2)
        return SEPAX_OK;
    float x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    double height = 0.0;
    for (uint32_t row = 0; row < s->core.slot_limit; row++) {
        if (s->kind[row] == SEPAX_KIND_FREE)
            continue;
        const float cx = 0.5f * (s->lo_x[row] + s->hi_x[row]);
        const float cy = 0.5f * (s->lo_y[row] + s->hi_y[row]);
        x0 = cx < x0 ? cx : x0, x1 = cx > x1 ? cx : x1;
        y0 = cy < y0 ? cy : y0, y1 = cy > y1 ? cy : y1;
        height += (double)s->hi_y[row] - (double)s->lo_y[row];
    }
    const double band = 3.0 * height / s->core.live;
    const uint32_t bands_max = 1u << BAND_BITS, cells = 1u << X_BITS;
    double bands = band > 0.0 ? ceil(((double)y1 - (double)y0) / band) : 1.0;
    bands = bands < 1.0 ? 1.0 : bands > bands_max ? bands_max : bands;
    const float y_scale = y1 > y0 ? (float)(bands / ((double)y1 - (double)y0)) : 0.0f;
    const float x_scale = x1 > x0 ? (float)(cells / ((double)x1 - (double)x0)) : 0.0f;

    uint64_t *keys = sepax_alloc(&s->core.alloc, 2 * (size_t)s->core.live * sizeof *keys);
    uint32_t *order = sepax_alloc(&s->core.alloc, (size_t)s->core.slot_limit * sizeof *order);
    if (!keys || !order) {
        sepax_free(&s->core.alloc, keys);
        sepax_free(&s->core.alloc, order);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    size_t n = 0;
    for (uint32_t row = 0; row < s->core.slot_limit; row++) {
        if (s->kind[row] == SEPAX_KIND_FREE)
            continue;
        const float cx = 0.5f * (s->lo_x[row] + s->hi_x[row]);
        const float cy = 0.5f * (s->lo_y[row] + s->hi_y[row]);
        const uint32_t key = cell_of(cy, y0, y_scale, (uint32_t)bands) << X_BITS |
                             cell_of(cx, x0, x_scale, cells);
        keys[n++] = (uint64_t)key << 32 | row;
    }
    const uint64_t *sorted = sepax_radix_sort(keys, keys + n, n);
    for (size_t k = 0; k < n; k++)
        order[k] = (uint32_t)sorted[k];
    for (uint32_t row = 0; row < s->core.slot_limit; row++)
        if (s->kind[row] == SEPAX_KIND_FREE)
            order[n++] = row;
    sepax_free(&s->core.alloc, keys);
    const sepax_status st = sepax_store_move_rows(s, order);
    sepax_free(&s->core.alloc, order);
    return st;
}
