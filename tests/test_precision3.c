/* A precision table for sepax3_collide on boxes: how far its separation
 * drifts from a double-precision answer as a pair moves away from the
 * origin and as the boxes get thin, with a share of near-parallel edges
 * (B turned 1e-6 to 1e-2 rad from A) in every row.
 *
 * Two references per pair:
 *  - "kernel": the exact 15-axis separation of the boxes the store holds
 *    (its float world centres, axes and half extents, corners projected
 *    in double): input rounding left out. Enforced.
 *  - "placed": the same for the boxes placed exactly, in double, from the
 *    local data and transforms the store was given: what a user sees.
 *    Reported only.
 *
 * Units: eps = FLT_EPSILON; size = the sum of the six half extents;
 * scale = the largest absolute world coordinate of the pair plus size.
 * The kernel works on the difference of the centres and on unit axes, so
 * its own rounding is a few eps * scale; the edge tolerance of the
 * contract (SEPAX3_EDGE_TOLERANCE * size: an edge axis must beat the best
 * face by that much) can hold the answer that far below the largest
 * separation. Enforced: |separation - kernel reference| <= that tolerance
 * + 8 eps * scale where either says the boxes overlap (a gap is only
 * promised to be at least the reported one, and never more than the
 * reference's), and hit == (reference <= 0) outside that band. The
 * table goes to stderr and, when SEPAX_PRECISION3_TABLE names a file,
 * into it as markdown. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cases.h"
#include "oracle3.h"
#include "oracle_hull3.h"
#include "sepax/sepax3d.h"

#define EPS ((double)FLT_EPSILON)
#define ROW_PAIRS 3000u
#define SLACK 8.0

static void random_quat(cases_rng *r, double q[4])
{
    double n;
    do {
        for (int k = 0; k < 4; k++)
            q[k] = cases_rng_range(r, -1.0, 1.0);
        n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    } while (n < 0.1 || n > 1.0);
    for (int k = 0; k < 4; k++)
        q[k] /= n;
}

/* q turned by a small angle about a random axis: B's edges then sit that
 * close to parallel with A's. */
static void near_quat(cases_rng *r, const double q[4], double angle, double out[4])
{
    double ax[3], n;
    do {
        for (int k = 0; k < 3; k++)
            ax[k] = cases_rng_range(r, -1.0, 1.0);
        n = sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
    } while (n < 0.1);
    const double h = 0.5 * angle, s = sin(h) / n;
    const double d[4] = {cos(h), ax[0] * s, ax[1] * s, ax[2] * s};
    out[0] = d[0] * q[0] - d[1] * q[1] - d[2] * q[2] - d[3] * q[3];
    out[1] = d[0] * q[1] + d[1] * q[0] + d[2] * q[3] - d[3] * q[2];
    out[2] = d[0] * q[2] - d[1] * q[3] + d[2] * q[0] + d[3] * q[1];
    out[3] = d[0] * q[3] + d[1] * q[2] - d[2] * q[1] + d[3] * q[0];
}

typedef struct row {
    const char *label;
    double offset, aspect;
    uint64_t seed;
} row;

static const row ROWS[] = {
    {"offset 0", 0.0, 4.0, 301},       {"offset 1e2", 1e2, 4.0, 302},
    {"offset 1e3", 1e3, 4.0, 303},     {"offset 1e4", 1e4, 4.0, 304},
    {"offset 1e5", 1e5, 4.0, 305},     {"aspect 1", 1.0, 1.0, 401},
    {"aspect 10", 1.0, 10.0, 402},     {"aspect 1e2", 1.0, 1e2, 403},
    {"aspect 1e3", 1.0, 1e3, 404},
};
#define NROWS (sizeof ROWS / sizeof ROWS[0])

typedef struct stats {
    size_t pairs, hits, near_parallel, outside_band;
    double worst_abs, worst_ratio; /* kernel: |error|, |error| / bound */
    double placed_abs, placed_eps; /* placed: |error|, in eps * scale */
    double worst_gap_excess;       /* apart: (separation - gap along n) / bound */
} stats;

