/* What any cached face test must read, without its arithmetic
 * (bench/floors/cache_touch.c): the drift bench's sepax_<backend>_hits_touch
 * rows. */
#ifndef SEPAX_BENCH_CACHE_TOUCH_H
#define SEPAX_BENCH_CACHE_TOUCH_H

#include <stddef.h>

#include "sepax/sepax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Reads, for each of the n pairs of a store of plain polygons of at most
 * 8 vertices, what the cache filter reads; returns a value made of all
 * of it, so that no read can be left out. */
float sepax_bench_cache_touch(const sepax_store *s, const sepax_pair *pairs, size_t n,
                              const sepax_pair_cache *caches);

#ifdef __cplusplus
}
#endif

#endif
