/* Contact manifolds (sepax_collide_manifolds, sepax_collide_manifolds_hits):
 * pairs worked by hand, a double-precision check of every point on random
 * pairs of every kind, feature ids under small motions, every backend
 * against the scalar reference byte for byte, the compacted call against
 * the full one, and the statuses of bad calls.
 *
 * Counts go to stderr: Criterion's warning log would fail the run. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle_round.h"
#include "scene.h"
#include "sepax/sepax.h"
#include "support/backends_criterion.h"
#include "support/round_gen.h"
#include "support/round_store.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The feature id layout of sepax.h, for building expected ids. */
#define LONE 0x80000000u
#define NONE 0xFFu
static uint32_t face_id(unsigned owner, unsigned ref, unsigned inc, unsigned end)
{
    return (uint32_t)(owner << 17 | end << 16 | inc << 8 | ref);
}
static uint32_t lone_id(unsigned fa, unsigned fb)
{
    return LONE | (uint32_t)(fb << 8 | fa);
}

/* What a manifold must hold besides its points: the result's normal,
 * separation and flags, reserved 0, and all-zero unused points. */
static void expect_form(const sepax_manifold *m, const sepax_result *r, const char *what)
{
    cr_expect(same_bits(m->normal.x, r->normal.x) && same_bits(m->normal.y, r->normal.y) &&
                  same_bits(m->separation, r->separation) && m->flags == r->flags,
              "%s: manifold header differs from the result", what);
    cr_expect_eq(m->reserved, 0, "%s: reserved %u", what, m->reserved);
    const int hit = (r->flags & SEPAX_HIT) != 0;
    cr_expect(hit ? m->point_count >= 1 && m->point_count <= 2 : m->point_count == 0,
              "%s: %u points for a %s", what, m->point_count, hit ? "hit" : "miss");
    static const sepax_contact zero;
    for (unsigned k = m->point_count; k < SEPAX_MAX_MANIFOLD_POINTS; k++)
        cr_expect(memcmp(&m->points[k], &zero, sizeof zero) == 0, "%s: unused point %u not zero",
                  what, k);
}

/* The manifold of (a, b) on the scalar store, checked against
 * sepax_collide's result. */
static sepax_manifold manifold_of(sepax_store *s, sepax_shape_id a, sepax_shape_id b,
                                  const char *what)
{
    const sepax_pair p = {a, b};
    sepax_result r;
    sepax_manifold m;
    cr_assert_eq(sepax_collide(s, &p, 1, &r, NULL), SEPAX_OK);
    cr_assert_eq(sepax_collide_manifolds(s, &p, 1, &m, NULL), SEPAX_OK);
    expect_form(&m, &r, what);
    return m;
}

typedef struct want_point {
    float x, y, separation;
    uint32_t id;
} want_point;

/* Exact coordinates and separations (tol 0), or within tol. */
static void expect_points(const sepax_manifold *m, const want_point *w, unsigned n, float tol,
                          const char *what)
{
    cr_assert_eq(m->point_count, n, "%s: %u points, want %u", what, m->point_count, n);
    for (unsigned k = 0; k < n; k++) {
        const sepax_contact *c = &m->points[k];
        cr_expect(fabsf(c->point.x - w[k].x) <= tol && fabsf(c->point.y - w[k].y) <= tol,
                  "%s: point %u at (%.9g, %.9g), want (%.9g, %.9g)", what, k, c->point.x,
                  c->point.y, w[k].x, w[k].y);
        cr_expect(fabsf(c->separation - w[k].separation) <= tol,
                  "%s: point %u separation %.9g, want %.9g", what, k, c->separation,
                  w[k].separation);
        cr_expect_eq(c->id, w[k].id, "%s: point %u id %#x, want %#x", what, k, c->id, w[k].id);
    }
}

static void expect_normal(const sepax_manifold *m, float nx, float ny, float separation,
                          const char *what)
{
    cr_expect(m->normal.x == nx && m->normal.y == ny && m->separation == separation,
              "%s: normal (%.9g, %.9g) separation %.9g, want (%.9g, %.9g) %.9g", what,
              m->normal.x, m->normal.y, m->separation, nx, ny, separation);
}

static sepax_shape_id add_rounded(sepax_store *s, float x0, float y0, float x1, float y1, float r)
{
    const sepax_vec2 v[4] = {v2(x0, y0), v2(x1, y0), v2(x1, y1), v2(x0, y1)};
    sepax_shape_id id = 0;
    cr_assert_eq(sepax_add_rounded_polygon(s, v, 4, r, &id), SEPAX_OK);
    return id;
}

/* ---- pairs worked by hand ----------------------------------------------- */
/*
 * Every number below is dyadic unless said otherwise, so the library's
 * float arithmetic is exact and the points are compared exactly. A box of
 * half-extents (hx, hy) at (cx, cy) has vertices (cx -+ hx, cy -+ hy) in
 * the order bottom-left, bottom-right, top-right, top-left, so edge 0 is
 * the bottom (normal (0, -1)), 1 the right, 2 the top (normal (0, 1)), 3
 * the left. A clipped point's separation is d - rA - rB, d its core
 * point's signed distance past the reference face; it lies at the core
 * point moved by -(r_incident + separation / 2) along the reference
 * face's normal.
 */

