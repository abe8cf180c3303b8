/* Contact manifolds: where the shapes of a hit touch, one or two points,
 * for a physics solver.
 *
 * The store's collide kernels answer every pair first (SEPAX_HIT_CHUNK
 * pairs at a time, on the stack); the points are then built, one hit at
 * a time, in plain scalar C, from the sepax_result and the two shapes'
 * world columns and radii. That is all this file reads, and the results
 * and world columns are bit-identical on every backend, so the
 * manifolds are too: this file is compiled once, with the project's
 * flags (-ffp-contract=off; no FMA; sqrtf and division correctly
 * rounded), whatever the backend. It is the specification. Hits between
 * two plain polygons of at most a block of vertices go first to the
 * kernel table's manifold_polygons (kernels/manifold_tile.h: this
 * file's clip in lanes over hits, bit for bit), which may decline a hit
 * to the code here.
 *
 *   for each pair: r = the kernels' result
 *       not a hit: no point; normal, separation and flags as r's
 *       o = core vertex 0 of the shape in the lower slot; every
 *           coordinate below is relative to o, as in the kernels, and o
 *           is added back to each point at the end
 *       a circle in the pair (a point core):
 *           r's axis is a closest-point one: the closest points pA, pB
 *               of the cores; one point midway between pA + rA n and
 *               pB - rB n, separation r's
 *           else the centre lies inside the other's core: one point
 *               from the centre along the normal by its radius and half
 *               the separation
 *       both cores are segments or polygons:
 *           r's axis is a face (owner, edge):
 *               a segment's end face: one point, from the end
 *               else clip(owner's face)
 *           r's axis is a closest-point one (round cores apart): the
 *               closest pair of features, searched as round.h does:
 *               a vertex against the inside of an edge: clip(that edge's
 *                   face), or, if no point survives, the point below
 *               a vertex against a vertex: one point, midway between
 *                   pA + rA n and pB - rB n
 *   clip(reference face f of shape R, normal nf outward of R):
 *       incident edge = the other shape I's face whose normal is most
 *           anti-parallel to nf (first minimum; a segment core's two
 *           sides only), from its first vertex w0 to its second w1
 *       clip [w0, w1] to the strip between the lines through f's ends
 *           square to f
 *       for each clipped end c (w0's first):
 *           separation = nf.c - nf.f0 - (rA + rB)  (the kernels' face
 *               value, minus the radii)
 *           kept when separation <= 0, at c - (rI + separation / 2) nf:
 *               I's surface is c - rI nf, R's lies separation further
 *               along -nf, and the point is midway
 *       nothing kept: I's deepest vertex below f, as one point
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "batch.h"
#include "common/batch.h"
#include "kernels/round.h"

_Static_assert(sizeof(sepax_contact) == 16, "sepax_contact has padding");
_Static_assert(sizeof(sepax_manifold) == 48, "sepax_manifold has padding");
_Static_assert(offsetof(sepax_manifold, points) == 16, "sepax_manifold's points moved");
_Static_assert(sizeof(sepax_manifold_hit) == 52, "sepax_manifold_hit has padding");

/* Feature ids (sepax.h). */
#define ID_LONE 0x80000000u
#define FEATURE_NONE 0xFFu

static uint32_t face_id(uint32_t owner, uint32_t ref, uint32_t inc, uint32_t end)
{
    return owner << 17 | end << 16 | inc << 8 | ref;
}

static uint32_t lone_id(uint32_t feature_a, uint32_t feature_b)
{
    return ID_LONE | feature_b << 8 | feature_a;
}

/* One pair as this file sees it: both cores (index 0 A, 1 B), radii,
 * and the origin every coordinate is taken relative to. */
typedef struct pair_view {
    sepax_view v[2];
    float r[2];
    float ox, oy;
} pair_view;

static float rel_x(const pair_view *p, uint32_t s, uint32_t i)
{
    return p->v[s].x[i] - p->ox;
}

static float rel_y(const pair_view *p, uint32_t s, uint32_t i)
{
    return p->v[s].y[i] - p->oy;
}

/* Append a point given relative to o. The + 0 makes a zero +0 whatever
 * the operands' signs, so that equal points compare equal as bytes. */
