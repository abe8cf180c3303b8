/* 3D contact manifolds: where the shapes of a hit touch, one to four
 * points, for a physics solver (the contract, and the feature ids, are in
 * sepax3d.h).
 *
 * The store's collide kernels answer every pair first (SEPAX_HIT_CHUNK
 * pairs at a time, on the stack); the points are then built one hit at a
 * time in plain scalar C from the sepax3_result and the two shapes' world
 * records and hull blocks. The results and records are bit-identical on
 * every backend, and this file is compiled once with the project's flags
 * (-ffp-contract=off, so no FMA; sqrtf and division correctly rounded),
 * so the manifolds are too. As 2D's manifold.c, it is the specification.
 *
 *   for each pair: r = the kernels' result
 *       not a hit: no point; normal, separation, flags and axis as r's
 *       a sphere in the pair: one lone point, its centre moved along the
 *           normal towards the other shape by r_s + separation / 2
 *       r's axis is a face f of polyhedron R (the other shape I):
 *           in f's frame (u, v in its plane, h above it): I's vertices
 *           incident = I's face whose normal is most nearly -nf (a
 *               capsule: its segment)
 *           clip it to the sides of f's loop as 2D lines
 *               (Sutherland-Hodgman; a segment by its parameter range),
 *               a distance within SIDE_SLACK of R's size counting as on
 *               the side, each point carrying the features it came from
 *           keep the points with sep = nf.p - d_f - r_I <= 0, placed at
 *               p - (r_I + sep / 2) nf; more than four: reduce(kept)
 *           none kept: one lone point at r's separation, named by I's
 *               incident vertex deepest along -nf; a polyhedron I: the
 *               deepest point of the overlap along -nf (I's faces
 *               clipped to R's planes, R's corners inside I) raised
 *               halfway to where the line along nf leaves either shape,
 *               inside both; a capsule: at that vertex, r_I + sep / 2
 *               below it
 *       r's axis is an edge pair (two polyhedra, or a capsule's segment
 *           and a polyhedron's edge): one lone point midway between the
 *           closest points of the two edges (surfaces, for the capsule;
 *           the result names the first of the polyhedron's parallel
 *           edges, and the one farthest along the normal is taken)
 *       r's axis is a points one, a capsule and a polyhedron X: X's face
 *           whose normal is r's (to within 1e-6) is a face contact as
 *           above; else the nearest of X's edges to the segment gives one
 *           lone point
 *       two capsules: within SEPAX3_PARALLEL_MANIFOLD of parallel, B's
 *           segment clipped to the slab of A's, each end with its own
 *           separation against A's segment, kept when <= 0; fewer than
 *           two kept, or not parallel: one lone point from the closest
 *           points of the segments
 *   reduce(points): the deepest (first on ties), the farthest from it,
 *       the one making the largest triangle with those two, the one
 *       adding the most area outside that triangle; in loop order
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "common/batch.h"
#include "kernels/side3.h"
#include "store.h"

_Static_assert(sizeof(sepax3_contact) == 20, "sepax3_contact has padding");
_Static_assert(sizeof(sepax3_manifold) == 100, "sepax3_manifold has padding");
_Static_assert(offsetof(sepax3_manifold, points) == 20, "sepax3_manifold's points moved");
_Static_assert(sizeof(sepax3_manifold_hit) == 104, "sepax3_manifold_hit has padding");

/* Feature ids (sepax3d.h). */
#define ID_LONE 0x80000000u
#define LOOP_NONE 63u
enum { KIND_VERTEX = 0, KIND_EDGE = 1, KIND_FACE = 2, KIND_NONE = 3 };
enum { OWNER_A = 0u, OWNER_B = 1u };

static uint32_t face_id(uint32_t owner, uint32_t ref, uint32_t inc, uint32_t inc_at,
                        uint32_t ref_at)
{
    return owner << 28 | ref_at << 22 | inc_at << 16 | inc << 8 | ref;
}

static uint32_t lone_id(uint32_t fa, uint32_t ka, uint32_t fb, uint32_t kb)
{
    return ID_LONE | kb << 18 | ka << 16 | fb << 8 | fa;
}

/* A loop holds at most a hull's vertices less one (a face with all of
 * them would be the whole hull); clipping adds at most one point per side. */
#define LOOP_MAX SEPAX3_MAX_HULL_VERTICES
#define CLIP_MAX (2u * LOOP_MAX + 2u)

static void sub3(const float a[3], const float b[3], float out[3])
{
    for (int c = 0; c < 3; c++)
        out[c] = a[c] - b[c];
}

/* ---- one polyhedron as this file reads it: a box from its half extents,
 * a hull from its block (hull3.h) ---- */

typedef struct poly {
    const float *w; /* world record */
    int box;
    const float *h; /* a box's half extents */
    poly3 p;        /* a hull's block */
} poly;

static void poly_of(const sepax3_view *v, uint32_t slot, poly *P)
{
    P->w = v->world + SEPAX3_RECORD * (size_t)slot;
    P->box = v->kind[slot] == SEPAX3_KIND_BOX;
    P->h = P->w + SEPAX3_W_H;
    if (!P->box)
        P->p = poly3_of(v->pool + v->pool_at[slot]);
}

static uint32_t poly_faces(const poly *P)
{
    return P->box ? 6u : P->p.nf;
}

static void poly_vertex(const poly *P, uint32_t j, float out[3])
{
    if (P->box) {
        /* the sign as a factor: the corner bits are as good as random,
         * and a branch on each mispredicts half the time */
        static const float sign[2] = {-1.0f, 1.0f};
        for (int k = 0; k < 3; k++)
            out[k] = sign[j >> k & 1u] * P->h[k];
        return;
    }
    out[0] = P->p.vx[j], out[1] = P->p.vy[j], out[2] = P->p.vz[j];
}

/* face f's outward unit normal and plane offset (n.x = d on it) */
static float poly_face(const poly *P, uint32_t f, float n[3])
{
    if (P->box) {
        const uint32_t k = f >> 1;
        n[0] = n[1] = n[2] = 0.0f;
        n[k] = (f & 1u) ? -1.0f : 1.0f;
        return P->h[k];
    }
    n[0] = P->p.nx[f], n[1] = P->p.ny[f], n[2] = P->p.nz[f];
    return P->p.d[f];
}

/* Face f's loop: its vertices counter-clockwise seen from outside,
 * starting at the lowest-numbered. A box's face 2k (+axis k) runs
 * through (-,-), (+,-), (+,+), (-,+) in axes (k + 1, k + 2); face 2k + 1
 * the other way round. A hull's follows its edges (hull3.h: an edge runs
 * from i0 to i1 around its face fa, and back around fb). */