/* Box B (half 1, centre (0.5, 1.75): bottom y = 0.75, x in [-0.5, 1.5])
 * resting on box A (half (2, 1) at the origin: top y = 1). A's top face
 * gives 0.75 - 1 = -0.25, B's bottom face -(1 - 0.75) = -0.25: a tie, so
 * A's face 2 is the reference. B's most anti-parallel edge is its bottom,
 * edge 0, from (-0.5, 0.75) to (1.5, 0.75), inside A's top face's extent
 * [-2, 2]: both corners are kept, each 0.25 deep, at their corner moved
 * up by 0.25 / 2: (-0.5, 0.875) and (1.5, 0.875). */
Test(manifold_hand, box_on_box)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_box(s, 0, 0, 2, 1), b = add_box(s, 0.5f, 1.75f, 1, 1);
    sepax_manifold m = manifold_of(s, a, b, "box on box");
    expect_normal(&m, 0, 1, -0.25f, "box on box");
    expect_points(&m,
                  (const want_point[]){{-0.5f, 0.875f, -0.25f, face_id(0, 2, 0, 0)},
                                       {1.5f, 0.875f, -0.25f, face_id(0, 2, 0, 1)}},
                  2, 0, "box on box");

    /* Swapped, the tie goes to the pair's A, now the upper box: its
     * bottom (edge 0, from (-0.5, 0.75) to (1.5, 0.75)) is the reference
     * and the lower box's top (edge 2, from (2, 1) to (-2, 1)) is clipped
     * to [-0.5, 1.5]: (2, 1) slides to (1.5, 1) (end 0), (-2, 1) to
     * (-0.5, 1) (end 1); both 0.25 deep, moved down by -0.125 along
     * (0, -1): the same two points. */
    m = manifold_of(s, b, a, "box on box, swapped");
    expect_normal(&m, 0, -1, -0.25f, "box on box, swapped");
    expect_points(&m,
                  (const want_point[]){{1.5f, 0.875f, -0.25f, face_id(0, 0, 2, 0)},
                                       {-0.5f, 0.875f, -0.25f, face_id(0, 0, 2, 1)}},
                  2, 0, "box on box, swapped");
    sepax_store_destroy(s);
}

/* A unit box (half 1) turned by 30 degrees stands on its lowest corner,
 * 0.1 deep into box A's top. Its corners are R(30) (-+1, -+1): the lowest
 * is local (-1, -1), at (-cos 30 + sin 30, -sin 30 - cos 30) = (-0.3660254,
 * -1.3660254) from its centre, which is placed at (0, 0.9 + 1.3660254).
 * Its edge 0 (normal (sin 30, -cos 30), dot -0.866 with (0, 1)) is more
 * anti-parallel to A's top than edge 3 (dot -0.5); it starts at the lowest
 * corner (end 0), and its other end, 1 above the corner, is dropped. The
 * point: the corner moved up by 0.05. Not dyadic: within 1e-6. */
Test(manifold_hand, box_on_a_corner)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_box(s, 0, 0, 2, 1);
    const double c30 = cos(M_PI / 6), s30 = sin(M_PI / 6);
    sepax_shape_id b = 0;
    cr_assert_eq(sepax_add_box(s, v2(0, (float)(0.9 + c30 + s30)), v2(1, 1), (float)(M_PI / 6),
                               &b),
                 SEPAX_OK);
    const sepax_manifold m = manifold_of(s, a, b, "corner");
    cr_expect(m.normal.x == 0 && m.normal.y == 1 && fabsf(m.separation + 0.1f) < 1e-6f,
              "corner: normal (%g, %g) separation %.9g", m.normal.x, m.normal.y, m.separation);
    expect_points(&m,
                  (const want_point[]){{(float)(s30 - c30), 0.95f, -0.1f, face_id(0, 2, 0, 0)}},
                  1, 1e-6f, "corner");
    sepax_store_destroy(s);
}

/* Circles: one point. */
Test(manifold_hand, circles)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id box = add_box(s, 0, 0, 2, 1);

    /* Centre (0.5, 1.5), r 0.75, above the top (y = 1): the cores are
     * 0.5 apart, a closest-point axis (0, 1), separation 0.5 - 0.75. The
     * closest core points: (0.5, 1) inside A's top edge and the centre;
     * the surfaces at (0.5, 1) and (0.5, 1.5 - 0.75): midway (0.5, 0.875).
     * Features: the inside of an edge of A, B's centre (vertex 0). */
    const sepax_shape_id on = add_circle(s, 0.5f, 1.5f, 0.75f);
    sepax_manifold m = manifold_of(s, box, on, "circle on box");
    expect_normal(&m, 0, 1, -0.25f, "circle on box");
    expect_points(&m, (const want_point[]){{0.5f, 0.875f, -0.25f, lone_id(NONE, 0)}}, 1, 0,
                  "circle on box");

    /* Centre (0.5, 0.5) inside the box: its top is nearest (0.5 - 1),
     * depth 0.5 + 0.75. The circle's surface towards A is (0.5, 0.5 -
     * 0.75), the box's 1.25 further up, at y = 1: midway (0.5, 0.375). */
    const sepax_shape_id in = add_circle(s, 0.5f, 0.5f, 0.75f);
    m = manifold_of(s, box, in, "circle in box");
    expect_normal(&m, 0, 1, -1.25f, "circle in box");
    expect_points(&m, (const want_point[]){{0.5f, 0.375f, -1.25f, lone_id(NONE, 0)}}, 1, 0,
                  "circle in box");
    /* the same circle as A: its surface is its centre moved along the
     * normal (0, -1), and the point is the same */
    m = manifold_of(s, in, box, "box around circle");
    expect_normal(&m, 0, -1, -1.25f, "box around circle");
    expect_points(&m, (const want_point[]){{0.5f, 0.375f, -1.25f, lone_id(0, NONE)}}, 1, 0,
                  "box around circle");

    /* Two circles r 1, centres 1.5 apart: surfaces at x = 1 and 0.5,
     * midway 0.75; both features vertex 0. */
    const sepax_shape_id c1 = add_circle(s, 10, 0, 1), c2 = add_circle(s, 11.5f, 0, 1);
    m = manifold_of(s, c1, c2, "two circles");
    expect_normal(&m, 1, 0, -0.5f, "two circles");
    expect_points(&m, (const want_point[]){{10.75f, 0, -0.5f, lone_id(0, 0)}}, 1, 0,
                  "two circles");
    sepax_store_destroy(s);
}

