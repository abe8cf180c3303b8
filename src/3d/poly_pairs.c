/* Pairs with a hull or a capsule in them: one scalar routine, compiled
 * once into the library, that every backend's driver calls for such a
 * pair, so the answers are the same on all of them by construction. The
 * contract is in sepax3d.h; the hull layout in hull3.h.
 *
 *   box or hull X, box or hull Y (not two boxes):
 *       Y's vertices into X's frame, X's into Y's
 *       face of X: max over faces of min over the other's vertices of
 *       n.v - d (and the other inside when every n.v - d <= 0); Y alike
 *       edges: for each edge pair whose Gauss-map arcs cross, the unit
 *       cross product turned away from X's centre, separation along it
 *       winner: the larger face (X's on ties), an edge only beyond the
 *       edge tolerance
 *   box or hull X, sphere or capsule S (segment e0-e1, radius r):
 *       the segment in X's frame; Cyrus-Beck clipping against X's planes
 *       says whether it meets X
 *       meets: X's face with the largest min(n.e0, n.e1) - d, minus r
 *       apart: the least distance over X's edges (segment to segment) and
 *       X's faces (an end whose foot lies inside the face), minus r
 *   capsule or sphere, capsule or sphere: closest points of the segments
 *
 * A pair whose A is round and whose B is not is run as (B, A) and turned
 * round.
 *
 * POLY_PAIRS_PRUNE=0 builds the brute force the Gauss-map test saves:
 * every edge pair's axis, measured by projecting every vertex of both
 * shapes both ways (bench/ compiles this file so, under another name,
 * to time the two side by side; the library never does). */
#ifndef POLY_PAIRS_PRUNE
#define POLY_PAIRS_PRUNE 1
#endif
#ifndef POLY_PAIRS_ENTRY
#define POLY_PAIRS_ENTRY sepax3_general_pair
#endif
#include <float.h>
#include <math.h>
#include <string.h>

#include "hull3.h"
#include "kernels/kernel3.h"
#include "segment3.h"

#define NONE 0xFFu

/* One side of a pair: its world record, and for a box or hull the
 * polyhedron (a box's laid out in box[]). */
typedef struct side3 {
    const float *w;
    int kind;
    poly3 p;
    float box[HULL3_BOX_FLOATS];
} side3;

static int is_poly(int kind)
{
    return kind == SEPAX3_KIND_BOX || kind == SEPAX3_KIND_HULL;
}

static void side_of(const sepax3_view *v, uint32_t slot, side3 *s)
{
    s->w = v->world + SEPAX3_RECORD * (size_t)slot;
    s->kind = v->kind[slot];
    if (s->kind == SEPAX3_KIND_HULL) {
        s->p = poly3_of(v->pool + v->pool_at[slot]);
    } else if (s->kind == SEPAX3_KIND_BOX) {
        hull3_box_block(s->w + SEPAX3_W_H, s->box);
        s->p = poly3_of(s->box);
    }
}

/* Y's frame in X's: x_X = R x_Y + t */
typedef struct frame3 {
    float R[3][3], t[3];
} frame3;

static void frame_of(const float *wx, const float *wy, frame3 *f)
{
    float d[3];
    for (int c = 0; c < 3; c++)
        d[c] = wy[SEPAX3_W_C + c] - wx[SEPAX3_W_C + c];
    for (int i = 0; i < 3; i++) {
        const float *a = wx + SEPAX3_W_A + 3 * i;
        f->t[i] = seg3_dot(a, d);
        for (int j = 0; j < 3; j++)
            f->R[i][j] = seg3_dot(a, wy + SEPAX3_W_A + 3 * j);
    }
}

static void turn(const frame3 *f, float x, float y, float z, float out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = f->R[i][0] * x + f->R[i][1] * y + f->R[i][2] * z;
}

static void place(const frame3 *f, float x, float y, float z, float out[3])
{
    turn(f, x, y, z, out);
    for (int i = 0; i < 3; i++)
        out[i] = out[i] + f->t[i];
}

