/* Pairs with a capsule or sphere against a hull, box or capsule (every
 * pair with a round shape that is not sphere-sphere or sphere-box), one
 * pair at a time, written once over the lane type (lanes3.h) as the hull
 * pairs of poly3.h are: the loops over X's faces and over X's edges
 * against its vertices run with those elements across the lanes, the
 * reference at one lane. A lane computes exactly the one-lane expression,
 * and what the lanes are reduced to is a minimum, a maximum, a first
 * largest by index or an all-of, none of which depends on how elements
 * were spread over lanes; the arrays' padding repeats element 0
 * (hull3.h), which never beats it. The closest-feature search when apart
 * is near_scalar (one edge at a time, the reference's) or near_lanes (X's
 * edges across the lanes, the same bits). The contract is in
 * sepax3d.h; the hull layout in hull3.h.
 *
 *   box or hull X, sphere or capsule S (segment e0-e1, radius r):
 *       the segment in X's frame; apart by more than r on one of X's face
 *       axes: that face (the first family that separates, as for two
 *       polyhedra); else apart along a support direction from X's
 *       vertices (support3.h): that direction; else Cyrus-Beck clipping
 *       against X's planes says whether it meets X
 *       meets: SAT of segment and X on X's faces and the segment's cross
 *       products with X's edges (deep()), minus r
 *       apart: the least distance over X's faces (an end whose foot lies
 *       inside the face) and X's edges (segment to segment; an edge that
 *       its faces' planes put farther than the best so far is skipped),
 *       minus r
 *   capsule or sphere, capsule or sphere: closest points of the segments
 *   (the specification: the drivers run such pairs in lanes by
 *   round_lanes3.h, which computes the same bits)
 *
 * A pair whose A is round and whose B is not is run as (B, A) and turned
 * round. */
#ifndef SEPAX_ROUND3_H
#define SEPAX_ROUND3_H

#include <float.h>
#include <math.h>
#include <string.h>

#include "lanes3.h"
#include "segment_lanes3.h"
#include "side3.h"
#include "support3.h"

#define NONE SIDE3_NONE

/* A round shape's segment in w's frame (w: X's record; s: the round
 * shape's): its centre turned in, then half its length along its axis
 * each way; a sphere's two ends coincide. */
static void segment_in(const float *w, const float *s, float e0[3], float e1[3])
{
    float d[3];
    for (int c = 0; c < 3; c++)
        d[c] = s[SEPAX3_W_C + c] - w[SEPAX3_W_C + c];
    const float hl = s[SEPAX3_W_H];
    for (int i = 0; i < 3; i++) {
        const float *a = w + SEPAX3_W_A + 3 * i;
        const float c = seg3_dot(a, d), ax = seg3_dot(a, s + SEPAX3_W_A);
        e0[i] = c - hl * ax;
        e1[i] = c + hl * ax;
    }
}

/* The segment meets X: SAT of the segment against X, on X's face axes
 * (best, at face bf, already found) and on the cross products of the
 * segment with X's edges, each projected both ways (all X's vertices,
 * both ends); an edge axis wins only by more than the edge tolerance.
 * Minus the radius, that is the depth of the capsule: the face axes alone
 * would jump from -r to far below it as the segment crosses X's surface
 * near an edge. */
