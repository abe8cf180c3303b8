/* The demo's state, shared by the command that builds and times it
 * (demo.c) and the picture drawn from it (svg.c). */
#ifndef SEPAX_DEMO_H
#define SEPAX_DEMO_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "scene.h"

/* The 2D picture shows a square of this many units around the scene's
 * centre: large enough to see contacts in context, small enough to stay
 * legible (and named in the demo's help). */
#define SVG_WINDOW_UNITS 40.0f

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
 * boxes, spheres, hulls and capsules, its picture written to the file
 * picture holds when options->svg is set; returns an exit status. */
int demo3(const demo_options *options, output_file *picture);

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

/* Write the picture of the scene and of its results to out (svg.c),
 * whose errors the caller checks when it closes it; says on stderr what
 * else went wrong and returns an exit status. */
int write_svg(const demo *d, FILE *out);

#endif
