/* Hull pairs the other way round: one pair per lane (a tile of LANES
 * pairs, each lane's hull arrays read at the tile's largest count, a
 * shorter hull repeating its element 0 as the store's padding does),
 * against poly3.h's one pair at a time with its faces and edge pairs
 * across the lanes. Built for the bench only, to measure which way of
 * filling lanes is faster per size of hull (docs/notes/3d.md, "Which way
 * to fill lanes"); each lane computes poly3.h's expressions in poly3.h's
 * order, so the results are bit-identical to the library's (the bench
 * row counts any that are not).
 *
 *   first, one pair at a time, the library's support test (support3.h):
 *       the pairs it parts are answered there
 *   face stage, a tile of LANES pairs:
 *       per lane: both frames (scalar, as poly3.h)
 *       Q's vertices into P's frame                     (k < tile's max nv)
 *       P's face query: per face f, lo = min over k of n.v - d + 0;
 *           best by strict >, in order (lowest index on ties)
 *       P's vertices into Q's frame, Q's face query
 *       lanes apart on a face: answered; the rest queue for the edges
 *   edge stage, a tile of LANES queued pairs:
 *       Q's edges turned into P's frame: u, the two face normals, the
 *       first vertex placed
 *       for each edge i of P, each edge j of Q: the Gauss-map test in
 *           lanes; when any lane passes, measure s in every lane and keep
 *           the passing lanes' s by strict >
 *       per lane: the winner as poly3_pair forms it
 * Hull-hull pairs only (the scenes it runs on have nothing else). */
#include <math.h>
#include <string.h>

#include "3d/store.h"
#include "3d/kernels/poly3.h"

#include "unpruned3.h"

void TILE3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n, sepax3_result *out);

/* lane l's copy of element k of an array of count n (element 0 past the
 * end, as the padding holds) */
#define TILE3_AT(arr, k, cnt) ((arr)[(k) < (cnt) ? (k) : 0u])

typedef struct tile3_lanes {
    side3 X[LANES], Y[LANES];
    uint32_t at[LANES];
    uint32_t n;
} tile3_lanes;

typedef struct tile3_faces {
    float sx, sy;
    uint32_t fx, fy;
    int x_in_y, y_in_x;
} tile3_faces;

/* frames of every lane into lanes: R[i][j], t[i] */
static inline void tile3_frames(const frame3 *f, lf R[3][3], lf t[3])
{
    for (int i = 0; i < 3; i++) {
        float g[LANES];
        for (uint32_t l = 0; l < LANES; l++)
            g[l] = f[l].t[i];
        t[i] = lf_load(g);
        for (int j = 0; j < 3; j++) {
            for (uint32_t l = 0; l < LANES; l++)
                g[l] = f[l].R[i][j];
            R[i][j] = lf_load(g);
        }
    }
}

/* every lane's Q (side s) vertices placed by its frame into x, y, z
 * (lane-major); returns the tile's largest count */
static inline uint32_t tile3_place(const side3 *S, const frame3 *f, float (*x)[LANES],
                                   float (*y)[LANES], float (*z)[LANES])
{
    lf R[3][3], t[3];
    tile3_frames(f, R, t);
    uint32_t nv = 0;
    for (uint32_t l = 0; l < LANES; l++)
        nv = S[l].p.nv > nv ? S[l].p.nv : nv;
    float (*out[3])[LANES] = {x, y, z};
    for (uint32_t k = 0; k < nv; k++) {
        float gx[LANES], gy[LANES], gz[LANES];
        for (uint32_t l = 0; l < LANES; l++) {
            const poly3 *p = &S[l].p;
            gx[l] = TILE3_AT(p->vx, k, p->nv);
            gy[l] = TILE3_AT(p->vy, k, p->nv);
            gz[l] = TILE3_AT(p->vz, k, p->nv);
        }
        const lf vx = lf_load(gx), vy = lf_load(gy), vz = lf_load(gz);
        for (int i = 0; i < 3; i++)
            lf_store(out[i][k],
                     lf_add(lf_add(lf_add(lf_mul(R[i][0], vx), lf_mul(R[i][1], vy)),
                                   lf_mul(R[i][2], vz)),
                            t[i]));
    }
    return nv;
}