/* Capsule p1 (-1, 1.25) to p2 (1.5, 1.25), r 0.5, lying on box A (top y =
 * 1): its core is 0.25 above the top, so the axis is a closest-point one,
 * (0, 1) with separation 0.25 - 0.5. The first closest pair is p1 over
 * the inside of A's top edge, so A's face 2 is the reference; the
 * capsule's side 0 (p1 -> p2, normal (0, -1)) is the incident edge. Both
 * ends lie in [-2, 2], 0.25 above the face: separation -0.25, each at its
 * end moved down by 0.5 - 0.125: (-1, 0.875) and (1.5, 0.875). */
Test(manifold_hand, capsule_on_box)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_box(s, 0, 0, 2, 1), b = add_capsule(s, -1, 1.25f, 1.5f, 1.25f, 0.5f);
    const sepax_manifold m = manifold_of(s, a, b, "capsule on box");
    expect_normal(&m, 0, 1, -0.25f, "capsule on box");
    expect_points(&m,
                  (const want_point[]){{-1, 0.875f, -0.25f, face_id(0, 2, 0, 0)},
                                       {1.5f, 0.875f, -0.25f, face_id(0, 2, 0, 1)}},
                  2, 0, "capsule on box");

    /* Standing on its end p1 (0.5, 1.25), p2 (0.5, 3): still the top
     * face, the incident edge side 0 (both sides square to it, the first
     * wins), p1 kept at (0.5, 0.875), p2 1.75 above the face dropped. */
    const sepax_shape_id up = add_capsule(s, 0.5f, 1.25f, 0.5f, 3, 0.5f);
    const sepax_manifold u = manifold_of(s, a, up, "standing capsule");
    expect_normal(&u, 0, 1, -0.25f, "standing capsule");
    expect_points(&u, (const want_point[]){{0.5f, 0.875f, -0.25f, face_id(0, 2, 0, 0)}}, 1, 0,
                  "standing capsule");
    sepax_store_destroy(s);
}

/* Segment A (-3, 0.5) to (3, 0.5) through box B (half 1 at the origin).
 * A's side 0 (normal (0, -1)) gives -(1 - 0.5) = -0.5, B's top -0.5: the
 * tie goes to A's side 0. B's top edge (2, from (1, 1) to (-1, 1)) is the
 * incident edge, inside [-3, 3], 0.5 below the side: points at (+-1, 1)
 * moved by 0.25 along (0, -1): (1, 0.75) and (-1, 0.75). */
Test(manifold_hand, segment_across_polygon)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_segment(s, -3, 0.5f, 3, 0.5f), b = add_box(s, 0, 0, 1, 1);
    sepax_manifold m = manifold_of(s, a, b, "segment across box");
    expect_normal(&m, 0, -1, -0.5f, "segment across box");
    expect_points(&m,
                  (const want_point[]){{1, 0.75f, -0.5f, face_id(0, 0, 2, 0)},
                                       {-1, 0.75f, -0.5f, face_id(0, 0, 2, 1)}},
                  2, 0, "segment across box");

    /* Segment (0, 0) to (1, 0) with its end p2 0.25 into a box's left
     * face (x = 0.75): the end face (2, normal (1, 0)) and the box's left
     * face tie at -0.25, so A's end face is the reference: one point,
     * from p2 by -0.125 along (1, 0). The box's left face (3) is the
     * incident one. */
    const sepax_shape_id c = add_segment(s, 0, 0, 1, 0), d = add_box(s, 1.75f, 0, 1, 4);
    m = manifold_of(s, c, d, "segment end in box");
    expect_normal(&m, 1, 0, -0.25f, "segment end in box");
    expect_points(&m, (const want_point[]){{0.875f, 0, -0.25f, face_id(0, 2, 3, 0)}}, 1, 0,
                  "segment end in box");
    sepax_store_destroy(s);
}

