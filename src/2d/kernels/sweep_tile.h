/* The 2D broadphase's sweep over one band (2d/broadphase.c sorts and
 * files the band; this tests and writes), written once against
 * common/wide.h: in broadphase.c at 128 bits for every backend that has
 * no sweep of its own, and in the 256- and 512-bit kernel tables.
 *
 *   for each entry i of the band, in order:
 *     reach = column of i's upper x (untruncated; see sepax_reach)
 *     for candidates j = i+1, i+1+R, ... (R = 8, or 16 at 512 bits):
 *       in  = lanes whose column is within reach
 *       hit = lanes whose box meets i's (x both sides, y both sides) and
 *             whose lower y is at least i's floor (a visitor i pairs with
 *             home entries only)
 *       write the hits' pairs, lower slot first, in candidate order
 *       stop at the first round with a lane out of reach
 *
 * Columns never decrease along a band, so a lane out of reach means every
 * later one is, and a lane out of reach has a lower x past i's right side,
 * so the hit test need not ask the reach again. A round tests all its
 * lanes and writes pairs for a full round whether found or not, counting
 * only the hits: most entries need one round, and exits that depend on
 * each entry's counts would mispredict about once per entry.
 *
 * Pair writing per width:
 *   128  two compares of four; the first four hits' ids by bit scan,
 *        written whether found or not, the rest one by one; the lower
 *        slot put first four pairs at a time before each flush
 *   256  one compare of eight; the hits' ids left-packed by a
 *        permutation from a 256-entry table, ordered by slot in lanes
 *   512  one compare of sixteen; the hits' ids compressed, ordered by
 *        slot in lanes
 * Every width writes the same pairs in the same order: the hits in
 * candidate order, lower slot (the id's low 24 bits) first. */
#ifndef SEPAX_SWEEP_TILE_H
#define SEPAX_SWEEP_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "common/ids.h"
#include "common/wide.h"
#include "kernel.h"

#if WIDE == 16
#define SWEEP_ROUND 16u
#else
#define SWEEP_ROUND 8u
#endif

/* What a sweep compares one entry i with. */
typedef struct sweep_probe {
    wf reach, left, right, bottom, top, floor_y;
} sweep_probe;

/* Hits among WIDE candidates j.. of i (bit k: candidate j + k); *in
 * receives the lanes whose column is within i's reach. Within one column
 * lower x are in slot order, not sorted, so the test asks both sides of
 * x. */
static inline uint32_t sweep_block(const sepax_band *e, size_t j, const sweep_probe *p,
                                   uint32_t *in)
{
    const wf col = wf_load(e->col + j), lx = wf_load(e->lx + j), hx = wf_load(e->hx + j);
    const wf ly = wf_load(e->ly + j), hy = wf_load(e->hy + j);
    const wm x = wm_and(wf_le_m(lx, p->right), wf_le_m(p->left, hx));
    const wm hit = wm_and(wm_and(x, wf_le_m(ly, p->top)),
                          wm_and(wf_le_m(p->bottom, hy), wf_le_m(p->floor_y, ly)));
    *in = wm_bits(wf_le_m(col, p->reach));
    return wm_bits(hit);
}

static inline sweep_probe sweep_probe_of(const sepax_band *e, size_t i, const sepax_reach *q,
                                         wf home)
{
    sweep_probe p;
    p.reach = wf_set1(sepax_reach_of(q, e->hx[i]));
    p.left = wf_set1(e->lx[i]);
    p.right = wf_set1(e->hx[i]);
    p.top = wf_set1(e->hy[i]);
    p.bottom = wf_set1(e->ly[i]);
    p.floor_y = wf_keep(wf_gt_m(home, p.bottom), home, wf_set1(-INFINITY));
    return p;
}

#if WIDE == 4

static const uint8_t sweep_pop4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* The sweep writes (first, second); the lower slot goes first, two pairs
 * per vector, chosen by mask: which of the two comes first is a coin
 * toss, so a branch would miss half the time. Reads one pair past an odd
 * count. */
