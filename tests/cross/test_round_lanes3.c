/* The lanes of round_lanes3.h against the scalar routine they port
 * (round3.h's round_round, the specification of two round shapes), byte
 * for byte, at one lane: the reference runs the lanes at one lane, and
 * tests/cross/test_backends.c holds every backend to the reference, so
 * this closes the chain from round_round to every backend.
 *
 * Pairs of capsules and spheres in either order, drawn to reach every
 * path of the port: segments parallel, 1e-7 to 1e-2 rad from parallel,
 * crossing, meeting at an end, collinear, coincident; points on a
 * segment and on each other; one shape inside the other; lengths from
 * 1e-44 of the size (frames whose largest coordinate is subnormal: the lanes mark
 * them rare and the driver answers them by round_round) to 1e6, offsets
 * to 1e17. Counts the rare lanes, which must be few and only where a
 * frame is subnormal.
 *
 * Then box_capsule_lanes3.h's face verdict against round3_pair (a box and
 * a capsule through poly_round, both orders): every lane it settles
 * holds round3_pair's bytes, and it settles only lanes that poly_round
 * answers by a box face on its first step. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "3d/kernels/box_capsule_lanes3.h"
#include "3d/kernels/round3.h"
#include "3d/kernels/round_lanes3.h"
#include "3d/store.h"
#include "support/cases.h"

/* a world record: centre, axes (rows of a rotation), half length, radius */
static void record(const double c[3], const double axes[3][3], float hl, float r, float *w)
{
    memset(w, 0, SEPAX3_RECORD * sizeof *w);
    for (int k = 0; k < 3; k++) {
        w[SEPAX3_W_C + k] = (float)c[k];
        for (int j = 0; j < 3; j++)
            w[SEPAX3_W_A + 3 * k + j] = (float)axes[k][j];
    }
    w[SEPAX3_W_H] = hl;
    w[SEPAX3_W_R] = r;
}

static void unit(double v[3])
{
    const double l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int k = 0; k < 3; k++)
        v[k] /= l;
}

/* axes whose first is x (unit), the others completing a right-handed frame */
static void frame_of(const double x[3], double axes[3][3])
{
    double y[3] = {-x[1], x[0], 0.0};
    if (fabs(x[2]) > 0.9)
        y[0] = 0.0, y[1] = -x[2], y[2] = x[1];
    unit(y);
    const double z[3] = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2],
                         x[0] * y[1] - x[1] * y[0]};
    for (int k = 0; k < 3; k++)
        axes[0][k] = x[k], axes[1][k] = y[k], axes[2][k] = z[k];
}

static void random_dir(cases_rng *r, double v[3])
{
    do {
        for (int k = 0; k < 3; k++)
            v[k] = cases_rng_range(r, -1.0, 1.0);
    } while (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < 0.01);
    unit(v);
}

/* v turned about a direction square to it by angle rad */
static void tilt(cases_rng *r, const double v[3], double angle, double out[3])
{
    double axes[3][3], p[3];
    frame_of(v, axes);
    const double phi = cases_rng_range(r, 0.0, 6.283185307179586);
    for (int k = 0; k < 3; k++)
        p[k] = cos(phi) * axes[1][k] + sin(phi) * axes[2][k];
    for (int k = 0; k < 3; k++)
        out[k] = cos(angle) * v[k] + sin(angle) * p[k];
    unit(out);
}

static float pick_length(cases_rng *r, double size)
{
    const double u = cases_rng_range(r, 0.0, 1.0);
    if (u < 0.2)
        return 0.0f; /* a sphere */
    if (u < 0.25)
        return (float)(size * pow(10.0, -cases_rng_range(r, 8.0, 44.0)));
    return (float)(size * cases_rng_range(r, 0.05, 2.0));
}

