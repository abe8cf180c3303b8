/* The round and thin kinds on pairs worked by hand: circles, capsules,
 * segments and rounded polygons, each number derived in a comment from
 * first principles and checked exactly, in both orders (swapping A and B
 * keeps the separation's bits and negates the normal) and on every
 * backend. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "sepax/sepax.h"
#include "support/backends_criterion.h"
#include "support/round_store.h"


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
 * byte, also after a world update of its own; the store is left on
 * scalar. */
static void expect_backends_agree(sepax_store *s, const sepax_pair p[2], const sepax_result r[2],
                                  const char *what)
{
    sepax_result want[2];
    assert_pairs_match_scalar(s, p, 2, want, what);
    cr_expect(memcmp(want, r, sizeof want) == 0, "%s: scalar changed with a world update", what);
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
