/* A box and a capsule, one pair per lane: round3.h's poly_round for a
 * box, every step with the same operations in the same order and every
 * branch a select, so each lane writes poly_round's bits. The reference
 * runs the first step alone (pair3_box_capsule_faces) and poly_round for
 * the rest, which is the specification; the vector backends run the
 * whole port (pair3_box_capsule) and send the lanes it marks rare to
 * poly_round.
 *
 *   the segment in the box's frame: c_i = a_i . d, t_i = a_i . axis0(S),
 *       e0 = c - hl t, e1 = c + hl t
 *   face f (2k: +axis k, 2k+1: -axis k, offset h_k, box_block.c's order):
 *       both ends' plane distances s0, s1 = (n_f . e - h_k) + 0
 *   best: the largest nearer end, lowest face on ties
 *   best - r > 0: separation best - r on that face (most pairs)
 *   else support3.h's two directions (the centres', one step from the
 *       farthest corner): a gap above the margin answers SUPPORT
 *   else Cyrus-Beck against the six planes says whether it meets the box
 *       meets: deep(): the face axes against the segment's cross products
 *           with the edges, minus r (the four edges along one axis have
 *           the same direction and so the same gap bits; the first of
 *           them wins its ties, as in the loop over all twelve)
 *       apart: the side-plane flags, the nearest face an end's foot
 *           reaches, the edges' bounds and distances (segment3.h's
 *           closest points in lanes), replayed in near_scalar's order;
 *           the points normal if it parts the pair, else deep()
 *   a pair whose capsule came first is turned round as turn_round does
 *   rare: a capsule whose ends coincide in the box's frame (poly_round's
 *   point path) and closest points on subnormal frames */
#ifndef SEPAX_BOX_CAPSULE_LANES3_H
#define SEPAX_BOX_CAPSULE_LANES3_H

#include <float.h>
#include <math.h>

#include "hull3.h"
#include "kernel3.h"
#include "lanes3.h"
#include "pair3.h"
#include "segment_lanes3.h"

/* what the first step leaves for the rest */
typedef struct bc3_state {
    lf e0[3], e1[3], h[3], r;
    lf s0[6], s1[6]; /* each face's plane distance of e0, e1 */
    lf best, face, bn[3];
    lm s_in_x; /* the segment grown by r inside every face's plane */
} bc3_state;

static LANES3_INLINE void bc3_faces(const lf *X, const lf *S, bc3_state *st)
{
    const lf zero = lf_set1(0.0f);
    const poly3 U = poly3_of(hull3_unit_box);
    lf d[3];
    for (int c = 0; c < 3; c++)
        d[c] = lf_sub(S[SEPAX3_W_C + c], X[SEPAX3_W_C + c]);
    const lf hl = S[SEPAX3_W_H];
    for (int i = 0; i < 3; i++) {
        const lf *a = X + SEPAX3_W_A + 3 * i;
        const lf c = lf_dot3(a[0], a[1], a[2], d[0], d[1], d[2]);
        const lf *s = S + SEPAX3_W_A;
        const lf ax = lf_dot3(a[0], a[1], a[2], s[0], s[1], s[2]);
        st->e0[i] = lf_sub(c, lf_mul(hl, ax));
        st->e1[i] = lf_add(c, lf_mul(hl, ax));
        st->h[i] = X[SEPAX3_W_H + i];
    }
    st->r = S[SEPAX3_W_R];
    lf best = lf_set1(-INFINITY), face = zero;
    lf bn[3] = {lf_set1(U.nx[0]), lf_set1(U.ny[0]), lf_set1(U.nz[0])};
    lm inside = lf_le(zero, zero);
    for (int f = 0; f < 6; f++) {
        const lf nx = lf_set1(U.nx[f]), ny = lf_set1(U.ny[f]), nz = lf_set1(U.nz[f]);
        const lf h = st->h[f / 2];
        const lf *e0 = st->e0, *e1 = st->e1;
        const lf a = lf_add(lf_sub(lf_dot3(nx, ny, nz, e0[0], e0[1], e0[2]), h), zero);
        const lf b = lf_add(lf_sub(lf_dot3(nx, ny, nz, e1[0], e1[1], e1[2]), h), zero);
        st->s0[f] = a, st->s1[f] = b;
        const lm a_lo = lf_lt(a, b);
        const lf lo = lf_sel(a_lo, a, b), hi = lf_sel(a_lo, b, a);
        const lm win = lf_gt(lo, best);
        best = lf_sel(win, lo, best);
        face = lf_sel(win, lf_set1((float)f), face);
        bn[0] = lf_sel(win, nx, bn[0]);
        bn[1] = lf_sel(win, ny, bn[1]);
        bn[2] = lf_sel(win, nz, bn[2]);
        inside = lm_and(inside, lf_le(lf_add(hi, st->r), zero));
    }
    st->best = best, st->face = face, st->s_in_x = inside;
    for (int c = 0; c < 3; c++)
        st->bn[c] = bn[c];
}

