#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sepax/sepax.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static sepax_store *store;
/* A shape added before every test, so that "unchanged" covers more than
 * an empty store. */
static sepax_shape_id first_id;
static sepax_vec2 first_local[SEPAX_MAX_POLYGON_VERTICES];
static uint32_t first_count;
/* The id the next successful add must return. */
static uint32_t next_slot;

static void setup(void)
{
    cr_assert_eq(sepax_store_create(NULL, &store), SEPAX_OK);
    const sepax_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    cr_assert_eq(sepax_add_polygon(store, tri, 3, &first_id), SEPAX_OK);
    cr_assert_eq(first_id, 0u);
    cr_assert_eq(sepax_shape_vertices(store, first_id, 0, first_local, SEPAX_MAX_POLYGON_VERTICES, &first_count), SEPAX_OK);
    next_slot = 1;
}

static void teardown(void)
{
    sepax_store_destroy(store);
    store = NULL;
}

TestSuite(polygon, .init = setup, .fini = teardown);

static void assert_unchanged(const char *what)
{
    cr_assert_eq(sepax_store_count(store), next_slot, "%s: count changed to %u", what,
                 sepax_store_count(store));
    cr_assert_eq(sepax_store_slot_limit(store), next_slot, "%s: slot limit changed to %u", what,
                 sepax_store_slot_limit(store));
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(store, first_id, 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_assert_eq(n, first_count, "%s: earlier shape lost vertices", what);
    cr_assert(memcmp(v, first_local, n * sizeof *v) == 0, "%s: earlier shape changed", what);
}

static void expect_reject(const sepax_vec2 *v, size_t n, sepax_status want, const char *what)
{
    sepax_shape_id id = 0xDEADBEEFu;
    sepax_status got = sepax_add_polygon(store, v, n, &id);
    cr_assert_eq(got, want, "%s: expected %s, got %s", what, sepax_status_string(want),
                 sepax_status_string(got));
    assert_unchanged(what);
}

static sepax_shape_id expect_accept(const sepax_vec2 *v, size_t n, uint32_t want_count,
                                    const char *what)
{
    sepax_shape_id id = 0xDEADBEEFu;
    sepax_status got = sepax_add_polygon(store, v, n, &id);
    cr_assert_eq(got, SEPAX_OK, "%s: rejected with %s", what, sepax_status_string(got));
    /* Failed adds before this one must not have used up ids. */
    cr_assert_eq(id, next_slot, "%s: id %u, expected %u", what, id, next_slot);
    next_slot++;
    uint32_t n_out = 0;
    cr_assert_eq(sepax_shape_vertices(store, id, 0, NULL, 0, &n_out), SEPAX_OK);
    cr_assert_eq(n_out, want_count, "%s: %u vertices kept, expected %u", what, n_out, want_count);
    return id;
}

static double signed_area(const sepax_vec2 *v, uint32_t n)
{
    double a = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = (i + 1) % n;
        a += (double)v[i].x * v[j].y - (double)v[j].x * v[i].y;
    }
    return a / 2;
}

/* Every stored vertex is one of the wanted corners (within tol) and every
 * corner is stored once. */
static void assert_corners(sepax_shape_id id, const sepax_vec2 *want, uint32_t n, double tol)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t got = 0;
    cr_assert_eq(sepax_shape_vertices(store, id, 0, v, SEPAX_MAX_POLYGON_VERTICES, &got), SEPAX_OK);
    cr_assert_eq(got, n);
    for (uint32_t i = 0; i < n; i++) {
        int found = 0;
        for (uint32_t j = 0; j < n; j++)
            if (fabs(v[j].x - want[i].x) <= tol && fabs(v[j].y - want[i].y) <= tol)
                found++;
        cr_assert_eq(found, 1, "corner (%g, %g) stored %d times", want[i].x, want[i].y, found);
    }
    cr_assert(signed_area(v, n) > 0, "stored vertices are not counter-clockwise");
}

static void regular(sepax_vec2 *v, int n, double r, double phase)
{
    for (int i = 0; i < n; i++) {
        v[i].x = (float)(r * cos(phase + 2 * M_PI * i / n));
        v[i].y = (float)(r * sin(phase + 2 * M_PI * i / n));
    }
}

