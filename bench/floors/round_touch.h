/* What answering a circle pair must touch under sepax's contract, without
 * the arithmetic (bench/floors/round_touch.c): the sepax_circle_touch rows. */
#ifndef SEPAX_BENCH_ROUND_TOUCH_H
#define SEPAX_BENCH_ROUND_TOUCH_H

#include <stddef.h>

#include "sepax/sepax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* For each of the n pairs of two circles: checks both ids against the
 * store's live ids, reads both spans, centres and radii, and writes a
 * 16-byte record made of their bits into out[k]; returns how many ids
 * were not live (0 on a good list). */
size_t sepax_bench_circle_touch(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                sepax_result *out);

/* The same reads and record with the centres and radii in per-slot
 * columns (cx, cy, r, indexed by slot, as a store could keep its circles),
 * in place of the spans and the vertex pool: what that layout would
 * leave as the least. */
size_t sepax_bench_circle_touch_slots(const sepax_store *s, const float *cx, const float *cy,
                                      const float *r, const sepax_pair *pairs, size_t n,
                                      sepax_result *out);

/* cx, cy and r (room for the store's slot limit) from the store: each
 * circle's centre and radius at its slot; other slots 0. */
void sepax_bench_circle_columns(const sepax_store *s, float *cx, float *cy, float *r);

#ifdef __cplusplus
}
#endif

#endif
