/* Two polyhedra (a hull and a hull or box), written once over the lane
 * type (lanes3.h) with one pair's faces and edge pairs across the lanes:
 * the reference runs it at one lane, each backend at its width. A hull
 * pair's work is uneven (4 to 124 faces, 6 to 186 edges), so pairs do
 * not share lanes; its own faces and edges fill them.
 *
 *   Q's vertices into P's frame, P's into Q's           (lanes: vertices)
 *   face query, P against Q's vertices:
 *       per face ub = (n.c - d) - rin(Q), c Q's centre  (lanes: P's faces)
 *       lo = min over vertices v of (n.v - d) + 0       (lanes: vertices)
 *           for the face of largest ub, then for each face whose
 *           ub + margin reaches the best lo so far (no other can win)
 *       best face: the largest lo, lowest index on ties
 *       best > 0: apart, answer it (most candidate pairs end here)
 *   the same for Q's faces against P's vertices, in Q's frame
 *   containment: every n.v - d <= 0, for pairs that reach this far
 *   edge query, in P's frame:                           (lanes: Q's edges)
 *       beat = best face + EDGE_TOLERANCE * size: only an edge pair
 *           above it can win
 *       for each edge i of P whose bound (the most n.(c - p) - rin(Q)
 *           over its arc) + margin is above beat, for each edge j of Q:
 *           u, a, b: P's edge direction and the normals beside it
 *           v, c, d: Q's, turned into P's frame
 *           Gauss map: (c.u)(d.u) < 0, (a.v)(b.v) < 0, (c.u)(b.v) < 0
 *           L = u x v; len = sqrt(L.L) >= PARALLEL_TOLERANCE
 *           t = -1 when L.p < 0, else 1 (away from P's centre)
 *           s = (t L).(q - p) / len, p and q the edges' first vertices;
 *           when len < 1/32, instead the gap along t L / len between
 *           P's and Q's projections (every vertex)
 *       best: the largest s, lowest i then j on ties; its normal
 *       (t L) / len
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

#include <float.h>
#include <math.h>

#include "side3.h"
#include "lanes3.h"
#include "support3.h"

#ifndef POLY3_SUPPORT
#define POLY3_SUPPORT 1
#endif

#ifndef POLY3_PRUNE
#define POLY3_PRUNE 1
#endif

/* room for any count of a kind, a multiple of 16 lanes */
#define POLY3_V 64u
#define POLY3_F 128u
#define POLY3_E 192u

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

/* Face f of P against the n points (x, y, z), the points across the
 * lanes: the least (n.v - d) + 0, each value the expression the face
 * query has always used (the arrays' padding repeats point 0). */
static LANES3_INLINE float poly3_face_value(const poly3 *P, uint32_t f, const float *x,
                                            const float *y, const float *z, uint32_t n)
{
    const lf zero = lf_set1(0.0f);
    const lf nx = lf_set1(P->nx[f]), ny = lf_set1(P->ny[f]), nz = lf_set1(P->nz[f]);
    const lf d = lf_set1(P->d[f]);
    lf lo = lf_set1(INFINITY);
    for (uint32_t j = 0; j < n; j += LANES) {
        const lf v = lf_add(lf_sub(lf_add(lf_add(lf_mul(nx, lf_load(x + j)), lf_mul(ny, lf_load(y + j))),
                                          lf_mul(nz, lf_load(z + j))),
                                   d),
                            zero);
        lo = lf_min(lo, v);
    }
    return lanes3_hmin(lo);
}

/* P's faces against the n points (x, y, z), which are the vertices of a
 * shape whose centre lies at c in P's frame and which holds the ball of
 * radius rin about it: the best face (the largest value, lowest index on
 * ties) and its value.
 *
 * Pruned by a bound no face can beat: the ball lies inside the shape, so
 * along a face's unit normal some vertex lies at or below n.c - rin, and
 * the face's value is at most ub = (n.c - d) - rin, up to rounding, which
 * margin covers. The face with the largest ub is measured first; then
 * only the faces whose ub + margin reaches the best value so far, which
 * holds every face that could beat or tie it. The value and the face
 * are the ones measuring every face gives, bit for bit: each measured
 * value is the same expression, and a face left out is below the best. */
