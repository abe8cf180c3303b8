/* The 3D demo's state, shared by the command that builds and times it
 * (demo3.c) and the picture drawn from it (svg3.c), as demo.h is for 2D. */
#ifndef SEPAX_SVG3_H
#define SEPAX_SVG3_H

#include <stddef.h>
#include <stdio.h>

#include "scene3.h"

/* About how many shapes the 3D picture's window holds: enough to see
 * contacts in context, few enough that the overlapping outlines of a 3D
 * view stay readable (and named in the demo's help). */
#define SVG3_WINDOW_SHAPES 300

typedef struct demo3 {
    sepax_scene3 scene;
    sepax3_store *store;
    sepax_shape_id *ids;
    sepax_pair *pairs;
    size_t pair_count, hit_count, hit_total;
    sepax3_result *results, *scratch;
    sepax3_hit *hits;
} demo3_state;

/* Write the picture of the scene and of d->results to out, whose errors
 * the caller checks when it closes it; says on stderr what else went
 * wrong and returns an exit status. */
int write_svg3(const demo3_state *d, FILE *out);

#endif
