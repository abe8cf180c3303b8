#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "sepax/sepax.h"
#include "2d/store.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The world normals are not public; this is the one place the suite reads
 * them, through the kernels' own view of the store. */
static uint32_t world_normals(const sepax_store *s, sepax_shape_id id, sepax_vec2 *out)
{
    sepax_columns cols = sepax_store_columns(s);
    sepax_view v = sepax_world_view(&cols, SEPAX_ID_SLOT(id));
    for (uint32_t i = 0; i < v.n; i++) {
        out[i].x = v.nx[i];
        out[i].y = v.ny[i];
    }
    return v.n;
}

static sepax_store *new_store(void)
{
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert(s != NULL);
    return s;
}

static sepax_shape_id add(sepax_store *s, const sepax_vec2 *v, size_t n)
{
    sepax_shape_id id;
    sepax_status st = sepax_add_polygon(s, v, n, &id);
    cr_assert_eq(st, SEPAX_OK, "add failed: %s", sepax_status_string(st));
    return id;
}

static const sepax_vec2 house[5] = {{0, 0}, {2, 0}, {2, 2}, {1, 3}, {0, 2}};

static uint32_t verts(const sepax_store *s, sepax_shape_id id, int world, sepax_vec2 *out)
{
    uint32_t n = 0;
    sepax_status st = sepax_shape_vertices(s, id, world, out, SEPAX_MAX_POLYGON_VERTICES, &n);
    cr_assert_eq(st, SEPAX_OK, "vertices of %#x: %s", id, sepax_status_string(st));
    return n;
}

/* A distinct, valid polygon for shape number k: a regular polygon whose
 * size, place and vertex count all depend on k. */
static uint32_t shape_for(uint32_t k, sepax_vec2 *v)
{
    uint32_t n = 3 + k % 62;
    double r = 1 + (k % 7) * 0.25, cx = (double)(k % 101), cy = (double)(k / 101);
    for (uint32_t i = 0; i < n; i++) {
        double t = 2 * M_PI * i / n + k * 0.01;
        v[i].x = (float)(cx + r * cos(t));
        v[i].y = (float)(cy + r * sin(t));
    }
    return n;
}

Test(store, create_and_destroy)
{
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(NULL, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_count(s), 0u);
    cr_assert_eq(sepax_store_slot_limit(s), 0u);
    sepax_store_destroy(s);
    sepax_store_destroy(NULL);
    sepax_store_options o = sepax_store_options_default();
    o.allocator = NULL;
    o.initial_shapes = 100000;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_count(s), 0u);
    sepax_store_destroy(s);
}

Test(store, ids_count_up_from_zero)
{
    sepax_store *s = new_store();
    for (uint32_t k = 0; k < 20; k++) {
        sepax_shape_id id;
        if (k % 2) {
            cr_assert_eq(sepax_add_box(s, (sepax_vec2){(float)k, 0}, (sepax_vec2){1, 2}, 0.1f, &id),
                         SEPAX_OK);
        } else {
            id = add(s, house, 5);
        }
        cr_assert_eq(id, k, "shape %u got id %#x", k, id);
        cr_assert_eq(sepax_store_count(s), k + 1);
        cr_assert_eq(sepax_store_slot_limit(s), k + 1);
    }
    for (uint32_t k = 0; k < 20; k++) {
        sepax_shape_id id = 0xFFFFFFFFu;
        cr_assert_eq(sepax_shape_id_of_slot(s, k, &id), SEPAX_OK);
        cr_assert_eq(id, k);
        cr_assert_eq(sepax_shape_check(s, k), SEPAX_OK);
    }
    sepax_shape_id id;
    cr_assert_eq(sepax_shape_id_of_slot(s, 20, &id), SEPAX_ERR_BAD_ID);
    cr_assert_eq(sepax_shape_check(s, 20), SEPAX_ERR_BAD_ID);
    cr_assert_eq(sepax_shape_check(s, 0xFFFFFFu), SEPAX_ERR_BAD_ID);
    sepax_store_destroy(s);
}

