/* A dimension's kernel table, written once for both: for each backend
 * this CPU runs (common/backend.c), the kernels its store's calls use.
 * Included once, by 2d/kernel_table.c and 3d/kernel_table.c (baseline
 * flags), after they define
 *   SEPAX_KT_TYPE      the table's type
 *   SEPAX_KT_NAME(isa) the name of an ISA's table, defined in its unit
 *   SEPAX_KT_SCALAR    the scalar table (the reference)
 *   SEPAX_KT_FOR       the name of the lookup: NULL for a backend this
 *                      library or this CPU lacks. */
#include "sepax/sepax_common.h"

#ifdef SEPAX_HAVE_GENERIC
extern const SEPAX_KT_TYPE SEPAX_KT_NAME(generic);
#endif
#ifdef SEPAX_HAVE_SSE2
extern const SEPAX_KT_TYPE SEPAX_KT_NAME(sse2);
#endif
#ifdef SEPAX_HAVE_AVX2
extern const SEPAX_KT_TYPE SEPAX_KT_NAME(avx2);
#endif
#ifdef SEPAX_HAVE_AVX512
extern const SEPAX_KT_TYPE SEPAX_KT_NAME(avx512);
#endif
#ifdef SEPAX_HAVE_NEON
extern const SEPAX_KT_TYPE SEPAX_KT_NAME(neon);
#endif

static const SEPAX_KT_TYPE *kernel_table(sepax_backend b)
{
    switch (b) {
    case SEPAX_BACKEND_SCALAR: return &SEPAX_KT_SCALAR;
#ifdef SEPAX_HAVE_GENERIC
    case SEPAX_BACKEND_GENERIC: return &SEPAX_KT_NAME(generic);
#endif
#ifdef SEPAX_HAVE_SSE2
    case SEPAX_BACKEND_SSE2: return &SEPAX_KT_NAME(sse2);
#endif
#ifdef SEPAX_HAVE_AVX2
    case SEPAX_BACKEND_AVX2: return &SEPAX_KT_NAME(avx2);
#endif
#ifdef SEPAX_HAVE_AVX512
    case SEPAX_BACKEND_AVX512: return &SEPAX_KT_NAME(avx512);
#endif
#ifdef SEPAX_HAVE_NEON
    case SEPAX_BACKEND_NEON: return &SEPAX_KT_NAME(neon);
#endif
    default: return NULL;
    }
}

const SEPAX_KT_TYPE *SEPAX_KT_FOR(sepax_backend b)
{
    return sepax_backend_available(b) ? kernel_table(b) : NULL;
}
