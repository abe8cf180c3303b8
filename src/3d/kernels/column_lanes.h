/* The 3D broadphase's column sweep, four candidates at a time at 128
 * bits (3d/broadphase.c includes this at baseline flags; it holds no
 * lanes of its own). For shape i of a column and the four candidates
 * from j on, all later than i in the column's x order:
 *
 *   in   = lx[j] <= right                 (a prefix of the four: lx grows)
 *   meet = in and ly[j] <= yb and ya <= hy[j] and lz[j] <= zb and za <= hz[j]
 *          and (home[i] | home[j]) == 3
 *
 * home[k] says whether the column holds entry k's lower y cell (bit 0)
 * and lower z cell (bit 1). The column holds both shapes, so it holds
 * the cell of the larger lower y exactly when it holds one of theirs:
 * the last test keeps a pair only in the column of its larger lower y
 * and larger lower z, as the one-at-a-time sweep's cell test did. Every
 * bound is finite, so these are that sweep's comparisons and the same
 * pairs come out in the same order. Reads four entries from j of each
 * array: the arrays hold three spare entries past their last. */
#ifndef SEPAX_COLUMN_LANES_H
#define SEPAX_COLUMN_LANES_H

#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"

#if SEPAX_WIDE_BITS != 128
#error "column_lanes.h is written for 128 bits"
#endif

/* Entry i's box and home bits, each in every lane. */
typedef struct sepax3_column_probe {
    wf right, ya, yb, za, zb;
    wi home;
} sepax3_column_probe;

static inline sepax3_column_probe sepax3_column_probe_of(float right, float ya, float yb, float za,
                                                         float zb, uint32_t home)
{
    const sepax3_column_probe p = {wf_set1(right), wf_set1(ya), wf_set1(yb), wf_set1(za),
                                   wf_set1(zb), wi_set1(home)};
    return p;
}

/* The meet bits of candidates j..j+3 (bit k: candidate j + k); *in gets
 * their in bits. */
static inline uint32_t sepax3_column_meet4(const sepax3_column_probe *p, const float *lx,
                                           const float *ly, const float *hy, const float *lz,
                                           const float *hz, const uint32_t *home, size_t j,
                                           uint32_t *in)
{
    const wm inx = wf_le_m(wf_load(lx + j), p->right);
    wm m = wm_and(inx, wf_le_m(wf_load(ly + j), p->yb));
    m = wm_and(m, wf_le_m(p->ya, wf_load(hy + j)));
    m = wm_and(m, wf_le_m(wf_load(lz + j), p->zb));
    m = wm_and(m, wf_le_m(p->za, wf_load(hz + j)));
    const wi h = wi_or(simde_mm_loadu_si128((const simde__m128i *)(const void *)(home + j)),
                       p->home);
    m = wm_and(m, wi_eq_m(h, wi_set1(3)));
    *in = wm_bits(inx);
    return wm_bits(m);
}

#endif
