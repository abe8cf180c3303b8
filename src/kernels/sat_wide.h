/* The polygon SAT kernel and the world update, written once against
 * wide.h and compiled once per backend (the including file defines
 * SEPAX_WIDE_BITS and SEPAX_WIDE_NAME).
 *
 * Lanes run over the faces of one shape; the vertices of the other shape
 * are broadcast one at a time. All coordinates are first taken relative to
 * o = vertex 0 of the shape in the lower slot, as in the reference:
 *
 *   for each pair (A, B):
 *       if both fit in half a register (paired path, 512-bit only):
 *           lanes 0..7 = faces of A, lanes 8..15 = faces of B
 *           c = n.x*face'.x + n.y*face'.y
 *           for k < 8:
 *               other = B's vertex k in the low half, A's vertex k in the
 *                       high half (lanes past a count repeat vertex 0,
 *                       which leaves min and max unchanged)
 *               e = n.x*other'.x + n.y*other'.y
 *               lo = min(e, lo); hi = max(e, hi)
 *       else if both fit in a block (small path, 128- and 256-bit):
 *           the same two passes, A's faces and B's, in one loop of 8 rounds
 *       else, for A's faces against B's vertices and then B's against A's:
 *           for each chunk of WIDE faces, for each vertex of the other shape:
 *               e = n.x*v'.x + n.y*v'.y; lo = min(e, lo); hi = max(e, hi)
 *       s = lo - c, with lanes past the face count set to -inf
 *       best = horizontal max of s, edge = lowest lane equal to it
 *       inside = no lane with hi > c
 *       the result as in the reference (result.h)
 *
 * Each lane evaluates the reference's expressions with the same operands
 * in the same order, and min(e, lo) / max(e, hi) keep the reference's
 * "e < lo ? e : lo" semantics, so every field matches bit for bit. Four
 * arithmetic operations and a min and a max per face and vertex: the
 * floor for this formulation without fused multiply-add. */
#include <math.h>

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

#ifdef SEPAX_WIDE_PAIRED
#define PAIRED_GROUP 2u
/* Both shapes fit in a half: A's faces in the low lanes meet B's vertices
 * while B's faces in the high lanes meet A's, one permute per coordinate.
 * PAIRED_GROUP pairs go through the rounds together, and even and odd
 * rounds keep separate extremes, so the dependency chains are short and
 * independent; min and max give the same value in any grouping. */
static inline void paired_wide(const sepax_view *a, const sepax_view *b, const float (*o)[2],
                               sepax_face_pass *fa, sepax_face_pass *fb)
{
    wf x[PAIRED_GROUP], y[PAIRED_GROUP], nx[PAIRED_GROUP], ny[PAIRED_GROUP], c[PAIRED_GROUP];
    wf lo[PAIRED_GROUP][2], hi[PAIRED_GROUP][2];
    const wf neg_inf = wf_set1(-INFINITY), pos_inf = wf_set1(INFINITY);
    for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
        const wf ox = wf_set1(o[p][0]), oy = wf_set1(o[p][1]);
        x[p] = wf_sub(wf_load_halves(a[p].x, b[p].x), ox);
        y[p] = wf_sub(wf_load_halves(a[p].y, b[p].y), oy);
        nx[p] = wf_load_halves(a[p].nx, b[p].nx), ny[p] = wf_load_halves(a[p].ny, b[p].ny);
        c[p] = wf_add(wf_mul(nx[p], x[p]), wf_mul(ny[p], y[p]));
        lo[p][0] = lo[p][1] = pos_inf;
        hi[p][0] = hi[p][1] = neg_inf;
    }
    const wi one = wi_set1(1);
    wi idx = wi_halves_const();
#pragma GCC unroll 8
    for (uint32_t k = 0; k < WIDE_HALF; k++) {
        for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
            const wf e = wf_add(wf_mul(nx[p], wf_permute(idx, x[p])),
                                wf_mul(ny[p], wf_permute(idx, y[p])));
            lo[p][k & 1] = wf_min(e, lo[p][k & 1]);
            hi[p][k & 1] = wf_max(e, hi[p][k & 1]);
        }
        idx = wi_add(idx, one);
    }
    for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
        const wm valid = (wm)(((1u << a[p].n) - 1u) | (((1u << b[p].n) - 1u) << WIDE_HALF));
        const wf sv = wf_keep(valid, wf_sub(wf_min(lo[p][0], lo[p][1]), c[p]), neg_inf);
        const wf h = wf_keep(valid, wf_max(hi[p][0], hi[p][1]), neg_inf);
        const uint32_t outside = wf_gt_bits(h, c[p]);
        const wf m = wf_hmax_halves(sv);
        const uint32_t eq = wf_eq_bits(sv, m);
        fa[p].best = wf_first(m);
        fa[p].edge = lowest_bit(eq & 0xFFu);
        fa[p].inside = (outside & 0xFFu) == 0;
        fb[p].best = wf_half_first(m);
        fb[p].edge = lowest_bit(eq >> WIDE_HALF);
        fb[p].inside = (outside >> WIDE_HALF) == 0;
    }
}
#endif

