/* The round kernels' tiles alone, per x86 backend
 * (bench/floors/round_floor.c): the roofline_<backend>/tile/<scene>/<class>
 * rows. Each call fills the core and circle tiles from the first pairs of
 * the list (96 pairs at most, whole tiles only; pairs of two plain
 * polygons and of cores larger than a block are left out), runs every
 * filled tile `rounds` times, writing records to out[k] for the list's
 * pair k, and returns the pairs run (0: the list fills no tile). */
#ifndef SEPAX_BENCH_ROUND_FLOOR_H
#define SEPAX_BENCH_ROUND_FLOOR_H

#include <stddef.h>

#include "sepax/sepax.h"

#ifdef __cplusplus
extern "C" {
#endif

size_t sepax_bench_round_floor_avx2(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                    size_t rounds, sepax_result *out);
size_t sepax_bench_round_floor_avx512(const sepax_store *s, const sepax_pair *pairs, size_t n,
                                      size_t rounds, sepax_result *out);

#ifdef __cplusplus
}
#endif

#endif
