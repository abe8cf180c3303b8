/* The 3D separating-feature cache of sepax3_collide_hits_cached: the
 * founding articles' remedy for 3D's many axes. A pair apart along a face
 * or an edge pair stays apart along it for many steps; trying that
 * feature first costs one face against the other shape's vertices (or,
 * against a sphere or capsule, two dot products), or one edge pair, where
 * the full test costs every face both ways and every edge pair.
 *
 *   the pair's class (as the driver routes it):
 *   box-box, sphere-sphere, box-sphere, two round shapes: full test (their
 *       whole test costs about what a cached feature would)
 *   two polyhedra (poly3.h, X = A, Y = B):
 *       face i of A: Y's vertices into X's frame, s = min over them of
 *           (n_i.v - d_i) + 0; apart when s > 0
 *       face j of B: the same with X's vertices in Y's frame
 *       edges (i, j): Y's edge j in X's frame; its Gauss-map arcs against
 *           X's edge i; L = u x v, len, turn, s = (turn L).(q - p) / len;
 *           apart when the arcs cross, len >= 1/32 and
 *           s > EDGE_TOLERANCE * size
 *   a polyhedron X and a sphere or capsule S (round3.h): face i of X:
 *       S's segment in X's frame, lo = the smaller of its ends'
 *       (n_i.e - d_i) + 0; apart when lo - r > 0
 *       support: the kernel's support test (support3.h: for two
 *       polyhedra the centres' direction, poly3.h's first test; for a
 *       round shape the two directions round3.h tries after X's faces)
 *       found again from the shapes as they are now; apart when its gap
 *       passes the margin
 *   anything else, or an index past the shape's count: full test
 *
 * Why "apart" here is always "no hit" in the kernels' own arithmetic:
 * every value above is computed from the same operands by the same
 * expressions in the same order as the kernels compute it (at one lane,
 * which is what every lane computes), so it is bit for bit one of the
 * values the full test takes the largest of.
 *   - A face: the full test's best face on that side is at least s > 0,
 *     and a best face above 0 is answered at once as the separation
 *     (poly3_pair: X's faces first, then Y's only when X's are not above
 *     0; round3.h: best - r > 0 first, and best - r >= s - r, subtraction
 *     being monotonic).
 *   - An edge pair: whose arcs cross is measured by the full test (the
 *     same predicate), so its best edge se >= s. When a face is above 0
 *     the pair is apart anyway; else the faces' best f is <= 0, the edge
 *     wins when se > f + T, and f + T rounds to at most T (T =
 *     EDGE_TOLERANCE * size as the kernel forms it): s > T gives a
 *     separation se > T > 0. An ill-conditioned pair (len < 1/32) is
 *     measured by the kernel from every vertex: left to the full test.
 *   - A support direction: the kernel computes the same direction and
 *     gap (for two polyhedra before any face, for a round shape right
 *     after X's faces) and answers "apart" by it or by a face before it.
 * A wrong, stale or foreign record can only fail these tests (a full
 * test) or pass them (a true answer); every index is checked against the
 * shape's counts before use. So the hits never depend on the records.
 *
 * The record (8 bytes): byte 0 the tag (0 empty, 1 a face of A, 2 a face
 * of B, 3 an edge pair, 4 a support direction), byte 1 A's face or edge,
 * byte 2 B's; the rest 0. A support record keeps no direction: the one
 * the kernel would find now is found again, which costs X's vertices
 * once, what a face record's test costs.
 * Compiled once (its face test in four lanes, each lane computing one
 * vertex's value exactly as the kernels do): the filter's choices, and so
 * the records, are the same whatever the backend. */
#include <math.h>
#include <string.h>

/* Four lanes whatever the store's backend, as 2D's cache does: the
 * records do not depend on the width, and the library's own files are
 * built for the baseline ISA. */
