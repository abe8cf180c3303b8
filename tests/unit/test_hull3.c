/* Hulls and capsules in the 3D store: what a hull keeps of its points,
 * every refusal with its status and the store unchanged, allocation
 * failure, and pairs worked by hand (each on every backend, which must
 * give scalar's bytes). */
#include <criterion/criterion.h>
#include <string.h>

#include "3d/hull_build.h"
#include "3d/kernels/hull3.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oracle/oracle_hull3.h"
#include "sepax/sepax3d.h"
#include "support/failing_alloc.h"

static const sepax3_quat ID = {1, 0, 0, 0};

static sepax3_store *store(void)
{
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    return s;
}

/* the hull of the corners (+-hx, +-hy, +-hz) */
static sepax_shape_id box_hull(sepax3_store *s, float hx, float hy, float hz)
{
    sepax3_vec c[8];
    for (int k = 0; k < 8; k++)
        c[k] = (sepax3_vec){(k & 1) ? hx : -hx, (k & 2) ? hy : -hy, (k & 4) ? hz : -hz};
    sepax_shape_id id;
    cr_assert_eq(sepax3_add_hull(s, c, 8, &id), SEPAX_OK);
    return id;
}

static sepax_shape_id cube_hull(sepax3_store *s, float h)
{
    return box_hull(s, h, h, h);
}

static void place(sepax3_store *s, sepax_shape_id id, float x, float y, float z, sepax3_quat q)
{
    const sepax3_transform t = {{x, y, z}, q};
    cr_assert_eq(sepax3_set_transforms(s, &id, &t, 1), SEPAX_OK);
}

/* collide one pair on scalar, then check every other backend gives the
 * same bytes */
static sepax3_result collide(sepax3_store *s, sepax_shape_id a, sepax_shape_id b)
{
    const sepax_pair p = {a, b};
    sepax3_result want, got;
    cr_assert_eq(sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax3_collide(s, &p, 1, &want, NULL), SEPAX_OK);
    for (int k = 1; k < SEPAX_BACKEND_COUNT; k++) {
        if (sepax3_store_set_backend(s, (sepax_backend)k) != SEPAX_OK)
            continue;
        cr_assert_eq(sepax3_collide(s, &p, 1, &got, NULL), SEPAX_OK);
        cr_expect_eq(memcmp(&want, &got, sizeof got), 0, "%s differs from scalar",
                     sepax_backend_name((sepax_backend)k));
    }
    return want;
}

#define NEAR(x, y, tol) cr_expect(fabs((double)(x) - (double)(y)) <= (tol), "%s = %.9g, not %.9g", #x, (double)(x), (double)(y))

Test(hull3, keeps_corners_faces_and_edges)
{
    sepax3_store *s = store();
    sepax3_shape_desc d;
    /* a cube with points inside and on its faces and edges: only the 8
     * corners stay, the 6 square faces merged from Qhull's triangles */
    sepax3_vec p[20];
    for (int k = 0; k < 8; k++)
        p[k] = (sepax3_vec){(k & 1) ? 1.f : -1.f, (k & 2) ? 1.f : -1.f, (k & 4) ? 1.f : -1.f};
    p[8] = (sepax3_vec){0, 0, 0}, p[9] = (sepax3_vec){0, 0, 1}, p[10] = (sepax3_vec){1, 1, 0};
    p[11] = (sepax3_vec){0.5f, -1, 0.25f};
    sepax_shape_id id;
    cr_assert_eq(sepax3_add_hull(s, p, 12, &id), SEPAX_OK);
    cr_assert_eq(sepax3_shape_info(s, id, &d), SEPAX_OK);
    cr_expect_eq(d.kind, SEPAX3_SHAPE_HULL);
    cr_expect_eq(d.vertex_count, 8);
    cr_expect_eq(d.face_count, 6);
    cr_expect_eq(d.edge_count, 12);
    NEAR(d.half_extents.x, 1, 0);
    NEAR(d.half_extents.y, 1, 0);
    NEAR(d.half_extents.z, 1, 0);
    /* a tetrahedron off the origin: 4, 4, 6; the centre is the mean */
    const sepax3_vec t[4] = {{10, 0, 0}, {11, 0, 0}, {10, 1, 0}, {10, 0, 1}};
    cr_assert_eq(sepax3_add_hull(s, t, 4, &id), SEPAX_OK);
    cr_assert_eq(sepax3_shape_info(s, id, &d), SEPAX_OK);
    cr_expect_eq(d.vertex_count, 4);
    cr_expect_eq(d.face_count, 4);
    cr_expect_eq(d.edge_count, 6);
    NEAR(d.centre.x, 10.25, 1e-6);
    NEAR(d.centre.y, 0.25, 1e-6);
    NEAR(d.centre.z, 0.25, 1e-6);
    sepax3_vec v[4];
    size_t n = 0;
    cr_expect_eq(sepax3_hull_vertices(s, id, v, 2, &n), SEPAX_ERR_CAPACITY);
    cr_expect_eq(n, 4);
    cr_assert_eq(sepax3_hull_vertices(s, id, v, 4, &n), SEPAX_OK);
    for (size_t i = 0; i < 4; i++) {
        int found = 0;
        for (int k = 0; k < 4; k++)
            found |= fabsf(v[i].x - t[k].x) < 1e-5f && fabsf(v[i].y - t[k].y) < 1e-5f &&
                     fabsf(v[i].z - t[k].z) < 1e-5f;
        cr_expect(found, "vertex %zu (%g %g %g) is no input corner", i, v[i].x, v[i].y, v[i].z);
    }
    sepax_shape_id box;
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){1, 1, 1}, ID, &box), SEPAX_OK);
    n = 77;
    cr_expect_eq(sepax3_hull_vertices(s, box, v, 4, &n), SEPAX_ERR_WRONG_KIND);
    cr_expect_eq(n, 77u, "a refused call leaves the count as it was");
    sepax3_store_destroy(s);
}

/* every refusal: its status, and nothing added */
Test(hull3, refusals_leave_the_store_as_it_was)
{
    sepax3_store *s = store();
    cube_hull(s, 1);
    sepax_shape_id id = 0x12345678u;
    static sepax3_vec many[SEPAX3_MAX_HULL_POINTS + 1];
    const sepax3_vec flat[5] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.5f, 0.2f, 0}};
    const sepax3_vec line[4] = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}};
    const sepax3_vec same[4] = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
    sepax3_vec nan_pt[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    sepax3_vec far_pt[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    nan_pt[2].y = NAN;
    far_pt[3].z = 1e19f;
    /* 200 points on a sphere: all corners, too many */
    static sepax3_vec ball[200];
    for (int i = 0; i < 200; i++) {
        const double z = 1.0 - (2.0 * i + 1.0) / 200.0, rr = sqrt(1.0 - z * z), a = 2.399963 * i;
        ball[i] = (sepax3_vec){(float)(rr * cos(a)), (float)(rr * sin(a)), (float)z};
    }
    cr_expect_eq(sepax3_add_hull(s, flat, 3, &id), SEPAX_ERR_TOO_FEW_VERTICES);
    cr_expect_eq(sepax3_add_hull(s, many, SEPAX3_MAX_HULL_POINTS + 1, &id),
                 SEPAX_ERR_TOO_MANY_VERTICES);
    cr_expect_eq(sepax3_add_hull(s, flat, 5, &id), SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax3_add_hull(s, line, 4, &id), SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax3_add_hull(s, same, 4, &id), SEPAX_ERR_DEGENERATE, "%s",
                 sepax_status_string(sepax3_add_hull(s, same, 4, &id)));
    cr_expect_eq(sepax3_add_hull(s, nan_pt, 4, &id), SEPAX_ERR_NOT_FINITE);
    cr_expect_eq(sepax3_add_hull(s, far_pt, 4, &id), SEPAX_ERR_OUT_OF_RANGE);
    cr_expect_eq(sepax3_add_hull(s, ball, 200, &id), SEPAX_ERR_TOO_MANY_VERTICES);
    /* in the plane y + 10 z = 0 until 0.3 and 0.2 round to float, which
     * leaves a sliver 1e-8 thick that Qhull takes (found by fuzz_collide3:
     * its faces are rounding, and no oracle can say what they are) */
    const sepax3_vec sliver[4] = {{-2, -3, 0.3f}, {2, -2, 0.2f}, {0, 0, 0}, {-2, 0, 0}};
    cr_expect_eq(sepax3_add_hull(s, sliver, 4, &id), SEPAX_ERR_DEGENERATE);
    /* a plate 1e-4 of its diagonal thick is a hull */
    const sepax3_vec plate[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.3f, 0.3f, 1.5e-4f}};
    sepax_shape_id kept;
    cr_expect_eq(sepax3_add_hull(s, plate, 4, &kept), SEPAX_OK);
    cr_expect_eq(sepax3_remove(s, kept), SEPAX_OK);
    cr_expect_eq(sepax3_add_hull(s, NULL, 4, &id), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_add_hull(s, flat, 4, NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax3_add_capsule(s, (sepax3_vec){1, 2, 3}, (sepax3_vec){1, 2, 3}, 1, &id),
                 SEPAX_ERR_DEGENERATE);
    cr_expect_eq(sepax3_add_capsule(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){1, 0, 0}, 0, &id),
                 SEPAX_ERR_BAD_RADIUS);
    cr_expect_eq(sepax3_add_capsule(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){1, 0, NAN}, 1, &id),
                 SEPAX_ERR_NOT_FINITE);
    cr_expect_eq(id, 0x12345678u, "a refused call wrote an id");
    cr_expect_eq(sepax3_store_count(s), 1);
    cr_expect_eq(sepax3_store_slot_limit(s), 2, "the plate's slot, freed");
    sepax3_store_destroy(s);
}