static void deep(const side3 *X, const float e0[3], const float e1[3], float best, uint32_t bf,
                 float r, int x_in_s, int s_in_x, sepax3_result *o)
{
    const poly3 *P = &X->p;
    const float seg[3] = {e1[0] - e0[0], e1[1] - e0[1], e1[2] - e0[2]};
    const float seg_len = sqrtf(seg3_dot(seg, seg));
    /* per lane one of X's edges: L = seg x u, its unit n, X's vertices
     * projected on n (lo, hi), the segment's ends (slo, shi), and the
     * larger of the two gaps; an edge too near the segment's direction
     * (or a segment too short) is no axis (-inf) */
    lf best_gap = lf_set1(-INFINITY), at = lf_set1(0.0f);
    if (seg[0] != 0.0f || seg[1] != 0.0f || seg[2] != 0.0f) { /* a point has no edge axis */
        const lf sx = lf_set1(seg[0]), sy = lf_set1(seg[1]), sz = lf_set1(seg[2]);
        const lf tol = lf_set1(SEPAX3_PARALLEL_TOLERANCE * seg_len), fmin = lf_set1(FLT_MIN);
        const lf ax = lf_set1(e0[0]), ay = lf_set1(e0[1]), az = lf_set1(e0[2]);
        const lf bx = lf_set1(e1[0]), by = lf_set1(e1[1]), bz = lf_set1(e1[2]);
        for (uint32_t e = 0; e < P->ne; e += LANES) {
            const lf ux = lf_load(P->ux + e), uy = lf_load(P->uy + e), uz = lf_load(P->uz + e);
            const lf Lx = lf_sub(lf_mul(sy, uz), lf_mul(sz, uy));
            const lf Ly = lf_sub(lf_mul(sz, ux), lf_mul(sx, uz));
            const lf Lz = lf_sub(lf_mul(sx, uy), lf_mul(sy, ux));
            /* |L|^2 must be a normal float, as a distance's square must
             * (segments under about 1e-19 long read as points): a
             * subnormal one has lost its bits, and L / |L| came out 2%
             * short of unit length for a capsule 2e-22 long */
            const lf ll = lf_dot3(Lx, Ly, Lz, Lx, Ly, Lz), len = lf_sqrt(ll);
            const lm ok = lm_and(lf_ge(len, tol), lf_ge(ll, fmin));
            if (!lm_bits(ok))
                continue;
            const lf nx = lf_div(Lx, len), ny = lf_div(Ly, len), nz = lf_div(Lz, len);
            lf lo = lf_set1(INFINITY), hi = lf_set1(-INFINITY);
            for (uint32_t v = 0; v < P->nv; v++) {
                const lf x = lf_dot3(nx, ny, nz, lf_set1(P->vx[v]), lf_set1(P->vy[v]),
                                     lf_set1(P->vz[v]));
                lo = lf_min(x, lo), hi = lf_max(x, hi);
            }
            const lf a = lf_dot3(nx, ny, nz, ax, ay, az), b = lf_dot3(nx, ny, nz, bx, by, bz);
            const lm a_lo = lf_lt(a, b);
            const lf slo = lf_sel(a_lo, a, b), shi = lf_sel(a_lo, b, a);
            const lf up = lf_sub(slo, hi), down = lf_sub(lo, shi); /* beyond X along +n, -n */
            const lf gap = lf_sel(lf_ge(up, down), up, down);
            const lm win = lm_and(ok, lf_gt(gap, best_gap));
            best_gap = lf_sel(win, gap, best_gap);
            at = lf_sel(win, lf_add(lf_set1((float)e), lf_load(lanes3_iota)), at);
        }
    }
    float edge, be_f;
    lanes3_argmax(best_gap, at, &edge, &be_f);
    const uint32_t be = (uint32_t)be_f;
    float en[3] = {0, 0, 0};
    if (edge > -INFINITY) {
        /* the winner's normal again, by the lanes' expressions */
        const float u[3] = {P->ux[be], P->uy[be], P->uz[be]};
        float L[3];
        side3_cross(seg, u, L);
        const float len = sqrtf(seg3_dot(L, L));
        const float n[3] = {L[0] / len, L[1] / len, L[2] / len};
        float lo = INFINITY, hi = -INFINITY;
        for (uint32_t v = 0; v < P->nv; v++) {
            const float x = n[0] * P->vx[v] + n[1] * P->vy[v] + n[2] * P->vz[v];
            lo = x < lo ? x : lo, hi = x > hi ? x : hi;
        }
        const float a = seg3_dot(n, e0), b = seg3_dot(n, e1);
        const float slo = a < b ? a : b, shi = a < b ? b : a;
        const int along = slo - hi >= lo - shi;
        for (int k = 0; k < 3; k++)
            en[k] = along ? n[k] : -n[k];
    }
    const float size = (X->w[SEPAX3_W_H] + X->w[SEPAX3_W_H + 1]) + X->w[SEPAX3_W_H + 2] + seg_len;
    if (edge > best + SEPAX3_EDGE_TOLERANCE * size) {
        side3_to_world(X->w, en, &o->normal);
        side3_finish(o, edge - r, SEPAX3_AXIS_EDGES, be, NONE, x_in_s, s_in_x);
    } else {
        const float bn[3] = {P->nx[bf], P->ny[bf], P->nz[bf]};
        side3_to_world(X->w, bn, &o->normal);
        side3_finish(o, best - r, SEPAX3_AXIS_FACE_A, bf, NONE, x_in_s, s_in_x);
    }
}

/* all of P's vertices within r of the segment (stops at the first that
 * is not: a capsule rarely holds a hull) */
static int poly_in_round(const poly3 *P, const float e0[3], const float e1[3], float r)
{
    if (e0[0] == e1[0] && e0[1] == e1[1] && e0[2] == e1[2]) {
        /* a sphere: seg3_point's own value for a point, v - e0 squared,
         * without its general case */
        const lf px = lf_set1(e0[0]), py = lf_set1(e0[1]), pz = lf_set1(e0[2]);
        const lf rr = lf_set1(r * r);
        const uint32_t all = lm_bits(lf_le(rr, rr)) | 1u;
        for (uint32_t i = 0; i < P->nv; i += LANES) {
            const lf wx = lf_sub(lf_load(P->vx + i), px), wy = lf_sub(lf_load(P->vy + i), py),
                     wz = lf_sub(lf_load(P->vz + i), pz);
            if (lm_bits(lf_le(lf_dot3(wx, wy, wz, wx, wy, wz), rr)) != all)
                return 0;
        }
        return 1;
    }
    for (uint32_t i = 0; i < P->nv; i++) {
        const float v[3] = {P->vx[i], P->vy[i], P->vz[i]};
        if (!(seg3_point(v, e0, e1) <= r * r))
            return 0;
    }
    return 1;
}

/* Whether the segment lies beyond X along the unit n by dist: what a
 * points result promises (moving the round shape by its depth along n
 * parts the pair), up to the precision of a points normal. Closest points
 * within rounding of X's surface are rounding themselves, and the line
 * between them can leave X's normal cone: a sphere 2.4e-7 below a hull's
 * vertex got a normal along which the hull reached 2 past it. Elsewhere
 * the line is good to about sqrt(FLT_EPSILON) (3.5e-4 rad): where a
 * vertex and the edge beside it are equally near in float, either may be
 * taken, and the normal tilts by up to that angle; along it X's far
 * features reach past by that angle times their distance, at most twice
 * the pair's size, which 1e-3 of the size allows (a sphere 8e-6 in from
 * a corner along a plate's edge 2 long: 9e-6; a sphere 17 from the edge
 * of a plate 48 long: 4.6e-3). */