#define SEPAX_WIDE_BITS 128
#include "cache.h"
#include "common/motion.h"
#include "kernels/pair3.h"
#include "kernels/poly3.h"

enum { TAG_EMPTY = 0, TAG_FACE_A = 1, TAG_FACE_B = 2, TAG_EDGES = 3, TAG_SUPPORT = 4 };

/* min over Y's vertices, placed by f into X's frame, of face i of X, as
 * poly3_place and poly3_faces compute each value; Y's vertices across
 * four lanes (the padding repeats vertex 0, which changes no minimum).
 * The kernel takes its minimum vertex after vertex, and a minimum does
 * not depend on order unless a value is NaN: then NaN, which no test
 * passes. */
static float face_against(const poly3 *P, uint32_t i, const frame3 *f, const poly3 *Q)
{
    const lf nx = lf_set1(P->nx[i]), ny = lf_set1(P->ny[i]), nz = lf_set1(P->nz[i]);
    const lf d = lf_set1(P->d[i]), zero = lf_set1(0.0f);
    lf R[3][3], t[3];
    for (int r = 0; r < 3; r++) {
        t[r] = lf_set1(f->t[r]);
        for (int c = 0; c < 3; c++)
            R[r][c] = lf_set1(f->R[r][c]);
    }
    lf lo = lf_set1(INFINITY), nan = zero;
    for (uint32_t j = 0; j < Q->nv; j += LANES) {
        const lf vx = lf_load(Q->vx + j), vy = lf_load(Q->vy + j), vz = lf_load(Q->vz + j);
        lf q[3];
        for (int r = 0; r < 3; r++)
            q[r] = lf_add(lf_add(lf_add(lf_mul(R[r][0], vx), lf_mul(R[r][1], vy)),
                                 lf_mul(R[r][2], vz)),
                          t[r]);
        const lf v = lf_add(lf_sub(lf_dot3(nx, ny, nz, q[0], q[1], q[2]), d), zero);
        lo = lf_min(lo, v);
        nan = lf_sel(lf_le(v, v), nan, lf_set1(1.0f));
    }
    float m[LANES], bad[LANES];
    lf_store(m, lo);
    lf_store(bad, nan);
    float out = m[0];
    for (uint32_t l = 0; l < LANES; l++) {
        if (bad[l] != 0.0f)
            return NAN;
        out = m[l] < out ? m[l] : out;
    }
    return out;
}

/* edge i of X against edge j of Y, as poly3_edges_of, the Gauss-map test
 * of poly3_edge_query and poly3_measure compute it; NaN when the pair is
 * not a face of the Minkowski difference or is measured otherwise */
static float edge_pair(const poly3 *P, uint32_t i, const frame3 *f, const poly3 *Q, uint32_t j)
{
    float v[3], c[3], d[3], q[3];
    side3_turn(f, Q->ux[j], Q->uy[j], Q->uz[j], v);
    const uint32_t qc = (uint32_t)Q->fa[j], qd = (uint32_t)Q->fb[j], qv = (uint32_t)Q->i0[j];
    side3_turn(f, Q->nx[qc], Q->ny[qc], Q->nz[qc], c);
    side3_turn(f, Q->nx[qd], Q->ny[qd], Q->nz[qd], d);
    side3_place(f, Q->vx[qv], Q->vy[qv], Q->vz[qv], q);
    const uint32_t fa = (uint32_t)P->fa[i], fb = (uint32_t)P->fb[i], pv = (uint32_t)P->i0[i];
    const float u[3] = {P->ux[i], P->uy[i], P->uz[i]};
    const float a[3] = {P->nx[fa], P->ny[fa], P->nz[fa]}, b[3] = {P->nx[fb], P->ny[fb], P->nz[fb]};
    const float cu = (c[0] * u[0] + c[1] * u[1]) + c[2] * u[2];
    const float du = (d[0] * u[0] + d[1] * u[1]) + d[2] * u[2];
    const float av = (a[0] * v[0] + a[1] * v[1]) + a[2] * v[2];
    const float bv = (b[0] * v[0] + b[1] * v[1]) + b[2] * v[2];
    if (!poly3_arcs_cross(cu, du, av, bv))
        return NAN;
    float L[3];
    side3_cross(u, v, L);
    const float len = sqrtf((L[0] * L[0] + L[1] * L[1]) + L[2] * L[2]);
    if (!(len >= SEPAX3_PARALLEL_TOLERANCE) || len < POLY3_ILL)
        return NAN;
    const float p[3] = {P->vx[pv], P->vy[pv], P->vz[pv]};
    const float turn = (L[0] * p[0] + L[1] * p[1]) + L[2] * p[2] < 0.0f ? -1.0f : 1.0f;
    const float w[3] = {q[0] - p[0], q[1] - p[1], q[2] - p[2]};
    return (turn * ((L[0] * w[0] + L[1] * w[1]) + L[2] * w[2])) / len;
}