/* one pair: shape a, then b placed by the case */
static void make_pair(cases_rng *r, int which, float *wa, float *wb)
{
    const double scales[] = {1e-6, 1e-3, 1.0, 10.0, 1e3, 1e6};
    const double size = scales[which % 6];
    const double offsets[] = {0.0, 0.0, 10.0, 1e4, 1e8, 1e17};
    const double off = offsets[(which / 6) % 6] * (size < 1.0 ? 1.0 : size);
    double ca[3], cb[3], da[3], db[3], axes[3][3];
    random_dir(r, da);
    for (int k = 0; k < 3; k++)
        ca[k] = off + cases_rng_range(r, -size, size);
    const float ha = pick_length(r, size), hb = pick_length(r, size);
    const float ra = (float)(size * cases_rng_range(r, 0.01, 1.0));
    float rb = (float)(size * cases_rng_range(r, 0.01, 1.0));
    switch ((which / 36) % 8) {
    case 0: /* anywhere near */
        random_dir(r, db);
        for (int k = 0; k < 3; k++)
            cb[k] = ca[k] + cases_rng_range(r, -3.0 * size, 3.0 * size);
        break;
    case 1: /* parallel, or nearly, side by side */
        if (cases_rng_range(r, 0.0, 1.0) < 0.3)
            memcpy(db, da, sizeof db);
        else
            tilt(r, da, pow(10.0, -cases_rng_range(r, 2.0, 7.0)), db);
        for (int k = 0; k < 3; k++)
            cb[k] = ca[k] + cases_rng_range(r, -size, size);
        break;
    case 2: /* crossing at the centres, or nearly */
        random_dir(r, db);
        for (int k = 0; k < 3; k++)
            cb[k] = ca[k] + size * 1e-7 * cases_rng_range(r, -1.0, 1.0);
        break;
    case 3: /* collinear, end to end */
        memcpy(db, da, sizeof db);
        for (int k = 0; k < 3; k++)
            cb[k] = ca[k] + da[k] * ((double)ha + (double)hb) * cases_rng_range(r, 0.9, 1.1);
        break;
    case 4: /* the same centre */
        random_dir(r, db);
        memcpy(cb, ca, sizeof cb);
        break;
    case 5: /* b's centre on a's segment, near an end */
        random_dir(r, db);
        for (int k = 0; k < 3; k++)
            cb[k] = ca[k] + da[k] * (double)ha * cases_rng_range(r, 0.95, 1.05);
        break;
    case 6: /* one inside the other */
        random_dir(r, db);
        rb = (float)(size * cases_rng_range(r, 2.0, 5.0));
        for (int k = 0; k < 3; k++)
            cb[k] = ca[k] + cases_rng_range(r, -0.5 * size, 0.5 * size);
        break;
    default: /* the same segment */
        memcpy(db, da, sizeof db);
        memcpy(cb, ca, sizeof cb);
        break;
    }
    /* a sphere's axes are the world's */
    double world[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    frame_of(da, axes);
    record(ca, ha > 0.0f ? axes : world, ha, ra, wa);
    frame_of(db, axes);
    record(cb, hb > 0.0f ? axes : world, hb, rb, wb);
}

Test(round_lanes3, lanes_equal_round_round)
{
    cases_rng r;
    cases_rng_seed(&r, 0x726f756eu);
    const int n = 200000;
    int rare_lanes = 0, mismatched = 0, hits = 0, contained = 0, coincident = 0;
    for (int i = 0; i < n; i++) {
        float wa[SEPAX3_RECORD], wb[SEPAX3_RECORD];
        make_pair(&r, i, wa, wb);
        for (int turn = 0; turn < 2; turn++) {
            const float *A = turn ? wb : wa, *B = turn ? wa : wb;
            sepax3_result want, got;
            round3_pair_of(A, B, &want);
            pair3_out o;
            lm rare;
            pair3_round_round(A, B, &o, &rare);
            if (rare) {
                rare_lanes++;
                continue;
            }
            memset(&got, 0, sizeof got);
            got.separation = o.sep;
            got.normal = (sepax3_vec){o.nx, o.ny, o.nz};
            got.axis = (uint8_t)o.axis;
            got.feature_a = (uint8_t)o.fa;
            got.feature_b = (uint8_t)o.fb;
            got.flags = (uint8_t)pair3_flags(&o);
            hits += (want.flags & SEPAX_HIT) != 0;
            contained += (want.flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) != 0;
            coincident += want.normal.x == A[SEPAX3_W_A + 3] && want.normal.y == A[SEPAX3_W_A + 4] &&
                          want.normal.z == A[SEPAX3_W_A + 5];
            if (memcmp(&want, &got, sizeof want) != 0) {
                if (mismatched++ < 5)
                    cr_log_error("pair %d turn %d: want sep %a n (%a %a %a) flags %u, got sep %a "
                                 "n (%a %a %a) flags %u",
                                 i, turn, (double)want.separation, (double)want.normal.x,
                                 (double)want.normal.y, (double)want.normal.z, want.flags,
                                 (double)got.separation, (double)got.normal.x,
                                 (double)got.normal.y, (double)got.normal.z, got.flags);
            }
        }
    }
    cr_log_info("round lanes: %d pairs both ways, %d hits, %d with containment, %d on A's second "
                "axis, %d rare lanes, %d mismatched",
                2 * n, hits, contained, coincident, rare_lanes, mismatched);
    cr_expect_eq(mismatched, 0, "%d lanes differ from round_round", mismatched);
    /* the cases reach the paths they are drawn for */
    cr_expect_gt(hits, n / 4);
    cr_expect_gt(contained, n / 20);
    cr_expect_gt(coincident, 100);
    /* rare lanes are the subnormal frames of segments some 1e-20 long or
     * less: a few percent of the draws at most */
    cr_expect_gt(rare_lanes, 0);
    cr_expect_lt(rare_lanes, n / 10);
}

static void copy_result(const pair3_out *o, sepax3_result *got)
{
    memset(got, 0, sizeof *got);
    got->separation = o->sep;
    got->normal = (sepax3_vec){o->nx, o->ny, o->nz};
    got->axis = (uint8_t)o->axis;
    got->feature_a = (uint8_t)o->fa;
    got->feature_b = (uint8_t)o->fb;
    got->flags = (uint8_t)pair3_flags(o);
}

Test(round_lanes3, box_faces_equal_poly_round)
{
    cases_rng r;
    cases_rng_seed(&r, 0x626f7863u);
    const int n = 100000;
    int settled = 0, mismatched = 0;
    for (int i = 0; i < n; i++) {
        /* slot 0 the box, slot 1 the capsule (a sphere's record when its
         * length is 0 would be another class: every capsule has length) */
        float world[2 * SEPAX3_RECORD];
        make_pair(&r, i, world, world + SEPAX3_RECORD);
        const double size = fabs((double)world[SEPAX3_W_R]) + 1e-30;
        for (int k = 0; k < 3; k++)
            world[SEPAX3_W_H + k] = (float)(size * cases_rng_range(&r, 0.05, 3.0));
        world[SEPAX3_W_R] = 0.0f;
        float *cap = world + SEPAX3_RECORD;
        if (!(cap[SEPAX3_W_H] > 0.0f))
            cap[SEPAX3_W_H] = (float)size;
        const uint8_t kinds[2] = {SEPAX3_KIND_BOX, SEPAX3_KIND_CAPSULE};
        const sepax3_view v = {.world = world, .kind = kinds};
        for (int turn = 0; turn < 2; turn++) {
            sepax3_result want, got;
            round3_pair(&v, turn ? 1u : 0u, turn ? 0u : 1u, &want);
            pair3_out o;
            lm done;
            pair3_box_capsule_faces(world, cap, turn, &o, &done);
            if (!done) /* left to poly_round, which the driver calls */
                continue;
            settled++;
            copy_result(&o, &got);
            if (memcmp(&want, &got, sizeof want) != 0 && mismatched++ < 5)
                cr_log_error("pair %d turn %d: want sep %a axis %u fa %u fb %u, got sep %a axis "
                             "%u fa %u fb %u",
                             i, turn, (double)want.separation, want.axis, want.feature_a,
                             want.feature_b, (double)got.separation, got.axis, got.feature_a,
                             got.feature_b);
        }
    }
    cr_log_info("box faces: %d pairs both ways, %d settled in lanes, %d mismatched", 2 * n,
                settled, mismatched);
    cr_expect_eq(mismatched, 0);
    cr_expect_gt(settled, n / 10); /* the draws are mostly near or touching */
    cr_expect_lt(settled, 2 * n);
}

/* The whole port (pair3_box_capsule) against poly_round, both orders:
 * every lane it does not mark rare holds round3_pair's bytes. The draws
 * of make_pair, and segments placed near the box's faces, edges and
 * corners (near_segment), so that every answer poly_round gives is
 * reached: a face, a support direction, deep() by a face or an edge
 * axis, closest points on a face or an edge, and the lanes whose closest
 * points do not part the pair. */
static void box_capsule_case(const float *world, int turn, int *counts, int *rare_lanes,
                             int *mismatched)
{
    const uint8_t kinds[2] = {SEPAX3_KIND_BOX, SEPAX3_KIND_CAPSULE};
    const sepax3_view v = {.world = world, .kind = kinds};
    sepax3_result want, got;
    round3_pair(&v, turn ? 1u : 0u, turn ? 0u : 1u, &want);
    pair3_out o;
    lm rare;
    pair3_box_capsule(world, world + SEPAX3_RECORD, turn, &o, &rare);
    if (rare) {
        (*rare_lanes)++;
        return;
    }
    copy_result(&o, &got);
    counts[want.axis < 5 ? want.axis : 5]++;
    counts[6] += (want.flags & SEPAX_HIT) != 0;
    counts[7] += (want.flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) != 0;
    if (memcmp(&want, &got, sizeof want) != 0 && (*mismatched)++ < 5)
        cr_log_error("turn %d: want sep %a n (%a %a %a) axis %u fa %u fb %u flags %u, got sep %a "
                     "n (%a %a %a) axis %u fa %u fb %u flags %u",
                     turn, (double)want.separation, (double)want.normal.x, (double)want.normal.y,
                     (double)want.normal.z, want.axis, want.feature_a, want.feature_b, want.flags,
                     (double)got.separation, (double)got.normal.x, (double)got.normal.y,
                     (double)got.normal.z, got.axis, got.feature_a, got.feature_b, got.flags);
}

static void near_segment(cases_rng *r, const poly3 *P, double size, float e0[3], float e1[3]);

Test(round_lanes3, box_capsule_equal_poly_round)
{
    cases_rng r;
    cases_rng_seed(&r, 0x62637033u);
    const int n = (int)cases_scaled(200000);
    int counts[8] = {0}, rare_lanes = 0, mismatched = 0;
    for (int i = 0; i < n; i++) {
        float world[2 * SEPAX3_RECORD];
        float *cap = world + SEPAX3_RECORD;
        make_pair(&r, i, world, cap);
        const double size = fabs((double)world[SEPAX3_W_R]) + 1e-30;
        for (int k = 0; k < 3; k++)
            world[SEPAX3_W_H + k] = (float)(size * cases_rng_range(&r, 0.05, 3.0));
        world[SEPAX3_W_R] = 0.0f;
        if (!(cap[SEPAX3_W_H] > 0.0f))
            cap[SEPAX3_W_H] = (float)size;
        if (i % 2) {
            /* a segment near the box's surface, in its frame, placed in
             * the world by the box's record */
            float box[HULL3_BOX_FLOATS], e0[3], e1[3];
            hull3_box_block(world + SEPAX3_W_H, box);
            const poly3 P = poly3_of(box);
            do
                near_segment(&r, &P, size, e0, e1);
            while (e0[0] == e1[0] && e0[1] == e1[1] && e0[2] == e1[2] &&
                   cases_rng_unit(&r) < 0.95);
            double c[3], u[3], len2 = 0.0;
            for (int k = 0; k < 3; k++) {
                c[k] = world[SEPAX3_W_C + k], u[k] = 0.0;
                for (int j = 0; j < 3; j++) {
                    c[k] += 0.5 * ((double)e0[j] + (double)e1[j]) * world[SEPAX3_W_A + 3 * j + k];
                    u[k] += ((double)e1[j] - (double)e0[j]) * world[SEPAX3_W_A + 3 * j + k];
                }
                len2 += u[k] * u[k];
            }
            if (len2 > 0.0) {
                double axes[3][3];
                for (int k = 0; k < 3; k++)
                    u[k] /= sqrt(len2);
                frame_of(u, axes);
                const float radius = (float)(size * cases_rng_range(&r, 0.01, 1.0));
                record(c, axes, (float)(0.5 * sqrt(len2)), radius, cap);
            }
        }
        for (int turn = 0; turn < 2; turn++)
            box_capsule_case(world, turn, counts, &rare_lanes, &mismatched);
    }
    cr_log_info("box-capsule lanes: %d pairs both ways: face %d, face B %d, edges %d, points %d, "
                "support %d; %d hits, %d with containment, %d rare lanes, %d mismatched",
                2 * n, counts[0], counts[1], counts[2], counts[3], counts[4], counts[6], counts[7],
                rare_lanes, mismatched);
    cr_expect_eq(mismatched, 0, "%d lanes differ from poly_round", mismatched);
    /* every answer poly_round gives is reached */
    for (int a = 0; a < 5; a++)
        cr_expect_gt(counts[a], n / 100, "answer %d reached %d times", a, counts[a]);
    cr_expect_gt(counts[6], n / 10);
    cr_expect_gt(counts[7], n / 1000);
    cr_expect_lt(rare_lanes, n / 10);
}

/* The face distances poly_round hands to the closest-feature search:
 * both ends against every face plane, by poly_round's expression at one
 * lane. */
static void face_distances(const poly3 *P, const float e0[3], const float e1[3], float *s0,
                           float *s1)
{
    for (uint32_t f = 0; f < P->nf; f++) {
        const float n[3] = {P->nx[f], P->ny[f], P->nz[f]};
        s0[f] = (seg3_dot(n, e0) - P->d[f]) + 0.0f;
        s1[f] = (seg3_dot(n, e1) - P->d[f]) + 0.0f;
    }
}

/* A segment near X's surface, in X's frame: its centre beyond the
 * support point along a random direction by -0.2 to 1.5 of X's size (or
 * by 1e-7 to 1e-2 of it, or at a vertex), turned at random or lying
 * along one of X's faces or edges, of length 0 (a sphere) to twice the
 * size. */
static void near_segment(cases_rng *r, const poly3 *P, double size, float e0[3], float e1[3])
{
    double dir[3], c[3], u[3];
    random_dir(r, dir);
    double h = -INFINITY;
    uint32_t top = 0;
    for (uint32_t v = 0; v < P->nv; v++) {
        const double x = dir[0] * P->vx[v] + dir[1] * P->vy[v] + dir[2] * P->vz[v];
        if (x > h)
            h = x, top = v;
    }
    const double pick = cases_rng_unit(r);
    const double t = pick < 0.6   ? cases_rng_range(r, -0.2, 1.5)
                     : pick < 0.8 ? pow(10.0, -cases_rng_range(r, 2.0, 7.0))
                                  : 0.0;
    const double at[3] = {P->vx[top], P->vy[top], P->vz[top]};
    const double off = pick < 0.8 ? 0.0 : size * cases_rng_range(r, 0.0, 0.3);
    for (int k = 0; k < 3; k++)
        c[k] = pick < 0.8 ? dir[k] * (h + t * size) : at[k] + dir[k] * off;
    const double lie = cases_rng_unit(r);
    if (lie < 0.3) {
        const uint32_t f = (uint32_t)(cases_rng_unit(r) * P->nf) % P->nf;
        const double n[3] = {P->nx[f], P->ny[f], P->nz[f]};
        double q[3];
        random_dir(r, q);
        u[0] = n[1] * q[2] - n[2] * q[1], u[1] = n[2] * q[0] - n[0] * q[2];
        u[2] = n[0] * q[1] - n[1] * q[0];
        unit(u);
    } else if (lie < 0.45) {
        const uint32_t e = (uint32_t)(cases_rng_unit(r) * P->ne) % P->ne;
        u[0] = P->ux[e], u[1] = P->uy[e], u[2] = P->uz[e];
    } else {
        random_dir(r, u);
    }
    const double len = cases_rng_unit(r) < 0.25 ? 0.0 : size * cases_rng_range(r, 0.01, 2.0);
    for (int k = 0; k < 3; k++) {
        e0[k] = (float)(c[k] - 0.5 * len * u[k]);
        e1[k] = len > 0.0 ? (float)(c[k] + 0.5 * len * u[k]) : e0[k];
    }
}

/* round3.h's closest-feature search with X's edges across the lanes
 * (near_lanes) against the one edge at a time (near_scalar), byte for
 * byte, at one lane (the backends are held to the reference by
 * test_backends and selftest3): hulls of 4 to 64 points on ellipsoids of
 * aspect 1 to 100 (plates and needles among them) and boxes, with
 * segments and points near their surfaces. */
Test(round_lanes3, near_lanes_equal_near_scalar)
{
    cases_rng r;
    cases_rng_seed(&r, 0x6e656172u);
    const unsigned points[] = {4, 5, 6, 8, 12, 16, 24, 32, 48, 64};
    int compared = 0, declined = 0, mismatched = 0, faces = 0, edges = 0;
    /* 320,000 searches, fewer under valgrind (SEPAX_TEST_SCALE) */
    const int draws = (int)(cases_scaled(320000) / 160u);
    for (int shape = 0; shape < 160; shape++) {
        const double size = pow(10.0, cases_rng_range(&r, -3.0, 3.0));
        float box[HULL3_BOX_FLOATS];
        sepax3_store *s = NULL;
        poly3 P;
        if (shape % 8 == 7) {
            const float h[3] = {(float)(size * cases_rng_range(&r, 0.01, 1.0)),
                                (float)(size * cases_rng_range(&r, 0.01, 1.0)), (float)size};
            hull3_box_block(h, box);
            P = poly3_of(box);
        } else {
            cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
            const unsigned n = points[shape % 10];
            const double aspect = pow(10.0, cases_rng_range(&r, 0.0, 2.0));
            const double axes[3] = {size, size / (shape % 3 == 0 ? aspect : 1.0),
                                    size / (shape % 3 == 1 ? aspect : 1.0)};
            sepax3_vec pts[64];
            for (unsigned i = 0; i < n; i++) {
                double d[3];
                random_dir(&r, d);
                pts[i] = (sepax3_vec){(float)(d[0] * axes[0]), (float)(d[1] * axes[1]),
                                      (float)(d[2] * axes[2])};
            }
            sepax_shape_id id;
            if (sepax3_add_hull(s, pts, n, &id) != SEPAX_OK) { /* too flat: another draw */
                sepax3_store_destroy(s);
                continue;
            }
            const sepax3_view v = sepax3_store_view(s);
            P = poly3_of(v.pool + v.pool_at[0]);
        }
        for (int i = 0; i < draws; i++) {
            float e0[3], e1[3], s0[HULL3_MAX_FACES + 16], s1[HULL3_MAX_FACES + 16];
            near_segment(&r, &P, size, e0, e1);
            face_distances(&P, e0, e1, s0, s1);
            const float bn[3] = {P.nx[0], P.ny[0], P.nz[0]};
            round3_near want, got;
            memset(&want, 0, sizeof want);
            memset(&got, 0, sizeof got);
            near_scalar(&P, s0, s1, e0, e1, bn, &want);
            if (!near_lanes(&P, s0, s1, e0, e1, bn, &got)) {
                declined++;
                continue;
            }
            compared++;
            faces += want.face2 < INFINITY;
            edges += want.edge2 < INFINITY;
            if (memcmp(&want, &got, sizeof want) != 0 && mismatched++ < 5)
                cr_log_error("shape %d draw %d: want face2 %a fdist %a edge2 %a nl (%a %a %a), "
                             "got face2 %a fdist %a edge2 %a nl (%a %a %a)",
                             shape, i, (double)want.face2, (double)want.fdist,
                             (double)want.edge2, (double)want.nl[0], (double)want.nl[1],
                             (double)want.nl[2], (double)got.face2, (double)got.fdist,
                             (double)got.edge2, (double)got.nl[0], (double)got.nl[1],
                             (double)got.nl[2]);
        }
        if (s)
            sepax3_store_destroy(s);
    }
    cr_log_info("near features: %d searches compared, %d declined to near_scalar, %d with a "
                "face, %d with an edge, %d mismatched",
                compared, declined, faces, edges, mismatched);
    cr_expect_eq(mismatched, 0);
    cr_expect_gt(compared, 120 * draws); /* a few hulls are drawn too flat */
    cr_expect_gt(faces, compared / 10);
    cr_expect_gt(edges, compared / 4);
}
