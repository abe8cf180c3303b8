/* One sepax_collide call over the pairs of a scene, for instruction
 * counting under valgrind (bench/scripts/callgrind.sh): the scene, the
 * pairs and the backend (SEPAX_BACKEND) are fixed, so the count repeats
 * exactly.
 *
 *   collide_once [SHAPES [MIN_VERTICES MAX_VERTICES]]   prints the backend,
 *                                                      pairs and shapes
 *   collide_once circles|mixed_kinds                    those scenes instead of mix
 *
 * It also runs one sepax_update_world over all shapes, before the
 * broadphase, for the update count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

int main(int argc, char **argv)
{
    sepax_scene_params p = sepax_scene_params_default();
    if (argc > 1 && strcmp(argv[1], "circles") == 0)
        p = sepax_scene_params_circles();
    else if (argc > 1 && strcmp(argv[1], "mixed_kinds") == 0)
        p = sepax_scene_params_mixed_kinds();
    else if (argc > 1)
        p.shapes = (size_t)strtoul(argv[1], NULL, 10);
    if (argc > 3) {
        p.min_vertices = (uint32_t)strtoul(argv[2], NULL, 10);
        p.max_vertices = (uint32_t)strtoul(argv[3], NULL, 10);
    }
    sepax_scene scene;
    sepax_store *store;
    sepax_status st = sepax_store_create(NULL, &store);
    if (st != SEPAX_OK || sepax_scene_generate(&p, &scene) != 0) {
        fprintf(stderr, "collide_once: %s\n", sepax_status_string(st));
        return 2;
    }
    sepax_scene_load(&scene, store, NULL, NULL);
    sepax_update_world(store);
    size_t n = 0;
    sepax_broadphase(store, NULL, 0, &n);
    sepax_pair *pairs = malloc((n ? n : 1) * sizeof *pairs);
    sepax_result *res = malloc((n ? n : 1) * sizeof *res);
    if (!pairs || !res || sepax_broadphase(store, pairs, n, &n) != SEPAX_OK)
        return 2;
    st = sepax_collide(store, pairs, n, res, NULL);
    printf("%s %zu %u\n", sepax_backend_name(sepax_store_backend(store)), n,
           sepax_store_count(store));
    free(pairs);
    free(res);
    sepax_store_destroy(store);
    sepax_scene_free(&scene);
    return st == SEPAX_OK ? 0 : 1;
}
