/* Pairs of any kinds in the vector backends (collide_any), and the
 * two-circle tile.
 *
 *   route every pair (see collide_any_wide): two polygons to the polygon
 *   tiles, two circles to the circle tile, other cores of at most a block
 *   to the core tiles (core_tile.h), the rest to round.h one at a time
 *
 *   the circle tile, when it holds WIDE pairs (or the list ends), or, with
 *   256 bits or more, WIDE pairs gathered straight from the slots'
 *   records (kernel.h's disc; circle_block), per lane (o = centre of the shape in the lower slot):
 *       a' = a - o; q = (b - o) + 0; d = |a' - q|
 *       separation = (d - (rA + rB)) + 0
 *       normal = (q - a') / d, or (1, 0) when d^2 < FLT_MIN (sepax_apart)
 *       hit = separation <= 0; A in B: d + rA <= rB; B in A: d + rB <= rA
 *
 * These are sepax_round_circles's expressions, operand for operand; the
 * vector square root and division round exactly as the scalar ones, so
 * the bits agree with the reference. Why a tile: a circle pair is a few
 * dozen operations, two of them a division and a square root whose
 * latency a lane-parallel tile overlaps across WIDE pairs. */
#ifndef SEPAX_ROUND_TILE_H
#define SEPAX_ROUND_TILE_H

#include <float.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "core_tile.h"
#include "kernel.h"
#include "route.h"
#include "round.h"
#include "sat_tile.h"

/* The centres are copied in as pairs arrive (prefetched a few pairs
 * ahead), rather than kept as column pointers and read when the tile runs:
 * fewer stores and loads per pair, and no slower. */
typedef struct circle_tile {
    uint32_t n; /* pairs held */
    SIMDE_ALIGN_TO_64 float ax[WIDE], ay[WIDE], bx[WIDE], by[WIDE], ra[WIDE], rb[WIDE];
    SIMDE_ALIGN_TO_64 float a_origin[WIDE]; /* 1: o is A's centre, 0: B's */
    size_t at[WIDE];                        /* where each result goes */
} circle_tile;

/* The records of WIDE circle pairs from their centres, radii and which
 * centre is the origin: sepax_round_circles' expressions, lane by lane. */
static HEDLEY_ALWAYS_INLINE void circle_records(wf ax, wf ay, wf bx, wf by, wf ra, wf rb,
                                                wm a_origin, wf *rec)
{
    const wf zero = wf_set1(0.0f);
    const wf ox = wf_keep(a_origin, ax, bx), oy = wf_keep(a_origin, ay, by);
    const wf px = wf_sub(ax, ox), py = wf_sub(ay, oy);
    const wf qx = wf_add(wf_sub(bx, ox), zero), qy = wf_add(wf_sub(by, oy), zero);
    const wf dx = wf_sub(px, qx), dy = wf_sub(py, qy);
    const wf d2 = wf_add(wf_mul(dx, dx), wf_mul(dy, dy)), d = wf_sqrt(d2);
    const wm apart = wf_le_m(wf_set1(FLT_MIN), d2); /* sepax_apart */
    rec[0] = wf_add(wf_sub(d, wf_add(ra, rb)), zero);
    /* lanes whose centres coincide divide by zero and are replaced */
    rec[1] = wf_keep(apart, wf_div(wf_sub(qx, px), d), wf_set1(1.0f));
    rec[2] = wf_keep(apart, wf_div(wf_sub(qy, py), d), zero);
    const wm hit = wf_le_m(rec[0], zero);
    wi meta = wi_bits_if(hit, (uint32_t)SEPAX_EDGE_NONE | (SEPAX_HIT << 24));
    meta = wi_or(meta, wi_bits_if(wm_and(hit, wf_le_m(wf_add(d, ra), rb)), SEPAX_A_IN_B << 24));
    meta = wi_or(meta, wi_bits_if(wm_and(hit, wf_le_m(wf_add(d, rb), ra)), SEPAX_B_IN_A << 24));
    meta = wi_or(meta, wi_bits_unless(hit, SEPAX_EDGE_NONE));
    rec[3] = wi_as_f(meta);
}