/* every lane's P (side S) faces against its nv placed points */
static inline void tile3_face_query(const side3 *S, const float (*x)[LANES],
                                    const float (*y)[LANES], const float (*z)[LANES], uint32_t nv,
                                    float *sep, uint32_t *face, int *all_inside)
{
    uint32_t nf = 0;
    for (uint32_t l = 0; l < LANES; l++)
        nf = S[l].p.nf > nf ? S[l].p.nf : nf;
    const lf zero = lf_set1(0.0f);
    lf best = lf_set1(-INFINITY), at = zero, worst = lf_set1(-INFINITY);
    for (uint32_t f = 0; f < nf; f++) {
        float gx[LANES], gy[LANES], gz[LANES], gd[LANES];
        for (uint32_t l = 0; l < LANES; l++) {
            const poly3 *p = &S[l].p;
            gx[l] = TILE3_AT(p->nx, f, p->nf);
            gy[l] = TILE3_AT(p->ny, f, p->nf);
            gz[l] = TILE3_AT(p->nz, f, p->nf);
            gd[l] = TILE3_AT(p->d, f, p->nf);
        }
        const lf nx = lf_load(gx), ny = lf_load(gy), nz = lf_load(gz), d = lf_load(gd);
        lf lo = lf_set1(INFINITY);
        for (uint32_t k = 0; k < nv; k++) {
            const lf v = lf_add(lf_sub(lf_add(lf_add(lf_mul(nx, lf_load(x[k])),
                                                     lf_mul(ny, lf_load(y[k]))),
                                              lf_mul(nz, lf_load(z[k]))),
                                       d),
                                zero);
            lo = lf_min(lo, v);
            worst = lf_max(worst, v);
        }
        const lm win = lf_gt(lo, best);
        best = lf_sel(win, lo, best);
        at = lf_sel(win, lf_set1((float)f), at);
    }
    float b[LANES], a[LANES], w[LANES];
    lf_store(b, best);
    lf_store(a, at);
    lf_store(w, worst);
    for (uint32_t l = 0; l < LANES; l++) {
        sep[l] = b[l];
        face[l] = (uint32_t)a[l];
        all_inside[l] = w[l] <= 0.0f;
    }
}

static void tile3_answer_face(const side3 *X, const side3 *Y, float s, int on_a, uint32_t f,
                              int x_in_y, int y_in_x, sepax3_result *o)
{
    memset(o, 0, sizeof *o);
    if (on_a) {
        const float nrm[3] = {X->p.nx[f], X->p.ny[f], X->p.nz[f]};
        side3_to_world(X->w, nrm, &o->normal);
        side3_finish(o, s, SEPAX3_AXIS_FACE_A, f, SIDE3_NONE, x_in_y, y_in_x);
    } else {
        const float nrm[3] = {-Y->p.nx[f], -Y->p.ny[f], -Y->p.nz[f]};
        side3_to_world(Y->w, nrm, &o->normal);
        side3_finish(o, s, SEPAX3_AXIS_FACE_B, SIDE3_NONE, f, x_in_y, y_in_x);
    }
}

