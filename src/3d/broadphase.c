/* Sort-and-sweep over the 3D world boxes.
 *
 *   sort live shapes by (lower x, slot)       -- stable radix sort
 *   copy their bounds into that order
 *   for each shape i in order:
 *       for each later shape j while lower_x(j) <= upper_x(i):
 *           if the y and z intervals overlap: emit (min slot, max slot)
 *
 * Touching boxes overlap, as touching shapes hit. The output order (i's
 * place in the sort, then j's) is fixed for a given store. */
#include "common/sort.h"
#include "store.h"

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
    /* keys and their sort buffer, then the six bounds and the slot of
     * every shape in sorted order */
    unsigned char *mem =
        sepax_alloc(&s->alloc, n * (2 * sizeof(uint64_t) + 6 * sizeof(float) + sizeof(uint32_t)));
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    uint64_t *keys = (uint64_t *)mem, *tmp = keys + n;
    float *lx = (float *)(tmp + n), *hx = lx + n, *ly = hx + n, *hy = ly + n, *lz = hy + n,
          *hz = lz + n;
    uint32_t *slot_of = (uint32_t *)(hz + n);

    size_t m = 0;
    for (uint32_t slot = 0; slot < s->slot_limit; slot++)
        if (s->kind[slot] != SEPAX3_KIND_FREE)
            keys[m++] = ((uint64_t)sepax_float_key(s->bounds[SEPAX3_BOUNDS * (size_t)slot]) << 32) | slot;
    const uint64_t *sorted = sepax_radix_sort(keys, tmp, m);
    for (size_t i = 0; i < m; i++) {
        const uint32_t slot = (uint32_t)sorted[i];
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
        lx[i] = b[0], ly[i] = b[1], lz[i] = b[2];
        hx[i] = b[3], hy[i] = b[4], hz[i] = b[5];
        slot_of[i] = slot;
    }

    size_t found = 0;
    for (size_t i = 0; i < m; i++) {
        const float right = hx[i], y0 = ly[i], y1 = hy[i], z0 = lz[i], z1 = hz[i];
        for (size_t j = i + 1; j < m && lx[j] <= right; j++) {
            if (ly[j] > y1 || hy[j] < y0 || lz[j] > z1 || hz[j] < z0)
                continue;
            if (found < capacity) {
                const uint32_t a = slot_of[i], b = slot_of[j];
                pairs[found].a = s->live_id[a < b ? a : b];
                pairs[found].b = s->live_id[a < b ? b : a];
            }
            found++;
        }
    }
    sepax_free(&s->alloc, mem);
    *pair_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
