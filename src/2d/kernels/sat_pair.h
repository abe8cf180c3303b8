/* The polygon SAT kernel one pair at a time, for pairs that the tiles of
 * sat_tile.h cannot take (a polygon of more than SEPAX_BLOCK_ALIGN
 * vertices): lanes over the faces of one shape with the vertices of the
 * other broadcast, coordinates taken relative to o = vertex 0 of the shape
 * in the lower slot, as in the reference:
 *
 *   for A's faces against B's vertices, then B's against A's:
 *       for each chunk of WIDE faces:
 *           c = n.x*face'.x + n.y*face'.y
 *           for each vertex v of the other shape:
 *               e = n.x*v'.x + n.y*v'.y; lo = min(e, lo); hi = max(e, hi)
 *           s = lo - c, with lanes past the face count set to -inf
 *           best = horizontal max of s, edge = lowest lane equal to it
 *           inside = no lane with hi > c
 *   the result as in the reference (result.h)
 *
 * Each lane evaluates the reference's expressions with the same operands
 * in the same order, and min(e, lo) / max(e, hi) keep the reference's
 * "e < lo ? e : lo" semantics, so every field matches bit for bit. */
#ifndef SEPAX_SAT_PAIR_H
#define SEPAX_SAT_PAIR_H

#include <math.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"
#include "result.h"

/* Both face passes end alike: s = lo - c, masked to the real faces, then
 * the best face and whether the other shape is inside. */
static inline sepax_face_pass reduce_faces(wf lo, wf hi, wf c, uint32_t n, uint32_t base,
                                           sepax_face_pass r)
{
    const wf neg_inf = wf_set1(-INFINITY);
    const wm valid = wm_below(n - base);
    const wf sv = wf_keep(valid, wf_sub(lo, c), neg_inf);
    if (wf_gt_bits(wf_keep(valid, hi, neg_inf), c))
        r.inside = 0;
    const wf m = wf_hmax(sv);
    const float mv = wf_first(m);
    if (mv > r.best) {
        r.best = mv;
        r.edge = base + lowest_bit(wf_eq_bits(sv, m));
    }
    return r;
}

/* The general path: any sizes, faces in chunks of WIDE. */
static inline sepax_face_pass faces_wide(const sepax_view *f, const sepax_view *v, float ox,
                                         float oy)
{
    sepax_face_pass r = {-INFINITY, 0, 1};
    const wf vox = wf_set1(ox), voy = wf_set1(oy);
    /* Up to a block's worth of vertices, run the whole block: the repeated
     * vertex 0 in the spare lanes leaves min and max unchanged, and a fixed
     * trip count leaves nothing for the branch predictor to miss. */
    const uint32_t rounds = v->n <= SEPAX_BLOCK_ALIGN ? SEPAX_BLOCK_ALIGN : v->n;
    for (uint32_t base = 0; base < f->n; base += WIDE) {
        const wf fx = wf_sub(wf_load(f->x + base), vox), fy = wf_sub(wf_load(f->y + base), voy);
        const wf nx = wf_load(f->nx + base), ny = wf_load(f->ny + base);
        const wf c = wf_add(wf_mul(nx, fx), wf_mul(ny, fy));
        wf lo = wf_set1(INFINITY), hi = wf_set1(-INFINITY);
        for (uint32_t k = 0; k < rounds; k++) {
            const wf bx = wf_set1(v->x[k] - ox), by = wf_set1(v->y[k] - oy);
            const wf e = wf_add(wf_mul(nx, bx), wf_mul(ny, by));
            lo = wf_min(e, lo);
            hi = wf_max(e, hi);
        }
        r = reduce_faces(lo, hi, c, f->n, base, r);
    }
    return r;
}

/* One pair of any sizes. */
static inline sepax_result one_pair_wide(const sepax_view *a, const sepax_view *b, float ox,
                                         float oy)
{
    const sepax_face_pass fa = faces_wide(a, b, ox, oy);
    const sepax_face_pass fb = faces_wide(b, a, ox, oy);
    return sepax_make_result(a, b, fa, fb);
}

/* The pair's two views and the origin its coordinates are taken from. */
static inline void load_pair(const sepax_columns *c, sepax_pair pair, sepax_view *a, sepax_view *b,
                             float o[2])
{
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    *a = sepax_world_view(c, sa);
    *b = sepax_world_view(c, sb);
    const sepax_view *from = sa < sb ? a : b;
    o[0] = from->x[0];
    o[1] = from->y[0];
}

#endif