/* the edge stage on a full tile (spare lanes repeat lane 0) */
static void tile3_edges(const tile3_lanes *t, const tile3_faces *fq, sepax3_result *out)
{
    frame3 yx[LANES];
    for (uint32_t l = 0; l < LANES; l++)
        side3_frame(t->X[l].w, t->Y[l].w, &yx[l]);
    lf R[3][3], tr[3];
    tile3_frames(yx, R, tr);
    uint32_t neq = 0, nep = 0;
    for (uint32_t l = 0; l < LANES; l++) {
        neq = t->Y[l].p.ne > neq ? t->Y[l].p.ne : neq;
        nep = t->X[l].p.ne > nep ? t->X[l].p.ne : nep;
    }
    /* Q's edges in P's frame, per lane */
    static _Thread_local float e[12][POLY3_E][LANES];
    for (uint32_t j = 0; j < neq; j++) {
        float g[12][LANES];
        for (uint32_t l = 0; l < LANES; l++) {
            const poly3 *q = &t->Y[l].p;
            const uint32_t s = j < q->ne ? j : 0u;
            const uint32_t c = (uint32_t)q->fa[s], d = (uint32_t)q->fb[s], v = (uint32_t)q->i0[s];
            g[0][l] = q->ux[s], g[1][l] = q->uy[s], g[2][l] = q->uz[s];
            g[3][l] = q->nx[c], g[4][l] = q->ny[c], g[5][l] = q->nz[c];
            g[6][l] = q->nx[d], g[7][l] = q->ny[d], g[8][l] = q->nz[d];
            g[9][l] = q->vx[v], g[10][l] = q->vy[v], g[11][l] = q->vz[v];
        }
        for (int k = 0; k < 12; k += 3) {
            const lf x = lf_load(g[k]), y = lf_load(g[k + 1]), z = lf_load(g[k + 2]);
            for (int i = 0; i < 3; i++) {
                lf r = lf_add(lf_add(lf_mul(R[i][0], x), lf_mul(R[i][1], y)), lf_mul(R[i][2], z));
                if (k == 9)
                    r = lf_add(r, tr[i]);
                lf_store(e[k + i][j], r);
            }
        }
    }
    const lf zero = lf_set1(0.0f);
    lf best = lf_set1(-INFINITY), at = zero;
    for (uint32_t i = 0; i < nep; i++) {
        float g[12][LANES];
        for (uint32_t l = 0; l < LANES; l++) {
            const poly3 *p = &t->X[l].p;
            const uint32_t s = i < p->ne ? i : 0u;
            const uint32_t fa = (uint32_t)p->fa[s], fb = (uint32_t)p->fb[s], v = (uint32_t)p->i0[s];
            g[0][l] = p->ux[s], g[1][l] = p->uy[s], g[2][l] = p->uz[s];
            g[3][l] = p->nx[fa], g[4][l] = p->ny[fa], g[5][l] = p->nz[fa];
            g[6][l] = p->nx[fb], g[7][l] = p->ny[fb], g[8][l] = p->nz[fb];
            g[9][l] = p->vx[v], g[10][l] = p->vy[v], g[11][l] = p->vz[v];
        }
        const lf ux = lf_load(g[0]), uy = lf_load(g[1]), uz = lf_load(g[2]);
        const lf ax = lf_load(g[3]), ay = lf_load(g[4]), az = lf_load(g[5]);
        const lf bx = lf_load(g[6]), by = lf_load(g[7]), bz = lf_load(g[8]);
        const lf px = lf_load(g[9]), py = lf_load(g[10]), pz = lf_load(g[11]);
        /* a lane past its own P's edges repeats edge 0, whose pairs it
         * has measured already: a copy never beats under strict > */
        for (uint32_t j = 0; j < neq; j++) {
            const lf vx = lf_load(e[0][j]), vy = lf_load(e[1][j]), vz = lf_load(e[2][j]);
            const lf cu = POLY3_DOT(lf_load(e[3][j]), lf_load(e[4][j]), lf_load(e[5][j]), ux, uy, uz);
            const lf du = POLY3_DOT(lf_load(e[6][j]), lf_load(e[7][j]), lf_load(e[8][j]), ux, uy, uz);
            const lf av = POLY3_DOT(ax, ay, az, vx, vy, vz);
            const lf bv = POLY3_DOT(bx, by, bz, vx, vy, vz);
#if defined(SEPAX_WIDE_BITS)
            const lm arc = lf_lt(lf_max(lf_max(lf_mul(cu, du), lf_mul(av, bv)), lf_mul(cu, bv)),
                                 zero);
#else
            const lm arc = cu * du < 0.0f && cu * bv < 0.0f && av * bv < 0.0f;
#endif
            if (!lm_bits(arc))
                continue;
            const lf Lx = lf_sub(lf_mul(uy, vz), lf_mul(uz, vy));
            const lf Ly = lf_sub(lf_mul(uz, vx), lf_mul(ux, vz));
            const lf Lz = lf_sub(lf_mul(ux, vy), lf_mul(uy, vx));
            const lf len = lf_sqrt(POLY3_DOT(Lx, Ly, Lz, Lx, Ly, Lz));
            const lm ok = lf_ge(len, lf_set1(SEPAX3_PARALLEL_TOLERANCE));
            const lf turn = lf_sel(lf_lt(POLY3_DOT(Lx, Ly, Lz, px, py, pz), zero),
                                   lf_set1(-1.0f), lf_set1(1.0f));
            const lf s = lf_div(lf_mul(turn, POLY3_DOT(Lx, Ly, Lz, lf_sub(lf_load(e[9][j]), px),
                                                       lf_sub(lf_load(e[10][j]), py),
                                                       lf_sub(lf_load(e[11][j]), pz))),
                                len);
            const lm win = lm_and(lm_and(arc, ok), lf_gt(s, best));
            best = lf_sel(win, s, best);
            at = lf_sel(win, lf_set1((float)(i << 8 | j)), at);
        }
    }
    float bs[LANES], ba[LANES];
    lf_store(bs, best);
    lf_store(ba, at);
    for (uint32_t l = 0; l < t->n; l++) {
        const side3 *X = &t->X[l], *Y = &t->Y[l];
        const poly3 *P = &X->p;
        const tile3_faces *f = &fq[l];
        const uint32_t ei = (uint32_t)ba[l] / 256u, ej = (uint32_t)ba[l] % 256u;
        float size = 0.0f;
        for (int k = 0; k < 3; k++)
            size = size + X->w[SEPAX3_W_H + k];
        for (int k = 0; k < 3; k++)
            size = size + Y->w[SEPAX3_W_H + k];
        const float face = f->sy > f->sx ? f->sy : f->sx;
        sepax3_result *o = &out[t->at[l]];
        if (bs[l] > face + SEPAX3_EDGE_TOLERANCE * size) {
            const uint32_t v0 = (uint32_t)P->i0[ei];
            const float u[3] = {P->ux[ei], P->uy[ei], P->uz[ei]};
            const float v[3] = {e[0][ej][l], e[1][ej][l], e[2][ej][l]};
            float L[3], axis[3];
            side3_cross(u, v, L);
            const float len = sqrtf((L[0] * L[0] + L[1] * L[1]) + L[2] * L[2]);
            const float p[3] = {P->vx[v0], P->vy[v0], P->vz[v0]};
            const float turn = (L[0] * p[0] + L[1] * p[1]) + L[2] * p[2] < 0.0f ? -1.0f : 1.0f;
            for (int k = 0; k < 3; k++)
                axis[k] = (turn * L[k]) / len;
            memset(o, 0, sizeof *o);
            side3_to_world(X->w, axis, &o->normal);
            side3_finish(o, bs[l], SEPAX3_AXIS_EDGES, ei, ej, f->x_in_y, f->y_in_x);
        } else if (f->sy > f->sx) {
            tile3_answer_face(X, Y, f->sy, 0, f->fy, f->x_in_y, f->y_in_x, o);
        } else {
            tile3_answer_face(X, Y, f->sx, 1, f->fx, f->x_in_y, f->y_in_x, o);
        }
    }
}

