/* The README's 3D example, compiled and run as a test so that it stays
 * true: a box resting on another, a sphere touching it, the 3D collide
 * call over pairs the caller lists, then the broadphase into a buffer that
 * grows and the contact manifolds of its pairs, every status handled.
 * README.md quotes it whole. */
#include <stdio.h>
#include <stdlib.h>

#include <sepax/sepax3d.h>

int main(void)
{
    sepax3_store *store;
    sepax_status st = sepax3_store_create(NULL, &store);
    if (st != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(st));
        return 1;
    }
    const sepax3_quat none = {1, 0, 0, 0};
    sepax_shape_id ground = 0, crate = 0, ball = 0;
    st = sepax3_add_box(store, (sepax3_vec){0, 0, 0}, (sepax3_vec){5, 5, 0.5f}, none, &ground);
    if (st == SEPAX_OK) /* a unit cube turned 30 degrees about z, sunk 0.1 into the ground */
        st = sepax3_add_box(store, (sepax3_vec){0, 0, 0}, (sepax3_vec){0.5f, 0.5f, 0.5f},
                            sepax3_quat_axis_angle((sepax3_vec){0, 0, 1}, 0.5235988f), &crate);
    if (st == SEPAX_OK)
        st = sepax3_add_sphere(store, (sepax3_vec){0, 0, 0}, 0.25f, &ball);
    const sepax_shape_id ids[2] = {crate, ball};
    const sepax3_transform xf[2] = {{{1, 1, 0.9f}, none}, {{3, 1, 0.75f}, none}};
    if (st == SEPAX_OK)
        st = sepax3_set_transforms(store, ids, xf, 2); /* world boxes and axes updated */

    const sepax_pair pairs[3] = {{ground, crate}, {ground, ball}, {crate, ball}};
    sepax3_result res[3];
    if (st == SEPAX_OK)
        st = sepax3_collide(store, pairs, 3, res, NULL);
    if (st == SEPAX_OK)
        for (int i = 0; i < 3; i++)
            printf("pair %d: %s, separation %g along (%g, %g, %g)\n", i,
                   res[i].flags & SEPAX_HIT ? "hit" : "apart", res[i].separation,
                   res[i].normal.x, res[i].normal.y, res[i].normal.z);

    /* Or let the broadphase list the pairs whose bounds overlap. It reports
     * the full count even when they do not fit: grow and ask again. */
    size_t cap = 1, n = 0;
    sepax_pair *found = NULL;
    sepax3_manifold *m = NULL;
    if (st == SEPAX_OK) {
        do {
            free(found);
            cap = n > cap ? n : cap;
            found = malloc(cap * sizeof *found);
            st = found ? sepax3_broadphase(store, found, cap, &n) : SEPAX_ERR_OUT_OF_MEMORY;
        } while (st == SEPAX_ERR_CAPACITY);
    }
    if (st == SEPAX_OK && !(m = malloc(cap * sizeof *m)))
        st = SEPAX_ERR_OUT_OF_MEMORY;
    /* Where each pair touches: up to four points, each with a feature id
     * that stays the same while the same features touch. */
    if (st == SEPAX_OK)
        st = sepax3_collide_manifolds(store, found, n, m, NULL);
    if (st == SEPAX_OK)
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < m[i].point_count; k++)
                printf("shapes %u and %u touch at (%g, %g, %g), separation %g, id %#x\n",
                       (unsigned)found[i].a, (unsigned)found[i].b, m[i].points[k].point.x,
                       m[i].points[k].point.y, m[i].points[k].point.z,
                       m[i].points[k].separation, (unsigned)m[i].points[k].id);

    free(m);
    free(found);
    sepax3_store_destroy(store);
    if (st != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(st));
        return 1;
    }
    return 0;
}
