/* The round kernels' tiles on their own: the core tile (core_tile.h) and
 * the circle tile (round_tile.h), filled once from the first pairs of a
 * list whose columns then sit in L1, and run over and over with no pair
 * list walk, no routing, no id checks and no cache misses. What a class
 * row spends above this is the driver (checks, routing, staging) and
 * memory; what is left here is the tile itself: loads and transposes,
 * face passes, the closest pair search, containment and the records.
 *
 * Compiled once per x86 backend, as roofline.c is (bench/meson.build sets
 * ROOFLINE_BITS, ROUND_FLOOR_NAME and the ISA flags), against the kernel
 * headers themselves, so it times exactly the code the library runs.
 *
 *   stage: for each pair of the list, in order, by its route:
 *       two circles: into the circle tile; cores of at most a block: into
 *       its bin's core tile; anything else is left out
 *       a tile that fills is kept, until FLOOR_PAIRS pairs are kept
 *   for each round: run every kept tile (its fill restored first)
 *   ns per pair = time / (rounds * kept tiles * WIDE) */
#define SEPAX_WIDE_BITS ROOFLINE_BITS
#define SEPAX_WIDE_NAME ROUND_FLOOR_NAME
/* all of sat_wide.h, for the reason roofline.c gives */
#include "sat_wide.h"

#include <string.h>

#include "2d/store.h"
#include "round_floor.h"

/* pairs kept: 96 pairs are at most 192 shapes, whose world columns (128
 * bytes a block) take 24 KB, well inside L1 */
#define FLOOR_PAIRS 96u
#define FLOOR_TILES (FLOOR_PAIRS / WIDE)

typedef struct floor_state {
    core_tile bins[CORE_BINS], core[FLOOR_TILES];
    circle_tile circle_fill, circle[FLOOR_TILES];
    uint32_t top[FLOOR_TILES][2]; /* a kept core tile's largest counts */
    uint32_t cores, circles;
} floor_state;

#define FLOOR_CLOBBER(p) __asm__ volatile("" : : "r"(p) : "memory")

/* Fill the kept tiles from the list; returns how many. */
static uint32_t floor_stage(floor_state *st, const sepax_columns *c, const sepax_pair *pairs,
                            size_t n)
{
    core_tiles_init(st->bins);
    st->circle_fill.n = 0;
    st->cores = st->circles = 0;
    for (size_t k = 0; k < n && st->cores + st->circles < FLOOR_TILES; k++) {
        const uint32_t sa = SEPAX_ID_SLOT(pairs[k].a), sb = SEPAX_ID_SLOT(pairs[k].b);
        const uint32_t r = route_of(c, sa, sb);
        if (r == ROUTE_CIRCLES) {
            if (circle_tile_put(&st->circle_fill, c, sa, sb, k) == WIDE) {
                st->circle[st->circles++] = st->circle_fill;
                st->circle_fill.n = 0;
            }
        } else if (r >= ROUTE_CORES && r < ROUTE_ROUND_BIG) {
            core_tile *bin = &st->bins[r - ROUTE_CORES];
            if (core_tile_put(bin, c, pairs, k) == WIDE) {
                st->top[st->cores][0] = bin->top_na, st->top[st->cores][1] = bin->top_nb;
                st->core[st->cores++] = *bin;
                bin->t.n = 0, bin->top_na = bin->top_nb = 0;
            }
        }
    }
    return st->cores + st->circles;
}

size_t SEPAX_CAT(sepax_bench_, SEPAX_WIDE_NAME)(const sepax_store *s, const sepax_pair *pairs,
                                                size_t n, size_t rounds, sepax_result *out)
{
    static floor_state st; /* tens of KB: too large for some stacks */
    const sepax_columns cols = sepax_store_columns(s);
    if (!floor_stage(&st, &cols, pairs, n))
        return 0;
    for (size_t r = 0; r < rounds; r++) {
        for (uint32_t i = 0; i < st.cores; i++) {
            /* a run empties the tile: give it its pairs back */
            core_tile *t = &st.core[i];
            t->t.n = WIDE, t->top_na = st.top[i][0], t->top_nb = st.top[i][1];
            FLOOR_CLOBBER(t);
            core_tile_run(t, out);
        }
        for (uint32_t i = 0; i < st.circles; i++) {
            st.circle[i].n = WIDE;
            FLOOR_CLOBBER(&st.circle[i]);
            circle_tile_run(&st.circle[i], out);
        }
        FLOOR_CLOBBER(out);
    }
    return rounds * (st.cores + st.circles) * WIDE;
}
