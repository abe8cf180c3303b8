/* The round and thin kinds: circles, capsules, segments and rounded
 * polygons, and point queries.
 *
 *  - Hand-worked pairs whose every number is derived in a comment from
 *    first principles, checked exactly, in both orders (swapping A and B
 *    keeps the separation's bits and negates the normal) and on every
 *    backend.
 *  - Argument validation of the add functions, sepax_shape_info, the
 *    cores sepax_shape_vertices returns, world boxes and the broadphase.
 *  - The library against oracle_round.c (exact distance geometry in
 *    double) on seeded random pairs of all 36 ordered kind pairs, with a
 *    per-kind-pair table on stderr.
 *  - Bitwise agreement of every available backend on mixed pair lists in
 *    random order, of the compacted call with the plain one, of each pair
 *    alone with the batch, and of point queries, which are also checked
 *    against a double-precision point-in-shape test.
 *
 * Counts go to stderr: Criterion's warning log would fail the run. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "oracle_round.h"
#include "sepax/sepax.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- small helpers ----------------------------------------------------- */

static sepax_vec2 v2(float x, float y)
{
    sepax_vec2 v = {x, y};
    return v;
}

/* Every store here starts on the scalar reference, whatever
 * SEPAX_BACKEND says; the other backends are compared against it. */
static sepax_store *scalar_store(void)
{
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    return s;
}

static sepax_shape_id add_circle(sepax_store *s, float x, float y, float r)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_circle(s, v2(x, y), r, &id), SEPAX_OK);
    return id;
}

static sepax_shape_id add_capsule(sepax_store *s, float x1, float y1, float x2, float y2, float r)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_capsule(s, v2(x1, y1), v2(x2, y2), r, &id), SEPAX_OK);
    return id;
}

static sepax_shape_id add_segment(sepax_store *s, float x1, float y1, float x2, float y2)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_segment(s, v2(x1, y1), v2(x2, y2), &id), SEPAX_OK);
    return id;
}

static sepax_shape_id add_box(sepax_store *s, float cx, float cy, float hx, float hy)
{
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_box(s, v2(cx, cy), v2(hx, hy), 0.0f, &id), SEPAX_OK);
    return id;
}

static unsigned mirror_flags(unsigned f)
{
    return (f & SEPAX_HIT) | (f & SEPAX_A_IN_B ? SEPAX_B_IN_A : 0u) |
           (f & SEPAX_B_IN_A ? SEPAX_A_IN_B : 0u);
}

static int same_bits(float a, float b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* What a hand-worked pair must give: (a, b) in full, and the owner and
 * edge of (b, a), which the tie rule (A's faces win) does not always
 * mirror. flips is 1 when the swapped normal is the negation; 0 where it
 * is the same vector: two concentric circles ((1, 0) in both orders by
 * round.h's rule) and ties between faces of both shapes that point the
 * same way. */
typedef struct want {
    float separation, nx, ny;
    unsigned owner, edge, flags;
    unsigned swap_owner, swap_edge;
    int flips;
} want;

/* Every backend gives the scalar results r for the two pairs p, byte for
 * byte; the store is left on scalar. */
static void expect_backends_agree(sepax_store *s, const sepax_pair p[2], const sepax_result r[2],
                                  const char *what)
{
    for (int k = 0; k < SEPAX_BACKEND_COUNT; k++) {
        if (!sepax_backend_available((sepax_backend)k))
            continue;
        sepax_result q[2];
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)k), SEPAX_OK);
        cr_assert_eq(sepax_collide(s, p, 2, q, NULL), SEPAX_OK);
        cr_expect(memcmp(q, r, sizeof q) == 0, "%s: backend %s differs from scalar", what,
                  sepax_backend_name((sepax_backend)k));
    }
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
}

static void expect_pair(sepax_store *s, sepax_shape_id a, sepax_shape_id b, want w,
                        const char *what)
{
    const sepax_pair p[2] = {{a, b}, {b, a}};
    sepax_result r[2];
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax_collide(s, p, 2, r, NULL), SEPAX_OK);
    const sepax_result *ab = &r[0], *ba = &r[1];
    cr_expect(ab->separation == w.separation, "%s: separation %.9g, want %.9g", what,
              ab->separation, w.separation);
    cr_expect(ab->normal.x == w.nx && ab->normal.y == w.ny,
              "%s: normal (%.9g, %.9g), want (%.9g, %.9g)", what, ab->normal.x, ab->normal.y, w.nx,
              w.ny);
    cr_expect(ab->owner == w.owner && ab->edge == w.edge, "%s: owner %u edge %u, want %u %u",
              what, ab->owner, ab->edge, w.owner, w.edge);
    cr_expect(ab->flags == w.flags, "%s: flags %u, want %u", what, ab->flags, w.flags);

    /* Swapped: the same value from the same arithmetic (coordinates are
     * relative to the lower slot's vertex 0 either way), the normal
     * negated. Compared as values: a zero component is +0 in both orders
     * on a closest-point axis, where it is (p - p) / d. */
    cr_expect(same_bits(ba->separation, ab->separation), "%s swapped: separation %a vs %a", what,
              ba->separation, ab->separation);
    const float sg = w.flips ? -1.0f : 1.0f;
    cr_expect(ba->normal.x == sg * ab->normal.x && ba->normal.y == sg * ab->normal.y,
              "%s swapped: normal (%.9g, %.9g) vs (%.9g, %.9g)", what, ba->normal.x, ba->normal.y,
              ab->normal.x, ab->normal.y);
    cr_expect(ba->owner == w.swap_owner && ba->edge == w.swap_edge,
              "%s swapped: owner %u edge %u, want %u %u", what, ba->owner, ba->edge, w.swap_owner,
              w.swap_edge);
    cr_expect(ba->flags == mirror_flags(w.flags), "%s swapped: flags %u, want %u", what,
              ba->flags, mirror_flags(w.flags));

    expect_backends_agree(s, p, r, what);
}

/* ---- hand-worked pairs ------------------------------------------------- */

/* Two circles have no faces: the axis is always the line between the
 * centres, d = |cB - cA|, separation = d - rA - rB, owner A, edge NONE. */
