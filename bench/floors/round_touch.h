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
 * store's live ids, reads both spans, centres (in the vertex pool) and
 * radii, and writes a 16-byte record made of their bits into out[k];
 * returns how many ids were not live (0 on a good list). */
size_t sepax_bench_circle_touch(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                sepax_result *out);

/* The same reads and record from the slots' records (centre and radius
 * per slot, no span), the layout the round kernels read. */
size_t sepax_bench_circle_touch_slots(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                      sepax_result *out);

#ifdef __cplusplus
}
#endif

#endif