/* Rounded boxes, r 0.25 each: A's core [-2, 2] x [-1, 1]. */
Test(manifold_hand, rounded_polygons)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_rounded(s, -2, -1, 2, 1, 0.25f);

    /* B's core [-0.5, 1.5] x [1.25, 3.25]: cores 0.25 apart, surfaces
     * 0.25 into each other; the first closest pair is B's vertex 0 over
     * the inside of A's top edge, so A's face 2 is the reference and B's
     * bottom the incident edge. Points at B's bottom corners moved down by
     * rB + separation / 2 = 0.125: the surfaces are at y = 1.25 (A) and
     * 1.0 (B), midway 1.125. */
    const sepax_shape_id apart = add_rounded(s, -0.5f, 1.25f, 1.5f, 3.25f, 0.25f);
    sepax_manifold m = manifold_of(s, a, apart, "rounded, cores apart");
    expect_normal(&m, 0, 1, -0.25f, "rounded, cores apart");
    expect_points(&m,
                  (const want_point[]){{-0.5f, 1.125f, -0.25f, face_id(0, 2, 0, 0)},
                                       {1.5f, 1.125f, -0.25f, face_id(0, 2, 0, 1)}},
                  2, 0, "rounded, cores apart");

    /* 0.5 lower: the cores overlap by 0.25, a face axis (A's top wins the
     * tie), separation -0.25 - 0.5. Surfaces at y = 1.25 and 0.5: midway
     * 0.875. */
    const sepax_shape_id deep = add_rounded(s, -0.5f, 0.75f, 1.5f, 2.75f, 0.25f);
    m = manifold_of(s, a, deep, "rounded, cores overlap");
    expect_normal(&m, 0, 1, -0.75f, "rounded, cores overlap");
    expect_points(&m,
                  (const want_point[]){{-0.5f, 0.875f, -0.75f, face_id(0, 2, 0, 0)},
                                       {1.5f, 0.875f, -0.75f, face_id(0, 2, 0, 1)}},
                  2, 0, "rounded, cores overlap");

    /* Corner to corner: B's core [2.25, 4.25] x [1.25, 3.25]; A's vertex 2
     * (2, 1) is closest to B's vertex 0 (2.25, 1.25), sqrt(0.125) away:
     * one point, midway between (2, 1) + 0.25 n and (2.25, 1.25) - 0.25
     * n, which is (2.125, 1.125) (within rounding of n). */
    const sepax_shape_id corner = add_rounded(s, 2.25f, 1.25f, 4.25f, 3.25f, 0.25f);
    m = manifold_of(s, a, corner, "rounded, corners");
    const float sep = sqrtf(0.125f) - 0.5f;
    cr_expect(fabsf(m.separation - sep) < 1e-7f && fabsf(m.normal.x - 0.70710678f) < 1e-7f &&
                  fabsf(m.normal.y - 0.70710678f) < 1e-7f,
              "corners: normal (%.9g, %.9g) separation %.9g", m.normal.x, m.normal.y,
              m.separation);
    expect_points(&m, (const want_point[]){{2.125f, 1.125f, m.separation, lone_id(2, 0)}}, 1,
                  1e-6f, "rounded, corners");
    sepax_store_destroy(s);
}

/* ---- feature ids under small motions ------------------------------------ */

static void place(sepax_store *s, sepax_shape_id id, float x, float y, float angle)
{
    const sepax_transform t = sepax_transform_make(x, y, angle);
    cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
}

/* A box (or capsule) resting 0.1 deep on a wide ground box, then nudged
 * and turned a little: the same features touch, so the same ids come
 * back, in the same order, while the points move with the shape. */
Test(manifold_ids, stable_under_small_motion)
{
    sepax_store *s = scalar_store();
    sepax_shape_id ground = 0, box = 0;
    cr_assert_eq(sepax_add_box(s, v2(0, 0), v2(5, 1), 0, &ground), SEPAX_OK);
    cr_assert_eq(sepax_add_box(s, v2(0, 0), v2(1, 1), 0, &box), SEPAX_OK);
    const sepax_shape_id cap = add_capsule(s, -1, 0, 1, 0, 0.5f);
    const sepax_shape_id rnd = add_rounded(s, -0.75f, -0.75f, 0.75f, 0.75f, 0.25f);
    const struct {
        sepax_shape_id id;
        float rest_y;
        const char *name;
    } movers[] = {{box, 1.9f, "box"}, {cap, 1.4f, "capsule"}, {rnd, 1.9f, "rounded box"}};
    const float motion[][3] = {{0.01f, 0, 0},  {-0.03f, 0.004f, 0}, {0, 0, 0.01f},
                               {0.02f, -0.01f, -0.02f}, {-0.5f, 0.02f, 0.015f}};
    for (size_t k = 0; k < sizeof movers / sizeof movers[0]; k++) {
        place(s, movers[k].id, 0, movers[k].rest_y, 0);
        const sepax_manifold rest = manifold_of(s, ground, movers[k].id, movers[k].name);
        cr_assert_eq(rest.point_count, 2, "%s at rest: %u points", movers[k].name,
                     rest.point_count);
        for (size_t j = 0; j < sizeof motion / sizeof motion[0]; j++) {
            place(s, movers[k].id, motion[j][0], movers[k].rest_y + motion[j][1], motion[j][2]);
            const sepax_manifold m = manifold_of(s, ground, movers[k].id, movers[k].name);
            cr_expect_eq(m.point_count, 2, "%s, motion %zu: %u points", movers[k].name, j,
                         m.point_count);
            for (unsigned p = 0; p < 2 && p < m.point_count; p++) {
                cr_expect_eq(m.points[p].id, rest.points[p].id,
                             "%s, motion %zu: point %u id %#x, at rest %#x", movers[k].name, j,
                             p, m.points[p].id, rest.points[p].id);
                const float dx = m.points[p].point.x - rest.points[p].point.x;
                const float dy = m.points[p].point.y - rest.points[p].point.y;
                cr_expect(hypotf(dx, dy) < 0.6f, "%s, motion %zu: point %u moved %g",
                          movers[k].name, j, p, hypotf(dx, dy));
            }
        }
        /* put it away so that it touches nothing else's tests */
        place(s, movers[k].id, 100 + 10 * (float)k, 100, 0);
    }
    /* The ids differ from one feature pair to another: the two points of
     * a manifold never share one. */
    place(s, box, 0, 1.9f, 0);
    const sepax_manifold m = manifold_of(s, ground, box, "box");
    cr_expect_neq(m.points[0].id, m.points[1].id);
    sepax_store_destroy(s);
}

