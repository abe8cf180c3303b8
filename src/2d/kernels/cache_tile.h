/* The separating-axis cache's face test for stores of plain polygons, WIDE
 * pairs at a time with the backend's width (256 bits or more, and sse2,
 * which defines SEPAX_CACHE_BLOCKS_128): what
 * cache.c does one pair at a time with four lanes, here with every lane's
 * inputs gathered from the records, spans and pool.
 *
 *   for WIDE consecutive pairs k, one per lane:
 *       tag, face = record k; f = the face's owner, v = the other shape
 *       decided apart when tag has a face, face < count(f),
 *           count(v) <= 8 and
 *           min over v's 8 vertex rows r of n . (v_r - o) - n . (f_face - o) > 0
 *       (o = vertex 0 of the shape in the lower slot, n = the face's normal)
 *       decided not apart when tag has no face
 *       left to cache.c (undecided) otherwise
 *
 * Each lane evaluates cache.c's expressions (the kernels' face pass) with
 * the same operands in the same order, so its answer, and hence every
 * cache, is the same on every backend. Only the loads differ: gathers
 * (wide.h's wi_gather_*) for the per-pair words and the face, and the
 * vertex rows as rows turned into registers (wf_rows8). */
#ifndef SEPAX_CACHE_TILE_H
#define SEPAX_CACHE_TILE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"

#if SEPAX_WIDE_BITS >= 256 || defined(SEPAX_CACHE_BLOCKS_128)

#if SEPAX_WIDE_BITS == 512
#define CW_STORE(p, v) simde_mm512_storeu_si512((void *)(p), v)
typedef simde__mmask16 cw_mask;
#define CW_GT(a, b) simde_mm512_cmpgt_epi32_mask(a, b)
#define CW_EQ(a, b) simde_mm512_cmpeq_epi32_mask(a, b)
#define CW_PICK(m, yes, no) simde_mm512_mask_blend_epi32(m, no, yes)
#define CW_MAND(a, b) ((cw_mask)((a) & (b)))
#define CW_MANDNOT(a, b) ((cw_mask)(~(a) & (b)))
#define CW_BITS(m) ((uint32_t)(m))
#elif SEPAX_WIDE_BITS == 128
#define CW_STORE(p, v) simde_mm_storeu_si128((simde__m128i *)(void *)(p), v)
typedef simde__m128i cw_mask;
#define CW_GT(a, b) simde_mm_cmpgt_epi32(a, b)
#define CW_EQ(a, b) simde_mm_cmpeq_epi32(a, b)
#define CW_PICK(m, yes, no) simde_mm_or_si128(simde_mm_and_si128(m, yes), simde_mm_andnot_si128(m, no))
#define CW_MAND(a, b) simde_mm_and_si128(a, b)
#define CW_MANDNOT(a, b) simde_mm_andnot_si128(a, b)
#define CW_BITS(m) ((uint32_t)simde_mm_movemask_ps(simde_mm_castsi128_ps(m)))
#else
#define CW_STORE(p, v) simde_mm256_storeu_si256((simde__m256i *)(void *)(p), v)
typedef simde__m256i cw_mask;
#define CW_GT(a, b) simde_mm256_cmpgt_epi32(a, b)
#define CW_EQ(a, b) simde_mm256_cmpeq_epi32(a, b)
#define CW_PICK(m, yes, no) simde_mm256_blendv_epi8(no, yes, m)
#define CW_MAND(a, b) simde_mm256_and_si256(a, b)
#define CW_MANDNOT(a, b) simde_mm256_andnot_si256(a, b)
#define CW_BITS(m) ((uint32_t)simde_mm256_movemask_ps(simde_mm256_castsi256_ps(m)))
#endif

/* Pairs k .. k + WIDE - 1: apart[k + l] and undecided[k + l] for every
 * lane l. Returns 0, writing nothing, when some region lies past what a
 * 32-bit gather index reaches (cache.c then takes the pairs). Counts,
 * faces and slots are far below 2^31, so signed compares order them. */