/* A store that refuses its n-th allocation: every add, growth and pool
 * repack either happens or leaves the count as it was, and nothing
 * leaks. */
/* A store that refuses its n-th allocation: every add, growth and pool
 * repack either happens or leaves the count as it was, and nothing
 * leaks. */
Test(hull3, every_allocation_can_fail)
{
    for (int k = 0;; k++) {
        failing_alloc f = {k, 0, 0};
        const sepax_allocator a = failing_alloc_hooks(&f);
        sepax3_store_options o = sepax3_store_options_default();
        o.allocator = &a;
        sepax3_store *s = NULL;
        sepax_status st = sepax3_store_create(&o, &s);
        int done = 0;
        if (st == SEPAX_OK) {
            uint32_t before = 0;
            /* past the first 64 slots and through several pool repacks;
             * few enough that valgrind runs it in seconds */
            sepax_shape_id ids[100];
            for (int i = 0; i < 100 && st == SEPAX_OK; i++) {
                before = sepax3_store_count(s);
                sepax3_vec c[8];
                for (int j = 0; j < 8; j++)
                    c[j] = (sepax3_vec){(float)i + ((j & 1) ? 1.f : -1.f), (j & 2) ? 1.f : -1.f,
                                        (j & 4) ? 1.f : -1.f};
                st = i % 2 ? sepax3_add_hull(s, c, 8, &ids[i])
                           : sepax3_add_capsule(s, c[0], c[7], 0.5f, &ids[i]);
                /* removals leave dead blocks for the next repack */
                if (st == SEPAX_OK && i % 6 == 3)
                    cr_expect_eq(sepax3_remove(s, ids[i]), SEPAX_OK);
            }
            done = st == SEPAX_OK;
            if (!done) {
                cr_expect(st == SEPAX_ERR_OUT_OF_MEMORY, "allocation %d: status %d", k, st);
                cr_expect_eq(sepax3_store_count(s), before, "allocation %d changed the store", k);
            }
            sepax3_store_destroy(s);
        }
        cr_expect_eq(f.live, 0, "allocation %d: %d blocks leaked", k, f.live);
        if (done)
            break;
        cr_assert_lt(k, 1000, "more allocations than expected");
    }
}

/* Two cubes of half side 1 made hulls, B 1.5 along x: face contact, depth
 * 0.5. */
Test(hull3, cubes_face_on_face)
{
    sepax3_store *s = store();
    const sepax_shape_id a = cube_hull(s, 1), b = cube_hull(s, 1);
    place(s, b, 1.5f, 0.25f, -0.5f, ID);
    const sepax3_result r = collide(s, a, b);
    NEAR(r.separation, -0.5, 1e-6);
    NEAR(r.normal.x, 1, 0);
    NEAR(r.normal.y, 0, 0);
    NEAR(r.normal.z, 0, 0);
    cr_expect_eq(r.axis, SEPAX3_AXIS_FACE_A);
    cr_expect_eq(r.flags, SEPAX_HIT);
    sepax3_store_destroy(s);
}

/* A turned 45 degrees about y (top edge along y at height sqrt 2), B 45
 * degrees about x (bottom edge along x, sqrt 2 below its centre), B's
 * centre 2.8 up: the edges cross, depth 2 sqrt 2 - 2.8; A's faces give
 * -(1 + 1.707..) + 1.98 = -0.73, far less. */
Test(hull3, edges_crossed)
{
    sepax3_store *s = store();
    const sepax_shape_id a = cube_hull(s, 1), b = cube_hull(s, 1);
    const float q = 0.38268343f, w = 0.92387953f; /* sin, cos of 22.5 degrees */
    place(s, a, 0, 0, 0, (sepax3_quat){w, 0, q, 0});
    place(s, b, 0, 0, 2.8f, (sepax3_quat){w, q, 0, 0});
    const sepax3_result r = collide(s, a, b);
    NEAR(r.separation, 2.8 - 2 * sqrt(2.0), 1e-5);
    NEAR(r.normal.x, 0, 1e-6);
    NEAR(r.normal.y, 0, 1e-6);
    NEAR(r.normal.z, 1, 1e-6);
    cr_expect_eq(r.axis, SEPAX3_AXIS_EDGES);
    sepax3_store_destroy(s);
}

/* A capsule (x from -1 to 1, radius 0.25) lying on a box of half height
 * 0.5: at z = 0.7 its core is apart, depth 0.05 along +z; at z = 0.4 the
 * core is inside, so the top face: (0.4 - 0.5) - 0.25. */
Test(hull3, capsule_on_a_box)
{
    sepax3_store *s = store();
    sepax_shape_id box, cap;
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){2, 2, 0.5f}, ID, &box), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){-1, 0, 0}, (sepax3_vec){1, 0, 0}, 0.25f, &cap),
                 SEPAX_OK);
    place(s, cap, 0.3f, 0.1f, 0.7f, ID);
    sepax3_result r = collide(s, box, cap);
    NEAR(r.separation, -0.05, 1e-6);
    NEAR(r.normal.z, 1, 0);
    cr_expect_eq(r.axis, SEPAX3_AXIS_POINTS);
    r = collide(s, cap, box);
    NEAR(r.separation, -0.05, 1e-6);
    NEAR(r.normal.z, -1, 0);
    place(s, cap, 0.3f, 0.1f, 0.4f, ID);
    r = collide(s, box, cap);
    NEAR(r.separation, -0.35, 1e-6);
    NEAR(r.normal.z, 1, 0);
    cr_expect_eq(r.axis, SEPAX3_AXIS_FACE_A);
    cr_expect_eq(r.feature_a, 4, "the box's +z face");
    cr_expect_eq(r.flags, SEPAX_HIT, "the ball's top at 0.65 is out of the box");
    /* at 0.2, the whole capsule is inside */
    place(s, cap, 0.3f, 0.1f, 0.2f, ID);
    r = collide(s, box, cap);
    NEAR(r.separation, -0.55, 1e-6);
    cr_expect_eq(r.flags, SEPAX_HIT | SEPAX_B_IN_A);
    sepax3_store_destroy(s);
}

/* Capsules crossed at right angles, radius 0.5 each: 0.8 apart, depth
 * 0.2 along +z; through each other, depth 1 along x cross y = +z. */
Test(hull3, capsules_crossed)
{
    sepax3_store *s = store();
    sepax_shape_id a, b;
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){-2, 0, 0}, (sepax3_vec){2, 0, 0}, 0.5f, &a), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){0, -2, 0}, (sepax3_vec){0, 2, 0}, 0.5f, &b), SEPAX_OK);
    place(s, b, 0, 0, 0.8f, ID);
    sepax3_result r = collide(s, a, b);
    NEAR(r.separation, -0.2, 1e-6);
    NEAR(r.normal.z, 1, 0);
    place(s, b, 0, 0, 0, ID);
    r = collide(s, a, b);
    NEAR(r.separation, -1, 0);
    NEAR(r.normal.z, 1, 0);
    cr_expect_eq(r.axis, SEPAX3_AXIS_POINTS);
    sepax3_store_destroy(s);
}

/* Two capsules 1e-4 rad from parallel (found by fuzz_collide3): A's
 * segment runs (0, 0, 0)-(4, 0, 0), B's from (-0.5, 0.08045, 0) down to
 * (3.5, 0.08005, 0), radii 0.01. B's height above A falls along x, so
 * the closest points are B's far end and the point of A below it:
 * 0.08005 apart, separation 0.08005 - 0.02. The segments' a e - b^2 is
 * all rounding here; when it fell back to s = 0 the distance was read at
 * A's start instead, 0.0804 (3.5e-4 too far). */
Test(hull3, capsules_nearly_parallel)
{
    sepax3_store *s = store();
    sepax_shape_id a, b;
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){4, 0, 0}, 0.01f, &a), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){-0.5f, 0.08045f, 0},
                                    (sepax3_vec){3.5f, 0.08005f, 0}, 0.01f, &b),
                 SEPAX_OK);
    const double want = (double)0.08005f - 0.02;
    sepax3_result r = collide(s, a, b);
    NEAR(r.separation, want, 1e-6);
    NEAR(r.normal.y, 1, 1e-6);
    r = collide(s, b, a);
    NEAR(r.separation, want, 1e-6);
    NEAR(r.normal.y, -1, 1e-6);
    sepax3_store_destroy(s);
}

/* The same pair scaled by 2^-44 (about 5.7e-14; found by fuzz_collide3
 * on capsules 3e-13 long): every length's fourth power underflowed, the
 * segments read as parallel, and the distance came from the wrong end.
 * Scaling by a power of two is exact, so the answer is the one above
 * scaled. */