static uint32_t poly_loop(const poly *P, uint32_t f, uint8_t *idx)
{
    if (P->box) {
        const uint32_t k = f >> 1, k1 = (k + 1u) % 3u, k2 = (k + 2u) % 3u;
        const uint32_t base = (f & 1u) ? 0u : 1u << k;
        const uint32_t s1[4] = {0, 1, 1, 0}, s2[4] = {0, 0, 1, 1};
        for (uint32_t i = 0; i < 4; i++) {
            const uint32_t at = (f & 1u) ? (4u - i) % 4u : i;
            idx[i] = (uint8_t)(base | s1[at] << k1 | s2[at] << k2);
        }
        return 4;
    }
    uint8_t next[SEPAX3_MAX_HULL_VERTICES];
    uint32_t start = UINT32_MAX;
    for (uint32_t e = 0; e < P->p.ne; e++) {
        const uint32_t a = (uint32_t)P->p.i0[e], b = (uint32_t)P->p.i1[e];
        uint32_t from = UINT32_MAX, to = 0;
        if ((uint32_t)P->p.fa[e] == f)
            from = a, to = b;
        else if ((uint32_t)P->p.fb[e] == f)
            from = b, to = a;
        if (from == UINT32_MAX)
            continue;
        next[from] = (uint8_t)to;
        start = from < start ? from : start;
    }
    uint32_t n = 0;
    for (uint32_t v = start; n < LOOP_MAX && (n == 0 || v != start); v = next[v])
        idx[n++] = (uint8_t)v;
    return n;
}

/* I's face whose normal is most nearly -m (m: the reference normal in
 * I's frame), the first by index */
static uint32_t poly_incident(const poly *I, const float m[3])
{
    uint32_t best = 0;
    float low = INFINITY;
    for (uint32_t f = 0; f < poly_faces(I); f++) {
        float n[3];
        (void)poly_face(I, f, n);
        const float x = seg3_dot(n, m);
        if (x < low)
            low = x, best = f;
    }
    return best;
}

/* Edge e's two ends: a box's edge 4k + m runs along +axis k, bit 0 of m
 * the sign of axis k + 1, bit 1 that of axis k + 2 (hull3.h) */
static void poly_edge(const poly *P, uint32_t e, float p[3], float q[3])
{
    if (P->box) {
        const uint32_t k = e >> 2, m = e & 3u, k1 = (k + 1u) % 3u, k2 = (k + 2u) % 3u;
        const uint32_t from = (m & 1u) << k1 | (m >> 1) << k2;
        poly_vertex(P, from, p);
        poly_vertex(P, from | 1u << k, q);
        return;
    }
    poly_vertex(P, (uint32_t)P->p.i0[e], p);
    poly_vertex(P, (uint32_t)P->p.i1[e], q);
}

/* ---- closest points of two segments (either may be a point) ---- */

static float clamp01(float x)
{
    return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
}

/* s, t of the closest points p1 + s d1 and p2 + t d2 */
static void closest_params(const float p1[3], const float q1[3], const float p2[3],
                           const float q2[3], float *s_out, float *t_out)
{
    float d1[3], d2[3], r[3];
    sub3(q1, p1, d1), sub3(q2, p2, d2), sub3(p1, p2, r);
    const float a = seg3_dot(d1, d1), e = seg3_dot(d2, d2), f = seg3_dot(d2, r);
    float s = 0.0f, t = 0.0f;
    if (a < FLT_MIN && e < FLT_MIN) {
        /* two points */
    } else if (a < FLT_MIN) {
        t = clamp01(f / e);
    } else {
        const float c = seg3_dot(d1, r);
        if (e < FLT_MIN) {
            s = clamp01(-c / a);
        } else {
            const float b = seg3_dot(d1, d2), den = a * e - b * b;
            s = den > 0.0f ? clamp01((b * f - c * e) / den) : 0.0f;
            t = (b * s + f) / e;
            if (t < 0.0f)
                t = 0.0f, s = clamp01(-c / a);
            else if (t > 1.0f)
                t = 1.0f, s = clamp01((b - c) / a);
        }
    }
    *s_out = s, *t_out = t;
}

static void along(const float p[3], const float q[3], float s, float out[3])
{
    for (int c = 0; c < 3; c++)
        out[c] = p[c] + s * (q[c] - p[c]);
}

/* what a segment's parameter names: its end 0 or 1, or its inside */
static void segment_feature(float s, uint32_t *f, uint32_t *kind)
{
    if (s <= 0.0f || s >= 1.0f)
        *f = s <= 0.0f ? 0u : 1u, *kind = KIND_VERTEX;
    else
        *f = SEPAX3_FEATURE_NONE, *kind = KIND_NONE;
}

/* ---- writing points ---- */

/* a point given in the frame of record w, into world coordinates */
static sepax3_vec to_world(const float *w, const float x[3])
{
    sepax3_vec v;
    side3_to_world(w, x, &v);
    v.x += w[SEPAX3_W_C], v.y += w[SEPAX3_W_C + 1], v.z += w[SEPAX3_W_C + 2];
    return v;
}

static void put(sepax3_manifold *m, sepax3_vec at, float sep, uint32_t id)
{
    sepax3_contact *c = &m->points[m->point_count++];
    c->point = at, c->separation = sep, c->id = id;
}

/* ---- a face contact, clipped in the reference face's plane ---- */

/* The reference face's frame, in R's: x = u t1 + v t2 + (d + h) nf, with
 * t1 x t2 = nf, so that the loop runs counter-clockwise in (u, v). A
 * box's face 2k has t1, t2 = axes k + 1, k + 2, face 2k + 1 axes k + 2,
 * k + 1: every product with their 0s and 1s is exact, and u, v are the
 * box's own coordinates. A hull's t1 is its loop's first edge, unit, and
 * t2 = nf x t1. Clipping in two coordinates costs a third of doing it
 * in three. */
typedef struct face_frame {
    float t1[3], t2[3], nf[3], d;
} face_frame;

/* v / |v| (n components), first divided by its largest magnitude so that
 * no square underflows for the tiny shapes the store accepts; 0 for a
 * zero vector. A vector along an axis comes out exact. */
