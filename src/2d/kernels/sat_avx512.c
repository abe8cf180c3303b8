/* The avx512 backend: 512-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 512
#define SEPAX_WIDE_NAME avx512
#include "sat_wide.h"