Test(hull3, capsules_nearly_parallel_at_1e_13)
{
    sepax3_store *s = store();
    sepax_shape_id a, b;
    const int e = -44;
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){ldexpf(4, e), 0, 0},
                                    ldexpf(0.01f, e), &a),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){ldexpf(-0.5f, e), ldexpf(0.08045f, e), 0},
                                    (sepax3_vec){ldexpf(3.5f, e), ldexpf(0.08005f, e), 0},
                                    ldexpf(0.01f, e), &b),
                 SEPAX_OK);
    const double want = (double)0.08005f - 0.02;
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, b, a) : collide(s, a, b);
        NEAR(ldexp(r.separation, -e), want, 1e-6);
        NEAR(r.normal.y, order ? -1 : 1, 1e-6);
    }
    sepax3_store_destroy(s);
}

/* A capsule 2e-22 long in a box of the same size, both placed 1e5 from
 * the origin (found by fuzz_collide3). The segment meets the box, so its
 * cross products with the box's edges are axes, and they are about
 * 2e-22 long: their squares are subnormal, had lost their bits, and the
 * winning axis came out with |normal| = 0.98. Such axes are now skipped
 * as a distance that short is (a point's depth is its face axes'). */
Test(hull3, capsule_shorter_than_float_resolution)
{
    sepax3_store *s = store();
    sepax_shape_id cap, box;
    const float c = -2.64697796e-23f, h = 1.05879118e-22f;
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){c, c, c}, (sepax3_vec){c, c + 2 * h, c},
                                    5.29395592e-23f, &cap),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){c, c, c}, (sepax3_vec){h, 6.6174449e-23f, h}, ID,
                                &box),
                 SEPAX_OK);
    const sepax3_vec p = {-83973.3516f, -17546.6699f, -51386.6758f};
    place(s, cap, p.x, p.y, p.z, ID);
    place(s, box, p.x, p.y, p.z,
          (sepax3_quat){-0.880993072f, -0.273161251f, -0.273161251f, -0.273161251f});
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, box, cap) : collide(s, cap, box);
        const double len = sqrt((double)r.normal.x * r.normal.x +
                                (double)r.normal.y * r.normal.y + (double)r.normal.z * r.normal.z);
        NEAR(len, 1, 1e-6);
        cr_expect(r.flags & SEPAX_HIT);
        /* the shapes share a centre: at least the radius deep, at most
         * the radius, the box's largest half extent and half the
         * segment */
        cr_expect(r.separation <= -5.29395592e-23f && r.separation >= -2.7e-22f,
                  "separation %g", (double)r.separation);
    }
    sepax3_store_destroy(s);
}

/* The pair (a, b) in both orders against the hull oracle, within the
 * contract's band; returns the oracle's separation. */
static double expect_oracle_both_orders(sepax3_store *s, sepax_shape_id a, sepax_shape_id b)
{
    static oh3_shape A, B;
    cr_assert(oh3_from_store(s, a, &A) && oh3_from_store(s, b, &B));
    const double ref = oh3_separation(&A, &B);
    sepax3_world_shape wa, wb;
    sepax3_shape_world(s, a, &wa);
    sepax3_shape_world(s, b, &wb);
    const double size = (double)wa.half_extents.x + wa.half_extents.y + wa.half_extents.z +
                        wb.half_extents.x + wb.half_extents.y + wb.half_extents.z;
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, b, a) : collide(s, a, b);
        double band;
        const char *why = order ? oh3_disagreement(&B, &A, &r, ref, size, &band)
                                : oh3_disagreement(&A, &B, &r, ref, size, &band);
        cr_expect_null(why, "order %d: %s: separation %.9g, oracle %.9g, band %.3g", order, why,
                       (double)r.separation, ref, band);
    }
    return ref;
}

/* A cube of 64 with shallow pyramids on two faces (points 0.0019 and
 * 0.004 off them) deep inside a box of 160 turned to within 4e-7 rad of
 * the cube's axes (found by fuzz_collide3). The pyramids' slopes are
 * 4.5e-5 rad from the box's edges, so their cross products are about
 * that long, and (L.(q - p)) / |L| on them carried the edges' rounding
 * times |q - p| / |L|: an edge axis reported -219.03 where the gap along
 * its own normal is -222.36 and the SAT depth -220.0. Such edge pairs
 * are now measured by projecting the vertices; the answer agrees with
 * the hull oracle within the contract's band. */
Test(hull3, hull_edges_nearly_parallel_to_a_box)
{
    sepax3_store *s = store();
    const sepax3_vec pts[15] = {
        {-64, -64, -64}, {64, -64, -64}, {-64, 64, -64}, {64, 64, -64}, {-64, -64, 64},
        {64, -64, 64},   {-64, 64, 64},  {64, 64, 64},   {-20, 63.9999619f, -20},
        {-20, 63.9999619f, -20},          {-20, 63.9999619f, -20},       {-20, 63.9999619f, -20},
        {-20, 63.9999619f, -6.4000001f},  {-6.4000001f, -5.19999981f, -64.0018539f},
        {-22.7999992f, 2.79999995f, 64.0039673f}};
    sepax_shape_id hull, box;
    cr_assert_eq(sepax3_add_hull(s, pts, 15, &hull), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){160, 160, 160},
                                (sepax3_quat){0.707106769f, 0, 0.707106769f, 0}, &box),
                 SEPAX_OK);
    place(s, hull, 133.438507f, -59.4055214f, -52.9611282f,
          (sepax3_quat){0.500000716f, 0.499999624f, 0.499999466f, 0.500000194f});
    place(s, box, 129.438507f, -63.4055214f, -56.9611282f,
          (sepax3_quat){0.707106923f, 0, 0.707106639f, -2.84486479e-07f});
    (void)expect_oracle_both_orders(s, hull, box);
    sepax3_store_destroy(s);
}

/* The library's box block is a copy of a unit box's with the half
 * extents written in; here the same block by the rule in box_block.c's
 * comment, loop by loop, must come out bit for bit the same. */
Test(hull3, box_block_is_the_rule)
{
    const float h[3] = {0.75f, 2.5f, 1e-3f};
    float want[HULL3_BOX_FLOATS], got[HULL3_BOX_FLOATS];
    memset(want, 0, sizeof want);
    want[0] = 8, want[1] = 6, want[2] = 12, want[3] = 1e-3f; /* the least h */
    float *v[3] = {want + 4, want + 20, want + 36}, *n[3] = {want + 52, want + 68, want + 84};
    float *d = want + 100, *i0 = want + 116, *i1 = want + 132, *fa = want + 148, *fb = want + 164;
    float *u[3] = {want + 180, want + 196, want + 212};
    for (int j = 0; j < 8; j++)
        for (int k = 0; k < 3; k++)
            v[k][j] = (j >> k & 1) ? h[k] : -h[k];
    for (int f = 0; f < 6; f++) {
        for (int k = 0; k < 3; k++)
            n[k][f] = k == f / 2 ? ((f & 1) ? -1.0f : 1.0f) : 0.0f;
        d[f] = h[f / 2];
    }
    for (int k = 0; k < 3; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        for (int m = 0; m < 4; m++) {
            const int e = 4 * k + m, s1 = m & 1, s2 = m >> 1 & 1, c = s1 << k1 | s2 << k2;
            i0[e] = (float)c, i1[e] = (float)(c | 1 << k);
            const float f1 = (float)(2 * k1 + !s1), f2 = (float)(2 * k2 + !s2);
            fa[e] = s1 == s2 ? f1 : f2, fb[e] = s1 == s2 ? f2 : f1;
            for (int q = 0; q < 3; q++)
                u[q][e] = q == k ? 1.0f : 0.0f;
        }
    }
    const int count[14] = {8, 8, 8, 6, 6, 6, 6, 12, 12, 12, 12, 12, 12, 12};
    for (int a = 0; a < 14; a++)
        for (int i = count[a]; i < 16; i++)
            want[4 + 16 * a + i] = want[4 + 16 * a];
    hull3_box_block(h, got);
    for (size_t i = 0; i < HULL3_BOX_FLOATS; i++)
        cr_assert(memcmp(&got[i], &want[i], sizeof got[i]) == 0, "float %zu: %a, rule %a", i,
                  (double)got[i], (double)want[i]);
}

/* Two thin hulls (found by fuzz_collide3) with a face each whose normal
 * is n = (10, -1, 0) / sqrt 101, A's edge x = -3, y = -3 in one, B's
 * edge (-2.9, -6, -4)-(-2.8, -5, -1) in the other. Their arcs on the
 * Gauss map meet only at n and -n, where one dot product of the test is
 * 0 in exact arithmetic and came out 5e-8: the edge pair passed, and as
 * (A, B) reported 0.398 apart along n, where the gap along n is -0.498
 * and the SAT depth -0.2746 (as (B, A) it was right). The test now
 * trusts no sign that close to 0; both orders agree with the oracle. */
Test(hull3, thin_hulls_arcs_meeting_at_a_shared_face_normal)
{
    sepax3_store *s = store();
    const sepax3_vec a[7] = {{-0x1.333334p-2f, -3, -3}, {-0x1.333334p-2f, 3, -3},
                             {-0x1.99999ap-4f, 0, 0},   {0, 0, 0},
                             {0, 0, -3},                {-0x1.333334p-2f, -3, -0x1.fffffep-1f},
                             {-0x1.99999ap-3f, 1, -0x1.fffffep-1f}};
    const sepax3_vec b[9] = {{-0x1.333334p-2f, -1, -3}, {0x1.99999ap-4f, -3, -1},
                             {-0x1.99999ap-3f, 0x1.800002p+1f, -3}, {0x1.333334p-2f, -1, 0},
                             {-0x1.99999ap-3f, -3, 0},  {0x1.99999ap-3f, -2, 2},
                             {0x1.99999ap-3f, -1, -2},  {0x1.99999ap-3f, -2, -3},
                             {-0x1.333334p-2f, -3, -3}};
    sepax_shape_id ha, hb;
    cr_assert_eq(sepax3_add_hull(s, a, 7, &ha), SEPAX_OK);
    cr_assert_eq(sepax3_add_hull(s, b, 9, &hb), SEPAX_OK);
    place(s, ha, -3, -3, -3, (sepax3_quat){1, 0, 0, 0});
    place(s, hb, -3, -3, -3, (sepax3_quat){1, 0, 0, 0});
    const double ref = expect_oracle_both_orders(s, ha, hb);
    cr_assert_float_eq(ref, -0.27457, 1e-4, "oracle %.9g", ref);
    sepax3_store_destroy(s);
}