static LANES3_INLINE float poly3_faces(const poly3 *P, const float *x, const float *y,
                                       const float *z, uint32_t n, const float c[3], float rin,
                                       float margin, uint32_t *face)
{
    float ub[POLY3_F];
    const lf cx = lf_set1(c[0]), cy = lf_set1(c[1]), cz = lf_set1(c[2]), r = lf_set1(rin);
    lf most = lf_set1(-INFINITY), most_at = lf_set1(0.0f);
    for (uint32_t f = 0; f < P->nf; f += LANES) {
        const lf nx = lf_load(P->nx + f), ny = lf_load(P->ny + f), nz = lf_load(P->nz + f);
        const lf u = lf_sub(lf_sub(lf_dot3(nx, ny, nz, cx, cy, cz), lf_load(P->d + f)), r);
        lf_store(ub + f, u);
        const lm win = lf_gt(u, most);
        most = lf_sel(win, u, most);
        most_at = lf_sel(win, lf_add(lf_set1((float)f), lf_load(lanes3_iota)), most_at);
    }
    float seed_bound, seed_f;
    lanes3_argmax(most, most_at, &seed_bound, &seed_f);
    const uint32_t seed = (uint32_t)seed_f;
    uint32_t at = seed;
    float best = poly3_face_value(P, seed, x, y, z, n);
    /* the faces that may reach the seed's value, lanes at a time; each
     * is checked against the best so far before it is measured */
    const lf reach = lf_set1(best), slack = lf_set1(margin);
    for (uint32_t f = 0; f < P->nf; f += LANES) {
        for (uint32_t live = lm_bits(lf_ge(lf_add(lf_load(ub + f), slack), reach)); live;
             live &= live - 1u) {
            const uint32_t g = f + (uint32_t)__builtin_ctz(live);
            if (g >= P->nf || g == seed || !(ub[g] + margin >= best))
                continue;
            const float v = poly3_face_value(P, g, x, y, z, n);
            if (v > best || (v == best && g < at))
                best = v, at = g;
        }
    }
    *face = at;
    return best;
}

/* Whether every one of the n points lies inside or on every face of P:
 * each (n.v - d) + 0 <= 0, stopping at the first that is not. */
static LANES3_INLINE int poly3_holds(const poly3 *P, const float *x, const float *y,
                                     const float *z, uint32_t n)
{
    const lf zero = lf_set1(0.0f);
    for (uint32_t f = 0; f < P->nf; f++) {
        const lf nx = lf_set1(P->nx[f]), ny = lf_set1(P->ny[f]), nz = lf_set1(P->nz[f]);
        const lf d = lf_set1(P->d[f]);
        for (uint32_t j = 0; j < n; j += LANES) {
            const lf v = lf_add(lf_sub(lf_add(lf_add(lf_mul(nx, lf_load(x + j)), lf_mul(ny, lf_load(y + j))),
                                              lf_mul(nz, lf_load(z + j))),
                                       d),
                                zero);
            if (lm_bits(lf_le(v, zero)) != lm_bits(lf_le(zero, zero)))
                return 0;
        }
    }
    return 1;
}

/* How far rounding can take a face's value past its bound (poly3_faces)
 * for the pair X, Y (Y's frame in X's: yx): 64 float spacings of the
 * sum of the centres' distance and both shapes' extents, which bounds
 * every coordinate, normal times coordinate and offset the values and
 * bounds are made of; a few spacings would do. */
static inline float poly3_margin(const side3 *X, const side3 *Y, const frame3 *yx)
{
    float scale = 0.0f;
    for (int k = 0; k < 3; k++)
        scale = scale + (fabsf(yx->t[k]) + (X->w[SEPAX3_W_H + k] + Y->w[SEPAX3_W_H + k]));
    return 64.0f * FLT_EPSILON * scale;
}

/* Q's edges in P's frame, laid out for lanes: direction, the normals of
 * the two faces beside it, its first vertex; padded with edge 0 */
