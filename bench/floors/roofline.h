/* The tile kernel alone, per x86 backend (bench/floors/roofline.c). Each call
 * runs `rounds` rounds of tiles of class m (3..8), or, with m == 0, of
 * every class as often as it occurs in mix, and returns the pairs run.
 * faces_only: the columns are already in lanes; only the face passes and
 * the records run. */
#ifndef SEPAX_BENCH_ROOFLINE_H
#define SEPAX_BENCH_ROOFLINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

size_t sepax_bench_roofline_avx2(uint32_t m, int faces_only, size_t rounds);
size_t sepax_bench_roofline_avx512(uint32_t m, int faces_only, size_t rounds);

#ifdef __cplusplus
}
#endif

#endif
