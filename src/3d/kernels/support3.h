/* A pair proved apart from the vertices alone, before any closest-feature
 * search: a direction along which the shapes' projections leave a gap.
 * Written once over the lane type (lanes3.h), X's vertices across the
 * lanes; every reduction is a maximum with ties to the lowest index, so
 * the reference at one lane and every width find the same vertex and the
 * same bits.
 *
 *   X a box or hull (centre at its frame's origin), S a segment e0-e1
 *   grown by r, both in X's frame; margin: rounding of the pair's scale
 *       c = the point of S nearest X's centre (a sphere's: its centre)
 *       |c| <= r + rin (rin: X's inner radius): a hit, no gap anywhere
 *       d = unit(c)                                the centres' direction
 *       gap = min(d.e0, d.e1) - max over X's vertices of d.v - r
 *       gap > margin: apart along d
 *       else one support step: v = the first vertex reaching that
 *       maximum, w = the point of S nearest v; |w - v| <= r: a hit, no
 *       gap anywhere; else d = unit(w - v), the gap again along it
 *   a gap along a unit direction is at most the distance between the
 *   shapes, which is what an apart answer promises (sepax3d.h); above the
 *   margin it is no rounding, so such a pair is apart in every route
 *   that measures it and no hit's answer depends on this test.
 *
 * On mixed3 the two directions settle 80 to 90% of the apart pairs that
 * no face of X parts by the radius; a second step settles almost none
 * (docs/notes/3d.md, "Apart pairs from the vertices alone"). */
#ifndef SEPAX_SUPPORT3_H
#define SEPAX_SUPPORT3_H

#include <float.h>
#include <math.h>

#include "hull3.h"
#include "lanes3.h"
#include "segment3.h"


/* c / |c| into d; 0 when |c|^2 is not a normal float (no direction, or
 * one whose rounding is not bounded by FLT_EPSILON) */
static inline int support3_unit(const float c[3], float d[3])
{
    const float cc = seg3_dot(c, c);
    if (!(cc >= FLT_MIN) || !(cc <= FLT_MAX))
        return 0;
    const float len = sqrtf(cc);
    for (int k = 0; k < 3; k++)
        d[k] = c[k] / len;
    return 1;
}

/* max over P's vertices of d.v ((x + y) + z, as lf_dot3), the first
 * vertex reaching it into *at; the padding repeats vertex 0, which
 * never beats it */
static LANES3_INLINE float support3_max(const poly3 *P, const float d[3], uint32_t *at)
{
    const lf dx = lf_set1(d[0]), dy = lf_set1(d[1]), dz = lf_set1(d[2]);
    lf best = lf_set1(-INFINITY), where = lf_set1(0.0f);
    for (uint32_t j = 0; j < P->nv; j += LANES) {
        const lf x = lf_dot3(dx, dy, dz, lf_load(P->vx + j), lf_load(P->vy + j),
                             lf_load(P->vz + j));
        const lm win = lf_gt(x, best);
        best = lf_sel(win, x, best);
        where = lf_sel(win, lf_add(lf_set1((float)j), lf_load(lanes3_iota)), where);
    }
    float value, index;
    lanes3_argmax(best, where, &value, &index);
    *at = (uint32_t)index;
    return value;
}

/* the gap along the unit d between X (P) and the segment grown by r */
static LANES3_INLINE float support3_gap(const poly3 *P, const float e0[3], const float e1[3],
                                        float r, const float d[3], uint32_t *at)
{
    const float hi = support3_max(P, d, at);
    const float a = seg3_dot(d, e0), b = seg3_dot(d, e1);
    return ((a < b ? a : b) - hi) - r;
}

/* The rounding a gap carries: 64 float spacings of the largest
 * magnitudes it is formed from (X's half extents h, the segment's ends) */
static inline float support3_margin(const float h[3], const float e0[3], const float e1[3],
                                    float r)
{
    float scale = r;
    for (int k = 0; k < 3; k++)
        scale = scale + ((h[k] + fabsf(e0[k])) + fabsf(e1[k]));
    return 64.0f * FLT_EPSILON * scale;
}

/* The segment's point nearest x less x, into c (a plain projection:
 * any direction serves, its gap is measured again); returns c.c */
static inline float support3_nearest(const float e0[3], const float e1[3], const float x[3],
                                     float c[3])
{
    const float u[3] = {e1[0] - e0[0], e1[1] - e0[1], e1[2] - e0[2]};
    const float w[3] = {x[0] - e0[0], x[1] - e0[1], x[2] - e0[2]};
    const float uu = seg3_dot(u, u);
    const float t = uu > 0.0f ? seg3_clamp01(seg3_dot(w, u) / uu) : 0.0f;
    for (int k = 0; k < 3; k++)
        c[k] = (e0[k] + t * u[k]) - x[k];
    return seg3_dot(c, c);
}

/* Whether a support direction parts X and the round shape by more than
 * the margin: then 1, the direction (X's frame) into d and its gap into
 * *gap. */
static LANES3_INLINE int support3_round(const poly3 *P, const float h[3], const float e0[3],
                                        const float e1[3], float r, float d[3], float *gap)
{
    /* X holds the ball of radius rin about its centre: a segment that
     * near the centre is a hit */
    const float origin[3] = {0.0f, 0.0f, 0.0f};
    float c[3];
    const float reach = r + P->rin;
    if (support3_nearest(e0, e1, origin, c) <= reach * reach)
        return 0;
    const float margin = support3_margin(h, e0, e1, r);
    if (!support3_unit(c, d))
        return 0;
    uint32_t at;
    float g = support3_gap(P, e0, e1, r, d, &at);
    if (!(g > margin)) {
        const float v[3] = {P->vx[at], P->vy[at], P->vz[at]};
        /* within r of the segment the pair is a hit, which no direction
         * parts */
        if (support3_nearest(e0, e1, v, c) <= r * r)
            return 0;
        if (!support3_unit(c, d))
            return 0;
        g = support3_gap(P, e0, e1, r, d, &at);
    }
    *gap = g;
    return g > margin;
}

/* min over n placed vertices (x, y, z; padded to the lanes) of d.v */
static LANES3_INLINE float support3_min(const float *x, const float *y, const float *z,
                                        uint32_t n, const float d[3])
{
    const lf dx = lf_set1(d[0]), dy = lf_set1(d[1]), dz = lf_set1(d[2]);
    lf lo = lf_set1(INFINITY);
    for (uint32_t j = 0; j < n; j += LANES)
        lo = lf_min(lf_dot3(dx, dy, dz, lf_load(x + j), lf_load(y + j), lf_load(z + j)), lo);
    return lanes3_hmin(lo);
}

/* Two polyhedra: X (P, centre at the origin) and Y, whose n vertices are
 * placed in X's frame (x, y, z) and whose centre is t there; rin_y its
 * inner radius. Whether the centres' direction parts them by more than
 * margin: then 1, the direction into d and the gap into *gap. Centres
 * within both inner radii make a hit, and are not tried. */
static LANES3_INLINE int support3_polys(const poly3 *P, const float *x, const float *y,
                                        const float *z, uint32_t n, const float t[3],
                                        float rin_y, float margin, float d[3], float *gap)
{
    const float reach = P->rin + rin_y;
    if (seg3_dot(t, t) <= reach * reach || !support3_unit(t, d))
        return 0;
    uint32_t at;
    const float hi = support3_max(P, d, &at);
    *gap = support3_min(x, y, z, n, d) - hi;
    return *gap > margin;
}

#endif
