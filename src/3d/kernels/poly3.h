/* Two polyhedra (a hull and a hull or box), written once over the lane
 * type (lanes3.h) with one pair's faces and edge pairs across the lanes:
 * the reference runs it at one lane, each backend at its width. A hull
 * pair's work is uneven (4 to 124 faces, 6 to 186 edges), so pairs do
 * not share lanes; its own faces and edges fill them.
 *
 *   Q's vertices into P's frame, P's into Q's           (lanes: vertices)
 *   face query, P against Q's vertices:                 (lanes: P's faces)
 *       per face lo = min over vertices v of (n.v - d) + 0
 *       best face: the largest lo, lowest index on ties; all inside when
 *       every n.v - d <= 0
 *   the same for Q's faces against P's vertices, in Q's frame
 *   edge query, in P's frame:                           (lanes: Q's edges)
 *       for each edge i of P, for each edge j of Q:
 *           u, a, b: P's edge direction and the normals beside it
 *           v, c, d: Q's, turned into P's frame
 *           Gauss map: (c.u)(d.u) < 0, (a.v)(b.v) < 0, (c.u)(b.v) < 0
 *           L = u x v; len = sqrt(L.L) >= PARALLEL_TOLERANCE
 *           n = L / len, turned away from P's centre (n.p >= 0)
 *           s = n.(q - p), p and q the edges' first vertices
 *       best: the largest s, lowest i then j on ties
 *   winner as in the box test (sepax3d.h)
 *
 * A lane holds exactly the reference's element, computed by the same
 * expressions in the same order, and every reduction over lanes is a
 * maximum or minimum with ties to the lowest index, which does not depend
 * on how elements were spread over lanes; -0 is made +0 before a minimum
 * or maximum for the same reason. Arrays padded with copies of their
 * element 0 (hull3.h) let the last chunk run past the end: a copy never
 * beats the element it copies, whose index is lower.
 *
 * POLY3_PRUNE=0 builds the brute force the Gauss-map test saves (every
 * edge pair, every vertex of both projected both ways along its axis),
 * for the bench's side-by-side rows only. */
#ifndef SEPAX_POLY3_H
#define SEPAX_POLY3_H

#include <math.h>

#include "3d/side3.h"
#include "lanes3.h"

#ifndef POLY3_PRUNE
#define POLY3_PRUNE 1
#endif

/* room for any count of a kind, a multiple of 16 lanes */
#define POLY3_V 64u
#define POLY3_F 128u
#define POLY3_E 192u

static const float poly3_iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

/* the lanes' best (largest value, then lowest index), into *value and
 * *index */
static inline void poly3_reduce(lf best, lf at, float *value, float *index)
{
    float b[LANES], a[LANES];
    lf_store(b, best);
    lf_store(a, at);
    float bv = b[0], ba = a[0];
    for (uint32_t l = 1; l < LANES; l++)
        if (b[l] > bv || (b[l] == bv && a[l] < ba))
            bv = b[l], ba = a[l];
    *value = bv;
    *index = ba;
}

static inline float poly3_hmax(lf v)
{
    float b[LANES];
    lf_store(b, v);
    float m = b[0];
    for (uint32_t l = 1; l < LANES; l++)
        m = b[l] > m ? b[l] : m;
    return m;
}

/* P's vertices placed by f, into x, y, z (room for POLY3_V) */
static LANES3_INLINE void poly3_place(const frame3 *f, const poly3 *P, float *x, float *y,
                                      float *z)
{
    lf R[3][3], t[3];
    for (int i = 0; i < 3; i++) {
        t[i] = lf_set1(f->t[i]);
        for (int j = 0; j < 3; j++)
            R[i][j] = lf_set1(f->R[i][j]);
    }
    float *out[3] = {x, y, z};
    for (uint32_t j = 0; j < P->nv; j += LANES) {
        const lf vx = lf_load(P->vx + j), vy = lf_load(P->vy + j), vz = lf_load(P->vz + j);
        for (int i = 0; i < 3; i++)
            lf_store(out[i] + j,
                     lf_add(lf_add(lf_add(lf_mul(R[i][0], vx), lf_mul(R[i][1], vy)),
                                   lf_mul(R[i][2], vz)),
                            t[i]));
    }
}

