/* The polygon SAT kernel and the world update, written once against
 * wide.h and compiled once per backend (the including file defines
 * SEPAX_WIDE_BITS and SEPAX_WIDE_NAME).
 *
 * Lanes run over the faces of one shape; the vertices of the other shape
 * are broadcast one at a time:
 *
 *   for each pair (A, B):
 *       if both fit in half a register (paired path, 512-bit only):
 *           lanes 0..7 = faces of A, lanes 8..15 = faces of B
 *           for k < 8:
 *               other = B's vertex k in the low half, A's vertex k in the
 *                       high half (lanes past a count repeat vertex 0,
 *                       which leaves min and max unchanged)
 *               d = n.x*(other.x - face.x) + n.y*(other.y - face.y)
 *               lo = min(d, lo); hi = max(d, hi)
 *       else, for A's faces against B's vertices and then B's against A's:
 *           for each chunk of WIDE faces:
 *               for each vertex v of the other shape (all 8 block lanes
 *               when it has no more):
 *                   d = n.x*(v.x - face.x) + n.y*(v.y - face.y)
 *                   lo = min(d, lo); hi = max(d, hi)
 *       lanes past the face count are set to -inf
 *       best = horizontal max of lo, edge = lowest lane equal to it
 *       inside = no lane of hi above 0
 *       the result as in the reference (result.h)
 *
 * Each lane evaluates the reference's expression with the same operands in
 * the same order, and min(d, lo) / max(d, hi) keep the reference's
 * "d < lo ? d : lo" semantics, so every field matches bit for bit. */
#include <math.h>

#include "result.h"
#include "wide.h"

#define SEPAX_CAT_(a, b) a##b
#define SEPAX_CAT(a, b) SEPAX_CAT_(a, b)

/* Vertices of v against a chunk of WIDE faces of f starting at face base. */
static inline void chunk_wide(const sepax_view *f, uint32_t base, const sepax_view *v,
                              wf *lo_out, wf *hi_out)
{
    const wf fx = wf_load(f->x + base), fy = wf_load(f->y + base);
    const wf nx = wf_load(f->nx + base), ny = wf_load(f->ny + base);
    wf lo = wf_set1(INFINITY), hi = wf_set1(-INFINITY);
    /* Up to a block's worth of vertices, run the whole block: the repeated
     * vertex 0 in the spare lanes leaves min and max unchanged, and a fixed
     * trip count leaves nothing for the branch predictor to miss. */
    const uint32_t rounds = v->n <= SEPAX_BLOCK_ALIGN ? SEPAX_BLOCK_ALIGN : v->n;
    for (uint32_t k = 0; k < rounds; k++) {
        const wf dx = wf_sub(wf_set1(v->x[k]), fx), dy = wf_sub(wf_set1(v->y[k]), fy);
        const wf d = wf_add(wf_mul(nx, dx), wf_mul(ny, dy));
        lo = wf_min(d, lo);
        hi = wf_max(d, hi);
    }
    *lo_out = lo;
    *hi_out = hi;
}

static inline sepax_face_pass faces_wide(const sepax_view *f, const sepax_view *v)
{
    sepax_face_pass r = {-INFINITY, 0, 1};
    const wf neg_inf = wf_set1(-INFINITY), zero = wf_set1(0.0f);
    for (uint32_t base = 0; base < f->n; base += WIDE) {
        wf lo, hi;
        chunk_wide(f, base, v, &lo, &hi);
        const wm valid = wm_below(f->n - base);
        lo = wf_keep(valid, lo, neg_inf);
        hi = wf_keep(valid, hi, neg_inf);
        if (wf_gt_bits(hi, zero))
            r.inside = 0;
        const wf m = wf_hmax(lo);
        const float mv = wf_first(m);
        if (mv > r.best) {
            r.best = mv;
            r.edge = base + lowest_bit(wf_eq_bits(lo, m));
        }
    }
    return r;
}

