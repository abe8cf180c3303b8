/* An independent double-precision answer for pairs involving round and
 * thin shapes. A shape is a core (a point, a segment or a convex polygon)
 * grown by a radius, as in sepax.h; the oracle works from exact distance
 * geometry rather than from src/kernels/round.h's face passes:
 *  - whether the cores meet is decided by segment-intersection and
 *    point-in-polygon tests;
 *  - when they meet, the penetration depth of the cores comes from the
 *    classic two-sided projection on every candidate axis (a polygon's
 *    edge normals, a segment's normal and direction, both signs), and
 *    the rounded shapes then overlap by that depth plus rA + rB;
 *  - when they are apart, the distance between the cores is the least
 *    point-to-segment distance from a vertex of one to an edge of the
 *    other, and the rounded shapes are apart by that distance minus
 *    rA + rB.
 * The one thing taken from the contract rather than from geometry is the
 * value for two thin cores (both radii 0) that are apart: the library
 * promises only a lower bound on the gap there, the polygon kernel's
 * one-sided face separation, so the oracle evaluates that too. */
#ifndef SEPAX_TEST_ORACLE_ROUND_H
#define SEPAX_TEST_ORACLE_ROUND_H

#include <stddef.h>

#include "sepax/sepax.h"

#define OROUND_MAX_VERTICES SEPAX_MAX_POLYGON_VERTICES

/* A core in world space: n == 1 a point, n == 2 a segment p1-p2, n >= 3 a
 * counter-clockwise convex polygon; r the radius (0 for thin kinds). */
typedef struct oround_shape {
    int n;
    double x[OROUND_MAX_VERTICES], y[OROUND_MAX_VERTICES];
    double r;
} oround_shape;

typedef struct oround_answer {
    /* Scale of the pair (largest coordinate magnitude or extent, radii
     * included) and the value tolerance 1e-5 * scale derived from it. */
    double scale, tol;
    int cores_meet;  /* the intersection tests' verdict */
    /* Distance between the cores when apart; minus their penetration
     * depth when they meet. */
    double core_gap;
    /* core_gap - rA - rB: the true signed separation of the shapes. */
    double exact;
    /* What the library must return within tol: exact, except for two
     * thin cores that are apart (the one-sided face separation, a lower
     * bound on exact). */
    double contract;
    /* The direction from A to B that goes with contract, and how far the
     * library's normal may stray from it. normal_known is 0 when the
     * direction is a matter of rounding: the cores (nearly) touch, another
     * candidate comes within tol of the winner while pointing elsewhere,
     * or there is no direction at all (two coincident points). */
    int normal_known;
    double nx, ny, normal_tol;
    /* Largest signed distance of a core vertex of A from B's core, plus
     * rA minus rB: <= 0 exactly when A lies inside or on B. */
    double a_in_b_margin, b_in_a_margin;
} oround_answer;

/* The core and radius of a stored shape, from its world vertices. */
sepax_status oround_from_store(const sepax_store *store, sepax_shape_id id, oround_shape *out);
/* Build a shape from world vertices and a radius. */
void oround_from_vertices(const sepax_vec2 *v, int n, double r, oround_shape *out);

/* Signed distance from (px, py) to the core: minus the distance to the
 * boundary inside a polygon core, the distance elsewhere. The point lies
 * in the rounded shape when this is <= r. */
double oround_signed_distance(const oround_shape *s, double px, double py);

/* Whether the two cores share a point. */
int oround_cores_meet(const oround_shape *a, const oround_shape *b);

/* Faces of a core as sepax.h numbers them (a polygon's edges; a
 * segment's side p1->p2, side p2->p1, end at p2, end at p1; a point has
 * none). Returns 0 when face is out of range, else fills the outward unit
 * normal, recomputed from the vertices, and the face's length (what
 * rounding of the vertices turns the normal by). */
int oround_face_count(const oround_shape *s);
int oround_face_normal(const oround_shape *s, int face, double *nx, double *ny, double *length);

void oround_collide(const oround_shape *a, const oround_shape *b, oround_answer *out);

/* Running counts of oround_judge. */
typedef struct oround_tally {
    size_t pairs, hits, misses, near_touch;
    size_t normal_checked, normal_skipped, flag_checked, flag_skipped;
    double worst_separation; /* |library - contract| / scale */
    double worst_normal;     /* among the normals compared */
    size_t failures;
} oround_tally;

/* Judge a library result for (a, b): NULL when it agrees with the oracle
 * (run into *o), else the name of the first disagreement (counted as a
 * failure). Checks, with tol = 1e-5 * scale:
 *  - the result on its own terms: hit flag == (separation <= 0),
 *    containment only with a hit, unit normal, owner and edge in range,
 *    a face axis's normal is the named face's (negated for B), and
 *    SEPAX_EDGE_NONE only with owner A and never for two thin cores;
 *  - a closest-point axis (EDGE_NONE) exactly when the cores are apart
 *    and something is round, judged only where the cores are more than
 *    tol from touching (or are two points);
 *  - separation within tol of the contract, and never above the true
 *    gap by more than tol;
 *  - the hit flag, where |contract| > tol;
 *  - the normal, where the oracle knows it;
 *  - containment flags, where |margin| > tol. */
const char *oround_judge(const sepax_result *r, const oround_shape *a, const oround_shape *b,
                         oround_answer *o, oround_tally *t);

#endif
