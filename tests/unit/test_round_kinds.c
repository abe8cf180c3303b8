/* The round and thin kinds' surface: the add functions' argument
 * checks and limits, sepax_shape_info, the cores sepax_shape_vertices
 * returns, world boxes, the broadphase on round shapes, and point query
 * arguments. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "support/cases.h"
#include "sepax/sepax.h"
#include "support/backends_criterion.h"
#include "support/round_store.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- validation -------------------------------------------------------- */

/* The store's fingerprint (tests/support/cases.h) does not cover kinds and
 * radii, so they are folded in here. */
static uint64_t store_state(const sepax_store *s)
{
    uint64_t h = cases_store_fingerprint(s);
    for (uint32_t slot = 0; slot < sepax_store_slot_limit(s); slot++) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s, slot, &id) != SEPAX_OK)
            continue;
        sepax_shape_desc d;
        cr_assert_eq(sepax_shape_info(s, id, &d), SEPAX_OK);
        const sepax_shape_kind kind = d.kind;
        const float r = d.radius;
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
    {-INFINITY, SEPAX_ERR_NOT_FINITE}, {0.0f, SEPAX_ERR_BAD_RADIUS},
    {-0.0f, SEPAX_ERR_BAD_RADIUS}, {-1.0f, SEPAX_ERR_BAD_RADIUS},
    {-FLT_MIN, SEPAX_ERR_BAD_RADIUS}, {BIG, SEPAX_ERR_OUT_OF_RANGE},
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
 * coordinate limit). Every backend gives scalar's bytes, so the scalar
 * answers are the ones to look at. */
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
    sepax_pair pairs[30];
    size_t n = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++)
            if (i != j)
                pairs[n++] = (sepax_pair){ids[i], ids[j]};
    sepax_result r[30];
    assert_pairs_match_scalar(s, pairs, n, r, "shapes at the limits");
    for (size_t k = 0; k < n; k++)
        cr_expect(isfinite(r[k].separation) && isfinite(r[k].normal.x) &&
                      isfinite(r[k].normal.y),
                  "pair %zu: %g (%g, %g)", k, r[k].separation, r[k].normal.x, r[k].normal.y);
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
        sepax_shape_desc d = {SEPAX_SHAPE_KIND_COUNT, -1.0f, 99};
        cr_assert_eq(sepax_shape_info(s, ids[k], &d), SEPAX_OK);
        cr_expect_eq(d.kind, kinds[k], "shape %d: kind %d", k, (int)d.kind);
        cr_expect(d.radius == radii[k] && !signbit(d.radius), "shape %d: radius %g", k, d.radius);
        cr_expect_eq(d.vertex_count, counts[k], "shape %d: %u core vertices", k, d.vertex_count);
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
    /* *out is written only on success */
    sepax_shape_desc d = {SEPAX_SHAPE_KIND_COUNT, -1.0f, 99};
    cr_expect_eq(sepax_shape_info(NULL, ids[2], &d), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_shape_info(s, ids[2], NULL), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_shape_info(s, 1000, &d), SEPAX_ERR_BAD_ID);
    cr_assert_eq(sepax_remove(s, ids[2]), SEPAX_OK);
    cr_expect_eq(sepax_shape_info(s, ids[2], &d), SEPAX_ERR_STALE_ID);
    cr_expect(d.kind == SEPAX_SHAPE_KIND_COUNT && d.radius == -1.0f && d.vertex_count == 99,
              "a refused call wrote *out");
    /* The slot's next tenant reports its own kind. */
    sepax_shape_id again;
    cr_assert_eq(sepax_add_segment(s, v2(0, 0), v2(1, 1), &again), SEPAX_OK);
    cr_assert_eq(SEPAX_ID_SLOT(again), SEPAX_ID_SLOT(ids[2]));
    cr_assert_eq(sepax_shape_info(s, again, &d), SEPAX_OK);
    cr_expect(d.kind == SEPAX_SHAPE_SEGMENT && d.radius == 0 && d.vertex_count == 2);
    sepax_store_destroy(s);
}

/* The world box holds the whole rounded shape (core grown by r, computed
 * exactly in double from the float world core) and is not loose by more
 * than rounding. */
static void check_box(const sepax_store *s, sepax_shape_id id, const char *what)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES], lo, hi;
    uint32_t n = 0;
    sepax_shape_desc d;
    cr_assert_eq(sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_OK);
    cr_assert_eq(sepax_shape_info(s, id, &d), SEPAX_OK);
    const float r = d.radius;
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


Test(round_validation, point_query_arguments)
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
