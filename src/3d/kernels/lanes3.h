/* One source, two widths: the 3D kernels are written once over the lane
 * type lf, which is a float in the scalar reference and the backend's
 * wide float (common/wide.h) in a vector backend. Every operation below is
 * the same IEEE operation in both (x86's min and max included: the
 * second operand unless the first is strictly smaller or larger; |a|
 * clears the sign bit in both), and
 * branches are written as selects, so a lane of a vector backend computes
 * exactly what the reference computes for its pair. */
#ifndef SEPAX_LANES3_H
#define SEPAX_LANES3_H

#include <stdint.h>

#if defined(SEPAX_WIDE_BITS)
#include "common/wide.h"

#define LANES WIDE
typedef wf lf;
typedef wm lm;
#define lf_set1(x) wf_set1(x)
#define lf_load(p) wf_load(p)
#define lf_store(p, v) wf_store(p, v)
#define lf_add(a, b) wf_add(a, b)
#define lf_sub(a, b) wf_sub(a, b)
#define lf_mul(a, b) wf_mul(a, b)
#define lf_div(a, b) wf_div(a, b)
#define lf_sqrt(a) wf_sqrt(a)
#define lf_abs(a) wf_abs(a)
#define lf_min(a, b) wf_min(a, b)
#define lf_max(a, b) wf_max(a, b)
#define lf_gt(a, b) wf_gt_m(a, b)
#define lf_le(a, b) wf_le_m(a, b)
#define lf_lt(a, b) wf_gt_m(b, a)
#define lf_ge(a, b) wf_le_m(b, a)
#define lm_and(a, b) wm_and(a, b)
#define lm_or(a, b) wm_or(a, b)
/* a and not b */
#define lm_andnot(a, b) wm_andnot(a, b)
#define lm_bits(m) wm_bits(m)
/* lanes of m take a, the others b */
#define lf_sel(m, a, b) wf_keep(m, a, b)
/* base[idx] per lane, idx small whole numbers held as floats */
#define lf_gather(base, idx) wi_gather_f(base, wi_from_f(idx))

#else

#define LANES 1u
typedef float lf;
typedef int lm;
#define lf_set1(x) ((float)(x))
#define lf_load(p) (*(p))
#define lf_store(p, v) (*(p) = (v))
#define lf_add(a, b) ((a) + (b))
#define lf_sub(a, b) ((a) - (b))
#define lf_mul(a, b) ((a) * (b))
#define lf_div(a, b) ((a) / (b))
#define lf_sqrt(a) sqrtf(a)
#define lf_abs(a) fabsf(a)
#define lf_min(a, b) ((a) < (b) ? (a) : (b))
#define lf_max(a, b) ((a) > (b) ? (a) : (b))
#define lf_gt(a, b) ((a) > (b))
#define lf_le(a, b) ((a) <= (b))
#define lf_lt(a, b) ((a) < (b))
#define lf_ge(a, b) ((a) >= (b))
#define lm_and(a, b) ((a) && (b))
#define lm_or(a, b) ((a) || (b))
#define lm_andnot(a, b) ((a) && !(b))
#define lm_bits(m) ((uint32_t)((m) != 0))
#define lf_sel(m, a, b) ((m) ? (a) : (b))
#define lf_gather(base, idx) ((base)[(uint32_t)(idx)])

#endif

/* The pair tests and the world update are forced inline into their
 * driver: called out of line they take their lanes through memory, and
 * GCC 12 does not inline functions this large on its own. */
#if defined(__GNUC__)
#define LANES3_INLINE inline __attribute__((always_inline))
#else
#define LANES3_INLINE inline
#endif

/* -a, exact */
#define lf_neg(a) lf_sub(lf_set1(0.0f), a)
/* -a with C's unary minus's sign of zero (lf_neg gives +0 for +0): for
 * ports of scalar code that must keep its bits */
#define lf_flip(a) lf_mul(lf_set1(-1.0f), a)

/* dot products in one fixed order: (x + y) + z */
#define lf_dot3(ax, ay, az, bx, by, bz)                                                        \
    lf_add(lf_add(lf_mul(ax, bx), lf_mul(ay, by)), lf_mul(az, bz))

/* lane l holds l, for element indices */
static const float lanes3_iota[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

/* the lanes' best (largest value, then lowest index), into *value and
 * *index */
static inline void lanes3_argmax(lf best, lf at, float *value, float *index)
{
    float b[LANES], a[LANES];
    lf_store(b, best);
    lf_store(a, at);
    float bv = b[0], ba = a[0];
    for (uint32_t l = 1; l < LANES; l++)
        if (b[l] > bv || (b[l] == bv && a[l] < ba))
            bv = b[l], ba = a[l];
    *value = bv;
    *index = ba;
}

static inline float lanes3_hmax(lf v)
{
    float b[LANES];
    lf_store(b, v);
    float m = b[0];
    for (uint32_t l = 1; l < LANES; l++)
        m = b[l] > m ? b[l] : m;
    return m;
}

static inline float lanes3_hmin(lf v)
{
    float b[LANES];
    lf_store(b, v);
    float m = b[0];
    for (uint32_t l = 1; l < LANES; l++)
        m = b[l] < m ? b[l] : m;
    return m;
}

#endif