static void sweep_turn(sepax_pair *buf, size_t count)
{
    const simde__m128i slot_bits = simde_mm_set1_epi32((int32_t)SEPAX_ID_SLOT(0xFFFFFFFFu));
    for (size_t k = 0; k < count; k += 2) {
        const simde__m128i v = simde_mm_loadu_si128((const simde__m128i *)(buf + k));
        const simde__m128i turned = simde_mm_shuffle_epi32(v, SIMDE_MM_SHUFFLE(2, 3, 0, 1));
        /* slots are below 2^24, so the signed compare orders them */
        const simde__m128i later = simde_mm_cmpgt_epi32(simde_mm_and_si128(v, slot_bits),
                                                        simde_mm_and_si128(turned, slot_bits));
        const simde__m128i swap = simde_mm_shuffle_epi32(later, SIMDE_MM_SHUFFLE(2, 2, 0, 0));
        const simde__m128i fixed = simde_mm_or_si128(simde_mm_and_si128(swap, turned),
                                                     simde_mm_andnot_si128(swap, v));
        simde_mm_storeu_si128((simde__m128i *)(buf + k), fixed);
    }
}

static void sweep_flush(sepax_sweep_out *o, size_t count)
{
    sweep_turn(o->buf, count);
    sepax_sweep_deliver(o, count);
}

/* One round: eight candidates j.. of i; returns the pairs written at
 * buf, *in the reach lanes of the second four. */
static inline uint32_t sweep_round(const sepax_band *e, size_t j, const sweep_probe *p,
                                   uint32_t first, sepax_pair *buf, uint32_t *in)
{
    uint32_t in_a;
    const uint32_t a = sweep_block(e, j, p, &in_a);
    const uint32_t b = sweep_block(e, j + 4, p, in);
    uint32_t m = a | b << 4;
    const uint32_t count = (uint32_t)sweep_pop4[a] + sweep_pop4[b];
    /* a missing hit reads candidate j + 8 (a sentinel at the latest) */
    for (int k = 0; k < 4; k++) {
        buf[k].a = first;
        buf[k].b = e->id[j + (uint32_t)__builtin_ctz(m | 0x100u)];
        m &= m - 1u;
    }
    if (count > 4u) {
        for (size_t k = 4; m; m &= m - 1u, k++) {
            buf[k].a = first;
            buf[k].b = e->id[j + (uint32_t)__builtin_ctz(m)];
        }
    }
    return count;
}

#else

static void sweep_flush(sepax_sweep_out *o, size_t count)
{
    sepax_sweep_deliver(o, count);
}

/* The pairs (first, id) of every lane with the lower slot first: lo holds
 * the first ids, hi the second. Slots are below 2^24, so the signed
 * compare orders them. */
static inline void sweep_order(uint32_t first, wi id, wi *lo, wi *hi)
{
    const wi slot_bits = wi_set1(SEPAX_ID_SLOT(0xFFFFFFFFu)), one = wi_set1(first);
    const wm id_first = wi_gt_m(wi_and(one, slot_bits), wi_and(id, slot_bits));
    *lo = wi_keep(id_first, id, one);
    *hi = wi_keep(id_first, one, id);
}

#if WIDE == 8
/* Bit mask of eight lanes -> the set lanes' numbers, three bits each,
 * lowest first. */
