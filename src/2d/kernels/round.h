/* Pairs with a round or thin shape, and point queries: one definition,
 * included by the reference and by every backend, so every backend
 * evaluates the same expressions in the same order (no fused operations:
 * -ffp-contract=off; sqrtf and division are correctly rounded on every
 * ISA) and returns the same bits.
 *
 * A shape is a core (a point, a segment, or a convex polygon) grown by a
 * radius r (0 for polygons and segments).
 *
 *   o = core vertex 0 of the shape in the lower slot; every coordinate
 *       below is taken relative to o first, as in the polygon kernel
 *   faces of a core: a polygon's edges; a segment's two sides and two
 *       ends (a rectangle of zero width); a point has none
 *   core_sep, axis = the polygon kernel's one-sided face separation over
 *       A's faces against B's core vertices, then B's against A's
 *       (largest first, A's faces win ties)
 *   if there are faces and (core_sep <= 0 or rA + rB == 0):
 *       separation = core_sep - (rA + rB) along the face normal. When the
 *       cores overlap this is the true push-out distance: for convex
 *       cores the face normals (with a segment's ends) are a complete set
 *       of axes, also when a circle's centre lies inside a polygon. When
 *       nothing is round it is a gap of at least that size, as for two
 *       polygons
 *   else (round shapes whose cores are apart, or two points):
 *       d, pA, pB = the closest pair over every core vertex of one shape
 *           against every core edge of the other (a point's one edge has
 *           zero length), first minimum in that order
 *       separation = d - (rA + rB); normal = (pB - pA) / d; edge NONE
 *       (d^2 below FLT_MIN, see sepax_apart, falls back to the face
 *       axis, or (1, 0) for two points)
 *   on a hit only: A_IN_B when sd(v, B's core) + rA <= rB for every core
 *       vertex v of A (checked in order, stopping at the first that is
 *       not; rounding is monotonic, so this equals comparing the largest
 *       sd), sd = the largest face value when v is inside a polygon core,
 *       else the distance to the core; B_IN_A alike
 *   a point query is inside when sd(p, core) <= r */
#ifndef SEPAX_ROUND_H
#define SEPAX_ROUND_H

#include <float.h>
#include <math.h>

#include "result.h"

/* The closest points give an axis only when their squared distance d2 is
 * a normal float: below FLT_MIN the components' squares are subnormal and
 * have lost precision, so (q - p) / sqrt(d2) would not be of unit length.
 * Closer than about 1e-19, points count as coincident. */
static inline int sepax_apart(float d2)
{
    return d2 >= FLT_MIN;
}

/* Faces of a core with n vertices, and the vertex each face starts at. */
static inline uint32_t sepax_core_faces(uint32_t n)
{
    return n == 1u ? 0u : n == 2u ? 4u : n;
}

static inline uint32_t sepax_core_face_vertex(uint32_t n, uint32_t face)
{
    return n == 2u ? (uint32_t)(face == 1u || face == 2u) : face;
}

/* Edges for the distance search: a point's one edge has zero length. */
static inline uint32_t sepax_core_edges(uint32_t n)
{
    return n < 3u ? 1u : n;
}

static inline uint32_t sepax_core_edge_end(uint32_t n, uint32_t e)
{
    return n == 1u ? 0u : e + 1u == n ? 0u : e + 1u;
}

/* One-sided separation of f's faces against v's core vertices. */
static inline void sepax_round_faces(const sepax_view *f, const sepax_view *v, float ox, float oy,
                                     float *best, uint32_t *edge)
{
    *best = -INFINITY;
    *edge = 0;
    const uint32_t faces = sepax_core_faces(f->n);
    for (uint32_t i = 0; i < faces; i++) {
        const uint32_t k = sepax_core_face_vertex(f->n, i);
        const float nx = f->nx[i], ny = f->ny[i];
        const float ax = f->x[k] - ox, ay = f->y[k] - oy;
        const float c = nx * ax + ny * ay;
        float lo = INFINITY;
        for (uint32_t j = 0; j < v->n; j++) {
            const float bx = v->x[j] - ox, by = v->y[j] - oy;
            const float px = nx * bx, py = ny * by;
            const float e = px + py;
            lo = e < lo ? e : lo;
        }
        const float s = lo - c;
        if (s > *best) {
            *best = s;
            *edge = i;
        }
    }
}

/* Squared distance from p to the segment a-b and the closest point q, all
 * relative to o. */