/* side3_to_world's sum, negated (C's unary minus) in turned lanes */
static LANES3_INLINE void bc3_world(const lf *X, const lf n[3], lm turned, pair3_out *o)
{
    lf w[3];
    for (int c = 0; c < 3; c++) {
        w[c] = lf_add(lf_add(lf_mul(X[SEPAX3_W_A + c], n[0]), lf_mul(X[SEPAX3_W_A + 3 + c], n[1])),
                      lf_mul(X[SEPAX3_W_A + 6 + c], n[2]));
        w[c] = lf_sel(turned, lf_flip(w[c]), w[c]);
    }
    o->nx = w[0], o->ny = w[1], o->nz = w[2];
}

/* The box's face verdict alone: the lanes that a face parts by more
 * than the radius, with poly_round's answer, into *done. */
static LANES3_INLINE void pair3_box_capsule_faces(const lf *X, const lf *S, lm turned,
                                                   pair3_out *o, lm *done)
{
    bc3_state st;
    bc3_faces(X, S, &st);
    const lf zero = lf_set1(0.0f), none = lf_set1(255.0f);
    const lf sep = lf_sub(st.best, st.r);
    *done = lf_gt(sep, zero);
    bc3_world(X, st.bn, turned, o);
    o->sep = sep;
    o->axis = lf_sel(turned, lf_set1((float)SEPAX3_AXIS_FACE_B),
                     lf_set1((float)SEPAX3_AXIS_FACE_A));
    o->fa = lf_sel(turned, none, st.face);
    o->fb = lf_sel(turned, st.face, none);
    o->a_in_b = o->b_in_a = zero;
}

/* The rest of the port, on what the first step left. */

/* support3_nearest: the segment's point nearest x less x, into c; c.c */
static LANES3_INLINE lf bc3_nearest(const lf e0[3], const lf e1[3], const lf x[3], lf c[3])
{
    const lf zero = lf_set1(0.0f);
    lf u[3], w[3];
    for (int k = 0; k < 3; k++)
        u[k] = lf_sub(e1[k], e0[k]), w[k] = lf_sub(x[k], e0[k]);
    const lf uu = rl3_dot(u, u);
    const lf t = lf_sel(lf_gt(uu, zero), rl3_clamp01(lf_div(rl3_dot(w, u), uu)), zero);
    for (int k = 0; k < 3; k++)
        c[k] = lf_sub(lf_add(e0[k], lf_mul(t, u[k])), x[k]);
    return rl3_dot(c, c);
}

/* support3_unit: c / |c| into d, and whether |c|^2 is a normal float */
static LANES3_INLINE lm bc3_unit(const lf c[3], lf d[3])
{
    const lf cc = rl3_dot(c, c);
    const lm ok = lm_and(lf_ge(cc, lf_set1(FLT_MIN)), lf_le(cc, lf_set1(FLT_MAX)));
    const lf len = lf_sqrt(cc);
    for (int k = 0; k < 3; k++)
        d[k] = lf_div(c[k], len);
    return ok;
}

/* support3_gap over the eight corners v: the gap along d, the first
 * corner reaching the maximum into at */
static LANES3_INLINE lf bc3_gap(const lf v[8][3], const bc3_state *st, const lf d[3], lf *at)
{
    lf hi = lf_set1(-INFINITY), where = lf_set1(0.0f);
    for (int j = 0; j < 8; j++) {
        const lf x = rl3_dot(d, v[j]);
        const lm win = lf_gt(x, hi);
        hi = lf_sel(win, x, hi);
        where = lf_sel(win, lf_set1((float)j), where);
    }
    *at = where;
    const lf a = rl3_dot(d, st->e0), b = rl3_dot(d, st->e1);
    return lf_sub(lf_sub(lf_sel(lf_lt(a, b), a, b), hi), st->r);
}