Test(store, remove_makes_ids_stale_and_slots_reused)
{
    sepax_store *s = new_store();
    for (int k = 0; k < 6; k++)
        add(s, house, 5);
    cr_assert_eq(sepax_remove(s, 3), SEPAX_OK);
    cr_assert_eq(sepax_store_count(s), 5u);
    cr_assert_eq(sepax_store_slot_limit(s), 6u, "removing must not shrink the slot range");
    cr_assert_eq(sepax_shape_check(s, 3), SEPAX_ERR_STALE_ID);
    cr_assert_eq(sepax_remove(s, 3), SEPAX_ERR_STALE_ID);
    cr_assert_eq(sepax_remove(s, 6), SEPAX_ERR_BAD_ID);
    cr_assert_eq(sepax_remove(NULL, 0), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_store_count(s), 5u);

    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES], lo, hi;
    uint32_t n = 7;
    sepax_transform t;
    sepax_shape_id got;
    cr_assert_eq(sepax_shape_vertices(s, 3, 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_ERR_STALE_ID);
    cr_expect_eq(n, 7u, "a refused id's count is left as it was, as in sepax3_hull_vertices");
    cr_assert_eq(sepax_shape_transform(s, 3, &t), SEPAX_ERR_STALE_ID);
    cr_assert_eq(sepax_shape_aabb(s, 3, &lo, &hi), SEPAX_ERR_STALE_ID);
    cr_assert_neq(sepax_shape_id_of_slot(s, 3, &got), SEPAX_OK);
    for (sepax_shape_id k = 0; k < 6; k++)
        if (k != 3)
            cr_assert_eq(sepax_shape_check(s, k), SEPAX_OK, "removing 3 disturbed %u", k);

    sepax_shape_id fresh = add(s, house, 5);
    cr_assert_eq(SEPAX_ID_SLOT(fresh), 3u, "the free slot was not reused");
    cr_assert_neq(fresh, 3u, "the reused slot kept its old id");
    cr_assert_neq(SEPAX_ID_GENERATION(fresh), 0u);
    cr_assert_eq(sepax_shape_check(s, fresh), SEPAX_OK);
    cr_assert_eq(sepax_shape_check(s, 3), SEPAX_ERR_STALE_ID, "old id came back to life");
    cr_assert_eq(sepax_shape_id_of_slot(s, 3, &got), SEPAX_OK);
    cr_assert_eq(got, fresh);
    cr_assert_eq(sepax_store_count(s), 6u);
    cr_assert_eq(sepax_store_slot_limit(s), 6u);
    /* An id with the right slot but a generation never issued. */
    cr_assert_eq(sepax_shape_check(s, fresh + (1u << 24)), SEPAX_ERR_STALE_ID);
    sepax_store_destroy(s);
}

Test(store, generations_differ_across_reuse)
{
    sepax_store *s = new_store();
    add(s, house, 5);
    sepax_shape_id prev = add(s, house, 5);
    for (int round = 0; round < 300; round++) {
        cr_assert_eq(sepax_remove(s, prev), SEPAX_OK);
        sepax_shape_id id = add(s, house, 5);
        cr_assert_eq(SEPAX_ID_SLOT(id), 1u);
        cr_assert_neq(id, prev, "round %d: reuse gave the same id", round);
        cr_assert_eq(sepax_shape_check(s, prev), SEPAX_ERR_STALE_ID);
        prev = id;
    }
    cr_assert_eq(sepax_store_count(s), 2u);
    cr_assert_eq(sepax_store_slot_limit(s), 2u);
    sepax_store_destroy(s);
}

Test(store, new_shape_starts_at_identity)
{
    sepax_store *s = new_store();
    sepax_shape_id id = add(s, house, 5);
    sepax_transform t;
    cr_assert_eq(sepax_shape_transform(s, id, &t), SEPAX_OK);
    sepax_transform e = sepax_transform_identity();
    cr_assert(t.p.x == e.p.x && t.p.y == e.p.y && t.q.c == e.q.c && t.q.s == e.q.s);
    cr_assert(e.p.x == 0 && e.p.y == 0 && e.q.c == 1 && e.q.s == 0);
    sepax_vec2 l[SEPAX_MAX_POLYGON_VERTICES], w[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t nl = verts(s, id, 0, l), nw = verts(s, id, 1, w);
    cr_assert_eq(nl, 5u);
    cr_assert_eq(nw, nl);
    cr_assert(memcmp(l, w, nl * sizeof *l) == 0, "world differs from local at identity");
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, id, 1, NULL, 0, &n), SEPAX_OK);
    cr_assert_eq(n, 5u);
    sepax_store_destroy(s);
}

