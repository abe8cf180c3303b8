/* sepax_store_sort_pool: the pool re-laid in the order the broadphase
 * sweeps space, ids unchanged. Shapes are added in whatever order the
 * caller has, so neighbours in space, which are what the broadphase pairs,
 * sit anywhere in the pool; once the pool outgrows the caches, every pair
 * then reaches memory far from the last. Laid out by band and x, as the
 * broadphase walks, consecutive pairs reach regions near each other.
 *
 *   h = 3 x the mean box height (the broadphase's band height)
 *   key(slot) = band of the box centre's y (at most 4,096 bands)
 *               then the centre's x in 2^20 steps over the boxes' range
 *   slots sorted by (key, slot); regions copied in that order to a new
 *   pool of the same capacity; span offsets rewritten
 *
 * Only span offsets change: results, ids and every per-slot array are as
 * they were. The sorted slots are kept, and the world update follows them
 * (transforms.c), writing the pool front to back as it did in slot order;
 * adding or removing a shape drops them, and a growth of the pool lays it
 * out in slot order again. */
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
    if (s->live < 2)
        return SEPAX_OK;
    float x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    double height = 0.0;
    for (uint32_t slot = 0; slot < s->slot_limit; slot++) {
        if (s->kind[slot] == SEPAX_KIND_FREE)
            continue;
        const float cx = 0.5f * (s->lo_x[slot] + s->hi_x[slot]);
        const float cy = 0.5f * (s->lo_y[slot] + s->hi_y[slot]);
        x0 = cx < x0 ? cx : x0, x1 = cx > x1 ? cx : x1;
        y0 = cy < y0 ? cy : y0, y1 = cy > y1 ? cy : y1;
        height += (double)s->hi_y[slot] - (double)s->lo_y[slot];
    }
    const double band = 3.0 * height / s->live;
    const uint32_t bands_max = 1u << BAND_BITS, cells = 1u << X_BITS;
    double bands = band > 0.0 ? ceil(((double)y1 - (double)y0) / band) : 1.0;
    bands = bands < 1.0 ? 1.0 : bands > bands_max ? bands_max : bands;
    const float y_scale = y1 > y0 ? (float)(bands / ((double)y1 - (double)y0)) : 0.0f;
    const float x_scale = x1 > x0 ? (float)(cells / ((double)x1 - (double)x0)) : 0.0f;

    const size_t bytes = (s->pool_cap + SEPAX_POOL_PAD) * sizeof(float);
    float *pool = sepax_alloc(&s->alloc, bytes);
    uint64_t *keys = sepax_alloc(&s->alloc, 2 * (size_t)s->live * sizeof *keys);
    uint32_t *order = sepax_alloc(&s->alloc, (size_t)s->live * sizeof *order);
    if (!pool || !keys || !order) {
        sepax_free(&s->alloc, pool);
        sepax_free(&s->alloc, keys);
        sepax_free(&s->alloc, order);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    size_t n = 0;
    for (uint32_t slot = 0; slot < s->slot_limit; slot++) {
        if (s->kind[slot] == SEPAX_KIND_FREE)
            continue;
        const float cx = 0.5f * (s->lo_x[slot] + s->hi_x[slot]);
        const float cy = 0.5f * (s->lo_y[slot] + s->hi_y[slot]);
        const uint32_t key = cell_of(cy, y0, y_scale, (uint32_t)bands) << X_BITS |
                             cell_of(cx, x0, x_scale, cells);
        keys[n++] = (uint64_t)key << 32 | slot;
    }
    const uint64_t *sorted = sepax_radix_sort(keys, keys + n, n);

    /* zeroed as a grown pool is: the lanes kernels load past a region */
    memset(pool, 0, bytes);
    size_t at = 0;
    for (size_t k = 0; k < n; k++) {
        const uint32_t slot = (uint32_t)sorted[k];
        order[k] = slot;
        const size_t region = sepax_region_of(s->span[slot].count);
        memcpy(pool + at, s->pool + s->span[slot].offset, region * sizeof(float));
        s->span[slot].offset = (uint32_t)at;
        at += region;
    }
    sepax_free(&s->alloc, keys);
    sepax_free(&s->alloc, s->pool);
    sepax_store_forget_order(s);
    s->pool_order = order;
    s->pool_order_count = n;
    s->pool = pool;
    s->pool_used = at;
    s->pool_holes = 0;
    return SEPAX_OK;
}
