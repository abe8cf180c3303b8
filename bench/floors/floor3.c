/* The floor under the 3D rows: the backend's box kernel run straight on
 * pairs of 64 boxes (4 KB of world records, in L1 after the first pass)
 * in a fixed random order, with nothing else: no id checks, no misses, no
 * output beyond L1. The distance between a sepax3_<backend>/boxes3 row
 * and this row is what the driver, the checks and memory cost. */
#include <stdlib.h>

#include "3d/store.h"
#include "floor3.h"

#define BOXES 64u
#define PAIRS 1024u

size_t sepax_bench_floor3(sepax_backend backend, size_t rounds)
{
    static sepax3_store *store;
    static sepax_pair pairs[PAIRS];
    static sepax3_result out[PAIRS];
    if (!store) {
        if (sepax3_store_create(NULL, &store) != SEPAX_OK)
            return 0;
        /* a fixed generator: the same boxes on every run */
        uint32_t x = 12345u;
        sepax_shape_id ids[BOXES];
        for (uint32_t i = 0; i < BOXES; i++) {
            float r[7];
            for (int k = 0; k < 7; k++) {
                x = x * 1664525u + 1013904223u;
                r[k] = (float)(x >> 8) / 16777216.0f;
            }
            const sepax3_vec half = {0.5f + r[0], 0.5f + r[1] * 0.5f, 0.5f + r[2] * 0.25f};
            const sepax3_quat q = sepax3_quat_axis_angle((sepax3_vec){r[3] - 0.5f, r[4] - 0.5f, 0.3f},
                                                        6.0f * r[5]);
            if (sepax3_add_box(store, (sepax3_vec){4.0f * r[6], 4.0f * r[0], 4.0f * r[1]}, half,
                               q, &ids[i]) != SEPAX_OK)
                return 0;
        }
        for (uint32_t i = 0; i < PAIRS; i++) {
            x = x * 1664525u + 1013904223u;
            const uint32_t a = (x >> 8) % BOXES, b = (a + 1u + (x >> 20) % (BOXES - 1u)) % BOXES;
            pairs[i].a = ids[a];
            pairs[i].b = ids[b];
        }
    }
    const sepax3_kernels *k = sepax3_kernels_for(backend);
    if (!k)
        return 0;
    const sepax3_view v = sepax3_store_view(store);
    for (size_t r = 0; r < rounds; r++)
        k->collide(&v, pairs, PAIRS, out);
    return rounds * PAIRS;
}