Test(store, transform_helpers)
{
    sepax_transform t = sepax_transform_make(1.5f, -2, 0);
    cr_assert(t.p.x == 1.5f && t.p.y == -2 && t.q.c == 1 && t.q.s == 0);
    t = sepax_transform_make(0, 0, (float)(M_PI / 2));
    cr_assert(fabsf(t.q.c) < 1e-6f && fabsf(t.q.s - 1) < 1e-6f);
    t = sepax_transform_make(0, 0, 2.5f);
    cr_assert(fabs(t.q.c - cos(2.5)) < 1e-6 && fabs(t.q.s - sin(2.5)) < 1e-6);
}

static void check_aabb(const sepax_store *s, sepax_shape_id id)
{
    sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES], lo, hi;
    uint32_t n = verts(s, id, 1, w);
    cr_assert_eq(sepax_shape_aabb(s, id, &lo, &hi), SEPAX_OK);
    float lx = w[0].x, ly = w[0].y, hx = w[0].x, hy = w[0].y;
    for (uint32_t i = 1; i < n; i++) {
        lx = fminf(lx, w[i].x);
        ly = fminf(ly, w[i].y);
        hx = fmaxf(hx, w[i].x);
        hy = fmaxf(hy, w[i].y);
    }
    cr_assert(lo.x == lx && lo.y == ly && hi.x == hx && hi.y == hy,
              "aabb of %#x is (%.9g %.9g)-(%.9g %.9g), vertices span (%.9g %.9g)-(%.9g %.9g)", id,
              lo.x, lo.y, hi.x, hi.y, lx, ly, hx, hy);
}

Test(store, quarter_turns_are_exact)
{
    sepax_store *s = new_store();
    const sepax_vec2 poly[6] = {{0.25f, -1}, {2, -0.5f}, {3, 1}, {2.5f, 2}, {1, 2.25f}, {-0.5f, 0.5f}};
    sepax_shape_id id = add(s, poly, 6);
    sepax_vec2 l[SEPAX_MAX_POLYGON_VERTICES], n0[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = verts(s, id, 0, l);
    cr_assert_eq(n, 6u);
    /* At the identity the world normals are the local normals. */
    cr_assert_eq(world_normals(s, id, n0), n);
    for (uint32_t i = 0; i < n; i++) {
        double len = hypot(n0[i].x, n0[i].y);
        cr_assert(fabs(len - 1) < 1e-6, "normal %u has length %.9g", i, len);
        uint32_t j = (i + 1) % n;
        double ex = l[j].x - l[i].x, ey = l[j].y - l[i].y;
        cr_assert(fabs(n0[i].x * ex + n0[i].y * ey) < 1e-6 * hypot(ex, ey),
                  "normal %u not perpendicular to its edge", i);
        cr_assert(n0[i].x * ey - n0[i].y * ex > 0, "normal %u points inwards", i);
    }

    const float qc[4] = {1, 0, -1, 0}, qs[4] = {0, 1, 0, -1};
    /* Each backend has its own world kernel; all must be exact here. */
    for (int k = 0; k < 4 * SEPAX_BACKEND_COUNT; k++) {
        if (!sepax_backend_available((sepax_backend)(k / 4)))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)(k / 4)), SEPAX_OK);
        sepax_transform t = {{3.5f, -2.25f}, {qc[k % 4], qs[k % 4]}};
        cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
        sepax_transform back;
        cr_assert_eq(sepax_shape_transform(s, id, &back), SEPAX_OK);
        cr_assert(memcmp(&back, &t, sizeof t) == 0);
        sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES], wn[SEPAX_MAX_POLYGON_VERTICES];
        cr_assert_eq(verts(s, id, 1, w), n);
        cr_assert_eq(world_normals(s, id, wn), n);
        for (uint32_t i = 0; i < n; i++) {
            float wx = t.p.x + (t.q.c * l[i].x - t.q.s * l[i].y);
            float wy = t.p.y + (t.q.s * l[i].x + t.q.c * l[i].y);
            cr_assert(w[i].x == wx && w[i].y == wy,
                      "turn %d, vertex %u: (%.9g, %.9g), expected (%.9g, %.9g)", k, i, w[i].x,
                      w[i].y, wx, wy);
            float nx = t.q.c * n0[i].x - t.q.s * n0[i].y;
            float ny = t.q.s * n0[i].x + t.q.c * n0[i].y;
            cr_assert(wn[i].x == nx && wn[i].y == ny,
                      "turn %d, normal %u: (%.9g, %.9g), expected (%.9g, %.9g)", k, i, wn[i].x,
                      wn[i].y, nx, ny);
        }
        check_aabb(s, id);
    }
    sepax_store_destroy(s);
}

