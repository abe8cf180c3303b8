/* An independent double-precision answer for one pair of convex polygons,
 * built the textbook way (two-sided interval projection on every edge
 * normal of both shapes) so that it shares no code or formula shape with
 * the library's one-sided face separation. The tests compare the two. */
#ifndef SEPAX_TEST_ORACLE_H
#define SEPAX_TEST_ORACLE_H

#include "sepax/sepax.h"

#define ORACLE_MAX_VERTICES SEPAX_MAX_POLYGON_VERTICES
/* Every edge normal of both shapes, each tried in both directions. */
#define ORACLE_MAX_CANDIDATES (4 * ORACLE_MAX_VERTICES)

/* A polygon in world space, counter-clockwise, with its outward unit edge
 * normals recomputed in double from the vertices. */
typedef struct oracle_poly {
    int n;
    double x[ORACLE_MAX_VERTICES], y[ORACLE_MAX_VERTICES];
    double nx[ORACLE_MAX_VERTICES], ny[ORACLE_MAX_VERTICES];
} oracle_poly;

/* One direction u tried by the oracle: value is the signed distance of B
 * from A along u, min over B of u.b minus max over A of u.a (negative
 * means overlap). */
typedef struct oracle_candidate {
    double value;
    double ux, uy;
    int owner; /* SEPAX_OWNER_A or SEPAX_OWNER_B: whose edge gave the axis */
    int edge;
    /* 1 when u is the edge's own outward normal, -1 when it is its
     * negation. The one-sided contract only uses A's normals with +1 and
     * B's normals with -1. */
    int sign;
} oracle_candidate;

typedef struct oracle_result {
    int hit;
    /* Two-sided: -(smallest overlap) when the shapes overlap, with the
     * overlap on each axis taken as min(maxA - minB, maxB - minA); the
     * largest gap over all axes when they do not. */
    double separation;
    double nx, ny; /* the winning direction, pointing from A to B */
    int best;      /* index into cand of the winner */
    /* The contract's one-sided face separation, evaluated in double. For
     * overlapping convex shapes it equals separation (both are the
     * penetration depth); when separated it may be smaller. */
    double face_separation;
    int face_best; /* index into cand of the first one-sided maximum */
    /* Containment, point-in-convex-polygon in double. The margin is the
     * largest signed distance of any vertex outside the other shape (<= 0
     * means inside or on), so callers can tell robust answers from ones
     * decided by rounding. */
    int a_in_b, b_in_a;
    double a_in_b_margin, b_in_a_margin;
    int ncand;
    oracle_candidate cand[ORACLE_MAX_CANDIDATES];
} oracle_result;

/* Fill *out from a shape's world vertices; returns SEPAX_OK or the
 * store's error. */
sepax_status oracle_poly_from_store(const sepax_store *store, sepax_shape_id id, oracle_poly *out);
/* Fill *out from float vertices that are already counter-clockwise.
 * Vertices equal to the one before them (the last compared with the
 * first) are dropped, so that a shape whose world vertices rounded onto
 * each other is taken as what it collapsed to: a point (n == 1, no
 * faces) or a segment (n == 2, its two sides). Edge indices then count
 * the distinct vertices only. */
void oracle_poly_from_vertices(const sepax_vec2 *v, int n, oracle_poly *out);

/* The distinct-vertex rule above, shared with tests/oracle/oracle_round.c:
 * copies at most max of v's n vertices to x, y in double, dropping each
 * one equal to the last kept one and a last one equal to the first;
 * returns how many were kept. */
int oracle_distinct_vertices(const sepax_vec2 *v, int n, int max, double *x, double *y);

void oracle_collide(const oracle_poly *a, const oracle_poly *b, oracle_result *out);

/* The size against which float rounding of this pair is judged: the
 * larger of its largest absolute coordinate and the extent of the box
 * holding both shapes. */
double oracle_scale(const oracle_poly *a, const oracle_poly *b);

/* Whether a candidate other than the winner comes within value_tol of the
 * winner's value while pointing more than dir_tol away from it: then the
 * winning normal is a matter of rounding and should not be compared. */
int oracle_normal_ambiguous(const oracle_result *r, double value_tol, double dir_tol);
/* Whether another one-sided candidate (A's normals, B's negated) comes
 * within value_tol of face_best: then which edge the contract picks is a
 * matter of rounding. */
int oracle_face_ambiguous(const oracle_result *r, double value_tol);

/* Running counts of oracle_judge. */
typedef struct oracle_tally {
    size_t pairs, hits, misses;
    size_t near_touch, near_touch_disagree; /* |oracle separation| within tolerance */
    size_t depth_checked, normal_checked, normal_skipped;
    size_t face_checked, face_skipped, flag_checked, flag_skipped;
    double worst_depth;  /* largest depth difference, as a fraction of scale */
    double worst_normal; /* largest normal difference among those compared */
    size_t failures;
} oracle_tally;

/* The first way a result is malformed on its own terms (hit flag against
 * the sign, containment without a hit, unknown flag bits), or NULL.
 * Shared by the polygon and the round judges. */
const char *oracle_result_form(const sepax_result *r);

/* Judge a library result for the pair (a, b) against the oracle, which is
 * run into *o. Returns NULL when they agree, else a short name of the first
 * disagreement (and counts a failure). The tolerances, all relative to
 * oracle_scale:
 *  - hit/miss must agree unless |oracle separation| <= 1e-5 * scale;
 *  - depths of hits, and separations of separated pairs (against the
 *    one-sided value), agree within 1e-5 * scale;
 *  - the normal agrees within 1e-4 plus the angle by which rounding the
 *    world vertices to float can turn the winning edge (a few ulps of the
 *    scale over the edge's length), unless another axis comes within the
 *    value tolerance while pointing elsewhere;
 *  - the winning face (owner, edge) matches unless another face is
 *    within the value tolerance;
 *  - containment flags match unless a vertex lies within the value
 *    tolerance of the other shape's boundary. */
const char *oracle_judge(const sepax_result *r, const oracle_poly *a, const oracle_poly *b,
                         oracle_result *o, oracle_tally *t);

#endif
