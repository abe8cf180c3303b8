/* The floor under the 3D box rows: the backend's box kernel run straight
 * on the first FLOOR3_PAIRS pairs of a scene's sweep list, their boxes
 * copied into a store of their own (at most 2 * FLOOR3_PAIRS records of
 * 64 bytes: in L1 and L2 after the first pass), with nothing else: no id
 * checks, no misses, no output beyond L1. The pairs are the scene's own,
 * so the mix of apart, touching and overlapping pairs (and with it the
 * containment work of the hits) is the row's; a floor of made-up pairs
 * once read above the call it bounds because nearly all of them
 * overlapped. The kernel table is looked up once per backend, outside
 * the timed calls: the lookup asks the CPU (cpuid), which in a virtual
 * machine traps to the hypervisor for microseconds, and a floor that
 * looked it up on every call of 1,024 pairs once read 24 ns per pair
 * above a call of 12. The distance between a sepax3_<backend>/boxes3 row
 * and this row is what the driver, the checks and memory cost. */
#include <stdlib.h>

#include "3d/store.h"
#include "floor3.h"

#define FLOOR3_PAIRS 256u

static sepax3_store *store;
static sepax_pair pairs[FLOOR3_PAIRS];
static sepax3_result out[FLOOR3_PAIRS];
static size_t count;

/* The box with id `id` of `from`, added to `store` as it is in the world;
 * its new id in *to. */
static int copy_box(const sepax3_store *from, sepax_shape_id id, sepax_shape_id *to)
{
    sepax3_shape_desc d;
    sepax3_transform t;
    if (sepax3_shape_info(from, id, &d) != SEPAX_OK || d.kind != SEPAX3_SHAPE_BOX ||
        sepax3_shape_transform(from, id, &t) != SEPAX_OK ||
        sepax3_add_box(store, d.centre, d.half_extents, d.rotation, to) != SEPAX_OK)
        return 0;
    return sepax3_set_transforms(store, to, &t, 1) == SEPAX_OK;
}

size_t sepax_bench_floor3_load(const sepax3_store *from, const sepax_pair *list, size_t n)
{
    if (store)
        return count;
    if (sepax3_store_create(NULL, &store) != SEPAX_OK)
        return 0;
    /* each scene box once: its id in the floor's store by slot */
    const uint32_t limit = sepax3_store_slot_limit(from);
    sepax_shape_id *copy = malloc((limit ? limit : 1u) * sizeof *copy);
    if (!copy)
        return 0;
    for (uint32_t i = 0; i < limit; i++)
        copy[i] = UINT32_MAX;
    for (size_t i = 0; i < n && count < FLOOR3_PAIRS; i++) {
        const sepax_shape_id ab[2] = {list[i].a, list[i].b};
        sepax_shape_id got[2];
        int ok = 1;
        for (int k = 0; k < 2 && ok; k++) {
            const uint32_t slot = SEPAX_ID_SLOT(ab[k]);
            if (copy[slot] == UINT32_MAX && !copy_box(from, ab[k], &copy[slot]))
                ok = 0;
            got[k] = copy[slot];
        }
        if (ok) {
            pairs[count].a = got[0];
            pairs[count].b = got[1];
            count++;
        }
    }
    free(copy);
    return count;
}

size_t sepax_bench_floor3(sepax_backend backend, size_t rounds)
{
    static const sepax3_kernels *table[SEPAX_BACKEND_COUNT];
    static int asked[SEPAX_BACKEND_COUNT];
    if ((unsigned)backend >= SEPAX_BACKEND_COUNT)
        return 0;
    if (!asked[backend]) {
        table[backend] = sepax3_kernels_for(backend);
        asked[backend] = 1;
    }
    const sepax3_kernels *k = table[backend];
    if (!store || !count || !k)
        return 0;
    const sepax3_view v = sepax3_store_view(store);
    for (size_t r = 0; r < rounds; r++)
        k->collide(&v, pairs, count, out);
    return rounds * count;
}