static float unit_of(const float *v, int n, float *out)
{
    float big = 0.0f;
    for (int c = 0; c < n; c++)
        big = fabsf(v[c]) > big ? fabsf(v[c]) : big;
    if (!(big > 0.0f)) {
        for (int c = 0; c < n; c++)
            out[c] = 0.0f;
        return 0.0f;
    }
    float w[3], ww = 0.0f;
    for (int c = 0; c < n; c++)
        w[c] = v[c] / big, ww += w[c] * w[c];
    const float len = sqrtf(ww);
    for (int c = 0; c < n; c++)
        out[c] = w[c] / len;
    return big;
}

static void face_frame_of(const poly *R, uint32_t f, const uint8_t *loop, face_frame *F)
{
    F->d = poly_face(R, f, F->nf);
    if (R->box) {
        const uint32_t k = f >> 1, k1 = (k + 1u) % 3u, k2 = (k + 2u) % 3u;
        memset(F->t1, 0, sizeof F->t1), memset(F->t2, 0, sizeof F->t2);
        F->t1[(f & 1u) ? k2 : k1] = 1.0f;
        F->t2[(f & 1u) ? k1 : k2] = 1.0f;
        return;
    }
    float a[3], b[3], e[3];
    poly_vertex(R, loop[0], a), poly_vertex(R, loop[1], b);
    sub3(b, a, e);
    unit_of(e, 3, F->t1);
    side3_cross(F->nf, F->t1, F->t2);
}

/* One point of a clipped loop: where it is in the face's frame (h: its
 * height above the face's plane), what it is (inc_at, ref_at as in its
 * id) and what runs from it to the next point (an incident edge, or a
 * reference side: edge_ref != LOOP_NONE). */
typedef struct clip_point {
    float u, v, h;
    uint8_t inc_at, ref_at, edge_inc, edge_ref;
} clip_point;

/* How near a reference face's side counts as on it, in units of the
 * reference shape's size (the sum of its half extents). */
#define SIDE_SLACK 1e-5f

/* A side of the reference loop: a u + b v - c, above 0 outside it. */
typedef struct side_line {
    float a, b, c;
} side_line;

static float side_dist(side_line L, float u, float v)
{
    return (L.a * u + L.b * v) - L.c;
}

/* A distance within the slack of a side is on it: an incident edge lying
 * in a side's plane but for rounding is kept whole, not cut at whatever
 * point its rounding crosses the side. */
static float side_snap(float dist, float slack)
{
    return fabsf(dist) <= slack ? 0.0f : dist;
}

/* Keep the part of the loop in[0..n) inside side k of a reference loop
 * of m sides, into out[]; returns the new count, or UINT32_MAX when the
 * whole loop is inside (out[] unwritten: most sides of most contacts). */
static uint32_t clip_side(const clip_point *in, uint32_t n, side_line L, float slack,
                          uint32_t k, uint32_t m, clip_point *out)
{
    float dist[CLIP_MAX];
    int all_in = 1;
    for (uint32_t i = 0; i < n; i++) {
        dist[i] = side_snap(side_dist(L, in[i].u, in[i].v), slack);
        all_in &= dist[i] < 0.0f;
    }
    if (all_in)
        return UINT32_MAX;
    uint32_t o = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t next = i + 1u == n ? 0u : i + 1u;
        const clip_point *P = &in[i], *Q = &in[next];
        const float dp = dist[i], dq = dist[next];
        const int p_in = dp <= 0.0f, q_in = dq <= 0.0f;
        if (p_in) {
            out[o] = *P;
            if (!q_in && dp == 0.0f) /* on the side, and the loop goes on along it */
                out[o].edge_inc = LOOP_NONE, out[o].edge_ref = (uint8_t)k;
            o++;
        }
        /* a crossing at a point on the side is that point, kept already
         * or next */
        if (p_in == q_in || dp == 0.0f || dq == 0.0f)
            continue;
        clip_point X;
        const float t = dp / (dp - dq);
        X.u = P->u + t * (Q->u - P->u);
        X.v = P->v + t * (Q->v - P->v);
        X.h = P->h + t * (Q->h - P->h);
        if (P->edge_ref == LOOP_NONE) {
            X.inc_at = P->edge_inc, X.ref_at = (uint8_t)k;
        } else {
            /* along another side to this one: a corner of the reference
             * face, the one the two sides share */
            const uint32_t j = P->edge_ref;
            X.inc_at = LOOP_NONE;
            X.ref_at = (uint8_t)((j + 1u) % m == k ? k : (k + 1u) % m == j ? j : k);
        }
        if (p_in) /* leaving: the loop goes on along this side */
            X.edge_inc = LOOP_NONE, X.edge_ref = (uint8_t)k;
        else
            X.edge_inc = P->edge_inc, X.edge_ref = P->edge_ref;
        out[o++] = X;
    }
    return o;
}

/* twice the signed area of (a, b, p) in the face's plane */
static float area2(const clip_point *a, const clip_point *b, const clip_point *p)
{
    return (b->u - a->u) * (p->v - a->v) - (b->v - a->v) * (p->u - a->u);
}

/* The four of n > 4 points to keep (sepax3d.h), as flags in keep[]:
 * distances and areas in the face's plane. */
static void reduce(const clip_point *pts, uint32_t n, uint8_t *keep)
{
    uint32_t a = 0, b = 0, c = UINT32_MAX, d = UINT32_MAX;
    for (uint32_t i = 1; i < n; i++)
        if (pts[i].h < pts[a].h)
            a = i;
    float far = -1.0f;
    for (uint32_t i = 0; i < n; i++) {
        const float du = pts[i].u - pts[a].u, dv = pts[i].v - pts[a].v;
        const float d2 = du * du + dv * dv;
        if (d2 > far)
            far = d2, b = i;
    }
    float big = 0.0f;
    for (uint32_t i = 0; i < n; i++) {
        const float area = fabsf(area2(&pts[a], &pts[b], &pts[i]));
        if (area > big)
            big = area, c = i;
    }
    memset(keep, 0, n);
    keep[a] = keep[b] = 1;
    if (c == UINT32_MAX)
        return; /* all on one line: its two ends */
    keep[c] = 1;
    /* the triangle counter-clockwise */
    const int ccw = area2(&pts[a], &pts[b], &pts[c]) > 0.0f;
    const uint32_t t[3] = {a, ccw ? b : c, ccw ? c : b};
    float gain = 0.0f;
    for (uint32_t i = 0; i < n; i++) {
        float g = 0.0f;
        for (int e = 0; e < 3; e++) {
            const float out = -area2(&pts[t[e]], &pts[t[e == 2 ? 0 : e + 1]], &pts[i]);
            g = out > g ? out : g;
        }
        if (g > gain)
            gain = g, d = i;
    }
    if (d != UINT32_MAX)
        keep[d] = 1;
}