#ifdef SEPAX_WIDE_PAIRED
#define PAIRED_GROUP 2u
/* Both shapes fit in a half: A's faces in the low lanes meet B's vertices
 * while B's faces in the high lanes meet A's, one permute per coordinate.
 * PAIRED_GROUP pairs go through the rounds together, and even and odd
 * rounds keep separate minima, so the dependency chains are short and
 * independent; min and max give the same value in any grouping. */
static inline void paired_wide(const sepax_view *a, const sepax_view *b, sepax_result *out)
{
    wf x[PAIRED_GROUP], y[PAIRED_GROUP], nx[PAIRED_GROUP], ny[PAIRED_GROUP];
    wf lo[PAIRED_GROUP][2], hi[PAIRED_GROUP][2];
    const wf neg_inf = wf_set1(-INFINITY), pos_inf = wf_set1(INFINITY);
    for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
        x[p] = wf_load_halves(a[p].x, b[p].x), y[p] = wf_load_halves(a[p].y, b[p].y);
        nx[p] = wf_load_halves(a[p].nx, b[p].nx), ny[p] = wf_load_halves(a[p].ny, b[p].ny);
        lo[p][0] = lo[p][1] = pos_inf;
        hi[p][0] = hi[p][1] = neg_inf;
    }
    const wi one = wi_set1(1);
    wi idx = wi_halves_const();
#pragma GCC unroll 8
    for (uint32_t k = 0; k < WIDE_HALF; k++) {
        for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
            const wf dx = wf_sub(wf_permute(idx, x[p]), x[p]);
            const wf dy = wf_sub(wf_permute(idx, y[p]), y[p]);
            const wf d = wf_add(wf_mul(nx[p], dx), wf_mul(ny[p], dy));
            lo[p][k & 1] = wf_min(d, lo[p][k & 1]);
            hi[p][k & 1] = wf_max(d, hi[p][k & 1]);
        }
        idx = wi_add(idx, one);
    }
    for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
        const wm valid = (wm)(((1u << a[p].n) - 1u) | (((1u << b[p].n) - 1u) << WIDE_HALF));
        const wf l = wf_keep(valid, wf_min(lo[p][0], lo[p][1]), neg_inf);
        const wf h = wf_keep(valid, wf_max(hi[p][0], hi[p][1]), neg_inf);
        const uint32_t outside = wf_gt_bits(h, wf_set1(0.0f));
        const wf m = wf_hmax_halves(l);
        const uint32_t eq = wf_eq_bits(l, m);
        const sepax_face_pass fa = {wf_first(m), lowest_bit(eq & 0xFFu), (outside & 0xFFu) == 0};
        const sepax_face_pass fb = {wf_half_first(m), lowest_bit(eq >> WIDE_HALF),
                                    (outside >> WIDE_HALF) == 0};
        out[p] = sepax_make_result(&a[p], &b[p], fa, fb);
    }
}
#endif

#if WIDE <= SEPAX_BLOCK_ALIGN
#define SMALL_REGS (SEPAX_BLOCK_ALIGN / WIDE)
/* Reduce the faces of one shape held in SMALL_REGS registers. */
static inline sepax_face_pass reduce_small(const wf *lo_in, const wf *hi_in, uint32_t n)
{
    const wf neg_inf = wf_set1(-INFINITY), zero = wf_set1(0.0f);
    wf lo[SMALL_REGS], all = neg_inf;
    uint32_t out = 0;
    for (uint32_t r = 0; r < SMALL_REGS; r++) {
        const wm valid = wm_below(n > r * WIDE ? n - r * WIDE : 0u);
        lo[r] = wf_keep(valid, lo_in[r], neg_inf);
        out |= wf_gt_bits(wf_keep(valid, hi_in[r], neg_inf), zero);
        all = wf_max(all, lo[r]);
    }
    const wf m = wf_hmax(all);
    sepax_face_pass p = {wf_first(m), 0, out == 0};
    for (uint32_t r = 0; r < SMALL_REGS; r++) {
        const uint32_t eq = wf_eq_bits(lo[r], m);
        if (eq) {
            p.edge = r * WIDE + lowest_bit(eq);
            break;
        }
    }
    return p;
}

