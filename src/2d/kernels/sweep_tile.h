/* The 2D broadphase's sweep over one band (2d/broadphase.c sorts and
 * files the band; this tests and writes), written once against
 * common/wide.h: in sweep128.c at 128 bits for every backend that has
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

/* One round: eight candidates j.. of i, the hits' pairs written at buf
 * (eight pairs written, the hits counted). */
static inline uint32_t sweep_round(const sepax_band *e, size_t j, const sweep_probe *p,
                                   uint32_t first, sepax_pair *buf, uint32_t *in)
{
    const uint32_t hit = sweep_block(e, j, p, in);
    const simde__m256i id =
        wi_left_pack(simde_mm256_loadu_si256((const simde__m256i *)(e->id + j)), hit);
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
    const simde__m512i id = wi_left_pack(simde_mm512_loadu_si512((const void *)(e->id + j)), hit);
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