static inline float sepax_segment_closest(float px, float py, float ax, float ay, float bx,
                                          float by, float *qx, float *qy)
{
    const float ex = bx - ax, ey = by - ay;
    const float wx = px - ax, wy = py - ay;
    const float ee = ex * ex + ey * ey;
    const float we = wx * ex + wy * ey;
    /* Only inside the edge's span is t a quotient: most vertex-edge tests
     * of a convex core land beyond one end. It is we times the rounded
     * reciprocal of ee, not we / ee: the vector kernels test every vertex
     * against an edge, and one reciprocal per edge replaces a division per
     * vertex. t may then be an ulp or two from the quotient, so it is
     * capped at 1 (also for an edge so short that 1 / ee overflows), and
     * q stays on the edge. */
    float t = 0.0f;
    if (we >= ee) {
        t = 1.0f;
    } else if (we > 0.0f) {
        t = we * (1.0f / ee);
        t = t > 1.0f ? 1.0f : t;
    }
    *qx = ax + t * ex;
    *qy = ay + t * ey;
    const float dx = px - *qx, dy = py - *qy;
    return dx * dx + dy * dy;
}

/* Squared distance from p (relative to o) to the core q, and the closest
 * point on q. */
static inline float sepax_core_closest(const sepax_view *q, float px, float py, float ox, float oy,
                                       float *cx, float *cy)
{
    float best = INFINITY;
    *cx = *cy = 0.0f;
    const uint32_t edges = sepax_core_edges(q->n);
    for (uint32_t e = 0; e < edges; e++) {
        const uint32_t k = sepax_core_edge_end(q->n, e);
        float qx = 0.0f, qy = 0.0f;
        const float d2 = sepax_segment_closest(px, py, q->x[e] - ox, q->y[e] - oy, q->x[k] - ox,
                                               q->y[k] - oy, &qx, &qy);
        if (d2 < best) {
            best = d2;
            *cx = qx;
            *cy = qy;
        }
    }
    return best;
}

/* Signed distance from p (relative to o) to the core q: inside a polygon
 * core, the largest face value (<= 0); elsewhere the distance. */
static inline float sepax_core_signed_distance(const sepax_view *q, float px, float py, float ox,
                                               float oy)
{
    if (q->n >= 3u) {
        float m = -INFINITY;
        for (uint32_t i = 0; i < q->n; i++) {
            const float nx = q->nx[i], ny = q->ny[i];
            const float ax = q->x[i] - ox, ay = q->y[i] - oy;
            const float c = nx * ax + ny * ay;
            const float e = nx * px + ny * py;
            const float s = e - c;
            m = s > m ? s : m;
        }
        if (m <= 0.0f)
            return m;
    }
    float cx, cy;
    return sqrtf(sepax_core_closest(q, px, py, ox, oy, &cx, &cy));
}

/* The closest pair search, one direction: each core vertex of `from`
 * against every edge of `to`, replacing (*d2, p_from, p_to) on a strictly
 * smaller distance, so the first minimum in search order wins. Points are
 * relative to o. */
static inline void sepax_closest_from(const sepax_view *from, const sepax_view *to, float ox,
                                      float oy, float *d2, float p_from[2], float p_to[2])
{
    for (uint32_t i = 0; i < from->n; i++) {
        const float vx = from->x[i] - ox, vy = from->y[i] - oy;
        float qx = 0.0f, qy = 0.0f;
        const float e2 = sepax_core_closest(to, vx, vy, ox, oy, &qx, &qy);
        if (e2 < *d2) {
            *d2 = e2;
            p_from[0] = vx, p_from[1] = vy;
            p_to[0] = qx, p_to[1] = qy;
        }
    }
}

/* Whether all of p (its core grown by rp) lies inside or on q (core grown
 * by rq): every core vertex of p within rq - rp of q's core, signed. */
static inline int sepax_core_within(const sepax_view *p, float rp, const sepax_view *q, float rq,
                                    float ox, float oy)
{
    for (uint32_t i = 0; i < p->n; i++) {
        const float sd = sepax_core_signed_distance(q, p->x[i] - ox, p->y[i] - oy, ox, oy);
        if (!(sd + rp <= rq))
            return 0;
    }
    return 1;
}

/* Two circles: the general path's own arithmetic for two point cores,
 * written out (the closest point of a zero-length edge is its end plus
 * 1 * 0, and (x - y)^2 == (y - x)^2 exactly), without its loops. */