Test(store, general_transform)
{
    sepax_store *s = new_store();
    sepax_shape_id id = add(s, house, 5);
    sepax_vec2 l[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = verts(s, id, 0, l);
    const float angles[] = {0.1f, 1.0f, -2.5f, 3.1f};
    for (size_t m = 0; m < 4 * SEPAX_BACKEND_COUNT; m++) {
        size_t k = m % 4;
        if (!sepax_backend_available((sepax_backend)(m / 4)))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)(m / 4)), SEPAX_OK);
        sepax_transform t = sepax_transform_make(10.5f, -7.25f, angles[k]);
        cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
        sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES], wn[SEPAX_MAX_POLYGON_VERTICES];
        cr_assert_eq(verts(s, id, 1, w), n);
        world_normals(s, id, wn);
        for (uint32_t i = 0; i < n; i++) {
            double ex = t.p.x + ((double)t.q.c * l[i].x - (double)t.q.s * l[i].y);
            double ey = t.p.y + ((double)t.q.s * l[i].x + (double)t.q.c * l[i].y);
            cr_assert(fabs(w[i].x - ex) < 1e-5 && fabs(w[i].y - ey) < 1e-5,
                      "angle %g vertex %u: (%.9g, %.9g) expected (%.9g, %.9g)", angles[k], i,
                      w[i].x, w[i].y, ex, ey);
            uint32_t j = (i + 1) % n;
            double dx = l[j].x - l[i].x, dy = l[j].y - l[i].y, len = hypot(dx, dy);
            double nx = dy / len, ny = -dx / len;
            double rx = t.q.c * nx - t.q.s * ny, ry = t.q.s * nx + t.q.c * ny;
            cr_assert(fabs(wn[i].x - rx) < 1e-6 && fabs(wn[i].y - ry) < 1e-6,
                      "angle %g normal %u: (%.9g, %.9g) expected (%.9g, %.9g)", angles[k], i,
                      wn[i].x, wn[i].y, rx, ry);
        }
        check_aabb(s, id);
        /* A full recompute lands on the same floats. */
        sepax_vec2 again[SEPAX_MAX_POLYGON_VERTICES];
        cr_assert_eq(sepax_update_world(s), SEPAX_OK);
        verts(s, id, 1, again);
        cr_assert(memcmp(w, again, n * sizeof *w) == 0, "update_world changed the vertices");
        check_aabb(s, id);
    }
    sepax_store_destroy(s);
}