/* spare lanes of a part-full tile repeat lane 0 */
static void tile3_fill(tile3_lanes *t)
{
    for (uint32_t l = t->n; l < LANES; l++) {
        t->X[l] = t->X[0], t->Y[l] = t->Y[0];
        t->X[l].p = t->X[0].p, t->Y[l].p = t->Y[0].p;
    }
}

/* the face stage; pairs left for the edges go to q (run when full) */
static void tile3_face_stage(tile3_lanes *t, tile3_lanes *q, tile3_faces *qf, sepax3_result *out)
{
    tile3_fill(t);
    frame3 yx[LANES], xy[LANES];
    for (uint32_t l = 0; l < LANES; l++) {
        side3_frame(t->X[l].w, t->Y[l].w, &yx[l]);
        side3_frame(t->Y[l].w, t->X[l].w, &xy[l]);
    }
    static _Thread_local float x[POLY3_V][LANES], y[POLY3_V][LANES], z[POLY3_V][LANES];
    float sx[LANES], sy[LANES];
    uint32_t fx[LANES], fy[LANES];
    int y_in_x[LANES], x_in_y[LANES];
    uint32_t nv = tile3_place(t->Y, yx, x, y, z);
    tile3_face_query(t->X, (const float (*)[LANES])x, (const float (*)[LANES])y,
                     (const float (*)[LANES])z, nv, sx, fx, y_in_x);
    uint32_t open = 0;
    for (uint32_t l = 0; l < t->n; l++)
        open += !(sx[l] > 0.0f);
    if (open) {
        nv = tile3_place(t->X, xy, x, y, z);
        tile3_face_query(t->Y, (const float (*)[LANES])x, (const float (*)[LANES])y,
                         (const float (*)[LANES])z, nv, sy, fy, x_in_y);
    }
    for (uint32_t l = 0; l < t->n; l++) {
        sepax3_result *o = &out[t->at[l]];
        if (sx[l] > 0.0f) {
            tile3_answer_face(&t->X[l], &t->Y[l], sx[l], 1, fx[l], 0, 0, o);
        } else if (sy[l] > 0.0f) {
            tile3_answer_face(&t->X[l], &t->Y[l], sy[l], 0, fy[l], 0, 0, o);
        } else {
            const uint32_t k = q->n++;
            q->X[k] = t->X[l], q->Y[k] = t->Y[l];
            q->X[k].p = t->X[l].p, q->Y[k].p = t->Y[l].p;
            q->at[k] = t->at[l];
            qf[k] = (tile3_faces){sx[l], sy[l], fx[l], fy[l], x_in_y[l], y_in_x[l]};
            if (q->n == LANES) {
                tile3_edges(q, qf, out);
                q->n = 0;
            }
        }
    }
    t->n = 0;
}

