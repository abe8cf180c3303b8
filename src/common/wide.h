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

/* 128-bit lane q of the result from p[q], for every q < WIDE / 4
 * (wf_store_quarters in reverse). */
static inline wf wf_load_quarters(const float *const *p)
{
#if SEPAX_WIDE_BITS == 512
    const simde__m256 lo = simde_mm256_insertf128_ps(
        simde_mm256_castps128_ps256(simde_mm_loadu_ps(p[0])), simde_mm_loadu_ps(p[1]), 1);
    const simde__m256 hi = simde_mm256_insertf128_ps(
        simde_mm256_castps128_ps256(simde_mm_loadu_ps(p[2])), simde_mm_loadu_ps(p[3]), 1);
    return simde_mm512_insertf32x8(simde_mm512_castps256_ps512(lo), hi, 1);
#elif SEPAX_WIDE_BITS == 256
    return simde_mm256_insertf128_ps(simde_mm256_castps128_ps256(simde_mm_loadu_ps(p[0])),
                                     simde_mm_loadu_ps(p[1]), 1);
#else
    return simde_mm_loadu_ps(p[0]);
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

#if SEPAX_WIDE_BITS == 256
/* Bit mask of eight lanes -> the set lanes' numbers, three bits each,
 * lowest first. */
static const uint32_t wi_pack8[256] = {
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
#endif

/* The lanes of v whose bit is set in bits, left-packed (lowest first);
 * the lanes past them are unspecified. */
static inline wi wi_left_pack(wi v, uint32_t bits)
{
#if SEPAX_WIDE_BITS == 512
    return simde_mm512_maskz_compress_epi32((simde__mmask16)bits, v);
#elif SEPAX_WIDE_BITS == 256
    const simde__m256i shift = simde_mm256_setr_epi32(0, 3, 6, 9, 12, 15, 18, 21);
    const simde__m256i lane = simde_mm256_and_si256(
        simde_mm256_srlv_epi32(simde_mm256_set1_epi32((int32_t)wi_pack8[bits]), shift),
        simde_mm256_set1_epi32(7));
    return simde_mm256_permutevar8x32_epi32(v, lane);
#else
    int32_t in[4], out[4] = {0, 0, 0, 0};
    uint32_t n = 0;
    simde_mm_storeu_si128((simde__m128i *)(void *)in, v);
    for (uint32_t l = 0; l < 4; l++)
        if (bits >> l & 1u)
            out[n++] = in[l];
    return simde_mm_loadu_si128((const simde__m128i *)(const void *)out);
#endif
}


#endif
