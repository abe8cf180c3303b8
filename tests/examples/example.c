/* The README's example, compiled and run as a test so that it stays true:
 * two shapes, the broadphase, the collide call, and every status either
 * call can give handled. README.md quotes it whole. */
#include <stdio.h>
#include <stdlib.h>

#include <sepax/sepax.h>

int main(void)
{
    sepax_store *store;
    sepax_status st = sepax_store_create(NULL, &store); /* SEPAX_BACKEND or the best */
    if (st != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(st));
        return 1;
    }

    const sepax_vec2 tri[] = {{0, 0}, {1, 0}, {0, 1}}; /* either winding */
    sepax_shape_id ids[2];
    const sepax_transform xf[2] = {sepax_transform_make(0, 0, 0),
                                   sepax_transform_make(0.8f, 0.2f, 0.3f)};
    st = sepax_add_polygon(store, tri, 3, &ids[0]); /* checked, cleaned, stored CCW */
    if (st == SEPAX_OK)
        st = sepax_add_box(store, (sepax_vec2){0, 0}, (sepax_vec2){0.5f, 0.5f}, 0.0f, &ids[1]);
    if (st == SEPAX_OK)
        st = sepax_set_transforms(store, ids, xf, 2); /* world columns updated */

    /* The broadphase (or your own) lists candidate pairs. It reports the
     * full count even when the pairs do not fit: grow and ask again. */
    size_t cap = 16, n = 0;
    sepax_pair *pairs = NULL;
    sepax_result *res = NULL;
    if (st == SEPAX_OK) {
        do {
            free(pairs);
            cap = n > cap ? n : cap;
            pairs = malloc(cap * sizeof *pairs);
            st = pairs ? sepax_broadphase(store, pairs, cap, &n) : SEPAX_ERR_OUT_OF_MEMORY;
        } while (st == SEPAX_ERR_CAPACITY);
    }
    if (st == SEPAX_OK && !(res = malloc(cap * sizeof *res)))
        st = SEPAX_ERR_OUT_OF_MEMORY;
    if (st == SEPAX_OK)
        st = sepax_collide(store, pairs, n, res, NULL);
    if (st == SEPAX_OK)
        for (size_t i = 0; i < n; i++)
            if (res[i].flags & SEPAX_HIT)
                printf("shapes %u and %u: depth %g along (%g, %g)\n", (unsigned)pairs[i].a,
                       (unsigned)pairs[i].b, -res[i].separation, res[i].normal.x,
                       res[i].normal.y);

    free(res);
    free(pairs);
    sepax_store_destroy(store);
    if (st != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(st));
        return 1;
    }
    return 0;
}
