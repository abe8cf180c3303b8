/* Shapes that are valid in their local frame but collapse once placed:
 * their world vertices round onto each other (sepax.h, "Shapes smaller
 * than the float spacing where they stand"). The contract: such a shape
 * collides as the point or segment it collapsed to, with its own rotated
 * face normals as axes; every answer is finite and the same on every
 * backend. The cases are worked by hand: a point against a box is the
 * distance to the box's nearest side. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "oracle/oracle.h"
#include "oracle/oracle_round.h"
#include "sepax/sepax.h"
#include "support/backends_criterion.h"

/* The fuzz finding of tests/fuzz/corpus/fuzz_collide/regress-collapsed-
 * polygon, written out: a triangle about 1e-37 across (one coordinate
 * subnormal), accepted by the store. */
static const sepax_vec2 speck[3] = {
    {0.0f, 0x1.c00cp-125f},
    {-0x1.050504p-122f, 0x1.001p-129f},
    {-0x1.050504p-122f, -0x1.050504p-122f},
};

/* A triangle 1e-30 across: at (1000, 512) it is far below the float
 * spacing there (6.1e-5 and 3.1e-5) and lands on one point. */
static const sepax_vec2 grain[3] = {{0.0f, 0.0f}, {1e-30f, 0.0f}, {0.0f, 1e-30f}};

static sepax_shape_id add_polygon(sepax_store *s, const sepax_vec2 *v, size_t n)
{
    sepax_shape_id id;
    cr_assert_eq(sepax_add_polygon(s, v, n, &id), SEPAX_OK);
    return id;
}

static void place(sepax_store *s, sepax_shape_id id, float x, float y, sepax_rot q)
{
    sepax_transform t = {{x, y}, q};
    cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
}

static const sepax_rot identity = {1.0f, 0.0f};

/* Every world vertex of id equals (x, y): the shape did collapse. */
static void assert_collapsed(const sepax_store *s, sepax_shape_id id, float x, float y)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_assert_eq(n, 3u);
    for (uint32_t i = 0; i < n; i++)
        cr_assert(v[i].x == x && v[i].y == y, "vertex %u at (%a, %a), expected (%a, %a)", i,
                  v[i].x, v[i].y, x, y);
}

/* The pair on every backend: the scalar answer, and every other
 * available backend byte for byte the same, each after a world update of
 * its own. */
static sepax_result collide_all(sepax_store *s, sepax_shape_id a, sepax_shape_id b)
{
    const sepax_pair p = {a, b};
    sepax_result ref;
    assert_pairs_match_scalar(s, &p, 1, &ref, "collapsed pair");
    cr_assert(isfinite(ref.separation) && isfinite(ref.normal.x) && isfinite(ref.normal.y));
    /* generic is built everywhere: a second backend always ran */
    sepax_backend others[SEPAX_BACKEND_COUNT];
    cr_assert_geq(backends_others(others), 1u);
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    return ref;
}

/* The box from x 998.5 to 1002.5 and y 511.25 to 513.25 (all exact in
 * float); the collapsed point at (1000, 512) is 0.75 above its bottom side,
 * 1.25 below its top, 1.5 and 2.5 from its left and right sides. */
static sepax_shape_id add_box(sepax_store *s)
{
    sepax_shape_id id;
    cr_assert_eq(sepax_add_box(s, (sepax_vec2){1000.5f, 512.25f}, (sepax_vec2){2.0f, 1.0f}, 0.0f,
                               &id),
                 SEPAX_OK);
    return id;
}

Test(collapse, point_inside_a_box_is_pushed_out_through_the_nearest_side)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    const sepax_shape_id box = add_box(s), g = add_polygon(s, grain, 3);
    place(s, g, 1000.0f, 512.0f, identity);
    assert_collapsed(s, g, 1000.0f, 512.0f);

    sepax_result r = collide_all(s, box, g);
    cr_assert_eq(r.separation, -0.75f);
    cr_assert(r.normal.x == 0.0f && r.normal.y == -1.0f, "normal (%g, %g)", r.normal.x,
              r.normal.y);
    cr_assert_eq(r.owner, SEPAX_OWNER_A);
    /* a point lies inside the box, the box not inside a point */
    cr_assert_eq(r.flags, SEPAX_HIT | SEPAX_B_IN_A);

    /* swapped: the same depth, the normal turned round */
    r = collide_all(s, g, box);
    cr_assert_eq(r.separation, -0.75f);
    cr_assert(r.normal.x == 0.0f && r.normal.y == 1.0f, "normal (%g, %g)", r.normal.x, r.normal.y);
    cr_assert_eq(r.owner, SEPAX_OWNER_B);
    cr_assert_eq(r.flags, SEPAX_HIT | SEPAX_A_IN_B);
    sepax_store_destroy(s);
}