/* Both shapes fit in one block: both face passes in one loop of exactly
 * SEPAX_BLOCK_ALIGN rounds, two independent chains for the CPU to overlap. */
static inline sepax_result small_wide(const sepax_view *a, const sepax_view *b)
{
    wf ax[SMALL_REGS], ay[SMALL_REGS], anx[SMALL_REGS], any[SMALL_REGS];
    wf bx[SMALL_REGS], by[SMALL_REGS], bnx[SMALL_REGS], bny[SMALL_REGS];
    wf alo[SMALL_REGS], ahi[SMALL_REGS], blo[SMALL_REGS], bhi[SMALL_REGS];
    for (uint32_t r = 0; r < SMALL_REGS; r++) {
        ax[r] = wf_load(a->x + r * WIDE), ay[r] = wf_load(a->y + r * WIDE);
        anx[r] = wf_load(a->nx + r * WIDE), any[r] = wf_load(a->ny + r * WIDE);
        bx[r] = wf_load(b->x + r * WIDE), by[r] = wf_load(b->y + r * WIDE);
        bnx[r] = wf_load(b->nx + r * WIDE), bny[r] = wf_load(b->ny + r * WIDE);
        alo[r] = blo[r] = wf_set1(INFINITY);
        ahi[r] = bhi[r] = wf_set1(-INFINITY);
    }
#pragma GCC unroll 8
    for (uint32_t k = 0; k < SEPAX_BLOCK_ALIGN; k++) {
        const wf vbx = wf_set1(b->x[k]), vby = wf_set1(b->y[k]);
        const wf vax = wf_set1(a->x[k]), vay = wf_set1(a->y[k]);
        for (uint32_t r = 0; r < SMALL_REGS; r++) {
            const wf da = wf_add(wf_mul(anx[r], wf_sub(vbx, ax[r])), wf_mul(any[r], wf_sub(vby, ay[r])));
            const wf db = wf_add(wf_mul(bnx[r], wf_sub(vax, bx[r])), wf_mul(bny[r], wf_sub(vay, by[r])));
            alo[r] = wf_min(da, alo[r]);
            ahi[r] = wf_max(da, ahi[r]);
            blo[r] = wf_min(db, blo[r]);
            bhi[r] = wf_max(db, bhi[r]);
        }
    }
    const sepax_face_pass fa = reduce_small(alo, ahi, a->n);
    const sepax_face_pass fb = reduce_small(blo, bhi, b->n);
    return sepax_make_result(a, b, fa, fb);
}
#endif

/* One pair by whichever path fits its sizes. */
static inline sepax_result one_pair_wide(const sepax_view *a, const sepax_view *b)
{
#ifndef SEPAX_WIDE_PAIRED
    if (a->n <= SEPAX_BLOCK_ALIGN && b->n <= SEPAX_BLOCK_ALIGN)
        return small_wide(a, b);
#endif
    const sepax_face_pass fa = faces_wide(a, b);
    const sepax_face_pass fb = faces_wide(b, a);
    return sepax_make_result(a, b, fa, fb);
}

/* Pairs from a broadphase name shapes all over the pool. Fetch the spans
 * of pairs well ahead and the world columns of pairs a little ahead (their
 * spans arrived by then), so the kernel rarely waits for memory. */
#define PREFETCH_SPAN 16u
#define PREFETCH_DATA 8u
static inline void prefetch_ahead(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                                  size_t k)
{
    if (k + PREFETCH_SPAN < n) {
        __builtin_prefetch(&c->span[SEPAX_ID_SLOT(pairs[k + PREFETCH_SPAN].a)]);
        __builtin_prefetch(&c->span[SEPAX_ID_SLOT(pairs[k + PREFETCH_SPAN].b)]);
    }
    if (k + PREFETCH_DATA < n) {
        const sepax_view a = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k + PREFETCH_DATA].a));
        const sepax_view b = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k + PREFETCH_DATA].b));
        __builtin_prefetch(a.x);
        __builtin_prefetch(a.nx);
        __builtin_prefetch(b.x);
        __builtin_prefetch(b.nx);
    }
}

