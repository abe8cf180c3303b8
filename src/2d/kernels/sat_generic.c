/* The generic backend: 512-bit lanes. Flags come from src/meson.build. */
#define SEPAX_WIDE_BITS 512
#define SEPAX_WIDE_NAME generic
/* Portable lanes are loops of plain C, and this file already takes gcc
 * minutes: contact points come from manifold.c's scalar builder rather
 * than from manifold_tile.h (the table's entry is NULL). */
#define SEPAX_WIDE_SCALAR_MANIFOLDS
#include "sat_wide.h"
