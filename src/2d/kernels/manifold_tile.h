/* Contact manifolds of hits between two plain polygons (radius 0, at most
 * a block of vertices each) with lanes over hits: manifold.c's clip of
 * the incident edge against the reference face, WIDE hits at once, each
 * lane evaluating manifold.c's expressions with the same operands in the
 * same order and its branches as selects. manifold.c stays the
 * specification; the hits whose points take one of its rare branches
 * (clipping keeps nothing) are declined and built there.
 *
 *   for each listed hit (result r: reference face f = r.edge of the
 *   owner R; incident shape I, the other):
 *       note, in the tile's next lane: o (vertex 0 of the shape in the
 *       lower slot), f's normal n and world ends f0, f1, I's world
 *       columns, r's header words, owner << 17 | f
 *       when the tile holds WIDE hits (or the list ends, spare lanes
 *       repeating the first), per lane:
 *           load I's four columns, transposed (row, lane)
 *           incident face: rows i < 8, d = n.x*In.x[i] + n.y*In.y[i];
 *               strictly below the best so far: take i and its ends,
 *               w0 = row i, w1 = row i + 1 (row 0 after row 7). Rows
 *               past I's count repeat vertex 0 and face 0: they only tie
 *           relative to o: f0, f1, w0, w1; c = n.f0
 *           t = (-n.y, n.x); len = t.(f1 - f0); u_k = t.(w_k - f0)
 *           miss: both u_k < 0, or both > len
 *           for k in 0, 1 (j = 1 - k):
 *               bound = u_k < 0 ? 0 : u_k > len ? len : u_k
 *               c_k = bound == u_k ? w_k
 *                   : w_k + ((bound - u_k) / (u_j - u_k)) (w_j - w_k)
 *               s_k = ((n.x*c.x + n.y*c.y) - c) - (0 + 0); kept: s_k <= 0
 *               p_k = o + (c_k - (0 + s_k*0.5) n) + 0, s_k + 0
 *           p_1 dropped when p_0 was kept and equals it
 *           miss, or nothing kept: point_count 0 (declined)
 *           twelve words per lane (header, two points, zeros where no
 *           point) transposed and stored at each hit's manifold
 */
#ifndef SEPAX_MANIFOLD_TILE_H
#define SEPAX_MANIFOLD_TILE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"
#include "sat_tile.h"

_Static_assert(sizeof(sepax_manifold) == 48 && offsetof(sepax_manifold, separation) == 8 &&
                   offsetof(sepax_manifold, point_count) == 12 &&
                   offsetof(sepax_manifold, flags) == 13 &&
                   offsetof(sepax_manifold, points) == 16 && sizeof(sepax_contact) == 16,
               "manifold_run writes a manifold as twelve 32-bit words");

/* Up to WIDE hits gathered for one run (n of them): per lane, what the clip reads of the
 * reference face (world coordinates; o is taken off in lanes, as
 * manifold.c takes it off each coordinate), the incident shape's world
 * columns, and the words of the header that come from the result. */
typedef struct manifold_tile {
    uint32_t n;
    const float *inc[WIDE];
    sepax_manifold *out[WIDE];
    SIMDE_ALIGN_TO_64 float ox[WIDE], oy[WIDE];
    SIMDE_ALIGN_TO_64 float nx[WIDE], ny[WIDE];
    SIMDE_ALIGN_TO_64 float x0[WIDE], y0[WIDE], x1[WIDE], y1[WIDE];
    SIMDE_ALIGN_TO_64 float normal_x[WIDE], normal_y[WIDE], separation[WIDE];
    SIMDE_ALIGN_TO_64 uint32_t flags[WIDE]; /* r.flags << 8: the count's word */
    SIMDE_ALIGN_TO_64 uint32_t id[WIDE];    /* owner << 17 | face */
} manifold_tile;

/* a == b as C's == has it for the finite values here (-0 equals +0) */
static HEDLEY_ALWAYS_INLINE wm manifold_eq(wf a, wf b)
{
    return wm_and(wf_le_m(a, b), wf_le_m(b, a));
}

static HEDLEY_ALWAYS_INLINE wf manifold_bits(const uint32_t *p)
{
    return wf_load((const float *)(const void *)p);
}

/* Spare lanes repeat the first hit, its manifold included, so that every
 * store is unconditional: a spare lane rewrites the first hit's manifold
 * with the same bytes. */
