/* The library (scalar reference) against the double-precision oracle on
 * random pairs from cases.c, including containment and positions offset by
 * 1e4.
 *
 * Tolerances (oracle_judge in oracle.c) are relative to the pair's scale:
 * the larger of its largest absolute world coordinate and the extent of
 * the box around both shapes. Float rounding of world vertices grows with
 * coordinate magnitude rather than with the size of the shapes or of the
 * penetration, so a tolerance relative to max(1, depth) would be either
 * meaningless near the origin or impossible at 1e4.
 *  - hit/miss must agree unless |oracle separation| <= 1e-5 * scale;
 *  - depths agree within 1e-5 * scale (relative to scale);
 *  - normals agree within 1e-4 (widened for short edges by what float
 *    rounding of their end points allows), skipped when the two best axes
 *    are within the value tolerance of each other.
 * Counts go to stderr: Criterion's warning log would fail the run. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle.h"
#include "sepax/sepax.h"

#define CHUNK 25000
#define CHUNKS 8
#define MAX_REPORTS 8

static void report(const sepax_store *s, const sepax_pair *p, case_family fam,
                   const sepax_result *r, const oracle_result *o, const char *what)
{
    fprintf(stderr,
            "oracle mismatch (%s) in %s pair %#x/%#x:\n"
            "  library: separation %.9g normal (%.9g, %.9g) owner %u edge %u flags %u\n"
            "  oracle:  separation %.9g face %.9g normal (%.9g, %.9g) a_in_b %d (%.3g) "
            "b_in_a %d (%.3g)\n",
            what, case_family_name(fam), p->a, p->b, r->separation, r->normal.x, r->normal.y,
            r->owner, r->edge, r->flags, o->separation, o->face_separation, o->nx, o->ny,
            o->a_in_b, o->a_in_b_margin, o->b_in_a, o->b_in_a_margin);
    const sepax_shape_id ids[2] = {p->a, p->b};
    for (int k = 0; k < 2; k++) {
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = 0;
        sepax_shape_vertices(s, ids[k], 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
        fprintf(stderr, "  %c:", k ? 'B' : 'A');
        for (uint32_t i = 0; i < n; i++)
            fprintf(stderr, " (%a, %a)", v[i].x, v[i].y);
        fprintf(stderr, "\n");
    }
}

Test(oracle, reference_matches_oracle, .timeout = 600)
{
    oracle_tally t;
    memset(&t, 0, sizeof t);
    oracle_result *o = malloc(sizeof *o);
    oracle_poly *A = malloc(sizeof *A), *B = malloc(sizeof *B);
    sepax_result *res = malloc(CHUNK * sizeof *res);
    cr_assert(o && A && B && res);
    cases_config cfg = cases_config_default();
    cfg.huge_offset = 1e4;
    size_t per_family[CASE_FAMILY_COUNT] = {0}, fail_family[CASE_FAMILY_COUNT] = {0};

    const size_t want = cases_scaled((size_t)CHUNK * CHUNKS);
    for (int chunk = 0; (size_t)chunk * CHUNK < want; chunk++) {
        sepax_store *s = NULL;
        cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
        cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
        case_set set;
        char msg[2048];
        sepax_status st = cases_build(s, 1000 + (uint64_t)chunk, want < CHUNK ? want : CHUNK, &cfg, &set, msg, sizeof msg);
        cr_assert_eq(st, SEPAX_OK, "building cases: %s", msg);
        cr_assert_eq(sepax_collide(s, set.pairs, set.count, res, NULL), SEPAX_OK);
        for (size_t i = 0; i < set.count; i++) {
            cr_assert_eq(oracle_poly_from_store(s, set.pairs[i].a, A), SEPAX_OK);
            cr_assert_eq(oracle_poly_from_store(s, set.pairs[i].b, B), SEPAX_OK);
            const char *problem = oracle_judge(&res[i], A, B, o, &t);
            per_family[set.family[i]]++;
            if (problem) {
                fail_family[set.family[i]]++;
                if (t.failures <= MAX_REPORTS)
                    report(s, &set.pairs[i], (case_family)set.family[i], &res[i], o, problem);
            }
        }
        cases_free(&set);
        sepax_store_destroy(s);
    }

    fprintf(stderr,
            "oracle: %zu pairs, %zu hits, %zu misses; %zu near touching (%zu of them "
            "disagree on hit, allowed); depth checked %zu (worst %.3g of scale); normal "
            "checked %zu, skipped %zu as ambiguous (worst %.3g); winning face checked %zu, "
            "skipped %zu; flags checked %zu, skipped %zu; %zu failures\n",
            t.pairs, t.hits, t.misses, t.near_touch, t.near_touch_disagree, t.depth_checked,
            t.worst_depth, t.normal_checked, t.normal_skipped, t.worst_normal, t.face_checked,
            t.face_skipped, t.flag_checked, t.flag_skipped, t.failures);
    for (int f = 0; f < CASE_FAMILY_COUNT; f++)
        fprintf(stderr, "  %-14s %6zu pairs, %zu failures\n", case_family_name((case_family)f),
                per_family[f], fail_family[f]);
    free(o);
    free(A);
    free(B);
    free(res);

    cr_assert_geq(t.pairs, want);
    cr_assert_eq(t.failures, 0u, "%zu mismatches against the oracle (first ones on stderr)",
                 t.failures);
    /* The families must actually produce both answers in bulk. */
    cr_assert(t.hits > t.pairs / 5 && t.misses > t.pairs / 10, "%zu hits, %zu misses", t.hits,
              t.misses);
    cr_assert(t.normal_checked > t.hits / 2, "too few normals were comparable");
}

