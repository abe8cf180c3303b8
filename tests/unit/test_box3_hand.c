/* 3D pairs worked by hand: boxes face on face, touching, apart, nested,
 * crossed on their edges, far from the origin; spheres with spheres and
 * boxes. Each number below is derived in its comment. Every case runs on
 * every available backend, which must agree with scalar bit for bit. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "sepax/sepax3d.h"

#define NONE SEPAX3_FEATURE_NONE

static const sepax3_quat ID = {1, 0, 0, 0};

static sepax3_quat about(float x, float y, float z, float degrees)
{
    return sepax3_quat_axis_angle((sepax3_vec){x, y, z}, degrees * 3.14159265358979f / 180.0f);
}

typedef struct shape {
    int sphere;
    sepax3_vec half; /* or radius in x */
    sepax3_vec at;
    sepax3_quat q;
} shape;

static shape box(float hx, float hy, float hz, sepax3_vec at, sepax3_quat q)
{
    return (shape){0, {hx, hy, hz}, at, q};
}

static shape ball(float r, sepax3_vec at)
{
    return (shape){1, {r, 0, 0}, at, ID};
}

/* The result for (a, b) on scalar, after checking that every other
 * backend gives the same bytes. */
static sepax3_result collide(shape a, shape b)
{
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    sepax_shape_id id[2];
    const shape sh[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        if (sh[k].sphere)
            cr_assert_eq(sepax3_add_sphere(s, (sepax3_vec){0, 0, 0}, sh[k].half.x, &id[k]),
                         SEPAX_OK);
        else
            cr_assert_eq(sepax3_add_box(s, (sepax3_vec){0, 0, 0}, sh[k].half, ID, &id[k]),
                         SEPAX_OK);
        const sepax3_transform xf = {sh[k].at, sh[k].q};
        cr_assert_eq(sepax3_set_transforms(s, &id[k], &xf, 1), SEPAX_OK);
    }
    const sepax_pair pair = {id[0], id[1]};
    sepax3_result want, got;
    cr_assert_eq(sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax3_collide(s, &pair, 1, &want, NULL), SEPAX_OK);
    for (int b = 1; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax3_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
        cr_assert_eq(sepax3_update_world(s), SEPAX_OK);
        cr_assert_eq(sepax3_collide(s, &pair, 1, &got, NULL), SEPAX_OK);
        cr_assert_eq(memcmp(&want, &got, sizeof got), 0, "%s differs from scalar",
                     sepax_backend_name((sepax_backend)b));
    }
    sepax3_store_destroy(s);
    return want;
}

static void expect(sepax3_result r, float sep, float tol, float nx, float ny, float nz,
                   unsigned axis, unsigned fa, unsigned fb, unsigned flags)
{
    cr_expect(fabsf(r.separation - sep) <= tol, "separation %.9g, want %.9g", r.separation, sep);
    cr_expect(fabsf(r.normal.x - nx) <= 1e-6f && fabsf(r.normal.y - ny) <= 1e-6f &&
                  fabsf(r.normal.z - nz) <= 1e-6f,
              "normal (%g, %g, %g), want (%g, %g, %g)", r.normal.x, r.normal.y, r.normal.z, nx,
              ny, nz);
    cr_expect_eq(r.axis, axis, "axis %u, want %u", r.axis, axis);
    cr_expect_eq(r.feature_a, fa, "feature_a %u, want %u", r.feature_a, fa);
    cr_expect_eq(r.feature_b, fb, "feature_b %u, want %u", r.feature_b, fb);
    cr_expect_eq(r.flags, flags, "flags %u, want %u", r.flags, flags);
}

/* Unit cubes (half 1), B 1.75 along x: |t_x| - (1 + 1) = -0.25; the y and
 * z faces give -2; all edge pairs are parallel. A's face +x (0). */
Test(box3_hand, cubes_overlap_along_x)
{
    const sepax3_result r =
        collide(box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID), box(1, 1, 1, (sepax3_vec){1.75f, 0, 0}, ID));
    expect(r, -0.25f, 0.0f, 1, 0, 0, SEPAX3_AXIS_FACE_A, 0, NONE, SEPAX_HIT);
    /* the pair turned round: A's face -x (1), the normal flips */
    const sepax3_result t =
        collide(box(1, 1, 1, (sepax3_vec){1.75f, 0, 0}, ID), box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID));
    expect(t, -0.25f, 0.0f, -1, 0, 0, SEPAX3_AXIS_FACE_A, 1, NONE, SEPAX_HIT);
}

