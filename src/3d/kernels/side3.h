/* One side of a 3D pair as the hull and round-shape tests read it, and
 * the frame of one side in the other's: shared by the scalar round-shape
 * tests (round3.h) and the hull tests over lanes (kernels/poly3.h). */
#ifndef SEPAX_SIDE3_H
#define SEPAX_SIDE3_H

#include <string.h>

#include "hull3.h"
#include "kernel3.h"
#include "segment3.h"

#define SIDE3_NONE 0xFFu

/* One side of a pair: its world record, and for a box or hull the
 * polyhedron (a box's laid out in box[]). */
typedef struct side3 {
    const float *w;
    int kind;
    poly3 p;
    float box[HULL3_BOX_FLOATS];
} side3;

static inline int side3_is_poly(int kind)
{
    return kind == SEPAX3_KIND_BOX || kind == SEPAX3_KIND_HULL;
}

static inline void side3_of(const sepax3_view *v, uint32_t slot, side3 *s)
{
    s->w = v->world + SEPAX3_RECORD * (size_t)slot;
    s->kind = v->kind[slot];
    if (s->kind == SEPAX3_KIND_HULL) {
        s->p = poly3_of(v->pool + v->pool_at[slot]);
    } else if (s->kind == SEPAX3_KIND_BOX) {
        hull3_box_block(s->w + SEPAX3_W_H, s->box);
        s->p = poly3_of(s->box);
    }
}

/* Y's frame in X's: x_X = R x_Y + t */
typedef struct frame3 {
    float R[3][3], t[3];
} frame3;

static inline void side3_frame(const float *wx, const float *wy, frame3 *f)
{
    float d[3];
    for (int c = 0; c < 3; c++)
        d[c] = wy[SEPAX3_W_C + c] - wx[SEPAX3_W_C + c];
    for (int i = 0; i < 3; i++) {
        const float *a = wx + SEPAX3_W_A + 3 * i;
        f->t[i] = seg3_dot(a, d);
        for (int j = 0; j < 3; j++)
            f->R[i][j] = seg3_dot(a, wy + SEPAX3_W_A + 3 * j);
    }
}

static inline void side3_turn(const frame3 *f, float x, float y, float z, float out[3])
{
    for (int i = 0; i < 3; i++)
        out[i] = f->R[i][0] * x + f->R[i][1] * y + f->R[i][2] * z;
}

static inline void side3_place(const frame3 *f, float x, float y, float z, float out[3])
{
    side3_turn(f, x, y, z, out);
    for (int i = 0; i < 3; i++)
        out[i] = out[i] + f->t[i];
}

/* a vector in w's frame, in world coordinates */
static inline void side3_to_world(const float *w, const float n[3], sepax3_vec *out)
{
    float o[3];
    for (int c = 0; c < 3; c++)
        o[c] = w[SEPAX3_W_A + c] * n[0] + w[SEPAX3_W_A + 3 + c] * n[1] +
               w[SEPAX3_W_A + 6 + c] * n[2];
    *out = (sepax3_vec){o[0], o[1], o[2]};
}

static inline void side3_finish(sepax3_result *o, float sep, unsigned axis, unsigned fa, unsigned fb,
                   int a_in_b, int b_in_a)
{
    o->separation = sep;
    o->axis = (uint8_t)axis;
    o->feature_a = (uint8_t)fa;
    o->feature_b = (uint8_t)fb;
    o->flags = (uint8_t)((sep <= 0.0f ? SEPAX_HIT : 0u) | (a_in_b ? SEPAX_A_IN_B : 0u) |
                         (b_in_a ? SEPAX_B_IN_A : 0u));
}

static inline void side3_cross(const float u[3], const float v[3], float out[3])
{
    out[0] = u[1] * v[2] - u[2] * v[1];
    out[1] = u[2] * v[0] - u[0] * v[2];
    out[2] = u[0] * v[1] - u[1] * v[0];
}

#endif