static const uint32_t sweep_pack8[256] = {
    0x000000, 0x000000, 0x000001, 0x000008, 0x000002, 0x000010, 0x000011, 0x000088,
    0x000003, 0x000018, 0x000019, 0x0000c8, 0x00001a, 0x0000d0, 0x0000d1, 0x000688,
    0x000004, 0x000020, 0x000021, 0x000108, 0x000022, 0x000110, 0x000111, 0x000888,
    0x000023, 0x000118, 0x000119, 0x0008c8, 0x00011a, 0x0008d0, 0x0008d1, 0x004688,
    0x000005, 0x000028, 0x000029, 0x000148, 0x00002a, 0x000150, 0x000151, 0x000a88,
    0x00002b, 0x000158, 0x000159, 0x000ac8, 0x00015a, 0x000ad0, 0x000ad1, 0x005688,
    0x00002c, 0x000160, 0x000161, 0x000b08, 0x000162, 0x000b10, 0x000b11, 0x005888,
    0x000163, 0x000b18, 0x000b19, 0x0058c8, 0x000b1a, 0x0058d0, 0x0058d1, 0x02c688,
    0x000006, 0x000030, 0x000031, 0x000188, 0x000032, 0x000190, 0x000191, 0x000c88,
    0x000033, 0x000198, 0x000199, 0x000cc8, 0x00019a, 0x000cd0, 0x000cd1, 0x006688,
    0x000034, 0x0001a0, 0x0001a1, 0x000d08, 0x0001a2, 0x000d10, 0x000d11, 0x006888,
    0x0001a3, 0x000d18, 0x000d19, 0x0068c8, 0x000d1a, 0x0068d0, 0x0068d1, 0x034688,
    0x000035, 0x0001a8, 0x0001a9, 0x000d48, 0x0001aa, 0x000d50, 0x000d51, 0x006a88,
    0x0001ab, 0x000d58, 0x000d59, 0x006ac8, 0x000d5a, 0x006ad0, 0x006ad1, 0x035688,
    0x0001ac, 0x000d60, 0x000d61, 0x006b08, 0x000d62, 0x006b10, 0x006b11, 0x035888,
    0x000d63, 0x006b18, 0x006b19, 0x0358c8, 0x006b1a, 0x0358d0, 0x0358d1, 0x1ac688,
    0x000007, 0x000038, 0x000039, 0x0001c8, 0x00003a, 0x0001d0, 0x0001d1, 0x000e88,
    0x00003b, 0x0001d8, 0x0001d9, 0x000ec8, 0x0001da, 0x000ed0, 0x000ed1, 0x007688,
    0x00003c, 0x0001e0, 0x0001e1, 0x000f08, 0x0001e2, 0x000f10, 0x000f11, 0x007888,
    0x0001e3, 0x000f18, 0x000f19, 0x0078c8, 0x000f1a, 0x0078d0, 0x0078d1, 0x03c688,
    0x00003d, 0x0001e8, 0x0001e9, 0x000f48, 0x0001ea, 0x000f50, 0x000f51, 0x007a88,
    0x0001eb, 0x000f58, 0x000f59, 0x007ac8, 0x000f5a, 0x007ad0, 0x007ad1, 0x03d688,
    0x0001ec, 0x000f60, 0x000f61, 0x007b08, 0x000f62, 0x007b10, 0x007b11, 0x03d888,
    0x000f63, 0x007b18, 0x007b19, 0x03d8c8, 0x007b1a, 0x03d8d0, 0x03d8d1, 0x1ec688,
    0x00003e, 0x0001f0, 0x0001f1, 0x000f88, 0x0001f2, 0x000f90, 0x000f91, 0x007c88,
    0x0001f3, 0x000f98, 0x000f99, 0x007cc8, 0x000f9a, 0x007cd0, 0x007cd1, 0x03e688,
    0x0001f4, 0x000fa0, 0x000fa1, 0x007d08, 0x000fa2, 0x007d10, 0x007d11, 0x03e888,
    0x000fa3, 0x007d18, 0x007d19, 0x03e8c8, 0x007d1a, 0x03e8d0, 0x03e8d1, 0x1f4688,
    0x0001f5, 0x000fa8, 0x000fa9, 0x007d48, 0x000faa, 0x007d50, 0x007d51, 0x03ea88,
    0x000fab, 0x007d58, 0x007d59, 0x03eac8, 0x007d5a, 0x03ead0, 0x03ead1, 0x1f5688,
    0x000fac, 0x007d60, 0x007d61, 0x03eb08, 0x007d62, 0x03eb10, 0x03eb11, 0x1f5888,
    0x007d63, 0x03eb18, 0x03eb19, 0x1f58c8, 0x03eb1a, 0x1f58d0, 0x1f58d1, 0xfac688,
};

/* One round: eight candidates j.. of i, the hits' pairs written at buf
 * (eight pairs written, the hits counted). */