/* support3_round: the lanes a support direction parts by more than the
 * margin (the direction into d, its gap into *gap) */
static LANES3_INLINE lm bc3_support(const lf v[8][3], const bc3_state *st, lf d[3], lf *gap)
{
    const lf zero = lf_set1(0.0f);
    const lf origin[3] = {zero, zero, zero};
    const lf *h = st->h;
    lf c[3];
    const lf rin = lf_sel(lf_lt(h[0], h[1]), lf_sel(lf_lt(h[0], h[2]), h[0], h[2]),
                          lf_sel(lf_lt(h[1], h[2]), h[1], h[2]));
    const lf reach = lf_add(st->r, rin);
    const lf cc = bc3_nearest(st->e0, st->e1, origin, c);
    const lm far = lm_andnot(lf_le(zero, zero), lf_le(cc, lf_mul(reach, reach)));
    lf scale = st->r;
    for (int k = 0; k < 3; k++)
        scale = lf_add(scale, lf_add(lf_add(h[k], lf_abs(st->e0[k])), lf_abs(st->e1[k])));
    const lf margin = lf_mul(lf_set1(64.0f * FLT_EPSILON), scale);
    /* each call made in every lane: at one lane lm_and is C's && */
    const lm unit = bc3_unit(c, d);
    const lm ok = lm_and(far, unit);
    lf at;
    const lf g = bc3_gap(v, st, d, &at);
    const lm first = lm_and(ok, lf_gt(g, margin));
    /* one step: from the corner reaching the maximum to the segment */
    lf p[3] = {v[0][0], v[0][1], v[0][2]};
    for (int j = 1; j < 8; j++) {
        const lm is = lf_le(at, lf_set1((float)j)), ge = lf_ge(at, lf_set1((float)j));
        for (int k = 0; k < 3; k++)
            p[k] = lf_sel(lm_and(is, ge), v[j][k], p[k]);
    }
    lf c2[3], d2[3];
    const lf cc2 = bc3_nearest(st->e0, st->e1, p, c2);
    const lm apart = lm_andnot(lf_le(zero, zero), lf_le(cc2, lf_mul(st->r, st->r)));
    const lm unit2 = bc3_unit(c2, d2);
    const lm ok2 = lm_and(lm_andnot(ok, first), lm_and(apart, unit2));
    const lf g2 = bc3_gap(v, st, d2, &at);
    const lm second = lm_and(ok2, lf_gt(g2, margin));
    for (int k = 0; k < 3; k++)
        d[k] = lf_sel(first, d[k], d2[k]);
    *gap = lf_sel(first, g, g2);
    return lm_or(first, second);
}

/* deep(): the edge axes' best gap (-inf when none) and its normal,
 * turned to face from the box to the segment as deep() turns it */
static LANES3_INLINE lf bc3_edges(const lf v[8][3], const bc3_state *st, const lf seg[3],
                                  lf seg_len, lf en[3], lf *be)
{
    const poly3 U = poly3_of(hull3_unit_box);
    const lf tol = lf_mul(lf_set1(SEPAX3_PARALLEL_TOLERANCE), seg_len);
    lf best_gap = lf_set1(-INFINITY);
    *be = lf_set1(0.0f);
    for (int c = 0; c < 3; c++)
        en[c] = lf_set1(0.0f);
    for (int k = 0; k < 3; k++) {
        /* edges 4k .. 4k + 3 all run along +axis k: edge 4k stands for them */
        const int e = 4 * k;
        const lf u[3] = {lf_set1(U.ux[e]), lf_set1(U.uy[e]), lf_set1(U.uz[e])};
        lf L[3];
        rl3_cross(seg, u, L);
        const lf ll = rl3_dot(L, L), len = lf_sqrt(ll);
        const lm ok = lm_and(lf_ge(len, tol), lf_ge(ll, lf_set1(FLT_MIN)));
        lf n[3];
        for (int c = 0; c < 3; c++)
            n[c] = lf_div(L[c], len);
        lf lo = lf_set1(INFINITY), hi = lf_set1(-INFINITY);
        for (int j = 0; j < 8; j++) {
            const lf x = rl3_dot(n, v[j]);
            lo = lf_min(x, lo), hi = lf_max(x, hi);
        }
        const lf a = rl3_dot(n, st->e0), b = rl3_dot(n, st->e1);
        const lm a_lo = lf_lt(a, b);
        const lf slo = lf_sel(a_lo, a, b), shi = lf_sel(a_lo, b, a);
        const lf up = lf_sub(slo, hi), down = lf_sub(lo, shi);
        const lm along = lf_ge(up, down);
        const lf gap = lf_sel(along, up, down);
        const lm win = lm_and(ok, lf_gt(gap, best_gap));
        best_gap = lf_sel(win, gap, best_gap);
        *be = lf_sel(win, lf_set1((float)e), *be);
        for (int c = 0; c < 3; c++)
            en[c] = lf_sel(win, lf_sel(along, n[c], lf_flip(n[c])), en[c]);
    }
    return best_gap;
}