static void circle_tile_run(circle_tile *ct, sepax_result *out)
{
    /* spare lanes repeat the first pair, its place included (see
     * tile_scatter) */
    for (uint32_t l = ct->n; l < WIDE; l++) {
        ct->ax[l] = ct->ax[0], ct->ay[l] = ct->ay[0], ct->bx[l] = ct->bx[0];
        ct->by[l] = ct->by[0], ct->ra[l] = ct->ra[0], ct->rb[l] = ct->rb[0];
        ct->a_origin[l] = ct->a_origin[0];
        ct->at[l] = ct->at[0];
    }
    wf rec[4];
    circle_records(wf_load(ct->ax), wf_load(ct->ay), wf_load(ct->bx), wf_load(ct->by),
                   wf_load(ct->ra), wf_load(ct->rb), wf_gt_m(wf_load(ct->a_origin), wf_set1(0.5f)),
                   rec);
    tile_scatter(rec, ct->at, out);
    ct->n = 0;
}

/* Put the circle pair (sa, sb), whose record goes to place at, in the
 * tile; returns the pairs the tile now holds. */
static HEDLEY_ALWAYS_INLINE uint32_t circle_tile_put(circle_tile *ct, const sepax_columns *c,
                                                     uint32_t sa, uint32_t sb, size_t at)
{
    /* centres and radii from the slots' records (kernel.h's disc), not
     * through the spans into the pool: no load waits for another */
    const uint32_t l = ct->n;
    const float *a = sepax_disc_of(c, sa), *b = sepax_disc_of(c, sb);
    ct->ax[l] = a[0], ct->ay[l] = a[1], ct->ra[l] = a[2];
    ct->bx[l] = b[0], ct->by[l] = b[1], ct->rb[l] = b[2];
    ct->a_origin[l] = tile_origin_a(sa, sb);
    ct->at[l] = at;
    return ++ct->n;
}

/* The same, running the tile once full. */
static HEDLEY_ALWAYS_INLINE void circle_tile_add(circle_tile *ct, const sepax_columns *c,
                                                 uint32_t sa, uint32_t sb, size_t at,
                                                 sepax_result *out)
{
    if (circle_tile_put(ct, c, sa, sb, at) == WIDE)
        circle_tile_run(ct, out);
}

#if SEPAX_WIDE_BITS >= 256
/* WIDE pairs of circles with their inputs read straight from the slots'
 * records (kernel.h's disc), no tile to stage them in; the records go to
 * at[]. */

/* The x, y and r of every lane's slot, as lanes: each record is one
 * 16-byte load into a quarter of one of four registers, then one 4 by 4
 * transpose per quarter (tile_scatter's in reverse). Against three
 * gathers a side (six 256-bit gathers at 512 bits): grouped
 * circle_circle 3.42 to 2.72 ns a pair (avx512), the
 * circles scene 2.64 to 1.92. */
static HEDLEY_ALWAYS_INLINE void disc_lanes(const float *disc, wi slots, wf *x, wf *y, wf *r)
{
    int32_t s[WIDE];
    wi_store(s, slots);
    wf v[4], f[4];
    for (uint32_t k = 0; k < 4; k++) {
        const float *p[WIDE / 4u];
        for (uint32_t q = 0; q < WIDE / 4u; q++)
            p[q] = disc + SEPAX_DISC * (size_t)(uint32_t)s[4u * q + k];
        v[k] = wf_load_quarters(p);
    }
    /* lane 4 q + k of field e is quarter q, element e of v[k] */
    wf_transpose4(v, f);
    *x = f[0], *y = f[1], *r = f[2];
}

/* The pairs whose slots are sa, sb (lane by lane). */
static HEDLEY_ALWAYS_INLINE void circle_block_slots(const sepax_columns *c, wi sa, wi sb,
                                                    const size_t *at, sepax_result *out)
{
    /* slots are below 2^24, so the signed compare orders them */
    const wm a_origin = wi_gt_m(sb, sa);
    wf ax, ay, ra, bx, by, rb;
    disc_lanes(c->disc, sa, &ax, &ay, &ra);
    disc_lanes(c->disc, sb, &bx, &by, &rb);
    wf rec[4];
    circle_records(ax, ay, bx, by, ra, rb, a_origin, rec);
    tile_scatter(rec, at, out);
}

