/* The 3D demo's state, shared by the command that builds and times it
 * (demo3.c) and the picture drawn from it (svg3.c), as demo.h is for 2D. */
#ifndef SEPAX_SVG3_H
#define SEPAX_SVG3_H

#include <stddef.h>

#include "scene3.h"

typedef struct demo3 {
    sepax_scene3 scene;
    sepax3_store *store;
    sepax_shape_id *ids;
    sepax_pair *pairs;
    size_t pair_count, hit_count, hit_total;
    sepax3_result *results, *scratch;
    sepax3_hit *hits;
} demo3_state;

/* Write the picture of the scene and of d->results to path; says on
 * stderr what went wrong and returns an exit status. */
int write_svg3(const demo3_state *d, const char *path);

#endif
