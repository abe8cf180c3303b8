/* The sse2 backend: 128-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 128
#define SEPAX_WIDE_NAME sse2
#define SEPAX_CACHE_BLOCKS_128
#include "sat_wide.h"