static stats run_row(const row *rw)
{
    stats st = {0};
    sepax3_store *s;
    cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
    cases_rng r;
    cases_rng_seed(&r, rw->seed);
    const size_t n = cases_scaled(ROW_PAIRS);
    for (size_t i = 0; i < n; i++) {
        double e[2][3], q[2][4], p[2][3];
        for (int b = 0; b < 2; b++) {
            const double big = cases_rng_range(&r, 0.5, 2.0);
            e[b][0] = big;
            e[b][1] = big / cases_rng_range(&r, 1.0, rw->aspect);
            e[b][2] = big / cases_rng_range(&r, 1.0, rw->aspect);
        }
        random_quat(&r, q[0]);
        const int parallel = cases_rng_unit(&r) < 0.3;
        if (parallel)
            near_quat(&r, q[0], pow(10.0, cases_rng_range(&r, -6.0, -2.0)), q[1]);
        else
            random_quat(&r, q[1]);
        st.near_parallel += (size_t)parallel;
        /* B's centre a random direction away, at a distance that puts the
         * pair anywhere from deep overlap to just apart */
        double dir[3], dn;
        do {
            for (int k = 0; k < 3; k++)
                dir[k] = cases_rng_range(&r, -1.0, 1.0);
            dn = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
        } while (dn < 0.1 || dn > 1.0);
        const double reach = cases_rng_range(&r, 0.2, 1.3) *
                             (e[0][0] + e[0][1] + e[0][2] + e[1][0] + e[1][1] + e[1][2]) / 2.0;
        for (int k = 0; k < 3; k++) {
            p[0][k] = (double)(float)cases_rng_range(&r, -rw->offset, rw->offset);
            p[1][k] = (double)(float)(p[0][k] + dir[k] / dn * reach);
        }
        sepax_shape_id id[2];
        for (int b = 0; b < 2; b++) {
            const sepax_vec3 half = {(float)e[b][0], (float)e[b][1], (float)e[b][2]};
            e[b][0] = half.x, e[b][1] = half.y, e[b][2] = half.z;
            cr_assert_eq(sepax3_add_box(s, (sepax_vec3){0, 0, 0}, half,
                                        (sepax_quat){1, 0, 0, 0}, &id[b]),
                         SEPAX_OK);
            const sepax3_transform xf = {{(float)p[b][0], (float)p[b][1], (float)p[b][2]},
                                         {(float)q[b][0], (float)q[b][1], (float)q[b][2],
                                          (float)q[b][3]}};
            q[b][0] = xf.q.w, q[b][1] = xf.q.x, q[b][2] = xf.q.y, q[b][3] = xf.q.z;
            cr_assert_eq(sepax3_set_transforms(s, &id[b], &xf, 1), SEPAX_OK);
        }
        const sepax_pair pair = {id[0], id[1]};
        sepax3_result res;
        cr_assert_eq(sepax3_collide(s, &pair, 1, &res, NULL), SEPAX_OK);
        oracle3_shape A, B;
        cr_assert(oracle3_from_store(s, id[0], &A) && oracle3_from_store(s, id[1], &B));
        const double ref = oracle3_separation(&A, &B);
        const double size = oracle3_size(&A, &B), scale = oracle3_scale(&A, &B);
        const double bound = SEPAX3_EDGE_TOLERANCE * size + SLACK * EPS * scale;
        const int hit = (res.flags & SEPAX_HIT) != 0;
        st.pairs++;
        st.hits += (size_t)hit;
        if (fabs(ref) > bound && hit != (ref <= 0.0))
            st.outside_band++;
        /* A gap is only promised to be at least the reported one (an axis
         * skipped as parallel may show more of it): depths are compared. */
        if (hit || ref <= 0.0) {
            const double err = fabs(res.separation - ref);
            st.worst_abs = fmax(st.worst_abs, err);
            st.worst_ratio = fmax(st.worst_ratio, err / bound);
            const oracle3_shape PA = oracle3_box(p[0], q[0], e[0]), PB = oracle3_box(p[1], q[1], e[1]);
            const double perr = fabs(res.separation - oracle3_separation(&PA, &PB));
            st.placed_abs = fmax(st.placed_abs, perr);
            st.placed_eps = fmax(st.placed_eps, perr / (EPS * scale));
        } else {
            /* Apart: the reported gap must be a true gap along the
             * reported normal (an edge axis between near-parallel edges may
             * point a little off the reference's and show a larger one,
             * which is still a lower bound of the distance). */
            const double along = oracle3_gap_along(&A, &B, res.normal);
            st.worst_gap_excess = fmax(st.worst_gap_excess, (res.separation - along) / bound);
            cr_expect_leq(res.separation, along + bound,
                          "%s: separation %.9g but the boxes are %.9g apart along its normal",
                          rw->label, res.separation, along);
        }
        cr_assert_eq(sepax3_remove(s, id[0]), SEPAX_OK);
        cr_assert_eq(sepax3_remove(s, id[1]), SEPAX_OK);
    }
    sepax3_store_destroy(s);
    return st;
}