/* A point of the face's frame at height h, in world coordinates. */
static sepax3_vec face_to_world(const poly *R, const face_frame *F, float u, float v, float h)
{
    const float w = F->d + h;
    float x[3];
    for (int c = 0; c < 3; c++)
        x[c] = (u * F->t1[c] + v * F->t2[c]) + w * F->nf[c];
    return to_world(R->w, x);
}

/* The incident loop in the face's frame: I's face most nearly facing
 * the reference one, or a capsule's segment (e, in R's frame); returns
 * its count, with I's face in *inc and its vertices in loop[]. */
static uint32_t incident(const poly *R, const face_frame *F, const poly *I, const float *wi,
                         const float e[2][3], uint32_t *inc, uint8_t *loop, clip_point *out)
{
    if (!I) {
        *inc = SEPAX3_FEATURE_NONE;
        for (uint32_t j = 0; j < 2; j++) {
            out[j].u = seg3_dot(F->t1, e[j]), out[j].v = seg3_dot(F->t2, e[j]);
            out[j].h = seg3_dot(F->nf, e[j]) - F->d;
            out[j].inc_at = (uint8_t)j, out[j].ref_at = LOOP_NONE;
            loop[j] = (uint8_t)j;
        }
        return 2;
    }
    frame3 fr;
    side3_frame(R->w, wi, &fr);
    /* the face frame's axes and I's offset, in I's frame: then a vertex
     * costs three dot products */
    float M[3][3], off[3];
    const float *axis[3] = {F->t1, F->t2, F->nf};
    for (int r = 0; r < 3; r++) {
        for (int j = 0; j < 3; j++)
            M[r][j] = (axis[r][0] * fr.R[0][j] + axis[r][1] * fr.R[1][j]) + axis[r][2] * fr.R[2][j];
        off[r] = seg3_dot(axis[r], fr.t);
    }
    *inc = poly_incident(I, M[2]);
    const uint32_t n = poly_loop(I, *inc, loop);
    for (uint32_t i = 0; i < n; i++) {
        float x[3];
        poly_vertex(I, loop[i], x);
        out[i].u = seg3_dot(M[0], x) + off[0];
        out[i].v = seg3_dot(M[1], x) + off[1];
        out[i].h = (seg3_dot(M[2], x) + off[2]) - F->d;
        out[i].inc_at = (uint8_t)i, out[i].ref_at = LOOP_NONE;
        out[i].edge_inc = (uint8_t)i, out[i].edge_ref = LOOP_NONE;
    }
    return n;
}

/* Cut a segment's two ends (a capsule's, in[0..1]) to the reference
 * loop's sides by its parameter range; an end left is its vertex 0 or 1,
 * a cut one lies on its edge 0. Returns how many are left (0..2). */
static uint32_t clip_segment(clip_point *in, const side_line *sides, float slack, uint32_t nr)
{
    float t[2] = {0.0f, 1.0f};
    uint8_t by[2] = {LOOP_NONE, LOOP_NONE};
    for (uint32_t k = 0; k < nr && t[0] <= t[1]; k++) {
        const float d0 = side_snap(side_dist(sides[k], in[0].u, in[0].v), slack);
        const float d1 = side_snap(side_dist(sides[k], in[1].u, in[1].v), slack);
        if (d0 > 0.0f && d1 > 0.0f)
            return 0;
        if (d0 <= 0.0f && d1 <= 0.0f)
            continue;
        const float at = d0 / (d0 - d1);
        if (d0 > 0.0f && at > t[0])
            t[0] = at, by[0] = (uint8_t)k;
        else if (d1 > 0.0f && at < t[1])
            t[1] = at, by[1] = (uint8_t)k;
    }
    if (!(t[0] <= t[1]))
        return 0;
    const clip_point a = in[0], b = in[1];
    uint32_t n = 0;
    for (int j = 0; j < 2; j++) {
        if (j == 1 && !(t[1] > t[0]))
            break;
        clip_point *P = &in[n++];
        P->u = a.u + t[j] * (b.u - a.u);
        P->v = a.v + t[j] * (b.v - a.v);
        P->h = a.h + t[j] * (b.h - a.h);
        P->inc_at = by[j] == LOOP_NONE ? (uint8_t)j : 0u;
        P->ref_at = by[j];
    }
    return n;
}

/* ---- a point inside both polyhedra: the lone point of a face contact
 * whose clipped points all lie above the reference face ---- */

/* Clipping one of I's faces to R's planes adds at most one corner per
 * plane. */
#define OVERLAP_MAX (LOOP_MAX + HULL3_MAX_FACES + 1u)

/* Keep the part of the convex polygon in[0..n) (points in R's frame) with
 * n.x - d <= 0, into out[]; returns its count. */
static uint32_t clip_plane(const float (*in)[3], uint32_t n, const float pn[3], float pd,
                           float (*out)[3])
{
    uint32_t o = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t next = i + 1u == n ? 0u : i + 1u;
        const float dp = seg3_dot(pn, in[i]) - pd, dq = seg3_dot(pn, in[next]) - pd;
        if (dp <= 0.0f)
            memcpy(out[o++], in[i], sizeof out[0]);
        if ((dp <= 0.0f) != (dq <= 0.0f)) {
            const float t = dp / (dp - dq);
            for (int c = 0; c < 3; c++)
                out[o][c] = in[i][c] + t * (in[next][c] - in[i][c]);
            o++;
        }
    }
    return o;
}

/* I's planes in R's frame (fr: I's frame placed in R's), as n.x = d. */
static uint32_t placed_planes(const poly *I, const frame3 *fr, float (*pn)[3], float *pd)
{
    const uint32_t nf = poly_faces(I);
    for (uint32_t g = 0; g < nf; g++) {
        float nl[3];
        const float d = poly_face(I, g, nl);
        side3_turn(fr, nl[0], nl[1], nl[2], pn[g]);
        pd[g] = d + seg3_dot(pn[g], fr->t);
    }
    return nf;
}

/* A point inside both R and I (in R's frame), for a face contact (R's
 * face frame F) that clipping left without a point below the face:
 * there I's deepest vertex lies outside R's face, and a point at it may
 * lie outside R. The deepest point of the overlap along -nf (a corner of
 * one of I's faces clipped to R's planes, or a corner of R inside I),
 * raised halfway to where the line through it along nf leaves either
 * shape: midway between the surfaces there, as a clipped point lies,
 * and inside both, which are convex. 0 when rounding leaves no overlap
 * (shapes that only touch). Rare, and not fast: every face of I against
 * every plane of R. */