/* The test itself, shared with the capsule pairs: the gap lo - hi along a
 * points normal against the distance, where size is the pair's size as
 * the contract and the oracle count it (the sum of both shapes' half
 * extents, a segment's half length among them: counting whole segment
 * lengths allowed two capsules 1e-3 of their half lengths more, and a
 * normal along which they overlapped 9.2e-3 beyond their depth passed) */
static int gap_parts(float lo, float hi, float dist, float size, float scale)
{
    return lo - hi >= dist - (1e-3f * size + 16.0f * FLT_EPSILON * scale);
}

static int parts(const side3 *X, const float e0[3], const float e1[3], const float n[3],
                 float dist)
{
    const poly3 *P = &X->p;
    const float extent = (X->w[SEPAX3_W_H] + X->w[SEPAX3_W_H + 1]) + X->w[SEPAX3_W_H + 2];
    float hi = -INFINITY, scale = extent;
    for (uint32_t v = 0; v < P->nv; v++) {
        const float x = n[0] * P->vx[v] + n[1] * P->vy[v] + n[2] * P->vz[v];
        hi = x > hi ? x : hi;
    }
    for (int k = 0; k < 3; k++) {
        const float m = fabsf(e0[k]) > fabsf(e1[k]) ? fabsf(e0[k]) : fabsf(e1[k]);
        scale = m > scale ? m : scale;
    }
    const float a = seg3_dot(n, e0), b = seg3_dot(n, e1);
    const float lo = a < b ? a : b;
    const float seg[3] = {e1[0] - e0[0], e1[1] - e0[1], e1[2] - e0[2]};
    return gap_parts(lo, hi, dist, extent + 0.5f * sqrtf(seg3_dot(seg, seg)), scale);
}

/* What the closest-feature search finds (poly_round, apart): the
 * nearest face whose foot an end reaches (face2, its signed distance
 * fdist and normal fn; face2 infinite when none), the nearest edge (edge2
 * squared, w = the segment's point less the edge's in nl; edge2 infinite
 * when none was measured). */
typedef struct round3_near {
    float face2, fdist, fn[3], edge2, nl[3];
} round3_near;

/* The search one edge at a time: the specification, and the answer for
 * the pairs whose edges the lanes mark rare. */
