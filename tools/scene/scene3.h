/* 3D scenes for the tests, the benchmarks and the command line: a seeded
 * generator of boxes, spheres, hulls and capsules, and the 3D lines of the
 * scene format (docs/FORMAT.md). Not installed: project tooling, not
 * library API. */
#ifndef SEPAX_SCENE3_H
#define SEPAX_SCENE3_H

#include <stdio.h>

#include "scene.h"
#include "sepax/sepax3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sepax_scene3_kind {
    SEPAX_SCENE3_BOX = 0,
    SEPAX_SCENE3_SPHERE = 1,
    SEPAX_SCENE3_HULL = 2,
    SEPAX_SCENE3_CAPSULE = 3,
} sepax_scene3_kind;

/* One shape: a box uses centre, half and rotation, a sphere centre and
 * radius, a capsule p1, p2 and radius, a hull its points (point_count of
 * the scene's points from first_point); all are placed with xf (the
 * identity for shapes read from a file). */
typedef struct sepax_scene3_shape {
    sepax_scene3_kind kind;
    sepax3_vec centre, half;
    sepax3_quat rotation;
    float radius;
    sepax3_vec p1, p2;
    size_t first_point, point_count;
    sepax3_transform xf;
    int line; /* source line, 0 for generated shapes */
} sepax_scene3_shape;

typedef struct sepax_scene3 {
    sepax_scene3_shape *shapes;
    size_t shape_count;
    /* Pairs by shape number (0-based, in file order), with their lines;
     * empty for generated scenes. */
    sepax_pair *pairs;
    int *pair_lines;
    size_t pair_count;
    sepax3_vec *points; /* every hull's points, one after another */
    size_t point_count;
    float extent; /* generated scenes: side of the cube they fill */
} sepax_scene3;

typedef struct sepax_scene3_params {
    size_t shapes;
    uint64_t seed;
    /* Chances that a shape is a sphere, a hull, a capsule (else a box). */
    double sphere_share, hull_share, capsule_share;
    /* A hull is the hull of this many points (uniform) on an ellipsoid
     * whose semi-axes are drawn as a box's half extents. A capsule's
     * half length and radius are a box's two larger half extents. */
    unsigned hull_min_points, hull_max_points;
    /* A box's largest half extent is uniform in [min_half, max_half]; its
     * other two are that divided by a factor uniform in [1, max_aspect].
     * A sphere's radius is uniform in [min_half, max_half]. */
    float min_half, max_half, max_aspect;
    /* Mean number of other AABBs each AABB overlaps (random scenes). */
    double neighbours;
    /* Non-zero: a resting grid (stack3) instead of random placement;
     * every other column tilted by up to tilt radians about a random
     * axis, the rest axis-aligned, layers touching face on face. */
    int stack;
    float tilt;
} sepax_scene3_params;

/* boxes3: 20,000 boxes, random orientations, aspect 1 to 4, about 2 to 3
 * broadphase pairs per box. */
sepax_scene3_params sepax_scene3_params_boxes(void);
/* stack3: a resting grid of boxes, axis-aligned and slightly rotated. */
sepax_scene3_params sepax_scene3_params_stack(void);
/* spheres_boxes3: boxes3 with half the shapes spheres. */
sepax_scene3_params sepax_scene3_params_spheres_boxes(void);
/* hulls3: 20,000 hulls of 8 to 32 vertices. */
sepax_scene3_params sepax_scene3_params_hulls(void);
/* mixed3: boxes, spheres, hulls and capsules in equal shares. */
sepax_scene3_params sepax_scene3_params_mixed(void);

/* Fill *scene; returns 0, or -1 when memory runs out. */
int sepax_scene3_generate(const sepax_scene3_params *params, sepax_scene3 *scene);
void sepax_scene3_free(sepax_scene3 *scene);

/* Add every shape in order and place it with its transform; ids[i] gets
 * shape i's id (UINT32_MAX when rejected), status[i] its status (either
 * may be NULL). Returns the number of shapes that failed. */
size_t sepax_scene3_load(const sepax_scene3 *scene, sepax3_store *store, sepax_shape_id *ids,
                         sepax_status *status);

/* Parse a scene file that may be 2D or 3D: its first shape line decides
 * (*dim = 2 or 3; 2 for a file without shapes), and a shape line of the
 * other dimension is a line-numbered problem. The 2D result goes to
 * *scene2, the 3D one to *scene3 (both are overwritten; the one not
 * used is left empty). Problems are reported as sepax_scene_parse does.
 * Returns 0, or -1 when memory runs out. */
int sepax_scene_parse_any(FILE *in, const char *name, FILE *err, sepax_scene *scene2,
                          sepax_scene3 *scene3, int *dim, size_t *problems);

#ifdef __cplusplus
}
#endif

#endif
