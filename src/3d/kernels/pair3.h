/* The 3D pair tests, written once over the lane type (lanes3.h): the
 * scalar reference runs them on one pair, the vector backends on one pair
 * per lane. Each reads two world records (kernel3.h) as 16 lanes each and
 * writes a pair3_out of lanes; pair3_turn turns the lanes of a pair
 * whose shapes went in as (B, A) round.
 *
 * Box against box (the contract is in sepax3d.h):
 *
 *   d = cB - cA;  R[i][j] = a_i.b_j;  t[i] = a_i.d;  s[j] = sum_i R[i][j] t[i]
 *   face of A, i:  |t[i]| - (eA[i] + sum_j eB[j] |R[i][j]|)
 *   face of B, j:  |s[j]| - (eB[j] + sum_i eA[i] |R[i][j]|)
 *   edges i x j:   L = e_i x (column j of R), in A's frame
 *                  len = sqrt(L.L); skipped when len < PARALLEL_TOLERANCE
 *                  (|t.L| - (sum_k eA[k] |L[k]| + sum_k eB[k] |b_k.L|)) / len
 *   best face: the largest of the six, lowest index on ties;
 *   best edge likewise; the edge wins if it beats the face by more than
 *   EDGE_TOLERANCE * (sum of the six half extents)
 *   normal: the winning axis in world coordinates, turned to point from A
 *   to B (a face axis is the world axis itself; an edge axis is L / len
 *   turned by A's axes: a_p L[p] + a_q L[q], over len)
 *   A in B: every j, |s[j]| + sum_i eA[i] |R[i][j]| <= eB[j]; B in A alike
 *
 * Every sum is formed left to right as written, and no step depends on a
 * branch: both widths evaluate the same expressions in the same order. */
#ifndef SEPAX_PAIR3_H
#define SEPAX_PAIR3_H

#include <float.h>
#include <math.h>
#include <string.h>

#include "kernel3.h"
#include "lanes3.h"

/* One pair's answer in lanes; axis and features hold small whole
 * numbers, a_in_b and b_in_a 1 or 0 (the hit flag is separation <= 0). */
typedef struct pair3_out {
    lf sep, nx, ny, nz, axis, fa, fb, a_in_b, b_in_a;
} pair3_out;

static inline lf pair3_bit(lm m)
{
    return lf_sel(m, lf_set1(1.0f), lf_set1(0.0f));
}

/* The flags byte: SEPAX_HIT when separation <= 0, then containment. */
static inline lf pair3_flags(const pair3_out *o)
{
    return lf_add(lf_add(pair3_bit(lf_le(o->sep, lf_set1(0.0f))),
                         lf_mul(o->a_in_b, lf_set1((float)SEPAX_A_IN_B))),
                  lf_mul(o->b_in_a, lf_set1((float)SEPAX_B_IN_A)));
}

