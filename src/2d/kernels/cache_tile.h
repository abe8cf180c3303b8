/* The separating-axis cache's face test for stores of plain polygons, WIDE
 * pairs at a time with the backend's width (256 bits or more): what
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
 * cache, is the same on every backend. Only the loads differ: hardware
 * gathers for the per-pair words and the face, and the vertex rows as
 * rows turned into registers (wf_rows8). */
#ifndef SEPAX_CACHE_TILE_H
#define SEPAX_CACHE_TILE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"

#if SEPAX_WIDE_BITS >= 256 || defined(SEPAX_CACHE_BLOCKS_128)

#if SEPAX_WIDE_BITS == 512
typedef simde__m512i cache_words;
#define CW_ADD simde_mm512_add_epi32
#define CW_AND simde_mm512_and_si512
#define CW_SET1 simde_mm512_set1_epi32
#define CW_SRLI simde_mm512_srli_epi32
#define CW_STORE(p, v) simde_mm512_storeu_si512((void *)(p), v)
typedef simde__mmask16 cw_mask;
#define CW_GT(a, b) simde_mm512_cmpgt_epi32_mask(a, b)
#define CW_EQ(a, b) simde_mm512_cmpeq_epi32_mask(a, b)
#define CW_PICK(m, yes, no) simde_mm512_mask_blend_epi32(m, no, yes)
#define CW_MAND(a, b) ((cw_mask)((a) & (b)))
#define CW_MANDNOT(a, b) ((cw_mask)(~(a) & (b)))
#define CW_MOR(a, b) ((cw_mask)((a) | (b)))
#define CW_BITS(m) ((uint32_t)(m))
#elif SEPAX_WIDE_BITS == 128
typedef simde__m128i cache_words;
#define CW_ADD simde_mm_add_epi32
#define CW_AND simde_mm_and_si128
#define CW_SET1 simde_mm_set1_epi32
#define CW_SRLI simde_mm_srli_epi32
#define CW_STORE(p, v) simde_mm_storeu_si128((simde__m128i *)(void *)(p), v)
typedef simde__m128i cw_mask;
#define CW_GT(a, b) simde_mm_cmpgt_epi32(a, b)
#define CW_EQ(a, b) simde_mm_cmpeq_epi32(a, b)
#define CW_PICK(m, yes, no) simde_mm_or_si128(simde_mm_and_si128(m, yes), simde_mm_andnot_si128(m, no))
#define CW_MAND(a, b) simde_mm_and_si128(a, b)
#define CW_MANDNOT(a, b) simde_mm_andnot_si128(a, b)
#define CW_MOR(a, b) simde_mm_or_si128(a, b)
#define CW_BITS(m) ((uint32_t)simde_mm_movemask_ps(simde_mm_castsi128_ps(m)))
#else
typedef simde__m256i cache_words;
#define CW_ADD simde_mm256_add_epi32
#define CW_AND simde_mm256_and_si256
#define CW_SET1 simde_mm256_set1_epi32
#define CW_SRLI simde_mm256_srli_epi32
#define CW_STORE(p, v) simde_mm256_storeu_si256((simde__m256i *)(void *)(p), v)
typedef simde__m256i cw_mask;
#define CW_GT(a, b) simde_mm256_cmpgt_epi32(a, b)
#define CW_EQ(a, b) simde_mm256_cmpeq_epi32(a, b)
#define CW_PICK(m, yes, no) simde_mm256_blendv_epi8(no, yes, m)
#define CW_MAND(a, b) simde_mm256_and_si256(a, b)
#define CW_MANDNOT(a, b) simde_mm256_andnot_si256(a, b)
#define CW_MOR(a, b) simde_mm256_or_si256(a, b)
#define CW_BITS(m) ((uint32_t)simde_mm256_movemask_ps(simde_mm256_castsi256_ps(m)))
#endif

/* The even and the odd 32-bit words of WIDE consecutive 8-byte records
 * (a pair's two ids, a cache record's first and second words). */
static HEDLEY_ALWAYS_INLINE void cache_words_of(const void *p, cache_words *even,
                                                cache_words *odd)
{
#if SEPAX_WIDE_BITS == 512
    const simde__m512i v0 = simde_mm512_loadu_si512(p);
    const simde__m512i v1 = simde_mm512_loadu_si512((const char *)p + 64);
    const simde__m512i e = simde_mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24,
                                                  26, 28, 30);
    *even = simde_mm512_permutex2var_epi32(v0, e, v1);
    *odd = simde_mm512_permutex2var_epi32(v0, simde_mm512_add_epi32(e, simde_mm512_set1_epi32(1)),
                                          v1);
#elif SEPAX_WIDE_BITS == 128
    const simde__m128 v0 = simde_mm_loadu_ps((const float *)p);
    const simde__m128 v1 = simde_mm_loadu_ps((const float *)p + 4);
    *even = simde_mm_castps_si128(simde_mm_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(2, 0, 2, 0)));
    *odd = simde_mm_castps_si128(simde_mm_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(3, 1, 3, 1)));
#else
    const simde__m256 v0 = simde_mm256_loadu_ps((const float *)p);
    const simde__m256 v1 = simde_mm256_loadu_ps((const float *)p + 8);
    /* [w0 w2 w8 w10 | w4 w6 w12 w14], then the 64-bit quarters in order */
    const simde__m256i e =
        simde_mm256_castps_si256(simde_mm256_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(2, 0, 2, 0)));
    const simde__m256i o =
        simde_mm256_castps_si256(simde_mm256_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(3, 1, 3, 1)));
    *even = simde_mm256_permute4x64_epi64(e, SIMDE_MM_SHUFFLE(3, 1, 2, 0));
    *odd = simde_mm256_permute4x64_epi64(o, SIMDE_MM_SHUFFLE(3, 1, 2, 0));