#if WIDE <= SEPAX_BLOCK_ALIGN
#define SMALL_REGS (SEPAX_BLOCK_ALIGN / WIDE)
/* Reduce the faces of one shape held in SMALL_REGS registers. */
static inline sepax_face_pass reduce_small(const wf *lo, const wf *hi, const wf *c, uint32_t n)
{
    const wf neg_inf = wf_set1(-INFINITY);
    wf sv[SMALL_REGS], all = neg_inf;
    uint32_t outside = 0;
    for (uint32_t r = 0; r < SMALL_REGS; r++) {
        const wm valid = wm_below(n > r * WIDE ? n - r * WIDE : 0u);
        sv[r] = wf_keep(valid, wf_sub(lo[r], c[r]), neg_inf);
        outside |= wf_gt_bits(wf_keep(valid, hi[r], neg_inf), c[r]);
        all = wf_max(all, sv[r]);
    }
    const wf m = wf_hmax(all);
    sepax_face_pass p = {wf_first(m), 0, outside == 0};
    for (uint32_t r = 0; r < SMALL_REGS; r++) {
        const uint32_t eq = wf_eq_bits(sv[r], m);
        if (eq) {
            p.edge = r * WIDE + lowest_bit(eq);
            break;
        }
    }
    return p;
}

/* Both shapes fit in one block: both face passes in one loop of exactly
 * SEPAX_BLOCK_ALIGN rounds, two independent chains for the CPU to overlap.
 * The relative vertices go through a small stack buffer so each round
 * broadcasts them with a plain load. */
static inline sepax_result small_wide(const sepax_view *a, const sepax_view *b, float oxs,
                                      float oys)
{
    SIMDE_ALIGN_TO_32 float rel[4][SEPAX_BLOCK_ALIGN]; /* A x, A y, B x, B y */
    wf anx[SMALL_REGS], any[SMALL_REGS], bnx[SMALL_REGS], bny[SMALL_REGS];
    wf ac[SMALL_REGS], bc[SMALL_REGS];
    wf alo[SMALL_REGS], ahi[SMALL_REGS], blo[SMALL_REGS], bhi[SMALL_REGS];
    const wf ox = wf_set1(oxs), oy = wf_set1(oys);
    for (uint32_t r = 0; r < SMALL_REGS; r++) {
        const uint32_t l = r * WIDE;
        const wf ax = wf_sub(wf_load(a->x + l), ox), ay = wf_sub(wf_load(a->y + l), oy);
        const wf bx = wf_sub(wf_load(b->x + l), ox), by = wf_sub(wf_load(b->y + l), oy);
        wf_store(rel[0] + l, ax);
        wf_store(rel[1] + l, ay);
        wf_store(rel[2] + l, bx);
        wf_store(rel[3] + l, by);
        anx[r] = wf_load(a->nx + l), any[r] = wf_load(a->ny + l);
        bnx[r] = wf_load(b->nx + l), bny[r] = wf_load(b->ny + l);
        ac[r] = wf_add(wf_mul(anx[r], ax), wf_mul(any[r], ay));
        bc[r] = wf_add(wf_mul(bnx[r], bx), wf_mul(bny[r], by));
        alo[r] = blo[r] = wf_set1(INFINITY);
        ahi[r] = bhi[r] = wf_set1(-INFINITY);
    }
#pragma GCC unroll 8
    for (uint32_t k = 0; k < SEPAX_BLOCK_ALIGN; k++) {
        const wf vax = wf_set1(rel[0][k]), vay = wf_set1(rel[1][k]);
        const wf vbx = wf_set1(rel[2][k]), vby = wf_set1(rel[3][k]);
        for (uint32_t r = 0; r < SMALL_REGS; r++) {
            const wf ea = wf_add(wf_mul(anx[r], vbx), wf_mul(any[r], vby));
            const wf eb = wf_add(wf_mul(bnx[r], vax), wf_mul(bny[r], vay));
            alo[r] = wf_min(ea, alo[r]);
            ahi[r] = wf_max(ea, ahi[r]);
            blo[r] = wf_min(eb, blo[r]);
            bhi[r] = wf_max(eb, bhi[r]);
        }
    }
    const sepax_face_pass fa = reduce_small(alo, ahi, ac, a->n);
    const sepax_face_pass fb = reduce_small(blo, bhi, bc, b->n);
    return sepax_make_result(a, b, fa, fb);
}
#endif

