/* The 3D store's fingerprint (fingerprint3.h). */
#include "support/fingerprint3.h"

#include <string.h>

uint64_t fingerprint_mix(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t k = 0; k < n; k++)
        h = (h ^ c[k]) * 1099511628211ull;
    return h;
}

uint64_t fingerprint3_store(const sepax3_store *s)
{
    uint64_t h = 1469598103934665603ull;
    const uint32_t count = sepax3_store_count(s), limit = sepax3_store_slot_limit(s);
    const sepax_backend backend = sepax3_store_backend(s);
    h = fingerprint_mix(h, &count, sizeof count);
    h = fingerprint_mix(h, &limit, sizeof limit);
    h = fingerprint_mix(h, &backend, sizeof backend);
    for (uint32_t slot = 0; slot < limit; slot++) {
        for (uint32_t gen = 0; gen < 256; gen++) {
            const sepax_shape_id id = gen << 24 | slot;
            if (sepax3_shape_check(s, id) != SEPAX_OK)
                continue;
            /* zeroed first: a call that writes less leaves no stack bytes
             * to differ between two fingerprints */
            sepax3_shape_desc d;
            sepax3_world_shape w;
            sepax3_transform t;
            sepax3_vec lo, hi, v[SEPAX3_MAX_HULL_VERTICES];
            size_t nv = 0;
            memset(&d, 0, sizeof d);
            memset(&w, 0, sizeof w);
            memset(&t, 0, sizeof t);
            memset(&lo, 0, sizeof lo);
            memset(&hi, 0, sizeof hi);
            sepax3_shape_info(s, id, &d);
            sepax3_shape_world(s, id, &w);
            sepax3_shape_transform(s, id, &t);
            sepax3_shape_aabb(s, id, &lo, &hi);
            if (d.kind == SEPAX3_SHAPE_HULL &&
                sepax3_hull_vertices(s, id, v, SEPAX3_MAX_HULL_VERTICES, &nv) != SEPAX_OK)
                nv = 0;
            h = fingerprint_mix(h, &id, sizeof id);
            h = fingerprint_mix(h, &d, sizeof d);
            h = fingerprint_mix(h, &w, sizeof w);
            h = fingerprint_mix(h, &t, sizeof t);
            h = fingerprint_mix(h, &lo, sizeof lo);
            h = fingerprint_mix(h, &hi, sizeof hi);
            h = fingerprint_mix(h, &nv, sizeof nv);
            h = fingerprint_mix(h, v, nv * sizeof v[0]);
        }
    }
    return h;
}