static int overlap_point(const poly *R, const face_frame *F, const poly *I, const float *wi,
                         float out[3])
{
    frame3 fr;
    side3_frame(R->w, wi, &fr);
    float in_n[HULL3_MAX_FACES][3], in_d[HULL3_MAX_FACES];
    const uint32_t ni = placed_planes(I, &fr, in_n, in_d);
    const uint32_t nr = poly_faces(R);
    float low[3] = {0.0f, 0.0f, 0.0f}, low_h = INFINITY;
    float buf[2][OVERLAP_MAX][3];
    for (uint32_t g = 0; g < ni; g++) {
        uint8_t loop[LOOP_MAX];
        const uint32_t n0 = poly_loop(I, g, loop);
        int below = 0;
        for (uint32_t i = 0; i < n0; i++) {
            float x[3];
            poly_vertex(I, loop[i], x);
            side3_place(&fr, x[0], x[1], x[2], buf[0][i]);
            below |= seg3_dot(F->nf, buf[0][i]) - F->d <= 0.0f;
        }
        if (!below) /* R's face plane takes all of it */
            continue;
        uint32_t n = n0;
        int cur = 0;
        for (uint32_t k = 0; k < nr && n > 0; k++) {
            float pn[3];
            const float pd = poly_face(R, k, pn);
            n = clip_plane((const float(*)[3])buf[cur], n, pn, pd, buf[cur ^ 1]);
            cur ^= 1;
        }
        for (uint32_t i = 0; i < n; i++) {
            const float h = seg3_dot(F->nf, buf[cur][i]);
            if (h < low_h)
                low_h = h, memcpy(low, buf[cur][i], sizeof low);
        }
    }
    const uint32_t nv = R->box ? 8u : R->p.nv;
    for (uint32_t j = 0; j < nv; j++) {
        float x[3];
        poly_vertex(R, j, x);
        int inside = 1;
        for (uint32_t g = 0; g < ni && inside; g++)
            inside = seg3_dot(in_n[g], x) - in_d[g] <= 0.0f;
        const float h = seg3_dot(F->nf, x);
        if (inside && h < low_h)
            low_h = h, memcpy(low, x, sizeof low);
    }
    if (!(low_h < INFINITY))
        return 0;
    /* the first plane of either shape the line low + t nf crosses */
    float exit = INFINITY;
    for (uint32_t k = 0; k < nr + ni; k++) {
        float pn[3];
        const float pd = k < nr ? poly_face(R, k, pn) : in_d[k - nr];
        if (k >= nr)
            memcpy(pn, in_n[k - nr], sizeof pn);
        const float a = seg3_dot(pn, F->nf);
        if (!(a > 0.0f))
            continue;
        const float t = (pd - seg3_dot(pn, low)) / a;
        exit = t < exit ? t : exit;
    }
    const float up = exit > 0.0f ? 0.5f * exit : 0.0f;
    for (int c = 0; c < 3; c++)
        out[c] = low[c] + up * F->nf[c];
    return 1;
}

/* The face contact of reference face f of R against I (a polyhedron, or
 * a capsule: I NULL, its segment in R's frame e[0]-e[1], radius r).
 * owner: R's side of the pair. */
static void face_contact(const poly *R, uint32_t f, uint32_t owner, const poly *I,
                         const float *wi, const float e[2][3], float r, float result_sep,
                         sepax3_manifold *m)
{
    uint8_t ref[LOOP_MAX], inc_loop[LOOP_MAX];
    const uint32_t nr = poly_loop(R, f, ref);
    face_frame F;
    face_frame_of(R, f, ref, &F);
    float cu[LOOP_MAX], cv[LOOP_MAX];
    for (uint32_t k = 0; k < nr; k++) {
        float x[3];
        poly_vertex(R, ref[k], x);
        cu[k] = seg3_dot(F.t1, x), cv[k] = seg3_dot(F.t2, x);
    }
    /* the sides as unit lines, so that the slack is a length */
    const float slack = SIDE_SLACK * ((R->w[SEPAX3_W_H] + R->w[SEPAX3_W_H + 1]) + R->w[SEPAX3_W_H + 2]);
    side_line sides[LOOP_MAX];
    for (uint32_t k = 0; k < nr; k++) {
        const uint32_t next = k + 1u == nr ? 0u : k + 1u;
        /* a side too short to have a direction in float (a shape near
         * the smallest the store holds) bounds nothing */
        const float d[2] = {cv[next] - cv[k], cu[k] - cu[next]};
        float ab[2];
        (void)unit_of(d, 2, ab);
        sides[k] = (side_line){ab[0], ab[1], ab[0] * cu[k] + ab[1] * cv[k]};
    }

    clip_point buf[2][CLIP_MAX], first[LOOP_MAX];
    /* every loop has three corners or more and a segment two, but the
     * compiler cannot see that the fallback below reads a written one */
    memset(&first[0], 0, sizeof first[0]);
    inc_loop[0] = 0;
    uint32_t inc;
    const uint32_t ni = incident(R, &F, I, wi, e, &inc, inc_loop, first);
    uint32_t n = ni;
    memcpy(buf[0], first, ni * sizeof first[0]);
    if (I) {
        int cur = 0;
        for (uint32_t k = 0; k < nr && n > 0; k++) {
            const uint32_t left = clip_side(buf[cur], n, sides[k], slack, k, nr, buf[cur ^ 1]);
            if (left != UINT32_MAX)
                n = left, cur ^= 1;
        }
        if (cur)
            memcpy(buf[0], buf[1], n * sizeof buf[0][0]);
    } else {
        n = clip_segment(buf[0], sides, slack, nr);
    }
    /* the points within reach: separation h - r <= 0 */
    clip_point *pts = buf[0];
    uint32_t kept = 0;
    for (uint32_t i = 0; i < n; i++)
        if (pts[i].h - r <= 0.0f)
            pts[kept++] = pts[i];
    if (kept == 0) {
        /* nothing below the face: I's deepest incident vertex */
        uint32_t at = 0;
        for (uint32_t i = 1; i < ni; i++)
            if (first[i].h < first[at].h)
                at = i;
        const uint32_t vi = inc_loop[at];
        const uint32_t id = owner == OWNER_A ? lone_id(f, KIND_FACE, vi, KIND_VERTEX)
                                             : lone_id(vi, KIND_VERTEX, f, KIND_FACE);
        float x[3];
        if (I && overlap_point(R, &F, I, wi, x))
            put(m, to_world(R->w, x), result_sep, id);
        else
            put(m, face_to_world(R, &F, first[at].u, first[at].v, first[at].h - (r + 0.5f * result_sep)),
                result_sep, id);
        return;
    }
    uint8_t keep[CLIP_MAX];
    if (kept > SEPAX3_MAX_MANIFOLD_POINTS)
        reduce(pts, kept, keep);
    else
        memset(keep, 1, kept);
    for (uint32_t i = 0; i < kept; i++) {
        if (!keep[i])
            continue;
        /* midway between the incident surface (h - r) and the plane */
        const float sep = pts[i].h - r;
        put(m, face_to_world(R, &F, pts[i].u, pts[i].v, 0.5f * sep), sep,
            face_id(owner, f, inc, pts[i].inc_at, pts[i].ref_at));
    }
}