/* Resting face on face: B 2 above A, exactly 0 on z (a hit); B's own z
 * face ties at 0 and A's comes first. */
Test(box3_hand, resting_is_a_touching_hit)
{
    const sepax3_result r =
        collide(box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID), box(1, 1, 1, (sepax3_vec){0.3f, -0.2f, 2}, ID));
    expect(r, 0.0f, 0.0f, 0, 0, 1, SEPAX3_AXIS_FACE_A, 4, NONE, SEPAX_HIT);
}

/* Apart by 1 along x: no hit, separation 1. */
Test(box3_hand, apart)
{
    const sepax3_result r =
        collide(box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID), box(1, 1, 1, (sepax3_vec){3, 0, 0}, ID));
    expect(r, 1.0f, 0.0f, 1, 0, 0, SEPAX3_AXIS_FACE_A, 0, NONE, 0);
}

/* B (half 0.25) inside A at x = 0.5: x faces 0.5 - 1.25 = -0.75 (A's and
 * B's tie; A's first), y and z -1.25. Moving B 0.75 along +x puts its
 * near face on A's: the depth is the push-out distance. */
Test(box3_hand, nested)
{
    const sepax3_result r = collide(box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID),
                                    box(0.25f, 0.25f, 0.25f, (sepax3_vec){0.5f, 0, 0}, ID));
    expect(r, -0.75f, 0.0f, 1, 0, 0, SEPAX3_AXIS_FACE_A, 0, NONE, SEPAX_HIT | SEPAX_B_IN_A);
    const sepax3_result t = collide(box(0.25f, 0.25f, 0.25f, (sepax3_vec){0.5f, 0, 0}, ID),
                                    box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID));
    cr_expect_eq(t.flags, SEPAX_HIT | SEPAX_A_IN_B);
}

/* A turned 45 degrees about z (a diamond in x-y), B axis-aligned at
 * x = 2.2. On A's face axis (0.707, 0.707, 0): 1.556 - (1 + 1.414) =
 * -0.858. On B's x axis: 2.2 - (1 + 1.414) = -0.2142136, the largest: B's
 * face -x (3) looks at A, the normal is +x. */
Test(box3_hand, face_of_b)
{
    const sepax3_result r = collide(box(1, 1, 1, (sepax3_vec){0, 0, 0}, about(0, 0, 1, 45)),
                                    box(1, 1, 1, (sepax3_vec){2.2f, 0, 0}, ID));
    expect(r, -0.21421356f, 2e-6f, 1, 0, 0, SEPAX3_AXIS_FACE_B, NONE, 1, SEPAX_HIT);
}

/* Two cubes on their edges, crossed: A turned 45 degrees about x (top
 * edge along x at height sqrt 2), B turned 45 degrees about y (bottom edge
 * along y, sqrt 2 below its centre), B's centre 2 sqrt 2 - 0.1 above A's.
 * On z = a_x x b_y the half widths are sqrt 2 each: 2.7284271 - 2.8284271 =
 * -0.1. A's tilted face axis (0, 0.707, 0.707) gives 1.929 - (1 + 1.707) =
 * -0.778, far less: the edge axis wins, edges x of A (0) and y of B (1). */
Test(box3_hand, crossed_edges)
{
    const sepax3_result r =
        collide(box(1, 1, 1, (sepax3_vec){0, 0, 0}, about(1, 0, 0, 45)),
                box(1, 1, 1, (sepax3_vec){0, 0, 2.7284271f}, about(0, 1, 0, 45)));
    expect(r, -0.1f, 2e-6f, 0, 0, 1, SEPAX3_AXIS_EDGES, 0, 1, SEPAX_HIT);
}

/* The first case 1e4 from the origin on every axis: 10001.75 is a float,
 * and the kernel works on the difference of the centres, so the answer is
 * still exact. */