static inline sepax_result sepax_round_circles(const sepax_view *a, const sepax_view *b, float ra,
                                               float rb, float ox, float oy)
{
    const float ax = a->x[0] - ox, ay = a->y[0] - oy;
    const float qx = (b->x[0] - ox) + 0.0f, qy = (b->y[0] - oy) + 0.0f;
    const float dx = ax - qx, dy = ay - qy;
    const float d2 = dx * dx + dy * dy, d = sqrtf(d2);
    sepax_result r;
    r.separation = (d - (ra + rb)) + 0.0f;
    r.normal.x = sepax_apart(d2) ? (qx - ax) / d : 1.0f;
    r.normal.y = sepax_apart(d2) ? (qy - ay) / d : 0.0f;
    r.edge = (uint16_t)SEPAX_EDGE_NONE;
    r.owner = SEPAX_OWNER_A;
    r.flags = 0;
    if (r.separation <= 0.0f)
        r.flags = (uint8_t)(SEPAX_HIT | (d + ra <= rb ? SEPAX_A_IN_B : 0u) |
                            (d + rb <= ra ? SEPAX_B_IN_A : 0u));
    return r;
}

static inline sepax_result sepax_round_pair(const sepax_columns *c, uint32_t sa, uint32_t sb)
{
    const sepax_view a = sepax_world_view(c, sa), b = sepax_world_view(c, sb);
    const float ra = c->radius[sa], rb = c->radius[sb], rsum = ra + rb;
    const sepax_view *o = sa < sb ? &a : &b;
    const float ox = o->x[0], oy = o->y[0];
    if (a.n == 1u && b.n == 1u)
        return sepax_round_circles(&a, &b, ra, rb, ox, oy);

    float best_a, best_b;
    uint32_t edge_a, edge_b;
    sepax_round_faces(&a, &b, ox, oy, &best_a, &edge_a);
    sepax_round_faces(&b, &a, ox, oy, &best_b, &edge_b);
    const int from_b = best_b > best_a;
    const float core_sep = from_b ? best_b : best_a;
    const uint32_t face = from_b ? edge_b : edge_a;
    const sepax_view *owner = from_b ? &b : &a;
    const float sign = from_b ? -1.0f : 1.0f;
    const int has_faces = sepax_core_faces(a.n) + sepax_core_faces(b.n) > 0u;

    sepax_result r;
    if (has_faces && (core_sep <= 0.0f || rsum == 0.0f)) {
        r.separation = core_sep - rsum;
        r.normal.x = sign * owner->nx[face];
        r.normal.y = sign * owner->ny[face];
        r.edge = (uint16_t)face;
        r.owner = (uint8_t)from_b;
    } else {
        /* Closest pair: A's vertices against B's edges, then B's against
         * A's; pA, pB relative to o. */
        float d2 = INFINITY, pa[2] = {0.0f, 0.0f}, pb[2] = {0.0f, 0.0f};
        sepax_closest_from(&a, &b, ox, oy, &d2, pa, pb);
        sepax_closest_from(&b, &a, ox, oy, &d2, pb, pa);
        const float d = sqrtf(d2);
        r.separation = d - rsum;
        if (sepax_apart(d2)) {
            r.normal.x = (pb[0] - pa[0]) / d;
            r.normal.y = (pb[1] - pa[1]) / d;
            r.edge = (uint16_t)SEPAX_EDGE_NONE;
            r.owner = SEPAX_OWNER_A;
        } else if (has_faces) {
            r.normal.x = sign * owner->nx[face];
            r.normal.y = sign * owner->ny[face];
            r.edge = (uint16_t)face;
            r.owner = (uint8_t)from_b;
        } else {
            r.normal.x = 1.0f;
            r.normal.y = 0.0f;
            r.edge = (uint16_t)SEPAX_EDGE_NONE;
            r.owner = SEPAX_OWNER_A;
        }
    }
    r.separation += 0.0f; /* -0 to +0, as in the polygon kernel */
    r.flags = 0;
    if (r.separation <= 0.0f) {
        r.flags = (uint8_t)(SEPAX_HIT |
                            (sepax_core_within(&a, ra, &b, rb, ox, oy) ? SEPAX_A_IN_B : 0u) |
                            (sepax_core_within(&b, rb, &a, ra, ox, oy) ? SEPAX_B_IN_A : 0u));
    }
    return r;
}

static inline void sepax_round_points(const sepax_columns *c, const sepax_point_query *q, size_t n,
                                      uint8_t *inside)
{
    for (size_t k = 0; k < n; k++) {
        const uint32_t slot = SEPAX_ID_SLOT(q[k].shape);
        const sepax_view v = sepax_world_view(c, slot);
        const float ox = v.x[0], oy = v.y[0];
        const float sd = sepax_core_signed_distance(&v, q[k].point.x - ox, q[k].point.y - oy, ox, oy);
        inside[k] = sd <= c->radius[slot];
    }
}

#endif