static void near_scalar(const poly3 *P, const float *s0, const float *s1, const float e0[3],
                        const float e1[3], const float bn[3], round3_near *nr)
{
    /* apart: the nearest of X's edges, and of its faces where an end's
     * foot falls inside the face (inside every side plane of its edges).
     * The closest point of X lies on a face that some point of the
     * segment sees from outside (x - q, in the normal cone at q, has a
     * positive component along one of the faces there), and the segment
     * sees a face when one of its ends does: edges beside two unseen
     * faces cannot hold it, nor can the unseen faces whose inside flags
     * they would set. */
    uint8_t out0[HULL3_MAX_FACES] = {0}, out1[HULL3_MAX_FACES] = {0};
    /* A point (a sphere): both ends are one, and so are their distances
     * and flags; its flags are computed once and copied. */
    const int point = e0[0] == e1[0] && e0[1] == e1[1] && e0[2] == e1[2];
    for (uint32_t e = 0; point && e < P->ne; e++) {
        const uint32_t a = (uint32_t)P->i0[e], fa = (uint32_t)P->fa[e], fb = (uint32_t)P->fb[e];
        if (!(s0[fa] > 0.0f || s0[fb] > 0.0f))
            continue;
        const float u[3] = {P->ux[e], P->uy[e], P->uz[e]};
        const float na[3] = {P->nx[fa], P->ny[fa], P->nz[fa]};
        const float nb[3] = {P->nx[fb], P->ny[fb], P->nz[fb]};
        float ia[3], ib[3];
        side3_cross(na, u, ia);
        side3_cross(u, nb, ib);
        const float w0[3] = {e0[0] - P->vx[a], e0[1] - P->vy[a], e0[2] - P->vz[a]};
        out0[fa] |= seg3_dot(w0, ia) < 0.0f, out0[fb] |= seg3_dot(w0, ib) < 0.0f;
    }
    if (point)
        memcpy(out1, out0, P->nf);
    for (uint32_t e = 0; !point && e < P->ne; e++) {
        const uint32_t a = (uint32_t)P->i0[e], fa = (uint32_t)P->fa[e], fb = (uint32_t)P->fb[e];
        if (!(s0[fa] > 0.0f || s1[fa] > 0.0f || s0[fb] > 0.0f || s1[fb] > 0.0f))
            continue;
        const float p[3] = {P->vx[a], P->vy[a], P->vz[a]};
        const float u[3] = {P->ux[e], P->uy[e], P->uz[e]};
        const float na[3] = {P->nx[fa], P->ny[fa], P->nz[fa]};
        const float nb[3] = {P->nx[fb], P->ny[fb], P->nz[fb]};
        float ia[3], ib[3];
        side3_cross(na, u, ia); /* into fa */
        side3_cross(u, nb, ib); /* into fb */
        const float w0[3] = {e0[0] - p[0], e0[1] - p[1], e0[2] - p[2]};
        const float w1[3] = {e1[0] - p[0], e1[1] - p[1], e1[2] - p[2]};
        out0[fa] |= seg3_dot(w0, ia) < 0.0f, out0[fb] |= seg3_dot(w0, ib) < 0.0f;
        out1[fa] |= seg3_dot(w1, ia) < 0.0f, out1[fb] |= seg3_dot(w1, ib) < 0.0f;
    }
    /* the faces first: their distance bounds the edges' */
    float face2 = INFINITY, fdist = 0.0f, fn[3] = {bn[0], bn[1], bn[2]};
    for (uint32_t f = 0; f < P->nf; f++) {
        const float sf[2] = {s0[f], s1[f]};
        const int out[2] = {out0[f], out1[f]};
        for (int k = 0; k < 2; k++)
            if (!out[k] && sf[k] > 0.0f && sf[k] * sf[k] < face2) {
                face2 = sf[k] * sf[k], fdist = sf[k];
                fn[0] = P->nx[f], fn[1] = P->ny[f], fn[2] = P->nz[f];
            }
    }
    /* An edge lies in the planes of both its faces, so no point of the
     * segment is nearer to it than to either plane: the larger of the
     * two faces' nearer ends bounds its distance from below. The edge
     * with the least bound is measured first, and then only the edges
     * whose bound is not past the best so far (by more than rounding):
     * the closest-segment test is most of the cost. Ties go to the lowest
     * edge index, whatever the order of measuring. */
    float bound[HULL3_MAX_EDGES];
    uint32_t first = UINT32_MAX;
    /* A point whose foot falls inside a face is nearest that face: every
     * other point of X is at least as far (the planes bound it), so a
     * sphere with a face found needs no edge. */
    for (uint32_t e = 0; !(point && face2 < INFINITY) && e < P->ne; e++) {
        const uint32_t fa = (uint32_t)P->fa[e], fb = (uint32_t)P->fb[e];
        if (!(s0[fa] > 0.0f || s1[fa] > 0.0f || s0[fb] > 0.0f || s1[fb] > 0.0f)) {
            bound[e] = INFINITY;
            continue;
        }
        const float la = s0[fa] < s1[fa] ? s0[fa] : s1[fa], lb = s0[fb] < s1[fb] ? s0[fb] : s1[fb];
        bound[e] = la > lb ? la : lb;
        if (first == UINT32_MAX || bound[e] < bound[first])
            first = e;
    }
    float edge2 = INFINITY, nl[3] = {bn[0], bn[1], bn[2]};
    uint32_t at = UINT32_MAX;
    for (uint32_t k = 0; first != UINT32_MAX && k <= P->ne; k++) {
        const uint32_t e = k == 0 ? first : k - 1u; /* the first, then all in order */
        if (k > 0 && (e == first || bound[e] == INFINITY))
            continue;
        const float near2 = face2 < edge2 ? face2 : edge2;
        if (bound[e] > 0.0f && bound[e] * bound[e] > near2 * (1.0f + 1e-4f))
            continue;
        const uint32_t a = (uint32_t)P->i0[e], b = (uint32_t)P->i1[e];
        const float p[3] = {P->vx[a], P->vy[a], P->vz[a]}, q[3] = {P->vx[b], P->vy[b], P->vz[b]};
        float w[3];
        const float d2 = point ? seg3_point_closest(e0, p, q, w) : seg3_closest(e0, e1, p, q, w);
        if (d2 < edge2 || (d2 == edge2 && e < at)) {
            edge2 = d2, at = e;
            for (int c = 0; c < 3; c++)
                nl[c] = w[c];
        }
    }
    nr->face2 = face2, nr->fdist = fdist, nr->edge2 = edge2;
    memcpy(nr->fn, fn, sizeof fn);
    memcpy(nr->nl, nl, sizeof nl);
}

/* near_scalar with X's edges across the lanes, the same answer bit for
 * bit; 0 (nothing written) when a lane's closest points are rare for
 * segment_lanes3.h, and near_scalar answers.
 *
 *   per edge, in lanes: seen (a face beside it has an end outside its
 *       plane), the four side-plane bits (each end against the planes
 *       n_fa x u and u x n_fb, into the faces), the planes' bound
 *   the bits or-ed into the faces (one at a time: a scatter), then the
 *       faces as near_scalar reads them
 *   unless a point found a face: every seen edge's squared distance in
 *       lanes (most of near_scalar's cost: its bounds exclude few
 *       edges); then near_scalar's order of measuring replayed on
 *       them, the least bound first and the others in index order,
 *       each against the nearest so far by near_scalar's test; the
 *       winner's w once more, in scalar */
