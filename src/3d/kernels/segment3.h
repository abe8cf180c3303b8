/* Closest points of two segments, and of a point and a segment, in
 * float: shared by the pair tests with a capsule and by the point
 * queries, so both read a capsule the same way. */
#ifndef SEPAX_SEGMENT3_H
#define SEPAX_SEGMENT3_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static inline float seg3_dot(const float a[3], const float b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* x clamped to [0, 1], NaN to 0: with coordinates near the 1e18 limit,
 * a e - b^2 and b f - c e overflow to infinities whose difference is NaN,
 * and any point of the segment is then as good as another */
static inline float seg3_clamp01(float x)
{
    return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
}

/* The power of two 2^-e for big = m 2^e, m in [0.5, 1) (as frexpf
 * splits it), or 1 when big is 0, infinite or NaN: multiplying by it is
 * what ldexpf(x, -e) computes, one correctly rounded product, without
 * the two library calls per coordinate that were a quarter of a round
 * pair's instructions. 2^-e is a float for every normal big (e from -125
 * to 128: down to 2^-128, a subnormal but exact); for a subnormal big,
 * whose 2^-e can pass FLT_MAX, it is 0, and the caller keeps ldexpf. */
static inline float seg3_unscale(float big)
{
    if (!(big > 0.0f && big <= FLT_MAX))
        return 1.0f;
    if (big < FLT_MIN)
        return 0.0f;
    uint32_t b;
    memcpy(&b, &big, sizeof b);
    const int e = (int)((b >> 23) & 0xFFu) - 126;
    const int biased = 127 - e; /* 2^-e's exponent field: 0 is subnormal */
    const uint32_t pb = biased > 0 ? (uint32_t)biased << 23 : 1u << (22 + biased);
    float p;
    memcpy(&p, &pb, sizeof p);
    return p;
}

/* What both closest-point routines start from: d1 = q1 - p1,
 * d2 = q2 - p2, r = p1 - p2, and the three scaled by one power of two so
 * that the largest coordinate is about 1 (u1, u2, ur). s and t stay the
 * same when every length is scaled by one power of two, and so scaled
 * the products below stay normal floats: unscaled, segments under about
 * 3e-10 long have fourth powers (L . L) that underflow to 0, and s fell
 * back to 0 (capsules 3e-13 long were measured 3 times their distance
 * apart). Scaling by a power of two is exact, so where nothing
 * underflowed or overflowed every bit is as before. */
typedef struct seg3_frame {
    float d1[3], d2[3], u1[3], u2[3], ur[3];
} seg3_frame;

static inline void seg3_frame_of(const float p1[3], const float q1[3], const float p2[3],
                                 const float q2[3], seg3_frame *f)
{
    float r[3], big = 0.0f;
    for (int k = 0; k < 3; k++) {
        f->d1[k] = q1[k] - p1[k];
        f->d2[k] = q2[k] - p2[k];
        r[k] = p1[k] - p2[k];
        big = fabsf(f->d1[k]) > big ? fabsf(f->d1[k]) : big;
        big = fabsf(f->d2[k]) > big ? fabsf(f->d2[k]) : big;
        big = fabsf(r[k]) > big ? fabsf(r[k]) : big;
    }
    const float k = seg3_unscale(big);
    if (k != 0.0f) {
        for (int c = 0; c < 3; c++)
            f->u1[c] = f->d1[c] * k, f->u2[c] = f->d2[c] * k, f->ur[c] = r[c] * k;
    } else {
        int ex = 0;
        (void)frexpf(big, &ex);
        for (int c = 0; c < 3; c++)
            f->u1[c] = ldexpf(f->d1[c], -ex), f->u2[c] = ldexpf(f->d2[c], -ex),
            f->ur[c] = ldexpf(r[c], -ex);
    }
}

/* The closest points c1 of p1-q1 and c2 of p2-q2 (either may have zero
 * length): w = c1 - c2, returns |w|^2.
 *
 *   d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2, L = d1 x d2
 *   s, t minimise |p1 + s d1 - p2 - t d2| on [0,1]^2: s from the
 *   unclamped solution, clamped; t for that s; when t leaves [0,1] it is
 *   clamped and s found again for it. Parallel segments (L . L not
 *   above 0) start from s = 0.
 *   The unclamped s is (b f - c e) / (a e - b^2) with a = d1.d1,
 *   b = d1.d2, c = d1.r, e = d2.d2, f = d2.r; it is formed as
 *   (L . (d2 x r)) / (L . L), the same value by Lagrange's identity, but
 *   good to about FLT_EPSILON / angle rather than FLT_EPSILON / angle^2:
 *   for segments 1e-4 rad from parallel, a e - b^2 is all rounding (it
 *   can come out negative), s then fell back to 0, and the distance from
 *   that end was up to the angle times the length too long.
 *   Then w is made square to each segment whose point is inside it, as
 *   it is at the true closest points: along d1 x d2 when both are and
 *   the segments are not near parallel, else by losing its part along
 *   d1 (s inside) and along d2 (t inside). The distance is good to
 *   rounding either way, but s, and so the direction of w, is not: for
 *   nearly parallel segments a e - b^2 cancels, and for segments that
 *   nearly cross w is all rounding. Without this a capsule's normal
 *   tilts, and the gap along it falls short of the separation. */