/* ---- rejections ---------------------------------------------------------- */

Test(polygon, null_pointers)
{
    const sepax_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    sepax_shape_id id;
    cr_assert_eq(sepax_add_polygon(NULL, tri, 3, &id), SEPAX_ERR_NULL);
    expect_reject(NULL, 3, SEPAX_ERR_NULL, "NULL vertices");
    cr_assert_eq(sepax_add_box(NULL, (sepax_vec2){0, 0}, (sepax_vec2){1, 1}, 0, &id),
                 SEPAX_ERR_NULL);
    expect_accept(tri, 3, 3, "valid triangle after the rejections");
}

Test(polygon, too_few_vertices)
{
    const sepax_vec2 v[4] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    expect_reject(v, 0, SEPAX_ERR_TOO_FEW_VERTICES, "0 vertices");
    expect_reject(v, 1, SEPAX_ERR_TOO_FEW_VERTICES, "1 vertex");
    expect_reject(v, 2, SEPAX_ERR_TOO_FEW_VERTICES, "2 vertices");
    const sepax_vec2 dup[3] = {{0, 0}, {0, 0}, {1, 0}};
    expect_reject(dup, 3, SEPAX_ERR_TOO_FEW_VERTICES, "3 vertices, 2 distinct");
    const sepax_vec2 same[5] = {{2, 3}, {2, 3}, {2, 3}, {2, 3}, {2, 3}};
    expect_reject(same, 5, SEPAX_ERR_TOO_FEW_VERTICES, "one point five times");
    const sepax_vec2 closed[3] = {{0, 0}, {1, 0}, {0, 0}};
    expect_reject(closed, 3, SEPAX_ERR_TOO_FEW_VERTICES, "segment with closing vertex");
    expect_accept(v, 3, 3, "triangle after the rejections");
}

Test(polygon, too_many_vertices)
{
    sepax_vec2 *v = malloc(2048 * sizeof *v);
    cr_assert(v);
    regular(v, 65, 10, 0.1);
    expect_reject(v, 65, SEPAX_ERR_TOO_MANY_VERTICES, "65 distinct vertices");
    regular(v, 200, 10, 0.1);
    expect_reject(v, 200, SEPAX_ERR_TOO_MANY_VERTICES, "200 distinct vertices");

    /* The input limit applies before cleaning: 1025 inputs are refused
     * even though they would clean down to a square... */
    const sepax_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    for (int i = 0; i < 1025; i++)
        v[i] = sq[i * 4 / 1025];
    expect_reject(v, 1025, SEPAX_ERR_TOO_MANY_VERTICES, "1025 inputs");
    expect_reject(v, 2000, SEPAX_ERR_TOO_MANY_VERTICES, "2000 inputs");
    /* ...while 1024 are accepted. */
    for (int i = 0; i < 1024; i++)
        v[i] = sq[i / 256];
    expect_accept(v, 1024, 4, "1024 inputs, 4 distinct");

    regular(v, 64, 10, 0.1);
    expect_accept(v, 64, 64, "64 distinct vertices");
    free(v);
}

Test(polygon, not_finite)
{
    const float bad[3] = {NAN, INFINITY, -INFINITY};
    for (int k = 0; k < 3; k++) {
        for (int at = 0; at < 4; at++) {
            for (int coord = 0; coord < 2; coord++) {
                sepax_vec2 v[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
                if (coord == 0)
                    v[at].x = bad[k];
                else
                    v[at].y = bad[k];
                char what[64];
                snprintf(what, sizeof what, "%s in %c of vertex %d",
                         k == 0 ? "NaN" : k == 1 ? "+inf" : "-inf", coord ? 'y' : 'x', at);
                expect_reject(v, 4, SEPAX_ERR_NOT_FINITE, what);
            }
        }
    }
    /* A NaN hidden behind a duplicate must not slip through cleaning. */
    const sepax_vec2 v[5] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {NAN, NAN}};
    expect_reject(v, 5, SEPAX_ERR_NOT_FINITE, "trailing NaN vertex");
}

