/* The oracle for 3D pairs with hulls and capsules, in double, sharing
 * nothing with the kernels: a polyhedron's faces are found again by brute
 * force from its vertices (every plane through three vertices with all
 * others on one side), its edges as the vertex pairs two such planes
 * share; every face normal of both shapes and every cross product of an
 * edge of one with an edge of the other is an axis (no Gauss-map
 * pruning), with two-sided projections of all vertices. Segments against
 * polyhedra by brute force over triangles (fans of the faces), segments
 * against segments by a ternary search. Plain C. */
#ifndef SEPAX_TESTS_ORACLE_HULL3_H
#define SEPAX_TESTS_ORACLE_HULL3_H

#include "sepax/sepax3d.h"

#define OH3_MAX_V 64
#define OH3_MAX_F 256
#define OH3_MAX_E 512

/* A polyhedron (box or hull) or a round shape (sphere, capsule: the
 * segment p0-p1 and radius r), in world coordinates. */
typedef struct oh3_shape {
    int round;
    int nv, nf, ne;
    double v[OH3_MAX_V][3];
    double n[OH3_MAX_F][3], d[OH3_MAX_F];
    int loop[4 * OH3_MAX_E];     /* each face's vertices in order about its normal */
    int fstart[OH3_MAX_F + 1];   /* face f: loop[fstart[f] .. fstart[f + 1]) */
    double e[OH3_MAX_E][3]; /* edge directions */
    double p0[3], p1[3], r;
} oh3_shape;

/* A store's shape as it stands after the last world update: a box's
 * corners from its world record, a hull's vertices from
 * sepax3_hull_vertices placed by its transform, in double. Returns 0 on
 * a failed call. */
int oh3_from_store(const sepax3_store *store, sepax_shape_id id, oh3_shape *out);

/* The separation: for two polyhedra the largest two-sided gap over all
 * axes; with a round shape, the distance between core and polyhedron (or
 * the two cores) minus the radii, and when a core meets the polyhedron,
 * the largest two-sided gap over the polyhedron's face axes and the
 * core's cross products with its edges, minus the radius. */
double oh3_separation(const oh3_shape *A, const oh3_shape *B);

/* The gap between the shapes' projections on n, walking from A to B. */
double oh3_gap_along(const oh3_shape *A, const oh3_shape *B, const double n[3]);

/* The largest coordinate magnitude plus the sizes: the scale errors are
 * measured in. */
double oh3_scale(const oh3_shape *A, const oh3_shape *B);

/* Whether point x lies inside or on the shape, within tol. */
int oh3_contains(const oh3_shape *s, const double x[3], double tol);
/* Why the library's result o for the pair (A, B) disagrees with the
 * oracle's separation ref, or NULL when it agrees, within a band of
 * SEPAX3_EDGE_TOLERANCE times size (the sum of both shapes' world half
 * extents) plus 32 float spacings of the pair's scale (with a round
 * shape, plus 16 sqrt(FLT_MIN), about 2e-18: lengths whose squares are
 * not normal floats are not resolved), which *band_out receives: a unit normal and a finite separation; the hit flag wherever
 * ref is clear of the band; an overlap's depth equal to ref (SAT is exact
 * on penetration); apart, a separation no larger than the gap along the
 * result's normal (so no larger than the distance: not ref, which the
 * oracle's candidate axes bound from below as the library's do); a
 * hit's depth the gap along its normal (for both, a points result's
 * normal comes from closest points, good to 1e-3 of size: sepax3d.h);
 * containment flags true. */
const char *oh3_disagreement(const oh3_shape *A, const oh3_shape *B, const sepax3_result *o,
                             double ref, double size, double *band_out);

#endif
