/* The separating-axis cache of sepax_collide_hits_cached: which pairs of
 * a chunk a cached axis still separates, and the caches of the others
 * refreshed from their full results. */
#ifndef SEPAX_CACHE_H
#define SEPAX_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* Pairs the filter takes at once at most. */
#define SEPAX_CACHE_CHUNK 512u

/* Of the n pairs (n <= SEPAX_CACHE_CHUNK), those no cached axis separates
 * go to live[], their indices among the n to at[]; returns how many.
 * plain: the store holds plain polygons only (no radius, no point or
 * segment core); block: the backend's face test for such stores (its
 * kernel table's cache_plain), or NULL. Whatever the backend, the same
 * pairs go to live[]. */
size_t sepax_cache_filter(const sepax_columns *cols, const sepax_pair *pairs, size_t n,
                          const sepax_pair_cache *caches, int plain, sepax_cache_fn block,
                          sepax_pair *live, uint16_t *at);

/* Rewrite caches[at[k]] from the result of live[k], for k < m. */
void sepax_cache_refresh(const sepax_columns *cols, const sepax_pair *live, size_t m,
                         const sepax_result *results, const uint16_t *at,
                         sepax_pair_cache *caches);

/* The gap the motion tier may keep for a pair whose cache was just
 * written or proved it apart (common/motion.h): two circles' separation,
 * else the cached face's value against the other core less both radii;
 * NaN when the record names no face. *side: what the gap measures
 * (common/motion.h's SEPAX_MOTION_*). */
float sepax_cache_gap(const sepax_columns *cols, sepax_pair pair, const sepax_pair_cache *cache,
                      int *side);

#endif