/* a vector in w's frame, in world coordinates */
static void to_world(const float *w, const float n[3], sepax_vec3 *out)
{
    float o[3];
    for (int c = 0; c < 3; c++)
        o[c] = w[SEPAX3_W_A + c] * n[0] + w[SEPAX3_W_A + 3 + c] * n[1] +
               w[SEPAX3_W_A + 6 + c] * n[2];
    *out = (sepax_vec3){o[0], o[1], o[2]};
}

static void finish(sepax3_result *o, float sep, unsigned axis, unsigned fa, unsigned fb,
                   int a_in_b, int b_in_a)
{
    o->separation = sep;
    o->axis = (uint8_t)axis;
    o->feature_a = (uint8_t)fa;
    o->feature_b = (uint8_t)fb;
    o->flags = (uint8_t)((sep <= 0.0f ? SEPAX_HIT : 0u) | (a_in_b ? SEPAX_A_IN_B : 0u) |
                         (b_in_a ? SEPAX_B_IN_A : 0u));
}

/* P's faces against points v (in P's frame): the largest over faces of
 * the least n.v - d, its face (lowest on ties), and whether every point
 * lies inside or on every face. -0 is made +0 so that the extremes do not
 * depend on the order they are taken in. */
static float face_query(const poly3 *P, const float (*v)[3], uint32_t n, uint32_t *face,
                        int *all_inside)
{
    float best = -INFINITY, worst = -INFINITY;
    uint32_t at = 0;
    for (uint32_t f = 0; f < P->nf; f++) {
        float lo = INFINITY;
        for (uint32_t j = 0; j < n; j++) {
            const float x = (P->nx[f] * v[j][0] + P->ny[f] * v[j][1] + P->nz[f] * v[j][2] -
                             P->d[f]) + 0.0f;
            lo = x < lo ? x : lo;
            worst = x > worst ? x : worst;
        }
        if (lo > best)
            best = lo, at = f;
    }
    *face = at;
    *all_inside = worst <= 0.0f;
    return best;
}

static void cross3(const float u[3], const float v[3], float out[3])
{
    out[0] = u[1] * v[2] - u[2] * v[1];
    out[1] = u[2] * v[0] - u[0] * v[2];
    out[2] = u[0] * v[1] - u[1] * v[0];
}

/* The best edge axis of P x Q, Q's vertices qv, face normals qn and edge
 * directions qu already in P's frame. Returns -inf when no edge pair is
 * a face of the Minkowski difference. */
static float edge_query(const poly3 *P, const poly3 *Q, const float (*qv)[3],
                        const float (*qn)[3], const float (*qu)[3], uint32_t *ei, uint32_t *ej,
                        float axis[3])
{
    float best = -INFINITY;
    *ei = *ej = 0;
    axis[0] = 1.0f, axis[1] = axis[2] = 0.0f;
    for (uint32_t i = 0; i < P->ne; i++) {
        const float u[3] = {P->ux[i], P->uy[i], P->uz[i]};
        const uint32_t fa = (uint32_t)P->fa[i], fb = (uint32_t)P->fb[i], v0 = (uint32_t)P->i0[i];
        const float a[3] = {P->nx[fa], P->ny[fa], P->nz[fa]};
        const float b[3] = {P->nx[fb], P->ny[fb], P->nz[fb]};
        const float p[3] = {P->vx[v0], P->vy[v0], P->vz[v0]};
        for (uint32_t j = 0; j < Q->ne; j++) {
            const float *v = qu[j], *c = qn[(uint32_t)Q->fa[j]], *d = qn[(uint32_t)Q->fb[j]];
            const float cu = seg3_dot(c, u), du = seg3_dot(d, u);
            const float av = seg3_dot(a, v), bv = seg3_dot(b, v);
            if (POLY_PAIRS_PRUNE && !(cu * du < 0.0f && av * bv < 0.0f && cu * bv < 0.0f))
                continue;
            float L[3];
            cross3(u, v, L);
            const float len = sqrtf(seg3_dot(L, L));
            if (!(len >= SEPAX3_PARALLEL_TOLERANCE))
                continue;
            float n[3] = {L[0] / len, L[1] / len, L[2] / len};
            if (seg3_dot(n, p) < 0.0f)
                n[0] = -n[0], n[1] = -n[1], n[2] = -n[2];
#if POLY_PAIRS_PRUNE
            const float *q = qv[(uint32_t)Q->i0[j]];
            const float gap[3] = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
            const float s = seg3_dot(n, gap);
#else
            float a_lo = INFINITY, a_hi = -INFINITY, b_lo = INFINITY, b_hi = -INFINITY;
            for (uint32_t k = 0; k < P->nv; k++) {
                const float x = n[0] * P->vx[k] + n[1] * P->vy[k] + n[2] * P->vz[k];
                a_lo = x < a_lo ? x : a_lo, a_hi = x > a_hi ? x : a_hi;
            }
            for (uint32_t k = 0; k < Q->nv; k++) {
                const float x = seg3_dot(n, qv[k]);
                b_lo = x < b_lo ? x : b_lo, b_hi = x > b_hi ? x : b_hi;
            }
            const float s = b_lo - a_hi > a_lo - b_hi ? b_lo - a_hi : a_lo - b_hi;
#endif
            if (s > best) {
                best = s, *ei = i, *ej = j;
                memcpy(axis, n, sizeof n);
            }
        }
    }
    return best;
}