/* What poly_round's closest-feature search and parts() decide, per lane:
 * the distance and normal of a points answer, and whether it holds (else
 * deep() answers); rare lanes joined to *rare */
static LANES3_INLINE lm bc3_near(const lf v[8][3], const bc3_state *st, lf nl[3], lf *dist,
                                 lm *rare)
{
    const poly3 U = poly3_of(hull3_unit_box);
    const lf zero = lf_set1(0.0f), inf = lf_set1(INFINITY);
    const lm none = lm_andnot(lf_le(zero, zero), lf_le(zero, zero));
    const lf *e0 = st->e0, *e1 = st->e1;
    /* per face: an end outside a side plane of one of its seen edges */
    lm out0[6], out1[6];
    for (int f = 0; f < 6; f++)
        out0[f] = out1[f] = none;
    lm seen[12];
    lf bound[12];
    for (int e = 0; e < 12; e++) {
        const int a = (int)U.i0[e], fa = (int)U.fa[e], fb = (int)U.fb[e];
        seen[e] = lm_or(lm_or(lf_gt(st->s0[fa], zero), lf_gt(st->s1[fa], zero)),
                        lm_or(lf_gt(st->s0[fb], zero), lf_gt(st->s1[fb], zero)));
        const lf u[3] = {lf_set1(U.ux[e]), lf_set1(U.uy[e]), lf_set1(U.uz[e])};
        const lf na[3] = {lf_set1(U.nx[fa]), lf_set1(U.ny[fa]), lf_set1(U.nz[fa])};
        const lf nb[3] = {lf_set1(U.nx[fb]), lf_set1(U.ny[fb]), lf_set1(U.nz[fb])};
        lf ia[3], ib[3], w0[3], w1[3];
        rl3_cross(na, u, ia);
        rl3_cross(u, nb, ib);
        for (int k = 0; k < 3; k++)
            w0[k] = lf_sub(e0[k], v[a][k]), w1[k] = lf_sub(e1[k], v[a][k]);
        out0[fa] = lm_or(out0[fa], lm_and(seen[e], lf_lt(rl3_dot(w0, ia), zero)));
        out0[fb] = lm_or(out0[fb], lm_and(seen[e], lf_lt(rl3_dot(w0, ib), zero)));
        out1[fa] = lm_or(out1[fa], lm_and(seen[e], lf_lt(rl3_dot(w1, ia), zero)));
        out1[fb] = lm_or(out1[fb], lm_and(seen[e], lf_lt(rl3_dot(w1, ib), zero)));
        const lf la = lf_sel(lf_lt(st->s0[fa], st->s1[fa]), st->s0[fa], st->s1[fa]);
        const lf lb = lf_sel(lf_lt(st->s0[fb], st->s1[fb]), st->s0[fb], st->s1[fb]);
        bound[e] = lf_sel(seen[e], lf_sel(lf_gt(la, lb), la, lb), inf);
    }
    /* the nearest face an end's foot reaches */
    lf face2 = inf, fdist = zero, fn[3] = {st->bn[0], st->bn[1], st->bn[2]};
    for (int f = 0; f < 6; f++) {
        const lf sf[2] = {st->s0[f], st->s1[f]};
        const lm out[2] = {out0[f], out1[f]};
        for (int k = 0; k < 2; k++) {
            const lf sq = lf_mul(sf[k], sf[k]);
            const lm win = lm_and(lm_andnot(lf_gt(sf[k], zero), out[k]), lf_lt(sq, face2));
            face2 = lf_sel(win, sq, face2);
            fdist = lf_sel(win, sf[k], fdist);
            fn[0] = lf_sel(win, lf_set1(U.nx[f]), fn[0]);
            fn[1] = lf_sel(win, lf_set1(U.ny[f]), fn[1]);
            fn[2] = lf_sel(win, lf_set1(U.nz[f]), fn[2]);
        }
    }
    /* the seen edge of least bound, lowest index on ties */
    lm any = none;
    lf first = lf_set1(-1.0f), fbound = inf;
    for (int e = 0; e < 12; e++) {
        const lm win = lm_and(seen[e], lm_or(lm_andnot(lf_le(zero, zero), any),
                                             lf_lt(bound[e], fbound)));
        fbound = lf_sel(win, bound[e], fbound);
        first = lf_sel(win, lf_set1((float)e), first);
        any = lm_or(any, seen[e]);
    }
    /* every edge's distance (the first's kept apart), then near_scalar's
     * order of measuring: the first, then the others in index order */
    lf d2[12], w[12][3], d2f = inf, wf[3] = {zero, zero, zero};
    for (int e = 0; e < 12; e++) {
        const int a = (int)U.i0[e], b = (int)U.i1[e];
        lm r = none;
        d2[e] = rl3_closest(e0, e1, v[a], v[b], w[e], &r);
        *rare = lm_or(*rare, lm_and(r, seen[e]));
        const lm is = lm_and(lf_le(first, lf_set1((float)e)), lf_ge(first, lf_set1((float)e)));
        d2f = lf_sel(is, d2[e], d2f);
        for (int k = 0; k < 3; k++)
            wf[k] = lf_sel(is, w[e][k], wf[k]);
    }
    const lf grow = lf_set1(1.0f + 1e-4f);
    lf edge2 = inf, at = lf_set1(4294967296.0f);
    lf n[3] = {st->bn[0], st->bn[1], st->bn[2]};
    for (int k = -1; k < 12; k++) {
        lf b, d, ww[3], idx;
        lm active;
        if (k < 0) {
            b = fbound, d = d2f, idx = first, active = any;
            for (int c = 0; c < 3; c++)
                ww[c] = wf[c];
        } else {
            const lm is = lm_and(lf_le(first, lf_set1((float)k)), lf_ge(first, lf_set1((float)k)));
            b = bound[k], d = d2[k], idx = lf_set1((float)k);
            active = lm_andnot(lm_andnot(seen[k], is), lf_ge(b, inf));
            for (int c = 0; c < 3; c++)
                ww[c] = w[k][c];
        }
        const lf near2 = lf_sel(lf_lt(face2, edge2), face2, edge2);
        const lm skip = lm_and(lf_gt(b, zero), lf_gt(lf_mul(b, b), lf_mul(near2, grow)));
        const lm tie = lm_and(lm_and(lf_le(d, edge2), lf_ge(d, edge2)), lf_lt(idx, at));
        const lm take = lm_and(lm_andnot(active, skip), lm_or(lf_lt(d, edge2), tie));
        edge2 = lf_sel(take, d, edge2);
        at = lf_sel(take, idx, at);
        for (int c = 0; c < 3; c++)
            n[c] = lf_sel(take, ww[c], n[c]);
    }
    /* the face when nearer than every edge, else the edge's line */
    const lm by_face = lf_lt(face2, edge2);
    const lm by_edge = lm_andnot(lf_ge(edge2, lf_set1(FLT_MIN)), by_face);
    const lf root = lf_sqrt(edge2);
    *dist = lf_sel(by_face, fdist, lf_sel(by_edge, root, zero));
    for (int c = 0; c < 3; c++)
        nl[c] = lf_sel(by_face, fn[c], lf_sel(by_edge, lf_div(n[c], root), n[c]));
    /* parts(): the gap along nl against the distance */
    const lf extent = lf_add(lf_add(st->h[0], st->h[1]), st->h[2]);
    lf hi = lf_set1(-INFINITY), scale = extent;
    for (int j = 0; j < 8; j++)
        hi = lf_max(rl3_dot(nl, v[j]), hi);
    lf seg[3];
    for (int k = 0; k < 3; k++) {
        scale = lf_max(lf_max(lf_abs(e0[k]), lf_abs(e1[k])), scale);
        seg[k] = lf_sub(e1[k], e0[k]);
    }
    const lf a = rl3_dot(nl, e0), b = rl3_dot(nl, e1);
    const lf lo = lf_sel(lf_lt(a, b), a, b);
    const lf size = lf_add(extent, lf_mul(lf_set1(0.5f), lf_sqrt(rl3_dot(seg, seg))));
    const lf slack =
        lf_add(lf_mul(lf_set1(1e-3f), size), lf_mul(lf_set1(16.0f * FLT_EPSILON), scale));
    const lm holds = lf_ge(lf_sub(lo, hi), lf_sub(*dist, slack));
    return lm_and(lm_or(by_face, by_edge), holds);
}