typedef struct poly3_edges {
    float ux[POLY3_E], uy[POLY3_E], uz[POLY3_E];
    float cx[POLY3_E], cy[POLY3_E], cz[POLY3_E];
    float dx[POLY3_E], dy[POLY3_E], dz[POLY3_E];
    float qx[POLY3_E], qy[POLY3_E], qz[POLY3_E];
} poly3_edges;

static LANES3_INLINE void poly3_edges_of(const frame3 *f, const poly3 *Q, const float *qvx,
                                         const float *qvy, const float *qvz, poly3_edges *e)
{
    /* lanes over Q's faces, then its edges: side3_turn's expression in
     * each lane; past the last edge the block's padding repeats edge 0,
     * as the lanes' padding must */
    lf R[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R[i][j] = lf_set1(f->R[i][j]);
    float tx[POLY3_F], ty[POLY3_F], tz[POLY3_F];
    float *const n[3] = {tx, ty, tz};
    const float *nx = tx, *ny = ty, *nz = tz; /* the gathers take const */
    for (uint32_t k = 0; k < Q->nf; k += LANES) {
        const lf x = lf_load(Q->nx + k), y = lf_load(Q->ny + k), z = lf_load(Q->nz + k);
        for (int i = 0; i < 3; i++)
            lf_store(n[i] + k, lf_add(lf_add(lf_mul(R[i][0], x), lf_mul(R[i][1], y)),
                                      lf_mul(R[i][2], z)));
    }
    float *const u[3] = {e->ux, e->uy, e->uz};
    for (uint32_t j = 0; j < Q->ne; j += LANES) {
        const lf x = lf_load(Q->ux + j), y = lf_load(Q->uy + j), z = lf_load(Q->uz + j);
        for (int i = 0; i < 3; i++)
            lf_store(u[i] + j, lf_add(lf_add(lf_mul(R[i][0], x), lf_mul(R[i][1], y)),
                                      lf_mul(R[i][2], z)));
        const lf c = lf_load(Q->fa + j), d = lf_load(Q->fb + j), q = lf_load(Q->i0 + j);
        lf_store(e->cx + j, lf_gather(nx, c));
        lf_store(e->cy + j, lf_gather(ny, c));
        lf_store(e->cz + j, lf_gather(nz, c));
        lf_store(e->dx + j, lf_gather(nx, d));
        lf_store(e->dy + j, lf_gather(ny, d));
        lf_store(e->dz + j, lf_gather(nz, d));
        lf_store(e->qx + j, lf_gather(qvx, q));
        lf_store(e->qy + j, lf_gather(qvy, q));
        lf_store(e->qz + j, lf_gather(qvz, q));
    }
}

#define POLY3_DOT(ax, ay, az, bx, by, bz) lf_dot3(ax, ay, az, bx, by, bz)

/* Edge pairs that passed the Gauss-map test wait here (as i * 256 + j)
 * until a batch is worth measuring: measured as they were found, most
 * chunks would carry one or two live lanes, and the branch on them would
 * be a coin toss. */
#define POLY3_BATCH 256u

typedef struct poly3_best {
    lf best, at;
} poly3_best;

/* The Gauss-map test trusts a sign only beyond this: each dot product of
 * unit vectors carries up to a few FLT_EPSILON of rounding, and one that
 * is 0 in exact arithmetic (an arc ending on the other edge's great
 * circle: a face of A and a face of B with the same normal, or a face
 * normal along the other edge) can come out of either sign. A crossing
 * found so was no face of the Minkowski difference: in a pair found by
 * fuzz_collide3 (two thin hulls, a face of each with normal n, each
 * face holding one of the edges) the arcs met only at n and -n, the
 * test passed on rounding, and the edge pair reported 0.398 apart for a
 * gap of -0.498 along its own normal. A crossing this close to an arc's
 * end lies within about POLY3_ARC_EPS / |u x v| rad of a face normal of
 * A or B, which the face queries measure. */
#define POLY3_ARC_EPS 0x1p-21f

/* the Gauss-map test at one lane, in the order that stops soonest */
static inline int poly3_arcs_cross(float cu, float du, float av, float bv)
{
    return cu * du < 0.0f && cu * bv < 0.0f && av * bv < 0.0f && fabsf(cu) > POLY3_ARC_EPS &&
           fabsf(du) > POLY3_ARC_EPS && fabsf(av) > POLY3_ARC_EPS && fabsf(bv) > POLY3_ARC_EPS;
}

/* Below this |u x v| an edge pair's (t L).(q - p) / len is measured
 * from its vertices instead: the formula holds only for L square to both
 * edges, and L's direction carries the edges' rounding divided by len
 * (u and v are float unit vectors, v turned into P's frame), so the
 * formula's error grows as FLT_EPSILON |q - p| / len. The band the
 * contract allows is SEPAX3_EDGE_TOLERANCE (1e-5) times the pair's size,
 * and |q - p| is at most twice that size: len >= 1/32 keeps the formula
 * well inside it. A hull pair found by fuzz_collide3 (a cube with a
 * pyramid 0.004 high on a face, a box's edges 4.5e-5 rad from its
 * slopes) reported -219.03 for a gap of -222.36 along its own normal. */
#define POLY3_ILL (1.0f / 32.0f)

/* the gap along the unit (nx, ny, nz) from P's vertices to Q's (qv: in
 * P's frame) */
static LANES3_INLINE lf poly3_gap(const poly3 *P, const poly3 *Q, const float *qvx,
                                  const float *qvy, const float *qvz, lf nx, lf ny, lf nz)
{
    lf ahi = lf_set1(-INFINITY), blo = lf_set1(INFINITY);
    for (uint32_t m = 0; m < P->nv; m++)
        ahi = lf_max(ahi, POLY3_DOT(nx, ny, nz, lf_set1(P->vx[m]), lf_set1(P->vy[m]),
                                    lf_set1(P->vz[m])));
    for (uint32_t m = 0; m < Q->nv; m++)
        blo = lf_min(blo, POLY3_DOT(nx, ny, nz, lf_set1(qvx[m]), lf_set1(qvy[m]), lf_set1(qvz[m])));
    return lf_sub(blo, ahi);
}

/* measure the first n candidates (n a multiple of LANES) */
static LANES3_INLINE void poly3_measure(const poly3 *P, const poly3_edges *e, const float *qvx,
                                        const float *qvy, const float *qvz, const poly3 *Q,
                                        const uint32_t *cand, uint32_t n, poly3_best *b)
{
    const lf zero = lf_set1(0.0f);
    for (uint32_t k = 0; k < n; k += LANES) {
        float g[13][LANES];
        for (uint32_t l = 0; l < LANES; l++) {
            const uint32_t c = cand[k + l], i = c >> 8, j = c & 255u, v0 = (uint32_t)P->i0[i];
            g[0][l] = P->ux[i], g[1][l] = P->uy[i], g[2][l] = P->uz[i];
            g[3][l] = P->vx[v0], g[4][l] = P->vy[v0], g[5][l] = P->vz[v0];
            g[6][l] = e->ux[j], g[7][l] = e->uy[j], g[8][l] = e->uz[j];
            g[9][l] = e->qx[j], g[10][l] = e->qy[j], g[11][l] = e->qz[j];
            g[12][l] = (float)c;
        }
        const lf ux = lf_load(g[0]), uy = lf_load(g[1]), uz = lf_load(g[2]);
        const lf px = lf_load(g[3]), py = lf_load(g[4]), pz = lf_load(g[5]);
        const lf vx = lf_load(g[6]), vy = lf_load(g[7]), vz = lf_load(g[8]);
        const lf Lx = lf_sub(lf_mul(uy, vz), lf_mul(uz, vy));
        const lf Ly = lf_sub(lf_mul(uz, vx), lf_mul(ux, vz));
        const lf Lz = lf_sub(lf_mul(ux, vy), lf_mul(uy, vx));
        const lf len = lf_sqrt(POLY3_DOT(Lx, Ly, Lz, Lx, Ly, Lz));
        const lm ok = lf_ge(len, lf_set1(SEPAX3_PARALLEL_TOLERANCE));
        /* turned away from P's centre; only the winner's unit normal is
         * ever formed, so one division per lane here */
        const lf turn = lf_sel(lf_lt(POLY3_DOT(Lx, Ly, Lz, px, py, pz), zero), lf_set1(-1.0f),
                               lf_set1(1.0f));
#if POLY3_PRUNE
        lf s = lf_div(lf_mul(turn, POLY3_DOT(Lx, Ly, Lz, lf_sub(lf_load(g[9]), px),
                                             lf_sub(lf_load(g[10]), py), lf_sub(lf_load(g[11]), pz))),
                      len);
        const lm ill = lm_and(ok, lf_lt(len, lf_set1(POLY3_ILL)));
        if (lm_bits(ill)) { /* rare: edges within 1.8 degrees of parallel */
            const lf nx = lf_div(lf_mul(turn, Lx), len), ny = lf_div(lf_mul(turn, Ly), len),
                     nz = lf_div(lf_mul(turn, Lz), len);
            s = lf_sel(ill, poly3_gap(P, Q, qvx, qvy, qvz, nx, ny, nz), s);
        }
#else
        const lf none = lf_set1(-INFINITY);
        const lf nx = lf_div(lf_mul(turn, Lx), len), ny = lf_div(lf_mul(turn, Ly), len),
                 nz = lf_div(lf_mul(turn, Lz), len);
        lf alo = lf_set1(INFINITY), ahi = none, blo = lf_set1(INFINITY), bhi = none;
        for (uint32_t m = 0; m < P->nv; m++) {
            const lf x = POLY3_DOT(nx, ny, nz, lf_set1(P->vx[m]), lf_set1(P->vy[m]),
                                   lf_set1(P->vz[m]));
            alo = lf_min(alo, x), ahi = lf_max(ahi, x);
        }
        for (uint32_t m = 0; m < Q->nv; m++) {
            const lf x = POLY3_DOT(nx, ny, nz, lf_set1(qvx[m]), lf_set1(qvy[m]), lf_set1(qvz[m]));
            blo = lf_min(blo, x), bhi = lf_max(bhi, x);
        }
        const lf s = lf_max(lf_sub(blo, ahi), lf_sub(alo, bhi));
#endif
        const lm win = lm_and(ok, lf_gt(s, b->best));
        b->best = lf_sel(win, s, b->best);
        b->at = lf_sel(win, lf_load(g[12]), b->at);
    }
}

/* The most any edge pair with P's edge i can separate P and Q: its axis
 * n lies on the edge's arc (from the normal a of its face fa to b of fb,
 * about u = unit(a x b)), where P's support is the edge, and Q holds the
 * ball of radius rin about c (P's frame), so the gap along n is at most
 * n.(c - p) - rin, p the edge's first vertex. Over the arc, n.w (w =
 * c - p) is largest at w's part square to u when that part lies within
 * the arc, else at a or b. */
static LANES3_INLINE void poly3_edge_bounds(const poly3 *P, const float c[3], float rin,
                                            float *out)
{
    /* lanes over P's edges, both branches computed and one kept: the
     * scalar expressions per lane (seg3_dot and side3_cross's order) */
    const lf zero = lf_set1(0.0f), r = lf_set1(rin);
    const lf cx = lf_set1(c[0]), cy = lf_set1(c[1]), cz = lf_set1(c[2]);
    for (uint32_t i = 0; i < P->ne; i += LANES) {
        const lf fa = lf_load(P->fa + i), fb = lf_load(P->fb + i), v0 = lf_load(P->i0 + i);
        const lf u[3] = {lf_load(P->ux + i), lf_load(P->uy + i), lf_load(P->uz + i)};
        const lf a[3] = {lf_gather(P->nx, fa), lf_gather(P->ny, fa), lf_gather(P->nz, fa)};
        const lf b[3] = {lf_gather(P->nx, fb), lf_gather(P->ny, fb), lf_gather(P->nz, fb)};
        const lf w[3] = {lf_sub(cx, lf_gather(P->vx, v0)), lf_sub(cy, lf_gather(P->vy, v0)),
                         lf_sub(cz, lf_gather(P->vz, v0))};
        const lf wu = lf_dot3(w[0], w[1], w[2], u[0], u[1], u[2]);
        const lf wp[3] = {lf_sub(w[0], lf_mul(wu, u[0])), lf_sub(w[1], lf_mul(wu, u[1])),
                          lf_sub(w[2], lf_mul(wu, u[2]))};
        /* x = a x wp, y = wp x b, as side3_cross */
        const lf x[3] = {lf_sub(lf_mul(a[1], wp[2]), lf_mul(a[2], wp[1])),
                         lf_sub(lf_mul(a[2], wp[0]), lf_mul(a[0], wp[2])),
                         lf_sub(lf_mul(a[0], wp[1]), lf_mul(a[1], wp[0]))};
        const lf y[3] = {lf_sub(lf_mul(wp[1], b[2]), lf_mul(wp[2], b[1])),
                         lf_sub(lf_mul(wp[2], b[0]), lf_mul(wp[0], b[2])),
                         lf_sub(lf_mul(wp[0], b[1]), lf_mul(wp[1], b[0]))};
        const lm inside = lm_and(lf_ge(lf_dot3(x[0], x[1], x[2], u[0], u[1], u[2]), zero),
                                 lf_ge(lf_dot3(y[0], y[1], y[2], u[0], u[1], u[2]), zero));
        /* inside the arc: |wp|, its coordinates divided by the largest
         * first (for shapes near the smallest the store holds their
         * squares underflow, and a length of 0 skipped the edge that
         * separated two hulls 1e-23 across, found by fuzz_collide3); 0
         * for wp = 0 */
        const lf p0 = lf_abs(wp[0]), p1 = lf_abs(wp[1]), p2 = lf_abs(wp[2]);
        lf big = lf_sel(lf_gt(p0, p1), p0, p1);
        big = lf_sel(lf_gt(p2, big), p2, big);
        const lm some = lf_gt(big, zero);
        const lf by = lf_sel(some, big, lf_set1(1.0f)); /* no 0 / 0 in the lanes not kept */
        const lf q[3] = {lf_div(wp[0], by), lf_div(wp[1], by), lf_div(wp[2], by)};
        const lf len = lf_sel(some, lf_mul(big, lf_sqrt(lf_dot3(q[0], q[1], q[2], q[0], q[1], q[2]))),
                              zero);
        /* else: the larger of a.w and b.w */
        const lf aw = lf_dot3(a[0], a[1], a[2], w[0], w[1], w[2]);
        const lf bw = lf_dot3(b[0], b[1], b[2], w[0], w[1], w[2]);
        const lf most = lf_sel(inside, len, lf_sel(lf_gt(aw, bw), aw, bw));
        lf_store(out + i, lf_sub(most, r));
    }
}

/* the best edge axis of P x Q (-inf when no edge pair is a face of the
 * Minkowski difference); qv: Q's vertices in P's frame (brute force only).
 * Only edge pairs that can separate by more than beat (the best face
 * plus the edge tolerance: less can never win) need measuring: P's edges
 * whose bound (poly3_edge_bounds, with Q's centre c and inner radius rin)
 * plus margin is not above it are skipped. The best of the others is the
 * best of all whenever it beats beat, bit for bit, and otherwise both
 * lose. */
static LANES3_INLINE float poly3_edge_query(const poly3 *P, const poly3 *Q, const poly3_edges *e,
                                            const float *qvx, const float *qvy, const float *qvz,
                                            const float c[3], float rin, float beat, float margin,
                                            uint32_t *ei, uint32_t *ej, float axis[3])
{
    const lf zero = lf_set1(0.0f);
    poly3_best b = {lf_set1(-INFINITY), zero};
    uint32_t cand[POLY3_BATCH + 2u * 16u], n = 0;
#if POLY3_PRUNE
    float bound[POLY3_E];
    poly3_edge_bounds(P, c, rin, bound);
#else
    (void)c, (void)rin, (void)margin, (void)beat;
#endif
    for (uint32_t i = 0; i < P->ne; i++) {
#if POLY3_PRUNE
        if (!(bound[i] + margin > beat))
            continue;
#endif
        const uint32_t fa = (uint32_t)P->fa[i], fb = (uint32_t)P->fb[i];
        const lf ux = lf_set1(P->ux[i]), uy = lf_set1(P->uy[i]), uz = lf_set1(P->uz[i]);
        const lf ax = lf_set1(P->nx[fa]), ay = lf_set1(P->ny[fa]), az = lf_set1(P->nz[fa]);
        const lf bx = lf_set1(P->nx[fb]), by = lf_set1(P->ny[fb]), bz = lf_set1(P->nz[fb]);
        for (uint32_t j = 0; j < Q->ne; j += LANES) {
            const lf vx = lf_load(e->ux + j), vy = lf_load(e->uy + j), vz = lf_load(e->uz + j);
            const lf cu = POLY3_DOT(lf_load(e->cx + j), lf_load(e->cy + j), lf_load(e->cz + j), ux, uy, uz);
            const lf du = POLY3_DOT(lf_load(e->dx + j), lf_load(e->dy + j), lf_load(e->dz + j), ux, uy, uz);
            const lf av = POLY3_DOT(ax, ay, az, vx, vy, vz);
            const lf bv = POLY3_DOT(bx, by, bz, vx, vy, vz);
#if POLY3_PRUNE
            /* all three products below 0: their largest is (at one lane,
             * the same predicate in the order that stops soonest; the
             * products are never NaN, the inputs being unit vectors),
             * and no factor within POLY3_ARC_EPS of 0 */
#if defined(SEPAX_WIDE_BITS)
            const lm arc = lm_and(
                lf_lt(lf_max(lf_max(lf_mul(cu, du), lf_mul(av, bv)), lf_mul(cu, bv)), zero),
                lf_gt(lf_min(lf_min(lf_abs(cu), lf_abs(du)), lf_min(lf_abs(av), lf_abs(bv))),
                      lf_set1(POLY3_ARC_EPS)));
#else
            const lm arc = poly3_arcs_cross(cu, du, av, bv);
#endif
            const uint32_t bits = lm_bits(arc);
#else
            const uint32_t bits = (1u << LANES) - 1u; /* every pair */
            (void)cu, (void)du, (void)av, (void)bv;
#endif
            /* the live lanes' indices, in lane order (few chunks have
             * any: about 1.5% of edge pairs pass); lanes past Q's last
             * edge copy edge 0 and are dropped */
            for (uint32_t live = bits; live; live &= live - 1u) {
                const uint32_t l = (uint32_t)__builtin_ctz(live);
                cand[n] = i << 8 | (j + l);
                n += j + l < Q->ne;
            }
            if (n >= POLY3_BATCH) {
                const uint32_t full = n / LANES * LANES;
                poly3_measure(P, e, qvx, qvy, qvz, Q, cand, full, &b);
                for (uint32_t k = full; k < n; k++)
                    cand[k - full] = cand[k];
                n -= full;
            }
        }
    }
    if (n) {
        /* pad with the first candidate: a copy never beats its original */
        const uint32_t full = (n + LANES - 1u) / LANES * LANES;
        for (uint32_t k = n; k < full; k++)
            cand[k] = cand[0];
        poly3_measure(P, e, qvx, qvy, qvz, Q, cand, full, &b);
    }
    float value, index;
    lanes3_argmax(b.best, b.at, &value, &index);
    *ei = (uint32_t)index / 256u;
    *ej = (uint32_t)index % 256u;
    /* the winner's unit normal, by the lanes' expressions at one lane */
    const uint32_t i = *ei, j = *ej, v0 = (uint32_t)P->i0[i];
    const float u[3] = {P->ux[i], P->uy[i], P->uz[i]}, v[3] = {e->ux[j], e->uy[j], e->uz[j]};
    float L[3];
    side3_cross(u, v, L);
    const float len = sqrtf((L[0] * L[0] + L[1] * L[1]) + L[2] * L[2]);
    const float p[3] = {P->vx[v0], P->vy[v0], P->vz[v0]};
    const float turn = (L[0] * p[0] + L[1] * p[1]) + L[2] * p[2] < 0.0f ? -1.0f : 1.0f;
    for (int k = 0; k < 3; k++)
        axis[k] = (turn * L[k]) / len;
    return value;
}

/* Apart along the centres' direction (support3.h), which reads both
 * vertex sets, about half the lines the face query reads: then the
 * answer is written to o and 1 returned. qx, qy, qz: Y's vertices placed
 * by yx into X's frame. */
static LANES3_INLINE int poly3_support(const side3 *X, const side3 *Y, const frame3 *yx,
                                       const float *qx, const float *qy, const float *qz,
                                       float margin, sepax3_result *o)
{
    float d[3], gap;
    if (!support3_polys(&X->p, qx, qy, qz, Y->p.nv, yx->t, Y->p.rin, margin, d, &gap))
        return 0;
    side3_to_world(X->w, d, &o->normal);
    side3_finish(o, gap, SEPAX3_AXIS_SUPPORT, SIDE3_NONE, SIDE3_NONE, 0, 0);
    return 1;
}

static LANES3_INLINE void poly3_pair(const side3 *X, const side3 *Y, sepax3_result *o)
{
    const poly3 *P = &X->p, *Q = &Y->p;
    frame3 yx, xy;
    side3_frame(X->w, Y->w, &yx);
    side3_frame(Y->w, X->w, &xy);
    float qx[POLY3_V], qy[POLY3_V], qz[POLY3_V], px[POLY3_V], py[POLY3_V], pz[POLY3_V];
    poly3_place(&yx, Q, qx, qy, qz);

    uint32_t fx, fy, ei, ej;
    const float margin = poly3_margin(X, Y, &yx);
#if POLY3_SUPPORT
    if (poly3_support(X, Y, &yx, qx, qy, qz, margin, o))
        return;
#endif
    const float sx = poly3_faces(P, qx, qy, qz, Q->nv, yx.t, Q->rin, margin, &fx);
    if (sx > 0.0f) { /* apart on a face of X: no need to look further */
        const float n[3] = {P->nx[fx], P->ny[fx], P->nz[fx]};
        side3_to_world(X->w, n, &o->normal);
        side3_finish(o, sx, SEPAX3_AXIS_FACE_A, fx, SIDE3_NONE, 0, 0);
        return;
    }
    poly3_place(&xy, P, px, py, pz);
    const float sy = poly3_faces(Q, px, py, pz, P->nv, xy.t, P->rin, margin, &fy);
    if (sy > 0.0f) {
        const float n[3] = {-Q->nx[fy], -Q->ny[fy], -Q->nz[fy]};
        side3_to_world(Y->w, n, &o->normal);
        side3_finish(o, sy, SEPAX3_AXIS_FACE_B, SIDE3_NONE, fy, 0, 0);
        return;
    }
    /* containment only for pairs that overlap on every face axis */
    const int y_in_x = poly3_holds(P, qx, qy, qz, Q->nv);
    const int x_in_y = poly3_holds(Q, px, py, pz, P->nv);
    float size = 0.0f;
    for (int k = 0; k < 3; k++)
        size = size + X->w[SEPAX3_W_H + k];
    for (int k = 0; k < 3; k++)
        size = size + Y->w[SEPAX3_W_H + k];
    const float face = sy > sx ? sy : sx;
    const float beat = face + SEPAX3_EDGE_TOLERANCE * size;
    poly3_edges e;
    poly3_edges_of(&yx, Q, qx, qy, qz, &e);
    float axis[3];
    /* an edge pair's value carries up to about FLT_EPSILON |q - p| / len
     * of rounding, len >= 1/32 (POLY3_ILL), |q - p| within twice the
     * scale the face margin counts: 64 such margins cover it */
    const float se = poly3_edge_query(P, Q, &e, qx, qy, qz, yx.t, Q->rin, beat,
                                      64.0f * margin, &ei, &ej, axis);
    if (se > beat) {
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
#include "round3.h"

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
        round3_pair(v, sa, sb, out);
    }
}

#endif