static void collide_wide(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                         sepax_result *out)
{
    size_t k = 0;
#ifdef SEPAX_WIDE_PAIRED
    for (; k + PAIRED_GROUP <= n; k += PAIRED_GROUP) {
        for (uint32_t p = 0; p < PAIRED_GROUP; p++)
            prefetch_ahead(c, pairs, n, k + p);
        sepax_view a[PAIRED_GROUP], b[PAIRED_GROUP];
        for (uint32_t p = 0; p < PAIRED_GROUP; p++) {
            a[p] = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k + p].a));
            b[p] = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k + p].b));
        }
        if (a[0].n <= WIDE_HALF && a[1].n <= WIDE_HALF &&
            b[0].n <= WIDE_HALF && b[1].n <= WIDE_HALF) {
            paired_wide(a, b, out + k);
            continue;
        }
        for (uint32_t p = 0; p < PAIRED_GROUP; p++)
            out[k + p] = one_pair_wide(&a[p], &b[p]);
    }
#endif
    for (; k < n; k++) {
        prefetch_ahead(c, pairs, n, k);
        const sepax_view a = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k].a));
        const sepax_view b = sepax_world_view(c, SEPAX_ID_SLOT(pairs[k].b));
        out[k] = one_pair_wide(&a, &b);
    }
}

/* Every lane of the block is transformed, spare lanes included, so they
 * stay copies of vertex 0 and need no mask in the bounding box. */
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
        const wf c = wf_set1(t.q.c), s = wf_set1(t.q.s), px = wf_set1(t.p.x), py = wf_set1(t.p.y);
        wf lox = wf_set1(INFINITY), loy = lox, hix = wf_set1(-INFINITY), hiy = hix;
        for (uint32_t i = 0; i < blk; i += WIDE) {
            const uint32_t left = blk - i;
            const wf x = wf_load(lx + i), y = wf_load(ly + i);
            const wf nx = wf_load(lnx + i), ny = wf_load(lny + i);
            const wf vx = wf_add(px, wf_sub(wf_mul(c, x), wf_mul(s, y)));
            const wf vy = wf_add(py, wf_add(wf_mul(s, x), wf_mul(c, y)));
            wf_store_first(wx + i, vx, left);
            wf_store_first(wy + i, vy, left);
            wf_store_first(wnx + i, wf_sub(wf_mul(c, nx), wf_mul(s, ny)), left);
            wf_store_first(wny + i, wf_add(wf_mul(s, nx), wf_mul(c, ny)), left);
            if (left < WIDE) {
                /* a 16-lane load over an 8-lane block: the rest is another
                 * column, kept out of the box */
                const wm valid = wm_below(left);
                lox = wf_min(lox, wf_keep(valid, vx, wf_set1(INFINITY)));
                loy = wf_min(loy, wf_keep(valid, vy, wf_set1(INFINITY)));
                hix = wf_max(hix, wf_keep(valid, vx, wf_set1(-INFINITY)));
                hiy = wf_max(hiy, wf_keep(valid, vy, wf_set1(-INFINITY)));
            } else {
                lox = wf_min(lox, vx);
                loy = wf_min(loy, vy);
                hix = wf_max(hix, vx);
                hiy = wf_max(hiy, vy);
            }
        }
        j->lo_x[slot] = wf_first(wf_hmin(lox));
        j->lo_y[slot] = wf_first(wf_hmin(loy));
        j->hi_x[slot] = wf_first(wf_hmax(hix));
        j->hi_y[slot] = wf_first(wf_hmax(hiy));
    }
}

const sepax_kernels SEPAX_CAT(sepax_kernels_, SEPAX_WIDE_NAME) = {collide_wide, world_wide};