static LANES3_INLINE void pair3_box_box(const lf *A, const lf *B, pair3_out *o)
{
    lf a[3][3], b[3][3], eA[3], eB[3], t[3], s[3], R[3][3], AR[3][3];
    lf d[3];
    for (int c = 0; c < 3; c++) {
        d[c] = lf_sub(B[SEPAX3_W_C + c], A[SEPAX3_W_C + c]);
        eA[c] = A[SEPAX3_W_H + c];
        eB[c] = B[SEPAX3_W_H + c];
        for (int k = 0; k < 3; k++) {
            a[k][c] = A[SEPAX3_W_A + 3 * k + c];
            b[k][c] = B[SEPAX3_W_A + 3 * k + c];
        }
    }
    for (int i = 0; i < 3; i++) {
        t[i] = lf_dot3(a[i][0], a[i][1], a[i][2], d[0], d[1], d[2]);
        for (int j = 0; j < 3; j++) {
            R[i][j] = lf_dot3(a[i][0], a[i][1], a[i][2], b[j][0], b[j][1], b[j][2]);
            AR[i][j] = lf_abs(R[i][j]);
        }
    }
    const lf zero = lf_set1(0.0f);

    /* Face axes of A (index 0..2), then of B (3..5), keeping the first
     * largest: its separation, index and signed centre distance. rb[i] is
     * B's half width on a_i, ra[j] A's on b_j; containment reuses them. */
    lf rb[3], ra[3];
    lf best = lf_set1(-INFINITY), fidx = zero, fproj = zero;
    for (int i = 0; i < 3; i++) {
        rb[i] = lf_add(lf_add(lf_mul(eB[0], AR[i][0]), lf_mul(eB[1], AR[i][1])),
                       lf_mul(eB[2], AR[i][2]));
        const lf sep = lf_sub(lf_abs(t[i]), lf_add(eA[i], rb[i]));
        const lm win = lf_gt(sep, best);
        best = lf_sel(win, sep, best);
        fidx = lf_sel(win, lf_set1((float)i), fidx);
        fproj = lf_sel(win, t[i], fproj);
    }
    for (int j = 0; j < 3; j++) {
        s[j] = lf_add(lf_add(lf_mul(R[0][j], t[0]), lf_mul(R[1][j], t[1])), lf_mul(R[2][j], t[2]));
        ra[j] = lf_add(lf_add(lf_mul(eA[0], AR[0][j]), lf_mul(eA[1], AR[1][j])),
                       lf_mul(eA[2], AR[2][j]));
        const lf sep = lf_sub(lf_abs(s[j]), lf_add(eB[j], ra[j]));
        const lm win = lf_gt(sep, best);
        best = lf_sel(win, sep, best);
        fidx = lf_sel(win, lf_set1((float)(3 + j)), fidx);
        fproj = lf_sel(win, s[j], fproj);
    }
    /* The winning face's axis, pointing from A to B; its face numbers:
     * A's face 2k or 2k + 1 looks along the normal, B's the other way. */
    lf nx, ny, nz, axis, fa, fb;
    {
        lm over[5];
        for (int k = 0; k < 5; k++)
            over[k] = lf_gt(fidx, lf_set1((float)k + 0.5f));
        lf v[3];
        for (int c = 0; c < 3; c++) {
            v[c] = a[0][c];
            v[c] = lf_sel(over[0], a[1][c], v[c]);
            v[c] = lf_sel(over[1], a[2][c], v[c]);
            v[c] = lf_sel(over[2], b[0][c], v[c]);
            v[c] = lf_sel(over[3], b[1][c], v[c]);
            v[c] = lf_sel(over[4], b[2][c], v[c]);
        }
        const lm neg = lf_lt(fproj, zero);
        nx = lf_sel(neg, lf_neg(v[0]), v[0]);
        ny = lf_sel(neg, lf_neg(v[1]), v[1]);
        nz = lf_sel(neg, lf_neg(v[2]), v[2]);
        const lm of_b = over[2];
        const lf k = lf_sel(of_b, lf_sub(fidx, lf_set1(3.0f)), fidx);
        const lf twice = lf_add(k, k), negbit = pair3_bit(neg);
        axis = lf_sel(of_b, lf_set1((float)SEPAX3_AXIS_FACE_B), zero);
        fa = lf_sel(of_b, lf_set1(255.0f), lf_add(twice, negbit));
        fb = lf_sel(of_b, lf_sub(lf_add(twice, lf_set1(1.0f)), negbit), lf_set1(255.0f));
    }

    /* Edge axes. With p, q the other two axes of A, e_i x (column j of R)
     * has components L[p] = -R[q][j], L[q] = R[p][j] and 0, so
     *     b_k . L = R[p][j] R[q][k] - R[q][j] R[p][k]
     * a 2x2 minor of R. For k = j it is exactly 0 in floats (the same two
     * products, subtracted), so B's width on L has two terms; and edges
     * (i, j) and (i, k) read one minor, with opposite signs, also exactly.
     * Each minor and each square R[m][j]^2 is formed once. */
    lf sq[3][3], minor[3][3];
    for (int m = 0; m < 3; m++)
        for (int j = 0; j < 3; j++)
            sq[m][j] = lf_mul(R[m][j], R[m][j]);
    for (int i = 0; i < 3; i++) {
        const int p = (i + 1) % 3, q = (i + 2) % 3;
        /* minor[i][c]: columns (j, k) = (0, 1), (0, 2), (1, 2) for c = 2, 1, 0 */
        for (int c = 0; c < 3; c++) {
            const int j = c == 2 ? 0 : c == 1 ? 0 : 1, k = c == 2 ? 1 : 2;
            minor[i][c] = lf_abs(lf_add(lf_mul(lf_neg(R[q][j]), R[p][k]), lf_mul(R[p][j], R[q][k])));
        }
    }
    lf ebest = lf_set1(-INFINITY), ei = zero, ej = zero, etl = zero, elp = zero, elq = zero;
    const lf parallel = lf_set1(SEPAX3_PARALLEL_TOLERANCE);
    for (int i = 0; i < 3; i++) {
        const int p = (i + 1) % 3, q = (i + 2) % 3;
        for (int j = 0; j < 3; j++) {
            const lf lp = lf_neg(R[q][j]), lq = R[p][j];
            const lf len = lf_sqrt(lf_add(sq[q][j], sq[p][j]));
            const lf tl = lf_add(lf_mul(t[p], lp), lf_mul(t[q], lq));
            const lf rA = lf_add(lf_mul(eA[p], AR[q][j]), lf_mul(eA[q], AR[p][j]));
            /* B's two other axes k1 < k2, and the minors of (j, k) */
            const int k1 = j == 0 ? 1 : 0, k2 = j == 2 ? 1 : 2;
            const lf rB = lf_add(lf_mul(eB[k1], minor[i][3 - j - k1]),
                                 lf_mul(eB[k2], minor[i][3 - j - k2]));
            const lf sep = lf_div(lf_sub(lf_abs(tl), lf_add(rA, rB)), len);
            const lm win = lm_and(lf_ge(len, parallel), lf_gt(sep, ebest));
            ebest = lf_sel(win, sep, ebest);
            ei = lf_sel(win, lf_set1((float)i), ei);
            ej = lf_sel(win, lf_set1((float)j), ej);
            etl = lf_sel(win, tl, etl);
            elp = lf_sel(win, lp, elp);
            elq = lf_sel(win, lq, elq);
        }
    }
    const lf size = lf_add(lf_add(lf_add(eA[0], eA[1]), eA[2]), lf_add(lf_add(eB[0], eB[1]), eB[2]));
    const lm edge = lf_gt(ebest, lf_add(best, lf_mul(size, lf_set1(SEPAX3_EDGE_TOLERANCE))));

    /* The winning edge axis in world coordinates: the very axis its
     * separation was measured on, L = (L[p], L[q]) in A's frame, turned by
     * A's axes. (Rebuilt as a_i x b_j from the world axes it would point
     * up to 1e-7 / angle radians elsewhere when the edges are near
     * parallel, and its separation would no longer be the gap along it.) */
    const lm i0 = lf_lt(ei, lf_set1(0.5f)), i1 = lf_lt(ei, lf_set1(1.5f));
    const lf elen = lf_sqrt(lf_add(lf_mul(elp, elp), lf_mul(elq, elq)));
    lf c[3];
    for (int k = 0; k < 3; k++) {
        /* a_p and a_q of the winning i: p = i + 1, q = i + 2 (mod 3) */
        const lf ap = lf_sel(i0, a[1][k], lf_sel(i1, a[2][k], a[0][k]));
        const lf aq = lf_sel(i0, a[2][k], lf_sel(i1, a[0][k], a[1][k]));
        c[k] = lf_div(lf_add(lf_mul(ap, elp), lf_mul(aq, elq)), elen);
    }
    const lm flip = lf_lt(etl, zero);
    const lf cx = lf_sel(flip, lf_neg(c[0]), c[0]);
    const lf cy = lf_sel(flip, lf_neg(c[1]), c[1]);
    const lf cz = lf_sel(flip, lf_neg(c[2]), c[2]);

    /* containment */
    lm a_in_b = lf_le(lf_add(lf_abs(s[0]), ra[0]), eB[0]);
    lm b_in_a = lf_le(lf_add(lf_abs(t[0]), rb[0]), eA[0]);
    for (int k = 1; k < 3; k++) {
        a_in_b = lm_and(a_in_b, lf_le(lf_add(lf_abs(s[k]), ra[k]), eB[k]));
        b_in_a = lm_and(b_in_a, lf_le(lf_add(lf_abs(t[k]), rb[k]), eA[k]));
    }

    o->sep = lf_sel(edge, ebest, best);
    o->nx = lf_sel(edge, cx, nx);
    o->ny = lf_sel(edge, cy, ny);
    o->nz = lf_sel(edge, cz, nz);
    o->axis = lf_sel(edge, lf_set1((float)SEPAX3_AXIS_EDGES), axis);
    o->fa = lf_sel(edge, ei, fa);
    o->fb = lf_sel(edge, ej, fb);
    o->a_in_b = pair3_bit(a_in_b);
    o->b_in_a = pair3_bit(b_in_a);
}