/* P's faces against the n points (x, y, z) */
static LANES3_INLINE float poly3_faces(const poly3 *P, const float *x, const float *y,
                                       const float *z, uint32_t n, uint32_t *face, int *all_inside)
{
    const lf zero = lf_set1(0.0f);
    lf best = lf_set1(-INFINITY), at = zero, worst = lf_set1(-INFINITY);
    for (uint32_t f = 0; f < P->nf; f += LANES) {
        const lf nx = lf_load(P->nx + f), ny = lf_load(P->ny + f), nz = lf_load(P->nz + f);
        const lf d = lf_load(P->d + f);
        lf lo = lf_set1(INFINITY);
        for (uint32_t j = 0; j < n; j++) {
            const lf v = lf_add(lf_sub(lf_add(lf_add(lf_mul(nx, lf_set1(x[j])),
                                                     lf_mul(ny, lf_set1(y[j]))),
                                              lf_mul(nz, lf_set1(z[j]))),
                                       d),
                                zero);
            lo = lf_min(lo, v);
            worst = lf_max(worst, v);
        }
        const lm win = lf_gt(lo, best);
        best = lf_sel(win, lo, best);
        at = lf_sel(win, lf_add(lf_set1((float)f), lf_load(poly3_iota)), at);
    }
    float value, index;
    poly3_reduce(best, at, &value, &index);
    *face = (uint32_t)index;
    *all_inside = poly3_hmax(worst) <= 0.0f;
    return value;
}

/* Q's edges in P's frame, laid out for lanes: direction, the normals of
 * the two faces beside it, its first vertex; padded with edge 0 */
typedef struct poly3_edges {
    float ux[POLY3_E], uy[POLY3_E], uz[POLY3_E];
    float cx[POLY3_E], cy[POLY3_E], cz[POLY3_E];
    float dx[POLY3_E], dy[POLY3_E], dz[POLY3_E];
    float qx[POLY3_E], qy[POLY3_E], qz[POLY3_E];
} poly3_edges;

static inline void poly3_edges_of(const frame3 *f, const poly3 *Q, const float *qvx,
                                  const float *qvy, const float *qvz, poly3_edges *e)
{
    float nx[POLY3_F], ny[POLY3_F], nz[POLY3_F];
    for (uint32_t k = 0; k < Q->nf; k++) {
        float n[3];
        side3_turn(f, Q->nx[k], Q->ny[k], Q->nz[k], n);
        nx[k] = n[0], ny[k] = n[1], nz[k] = n[2];
    }
    const uint32_t padded = (Q->ne + LANES - 1u) / LANES * LANES;
    for (uint32_t j = 0; j < padded; j++) {
        const uint32_t s = j < Q->ne ? j : 0u;
        float u[3];
        side3_turn(f, Q->ux[s], Q->uy[s], Q->uz[s], u);
        const uint32_t c = (uint32_t)Q->fa[s], d = (uint32_t)Q->fb[s], q = (uint32_t)Q->i0[s];
        e->ux[j] = u[0], e->uy[j] = u[1], e->uz[j] = u[2];
        e->cx[j] = nx[c], e->cy[j] = ny[c], e->cz[j] = nz[c];
        e->dx[j] = nx[d], e->dy[j] = ny[d], e->dz[j] = nz[d];
        e->qx[j] = qvx[q], e->qy[j] = qvy[q], e->qz[j] = qvz[q];
    }
}

#define POLY3_DOT(ax, ay, az, bx, by, bz) lf_dot3(ax, ay, az, bx, by, bz)

/* the best edge axis of P x Q (-inf when no edge pair is a face of the
 * Minkowski difference); qv: Q's vertices in P's frame (brute force only) */