static int cache_plain_block(const sepax_columns *c, const sepax_pair *pairs,
                             const sepax_pair_cache *caches, size_t k, uint8_t *apart,
                             uint8_t *undecided)
{
    wi ia, ib, w0, w1;
    wi_words2(pairs + k, &ia, &ib);
    wi_words2(caches + k, &w0, &w1);
    (void)w1;
    const wi slot_bits = wi_set1(0xFFFFFF), byte = wi_set1(0xFF), zero = wi_set1(0);
    const wi one = wi_set1(1);
    const wi sa = wi_and(ia, slot_bits), sb = wi_and(ib, slot_bits);
    const wi tag = wi_and(w0, byte), face_in = wi_and(wi_srli(w0, 8), byte);
    /* f owns the face (B when the tag says so), v is the other shape */
    const cw_mask from_b = CW_EQ(wi_and(tag, wi_set1(2)), wi_set1(2));
    const cw_mask has_face = CW_EQ(wi_and(tag, one), one);
    const wi sf = CW_PICK(from_b, sb, sa), sv = CW_PICK(from_b, sa, sb);
    const int *span_words = (const int *)(const void *)c->span;
    const wi two_f = wi_add(sf, sf), two_v = wi_add(sv, sv);
    const wi off_f = wi_gather_i(span_words, two_f);
    const wi cnt_f = wi_gather_i(span_words, wi_add(two_f, one));
    const wi off_v = wi_gather_i(span_words, two_v);
    const wi cnt_v = wi_gather_i(span_words, wi_add(two_v, one));
    /* a 32-bit index reaches 2^31 floats; an offset past that less a few
     * blocks leaves the block to cache.c */
    const int32_t reach = INT32_MAX - 16 * (int32_t)SEPAX_BLOCK_ALIGN;
    if (!wi_within(off_f, reach) || !wi_within(off_v, reach))
        return 0;
    /* taken: a face of f, and v's vertices fit one block */
    const cw_mask take =
        CW_MAND(has_face, CW_MANDNOT(CW_GT(cnt_v, wi_set1((int)SEPAX_BLOCK_ALIGN)),
                                     CW_GT(cnt_f, face_in)));
    const wi face = CW_PICK(take, face_in, zero);
    const wi bf = wi_and(wi_add(cnt_f, wi_set1((int)SEPAX_BLOCK_ALIGN - 1)),
                                  wi_set1(~((int)SEPAX_BLOCK_ALIGN - 1)));
    const wi bf2 = wi_add(bf, bf);
    const wi fx0 = wi_add(off_f, wi_add(bf2, bf2));
    const wi vx0 = wi_add(off_v, wi_set1(4 * (int)SEPAX_BLOCK_ALIGN));
    /* o: vertex 0 of the shape in the lower slot */
    const cw_mask f_low = CW_GT(sv, sf);
    const wi i_ox = CW_PICK(f_low, fx0, vx0);
    const wi i_oy =
        CW_PICK(f_low, wi_add(fx0, bf), wi_add(vx0, wi_set1((int)SEPAX_BLOCK_ALIGN)));
    const wi i_fx = wi_add(fx0, face), i_fy = wi_add(i_fx, bf);
    const wi i_nx = wi_add(i_fx, bf2), i_ny = wi_add(i_fy, bf2);
    const wf nx = wi_gather_f(c->pool, i_nx), ny = wi_gather_f(c->pool, i_ny);
    const wf ox = wi_gather_f(c->pool, i_ox), oy = wi_gather_f(c->pool, i_oy);
    const wf ax = wf_sub(wi_gather_f(c->pool, i_fx), ox);
    const wf ay = wf_sub(wi_gather_f(c->pool, i_fy), oy);
    const wf cf = wf_add(wf_mul(nx, ax), wf_mul(ny, ay));
    uint32_t rows[WIDE];
    CW_STORE(rows, vx0);
    const float *vx[WIDE], *vy[WIDE];
    for (uint32_t l = 0; l < WIDE; l++) {
        vx[l] = c->pool + rows[l];
        vy[l] = vx[l] + SEPAX_BLOCK_ALIGN;
    }
    wf x[SEPAX_BLOCK_ALIGN], y[SEPAX_BLOCK_ALIGN];
    wf_rows8(vx, x);
    wf_rows8(vy, y);
    wf lo = wf_set1(INFINITY);
    for (uint32_t r = 0; r < SEPAX_BLOCK_ALIGN; r++) {
        const wf bx = wf_sub(x[r], ox), by = wf_sub(y[r], oy);
        lo = wf_min(wf_add(wf_mul(nx, bx), wf_mul(ny, by)), lo);
    }
    const uint32_t bits = wm_bits(wf_gt_m(wf_sub(lo, cf), wf_set1(0.0f)));
    const uint32_t taken = CW_BITS(take), open = CW_BITS(CW_MANDNOT(take, has_face));
    for (uint32_t l = 0; l < WIDE; l++) {
        apart[k + l] = (uint8_t)((bits & taken) >> l & 1u);
        undecided[k + l] = (uint8_t)(open >> l & 1u);
    }
    return 1;
}

/* As many whole blocks of WIDE pairs of the n as the block test takes;
 * returns how many pairs it settled (apart or undecided written). */
static size_t cache_plain_wide(const sepax_columns *c, const sepax_pair *pairs,
                               const sepax_pair_cache *caches, size_t n, uint8_t *apart,
                               uint8_t *undecided)
{
    size_t k = 0;
    for (; k + WIDE <= n; k += WIDE) {
        for (uint32_t l = 0; l < WIDE; l++)
            sepax_cache_prefetch(c, pairs, n, k + l);
        if (!cache_plain_block(c, pairs, caches, k, apart, undecided))
            break;
    }
    return k;
}

#undef CW_STORE
#undef CW_BITS
#undef CW_MANDNOT
#undef CW_MAND
#undef CW_PICK
#undef CW_EQ
#undef CW_GT
#endif

#endif
