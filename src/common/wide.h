/* The wide float type: the only file with intrinsics. A kernel source sets
 * SEPAX_WIDE_BITS (128, 256 or 512) and its compiler flags and includes
 * the kernel headers, which include this, and SIMDe turns every call into
 * native instructions for that ISA (or portable C under SIMDE_NO_NATIVE,
 * for the generic backend).
 *
 * Every operation here is exact or rounds once per lane exactly as the
 * scalar expression it stands for (division and square root included:
 * IEEE 754 rounds them correctly in every lane), so lane results equal the
 * reference's. */
#ifndef SEPAX_WIDE_H
#define SEPAX_WIDE_H

#include <stdint.h>

/* Undefined, the width would read as 0 and fail as an unknown width,
 * which hides the cause. */
#if !defined(SEPAX_WIDE_BITS)
#error "define SEPAX_WIDE_BITS (128, 256 or 512) before including a kernel header"
#elif SEPAX_WIDE_BITS == 512
#include <simde/x86/avx512.h>
#define WIDE 16u
typedef simde__m512 wf;
typedef simde__mmask16 wm;
#define wf_load(p) simde_mm512_loadu_ps(p)
#define wf_store(p, v) simde_mm512_storeu_ps(p, v)
#define wf_set1(x) simde_mm512_set1_ps(x)
#define wf_add(a, b) simde_mm512_add_ps(a, b)
#define wf_sub(a, b) simde_mm512_sub_ps(a, b)
#define wf_mul(a, b) simde_mm512_mul_ps(a, b)
#define wf_min(a, b) simde_mm512_min_ps(a, b)
#define wf_max(a, b) simde_mm512_max_ps(a, b)
#define wf_div(a, b) simde_mm512_div_ps(a, b)
#define wf_sqrt(a) simde_mm512_sqrt_ps(a)
#define wf_abs(a) simde_mm512_andnot_ps(simde_mm512_set1_ps(-0.0f), a)
#define wf_eq_bits(a, b) ((uint32_t)simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_EQ_OQ))
static inline wm wm_below(uint32_t n)
{
    return (wm)(n >= 16u ? 0xFFFFu : (1u << n) - 1u);
}
/* lanes in m keep a, the others take fill */
#define wf_keep(m, a, fill) simde_mm512_mask_blend_ps(m, fill, a)
#define wf_first(v) simde_mm_cvtss_f32(simde_mm512_castps512_ps128(v))
static inline wf wf_hmax(wf v)
{
    v = wf_max(v, simde_mm512_shuffle_f32x4(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    v = wf_max(v, simde_mm512_shuffle_f32x4(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
    v = wf_max(v, simde_mm512_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_max(v, simde_mm512_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}
typedef simde__m512i wi;
/* Lane masks and shuffles for the tile kernel (lanes over pairs). */
#define wf_gt_m(a, b) simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GT_OQ)
#define wm_and(a, b) ((wm)((a) & (b)))
#define wm_or(a, b) ((wm)((a) | (b)))
#define wm_andnot(a, b) ((wm)((a) & ~(b)))
#define wm_bits(m) ((uint32_t)(m))
#define wm_none() ((wm)0)
#define wf_le_m(a, b) simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_LE_OQ)
/* small whole numbers only (SIMDe 0.7 lacks the 512-bit conversion): past
 * 2^23 the mantissa holds the integer */
#define wi_from_f(v)                                                                           \
    simde_mm512_and_si512(                                                                     \
        simde_mm512_castps_si512(simde_mm512_add_ps(v, simde_mm512_set1_ps(8388608.0f))),      \
        simde_mm512_set1_epi32(0x7FFFFF))
#define wi_or(a, b) simde_mm512_or_si512(a, b)
#define wi_bits_if(m, bits) simde_mm512_maskz_mov_epi32(m, simde_mm512_set1_epi32((int)(bits)))
#define wi_bits_unless(m, bits)                                                                \
    simde_mm512_maskz_mov_epi32((wm)~(m), simde_mm512_set1_epi32((int)(bits)))
#define wi_as_f(v) simde_mm512_castsi512_ps(v)
#define wf_from_i(v) simde_mm512_cvtepu32_ps(v) /* unsigned: SIMDe 0.7 has no signed one; exact below 2^24 */
#define wf_as_i(v) simde_mm512_castps_si512(v)
#define wi_set1(x) simde_mm512_set1_epi32((int)(x))
#define wi_add(a, b) simde_mm512_add_epi32(a, b)
#define wi_and(a, b) simde_mm512_and_si512(a, b)
#define wi_srli(a, n) simde_mm512_srli_epi32(a, n)
#define wi_gt_m(a, b) simde_mm512_cmpgt_epi32_mask(a, b)
#define wi_eq_m(a, b) simde_mm512_cmpeq_epi32_mask(a, b)
#define wi_store(p, v) simde_mm512_storeu_si512((void *)(p), v)
#define wi_keep(m, a, fill) simde_mm512_mask_blend_epi32(m, fill, a)
#define wi_or_shl16(lo, hi) simde_mm512_or_si512(lo, simde_mm512_slli_epi32(hi, 16))
/* base[idx] per lane (32-bit elements, idx below 2^31): two 256-bit
 * gathers, as SIMDe 0.7 has no 512-bit one */
#define wi_gather_f(base, idx)                                                                 \
    simde_mm512_insertf32x8(                                                                   \
        simde_mm512_castps256_ps512(                                                           \
            simde_mm256_i32gather_ps(base, simde_mm512_castsi512_si256(idx), 4)),              \
        simde_mm256_i32gather_ps(base, simde_mm512_extracti64x4_epi64(idx, 1), 4), 1)
#define wi_gather_i(base, idx)                                                                 \
    simde_mm512_inserti32x8(                                                                   \
        simde_mm512_castsi256_si512(                                                           \
            simde_mm256_i32gather_epi32(base, simde_mm512_castsi512_si256(idx), 4)),           \
        simde_mm256_i32gather_epi32(base, simde_mm512_extracti64x4_epi64(idx, 1), 4), 1)
#define wf_unpacklo(a, b) simde_mm512_unpacklo_ps(a, b)
#define wf_unpackhi(a, b) simde_mm512_unpackhi_ps(a, b)
#define wf_shuffle(a, b, imm) simde_mm512_shuffle_ps(a, b, imm)

/* The world update walks 8-float blocks: at 512 bits it uses the 256-bit
 * half of the ISA rather than masked 16-lane stores. */
#define WB 8u
typedef simde__m256 wb;
#define wb_load(p) simde_mm256_loadu_ps(p)
#define wb_store(p, v) simde_mm256_storeu_ps(p, v)
#define wb_set1(x) simde_mm256_set1_ps(x)
#define wb_add(a, b) simde_mm256_add_ps(a, b)
#define wb_sub(a, b) simde_mm256_sub_ps(a, b)
#define wb_mul(a, b) simde_mm256_mul_ps(a, b)
#define wb_min(a, b) simde_mm256_min_ps(a, b)
#define wb_max(a, b) simde_mm256_max_ps(a, b)
#define wb_unpacklo(a, b) simde_mm256_unpacklo_ps(a, b)
#define wb_unpackhi(a, b) simde_mm256_unpackhi_ps(a, b)
#define wb_shuffle(a, b, imm) simde_mm256_shuffle_ps(a, b, imm)

#elif SEPAX_WIDE_BITS == 256
#include <simde/x86/avx2.h>
#define WIDE 8u
typedef simde__m256 wf;
typedef simde__m256 wm;
#define wf_load(p) simde_mm256_loadu_ps(p)
#define wf_store(p, v) simde_mm256_storeu_ps(p, v)
#define wf_set1(x) simde_mm256_set1_ps(x)
#define wf_add(a, b) simde_mm256_add_ps(a, b)
#define wf_sub(a, b) simde_mm256_sub_ps(a, b)
#define wf_mul(a, b) simde_mm256_mul_ps(a, b)
#define wf_min(a, b) simde_mm256_min_ps(a, b)
#define wf_max(a, b) simde_mm256_max_ps(a, b)
#define wf_div(a, b) simde_mm256_div_ps(a, b)
#define wf_sqrt(a) simde_mm256_sqrt_ps(a)
#define wf_abs(a) simde_mm256_andnot_ps(simde_mm256_set1_ps(-0.0f), a)
#define wf_eq_bits(a, b) ((uint32_t)simde_mm256_movemask_ps(simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ)))
static inline wm wm_below(uint32_t n)
{
    simde__m256i iota = simde_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    return simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32((int)n), iota));
}
#define wf_keep(m, a, fill) simde_mm256_blendv_ps(fill, a, m)
#define wf_first(v) simde_mm256_cvtss_f32(v)
#define wf_gt_m(a, b) simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ)
#define wm_and(a, b) simde_mm256_and_ps(a, b)
#define wm_or(a, b) simde_mm256_or_ps(a, b)
#define wm_andnot(a, b) simde_mm256_andnot_ps(b, a)
#define wm_bits(m) ((uint32_t)simde_mm256_movemask_ps(m))
#define wm_none() simde_mm256_setzero_ps()
#define wf_le_m(a, b) simde_mm256_cmp_ps(a, b, SIMDE_CMP_LE_OQ)
typedef simde__m256i wi;
#define wi_from_f(v) simde_mm256_cvttps_epi32(v)
#define wi_or(a, b) simde_mm256_or_si256(a, b)
#define wi_bits_if(m, bits)                                                                    \
    simde_mm256_and_si256(simde_mm256_castps_si256(m), simde_mm256_set1_epi32((int)(bits)))
#define wi_bits_unless(m, bits)                                                                \
    simde_mm256_andnot_si256(simde_mm256_castps_si256(m), simde_mm256_set1_epi32((int)(bits)))
#define wi_as_f(v) simde_mm256_castsi256_ps(v)
#define wf_from_i(v) simde_mm256_cvtepi32_ps(v) /* exact below 2^24 */
#define wf_as_i(v) simde_mm256_castps_si256(v)
#define wi_set1(x) simde_mm256_set1_epi32((int)(x))
#define wi_add(a, b) simde_mm256_add_epi32(a, b)
#define wi_and(a, b) simde_mm256_and_si256(a, b)
#define wi_srli(a, n) simde_mm256_srli_epi32(a, n)
#define wi_gt_m(a, b) simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(a, b))
#define wi_eq_m(a, b) simde_mm256_castsi256_ps(simde_mm256_cmpeq_epi32(a, b))
#define wi_store(p, v) simde_mm256_storeu_si256((simde__m256i *)(void *)(p), v)
#define wi_keep(m, a, fill) simde_mm256_blendv_epi8(fill, a, simde_mm256_castps_si256(m))
#define wi_or_shl16(lo, hi) simde_mm256_or_si256(lo, simde_mm256_slli_epi32(hi, 16))
/* base[idx] per lane (32-bit elements, idx below 2^31) */
#define wi_gather_f(base, idx) simde_mm256_i32gather_ps(base, idx, 4)
#define wi_gather_i(base, idx) simde_mm256_i32gather_epi32(base, idx, 4)
#define wf_unpacklo(a, b) simde_mm256_unpacklo_ps(a, b)
#define wf_unpackhi(a, b) simde_mm256_unpackhi_ps(a, b)
#define wf_shuffle(a, b, imm) simde_mm256_shuffle_ps(a, b, imm)
static inline wf wf_hmax(wf v)
{
    v = wf_max(v, simde_mm256_permute2f128_ps(v, v, 1));
    v = wf_max(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_max(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}

#elif SEPAX_WIDE_BITS == 128
#include <simde/x86/sse2.h>
#define WIDE 4u
typedef simde__m128 wf;
typedef simde__m128 wm;
#define wf_load(p) simde_mm_loadu_ps(p)
#define wf_store(p, v) simde_mm_storeu_ps(p, v)
#define wf_set1(x) simde_mm_set1_ps(x)
#define wf_add(a, b) simde_mm_add_ps(a, b)
#define wf_sub(a, b) simde_mm_sub_ps(a, b)
#define wf_mul(a, b) simde_mm_mul_ps(a, b)
#define wf_min(a, b) simde_mm_min_ps(a, b)
#define wf_max(a, b) simde_mm_max_ps(a, b)
#define wf_div(a, b) simde_mm_div_ps(a, b)
#define wf_sqrt(a) simde_mm_sqrt_ps(a)
/* |a|: the sign bit cleared, as fabsf does */
#define wf_abs(a) simde_mm_andnot_ps(simde_mm_set1_ps(-0.0f), a)
#define wf_eq_bits(a, b) ((uint32_t)simde_mm_movemask_ps(simde_mm_cmpeq_ps(a, b)))
static inline wm wm_below(uint32_t n)
{
    simde__m128i iota = simde_mm_setr_epi32(0, 1, 2, 3);
    return simde_mm_castsi128_ps(simde_mm_cmpgt_epi32(simde_mm_set1_epi32((int)n), iota));
}
/* SSE2 has no blendv: select with and / andnot / or */
#define wf_keep(m, a, fill) simde_mm_or_ps(simde_mm_and_ps(m, a), simde_mm_andnot_ps(m, fill))
#define wf_first(v) simde_mm_cvtss_f32(v)
#define wf_gt_m(a, b) simde_mm_cmpgt_ps(a, b)
#define wm_and(a, b) simde_mm_and_ps(a, b)
#define wm_or(a, b) simde_mm_or_ps(a, b)
#define wm_andnot(a, b) simde_mm_andnot_ps(b, a)
#define wm_bits(m) ((uint32_t)simde_mm_movemask_ps(m))
#define wm_none() simde_mm_setzero_ps()
#define wf_le_m(a, b) simde_mm_cmple_ps(a, b)
typedef simde__m128i wi;
#define wi_from_f(v) simde_mm_cvttps_epi32(v)
#define wi_or(a, b) simde_mm_or_si128(a, b)
#define wi_bits_if(m, bits)                                                                    \
    simde_mm_and_si128(simde_mm_castps_si128(m), simde_mm_set1_epi32((int)(bits)))
#define wi_bits_unless(m, bits)                                                                \
    simde_mm_andnot_si128(simde_mm_castps_si128(m), simde_mm_set1_epi32((int)(bits)))
#define wi_as_f(v) simde_mm_castsi128_ps(v)
#define wf_from_i(v) simde_mm_cvtepi32_ps(v) /* exact below 2^24 */
#define wf_as_i(v) simde_mm_castps_si128(v)
#define wi_set1(x) simde_mm_set1_epi32((int)(x))
#define wi_add(a, b) simde_mm_add_epi32(a, b)
#define wi_and(a, b) simde_mm_and_si128(a, b)
#define wi_srli(a, n) simde_mm_srli_epi32(a, n)
#define wi_gt_m(a, b) simde_mm_castsi128_ps(simde_mm_cmpgt_epi32(a, b))
#define wi_eq_m(a, b) simde_mm_castsi128_ps(simde_mm_cmpeq_epi32(a, b))
#define wi_store(p, v) simde_mm_storeu_si128((simde__m128i *)(void *)(p), v)
#define wi_keep(m, a, fill)                                                                    \
    simde_mm_or_si128(simde_mm_and_si128(simde_mm_castps_si128(m), a),                         \
                      simde_mm_andnot_si128(simde_mm_castps_si128(m), fill))
/* lo | hi << 16, lane by lane */
#define wi_or_shl16(lo, hi) simde_mm_or_si128(lo, simde_mm_slli_epi32(hi, 16))
/* base[idx] per lane: no gather instruction at this width, four loads */
static inline simde__m128 wi_gather_f(const float *base, simde__m128i idx)
{
    int32_t i[4];
    simde_mm_storeu_si128((simde__m128i *)(void *)i, idx);
    return simde_mm_setr_ps(base[i[0]], base[i[1]], base[i[2]], base[i[3]]);
}
static inline simde__m128i wi_gather_i(const int *base, simde__m128i idx)
{
    int32_t i[4];
    simde_mm_storeu_si128((simde__m128i *)(void *)i, idx);
    return simde_mm_setr_epi32(base[i[0]], base[i[1]], base[i[2]], base[i[3]]);
}
#define wf_unpacklo(a, b) simde_mm_unpacklo_ps(a, b)
#define wf_unpackhi(a, b) simde_mm_unpackhi_ps(a, b)
#define wf_shuffle(a, b, imm) simde_mm_shuffle_ps(a, b, imm)
static inline wf wf_hmax(wf v)
{
    v = wf_max(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_max(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}

#else
#error "SEPAX_WIDE_BITS must be 128, 256 or 512"
#endif

#ifndef WB
/* At 128 and 256 bits the world update uses the full width. */
#define WB WIDE
typedef wf wb;
#define wb_load wf_load
#define wb_store wf_store
#define wb_set1 wf_set1
#define wb_add wf_add
#define wb_sub wf_sub
#define wb_mul wf_mul
#define wb_min wf_min
#define wb_max wf_max
#define wb_unpacklo wf_unpacklo
#define wb_unpackhi wf_unpackhi
#define wb_shuffle wf_shuffle
#endif

/* lanes where a > b, one bit each */
#define wf_gt_bits(a, b) wm_bits(wf_gt_m(a, b))

/* Within every 128-bit lane: out[e] = (v[0][e], v[1][e], v[2][e], v[3][e]). */
static inline void wf_transpose4(const wf *v, wf *out)
{
    const wf t0 = wf_unpacklo(v[0], v[1]), t1 = wf_unpackhi(v[0], v[1]);
    const wf t2 = wf_unpacklo(v[2], v[3]), t3 = wf_unpackhi(v[2], v[3]);
    out[0] = wf_shuffle(t0, t2, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
    out[1] = wf_shuffle(t0, t2, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
    out[2] = wf_shuffle(t1, t3, SIMDE_MM_SHUFFLE(1, 0, 1, 0));
    out[3] = wf_shuffle(t1, t3, SIMDE_MM_SHUFFLE(3, 2, 3, 2));
}

/* out[r] lane l = rows[l][r] for r < 8: eight floats from each of WIDE
 * places turned into eight registers of WIDE lanes, with plain loads and
 * in-register shuffles (gathers are slow on many CPUs, and SIMDe 0.7 has
 * none at 512 bits). */
static inline void wf_rows8(const float *const *rows, wf *out)
{
#if SEPAX_WIDE_BITS == 512
    /* z[j] = [rows lo[j] | rows hi[j]]: the lane-wise transposes leave
     * element e of rows 0-3, hi 0-3, 8-11, hi 8-11 in the four 128-bit
     * lanes, so this order makes the final lane shuffle land in lane
     * order */
    static const uint8_t lo[8] = {0, 1, 2, 3, 8, 9, 10, 11}, hi[8] = {4, 5, 6, 7, 12, 13, 14, 15};
    wf z[8], u[8];
    for (uint32_t j = 0; j < 8; j++)
        z[j] = simde_mm512_insertf32x8(simde_mm512_castps256_ps512(simde_mm256_loadu_ps(rows[lo[j]])),
                                       simde_mm256_loadu_ps(rows[hi[j]]), 1);
    wf_transpose4(z, u);
    wf_transpose4(z + 4, u + 4);
    for (uint32_t e = 0; e < 4; e++) {
        out[e] = simde_mm512_shuffle_f32x4(u[e], u[e + 4], SIMDE_MM_SHUFFLE(2, 0, 2, 0));
        out[e + 4] = simde_mm512_shuffle_f32x4(u[e], u[e + 4], SIMDE_MM_SHUFFLE(3, 1, 3, 1));
    }
#elif SEPAX_WIDE_BITS == 256
    /* a[j] = [row j, elements 0-3 | row j+4, elements 0-3], b[j] the same
     * for elements 4-7 */
    wf a[4], b[4];
    for (uint32_t j = 0; j < 4; j++) {
        a[j] = simde_mm256_insertf128_ps(simde_mm256_castps128_ps256(simde_mm_loadu_ps(rows[j])),
                                         simde_mm_loadu_ps(rows[j + 4]), 1);
        b[j] = simde_mm256_insertf128_ps(
            simde_mm256_castps128_ps256(simde_mm_loadu_ps(rows[j] + 4)),
            simde_mm_loadu_ps(rows[j + 4] + 4), 1);
    }
    wf_transpose4(a, out);
    wf_transpose4(b, out + 4);
#else
    wf a[4], b[4];
    for (uint32_t j = 0; j < 4; j++) {
        a[j] = wf_load(rows[j]);
        b[j] = wf_load(rows[j] + 4);
    }
    wf_transpose4(a, out);
    wf_transpose4(b, out + 4);
#endif
}

/* Store 128-bit lane q of v at p[q], for every q < WIDE / 4. */
static inline void wf_store_quarters(wf v, float *const *p)
{
#if SEPAX_WIDE_BITS == 512
    simde_mm_storeu_ps(p[0], simde_mm512_castps512_ps128(v));
    simde_mm_storeu_ps(p[1], simde_mm512_extractf32x4_ps(v, 1));
    simde_mm_storeu_ps(p[2], simde_mm512_extractf32x4_ps(v, 2));
    simde_mm_storeu_ps(p[3], simde_mm512_extractf32x4_ps(v, 3));
#elif SEPAX_WIDE_BITS == 256
    simde_mm_storeu_ps(p[0], simde_mm256_castps256_ps128(v));
    simde_mm_storeu_ps(p[1], simde_mm256_extractf128_ps(v, 1));
#else
    simde_mm_storeu_ps(p[0], v);
#endif
}

/* Lane k = the minimum over the lanes of (a, b, c, d)[k]: one reduction
 * for the four bounds of a box instead of four. The minimum of a set of
 * finite floats is one value up to the sign of a zero, in any order. */
static inline simde__m128 wb_hmin4(wb a, wb b, wb c, wb d)
{
    const wb t0 = wb_min(wb_unpacklo(a, b), wb_unpackhi(a, b));
    const wb t1 = wb_min(wb_unpacklo(c, d), wb_unpackhi(c, d));
    const wb u = wb_min(wb_shuffle(t0, t1, SIMDE_MM_SHUFFLE(1, 0, 1, 0)),
                        wb_shuffle(t0, t1, SIMDE_MM_SHUFFLE(3, 2, 3, 2)));
#if WB == 8
    return simde_mm_min_ps(simde_mm256_castps256_ps128(u), simde_mm256_extractf128_ps(u, 1));
#else
    return u;
#endif
}

static inline uint32_t lowest_bit(uint32_t bits)
{
    return (uint32_t)__builtin_ctz(bits);
}

/* Whether every lane of v, as a signed word, lies in [0, top]: an index
 * a 32-bit gather reaches, with room to spare past it. */
static inline int wi_within(wi v, int32_t top)
{
#if SEPAX_WIDE_BITS == 512
    /* unsigned, a negative word is above any top */
    return simde_mm512_cmple_epu32_mask(v, simde_mm512_set1_epi32(top)) == (simde__mmask16)0xFFFF;
#elif SEPAX_WIDE_BITS == 256
    const simde__m256i out = simde_mm256_or_si256(
        simde_mm256_cmpgt_epi32(v, simde_mm256_set1_epi32(top)),
        simde_mm256_cmpgt_epi32(simde_mm256_setzero_si256(), v));
    return simde_mm256_movemask_epi8(out) == 0;
#else
    const simde__m128i out = simde_mm_or_si128(simde_mm_cmpgt_epi32(v, simde_mm_set1_epi32(top)),
                                               simde_mm_cmpgt_epi32(simde_mm_setzero_si128(), v));
    return simde_mm_movemask_epi8(out) == 0;
#endif
}

/* The even and the odd 32-bit words of 2 * WIDE consecutive ones (of
 * WIDE 8-byte records: a pair's two ids, a cache record's two halves),
 * in record order. */
static inline void wi_words2(const void *p, wi *even, wi *odd)
{
#if SEPAX_WIDE_BITS == 512
    const simde__m512i v0 = simde_mm512_loadu_si512(p);
    const simde__m512i v1 = simde_mm512_loadu_si512((const char *)p + 64);
    const simde__m512i e = simde_mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24,
                                                  26, 28, 30);
    *even = simde_mm512_permutex2var_epi32(v0, e, v1);
    *odd = simde_mm512_permutex2var_epi32(v0, simde_mm512_add_epi32(e, simde_mm512_set1_epi32(1)),
                                          v1);
#elif SEPAX_WIDE_BITS == 256
    const simde__m256 v0 = simde_mm256_loadu_ps((const float *)p);
    const simde__m256 v1 = simde_mm256_loadu_ps((const float *)p + 8);
    /* [w0 w2 w8 w10 | w4 w6 w12 w14], then the 64-bit quarters in order */
    const simde__m256i e =
        simde_mm256_castps_si256(simde_mm256_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(2, 0, 2, 0)));
    const simde__m256i o =
        simde_mm256_castps_si256(simde_mm256_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(3, 1, 3, 1)));
    *even = simde_mm256_permute4x64_epi64(e, SIMDE_MM_SHUFFLE(3, 1, 2, 0));
    *odd = simde_mm256_permute4x64_epi64(o, SIMDE_MM_SHUFFLE(3, 1, 2, 0));
#else
    const simde__m128 v0 = simde_mm_loadu_ps((const float *)p);
    const simde__m128 v1 = simde_mm_loadu_ps((const float *)p + 4);
    *even = simde_mm_castps_si128(simde_mm_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(2, 0, 2, 0)));
    *odd = simde_mm_castps_si128(simde_mm_shuffle_ps(v0, v1, SIMDE_MM_SHUFFLE(3, 1, 3, 1)));
#endif
}

#endif
