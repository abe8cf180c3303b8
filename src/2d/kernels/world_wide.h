/* The world update in the vector backends: src/2d/world.c's expressions,
 * operand for operand, with no fused multiply-add, so the world columns
 * and boxes match the reference bit for bit.
 *
 *   per shape: one pass over its block of lanes, spare lanes included
 *       (they stay copies of vertex 0, so the box needs no mask):
 *           world vertex = p + R x, world normal = R n; running min and max
 *       extremes of the lanes -> (min x, min y, min -x, min -y)
 *       a circle: its slot record (kernel.h's disc) = world vertex 0
 *   per four consecutive shapes of a full update: those four vectors
 *       transposed to (four min x), (four min y), ..., each finished by
 *       kernel.h's box rule (+ 0, or the radius and one step outward;
 *       four shapes with no radius take the + 0 alone, which cuts a
 *       sixth of the update's instructions in a store of polygons) and
 *       stored with one store per column instead of sixteen
 *
 * Blocks are multiples of 8 floats and WB is 4 or 8, so full-width stores
 * never leave a block. */
#ifndef SEPAX_WORLD_WIDE_H
#define SEPAX_WORLD_WIDE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"

/* sepax_step_down on every lane (finite values) */
static HEDLEY_ALWAYS_INLINE simde__m128 step_down4(simde__m128 v)
{
    const simde__m128i zero = simde_mm_setzero_si128();
    simde__m128i i = simde_mm_castps_si128(v);
    const simde__m128i neg = simde_mm_cmplt_epi32(i, zero);
    const simde__m128i was_zero = simde_mm_cmpeq_epi32(i, zero);
    /* +0 -> -0; then + 1 for negatives, - 1 for positives. The step is
     * formed first (-1 - 2 * neg, so +1 or -1) and added last: the order
     * i - 1 - 2 * neg overflows for -0 in SIMDe's portable code, which
     * does lane arithmetic in signed ints */
    i = simde_mm_or_si128(i, simde_mm_and_si128(was_zero, simde_mm_set1_epi32(INT32_MIN)));
    const simde__m128i down = simde_mm_or_si128(neg, was_zero);
    const simde__m128i step =
        simde_mm_sub_epi32(simde_mm_sub_epi32(simde_mm_set1_epi32(-1), down), down);
    return simde_mm_castsi128_ps(simde_mm_add_epi32(i, step));
}

/* kernel.h's sepax_box_store on lanes of lower bounds v (min x, min y, or
 * min -x = -max x, min -y), with selects where it branches: round and
 * plain shapes come in any order. flip has the sign bit in the lanes
 * that hold a negated upper bound. -hi - r is -(hi + r) exactly, so one
 * step down serves both; the flip comes before the + 0, as in the
 * reference, which adds 0 to hi itself. */
static HEDLEY_ALWAYS_INLINE simde__m128 box_finish(simde__m128 v, simde__m128 r, simde__m128 flip)
{
    const simde__m128 zero = simde_mm_setzero_ps();
    const simde__m128 grown = simde_mm_xor_ps(step_down4(simde_mm_sub_ps(v, r)), flip);
    const simde__m128 plain = simde_mm_add_ps(simde_mm_xor_ps(v, flip), zero);
    const simde__m128 round = simde_mm_cmpneq_ps(r, zero);
    return simde_mm_or_ps(simde_mm_and_ps(round, grown), simde_mm_andnot_ps(round, plain));
}

/* One shape's world columns (and a circle's slot record); returns its extremes as (min x, min y,
 * min -x, min -y). */
static HEDLEY_ALWAYS_INLINE simde__m128 world_columns(const sepax_world_job *j, uint32_t row,
                                                      uint32_t offset, uint32_t count,
                                                      uint32_t blk)
{
    const float *lx = j->pool + offset, *ly = lx + blk, *lnx = ly + blk, *lny = lnx + blk;
    float *wx = j->pool + offset + 4u * blk, *wy = wx + blk, *wnx = wy + blk, *wny = wnx + blk;
    const sepax_transform t = j->xf[row];
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
    /* a circle's slot record: the values just stored (a store of
     * polygons never takes this branch) */
    if (count == 1u)
        sepax_disc_store(j, row, wx, wy);
    /* max x = -min(-x) (negation is exact) */
    const wb zero = wb_set1(0.0f);
    return wb_hmin4(lox, loy, wb_sub(zero, hix), wb_sub(zero, hiy));
}

/* One shape, its box stored lane by lane. Shapes of one block, the
 * common case, get their own copy with constant offsets and no loop. */