/* The library's first test, one pair at a time (support3.h, poly3_pair's
 * expressions): the pairs it parts never reach the tile, as they never
 * reach poly3.h's faces */
static int tile3_support(const side3 *X, const side3 *Y, sepax3_result *o)
{
    frame3 yx;
    side3_frame(X->w, Y->w, &yx);
    float qx[POLY3_V], qy[POLY3_V], qz[POLY3_V];
    poly3_place(&yx, &Y->p, qx, qy, qz);
    memset(o, 0, sizeof *o);
    return poly3_support(X, Y, &yx, qx, qy, qz, poly3_margin(X, Y, &yx), o);
}

void TILE3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n, sepax3_result *out)
{
    const sepax3_view v = sepax3_store_view(store);
    static _Thread_local tile3_lanes t, q;
    tile3_faces qf[LANES];
    t.n = q.n = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t k = t.n++;
        side3_of(&v, SEPAX_ID_SLOT(pairs[i].a), &t.X[k]);
        side3_of(&v, SEPAX_ID_SLOT(pairs[i].b), &t.Y[k]);
        t.at[k] = (uint32_t)i;
        if (tile3_support(&t.X[k], &t.Y[k], &out[i])) {
            t.n--;
            continue;
        }
        if (t.n == LANES)
            tile3_face_stage(&t, &q, qf, out);
    }
    if (t.n)
        tile3_face_stage(&t, &q, qf, out);
    if (q.n) {
        tile3_fill(&q);
        for (uint32_t l = q.n; l < LANES; l++)
            qf[l] = qf[0];
        tile3_edges(&q, qf, out);
    }
}