/* A lane's answer in the box's frame, before it is turned to the world
 * and to the pair's order: X is the box, the round shape S */
typedef struct bc3_answer {
    lf sep, n[3], axis, fa, x_in_s, s_in_x;
} bc3_answer;

/* lanes m answer sep on axis, normal n, the box's feature fa */
static LANES3_INLINE void bc3_take(bc3_answer *a, lm m, lf sep, const lf n[3], unsigned axis,
                                   lf fa)
{
    a->sep = lf_sel(m, sep, a->sep);
    a->axis = lf_sel(m, lf_set1((float)axis), a->axis);
    a->fa = lf_sel(m, fa, a->fa);
    for (int k = 0; k < 3; k++)
        a->n[k] = lf_sel(m, n[k], a->n[k]);
}

/* Past the faces and the support directions (the lanes in left): the
 * clip, then deep() or the closest features, into the answer so far */
static LANES3_INLINE void bc3_rest(const lf v[8][3], const lf seg[3], const bc3_state *st,
                                   lm left, bc3_answer *ans, lm *rare)
{
    const lf zero = lf_set1(0.0f), none = lf_set1(255.0f);
    const lm all = lf_le(zero, zero), nothing = lm_andnot(all, all);
    const poly3 U = poly3_of(hull3_unit_box);
    /* Cyrus-Beck */
    lf lo_t = zero, hi_t = lf_set1(1.0f);
    lm parallel_out = nothing;
    for (int f = 0; f < 6; f++) {
        const lf den = lf_dot3(lf_set1(U.nx[f]), lf_set1(U.ny[f]), lf_set1(U.nz[f]), seg[0],
                               seg[1], seg[2]);
        const lf num = lf_sub(zero, st->s0[f]);
        const lf t = lf_div(num, den);
        lo_t = lf_sel(lm_and(lf_lt(den, zero), lf_gt(t, lo_t)), t, lo_t);
        hi_t = lf_sel(lm_and(lf_gt(den, zero), lf_lt(t, hi_t)), t, hi_t);
        const lm flat = lm_and(lf_le(den, zero), lf_ge(den, zero));
        parallel_out = lm_or(parallel_out, lm_and(flat, lf_lt(num, zero)));
    }
    const lf tmin = lf_sel(lf_gt(lo_t, zero), lo_t, zero);
    const lf tmax = lf_sel(lf_lt(hi_t, lf_set1(1.0f)), hi_t, lf_set1(1.0f));
    const lm clipped = lm_andnot(lm_andnot(all, lf_gt(st->best, zero)), parallel_out);
    const lm meets = lm_and(clipped, lf_le(tmin, tmax));
    /* poly_in_round: every corner within r of the segment */
    lm in = all;
    const lf rr = lf_mul(st->r, st->r);
    for (int j = 0; j < 8; j++) {
        lm r = nothing;
        const lf d2 = rl3_point(v[j], st->e0, st->e1, &r);
        in = lm_and(in, lf_le(d2, rr));
        *rare = lm_or(*rare, lm_and(left, r));
    }
    ans->x_in_s = lf_sel(left, pair3_bit(in), ans->x_in_s);
    ans->s_in_x = lf_sel(left, pair3_bit(st->s_in_x), ans->s_in_x);
    /* apart: the closest features, unless every lane left meets */
    lm points = nothing;
    lf nl[3], dist = zero;
    const lm apart = lm_andnot(left, meets);
    if (lm_bits(apart)) {
        const lm holds = bc3_near(v, st, nl, &dist, rare);
        points = lm_and(apart, holds);
    }
    /* deep() for the lanes that meet, and for those whose closest
     * points do not part the pair */
    const lm deep = lm_andnot(left, points);
    if (lm_bits(deep)) {
        const lf seg_len = lf_sqrt(rl3_dot(seg, seg));
        lf en[3], be;
        const lf edge = bc3_edges(v, st, seg, seg_len, en, &be);
        const lf size = lf_add(lf_add(lf_add(st->h[0], st->h[1]), st->h[2]), seg_len);
        const lf beat = lf_add(st->best, lf_mul(lf_set1(SEPAX3_EDGE_TOLERANCE), size));
        /* the other deep lanes keep the best face's answer */
        bc3_take(ans, lm_and(deep, lf_gt(edge, beat)), lf_sub(edge, st->r), en,
                 SEPAX3_AXIS_EDGES, be);
    }
    if (lm_bits(points))
        bc3_take(ans, points, lf_sub(dist, st->r), nl, SEPAX3_AXIS_POINTS, none);
}

