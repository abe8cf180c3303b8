/* Small helpers the round-kind Criterion suites share: stores that start
 * on the scalar reference, shapes added with an assertion, and the
 * mirror rules of a swapped pair. Static inline, so that a suite which
 * uses only some of them compiles without warnings. */
#ifndef SEPAX_TEST_SUPPORT_ROUND_STORE_H
#define SEPAX_TEST_SUPPORT_ROUND_STORE_H

#include <criterion/criterion.h>
#include <string.h>

#include "sepax/sepax.h"

static inline sepax_vec2 v2(float x, float y)
{
    sepax_vec2 v = {x, y};
    return v;
}

/* Every store here starts on the scalar reference, whatever
 * SEPAX_BACKEND says; the other backends are compared against it. */
static inline sepax_store *scalar_store(void)
{
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    return s;
}

static inline sepax_shape_id add_circle(sepax_store *s, float x, float y, float r)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_circle(s, v2(x, y), r, &id), SEPAX_OK);
    return id;
}

static inline sepax_shape_id add_capsule(sepax_store *s, float x1, float y1, float x2, float y2,
                                         float r)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_capsule(s, v2(x1, y1), v2(x2, y2), r, &id), SEPAX_OK);
    return id;
}

static inline sepax_shape_id add_segment(sepax_store *s, float x1, float y1, float x2, float y2)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_segment(s, v2(x1, y1), v2(x2, y2), &id), SEPAX_OK);
    return id;
}

static inline sepax_shape_id add_box(sepax_store *s, float cx, float cy, float hx, float hy)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_box(s, v2(cx, cy), v2(hx, hy), 0.0f, &id), SEPAX_OK);
    return id;
}

/* The flags of (b, a) given those of (a, b). */
static inline unsigned mirror_flags(unsigned f)
{
    return (f & SEPAX_HIT) | (f & SEPAX_A_IN_B ? SEPAX_B_IN_A : 0u) |
           (f & SEPAX_B_IN_A ? SEPAX_A_IN_B : 0u);
}

static inline int same_bits(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

#endif