/* Two points closer than this squared distance (a subnormal: the
 * difference has lost its precision) count as coincident. */
#define PAIR3_APART FLT_MIN

static LANES3_INLINE void pair3_sphere_sphere(const lf *A, const lf *B, pair3_out *o)
{
    const lf zero = lf_set1(0.0f), one = lf_set1(1.0f);
    const lf dx = lf_sub(B[SEPAX3_W_C], A[SEPAX3_W_C]);
    const lf dy = lf_sub(B[SEPAX3_W_C + 1], A[SEPAX3_W_C + 1]);
    const lf dz = lf_sub(B[SEPAX3_W_C + 2], A[SEPAX3_W_C + 2]);
    const lf rA = A[SEPAX3_W_R], rB = B[SEPAX3_W_R];
    const lf dist = lf_sqrt(lf_dot3(dx, dy, dz, dx, dy, dz));
    const lm apart = lf_ge(lf_dot3(dx, dy, dz, dx, dy, dz), lf_set1(PAIR3_APART));
    const lf div = lf_sel(apart, dist, one);
    o->sep = lf_sub(dist, lf_add(rA, rB));
    o->nx = lf_sel(apart, lf_div(dx, div), one);
    o->ny = lf_sel(apart, lf_div(dy, div), zero);
    o->nz = lf_sel(apart, lf_div(dz, div), zero);
    o->axis = lf_set1((float)SEPAX3_AXIS_POINTS);
    o->fa = o->fb = lf_set1(255.0f);
    o->a_in_b = pair3_bit(lf_le(lf_add(dist, rA), rB));
    o->b_in_a = pair3_bit(lf_le(lf_add(dist, rB), rA));
}