static int near_lanes(const poly3 *P, const float *s0, const float *s1, const float e0[3],
                      const float e1[3], const float bn[3], round3_near *nr)
{
    enum { PAD = HULL3_MAX_EDGES + 16, CHUNKS = PAD / LANES + 1, FPAD = HULL3_MAX_FACES + 16 };
    const uint32_t ne = P->ne, nf = P->nf;
    const int point = e0[0] == e1[0] && e0[1] == e1[1] && e0[2] == e1[2];
    /* per edge: the side bits (1 out0[fa], 2 out0[fb], 4 out1[fa],
     * 8 out1[fb]) and the bound (infinite when unseen); per chunk of
     * LANES edges the seen ones as bits */
    float bits[PAD], bound[PAD];
    uint32_t seen[CHUNKS];
    const lf zero = lf_set1(0.0f), one = lf_set1(1.0f), inf = lf_set1(INFINITY);
    const lm none = lm_andnot(lf_le(zero, zero), lf_le(zero, zero));
    const lf ex[3] = {lf_set1(e0[0]), lf_set1(e0[1]), lf_set1(e0[2])};
    const lf fx[3] = {lf_set1(e1[0]), lf_set1(e1[1]), lf_set1(e1[2])};
    int any = 0;
    for (uint32_t e = 0, c = 0; e < ne; e += LANES, c++) {
        const lf fa = lf_load(P->fa + e), fb = lf_load(P->fb + e);
        /* a point's two ends are one: its s1 is its s0 */
        const lf a0 = lf_gather(s0, fa), a1 = point ? a0 : lf_gather(s1, fa);
        const lf b0 = lf_gather(s0, fb), b1 = point ? b0 : lf_gather(s1, fb);
        const lm sn = lm_or(lm_or(lf_gt(a0, zero), lf_gt(a1, zero)),
                            lm_or(lf_gt(b0, zero), lf_gt(b1, zero)));
        if (!lm_bits(sn)) {
            /* no face beside these edges faces the segment: nothing
             * below is read for them but their infinite bound */
            lf_store(bound + e, inf);
            seen[c] = 0;
            continue;
        }
        const lf u[3] = {lf_load(P->ux + e), lf_load(P->uy + e), lf_load(P->uz + e)};
        const lf na[3] = {lf_gather(P->nx, fa), lf_gather(P->ny, fa), lf_gather(P->nz, fa)};
        const lf nb[3] = {lf_gather(P->nx, fb), lf_gather(P->ny, fb), lf_gather(P->nz, fb)};
        lf ia[3], ib[3];
        rl3_cross(na, u, ia);
        rl3_cross(u, nb, ib);
        const lf i0 = lf_load(P->i0 + e);
        const lf p[3] = {lf_gather(P->vx, i0), lf_gather(P->vy, i0), lf_gather(P->vz, i0)};
        lf w0[3], w1[3];
        for (int k = 0; k < 3; k++)
            w0[k] = lf_sub(ex[k], p[k]), w1[k] = lf_sub(fx[k], p[k]);
        lf b = lf_sel(lf_lt(rl3_dot(w0, ia), zero), one, zero);
        b = lf_add(b, lf_sel(lf_lt(rl3_dot(w0, ib), zero), lf_set1(2.0f), zero));
        b = lf_add(b, lf_sel(lf_lt(rl3_dot(w1, ia), zero), lf_set1(4.0f), zero));
        b = lf_add(b, lf_sel(lf_lt(rl3_dot(w1, ib), zero), lf_set1(8.0f), zero));
        const lf la = lf_sel(lf_lt(a0, a1), a0, a1), lb = lf_sel(lf_lt(b0, b1), b0, b1);
        lf_store(bits + e, b);
        lf_store(bound + e, lf_sel(sn, lf_sel(lf_gt(la, lb), la, lb), inf));
        const uint32_t left = ne - e;
        seen[c] = lm_bits(sn) & (left >= 32u ? ~0u : (1u << left) - 1u);
        any |= seen[c] != 0;
    }
    /* by face: whether end 0 (out0) and end 1 (out1) fall outside a side
     * plane, as 1 or 0 */
    float out0[FPAD], out1[FPAD];
    for (uint32_t f = 0; f < nf; f += LANES)
        lf_store(out0 + f, zero), lf_store(out1 + f, zero);
    for (uint32_t c = 0; c * LANES < ne; c++)
        for (uint32_t m = seen[c]; m; m &= m - 1u) {
            const uint32_t e = c * LANES + (uint32_t)__builtin_ctz(m);
            const uint32_t fa = (uint32_t)P->fa[e], fb = (uint32_t)P->fb[e], k = (uint32_t)bits[e];
            out0[fa] = (k & 1u) ? 1.0f : out0[fa], out0[fb] = (k & 2u) ? 1.0f : out0[fb];
            out1[fa] = (k & 4u) ? 1.0f : out1[fa], out1[fb] = (k & 8u) ? 1.0f : out1[fb];
        }
    /* the nearest face an end reaches: near_scalar's first strictly
     * least of s^2 over faces in order, end 0 before end 1, as the
     * least (value, face) with end 0 kept on a tie */
    lf fbest = inf, fat = zero;
    const lf last = lf_set1((float)nf - 0.5f); /* padding lanes lie past it */
    for (uint32_t f = 0; f < nf; f += LANES) {
        const lf a = lf_load(s0 + f), b = lf_load(s1 + f);
        const lf at = lf_add(lf_set1((float)f), lf_load(lanes3_iota));
        const lm real = lf_lt(at, last);
        const lm ok0 = lm_and(lm_and(real, lf_le(lf_load(out0 + f), zero)), lf_gt(a, zero));
        const lm ok1 = lm_and(lm_and(real, lf_le(lf_load(out1 + f), zero)), lf_gt(b, zero));
        const lf v0 = lf_sel(ok0, lf_mul(a, a), inf), v1 = lf_sel(ok1, lf_mul(b, b), inf);
        const lf v = lf_sel(lf_lt(v1, v0), v1, v0);
        const lm win = lf_lt(v, fbest);
        fbest = lf_sel(win, v, fbest);
        fat = lf_sel(win, at, fat);
    }
    float face2, fidx;
    lanes3_argmax(lf_sub(zero, fbest), fat, &face2, &fidx);
    face2 = -face2;
    float fdist = 0.0f, fn[3] = {bn[0], bn[1], bn[2]};
    if (face2 < INFINITY) {
        const uint32_t f = (uint32_t)fidx;
        const float v0 = out0[f] == 0.0f && s0[f] > 0.0f ? s0[f] * s0[f] : INFINITY;
        fdist = out1[f] == 0.0f && s1[f] > 0.0f && s1[f] * s1[f] < v0 ? s1[f] : s0[f];
        fn[0] = P->nx[f], fn[1] = P->ny[f], fn[2] = P->nz[f];
    }
    float edge2 = INFINITY, nl[3] = {bn[0], bn[1], bn[2]};
    if (any && !(point && face2 < INFINITY)) {
        float d2[PAD];
        lm rare = none;
        lf lead = lf_set1(-INFINITY), lead_at = zero;
        for (uint32_t e = 0, c = 0; e < ne; e += LANES, c++) {
            if (!seen[c])
                continue;
            const lf i0 = lf_load(P->i0 + e), i1 = lf_load(P->i1 + e);
            const lf p[3] = {lf_gather(P->vx, i0), lf_gather(P->vy, i0), lf_gather(P->vz, i0)};
            const lf q[3] = {lf_gather(P->vx, i1), lf_gather(P->vy, i1), lf_gather(P->vz, i1)};
            lm r = none;
            lf w[3];
            const lf d = point ? rl3_point(ex, p, q, &r) : rl3_closest(ex, fx, p, q, w, &r);
            const lf bd = lf_load(bound + e);
            rare = lm_or(rare, lm_and(r, lf_lt(bd, inf)));
            lf_store(d2 + e, d);
            /* the least bound, lowest index on ties, as the largest of
             * its negation (exact, ties kept) */
            const lf nb = lf_sub(zero, bd);
            const lm win = lf_gt(nb, lead);
            lead = lf_sel(win, nb, lead);
            lead_at = lf_sel(win, lf_add(lf_set1((float)e), lf_load(lanes3_iota)), lead_at);
        }
        float lv, lat;
        lanes3_argmax(lead, lead_at, &lv, &lat);
        if (lm_bits(rare) || !(lv > -INFINITY))
            return 0; /* rare closest points, or a seen edge's bound infinite */
        const uint32_t first = (uint32_t)lat;
        uint32_t at = first;
        edge2 = d2[first];
        for (uint32_t c = 0; c * LANES < ne; c++)
            for (uint32_t m = seen[c]; m; m &= m - 1u) {
                const uint32_t e = c * LANES + (uint32_t)__builtin_ctz(m);
                const float near2 = face2 < edge2 ? face2 : edge2;
                if (e == first || (bound[e] > 0.0f && bound[e] * bound[e] > near2 * (1.0f + 1e-4f)))
                    continue;
                if (d2[e] < edge2 || (d2[e] == edge2 && e < at))
                    edge2 = d2[e], at = e;
            }
        const uint32_t a = (uint32_t)P->i0[at], b = (uint32_t)P->i1[at];
        const float p[3] = {P->vx[a], P->vy[a], P->vz[a]};
        const float q[3] = {P->vx[b], P->vy[b], P->vz[b]};
        (void)(point ? seg3_point_closest(e0, p, q, nl) : seg3_closest(e0, e1, p, q, nl));
    }
    nr->face2 = face2, nr->fdist = fdist, nr->edge2 = edge2;
    memcpy(nr->fn, fn, sizeof fn);
    memcpy(nr->nl, nl, sizeof nl);
    return 1;
}

