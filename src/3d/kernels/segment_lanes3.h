/* Closest points of segment3.h over lanes: seg3_frame_of, seg3_closest
 * and seg3_point with every branch taken in every lane and the answers
 * chosen by selects, each lane the same IEEE operations on the same
 * operands as the scalar routine along the path its inputs take, so the
 * same bits. What the port does not follow (a frame whose largest
 * coordinate is subnormal, where the scalar code scales by ldexpf, and a
 * point whose difference with itself is not 0) marks the lane rare; the
 * caller answers such lanes by the scalar routine. Shared by two round
 * shapes one pair per lane (round_lanes3.h) and by a round shape's
 * distance to a polyhedron's edges across the lanes (round3.h). */
#ifndef SEPAX_SEGMENT_LANES3_H
#define SEPAX_SEGMENT_LANES3_H

#include <float.h>
#include <stdint.h>
#include <string.h>

#include "lanes3.h"

/* x with its mantissa cleared: 2^floor(log2 x) for a normal x */
static inline lf rl3_exponent(lf x)
{
#if defined(SEPAX_WIDE_BITS)
    return wi_as_f(wi_and(wf_as_i(x), wi_set1(0x7F800000u)));
#else
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    b &= 0x7F800000u;
    float p;
    memcpy(&p, &b, sizeof p);
    return p;
#endif
}

/* seg3_clamp01 */
static inline lf rl3_clamp01(lf x)
{
    return lf_sel(lf_gt(x, lf_set1(0.0f)), lf_min(x, lf_set1(1.0f)), lf_set1(0.0f));
}

static inline lf rl3_dot(const lf a[3], const lf b[3])
{
    return lf_dot3(a[0], a[1], a[2], b[0], b[1], b[2]);
}

/* side3_cross's expression */
static inline void rl3_cross(const lf u[3], const lf v[3], lf out[3])
{
    out[0] = lf_sub(lf_mul(u[1], v[2]), lf_mul(u[2], v[1]));
    out[1] = lf_sub(lf_mul(u[2], v[0]), lf_mul(u[0], v[2]));
    out[2] = lf_sub(lf_mul(u[0], v[1]), lf_mul(u[1], v[0]));
}

/* seg3_frame_of: d1, d2 and the three scaled by seg3_unscale's power of
 * two (2^-e for big = m 2^e, formed as 0.5 / 2^(e-1): a quotient of
 * powers of two, exact down to 2^-128). Lanes whose big is subnormal
 * join *rare. */
typedef struct rl3_frame {
    lf d1[3], d2[3], u1[3], u2[3], ur[3];
} rl3_frame;

static LANES3_INLINE void rl3_frame_of(const lf p1[3], const lf q1[3], const lf p2[3],
                                        const lf q2[3], rl3_frame *f, lm *rare)
{
    lf r[3], big = lf_set1(0.0f);
    for (int k = 0; k < 3; k++) {
        f->d1[k] = lf_sub(q1[k], p1[k]);
        f->d2[k] = lf_sub(q2[k], p2[k]);
        r[k] = lf_sub(p1[k], p2[k]);
        big = lf_max(lf_abs(f->d1[k]), big);
        big = lf_max(lf_abs(f->d2[k]), big);
        big = lf_max(lf_abs(r[k]), big);
    }
    const lm finite = lm_and(lf_gt(big, lf_set1(0.0f)), lf_le(big, lf_set1(FLT_MAX)));
    const lm normal = lm_and(finite, lf_ge(big, lf_set1(FLT_MIN)));
    *rare = lm_or(*rare, lm_andnot(finite, normal));
    const lf k = lf_sel(normal, lf_div(lf_set1(0.5f), rl3_exponent(big)), lf_set1(1.0f));
    for (int c = 0; c < 3; c++) {
        f->u1[c] = lf_mul(f->d1[c], k);
        f->u2[c] = lf_mul(f->d2[c], k);
        f->ur[c] = lf_mul(r[c], k);
    }
}