/* A box X (lane data in A's place) and a sphere S. The result is for the
 * pair (X, S); pair3_turn turns it round when the sphere was the pair's A.
 *
 *   p = the centre of S in X's frame; q = p clamped to the box; w = p - q
 *   outside (w.w a normal float): separation |w| - r, normal X * w / |w|
 *   inside: the face k with the least gap e[k] - |p[k]| (lowest k on
 *   ties), separation -(gap + r), normal +-a_k by the sign of p[k]
 *   S in X: every k, |p[k]| + r <= e[k];  X in S: the farthest corner,
 *   sum_k (|p[k]| + e[k])^2 <= r^2 */
static LANES3_INLINE void pair3_box_sphere(const lf *X, const lf *S, pair3_out *o)
{
    const lf zero = lf_set1(0.0f), one = lf_set1(1.0f);
    lf a[3][3], e[3], d[3], p[3], w[3], ap[3];
    for (int c = 0; c < 3; c++) {
        d[c] = lf_sub(S[SEPAX3_W_C + c], X[SEPAX3_W_C + c]);
        e[c] = X[SEPAX3_W_H + c];
        for (int k = 0; k < 3; k++)
            a[k][c] = X[SEPAX3_W_A + 3 * k + c];
    }
    const lf r = S[SEPAX3_W_R];
    for (int k = 0; k < 3; k++) {
        p[k] = lf_dot3(a[k][0], a[k][1], a[k][2], d[0], d[1], d[2]);
        w[k] = lf_sub(p[k], lf_min(lf_max(p[k], lf_neg(e[k])), e[k]));
        ap[k] = lf_abs(p[k]);
    }
    const lf w2 = lf_dot3(w[0], w[1], w[2], w[0], w[1], w[2]);
    const lm outside = lf_ge(w2, lf_set1(PAIR3_APART));
    const lf dist = lf_sqrt(w2), div = lf_sel(outside, dist, one);
    const lf l0 = lf_div(w[0], div), l1 = lf_div(w[1], div), l2 = lf_div(w[2], div);
    const lf ox = lf_dot3(a[0][0], a[1][0], a[2][0], l0, l1, l2);
    const lf oy = lf_dot3(a[0][1], a[1][1], a[2][1], l0, l1, l2);
    const lf oz = lf_dot3(a[0][2], a[1][2], a[2][2], l0, l1, l2);

    /* the nearest face, for a centre inside */
    lf gap = lf_sub(e[0], ap[0]), face = lf_sel(lf_lt(p[0], zero), one, zero);
    lf fx = lf_sel(lf_lt(p[0], zero), lf_neg(a[0][0]), a[0][0]);
    lf fy = lf_sel(lf_lt(p[0], zero), lf_neg(a[0][1]), a[0][1]);
    lf fz = lf_sel(lf_lt(p[0], zero), lf_neg(a[0][2]), a[0][2]);
    for (int k = 1; k < 3; k++) {
        const lf g = lf_sub(e[k], ap[k]);
        const lm win = lf_lt(g, gap), neg = lf_lt(p[k], zero);
        gap = lf_sel(win, g, gap);
        face = lf_sel(win, lf_sel(neg, lf_set1(2.0f * k + 1.0f), lf_set1(2.0f * k)), face);
        fx = lf_sel(win, lf_sel(neg, lf_neg(a[k][0]), a[k][0]), fx);
        fy = lf_sel(win, lf_sel(neg, lf_neg(a[k][1]), a[k][1]), fy);
        fz = lf_sel(win, lf_sel(neg, lf_neg(a[k][2]), a[k][2]), fz);
    }

    lm s_in_x = lf_le(lf_add(ap[0], r), e[0]);
    for (int k = 1; k < 3; k++)
        s_in_x = lm_and(s_in_x, lf_le(lf_add(ap[k], r), e[k]));
    const lf c0 = lf_add(ap[0], e[0]), c1 = lf_add(ap[1], e[1]), c2 = lf_add(ap[2], e[2]);
    const lm x_in_s = lf_le(lf_dot3(c0, c1, c2, c0, c1, c2), lf_mul(r, r));

    o->sep = lf_sel(outside, lf_sub(dist, r), lf_neg(lf_add(gap, r)));
    o->nx = lf_sel(outside, ox, fx);
    o->ny = lf_sel(outside, oy, fy);
    o->nz = lf_sel(outside, oz, fz);
    o->axis = lf_sel(outside, lf_set1((float)SEPAX3_AXIS_POINTS), zero);
    o->fa = lf_sel(outside, lf_set1(255.0f), face);
    o->fb = lf_set1(255.0f);
    o->a_in_b = pair3_bit(x_in_s);
    o->b_in_a = pair3_bit(s_in_x);
}

