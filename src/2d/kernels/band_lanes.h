/* The 2D broadphase's lane work outside the sweep (2d/broadphase.c), at
 * 128 bits: the scene's bounds, each row's bands, and a band's columns,
 * four at a time with the same operations in each lane, so that the
 * answers are those of one at a time. broadphase.c includes this at
 * baseline flags; it holds no lanes of its own.
 *
 *   scale(v) = trunc(min(max((v - origin) * inv, 0), top))
 *   bounds:  least and greatest lower x, least lower y, greatest upper y,
 *            and the sum of heights, lanes merged in lane order
 *   bands:   scale of each row's lower and upper y
 *   columns: scale of each record's lower x */
#ifndef SEPAX_BAND_LANES_H
#define SEPAX_BAND_LANES_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"

#if SEPAX_WIDE_BITS != 128
#error "band_lanes.h is written for 128 bits"
#endif

/* A shape's box and id as filed under a band. */
typedef struct sepax_band_record {
    float lx, hx, ly, hy;
    uint32_t id;
} sepax_band_record;

/* Monotonic in v (subtracting, scaling, clamping and truncating all are):
 * a shape's bands form one run, and the band of any y inside its interval
 * lies in that run; equal or growing lower x never get a smaller cell. */
static inline uint32_t sepax_band_scale(float v, float origin, float inv, float top)
{
    /* max and min as instructions: written as ?: they become branches */
    simde__m128 f = simde_mm_set_ss((v - origin) * inv);
    f = simde_mm_min_ss(simde_mm_max_ss(f, simde_mm_setzero_ps()), simde_mm_set_ss(top));
    return (uint32_t)simde_mm_cvttss_si32(f);
}

/* sepax_band_scale of four lanes at once, stored at out */
static inline void sepax_band_scale4(wf v, wf origin, wf inv, wf top, uint32_t *out)
{
    const wf f = wf_mul(wf_sub(v, origin), inv);
    simde_mm_storeu_si128((simde__m128i *)out,
                          simde_mm_cvttps_epi32(wf_min(wf_max(f, wf_set1(0.0f)), top)));
}

/* The bounds of rows [0, n), four rows per step, merged into *x0, *x1,
 * *y0, *y1 and *height; returns the rows done (n less n mod 4). Lane
 * order is fixed, so the sum is the same on every run. */
static inline uint32_t sepax_band_bounds4(const float *lo_x, const float *lo_y,
                                          const float *hi_y, uint32_t n, float *bx0,
                                          float *bx1, float *by0, float *by1, double *height)
{
    uint32_t row = 0;
    wf x0 = wf_set1(INFINITY), x1 = wf_set1(-INFINITY), y0 = x0, y1 = x1;
    wf h = wf_set1(0.0f);
    for (; row + 4u <= n; row += 4u) {
        const wf lx = wf_load(lo_x + row), ly = wf_load(lo_y + row);
        const wf hy = wf_load(hi_y + row);
        x0 = wf_min(lx, x0);
        x1 = wf_max(lx, x1);
        y0 = wf_min(ly, y0);
        y1 = wf_max(hy, y1);
        h = wf_add(h, wf_sub(hy, ly));
    }
    float l[4][5];
    wf_store(l[0], x0), wf_store(l[1], x1), wf_store(l[2], y0), wf_store(l[3], y1);
    float hs[4];
    wf_store(hs, h);
    for (int k = 0; k < 4; k++) {
        *bx0 = l[0][k] < *bx0 ? l[0][k] : *bx0;
        *bx1 = l[1][k] > *bx1 ? l[1][k] : *bx1;
        *by0 = l[2][k] < *by0 ? l[2][k] : *by0;
        *by1 = l[3][k] > *by1 ? l[3][k] : *by1;
        *height += hs[k];
    }
    return row;
}

/* sepax_band_scale of lo[row] into first[row] and of hi[row] into
 * last[row], four rows per step; returns the rows done. */
static inline uint32_t sepax_band_rows4(const float *lo, const float *hi, uint32_t n,
                                        float origin, float inv_h, float top_band,
                                        uint32_t *first, uint32_t *last)
{
    uint32_t row = 0;
    const wf y0 = wf_set1(origin), inv = wf_set1(inv_h), top = wf_set1(top_band);
    for (; row + 4u <= n; row += 4u) {
        sepax_band_scale4(wf_load(lo + row), y0, inv, top, first + row);
        sepax_band_scale4(wf_load(hi + row), y0, inv, top, last + row);
    }
    return row;
}

/* sepax_band_scale of r[k].lx into cell[k], four records per step;
 * returns the records done. */
static inline size_t sepax_band_cells4(const sepax_band_record *r, size_t m, float origin,
                                       float inv_w, float top_cell, uint32_t *cell)
{
    const wf x0v = wf_set1(origin), inv = wf_set1(inv_w), top = wf_set1(top_cell);
    size_t k = 0;
    for (; k + 4u <= m; k += 4u)
        sepax_band_scale4(simde_mm_setr_ps(r[k].lx, r[k + 1].lx, r[k + 2].lx, r[k + 3].lx), x0v,
                          inv, top, cell + k);
    return k;
}

#endif