/* Pairs k .. k + WIDE - 1, their records in the same places. */
static HEDLEY_ALWAYS_INLINE void circle_block(const sepax_columns *c, const sepax_pair *pairs,
                                              size_t k, sepax_result *out)
{
    wi ia, ib;
    wi_words2(pairs + k, &ia, &ib);
    const wi mask = wi_set1(0xFFFFFF);
    const wi sa = wi_and(ia, mask), sb = wi_and(ib, mask);
    size_t at[WIDE];
    for (uint32_t l = 0; l < WIDE; l++)
        at[l] = k + l;
    circle_block_slots(c, sa, sb, at, out);
}

/* The slots of pairs base + list[0 .. WIDE - 1] (a route list of
 * collide_any_wide) by lane, and their places. */
static HEDLEY_ALWAYS_INLINE void listed_slots(const sepax_pair *pairs, size_t base,
                                              const uint16_t *list, wi *sa, wi *sb, size_t *at)
{
#if SEPAX_WIDE_BITS == 512
    const simde__m256i l16 = simde_mm256_loadu_si256((const simde__m256i *)list);
    const wi idx = simde_mm512_inserti32x8(
        simde_mm512_castsi256_si512(simde_mm256_cvtepu16_epi32(simde_mm256_castsi256_si128(l16))),
        simde_mm256_cvtepu16_epi32(simde_mm256_extracti128_si256(l16, 1)), 1);
#else
    const wi idx =
        simde_mm256_cvtepu16_epi32(simde_mm_loadu_si128((const simde__m128i *)list));
#endif
    /* a pair is two 32-bit words: a at 2 i, b at 2 i + 1 */
    const int *words = (const int *)(const void *)(pairs + base);
    const wi two_i = wi_add(idx, idx), mask = wi_set1(0xFFFFFF);
    *sa = wi_and(wi_gather_i(words, two_i), mask);
    *sb = wi_and(wi_gather_i(words, wi_add(two_i, wi_set1(1))), mask);
    for (uint32_t l = 0; l < WIDE; l++)
        at[l] = base + list[l];
}

/* Pairs base + list[0 .. WIDE - 1], two circles each, their records in
 * their places. */
static HEDLEY_ALWAYS_INLINE void circle_block_listed(const sepax_columns *c,
                                                     const sepax_pair *pairs, size_t base,
                                                     const uint16_t *list, sepax_result *out)
{
    wi sa, sb;
    size_t at[WIDE];
    listed_slots(pairs, base, list, &sa, &sb, at);
    circle_block_slots(c, sa, sb, at, out);
}

/* Pairs base + list[0 .. WIDE - 1] of one core bin, in tile ct (empty). */
static HEDLEY_ALWAYS_INLINE void core_block_listed(core_tile *ct, const sepax_columns *c,
                                                   const sepax_pair *pairs, size_t base,
                                                   const uint16_t *list, sepax_result *out)
{
    wi sa, sb;
    size_t at[WIDE];
    listed_slots(pairs, base, list, &sa, &sb, at);
    core_tile_fill(ct, c, sa, sb, at, out);
}
#endif

/* Pairs per routing pass: the more, the more of each core bin's list is
 * taken whole tiles at a time (core_tile_fill) rather than staged pair
 * by pair. 512 against 128: mixed_kinds 39.4 -> 37.4 ns per pair
 * (avx512). Its lists take 19 KB of stack; the driver's frame is about
 * 47 KB in all. */
#define ROUTE_CHUNK 512u

/* Any kinds in any order: polygon pairs into the polygon tiles, two
 * circles into the circle tile, other cores of at most a block into the
 * core tiles, the rest one at a time by round.h; every tile stores its
 * results at its pairs' places, so no regrouping is needed.
 *
 * Why two passes per chunk: in a mixed list the kind of the next pair is
 * a coin toss, so choosing its tile with branches mispredicts on most
 * pairs. The first pass looks up each pair's route (route_sides, then
 * route_table) and appends the pair to that route's list (and
 * prefetches its columns); the second walks the lists, where every
 * branch goes the same way. */