/* seg3_closest: w, and |w|^2 returned */
static LANES3_INLINE lf rl3_closest(const lf p1[3], const lf q1[3], const lf p2[3],
                                     const lf q2[3], lf w[3], lm *rare)
{
    const lf zero = lf_set1(0.0f), one = lf_set1(1.0f);
    rl3_frame f3;
    rl3_frame_of(p1, q1, p2, q2, &f3, rare);
    const lf *u1 = f3.u1, *u2 = f3.u2, *ur = f3.ur;
    const lf a = rl3_dot(u1, u1), e = rl3_dot(u2, u2), f = rl3_dot(u2, ur);
    lf L[3], m[3];
    rl3_cross(u1, u2, L);
    const lf ll = rl3_dot(L, L);
    const lf c = rl3_dot(u1, ur), b = rl3_dot(u1, u2);
    rl3_cross(u2, ur, m);
    const lm a0 = lf_le(a, zero), e0 = lf_le(e, zero);
    /* the general case: s from the unclamped solution, t for it, and the
     * re-solves where t leaves [0, 1] */
    const lf s_free = lf_sel(lf_gt(ll, zero), rl3_clamp01(lf_div(rl3_dot(L, m), ll)), zero);
    const lf t_free = lf_div(lf_add(lf_mul(b, s_free), f), e);
    const lf s_lo = rl3_clamp01(lf_div(lf_flip(c), a));
    const lf s_hi = rl3_clamp01(lf_div(lf_sub(b, c), a));
    const lm below = lf_lt(t_free, zero), above = lf_gt(t_free, one);
    lf s = lf_sel(below, s_lo, lf_sel(above, s_hi, s_free));
    lf t = lf_sel(below, zero, lf_sel(above, one, t_free));
    /* a segment against a point, a point against a segment, two points */
    s = lf_sel(e0, s_lo, s);
    t = lf_sel(e0, zero, t);
    s = lf_sel(a0, zero, s);
    t = lf_sel(a0, lf_sel(e0, zero, rl3_clamp01(lf_div(f, e))), t);
    for (int k = 0; k < 3; k++)
        w[k] = lf_sub(lf_add(p1[k], lf_mul(f3.d1[k], s)), lf_add(p2[k], lf_mul(f3.d2[k], t)));
    const lm s_in = lm_and(lf_gt(s, zero), lf_lt(s, one));
    const lm t_in = lm_and(lf_gt(t, zero), lf_lt(t, one));
    const lm cross = lm_and(lm_and(s_in, t_in), lf_ge(ll, lf_mul(lf_set1(1e-4f), lf_mul(a, e))));
    const lf along_l = lf_div(rl3_dot(w, L), ll);
    lf ws[3];
    const lf along_1 = lf_div(rl3_dot(w, u1), a);
    for (int k = 0; k < 3; k++)
        ws[k] = lf_sel(s_in, lf_sub(w[k], lf_mul(along_1, u1[k])), w[k]);
    const lf along_2 = lf_div(rl3_dot(ws, u2), e);
    for (int k = 0; k < 3; k++) {
        ws[k] = lf_sel(t_in, lf_sub(ws[k], lf_mul(along_2, u2[k])), ws[k]);
        w[k] = lf_sel(cross, lf_mul(along_l, L[k]), ws[k]);
    }
    return rl3_dot(w, w);
}

/* seg3_point: |x - the closest point of p-q|^2 */
static LANES3_INLINE lf rl3_point(const lf x[3], const lf p[3], const lf q[3], lm *rare)
{
    const lf zero = lf_set1(0.0f), one = lf_set1(1.0f);
    rl3_frame f3;
    rl3_frame_of(x, x, p, q, &f3, rare);
    const lf *u1 = f3.u1, *u2 = f3.u2, *ur = f3.ur;
    const lf a = rl3_dot(u1, u1), e = rl3_dot(u2, u2), f = rl3_dot(u2, ur);
    *rare = lm_or(*rare, lm_andnot(lf_le(zero, zero), lf_le(a, zero)));
    const lf s = zero, t = lf_sel(lf_le(e, zero), zero, rl3_clamp01(lf_div(f, e)));
    lf w[3];
    for (int c = 0; c < 3; c++)
        w[c] = lf_sub(lf_add(x[c], lf_mul(f3.d1[c], s)), lf_add(p[c], lf_mul(f3.d2[c], t)));
    const lm t_in = lm_and(lf_gt(t, zero), lf_lt(t, one));
    const lf along = lf_div(rl3_dot(w, u2), e);
    for (int c = 0; c < 3; c++)
        w[c] = lf_sel(t_in, lf_sub(w[c], lf_mul(along, u2[c])), w[c]);
    return rl3_dot(w, w);
}

#endif