static void put(sepax_manifold *m, const pair_view *p, float x, float y, float separation,
                uint32_t id)
{
    sepax_contact *c = &m->points[m->point_count++];
    c->point.x = (p->ox + x) + 0.0f;
    c->point.y = (p->oy + y) + 0.0f;
    c->separation = separation + 0.0f;
    c->id = id;
}

/* The vertex where face f of a core with n vertices ends (faces 0 and 1
 * of a segment run p1->p2 and p2->p1; a polygon's edge f ends at f + 1). */
static uint32_t face_end(uint32_t n, uint32_t f)
{
    return n == 2u ? (uint32_t)(f == 0u) : f + 1u == n ? 0u : f + 1u;
}

/* The face of core q whose outward normal is most anti-parallel to
 * (nx, ny): the first minimum of the dot product. A segment core offers
 * its two sides only: its end faces have no extent to clip. */
static uint32_t incident_face(const sepax_view *q, float nx, float ny)
{
    const uint32_t faces = q->n == 2u ? 2u : q->n;
    uint32_t best = 0;
    float lo = INFINITY;
    for (uint32_t i = 0; i < faces; i++) {
        const float d = nx * q->nx[i] + ny * q->ny[i];
        if (d < lo) {
            lo = d;
            best = i;
        }
    }
    return best;
}

/* A reference face: its owner (0 A, 1 B), index, outward unit normal (as
 * the world columns hold it), ends relative to o, and its offset n.f0
 * formed as the kernels form it, so that a vertex's face value below is
 * the very float the kernels compared. */
typedef struct ref_face {
    uint32_t owner, face;
    float nx, ny, c;
    float x0, y0, x1, y1;
} ref_face;

static ref_face make_ref(const pair_view *p, uint32_t owner, uint32_t face)
{
    const sepax_view *v = &p->v[owner];
    const uint32_t i0 = sepax_core_face_vertex(v->n, face), i1 = face_end(v->n, face);
    ref_face f;
    f.owner = owner;
    f.face = face;
    f.nx = v->nx[face];
    f.ny = v->ny[face];
    f.x0 = rel_x(p, owner, i0), f.y0 = rel_y(p, owner, i0);
    f.x1 = rel_x(p, owner, i1), f.y1 = rel_y(p, owner, i1);
    f.c = f.nx * f.x0 + f.ny * f.y0;
    return f;
}

/* Signed distance of (x, y) past the face plane, as the kernels' face
 * pass forms it: n.p, then minus the offset. */
static float face_value(const ref_face *f, float x, float y)
{
    const float px = f->nx * x, py = f->ny * y;
    return (px + py) - f->c;
}

/* Clip the incident face of shape 1 - f->owner against the reference
 * face f; keep the points whose separation is <= 0. Returns how many were
 * kept. */
