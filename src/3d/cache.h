/* The 3D separating-feature cache of sepax3_collide_hits_cached: which
 * pairs of a chunk a cached face or edge pair still separates, and the
 * records of the others rewritten from their full results (cache.c). */
#ifndef SEPAX3_CACHE_H
#define SEPAX3_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel3.h"

/* Of the n pairs, those no cached feature separates go to live[], their
 * indices among the n to at[]; returns how many. The same pairs go to
 * live[] whatever the backend. values (NULL: not asked): per pair, the
 * value of the record's face when it has one, else NaN. */
size_t sepax3_cache_filter(const sepax3_view *v, const sepax_pair *pairs, size_t n,
                           const sepax3_pair_cache *caches, sepax_pair *live, uint16_t *at,
                           float *values);

/* Rewrite caches[at[k]] from the result of live[k], for k < m. */
void sepax3_cache_refresh(const sepax3_view *v, const sepax_pair *live, size_t m,
                          const sepax3_result *results, const uint16_t *at,
                          sepax3_pair_cache *caches);

/* The gap the motion tier may keep for a pair (common/motion.h): with
 * its full result r, the separation of a face axis, or of the closest
 * points where they decide (two round shapes, a box and a sphere); with
 * r NULL (its record proved it apart), value, the record's face value
 * from sepax3_cache_filter; NaN for a hit, an edge pair, or anything
 * else. *side: what the gap measures (common/motion.h's SEPAX_MOTION_*). */
float sepax3_cache_gap(const sepax3_view *v, sepax_pair pair, const sepax3_pair_cache *cache,
                       const sepax3_result *r, float value, int *side);

#endif