/* ---- lone points ---- */

/* What the result names on one side (owner A or B): a face, an edge, or
 * nothing. */
static void result_feature(const sepax3_result *r, uint32_t owner, uint32_t *f, uint32_t *kind)
{
    const uint32_t mine = owner == OWNER_A ? r->feature_a : r->feature_b;
    const uint32_t face_axis = owner == OWNER_A ? SEPAX3_AXIS_FACE_A : SEPAX3_AXIS_FACE_B;
    *f = mine, *kind = KIND_NONE;
    if (mine == SEPAX3_FEATURE_NONE)
        return;
    if (r->axis == face_axis)
        *kind = KIND_FACE;
    else if (r->axis == SEPAX3_AXIS_EDGES)
        *kind = KIND_EDGE;
}

static uint32_t lone_of(uint32_t owner_x, uint32_t fx, uint32_t kx, uint32_t fy, uint32_t ky)
{
    return owner_x == OWNER_A ? lone_id(fx, kx, fy, ky) : lone_id(fy, ky, fx, kx);
}

/* A sphere (side owner, record ws) against anything: its centre moved
 * towards the other shape by its radius and half the separation. */
static void sphere_point(const float *ws, uint32_t owner, const sepax3_result *r,
                         sepax3_manifold *m)
{
    const float n[3] = {r->normal.x, r->normal.y, r->normal.z};
    const float toward = owner == OWNER_A ? 1.0f : -1.0f;
    const float by = toward * (ws[SEPAX3_W_R] + 0.5f * r->separation);
    const sepax3_vec at = {ws[SEPAX3_W_C] + by * n[0], ws[SEPAX3_W_C + 1] + by * n[1],
                           ws[SEPAX3_W_C + 2] + by * n[2]};
    uint32_t f, kind;
    result_feature(r, owner ^ 1u, &f, &kind);
    put(m, at, r->separation, lone_of(owner, SEPAX3_FEATURE_NONE, KIND_NONE, f, kind));
}

/* A box's edge along axis k that lies farthest along n (world; sign +1)
 * or against it (-1): bit 0 of its m the sign of axis k + 1, bit 1 that
 * of axis k + 2 */
static uint32_t box_support_edge(const float *w, uint32_t k, const float n[3], float sign)
{
    uint32_t m = 0;
    for (uint32_t b = 0; b < 2; b++) {
        const float along_n = sign * seg3_dot(w + SEPAX3_W_A + 3 * ((k + 1u + b) % 3u), n);
        m |= (along_n > 0.0f ? 1u : 0u) << b;
    }
    return 4u * k + m;
}

/* two polyhedra on an edge axis: midway between the edges' closest
 * points, in A's frame */
static void edge_pair(const poly *A, const poly *B, const sepax3_result *r, sepax3_manifold *m)
{
    uint32_t ea = r->feature_a, eb = r->feature_b;
    if (A->box && B->box) {
        /* the result names the boxes' axes: their edges along them that
         * face each other */
        const float n[3] = {r->normal.x, r->normal.y, r->normal.z};
        ea = box_support_edge(A->w, ea, n, 1.0f);
        eb = box_support_edge(B->w, eb, n, -1.0f);
    }
    float p1[3], q1[3], p2l[3], q2l[3], p2[3], q2[3], s, t, c1[3], c2[3], x[3];
    poly_edge(A, ea, p1, q1);
    poly_edge(B, eb, p2l, q2l);
    frame3 fr;
    side3_frame(A->w, B->w, &fr);
    side3_place(&fr, p2l[0], p2l[1], p2l[2], p2);
    side3_place(&fr, q2l[0], q2l[1], q2l[2], q2);
    closest_params(p1, q1, p2, q2, &s, &t);
    along(p1, q1, s, c1), along(p2, q2, t, c2);
    for (int c = 0; c < 3; c++)
        x[c] = 0.5f * (c1[c] + c2[c]);
    put(m, to_world(A->w, x), r->separation, lone_id(ea, KIND_EDGE, eb, KIND_EDGE));
}

/* A box's or hull's edge e's two vertices */
static void poly_edge_ends(const poly *P, uint32_t e, uint32_t *a, uint32_t *b)
{
    if (P->box) {
        const uint32_t k = e >> 2, m = e & 3u;
        *a = (m & 1u) << ((k + 1u) % 3u) | (m >> 1) << ((k + 2u) % 3u);
        *b = *a | 1u << k;
        return;
    }
    *a = (uint32_t)P->p.i0[e], *b = (uint32_t)P->p.i1[e];
}

/* Of X's edges parallel to edge e (to within 1e-6 rad), the one whose
 * midpoint lies farthest along n (the first on ties). */
static uint32_t support_parallel(const poly *X, uint32_t e, const float n[3])
{
    float p[3], q[3], d[3];
    poly_edge(X, e, p, q);
    sub3(q, p, d);
    const float dd = seg3_dot(d, d);
    uint32_t best = e;
    float most = -INFINITY;
    const uint32_t ne = X->box ? 12u : X->p.ne;
    for (uint32_t k = 0; k < ne; k++) {
        float a[3], b[3], u[3], c[3];
        poly_edge(X, k, a, b);
        sub3(b, a, u);
        side3_cross(u, d, c);
        if (!(seg3_dot(c, c) <= 1e-12f * (seg3_dot(u, u) * dd)))
            continue;
        const float at = seg3_dot(n, a) + seg3_dot(n, b);
        if (at > most)
            most = at, best = k;
    }
    return best;
}

