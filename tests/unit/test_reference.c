/* Hand-worked pairs with known answers. Each expectation below was derived
 * on paper from the contract (one-sided face separation, A's faces before
 * B's, lowest index on ties); every available backend must produce it. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sepax/sepax.h"
#include "support/backends_criterion.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static sepax_store *S;

static void setup(void)
{
    cr_assert_eq(sepax_store_create(NULL, &S), SEPAX_OK);
}

static void teardown(void)
{
    sepax_store_destroy(S);
}

TestSuite(reference, .init = setup, .fini = teardown);

static sepax_shape_id poly(const sepax_vec2 *v, size_t n)
{
    sepax_shape_id id;
    sepax_status st = sepax_add_polygon(S, v, n, &id);
    cr_assert_eq(st, SEPAX_OK, "%s", sepax_status_string(st));
    return id;
}

static sepax_shape_id rect(float x0, float y0, float x1, float y1)
{
    const sepax_vec2 v[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
    return poly(v, 4);
}

static sepax_shape_id box(float cx, float cy, float hx, float hy, float angle)
{
    sepax_shape_id id;
    cr_assert_eq(sepax_add_box(S, (sepax_vec2){cx, cy}, (sepax_vec2){hx, hy}, angle, &id),
                 SEPAX_OK);
    return id;
}

static void place(sepax_shape_id id, sepax_transform t)
{
    cr_assert_eq(sepax_set_transforms(S, &id, &t, 1), SEPAX_OK);
}

/* The scalar answer, after checking that every other available backend
 * agrees bit for bit (also after a world update of its own) and that the
 * result is self-consistent. */
