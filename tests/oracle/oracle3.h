/* The 3D oracle: exact answers in double for boxes and spheres, with
 * nothing the kernels use (no frame change, no minors, no tolerance): the
 * eight corners of each box projected on every axis. Plain C, shared by
 * the Criterion suites and the self-test. */
#ifndef SEPAX_TESTS_ORACLE3_H
#define SEPAX_TESTS_ORACLE3_H

#include "sepax/sepax3d.h"

typedef struct oracle3_shape {
    int sphere;
    double c[3], a[3][3], e[3]; /* centre, axes a[k], half extents */
    double r;                   /* sphere radius */
} oracle3_shape;

/* A store's shape as its kernels see it (float world data, widened). */
int oracle3_from_store(const sepax3_store *store, sepax_shape_id id, oracle3_shape *out);

/* A box placed exactly, in double: centre p, rotation q (normalised
 * here), half extents e. */
oracle3_shape oracle3_box(const double p[3], const double q[4], const double e[3]);

/* The largest separation over the 15 axes of two boxes, each projection
 * two-sided over all eight corners; cross products shorter than 1e-9 are
 * skipped (a face axis then gives the answer). For spheres, the exact
 * signed distance (sphere-box: distance to the box, or minus the depth to
 * the nearest face when the centre is inside). */
double oracle3_separation(const oracle3_shape *A, const oracle3_shape *B);

/* How far apart the shapes' projections on n are, walking from A to B. */
double oracle3_gap_along(const oracle3_shape *A, const oracle3_shape *B, sepax3_vec n);

/* Whether every corner of A (every point of a sphere A) lies inside B,
 * within tol. */
int oracle3_inside(const oracle3_shape *A, const oracle3_shape *B, double tol);

/* Sum of the half extents (a sphere: three radii) of both shapes, and the
 * largest absolute centre coordinate plus that: the scales errors are
 * measured in. */
double oracle3_size(const oracle3_shape *A, const oracle3_shape *B);
double oracle3_scale(const oracle3_shape *A, const oracle3_shape *B);

#endif