/* The value of the record's face of the polyhedron X against the
 * polyhedron Y (slots sx, sy), as the kernels compute it; NaN past X's
 * faces. */
static float face_of_polys(const sepax3_view *v, uint32_t sx, uint32_t sy, uint32_t face)
{
    side3 X, Y;
    side3_of(v, sx, &X);
    side3_of(v, sy, &Y);
    if (face >= X.p.nf)
        return NAN;
    frame3 f;
    side3_frame(X.w, Y.w, &f);
    return face_against(&X.p, face, &f, &Y.p);
}

/* The same for a sphere or capsule S (slot ss): the lower of its
 * segment's ends on X's face, less the radius (never a box and a sphere:
 * the driver sends those to its own lanes) */
static float face_of_round(const sepax3_view *v, uint32_t sx, uint32_t ss, uint32_t face)
{
    side3 X;
    X.p.nf = 0; /* side3_of sets it for a polyhedron, which X always is */
    side3_of(v, sx, &X);
    if (face >= X.p.nf)
        return NAN;
    const float *ws = v->world + SEPAX3_RECORD * (size_t)ss;
    float e0[3], e1[3];
    segment_in(X.w, ws, e0, e1);
    const float n[3] = {X.p.nx[face], X.p.ny[face], X.p.nz[face]}, d = X.p.d[face];
    const float a = (((n[0] * e0[0] + n[1] * e0[1]) + n[2] * e0[2]) - d) + 0.0f;
    const float b = (((n[0] * e1[0] + n[1] * e1[1]) + n[2] * e1[2]) - d) + 0.0f;
    const float lo = a < b ? a : b;
    return lo - ws[SEPAX3_W_R];
}

/* The value of a face record of a pair of the general class: a face of
 * A (or of B) against the other shape; NaN when the record names no face
 * the pair has. */
static float face_value(const sepax3_view *v, uint32_t sa, uint32_t sb, const uint8_t *rec)
{
    const int pa = side3_is_poly(v->kind[sa]), pb = side3_is_poly(v->kind[sb]);
    if (rec[0] == TAG_FACE_A && pa)
        return pb ? face_of_polys(v, sa, sb, rec[1]) : face_of_round(v, sa, sb, rec[1]);
    if (rec[0] == TAG_FACE_B && pb)
        return pa ? face_of_polys(v, sb, sa, rec[2]) : face_of_round(v, sb, sa, rec[2]);
    return NAN;
}

/* Two polyhedra (slots sa, sb) as poly3_pair takes them: B's frame in
 * A's, and B's vertices placed there */
static void polys_placed(const sepax3_view *v, uint32_t sa, uint32_t sb, side3 *A, side3 *B,
                         frame3 *f, float *qx, float *qy, float *qz)
{
    side3_of(v, sa, A);
    side3_of(v, sb, B);
    side3_frame(A->w, B->w, f);
    poly3_place(f, &B->p, qx, qy, qz);
}

