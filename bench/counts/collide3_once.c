/* One sepax3_collide call over the mixed3 pairs of one class, for
 * instruction counts under valgrind (bench/scripts/callgrind.sh with
 * WHAT=collide3): the scene (mixed3 at SHAPES shapes, seed fixed), the
 * class and the backend (SEPAX_BACKEND) are fixed, so the count repeats.
 *
 *   collide3_once CLASS [near] [SHAPES]
 *
 * CLASS is a sepax3_pair_group number (7 sphere-hull, 8 capsule-hull, 2
 * box-capsule); "near" keeps only the pairs answered by closest points
 * (SEPAX3_AXIS_POINTS), the ones the nearest-feature search settles.
 * Prints the backend, the pairs counted and the shapes. Only
 * measured_call is counted (callgrind's --toggle-collect). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairs3_once.h"
#include "scene3.h"

__attribute__((noinline)) static void measured_call(const sepax3_store *store,
                                                    const sepax_pair *pairs, size_t n,
                                                    sepax3_result *out)
{
    (void)sepax3_collide(store, pairs, n, out, NULL);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: collide3_once CLASS [near] [SHAPES]\n");
        return 2;
    }
    const int group = atoi(argv[1]);
    const int near = argc > 2 && strcmp(argv[2], "near") == 0;
    sepax_scene3_params p = sepax_scene3_params_mixed();
    if (argc > 2 + near)
        p.shapes = (size_t)strtoul(argv[2 + near], NULL, 10);
    else
        p.shapes = 6000;
    sepax_scene3 scene;
    sepax3_store *store;
    sepax_pair *pairs;
    sepax3_result *out;
    size_t n;
    if (pairs3_once(&p, &scene, &store, &pairs, &out, &n) != 0)
        return 2;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        sepax3_pair_group g;
        if (sepax3_pair_group_of(store, pairs[i], &g) == SEPAX_OK && (int)g == group)
            pairs[m++] = pairs[i];
    }
    if (near) {
        (void)sepax3_collide(store, pairs, m, out, NULL);
        size_t k = 0;
        for (size_t i = 0; i < m; i++)
            if (out[i].axis == SEPAX3_AXIS_POINTS)
                pairs[k++] = pairs[i];
        m = k;
    }
    measured_call(store, pairs, m, out);
    printf("%s %zu %zu\n", sepax_backend_name(sepax3_store_backend(store)), m, scene.shape_count);
    free(pairs);
    free(out);
    sepax_scene3_free(&scene);
    sepax3_store_destroy(store);
    return 0;
}
