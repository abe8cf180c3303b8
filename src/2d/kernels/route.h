/* Which kernel takes a 2D pair (its route), by the two shapes' kinds
 * and core vertex counts: the vector backends' driver for any kinds
 * (round_tile.h) sorts a mixed list by it, and a pair's group
 * (SEPAX_PAIR_GROUPS, 2d/groups.c) is its route. Tables only, no lanes,
 * so that code at baseline flags may include it. */
#ifndef SEPAX_ROUTE_H
#define SEPAX_ROUTE_H

#include <stdint.h>

#include "kernel.h"

/* Core tiles are binned by the pair's core shapes, A's then B's: a point,
 * a segment, a polygon of 3-4 or of 5-8 vertices, so that a lane rarely
 * runs the closest pair search over many more vertices and edges than its
 * own pair has. */
#define CORE_BINS 16u
/* the class (0..3) of a core of n vertices; the bin is 4 * A's + B's.
 * A macro, so that the router's tables can be built from it. */
#define CORE_CLASS(n) ((n) < 3u ? (n) - 1u : (n) <= 4u ? 2u : 3u)

/* Where a pair goes: the polygon tiles (0; tile_add_polygons picks the
 * size class, or settles a pair larger than a block at once), the circle
 * tile (1), core bin b (2 + b), or round.h one at a time (18). */
enum {
    ROUTE_POLYGONS,
    ROUTE_CIRCLES,
    ROUTE_CORES,
    ROUTE_ROUND_BIG = ROUTE_CORES + CORE_BINS,
    ROUTES
};
/* A side's code: its core class (CORE_CLASS: point, segment, polygon of
 * 3-4, of 5-8), + 4 for a plain polygon, + 8 for a core larger than a
 * block; the route of a pair is then a table lookup on the two codes, in
 * place of a chain of compares and selects per pair. */
#define ROUTE_SIDE_BIG 8u
#define ROUTE_SIDE_POLYGON 4u
#define ROUTE_SIZE_(n) ((n) > SEPAX_BLOCK_ALIGN ? ROUTE_SIDE_BIG : CORE_CLASS(n))

/* the route of two side codes: two plain polygons go to the polygon
 * tiles whatever their size, two points (circles) to the circle tile,
 * other cores of at most a block to their core bin, the rest one at a
 * time */
#define ROUTE_BOTH_(a, b, bit) (((a) & (bit)) && ((b) & (bit)))
#define ROUTE_OF_(a, b)                                                                        \
    (ROUTE_BOTH_(a, b, ROUTE_SIDE_POLYGON)     ? ROUTE_POLYGONS                                 \
     : ((a) | (b)) & ROUTE_SIDE_BIG            ? ROUTE_ROUND_BIG                                \
     : ((a) & 7u) == 0u && ((b) & 7u) == 0u    ? ROUTE_CIRCLES                                  \
                                               : ROUTE_CORES + 4u * ((a) & 3u) + ((b) & 3u))
#define ROUTE_ROW4_(a, b)                                                                      \
    ROUTE_OF_(a, b), ROUTE_OF_(a, (b) + 1u), ROUTE_OF_(a, (b) + 2u), ROUTE_OF_(a, (b) + 3u)
#define ROUTE_ROW_(a)                                                                          \
    {ROUTE_ROW4_(a, 0u), ROUTE_ROW4_(a, 4u), ROUTE_ROW4_(a, 8u), ROUTE_ROW4_(a, 12u)}
static const uint8_t route_table[16][16] = {
    ROUTE_ROW_(0u),  ROUTE_ROW_(1u),  ROUTE_ROW_(2u),  ROUTE_ROW_(3u),
    ROUTE_ROW_(4u),  ROUTE_ROW_(5u),  ROUTE_ROW_(6u),  ROUTE_ROW_(7u),
    ROUTE_ROW_(8u),  ROUTE_ROW_(9u),  ROUTE_ROW_(10u), ROUTE_ROW_(11u),
    ROUTE_ROW_(12u), ROUTE_ROW_(13u), ROUTE_ROW_(14u), ROUTE_ROW_(15u)};

/* A side's code by its kind and vertex count, one load: rows of 128 so
 * that the index is a shift and an add (counts are at most 64). */
#define ROUTE_SIDE_(k, n)                                                                      \
    (ROUTE_SIZE_(n) | ((k) == SEPAX_KIND_POLYGON ? ROUTE_SIDE_POLYGON : 0u))
#define ROUTE_SIDE4_(k, n)                                                                     \
    ROUTE_SIDE_(k, n), ROUTE_SIDE_(k, (n) + 1u), ROUTE_SIDE_(k, (n) + 2u), ROUTE_SIDE_(k, (n) + 3u)
#define ROUTE_SIDE_ROW_(k)                                                                     \
    {0u,                                                                                       \
     ROUTE_SIDE4_(k, 1u),  ROUTE_SIDE4_(k, 5u),  ROUTE_SIDE4_(k, 9u),  ROUTE_SIDE4_(k, 13u),  \
     ROUTE_SIDE4_(k, 17u), ROUTE_SIDE4_(k, 21u), ROUTE_SIDE4_(k, 25u), ROUTE_SIDE4_(k, 29u),  \
     ROUTE_SIDE4_(k, 33u), ROUTE_SIDE4_(k, 37u), ROUTE_SIDE4_(k, 41u), ROUTE_SIDE4_(k, 45u),  \
     ROUTE_SIDE4_(k, 49u), ROUTE_SIDE4_(k, 53u), ROUTE_SIDE4_(k, 57u), ROUTE_SIDE4_(k, 61u)}
_Static_assert(SEPAX_MAX_POLYGON_VERTICES == 64u, "route_sides has rows for counts 0..64");
_Static_assert(SEPAX_KIND_ROUNDED < 8u, "route_sides has a row per slot kind");
static const uint8_t route_sides[8][128] = {
    ROUTE_SIDE_ROW_(0u), ROUTE_SIDE_ROW_(1u), ROUTE_SIDE_ROW_(2u), ROUTE_SIDE_ROW_(3u),
    ROUTE_SIDE_ROW_(4u), ROUTE_SIDE_ROW_(5u), ROUTE_SIDE_ROW_(6u), ROUTE_SIDE_ROW_(7u)};

/* A slot's side code, as the store keeps it in the slot's record
 * (kernel.h's disc): route_sides[kind][count], one load. */
static inline uint32_t route_side(const sepax_columns *c, uint32_t slot)
{
    return sepax_disc_code(c->disc, slot);
}

/* A pair's route. The routing pass spells it out, as it also wants the
 * two side codes for its hints; bench/floors/round_floor.c routes with this. */
static inline uint32_t route_of(const sepax_columns *c, uint32_t sa, uint32_t sb)
{
    return route_table[route_side(c, sa)][route_side(c, sb)];
}

_Static_assert(ROUTES == SEPAX_PAIR_GROUPS, "a pair's group is its route");

#endif
