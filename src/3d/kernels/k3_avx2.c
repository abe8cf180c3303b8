/* The avx2 backend's 3D kernels: 256-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 256
#define SEPAX3_NAME avx2
#include "k3_wide.h"