static LANES3_INLINE float poly3_edge_query(const poly3 *P, const poly3 *Q, const poly3_edges *e,
                                            const float *qvx, const float *qvy, const float *qvz,
                                            uint32_t *ei, uint32_t *ej, float axis[3])
{
    const lf zero = lf_set1(0.0f), none = lf_set1(-INFINITY);
    lf best = none, at = zero, bnx = lf_set1(1.0f), bny = zero, bnz = zero;
    (void)qvx, (void)qvy, (void)qvz;
    for (uint32_t i = 0; i < P->ne; i++) {
        const uint32_t fa = (uint32_t)P->fa[i], fb = (uint32_t)P->fb[i], v0 = (uint32_t)P->i0[i];
        const lf ux = lf_set1(P->ux[i]), uy = lf_set1(P->uy[i]), uz = lf_set1(P->uz[i]);
        const lf ax = lf_set1(P->nx[fa]), ay = lf_set1(P->ny[fa]), az = lf_set1(P->nz[fa]);
        const lf bx = lf_set1(P->nx[fb]), by = lf_set1(P->ny[fb]), bz = lf_set1(P->nz[fb]);
        const lf px = lf_set1(P->vx[v0]), py = lf_set1(P->vy[v0]), pz = lf_set1(P->vz[v0]);
        for (uint32_t j = 0; j < Q->ne; j += LANES) {
            const lf vx = lf_load(e->ux + j), vy = lf_load(e->uy + j), vz = lf_load(e->uz + j);
            const lf cu = POLY3_DOT(lf_load(e->cx + j), lf_load(e->cy + j), lf_load(e->cz + j), ux, uy, uz);
            const lf du = POLY3_DOT(lf_load(e->dx + j), lf_load(e->dy + j), lf_load(e->dz + j), ux, uy, uz);
            const lf av = POLY3_DOT(ax, ay, az, vx, vy, vz);
            const lf bv = POLY3_DOT(bx, by, bz, vx, vy, vz);
            lm arc = lm_and(lm_and(lf_lt(lf_mul(cu, du), zero), lf_lt(lf_mul(av, bv), zero)),
                            lf_lt(lf_mul(cu, bv), zero));
#if !POLY3_PRUNE
            arc = lf_le(zero, lf_abs(cu)); /* every lane: no pruning */
#endif
            if (!lm_any(arc))
                continue;
            const lf Lx = lf_sub(lf_mul(uy, vz), lf_mul(uz, vy));
            const lf Ly = lf_sub(lf_mul(uz, vx), lf_mul(ux, vz));
            const lf Lz = lf_sub(lf_mul(ux, vy), lf_mul(uy, vx));
            const lf len = lf_sqrt(POLY3_DOT(Lx, Ly, Lz, Lx, Ly, Lz));
            const lm ok = lm_and(arc, lf_ge(len, lf_set1(SEPAX3_PARALLEL_TOLERANCE)));
            lf nx = lf_div(Lx, len), ny = lf_div(Ly, len), nz = lf_div(Lz, len);
            const lm away = lf_lt(POLY3_DOT(nx, ny, nz, px, py, pz), zero);
            nx = lf_sel(away, lf_neg(nx), nx);
            ny = lf_sel(away, lf_neg(ny), ny);
            nz = lf_sel(away, lf_neg(nz), nz);
#if POLY3_PRUNE
            const lf s = POLY3_DOT(nx, ny, nz, lf_sub(lf_load(e->qx + j), px),
                                   lf_sub(lf_load(e->qy + j), py), lf_sub(lf_load(e->qz + j), pz));
#else
            lf alo = lf_set1(INFINITY), ahi = none, blo = lf_set1(INFINITY), bhi = none;
            for (uint32_t k = 0; k < P->nv; k++) {
                const lf x = POLY3_DOT(nx, ny, nz, lf_set1(P->vx[k]), lf_set1(P->vy[k]),
                                       lf_set1(P->vz[k]));
                alo = lf_min(alo, x), ahi = lf_max(ahi, x);
            }
            for (uint32_t k = 0; k < Q->nv; k++) {
                const lf x = POLY3_DOT(nx, ny, nz, lf_set1(qvx[k]), lf_set1(qvy[k]),
                                       lf_set1(qvz[k]));
                blo = lf_min(blo, x), bhi = lf_max(bhi, x);
            }
            const lf s = lf_max(lf_sub(blo, ahi), lf_sub(alo, bhi));
#endif
            const lf idx = lf_add(lf_set1((float)(i * 256u + j)), lf_load(poly3_iota));
            const lm win = lm_and(ok, lf_gt(s, best));
            best = lf_sel(win, s, best);
            at = lf_sel(win, idx, at);
            bnx = lf_sel(win, nx, bnx);
            bny = lf_sel(win, ny, bny);
            bnz = lf_sel(win, nz, bnz);
        }
    }
    float value, index;
    poly3_reduce(best, at, &value, &index);
    /* the winner's normal: the lane that holds its index */
    float a[LANES], x[LANES], y[LANES], z[LANES];
    lf_store(a, at), lf_store(x, bnx), lf_store(y, bny), lf_store(z, bnz);
    axis[0] = 1.0f, axis[1] = axis[2] = 0.0f;
    for (uint32_t l = 0; l < LANES; l++)
        if (a[l] == index && value > -INFINITY) {
            axis[0] = x[l], axis[1] = y[l], axis[2] = z[l];
            break;
        }
    *ei = (uint32_t)index / 256u;
    *ej = (uint32_t)index % 256u;
    return value;
}