static void poly_round(const side3 *X, const float *ws, sepax3_result *o)
{
    const poly3 *P = &X->p;
    const float r = ws[SEPAX3_W_R];
    float e0[3], e1[3];
    segment_in(X->w, ws, e0, e1);
    const float seg[3] = {e1[0] - e0[0], e1[1] - e0[1], e1[2] - e0[2]};
    /* per lane one of X's faces: both ends' signed distances, kept for
     * what follows (s0, s1; room for the padded last chunk) */
    float s0[HULL3_MAX_FACES + 16], s1[HULL3_MAX_FACES + 16];
    const lf zero = lf_set1(0.0f), rr = lf_set1(r);
    const lf ax = lf_set1(e0[0]), ay = lf_set1(e0[1]), az = lf_set1(e0[2]);
    const lf bx = lf_set1(e1[0]), by = lf_set1(e1[1]), bz = lf_set1(e1[2]);
    lf best_lo = lf_set1(-INFINITY), face_at = zero;
    lm inside = lf_le(zero, zero); /* all lanes */
    for (uint32_t f = 0; f < P->nf; f += LANES) {
        const lf nx = lf_load(P->nx + f), ny = lf_load(P->ny + f), nz = lf_load(P->nz + f);
        const lf d = lf_load(P->d + f);
        const lf a = lf_add(lf_sub(lf_dot3(nx, ny, nz, ax, ay, az), d), zero);
        const lf b = lf_add(lf_sub(lf_dot3(nx, ny, nz, bx, by, bz), d), zero);
        lf_store(s0 + f, a);
        lf_store(s1 + f, b);
        const lm a_lo = lf_lt(a, b);
        const lf lo = lf_sel(a_lo, a, b), hi = lf_sel(a_lo, b, a);
        const lm win = lf_gt(lo, best_lo);
        best_lo = lf_sel(win, lo, best_lo);
        face_at = lf_sel(win, lf_add(lf_set1((float)f), lf_load(lanes3_iota)), face_at);
        inside = lm_and(inside, lf_le(lf_add(hi, rr), zero));
    }
    float best, bf_f;
    lanes3_argmax(best_lo, face_at, &best, &bf_f);
    const uint32_t bf = (uint32_t)bf_f;
    const int s_in_x = lm_bits(inside) == lm_bits(lf_le(zero, zero));
    const float bn[3] = {P->nx[bf], P->ny[bf], P->nz[bf]};
    if (best - r > 0.0f) {
        /* apart by more than the radius on a face axis of X: that axis,
         * as for two polyhedra (most candidate pairs end here, before
         * anything below is computed) */
        side3_to_world(X->w, bn, &o->normal);
        side3_finish(o, best - r, SEPAX3_AXIS_FACE_A, bf, NONE, 0, 0);
        return;
    }
    /* apart along a support direction from X's vertices alone: what
     * follows (the clip, the nearest features) is most of a near pair's
     * cost, and a certified gap is all an apart answer promises */
    float sd[3], sgap;
    const int point = seg[0] == 0.0f && seg[1] == 0.0f && seg[2] == 0.0f;
    /* a sphere's centre inside every face's plane is inside X: a hit */
    if ((best > 0.0f || !point) && support3_round(P, X->w + SEPAX3_W_H, e0, e1, r, sd, &sgap)) {
        side3_to_world(X->w, sd, &o->normal);
        side3_finish(o, sgap, SEPAX3_AXIS_SUPPORT, NONE, NONE, 0, 0);
        return;
    }
    /* Cyrus-Beck: where e0 + t seg is inside every face's plane; a
     * segment wholly outside one face's plane (best > 0) cannot meet X */
    int meets = !(best > 0.0f);
    float tmin = 0.0f, tmax = 1.0f;
    if (meets) {
        const lf sx = lf_set1(seg[0]), sy = lf_set1(seg[1]), sz = lf_set1(seg[2]);
        lf lo_t = zero, hi_t = lf_set1(1.0f);
        lf parallel_out = zero; /* 1 in a lane that found den == 0 with num < 0 */
        for (uint32_t f = 0; f < P->nf; f += LANES) {
            const lf den = lf_dot3(lf_load(P->nx + f), lf_load(P->ny + f), lf_load(P->nz + f), sx,
                                   sy, sz);
            const lf num = lf_sub(zero, lf_load(s0 + f));
            const lf t = lf_div(num, den);
            const lm enter = lf_lt(den, zero), leave = lf_gt(den, zero);
            lo_t = lf_sel(lm_and(enter, lf_gt(t, lo_t)), t, lo_t);
            hi_t = lf_sel(lm_and(leave, lf_lt(t, hi_t)), t, hi_t);
            /* den == 0: the segment is inside that face's plane or never */
            const lm out = lm_and(lm_and(lf_le(den, zero), lf_ge(den, zero)), lf_lt(num, zero));
            parallel_out = lf_sel(out, lf_set1(1.0f), parallel_out);
        }
        meets = !(lanes3_hmax(parallel_out) > 0.0f);
        float lt[LANES], ht[LANES];
        lf_store(lt, lo_t);
        lf_store(ht, hi_t);
        for (uint32_t l = 0; l < LANES; l++) {
            tmin = lt[l] > tmin ? lt[l] : tmin;
            tmax = ht[l] < tmax ? ht[l] : tmax;
        }
    }
    meets &= tmin <= tmax;
    const int x_in_s = poly_in_round(P, e0, e1, r);
    if (meets) {
        deep(X, e0, e1, best, bf, r, x_in_s, s_in_x, o);
        return;
    }

    round3_near nr;
    /* the reference keeps the search one edge at a time, which is the
     * specification and cheaper at one lane */
    if (LANES == 1 || !near_lanes(P, s0, s1, e0, e1, bn, &nr))
        near_scalar(P, s0, s1, e0, e1, bn, &nr);
    const float face2 = nr.face2, fdist = nr.fdist, edge2 = nr.edge2;
    float fn[3], nl[3];
    memcpy(fn, nr.fn, sizeof fn);
    memcpy(nl, nr.nl, sizeof nl);
    float dist = 0.0f;
    int touching = 0;
    if (face2 < edge2) { /* an edge as near as a face wins, as it always has */
        dist = fdist;
        memcpy(nl, fn, sizeof nl);
    } else if (edge2 >= FLT_MIN) {
        dist = sqrtf(edge2);
        for (int k = 0; k < 3; k++)
            nl[k] = nl[k] / dist;
    } else {
        touching = 1;
    }
    if (touching || !parts(X, e0, e1, nl, dist)) {
        /* The segment touches X (closer than about 1e-19), which the
         * clipping above missed by a rounding, or lies within rounding of
         * it: the line between the closest points is gone or points
         * anywhere, and need not part the pair by the radius (a segment
         * across a box's edge reached 0.5 past the face picked instead).
         * Touching is meeting: the SAT of the segment and X gives the
         * axis, and its value is within that rounding of the distance. */
        deep(X, e0, e1, best, bf, r, x_in_s, s_in_x, o);
        return;
    }
    side3_to_world(X->w, nl, &o->normal);
    side3_finish(o, dist - r, SEPAX3_AXIS_POINTS, NONE, NONE, x_in_s, s_in_x);
}

