/* Building a hull's block from points (hull_build.c). */
#ifndef SEPAX_HULL_BUILD_H
#define SEPAX_HULL_BUILD_H

#include "common/alloc.h"
#include "kernels/hull3.h"

typedef struct sepax3_hull_built {
    float *block;  /* from the hooks; the caller keeps or frees it */
    size_t floats; /* its length */
    float centre[3], half[3]; /* the vertex mean; the bounding box about it */
} sepax3_hull_built;

/* The points are checked by the caller (count, finite, in range). */
sepax_status sepax3_hull_build(const sepax_allocator *alloc, const sepax3_vec *points,
                               size_t count, sepax3_hull_built *out);

#endif
