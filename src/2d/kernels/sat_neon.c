/* The neon backend: 128-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 128
#define SEPAX_WIDE_NAME neon
#include "sat_wide.h"