static void poly_poly(const side3 *X, const side3 *Y, sepax3_result *o)
{
    const poly3 *P = &X->p, *Q = &Y->p;
    frame3 yx, xy;
    frame_of(X->w, Y->w, &yx);
    frame_of(Y->w, X->w, &xy);
    float qv[SEPAX3_MAX_HULL_VERTICES][3], pv[SEPAX3_MAX_HULL_VERTICES][3];
    float qn[HULL3_MAX_FACES][3], qu[HULL3_MAX_EDGES][3];
    for (uint32_t j = 0; j < Q->nv; j++)
        place(&yx, Q->vx[j], Q->vy[j], Q->vz[j], qv[j]);
    for (uint32_t i = 0; i < P->nv; i++)
        place(&xy, P->vx[i], P->vy[i], P->vz[i], pv[i]);
    for (uint32_t k = 0; k < Q->nf; k++)
        turn(&yx, Q->nx[k], Q->ny[k], Q->nz[k], qn[k]);
    for (uint32_t j = 0; j < Q->ne; j++)
        turn(&yx, Q->ux[j], Q->uy[j], Q->uz[j], qu[j]);

    uint32_t fx, fy, ei, ej;
    int y_in_x, x_in_y;
    const float sx = face_query(P, (const float(*)[3])qv, Q->nv, &fx, &y_in_x);
    const float sy = face_query(Q, (const float(*)[3])pv, P->nv, &fy, &x_in_y);
    float axis[3];
    const float se = edge_query(P, Q, (const float(*)[3])qv, (const float(*)[3])qn,
                                (const float(*)[3])qu, &ei, &ej, axis);
    float size = 0.0f;
    for (int k = 0; k < 3; k++)
        size = size + X->w[SEPAX3_W_H + k];
    for (int k = 0; k < 3; k++)
        size = size + Y->w[SEPAX3_W_H + k];
    const float face = sy > sx ? sy : sx;
    if (se > face + SEPAX3_EDGE_TOLERANCE * size) {
        to_world(X->w, axis, &o->normal);
        finish(o, se, SEPAX3_AXIS_EDGES, ei, ej, x_in_y, y_in_x);
    } else if (sy > sx) {
        const float n[3] = {-Q->nx[fy], -Q->ny[fy], -Q->nz[fy]};
        to_world(Y->w, n, &o->normal);
        finish(o, sy, SEPAX3_AXIS_FACE_B, NONE, fy, x_in_y, y_in_x);
    } else {
        const float n[3] = {P->nx[fx], P->ny[fx], P->nz[fx]};
        to_world(X->w, n, &o->normal);
        finish(o, sx, SEPAX3_AXIS_FACE_A, fx, NONE, x_in_y, y_in_x);
    }
}

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