static uint32_t clip(sepax_manifold *m, const pair_view *p, const ref_face *f)
{
    const uint32_t inc_side = 1u - f->owner;
    const sepax_view *q = &p->v[inc_side];
    const uint32_t inc = incident_face(q, f->nx, f->ny);
    const uint32_t w[2] = {sepax_core_face_vertex(q->n, inc), face_end(q->n, inc)};
    const float wx[2] = {rel_x(p, inc_side, w[0]), rel_x(p, inc_side, w[1])};
    const float wy[2] = {rel_y(p, inc_side, w[0]), rel_y(p, inc_side, w[1])};

    /* Position along the face, from its first end towards its second:
     * the direction (-ny, nx) is the face's own (its outward normal lies
     * to the right of it), taken from the unit normal so that no length
     * is computed. The strip is 0 <= u <= len. */
    const float tx = -f->ny, ty = f->nx;
    const float len = tx * (f->x1 - f->x0) + ty * (f->y1 - f->y0);
    float u[2];
    for (int k = 0; k < 2; k++)
        u[k] = tx * (wx[k] - f->x0) + ty * (wy[k] - f->y0);

    const float rsum = p->r[0] + p->r[1], r_inc = p->r[inc_side];
    const uint32_t first = m->point_count;
    for (uint32_t k = 0; k < 2; k++) {
        const uint32_t j = 1u - k;
        float cx = wx[k], cy = wy[k];
        /* An end outside the strip slides along the incident edge to the
         * strip's line; both ends beyond the same line: the edge misses
         * the face. The fraction comes from the original ends, so each
         * clipped point depends on its own end and the bound alone. */
        float bound = u[k];
        if (u[k] < 0.0f)
            bound = 0.0f;
        else if (u[k] > len)
            bound = len;
        if (bound != u[k]) {
            if ((u[k] < 0.0f && u[j] < 0.0f) || (u[k] > len && u[j] > len))
                return 0;
            const float t = (bound - u[k]) / (u[j] - u[k]);
            cx = wx[k] + t * (wx[j] - wx[k]);
            cy = wy[k] + t * (wy[j] - wy[k]);
        }
        const float separation = face_value(f, cx, cy) - rsum;
        if (!(separation <= 0.0f))
            continue;
        /* I's surface point c - r_inc n and R's, separation further on
         * along -n; the point is midway. */
        const float back = r_inc + separation * 0.5f;
        const float px = cx - back * f->nx, py = cy - back * f->ny;
        /* A face of no extent (collapsed shapes) clips both ends onto
         * one spot: one point is enough. */
        if (m->point_count > first) {
            const sepax_contact *prev = &m->points[m->point_count - 1u];
            if (prev->point.x == (p->ox + px) + 0.0f && prev->point.y == (p->oy + py) + 0.0f)
                continue;
        }
        put(m, p, px, py, separation, face_id(f->owner, f->face, inc, k));
    }
    return m->point_count - first;
}

/* The incident shape's deepest core vertex below face f, as the one
 * point of a face contact whose clipped points all lie outside: with the
 * reference face's extent ignored, it is where the kernels found the
 * depth (first minimum, as their face pass keeps it). */
static void deepest(sepax_manifold *m, const pair_view *p, const ref_face *f)
{
    const uint32_t inc_side = 1u - f->owner;
    const sepax_view *q = &p->v[inc_side];
    uint32_t best = 0;
    float lo = INFINITY;
    for (uint32_t j = 0; j < q->n; j++) {
        const float e = face_value(f, rel_x(p, inc_side, j), rel_y(p, inc_side, j));
        if (e < lo) {
            lo = e;
            best = j;
        }
    }
    const float x = rel_x(p, inc_side, best), y = rel_y(p, inc_side, best);
    const float separation = lo - (p->r[0] + p->r[1]);
    const float back = p->r[inc_side] + separation * 0.5f;
    const uint32_t fa = f->owner == 0u ? FEATURE_NONE : best;
    const uint32_t fb = f->owner == 0u ? best : FEATURE_NONE;
    put(m, p, x - back * f->nx, y - back * f->ny, separation, lone_id(fa, fb));
}

/* Where a vertex's closest point on an edge lies. */
enum { AT_START, AT_END, INSIDE };

/* The closest pair of core features, as round.h's search finds it: each
 * core vertex of A against every edge of B, then B's against A's, the
 * first minimum in that order. pa, pb: the points on A's and B's cores,
 * relative to o; from: whose vertex it was; vertex, edge: the indices;
 * where: on the edge. */
typedef struct closest {
    float d2, pa[2], pb[2];
    uint32_t from, vertex, edge;
    int where;
} closest;

