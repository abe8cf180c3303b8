/* Building a hull's block from points (hull_build.c). */
#ifndef SEPAX_HULL_BUILD_H
#define SEPAX_HULL_BUILD_H

#include "common/alloc.h"
#include "kernels/hull3.h"

/* Facets are merged when Qhull's centrum test finds them coplanar within
 * this times the points' bounding-box diagonal ("C-n"). Above the float
 * rounding of the caller's points for a hull within a few diagonals of its
 * frame's origin (half a float spacing, 6e-8 of a coordinate), which is
 * what leaves a face meant flat in pieces; well below
 * SEPAX3_FLAT_TOLERANCE (1e-5), so that a hull just thick enough to be
 * accepted never has its rim (whose facets' centrums lie a third of its
 * thickness or more from the top's plane) merged into its top. */
#define HULL_MERGE_TOLERANCE 1e-6
/* Merged faces are kept only when each holds its edges in its plane
 * within this (the sine of the angle between an edge and the plane);
 * else the hull is built with Qhull's default merging (hull_build.c says
 * why). The turned and rounded cube's edges tilt by about 1e-7. */
#define HULL_MERGE_TILT 1e-5

typedef struct sepax3_hull_built {
    float *block;  /* from the hooks; the caller keeps or frees it */
    size_t floats; /* its length */
    float centre[3], half[3]; /* the vertex mean; the bounding box about it */
} sepax3_hull_built;

/* The points are checked by the caller (count, finite, in range). */
sepax_status sepax3_hull_build(const sepax_allocator *alloc, const sepax3_vec *points,
                               size_t count, sepax3_hull_built *out);

#endif