Test(round_hand, circle_circle)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_circle(s, 0, 0, 1), b = add_circle(s, 1.5f, 0, 1);
    /* d = 1.5, 1.5 - 2 = -0.5 along (1, 0). */
    expect_pair(s, a, b,
                (want){-0.5f, 1, 0, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT, SEPAX_OWNER_A,
                       SEPAX_EDGE_NONE, 1},
                "overlap");

    /* A 3-4-5 triangle: d = 5 = 2 + 3, touching. Touching is a hit; the
     * normal is (3, 4) / 5 rounded, as the library divides. */
    const sepax_shape_id c = add_circle(s, 0, 0, 2), d = add_circle(s, 3, 4, 3);
    expect_pair(s, c, d,
                (want){0.0f, 3.0f / 5.0f, 4.0f / 5.0f, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT,
                       SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "touching");

    /* d = 5, radii 1 + 1.5: a gap of 2.5 and no flags. */
    const sepax_shape_id e = add_circle(s, 0, 0, 1), f = add_circle(s, 3, 4, 1.5f);
    expect_pair(s, e, f,
                (want){2.5f, 3.0f / 5.0f, 4.0f / 5.0f, SEPAX_OWNER_A, SEPAX_EDGE_NONE, 0,
                       SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "apart");

    /* Concentric: d = 0 and no faces, so round.h falls back to (1, 0) -
     * in both orders, the one pair whose swapped normal is not negated.
     * Depth 1 + 2 = 3. A (r 1) lies in B (r 2): 0 + 1 <= 2; not the
     * reverse: 0 + 2 > 1. */
    const sepax_shape_id g = add_circle(s, 1, 1, 1), h = add_circle(s, 1, 1, 2);
    expect_pair(s, g, h,
                (want){-3.0f, 1, 0, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT | SEPAX_A_IN_B,
                       SEPAX_OWNER_A, SEPAX_EDGE_NONE, 0},
                "concentric");

    /* Off-centre containment: d = 1, 1 - (3 + 1) = -3; B: 1 + 1 <= 3. */
    const sepax_shape_id i = add_circle(s, 0, 0, 3), j = add_circle(s, 1, 0, 1);
    expect_pair(s, i, j,
                (want){-3.0f, 1, 0, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT | SEPAX_B_IN_A,
                       SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "contained");

    /* Internally tangent, the containment test's boundary: d = 1 and
     * 1 + 1 <= 2 exactly, so A (r 1 at (1, 0)) lies in B (r 2 at the
     * origin); depth 1 - 3 = -2 along (0 - 1, 0) / 1. */
    const sepax_shape_id k = add_circle(s, 1, 0, 1), l = add_circle(s, 0, 0, 2);
    expect_pair(s, k, l,
                (want){-2.0f, -1, 0, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT | SEPAX_A_IN_B,
                       SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "internally tangent");
    sepax_store_destroy(s);
}

/* The box of half-extent 2 at the origin has vertices (-2,-2), (2,-2),
 * (2,2), (-2,2) in that order, so edge 0 is the bottom (normal (0,-1)),
 * 1 the right (1,0), 2 the top (0,1), 3 the left (-1,0). */
Test(round_hand, circle_box)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id box = add_box(s, 0, 0, 2, 2);

    /* Corner: centre (2.75, 3) is beyond the corner (2, 2) on both axes,
     * so the closest core point is the corner, 0.75 and 1 away: d = 1.25,
     * r = 1.5, separation -0.25 along (0.75, 1) / 1.25 = (0.6, 0.8). The
     * cores are apart (the top face alone gives 3 - 2 = 1 > 0), so the
     * axis is a closest-point one: edge NONE. */
    const sepax_shape_id corner = add_circle(s, 2.75f, 3, 1.5f);
    expect_pair(s, box, corner,
                (want){-0.25f, 0.75f / 1.25f, 1.0f / 1.25f, SEPAX_OWNER_A, SEPAX_EDGE_NONE,
                       SEPAX_HIT, SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "corner");

    /* Face: centre (2.5, 0.5) is 0.5 right of the right face, r = 1:
     * separation -0.5 along (1, 0). Still a closest-point axis, since the
     * centre (the core) is outside the box. */
    const sepax_shape_id face = add_circle(s, 2.5f, 0.5f, 1);
    expect_pair(s, box, face,
                (want){-0.5f, 1, 0, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT, SEPAX_OWNER_A,
                       SEPAX_EDGE_NONE, 1},
                "face");

    /* Corner, apart: centre (5, 6) is (3, 4) from the corner: d = 5,
     * r = 1, gap 4. */
    const sepax_shape_id far = add_circle(s, 5, 6, 1);
    expect_pair(s, box, far,
                (want){4.0f, 3.0f / 5.0f, 4.0f / 5.0f, SEPAX_OWNER_A, SEPAX_EDGE_NONE, 0,
                       SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "corner apart");
    sepax_store_destroy(s);
}

Test(round_hand, circle_centre_inside_polygon)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id box = add_box(s, 0, 0, 2, 2);

    /* Centre (1.5, 0.5): the face values are 1.5 - 2 = -0.5 (right),
     * 0.5 - 2 = -1.5 (top), -1.5 - 2 = -3.5 (left), -0.5 - 2 = -2.5
     * (bottom). The nearest face is the right one, 0.5 away, so the
     * circle (r 1) must move 0.5 + 1 = 1.5 along its normal (1, 0): edge 1
     * of A. Reversed, the same face is B's, negated. It pokes out (the
     * centre is 0.5 inside, r 1), so no containment. */
    const sepax_shape_id partly = add_circle(s, 1.5f, 0.5f, 1);
    expect_pair(s, box, partly,
                (want){-1.5f, 1, 0, SEPAX_OWNER_A, 1, SEPAX_HIT, SEPAX_OWNER_B, 1, 1},
                "partly inside");

    /* Centre (0.5, 0): right face -1.5, top and bottom -2, left -2.5:
     * depth 1.5 + 1 = 2.5 along (1, 0); the circle is within the box
     * (-1.5 + 1 <= 0), so B_IN_A. */
    const sepax_shape_id inside = add_circle(s, 0.5f, 0, 1);
    expect_pair(s, box, inside,
                (want){-2.5f, 1, 0, SEPAX_OWNER_A, 1, SEPAX_HIT | SEPAX_B_IN_A, SEPAX_OWNER_B, 1,
                       1},
                "inside");
    sepax_store_destroy(s);
}

/* Capsule (0,0)-(4,0): faces 0 side p1->p2 with its right normal (0,-1),
 * 1 side p2->p1 (0,1), 2 the end at p2 (1,0), 3 the end at p1 (-1,0). */
Test(round_hand, capsule_end_caps)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id cap = add_capsule(s, 0, 0, 4, 0, 1);

    /* Circle at (5.5, 2), r 1.5: beyond the end p2 = (4, 0) by (1.5, 2),
     * d = 2.5 = 1 + 1.5, touching the end cap along (0.6, 0.8). */
    const sepax_shape_id touch = add_circle(s, 5.5f, 2, 1.5f);
    expect_pair(s, cap, touch,
                (want){0.0f, 1.5f / 2.5f, 2.0f / 2.5f, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT,
                       SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "end cap touching");

    /* The same direction with r 2: d = 2.5, 2.5 - 3 = -0.5. */
    const sepax_shape_id deep = add_circle(s, 5.5f, 2, 2);
    expect_pair(s, cap, deep,
                (want){-0.5f, 1.5f / 2.5f, 2.0f / 2.5f, SEPAX_OWNER_A, SEPAX_EDGE_NONE,
                       SEPAX_HIT, SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "end cap overlap");

    /* Beside the side: (2, 1.5) is 1.5 above the core, 1.5 - 2 = -0.5
     * along (0, 1); the core (the centre) is outside the capsule's core,
     * so edge NONE. */
    const sepax_shape_id side = add_circle(s, 2, 1.5f, 1);
    expect_pair(s, cap, side,
                (want){-0.5f, 0, 1, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT, SEPAX_OWNER_A,
                       SEPAX_EDGE_NONE, 1},
                "side");

    /* Centre (2, 0) on the core: the two side faces give 0 (the centre is
     * on their line), the ends -2, so the cores meet with depth 0 and the
     * shapes overlap by 1 + 0.5 along face 0's normal (0, -1) (the first
     * of the tied sides). The circle is within: 0 + 0.5 <= 1. */
    const sepax_shape_id on = add_circle(s, 2, 0, 0.5f);
    expect_pair(s, cap, on,
                (want){-1.5f, 0, -1, SEPAX_OWNER_A, 0, SEPAX_HIT | SEPAX_B_IN_A, SEPAX_OWNER_B, 0,
                       1},
                "centre on the core");
    sepax_store_destroy(s);
}

/* A capsule whose core is so short (1e-20) that its squared length is
 * subnormal and the reciprocal the closest-point rule multiplies by
 * overflows to +inf (round.h, sepax_segment_closest): t is capped at 1,
 * so nothing turns to inf or NaN. The circle at (5e-21, 1), r 0.5, sees
 * the core at distance 1 from every point of it (1 + 2.5e-41 rounds to
 * 1), so the separation is 1 - 0.25 - 0.5 = 0.25 along (x, 1) with x
 * below 1e-20. */
Test(round_hand, capsule_too_short_for_a_reciprocal)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id cap = add_capsule(s, 0, 0, 1e-20f, 0, 0.25f);
    const sepax_shape_id c = add_circle(s, 5e-21f, 1, 0.5f);
    const sepax_pair p[2] = {{cap, c}, {c, cap}};
    sepax_result r[2];
    cr_assert_eq(sepax_collide(s, p, 2, r, NULL), SEPAX_OK);
    for (int i = 0; i < 2; i++) {
        const float sg = i == 0 ? 1.0f : -1.0f;
        cr_expect(r[i].separation == 0.25f, "order %d: separation %.9g", i, r[i].separation);
        cr_expect(r[i].normal.y == sg && fabsf(r[i].normal.x) < 1e-20f,
                  "order %d: normal (%.9g, %.9g)", i, r[i].normal.x, r[i].normal.y);
        cr_expect(r[i].flags == 0, "order %d: flags %u", i, r[i].flags);
    }
    expect_backends_agree(s, p, r, "short capsule");
    sepax_store_destroy(s);
}

Test(round_hand, capsule_capsule)
{
    sepax_store *s = scalar_store();
    /* End to end on a line: cores (0,0)-(2,0) and (3,0)-(5,0) are 1
     * apart (p2 of A to p1 of B), radii 0.5 + 0.25: gap 0.25 along (1, 0). */
    const sepax_shape_id a = add_capsule(s, 0, 0, 2, 0, 0.5f);
    const sepax_shape_id b = add_capsule(s, 3, 0, 5, 0, 0.25f);
    expect_pair(s, a, b,
                (want){0.25f, 1, 0, SEPAX_OWNER_A, SEPAX_EDGE_NONE, 0, SEPAX_OWNER_A,
                       SEPAX_EDGE_NONE, 1},
                "end to end apart");
    /* (2.5,0)-(4,0): cores 0.5 apart, 0.5 - 0.75 = -0.25. */
    const sepax_shape_id c = add_capsule(s, 2.5f, 0, 4, 0, 0.25f);
    expect_pair(s, a, c,
                (want){-0.25f, 1, 0, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT, SEPAX_OWNER_A,
                       SEPAX_EDGE_NONE, 1},
                "end to end overlap");
    /* Side by side: (0,0)-(4,0) and (1,0.75)-(3,0.75), both r 0.5. The
     * closest points are B's end (1, 0.75) and its foot (1, 0) on A:
     * d = 0.75, 0.75 - 1 = -0.25 along (0, 1). */
    const sepax_shape_id d = add_capsule(s, 0, 0, 4, 0, 0.5f),
                         e = add_capsule(s, 1, 0.75f, 3, 0.75f, 0.5f);
    expect_pair(s, d, e,
                (want){-0.25f, 0, 1, SEPAX_OWNER_A, SEPAX_EDGE_NONE, SEPAX_HIT, SEPAX_OWNER_A,
                       SEPAX_EDGE_NONE, 1},
                "side by side");
    sepax_store_destroy(s);
}

Test(round_hand, segment_inside_polygon)
{
    sepax_store *s = scalar_store();
    /* A = segment (-1,0.5)-(1,0.5), B = the box of half-extent 2. Thin
     * against thin (rA + rB = 0): always the face axes.
     * A's faces against the box's corners: face 0 (normal (0,-1), offset
     * -0.5): min of -y is -2, -2 + 0.5 = -1.5; face 1 (0,1): -2 - 0.5 =
     * -2.5; the ends: -2 - 1 = -3. The box's faces against A's ends: top
     * (edge 2): 0.5 - 2 = -1.5; bottom: -0.5 - 2 = -2.5; sides -1 - 2 = -3.
     * A's face 0 and B's edge 2 tie at -1.5 (the same line seen from both
     * sides) and A's faces win ties: -1.5 along (0, -1), A's face 0. Moving
     * the box down by 1.5 does free it. Swapped, the box is A and its top
     * wins the same tie: owner A edge 2, normal (0, 1).
     * Both ends of the segment are inside the box: A_IN_B. */
    const sepax_shape_id seg = add_segment(s, -1, 0.5f, 1, 0.5f), box = add_box(s, 0, 0, 2, 2);
    expect_pair(s, seg, box,
                (want){-1.5f, 0, -1, SEPAX_OWNER_A, 0, SEPAX_HIT | SEPAX_A_IN_B, SEPAX_OWNER_A, 2,
                       1},
                "segment inside box");
    sepax_store_destroy(s);
}

Test(round_hand, segments_crossing)
{
    sepax_store *s = scalar_store();
    /* A = (-2,0)-(2,0), B = (1,-0.5)-(1,3), crossing at (1, 0).
     * A's faces against B's ends: face 0 (0,-1): min(0.5, -3) = -3;
     * face 1 (0,1): min(-0.5, 3) = -0.5; face 2 (end at (2,0), (1,0)):
     * 1 - 2 = -1; face 3 (-1,0): -1 - 2 = -3.
     * B (direction (0,1)): face 0 (1,0): -2 - 1 = -3; face 1 (-1,0):
     * -2 + 1 = -1; face 2 (end at (1,3), (0,1)): 0 - 3 = -3; face 3 (end
     * at (1,-0.5), (0,-1)): 0 - 0.5 = -0.5.
     * Best -0.5, tied between A's face 1 and B's face 3 (the same axis),
     * won by A: push B up by 0.5, its lower end onto A's line. That is
     * the true depth: moving B right instead needs 1. Swapped, B is A and
     * its face 3 wins the tie: normal (0, -1). */
    const sepax_shape_id a = add_segment(s, -2, 0, 2, 0), b = add_segment(s, 1, -0.5f, 1, 3);
    expect_pair(s, a, b,
                (want){-0.5f, 0, 1, SEPAX_OWNER_A, 1, SEPAX_HIT, SEPAX_OWNER_A, 3, 1},
                "crossing");
    sepax_store_destroy(s);
}

Test(round_hand, collinear_segments_apart)
{
    sepax_store *s = scalar_store();
    /* (0,0)-(1,0) and (2,0)-(3,0): their side faces both give 0 (all four
     * points lie on the line), so only the end faces can tell them apart:
     * A's end at p2 (1,0): 2 - 1 = 1; B's end at p1 (-1,0): -1 + 2 = 1,
     * tied, A's wins: a miss by 1 along (1, 0), A's face 2; swapped, B's
     * face 3 as A. */
    const sepax_shape_id a = add_segment(s, 0, 0, 1, 0), b = add_segment(s, 2, 0, 3, 0);
    expect_pair(s, a, b, (want){1.0f, 1, 0, SEPAX_OWNER_A, 2, 0, SEPAX_OWNER_A, 3, 1},
                "collinear apart");
    /* Overlapping on the line, (0.5,0)-(3,0): the sides give 0 and the
     * ends give less, so the cores touch along the line: separation 0, a
     * hit, along A's face 0 (0, -1). Both shapes' faces 0 give 0 and point
     * the same way, so swapped, the other's face 0 wins the tie as A's
     * and the normal stays (0, -1): at depth 0 either side is a way out. */
    const sepax_shape_id c = add_segment(s, 0.5f, 0, 3, 0);
    expect_pair(s, a, c, (want){0.0f, 0, -1, SEPAX_OWNER_A, 0, SEPAX_HIT, SEPAX_OWNER_A, 0, 0},
                "collinear overlapping");
    sepax_store_destroy(s);
}

Test(round_hand, rounded_polygon_box_corner)
{
    sepax_store *s = scalar_store();
    /* Core square (0,0)-(2,2), r 1.5; box (2.75,3)-(4.75,5). The box lies
     * beyond the core's corner (2, 2) on both axes, and its own nearest
     * corner is (2.75, 3): d = hypot(0.75, 1) = 1.25, separation
     * 1.25 - 1.5 = -0.25 along (0.6, 0.8), a closest-point axis. */
    const sepax_vec2 sq[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    sepax_shape_id a = 0;
    cr_assert_eq(sepax_add_rounded_polygon(s, sq, 4, 1.5f, &a), SEPAX_OK);
    const sepax_shape_id b = add_box(s, 3.75f, 4, 1, 1);
    expect_pair(s, a, b,
                (want){-0.25f, 0.75f / 1.25f, 1.0f / 1.25f, SEPAX_OWNER_A, SEPAX_EDGE_NONE,
                       SEPAX_HIT, SEPAX_OWNER_A, SEPAX_EDGE_NONE, 1},
                "rounded corner");
    /* Overlapping cores: box (1.5,0.5)-(3.5,1.5). The core's faces
     * against the box's corners: right 1.5 - 2 = -0.5, bottom and top
     * -1.5, left -3.5; the box's faces against the core's corners: left
     * -2 + 1.5 = -0.5, bottom and top -1.5, right -3.5. The cores overlap
     * by 0.5 (the box reaches 0.5 past x = 2), tied between the core's
     * right face and the box's left one, and A's faces win: edge 1, and
     * the shapes overlap by 0.5 + 1.5 = 2. Swapped, the box's left face
     * (edge 3) wins as A's. The box's far corners (3.5, 0.5), (3.5, 1.5)
     * are exactly 1.5 from the core, on the rounded boundary, and its near
     * ones inside the core: the box lies in the shape ("inside or on"),
     * B_IN_A. */
    const sepax_shape_id c = add_box(s, 2.5f, 1, 1, 0.5f);
    expect_pair(s, a, c,
                (want){-2.0f, 1, 0, SEPAX_OWNER_A, 1, SEPAX_HIT | SEPAX_B_IN_A, SEPAX_OWNER_A, 3,
                       1},
                "rounded face");
    sepax_store_destroy(s);
}

/* ---- validation -------------------------------------------------------- */

/* The store's fingerprint (tests/cases.h) does not cover kinds and
 * radii, so they are folded in here. */
static uint64_t store_state(const sepax_store *s)
{
    uint64_t h = cases_store_fingerprint(s);
    for (uint32_t slot = 0; slot < sepax_store_slot_limit(s); slot++) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s, slot, &id) != SEPAX_OK)
            continue;
        sepax_shape_kind kind = SEPAX_SHAPE_KIND_COUNT;
        float r = -1.0f;
        cr_assert_eq(sepax_shape_info(s, id, &kind, &r), SEPAX_OK);
        uint32_t bits;
        memcpy(&bits, &r, sizeof bits);
        h = (h ^ (uint64_t)kind) * 0x100000001B3ull;
        h = (h ^ bits) * 0x100000001B3ull;
    }
    return h;
}

/* A store holding one shape of each kind, so that a refusal that
 * disturbed any of them would show. */
static sepax_store *populated_store(void)
{
    sepax_store *s = scalar_store();
    sepax_shape_id id;
    const sepax_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    cr_assert_eq(sepax_add_polygon(s, tri, 3, &id), SEPAX_OK);
    cr_assert_eq(sepax_add_circle(s, v2(3, 3), 0.5f, &id), SEPAX_OK);
    cr_assert_eq(sepax_add_capsule(s, v2(-3, 0), v2(-1, 1), 0.25f, &id), SEPAX_OK);
    cr_assert_eq(sepax_add_segment(s, v2(5, 5), v2(6, 4), &id), SEPAX_OK);
    cr_assert_eq(sepax_add_rounded_polygon(s, tri, 3, 0.1f, &id), SEPAX_OK);
    const sepax_transform t = sepax_transform_make(0.5f, -0.25f, 0.3f);
    cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
    return s;
}

#define BIG (2e18f)
/* The largest accepted coordinate and radius, and the next float up. */
#define EDGE_OK SEPAX_MAX_COORDINATE
#define EDGE_BAD (nextafterf(SEPAX_MAX_COORDINATE, INFINITY))

typedef struct point_case {
    sepax_vec2 p;
    sepax_status want;
} point_case;

/* Points each add function refuses, with the status it must give. */
static const point_case bad_points[] = {
    {{NAN, 0}, SEPAX_ERR_NOT_FINITE},          {{0, NAN}, SEPAX_ERR_NOT_FINITE},
    {{INFINITY, 0}, SEPAX_ERR_NOT_FINITE},     {{0, -INFINITY}, SEPAX_ERR_NOT_FINITE},
    {{-NAN, INFINITY}, SEPAX_ERR_NOT_FINITE},  {{BIG, 0}, SEPAX_ERR_OUT_OF_RANGE},
    {{0, -BIG}, SEPAX_ERR_OUT_OF_RANGE},       {{FLT_MAX, 0}, SEPAX_ERR_OUT_OF_RANGE},
};
#define N_BAD_POINTS (sizeof bad_points / sizeof bad_points[0])

typedef struct radius_case {
    float r;
    sepax_status want;
} radius_case;

static const radius_case bad_radii[] = {
    {NAN, SEPAX_ERR_NOT_FINITE},    {INFINITY, SEPAX_ERR_NOT_FINITE},
    {-INFINITY, SEPAX_ERR_NOT_FINITE}, {0.0f, SEPAX_ERR_BAD_ARGUMENT},
    {-0.0f, SEPAX_ERR_BAD_ARGUMENT}, {-1.0f, SEPAX_ERR_BAD_ARGUMENT},
    {-FLT_MIN, SEPAX_ERR_BAD_ARGUMENT}, {BIG, SEPAX_ERR_OUT_OF_RANGE},
};
#define N_BAD_RADII (sizeof bad_radii / sizeof bad_radii[0])

Test(round_validation, circle)
{
    sepax_store *s = populated_store();
    const uint64_t before = store_state(s);
    sepax_shape_id id;
    for (size_t k = 0; k < N_BAD_POINTS; k++)
        cr_expect_eq(sepax_add_circle(s, bad_points[k].p, 1.0f, &id), bad_points[k].want,
                     "centre (%g, %g)", bad_points[k].p.x, bad_points[k].p.y);
    for (size_t k = 0; k < N_BAD_RADII; k++)
        cr_expect_eq(sepax_add_circle(s, v2(0, 0), bad_radii[k].r, &id), bad_radii[k].want,
                     "radius %g", bad_radii[k].r);
    cr_expect_eq(sepax_add_circle(s, v2(0, EDGE_BAD), 1.0f, &id), SEPAX_ERR_OUT_OF_RANGE);
    cr_expect_eq(sepax_add_circle(s, v2(0, 0), EDGE_BAD, &id), SEPAX_ERR_OUT_OF_RANGE);
    cr_expect_eq(sepax_add_circle(NULL, v2(0, 0), 1.0f, &id), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_add_circle(s, v2(0, 0), 1.0f, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(store_state(s), before, "a refused circle changed the store");

    /* The limits themselves are accepted, and the refusals took no slot. */
    const uint32_t next = sepax_store_slot_limit(s);
    cr_assert_eq(sepax_add_circle(s, v2(-EDGE_OK, EDGE_OK), EDGE_OK, &id), SEPAX_OK);
    cr_assert_eq(SEPAX_ID_SLOT(id), next);
    cr_assert_eq(sepax_add_circle(s, v2(0, 0), FLT_MIN, &id), SEPAX_OK);
    sepax_store_destroy(s);
}

Test(round_validation, capsule)
{
    sepax_store *s = populated_store();
    const uint64_t before = store_state(s);
    sepax_shape_id id;
    for (size_t k = 0; k < N_BAD_POINTS; k++) {
        cr_expect_eq(sepax_add_capsule(s, bad_points[k].p, v2(1, 1), 1.0f, &id),
                     bad_points[k].want, "p1 (%g, %g)", bad_points[k].p.x, bad_points[k].p.y);
        cr_expect_eq(sepax_add_capsule(s, v2(1, 1), bad_points[k].p, 1.0f, &id),
                     bad_points[k].want, "p2 (%g, %g)", bad_points[k].p.x, bad_points[k].p.y);
    }
    for (size_t k = 0; k < N_BAD_RADII; k++)
        cr_expect_eq(sepax_add_capsule(s, v2(0, 0), v2(1, 0), bad_radii[k].r, &id),
                     bad_radii[k].want, "radius %g", bad_radii[k].r);
    cr_expect_eq(sepax_add_capsule(s, v2(EDGE_BAD, 0), v2(0, 0), 1.0f, &id),
                 SEPAX_ERR_OUT_OF_RANGE);
    /* Equal ends, also +0 against -0 (the same point). */
    cr_expect_eq(sepax_add_capsule(s, v2(1, 2), v2(1, 2), 1.0f, &id), SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax_add_capsule(s, v2(0, 0), v2(-0.0f, -0.0f), 1.0f, &id),
                 SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax_add_capsule(NULL, v2(0, 0), v2(1, 0), 1.0f, &id), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_add_capsule(s, v2(0, 0), v2(1, 0), 1.0f, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(store_state(s), before, "a refused capsule changed the store");
    cr_assert_eq(sepax_add_capsule(s, v2(-EDGE_OK, 0), v2(EDGE_OK, 0), EDGE_OK, &id), SEPAX_OK);
    /* Ends one float apart are distinct. */
    cr_assert_eq(sepax_add_capsule(s, v2(1, 1), v2(nextafterf(1, 2), 1), 1.0f, &id), SEPAX_OK);
    sepax_store_destroy(s);
}

Test(round_validation, segment)
{
    sepax_store *s = populated_store();
    const uint64_t before = store_state(s);
    sepax_shape_id id;
    for (size_t k = 0; k < N_BAD_POINTS; k++) {
        cr_expect_eq(sepax_add_segment(s, bad_points[k].p, v2(1, 1), &id), bad_points[k].want);
        cr_expect_eq(sepax_add_segment(s, v2(1, 1), bad_points[k].p, &id), bad_points[k].want);
    }
    cr_expect_eq(sepax_add_segment(s, v2(0, -EDGE_BAD), v2(0, 0), &id), SEPAX_ERR_OUT_OF_RANGE);
    cr_expect_eq(sepax_add_segment(s, v2(-3, 4), v2(-3, 4), &id), SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax_add_segment(s, v2(-0.0f, 0), v2(0, -0.0f), &id), SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax_add_segment(NULL, v2(0, 0), v2(1, 0), &id), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_add_segment(s, v2(0, 0), v2(1, 0), NULL), SEPAX_ERR_NULL);
    cr_assert_eq(store_state(s), before, "a refused segment changed the store");
    cr_assert_eq(sepax_add_segment(s, v2(0, -EDGE_OK), v2(0, EDGE_OK), &id), SEPAX_OK);
    sepax_store_destroy(s);
}

Test(round_validation, rounded_polygon)
{
    sepax_store *s = populated_store();
    const uint64_t before = store_state(s);
    sepax_shape_id id;
    const sepax_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (size_t k = 0; k < N_BAD_POINTS; k++) {
        for (int at = 0; at < 4; at += 3) {
            sepax_vec2 v[4];
            memcpy(v, sq, sizeof v);
            v[at] = bad_points[k].p;
            cr_expect_eq(sepax_add_rounded_polygon(s, v, 4, 0.5f, &id), bad_points[k].want,
                         "vertex %d (%g, %g)", at, bad_points[k].p.x, bad_points[k].p.y);
        }
    }
    for (size_t k = 0; k < N_BAD_RADII; k++)
        cr_expect_eq(sepax_add_rounded_polygon(s, sq, 4, bad_radii[k].r, &id), bad_radii[k].want,
                     "radius %g", bad_radii[k].r);
    const sepax_vec2 line[3] = {{0, 0}, {1, 1}, {2, 2}};
    cr_expect_eq(sepax_add_rounded_polygon(s, line, 3, 0.5f, &id), SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax_add_rounded_polygon(s, sq, 2, 0.5f, &id), SEPAX_ERR_TOO_FEW_VERTICES);
    const sepax_vec2 dart[4] = {{0, 0}, {2, 0}, {0.5f, 0.5f}, {0, 2}};
    cr_expect_eq(sepax_add_rounded_polygon(s, dart, 4, 0.5f, &id), SEPAX_ERR_NON_CONVEX);
    cr_expect_eq(sepax_add_rounded_polygon(s, NULL, 4, 0.5f, &id), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_add_rounded_polygon(NULL, sq, 4, 0.5f, &id), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_add_rounded_polygon(s, sq, 4, 0.5f, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(store_state(s), before, "a refused rounded polygon changed the store");
    const sepax_vec2 huge[4] = {{-EDGE_OK, -EDGE_OK}, {EDGE_OK, -EDGE_OK}, {EDGE_OK, EDGE_OK},
                                {-EDGE_OK, EDGE_OK}};
    cr_assert_eq(sepax_add_rounded_polygon(s, huge, 4, EDGE_OK, &id), SEPAX_OK);
    sepax_store_destroy(s);
}

/* At the limits every collision and query stays finite: the cores'
 * differences and squares must not overflow (the reason for the
 * coordinate limit). */
Test(round_validation, limits_stay_finite)
{
    sepax_store *s = scalar_store();
    const float m = SEPAX_MAX_COORDINATE;
    const sepax_vec2 sq[4] = {{-m, -m}, {m, -m}, {m, m}, {-m, m}};
    sepax_shape_id ids[6];
    cr_assert_eq(sepax_add_circle(s, v2(m, m), m, &ids[0]), SEPAX_OK);
    cr_assert_eq(sepax_add_capsule(s, v2(-m, m), v2(m, -m), m, &ids[1]), SEPAX_OK);
    cr_assert_eq(sepax_add_segment(s, v2(-m, -m), v2(m, m), &ids[2]), SEPAX_OK);
    cr_assert_eq(sepax_add_rounded_polygon(s, sq, 4, m, &ids[3]), SEPAX_OK);
    cr_assert_eq(sepax_add_polygon(s, sq, 4, &ids[4]), SEPAX_OK);
    cr_assert_eq(sepax_add_circle(s, v2(-m, -m), m, &ids[5]), SEPAX_OK);
    /* Translations at the limit too, in opposite directions, under a
     * rotation that moves the far corners farther out. */
    for (int k = 0; k < 6; k++) {
        const float sgn = k % 2 ? -1.0f : 1.0f;
        const sepax_transform t = sepax_transform_make(sgn * m, -sgn * m, (float)(M_PI / 4 * k));
        cr_assert_eq(sepax_set_transforms(s, &ids[k], &t, 1), SEPAX_OK);
    }
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
        sepax_pair pairs[30];
        size_t n = 0;
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 6; j++)
                if (i != j)
                    pairs[n++] = (sepax_pair){ids[i], ids[j]};
        sepax_result r[30];
        cr_assert_eq(sepax_collide(s, pairs, n, r, NULL), SEPAX_OK);
        for (size_t k = 0; k < n; k++)
            cr_expect(isfinite(r[k].separation) && isfinite(r[k].normal.x) &&
                          isfinite(r[k].normal.y),
                      "%s: pair %zu: %g (%g, %g)", sepax_backend_name((sepax_backend)b), k,
                      r[k].separation, r[k].normal.x, r[k].normal.y);
    }
    sepax_store_destroy(s);
}

/* ---- shape info, cores, boxes, broadphase ------------------------------ */

Test(round_info, kind_radius_and_core)
{
    sepax_store *s = scalar_store();
    const sepax_vec2 cw[4] = {{0, 0}, {0, 1}, {1, 1}, {1, 0}}; /* clockwise */
    sepax_shape_id ids[6];
    cr_assert_eq(sepax_add_polygon(s, cw, 4, &ids[0]), SEPAX_OK);
    cr_assert_eq(sepax_add_box(s, v2(1, 2), v2(0.5f, 0.25f), 0.3f, &ids[1]), SEPAX_OK);
    cr_assert_eq(sepax_add_circle(s, v2(1.5f, -2), 0.75f, &ids[2]), SEPAX_OK);
    cr_assert_eq(sepax_add_capsule(s, v2(3, 1), v2(-1, 2), 0.125f, &ids[3]), SEPAX_OK);
    cr_assert_eq(sepax_add_segment(s, v2(0.5f, 0.25f), v2(-4, 8), &ids[4]), SEPAX_OK);
    cr_assert_eq(sepax_add_rounded_polygon(s, cw, 4, 0.2f, &ids[5]), SEPAX_OK);
    const sepax_shape_kind kinds[6] = {SEPAX_SHAPE_POLYGON, SEPAX_SHAPE_POLYGON,
                                       SEPAX_SHAPE_CIRCLE,  SEPAX_SHAPE_CAPSULE,
                                       SEPAX_SHAPE_SEGMENT, SEPAX_SHAPE_ROUNDED_POLYGON};
    const float radii[6] = {0, 0, 0.75f, 0.125f, 0, 0.2f};
    const uint32_t counts[6] = {4, 4, 1, 2, 2, 4};
    for (int k = 0; k < 6; k++) {
        sepax_shape_kind kind = SEPAX_SHAPE_KIND_COUNT;
        float r = -1;
        cr_assert_eq(sepax_shape_info(s, ids[k], &kind, &r), SEPAX_OK);
        cr_expect_eq(kind, kinds[k], "shape %d: kind %d", k, (int)kind);
        cr_expect(r == radii[k] && !signbit(r), "shape %d: radius %g", k, r);
        /* either output may be left out */
        kind = SEPAX_SHAPE_KIND_COUNT;
        cr_assert_eq(sepax_shape_info(s, ids[k], &kind, NULL), SEPAX_OK);
        cr_expect_eq(kind, kinds[k]);
        r = -1;
        cr_assert_eq(sepax_shape_info(s, ids[k], NULL, &r), SEPAX_OK);
        cr_expect(r == radii[k]);
        cr_assert_eq(sepax_shape_info(s, ids[k], NULL, NULL), SEPAX_OK);
        uint32_t n = 99;
        cr_assert_eq(sepax_shape_vertices(s, ids[k], 0, NULL, 0, &n), SEPAX_OK);
        cr_expect_eq(n, counts[k], "shape %d: %u core vertices", k, n);
    }

    /* The cores as given: a circle's centre, a capsule's and a segment's
     * ends in order (the faces are numbered from p1 to p2), a rounded
     * polygon's vertices turned counter-clockwise. */
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, ids[2], 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_expect(n == 1 && v[0].x == 1.5f && v[0].y == -2);
    cr_assert_eq(sepax_shape_vertices(s, ids[3], 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_expect(n == 2 && v[0].x == 3 && v[0].y == 1 && v[1].x == -1 && v[1].y == 2);
    cr_assert_eq(sepax_shape_vertices(s, ids[4], 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_expect(n == 2 && v[0].x == 0.5f && v[0].y == 0.25f && v[1].x == -4 && v[1].y == 8);
    cr_assert_eq(sepax_shape_vertices(s, ids[5], 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    double area2 = 0;
    for (uint32_t i = 0; i < n; i++) {
        const sepax_vec2 p = v[i], q = v[(i + 1) % n];
        area2 += (double)p.x * q.y - (double)q.x * p.y;
    }
    cr_expect(n == 4 && area2 > 0, "rounded polygon core not counter-clockwise");

    /* World cores follow the transform: p + R * local. */
    const sepax_transform t = sepax_transform_make(10, -5, 0.7f);
    cr_assert_eq(sepax_set_transforms(s, &ids[3], &t, 1), SEPAX_OK);
    cr_assert_eq(sepax_shape_vertices(s, ids[3], 1, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_assert_eq(n, 2);
    const double lx[2] = {3, -1}, ly[2] = {1, 2};
    for (int i = 0; i < 2; i++) {
        const double wx = t.p.x + ((double)t.q.c * lx[i] - (double)t.q.s * ly[i]);
        const double wy = t.p.y + ((double)t.q.s * lx[i] + (double)t.q.c * ly[i]);
        cr_expect(fabs(v[i].x - wx) < 1e-5 && fabs(v[i].y - wy) < 1e-5,
                  "world end %d (%g, %g), want (%g, %g)", i, v[i].x, v[i].y, wx, wy);
    }

    /* Errors: no store, an id past the slots, a removed shape. */
    sepax_shape_kind kind;
    cr_expect_eq(sepax_shape_info(NULL, ids[2], &kind, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_shape_info(s, 1000, &kind, NULL), SEPAX_ERR_BAD_ID);
    cr_assert_eq(sepax_remove(s, ids[2]), SEPAX_OK);
    cr_expect_eq(sepax_shape_info(s, ids[2], &kind, NULL), SEPAX_ERR_STALE_ID);
    /* The slot's next tenant reports its own kind. */
    sepax_shape_id again;
    cr_assert_eq(sepax_add_segment(s, v2(0, 0), v2(1, 1), &again), SEPAX_OK);
    cr_assert_eq(SEPAX_ID_SLOT(again), SEPAX_ID_SLOT(ids[2]));
    float r = -1;
    cr_assert_eq(sepax_shape_info(s, again, &kind, &r), SEPAX_OK);
    cr_expect(kind == SEPAX_SHAPE_SEGMENT && r == 0);
    sepax_store_destroy(s);
}

/* The world box holds the whole rounded shape (core grown by r, computed
 * exactly in double from the float world core) and is not loose by more
 * than rounding. */
static void check_box(const sepax_store *s, sepax_shape_id id, const char *what)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES], lo, hi;
    uint32_t n = 0;
    float r = 0;
    cr_assert_eq(sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_assert_eq(sepax_shape_info(s, id, NULL, &r), SEPAX_OK);
    cr_assert_eq(sepax_shape_aabb(s, id, &lo, &hi), SEPAX_OK);
    double mnx = INFINITY, mny = INFINITY, mxx = -INFINITY, mxy = -INFINITY;
    for (uint32_t i = 0; i < n; i++) {
        mnx = fmin(mnx, v[i].x);
        mny = fmin(mny, v[i].y);
        mxx = fmax(mxx, v[i].x);
        mxy = fmax(mxy, v[i].y);
    }
    const double need[4] = {mnx - r, mny - r, mxx + r, mxy + r};
    const double got[4] = {lo.x, lo.y, hi.x, hi.y};
    const double slack = 4.0 * 0x1p-23 * fmax(1.0, fmax(fmax(fabs(need[0]), fabs(need[1])),
                                                         fmax(fabs(need[2]), fabs(need[3]))));
    cr_expect(got[0] <= need[0] && got[1] <= need[1] && got[2] >= need[2] && got[3] >= need[3],
              "%s: box (%a, %a)-(%a, %a) does not hold (%a, %a)-(%a, %a)", what, got[0], got[1],
              got[2], got[3], need[0], need[1], need[2], need[3]);
    for (int k = 0; k < 4; k++)
        cr_expect(fabs(got[k] - need[k]) <= slack, "%s: box side %d loose: %a vs %a", what, k,
                  got[k], need[k]);
}

Test(round_info, world_box_holds_the_shape)
{
    sepax_store *s = scalar_store();
    cases_rng g;
    cases_rng_seed(&g, 77);
    for (int k = 0; k < 400; k++) {
        sepax_shape_id id;
        const float r = (float)cases_rng_range(&g, 0.01, 3);
        const float px = (float)cases_rng_range(&g, -3, 3), py = (float)cases_rng_range(&g, -3, 3);
        const float qx = (float)cases_rng_range(&g, -3, 3), qy = (float)cases_rng_range(&g, -3, 3);
        const sepax_vec2 p = v2(px, py), q = v2(qx, qy);
        const sepax_vec2 tri[3] = {p, q, v2(p.x + 0.5f, q.y - 0.75f)};
        sepax_status st;
        switch (k % 4) {
        case 0: st = sepax_add_circle(s, p, r, &id); break;
        case 1: st = sepax_add_capsule(s, p, q, r, &id); break;
        case 2: st = sepax_add_segment(s, p, q, &id); break;
        default: st = sepax_add_rounded_polygon(s, tri, 3, r, &id); break;
        }
        if (st != SEPAX_OK) /* an occasional degenerate triangle */
            continue;
        check_box(s, id, "as added");
        const float off = k % 8 < 4 ? 1.0f : 1000.0f;
        const sepax_transform t =
            sepax_transform_make((float)cases_rng_range(&g, -off, off),
                                 (float)cases_rng_range(&g, -off, off),
                                 (float)cases_rng_range(&g, -M_PI, M_PI));
        cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
        check_box(s, id, "after a transform");
    }
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
        cr_assert_eq(sepax_update_world(s), SEPAX_OK);
        for (uint32_t slot = 0; slot < sepax_store_slot_limit(s); slot++) {
            sepax_shape_id id;
            if (sepax_shape_id_of_slot(s, slot, &id) == SEPAX_OK)
                check_box(s, id, sepax_backend_name((sepax_backend)b));
        }
    }
    sepax_store_destroy(s);
}

static int broadphase_has(const sepax_store *s, sepax_shape_id a, sepax_shape_id b)
{
    sepax_pair pairs[16];
    size_t n = 0;
    cr_assert_eq(sepax_broadphase(s, pairs, 16, &n), SEPAX_OK);
    for (size_t k = 0; k < n; k++)
        if ((pairs[k].a == a && pairs[k].b == b) || (pairs[k].a == b && pairs[k].b == a))
            return 1;
    return 0;
}

Test(round_info, broadphase_finds_touching_circles)
{
    /* Two circles that touch exactly in real arithmetic, chosen so that
     * cA + rA rounds down in float: a box built as fl(cA + rA) would end
     * inside the first circle and could miss the second. The exact sum
     * cA + rA + rB is a float, so B's centre is exact. */
    cases_rng g;
    cases_rng_seed(&g, 5);
    float ca = 0, ra = 0, rb = 0, cb = 0;
    int found = 0;
    for (int tries = 0; tries < 100000 && !found; tries++) {
        ca = (float)cases_rng_range(&g, 0.1, 10);
        ra = (float)cases_rng_range(&g, 0.1, 3);
        rb = (float)cases_rng_range(&g, 0.1, 3);
        const double touch = (double)ca + ra + rb; /* exact in double */
        cb = (float)touch;
        found = (double)cb == touch && (double)(ca + ra) < (double)ca + ra;
    }
    cr_assert(found, "no suitable floats found");
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_circle(s, ca, 0.5f, ra), b = add_circle(s, cb, 0.5f, rb);
    sepax_vec2 lo, hi;
    cr_assert_eq(sepax_shape_aabb(s, a, &lo, &hi), SEPAX_OK);
    cr_expect((double)hi.x >= (double)ca + ra, "box ends at %a inside the circle (%a)", hi.x,
              (double)ca + ra);
    cr_expect(broadphase_has(s, a, b), "touching circles %a+%a, %a-%a not paired", ca, ra, cb, rb);

    /* They collide as touching: fl(cB - cA) and fl(rA + rB) round the
     * same real number, and sqrt(fl(x * x)) == x. */
    const sepax_pair p = {a, b};
    sepax_result r;
    cr_assert_eq(sepax_collide(s, &p, 1, &r, NULL), SEPAX_OK);
    cr_expect(r.separation == 0.0f && (r.flags & SEPAX_HIT), "separation %a", r.separation);

    /* A pair along a diagonal under a transform: (3, 4) apart, radii 2
     * and 3, moved and turned together. Rounding of the world centres may
     * leave a gap of an ulp or so; the grown boxes must still meet. */
    sepax_store *t = scalar_store();
    const sepax_shape_id c = add_circle(t, 0, 0, 2), d = add_circle(t, 3, 4, 3);
    const sepax_shape_id ids[2] = {c, d};
    const sepax_transform x = sepax_transform_make(-7.3f, 2.9f, 0.61f);
    const sepax_transform xs[2] = {x, x};
    cr_assert_eq(sepax_set_transforms(t, ids, xs, 2), SEPAX_OK);
    cr_expect(broadphase_has(t, c, d), "touching circles under a transform not paired");
    /* And apart by a clear gap they are not paired. */
    const sepax_shape_id e = add_circle(t, 100, 100, 1), f = add_circle(t, 103.5f, 100, 2.25f);
    cr_expect(!broadphase_has(t, e, f), "circles 0.25 apart paired");
    sepax_store_destroy(t);
    sepax_store_destroy(s);
}

/* ---- seeded random shapes of every kind -------------------------------- */

enum { K_POLYGON, K_BOX, K_CIRCLE, K_CAPSULE, K_SEGMENT, K_ROUNDED, KINDS };
static const char *const kind_name[KINDS] = {"polygon", "box", "circle",
                                             "capsule", "segment", "rounded"};

#define GEN_MAX_VERTICES 24

/* A generated shape: its local core (as stored, in double), an anchor
 * point inside it (local) and the largest distance from the anchor to the
 * shape, so that placements can aim shapes at each other. */
typedef struct gshape {
    sepax_shape_id id;
    int kind, n;
    double lx[GEN_MAX_VERTICES], ly[GEN_MAX_VERTICES], r;
    double ax, ay, bound;
    sepax_transform xf;
} gshape;

/* n points in angular order on a tilted ellipse around (ox, oy): convex,
 * holding (ox, oy), and occasionally given clockwise to be cleaned. Now
 * and then more than 8 or 16 vertices, past the wide kernels' one-block
 * and one-register paths. */
static int convex_points(cases_rng *g, double ox, double oy, double size, sepax_vec2 *v)
{
    const int n = cases_rng_int(g, 0, 7) ? cases_rng_int(g, 3, 10)
                                          : cases_rng_int(g, 11, GEN_MAX_VERTICES);
    const double a = size / 2, b = a * cases_rng_range(g, 0.3, 1.0);
    const double phase = cases_rng_range(g, 0, 2 * M_PI), tilt = cases_rng_range(g, 0, M_PI);
    const int reverse = cases_rng_int(g, 0, 3) == 0;
    for (int k = 0; k < n; k++) {
        const double th = phase + 2 * M_PI * (k + cases_rng_range(g, -0.3, 0.3)) / n;
        const double x = a * cos(th), y = b * sin(th);
        const int at = reverse ? n - 1 - k : k;
        v[at] = v2((float)(ox + x * cos(tilt) - y * sin(tilt)),
                   (float)(oy + x * sin(tilt) + y * cos(tilt)));
    }
    return n;
}

static void make_shape(sepax_store *s, cases_rng *g, int kind, double size, gshape *out)
{
    for (;;) {
        const double ox = cases_rng_range(g, -0.5, 0.5) * size;
        const double oy = cases_rng_range(g, -0.5, 0.5) * size;
        const double phi = cases_rng_range(g, 0, 2 * M_PI);
        sepax_vec2 v[GEN_MAX_VERTICES];
        sepax_shape_id id = 0;
        sepax_status st;
        double len;
        switch (kind) {
        case K_POLYGON:
            st = sepax_add_polygon(s, v, (size_t)convex_points(g, ox, oy, size, v), &id);
            break;
        case K_BOX:
            st = sepax_add_box(s, v2((float)ox, (float)oy),
                               v2((float)(size / 2 * cases_rng_range(g, 0.2, 1)),
                                  (float)(size / 2 * cases_rng_range(g, 0.2, 1))),
                               (float)phi, &id);
            break;
        case K_CIRCLE:
            st = sepax_add_circle(s, v2((float)ox, (float)oy), (float)(size / 2), &id);
            break;
        case K_CAPSULE:
        case K_SEGMENT:
            len = size * cases_rng_range(g, kind == K_CAPSULE ? 0.3 : 0.5, 1.0) / 2;
            v[0] = v2((float)(ox - len * cos(phi)), (float)(oy - len * sin(phi)));
            v[1] = v2((float)(ox + len * cos(phi)), (float)(oy + len * sin(phi)));
            if (kind == K_SEGMENT)
                st = sepax_add_segment(s, v[0], v[1], &id);
            else
                st = sepax_add_capsule(s, v[0], v[1],
                                       (float)(size * cases_rng_range(g, 0.05, 0.35)), &id);
            break;
        default: {
            const double r = size * cases_rng_range(g, 0.05, 0.3);
            const int n = convex_points(g, ox, oy, size - 2 * r, v);
            st = sepax_add_rounded_polygon(s, v, (size_t)n, (float)r, &id);
            break;
        }
        }
        if (st == SEPAX_ERR_DEGENERATE || st == SEPAX_ERR_TOO_FEW_VERTICES)
            continue; /* a sliver the cleaning refused: draw again */
        cr_assert_eq(st, SEPAX_OK, "adding a %s: %s", kind_name[kind], sepax_status_string(st));
        sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = 0;
        float r = 0;
        cr_assert_eq(sepax_shape_vertices(s, id, 0, w, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
        cr_assert_eq(sepax_shape_info(s, id, NULL, &r), SEPAX_OK);
        cr_assert(n >= 1 && n <= GEN_MAX_VERTICES);
        out->id = id;
        out->kind = kind;
        out->n = (int)n;
        out->r = r;
        out->ax = ox;
        out->ay = oy;
        out->bound = 0;
        for (uint32_t i = 0; i < n; i++) {
            out->lx[i] = w[i].x;
            out->ly[i] = w[i].y;
            out->bound = fmax(out->bound, hypot(w[i].x - ox, w[i].y - oy));
        }
        out->bound += r;
        out->xf = sepax_transform_identity();
        return;
    }
}

/* The transform turning g by angle and putting its anchor at (tx, ty). */
static sepax_transform pose(const gshape *g, double angle, double tx, double ty)
{
    sepax_transform t;
    t.q.c = (float)cos(angle);
    t.q.s = (float)sin(angle);
    t.p.x = (float)(tx - ((double)t.q.c * g->ax - (double)t.q.s * g->ay));
    t.p.y = (float)(ty - ((double)t.q.s * g->ax + (double)t.q.c * g->ay));
    return t;
}

/* g's world core under t, in double (close to, not equal to, the
 * library's float world core; used only for placing shapes). */
static void world_of(const gshape *g, sepax_transform t, oround_shape *o)
{
    o->n = g->n;
    o->r = g->r;
    for (int i = 0; i < g->n; i++) {
        o->x[i] = t.p.x + ((double)t.q.c * g->lx[i] - (double)t.q.s * g->ly[i]);
        o->y[i] = t.p.y + ((double)t.q.s * g->lx[i] + (double)t.q.c * g->ly[i]);
    }
}

enum { PLACE_OVERLAP, PLACE_TOUCH, PLACE_NEAR, PLACE_CONTAIN, PLACES };

/* Distance along (ux, uy) from A's anchor at which B's anchor puts the
 * two shapes in touch, by bisection on the oracle's exact separation. */
static double touch_distance(const gshape *a, const gshape *b, double angle_b, double cx,
                             double cy, double ux, double uy)
{
    oround_shape wa, wb;
    oround_answer o;
    world_of(a, a->xf, &wa);
    double lo = 0, hi = (a->bound + b->bound) * 1.001 + 1e-9;
    world_of(b, pose(b, angle_b, cx, cy), &wb);
    oround_collide(&wa, &wb, &o);
    if (o.exact > 0) /* anchors a hair off thin cores: no bracket */
        return 0;
    for (int it = 0; it < 18; it++) {
        const double mid = (lo + hi) / 2;
        world_of(b, pose(b, angle_b, cx + mid * ux, cy + mid * uy), &wb);
        oround_collide(&wa, &wb, &o);
        if (o.exact <= 0)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* Add a pair of shapes of kinds ka, kb to s, placed in one of the ways
 * above: overlapping, within 1e-7..1e-2 of touching, near but mostly
 * apart, or one small shape inside a bigger one. */
static void make_pair(sepax_store *s, cases_rng *g, int ka, int kb, gshape *a, gshape *b)
{
    const int place = cases_rng_int(g, 0, PLACES - 1);
    double sa = cases_rng_range(g, 0.1, 2), sb = cases_rng_range(g, 0.1, 2);
    const int small_b = cases_rng_int(g, 0, 1);
    if (place == PLACE_CONTAIN) {
        if (small_b)
            sb = sa * cases_rng_range(g, 0.05, 0.3);
        else
            sa = sb * cases_rng_range(g, 0.05, 0.3);
    }
    make_shape(s, g, ka, sa, a);
    make_shape(s, g, kb, sb, b);
    double cx = cases_rng_range(g, -4, 4), cy = cases_rng_range(g, -4, 4);
    if (cases_rng_int(g, 0, 7) == 0) { /* farther out: relative coordinates matter */
        cx += cases_rng_range(g, -100, 100);
        cy += cases_rng_range(g, -100, 100);
    }
    const double phi = cases_rng_range(g, 0, 2 * M_PI), ux = cos(phi), uy = sin(phi);
    const double angle_a = cases_rng_range(g, 0, 2 * M_PI);
    const double angle_b = cases_rng_range(g, 0, 2 * M_PI);
    const double reach = a->bound + b->bound;
    a->xf = pose(a, angle_a, cx, cy);
    double t;
    switch (place) {
    case PLACE_OVERLAP: t = cases_rng_range(g, 0, 0.7) * reach; break;
    case PLACE_TOUCH:
        t = touch_distance(a, b, angle_b, cx, cy, ux, uy);
        t += (cases_rng_int(g, 0, 1) ? 1 : -1) * reach * pow(10, cases_rng_range(g, -7, -2));
        break;
    case PLACE_NEAR: t = cases_rng_range(g, 0.6, 1.3) * reach; break;
    default: t = cases_rng_range(g, 0, 0.3) * (small_b ? a->bound : b->bound); break;
    }
    b->xf = pose(b, angle_b, cx + t * ux, cy + t * uy);
    const sepax_shape_id ids[2] = {a->id, b->id};
    const sepax_transform xf[2] = {a->xf, b->xf};
    cr_assert_eq(sepax_set_transforms(s, ids, xf, 2), SEPAX_OK);
}

static int both_polygons(int ka, int kb)
{
    return (ka == K_POLYGON || ka == K_BOX) && (kb == K_POLYGON || kb == K_BOX);
}

/* ---- the oracle itself ------------------------------------------------- */

static void from_floats(const float *xy, int n, double r, oround_shape *o)
{
    sepax_vec2 v[8];
    for (int i = 0; i < n; i++)
        v[i] = v2(xy[2 * i], xy[2 * i + 1]);
    oround_from_vertices(v, n, r, o);
}

Test(round_oracle, known_answers)
{
    /* The oracle on pairs worked by hand, so that agreeing with it means
     * something. */
    oround_shape a, b;
    oround_answer o;
    const float box[8] = {-2, -2, 2, -2, 2, 2, -2, 2};

    /* Circle centre (1.5, 0.5) inside the box, r 1: depth 0.5 + 1. */
    from_floats(box, 4, 0, &a);
    from_floats((const float[]){1.5f, 0.5f}, 1, 1, &b);
    oround_collide(&a, &b, &o);
    cr_assert(o.cores_meet && fabs(o.exact + 1.5) < 1e-12 && o.contract == o.exact);
    cr_assert(o.normal_known && fabs(o.nx - 1) < 1e-12 && fabs(o.ny) < 1e-12);
    cr_assert(o.b_in_a_margin > 0 && fabs(o.b_in_a_margin - 0.5) < 1e-12);

    /* Circle at (2.75, 3), r 1.5, off the corner: 1.25 - 1.5. */
    from_floats((const float[]){2.75f, 3}, 1, 1.5, &b);
    oround_collide(&a, &b, &o);
    cr_assert(!o.cores_meet && fabs(o.exact + 0.25) < 1e-12);
    cr_assert(o.normal_known && fabs(o.nx - 0.6) < 1e-12 && fabs(o.ny - 0.8) < 1e-12);

    /* Crossing segments: depth 0.5 (B's lower end above A's line). */
    from_floats((const float[]){-2, 0, 2, 0}, 2, 0, &a);
    from_floats((const float[]){1, -0.5f, 1, 3}, 2, 0, &b);
    oround_collide(&a, &b, &o);
    cr_assert(o.cores_meet && fabs(o.exact + 0.5) < 1e-12);
    cr_assert(o.normal_known && fabs(o.ny - 1) < 1e-12);

    /* Thin and apart diagonally: the true gap is hypot(1, 1), the
     * one-sided contract 1 (an end face of either segment). */
    from_floats((const float[]){0, 0, 1, 0}, 2, 0, &a);
    from_floats((const float[]){2, 1, 3, 1}, 2, 0, &b);
    oround_collide(&a, &b, &o);
    cr_assert(!o.cores_meet && fabs(o.exact - sqrt(2)) < 1e-12 && fabs(o.contract - 1) < 1e-12);
    /* the same segments with radii: the true gap counts */
    a.r = 0.25;
    b.r = 0.5;
    oround_collide(&a, &b, &o);
    cr_assert(fabs(o.contract - (sqrt(2) - 0.75)) < 1e-12);
    cr_assert(o.normal_known && fabs(o.nx - sqrt(0.5)) < 1e-12);

    /* Collinear touching ends: the cores meet at one point. */
    from_floats((const float[]){0, 0, 1, 0}, 2, 0, &a);
    from_floats((const float[]){1, 0, 2, 0}, 2, 0, &b);
    cr_assert(oround_cores_meet(&a, &b));
    /* A point on a segment, and just off it. */
    from_floats((const float[]){0.5f, 0}, 1, 1, &b);
    cr_assert(oround_cores_meet(&a, &b));
    from_floats((const float[]){0.5f, 1e-6f}, 1, 1, &b);
    cr_assert(!oround_cores_meet(&a, &b));

    /* Concentric circles: no direction. */
    from_floats((const float[]){1, 1}, 1, 1, &a);
    from_floats((const float[]){1, 1}, 1, 2, &b);
    oround_collide(&a, &b, &o);
    cr_assert(o.cores_meet && fabs(o.exact + 3) < 1e-12 && !o.normal_known);
    cr_assert(o.a_in_b_margin < 0 && o.b_in_a_margin > 0);

    /* Signed distances. */
    from_floats(box, 4, 0, &a);
    cr_assert(fabs(oround_signed_distance(&a, 1.5, 0.5) + 0.5) < 1e-12);
    cr_assert(fabs(oround_signed_distance(&a, 5, 6) - 5) < 1e-12);
}

Test(round_oracle, judge_catches_wrong_answers)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id box = add_box(s, 0, 0, 2, 2), c = add_circle(s, 1.5f, 0.5f, 1);
    oround_shape a, b;
    cr_assert_eq(oround_from_store(s, box, &a), SEPAX_OK);
    cr_assert_eq(oround_from_store(s, c, &b), SEPAX_OK);
    oround_answer o;
    oround_tally t;
    memset(&t, 0, sizeof t);
    const sepax_result good = {-1.5f, {1, 0}, 1, SEPAX_OWNER_A, SEPAX_HIT};
    cr_assert_null(oround_judge(&good, &a, &b, &o, &t));
    sepax_result bad[7];
    for (int k = 0; k < 7; k++)
        bad[k] = good;
    bad[0].separation = -1.4f;                                   /* depth */
    bad[1].normal = v2(0, 1);                                    /* normal */
    bad[2].edge = 2;                                             /* not that face's normal */
    bad[3].flags = 0;                                            /* hit flag */
    bad[4].flags |= SEPAX_B_IN_A;                                /* containment */
    bad[5].edge = SEPAX_EDGE_NONE;                               /* the cores overlap */
    bad[6].edge = 4;                                             /* out of range */
    for (int k = 0; k < 7; k++)
        cr_expect_not_null(oround_judge(&bad[k], &a, &b, &o, &t), "wrong answer %d passed", k);
    cr_assert_eq(t.failures, 7u);

    /* A closest-point axis: the circle off the box's corner. */
    const sepax_shape_id far = add_circle(s, 2.75f, 3, 1.5f);
    cr_assert_eq(oround_from_store(s, far, &b), SEPAX_OK);
    const sepax_result corner = {-0.25f, {0.6f, 0.8f}, SEPAX_EDGE_NONE, SEPAX_OWNER_A, SEPAX_HIT};
    cr_assert_null(oround_judge(&corner, &a, &b, &o, &t));
    sepax_result wrong[3] = {corner, corner, corner};
    wrong[0].edge = 2; /* the top face's own normal, but the cores are apart */
    wrong[0].normal = v2(0, 1);
    wrong[1].owner = SEPAX_OWNER_B;
    wrong[2].normal = v2(0.8f, 0.6f);
    for (int k = 0; k < 3; k++)
        cr_expect_not_null(oround_judge(&wrong[k], &a, &b, &o, &t), "wrong answer %d passed", k);
    /* and for two thin shapes a closest-point axis is never right */
    const sepax_shape_id s1 = add_segment(s, 0, 0, 1, 0), s2 = add_segment(s, 2, 1, 3, 1);
    cr_assert_eq(oround_from_store(s, s1, &a), SEPAX_OK);
    cr_assert_eq(oround_from_store(s, s2, &b), SEPAX_OK);
    const sepax_result thin = {1.0f, {1, 0}, 2, SEPAX_OWNER_A, 0};
    cr_assert_null(oround_judge(&thin, &a, &b, &o, &t));
    sepax_result thin_none = thin;
    thin_none.edge = SEPAX_EDGE_NONE;
    cr_expect_not_null(oround_judge(&thin_none, &a, &b, &o, &t));
    cr_assert_eq(t.failures, 11u);
    sepax_store_destroy(s);
}

/* ---- the library against the oracle ------------------------------------ */

typedef struct row {
    oround_tally t;
    size_t contained; /* results with A_IN_B or B_IN_A */
    size_t swap_exact, swap_tied;
} row;

static void report(const sepax_store *s, sepax_pair p, int ka, int kb, const sepax_result *r,
                   const oround_answer *o, const char *what)
{
    fprintf(stderr,
            "round oracle mismatch (%s), %s against %s, pair %#x/%#x:\n"
            "  library: separation %.9g normal (%.9g, %.9g) owner %u edge %u flags %u\n"
            "  oracle:  contract %.9g exact %.9g cores %s (gap %.9g) normal%s (%.9g, %.9g) "
            "margins %.3g %.3g, tol %.3g\n",
            what, kind_name[ka], kind_name[kb], p.a, p.b, r->separation, r->normal.x,
            r->normal.y, r->owner, r->edge, r->flags, o->contract, o->exact,
            o->cores_meet ? "meet" : "apart", o->core_gap, o->normal_known ? "" : " (unknown)",
            o->nx, o->ny, o->a_in_b_margin, o->b_in_a_margin, o->tol);
    const sepax_shape_id ids[2] = {p.a, p.b};
    for (int k = 0; k < 2; k++) {
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = 0;
        float rad = 0;
        sepax_shape_vertices(s, ids[k], 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
        sepax_shape_info(s, ids[k], NULL, &rad);
        fprintf(stderr, "  %c: r %a", k ? 'B' : 'A', rad);
        for (uint32_t i = 0; i < n; i++)
            fprintf(stderr, " (%a, %a)", v[i].x, v[i].y);
        fprintf(stderr, "\n");
    }
}

#define PER_KIND_PAIR 3000 /* scaled as a total, so SEPAX_TEST_SCALE shrinks it */
#define MAX_REPORTS 8

Test(round_oracle, library_matches_oracle, .timeout = 600)
{
    const size_t per = cases_scaled((size_t)PER_KIND_PAIR * KINDS * KINDS) / (KINDS * KINDS);
    row rows[KINDS][KINDS];
    memset(rows, 0, sizeof rows);
    gshape *ga = malloc(per * sizeof *ga), *gb = malloc(per * sizeof *gb);
    sepax_pair *pairs = malloc(2 * per * sizeof *pairs);
    sepax_result *res = malloc(2 * per * sizeof *res);
    cr_assert(ga && gb && pairs && res);
    size_t failures = 0, swap_failures = 0;

    for (int ka = 0; ka < KINDS; ka++) {
        for (int kb = 0; kb < KINDS; kb++) {
            row *w = &rows[ka][kb];
            sepax_store *s = scalar_store();
            cases_rng g;
            cases_rng_seed(&g, 0x5EDA0000u + (uint64_t)(ka * KINDS + kb));
            for (size_t i = 0; i < per; i++) {
                make_pair(s, &g, ka, kb, &ga[i], &gb[i]);
                pairs[i] = (sepax_pair){ga[i].id, gb[i].id};
                pairs[per + i] = (sepax_pair){gb[i].id, ga[i].id};
            }
            cr_assert_eq(sepax_collide(s, pairs, 2 * per, res, NULL), SEPAX_OK);
            for (size_t i = 0; i < per; i++) {
                oround_shape a, b;
                oround_answer o;
                cr_assert_eq(oround_from_store(s, pairs[i].a, &a), SEPAX_OK);
                cr_assert_eq(oround_from_store(s, pairs[i].b, &b), SEPAX_OK);
                const char *problem = oround_judge(&res[i], &a, &b, &o, &w->t);
                w->contained += (res[i].flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) != 0;
                if (problem && ++failures <= MAX_REPORTS)
                    report(s, pairs[i], ka, kb, &res[i], &o, problem);

                /* Swapped (round pairs; polygon pairs are the polygon
                 * kernel's business): the same separation bits, mirrored
                 * flags, and the normal negated exactly - unless a tie
                 * between A's and B's faces or between two closest pairs
                 * let the other shape's feature win. A face tie shows as
                 * owner A in both orders. */
                if (both_polygons(ka, kb))
                    continue;
                const sepax_result *r = &res[i], *q = &res[per + i];
                const int negated = q->normal.x == -r->normal.x && q->normal.y == -r->normal.y;
                const int face_tie = r->edge != SEPAX_EDGE_NONE && q->edge != SEPAX_EDGE_NONE &&
                                     r->owner == SEPAX_OWNER_A && q->owner == SEPAX_OWNER_A;
                const int mirrored =
                    r->edge == SEPAX_EDGE_NONE
                        ? q->edge == SEPAX_EDGE_NONE && q->owner == SEPAX_OWNER_A
                        : q->edge == r->edge && q->owner == 1u - r->owner;
                const int close =
                    hypot(q->normal.x + r->normal.x, q->normal.y + r->normal.y) <= 1e-3;
                const int points = a.n == 1 && b.n == 1 && r->normal.x == 1 && r->normal.y == 0;
                int ok = same_bits(q->separation, r->separation) &&
                         q->flags == mirror_flags(r->flags);
                if (mirrored && r->edge != SEPAX_EDGE_NONE)
                    ok = ok && negated;
                else if (r->edge == SEPAX_EDGE_NONE)
                    ok = ok && mirrored && (negated || close || points);
                else
                    ok = ok && face_tie;
                w->swap_exact += ok && negated;
                w->swap_tied += ok && !negated;
                if (!ok && ++swap_failures <= MAX_REPORTS)
                    fprintf(stderr,
                            "swap asymmetry, %s against %s: (%a, (%a, %a), %u/%u, %u) vs "
                            "(%a, (%a, %a), %u/%u, %u)\n",
                            kind_name[ka], kind_name[kb], r->separation, r->normal.x,
                            r->normal.y, r->owner, r->edge, r->flags, q->separation,
                            q->normal.x, q->normal.y, q->owner, q->edge, q->flags);
            }
            sepax_store_destroy(s);
        }
    }

    fprintf(stderr, "round oracle: %zu pairs per ordered kind pair (A against B)\n"
                    "  %-8s %-8s %6s %6s %6s %5s %5s %10s %10s %7s %7s %5s\n",
            per, "A", "B", "pairs", "hits", "near", "in", "fail", "sep err", "normal err",
            "normals", "swap ok", "ties");
    oround_tally all;
    memset(&all, 0, sizeof all);
    for (int ka = 0; ka < KINDS; ka++)
        for (int kb = 0; kb < KINDS; kb++) {
            const row *w = &rows[ka][kb];
            const oround_tally *t = &w->t;
            fprintf(stderr, "  %-8s %-8s %6zu %6zu %6zu %5zu %5zu %10.2e %10.2e %7zu %7zu %5zu\n",
                    kind_name[ka], kind_name[kb], t->pairs, t->hits, t->near_touch, w->contained,
                    t->failures,
                    t->worst_separation, t->worst_normal, t->normal_checked,
                    w->swap_exact + w->swap_tied, w->swap_tied);
            all.pairs += t->pairs;
            all.hits += t->hits;
            all.failures += t->failures;
            all.normal_checked += t->normal_checked;
            all.flag_checked += t->flag_checked;
            all.worst_separation = fmax(all.worst_separation, t->worst_separation);
            all.worst_normal = fmax(all.worst_normal, t->worst_normal);
            /* Each kind pair must produce both answers in bulk. */
            cr_expect(t->hits > t->pairs / 5 && t->misses > t->pairs / 10,
                      "%s against %s: %zu hits, %zu misses", kind_name[ka], kind_name[kb],
                      t->hits, t->misses);
            cr_expect(t->normal_checked > t->pairs / 2, "%s against %s: %zu normals compared",
                      kind_name[ka], kind_name[kb], t->normal_checked);
        }
    fprintf(stderr,
            "  all: %zu pairs, %zu hits, %zu failures; worst separation error %.2e of scale, "
            "worst normal error %.2e (%zu compared), %zu containment flags checked; %zu swap "
            "asymmetries\n",
            all.pairs, all.hits, all.failures, all.worst_separation, all.worst_normal,
            all.normal_checked, all.flag_checked, swap_failures);
    free(ga);
    free(gb);
    free(pairs);
    free(res);
    cr_assert_eq(all.failures, 0u, "%zu mismatches against the oracle (first ones on stderr)",
                 all.failures);
    cr_assert_eq(swap_failures, 0u, "%zu pairs not symmetric under swapping", swap_failures);
}

/* ---- every backend on mixed lists -------------------------------------- */

#define MIXED_PAIRS 14400 /* made pairs; 400 of each ordered kind pair */
#define POINTS_PER_SHAPE 6

typedef struct world_snap {
    uint32_t n;
    sepax_vec2 v[GEN_MAX_VERTICES];
    sepax_vec2 lo, hi;
} world_snap;

static void snap(const sepax_store *s, sepax_shape_id id, world_snap *w)
{
    memset(w, 0, sizeof *w);
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    cr_assert_eq(sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &w->n), SEPAX_OK);
    cr_assert(w->n <= GEN_MAX_VERTICES);
    memcpy(w->v, v, w->n * sizeof *v);
    cr_assert_eq(sepax_shape_aabb(s, id, &w->lo, &w->hi), SEPAX_OK);
}

static void print_shape(const sepax_store *s, sepax_shape_id id, char name)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    float r = 0;
    sepax_shape_kind kind = SEPAX_SHAPE_KIND_COUNT;
    sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
    sepax_shape_info(s, id, &kind, &r);
    fprintf(stderr, "  %c: slot %u kind %d r %a:", name, SEPAX_ID_SLOT(id), (int)kind, r);
    for (uint32_t i = 0; i < n; i++)
        fprintf(stderr, " (%a, %a)", v[i].x, v[i].y);
    fprintf(stderr, "\n");
}

static size_t count_diffs(const sepax_result *a, const sepax_result *b, size_t n, size_t *first)
{
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof *a) != 0 && d++ == 0)
            *first = i;
    return d;
}

/* Inside-or-on for a world point, in double, or -1 when the point lies
 * within tolerance of the boundary. */
static int point_verdict(const oround_shape *sh, double px, double py)
{
    double mag = fmax(fabs(px), fabs(py));
    for (int i = 0; i < sh->n; i++)
        mag = fmax(mag, fmax(fabs(sh->x[i]), fabs(sh->y[i])) + sh->r);
    const double d = oround_signed_distance(sh, px, py) - sh->r;
    return fabs(d) <= 1e-5 * fmax(mag, 1.0) ? -1 : d <= 0;
}

Test(round_backends, mixed_lists_bitwise, .timeout = 600)
{
    const size_t made = cases_scaled(MIXED_PAIRS), shapes = 2 * made, cross = made / 4;
    const size_t count = 2 * made + cross;
    sepax_store *s = scalar_store();
    cases_rng g;
    cases_rng_seed(&g, 20240917);
    gshape *gs = malloc(shapes * sizeof *gs);
    sepax_pair *pairs = malloc(count * sizeof *pairs);
    sepax_result *r0 = malloc(count * sizeof *r0), *r1 = malloc(count * sizeof *r1);
    sepax_hit *hits = malloc(count * sizeof *hits);
    world_snap *w0 = malloc(shapes * sizeof *w0);
    cr_assert(gs && pairs && r0 && r1 && hits && w0);

    /* Made pairs in both orders, then pairs of unrelated shapes (mostly
     * apart), all shuffled so that every chunk the driver groups mixes
     * polygon pairs with round ones. */
    size_t n = 0;
    for (size_t i = 0; i < made; i++) {
        make_pair(s, &g, (int)(i % KINDS), (int)(i / KINDS % KINDS), &gs[2 * i], &gs[2 * i + 1]);
        pairs[n++] = (sepax_pair){gs[2 * i].id, gs[2 * i + 1].id};
        pairs[n++] = (sepax_pair){gs[2 * i + 1].id, gs[2 * i].id};
    }
    while (n < count) {
        const size_t i = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        const size_t j = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        if (i != j)
            pairs[n++] = (sepax_pair){gs[i].id, gs[j].id};
    }
    cases_shuffle_pairs(&g, pairs, count);
    cr_assert_eq(sepax_collide(s, pairs, count, r0, NULL), SEPAX_OK);
    size_t nhits = 0;
    for (size_t i = 0; i < count; i++)
        nhits += (r0[i].flags & SEPAX_HIT) != 0;
    for (size_t i = 0; i < shapes; i++)
        snap(s, gs[i].id, &w0[i]);

    /* Points near every shape, and every core vertex (which must be
     * inside its own shape exactly: the distance from a vertex to its own
     * edge is computed as 0). */
    const size_t nq = shapes * POINTS_PER_SHAPE;
    size_t nv = 0;
    for (size_t i = 0; i < shapes; i++)
        nv += w0[i].n;
    sepax_point_query *q = malloc((nq + nv) * sizeof *q);
    uint8_t *in0 = malloc(nq + nv), *in1 = malloc(nq + nv);
    cr_assert(q && in0 && in1);
    size_t k = 0;
    for (size_t i = 0; i < shapes; i++) {
        const sepax_transform t = gs[i].xf;
        const double ax = t.p.x + ((double)t.q.c * gs[i].ax - (double)t.q.s * gs[i].ay);
        const double ay = t.p.y + ((double)t.q.s * gs[i].ax + (double)t.q.c * gs[i].ay);
        for (int j = 0; j < POINTS_PER_SHAPE; j++) {
            const double phi = cases_rng_range(&g, 0, 2 * M_PI);
            const double d = cases_rng_range(&g, 0, 1.3) * gs[i].bound;
            q[k++] = (sepax_point_query){v2((float)(ax + d * cos(phi)), (float)(ay + d * sin(phi))),
                                         gs[i].id};
        }
    }
    for (size_t i = 0; i < shapes; i++)
        for (uint32_t j = 0; j < w0[i].n; j++)
            q[k++] = (sepax_point_query){w0[i].v[j], gs[i].id};
    cr_assert_eq(sepax_query_points(s, q, nq + nv, in0, NULL), SEPAX_OK);

    /* Point queries against double precision. */
    size_t pt_checked[KINDS] = {0}, pt_skipped[KINDS] = {0}, pt_inside[KINDS] = {0};
    size_t pt_bad = 0, vertex_bad = 0;
    for (size_t i = 0; i < nq; i++) {
        const gshape *sh = &gs[i / POINTS_PER_SHAPE];
        oround_shape o;
        cr_assert_eq(oround_from_store(s, sh->id, &o), SEPAX_OK);
        const int verdict = point_verdict(&o, q[i].point.x, q[i].point.y);
        if (verdict < 0) {
            pt_skipped[sh->kind]++;
            continue;
        }
        pt_checked[sh->kind]++;
        pt_inside[sh->kind] += (size_t)verdict;
        if (in0[i] != verdict && ++pt_bad <= MAX_REPORTS)
            fprintf(stderr, "point (%a, %a) in %s %#x: library %u, double %d\n", q[i].point.x,
                    q[i].point.y, kind_name[sh->kind], sh->id, in0[i], verdict);
    }
    for (size_t i = nq; i < nq + nv; i++)
        if (in0[i] != 1 && ++vertex_bad <= MAX_REPORTS)
            fprintf(stderr, "core vertex (%a, %a) of %#x not inside its own shape\n",
                    q[i].point.x, q[i].point.y, q[i].shape);
    fprintf(stderr, "round points: %zu near shapes, %zu core vertices\n", nq, nv);
    for (int kd = 0; kd < KINDS; kd++)
        fprintf(stderr, "  %-8s %6zu checked (%zu inside), %zu within tolerance of the edge\n",
                kind_name[kd], pt_checked[kd], pt_inside[kd], pt_skipped[kd]);
    cr_expect_eq(pt_bad, 0u, "%zu point queries disagree with double precision", pt_bad);
    cr_expect_eq(vertex_bad, 0u, "%zu core vertices not inside their shape", vertex_bad);

    /* The polygon pairs through a store without round shapes, where the
     * driver never groups: grouping must not change their results. */
    sepax_store *p = scalar_store();
    sepax_shape_id *remap = calloc(shapes, sizeof *remap);
    uint8_t *is_poly = calloc(shapes, 1);
    cr_assert(remap && is_poly);
    for (size_t i = 0; i < shapes; i++) {
        if (gs[i].kind != K_POLYGON && gs[i].kind != K_BOX)
            continue;
        sepax_vec2 v[GEN_MAX_VERTICES];
        for (int j = 0; j < gs[i].n; j++)
            v[j] = v2((float)gs[i].lx[j], (float)gs[i].ly[j]);
        cr_assert_eq(sepax_add_polygon(p, v, (size_t)gs[i].n, &remap[i]), SEPAX_OK);
        cr_assert_eq(sepax_set_transforms(p, &remap[i], &gs[i].xf, 1), SEPAX_OK);
        world_snap w;
        snap(p, remap[i], &w);
        cr_assert(memcmp(&w, &w0[i], sizeof w) == 0, "polygon %zu re-added differs", i);
        is_poly[i] = 1;
    }
    sepax_pair *pp = malloc(count * sizeof *pp);
    size_t *pp_at = malloc(count * sizeof *pp_at);
    cr_assert(pp && pp_at);
    size_t npp = 0;
    for (size_t i = 0; i < count; i++) {
        /* ids are slots here: the store never removed a shape */
        const size_t a = SEPAX_ID_SLOT(pairs[i].a), b = SEPAX_ID_SLOT(pairs[i].b);
        if (is_poly[a] && is_poly[b]) {
            pp_at[npp] = i;
            pp[npp++] = (sepax_pair){remap[a], remap[b]};
        }
    }

    int backends = 0;
    size_t bad_total = 0;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const sepax_backend be = (sepax_backend)b;
        if (!sepax_backend_available(be))
            continue;
        backends++;
        cr_assert_eq(sepax_store_set_backend(s, be), SEPAX_OK);
        cr_assert_eq(sepax_update_world(s), SEPAX_OK);
        size_t world_diffs = 0;
        for (size_t i = 0; i < shapes; i++) {
            world_snap w;
            snap(s, gs[i].id, &w);
            world_diffs += memcmp(&w, &w0[i], sizeof w) != 0;
        }

        size_t first = 0, first_chunk = 0, first_one = 0;
        cr_assert_eq(sepax_collide(s, pairs, count, r1, NULL), SEPAX_OK);
        const size_t batch_diffs = count_diffs(r1, r0, count, &first);

        /* Random chunk sizes move every pair to other neighbours and
         * chunk positions. */
        for (size_t at = 0; at < count;) {
            size_t len = (size_t)cases_rng_int(&g, 1, 300);
            len = len < count - at ? len : count - at;
            cr_assert_eq(sepax_collide(s, pairs + at, len, r1 + at, NULL), SEPAX_OK);
            at += len;
        }
        const size_t chunk_diffs = count_diffs(r1, r0, count, &first_chunk);
        for (size_t i = 0; i < count; i++)
            cr_assert_eq(sepax_collide(s, &pairs[i], 1, &r1[i], NULL), SEPAX_OK);
        const size_t one_diffs = count_diffs(r1, r0, count, &first_one);

        /* The compacted call: the hits of the plain call, in pair order,
         * with the same bytes; and when capped, the first ones of them. */
        size_t hc = 0, hit_diffs = 0;
        cr_assert_eq(sepax_collide_hits(s, pairs, count, hits, count, &hc, NULL), SEPAX_OK);
        hit_diffs += hc != nhits;
        for (size_t i = 0, h = 0; i < count && h < hc; i++) {
            if (!(r0[i].flags & SEPAX_HIT))
                continue;
            hit_diffs += hits[h].pair != i || memcmp(&hits[h].result, &r0[i], sizeof r0[i]) != 0;
            h++;
        }
        const size_t cap = nhits / 3;
        sepax_hit *capped = malloc((cap + 1) * sizeof *capped);
        cr_assert(capped);
        cr_assert_eq(sepax_collide_hits(s, pairs, count, capped, cap, &hc, NULL),
                     SEPAX_ERR_CAPACITY);
        hit_diffs += hc != nhits || memcmp(capped, hits, cap * sizeof *hits) != 0;
        free(capped);

        cr_assert_eq(sepax_query_points(s, q, nq + nv, in1, NULL), SEPAX_OK);
        size_t point_diffs = 0;
        for (size_t i = 0; i < nq + nv; i++)
            point_diffs += in1[i] != in0[i];

        cr_assert_eq(sepax_store_set_backend(p, be), SEPAX_OK);
        cr_assert_eq(sepax_collide(p, pp, npp, r1, NULL), SEPAX_OK);
        size_t grouping_diffs = 0;
        for (size_t i = 0; i < npp; i++)
            grouping_diffs += memcmp(&r1[i], &r0[pp_at[i]], sizeof *r1) != 0;

        const size_t bad = world_diffs + batch_diffs + chunk_diffs + one_diffs + hit_diffs +
                           point_diffs + grouping_diffs;
        fprintf(stderr,
                "backend %-7s %zu pairs (%zu hits): differ from scalar %zu batch, %zu chunked, "
                "%zu alone; %zu hit-list, %zu of %zu points, %zu world shapes, %zu of %zu "
                "polygon pairs against a polygon-only store\n",
                sepax_backend_name(be), count, nhits, batch_diffs, chunk_diffs, one_diffs,
                hit_diffs, point_diffs, nq + nv, world_diffs, grouping_diffs, npp);
        if (batch_diffs) {
            const sepax_result *x = &r0[first];
            cr_assert_eq(sepax_collide(s, &pairs[first], 1, r1, NULL), SEPAX_OK);
            fprintf(stderr,
                    "  first: pair %zu %#x/%#x scalar (%a, (%a, %a), %u/%u, %u) vs "
                    "(%a, (%a, %a), %u/%u, %u)\n",
                    first, pairs[first].a, pairs[first].b, x->separation, x->normal.x,
                    x->normal.y, x->owner, x->edge, x->flags, r1->separation, r1->normal.x,
                    r1->normal.y, r1->owner, r1->edge, r1->flags);
            print_shape(s, pairs[first].a, 'A');
            print_shape(s, pairs[first].b, 'B');
        }
        bad_total += bad;
    }
    cr_assert(backends >= 1);
    /* Both outcomes in bulk, and every kind in play. */
    cr_expect(nhits > count / 5 && nhits < count * 4 / 5, "%zu hits of %zu", nhits, count);
    cr_expect(npp > count / 20, "only %zu polygon pairs", npp);

    free(pp);
    free(pp_at);
    free(remap);
    free(is_poly);
    sepax_store_destroy(p);
    free(q);
    free(in0);
    free(in1);
    free(gs);
    free(pairs);
    free(r0);
    free(r1);
    free(hits);
    free(w0);
    sepax_store_destroy(s);
    cr_assert_eq(bad_total, 0u, "backends differ from scalar (details on stderr)");
}

Test(round_backends, point_query_arguments)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id c = add_circle(s, 0, 0, 1), seg = add_segment(s, 0, 0, 2, 0);
    sepax_point_query q[3] = {{{0.5f, 0.5f}, c}, {{1, 0}, seg}, {{1, 1e-3f}, seg}};
    uint8_t in[3] = {9, 9, 9};
    size_t bad = 99;
    cr_assert_eq(sepax_query_points(s, q, 3, in, &bad), SEPAX_OK);
    /* inside the circle; on the segment (a thin shape holds only its
     * own points); just off it */
    cr_expect(in[0] == 1 && in[1] == 1 && in[2] == 0, "%u %u %u", in[0], in[1], in[2]);
    q[1].point.y = NAN;
    memset(in, 9, sizeof in);
    cr_assert_eq(sepax_query_points(s, q, 3, in, &bad), SEPAX_ERR_NOT_FINITE);
    cr_expect(bad == 1 && in[0] == 9, "bad index %zu, wrote %u", bad, in[0]);
    q[1].point.y = 0;
    q[2].shape = 12345;
    cr_assert_eq(sepax_query_points(s, q, 3, in, &bad), SEPAX_ERR_BAD_ID);
    cr_expect_eq(bad, 2u);
    cr_assert_eq(sepax_remove(s, c), SEPAX_OK);
    q[2].shape = seg;
    cr_assert_eq(sepax_query_points(s, q, 3, in, &bad), SEPAX_ERR_STALE_ID);
    cr_expect_eq(bad, 0u);
    cr_expect_eq(sepax_query_points(NULL, q, 3, in, &bad), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_query_points(s, NULL, 3, in, &bad), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_query_points(s, q + 1, 2, NULL, &bad), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_query_points(s, NULL, 0, NULL, NULL), SEPAX_OK);
    sepax_store_destroy(s);
}