Test(collapse, point_below_a_box_misses_by_its_distance)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    const sepax_shape_id box = add_box(s), g = add_polygon(s, grain, 3);
    place(s, g, 1000.0f, 510.0f, identity);
    assert_collapsed(s, g, 1000.0f, 510.0f);
    const sepax_result r = collide_all(s, box, g);
    cr_assert_eq(r.separation, 1.25f); /* 511.25 - 510 */
    cr_assert_eq(r.flags, 0u);
    sepax_store_destroy(s);
}

/* A rounded box (radius 0.25) around the same core: the point inside the
 * core is 0.75 + 0.25 deep; below it, 1.25 - 0.25 away; and a radius of
 * 1.5 reaches it. */
Test(collapse, point_against_a_rounded_box)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    const sepax_vec2 core[4] = {{998.5f, 511.25f}, {1002.5f, 511.25f}, {1002.5f, 513.25f},
                                {998.5f, 513.25f}};
    sepax_shape_id round, wide;
    cr_assert_eq(sepax_add_rounded_polygon(s, core, 4, 0.25f, &round), SEPAX_OK);
    cr_assert_eq(sepax_add_rounded_polygon(s, core, 4, 1.5f, &wide), SEPAX_OK);
    const sepax_shape_id g = add_polygon(s, grain, 3);

    place(s, g, 1000.0f, 512.0f, identity);
    assert_collapsed(s, g, 1000.0f, 512.0f);
    sepax_result r = collide_all(s, round, g);
    cr_assert_eq(r.separation, -1.0f);
    cr_assert(r.normal.x == 0.0f && r.normal.y == -1.0f, "normal (%g, %g)", r.normal.x,
              r.normal.y);
    cr_assert(r.flags & SEPAX_HIT);

    place(s, g, 1000.0f, 510.0f, identity);
    r = collide_all(s, round, g);
    cr_assert_eq(r.separation, 1.0f);
    cr_assert_eq(r.flags & SEPAX_HIT, 0u);
    r = collide_all(s, wide, g);
    cr_assert_eq(r.separation, -0.25f);
    cr_assert(r.flags & SEPAX_HIT);
    sepax_store_destroy(s);
}

/* Two collapsed shapes: on the same point they touch (separation 0, a
 * hit); one unit apart, a miss by at most that unit (the face gap is a
 * lower bound on the distance, as for any thin pair). */
Test(collapse, two_points)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    const sepax_shape_id a = add_polygon(s, grain, 3), b = add_polygon(s, grain, 3);
    place(s, a, 1000.0f, 512.0f, identity);
    place(s, b, 1000.0f, 512.0f, (sepax_rot){0.6f, 0.8f});
    assert_collapsed(s, a, 1000.0f, 512.0f);
    assert_collapsed(s, b, 1000.0f, 512.0f);
    sepax_result r = collide_all(s, a, b);
    cr_assert_eq(r.separation, 0.0f);
    cr_assert(r.flags & SEPAX_HIT);

    place(s, b, 1001.0f, 512.0f, (sepax_rot){0.6f, 0.8f});
    r = collide_all(s, a, b);
    cr_assert(r.separation > 0.0f && r.separation <= 1.0f, "separation %g", r.separation);
    cr_assert_eq(r.flags, 0u);
    sepax_store_destroy(s);
}

/* The fuzz finding itself: a rounded triangle (radius 0.25) and the
 * speck, both placed at (-3533.88, -3533.88) under the same rotation.
 * The speck lands on one point 0.25 inside the rounded triangle's edge
 * band; the double oracle, fed the collapsed point, agrees. */