static sepax_result collide1(sepax_shape_id a, sepax_shape_id b)
{
    const sepax_pair p = {a, b};
    sepax_result r;
    char what[64];
    snprintf(what, sizeof what, "pair %#x/%#x", a, b);
    assert_pairs_match_scalar(S, &p, 1, &r, what);
    cr_assert_eq(sepax_store_set_backend(S, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(!!(r.flags & SEPAX_HIT), r.separation <= 0, "hit flag disagrees with %.9g",
                 r.separation);
    cr_assert(r.owner == SEPAX_OWNER_A || r.owner == SEPAX_OWNER_B);
    return r;
}

/* Index of the stored edge of id that starts at (x, y), within tol. */
static int edge_from(sepax_shape_id id, double x, double y, double tol)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n;
    cr_assert_eq(sepax_shape_vertices(S, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    for (uint32_t i = 0; i < n; i++)
        if (fabs(v[i].x - x) <= tol && fabs(v[i].y - y) <= tol)
            return (int)i;
    cr_assert_fail("shape %#x has no vertex at (%g, %g)", id, x, y);
    return -1;
}

static void expect(sepax_result r, double sep, double nx, double ny, unsigned owner, int edge,
                   unsigned flags, double tol, const char *what)
{
    cr_assert(fabs(r.separation - sep) <= tol, "%s: separation %.9g, expected %.9g", what,
              r.separation, sep);
    cr_assert(fabs(r.normal.x - nx) <= tol && fabs(r.normal.y - ny) <= tol,
              "%s: normal (%.9g, %.9g), expected (%.9g, %.9g)", what, r.normal.x, r.normal.y, nx,
              ny);
    cr_assert_eq(r.owner, owner, "%s: owner %u, expected %u", what, r.owner, owner);
    cr_assert_eq(r.edge, edge, "%s: edge %u, expected %d", what, r.edge, edge);
    cr_assert_eq(r.flags, flags, "%s: flags %u, expected %u", what, r.flags, flags);
}

#define H SEPAX_HIT
#define AB (SEPAX_HIT | SEPAX_A_IN_B)
#define BA (SEPAX_HIT | SEPAX_B_IN_A)
#define OA SEPAX_OWNER_A
#define OB SEPAX_OWNER_B

Test(reference, touching_along_an_edge)
{
    sepax_shape_id a = rect(0, 0, 1, 1), b = rect(1, 0, 2, 1);
    /* A's right face and B's left face both give 0: A's wins the tie. */
    expect(collide1(a, b), 0, 1, 0, OA, edge_from(a, 1, 0, 0), H, 0, "edge contact");
    expect(collide1(b, a), 0, -1, 0, OA, edge_from(b, 1, 1, 0), H, 0, "edge contact, swapped");
    cr_assert(!signbit(collide1(a, b).separation), "touching must report +0, not -0");
}

Test(reference, touching_at_a_corner)
{
    sepax_shape_id a = rect(0, 0, 1, 1), b = rect(1, 1, 2, 2);
    sepax_result r = collide1(a, b);
    /* Two of A's faces give 0; the lower stored index wins. */
    int right = edge_from(a, 1, 0, 0), top = edge_from(a, 1, 1, 0);
    int want = right < top ? right : top;
    expect(r, 0, want == right ? 1 : 0, want == right ? 0 : 1, OA, want, H, 0, "corner contact");
}

Test(reference, touching_partly_along_an_edge)
{
    sepax_shape_id a = rect(0, 0, 2, 2), b = rect(2, 1.5f, 3, 5);
    expect(collide1(a, b), 0, 1, 0, OA, edge_from(a, 2, 0, 0), H, 0, "half-edge contact");
}

Test(reference, pentagon_against_rectangle)
{
    const sepax_vec2 house[5] = {{0, 0}, {2, 0}, {2, 2}, {1, 3}, {0, 2}};
    sepax_shape_id a = poly(house, 5), b = rect(1.5f, 2, 3, 3);
    /* The rectangle's corner (1.5, 2) is 0.5/sqrt(2) inside the roof
     * x + y = 4; every other face gives -0.5 or less. */
    const double r2 = sqrt(0.5), d = 0.5 * r2;
    expect(collide1(a, b), -d, r2, r2, OA, edge_from(a, 2, 2, 0), H, 1e-6, "house vs rect");
    expect(collide1(b, a), -d, -r2, -r2, OB, edge_from(a, 2, 2, 0), H, 1e-6, "rect vs house");
    cr_assert(fabsf(collide1(a, b).separation - collide1(b, a).separation) <= 1e-6f,
              "swapping must not change the separation");
}

Test(reference, separated_pair_reports_the_gap)
{
    sepax_shape_id a = rect(0, 0, 1, 1), b = rect(1.25f, 0, 2, 1);
    expect(collide1(a, b), 0.25, 1, 0, OA, edge_from(a, 1, 0, 0), 0, 0, "gap of 0.25");
    /* Diagonal neighbour: the face separation is the larger axis gap (2),
     * not the Euclidean distance between the corners (sqrt 5). */
    sepax_shape_id c = rect(2, 3, 3, 4);
    expect(collide1(a, c), 2, 0, 1, OA, edge_from(a, 1, 1, 0), 0, 0, "diagonal gap");
    expect(collide1(c, a), 2, 0, -1, OA, edge_from(c, 2, 3, 0), 0, 0, "diagonal gap, swapped");
}

Test(reference, square_inside_square)
{
    sepax_shape_id small = rect(1, 1.5f, 2, 2.5f), big = rect(0, 0, 4, 3);
    /* Smallest push: 1.5 down (small's bottom face, tied with big's top
     * face seen from the other side; A's wins). */
    expect(collide1(small, big), -1.5, 0, -1, OA, edge_from(small, 1, 1.5, 0), AB, 0,
           "small in big");
    expect(collide1(big, small), -1.5, 0, 1, OA, edge_from(big, 4, 3, 0), BA, 0,
           "big around small");

    /* Moving B by depth * normal leaves the pair exactly touching. */
    sepax_result r = collide1(small, big);
    double depth = -r.separation;
    place(big, (sepax_transform){{(float)(depth * r.normal.x), (float)(depth * r.normal.y)}, {1, 0}});
    sepax_result after = collide1(small, big);
    cr_assert_eq(after.separation, 0.0f, "after the push the separation is %.9g", after.separation);
    cr_assert_eq(after.flags, H);
}

Test(reference, triangle_inside_square)
{
    sepax_shape_id sq = rect(0, 0, 4, 4);
    const sepax_vec2 tri[3] = {{1, 1.5f}, {2, 1.5f}, {1, 2.5f}};
    sepax_shape_id t = poly(tri, 3);
    /* Cheapest way out: left through x = 0, which takes 2 (the vertex at
     * x = 2 has to clear it); the others need 2.5 or more. */
    expect(collide1(sq, t), -2, -1, 0, OA, edge_from(sq, 0, 4, 0), BA, 0, "triangle in square");
    expect(collide1(t, sq), -2, 1, 0, OB, edge_from(sq, 0, 4, 0), AB, 0, "square around triangle");
    sepax_result r = collide1(sq, t);
    place(t, (sepax_transform){{(float)(-r.separation * r.normal.x),
                                (float)(-r.separation * r.normal.y)},
                               {1, 0}});
    sepax_result after = collide1(sq, t);
    cr_assert_eq(after.separation, 0.0f);
    cr_assert_eq(after.flags, H, "the pushed triangle only touches the square");
}

Test(reference, identical_squares_tie_everywhere)
{
    sepax_shape_id a = rect(0, 0, 1, 1), b = rect(0, 0, 1, 1);
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n;
    cr_assert_eq(sepax_shape_vertices(S, a, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    /* Edge 0's outward normal, from its direction. */
    double ex = v[1].x - v[0].x, ey = v[1].y - v[0].y;
    expect(collide1(a, b), -1, ey, -ex, OA, 0, H | SEPAX_A_IN_B | SEPAX_B_IN_A, 0, "identical");
}

Test(reference, lowest_index_wins_a_tie_among_faces_of_a)
{
    sepax_shape_id a = rect(0, 0, 2, 2);
    const sepax_vec2 tri[3] = {{1, 1}, {3, 1}, {1, 3}};
    sepax_shape_id b = poly(tri, 3);
    /* A's right and top faces and B's bottom and left faces all give -1. */
    int right = edge_from(a, 2, 0, 0), top = edge_from(a, 2, 2, 0);
    int want = right < top ? right : top;
    expect(collide1(a, b), -1, want == right ? 1 : 0, want == right ? 0 : 1, OA, want, H, 0,
           "four-way tie");
}

Test(reference, rotated_boxes)
{
    const double r2 = sqrt(0.5), s2 = sqrt(2);
    /* A diamond (square at 45 degrees) poking into an upright square. */
    sepax_shape_id d = box(0, 0, 1, 1, (float)(M_PI / 4)), sq = box(2.2f, 0, 1, 1, 0);
    expect(collide1(d, sq), 1.2 - s2, 1, 0, OB, edge_from(sq, 1.2, 1, 1e-6), H, 1e-6,
           "diamond vs square");
    expect(collide1(sq, d), 1.2 - s2, -1, 0, OA, edge_from(sq, 1.2, 1, 1e-6), H, 1e-6,
           "square vs diamond");

    /* Two diamonds: the winning axis is diagonal. Along (1,1)/sqrt2 the
     * gap between faces is (2.5 + 0.3)/sqrt2 - 2. A's face from (s2, 0)
     * and B's face from (2.5 - s2, 0.3) lie on that axis from both sides:
     * their normals are exact negatives of each other and the vertex each
     * face finds deepest is the other face's first vertex, so both face
     * values are the same float, n.b' - n.a', and the tie goes to A's face
     * (docs/CONVENTIONS.md: ties to the lowest axis index, A's faces
     * before B's). */
    sepax_shape_id d2 = box(2.5f, 0.3f, 1, 1, (float)(M_PI / 4));
    double sep = 2.8 / s2 - 2;
    expect(collide1(d, d2), sep, r2, r2, OA, edge_from(d, s2, 0, 1e-5), H, 1e-6, "diamonds");

    /* The same two diamonds made by rotating upright boxes: the same tie,
     * won by whichever is A. */
    sepax_shape_id u1 = box(0, 0, 1, 1, 0), u2 = box(0, 0, 1, 1, 0);
    place(u1, sepax_transform_make(0, 0, (float)(M_PI / 4)));
    place(u2, sepax_transform_make(2.5f, 0.3f, (float)(M_PI / 4)));
    expect(collide1(u1, u2), sep, r2, r2, OA, edge_from(u1, s2, 0, 1e-5), H, 1e-6,
           "diamonds by transform");
    expect(collide1(u2, u1), sep, -r2, -r2, OA, edge_from(u2, 2.5 - s2, 0.3, 1e-5), H, 1e-6,
           "diamonds by transform, swapped");
}

Test(reference, winding_of_the_input_does_not_matter)
{
    const sepax_vec2 ccw[5] = {{0, 0}, {2, 0}, {2, 2}, {1, 3}, {0, 2}};
    sepax_vec2 cw[5];
    for (int i = 0; i < 5; i++)
        cw[i] = ccw[4 - i];
    sepax_shape_id a = poly(ccw, 5), a_cw = poly(cw, 5);
    const sepax_vec2 tri[3] = {{1.5f, 1}, {3, 2.5f}, {1.8f, 2.9f}};
    sepax_vec2 tri_cw[3] = {tri[2], tri[1], tri[0]};
    sepax_shape_id b = poly(tri, 3), b_cw = poly(tri_cw, 3);
    const sepax_transform moves[3] = {
        {{0, 0}, {1, 0}}, {{0.3f, -0.2f}, {1, 0}}, {{5, 5}, {0, 1}}};
    for (int m = 0; m < 3; m++) {
        sepax_shape_id ids[2] = {b, b_cw};
        sepax_transform xf[2] = {moves[m], moves[m]};
        cr_assert_eq(sepax_set_transforms(S, ids, xf, 2), SEPAX_OK);
        const sepax_shape_id as[2] = {a, a_cw}, bs[2] = {b, b_cw};
        sepax_result base = collide1(a, b);
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                sepax_result r = collide1(as[i], bs[j]);
                /* Where a stored cycle starts is not specified, and it can
                 * shift the last bit; the answer itself must not change. */
                cr_assert(fabsf(r.separation - base.separation) <= 1e-6f &&
                              fabsf(r.normal.x - base.normal.x) <= 1e-6f &&
                              fabsf(r.normal.y - base.normal.y) <= 1e-6f &&
                              r.owner == base.owner && r.flags == base.flags,
                          "move %d, windings %d/%d: result differs", m, i, j);
                /* The winning edge is the same edge, whatever its index. */
                sepax_vec2 v0[SEPAX_MAX_POLYGON_VERTICES], v1[SEPAX_MAX_POLYGON_VERTICES];
                uint32_t n0, n1;
                sepax_shape_id o0 = base.owner == OA ? a : b;
                sepax_shape_id o1 = r.owner == OA ? as[i] : bs[j];
                cr_assert_eq(sepax_shape_vertices(S, o0, 1, v0, SEPAX_MAX_POLYGON_VERTICES, &n0), SEPAX_OK);
                cr_assert_eq(sepax_shape_vertices(S, o1, 1, v1, SEPAX_MAX_POLYGON_VERTICES, &n1), SEPAX_OK);
                cr_assert(v0[base.edge].x == v1[r.edge].x && v0[base.edge].y == v1[r.edge].y,
                          "move %d, windings %d/%d: a different edge won", m, i, j);
            }
        }
    }
}

Test(reference, swapping_flips_the_normal)
{
    const sepax_vec2 hex[6] = {{0, 0}, {2, -0.5f}, {3.5f, 0.5f}, {3, 2}, {1, 2.5f}, {-0.5f, 1.2f}};
    const sepax_vec2 quad[4] = {{0, 0}, {1.5f, 0.2f}, {1.2f, 1.4f}, {-0.3f, 1}};
    sepax_shape_id a = poly(hex, 6), b = poly(quad, 4);
    for (int k = 0; k < 40; k++) {
        float ang = 0.157f * (float)k;
        place(b, sepax_transform_make(1.0f + 0.1f * (float)k, 0.5f + 0.05f * (float)k, ang));
        sepax_result ab = collide1(a, b), ba = collide1(b, a);
        /* The same face values either way round, up to rounding (the
         * contract does not promise the last bit is symmetric). The steps
         * never bring two faces within rounding of each other, so the same
         * face wins from both sides, in the other role. */
        cr_assert(fabsf(ab.separation - ba.separation) <= 1e-6f, "step %d: %.9g vs %.9g", k,
                  ab.separation, ba.separation);
        cr_assert(fabsf(ab.separation) > 1e-4f, "step %d is too close to touching", k);
        cr_assert_eq(ab.flags & SEPAX_HIT, ba.flags & SEPAX_HIT);
        cr_assert_eq(!!(ab.flags & SEPAX_A_IN_B), !!(ba.flags & SEPAX_B_IN_A));
        cr_assert_eq(!!(ab.flags & SEPAX_B_IN_A), !!(ba.flags & SEPAX_A_IN_B));
        cr_assert_neq(ab.owner, ba.owner, "step %d: the owner did not swap", k);
        cr_assert_eq(ab.edge, ba.edge, "step %d: a different face won", k);
        cr_assert(fabsf(ab.normal.x + ba.normal.x) <= 1e-6f &&
                      fabsf(ab.normal.y + ba.normal.y) <= 1e-6f,
                  "step %d: the normal did not flip", k);
        double len = hypot(ab.normal.x, ab.normal.y);
        cr_assert(fabs(len - 1) < 1e-6, "step %d: normal length %.9g", k, len);
    }
}

Test(reference, far_from_the_origin)
{
    /* Differences are taken before products, so a touching pair far out
     * still touches exactly when its coordinates are exact. */
    sepax_shape_id a = rect(100000, 100000, 100001, 100001);
    sepax_shape_id b = rect(100001, 100000.5f, 100002, 100003);
    expect(collide1(a, b), 0, 1, 0, OA, edge_from(a, 100001, 100000, 0), H, 0, "far contact");
    sepax_shape_id c = rect(100001.5f, 100000, 100002, 100001);
    expect(collide1(a, c), 0.5, 1, 0, OA, edge_from(a, 100001, 100000, 0), 0, 0, "far gap");
}