static inline float seg3_closest(const float p1[3], const float q1[3], const float p2[3],
                                 const float q2[3], float w[3])
{
    seg3_frame f3;
    seg3_frame_of(p1, q1, p2, q2, &f3);
    const float *d1 = f3.d1, *d2 = f3.d2, *u1 = f3.u1, *u2 = f3.u2, *ur = f3.ur;
    const float a = seg3_dot(u1, u1), e = seg3_dot(u2, u2), f = seg3_dot(u2, ur);
    const float L[3] = {u1[1] * u2[2] - u1[2] * u2[1], u1[2] * u2[0] - u1[0] * u2[2],
                        u1[0] * u2[1] - u1[1] * u2[0]};
    const float ll = seg3_dot(L, L);
    float s = 0.0f, t = 0.0f;
    if (a <= 0.0f && e <= 0.0f) {
        s = t = 0.0f;
    } else if (a <= 0.0f) {
        t = seg3_clamp01(f / e);
    } else {
        const float c = seg3_dot(u1, ur);
        if (e <= 0.0f) {
            s = seg3_clamp01(-c / a);
        } else {
            const float b = seg3_dot(u1, u2);
            const float m[3] = {u2[1] * ur[2] - u2[2] * ur[1], u2[2] * ur[0] - u2[0] * ur[2],
                                u2[0] * ur[1] - u2[1] * ur[0]};
            s = ll > 0.0f ? seg3_clamp01(seg3_dot(L, m) / ll) : 0.0f;
            t = (b * s + f) / e;
            if (t < 0.0f) {
                t = 0.0f;
                s = seg3_clamp01(-c / a);
            } else if (t > 1.0f) {
                t = 1.0f;
                s = seg3_clamp01((b - c) / a);
            }
        }
    }
    for (int k = 0; k < 3; k++)
        w[k] = (p1[k] + d1[k] * s) - (p2[k] + d2[k] * t);
    const int s_in = s > 0.0f && s < 1.0f, t_in = t > 0.0f && t < 1.0f;
    if (s_in && t_in && ll >= 1e-4f * (a * e)) {
        /* both points inside, segments at least 0.01 rad from parallel:
         * w lies along d1 x d2, and is the part of w along it (which
         * also holds when the segments nearly cross and w is all
         * rounding) */
        const float along = seg3_dot(w, L) / ll;
        for (int k = 0; k < 3; k++)
            w[k] = along * L[k];
        return seg3_dot(w, w);
    }
    if (s_in) {
        const float along = seg3_dot(w, u1) / a;
        for (int k = 0; k < 3; k++)
            w[k] = w[k] - along * u1[k];
    }
    if (t_in) {
        const float along = seg3_dot(w, u2) / e;
        for (int k = 0; k < 3; k++)
            w[k] = w[k] - along * u2[k];
    }
    return seg3_dot(w, w);
}

/* seg3_closest(x, x, p, q, w), the first segment a point: the same
 * operations on the same operands along the only path a point takes
 * (d1 = 0, so a = 0 and s = 0, and L, which only that path's unused
 * branches read, is not formed), so the same bits at a third of the
 * instructions. */
static inline float seg3_point_closest(const float x[3], const float p[3], const float q[3],
                                       float w[3])
{
    seg3_frame f3;
    seg3_frame_of(x, x, p, q, &f3);
    const float *d1 = f3.d1, *d2 = f3.d2, *u1 = f3.u1, *u2 = f3.u2, *ur = f3.ur;
    const float a = seg3_dot(u1, u1), e = seg3_dot(u2, u2), f = seg3_dot(u2, ur);
    if (!(a <= 0.0f)) /* x - x is not 0: x was infinite or NaN */
        return seg3_closest(x, x, p, q, w);
    const float s = 0.0f, t = e <= 0.0f ? 0.0f : seg3_clamp01(f / e);
    for (int c = 0; c < 3; c++)
        w[c] = (x[c] + d1[c] * s) - (p[c] + d2[c] * t);
    if (t > 0.0f && t < 1.0f) {
        const float along = seg3_dot(w, u2) / e;
        for (int c = 0; c < 3; c++)
            w[c] = w[c] - along * u2[c];
    }
    return seg3_dot(w, w);
}

/* |x - closest point of p-q|^2 */
static inline float seg3_point(const float x[3], const float p[3], const float q[3])
{
    float w[3];
    return seg3_point_closest(x, p, q, w);
}

#endif
