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