/* The gap along n from a capsule (segment p-q, radius r) to the box
 * [-h, h]^3 at the origin: how far the box may move back along n before
 * the two overlap no more. */
static double capsule_box_gap(const double p[3], const double q[3], double r, double h,
                              const sepax3_vec n)
{
    const double nn[3] = {n.x, n.y, n.z};
    double cap = -INFINITY, box = 0;
    for (int k = 0; k < 3; k++)
        box -= h * fabs(nn[k]);
    cap = fmax(nn[0] * p[0] + nn[1] * p[1] + nn[2] * p[2], nn[0] * q[0] + nn[1] * q[1] + nn[2] * q[2]);
    return box - (cap + r);
}

/* A capsule whose segment, (2, -0.5, 0) to (-1, 1, -1), just touches the
 * edge x = 0.5, z = -0.5 of the box [-0.5, 0.5]^3 at (0.5, 0.25, -0.5)
 * (found by fuzz_collide3): separation -0.25, the radius. The clipping
 * test missed the touch by a rounding, the closest points coincide, and
 * the normal fell back to the box's -z face, along which the capsule
 * reaches 0.75 past the box, not 0.25. Now the touching segment gets its
 * SAT with the box, whose axis (the segment crossed with the edge, or a
 * face that parts them by the radius) does part them by 0.25. */
Test(hull3, capsule_touching_a_box_edge)
{
    sepax3_store *s = store();
    sepax_shape_id cap, box;
    cr_assert_eq(sepax3_add_capsule(s, (sepax3_vec){0, -0.5f, 0}, (sepax3_vec){-3, 1, -1}, 0.25f, &cap),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){0.5f, 0.5f, 0.5f}, ID, &box),
                 SEPAX_OK);
    /* where the fuzzer had them: about 1e4 out, where the clipping's
     * rounding misses the touch (at the origin it is exact) */
    place(s, cap, -4610.68359f, 8407.65039f, -2833.50732f, ID);
    place(s, box, -4612.68359f, 8407.65039f, -2833.50732f, ID);
    const double p[3] = {2, -0.5, 0}, q[3] = {-1, 1, -1}; /* about the box */
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, box, cap) : collide(s, cap, box);
        NEAR(r.separation, -0.25, 1e-6);
        cr_expect(r.flags & SEPAX_HIT);
        const sepax3_vec n = order ? (sepax3_vec){-r.normal.x, -r.normal.y, -r.normal.z} : r.normal;
        NEAR(capsule_box_gap(p, q, 0.25, 0.5, n), -0.25, 1e-6);
    }
    sepax3_store_destroy(s);
}

/* A sphere whose centre lands 2.4e-7 below a hull's vertex (1, 1, -1),
 * the rounding of its turned local centre (found by fuzz_collide3). Its
 * closest point is the vertex and the line to it, all rounding, ran
 * along -z, outside the vertex's normal cone: the hull reaches 2 past
 * the vertex that way, so moving the sphere by its depth left them 2
 * deep. Such a line is now checked against the hull, and the SAT of the
 * point answers instead: one of the faces at the vertex. */
Test(hull3, sphere_within_rounding_of_a_vertex)
{
    sepax3_store *s = store();
    sepax_shape_id hull, ball;
    const sepax3_vec pts[9] = {{-3, -3, 3}, {-3, 0, -3}, {1, 1, -1},  {-1, -3, 2}, {2, -1, 2},
                               {1, 0, 0},   {-3, -1, -1}, {2, -1, 3}, {1, 0, 3}};
    cr_assert_eq(sepax3_add_hull(s, pts, 9, &hull), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){1, 1, 1}, 3.5f, &ball), SEPAX_OK);
    place(s, hull, -2.25f, 0.5f, 0.5f, ID);
    place(s, ball, -2.25f, 0.5f, 0.5f, (sepax3_quat){0.707106781f, 0, 0.707106781f, 0});
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, ball, hull) : collide(s, hull, ball);
        NEAR(r.separation, -3.5, 1e-6);
        /* from the hull to the sphere: the sphere's lowest point along n
         * against the hull's highest, about the hull's placement */
        const double n[3] = {order ? -r.normal.x : r.normal.x, order ? -r.normal.y : r.normal.y,
                             order ? -r.normal.z : r.normal.z};
        double hi = -INFINITY;
        for (int v = 0; v < 9; v++)
            hi = fmax(hi, n[0] * pts[v].x + n[1] * pts[v].y + n[2] * pts[v].z);
        const double centre = n[0] * 1 + n[1] * 1 + n[2] * -1; /* (1, 1, -1) */
        NEAR(centre - 3.5 - hi, -3.5, 1e-5);
    }
    sepax3_store_destroy(s);
}

/* The gap along n from capsule a's segment to capsule b's, from their
 * world records. */
static double segments_gap(const sepax3_store *s, sepax_shape_id a, sepax_shape_id b,
                           const sepax3_vec n)
{
    sepax3_world_shape wa, wb;
    sepax3_shape_world(s, a, &wa);
    sepax3_shape_world(s, b, &wb);
    const double nn[3] = {n.x, n.y, n.z};
    double hi = -INFINITY, lo = INFINITY;
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        const double pa[3] = {wa.centre.x + sgn * (double)wa.half_extents.x * wa.axis[0].x,
                              wa.centre.y + sgn * (double)wa.half_extents.x * wa.axis[0].y,
                              wa.centre.z + sgn * (double)wa.half_extents.x * wa.axis[0].z};
        const double pb[3] = {wb.centre.x + sgn * (double)wb.half_extents.x * wb.axis[0].x,
                              wb.centre.y + sgn * (double)wb.half_extents.x * wb.axis[0].y,
                              wb.centre.z + sgn * (double)wb.half_extents.x * wb.axis[0].z};
        hi = fmax(hi, nn[0] * pa[0] + nn[1] * pa[1] + nn[2] * pa[2]);
        lo = fmin(lo, nn[0] * pb[0] + nn[1] * pb[1] + nn[2] * pb[2]);
    }
    return lo - hi;
}

/* Two capsules on the segment (-0.125, -0.125, -0.125)-(0, 0.375, 0),
 * placed at one point, one turned a quarter about y: the segments cross
 * at their shared first end, and their closest points lie within
 * rounding of each other (found by fuzz_collide3). Squared up to one
 * segment only, the line between them pointed across it, along which
 * the capsules overlap 0.35 more than their depth, 0.4375. Now such
 * points coincide, and the normal is the segments' cross product. */
Test(hull3, capsules_crossing_at_an_end)
{
    sepax3_store *s = store();
    sepax_shape_id a, b;
    const sepax3_vec p0 = {-0.125f, -0.125f, -0.125f}, p1 = {0, 0.375f, 0};
    cr_assert_eq(sepax3_add_capsule(s, p0, p1, 0.1875f, &a), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, p0, p1, 0.25f, &b), SEPAX_OK);
    place(s, a, 0.03125f, 5.48155546f, 8.67862225f, (sepax3_quat){0.707106781f, 0, 0.707106781f, 0});
    place(s, b, 0.03125f, 5.48155546f, 8.67862225f, ID);
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, b, a) : collide(s, a, b);
        NEAR(r.separation, -0.4375, 1e-6);
        const double gap = order ? segments_gap(s, b, a, r.normal) : segments_gap(s, a, b, r.normal);
        NEAR(gap - 0.4375, r.separation, 1e-5);
    }
    sepax3_store_destroy(s);
}

/* Two capsules on the diagonal (-1, -1, -1)-(2, 2, 2), radii 0.1625 and
 * 0.15, the second placed 0.25 back along the diagonal and turned 0.01
 * rad about x (found by fuzz_collide3's third release run): the segments
 * are 0.0082 rad from parallel and their lines cross within 1e-7, so the
 * depth is the radii, 0.3125, and only the cross product of the axes
 * parts the lines by their distance. The closest points are rounding
 * apart; squared up to each segment in turn, the line between them kept
 * a tilt of 0.2 rad in the segments' plane, along which the capsules
 * overlap 9.2e-3 more than their depth. The check of that line counted
 * whole segment lengths (10.4) where the contract counts half (5.2), and
 * let it through. */
