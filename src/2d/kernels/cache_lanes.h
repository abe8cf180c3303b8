/* The separating-axis cache's lane work (2d/cache.c, which includes this
 * at 128 bits and baseline flags, whatever the store's backend): a cached
 * face against a core's vertices, a core's largest coordinate and its
 * extent along a direction, each a block of vertices WIDE at a time; and
 * the face test of WIDE pairs at once, one pair per lane. Each lane does
 * the scalar expression's arithmetic in its order, and minima and maxima
 * are exact in any order, so the answers are those of round.h.
 *
 *   face_separation: min over v's vertices of n.(b - o), less n.(a_k - o)
 *   lanes_run:       the same for WIDE queued pairs, > 0 per lane */
#ifndef SEPAX_CACHE_LANES_H
#define SEPAX_CACHE_LANES_H

#include <math.h>
#include <stdint.h>

#include "common/wide.h"
#include "round.h"

#if SEPAX_WIDE_BITS != 128
#error "cache_lanes.h is written for 128 bits"
#endif

static inline wf hmin(wf v)
{
    v = wf_min(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(2, 3, 0, 1)));
    return wf_min(v, simde_mm_shuffle_ps(v, v, SIMDE_MM_SHUFFLE(1, 0, 3, 2)));
}

/* Face i of f against v's core vertices: round.h's sepax_round_faces for
 * one face, each lane with its operands in its order, four vertices at a
 * time. The pool repeats vertex 0 up to the block, which leaves the
 * minimum as it is, and a minimum is exact in any order. */
static float face_separation(const sepax_view *f, const sepax_view *v, uint32_t i, float ox,
                             float oy)
{
    const uint32_t k = sepax_core_face_vertex(f->n, i);
    const float nx = f->nx[i], ny = f->ny[i];
    const float ax = f->x[k] - ox, ay = f->y[k] - oy;
    const float c = nx * ax + ny * ay;
    const wf wnx = wf_set1(nx), wny = wf_set1(ny), wox = wf_set1(ox), woy = wf_set1(oy);
    wf lo = wf_set1(INFINITY);
    const uint32_t block = sepax_block_of(v->n);
    for (uint32_t j = 0; j < block; j += WIDE) {
        const wf bx = wf_sub(wf_load(v->x + j), wox), by = wf_sub(wf_load(v->y + j), woy);
        lo = wf_min(wf_add(wf_mul(wnx, bx), wf_mul(wny, by)), lo);
    }
    return wf_first(hmin(lo)) - c;
}

static float max_abs(const sepax_view *v, float m)
{
    wf w = wf_set1(m);
    const uint32_t block = sepax_block_of(v->n);
    for (uint32_t j = 0; j < block; j += WIDE)
        w = wf_max(w, wf_max(wf_abs(wf_load(v->x + j)), wf_abs(wf_load(v->y + j))));
    return wf_first(wf_hmax(w));
}

/* Least and greatest projection of a core's vertices on (dx, dy),
 * relative to o. */
static void project(const sepax_view *v, float dx, float dy, float ox, float oy, float *lo,
                    float *hi)
{
    const wf wdx = wf_set1(dx), wdy = wf_set1(dy), wox = wf_set1(ox), woy = wf_set1(oy);
    wf l = wf_set1(INFINITY), h = wf_set1(-INFINITY);
    const uint32_t block = sepax_block_of(v->n);
    for (uint32_t j = 0; j < block; j += WIDE) {
        const wf bx = wf_sub(wf_load(v->x + j), wox), by = wf_sub(wf_load(v->y + j), woy);
        const wf e = wf_add(wf_mul(wdx, bx), wf_mul(wdy, by));
        l = wf_min(e, l);
        h = wf_max(e, h);
    }
    *lo = wf_first(hmin(l));
    *hi = wf_first(wf_hmax(h));
}

/* Pairs without radii whose cached face is tested against a core of at
 * most one block (every polygon pair of up to 8 vertices) wait here and
 * go WIDE at a time: one vertex row per lane of every register, so each
 * lane does the scalar loop's arithmetic in its order. */
typedef struct face_lanes {
    const float *x[WIDE], *y[WIDE];
    float nx[WIDE], ny[WIDE], ox[WIDE], oy[WIDE], c[WIDE];
    uint16_t k[WIDE];
    uint32_t fill;
} face_lanes;

static void lanes_run(face_lanes *l, uint8_t *apart)
{
    /* spare lanes repeat lane 0, which writes its own answer again */
    for (uint32_t i = l->fill; i < WIDE; i++) {
        l->x[i] = l->x[0], l->y[i] = l->y[0];
        l->nx[i] = l->nx[0], l->ny[i] = l->ny[0], l->ox[i] = l->ox[0], l->oy[i] = l->oy[0];
        l->c[i] = l->c[0], l->k[i] = l->k[0];
    }
    wf x[SEPAX_BLOCK_ALIGN], y[SEPAX_BLOCK_ALIGN];
    wf_rows8(l->x, x);
    wf_rows8(l->y, y);
    const wf nx = wf_load(l->nx), ny = wf_load(l->ny), ox = wf_load(l->ox), oy = wf_load(l->oy);
    wf lo = wf_set1(INFINITY);
    for (uint32_t r = 0; r < SEPAX_BLOCK_ALIGN; r++) {
        const wf bx = wf_sub(x[r], ox), by = wf_sub(y[r], oy);
        lo = wf_min(wf_add(wf_mul(nx, bx), wf_mul(ny, by)), lo);
    }
    const uint32_t bits = wf_gt_bits(wf_sub(lo, wf_load(l->c)), wf_set1(0.0f));
    for (uint32_t i = 0; i < WIDE; i++)
        apart[l->k[i]] = (uint8_t)((bits >> i) & 1u);
    l->fill = 0;
}

#endif