Test(collapse, fuzz_finding_rounded_triangle_and_speck)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    const sepax_vec2 tri[3] = {{1.5f, 1.5f}, {-1.5f, 1.5f}, {-4.0f, -4.0f}};
    sepax_shape_id round;
    cr_assert_eq(sepax_add_rounded_polygon(s, tri, 3, 0.25f, &round), SEPAX_OK);
    const sepax_shape_id sp = add_polygon(s, speck, 3);
    const sepax_rot q = {-0x1.d12558p-1f, -0x1.abf0d6p-2f};
    const float at = -0x1.b9bcp+11f;
    place(s, round, at, at, q);
    place(s, sp, at, at, q);
    sepax_vec2 v[3];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, sp, 1, v, 3, &n), SEPAX_OK);
    cr_assert(v[0].x == v[1].x && v[1].x == v[2].x && v[0].y == v[1].y && v[1].y == v[2].y,
              "the speck did not collapse");

    const sepax_result r = collide_all(s, round, sp);
    oround_shape a, b;
    oround_answer o;
    cr_assert_eq(oround_from_store(s, round, &a), SEPAX_OK);
    cr_assert_eq(oround_from_store(s, sp, &b), SEPAX_OK);
    cr_assert_eq(b.n, 1, "the oracle takes the speck as a point");
    oround_collide(&a, &b, &o);
    cr_assert(isfinite(o.contract));
    cr_assert(r.flags & SEPAX_HIT);
    cr_assert_leq(fabs((double)r.separation - o.contract), 1e-5 * o.scale,
                  "separation %.9g, oracle %.9g", r.separation, o.contract);
    sepax_store_destroy(s);
}

/* The polygon oracle takes collapsed shapes the same way: a point has no
 * face, two points have the line between them. */
Test(collapse, polygon_oracle_on_points)
{
    const sepax_vec2 p[3] = {{1000.0f, 0.0f}, {1000.0f, 0.0f}, {1000.0f, 0.0f}};
    const sepax_vec2 q[3] = {{1003.0f, 4.0f}, {1003.0f, 4.0f}, {1003.0f, 4.0f}};
    oracle_poly a, b;
    oracle_result o;
    oracle_poly_from_vertices(p, 3, &a);
    oracle_poly_from_vertices(q, 3, &b);
    cr_assert_eq(a.n, 1);
    oracle_collide(&a, &b, &o);
    cr_assert_eq(o.ncand, 1);
    cr_assert_eq(o.separation, 5.0);
    cr_assert_eq(o.hit, 0);
    oracle_collide(&a, &a, &o);
    cr_assert_eq(o.separation, 0.0);
    cr_assert_eq(o.hit, 1);
}

/* A fuzz finding: a square 1e-21 across placed at (0, -8) collapses onto
 * a segment 1e-21 long, whose squared length (1e-42) has a reciprocal
 * that overflows. From a circle's centre straight above its first vertex
 * the projection on that edge is exactly 0, and 0 * inf is NaN: the
 * reference takes the edge's start (t = 0, we <= 0), and the vector tiles
 * once took its end. Every backend must agree with scalar, and the
 * closest point is the start: the normal is exactly (0, -1). */
Test(collapse, zero_projection_on_an_edge_too_short_for_its_reciprocal)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    const sepax_vec2 sq[4] = {{0.0f, 0.0f}, {1e-21f, 0.0f}, {1e-21f, 1e-21f}, {0.0f, 1e-21f}};
    sepax_shape_id circle, square, round;
    cr_assert_eq(sepax_add_circle(s, (sepax_vec2){0.0f, 0.0f}, 1.0f, &circle), SEPAX_OK);
    cr_assert_eq(sepax_add_polygon(s, sq, 4, &square), SEPAX_OK);
    cr_assert_eq(sepax_add_rounded_polygon(s, sq, 4, 0.5f, &round), SEPAX_OK);
    place(s, square, 0.0f, -8.0f, identity);
    place(s, round, 0.0f, -8.0f, identity);
    sepax_vec2 v[4];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, square, 1, v, 4, &n), SEPAX_OK);
    cr_assert(v[0].y == -8.0f && v[2].y == -8.0f && v[1].x == 1e-21f, "not collapsed to a segment");

    const sepax_shape_id others[2] = {square, round};
    const float gap[2] = {7.0f, 6.5f};
    for (int k = 0; k < 2; k++) {
        sepax_result r = collide_all(s, circle, others[k]);
        cr_assert_eq(r.separation, gap[k]);
        cr_assert(r.normal.x == 0.0f && r.normal.y == -1.0f, "normal (%a, %a)", r.normal.x,
                  r.normal.y);
        r = collide_all(s, others[k], circle);
        cr_assert_eq(r.separation, gap[k]);
        cr_assert(r.normal.x == 0.0f && r.normal.y == 1.0f, "normal (%a, %a)", r.normal.x,
                  r.normal.y);
    }
    sepax_store_destroy(s);
}