Test(oracle, oracle_on_known_pairs)
{
    /* The oracle itself, on pairs worked by hand, so that agreement with
     * it means something. */
    const sepax_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const sepax_vec2 right[4] = {{0.75f, 0.25f}, {2, 0.25f}, {2, 0.75f}, {0.75f, 0.75f}};
    const sepax_vec2 inner[4] = {{0.25f, 0.25f}, {0.5f, 0.25f}, {0.5f, 0.5f}, {0.25f, 0.5f}};
    const sepax_vec2 far[3] = {{3, 0}, {4, 0}, {3, 1}};
    oracle_poly a, b;
    oracle_result *r = malloc(sizeof *r);
    cr_assert(r);

    oracle_poly_from_vertices(sq, 4, &a);
    oracle_poly_from_vertices(right, 4, &b);
    oracle_collide(&a, &b, r);
    cr_assert(r->hit);
    cr_assert(fabs(r->separation + 0.25) < 1e-12, "%.17g", r->separation);
    cr_assert(fabs(r->nx - 1) < 1e-12 && fabs(r->ny) < 1e-12);
    cr_assert(!r->a_in_b && !r->b_in_a);

    /* Containment: on the x axis the intervals overlap by 0.25, but the
     * way out is min(1 - 0.25, 0.5 - 0) = 0.5 (leftwards); the same on y. */
    oracle_poly_from_vertices(inner, 4, &b);
    oracle_collide(&a, &b, r);
    cr_assert(r->hit);
    cr_assert(fabs(r->separation + 0.5) < 1e-12, "%.17g", r->separation);
    cr_assert(r->nx < -0.99 || r->ny < -0.99, "(%g, %g)", r->nx, r->ny);
    cr_assert(r->b_in_a && !r->a_in_b);
    cr_assert(r->b_in_a_margin < 0);

    /* Separated: gap 2 along x; the triangle's slanted face gives less. */
    oracle_poly_from_vertices(far, 3, &b);
    oracle_collide(&a, &b, r);
    cr_assert(!r->hit);
    cr_assert(fabs(r->separation - 2) < 1e-12, "%.17g", r->separation);
    cr_assert(fabs(r->face_separation - 2) < 1e-12);
    free(r);
}

Test(oracle, judge_catches_wrong_answers)
{
    /* A correct answer passes, and each kind of wrong one is caught. */
    const sepax_vec2 sq[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const sepax_vec2 right[4] = {{0.75f, 0.2f}, {2, 0.2f}, {2, 0.7f}, {0.75f, 0.7f}};
    oracle_poly a, b;
    oracle_poly_from_vertices(sq, 4, &a);
    oracle_poly_from_vertices(right, 4, &b);
    oracle_result *o = malloc(sizeof *o);
    cr_assert(o);
    oracle_tally t;
    memset(&t, 0, sizeof t);
    const sepax_result good = {-0.25f, {1, 0}, 1, SEPAX_OWNER_A, SEPAX_HIT};
    cr_assert_null(oracle_judge(&good, &a, &b, o, &t));
    sepax_result bad = good;
    bad.separation = -0.3f;
    cr_assert_not_null(oracle_judge(&bad, &a, &b, o, &t));
    bad = good;
    bad.normal = (sepax_vec2){0, 1};
    cr_assert_not_null(oracle_judge(&bad, &a, &b, o, &t));
    bad = good;
    bad.edge = 2;
    cr_assert_not_null(oracle_judge(&bad, &a, &b, o, &t));
    bad = good;
    bad.flags = 0;
    cr_assert_not_null(oracle_judge(&bad, &a, &b, o, &t));
    bad = good;
    bad.flags |= SEPAX_A_IN_B;
    cr_assert_not_null(oracle_judge(&bad, &a, &b, o, &t));
    cr_assert_eq(t.failures, 5u);
    free(o);
}
