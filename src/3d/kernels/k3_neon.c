/* The neon backend's 3D kernels: 128-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 128
#define SEPAX3_NAME neon
#include "k3_wide.h"
