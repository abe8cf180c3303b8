/* The 3D world update, written once over the lane type (lanes3.h): one
 * shape per lane.
 *
 *   qn = q / |q|                      (the transform's rotation)
 *   centre = p + M(qn) c              (c: the local centre)
 *   axes = columns of M(qn * lq) for a box, the world axes for a sphere
 *   h[c] = sum_k |axes[k][c]| e[k] + r
 *          (r: the radius of a sphere or capsule, 0 for a box or hull;
 *          a sphere's e is 0, a capsule's (half length, 0, 0))
 *   g[c] = (|centre[c]| + h[c]) * 2^-21
 *   box: [centre - h - g, centre + h + g]
 *
 * g widens the box by a few float spacings of its coordinates, more than
 * the rounding of any corner the kernels could form, so that boxes that
 * touch always have boxes that overlap. M(q) is the rotation matrix of a
 * unit quaternion; lq, the local rotation, was normalised when the shape
 * was added. */
#ifndef SEPAX_WORLD3_H
#define SEPAX_WORLD3_H

#include "kernel3.h"
#include "lanes3.h"

/* Inputs per lane: the local record's 16 floats, then the transform
 * record's 8 (kernel3.h). */
enum {
    W3_C = SEPAX3_L_C, W3_LQ = SEPAX3_L_Q, W3_H = SEPAX3_L_H, W3_R = SEPAX3_L_R,
    W3_SPHERE = SEPAX3_L_SPHERE, W3_P = SEPAX3_RECORD + SEPAX3_X_P,
    W3_Q = SEPAX3_RECORD + SEPAX3_X_Q, W3_IN = SEPAX3_RECORD + SEPAX3_XF
};
/* Outputs per lane: the world record, then the bounds record. */
enum { W3_LO = SEPAX3_RECORD, W3_HI = SEPAX3_RECORD + 3, W3_OUT = SEPAX3_RECORD + SEPAX3_BOUNDS };

/* columns m[k] of the rotation matrix of (w, x, y, z) */
static LANES3_INLINE void world3_matrix(lf w, lf x, lf y, lf z, lf m[3][3])
{
    const lf one = lf_set1(1.0f);
    const lf xx = lf_mul(x, x), yy = lf_mul(y, y), zz = lf_mul(z, z);
    const lf xy = lf_mul(x, y), xz = lf_mul(x, z), yz = lf_mul(y, z);
    const lf wx = lf_mul(w, x), wy = lf_mul(w, y), wz = lf_mul(w, z);
#define W3_TWICE(v) lf_add(v, v)
    m[0][0] = lf_sub(one, W3_TWICE(lf_add(yy, zz)));
    m[0][1] = W3_TWICE(lf_add(xy, wz));
    m[0][2] = W3_TWICE(lf_sub(xz, wy));
    m[1][0] = W3_TWICE(lf_sub(xy, wz));
    m[1][1] = lf_sub(one, W3_TWICE(lf_add(xx, zz)));
    m[1][2] = W3_TWICE(lf_add(yz, wx));
    m[2][0] = W3_TWICE(lf_add(xz, wy));
    m[2][1] = W3_TWICE(lf_sub(yz, wx));
    m[2][2] = lf_sub(one, W3_TWICE(lf_add(xx, yy)));
#undef W3_TWICE
}

static LANES3_INLINE void world3_lanes(const lf *in, lf *out)
{
    const lf zero = lf_set1(0.0f), one = lf_set1(1.0f);
    const lf qw = in[W3_Q], qx = in[W3_Q + 1], qy = in[W3_Q + 2], qz = in[W3_Q + 3];
    const lf len = lf_sqrt(lf_add(lf_add(lf_add(lf_mul(qw, qw), lf_mul(qx, qx)), lf_mul(qy, qy)),
                                  lf_mul(qz, qz)));
    const lf w = lf_div(qw, len), x = lf_div(qx, len), y = lf_div(qy, len), z = lf_div(qz, len);
    lf m[3][3];
    world3_matrix(w, x, y, z, m);
    lf c[3];
    for (int k = 0; k < 3; k++)
        c[k] = lf_add(in[W3_P + k], lf_add(lf_add(lf_mul(m[0][k], in[W3_C]),
                                                  lf_mul(m[1][k], in[W3_C + 1])),
                                           lf_mul(m[2][k], in[W3_C + 2])));

    /* Hamilton product (w, x, y, z) * local rotation */
    const lf lw = in[W3_LQ], lx = in[W3_LQ + 1], ly = in[W3_LQ + 2], lz = in[W3_LQ + 3];
    const lf rw = lf_sub(lf_sub(lf_sub(lf_mul(w, lw), lf_mul(x, lx)), lf_mul(y, ly)), lf_mul(z, lz));
    const lf rx = lf_sub(lf_add(lf_add(lf_mul(w, lx), lf_mul(x, lw)), lf_mul(y, lz)), lf_mul(z, ly));
    const lf ry = lf_add(lf_add(lf_sub(lf_mul(w, ly), lf_mul(x, lz)), lf_mul(y, lw)), lf_mul(z, lx));
    const lf rz = lf_add(lf_sub(lf_add(lf_mul(w, lz), lf_mul(x, ly)), lf_mul(y, lx)), lf_mul(z, lw));
    lf a[3][3];
    world3_matrix(rw, rx, ry, rz, a);
    const lm sphere = lf_gt(in[W3_SPHERE], lf_set1(0.5f));
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 3; j++)
            a[k][j] = lf_sel(sphere, k == j ? one : zero, a[k][j]);

    const lf e0 = in[W3_H], e1 = in[W3_H + 1], e2 = in[W3_H + 2], r = in[W3_R];
    const lf spacing = lf_set1(0x1p-21f);
    for (int k = 0; k < 3; k++) {
        out[SEPAX3_W_C + k] = c[k];
        for (int j = 0; j < 3; j++)
            out[SEPAX3_W_A + 3 * k + j] = a[k][j];
        out[SEPAX3_W_H + k] = in[W3_H + k];
        const lf hb = lf_add(lf_add(lf_mul(lf_abs(a[0][k]), e0), lf_mul(lf_abs(a[1][k]), e1)),
                             lf_mul(lf_abs(a[2][k]), e2));
        const lf h = lf_add(hb, r);
        const lf g = lf_mul(lf_add(lf_abs(c[k]), h), spacing);
        out[W3_LO + k] = lf_sub(lf_sub(c[k], h), g);
        out[W3_HI + k] = lf_add(lf_add(c[k], h), g);
    }
    out[SEPAX3_W_R] = r;
    out[W3_HI + 3] = out[W3_HI + 4] = zero;
}

#endif