static inline void manifold_pad(manifold_tile *t)
{
    for (uint32_t l = t->n; l < WIDE; l++) {
        t->inc[l] = t->inc[0], t->out[l] = t->out[0];
        t->ox[l] = t->ox[0], t->oy[l] = t->oy[0];
        t->nx[l] = t->nx[0], t->ny[l] = t->ny[0];
        t->x0[l] = t->x0[0], t->y0[l] = t->y0[0], t->x1[l] = t->x1[0], t->y1[l] = t->y1[0];
        t->normal_x[l] = t->normal_x[0], t->normal_y[l] = t->normal_y[0];
        t->separation[l] = t->separation[0];
        t->flags[l] = t->flags[0], t->id[l] = t->id[0];
    }
}

static HEDLEY_ALWAYS_INLINE void manifold_run(manifold_tile *t)
{
    manifold_pad(t);
    wf in[4][SEPAX_BLOCK_ALIGN]; /* I's x y nx ny, world, [column][row] */
    tile_load(t->inc, in);
    const wf zero = wf_set1(0.0f), one = wf_set1(1.0f);
    const wf nx = wf_load(t->nx), ny = wf_load(t->ny);
    const wf ox = wf_load(t->ox), oy = wf_load(t->oy);

    /* manifold.c's incident_face, with the face's ends taken as it wins */
    wf lo = wf_set1(INFINITY), inc = zero, fi = zero;
    wf w0x = in[0][0], w0y = in[1][0], w1x = in[0][1], w1y = in[1][1];
#pragma GCC unroll 8
    for (uint32_t i = 0; i < SEPAX_BLOCK_ALIGN; i++) {
        const uint32_t j = i + 1u == SEPAX_BLOCK_ALIGN ? 0u : i + 1u;
        const wf d = wf_add(wf_mul(nx, in[2][i]), wf_mul(ny, in[3][i]));
        const wm below = wf_gt_m(lo, d);
        lo = wf_keep(below, d, lo);
        inc = wf_keep(below, fi, inc);
        w0x = wf_keep(below, in[0][i], w0x);
        w0y = wf_keep(below, in[1][i], w0y);
        w1x = wf_keep(below, in[0][j], w1x);
        w1y = wf_keep(below, in[1][j], w1y);
        fi = wf_add(fi, one);
    }

    /* make_ref and clip */
    const wf fx0 = wf_sub(wf_load(t->x0), ox), fy0 = wf_sub(wf_load(t->y0), oy);
    const wf fx1 = wf_sub(wf_load(t->x1), ox), fy1 = wf_sub(wf_load(t->y1), oy);
    const wf wx[2] = {wf_sub(w0x, ox), wf_sub(w1x, ox)};
    const wf wy[2] = {wf_sub(w0y, oy), wf_sub(w1y, oy)};
    const wf c = wf_add(wf_mul(nx, fx0), wf_mul(ny, fy0));
    /* -n.y: times -1 is exact, zeros included */
    const wf tx = wf_mul(ny, wf_set1(-1.0f)), ty = nx;
    const wf len = wf_add(wf_mul(tx, wf_sub(fx1, fx0)), wf_mul(ty, wf_sub(fy1, fy0)));
    wf u[2];
    for (uint32_t k = 0; k < 2; k++)
        u[k] = wf_add(wf_mul(tx, wf_sub(wx[k], fx0)), wf_mul(ty, wf_sub(wy[k], fy0)));
    const wm miss = wm_or(wm_and(wf_gt_m(zero, u[0]), wf_gt_m(zero, u[1])),
                          wm_and(wf_gt_m(u[0], len), wf_gt_m(u[1], len)));
    /* the radii of plain polygons: rsum = 0 + 0 and r_inc = 0, kept as
     * operands so that every signed zero comes out as manifold.c's */
    wf px[2], py[2], sep[2];
    wm kept[2];
    for (uint32_t k = 0; k < 2; k++) {
        const uint32_t j = 1u - k;
        const wf bound =
            wf_keep(wf_gt_m(zero, u[k]), zero, wf_keep(wf_gt_m(u[k], len), len, u[k]));
        const wf f = wf_div(wf_sub(bound, u[k]), wf_sub(u[j], u[k]));
        const wm stay = manifold_eq(bound, u[k]);
        const wf cx = wf_keep(stay, wx[k], wf_add(wx[k], wf_mul(f, wf_sub(wx[j], wx[k]))));
        const wf cy = wf_keep(stay, wy[k], wf_add(wy[k], wf_mul(f, wf_sub(wy[j], wy[k]))));
        const wf s = wf_sub(wf_sub(wf_add(wf_mul(nx, cx), wf_mul(ny, cy)), c), zero);
        kept[k] = wf_le_m(s, zero);
        const wf back = wf_add(zero, wf_mul(s, wf_set1(0.5f)));
        px[k] = wf_add(wf_add(ox, wf_sub(cx, wf_mul(back, nx))), zero);
        py[k] = wf_add(wf_add(oy, wf_sub(cy, wf_mul(back, ny))), zero);
        sep[k] = wf_add(s, zero);
    }
    /* a face of no extent clips both ends onto one spot: one point */
    const wm same = wm_and(manifold_eq(px[1], px[0]), manifold_eq(py[1], py[0]));
    const wm any = wm_andnot(wm_or(kept[0], kept[1]), miss);
    const wm k0 = wm_and(kept[0], any);
    const wm k1 = wm_andnot(wm_and(kept[1], any), wm_and(k0, same));
    const wm both = wm_and(k0, k1);

    wf rec[12];
    rec[0] = wf_load(t->normal_x);
    rec[1] = wf_load(t->normal_y);
    rec[2] = wf_load(t->separation);
    const wf count = wf_add(wf_keep(k0, one, zero), wf_keep(k1, one, zero));
    rec[3] = wi_as_f(wi_or(wi_from_f(count), wf_as_i(manifold_bits(t->flags))));
    /* ids: owner << 17 | end << 16 | incident << 8 | face */
    const wi id = wi_or(wf_as_i(manifold_bits(t->id)), wi_from_f(wf_mul(inc, wf_set1(256.0f))));
    /* the first point is p_0 when kept, else p_1 */
    rec[4] = wf_keep(k0, px[0], px[1]);
    rec[5] = wf_keep(k0, py[0], py[1]);
    rec[6] = wf_keep(k0, sep[0], sep[1]);
    rec[7] = wi_as_f(wi_or(id, wi_bits_unless(k0, 1u << 16)));
    rec[8] = wf_keep(both, px[1], zero);
    rec[9] = wf_keep(both, py[1], zero);
    rec[10] = wf_keep(both, sep[1], zero);
    rec[11] = wf_keep(both, wi_as_f(wi_or(id, wi_set1(1u << 16))), zero);

    /* col[e], 128-bit lane q, holds words 4g..4g+3 of lane 4q + e */
    for (uint32_t g = 0; g < 3; g++) {
        wf col[4];
        wf_transpose4(rec + 4u * g, col);
        for (uint32_t e = 0; e < 4; e++) {
            float *to[WIDE / 4u];
            for (uint32_t q = 0; q < WIDE / 4u; q++)
                to[q] = (float *)(void *)t->out[4u * q + e] + 4u * g;
            wf_store_quarters(col[e], to);
        }
    }
}