static inline uint32_t sweep_round(const sepax_band *e, size_t j, const sweep_probe *p,
                                   uint32_t first, sepax_pair *buf, uint32_t *in)
{
    const uint32_t hit = sweep_block(e, j, p, in);
    const simde__m256i shift = simde_mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21);
    const simde__m256i lane = simde_mm256_and_si256(
        simde_mm256_srlv_epi32(simde_mm256_set1_epi32((int32_t)sweep_pack8[hit]), shift),
        simde_mm256_set1_epi32(7));
    const simde__m256i id = simde_mm256_permutevar8x32_epi32(
        simde_mm256_loadu_si256((const simde__m256i *)(e->id + j)), lane);
    wi lo, hi;
    sweep_order(first, id, &lo, &hi);
    const simde__m256i p01 = simde_mm256_unpacklo_epi32(lo, hi); /* pairs 0 1 | 4 5 */
    const simde__m256i p23 = simde_mm256_unpackhi_epi32(lo, hi); /* pairs 2 3 | 6 7 */
    simde_mm256_storeu_si256((simde__m256i *)buf, simde_mm256_permute2x128_si256(p01, p23, 0x20));
    simde_mm256_storeu_si256((simde__m256i *)(buf + 4),
                             simde_mm256_permute2x128_si256(p01, p23, 0x31));
    return (uint32_t)__builtin_popcount(hit);
}

#elif WIDE == 16

/* One round: sixteen candidates j.. of i, the hits' pairs written at buf
 * (sixteen pairs written, the hits counted). */
static inline uint32_t sweep_round(const sepax_band *e, size_t j, const sweep_probe *p,
                                   uint32_t first, sepax_pair *buf, uint32_t *in)
{
    const uint32_t hit = sweep_block(e, j, p, in);
    const simde__m512i id = simde_mm512_maskz_compress_epi32(
        (simde__mmask16)hit, simde_mm512_loadu_si512((const void *)(e->id + j)));
    wi lo, hi;
    sweep_order(first, id, &lo, &hi);
    /* per 128 bits: pairs 4k, 4k+1 and 4k+2, 4k+3 */
    const simde__m512i p01 = simde_mm512_unpacklo_epi32(lo, hi);
    const simde__m512i p23 = simde_mm512_unpackhi_epi32(lo, hi);
    const simde__m512i first8 = simde_mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const simde__m512i last8 = simde_mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    simde_mm512_storeu_si512((void *)buf, simde_mm512_permutex2var_epi64(p01, first8, p23));
    const uint32_t count = (uint32_t)__builtin_popcount(hit);
    /* more than eight hits in a round is rare, so the branch is */
    if (count > 8u)
        simde_mm512_storeu_si512((void *)(buf + 8),
                                 simde_mm512_permutex2var_epi64(p01, last8, p23));
    return count;
}

#else
#error "the band sweep is written for 128, 256 and 512 bits"
#endif

#endif

/* The band's m entries, followed by SEPAX_SWEEP_PAD sentinels (column and
 * lower x +inf). */
static void sweep_band(const sepax_band *band, size_t m, const sepax_reach *q, float home_y,
                       sepax_sweep_out *o)
{
    /* a copy the pair stores cannot alias, so its pointers stay in
     * registers */
    const sepax_band copy = *band, *e = &copy;
    size_t nb = 0;
    sepax_pair *buf = o->buf;
    const wf home = wf_set1(home_y);
    const uint32_t all = (uint32_t)((1ull << WIDE) - 1u);
    for (size_t i = 0; i < m; i++) {
        const sweep_probe p = sweep_probe_of(e, i, q, home);
        const uint32_t first = e->id[i];
        for (size_t j = i + 1;; j += SWEEP_ROUND) {
            uint32_t in;
            nb += sweep_round(e, j, &p, first, buf + nb, &in);
            if (nb > SEPAX_SWEEP_CHUNK - SWEEP_ROUND) {
                sweep_flush(o, nb);
                nb = 0;
            }
            if (in != all)
                break;
        }
    }
    sweep_flush(o, nb);
}

#endif