/* two round shapes, in world coordinates about A's centre */
static void round_round(const float *wa, const float *wb, sepax3_result *o)
{
    float d[3], a0[3], b0[3], e0[3], e1[3], f0[3], f1[3];
    const float ha = wa[SEPAX3_W_H], hb = wb[SEPAX3_W_H];
    for (int c = 0; c < 3; c++) {
        d[c] = wb[SEPAX3_W_C + c] - wa[SEPAX3_W_C + c];
        a0[c] = wa[SEPAX3_W_A + c];
        b0[c] = wb[SEPAX3_W_A + c];
        e0[c] = -(ha * a0[c]), e1[c] = ha * a0[c];
        f0[c] = d[c] - hb * b0[c], f1[c] = d[c] + hb * b0[c];
    }
    float w[3], n[3];
    const float d2 = seg3_closest(e0, e1, f0, f1, w);
    const float dist = sqrtf(d2);
    int coincident = !(d2 >= FLT_MIN);
    if (!coincident) {
        for (int c = 0; c < 3; c++)
            n[c] = -w[c] / dist;
        /* closest points within rounding of each other are rounding, and
         * where one is a segment's end the line between them is squared
         * up to the other segment only: it can point anywhere across it,
         * and not part the segments by their distance (two capsules
         * crossing at an end got a normal along which they overlapped
         * 0.35 more than their depth). Such points coincide. The bound
         * allows a normal's usual precision, as parts() does. */
        float lo = INFINITY, hi = -INFINITY, scale = 0.0f;
        const float *ends[4] = {e0, e1, f0, f1};
        for (int k = 0; k < 4; k++) {
            const float x = seg3_dot(n, ends[k]);
            if (k < 2)
                hi = x > hi ? x : hi;
            else
                lo = x < lo ? x : lo;
            for (int c = 0; c < 3; c++)
                scale = fabsf(ends[k][c]) > scale ? fabsf(ends[k][c]) : scale;
        }
        coincident = !gap_parts(lo, hi, dist, ha + hb, scale);
    }
    if (coincident) {
        float L[3];
        side3_cross(a0, b0, L);
        const float len = sqrtf(seg3_dot(L, L));
        if (len >= SEPAX3_PARALLEL_TOLERANCE) {
            /* L's direction is only good to about FLT_EPSILON / len rad,
             * and along a long segment that tilt opens a gap the depth
             * does not have (segments 30 long and 4e-6 rad apart
             * overlapped 0.118 more along it). Squared up to A's segment,
             * A's segment is a point along it and B's, within len rad of
             * A's direction, spreads by at most hb len either way. */
            const float k = seg3_dot(L, a0);
            float m[3];
            for (int c = 0; c < 3; c++)
                m[c] = L[c] - k * a0[c];
            const float ml = sqrtf(seg3_dot(m, m));
            const float sign = seg3_dot(m, d) < 0.0f ? -1.0f : 1.0f;
            for (int c = 0; c < 3; c++)
                n[c] = sign * (m[c] / ml);
        } else {
            for (int c = 0; c < 3; c++)
                n[c] = wa[SEPAX3_W_A + 3 + c];
        }
    }
    const float ra = wa[SEPAX3_W_R], rb = wb[SEPAX3_W_R];
    /* x + ra <= rb needs ra <= rb: a square root is at least 0 (or NaN,
     * which fails), and adding it to ra rounds to at least ra. So the
     * larger radius's shape is never inside the other's, and its two
     * point distances are not computed. */
    const int a_in_b = ra <= rb && sqrtf(seg3_point(e0, f0, f1)) + ra <= rb &&
                       sqrtf(seg3_point(e1, f0, f1)) + ra <= rb;
    const int b_in_a = rb <= ra && sqrtf(seg3_point(f0, e0, e1)) + rb <= ra &&
                       sqrtf(seg3_point(f1, e0, e1)) + rb <= ra;
    o->normal = (sepax3_vec){n[0], n[1], n[2]};
    side3_finish(o, dist - (ra + rb), SEPAX3_AXIS_POINTS, NONE, NONE, a_in_b, b_in_a);
}