static closest closest_pair(const pair_view *p)
{
    closest c;
    memset(&c, 0, sizeof c);
    c.d2 = INFINITY;
    for (uint32_t from = 0; from < 2u; from++) {
        const uint32_t to = 1u - from;
        const sepax_view *f = &p->v[from], *t = &p->v[to];
        const uint32_t edges = sepax_core_edges(t->n);
        for (uint32_t i = 0; i < f->n; i++) {
            const float vx = rel_x(p, from, i), vy = rel_y(p, from, i);
            for (uint32_t e = 0; e < edges; e++) {
                const uint32_t k = sepax_core_edge_end(t->n, e);
                const float ax = rel_x(p, to, e), ay = rel_y(p, to, e);
                const float bx = rel_x(p, to, k), by = rel_y(p, to, k);
                float qx = 0.0f, qy = 0.0f;
                const float d2 = sepax_segment_closest(vx, vy, ax, ay, bx, by, &qx, &qy);
                if (!(d2 < c.d2))
                    continue;
                /* The branches of sepax_segment_closest, to tell which
                 * part of the edge q is on: inside only when its t is
                 * strictly between 0 and 1. */
                const float ex = bx - ax, ey = by - ay, wx = vx - ax, wy = vy - ay;
                const float ee = ex * ex + ey * ey, we = wx * ex + wy * ey;
                int where = AT_START;
                if (we >= ee)
                    where = AT_END;
                else if (we > 0.0f)
                    where = we * (1.0f / ee) < 1.0f ? INSIDE : AT_END;
                c.d2 = d2;
                c.from = from;
                c.vertex = i;
                c.edge = e;
                c.where = where;
                float *pf = from == 0u ? c.pa : c.pb, *pt = from == 0u ? c.pb : c.pa;
                pf[0] = vx, pf[1] = vy;
                pt[0] = qx, pt[1] = qy;
            }
        }
    }
    return c;
}

/* The core feature of each shape at a closest pair: the searching
 * vertex, and on the other shape the edge's end it reached or
 * FEATURE_NONE for the inside of the edge. */
static uint32_t lone_closest_id(const pair_view *p, const closest *c)
{
    const sepax_view *t = &p->v[1u - c->from];
    const uint32_t on_edge = c->where == AT_START ? c->edge
                             : c->where == AT_END ? sepax_core_edge_end(t->n, c->edge)
                                                  : FEATURE_NONE;
    return c->from == 0u ? lone_id(c->vertex, on_edge) : lone_id(on_edge, c->vertex);
}

/* One point midway between the two surfaces at the closest points:
 * A's surface at pA + rA n, B's at pB - rB n. */
static void lone_closest(sepax_manifold *m, const pair_view *p, const closest *c,
                         const sepax_result *r)
{
    const float nx = r->normal.x, ny = r->normal.y;
    const float sax = c->pa[0] + p->r[0] * nx, say = c->pa[1] + p->r[0] * ny;
    const float sbx = c->pb[0] - p->r[1] * nx, sby = c->pb[1] - p->r[1] * ny;
    put(m, p, (sax + sbx) * 0.5f, (say + sby) * 0.5f, r->separation, lone_closest_id(p, c));
}

/* Cores apart, both segments or polygons, and a vertex closest to the
 * inside of an edge: that edge's face is the reference. Its normal is
 * the closest-point axis up to rounding (the offset from the inside of
 * an edge is square to it). A segment core's face is the side facing the
 * other shape. */
static void apart_edge(sepax_manifold *m, const pair_view *p, const closest *c,
                       const sepax_result *r)
{
    const uint32_t owner = 1u - c->from;
    const sepax_view *t = &p->v[owner];
    uint32_t face = c->edge;
    if (t->n == 2u) {
        /* the side whose outward normal points at the other shape: along
         * the result's normal for A, against it for B */
        const float d = t->nx[0] * r->normal.x + t->ny[0] * r->normal.y;
        face = (owner == 0u ? d >= 0.0f : d <= 0.0f) ? 0u : 1u;
    }
    const ref_face f = make_ref(p, owner, face);
    if (clip(m, p, &f) == 0u)
        lone_closest(m, p, c, r);
}

/* A circle against anything: its centre lies inside the other's core
 * when the result has a face axis (a point core has no faces, so the
 * other shape owns it). */
static void circle(sepax_manifold *m, const pair_view *p, const sepax_result *r)
{
    if (r->edge == SEPAX_EDGE_NONE) {
        const closest c = closest_pair(p);
        lone_closest(m, p, &c, r);
        return;
    }
    /* The circle is the shape that does not own the face. Its surface
     * towards the other is its centre moved by its radius along the
     * normal (towards B for A, towards A for B), the other's surface lies
     * the separation further on, and the point is midway. */
    const uint32_t s = 1u - r->owner;
    const float sign = s == 0u ? 1.0f : -1.0f;
    const float along = sign * (p->r[s] + r->separation * 0.5f);
    const float x = rel_x(p, s, 0) + along * r->normal.x;
    const float y = rel_y(p, s, 0) + along * r->normal.y;
    put(m, p, x, y, r->separation, s == 0u ? lone_id(0, FEATURE_NONE) : lone_id(FEATURE_NONE, 0));
}