/* Pair classes: which test, and (the low bit of pair3_class) whether the
 * lanes hold (B, A) because the pair's A is the sphere of a box-sphere
 * pair or the capsule of a box-capsule pair. Two round shapes of which
 * one is a capsule run in lanes by round_lanes3.h, in either order; a
 * box and a capsule by box_capsule_lanes3.h where a box face settles
 * them, else one at a time. A pair with a hull is of the general class:
 * it does not go into lanes but to poly3_general (poly3.h). */
enum {
    PAIR3_BOX_BOX = 0, PAIR3_SPHERE_SPHERE = 1, PAIR3_BOX_SPHERE = 2, PAIR3_ROUND_ROUND = 3,
    PAIR3_BOX_CAPSULE = 4, PAIR3_CLASSES = 5, PAIR3_GENERAL = 5
};

/* The classes whose pairs the 3D cache keeps a record for: those that
 * may take the general route (a box and a capsule go there unless a box
 * face settles them in lanes). */
static inline int pair3_cached_class(uint32_t cls)
{
    return cls == PAIR3_GENERAL || cls == PAIR3_BOX_CAPSULE;
}

static inline uint32_t pair3_class(uint8_t ka, uint8_t kb)
{
    /* class << 1 | swap, by the slots' kinds (free, box, sphere, hull,
     * capsule); a free slot never reaches a kernel */
    enum { G = PAIR3_GENERAL << 1, R = PAIR3_ROUND_ROUND << 1, C = PAIR3_BOX_CAPSULE << 1 };
    static const uint8_t table[SEPAX3_KINDS][SEPAX3_KINDS] = {
        {0, 0, 0, 0, 0},
        {0, PAIR3_BOX_BOX << 1, PAIR3_BOX_SPHERE << 1, G, C},
        {0, PAIR3_BOX_SPHERE << 1 | 1, PAIR3_SPHERE_SPHERE << 1, G, R},
        {0, G, G, G, G},
        {0, C | 1, R, G, R},
    };
    return table[ka][kb];
}

/* The lanes of m hold a pair whose shapes went in as (B, A): the normal
 * turns round, features and containment trade places, and a face of A
 * becomes a face of B. */
static inline void pair3_turn(lm m, pair3_out *o)
{
    o->nx = lf_sel(m, lf_neg(o->nx), o->nx);
    o->ny = lf_sel(m, lf_neg(o->ny), o->ny);
    o->nz = lf_sel(m, lf_neg(o->nz), o->nz);
    const lf fa = o->fa, ain = o->a_in_b;
    o->fa = lf_sel(m, o->fb, fa);
    o->fb = lf_sel(m, fa, o->fb);
    o->a_in_b = lf_sel(m, o->b_in_a, ain);
    o->b_in_a = lf_sel(m, ain, o->b_in_a);
    const lm face_a = lm_and(m, lf_lt(o->axis, lf_set1(0.5f)));
    o->axis = lf_sel(face_a, lf_set1((float)SEPAX3_AXIS_FACE_B), o->axis);
}

#endif
