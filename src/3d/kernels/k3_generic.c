/* The generic backend's 3D kernels: 512-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 512
#define SEPAX3_NAME generic
#include "k3_wide.h"