/* The support test of two polyhedra (A as X, as the kernel takes them),
 * or of a polyhedron and a round shape (either order): the gap when the
 * kernel's support test parts them, else NaN */
static float support_value(const sepax3_view *v, uint32_t sa, uint32_t sb)
{
    const int pa = side3_is_poly(v->kind[sa]), pb = side3_is_poly(v->kind[sb]);
    if (!pa && !pb)
        return NAN;
    if (pa && pb) {
        side3 A, B;
        frame3 f;
        float qx[POLY3_V], qy[POLY3_V], qz[POLY3_V], d[3], gap;
        polys_placed(v, sa, sb, &A, &B, &f, qx, qy, qz);
        return support3_polys(&A.p, qx, qy, qz, B.p.nv, f.t, B.p.rin, poly3_margin(&A, &B, &f),
                              d, &gap)
                   ? gap
                   : NAN;
    }
    const uint32_t sx = pa ? sa : sb, ss = pa ? sb : sa;
    side3 X;
    X.p.nv = 0, X.p.rin = 0.0f; /* side3_of sets them for a polyhedron, which X is */
    side3_of(v, sx, &X);
    const float *ws = v->world + SEPAX3_RECORD * (size_t)ss;
    float e0[3], e1[3], d[3], gap;
    segment_in(X.w, ws, e0, e1);
    return support3_round(&X.p, X.w + SEPAX3_W_H, e0, e1, ws[SEPAX3_W_R], d, &gap) ? gap : NAN;
}

static int edges_apart(const sepax3_view *v, uint32_t sa, uint32_t sb, const uint8_t *rec)
{
    side3 A, B;
    side3_of(v, sa, &A);
    side3_of(v, sb, &B);
    if (rec[1] >= A.p.ne || rec[2] >= B.p.ne)
        return 0;
    frame3 f;
    side3_frame(A.w, B.w, &f);
    float size = 0.0f;
    for (int k = 0; k < 3; k++)
        size = size + A.w[SEPAX3_W_H + k];
    for (int k = 0; k < 3; k++)
        size = size + B.w[SEPAX3_W_H + k];
    return edge_pair(&A.p, rec[1], &f, &B.p, rec[2]) > SEPAX3_EDGE_TOLERANCE * size;
}

/* Whether the record proves the pair apart; *value: the face's value
 * when a face did, else NaN. */
static int cached_apart(const sepax3_view *v, sepax_pair pair, const sepax3_pair_cache *cache,
                        float *value)
{
    const uint8_t *rec = cache->bytes;
    *value = NAN;
    if (rec[0] == TAG_EMPTY || rec[0] > TAG_SUPPORT)
        return 0;
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const uint8_t ka = v->kind[sa], kb = v->kind[sb];
    if (!pair3_cached_class(pair3_class(ka, kb) >> 1))
        return 0;
    if (rec[0] == TAG_EDGES)
        return side3_is_poly(ka) && side3_is_poly(kb) && edges_apart(v, sa, sb, rec);
    *value = rec[0] == TAG_SUPPORT ? support_value(v, sa, sb) : face_value(v, sa, sb, rec);
    return *value > 0.0f;
}