Test(polygon, degenerate)
{
    const sepax_vec2 line3[3] = {{0, 0}, {1, 0}, {2, 0}};
    expect_reject(line3, 3, SEPAX_ERR_DEGENERATE, "three points on a line");
    const sepax_vec2 diag[4] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}};
    expect_reject(diag, 4, SEPAX_ERR_DEGENERATE, "four points on a diagonal");
    const sepax_vec2 back[3] = {{0, 0}, {2, 0}, {1, 0}};
    expect_reject(back, 3, SEPAX_ERR_DEGENERATE, "points on a line, out of order");
    /* Collinear within the cleaning tolerance counts as collinear. */
    const sepax_vec2 thin[3] = {{0, 0}, {1, 1e-7f}, {2, 0}};
    expect_reject(thin, 3, SEPAX_ERR_DEGENERATE, "sliver triangle");
    const sepax_vec2 ok[3] = {{0, 0}, {1, 1e-2f}, {2, 0}};
    expect_accept(ok, 3, 3, "flat but real triangle");
}

Test(polygon, non_convex)
{
    const sepax_vec2 dart[4] = {{0, 0}, {2, 1}, {0, 2}, {1, 1}};
    expect_reject(dart, 4, SEPAX_ERR_NON_CONVEX, "dart");
    const sepax_vec2 dart_cw[4] = {{1, 1}, {0, 2}, {2, 1}, {0, 0}};
    expect_reject(dart_cw, 4, SEPAX_ERR_NON_CONVEX, "dart, clockwise");
    const sepax_vec2 ell[6] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    expect_reject(ell, 6, SEPAX_ERR_NON_CONVEX, "L shape");
    /* Barely reflex, but well above the cleaning tolerance. */
    const sepax_vec2 dent[5] = {{0, 0}, {1, 0}, {1, 1}, {0.5f, 0.99f}, {0, 1}};
    expect_reject(dent, 5, SEPAX_ERR_NON_CONVEX, "shallow dent");
}

Test(polygon, self_intersecting)
{
    const sepax_vec2 bowtie[4] = {{0, 0}, {1, 1}, {1, 0}, {0, 1}};
    expect_reject(bowtie, 4, SEPAX_ERR_SELF_INTERSECTING, "bow-tie");
    const sepax_vec2 bowtie_rev[4] = {{0, 1}, {1, 0}, {1, 1}, {0, 0}};
    expect_reject(bowtie_rev, 4, SEPAX_ERR_SELF_INTERSECTING, "bow-tie, reversed");

    /* Star polygons turn the same way at every corner, so a test of
     * corner signs alone passes them: only the total turn shows they wind
     * twice. */
    sepax_vec2 ring[7], star[7];
    regular(ring, 5, 1, 0.3);
    for (int i = 0; i < 5; i++)
        star[i] = ring[(2 * i) % 5];
    expect_reject(star, 5, SEPAX_ERR_SELF_INTERSECTING, "pentagram");
    for (int i = 0; i < 5; i++)
        star[i] = ring[(5 - 2 * i % 5) % 5];
    expect_reject(star, 5, SEPAX_ERR_SELF_INTERSECTING, "pentagram, clockwise");
    regular(ring, 7, 1, 0.1);
    for (int i = 0; i < 7; i++)
        star[i] = ring[(2 * i) % 7];
    expect_reject(star, 7, SEPAX_ERR_SELF_INTERSECTING, "heptagram {7/2}");
    for (int i = 0; i < 7; i++)
        star[i] = ring[(3 * i) % 7];
    expect_reject(star, 7, SEPAX_ERR_SELF_INTERSECTING, "heptagram {7/3}");
    expect_accept(ring, 7, 7, "the heptagon itself");

    /* A triangle traced twice: every corner turns left and no two edges
     * cross properly (they lie on top of each other), yet it winds twice. */
    const sepax_vec2 twice[6] = {{0, 0}, {1, 0}, {0, 1}, {0, 0}, {1, 0}, {0, 1}};
    expect_reject(twice, 6, SEPAX_ERR_SELF_INTERSECTING, "triangle traced twice");
}