Test(hull3, capsules_nearly_parallel_and_crossing)
{
    sepax3_store *s = store();
    sepax_shape_id a, b;
    const sepax3_vec p0 = {-1, -1, -1}, p1 = {2, 2, 2};
    cr_assert_eq(sepax3_add_capsule(s, p0, p1, 0.162499994f, &a), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, p0, p1, 0.150000006f, &b), SEPAX_OK);
    place(s, a, -2.46129394f, -7.29618692f, -6.39538002f, ID);
    place(s, b, -2.71129394f, -7.54618692f, -6.64538002f,
          (sepax3_quat){0.9999875f, 0.00499997917f, 0, 0});
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, b, a) : collide(s, a, b);
        NEAR(r.separation, -0.3125, 1e-6);
        const double gap = order ? segments_gap(s, b, a, r.normal) : segments_gap(s, a, b, r.normal);
        NEAR(gap - 0.3125, r.separation, 1e-3 * 2 * 2.59807611);
    }
    sepax3_store_destroy(s);
}

/* Two capsules on the segment (-8, 12, 6)-(8, -12, -6), 30 long, radii
 * 0.005 and 0.01, placed at one point, the second turned about 4e-6 rad
 * (found by fuzz_collide3): the segments cross, so the depth is the
 * radii, 0.015. Their cross product is 4e-6 long, and rounding tilted
 * its direction by about a percent: along it the segments' ends spread
 * apart and the capsules overlapped 0.118 more than their depth. With
 * its part along A's segment taken out, B's segment alone spreads, by at
 * most its half length times the angle. */
Test(hull3, capsules_nearly_parallel_crossing_far_out)
{
    sepax3_store *s = store();
    sepax_shape_id a, b;
    const sepax3_vec p0 = {-8, 12, 6}, p1 = {8, -12, -6};
    cr_assert_eq(sepax3_add_capsule(s, p0, p1, 0.005f, &a), SEPAX_OK);
    cr_assert_eq(sepax3_add_capsule(s, p0, p1, 0.01f, &b), SEPAX_OK);
    place(s, a, 16, 28, 4, ID);
    place(s, b, 16, 28, 4, (sepax3_quat){1, -0x1.f34a78p-19f, 0x1.f88beep-19f, 0x1.2651ap-19f});
    for (int order = 0; order < 2; order++) {
        const sepax3_result r = order ? collide(s, b, a) : collide(s, a, b);
        NEAR(r.separation, -0.015, 1e-4);
        const double gap = order ? segments_gap(s, b, a, r.normal) : segments_gap(s, a, b, r.normal);
        /* the capsules' surfaces: the segments' gap less both radii */
        NEAR(gap - 0.015, r.separation, 1e-3 * 30.0);
        NEAR(gap - 0.015, r.separation, 1e-3);
    }
    sepax3_store_destroy(s);
}

/* A sphere 1.87 off the corner of a plate, 8e-6 in from the plate's
 * end along one of its edges (found by fuzz_collide3 with the check of
 * the case above too strict). The corner and the edge beside it are
 * equally near in float, the corner is taken, and the normal tilts 4.5e-6
 * along the edge, whose far end, 2 away, then reaches 9e-6 past: within
 * a points normal's precision, so the answer stays the distance
 * (sqrt(0.65^2 + 1.75^2) - 3.75), not the SAT's -2. */
Test(hull3, sphere_beside_a_plate_corner)
{
    sepax3_store *s = store();
    sepax_shape_id hull, ball;
    const sepax3_vec pts[11] = {
        {-0.1f, -1, -1}, {0.1f, -1, -1}, {-0.1f, 1, -1}, {0.1f, 1, -1}, {-0.1f, -1, 1}, {0.1f, -1, 1},
        {-0.1f, 1, 1},   {0.1f, 1, 1},   {0.0631249994f, 0.268750012f, -0.999994516f},
        {0.0998999998f, 0, 0},           {0.0775000006f, -1.00000072f, 0.731249988f}};
    cr_assert_eq(sepax3_add_hull(s, pts, 11, &hull), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){0, 1, -1}, 3.75f, &ball), SEPAX_OK);
    place(s, hull, -2.5f, -0.75f, 0, (sepax3_quat){0.5f, 0.5f, 0.5f, 0.5f});
    place(s, ball, -0.75f, 0, 0,
          (sepax3_quat){0.707108171f, -6.45263416e-06f, -1.24089118e-05f, -0.707105391f});
    const sepax3_result r = collide(s, hull, ball);
    NEAR(r.separation, -1.88318454, 2e-6);
    cr_expect_eq(r.axis, SEPAX3_AXIS_POINTS);
    sepax3_store_destroy(s);
}

/* A sphere of radius 32 whose centre lies 17.3 from the edge of a plate
 * 48 long and 0.04 thick (found by fuzz_collide3's second release run).
 * The edge and the vertex at its end are equally near in float, the
 * normal tilts by about 1e-4 rad, and the plate's far end reaches 4.6e-3
 * past along it: within a points normal's precision (1e-3 of the size),
 * so the answer is the distance less the radius, not the SAT's bound
 * (-17.86 where the oracle says -14.67). */
Test(hull3, sphere_beside_a_thin_plate)
{
    sepax3_store *s = store();
    const sepax3_vec pts[7] = {{-0.0240000002f, -24, -24}, {-0.0240000002f, -24, -16},
                               {-0.0160000008f, 0, 0},     {0, 16, -16},
                               {-0.00800000038f, 0, 0},    {0.0160000008f, -16, -24},
                               {-0.0240000002f, -24, -24}};
    sepax_shape_id hull, ball;
    cr_assert_eq(sepax3_add_hull(s, pts, 7, &hull), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){0, 0, 0}, 32, &ball), SEPAX_OK);
    place(s, hull, -24, -24, -24, ID);
    place(s, ball, -14, -14, -14, ID);
    const sepax3_result r = collide(s, ball, hull);
    NEAR(r.separation, -14.6748723, 1e-4);
    cr_expect_eq(r.axis, SEPAX3_AXIS_POINTS);
    sepax3_store_destroy(s);
}

/* A sphere at (-1, -1, -1) from the corner tetrahedron. Radius 1.5: no
 * face axis separates by more than the radius (each face is 1 away), so
 * the closest point, the vertex at the origin: sqrt 3 - 1.5 apart, along
 * (-1, -1, -1) / sqrt 3 from the tetrahedron. Radius 0.5: the faces
 * x = 0, y = 0, z = 0 each separate by 1 - 0.5, and that is the answer
 * (apart, the first family of axes that separates answers), on one of
 * those faces. The point queries. */
Test(hull3, sphere_at_a_vertex_and_points)
{
    sepax3_store *s = store();
    const sepax3_vec t[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    sepax_shape_id h, ball, small;
    cr_assert_eq(sepax3_add_hull(s, t, 4, &h), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){-1, -1, -1}, 1.5f, &ball), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){-1, -1, -1}, 0.5f, &small), SEPAX_OK);
    sepax3_result r = collide(s, h, ball);
    NEAR(r.separation, sqrt(3.0) - 1.5, 1e-6);
    const double k = -1 / sqrt(3.0);
    NEAR(r.normal.x, k, 1e-6);
    NEAR(r.normal.y, k, 1e-6);
    NEAR(r.normal.z, k, 1e-6);
    /* the centres' direction, -(1, 1, 1) / sqrt 3 from the vertex mean
     * (0.25, 0.25, 0.25), runs through the nearest vertex: the support
     * test's gap there, sqrt 3 - 1.5, is the distance itself */
    cr_expect_eq(r.axis, SEPAX3_AXIS_SUPPORT);
    cr_expect_eq(r.flags, 0);
    r = collide(s, h, small);
    NEAR(r.separation, 0.5, 1e-6);
    cr_expect_eq(r.axis, SEPAX3_AXIS_FACE_A);
    cr_expect(fabsf(r.normal.x) + fabsf(r.normal.y) + fabsf(r.normal.z) == 1.0f &&
                  r.normal.x + r.normal.y + r.normal.z == -1.0f,
              "normal (%g %g %g) is not one of -x, -y, -z", r.normal.x, r.normal.y, r.normal.z);
    cr_expect_eq(r.flags, 0);
    const sepax3_point_query q[3] = {{{0.2f, 0.2f, 0.2f}, h}, {{0.5f, 0.5f, 0.5f}, h},
                                     {{-1.2f, -1.2f, -1.0f}, small}};
    uint8_t in[3];
    cr_assert_eq(sepax3_query_points(s, q, 3, in, NULL), SEPAX_OK);
    cr_expect_eq(in[0], 1);
    cr_expect_eq(in[1], 0);
    cr_expect_eq(in[2], 1);
    sepax3_store_destroy(s);
}

/* A sphere beside an edge of the hull of (+-2, +-1, +-1), centre
 * (2.5, 1.5, 0): no face parts it by its radius (x: 0.5, y: 0.5), the
 * edge at (2, 1) lies sqrt 0.5 = 0.7071 away.
 *   radius 0.6: the centres' direction d = (2.5, 1.5, 0) / sqrt 8.5 parts
 *   them: d.c - r = sqrt 8.5 - 0.6 = 2.315476, the box's farthest corner
 *   (2, 1, z) gives 6.5 / sqrt 8.5 = 2.229482, gap 0.085994, below the
 *   distance less the radius, 0.107107, as a support answer may be.
 *   radius 0.69: that gap is -0.0040; the support step from the corner
 *   (2, 1, +-1) towards the centre, (0.5, 0.5, -+1) / sqrt 1.5, leaves no
 *   gap either: the closest points answer, 0.7071068 - 0.69. */
