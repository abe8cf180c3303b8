/* The 2D kernel table (common/kernel_table.h): the scalar reference for
 * the scalar backend, each ISA's unit for the others. */
#include "kernels/kernel.h"

/* the reference's collide_any serves circle pairs as they are */
static const sepax_kernels scalar_kernels = {sepax_reference_collide, sepax_reference_world,
                                              sepax_reference_collide_any,
                                              sepax_reference_points,
                                              sepax_reference_collide_any,
                                              sepax_reference_manifold_polygons, NULL, NULL,
                                              NULL};

#define SEPAX_KT_TYPE sepax_kernels
#define SEPAX_KT_NAME(isa) sepax_kernels_##isa
#define SEPAX_KT_SCALAR scalar_kernels
#define SEPAX_KT_FOR sepax_kernels_for
#include "common/kernel_table.h"