float sepax3_cache_gap(const sepax3_view *v, sepax_pair pair, const sepax3_pair_cache *cache,
                       const sepax3_result *r, float value, int *side)
{
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const uint8_t ka = v->kind[sa], kb = v->kind[sb];
    *side = SEPAX_MOTION_DISTANCE;
    if (!r) {
        *side = cache->bytes[0] == TAG_FACE_B   ? SEPAX_MOTION_FACE_B
                : cache->bytes[0] == TAG_SUPPORT ? SEPAX_MOTION_DISTANCE
                                                 : SEPAX_MOTION_FACE_A;
        return value;
    }
    if (r->flags & SEPAX_HIT)
        return NAN;
    /* a support gap is at most the distance, and above the rounding */
    if (r->axis == SEPAX3_AXIS_SUPPORT)
        return r->separation;
    if (r->axis == SEPAX3_AXIS_FACE_A || r->axis == SEPAX3_AXIS_FACE_B) {
        *side = r->axis == SEPAX3_AXIS_FACE_B ? SEPAX_MOTION_FACE_B : SEPAX_MOTION_FACE_A;
        return r->separation;
    }
    /* closest points decide only between two round shapes, and a box and
     * a sphere; against a hull, or a capsule against a box, a point
     * outside by less than the rounding near a sharp corner can be taken
     * as inside */
    const int ra = !side3_is_poly(ka), rb = !side3_is_poly(kb);
    if (r->axis == SEPAX3_AXIS_POINTS &&
        ((ra && rb) || pair3_class(ka, kb) >> 1 == PAIR3_BOX_SPHERE))
        return r->separation;
    return NAN;
}

/* The lines a record's test reads, asked for ahead: the hull blocks come
 * from memory in a large store (a drift over 20,000 hulls spent most of
 * the filter's time waiting for them). stage 0: the record, the world
 * records and the blocks' first lines (their counts); stage 1, once those
 * have arrived: the face's or edges' lines and the other shape's
 * vertices. A hint that changes nothing. */
static void prefetch_block_head(const sepax3_view *v, uint32_t slot)
{
    __builtin_prefetch(v->world + SEPAX3_RECORD * (size_t)slot);
    if (v->kind[slot] == SEPAX3_KIND_HULL)
        __builtin_prefetch(v->pool + v->pool_at[slot]);
}

static void prefetch_vertices(const poly3 *P)
{
    for (uint32_t k = 0; k < P->nv; k += 16)
        __builtin_prefetch(P->vx + k), __builtin_prefetch(P->vy + k), __builtin_prefetch(P->vz + k);
}

static void prefetch_face(const poly3 *P, uint32_t i)
{
    __builtin_prefetch(P->nx + i), __builtin_prefetch(P->ny + i), __builtin_prefetch(P->nz + i);
    __builtin_prefetch(P->d + i);
}

static void prefetch_edge(const poly3 *P, uint32_t i)
{
    __builtin_prefetch(P->ux + i), __builtin_prefetch(P->uy + i), __builtin_prefetch(P->uz + i);
    __builtin_prefetch(P->fa + i), __builtin_prefetch(P->fb + i), __builtin_prefetch(P->i0 + i);
}

static void prefetch_lines(const sepax3_view *v, sepax_pair pair, const uint8_t *rec)
{
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const int ha = v->kind[sa] == SEPAX3_KIND_HULL, hb = v->kind[sb] == SEPAX3_KIND_HULL;
    if (!ha && !hb)
        return;
    poly3 A = {0}, B = {0};
    if (ha)
        A = poly3_of(v->pool + v->pool_at[sa]);
    if (hb)
        B = poly3_of(v->pool + v->pool_at[sb]);
    switch (rec[0]) {
    case TAG_FACE_A:
        if (ha && rec[1] < A.nf)
            prefetch_face(&A, rec[1]);
        if (hb)
            prefetch_vertices(&B);
        break;
    case TAG_FACE_B:
        if (hb && rec[2] < B.nf)
            prefetch_face(&B, rec[2]);
        if (ha)
            prefetch_vertices(&A);
        break;
    case TAG_SUPPORT:
        if (ha)
            prefetch_vertices(&A);
        if (hb)
            prefetch_vertices(&B);
        break;
    case TAG_EDGES:
        if (ha && rec[1] < A.ne)
            prefetch_edge(&A, rec[1]);
        if (hb && rec[2] < B.ne)
            prefetch_edge(&B, rec[2]);
        break;
    default:
        break;
    }
}

#define AHEAD 8u