/* A segment core's end face as the reference: one point, from that end
 * along the face's normal by its radius and half the separation. */
static void segment_end(sepax_manifold *m, const pair_view *p, const sepax_result *r)
{
    const ref_face f = make_ref(p, r->owner, r->edge);
    const float along = p->r[r->owner] + r->separation * 0.5f;
    const uint32_t inc = incident_face(&p->v[1u - r->owner], f.nx, f.ny);
    put(m, p, f.x0 + along * f.nx, f.y0 + along * f.ny, r->separation,
        face_id(r->owner, r->edge, inc, 0));
}

/* The header every manifold copies from its result, no points. */
static void header(sepax_manifold *m, const sepax_result *r)
{
    memset(m, 0, sizeof *m);
    m->normal = r->normal;
    m->separation = r->separation;
    m->flags = r->flags;
}

static void build(const sepax_columns *cols, sepax_pair pair, const sepax_result *r,
                  sepax_manifold *m)
{
    header(m, r);
    if (!(r->flags & SEPAX_HIT))
        return;
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    pair_view p;
    p.v[0] = sepax_world_view(cols, sa);
    p.v[1] = sepax_world_view(cols, sb);
    p.r[0] = cols->radius[sa];
    p.r[1] = cols->radius[sb];
    const sepax_view *o = sa < sb ? &p.v[0] : &p.v[1];
    p.ox = o->x[0];
    p.oy = o->y[0];

    if (p.v[0].n == 1u || p.v[1].n == 1u) {
        circle(m, &p, r);
    } else if (r->edge != SEPAX_EDGE_NONE) {
        if (p.v[r->owner].n == 2u && r->edge >= 2u) {
            segment_end(m, &p, r);
        } else {
            const ref_face f = make_ref(&p, r->owner, r->edge);
            if (clip(m, &p, &f) == 0u)
                deepest(m, &p, &f);
        }
    } else {
        const closest c = closest_pair(&p);
        if (c.where == INSIDE)
            apart_edge(m, &p, &c, r);
        else
            lone_closest(m, &p, &c, r);
    }
}

void sepax_reference_manifold_polygons(const sepax_columns *cols, const sepax_pair *pairs,
                                       const sepax_result *results, const uint32_t *index,
                                       sepax_manifold *const *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        build(cols, pairs[index[i]], &results[index[i]], out[i]);
}

/* Whether the backend's manifold_polygons takes the pair: two plain
 * polygons of at most a block of vertices each. A store of polygons only
 * (polygons_only) needs no kind check. Bitwise, so that it compiles to
 * no branch. */
static inline int lane_pair(const sepax_columns *c, int polygons_only, sepax_pair pair)
{
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const int small = (c->span[sa].count <= SEPAX_BLOCK_ALIGN) &
                      (c->span[sb].count <= SEPAX_BLOCK_ALIGN);
    return small & (polygons_only | ((c->kind[sa] == SEPAX_KIND_POLYGON) &
                                     (c->kind[sb] == SEPAX_KIND_POLYGON)));
}

/* One chunk's hits to build: for the backend's lanes, and for the scalar
 * builder here; index into the chunk, and the manifold to write. */
typedef struct hit_list {
    uint32_t index[SEPAX_HIT_CHUNK];
    sepax_manifold *out[SEPAX_HIT_CHUNK];
    size_t n;
} hit_list;

typedef struct hit_lists {
    hit_list lanes, scalar;
} hit_lists;

/* List chunk pair k, a hit when hit is 1, for m; lanes and scalar count
 * the lists' entries (kept in registers by the caller's loop). Both lists
 * take the entry and only the right one counts it: whether a pair hits
 * is a coin toss on a typical list, and a branch on it mispredicts. */
static inline void list_pair(hit_lists *h, size_t *lanes, size_t *scalar, int lane, int hit,
                             uint32_t k, sepax_manifold *m)
{
    h->lanes.index[*lanes] = k;
    h->lanes.out[*lanes] = m;
    *lanes += (size_t)(hit & lane);
    h->scalar.index[*scalar] = k;
    h->scalar.out[*scalar] = m;
    *scalar += (size_t)(hit & !lane);
}

