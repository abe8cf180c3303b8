/* The wide float type: the only file with intrinsics. A kernel source sets
 * SEPAX_WIDE_BITS (128, 256 or 512) and its compiler flags, includes this
 * and sat_wide.h, and SIMDe turns every call into native instructions for
 * that ISA (or portable C under SIMDE_NO_NATIVE, for the generic backend).
 *
 * Every operation here is exact or rounds once per lane exactly as the
 * scalar expression it stands for, so lane results equal the reference's. */
#ifndef SEPAX_WIDE_H
#define SEPAX_WIDE_H

#include <stdint.h>

#if SEPAX_WIDE_BITS == 512
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
#define wf_gt_bits(a, b) ((uint32_t)simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_GT_OQ))
#define wf_eq_bits(a, b) ((uint32_t)simde_mm512_cmp_ps_mask(a, b, SIMDE_CMP_EQ_OQ))
static inline wm wm_below(uint32_t n)
{
    return (wm)(n >= 16u ? 0xFFFFu : (1u << n) - 1u);
}
/* lanes in m keep a, the others take fill */
#define wf_keep(m, a, fill) simde_mm512_mask_blend_ps(m, fill, a)
#define wf_first(v) simde_mm_cvtss_f32(simde_mm512_castps512_ps128(v))
/* every lane = the maximum of the lanes within its 8-lane half */
static inline wf wf_hmax_halves(wf v)
{
    v = wf_max(v, simde_mm512_shuffle_f32x4(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    v = wf_max(v, simde_mm512_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_max(v, simde_mm512_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}
static inline wf wf_hmax(wf v)
{
    v = wf_hmax_halves(v);
    return wf_max(v, simde_mm512_shuffle_f32x4(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}
/* Two 8-lane halves side by side, and a lane shuffle by index vector: the
 * pieces the paired kernel (both shapes in one register) needs. */
#define SEPAX_WIDE_PAIRED 1
typedef simde__m512i wi;
static inline wf wf_load_halves(const float *lo, const float *hi)
{
    return simde_mm512_insertf32x8(simde_mm512_castps256_ps512(simde_mm256_loadu_ps(lo)),
                                   simde_mm256_loadu_ps(hi), 1);
}
/* lanes 0..7 read the high half's lane 0, lanes 8..15 the low half's
 * (a load from a constant: SIMDe's set with constants does not fold) */
static inline wi wi_halves_const(void)
{
    static const int32_t lanes[16] = {8, 8, 8, 8, 8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0};
    return simde_mm512_loadu_si512(lanes);
}
#define wi_set1(x) simde_mm512_set1_epi32(x)
#define wi_add(a, b) simde_mm512_add_epi32(a, b)
#define wf_permute(idx, v) simde_mm512_permutexvar_ps(idx, v)
#define wf_half_first(v) simde_mm_cvtss_f32(simde_mm512_extractf32x4_ps(v, 2))
#define WIDE_HALF 8u

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
#define wb_first(v) simde_mm256_cvtss_f32(v)
static inline wb wb_hmax(wb v)
{
    v = wb_max(v, simde_mm256_permute2f128_ps(v, v, 1));
    v = wb_max(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wb_max(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}
static inline wb wb_hmin(wb v)
{
    v = wb_min(v, simde_mm256_permute2f128_ps(v, v, 1));
    v = wb_min(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wb_min(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}

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
#define wf_gt_bits(a, b) ((uint32_t)simde_mm256_movemask_ps(simde_mm256_cmp_ps(a, b, SIMDE_CMP_GT_OQ)))
#define wf_eq_bits(a, b) ((uint32_t)simde_mm256_movemask_ps(simde_mm256_cmp_ps(a, b, SIMDE_CMP_EQ_OQ)))
static inline wm wm_below(uint32_t n)
{
    simde__m256i iota = simde_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    return simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32((int)n), iota));
}
#define wf_keep(m, a, fill) simde_mm256_blendv_ps(fill, a, m)
#define wf_first(v) simde_mm256_cvtss_f32(v)
static inline wf wf_hmax(wf v)
{
    v = wf_max(v, simde_mm256_permute2f128_ps(v, v, 1));
    v = wf_max(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_max(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}
static inline wf wf_hmin(wf v)
{
    v = wf_min(v, simde_mm256_permute2f128_ps(v, v, 1));
    v = wf_min(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_min(v, simde_mm256_permute_ps(v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
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
#define wf_gt_bits(a, b) ((uint32_t)simde_mm_movemask_ps(simde_mm_cmpgt_ps(a, b)))
#define wf_eq_bits(a, b) ((uint32_t)simde_mm_movemask_ps(simde_mm_cmpeq_ps(a, b)))
static inline wm wm_below(uint32_t n)
{
    simde__m128i iota = simde_mm_setr_epi32(0, 1, 2, 3);
    return simde_mm_castsi128_ps(simde_mm_cmpgt_epi32(simde_mm_set1_epi32((int)n), iota));
}
/* SSE2 has no blendv: select with and / andnot / or */
#define wf_keep(m, a, fill) simde_mm_or_ps(simde_mm_and_ps(m, a), simde_mm_andnot_ps(m, fill))
#define wf_first(v) simde_mm_cvtss_f32(v)
static inline wf wf_hmax(wf v)
{
    v = wf_max(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_max(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}
static inline wf wf_hmin(wf v)
{
    v = wf_min(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_min(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
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
#define wb_first wf_first
#define wb_hmax wf_hmax
#define wb_hmin wf_hmin
#endif

static inline uint32_t lowest_bit(uint32_t bits)
{
    return (uint32_t)__builtin_ctz(bits);
}

#endif
