/* What the 3D counting programs start from: a generated scene in a new
 * store, its world updated, and its broadphase pairs with room for as
 * many results. Returns 0, or 2 (the programs' exit status) when a step
 * fails. */
#ifndef SEPAX_BENCH_PAIRS3_ONCE_H
#define SEPAX_BENCH_PAIRS3_ONCE_H

#include <stdlib.h>
#include <string.h>

#include "scene3.h"

static int pairs3_once(const sepax_scene3_params *p, sepax_scene3 *scene, sepax3_store **store,
                       sepax_pair **pairs, sepax3_result **res, size_t *n)
{
    memset(scene, 0, sizeof *scene);
    *store = NULL;
    if (sepax_scene3_generate(p, scene) != 0 || sepax3_store_create(NULL, store) != SEPAX_OK)
        return 2;
    sepax_scene3_load(scene, *store, NULL, NULL);
    sepax3_update_world(*store);
    *n = 0;
    sepax3_broadphase(*store, NULL, 0, n);
    *pairs = malloc((*n ? *n : 1) * sizeof **pairs);
    *res = malloc((*n ? *n : 1) * sizeof **res);
    if (!*pairs || !*res || sepax3_broadphase(*store, *pairs, *n, n) != SEPAX_OK)
        return 2;
    return 0;
}

#endif