/* ---- every point against the geometry, in double ------------------------ */

/* Signed distance from (x, y) to the shape's surface: < 0 inside. */
static double surface_distance(const oround_shape *s, double x, double y)
{
    return oround_signed_distance(s, x, y) - s->r;
}

typedef struct geo_tally {
    size_t pairs, hits, points, two_points, face_points, lone_points;
    size_t one_side; /* points whose surface point is checked on one shape only */
    double worst_surface, worst_slack_used, worst_below;
    size_t failures;
} geo_tally;

#define MAX_REPORTS 8

static void report_pair(const sepax_store *s, sepax_pair p, const sepax_manifold *m,
                        const char *what, unsigned k)
{
    fprintf(stderr, "manifold geometry (%s), point %u: normal (%a, %a) separation %a, %u points\n",
            what, k, m->normal.x, m->normal.y, m->separation, m->point_count);
    for (unsigned i = 0; i < m->point_count; i++)
        fprintf(stderr, "  point (%.9g, %.9g) separation %.9g id %#x\n", m->points[i].point.x,
                m->points[i].point.y, m->points[i].separation, m->points[i].id);
    const sepax_shape_id ids[2] = {p.a, p.b};
    for (int j = 0; j < 2; j++) {
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = 0;
        sepax_shape_desc d = {SEPAX_SHAPE_POLYGON, 0.0f, 0};
        sepax_shape_vertices(s, ids[j], 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
        sepax_shape_info(s, ids[j], &d);
        fprintf(stderr, "  %c: r %a", j ? 'B' : 'A', d.radius);
        for (uint32_t i = 0; i < n; i++)
            fprintf(stderr, " (%a, %a)", v[i].x, v[i].y);
        fprintf(stderr, "\n");
    }
}

/* The checks of one hit's manifold, with tol = 1e-5 of the pair's scale:
 *  - each point's two surface points p -+ (separation / 2) n lie on A's
 *    and B's surfaces within tol, except that a point clipped from a
 *    round incident shape's edge may lie inside that shape by up to
 *    r (1 - cos t), t the angle between the incident edge's normal and
 *    the reference face's (the point is moved by the radius along the
 *    reference normal, not the edge's own); a lone point standing for a
 *    face contact (a segment's end face, or the deepest vertex when the
 *    clipped points fell outside) is checked on the incident side only;
 *  - no point is deeper than the pair: separation >= the result's - tol,
 *    and no point apart: separation <= 0;
 *  - ids name features that exist. */
static void check_geometry(const sepax_store *s, sepax_pair p, const sepax_manifold *m,
                           const sepax_result *r, geo_tally *t)
{
    oround_shape sh[2];
    cr_assert_eq(oround_from_store(s, p.a, &sh[0]), SEPAX_OK);
    cr_assert_eq(oround_from_store(s, p.b, &sh[1]), SEPAX_OK);
    oround_answer o;
    oround_collide(&sh[0], &sh[1], &o);
    const double tol = o.tol;
    t->hits++;
    t->two_points += m->point_count == 2;
    const double nx = m->normal.x, ny = m->normal.y;
    for (unsigned k = 0; k < m->point_count; k++) {
        const sepax_contact *c = &m->points[k];
        t->points++;
        const char *bad = NULL;
        const double h = c->separation / 2.0;
        const double q[2][2] = {{c->point.x - h * nx, c->point.y - h * ny},
                                {c->point.x + h * nx, c->point.y + h * ny}};
        double d[2] = {surface_distance(&sh[0], q[0][0], q[0][1]),
                       surface_distance(&sh[1], q[1][0], q[1][1])};
        double slack[2] = {0, 0};
        int checked[2] = {1, 1};
        const int lone = (c->id & LONE) != 0;
        if (!lone) {
            t->face_points++;
            const unsigned ref = c->id & 0xFFu, inc = (c->id >> 8) & 0xFFu;
            const unsigned owner = (c->id >> 17) & 1u, other = 1u - owner;
            double rnx, rny, inx, iny, len;
            if ((c->id & 0x7FFC0000u) != 0 ||
                !oround_face_normal(&sh[owner], (int)ref, &rnx, &rny, &len) ||
                !oround_face_normal(&sh[other], (int)inc, &inx, &iny, &len)) {
                bad = "id names no face";
            } else if (sh[owner].n == 2 && ref >= 2) {
                checked[other] = 0; /* a segment's end: its own surface point only */
            } else {
                const double cosine = fmin(1.0, -(rnx * inx + rny * iny));
                slack[other] = sh[other].r * (1.0 - cosine);
            }
        } else {
            t->lone_points++;
            const unsigned fa = c->id & 0xFFu, fb = (c->id >> 8) & 0xFFu;
            if ((c->id & 0x7FFF0000u) != 0 || (fa != NONE && fa >= (unsigned)sh[0].n) ||
                (fb != NONE && fb >= (unsigned)sh[1].n))
                bad = "id names no vertex";
            /* the deepest-vertex fallback of a face axis (two cores of
             * two vertices or more; a circle's lone point comes from its
             * centre): the vertex's own surface point only */
            if (r->edge != SEPAX_EDGE_NONE && sh[0].n > 1 && sh[1].n > 1)
                checked[r->owner] = 0;
        }
        t->one_side += !checked[0] || !checked[1];
        for (int j = 0; j < 2 && !bad; j++) {
            if (!checked[j])
                continue;
            t->worst_surface = fmax(t->worst_surface, fabs(d[j]) - slack[j]);
            t->worst_slack_used = fmax(t->worst_slack_used, fmax(0.0, -d[j] - tol));
            if (d[j] > tol || d[j] < -(tol + slack[j]))
                bad = j ? "B's surface point off B's surface" : "A's surface point off A's surface";
        }
        if (!bad && !(c->separation <= 0.0f))
            bad = "point apart";
        if (!bad && c->separation < m->separation - tol)
            bad = "point deeper than the pair";
        t->worst_below = fmax(t->worst_below, (double)m->separation - c->separation);
        if (bad && ++t->failures <= MAX_REPORTS) {
            report_pair(s, p, m, bad, k);
            fprintf(stderr, "  surface distances %.3g %.3g, slack %.3g %.3g, tol %.3g\n", d[0],
                    d[1], slack[0], slack[1], tol);
        }
    }
}

#define PER_KIND_PAIR 600 /* scaled as a total, so SEPAX_TEST_SCALE shrinks it */

Test(manifold_geometry, random_pairs_of_every_kind, .timeout = 600)
{
    const size_t per =
        cases_scaled((size_t)PER_KIND_PAIR * GEN_KINDS * GEN_KINDS) / (GEN_KINDS * GEN_KINDS);
    geo_tally all;
    memset(&all, 0, sizeof all);
    gen_shape ga, gb;
    sepax_pair *pairs = malloc(per * sizeof *pairs);
    sepax_result *res = malloc(per * sizeof *res);
    sepax_manifold *man = malloc(per * sizeof *man);
    cr_assert(pairs && res && man);
    fprintf(stderr, "manifold geometry: %zu pairs per ordered kind pair\n"
                    "  %-8s %-8s %6s %6s %6s %6s %5s\n",
            per, "A", "B", "hits", "points", "two", "lone", "fail");
    for (int ka = 0; ka < GEN_KINDS; ka++) {
        for (int kb = 0; kb < GEN_KINDS; kb++) {
            geo_tally t;
            memset(&t, 0, sizeof t);
            sepax_store *s = scalar_store();
            cases_rng g;
            cases_rng_seed(&g, 0x3A41F000u + (uint64_t)(ka * GEN_KINDS + kb));
            for (size_t i = 0; i < per; i++) {
                char msg[256];
                cr_assert_eq(gen_pair_make(s, &g, ka, kb, &ga, &gb, msg, sizeof msg), SEPAX_OK,
                             "%s", msg);
                pairs[i] = (sepax_pair){ga.id, gb.id};
            }
            cr_assert_eq(sepax_collide(s, pairs, per, res, NULL), SEPAX_OK);
            cr_assert_eq(sepax_collide_manifolds(s, pairs, per, man, NULL), SEPAX_OK);
            for (size_t i = 0; i < per; i++) {
                t.pairs++;
                expect_form(&man[i], &res[i], "random pair");
                if (man[i].flags & SEPAX_HIT)
                    check_geometry(s, pairs[i], &man[i], &res[i], &t);
            }
            fprintf(stderr, "  %-8s %-8s %6zu %6zu %6zu %6zu %5zu\n", gen_kind_name[ka],
                    gen_kind_name[kb], t.hits, t.points, t.two_points, t.lone_points,
                    t.failures);
            cr_expect(t.hits > per / 8, "%s against %s: %zu hits", gen_kind_name[ka],
                      gen_kind_name[kb], t.hits);
            all.pairs += t.pairs;
            all.hits += t.hits;
            all.points += t.points;
            all.two_points += t.two_points;
            all.face_points += t.face_points;
            all.lone_points += t.lone_points;
            all.one_side += t.one_side;
            all.failures += t.failures;
            all.worst_surface = fmax(all.worst_surface, t.worst_surface);
            all.worst_slack_used = fmax(all.worst_slack_used, t.worst_slack_used);
            all.worst_below = fmax(all.worst_below, t.worst_below);
            sepax_store_destroy(s);
        }
    }
    fprintf(stderr,
            "  all: %zu pairs, %zu hits, %zu points (%zu clipped, %zu lone; %zu checked on one "
            "shape only), %zu manifolds of two; worst surface distance beyond the slack %.3g, "
            "worst slack used %.3g, %zu failures\n",
            all.pairs, all.hits, all.points, all.face_points, all.lone_points, all.one_side,
            all.two_points, all.worst_surface, all.worst_slack_used, all.failures);
    cr_expect(all.two_points > all.hits / 10, "only %zu manifolds of two points in %zu hits",
              all.two_points, all.hits);
    cr_assert_eq(all.failures, 0u, "%zu points off the geometry (first ones on stderr)",
                 all.failures);
    free(pairs);
    free(res);
    free(man);
}

/* ---- every backend, the compacted call, bad calls ----------------------- */

/* A mixed scene and its broadphase pairs, swapped in every third pair so
 * that both orders of every kind pair occur. */
typedef struct scene_pairs {
    sepax_scene scene;
    sepax_store *store;
    sepax_pair *pairs;
    size_t count;
} scene_pairs;

static void scene_make(scene_pairs *sp, size_t shapes, uint64_t seed, uint32_t max_vertices)
{
    memset(sp, 0, sizeof *sp);
    sepax_scene_params p = sepax_scene_params_mixed_kinds();
    p.shapes = shapes;
    p.seed = seed;
    p.max_vertices = max_vertices;
    cr_assert_eq(sepax_scene_generate(&p, &sp->scene), 0);
    cr_assert_eq(sepax_store_create(NULL, &sp->store), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(sp->store, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax_scene_load(&sp->scene, sp->store, NULL, NULL), 0);
    size_t n = 0;
    sepax_broadphase(sp->store, NULL, 0, &n);
    sp->pairs = malloc((n + 1) * sizeof *sp->pairs);
    cr_assert_not_null(sp->pairs);
    cr_assert_eq(sepax_broadphase(sp->store, sp->pairs, n, &sp->count), SEPAX_OK);
    for (size_t i = 0; i < sp->count; i += 3) {
        const sepax_shape_id t = sp->pairs[i].a;
        sp->pairs[i].a = sp->pairs[i].b;
        sp->pairs[i].b = t;
    }
}

static void scene_free(scene_pairs *sp)
{
    free(sp->pairs);
    sepax_store_destroy(sp->store);
    sepax_scene_free(&sp->scene);
}

/* One backend's manifolds, then its compacted list (count, status, then
 * the hits) with room for every hit. */
typedef struct man_run {
    const sepax_pair *pairs;
    size_t count;
} man_run;

static sepax_status man_compute(sepax_store *s, void *out, void *ctx)
{
    const man_run *r = ctx;
    unsigned char *o = out;
    sepax_status st = sepax_collide_manifolds(s, r->pairs, r->count, (sepax_manifold *)out, NULL);
    if (st != SEPAX_OK)
        return st;
    size_t found = 0;
    unsigned char *h = o + r->count * sizeof(sepax_manifold);
    memset(h, 0, sizeof(uint64_t) + r->count * sizeof(sepax_manifold_hit));
    st = sepax_collide_manifolds_hits(s, r->pairs, r->count,
                                      (sepax_manifold_hit *)(h + sizeof(uint64_t)), r->count,
                                      &found, NULL);
    const uint64_t f = found;
    memcpy(h, &f, sizeof f);
    return st;
}

static void man_describe(const void *want, const void *got, size_t unit, char *msg, size_t size,
                         void *ctx)
{
    (void)want;
    (void)got;
    const man_run *r = ctx;
    if (unit < r->count * sizeof(sepax_manifold))
        snprintf(msg, size, "manifold of pair %zu", unit / sizeof(sepax_manifold));
    else
        snprintf(msg, size, "byte %zu of the compacted list",
                 unit - r->count * sizeof(sepax_manifold));
}

Test(manifold_backends, every_backend_gives_scalars_bytes, .timeout = 600)
{
    /* cores of up to 12 vertices, so that both the tiles and the
     * one-at-a-time paths of the kernels feed the manifolds */
    const uint32_t sizes[] = {8, 12};
    for (size_t z = 0; z < 2; z++) {
        scene_pairs sp;
        scene_make(&sp, cases_scaled(3000) < 300 ? 300 : cases_scaled(3000), 41 + z, sizes[z]);
        man_run r = {sp.pairs, sp.count};
        const size_t bytes = sp.count * sizeof(sepax_manifold) + sizeof(uint64_t) +
                             sp.count * sizeof(sepax_manifold_hit);
        unsigned char *want = malloc(bytes);
        cr_assert_not_null(want);
        const backends_job job = {man_compute, &r, bytes, 1, man_describe, 0, want};
        (void)assert_backends_match_scalar(sp.store, &job, "manifolds");

        /* scalar's compacted list is the full list's hits, in order */
        const sepax_manifold *full = (const sepax_manifold *)want;
        uint64_t found;
        memcpy(&found, want + sp.count * sizeof(sepax_manifold), sizeof found);
        const sepax_manifold_hit *hits =
            (const sepax_manifold_hit *)(want + sp.count * sizeof(sepax_manifold) + sizeof found);
        size_t k = 0, two = 0;
        for (size_t i = 0; i < sp.count; i++) {
            if (!(full[i].flags & SEPAX_HIT))
                continue;
            two += full[i].point_count == 2;
            cr_assert_lt(k, found, "fewer compacted hits than hits");
            cr_expect(hits[k].pair == i &&
                          memcmp(&hits[k].manifold, &full[i], sizeof full[i]) == 0,
                      "compacted hit %zu differs from pair %zu's manifold", k, i);
            k++;
        }
        cr_expect_eq(k, found, "%zu hits, the compacted call found %zu", k, (size_t)found);
        cr_expect(found > 100 && two > 10, "too few hits (%zu) or pairs (%zu) to compare",
                  (size_t)found, two);
        fprintf(stderr, "manifolds on every backend: %zu pairs, %zu hits, %zu of two points\n",
                sp.count, (size_t)found, two);

        /* capped: the first capacity hits, SEPAX_ERR_CAPACITY, the count */
        const size_t cap = (size_t)found / 3;
        sepax_manifold_hit *capped = calloc(cap + 1, sizeof *capped);
        cr_assert_not_null(capped);
        size_t got = 0;
        cr_expect_eq(sepax_collide_manifolds_hits(sp.store, sp.pairs, sp.count, capped, cap, &got,
                                                  NULL),
                     SEPAX_ERR_CAPACITY);
        cr_expect_eq(got, (size_t)found);
        cr_expect(memcmp(capped, hits, cap * sizeof *capped) == 0, "capped list differs");
        static const sepax_manifold_hit zero;
        cr_expect(memcmp(&capped[cap], &zero, sizeof zero) == 0, "written past capacity");
        /* the count alone */
        cr_expect_eq(sepax_collide_manifolds_hits(sp.store, sp.pairs, sp.count, NULL, 0, &got,
                                                  NULL),
                     SEPAX_ERR_CAPACITY);
        cr_expect_eq(got, (size_t)found);
        free(capped);
        free(want);
        scene_free(&sp);
    }
}

/* Every bad call gets the status sepax_collide or sepax_collide_hits gives
 * the same arguments, and writes nothing. */
Test(manifold_calls, bad_input)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id a = add_box(s, 0, 0, 1, 1), b = add_circle(s, 0.5f, 0.5f, 1);
    const sepax_shape_id gone = add_circle(s, 5, 5, 1);
    cr_assert_eq(sepax_remove(s, gone), SEPAX_OK);
    const sepax_pair good[2] = {{a, b}, {b, a}};
    sepax_manifold m[2];
    sepax_result r[2];
    sepax_hit h[2];
    sepax_manifold_hit mh[2];
    size_t bad = 99, bad2 = 99, n = 99, n2 = 99;

    cr_expect_eq(sepax_collide_manifolds(NULL, good, 2, m, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_collide_manifolds(s, NULL, 2, m, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_collide_manifolds(s, good, 2, NULL, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_collide_manifolds(s, NULL, 0, NULL, NULL), SEPAX_OK);
    cr_expect_eq(sepax_collide_manifolds(NULL, NULL, 0, NULL, NULL),
                 sepax_collide(NULL, NULL, 0, NULL, NULL));
    cr_expect_eq(sepax_collide_manifolds(s, good, SIZE_MAX / 8, m, NULL), SEPAX_ERR_OVERFLOW);

    const sepax_pair stale[3] = {{a, b}, {a, gone}, {b, b}};
    memset(m, 0x5A, sizeof m);
    const sepax_manifold before = m[0];
    cr_expect_eq(sepax_collide_manifolds(s, stale, 3, m, &bad), sepax_collide(s, stale, 3, r, &bad2));
    cr_expect_eq(sepax_collide_manifolds(s, stale, 3, m, &bad), SEPAX_ERR_STALE_ID);
    cr_expect_eq(bad, 1u);
    cr_expect_eq(bad2, 1u);
    cr_expect(memcmp(&m[0], &before, sizeof before) == 0, "a manifold was written");
    cr_expect_eq(sepax_collide_manifolds(s, stale + 2, 1, m, &bad), SEPAX_ERR_BAD_PAIR);
    cr_expect_eq(bad, 0u);
    const sepax_pair wild = {0x7FFFFFu, a};
    cr_expect_eq(sepax_collide_manifolds(s, &wild, 1, m, &bad), SEPAX_ERR_BAD_ID);

    /* the compacted call */
    cr_expect_eq(sepax_collide_manifolds_hits(s, good, 2, mh, 2, NULL, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_collide_manifolds_hits(s, good, 2, NULL, 2, &n, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(n, 0u);
    cr_expect_eq(sepax_collide_manifolds_hits(NULL, good, 2, mh, 2, &n, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_collide_manifolds_hits(s, NULL, 2, mh, 2, &n, NULL), SEPAX_ERR_NULL);
    n = 99;
    cr_expect_eq(sepax_collide_manifolds_hits(s, stale, 3, mh, 2, &n, &bad),
                 sepax_collide_hits(s, stale, 3, h, 2, &n2, &bad2));
    cr_expect_eq(n, 0u);
    cr_expect_eq(bad, bad2);
    cr_expect_eq(sepax_collide_manifolds_hits(s, good, 2, mh, 1, &n, NULL), SEPAX_ERR_CAPACITY);
    cr_expect_eq(n, 2u);
    cr_expect_eq(sepax_collide_manifolds_hits(s, good, 2, mh, 2, &n, NULL), SEPAX_OK);
    cr_expect_eq(n, 2u);
    cr_expect_eq(sepax_collide_hits(s, good, 2, h, 2, &n2, NULL), SEPAX_OK);
    for (size_t i = 0; i < 2; i++)
        cr_expect(mh[i].pair == h[i].pair && mh[i].manifold.flags == h[i].result.flags);
    cr_expect_eq(sepax_collide_manifolds_hits(s, good, (size_t)UINT32_MAX + 1, mh, 2, &n, NULL),
                 SEPAX_ERR_OVERFLOW);
    cr_expect_eq(sepax_collide_manifolds_hits(s, NULL, 0, NULL, 0, &n, NULL), SEPAX_OK);
    cr_expect_eq(n, 0u);
    sepax_store_destroy(s);
}