#endif
}

/* Pairs k .. k + WIDE - 1: apart[k + l] and undecided[k + l] for every
 * lane l. Returns 0, writing nothing, when some region lies past what a
 * 32-bit gather index reaches (cache.c then takes the pairs). Counts,
 * faces and slots are far below 2^31, so signed compares order them. */
static int cache_plain_block(const sepax_columns *c, const sepax_pair *pairs,
                             const sepax_pair_cache *caches, size_t k, uint8_t *apart,
                             uint8_t *undecided)
{
    cache_words ia, ib, w0, w1;
    cache_words_of(pairs + k, &ia, &ib);
    cache_words_of(caches + k, &w0, &w1);
    (void)w1;
    const cache_words slot_bits = CW_SET1(0xFFFFFF), byte = CW_SET1(0xFF), zero = CW_SET1(0);
    const cache_words one = CW_SET1(1);
    const cache_words sa = CW_AND(ia, slot_bits), sb = CW_AND(ib, slot_bits);
    const cache_words tag = CW_AND(w0, byte), face_in = CW_AND(CW_SRLI(w0, 8), byte);
    /* f owns the face (B when the tag says so), v is the other shape */
    const cw_mask from_b = CW_EQ(CW_AND(tag, CW_SET1(2)), CW_SET1(2));
    const cw_mask has_face = CW_EQ(CW_AND(tag, one), one);
    const cache_words sf = CW_PICK(from_b, sb, sa), sv = CW_PICK(from_b, sa, sb);
    const int *span_words = (const int *)(const void *)c->span;
    const cache_words two_f = CW_ADD(sf, sf), two_v = CW_ADD(sv, sv);
    const cache_words off_f = wi_gather_i(span_words, two_f);
    const cache_words cnt_f = wi_gather_i(span_words, CW_ADD(two_f, one));
    const cache_words off_v = wi_gather_i(span_words, two_v);
    const cache_words cnt_v = wi_gather_i(span_words, CW_ADD(two_v, one));
    /* a 32-bit index reaches 2^31 floats; an offset past that less a few
     * blocks (negative, as a signed word) leaves the block to cache.c */
    const cache_words limit = CW_SET1(INT32_MAX - 16 * (int)SEPAX_BLOCK_ALIGN);
    const cw_mask far = CW_MOR(CW_MOR(CW_GT(off_f, limit), CW_GT(zero, off_f)),
                               CW_MOR(CW_GT(off_v, limit), CW_GT(zero, off_v)));
    if (CW_BITS(far))
        return 0;
    /* taken: a face of f, and v's vertices fit one block */
    const cw_mask take =
        CW_MAND(has_face, CW_MANDNOT(CW_GT(cnt_v, CW_SET1((int)SEPAX_BLOCK_ALIGN)),
                                     CW_GT(cnt_f, face_in)));
    const cache_words face = CW_PICK(take, face_in, zero);
    const cache_words bf = CW_AND(CW_ADD(cnt_f, CW_SET1((int)SEPAX_BLOCK_ALIGN - 1)),
                                  CW_SET1(~((int)SEPAX_BLOCK_ALIGN - 1)));
    const cache_words bf2 = CW_ADD(bf, bf);
    const cache_words fx0 = CW_ADD(off_f, CW_ADD(bf2, bf2));
    const cache_words vx0 = CW_ADD(off_v, CW_SET1(4 * (int)SEPAX_BLOCK_ALIGN));
    /* o: vertex 0 of the shape in the lower slot */
    const cw_mask f_low = CW_GT(sv, sf);
    const cache_words i_ox = CW_PICK(f_low, fx0, vx0);
    const cache_words i_oy =
        CW_PICK(f_low, CW_ADD(fx0, bf), CW_ADD(vx0, CW_SET1((int)SEPAX_BLOCK_ALIGN)));
    const cache_words i_fx = CW_ADD(fx0, face), i_fy = CW_ADD(i_fx, bf);
    const cache_words i_nx = CW_ADD(i_fx, bf2), i_ny = CW_ADD(i_fy, bf2);
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
        for (uint32_t l = 0; l < WIDE; l++) {
            if (k + l + SEPAX_CACHE_SPAN_AHEAD < n)
                sepax_prefetch_pair_spans(c, pairs[k + l + SEPAX_CACHE_SPAN_AHEAD]);
            if (k + l + SEPAX_CACHE_DATA_AHEAD < n)
                sepax_prefetch_columns(c, SEPAX_ID_SLOT(pairs[k + l + SEPAX_CACHE_DATA_AHEAD].a),
                                       SEPAX_ID_SLOT(pairs[k + l + SEPAX_CACHE_DATA_AHEAD].b));
        }
        if (!cache_plain_block(c, pairs, caches, k, apart, undecided))
            break;
    }
    return k;
}

#undef CW_ADD
#undef CW_AND
#undef CW_SET1
#undef CW_SRLI
#undef CW_STORE
#undef CW_BITS
#undef CW_MOR
#undef CW_MANDNOT
#undef CW_MAND
#undef CW_PICK
#undef CW_EQ
#undef CW_GT
#endif

#endif