Test(precision3, table)
{
    FILE *out = NULL;
    const char *path = getenv("SEPAX_PRECISION3_TABLE");
    if (path && *path)
        out = fopen(path, "w");
    const char *head = "| row | pairs | near-parallel | hits | outside band | worst error | "
                       "of bound | placed: worst error | in eps*scale |\n"
                       "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    fputs(head, stderr);
    if (out)
        fputs(head, out);
    for (size_t k = 0; k < NROWS; k++) {
        const stats st = run_row(&ROWS[k]);
        char line[256];
        snprintf(line, sizeof line, "| %s | %zu | %zu | %zu | %zu | %.3g | %.2f | %.3g | %.2f |\n",
                 ROWS[k].label, st.pairs, st.near_parallel, st.hits, st.outside_band,
                 st.worst_abs, st.worst_ratio, st.placed_abs, st.placed_eps);
        fputs(line, stderr);
        if (out)
            fputs(line, out);
        cr_expect_eq(st.outside_band, 0, "%s: %zu pairs disagree outside the band",
                     ROWS[k].label, st.outside_band);
        cr_expect_leq(st.worst_ratio, 1.0, "%s: error %.3g of its bound", ROWS[k].label,
                      st.worst_ratio);
    }
    if (out)
        fclose(out);
}

/* The same question for hulls and capsules: hull against hull, hull
 * against capsule, capsule against capsule, near contact, moved away from
 * the origin. The reference is oracle_hull3 on the shapes as placed (the
 * hull's float vertices, the transform in double): the error in units of
 * eps * scale, and the hits against it outside the band. For overlapping
 * pairs the depth is checked (apart, SAT's separation is a lower bound
 * and may lie below the unpruned oracle's). */
static size_t hull_points3(cases_rng *r, sepax_vec3 *p)
{
    const size_t n = (size_t)cases_rng_int(r, 6, 16);
    const double ax[3] = {cases_rng_range(r, 0.5, 1.5), cases_rng_range(r, 0.5, 1.5),
                          cases_rng_range(r, 0.5, 1.5)};
    for (size_t i = 0; i < n; i++) {
        double v[3], len;
        do {
            for (int k = 0; k < 3; k++)
                v[k] = cases_rng_range(r, -1, 1);
            len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        } while (len < 0.1 || len > 1);
        p[i] = (sepax_vec3){(float)(ax[0] * v[0] / len), (float)(ax[1] * v[1] / len),
                            (float)(ax[2] * v[2] / len)};
    }
    return n;
}