Test(store, set_transforms_checks_everything_first)
{
    sepax_store *s = new_store();
    sepax_shape_id a = add(s, house, 5), b = add(s, house, 5), c = add(s, house, 5);
    cr_assert_eq(sepax_remove(s, c), SEPAX_OK);
    sepax_transform ta = sepax_transform_make(1, 2, 0.5f), tb = sepax_transform_make(-3, 4, 1.5f);
    sepax_shape_id ids2[2] = {a, b};
    sepax_transform xf2[2] = {ta, tb};
    cr_assert_eq(sepax_set_transforms(s, ids2, xf2, 2), SEPAX_OK);

    sepax_vec2 wa[SEPAX_MAX_POLYGON_VERTICES], wb[SEPAX_MAX_POLYGON_VERTICES], lo_a, hi_a;
    uint32_t na = verts(s, a, 1, wa), nb = verts(s, b, 1, wb);
    cr_assert_eq(sepax_shape_aabb(s, a, &lo_a, &hi_a), SEPAX_OK);

    const sepax_transform good = sepax_transform_make(100, 100, 2);
    struct {
        sepax_shape_id id;
        sepax_transform t;
        sepax_status want;
        const char *what;
    } bad[] = {
        {b + 7, good, SEPAX_ERR_BAD_ID, "id past the slots"},
        {c, good, SEPAX_ERR_STALE_ID, "removed id"},
        {b, {{NAN, 0}, {1, 0}}, SEPAX_ERR_NOT_FINITE, "NaN position"},
        {b, {{0, INFINITY}, {1, 0}}, SEPAX_ERR_NOT_FINITE, "infinite position"},
        {b, {{0, 0}, {NAN, 0}}, SEPAX_ERR_NOT_FINITE, "NaN rotation"},
        {b, {{0, 0}, {1, INFINITY}}, SEPAX_ERR_NOT_FINITE, "infinite rotation"},
        {b, {{0, 0}, {1, 1}}, SEPAX_ERR_BAD_TRANSFORM, "rotation of length sqrt 2"},
        {b, {{0, 0}, {0, 0}}, SEPAX_ERR_BAD_TRANSFORM, "zero rotation"},
        {b, {{0, 0}, {1.001f, 0}}, SEPAX_ERR_BAD_TRANSFORM, "rotation 0.1% long"},
        {b, {{0, 0}, {0, -0.999f}}, SEPAX_ERR_BAD_TRANSFORM, "rotation 0.1% short"},
        {b, {{1.5e18f, 0}, {1, 0}}, SEPAX_ERR_OUT_OF_RANGE, "position beyond SEPAX_MAX_COORDINATE"},
        {b, {{0, -1.5e18f}, {1, 0}}, SEPAX_ERR_OUT_OF_RANGE, "negative position beyond the limit"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        /* The bad entry comes last: a store that applied transforms as it
         * went would already have moved a and b. */
        sepax_shape_id ids[3] = {a, b, bad[k].id};
        sepax_transform xf[3] = {good, good, bad[k].t};
        sepax_status st = sepax_set_transforms(s, ids, xf, 3);
        cr_assert_eq(st, bad[k].want, "%s: got %s", bad[k].what, sepax_status_string(st));
        sepax_transform now;
        cr_assert_eq(sepax_shape_transform(s, a, &now), SEPAX_OK);
        cr_assert(memcmp(&now, &ta, sizeof now) == 0, "%s: transform of a changed", bad[k].what);
        cr_assert_eq(sepax_shape_transform(s, b, &now), SEPAX_OK);
        cr_assert(memcmp(&now, &tb, sizeof now) == 0, "%s: transform of b changed", bad[k].what);
        sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES], lo, hi;
        cr_assert_eq(verts(s, a, 1, w), na);
        cr_assert(memcmp(w, wa, na * sizeof *w) == 0, "%s: world of a changed", bad[k].what);
        cr_assert_eq(verts(s, b, 1, w), nb);
        cr_assert(memcmp(w, wb, nb * sizeof *w) == 0, "%s: world of b changed", bad[k].what);
        cr_assert_eq(sepax_shape_aabb(s, a, &lo, &hi), SEPAX_OK);
        cr_assert(lo.x == lo_a.x && lo.y == lo_a.y && hi.x == hi_a.x && hi.y == hi_a.y,
                  "%s: aabb of a changed", bad[k].what);
    }

    /* Within SEPAX_ROTATION_TOLERANCE a rotation is accepted as given. */
    sepax_transform near = {{0, 0}, {(float)(cos(0.7) * 1.00002), (float)(sin(0.7) * 1.00002)}};
    cr_assert_eq(sepax_set_transforms(s, &a, &near, 1), SEPAX_OK);
    cr_assert_eq(sepax_set_transforms(s, NULL, NULL, 0), SEPAX_OK);
    cr_assert_eq(sepax_set_transforms(s, NULL, &good, 1), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_set_transforms(s, &a, NULL, 1), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_set_transforms(NULL, &a, &good, 1), SEPAX_ERR_NULL);
    sepax_store_destroy(s);
}

