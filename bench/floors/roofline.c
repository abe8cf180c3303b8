/* The polygon tile kernel on its own: one tile of WIDE pairs whose columns
 * sit in L1, run over and over with no pair list, no driver, no id checks
 * and no cache misses. It is a floor under what sepax_collide can reach
 * per pair with this kernel, measured rather than estimated, and it splits
 * the tile's time into the part that moves columns into lanes and the part
 * that does the arithmetic:
 *
 *   tile:  load + transpose the columns, both face passes, the records
 *   faces: both face passes and the records, the columns already in lanes
 *
 * Compiled once per x86 backend (bench/meson.build sets ROOFLINE_BITS,
 * ROOFLINE_NAME and the ISA flags), against the kernel headers themselves,
 * so it times exactly the code the library runs.
 *
 *   for each round:
 *       for each size class m, as often as it occurs among mix's pairs:
 *           run one tile of class m (or only its face passes)
 *   ns per pair = time / (rounds * pairs run)
 *
 * In mix, vertex counts are uniform in 3..8, so the class m = max(nA, nB)
 * of a pair has probability (2m - 5) / 36: the "mix" weights below. */
#define SEPAX_WIDE_BITS ROOFLINE_BITS
#define SEPAX_WIDE_NAME ROOFLINE_NAME
/* All of sat_wide.h, not sat_tile.h alone: its kernel table calls the tile
 * drivers that this file does not, so none is left an unused static
 * function. */
#include "sat_wide.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "roofline.h"

#define RF_SHAPES (2u * WIDE)
#define RF_REGION (8u * SEPAX_BLOCK_ALIGN) /* one shape's pool region */

typedef struct roofline_state {
    SIMDE_ALIGN_TO_64 float pool[RF_SHAPES * RF_REGION + SEPAX_POOL_PAD];
    sepax_tile tile;
    sepax_result out[WIDE];
    wf rel[2][4][SEPAX_BLOCK_ALIGN];
} roofline_state;

/* Shape s: a regular m-gon of radius 1, turned by a different angle per
 * shape; pair l (shapes 2l, 2l+1) overlaps by a few tenths. Rows past m
 * repeat row 0, as in the store. */
static void roofline_fill(roofline_state *st, uint32_t m)
{
    memset(st, 0, sizeof *st);
    for (uint32_t s = 0; s < RF_SHAPES; s++) {
        float *w = st->pool + s * RF_REGION + 4u * SEPAX_BLOCK_ALIGN;
        const double turn = 0.37 * s, cx = 1.7 * (s & 1u) + 0.01 * s, cy = 0.05 * s;
        for (uint32_t r = 0; r < SEPAX_BLOCK_ALIGN; r++) {
            const uint32_t i = r < m ? r : 0;
            const double t = turn + 2.0 * M_PI * i / m, tn = t + M_PI / m;
            w[r] = (float)(cx + cos(t));
            w[SEPAX_BLOCK_ALIGN + r] = (float)(cy + sin(t));
            w[2u * SEPAX_BLOCK_ALIGN + r] = (float)cos(tn);
            w[3u * SEPAX_BLOCK_ALIGN + r] = (float)sin(tn);
        }
    }
    for (uint32_t l = 0; l < WIDE; l++) {
        st->tile.a[l] = st->pool + 2u * l * RF_REGION + 4u * SEPAX_BLOCK_ALIGN;
        st->tile.b[l] = st->pool + (2u * l + 1u) * RF_REGION + 4u * SEPAX_BLOCK_ALIGN;
        st->tile.a_origin[l] = 1.0f;
        st->tile.at[l] = l;
    }
    st->tile.n = WIDE;
    tile_relative(&st->tile, SEPAX_BLOCK_ALIGN, st->rel);
}

/* The compiler must neither keep a tile's inputs in registers across
 * rounds nor drop a round whose records are never read. */
#define RF_CLOBBER(p) __asm__ volatile("" : : "r"(p) : "memory")

static HEDLEY_ALWAYS_INLINE void roofline_faces_m(roofline_state *st, uint32_t m)
{
    RF_CLOBBER(st);
    const tile_pass pa = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])st->rel[0], st->rel[0][0],
                                    st->rel[0][1], (const wf(*)[SEPAX_BLOCK_ALIGN])st->rel[1], m,
                                    m, NULL, NULL);
    const tile_pass pb = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])st->rel[1], st->rel[1][0],
                                    st->rel[1][1], (const wf(*)[SEPAX_BLOCK_ALIGN])st->rel[0], m,
                                    m, NULL, NULL);
    tile_results(&st->tile, &pa, &pb, st->out);
    RF_CLOBBER(st);
}

static HEDLEY_ALWAYS_INLINE void roofline_tile_m(roofline_state *st, uint32_t m)
{
    RF_CLOBBER(st);
    st->tile.n = WIDE;
    tile_run_m(&st->tile, m, st->out);
    RF_CLOBBER(st);
}

#define RF_CASES(body)                                                                         \
    switch (m) {                                                                               \
    case 3: body(st, 3); break;                                                                \
    case 4: body(st, 4); break;                                                                \
    case 5: body(st, 5); break;                                                                \
    case 6: body(st, 6); break;                                                                \
    case 7: body(st, 7); break;                                                                \
    default: body(st, SEPAX_BLOCK_ALIGN); break;                                               \
    }

static HEDLEY_NEVER_INLINE void roofline_one(roofline_state *st, uint32_t m, int faces_only)
{
    if (faces_only) {
        RF_CASES(roofline_faces_m)
    } else {
        RF_CASES(roofline_tile_m)
    }
}

size_t SEPAX_CAT(sepax_bench_, SEPAX_WIDE_NAME)(uint32_t m, int faces_only, size_t rounds)
{
    static roofline_state st; /* 16 KiB: too large for some stacks */
    static int filled;
    if (!filled) {
        roofline_fill(&st, SEPAX_BLOCK_ALIGN);
        filled = 1;
    }
    /* m == 0: the classes weighted as in mix, (2m - 5) tiles of class m */
    size_t tiles = 0;
    for (size_t r = 0; r < rounds; r++) {
        if (m != 0) {
            roofline_one(&st, m, faces_only);
            tiles++;
            continue;
        }
        for (uint32_t c = TILE_MIN_COUNT; c <= SEPAX_BLOCK_ALIGN; c++)
            for (uint32_t k = 0; k < 2u * c - 5u; k++)
                roofline_one(&st, c, faces_only);
        tiles += 36u;
    }
    return tiles * WIDE;
}
