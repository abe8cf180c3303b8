/* The avx2 backend: 256-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 256
#define SEPAX_WIDE_NAME avx2
#include "sat_wide.h"
