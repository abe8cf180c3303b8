/* Scenes shared by the tests, the benchmarks and the command line: a
 * seeded generator of random convex polygons and the text scene format.
 * Not installed: this is project tooling, not library API. */
#ifndef SEPAX_SCENE_H
#define SEPAX_SCENE_H

#include <stdio.h>

#include "sepax/sepax.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sepax_scene_kind {
    SEPAX_SCENE_POLYGON = 0,
    SEPAX_SCENE_BOX = 1,
    SEPAX_SCENE_CIRCLE = 2,
    SEPAX_SCENE_CAPSULE = 3,
    SEPAX_SCENE_SEGMENT = 4,
} sepax_scene_kind;

/* One shape of a scene. A polygon's vertices are scene->vertices[first ..
 * first + count), and a radius above 0 makes it a rounded polygon; a box
 * uses centre, half and angle; a circle centre and radius; a capsule or
 * a segment its two end points, as vertices[first], [first + 1] (count
 * 2), and radius. All are placed with xf (the identity for shapes read
 * from a file). */
typedef struct sepax_scene_shape {
    sepax_scene_kind kind;
    uint32_t first, count;
    sepax_vec2 centre, half;
    float angle;
    float radius;
    sepax_transform xf;
    int line; /* source line, 0 for generated shapes */
} sepax_scene_shape;

typedef struct sepax_scene {
    sepax_scene_shape *shapes;
    size_t shape_count;
    sepax_vec2 *vertices;
    size_t vertex_count;
    /* Pairs by shape number (0-based, in file order); pair_lines[i] is the
     * line each came from. Empty for generated scenes. */
    sepax_pair *pairs;
    int *pair_lines;
    size_t pair_count;
    float extent; /* generated scenes: side of the square they fill */
} sepax_scene;

/* Generator settings; sepax_scene_params_default gives the `mix` scene. */
typedef struct sepax_scene_params {
    size_t shapes;
    uint64_t seed;
    uint32_t min_vertices, max_vertices;
    /* Chance that a polygon takes max_vertices instead of a uniform count. */
    double max_vertices_share;
    /* Chance that a shape is a box instead of a polygon; and the chances
     * of the round and thin kinds (all 0 in the `mix` scene). A rounded
     * polygon is a polygon with a radius of rounded_radius times its size. */
    double box_share;
    double circle_share, capsule_share, segment_share, rounded_share;
    float min_radius, max_radius;
    /* Stretch along a random direction: 1 keeps the shapes round. */
    float aspect;
    /* Mean number of other AABBs each AABB overlaps. */
    double neighbours;
} sepax_scene_params;

sepax_scene_params sepax_scene_params_default(void);
/* The `circles` scene (every shape a circle) and the `mixed_kinds` scene
 * (polygons, boxes, circles, capsules, segments and rounded polygons in
 * about equal shares), with the `mix` scene's density. */
sepax_scene_params sepax_scene_params_circles(void);
sepax_scene_params sepax_scene_params_mixed_kinds(void);
/* The generators' random source (splitmix64): the next 64 bits, and a
 * double uniform in [0, 1). */
uint64_t sepax_scene_rng_next(uint64_t *state);
double sepax_scene_rng_unit(uint64_t *state);

/* Fill *scene; returns 0, or -1 when memory runs out. */
int sepax_scene_generate(const sepax_scene_params *params, sepax_scene *scene);
/* Release what a scene holds and zero it. */
void sepax_scene_free(sepax_scene *scene);

/* Add every shape to the store, in order, and place it with its
 * transform. ids[i] receives shape i's id (UINT32_MAX when rejected) and
 * status[i] its status (either may be NULL). Returns the number of shapes
 * that failed. */
size_t sepax_scene_load(const sepax_scene *scene, sepax_store *store, sepax_shape_id *ids,
                        sepax_status *status);

/* Parse the text format (docs/FORMAT.md) into *scene, which is
 * overwritten, and set *problems to the number of problems found. Every
 * problem is reported as "NAME:LINE: message\n" on err (when not NULL).
 * Returns 0, or -1 when memory runs out. Every shape line keeps its number:
 * a line that does not parse becomes a polygon with count 0 (which the
 * store rejects), and a pair line that does not parse becomes
 * (UINT32_MAX, UINT32_MAX). */
int sepax_scene_parse(FILE *in, const char *name, FILE *err, sepax_scene *scene,
                      size_t *problems);

#ifdef __cplusplus
}
#endif

#endif