Test(polygon, failures_do_not_consume_ids)
{
    const sepax_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const sepax_vec2 bowtie[4] = {{0, 0}, {1, 1}, {1, 0}, {0, 1}};
    const sepax_vec2 line3[3] = {{0, 0}, {1, 0}, {2, 0}};
    for (int round = 0; round < 5; round++) {
        expect_reject(bowtie, 4, SEPAX_ERR_SELF_INTERSECTING, "bow-tie");
        expect_reject(line3, 3, SEPAX_ERR_DEGENERATE, "line");
        sepax_shape_id box_id;
        cr_assert_eq(sepax_add_box(store, (sepax_vec2){0, 0}, (sepax_vec2){0, 1}, 0, &box_id),
                     SEPAX_ERR_BAD_EXTENT);
        assert_unchanged("box with zero half-extent");
        expect_accept(sq, 4, 4, "square between failures");
    }
    cr_assert_eq(sepax_store_count(store), 6u);
}

/* ---- cleaning ----------------------------------------------------------- */

Test(polygon, closing_duplicate_is_merged)
{
    const sepax_vec2 sq[5] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}};
    sepax_shape_id id = expect_accept(sq, 5, 4, "square with closing vertex");
    assert_corners(id, sq, 4, 0);
}

Test(polygon, repeated_vertices_are_merged)
{
    const sepax_vec2 v[8] = {{0, 0}, {0, 0}, {1, 0}, {1, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 1}};
    const sepax_vec2 want[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    sepax_shape_id id = expect_accept(v, 8, 4, "square with repeats");
    assert_corners(id, want, 4, 0);
}

Test(polygon, near_duplicate_is_merged)
{
    /* 2e-6 is well inside 1e-5 of the diagonal (about 1.4e-5). */
    const sepax_vec2 v[5] = {{0, 0}, {1, 0}, {1 + 2e-6f, 1e-6f}, {1, 1}, {0, 1}};
    const sepax_vec2 want[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    sepax_shape_id id = expect_accept(v, 5, 4, "square with a near-duplicate");
    assert_corners(id, want, 4, 1e-5);
    /* Ten times the tolerance apart is a real vertex: a small bevel. */
    const sepax_vec2 w[5] = {{0, 0}, {1 - 2e-4f, 0}, {1, 2e-4f}, {1, 1}, {0, 1}};
    expect_accept(w, 5, 5, "square with a bevelled corner");
}

Test(polygon, collinear_vertex_is_dropped)
{
    const sepax_vec2 want[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    const sepax_vec2 mid[5] = {{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}};
    assert_corners(expect_accept(mid, 5, 4, "midpoint on an edge"), want, 4, 0);
    const sepax_vec2 many[8] = {{0, 0}, {0.5f, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}, {0, 2}, {0, 1}};
    assert_corners(expect_accept(many, 8, 4, "four points on edges"), want, 4, 0);
    const sepax_vec2 near[5] = {{0, 0}, {1, 1e-6f}, {2, 0}, {2, 2}, {0, 2}};
    expect_accept(near, 5, 4, "nearly collinear vertex");
    /* A bulge of 1e-3 on a diagonal of 2.8 is far above tolerance. */
    const sepax_vec2 bulge[5] = {{0, 0}, {1, -1e-3f}, {2, 0}, {2, 2}, {0, 2}};
    expect_accept(bulge, 5, 5, "slight but real bulge");
}

Test(polygon, tolerance_is_relative_to_size)
{
    /* The same shapes at 1e6 and 1e-6: what is collinear at one scale
     * must be collinear at the other. */
    const double scales[2] = {1e6, 1e-6};
    for (int k = 0; k < 2; k++) {
        float s = (float)scales[k];
        const sepax_vec2 near[5] = {{0, 0}, {s, 1e-6f * s}, {2 * s, 0}, {2 * s, 2 * s}, {0, 2 * s}};
        expect_accept(near, 5, 4, "nearly collinear, scaled");
        const sepax_vec2 bulge[5] = {
            {0, 0}, {s, -1e-3f * s}, {2 * s, 0}, {2 * s, 2 * s}, {0, 2 * s}};
        expect_accept(bulge, 5, 5, "bulge, scaled");
        const sepax_vec2 dup[5] = {{0, 0}, {2 * s, 0}, {2 * s + 1e-6f * s, 0}, {2 * s, 2 * s}, {0, 2 * s}};
        expect_accept(dup, 5, 4, "near-duplicate, scaled");
    }
}

Test(polygon, clockwise_is_stored_counter_clockwise)
{
    const sepax_vec2 cw[5] = {{0, 0}, {0, 2}, {1, 3}, {2, 2}, {2, 0}};
    sepax_shape_id id = expect_accept(cw, 5, 5, "clockwise house");
    assert_corners(id, cw, 5, 0);
    /* Same cyclic sequence as the counter-clockwise input. */
    sepax_vec2 ccw[5];
    for (int i = 0; i < 5; i++)
        ccw[i] = cw[4 - i];
    sepax_shape_id id2 = expect_accept(ccw, 5, 5, "counter-clockwise house");
    sepax_vec2 a[SEPAX_MAX_POLYGON_VERTICES], b[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t na, nb;
    cr_assert_eq(sepax_shape_vertices(store, id, 0, a, SEPAX_MAX_POLYGON_VERTICES, &na), SEPAX_OK);
    cr_assert_eq(sepax_shape_vertices(store, id2, 0, b, SEPAX_MAX_POLYGON_VERTICES, &nb), SEPAX_OK);
    int shift = -1;
    for (int s = 0; s < 5 && shift < 0; s++)
        if (a[s].x == b[0].x && a[s].y == b[0].y)
            shift = s;
    cr_assert(shift >= 0);
    for (int i = 0; i < 5; i++)
        cr_assert(a[(i + shift) % 5].x == b[i].x && a[(i + shift) % 5].y == b[i].y,
                  "the two windings give different cyclic orders");
}

Test(polygon, clockwise_with_cleaning)
{
    /* Closing vertex, repeat and collinear point, all in clockwise input. */
    const sepax_vec2 v[8] = {{0, 0}, {0, 1}, {0, 2}, {2, 2}, {2, 2}, {2, 0}, {1, 0}, {0, 0}};
    const sepax_vec2 want[4] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    assert_corners(expect_accept(v, 8, 4, "messy clockwise square"), want, 4, 0);
}

/* ---- boxes --------------------------------------------------------------- */

Test(polygon, box_half_extents_must_be_positive)
{
    const sepax_vec2 halves[] = {{0, 1}, {1, 0}, {-1, 1}, {1, -1}, {0, 0}, {-0.0f, 1}};
    for (size_t i = 0; i < sizeof halves / sizeof halves[0]; i++) {
        sepax_shape_id id;
        sepax_status st = sepax_add_box(store, (sepax_vec2){0, 0}, halves[i], 0, &id);
        cr_assert_eq(st, SEPAX_ERR_BAD_EXTENT, "half (%g, %g): %s", halves[i].x, halves[i].y,
                     sepax_status_string(st));
        assert_unchanged("bad box");
    }
    sepax_shape_id id;
    sepax_status st = sepax_add_box(store, (sepax_vec2){NAN, 0}, (sepax_vec2){1, 1}, 0, &id);
    cr_assert_neq(st, SEPAX_OK, "box with a NaN centre accepted");
    assert_unchanged("box with NaN centre");
    st = sepax_add_box(store, (sepax_vec2){0, 0}, (sepax_vec2){1, 1}, INFINITY, &id);
    cr_assert_neq(st, SEPAX_OK, "box with an infinite angle accepted");
    assert_unchanged("box with infinite angle");
}

Test(polygon, box_corners)
{
    const float angles[] = {0, 0.3f, (float)(M_PI / 2), -2.0f};
    for (size_t k = 0; k < sizeof angles / sizeof angles[0]; k++) {
        sepax_vec2 c = {1.5f, -2}, h = {2, 0.5f};
        sepax_shape_id id;
        cr_assert_eq(sepax_add_box(store, c, h, angles[k], &id), SEPAX_OK);
        cr_assert_eq(id, next_slot);
        next_slot++;
        double ca = cos(angles[k]), sa = sin(angles[k]);
        sepax_vec2 want[4];
        const int sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
        for (int i = 0; i < 4; i++) {
            double x = sx[i] * h.x, y = sy[i] * h.y;
            want[i].x = (float)(c.x + ca * x - sa * y);
            want[i].y = (float)(c.y + sa * x + ca * y);
        }
        assert_corners(id, want, 4, 1e-5);
    }
}