size_t sepax3_cache_filter(const sepax3_view *v, const sepax_pair *pairs, size_t n,
                           const sepax3_pair_cache *caches, sepax_pair *live, uint16_t *at,
                           float *values)
{
    for (size_t k = 0; k < n && k < AHEAD; k++) {
        prefetch_block_head(v, SEPAX_ID_SLOT(pairs[k].a));
        prefetch_block_head(v, SEPAX_ID_SLOT(pairs[k].b));
    }
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        if (k + AHEAD < n) {
            __builtin_prefetch(caches + k + AHEAD);
            prefetch_block_head(v, SEPAX_ID_SLOT(pairs[k + AHEAD].a));
            prefetch_block_head(v, SEPAX_ID_SLOT(pairs[k + AHEAD].b));
        }
        if (k + AHEAD / 2 < n)
            prefetch_lines(v, pairs[k + AHEAD / 2], caches[k + AHEAD / 2].bytes);
        /* written unconditionally, kept by advancing m */
        live[m] = pairs[k];
        at[m] = (uint16_t)k;
        float value;
        m += !cached_apart(v, pairs[k], caches + k, &value);
        if (values)
            values[k] = value;
    }
    return m;
}

/* The record for a pair the support test parted. For two polyhedra, A's
 * best face when it parts them too: its test (one face against B's
 * vertices) reads half what the support test reads (both shapes'
 * vertices), so a settled pile's cached call stays as cheap as it was
 * when faces answered these pairs; the face is found here, once per
 * miss, not in the uncached call. Otherwise a support record. */
static void support_record(const sepax3_view *v, uint32_t sa, uint32_t sb, uint8_t *rec)
{
    rec[0] = TAG_SUPPORT;
    if (!side3_is_poly(v->kind[sa]) || !side3_is_poly(v->kind[sb]))
        return;
    side3 A, B;
    frame3 f;
    float qx[POLY3_V], qy[POLY3_V], qz[POLY3_V];
    polys_placed(v, sa, sb, &A, &B, &f, qx, qy, qz);
    uint32_t face;
    if (poly3_faces(&A.p, qx, qy, qz, B.p.nv, f.t, B.p.rin, poly3_margin(&A, &B, &f), &face) >
        0.0f)
        rec[0] = TAG_FACE_A, rec[1] = (uint8_t)face;
}

void sepax3_cache_refresh(const sepax3_view *v, const sepax_pair *live, size_t m,
                          const sepax3_result *results, const uint16_t *at,
                          sepax3_pair_cache *caches)
{
    for (size_t k = 0; k < m; k++) {
        const sepax3_result *r = results + k;
        sepax3_pair_cache *out = caches + at[k];
        memset(out->bytes, 0, sizeof out->bytes);
        const uint32_t sa = SEPAX_ID_SLOT(live[k].a), sb = SEPAX_ID_SLOT(live[k].b);
        if (!pair3_cached_class(pair3_class(v->kind[sa], v->kind[sb]) >> 1))
            continue;
        switch (r->axis) {
        case SEPAX3_AXIS_FACE_A:
            out->bytes[0] = TAG_FACE_A, out->bytes[1] = r->feature_a;
            break;
        case SEPAX3_AXIS_FACE_B:
            out->bytes[0] = TAG_FACE_B, out->bytes[2] = r->feature_b;
            break;
        case SEPAX3_AXIS_SUPPORT:
            support_record(v, sa, sb, out->bytes);
            break;
        case SEPAX3_AXIS_EDGES:
            /* a capsule's edge axis (its segment across X's edge) is no
             * edge pair of two polyhedra: the test above rejects it */
            if (side3_is_poly(v->kind[sa]) && side3_is_poly(v->kind[sb]))
                out->bytes[0] = TAG_EDGES, out->bytes[1] = r->feature_a,
                out->bytes[2] = r->feature_b;
            break;
        default:
            break;
        }
    }
}