Test(store, shape_vertices_arguments)
{
    sepax_store *s = new_store();
    sepax_shape_id id = add(s, house, 5);
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    cr_assert_eq(sepax_shape_vertices(s, id + 1, 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_ERR_BAD_ID);
    cr_assert_eq(sepax_shape_vertices(NULL, id, 0, v, SEPAX_MAX_POLYGON_VERTICES, &n), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_shape_vertices(s, id, 0, NULL, 0, &n), SEPAX_OK);
    cr_assert_eq(n, 5u);
    sepax_vec2 lo, hi;
    cr_assert_eq(sepax_shape_aabb(s, id + 1, &lo, &hi), SEPAX_ERR_BAD_ID);
    sepax_transform t;
    cr_assert_eq(sepax_shape_transform(s, id + 1, &t), SEPAX_ERR_BAD_ID);
    sepax_store_destroy(s);
}

/* Many shapes from a tiny initial reservation: the store has to grow its
 * slots and its vertex pool many times, and ids and contents must survive
 * every move. */
Test(store, growth_keeps_ids_and_vertices, .timeout = 120)
{
    sepax_store_options o = sepax_store_options_default();
    o.allocator = NULL;
    o.initial_shapes = 1;
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    enum { FIRST = 3000, SECOND = 1500 };
    sepax_shape_id *ids = malloc((FIRST + SECOND) * sizeof *ids);
    uint32_t *shape_of = malloc((FIRST + SECOND) * sizeof *shape_of);
    char *alive = calloc(FIRST + SECOND, 1);
    cr_assert(ids && shape_of && alive);
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    for (uint32_t k = 0; k < FIRST; k++) {
        uint32_t n = shape_for(k, v);
        ids[k] = add(s, v, n);
        shape_of[k] = k;
        alive[k] = 1;
        cr_assert_eq(ids[k], k);
    }
    size_t removed = 0;
    for (uint32_t k = 0; k < FIRST; k += 3) {
        cr_assert_eq(sepax_remove(s, ids[k]), SEPAX_OK);
        alive[k] = 0;
        removed++;
    }
    cr_assert_eq(sepax_store_count(s), FIRST - removed);
    for (uint32_t k = FIRST; k < FIRST + SECOND; k++) {
        uint32_t n = shape_for(k, v);
        ids[k] = add(s, v, n);
        shape_of[k] = k;
        alive[k] = 1;
    }
    cr_assert_eq(sepax_store_count(s), FIRST - removed + SECOND);
    /* Freed slots are used before the range grows. */
    cr_assert_eq(sepax_store_slot_limit(s), FIRST + (SECOND > removed ? SECOND - removed : 0));

    /* Move everything, through a batch that includes reused slots. */
    size_t nlive = 0;
    sepax_shape_id *live = malloc((FIRST + SECOND) * sizeof *live);
    sepax_transform *xf = malloc((FIRST + SECOND) * sizeof *xf);
    uint32_t *which = malloc((FIRST + SECOND) * sizeof *which);
    cr_assert(live && xf && which);
    for (uint32_t k = 0; k < FIRST + SECOND; k++) {
        if (!alive[k])
            continue;
        live[nlive] = ids[k];
        xf[nlive] = (sepax_transform){{(float)(k % 13), -(float)(k % 17)}, {0, 1}};
        which[nlive] = k;
        nlive++;
    }
    cr_assert_eq(sepax_set_transforms(s, live, xf, nlive), SEPAX_OK);

    for (size_t m = 0; m < nlive; m++) {
        uint32_t k = which[m];
        cr_assert_eq(sepax_shape_check(s, ids[k]), SEPAX_OK, "shape %u lost its id", k);
        sepax_vec2 want[SEPAX_MAX_POLYGON_VERTICES], got[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = shape_for(shape_of[k], want);
        uint32_t ng = verts(s, ids[k], 0, got);
        cr_assert_eq(ng, n, "shape %u has %u vertices, expected %u", k, ng, n);
        /* Cleaning may start the cycle anywhere; find the shift. */
        uint32_t shift = n;
        for (uint32_t i = 0; i < n && shift == n; i++)
            if (got[i].x == want[0].x && got[i].y == want[0].y)
                shift = i;
        cr_assert(shift < n, "shape %u: vertices no longer match", k);
        for (uint32_t i = 0; i < n; i++) {
            sepax_vec2 g = got[(i + shift) % n];
            cr_assert(g.x == want[i].x && g.y == want[i].y, "shape %u vertex %u changed", k, i);
        }
        sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES];
        verts(s, ids[k], 1, w);
        for (uint32_t i = 0; i < n; i++) {
            float wx = xf[m].p.x - got[i].y, wy = xf[m].p.y + got[i].x;
            cr_assert(w[i].x == wx && w[i].y == wy, "shape %u world vertex %u wrong", k, i);
        }
        check_aabb(s, ids[k]);
    }
    for (uint32_t k = 0; k < FIRST; k += 3)
        cr_assert_eq(sepax_shape_check(s, ids[k]), SEPAX_ERR_STALE_ID);
    free(ids);
    free(shape_of);
    free(alive);
    free(live);
    free(xf);
    free(which);
    sepax_store_destroy(s);
}

/* ---- allocation hooks ---------------------------------------------------- */

typedef struct counting {
    long allocs, frees, budget; /* budget < 0: unlimited */
    int misaligned;
} counting;

static void *count_alloc(size_t size, void *user)
{
    counting *c = user;
    if (c->budget == 0)
        return NULL;
    if (c->budget > 0)
        c->budget--;
    size_t rounded = (size + 63) / 64 * 64;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        c->allocs++;
    return p;
}

static void count_free(void *p, void *user)
{
    counting *c = user;
    if (p)
        c->frees++;
    free(p);
}

Test(store, allocator_hooks_see_every_allocation)
{
    counting c = {0, 0, -1, 0};
    sepax_allocator a = {count_alloc, count_free, &c};
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &a;
    o.initial_shapes = 1;
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    cr_assert(c.allocs > 0, "store creation bypassed the allocator");
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    for (uint32_t k = 0; k < 2000; k++) {
        uint32_t n = shape_for(k, v);
        add(s, v, n);
    }
    sepax_store_destroy(s);
    cr_assert_eq(c.allocs, c.frees, "%ld allocations, %ld frees", c.allocs, c.frees);
}

Test(store, out_of_memory_leaves_store_unchanged)
{
    counting c = {0, 0, 0, 0};
    sepax_allocator a = {count_alloc, count_free, &c};
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &a;
    o.initial_shapes = 1;
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_ERR_OUT_OF_MEMORY);

    c.budget = -1;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t k = 0, failures = 0;
    /* Allow no further allocation: every add that needs to grow fails,
     * the others go through. */
    c.budget = 0;
    for (; k < 3000 && failures < 5; k++) {
        uint32_t before = sepax_store_count(s), limit = sepax_store_slot_limit(s);
        uint32_t n = shape_for(k, v);
        sepax_shape_id id;
        sepax_status st = sepax_add_polygon(s, v, n, &id);
        if (st == SEPAX_OK) {
            cr_assert_eq(id, before);
            continue;
        }
        cr_assert_eq(st, SEPAX_ERR_OUT_OF_MEMORY, "add %u: %s", k, sepax_status_string(st));
        cr_assert_eq(sepax_store_count(s), before);
        cr_assert_eq(sepax_store_slot_limit(s), limit);
        failures++;
        /* Let exactly one allocation through now and then, so growth of
         * one array can succeed while the next fails. */
        if (failures % 2 == 0)
            c.budget = 1;
        else
            c.budget = 0;
    }
    cr_assert(failures > 0, "the store never needed to grow");
    /* Every shape that went in is intact. */
    uint32_t count = sepax_store_count(s);
    for (sepax_shape_id id = 0; id < count; id++)
        cr_assert_eq(sepax_shape_check(s, id), SEPAX_OK);
    c.budget = -1;
    uint32_t n = shape_for(0, v);
    sepax_shape_id id;
    cr_assert_eq(sepax_add_polygon(s, v, n, &id), SEPAX_OK);
    cr_assert_eq(id, count, "id after the failures is %#x, expected %u", id, count);
    sepax_store_destroy(s);
    cr_assert_eq(c.allocs, c.frees);
}

