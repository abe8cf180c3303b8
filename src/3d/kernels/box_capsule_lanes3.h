/* A box and a capsule, one pair per lane: the first step of round3.h's
 * poly_round for a box, which settles the pairs that a face of the box
 * parts from the capsule by more than its radius (the most common
 * answer of a candidate pair), with the same operations in the same
 * order, so those lanes write poly_round's bits. The other lanes are
 * marked, and the driver answers them by poly_round one at a time.
 *
 *   the segment in the box's frame: c_i = a_i . d, t_i = a_i . axis0(S),
 *       e0 = c - hl t, e1 = c + hl t
 *   face f (2k: +axis k, 2k+1: -axis k, offset h_k, box_block.c's order):
 *       both ends' plane distances (n_f . e - h_k) + 0, the nearer end's
 *   best: the largest, lowest face on ties
 *   best - r > 0: separation best - r on that face of the box, its normal
 *       in world coordinates (side3_to_world's sum); a pair whose capsule
 *       came first is turned round as turn_round turns it
 *   else: not done here */
#ifndef SEPAX_BOX_CAPSULE_LANES3_H
#define SEPAX_BOX_CAPSULE_LANES3_H

#include "kernel3.h"
#include "lanes3.h"
#include "pair3.h"

/* X: the box's record in lanes, S: the capsule's; turned: lanes whose
 * pair has the capsule as A. *done: the lanes answered. */
static LANES3_INLINE void pair3_box_capsule_faces(const lf *X, const lf *S, lm turned,
                                                   pair3_out *o, lm *done)
{
    const lf zero = lf_set1(0.0f);
    /* the unit box's face normals, box_block.c's unit_block */
    static const float fn[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                   {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    lf d[3], e0[3], e1[3];
    for (int c = 0; c < 3; c++)
        d[c] = lf_sub(S[SEPAX3_W_C + c], X[SEPAX3_W_C + c]);
    const lf hl = S[SEPAX3_W_H];
    for (int i = 0; i < 3; i++) {
        const lf *a = X + SEPAX3_W_A + 3 * i;
        const lf c = lf_dot3(a[0], a[1], a[2], d[0], d[1], d[2]);
        const lf ax = lf_dot3(a[0], a[1], a[2], S[SEPAX3_W_A], S[SEPAX3_W_A + 1], S[SEPAX3_W_A + 2]);
        e0[i] = lf_sub(c, lf_mul(hl, ax));
        e1[i] = lf_add(c, lf_mul(hl, ax));
    }
    lf best = lf_set1(-INFINITY), face = zero;
    lf bn[3] = {lf_set1(1.0f), zero, zero};
    for (int f = 0; f < 6; f++) {
        const lf nx = lf_set1(fn[f][0]), ny = lf_set1(fn[f][1]), nz = lf_set1(fn[f][2]);
        const lf h = X[SEPAX3_W_H + f / 2];
        const lf a = lf_add(lf_sub(lf_dot3(nx, ny, nz, e0[0], e0[1], e0[2]), h), zero);
        const lf b = lf_add(lf_sub(lf_dot3(nx, ny, nz, e1[0], e1[1], e1[2]), h), zero);
        const lf lo = lf_sel(lf_lt(a, b), a, b);
        const lm win = lf_gt(lo, best);
        best = lf_sel(win, lo, best);
        face = lf_sel(win, lf_set1((float)f), face);
        bn[0] = lf_sel(win, nx, bn[0]);
        bn[1] = lf_sel(win, ny, bn[1]);
        bn[2] = lf_sel(win, nz, bn[2]);
    }
    const lf sep = lf_sub(best, S[SEPAX3_W_R]);
    *done = lf_gt(sep, zero);
    lf n[3];
    for (int c = 0; c < 3; c++) {
        const lf w = lf_add(lf_add(lf_mul(X[SEPAX3_W_A + c], bn[0]),
                                   lf_mul(X[SEPAX3_W_A + 3 + c], bn[1])),
                            lf_mul(X[SEPAX3_W_A + 6 + c], bn[2]));
        n[c] = lf_sel(turned, lf_flip(w), w);
    }
    const lf none = lf_set1(255.0f);
    o->sep = sep;
    o->nx = n[0], o->ny = n[1], o->nz = n[2];
    o->axis = lf_sel(turned, lf_set1((float)SEPAX3_AXIS_FACE_B), lf_set1((float)SEPAX3_AXIS_FACE_A));
    o->fa = lf_sel(turned, none, face);
    o->fb = lf_sel(turned, face, none);
    o->a_in_b = o->b_in_a = zero;
}

#endif
