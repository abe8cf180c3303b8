/* The 3D kernel table (common/kernel_table.h): the reference at one lane
 * for the scalar backend, each ISA's unit for the others. */
#include "kernels/kernel3.h"

static const sepax3_kernels scalar_kernels = {sepax3_reference_collide, sepax3_reference_world,
                                              sepax3_reference_collide_group};

#define SEPAX_KT_TYPE sepax3_kernels
#define SEPAX_KT_NAME(isa) sepax3_kernels_##isa
#define SEPAX_KT_SCALAR scalar_kernels
#define SEPAX_KT_FOR sepax3_kernels_for
#include "common/kernel_table.h"