/* Note the hit in lane l of the tile. */
static HEDLEY_ALWAYS_INLINE void manifold_put(manifold_tile *t, uint32_t l, const sepax_columns *c,
                                              sepax_pair pair, const sepax_result *r,
                                              sepax_manifold *out)
{
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const uint32_t owner = r->owner, face = r->edge;
    const uint32_t sr = owner ? sb : sa, si = owner ? sa : sb, so = sa < sb ? sa : sb;
    const sepax_span span_r = c->span[sr];
    /* a block is SEPAX_BLOCK_ALIGN floats here: world columns start 4 in,
     * x, y, nx, ny a block apart */
    const uint32_t b = SEPAX_BLOCK_ALIGN;
    const float *rw = c->pool + span_r.offset + 4u * b;
    const float *ow = c->pool + c->span[so].offset + 4u * b;
    const uint32_t end = face + 1u == span_r.count ? 0u : face + 1u;
    t->inc[l] = c->pool + c->span[si].offset + 4u * b;
    t->out[l] = out;
    t->ox[l] = ow[0], t->oy[l] = ow[b];
    t->nx[l] = rw[2u * b + face], t->ny[l] = rw[3u * b + face];
    t->x0[l] = rw[face], t->y0[l] = rw[b + face];
    t->x1[l] = rw[end], t->y1[l] = rw[b + end];
    t->normal_x[l] = r->normal.x, t->normal_y[l] = r->normal.y;
    t->separation[l] = r->separation;
    t->flags[l] = (uint32_t)r->flags << 8;
    t->id[l] = owner << 17 | face;
}

static void manifold_polygons_wide(const sepax_columns *c, const sepax_pair *pairs,
                                   const sepax_result *results, const uint32_t *index,
                                   sepax_manifold *const *out, size_t n)
{
    manifold_tile t;
    /* a private copy of the column pointers: the manifolds' stores could
     * alias the caller's */
    const sepax_columns cols = *c;
    /* one run per WIDE hits, the last one part full, from one call site:
     * with no call inside the filling loop, its pointers stay in
     * registers */
    for (size_t i = 0; i < n; i += WIDE) {
        t.n = n - i < WIDE ? (uint32_t)(n - i) : WIDE;
        for (uint32_t l = 0; l < t.n; l++) {
            const uint32_t k = index[i + l];
            manifold_put(&t, l, &cols, pairs[k], &results[k], out[i + l]);
        }
        manifold_run(&t);
    }
}

#endif