/* A polyhedron X (side owner) and a capsule (record ws). */
static void poly_capsule(const poly *X, uint32_t owner, const float *ws, const sepax3_result *r,
                         sepax3_manifold *m)
{
    const float rs = ws[SEPAX3_W_R], hl = ws[SEPAX3_W_H];
    frame3 fr;
    side3_frame(X->w, ws, &fr);
    float e[2][3];
    side3_place(&fr, -hl, 0.0f, 0.0f, e[0]);
    side3_place(&fr, hl, 0.0f, 0.0f, e[1]);
    /* the normal from X to the capsule, in X's frame */
    const float toward = owner == OWNER_A ? 1.0f : -1.0f;
    const float nw[3] = {toward * r->normal.x, toward * r->normal.y, toward * r->normal.z};
    float nl[3];
    for (int i = 0; i < 3; i++)
        nl[i] = seg3_dot(X->w + SEPAX3_W_A + 3 * i, nw);
    const uint32_t face_axis = owner == OWNER_A ? SEPAX3_AXIS_FACE_A : SEPAX3_AXIS_FACE_B;
    const uint32_t fx = owner == OWNER_A ? r->feature_a : r->feature_b;
    if (r->axis == face_axis) {
        face_contact(X, fx, owner, NULL, NULL, (const float(*)[3])e, rs, r->separation, m);
        return;
    }
    uint32_t edge = fx;
    if (r->axis == SEPAX3_AXIS_EDGES) {
        /* the result names the first of X's edges along the winning
         * direction: the one that touches is the one of them farthest
         * along the normal */
        edge = support_parallel(X, fx, nl);
    } else {
        /* a points axis: a face's normal is a face contact; else the edge
         * of X nearest the segment */
        uint32_t best = 0;
        float most = -INFINITY;
        for (uint32_t f = 0; f < poly_faces(X); f++) {
            float n[3];
            (void)poly_face(X, f, n);
            const float x = seg3_dot(n, nl);
            if (x > most)
                most = x, best = f;
        }
        if (most >= 1.0f - 1e-6f) {
            face_contact(X, best, owner, NULL, NULL, (const float(*)[3])e, rs, r->separation, m);
            return;
        }
        float near2 = INFINITY;
        const uint32_t ne = X->box ? 12u : X->p.ne;
        for (uint32_t k = 0; k < ne; k++) {
            float p[3], q[3], s, t, c1[3], c2[3], w[3];
            poly_edge(X, k, p, q);
            closest_params(p, q, e[0], e[1], &s, &t);
            along(p, q, s, c1), along(e[0], e[1], t, c2);
            sub3(c2, c1, w);
            const float d2 = seg3_dot(w, w);
            if (d2 < near2)
                near2 = d2, edge = k;
        }
    }
    float p[3], q[3], s, t, c1[3], c2[3], x[3];
    poly_edge(X, edge, p, q);
    closest_params(p, q, e[0], e[1], &s, &t);
    along(p, q, s, c1), along(e[0], e[1], t, c2);
    for (int c = 0; c < 3; c++)
        x[c] = 0.5f * (c1[c] + (c2[c] - rs * nl[c]));
    uint32_t f_x = edge, k_x = KIND_EDGE, f_s, k_s;
    if (r->axis != SEPAX3_AXIS_EDGES && (s <= 0.0f || s >= 1.0f)) {
        uint32_t a, b;
        poly_edge_ends(X, edge, &a, &b);
        f_x = s <= 0.0f ? a : b, k_x = KIND_VERTEX;
    }
    segment_feature(t, &f_s, &k_s);
    put(m, to_world(X->w, x), r->separation, lone_of(owner, f_x, k_x, f_s, k_s));
}

/* Two capsules, in world coordinates about A's centre. */
static void capsules(const float *wa, const float *wb, const sepax3_result *r,
                     sepax3_manifold *m)
{
    const float n[3] = {r->normal.x, r->normal.y, r->normal.z};
    const float ra = wa[SEPAX3_W_R], rb = wb[SEPAX3_W_R];
    const float ha = wa[SEPAX3_W_H], hb = wb[SEPAX3_W_H];
    const float *ua = wa + SEPAX3_W_A, *ub = wb + SEPAX3_W_A;
    float a[2][3], b[2][3];
    for (int c = 0; c < 3; c++) {
        const float d = wb[SEPAX3_W_C + c] - wa[SEPAX3_W_C + c];
        a[0][c] = -ha * ua[c], a[1][c] = ha * ua[c];
        b[0][c] = d - hb * ub[c], b[1][c] = d + hb * ub[c];
    }
    const float *o = wa + SEPAX3_W_C;
    float cr[3];
    side3_cross(ua, ub, cr);
    if (ha > 0.0f && hb > 0.0f && seg3_dot(cr, cr) <= SEPAX3_PARALLEL_MANIFOLD * SEPAX3_PARALLEL_MANIFOLD) {
        /* B's segment clipped to the slab of A's, where ua.x runs from
         * -ha (A's end 0) to ha (end 1). An end clipped there faces A's
         * end exactly; one left lies inside A's slab: their ids name
         * those features whatever the rounding of the clip */
        const float s0 = seg3_dot(ua, b[0]), s1 = seg3_dot(ua, b[1]);
        const float lo = (-ha - s0) / (s1 - s0), hi = (ha - s0) / (s1 - s0);
        const uint32_t lo_end = lo < hi ? 0u : 1u;
        const float tl = lo < hi ? lo : hi, th = lo < hi ? hi : lo;
        const int cut[2] = {tl > 0.0f, th < 1.0f};
        const float t[2] = {cut[0] ? tl : 0.0f, cut[1] ? th : 1.0f};
        const uint32_t a_end[2] = {lo_end, lo_end ^ 1u};
        sepax3_contact two[2];
        uint32_t kept = 0;
        for (int j = 0; j < 2 && t[0] < t[1]; j++) {
            float q[3], p[3];
            along(b[0], b[1], t[j], q);
            if (cut[j]) {
                memcpy(p, a[a_end[j]], sizeof p);
            } else {
                float sa = seg3_dot(ua, q);
                sa = sa < -ha ? -ha : (sa > ha ? ha : sa);
                for (int c = 0; c < 3; c++)
                    p[c] = sa * ua[c];
            }
            float w[3];
            sub3(q, p, w);
            const float sep = seg3_dot(n, w) - (ra + rb);
            if (!(sep <= 0.0f))
                continue;
            const float by = ra + 0.5f * sep;
            two[kept].point = (sepax3_vec){(p[0] + by * n[0]) + o[0], (p[1] + by * n[1]) + o[1],
                                           (p[2] + by * n[2]) + o[2]};
            two[kept].separation = sep;
            two[kept].id = cut[j] ? lone_id(a_end[j], KIND_VERTEX, SEPAX3_FEATURE_NONE, KIND_NONE)
                                  : lone_id(SEPAX3_FEATURE_NONE, KIND_NONE, (uint32_t)j, KIND_VERTEX);
            kept++;
        }
        if (kept == 2) {
            for (int j = 0; j < 2; j++)
                put(m, two[j].point, two[j].separation, two[j].id);
            return;
        }
    }
    float s, t, ca[3], cb[3], x[3];
    closest_params(a[0], a[1], b[0], b[1], &s, &t);
    along(a[0], a[1], s, ca), along(b[0], b[1], t, cb);
    for (int c = 0; c < 3; c++)
        x[c] = 0.5f * ((ca[c] + ra * n[c]) + (cb[c] - rb * n[c])) + o[c];
    uint32_t f_a, k_a, f_b, k_b;
    segment_feature(ha > 0.0f ? s : 0.5f, &f_a, &k_a);
    segment_feature(hb > 0.0f ? t : 0.5f, &f_b, &k_b);
    put(m, (sepax3_vec){x[0], x[1], x[2]}, r->separation, lone_id(f_a, k_a, f_b, k_b));
}

