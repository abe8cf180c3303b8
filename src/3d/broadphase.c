/* Sort-and-sweep over the 3D world boxes, in columns.
 *
 *   sort live shapes by (lower x, slot)          -- stable radix sort
 *   cut the y and z ranges into a grid of columns about two box sizes
 *   wide; file each shape, in sorted order, under every column its y and
 *   z intervals meet
 *   for each column, for each shape i in it:
 *       for each later shape j in the column while lower_x(j) <= upper_x(i):
 *           if the y and z intervals overlap and the column holds the
 *           point (larger lower y, larger lower z) of the two (so a pair
 *           met in several columns is emitted once):
 *               emit (min slot, max slot)
 *
 * A sweep along x alone tests every shape against all shapes in its x
 * slab of the whole scene, which grows as n^(5/3) in a cube of shapes;
 * the columns keep the tests near the number of true overlaps. The order
 * (column, then lower x, then slot) is fixed by the store's contents.
 * Touching boxes overlap, as touching shapes hit. */
#include <math.h>

#include "common/sort.h"
#include "store.h"

typedef struct grid {
    float y0, z0, inv_h, inv_d; /* origin and 1 / cell size in y and z */
    uint32_t ny, nz;
} grid;

/* Monotonic in its argument, so a shape's cells form one block and the
 * cell of any point inside its box lies in that block. */
static uint32_t cell_of(float v, float v0, float inv, uint32_t n)
{
    const float f = (v - v0) * inv;
    if (!(f > 0.0f))
        return 0;
    return f >= (float)n ? n - 1u : (uint32_t)f;
}

/* Cells per axis from the span and the mean size, capped so that the
 * grid stays near the shape count. */
static uint32_t cells(double span, double mean, size_t m, float *inv)
{
    *inv = 0.0f;
    const double most = sqrt((double)m / 4.0) + 1.0;
    if (!(span > 0.0) || !(mean > 0.0))
        return 1;
    double count = span / (2.0 * mean);
    count = count < 1.0 ? 1.0 : count > most ? most : count;
    *inv = (float)(floor(count) / span);
    return (uint32_t)count;
}

sepax_status sepax3_broadphase(const sepax3_store *s, sepax_pair *pairs, size_t capacity,
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
    /* keys and their sort buffer, then each sorted shape's cell block */
    unsigned char *mem = sepax_alloc(&s->alloc, n * (2 * sizeof(uint64_t) + 4 * sizeof(uint32_t)));
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    uint64_t *keys = (uint64_t *)mem, *tmp = keys + n;
    uint32_t *cy0 = (uint32_t *)(tmp + n), *cy1 = cy0 + n, *cz0 = cy1 + n, *cz1 = cz0 + n;

    size_t m = 0;
    float y0 = INFINITY, y1 = -INFINITY, z0 = INFINITY, z1 = -INFINITY;
    double height = 0.0, depth = 0.0;
    for (uint32_t slot = 0; slot < s->slot_limit; slot++) {
        if (s->kind[slot] == SEPAX3_KIND_FREE)
            continue;
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
        keys[m++] = ((uint64_t)sepax_float_key(b[0]) << 32) | slot;
        y0 = b[1] < y0 ? b[1] : y0, y1 = b[4] > y1 ? b[4] : y1;
        z0 = b[2] < z0 ? b[2] : z0, z1 = b[5] > z1 ? b[5] : z1;
        height += (double)b[4] - b[1];
        depth += (double)b[5] - b[2];
    }
    const uint64_t *sorted = sepax_radix_sort(keys, tmp, m);
    grid g = {y0, z0, 0.0f, 0.0f, 1, 1};
    g.ny = cells((double)y1 - y0, height / (double)m, m, &g.inv_h);
    g.nz = cells((double)z1 - z0, depth / (double)m, m, &g.inv_d);

    /* count, then fill, the columns' lists: a counting sort by column
     * keeps the x order inside each */
    size_t entries = 0;
    for (size_t i = 0; i < m; i++) {
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)(uint32_t)sorted[i];
        cy0[i] = cell_of(b[1], g.y0, g.inv_h, g.ny), cy1[i] = cell_of(b[4], g.y0, g.inv_h, g.ny);
        cz0[i] = cell_of(b[2], g.z0, g.inv_d, g.nz), cz1[i] = cell_of(b[5], g.z0, g.inv_d, g.nz);
        entries += (size_t)(cy1[i] - cy0[i] + 1u) * (cz1[i] - cz0[i] + 1u);
    }
    const size_t columns = (size_t)g.ny * g.nz;
    unsigned char *cmem = sepax_alloc(&s->alloc, (columns + 1u) * sizeof(size_t) +
                                                     entries * (6 * sizeof(float) + sizeof(uint32_t)));
    if (!cmem) {
        sepax_free(&s->alloc, mem);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    size_t *start = (size_t *)cmem;
    float *lx = (float *)(start + columns + 1u), *hx = lx + entries, *ly = hx + entries,
          *hy = ly + entries, *lz = hy + entries, *hz = lz + entries;
    uint32_t *slot_of = (uint32_t *)(hz + entries);
    for (size_t c = 0; c <= columns; c++)
        start[c] = 0;
    for (size_t i = 0; i < m; i++)
        for (uint32_t y = cy0[i]; y <= cy1[i]; y++)
            for (uint32_t z = cz0[i]; z <= cz1[i]; z++)
                start[(size_t)y * g.nz + z + 1u]++;
    for (size_t c = 0; c < columns; c++)
        start[c + 1] += start[c];
    for (size_t i = 0; i < m; i++) {
        const uint32_t slot = (uint32_t)sorted[i];
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
        for (uint32_t y = cy0[i]; y <= cy1[i]; y++)
            for (uint32_t z = cz0[i]; z <= cz1[i]; z++) {
                const size_t at = start[(size_t)y * g.nz + z]++;
                lx[at] = b[0], ly[at] = b[1], lz[at] = b[2];
                hx[at] = b[3], hy[at] = b[4], hz[at] = b[5];
                slot_of[at] = slot;
            }
    }
    /* start[c] now holds the end of column c; column c begins at start[c-1] */

    size_t found = 0;
    for (size_t c = 0; c < columns; c++) {
        const uint32_t cy = (uint32_t)(c / g.nz), cz = (uint32_t)(c % g.nz);
        const size_t from = c ? start[c - 1] : 0, to = start[c];
        for (size_t i = from; i < to; i++) {
            const float right = hx[i], ya = ly[i], yb = hy[i], za = lz[i], zb = hz[i];
            for (size_t j = i + 1; j < to && lx[j] <= right; j++) {
                if (ly[j] > yb || hy[j] < ya || lz[j] > zb || hz[j] < za)
                    continue;
                if (cell_of(ly[j] > ya ? ly[j] : ya, g.y0, g.inv_h, g.ny) != cy ||
                    cell_of(lz[j] > za ? lz[j] : za, g.z0, g.inv_d, g.nz) != cz)
                    continue;
                if (found < capacity) {
                    const uint32_t a = slot_of[i], b = slot_of[j];
                    pairs[found].a = s->live_id[a < b ? a : b];
                    pairs[found].b = s->live_id[a < b ? b : a];
                }
                found++;
            }
        }
    }
    sepax_free(&s->alloc, cmem);
    sepax_free(&s->alloc, mem);
    *pair_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