static void collide_any_wide(const sepax_columns *cols, const sepax_pair *pairs, size_t n,
                             sepax_result *out)
{
    /* a private copy of the column pointers (see collide_tiles) */
    const sepax_columns copy = *cols, *c = &copy;
    tile_set polygons;
    tile_set_init(&polygons);
    circle_tile circles;
    circles.n = 0;
    core_tile cores[CORE_BINS];
    core_tiles_init(cores);
#if SEPAX_WIDE_BITS >= 256
    core_tile block;
#endif
    uint16_t list[ROUTES][ROUTE_CHUNK];
    for (size_t base = 0; base < n; base += ROUTE_CHUNK) {
        const size_t len = n - base < ROUTE_CHUNK ? n - base : ROUTE_CHUNK;
        uint32_t count[ROUTES] = {0};
        for (size_t i = 0; i < len; i++) {
            const size_t k = base + i;
            sepax_prefetch_spans(c, pairs, n, k);
            const uint32_t sa = SEPAX_ID_SLOT(pairs[k].a), sb = SEPAX_ID_SLOT(pairs[k].b);
            /* sepax_prefetch_columns for cores of at most a block (world
             * columns 4 blocks in), without working out the block from
             * the count: a larger core's hint falls short, and such pairs
             * are few and settled one at a time anyway */
            const float *wa = c->pool + c->span[sa].offset + 4u * SEPAX_BLOCK_ALIGN;
            const float *wb = c->pool + c->span[sb].offset + 4u * SEPAX_BLOCK_ALIGN;
            const uint32_t side_a = route_side(c, sa), side_b = route_side(c, sb);
            /* a circle (side code 0) is read from its slot's record
             * (kernel.h's disc), never from its pool region */
            __builtin_prefetch(side_a ? wa : sepax_disc_of(c, sa));
            __builtin_prefetch(side_a ? wa + 2u * SEPAX_BLOCK_ALIGN : sepax_disc_of(c, sa));
            __builtin_prefetch(side_b ? wb : sepax_disc_of(c, sb));
            __builtin_prefetch(side_b ? wb + 2u * SEPAX_BLOCK_ALIGN : sepax_disc_of(c, sb));
            const uint32_t r = route_table[side_a][side_b];
            list[r][count[r]++] = (uint16_t)i;
        }
        for (uint32_t j = 0; j < count[ROUTE_POLYGONS]; j++)
            tile_add_polygons(&polygons, c, pairs, base + list[ROUTE_POLYGONS][j], out);
        uint32_t j = 0;
#if SEPAX_WIDE_BITS >= 256
        for (; j + WIDE <= count[ROUTE_CIRCLES]; j += WIDE)
            circle_block_listed(c, pairs, base, list[ROUTE_CIRCLES] + j, out);
#endif
        for (; j < count[ROUTE_CIRCLES]; j++) {
            const size_t k = base + list[ROUTE_CIRCLES][j];
            circle_tile_add(&circles, c, SEPAX_ID_SLOT(pairs[k].a), SEPAX_ID_SLOT(pairs[k].b), k,
                            out);
        }
        for (uint32_t r = ROUTE_CORES; r < ROUTE_ROUND_BIG; r++) {
            uint32_t j = 0;
#if SEPAX_WIDE_BITS >= 256
            /* whole tiles straight from the list; the bin's own tile
             * keeps what is left over */
            for (; j + WIDE <= count[r]; j += WIDE)
                core_block_listed(&block, c, pairs, base, list[r] + j, out);
#endif
            for (; j < count[r]; j++)
                core_tile_add(&cores[r - ROUTE_CORES], c, pairs, base + list[r][j], out);
        }
        for (uint32_t j = 0; j < count[ROUTE_ROUND_BIG]; j++) {
            const size_t k = base + list[ROUTE_ROUND_BIG][j];
            out[k] = sepax_round_pair(c, SEPAX_ID_SLOT(pairs[k].a), SEPAX_ID_SLOT(pairs[k].b));
        }
    }
    tile_flush_polygons(&polygons, out);
    if (circles.n)
        circle_tile_run(&circles, out);
    core_tiles_flush(cores, out);
}


/* Pairs of two circles only (a store that holds nothing else): straight
 * into the circle tile, with no routing pass, which on such a list costs
 * several times the tile itself. With 256 bits or more, WIDE pairs at a
 * time gather their inputs from the columns, with no tile to stage them
 * in (the tile's scalar stores and vector loads cost more than the
 * arithmetic); the rest go through the tile. */
