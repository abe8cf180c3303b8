/* The polygon SAT kernel and the world update, written once against
 * wide.h and compiled once per backend (the including file defines
 * SEPAX_WIDE_BITS and SEPAX_WIDE_NAME).
 *
 * Pairs whose polygons both fit in a block (at most SEPAX_BLOCK_ALIGN
 * vertices) run in tiles of WIDE pairs, one pair per lane (sat_tile.h).
 * The rest run one at a time, lanes over the faces of one shape with the
 * vertices of the other broadcast, coordinates taken relative to o =
 * vertex 0 of the shape in the lower slot, as in the reference:
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
#include <math.h>
#include <stddef.h>

#include "result.h"
#include "round.h"
#include "wide.h"

#define SEPAX_CAT_(a, b) a##b
#define SEPAX_CAT(a, b) SEPAX_CAT_(a, b)

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

#include "sat_tile.h"

/* kernel.h's sepax_box_store on u = (lo_x, lo_y, -hi_x, -hi_y), with
 * selects where it branches (round and plain shapes come in any order).
 * Every lane of u is a lower bound, so the step down serves all four:
 * -hi - r is -(hi + r) exactly. The sign flip of the hi lanes comes before
 * the + 0, as in the reference, which adds 0 to hi itself. */
static HEDLEY_ALWAYS_INLINE void box_store(const sepax_world_job *j, uint32_t slot, simde__m128 u)
{
    const simde__m128 r = simde_mm_set1_ps(j->radius[slot]);
    const simde__m128 hi_sign = simde_mm_castsi128_ps(simde_mm_setr_epi32(0, 0, INT32_MIN, INT32_MIN));
    const simde__m128 zero = simde_mm_setzero_ps();
    simde__m128i i = simde_mm_castps_si128(simde_mm_sub_ps(u, r));
    const simde__m128i neg = simde_mm_cmplt_epi32(i, simde_mm_setzero_si128());
    const simde__m128i was_zero = simde_mm_cmpeq_epi32(i, simde_mm_setzero_si128());
    /* +0 -> -0; then + 1 for negatives, - 1 for positives: i - 1 - 2 * neg */
    i = simde_mm_or_si128(i, simde_mm_and_si128(was_zero, simde_mm_set1_epi32(INT32_MIN)));
    const simde__m128i down = simde_mm_or_si128(neg, was_zero);
    i = simde_mm_sub_epi32(simde_mm_sub_epi32(simde_mm_sub_epi32(i, simde_mm_set1_epi32(1)), down), down);
    const simde__m128 grown = simde_mm_xor_ps(simde_mm_castsi128_ps(i), hi_sign);
    const simde__m128 plain = simde_mm_add_ps(simde_mm_xor_ps(u, hi_sign), zero);
    const simde__m128 round = simde_mm_cmpneq_ps(r, zero);
    float box[4];
    simde_mm_storeu_ps(box, simde_mm_or_ps(simde_mm_and_ps(round, grown),
                                           simde_mm_andnot_ps(round, plain)));
    j->lo_x[slot] = box[0];
    j->lo_y[slot] = box[1];
    j->hi_x[slot] = box[2];
    j->hi_y[slot] = box[3];
}

static HEDLEY_ALWAYS_INLINE void world_shape(const sepax_world_job *j, uint32_t slot,
                                              uint32_t offset, uint32_t blk)
{
    const float *lx = j->pool + offset, *ly = lx + blk, *lnx = ly + blk, *lny = lnx + blk;
    float *wx = j->pool + offset + 4u * blk, *wy = wx + blk, *wnx = wy + blk, *wny = wnx + blk;
    const sepax_transform t = j->xf[slot];
    const wb c = wb_set1(t.q.c), s = wb_set1(t.q.s), px = wb_set1(t.p.x), py = wb_set1(t.p.y);
    wb lox = wb_set1(INFINITY), loy = lox, hix = wb_set1(-INFINITY), hiy = hix;
    for (uint32_t i = 0; i < blk; i += WB) {
        const wb x = wb_load(lx + i), y = wb_load(ly + i);
        const wb nx = wb_load(lnx + i), ny = wb_load(lny + i);
        const wb vx = wb_add(px, wb_sub(wb_mul(c, x), wb_mul(s, y)));
        const wb vy = wb_add(py, wb_add(wb_mul(s, x), wb_mul(c, y)));
        wb_store(wx + i, vx);
        wb_store(wy + i, vy);
        wb_store(wnx + i, wb_sub(wb_mul(c, nx), wb_mul(s, ny)));
        wb_store(wny + i, wb_add(wb_mul(s, nx), wb_mul(c, ny)));
        lox = wb_min(lox, vx);
        loy = wb_min(loy, vy);
        hix = wb_max(hix, vx);
        hiy = wb_max(hiy, vy);
    }
    /* max x = -min(-x) (negation is exact) */
    const wb zero = wb_set1(0.0f);
    box_store(j, slot, wb_hmin4(lox, loy, wb_sub(zero, hix), wb_sub(zero, hiy)));
}

/* Every lane of the block is transformed, spare lanes included, so they
 * stay copies of vertex 0 and need no mask in the bounding box. Blocks are
 * multiples of 8 floats and WB is 4 or 8, so full-width stores never leave
 * the block. Shapes of one block, the common case, get their own copy with
 * constant offsets and no loop. */
static void world_wide(const sepax_world_job *j, const uint32_t *slots, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const uint32_t slot = slots ? SEPAX_ID_SLOT(slots[k]) : (uint32_t)k;
        const sepax_span sp = j->span[slot];
        if (sp.count == 0)
            continue;
        if (sp.count <= SEPAX_BLOCK_ALIGN)
            world_shape(j, slot, sp.offset, SEPAX_BLOCK_ALIGN);
        else
            world_shape(j, slot, sp.offset, sepax_block_of(sp.count));
    }
}

#include "round_tile.h"

/* Point queries: round.h's code, compiled with this backend's flags (see
 * the note there on why the bits agree). */

static void points_wide(const sepax_columns *c, const sepax_point_query *q, size_t n,
                        uint8_t *inside)
{
    sepax_round_points(c, q, n, inside);
}

const sepax_kernels SEPAX_CAT(sepax_kernels_, SEPAX_WIDE_NAME) = {
    collide_tiles, world_wide, collide_any_wide, points_wide, collide_circles_wide};