/* One pair by whichever path fits its sizes. */
static inline sepax_result one_pair_wide(const sepax_view *a, const sepax_view *b, float ox,
                                         float oy)
{
#ifndef SEPAX_WIDE_PAIRED
    if (a->n <= SEPAX_BLOCK_ALIGN && b->n <= SEPAX_BLOCK_ALIGN)
        return small_wide(a, b, ox, oy);
#endif
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

#ifdef SEPAX_WIDE_PAIRED
/* A group whose face passes are done but whose results are not yet
 * written. Writing them one group late puts the next group's vector work
 * between a group's reduction and its scalar tail, so the CPU overlaps
 * them instead of waiting out one long dependency chain per pair. */
typedef struct pending_group {
    sepax_view a[PAIRED_GROUP], b[PAIRED_GROUP];
    sepax_face_pass fa[PAIRED_GROUP], fb[PAIRED_GROUP];
    sepax_result *out;
} pending_group;

static inline void flush_group(pending_group *g)
{
    if (!g->out)
        return;
    for (uint32_t p = 0; p < PAIRED_GROUP; p++)
        g->out[p] = sepax_make_result(&g->a[p], &g->b[p], g->fa[p], g->fb[p]);
    g->out = NULL;
}
#endif

static void collide_wide(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                         sepax_result *out)
{
    size_t k = 0;
#ifdef SEPAX_WIDE_PAIRED
    pending_group slot[2] = {{.out = NULL}, {.out = NULL}};
    unsigned cur = 0;
    for (; k + PAIRED_GROUP <= n; k += PAIRED_GROUP) {
        pending_group *g = &slot[cur];
        float o[PAIRED_GROUP][2];
        uint32_t widest = 0;
        for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
            sepax_prefetch_ahead(c, pairs, n, k + p);
            load_pair(c, pairs[k + p], &g->a[p], &g->b[p], o[p]);
            widest = g->a[p].n > widest ? g->a[p].n : widest;
            widest = g->b[p].n > widest ? g->b[p].n : widest;
        }
        if (widest <= WIDE_HALF) {
            paired_wide(g->a, g->b, (const float(*)[2])o, g->fa, g->fb);
            flush_group(&slot[cur ^ 1u]);
            g->out = out + k;
            cur ^= 1u;
            continue;
        }
        flush_group(&slot[cur ^ 1u]);
        for (uint32_t p = 0; p < PAIRED_GROUP; p++)
            out[k + p] = one_pair_wide(&g->a[p], &g->b[p], o[p][0], o[p][1]);
    }
    flush_group(&slot[cur ^ 1u]);
#endif
    for (; k < n; k++) {
        sepax_view a, b;
        float o[2];
        sepax_prefetch_ahead(c, pairs, n, k);
        load_pair(c, pairs[k], &a, &b, o);
        out[k] = one_pair_wide(&a, &b, o[0], o[1]);
    }
}

#include "sat_tile.h"

/* Every lane of the block is transformed, spare lanes included, so they
 * stay copies of vertex 0 and need no mask in the bounding box. Blocks are
 * multiples of 8 floats and WB is 4 or 8, so full-width stores never leave
 * the block. */
static void world_wide(const sepax_world_job *j, const uint32_t *slots, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const uint32_t slot = slots ? SEPAX_ID_SLOT(slots[k]) : (uint32_t)k;
        const sepax_span sp = j->span[slot];
        if (sp.count == 0)
            continue;
        const uint32_t blk = sepax_block_of(sp.count);
        const float *lx = j->pool + sp.offset, *ly = lx + blk, *lnx = ly + blk, *lny = lnx + blk;
        float *wx = j->pool + sp.offset + 4u * blk, *wy = wx + blk, *wnx = wy + blk, *wny = wnx + blk;
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
        /* + 0: the reference's rule for a bound tied between -0 and +0 */
        j->lo_x[slot] = wb_first(wb_hmin(lox)) + 0.0f;
        j->lo_y[slot] = wb_first(wb_hmin(loy)) + 0.0f;
        j->hi_x[slot] = wb_first(wb_hmax(hix)) + 0.0f;
        j->hi_y[slot] = wb_first(wb_hmax(hiy)) + 0.0f;
    }
}

/* Round and thin kinds and point queries: round.h's code, compiled with
 * this backend's flags (see the note there on why the bits agree). */
static void collide_round_wide(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                               sepax_result *out)
{
    sepax_round_collide(c, pairs, n, out);
}

static void points_wide(const sepax_columns *c, const sepax_point_query *q, size_t n,
                        uint8_t *inside)
{
    sepax_round_points(c, q, n, inside);
}

const sepax_kernels SEPAX_CAT(sepax_kernels_, SEPAX_WIDE_NAME) = {collide_tiles, world_wide,
                                                                 collide_round_wide, points_wide};