static void collide_circles_wide(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                                 sepax_result *out)
{
    circle_tile circles;
    circles.n = 0;
    size_t k = 0;
#if SEPAX_WIDE_BITS >= 256
    for (; k + WIDE <= n; k += WIDE) {
        for (uint32_t l = 0; l < WIDE; l++)
            sepax_circle_prefetch(c, pairs, n, k + l);
        circle_block(c, pairs, k, out);
    }
#endif
    for (; k < n; k++) {
        sepax_circle_prefetch(c, pairs, n, k);
        circle_tile_add(&circles, c, SEPAX_ID_SLOT(pairs[k].a), SEPAX_ID_SLOT(pairs[k].b), k, out);
    }
    if (circles.n)
        circle_tile_run(&circles, out);
}

/* What a core bin's pair k + SEPAX_PREFETCH_DATA reads, asked for
 * ahead: sepax_prefetch_ahead, but a point side's slot record (kernel.h's
 * disc) in place of its pool region, which the core tile never reads
 * (point: 1 when A is the point, 2 when B is, 0 for neither). */
static HEDLEY_ALWAYS_INLINE void core_group_prefetch(const sepax_columns *c,
                                                     const sepax_pair *pairs, size_t n, size_t k,
                                                     uint32_t point)
{
    sepax_prefetch_spans(c, pairs, n, k);
    if (k + SEPAX_PREFETCH_DATA >= n)
        return;
    const uint32_t sa = SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_DATA].a);
    const uint32_t sb = SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_DATA].b);
    for (uint32_t side = 1; side <= 2u; side++) {
        const uint32_t slot = side == 1u ? sa : sb;
        if (point == side) {
            __builtin_prefetch(sepax_disc_of(c, slot));
        } else {
            const sepax_view v = sepax_world_view(c, slot);
            __builtin_prefetch(v.x);
            __builtin_prefetch(v.nx);
        }
    }
}

/* Pairs of one group (SEPAX_PAIR_GROUPS, its route) only, as the grouped
 * calls hand them over: the route's kernel takes the list whole, with no
 * routing pass; a core bin's pairs go WIDE at a time straight from the
 * list (256 bits and more), the rest through the bin's tile. */
static void collide_group_wide(const sepax_columns *cols, uint32_t group,
                               const sepax_pair *pairs, size_t n, sepax_result *out)
{
    if (group == ROUTE_POLYGONS) {
        collide_tiles(cols, pairs, n, out);
        return;
    }
    if (group == ROUTE_CIRCLES) {
        collide_circles_wide(cols, pairs, n, out);
        return;
    }
    /* a private copy of the column pointers (see collide_tiles) */
    const sepax_columns copy = *cols, *c = &copy;
    size_t k = 0;
    if (group == ROUTE_ROUND_BIG) {
        for (; k < n; k++) {
            sepax_prefetch_ahead(c, pairs, n, k);
            out[k] = sepax_round_pair(c, SEPAX_ID_SLOT(pairs[k].a), SEPAX_ID_SLOT(pairs[k].b));
        }
        return;
    }
    core_tile tile;
    tile.t.n = 0;
    tile.top_na = tile.top_nb = 0;
    /* the group's point side (1: A, 2: B, 0: none; a bin's class 0) */
    const uint32_t bin = group - ROUTE_CORES;
    const uint32_t point = bin / 4u == 0u ? 1u : bin % 4u == 0u ? 2u : 0u;
#if SEPAX_WIDE_BITS >= 256
    uint16_t lanes[WIDE];
    for (uint32_t l = 0; l < WIDE; l++)
        lanes[l] = (uint16_t)l;
    for (; k + WIDE <= n; k += WIDE) {
        for (uint32_t l = 0; l < WIDE; l++)
            core_group_prefetch(c, pairs, n, k + l, point);
        core_block_listed(&tile, c, pairs, k, lanes, out);
    }
#endif
    for (; k < n; k++) {
        core_group_prefetch(c, pairs, n, k, point);
        core_tile_add(&tile, c, pairs, k, out);
    }
    if (tile.t.n)
        core_tile_run(&tile, out);
}

#endif
