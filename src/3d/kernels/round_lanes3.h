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
#include "segment_lanes3.h"

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