Test(store, cases_build_fills_a_store)
{
    /* The stress-case generator is used by other suites; make sure its
     * shapes all go in and its pairs name live, distinct shapes. */
    sepax_store *s = new_store();
    case_set set;
    char msg[512];
    sepax_status st = cases_build(s, 7, 2000, NULL, &set, msg, sizeof msg);
    cr_assert_eq(st, SEPAX_OK, "%s", msg);
    cr_assert_eq(set.count, 2000u);
    cr_assert_eq(sepax_store_count(s), set.shapes);
    int seen[CASE_FAMILY_COUNT] = {0};
    for (size_t i = 0; i < set.count; i++) {
        cr_assert_eq(sepax_shape_check(s, set.pairs[i].a), SEPAX_OK);
        cr_assert_eq(sepax_shape_check(s, set.pairs[i].b), SEPAX_OK);
        cr_assert_neq(set.pairs[i].a, set.pairs[i].b);
        seen[set.family[i]]++;
    }
    for (int f = 0; f < CASE_FAMILY_COUNT; f++)
        cr_assert(seen[f] > 0, "family %s never generated", case_family_name((case_family)f));
    cases_free(&set);
    sepax_store_destroy(s);
}

/* ---- options that carry their size --------------------------------------- */

/* Options start with the size the caller compiled them with
 * (sepax_common.h): only the sizeof of a released layout is read (one so
 * far); any other size, a partial layout included, is refused before any
 * allocation, and the failed create leaves *out NULL. */
