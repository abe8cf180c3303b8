/* The 2D kernel table: for each backend this CPU runs (common/backend.c),
 * the kernels the 2D store's calls use. Built with baseline flags. */
#include "kernels/kernel.h"

/* the reference's collide_any serves circle pairs as they are */
static const sepax_kernels scalar_kernels = {sepax_reference_collide, sepax_reference_world,
                                              sepax_reference_collide_any,
                                              sepax_reference_points,
                                              sepax_reference_collide_any,
                                              sepax_reference_manifold_polygons, NULL, NULL};

#ifdef SEPAX_HAVE_GENERIC
extern const sepax_kernels sepax_kernels_generic;
#endif
#ifdef SEPAX_HAVE_SSE2
extern const sepax_kernels sepax_kernels_sse2;
#endif
#ifdef SEPAX_HAVE_AVX2
extern const sepax_kernels sepax_kernels_avx2;
#endif
#ifdef SEPAX_HAVE_AVX512
extern const sepax_kernels sepax_kernels_avx512;
#endif
#ifdef SEPAX_HAVE_NEON
extern const sepax_kernels sepax_kernels_neon;
#endif

static const sepax_kernels *table(sepax_backend b)
{
    switch (b) {
    case SEPAX_BACKEND_SCALAR: return &scalar_kernels;
#ifdef SEPAX_HAVE_GENERIC
    case SEPAX_BACKEND_GENERIC: return &sepax_kernels_generic;
#endif
#ifdef SEPAX_HAVE_SSE2
    case SEPAX_BACKEND_SSE2: return &sepax_kernels_sse2;
#endif
#ifdef SEPAX_HAVE_AVX2
    case SEPAX_BACKEND_AVX2: return &sepax_kernels_avx2;
#endif
#ifdef SEPAX_HAVE_AVX512
    case SEPAX_BACKEND_AVX512: return &sepax_kernels_avx512;
#endif
#ifdef SEPAX_HAVE_NEON
    case SEPAX_BACKEND_NEON: return &sepax_kernels_neon;
#endif
    default: return NULL;
    }
}

const sepax_kernels *sepax_kernels_for(sepax_backend b)
{
    return sepax_backend_available(b) ? table(b) : NULL;
}