/* The whole of poly_round for a box and a capsule; *rare: the lanes to
 * answer by poly_round instead. */
static LANES3_INLINE void pair3_box_capsule(const lf *X, const lf *S, lm turned, pair3_out *o,
                                             lm *rare)
{
    const lf zero = lf_set1(0.0f), none = lf_set1(255.0f);
    const lm all = lf_le(zero, zero), nothing = lm_andnot(all, all);
    const poly3 U = poly3_of(hull3_unit_box);
    bc3_state st;
    bc3_faces(X, S, &st);
    const lm face_done = lf_gt(lf_sub(st.best, st.r), zero);
    /* the answer so far: the best face, as if apart by it */
    bc3_answer ans = {.sep = lf_sub(st.best, st.r),
                      .n = {st.bn[0], st.bn[1], st.bn[2]},
                      .axis = lf_set1((float)SEPAX3_AXIS_FACE_A),
                      .fa = st.face,
                      .x_in_s = zero,
                      .s_in_x = zero};
    *rare = nothing;
    lm left = lm_andnot(all, face_done);
    if (lm_bits(left)) {
        lf v[8][3];
        for (int j = 0; j < 8; j++) {
            const float sv[3] = {U.vx[j], U.vy[j], U.vz[j]};
            for (int k = 0; k < 3; k++)
                v[j][k] = lf_mul(lf_set1(sv[k]), st.h[k]);
        }
        lf seg[3];
        for (int k = 0; k < 3; k++)
            seg[k] = lf_sub(st.e1[k], st.e0[k]);
        /* poly_round's point path: a sphere's, not ported */
        const lm point = lm_and(lm_and(lf_le(seg[0], zero), lf_ge(seg[0], zero)),
                                lm_and(lm_and(lf_le(seg[1], zero), lf_ge(seg[1], zero)),
                                       lm_and(lf_le(seg[2], zero), lf_ge(seg[2], zero))));
        *rare = lm_and(left, point);
        lf sd[3], sgap;
        const lm parted = bc3_support(v, &st, sd, &sgap);
        const lm sup = lm_and(left, parted);
        bc3_take(&ans, sup, sgap, sd, SEPAX3_AXIS_SUPPORT, none);
        left = lm_andnot(left, sup);
        if (lm_bits(left))
            bc3_rest(v, seg, &st, left, &ans, rare);
    }
    bc3_world(X, ans.n, turned, o);
    o->sep = ans.sep;
    const lm face_a = lf_le(ans.axis, lf_set1((float)SEPAX3_AXIS_FACE_A));
    o->axis = lf_sel(lm_and(turned, face_a), lf_set1((float)SEPAX3_AXIS_FACE_B), ans.axis);
    o->fa = lf_sel(turned, none, ans.fa);
    o->fb = lf_sel(turned, ans.fa, none);
    o->a_in_b = lf_sel(turned, ans.s_in_x, ans.x_in_s);
    o->b_in_a = lf_sel(turned, ans.x_in_s, ans.s_in_x);
}

#endif