Test(hull3, sphere_beside_an_edge_support_or_points)
{
    sepax3_store *s = store();
    const sepax_shape_id h = box_hull(s, 2.0f, 1.0f, 1.0f);
    sepax_shape_id near, nearer;
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){2.5f, 1.5f, 0}, 0.6f, &near), SEPAX_OK);
    cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){2.5f, 1.5f, 0}, 0.69f, &nearer), SEPAX_OK);
    sepax3_result r = collide(s, h, near);
    cr_expect_eq(r.axis, SEPAX3_AXIS_SUPPORT);
    NEAR(r.separation, 0.085994, 2e-6);
    NEAR(r.normal.x, 2.5 / sqrt(8.5), 1e-6);
    NEAR(r.normal.y, 1.5 / sqrt(8.5), 1e-6);
    NEAR(r.normal.z, 0.0, 1e-6);
    cr_expect(r.separation <= sqrtf(0.5f) - 0.6f, "a support gap %g above the distance", r.separation);
    cr_expect_eq(r.feature_a, SEPAX3_FEATURE_NONE);
    cr_expect_eq(r.feature_b, SEPAX3_FEATURE_NONE);
    cr_expect_eq(r.flags, 0);
    /* turned round: the same gap, the normal negated */
    sepax3_result t = collide(s, near, h);
    cr_expect_eq(t.axis, SEPAX3_AXIS_SUPPORT);
    cr_expect_eq(t.separation, r.separation);
    cr_expect(t.normal.x == -r.normal.x && t.normal.y == -r.normal.y && t.normal.z == -r.normal.z);
    r = collide(s, h, nearer);
    cr_expect_eq(r.axis, SEPAX3_AXIS_POINTS);
    NEAR(r.separation, sqrt(0.5) - 0.69, 2e-6);
    NEAR(r.normal.x, sqrt(0.5), 1e-6);
    NEAR(r.normal.y, sqrt(0.5), 1e-6);
    sepax3_store_destroy(s);
}

/* Two cubes of half side 0.5 as hulls of their corners, apart:
 *   B at (2, 0, 0): the centres' direction is +x, A reaches 0.5 along it
 *   and B starts at 1.5: gap 1, the distance, normal +x.
 *   B at (2, 2, 2): along (1, 1, 1) / sqrt 3 A reaches 1.5 / sqrt 3 and B
 *   starts at 4.5 / sqrt 3: gap sqrt 3, the corners' distance, where A's
 *   best face (x = 0.5 against B's x >= 1.5) would give 1.
 *   B at (0.9, 0.3, 0): the centres lie within both inner radii (0.5
 *   each): a hit, which the faces answer, depth 0.1 along +x. */
Test(hull3, two_cubes_apart_along_the_centres)
{
    sepax3_store *s = store();
    const sepax_shape_id a = cube_hull(s, 0.5f), b = cube_hull(s, 0.5f), c = cube_hull(s, 0.5f),
                         d = cube_hull(s, 0.5f);
    place(s, b, 2, 0, 0, ID);
    place(s, c, 2, 2, 2, ID);
    place(s, d, 0.9f, 0.3f, 0, ID);
    sepax3_result r = collide(s, a, b);
    cr_expect_eq(r.axis, SEPAX3_AXIS_SUPPORT);
    NEAR(r.separation, 1.0, 1e-6);
    NEAR(r.normal.x, 1.0, 1e-6);
    cr_expect_eq(r.feature_a, SEPAX3_FEATURE_NONE);
    cr_expect_eq(r.feature_b, SEPAX3_FEATURE_NONE);
    cr_expect_eq(r.flags, 0);
    r = collide(s, a, c);
    cr_expect_eq(r.axis, SEPAX3_AXIS_SUPPORT);
    NEAR(r.separation, sqrt(3.0), 2e-6);
    NEAR(r.normal.x, 1 / sqrt(3.0), 1e-6);
    NEAR(r.normal.y, 1 / sqrt(3.0), 1e-6);
    NEAR(r.normal.z, 1 / sqrt(3.0), 1e-6);
    /* the other way round: the same gap, the normal from c to a */
    r = collide(s, c, a);
    cr_expect_eq(r.axis, SEPAX3_AXIS_SUPPORT);
    NEAR(r.separation, sqrt(3.0), 2e-6);
    NEAR(r.normal.x, -1 / sqrt(3.0), 1e-6);
    r = collide(s, a, d);
    cr_expect_eq(r.axis, SEPAX3_AXIS_FACE_A);
    NEAR(r.separation, -0.1, 1e-6);
    NEAR(r.normal.x, 1.0, 1e-6);
    cr_expect(r.flags & SEPAX_HIT);
    sepax3_store_destroy(s);
}

/* ---- a box given as a hull answers as the box ------------------------------ */

/* The unit cube (half extent 0.5) turned 0.5 rad about (1, 2, 3) / |.|, as
 * the hull of its 8 corners each rounded to float (corner k has coordinate
 * j positive when bit j of k is set, before the turn), and the same cube
 * added as a box. The rounding leaves each face's corners about 1e-7 off
 * one plane; the hull must still merge each face's two triangles into its
 * square, so that it answers as the box does. */
static double turned_cube_rotation(double R[3][3])
{
    const double len = sqrt(14.0), ax[3] = {1 / len, 2 / len, 3 / len};
    const double c = cos(0.5), sn = sin(0.5), t = 1 - c;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R[i][j] = t * ax[i] * ax[j] + (i == j ? c : 0);
    R[0][1] -= sn * ax[2], R[1][0] += sn * ax[2];
    R[0][2] += sn * ax[1], R[2][0] -= sn * ax[1];
    R[1][2] -= sn * ax[0], R[2][1] += sn * ax[0];
    return 0.5;
}

static void turned_cube_corners(sepax3_vec c[8])
{
    double R[3][3];
    const double h = turned_cube_rotation(R);
    for (int k = 0; k < 8; k++) {
        const double l[3] = {(k & 1) ? h : -h, (k & 2) ? h : -h, (k & 4) ? h : -h};
        double w[3];
        for (int i = 0; i < 3; i++)
            w[i] = R[i][0] * l[0] + R[i][1] * l[1] + R[i][2] * l[2];
        c[k] = (sepax3_vec){(float)w[0], (float)w[1], (float)w[2]};
    }
}

static sepax3_quat turned_cube_quat(void)
{
    const float len = sqrtf(14.0f);
    return sepax3_quat_axis_angle((sepax3_vec){1 / len, 2 / len, 3 / len}, 0.5f);
}

/* the manifold of one pair on scalar, every other backend's bytes checked
 * against it */