static HEDLEY_ALWAYS_INLINE void world_one(const sepax_world_job *j, uint32_t row)
{
    const sepax_span sp = j->span[row];
    if (sp.count == 0)
        return;
    const simde__m128 u =
        sp.count <= SEPAX_BLOCK_ALIGN
            ? world_columns(j, row, sp.offset, sp.count, SEPAX_BLOCK_ALIGN)
            : world_columns(j, row, sp.offset, sp.count, sepax_block_of(sp.count));
    const simde__m128 flip =
        simde_mm_castsi128_ps(simde_mm_setr_epi32(0, 0, INT32_MIN, INT32_MIN));
    float box[4];
    simde_mm_storeu_ps(box, box_finish(u, simde_mm_set1_ps(j->radius[row]), flip));
    j->lo_x[row] = box[0];
    j->lo_y[row] = box[1];
    j->hi_x[row] = box[2];
    j->hi_y[row] = box[3];
}

/* Every row 0 .. n-1, four at a time where four in succession are in use and
 * fit a block each. */
static void world_all(const sepax_world_job *j, uint32_t n)
{
    const simde__m128 lo_flip = simde_mm_setzero_ps();
    const simde__m128 hi_flip = simde_mm_castsi128_ps(simde_mm_set1_epi32(INT32_MIN));
    uint32_t k = 0;
    for (; k + 4u <= n; k += 4u) {
        const sepax_span *sp = j->span + k;
        /* count - 1 < 8: in use (count 0 wraps) and one block */
        uint32_t fit = 1;
        for (uint32_t q = 0; q < 4u; q++)
            fit &= sp[q].count - 1u < SEPAX_BLOCK_ALIGN;
        if (!fit) {
            for (uint32_t q = 0; q < 4u; q++)
                world_one(j, k + q);
            continue;
        }
        simde__m128 u[4];
        for (uint32_t q = 0; q < 4u; q++)
            u[q] = world_columns(j, k + q, sp[q].offset, sp[q].count, SEPAX_BLOCK_ALIGN);
        /* rows of shapes to rows of bounds */
        const simde__m128 t0 = simde_mm_unpacklo_ps(u[0], u[1]);
        const simde__m128 t1 = simde_mm_unpackhi_ps(u[0], u[1]);
        const simde__m128 t2 = simde_mm_unpacklo_ps(u[2], u[3]);
        const simde__m128 t3 = simde_mm_unpackhi_ps(u[2], u[3]);
        const simde__m128 r = simde_mm_loadu_ps(j->radius + k);
        const simde__m128 bx = simde_mm_movelh_ps(t0, t2), by = simde_mm_movehl_ps(t2, t0);
        const simde__m128 tx = simde_mm_movelh_ps(t1, t3), ty = simde_mm_movehl_ps(t3, t1);
        if (simde_mm_movemask_ps(simde_mm_cmpneq_ps(r, simde_mm_setzero_ps())) == 0) {
            /* four shapes with no radius, as in a store of polygons:
             * box_finish's plain branch alone */
            const simde__m128 zero = simde_mm_setzero_ps();
            simde_mm_storeu_ps(j->lo_x + k, simde_mm_add_ps(bx, zero));
            simde_mm_storeu_ps(j->lo_y + k, simde_mm_add_ps(by, zero));
            simde_mm_storeu_ps(j->hi_x + k, simde_mm_add_ps(simde_mm_xor_ps(tx, hi_flip), zero));
            simde_mm_storeu_ps(j->hi_y + k, simde_mm_add_ps(simde_mm_xor_ps(ty, hi_flip), zero));
            continue;
        }
        simde_mm_storeu_ps(j->lo_x + k, box_finish(bx, r, lo_flip));
        simde_mm_storeu_ps(j->lo_y + k, box_finish(by, r, lo_flip));
        simde_mm_storeu_ps(j->hi_x + k, box_finish(tx, r, hi_flip));
        simde_mm_storeu_ps(j->hi_y + k, box_finish(ty, r, hi_flip));
    }
    for (; k < n; k++)
        world_one(j, k);
}

#define WORLD_AHEAD 8u

static void world_wide(const sepax_world_job *j, const uint32_t *rows, size_t n)
{
    if (!rows) {
        world_all(j, (uint32_t)n);
        return;
    }
    /* A listed order (sepax_set_transforms' shapes) reaches the per-row
     * arrays anywhere: ask for the row's transform, span and box a few
     * shapes ahead. A hint only. */
    for (size_t k = 0; k < n; k++) {
        if (k + WORLD_AHEAD < n) {
            const uint32_t a = rows[k + WORLD_AHEAD];
            __builtin_prefetch(&j->xf[a]);
            __builtin_prefetch(&j->span[a]);
            __builtin_prefetch(&j->radius[a]);
            __builtin_prefetch(&j->lo_x[a], 1);
            __builtin_prefetch(&j->lo_y[a], 1);
            __builtin_prefetch(&j->hi_x[a], 1);
            __builtin_prefetch(&j->hi_y[a], 1);
        }
        world_one(j, rows[k]);
    }
}

#endif
