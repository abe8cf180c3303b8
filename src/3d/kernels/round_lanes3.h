/* Two round shapes (capsule-capsule, capsule-sphere, either order), one
 * pair per lane: round3.h's round_round, and the closest-point routines
 * of segment3.h it calls, with every branch taken in every lane and the
 * answers chosen by selects. Each lane computes the same IEEE operations
 * on the same operands as the scalar routine along the path its pair
 * takes there, so it writes the same bits; round_round stays the
 * specification. What this port does not follow (a segment frame whose
 * largest coordinate is subnormal, where the scalar code scales by
 * ldexpf, and a point whose difference with itself is not 0) marks the
 * lane rare, and the driver answers such lanes with round_round.
 *
 *   d = cB - cA; A's segment e0 = -hA a0, e1 = hA a0; B's f0, f1 = d -+ hB b0
 *   w = closest points of e0-e1 and f0-f1 (seg3_closest, every case as
 *       selects: a point against a point, a point against a segment, two
 *       segments with their clamped re-solves, then w squared up)
 *   apart (|w|^2 a normal float, and the ends parted by |w| along
 *       n = -w / |w| within gap_parts' allowance): separation |w| - (rA + rB)
 *   else n: A's segment squared up to a0 x b0 toward d, or A's second axis
 *   A in B: rA <= rB and both of A's ends within rB - rA of B's segment
 *   (seg3_point each); B in A alike */
#ifndef SEPAX_ROUND_LANES3_H
#define SEPAX_ROUND_LANES3_H

#include <float.h>
#include <stdint.h>
#include <string.h>

#include "kernel3.h"
#include "lanes3.h"
#include "pair3.h"

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

/* the end x of one shape within rb - ra of the other's segment p-q:
 * sqrt(seg3_point) + ra <= rb */
static LANES3_INLINE lm rl3_end_in(const lf x[3], const lf p[3], const lf q[3], lf ra, lf rb,
                                    lm *rare)
{
    return lf_le(lf_add(lf_sqrt(rl3_point(x, p, q, rare)), ra), rb);
}

static LANES3_INLINE void pair3_round_round(const lf *A, const lf *B, pair3_out *o, lm *rare)
{
    const lf zero = lf_set1(0.0f), one = lf_set1(1.0f);
    *rare = lf_gt(zero, zero); /* no lane */
    const lf ha = A[SEPAX3_W_H], hb = B[SEPAX3_W_H];
    lf d[3], a0[3], b0[3], e0[3], e1[3], f0[3], f1[3];
    for (int c = 0; c < 3; c++) {
        d[c] = lf_sub(B[SEPAX3_W_C + c], A[SEPAX3_W_C + c]);
        a0[c] = A[SEPAX3_W_A + c];
        b0[c] = B[SEPAX3_W_A + c];
        e0[c] = lf_flip(lf_mul(ha, a0[c])), e1[c] = lf_mul(ha, a0[c]);
        f0[c] = lf_sub(d[c], lf_mul(hb, b0[c])), f1[c] = lf_add(d[c], lf_mul(hb, b0[c]));
    }
    lf w[3], n[3];
    const lf d2 = rl3_closest(e0, e1, f0, f1, w, rare);
    const lf dist = lf_sqrt(d2);
    /* apart: the closest points' line parts the ends by their distance
     * (round3.h says why it may not) */
    lf lo = lf_set1(INFINITY), hi = lf_set1(-INFINITY), scale = zero;
    for (int c = 0; c < 3; c++)
        n[c] = lf_div(lf_flip(w[c]), dist);
    const lf *ends[4] = {e0, e1, f0, f1};
    for (int k = 0; k < 4; k++) {
        const lf x = rl3_dot(n, ends[k]);
        if (k < 2)
            hi = lf_max(x, hi);
        else
            lo = lf_min(x, lo);
        for (int c = 0; c < 3; c++)
            scale = lf_max(lf_abs(ends[k][c]), scale);
    }
    const lf allow = lf_add(lf_mul(lf_set1(1e-3f), lf_add(ha, hb)),
                            lf_mul(lf_set1(16.0f * FLT_EPSILON), scale));
    const lm parts = lf_ge(lf_sub(lo, hi), lf_sub(dist, allow));
    const lm apart = lm_and(lf_ge(d2, lf_set1(FLT_MIN)), parts);
    /* coincident: A's segment squared up to a0 x b0, toward d */
    lf L[3], m[3];
    rl3_cross(a0, b0, L);
    const lf len = lf_sqrt(rl3_dot(L, L));
    const lf k = rl3_dot(L, a0);
    for (int c = 0; c < 3; c++)
        m[c] = lf_sub(L[c], lf_mul(k, a0[c]));
    const lf ml = lf_sqrt(rl3_dot(m, m));
    const lf sign = lf_sel(lf_lt(rl3_dot(m, d), zero), lf_set1(-1.0f), one);
    const lm squared = lf_ge(len, lf_set1(SEPAX3_PARALLEL_TOLERANCE));
    for (int c = 0; c < 3; c++) {
        const lf sq = lf_sel(squared, lf_mul(sign, lf_div(m[c], ml)), A[SEPAX3_W_A + 3 + c]);
        n[c] = lf_sel(apart, n[c], sq);
    }
    const lf ra = A[SEPAX3_W_R], rb = B[SEPAX3_W_R];
    const lm a_in_b = lm_and(lm_and(lf_le(ra, rb), rl3_end_in(e0, f0, f1, ra, rb, rare)),
                             rl3_end_in(e1, f0, f1, ra, rb, rare));
    const lm b_in_a = lm_and(lm_and(lf_le(rb, ra), rl3_end_in(f0, e0, e1, rb, ra, rare)),
                             rl3_end_in(f1, e0, e1, rb, ra, rare));
    o->sep = lf_sub(dist, lf_add(ra, rb));
    o->nx = n[0], o->ny = n[1], o->nz = n[2];
    o->axis = lf_set1((float)SEPAX3_AXIS_POINTS);
    o->fa = o->fb = lf_set1(255.0f);
    o->a_in_b = pair3_bit(a_in_b);
    o->b_in_a = pair3_bit(b_in_a);
}

#endif
