/* README.md's frame-to-frame example: a separating-axis cache per pair,
 * carried from step to step, and contact manifolds for the hits. */
#include <stdio.h>
#include <string.h>

#include <sepax/sepax.h>

#define SHAPES 3
#define STEPS 6

static int fail(const char *what, sepax_status st)
{
    fprintf(stderr, "%s: %s\n", what, sepax_status_string(st));
    return 1;
}

int main(void)
{
    sepax_store *store = NULL;
    sepax_status st = sepax_store_create(NULL, &store);
    if (st != SEPAX_OK)
        return fail("store", st);

    /* a floor, a box falling onto it, a ball resting on it */
    sepax_shape_id id[SHAPES];
    const sepax_vec2 origin = {0.0f, 0.0f};
    const sepax_vec2 floor_half = {4.0f, 0.5f}, box_half = {0.5f, 0.5f};
    if ((st = sepax_add_box(store, origin, floor_half, 0.0f, &id[0])) != SEPAX_OK ||
        (st = sepax_add_box(store, origin, box_half, 0.0f, &id[1])) != SEPAX_OK ||
        (st = sepax_add_circle(store, origin, 0.5f, &id[2])) != SEPAX_OK) {
        sepax_store_destroy(store);
        return fail("add", st);
    }

    /* The pairs a broadphase with fattened boxes would keep for a while,
     * each with its cache: zero bytes are an empty cache. A caller whose
     * pair list changes carries each cache with its pair. */
    const sepax_pair pairs[3] = {{id[0], id[1]}, {id[0], id[2]}, {id[1], id[2]}};
    sepax_pair_cache caches[3];
    memset(caches, 0, sizeof caches);

    for (int step = 0; step < STEPS; step++) {
        const sepax_transform xf[SHAPES] = {
            sepax_transform_make(0.0f, -0.5f, 0.0f),                     /* top at y = 0 */
            sepax_transform_make(-1.0f, 1.5f - 0.25f * (float)step, 0.0f), /* falling box */
            sepax_transform_make(2.0f, 0.49f, 0.0f),                     /* ball, 0.01 deep */
        };
        if ((st = sepax_set_transforms(store, id, xf, SHAPES)) != SEPAX_OK)
            break;

        /* Hits only: a pair its cached axis still separates costs one
         * face test. The hits are exactly sepax_collide_hits'. */
        sepax_hit hits[3];
        size_t hit_count = 0;
        st = sepax_collide_hits_cached(store, pairs, 3, caches, hits, 3, &hit_count, NULL);
        if (st != SEPAX_OK)
            break;
        printf("step %d: %zu hit(s)\n", step, hit_count);

        /* Where the hits touch, for a solver: up to two points each, with
         * ids that stay the same while the same features touch. */
        sepax_pair touching[3];
        for (size_t k = 0; k < hit_count; k++)
            touching[k] = pairs[hits[k].pair];
        sepax_manifold m[3];
        if ((st = sepax_collide_manifolds(store, touching, hit_count, m, NULL)) != SEPAX_OK)
            break;
        for (size_t k = 0; k < hit_count; k++)
            for (uint32_t p = 0; p < m[k].point_count; p++)
                printf("  pair %u point %u: (%.3f, %.3f) separation %.3f id %u\n",
                       (unsigned)hits[k].pair, (unsigned)p, (double)m[k].points[p].point.x,
                       (double)m[k].points[p].point.y, (double)m[k].points[p].separation,
                       (unsigned)m[k].points[p].id);
    }
    sepax_store_destroy(store);
    return st == SEPAX_OK ? 0 : fail("step", st);
}