/* ---- one pair ---- */

static void header(sepax3_manifold *m, const sepax3_result *r)
{
    memset(m, 0, sizeof *m);
    m->normal = r->normal;
    m->separation = r->separation;
    m->flags = r->flags;
    m->axis = r->axis;
}

static void build(const sepax3_view *v, sepax_pair pair, const sepax3_result *r,
                  sepax3_manifold *m)
{
    header(m, r);
    if (!(r->flags & SEPAX_HIT))
        return;
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const int ka = v->kind[sa], kb = v->kind[sb];
    const float *wa = v->world + SEPAX3_RECORD * (size_t)sa;
    const float *wb = v->world + SEPAX3_RECORD * (size_t)sb;
    if (ka == SEPAX3_KIND_SPHERE || kb == SEPAX3_KIND_SPHERE) {
        if (ka == SEPAX3_KIND_SPHERE)
            sphere_point(wa, OWNER_A, r, m);
        else
            sphere_point(wb, OWNER_B, r, m);
        return;
    }
    const int pa = side3_is_poly(ka), pb = side3_is_poly(kb);
    poly A, B;
    if (pa)
        poly_of(v, sa, &A);
    if (pb)
        poly_of(v, sb, &B);
    if (pa && pb) {
        if (r->axis == SEPAX3_AXIS_FACE_A)
            face_contact(&A, r->feature_a, OWNER_A, &B, wb, NULL, 0.0f, r->separation, m);
        else if (r->axis == SEPAX3_AXIS_FACE_B)
            face_contact(&B, r->feature_b, OWNER_B, &A, wa, NULL, 0.0f, r->separation, m);
        else
            edge_pair(&A, &B, r, m);
    } else if (pa) {
        poly_capsule(&A, OWNER_A, wb, r, m);
    } else if (pb) {
        poly_capsule(&B, OWNER_B, wa, r, m);
    } else {
        capsules(wa, wb, r, m);
    }
}

/* ---- the calls ---- */

/* Both calls' work over pairs [from, to), after their checks: every
 * pair's manifold into all[], or (all NULL) the hits' into hits[] (found
 * already there) up to capacity, counting every hit. Returns the new
 * hit count in hits mode. */
static size_t run_manifolds(const sepax3_store *s, const sepax_pair *pairs, size_t from,
                            size_t to, sepax3_manifold *all, sepax3_manifold_hit *hits,
                            size_t capacity, size_t found)
{
    const sepax3_view v = sepax3_store_view(s);
    sepax3_result chunk[SEPAX_HIT_CHUNK];
    for (size_t base = from; base < to; base += SEPAX_HIT_CHUNK) {
        const size_t n = to - base < SEPAX_HIT_CHUNK ? to - base : SEPAX_HIT_CHUNK;
        s->kernels->collide(&v, pairs + base, n, chunk);
        for (size_t k = 0; k < n; k++) {
            if (all) {
                build(&v, pairs[base + k], &chunk[k], &all[base + k]);
                continue;
            }
            if (!(chunk[k].flags & SEPAX_HIT))
                continue;
            /* only the hits that fit are built; the others are counted */
            if (found < capacity) {
                hits[found].pair = (uint32_t)(base + k);
                build(&v, pairs[base + k], &chunk[k], &hits[found].manifold);
            }
            found++;
        }
    }
    return found;
}

/* What the ranges of one call share. */
typedef struct call {
    sepax_pair_call head; /* first: what the checks read */
    const sepax3_store *s;
    sepax3_manifold *all;
} call;

static void manifolds_range(const void *context, size_t from, size_t to)
{
    const call *c = context;
    (void)run_manifolds(c->s, c->head.pairs, from, to, c->all, NULL, 0, 0);
}

static size_t manifolds_chunk(const void *context, size_t base, size_t n, void *hits,
                              size_t capacity, size_t found)
{
    const call *c = context;
    return run_manifolds(c->s, c->head.pairs, base, base + n, NULL, hits, capacity, found);
}

sepax_status sepax3_collide_manifolds(const sepax3_store *s, const sepax_pair *pairs,
                                      size_t count, sepax3_manifold *manifolds,
                                      size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_status st = sepax_batch_check(pairs, count, !manifolds, sizeof *manifolds);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, manifolds};
    /* 16 manifolds of 100 bytes are 25 cache lines */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 16,
                           .check = sepax_batch_check_pairs, .run = manifolds_range,
                           .context = &c};
    return sepax_batch_run(&b, bad_index);
}

sepax_status sepax3_collide_manifolds_hits(const sepax3_store *s, const sepax_pair *pairs,
                                           size_t count, sepax3_manifold_hit *hits,
                                           size_t capacity, size_t *hit_count,
                                           size_t *bad_index)
{
    sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    if (st != SEPAX_OK)
        return st;
    if (!s)
        return SEPAX_ERR_NULL;
    /* hits may be NULL with capacity 0: the caller asks only for the count */
    if ((st = sepax_batch_check(pairs, count, 0, sizeof *hits)) != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, NULL};
    const sepax_batch b = {.core = &s->core, .count = count, .unit = SEPAX_HIT_CHUNK,
                           .check = sepax_batch_check_pairs, .chunk = manifolds_chunk,
                           .hit_size = sizeof *hits, .context = &c};
    return sepax_batch_hits(&b, hits, capacity, hit_count, bad_index);
}