/* Build the listed hits of one chunk: the lanes first, then the scalar
 * list, then the hits the lanes declined (point_count 0, which no hit
 * has). */
static void build_lists(hit_lists *h, const sepax_store *s, const sepax_columns *cols,
                        const sepax_pair *pairs, const sepax_result *results)
{
    /* a backend without lanes for them (NULL) takes the scalar builder */
    if (h->lanes.n)
        (s->kernels->manifold_polygons ? s->kernels->manifold_polygons
                                       : sepax_reference_manifold_polygons)(
            cols, pairs, results, h->lanes.index, h->lanes.out, h->lanes.n);
    for (size_t i = 0; i < h->scalar.n; i++) {
        const uint32_t k = h->scalar.index[i];
        build(cols, pairs[k], &results[k], h->scalar.out[i]);
    }
    for (size_t i = 0; i < h->lanes.n; i++) {
        if (h->lanes.out[i]->point_count == 0) {
            const uint32_t k = h->lanes.index[i];
            build(cols, pairs[k], &results[k], h->lanes.out[i]);
        }
    }
}

/* Both calls' work over pairs [from, to), after their checks: every
 * pair's manifold into all[], or (all NULL) the hits' into hits[] (found
 * already there) up to capacity, counting every hit. Returns the new
 * hit count in hits mode. */
static size_t run_manifolds(const sepax_store *s, const sepax_pair *pairs, size_t from,
                            size_t to, sepax_manifold *all, sepax_manifold_hit *hits,
                            size_t capacity, size_t found)
{
    const sepax_columns cols = sepax_store_columns(s);
    sepax_result chunk[SEPAX_HIT_CHUNK];
    const int polygons_only = s->round_live == 0;
    hit_lists lists;
    for (size_t base = from; base < to; base += SEPAX_HIT_CHUNK) {
        const size_t n = to - base < SEPAX_HIT_CHUNK ? to - base : SEPAX_HIT_CHUNK;
        sepax_run_kernels(s, &cols, pairs + base, n, chunk);
        size_t lanes = 0, scalar = 0;
        for (size_t k = 0; k < n; k++) {
            const int hit = (chunk[k].flags & SEPAX_HIT) != 0;
            if (all) {
                /* every pair's header; a hit's builder writes it again
                 * with its points */
                sepax_manifold *m = &all[base + k];
                header(m, &chunk[k]);
                list_pair(&lists, &lanes, &scalar, lane_pair(&cols, polygons_only, pairs[base + k]),
                          hit, (uint32_t)k, m);
                continue;
            }
            if (!hit)
                continue;
            /* only the hits that fit are built; the others are counted */
            if (found < capacity) {
                hits[found].pair = (uint32_t)(base + k);
                list_pair(&lists, &lanes, &scalar, lane_pair(&cols, polygons_only, pairs[base + k]),
                          1, (uint32_t)k, &hits[found].manifold);
            }
            found++;
        }
        lists.lanes.n = lanes, lists.scalar.n = scalar;
        build_lists(&lists, s, &cols, pairs + base, chunk);
    }
    return found;
}

/* What the ranges of one call share. */
typedef struct call {
    sepax_pair_call head; /* first: what the checks read */
    const sepax_store *s;
    sepax_manifold *all;
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

sepax_status sepax_collide_manifolds(const sepax_store *s, const sepax_pair *pairs, size_t count,
                                     sepax_manifold *manifolds, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_status st = sepax_batch_check(pairs, count, !manifolds, sizeof *manifolds);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, pairs}, s, manifolds};
    /* 8 manifolds are a whole number of cache lines */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 8,
                           .check = sepax_batch_check_pairs, .run = manifolds_range,
                           .context = &c};
    return sepax_batch_run(&b, bad_index);
}

sepax_status sepax_collide_manifolds_hits(const sepax_store *s, const sepax_pair *pairs,
                                          size_t count, sepax_manifold_hit *hits, size_t capacity,
                                          size_t *hit_count, size_t *bad_index)
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
