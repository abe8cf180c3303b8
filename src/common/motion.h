/* The motion tier of the tracked calls, for every store (motion.c): per
 * shape, how far it may have moved since it was added (core.h's
 * sepax_motion, summed at every set_transforms); per pair, a record of a
 * gap the pair's test proved and of both shapes' sums at that moment. A
 * pair whose gap exceeds all the motion since is apart without reading
 * either shape. */
#ifndef SEPAX_COMMON_MOTION_H
#define SEPAX_COMMON_MOTION_H

#include "core.h"

/* Add one transform change to a shape's sums: travel, the length of the
 * translation's change, and turn, a bound on how far the rotation's
 * change moves a point at distance 1 from the origin (its operator norm),
 * both computed in double by the caller. Rounded up, so that a sum never
 * falls below the true total. */
void sepax_motion_add(sepax_motion *m, double travel, double turn);

/* A float at least v >= 0 (rounding to nearest moves v(1 + 2^-23) by at
 * most 2^-24 of itself; the 2^-100 lifts what is below the normal range):
 * reaches and levers, which must never come out short. */
static inline float sepax_motion_float_up(double v)
{
    return (float)(v * (1.0 + 0x1p-23) + 0x1p-100);
}

/* From now on the store sums its shapes' motion: called by each tracked
 * call before it reads or writes a record. */
static inline void sepax_motion_start(const sepax_core *c)
{
    /* the flag is the store's bookkeeping, not its contents: a call that
     * takes the store read-only may set it (atomically: calls run on
     * several threads) */
    _Atomic int *on = (_Atomic int *)&c->motion_on;
    if (!atomic_load_explicit(on, memory_order_relaxed))
        atomic_store_explicit(on, 1, memory_order_relaxed);
}

/* Whether set_transforms must sum motion. */
static inline int sepax_motion_on(const sepax_core *c)
{
    return atomic_load_explicit((_Atomic int *)&c->motion_on, memory_order_relaxed);
}

/* Whether rec proves the pair (a live pair of c's store) apart: it was
 * written by sepax_motion_write for this pair's two shapes in this store,
 * and its gap exceeds the most their motion since can have taken off it. */
int sepax_motion_apart(const sepax_core *c, sepax_pair pair, const sepax_pair_motion *rec);

/* Of the n pairs, those no motion record proves apart go to live[],
 * their indices among the n to at[]; returns how many. */
size_t sepax_motion_filter(const sepax_core *c, const sepax_pair *pairs, size_t n,
                           const sepax_pair_motion *recs, sepax_pair *live, uint16_t *at);

/* What a record's gap measures: a face of A, a face of B, or a distance
 * (sepax_motion_write). */
enum { SEPAX_MOTION_FACE_A = 0, SEPAX_MOTION_FACE_B = 1, SEPAX_MOTION_DISTANCE = 2 };

/* Write rec for the pair from q, a lower bound (up to the kernels'
 * rounding) on a quantity the pair's full test measures again and that
 * says "apart" whenever it is above 0: a face's value along its normal
 * less both radii (side: whose face), or the distance between the shapes
 * where the full test decides by distance (SEPAX_MOTION_DISTANCE). pa,
 * pb: the shapes' transform origins now. q not above 0 (or NaN): the
 * record is emptied. */
void sepax_motion_write(const sepax_core *c, sepax_pair pair, float q, int side,
                        const float pa[3], const float pb[3], sepax_pair_motion *rec);

#endif
