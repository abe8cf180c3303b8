/* The generic backend: 512-bit lanes. Flags come from src/2d/kernels/meson.build. */
#define SEPAX_WIDE_BITS 512
#define SEPAX_WIDE_NAME generic
#include "sat_wide.h"