static sepax3_manifold manifold_every_backend(sepax3_store *s, sepax_shape_id a, sepax_shape_id b)
{
    const sepax_pair p = {a, b};
    sepax3_manifold want, got;
    cr_assert_eq(sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
    cr_assert_eq(sepax3_collide_manifolds(s, &p, 1, &want, NULL), SEPAX_OK);
    for (int k = 1; k < SEPAX_BACKEND_COUNT; k++) {
        if (sepax3_store_set_backend(s, (sepax_backend)k) != SEPAX_OK)
            continue;
        cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
        cr_assert_eq(sepax3_collide_manifolds(s, &p, 1, &got, NULL), SEPAX_OK);
        cr_expect_eq(memcmp(&want, &got, sizeof got), 0, "%s's manifold differs from scalar's",
                     sepax_backend_name((sepax_backend)k));
    }
    cr_assert_eq(sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
    return want;
}

/* The area of the convex polygon a manifold's points span, seen along its
 * normal (points sorted by angle about their mean). */
static double manifold_area(const sepax3_manifold *m)
{
    const double n[3] = {m->normal.x, m->normal.y, m->normal.z};
    /* any unit e1 square to n, e2 = n x e1 */
    double e1[3] = {n[1], -n[0], 0};
    if (fabs(n[2]) > 0.9)
        e1[0] = 0, e1[1] = n[2], e1[2] = -n[1];
    const double l = sqrt(e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2]);
    for (int k = 0; k < 3; k++)
        e1[k] /= l;
    const double e2[3] = {n[1] * e1[2] - n[2] * e1[1], n[2] * e1[0] - n[0] * e1[2],
                          n[0] * e1[1] - n[1] * e1[0]};
    const unsigned np = m->point_count;
    double u[SEPAX3_MAX_MANIFOLD_POINTS], v[SEPAX3_MAX_MANIFOLD_POINTS], a[SEPAX3_MAX_MANIFOLD_POINTS];
    double mu = 0, mv = 0;
    for (unsigned k = 0; k < np; k++) {
        const double x[3] = {m->points[k].point.x, m->points[k].point.y, m->points[k].point.z};
        u[k] = x[0] * e1[0] + x[1] * e1[1] + x[2] * e1[2];
        v[k] = x[0] * e2[0] + x[1] * e2[1] + x[2] * e2[2];
        mu += u[k] / np, mv += v[k] / np;
    }
    for (unsigned k = 0; k < np; k++)
        a[k] = atan2(v[k] - mv, u[k] - mu);
    for (unsigned i = 1; i < np; i++) /* insertion sort by angle */
        for (unsigned j = i; j > 0 && a[j] < a[j - 1]; j--) {
            double x = a[j];
            a[j] = a[j - 1], a[j - 1] = x;
            x = u[j], u[j] = u[j - 1], u[j - 1] = x;
            x = v[j], v[j] = v[j - 1], v[j - 1] = x;
        }
    double area = 0;
    for (unsigned k = 0; k < np; k++) {
        const unsigned j = (k + 1) % np;
        area += u[k] * v[j] - u[j] * v[k];
    }
    return fabs(area) / 2;
}

#define NO_FACE 0xFFFFFFFFu

/* The hull face every point of a face contact names (its reference face
 * when the points' owner bit is the hull's side, else its incident face),
 * or NO_FACE when they name more than one or a point is no clipped one.
 * hull_side: 0 when the hull is A. */
static unsigned hull_face_of(const sepax3_manifold *m, int hull_side)
{
    unsigned face = NO_FACE;
    for (unsigned i = 0; i < m->point_count; i++) {
        const uint32_t id = m->points[i].id;
        if (id & 0x80000000u)
            return NO_FACE;
        const unsigned owner = (id >> 28) & 1u;
        const unsigned f = owner == (unsigned)hull_side ? (id & 0xFFu) : ((id >> 8) & 0xFFu);
        if (i > 0 && f != face)
            return NO_FACE;
        face = f;
    }
    return face;
}

Test(hull3, turned_rounded_cube_is_the_box)
{
    sepax3_store *s = store();
    sepax3_vec c[8];
    turned_cube_corners(c);
    const sepax3_quat q = turned_cube_quat();
    sepax_shape_id hull, box, top;
    cr_assert_eq(sepax3_add_hull(s, c, 8, &hull), SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){0.5f, 0.5f, 0.5f}, q, &box),
                 SEPAX_OK);
    cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, (sepax3_vec){0.5f, 0.5f, 0.5f}, ID, &top),
                 SEPAX_OK);
    sepax3_shape_desc d;
    cr_assert_eq(sepax3_shape_info(s, hull, &d), SEPAX_OK);
    cr_expect_eq(d.vertex_count, 8);
    cr_expect_eq(d.face_count, 6, "the rounded cube keeps %u faces, not its 6", d.face_count);
    cr_expect_eq(d.edge_count, 12, "the rounded cube keeps %u edges, not its 12", d.edge_count);

    double R[3][3];
    turned_cube_rotation(R);
    /* The other box, turned as the cube (then also by yaw about the face
     * normal), resting 0.1 deep on each of the cube's six faces in turn
     * (the centres 0.9 apart along the face's normal). Hull and box run
     * different kernels over corners that differ by rounding: their
     * normals and separations agree within 1e-5, their manifolds hold
     * as many points spanning the same area within 1e-4. */
    const double yaws[2] = {0.0, 0.3};
    for (int face = 0; face < 6; face++) {
        for (int y = 0; y < 2; y++) {
            const int k = face >> 1;
            const double sign = (face & 1) ? -1 : 1;
            const double n[3] = {sign * R[0][k], sign * R[1][k], sign * R[2][k]};
            const sepax3_quat yaw = sepax3_quat_axis_angle(
                (sepax3_vec){(float)n[0], (float)n[1], (float)n[2]}, (float)yaws[y]);
            /* yaw then the cube's turn */
            const sepax3_quat r = {yaw.w * q.w - yaw.x * q.x - yaw.y * q.y - yaw.z * q.z,
                                   yaw.w * q.x + yaw.x * q.w + yaw.y * q.z - yaw.z * q.y,
                                   yaw.w * q.y - yaw.x * q.z + yaw.y * q.w + yaw.z * q.x,
                                   yaw.w * q.z + yaw.x * q.y - yaw.y * q.x + yaw.z * q.w};
            const float rl = sqrtf(r.w * r.w + r.x * r.x + r.y * r.y + r.z * r.z);
            const sepax3_quat ru = {r.w / rl, r.x / rl, r.y / rl, r.z / rl};
            place(s, top, (float)(0.9 * n[0]), (float)(0.9 * n[1]), (float)(0.9 * n[2]), ru);
            for (int order = 0; order < 2; order++) {
                const sepax_shape_id ah = order ? top : hull, bh = order ? hull : top;
                const sepax_shape_id ab = order ? top : box, bb = order ? box : top;
                cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
                const sepax3_result rh = collide(s, ah, bh), rb = collide(s, ab, bb);
                cr_expect(rh.flags == rb.flags && fabsf(rh.separation - rb.separation) <= 1e-5f &&
                              fabsf(rh.normal.x - rb.normal.x) <= 1e-5f &&
                              fabsf(rh.normal.y - rb.normal.y) <= 1e-5f &&
                              fabsf(rh.normal.z - rb.normal.z) <= 1e-5f,
                          "face %d yaw %g order %d: hull answers (%.9g %.9g %.9g) %.9g flags %u, "
                          "box (%.9g %.9g %.9g) %.9g flags %u",
                          face, yaws[y], order, rh.normal.x, rh.normal.y, rh.normal.z,
                          rh.separation, rh.flags, rb.normal.x, rb.normal.y, rb.normal.z,
                          rb.separation, rb.flags);
                NEAR(rb.separation, -0.1, 1e-5);
                const sepax3_manifold mh = manifold_every_backend(s, ah, bh);
                const sepax3_manifold mb = manifold_every_backend(s, ab, bb);
                cr_expect_eq(mb.point_count, 4);
                cr_expect_eq(mh.point_count, mb.point_count,
                             "face %d yaw %g order %d: the hull's manifold has %u points, the "
                             "box's %u",
                             face, yaws[y], order, mh.point_count, mb.point_count);
                const double area_h = manifold_area(&mh), area_b = manifold_area(&mb);
                cr_expect(fabs(area_h - area_b) <= 1e-4,
                          "face %d yaw %g order %d: the hull's points span %.6g, the box's %.6g",
                          face, yaws[y], order, area_h, area_b);
                /* Moved by 1e-4 along either of the face's sides, or
                 * along its normal, every point still names the one
                 * hull face it named (as reference or incident face).
                 * Which of the two parallel faces is the reference may
                 * change: their separations tie but for rounding, for
                 * two boxes as well. */
                const unsigned face_h = hull_face_of(&mh, order);
                cr_expect_neq(face_h, NO_FACE, "face %d yaw %g order %d: the points name more "
                              "than one face of the hull", face, yaws[y], order);
                for (int step = 0; step < 6; step++) {
                    const int axis = step >> 1;
                    const double by = (step & 1) ? -1e-4 : 1e-4;
                    double p[3];
                    for (int i = 0; i < 3; i++)
                        p[i] = 0.9 * n[i] + by * (axis == 0 ? n[i] : R[i][(k + axis) % 3]);
                    place(s, top, (float)p[0], (float)p[1], (float)p[2], ru);
                    const sepax3_manifold moved = manifold_every_backend(s, ah, bh);
                    cr_expect(moved.point_count == mh.point_count &&
                                  hull_face_of(&moved, order) == face_h,
                              "face %d yaw %g order %d: moved by %g along axis %d, %u points "
                              "naming hull face %u, then %u naming %u",
                              face, yaws[y], order, by, axis, mh.point_count, face_h,
                              moved.point_count, hull_face_of(&moved, order));
                }
                place(s, top, (float)(0.9 * n[0]), (float)(0.9 * n[1]), (float)(0.9 * n[2]), ru);
            }
        }
    }
    sepax3_store_destroy(s);
}

/* What merging keeps, on hulls built straight from points (hull_build.h):
 * the turned and rounded cube, prisms turned and rounded, such solids
 * with points jittered by rounding-sized amounts on their faces, needles
 * and plates of aspect 1000, and clouds of random points. For each: every vertex inside or on every
 * face plane (the block's own expression, in double: what the kernels'
 * inner-radius bounds and containment rely on), every face's corners
 * within the merge tolerance of its plane, every edge of a face of more
 * than three corners in its plane within HULL_MERGE_TILT (the edge
 * query's Gauss map reads the faces' normals as the edges' own), every vertex one of the
 * points, every point within twice the tolerance of the hull (Qhull may
 * leave out a point that near a face), and a second build giving the
 * same bytes. Solids whose faces are meant flat have their faces'
 * count. */
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct merge_case {
    sepax3_vec p[96];
    unsigned n;
    int faces, edges; /* -1: not known */
} merge_case;

static double rand01(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*s >> 11) / 9007199254740992.0;
}

static void turn_and_round(const double (*pts)[3], unsigned n, uint64_t *seed, double scale,
                           merge_case *c)
{
    double axis[3] = {rand01(seed) - 0.5, rand01(seed) - 0.5, rand01(seed) - 0.5};
    const double len = sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
    const double ang = 3 * rand01(seed), co = cos(ang), sn = sin(ang), t = 1 - co;
    double R[3][3];
    for (int i = 0; i < 3; i++)
        axis[i] /= len;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R[i][j] = t * axis[i] * axis[j] + (i == j ? co : 0);
    R[0][1] -= sn * axis[2], R[1][0] += sn * axis[2];
    R[0][2] += sn * axis[1], R[2][0] -= sn * axis[1];
    R[1][2] -= sn * axis[0], R[2][1] += sn * axis[0];
    const double off[3] = {scale * (rand01(seed) - 0.5), scale * (rand01(seed) - 0.5),
                           scale * (rand01(seed) - 0.5)};
    for (unsigned k = 0; k < n; k++) {
        double w[3];
        for (int i = 0; i < 3; i++)
            w[i] = off[i] + scale * (R[i][0] * pts[k][0] + R[i][1] * pts[k][1] + R[i][2] * pts[k][2]);
        c->p[k] = (sepax3_vec){(float)w[0], (float)w[1], (float)w[2]};
    }
    c->n = n;
}

