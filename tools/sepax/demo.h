/* The demo's state, shared by the command that builds and times it
 * (demo.c) and the picture drawn from it (svg.c). */
#ifndef SEPAX_DEMO_H
#define SEPAX_DEMO_H

#include <stddef.h>
#include <stdint.h>

#include "scene.h"

typedef struct demo_options {
    size_t shapes;
    uint64_t seed;
    const char *svg;
    const char *backend;
    int mix;   /* every 2D shape kind, not only polygons */
    int three; /* the 3D scene instead */
    uint32_t threads; /* 0: none; else time the stages again split across this many workers */
} demo_options;

/* sepax demo --3d (demo3.c): the same stages and comparison on a scene of
 * boxes, spheres, hulls and capsules; returns an exit status. */
int demo3(const demo_options *options);

typedef struct demo {
    sepax_scene scene;
    sepax_store *store;
    sepax_shape_id *ids;
    size_t rejected;
    sepax_pair *pairs;
    size_t pair_count;
    sepax_result *results;
    sepax_result *scratch; /* another backend's answers, to compare */
    sepax_hit *hits;
    size_t hit_count;
    size_t hit_total, containment_total; /* counted from results */
} demo;

/* Write the picture of the scene and of its results to path (svg.c);
 * says on stderr what went wrong and returns an exit status. */
int write_svg(const demo *d, const char *path);

#endif