static void poly_round(const side3 *X, const float *ws, sepax3_result *o)
{
    const poly3 *P = &X->p;
    const float r = ws[SEPAX3_W_R];
    float e0[3], e1[3];
    segment_in(X->w, ws, e0, e1);
    const float seg[3] = {e1[0] - e0[0], e1[1] - e0[1], e1[2] - e0[2]};
    float s0[HULL3_MAX_FACES], s1[HULL3_MAX_FACES];
    float best = -INFINITY, tmin = 0.0f, tmax = 1.0f;
    uint32_t bf = 0;
    int s_in_x = 1, meets = 1;
    for (uint32_t f = 0; f < P->nf; f++) {
        const float n[3] = {P->nx[f], P->ny[f], P->nz[f]};
        s0[f] = (seg3_dot(n, e0) - P->d[f]) + 0.0f;
        s1[f] = (seg3_dot(n, e1) - P->d[f]) + 0.0f;
        const float lo = s0[f] < s1[f] ? s0[f] : s1[f], hi = s0[f] < s1[f] ? s1[f] : s0[f];
        if (lo > best)
            best = lo, bf = f;
        s_in_x &= hi + r <= 0.0f;
        /* Cyrus-Beck: e0 + t seg inside this face's plane */
        const float den = seg3_dot(n, seg), num = -s0[f];
        if (den == 0.0f)
            meets &= num >= 0.0f;
        else if (den < 0.0f)
            tmin = num / den > tmin ? num / den : tmin;
        else
            tmax = num / den < tmax ? num / den : tmax;
    }
    meets &= tmin <= tmax;

    int x_in_s = 1;
    for (uint32_t i = 0; i < P->nv; i++) {
        const float v[3] = {P->vx[i], P->vy[i], P->vz[i]};
        x_in_s &= seg3_point(v, e0, e1) <= r * r;
    }
    const float bn[3] = {P->nx[bf], P->ny[bf], P->nz[bf]};
    if (meets) {
        to_world(X->w, bn, &o->normal);
        finish(o, best - r, SEPAX3_AXIS_FACE_A, bf, NONE, x_in_s, s_in_x);
        return;
    }

    /* apart: the nearest of X's edges, and of its faces where an end's
     * foot falls inside the face (inside every side plane of its edges) */
    uint8_t out0[HULL3_MAX_FACES] = {0}, out1[HULL3_MAX_FACES] = {0};
    float best2 = INFINITY, nl[3] = {bn[0], bn[1], bn[2]}, dist = 0.0f;
    int on_face = 0;
    for (uint32_t e = 0; e < P->ne; e++) {
        const uint32_t a = (uint32_t)P->i0[e], b = (uint32_t)P->i1[e];
        const uint32_t fa = (uint32_t)P->fa[e], fb = (uint32_t)P->fb[e];
        const float p[3] = {P->vx[a], P->vy[a], P->vz[a]}, q[3] = {P->vx[b], P->vy[b], P->vz[b]};
        const float u[3] = {P->ux[e], P->uy[e], P->uz[e]};
        const float na[3] = {P->nx[fa], P->ny[fa], P->nz[fa]};
        const float nb[3] = {P->nx[fb], P->ny[fb], P->nz[fb]};
        float ia[3], ib[3];
        cross3(na, u, ia); /* into fa */
        cross3(u, nb, ib); /* into fb */
        const float w0[3] = {e0[0] - p[0], e0[1] - p[1], e0[2] - p[2]};
        const float w1[3] = {e1[0] - p[0], e1[1] - p[1], e1[2] - p[2]};
        out0[fa] |= seg3_dot(w0, ia) < 0.0f, out0[fb] |= seg3_dot(w0, ib) < 0.0f;
        out1[fa] |= seg3_dot(w1, ia) < 0.0f, out1[fb] |= seg3_dot(w1, ib) < 0.0f;
        float c1[3], c2[3];
        const float d2 = seg3_closest(e0, e1, p, q, c1, c2);
        if (d2 < best2) {
            best2 = d2, on_face = 0;
            for (int k = 0; k < 3; k++)
                nl[k] = c1[k] - c2[k];
        }
    }
    for (uint32_t f = 0; f < P->nf; f++) {
        const float s[2] = {s0[f], s1[f]};
        const int out[2] = {out0[f], out1[f]};
        for (int k = 0; k < 2; k++)
            if (!out[k] && s[k] > 0.0f && s[k] * s[k] < best2) {
                best2 = s[k] * s[k], on_face = 1, dist = s[k];
                nl[0] = P->nx[f], nl[1] = P->ny[f], nl[2] = P->nz[f];
            }
    }
    if (!on_face) {
        dist = sqrtf(best2);
        if (best2 >= FLT_MIN)
            for (int k = 0; k < 3; k++)
                nl[k] = nl[k] / dist;
        else
            memcpy(nl, bn, sizeof nl);
    }
    to_world(X->w, nl, &o->normal);
    finish(o, dist - r, SEPAX3_AXIS_POINTS, NONE, NONE, x_in_s, s_in_x);
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
    float c1[3], c2[3], n[3];
    const float d2 = seg3_closest(e0, e1, f0, f1, c1, c2);
    const float dist = sqrtf(d2);
    if (d2 >= FLT_MIN) {
        for (int c = 0; c < 3; c++)
            n[c] = (c2[c] - c1[c]) / dist;
    } else {
        float L[3];
        cross3(a0, b0, L);
        const float len = sqrtf(seg3_dot(L, L));
        if (len >= SEPAX3_PARALLEL_TOLERANCE) {
            const float sign = seg3_dot(L, d) < 0.0f ? -1.0f : 1.0f;
            for (int c = 0; c < 3; c++)
                n[c] = sign * (L[c] / len);
        } else {
            for (int c = 0; c < 3; c++)
                n[c] = wa[SEPAX3_W_A + 3 + c];
        }
    }
    const float ra = wa[SEPAX3_W_R], rb = wb[SEPAX3_W_R];
    const int a_in_b = sqrtf(seg3_point(e0, f0, f1)) + ra <= rb &&
                       sqrtf(seg3_point(e1, f0, f1)) + ra <= rb;
    const int b_in_a = sqrtf(seg3_point(f0, e0, e1)) + rb <= ra &&
                       sqrtf(seg3_point(f1, e0, e1)) + rb <= ra;
    o->normal = (sepax_vec3){n[0], n[1], n[2]};
    finish(o, dist - (ra + rb), SEPAX3_AXIS_POINTS, NONE, NONE, a_in_b, b_in_a);
}

