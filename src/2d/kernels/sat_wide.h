/* One backend's kernel table, sepax_kernels_<SEPAX_WIDE_NAME>: the kernels
 * are written once against common/wide.h and compiled once per backend, by
 * a source that defines SEPAX_WIDE_BITS and SEPAX_WIDE_NAME, includes this
 * and is built with that backend's ISA flags (src/meson.build).
 *
 *   collide          polygon pairs: tiles of WIDE pairs, one pair per lane
 *                    (sat_tile.h); a polygon larger than a block, one pair
 *                    at a time with lanes over faces (sat_pair.h)
 *   world            world_wide.h
 *   collide_any      round_tile.h, with the core tiles of core_tile.h
 *   points           round.h's scalar code
 *   collide_circles  round_tile.h's circle tile
 *   manifold_polygons  manifold_tile.h: plain polygon hits' contact points,
 *                    one hit per lane (NULL where
 *                    SEPAX_WIDE_SCALAR_MANIFOLDS is defined: manifold.c's
 *                    scalar builder serves)
 *   cache_plain      cache_tile.h: the cache filter's face test, WIDE pairs
 *                    of plain polygons at a time (256 bits or more; else
 *                    NULL, and cache.c's four lanes)
 *   sweep            sweep_tile.h: the broadphase's band sweep (256 bits
 *                    or more; else NULL, and sweep128.c's 128 bits) */
#ifndef SEPAX_SAT_WIDE_H
#define SEPAX_SAT_WIDE_H

#ifndef SEPAX_WIDE_NAME
#error "define SEPAX_WIDE_NAME (the backend's name, as in sepax_kernels_<name>) before sat_wide.h"
#endif

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"
#include "round.h"
#include "sat_tile.h"
#include "world_wide.h"
#include "round_tile.h"
#include "cache_tile.h"
#if SEPAX_WIDE_BITS >= 256
#include "sweep_tile.h"
#define SEPAX_SWEEP sweep_band
#else
#define SEPAX_SWEEP NULL
#endif
#if SEPAX_WIDE_BITS >= 256 || defined(SEPAX_CACHE_BLOCKS_128)
#define SEPAX_CACHE_PLAIN cache_plain_wide
#else
#define SEPAX_CACHE_PLAIN NULL
#endif
#ifndef SEPAX_WIDE_SCALAR_MANIFOLDS
#include "manifold_tile.h"
#define SEPAX_MANIFOLD_POLYGONS manifold_polygons_wide
#else
#define SEPAX_MANIFOLD_POLYGONS NULL
#endif

#define SEPAX_CAT_(a, b) a##b
#define SEPAX_CAT(a, b) SEPAX_CAT_(a, b)

/* Point queries: round.h's code, compiled with this backend's flags (see
 * the note there on why the bits agree). */

static void points_wide(const sepax_columns *c, const sepax_point_query *q, size_t n,
                        uint8_t *inside)
{
    sepax_round_points(c, q, n, inside);
}

const sepax_kernels SEPAX_CAT(sepax_kernels_, SEPAX_WIDE_NAME) = {
    collide_tiles, world_wide, collide_any_wide, points_wide, collide_circles_wide,
    SEPAX_MANIFOLD_POLYGONS, SEPAX_CACHE_PLAIN, SEPAX_SWEEP, collide_group_wide};

#endif