Test(precision3, hulls_and_capsules_table)
{
    static const double offsets[] = {0, 1e2, 1e3, 1e4, 1e5};
    static const char *const classes[] = {"hull-hull", "hull-capsule", "capsule-capsule"};
    fputs("| class | offset | pairs | hits | outside band | worst depth error in eps*scale |\n"
          "|---|---:|---:|---:|---:|---:|\n",
          stderr);
    static oh3_shape A, B;
    for (int c = 0; c < 3; c++)
        for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
            sepax3_store *s;
            cr_assert_eq(sepax3_store_create(NULL, &s), SEPAX_OK);
            cases_rng r;
            cases_rng_seed(&r, 700 + 10 * (uint64_t)c + o);
            const size_t n = cases_scaled(400);
            size_t hits = 0, outside = 0;
            double worst = 0;
            for (size_t i = 0; i < n; i++) {
                sepax_shape_id id[2];
                for (int k = 0; k < 2; k++) {
                    const int hull = c == 0 || (c == 1 && k == 0);
                    if (hull) {
                        sepax_vec3 p[16];
                        const size_t m = hull_points3(&r, p);
                        cr_assert_eq(sepax3_add_hull(s, p, m, &id[k]), SEPAX_OK);
                    } else {
                        const float hl = (float)cases_rng_range(&r, 0.2, 1.5);
                        cr_assert_eq(sepax3_add_capsule(s, (sepax_vec3){-hl, 0, 0},
                                                        (sepax_vec3){hl, 0, 0},
                                                        (float)cases_rng_range(&r, 0.1, 0.6), &id[k]),
                                     SEPAX_OK);
                    }
                    double q[4];
                    random_quat(&r, q);
                    const double base = offsets[o];
                    const sepax3_transform t = {
                        {(float)(base + (k ? cases_rng_range(&r, -2.2, 2.2) : 0.0)),
                         (float)(base + (k ? cases_rng_range(&r, -2.2, 2.2) : 0.0)),
                         (float)(base + (k ? cases_rng_range(&r, -2.2, 2.2) : 0.0))},
                        {(float)q[0], (float)q[1], (float)q[2], (float)q[3]}};
                    cr_assert_eq(sepax3_set_transforms(s, &id[k], &t, 1), SEPAX_OK);
                }
                cr_assert(oh3_from_store(s, id[0], &A) && oh3_from_store(s, id[1], &B));
                const sepax_pair pair = {id[0], id[1]};
                sepax3_result res;
                cr_assert_eq(sepax3_collide(s, &pair, 1, &res, NULL), SEPAX_OK);
                sepax3_world_shape wa, wb;
                sepax3_shape_world(s, id[0], &wa);
                sepax3_shape_world(s, id[1], &wb);
                const double size = (double)wa.half_extents.x + wa.half_extents.y +
                                    wa.half_extents.z + wb.half_extents.x + wb.half_extents.y +
                                    wb.half_extents.z + wa.radius + wb.radius;
                const double scale = oh3_scale(&A, &B);
                const double band = SEPAX3_EDGE_TOLERANCE * size + 32.0 * EPS * scale;
                const double ref = oh3_separation(&A, &B);
                const int hit = (res.flags & SEPAX_HIT) != 0;
                hits += hit;
                if (fabs(ref) > band && hit != (ref <= 0))
                    outside++;
                if (ref <= 0 || hit) {
                    const double err = fabs(res.separation - ref) / (EPS * scale);
                    worst = err > worst ? err : worst;
                    if (fabs(res.separation - ref) > band)
                        outside++;
                }
                sepax3_remove(s, id[0]);
                sepax3_remove(s, id[1]);
            }
            fprintf(stderr, "| %s | %g | %zu | %zu | %zu | %.2f |\n", classes[c], offsets[o], n,
                    hits, outside, worst);
            cr_expect_eq(outside, 0, "%s at %g: %zu pairs outside the band", classes[c],
                         offsets[o], outside);
            sepax3_store_destroy(s);
        }
}