static void merge_case_make(int which, uint64_t *seed, merge_case *c)
{
    double pts[96][3];
    const double scale = which % 3 == 0 ? 1.0 : which % 3 == 1 ? 1e-3 : 250.0;
    c->faces = c->edges = -1;
    switch (which % 5) {
    case 0: { /* a box of random extents, its corners and its face centres */
        const double h[3] = {0.2 + rand01(seed), 0.2 + rand01(seed), 0.2 + rand01(seed)};
        unsigned n = 0;
        for (int k = 0; k < 8; k++, n++)
            for (int i = 0; i < 3; i++)
                pts[n][i] = (k >> i & 1) ? h[i] : -h[i];
        for (int f = 0; f < 6; f++, n++)
            for (int i = 0; i < 3; i++)
                pts[n][i] = i == f / 2 ? ((f & 1) ? -h[i] : h[i]) : 0;
        turn_and_round((const double (*)[3])pts, n, seed, scale, c);
        c->faces = 6, c->edges = 12;
        break;
    }
    case 1: { /* a prism on a regular polygon of 5 to 12 sides */
        const unsigned m = 5 + (unsigned)(rand01(seed) * 8);
        const double hz = 0.1 + rand01(seed);
        for (unsigned k = 0; k < m; k++)
            for (int s = 0; s < 2; s++) {
                const double a = 2 * M_PI * k / m;
                pts[2 * k + s][0] = cos(a), pts[2 * k + s][1] = sin(a);
                pts[2 * k + s][2] = s ? hz : -hz;
            }
        turn_and_round((const double (*)[3])pts, 2 * m, seed, scale, c);
        c->faces = (int)m + 2, c->edges = 3 * (int)m;
        break;
    }
    case 2: { /* an octahedron with points strewn over its faces, each
               * off by up to 2e-8 of the size */
        const double v[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        unsigned n = 0;
        for (; n < 6; n++)
            memcpy(pts[n], v[n], sizeof pts[n]);
        for (; n < 60; n++) {
            double a = rand01(seed), b = rand01(seed);
            if (a + b > 1)
                a = 1 - a, b = 1 - b;
            const double sx = rand01(seed) < 0.5 ? -1 : 1, sy = rand01(seed) < 0.5 ? -1 : 1,
                         sz = rand01(seed) < 0.5 ? -1 : 1;
            const double j = 1 + 2e-8 * (rand01(seed) - 0.5);
            pts[n][0] = sx * a * j, pts[n][1] = sy * b * j, pts[n][2] = sz * (1 - a - b) * j;
        }
        turn_and_round((const double (*)[3])pts, n, seed, scale, c);
        c->faces = 8, c->edges = 12;
        break;
    }
    case 4: { /* a needle or a plate of aspect 1000, 8 to 16 points on
               * it (test_precision3's): merged faces there may hold
               * their short edges badly, and are then not kept */
        const int keep = (int)(rand01(seed) * 3), plate = rand01(seed) < 0.5;
        double ax[3] = {1e-3, 1e-3, 1e-3};
        ax[keep] = 1;
        if (plate)
            ax[(keep + 1) % 3] = 1;
        const unsigned n = 8 + (unsigned)(rand01(seed) * 9);
        for (unsigned k = 0; k < n; k++) {
            double d[3], r2;
            do {
                for (int i = 0; i < 3; i++)
                    d[i] = 2 * rand01(seed) - 1;
                r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            } while (r2 > 1 || r2 < 0.01);
            for (int i = 0; i < 3; i++)
                pts[k][i] = ax[i] * d[i] / sqrt(r2);
        }
        turn_and_round((const double (*)[3])pts, n, seed, scale, c);
        break;
    }
    default: /* random points in a ball */
        for (unsigned k = 0; k < 40; k++) {
            double r2;
            do {
                for (int i = 0; i < 3; i++)
                    pts[k][i] = 2 * rand01(seed) - 1;
                r2 = pts[k][0] * pts[k][0] + pts[k][1] * pts[k][1] + pts[k][2] * pts[k][2];
            } while (r2 > 1);
        }
        turn_and_round((const double (*)[3])pts, 40, seed, scale, c);
        break;
    }
}

Test(hull3, merged_faces_bound_every_vertex)
{
    const sepax_allocator alloc = sepax_default_allocator();
    uint64_t seed = 46;
    double worst_inside = 0, worst_corner = 0, worst_point = 0, worst_tilt = 0;
    for (int which = 0; which < 500; which++) {
        merge_case c;
        merge_case_make(which, &seed, &c);
        sepax3_hull_built b1, b2;
        cr_assert_eq(sepax3_hull_build(&alloc, c.p, c.n, &b1), SEPAX_OK, "case %d", which);
        cr_assert_eq(sepax3_hull_build(&alloc, c.p, c.n, &b2), SEPAX_OK, "case %d", which);
        cr_expect(b1.floats == b2.floats &&
                      memcmp(b1.block, b2.block, b1.floats * sizeof(float)) == 0 &&
                      memcmp(b1.centre, b2.centre, sizeof b1.centre) == 0,
                  "case %d: two builds differ", which);
        const poly3 p = poly3_of(b1.block);
        if (c.faces >= 0) {
            cr_expect_eq((int)p.nf, c.faces, "case %d: %u faces, want %d", which, p.nf, c.faces);
            cr_expect_eq((int)p.ne, c.edges, "case %d: %u edges, want %d", which, p.ne, c.edges);
        }
        double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
        for (unsigned i = 0; i < c.n; i++) {
            const double x[3] = {c.p[i].x, c.p[i].y, c.p[i].z};
            for (int k = 0; k < 3; k++)
                lo[k] = fmin(lo[k], x[k]), hi[k] = fmax(hi[k], x[k]);
        }
        const double diag = sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) +
                                 (hi[1] - lo[1]) * (hi[1] - lo[1]) + (hi[2] - lo[2]) * (hi[2] - lo[2]));
        const double tol = HULL_MERGE_TOLERANCE * diag;
        for (uint32_t f = 0; f < p.nf; f++) {
            for (uint32_t v = 0; v < p.nv; v++) {
                const double h = (double)p.nx[f] * p.vx[v] + (double)p.ny[f] * p.vy[v] +
                                 (double)p.nz[f] * p.vz[v];
                worst_inside = fmax(worst_inside, (h - p.d[f]) / diag);
                cr_expect(h <= p.d[f], "case %d: vertex %u stands %.3g above face %u", which, v,
                          h - p.d[f], f);
            }
            uint32_t corners = 0;
            for (uint32_t e = 0; e < p.ne; e++)
                corners += (uint32_t)p.fa[e] == f || (uint32_t)p.fb[e] == f;
            for (uint32_t e = 0; e < p.ne; e++) {
                if ((uint32_t)p.fa[e] != f && (uint32_t)p.fb[e] != f)
                    continue;
                /* a merged face holds its edges in its plane */
                if (corners > 3) {
                    const double tilt =
                        fabs((double)p.nx[f] * p.ux[e] + (double)p.ny[f] * p.uy[e] +
                             (double)p.nz[f] * p.uz[e]);
                    worst_tilt = fmax(worst_tilt, tilt);
                    cr_expect(tilt <= HULL_MERGE_TILT + 1e-6,
                              "case %d: edge %u leans %.3g out of its face %u", which, e, tilt, f);
                }
                const uint32_t v = (uint32_t)p.i0[e];
                const double h = (double)p.nx[f] * p.vx[v] + (double)p.ny[f] * p.vy[v] +
                                 (double)p.nz[f] * p.vz[v];
                worst_corner = fmax(worst_corner, (p.d[f] - h) / diag);
                cr_expect(p.d[f] - h <= 2 * tol + 1e-7 * diag,
                          "case %d: corner %u lies %.3g below its face %u", which, v, p.d[f] - h, f);
            }
        }
        for (uint32_t v = 0; v < p.nv; v++) {
            int found = 0;
            for (unsigned i = 0; i < c.n && !found; i++)
                found = fabs(p.vx[v] + (double)b1.centre[0] - c.p[i].x) <= 1e-6 * diag &&
                        fabs(p.vy[v] + (double)b1.centre[1] - c.p[i].y) <= 1e-6 * diag &&
                        fabs(p.vz[v] + (double)b1.centre[2] - c.p[i].z) <= 1e-6 * diag;
            cr_expect(found, "case %d: vertex %u is none of the points", which, v);
        }
        for (unsigned i = 0; i < c.n; i++) {
            double out = -INFINITY;
            const double x[3] = {c.p[i].x - (double)b1.centre[0], c.p[i].y - (double)b1.centre[1],
                                 c.p[i].z - (double)b1.centre[2]};
            for (uint32_t f = 0; f < p.nf; f++)
                out = fmax(out, p.nx[f] * x[0] + p.ny[f] * x[1] + p.nz[f] * x[2] - p.d[f]);
            worst_point = fmax(worst_point, out / diag);
            cr_expect(out <= 2 * tol + 1e-7 * diag, "case %d: point %u lies %.3g outside the hull",
                      which, i, out);
        }
        sepax_free(&alloc, b1.block), sepax_free(&alloc, b2.block);
    }
    cr_log_info("merged hulls: vertices above a face by %.3g of the diagonal at most (want <= 0), "
                "corners below their face's plane by %.3g, points outside the hull by %.3g, "
                "edges leaning out of a merged face by %.3g",
                worst_inside, worst_corner, worst_point, worst_tilt);
}