/* two round shapes from their world records: what the lanes of
 * round_lanes3.h compute, for the lanes they mark rare */
static inline void round3_pair_of(const float *wa, const float *wb, sepax3_result *out)
{
    sepax3_result o;
    memset(&o, 0, sizeof o);
    round_round(wa, wb, &o);
    *out = o;
}

/* the answer for (B, A) made the answer for (A, B) */
static void turn_round(sepax3_result *o)
{
    o->normal = (sepax3_vec){-o->normal.x, -o->normal.y, -o->normal.z};
    const uint8_t fa = o->feature_a;
    o->feature_a = o->feature_b;
    o->feature_b = fa;
    if (o->axis == SEPAX3_AXIS_FACE_A)
        o->axis = SEPAX3_AXIS_FACE_B;
    const uint8_t f = o->flags;
    o->flags = (uint8_t)((f & SEPAX_HIT) | ((f & SEPAX_A_IN_B) ? SEPAX_B_IN_A : 0u) |
                         ((f & SEPAX_B_IN_A) ? SEPAX_A_IN_B : 0u));
}

static LANES3_INLINE void round3_pair(const sepax3_view *v, uint32_t sa, uint32_t sb,
                                       sepax3_result *out)
{
    side3 A, B;
    side3_of(v, sa, &A);
    side3_of(v, sb, &B);
    sepax3_result o;
    memset(&o, 0, sizeof o);
    if (side3_is_poly(A.kind)) {
        poly_round(&A, B.w, &o);
    } else if (side3_is_poly(B.kind)) {
        poly_round(&B, A.w, &o);
        turn_round(&o);
    } else {
        round_round(A.w, B.w, &o);
    }
    *out = o;
}

#endif
