/* Turning the two face passes of a pair into a result: shared by the
 * reference and every backend, so the tie-break and the flags are written
 * once. */
#ifndef SEPAX_RESULT_H
#define SEPAX_RESULT_H

#include <string.h>

#include "kernel.h"

/* The outcome of testing one shape's faces against the other's vertices. */
typedef struct sepax_face_pass {
    float best;    /* largest min-distance over the faces */
    uint32_t edge; /* first face reaching it */
    int inside;    /* every vertex of the other shape is on or behind every face */
} sepax_face_pass;

/* A's faces win ties, as the lower axis indices; + 0.0f turns a -0 that
 * only some evaluation orders produce into +0. Written with selects rather
 * than branches: which shape owns the axis is a coin toss per pair, and a
 * mispredicted branch here would stall every kernel. */
static inline uint32_t sepax_select_u32(uint32_t mask, uint32_t yes, uint32_t no)
{
    return no ^ ((no ^ yes) & mask);
}

static inline float sepax_select_f32(uint32_t mask, float yes, float no)
{
    uint32_t y, n;
    memcpy(&y, &yes, sizeof y);
    memcpy(&n, &no, sizeof n);
    const uint32_t r = sepax_select_u32(mask, y, n);
    float f;
    memcpy(&f, &r, sizeof f);
    return f;
}

static inline sepax_result sepax_make_result(const sepax_view *a, const sepax_view *b,
                                             sepax_face_pass fa, sepax_face_pass fb)
{
    const uint32_t from_b = 0u - (uint32_t)(fb.best > fa.best); /* all ones or zero */
    const uint32_t edge = sepax_select_u32(from_b, fb.edge, fa.edge);
    const uintptr_t pa = (uintptr_t)a, pb = (uintptr_t)b;
    const sepax_view *o = (const sepax_view *)(pa ^ ((pa ^ pb) & (uintptr_t)(intptr_t)(int32_t)from_b));
    const float sign = sepax_select_f32(from_b, -1.0f, 1.0f); /* exact: a sign flip */
    sepax_result r;
    r.separation = sepax_select_f32(from_b, fb.best, fa.best) + 0.0f;
    r.normal.x = sign * o->nx[edge];
    r.normal.y = sign * o->ny[edge];
    r.edge = (uint16_t)edge;
    r.owner = (uint8_t)(from_b & 1u);
    r.flags = (uint8_t)((r.separation <= 0.0f ? SEPAX_HIT : 0u) | (fa.inside ? SEPAX_B_IN_A : 0u) |
                        (fb.inside ? SEPAX_A_IN_B : 0u));
    return r;
}

#endif