Test(box3_hand, far_from_the_origin)
{
    const sepax3_result r = collide(box(1, 1, 1, (sepax3_vec){1e4f, 1e4f, 1e4f}, ID),
                                    box(1, 1, 1, (sepax3_vec){10001.75f, 1e4f, 1e4f}, ID));
    expect(r, -0.25f, 0.0f, 1, 0, 0, SEPAX3_AXIS_FACE_A, 0, NONE, SEPAX_HIT);
}

/* Spheres of radius 1 and 0.5, centres sqrt 3 apart along (1, 1, 1):
 * 1.7320508 - 1.5 = 0.2320508, apart. On one centre: -1.5, axis +x, and
 * the small one inside the large. */
Test(box3_hand, spheres)
{
    const float k = 0.57735027f;
    const sepax3_result r = collide(ball(1, (sepax3_vec){0, 0, 0}), ball(0.5f, (sepax3_vec){1, 1, 1}));
    expect(r, 0.2320508f, 1e-6f, k, k, k, SEPAX3_AXIS_POINTS, NONE, NONE, 0);
    const sepax3_result c = collide(ball(1, (sepax3_vec){2, 3, 4}), ball(0.5f, (sepax3_vec){2, 3, 4}));
    expect(c, -1.5f, 0.0f, 1, 0, 0, SEPAX3_AXIS_POINTS, NONE, NONE, SEPAX_HIT | SEPAX_B_IN_A);
}

/* A cube of half 1 and a ball of radius 0.5. Closest points: on a face
 * ((1.25, 0, 0): 0.25 - 0.5), on an edge ((1.3, 1.4, 0): the 3-4-5
 * triangle, 0.5 - 0.5 = 0, touching), on a corner ((1.3, 1.4, 2.2): w =
 * (0.3, 0.4, 1.2), 1.3 - 0.5 = 0.8). */
Test(box3_hand, sphere_box_outside)
{
    const shape cube = box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID);
    expect(collide(cube, ball(0.5f, (sepax3_vec){1.25f, 0, 0})), -0.25f, 0.0f, 1, 0, 0,
           SEPAX3_AXIS_POINTS, NONE, NONE, SEPAX_HIT);
    expect(collide(cube, ball(0.5f, (sepax3_vec){1.3f, 1.4f, 0})), 0.0f, 1e-6f, 0.6f, 0.8f, 0,
           SEPAX3_AXIS_POINTS, NONE, NONE, SEPAX_HIT);
    expect(collide(cube, ball(0.5f, (sepax3_vec){1.3f, 1.4f, 2.2f})), 0.8f, 1e-6f,
           0.3f / 1.3f, 0.4f / 1.3f, 1.2f / 1.3f, SEPAX3_AXIS_POINTS, NONE, NONE, 0);
}

/* The ball's centre inside the cube at (0.7, 0, 0.2): gaps 0.3 (x), 1,
 * 0.8: the +x face, separation -(0.3 + 0.5). Turned round, the normal
 * flips and the face is B's. At the cube's centre all gaps tie: x first. */
Test(box3_hand, sphere_centre_inside_box)
{
    const shape cube = box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID);
    const shape inner = ball(0.5f, (sepax3_vec){0.7f, 0, 0.2f});
    expect(collide(cube, inner), -0.8f, 1e-6f, 1, 0, 0, SEPAX3_AXIS_FACE_A, 0, NONE, SEPAX_HIT);
    expect(collide(inner, cube), -0.8f, 1e-6f, -1, 0, 0, SEPAX3_AXIS_FACE_B, NONE, 0, SEPAX_HIT);
    expect(collide(cube, ball(0.5f, (sepax3_vec){0, 0, 0})), -1.5f, 0.0f, 1, 0, 0,
           SEPAX3_AXIS_FACE_A, 0, NONE, SEPAX_HIT | SEPAX_B_IN_A);
}

/* A ball that holds the whole cube: farthest corner sqrt 3 < 2. */
Test(box3_hand, box_inside_sphere)
{
    const sepax3_result r =
        collide(box(1, 1, 1, (sepax3_vec){0, 0, 0}, ID), ball(2, (sepax3_vec){0, 0, 0}));
    cr_expect_eq(r.flags, SEPAX_HIT | SEPAX_A_IN_B);
}
