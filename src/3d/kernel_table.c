/* The 3D kernel table: for each backend this CPU runs (common/backend.c),
 * the kernels the 3D store's calls use. Built with baseline flags. */
#include "kernels/kernel3.h"

static const sepax3_kernels scalar_kernels = {sepax3_reference_collide, sepax3_reference_world};

#ifdef SEPAX_HAVE_GENERIC
extern const sepax3_kernels sepax3_kernels_generic;
#endif
#ifdef SEPAX_HAVE_SSE2
extern const sepax3_kernels sepax3_kernels_sse2;
#endif
#ifdef SEPAX_HAVE_AVX2
extern const sepax3_kernels sepax3_kernels_avx2;
#endif
#ifdef SEPAX_HAVE_AVX512
extern const sepax3_kernels sepax3_kernels_avx512;
#endif
#ifdef SEPAX_HAVE_NEON
extern const sepax3_kernels sepax3_kernels_neon;
#endif

static const sepax3_kernels *table(sepax_backend b)
{
    switch (b) {
    case SEPAX_BACKEND_SCALAR: return &scalar_kernels;
#ifdef SEPAX_HAVE_GENERIC
    case SEPAX_BACKEND_GENERIC: return &sepax3_kernels_generic;
#endif
#ifdef SEPAX_HAVE_SSE2
    case SEPAX_BACKEND_SSE2: return &sepax3_kernels_sse2;
#endif
#ifdef SEPAX_HAVE_AVX2
    case SEPAX_BACKEND_AVX2: return &sepax3_kernels_avx2;
#endif
#ifdef SEPAX_HAVE_AVX512
    case SEPAX_BACKEND_AVX512: return &sepax3_kernels_avx512;
#endif
#ifdef SEPAX_HAVE_NEON
    case SEPAX_BACKEND_NEON: return &sepax3_kernels_neon;
#endif
    default: return NULL;
    }
}

const sepax3_kernels *sepax3_kernels_for(sepax_backend b)
{
    return sepax_backend_available(b) ? table(b) : NULL;
}