Test(store, options_of_no_known_size_are_refused)
{
    counting c = {0, 0, -1, 0};
    sepax_allocator a = {count_alloc, count_free, &c};
    const uint32_t full = (uint32_t)sizeof(sepax_store_options);
    /* the bytes up to the last field, without the tail padding */
    const uint32_t fields = (uint32_t)(offsetof(sepax_store_options, initial_shapes) + 4);
    uint32_t sizes[] = {0, 1, 4, fields - 1, full - 1, full + 1, full + 4, 4096, UINT32_MAX, 0};
    size_t n = sizeof sizes / sizeof sizes[0] - 1;
    if (fields != full)
        sizes[n++] = fields;
    for (size_t k = 0; k < n; k++) {
        sepax_store_options o = sepax_store_options_default();
        o.size = sizes[k];
        o.allocator = &a;
        sepax_store *s = (sepax_store *)&o; /* anything but NULL */
        cr_expect_eq(sepax_store_create(&o, &s), SEPAX_ERR_BAD_OPTIONS, "size %u", sizes[k]);
        cr_expect_null(s, "size %u: a refused create left *out set", sizes[k]);
    }
    cr_expect_eq(c.allocs, 0, "a refused create allocated");
}

/* The released layout's size, which the defaults set, is served and its
 * fields read. */
Test(store, the_released_options_layout_is_accepted)
{
    counting c = {0, 0, -1, 0};
    sepax_allocator a = {count_alloc, count_free, &c};
    sepax_store_options o = sepax_store_options_default();
    o.allocator = &a;
    o.initial_shapes = 10;
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(&o, &s), SEPAX_OK);
    cr_assert_not_null(s);
    cr_expect_gt(c.allocs, 0, "the allocator was not read");
    add(s, house, 5);
    sepax_store_destroy(s);
    cr_expect_eq(c.allocs, c.frees);
    const sepax_store_options init = SEPAX_STORE_OPTIONS_INIT;
    const sepax_store_options def = sepax_store_options_default();
    cr_expect_eq(init.size, sizeof(sepax_store_options));
    cr_expect(init.size == def.size && init.allocator == def.allocator &&
                  init.initial_shapes == def.initial_shapes,
              "the initialiser and the defaults differ");
}

/* ---- sepax_shape_vertices with a capacity --------------------------------- */

#define GUARD 0xA5

static int guard_intact(const sepax_vec2 *v, size_t from, size_t to)
{
    const unsigned char *b = (const unsigned char *)(v + from);
    for (size_t i = 0; i < (to - from) * sizeof *v; i++)
        if (b[i] != GUARD)
            return 0;
    return 1;
}

/* Too little room: exactly capacity vertices written, nothing after them,
 * SEPAX_ERR_CAPACITY and the full count; enough room: all of them and
 * SEPAX_OK. Local and world alike. */
Test(store, shape_vertices_capacity)
{
    sepax_store *s = new_store();
    const sepax_shape_id id = add(s, house, 5);
    const sepax_transform t = sepax_transform_make(3.5f, -1.25f, 0.4f);
    cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
    for (int world = 0; world < 2; world++) {
        sepax_vec2 all[SEPAX_MAX_POLYGON_VERTICES];
        const uint32_t n = verts(s, id, world, all);
        cr_assert_eq(n, 5u);
        for (size_t cap = 0; cap <= n + 2; cap++) {
            sepax_vec2 out[SEPAX_MAX_POLYGON_VERTICES];
            memset(out, GUARD, sizeof out);
            uint32_t count = 99;
            const sepax_status st = sepax_shape_vertices(s, id, world, out, cap, &count);
            const size_t written = cap < n ? cap : n;
            cr_expect_eq(st, cap < n ? SEPAX_ERR_CAPACITY : SEPAX_OK, "capacity %zu: %s", cap,
                         sepax_status_string(st));
            cr_expect_eq(count, n, "capacity %zu: count %u", cap, count);
            cr_expect(memcmp(out, all, written * sizeof *out) == 0,
                      "capacity %zu: the first vertices differ", cap);
            cr_expect(guard_intact(out, written, SEPAX_MAX_POLYGON_VERTICES),
                      "capacity %zu: wrote past %zu vertices", cap, written);
        }
    }
    /* No buffer: capacity 0 asks for the count alone; a capacity with no
     * buffer to hold it is a missing pointer. */
    uint32_t count = 99;
    cr_expect_eq(sepax_shape_vertices(s, id, 0, NULL, 0, &count), SEPAX_OK);
    cr_expect_eq(count, 5u);
    cr_expect_eq(sepax_shape_vertices(s, id, 1, NULL, 0, &count), SEPAX_OK);
    cr_expect_eq(count, 5u);
    cr_expect_eq(sepax_shape_vertices(s, id, 0, NULL, 1, &count), SEPAX_ERR_NULL);
    cr_expect_eq(sepax_shape_vertices(s, id, 1, NULL, SEPAX_MAX_POLYGON_VERTICES, &count),
                 SEPAX_ERR_NULL);
    sepax_store_destroy(s);
}