/* the answer for (B, A) made the answer for (A, B) */
static void turn_round(sepax3_result *o)
{
    o->normal = (sepax_vec3){-o->normal.x, -o->normal.y, -o->normal.z};
    const uint8_t fa = o->feature_a;
    o->feature_a = o->feature_b;
    o->feature_b = fa;
    if (o->axis == SEPAX3_AXIS_FACE_A)
        o->axis = SEPAX3_AXIS_FACE_B;
    const uint8_t f = o->flags;
    o->flags = (uint8_t)((f & SEPAX_HIT) | ((f & SEPAX_A_IN_B) ? SEPAX_B_IN_A : 0u) |
                         ((f & SEPAX_B_IN_A) ? SEPAX_A_IN_B : 0u));
}

void POLY_PAIRS_ENTRY(const sepax3_view *v, uint32_t sa, uint32_t sb, sepax3_result *out)
{
    side3 A, B;
    side_of(v, sa, &A);
    side_of(v, sb, &B);
    sepax3_result o;
    memset(&o, 0, sizeof o);
    if (is_poly(A.kind) && is_poly(B.kind)) {
        poly_poly(&A, &B, &o);
    } else if (is_poly(A.kind)) {
        poly_round(&A, B.w, &o);
    } else if (is_poly(B.kind)) {
        poly_round(&B, A.w, &o);
        turn_round(&o);
    } else {
        round_round(A.w, B.w, &o);
    }
    *out = o;
}