static LANES3_INLINE void poly3_pair(const side3 *X, const side3 *Y, sepax3_result *o)
{
    const poly3 *P = &X->p, *Q = &Y->p;
    frame3 yx, xy;
    side3_frame(X->w, Y->w, &yx);
    side3_frame(Y->w, X->w, &xy);
    float qx[POLY3_V], qy[POLY3_V], qz[POLY3_V], px[POLY3_V], py[POLY3_V], pz[POLY3_V];
    poly3_place(&yx, Q, qx, qy, qz);
    poly3_place(&xy, P, px, py, pz);

    uint32_t fx, fy, ei, ej;
    int y_in_x, x_in_y;
    const float sx = poly3_faces(P, qx, qy, qz, Q->nv, &fx, &y_in_x);
    const float sy = poly3_faces(Q, px, py, pz, P->nv, &fy, &x_in_y);
    poly3_edges e;
    poly3_edges_of(&yx, Q, qx, qy, qz, &e);
    float axis[3];
    const float se = poly3_edge_query(P, Q, &e, qx, qy, qz, &ei, &ej, axis);

    float size = 0.0f;
    for (int k = 0; k < 3; k++)
        size = size + X->w[SEPAX3_W_H + k];
    for (int k = 0; k < 3; k++)
        size = size + Y->w[SEPAX3_W_H + k];
    const float face = sy > sx ? sy : sx;
    if (se > face + SEPAX3_EDGE_TOLERANCE * size) {
        side3_to_world(X->w, axis, &o->normal);
        side3_finish(o, se, SEPAX3_AXIS_EDGES, ei, ej, x_in_y, y_in_x);
    } else if (sy > sx) {
        const float n[3] = {-Q->nx[fy], -Q->ny[fy], -Q->nz[fy]};
        side3_to_world(Y->w, n, &o->normal);
        side3_finish(o, sy, SEPAX3_AXIS_FACE_B, SIDE3_NONE, fy, x_in_y, y_in_x);
    } else {
        const float n[3] = {P->nx[fx], P->ny[fx], P->nz[fx]};
        side3_to_world(X->w, n, &o->normal);
        side3_finish(o, sx, SEPAX3_AXIS_FACE_A, fx, SIDE3_NONE, x_in_y, y_in_x);
    }
}

/* a pair of the driver's general class */
static inline void poly3_general(const sepax3_view *v, uint32_t sa, uint32_t sb, sepax3_result *out)
{
    if (side3_is_poly(v->kind[sa]) && side3_is_poly(v->kind[sb])) {
        side3 A, B;
        side3_of(v, sa, &A);
        side3_of(v, sb, &B);
        sepax3_result o;
        memset(&o, 0, sizeof o);
        poly3_pair(&A, &B, &o);
        *out = o;
    } else {
        sepax3_round_pair(v, sa, sb, out);
    }
}

#endif
