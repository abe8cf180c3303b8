/* The round-kind oracle (tests/oracle/oracle_round.c) checked on pairs worked
 * by hand, then the library against it on seeded random pairs of all 36
 * ordered kind pairs (tests/support/round_gen.c), with a per-kind-pair
 * table on stderr. Also the symmetry of every round pair under swapping.
 *
 * Counts go to stderr: Criterion's warning log would fail the run. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle_round.h"
#include "sepax/sepax.h"
#include "support/round_gen.h"
#include "support/round_store.h"

/* ---- the oracle itself ------------------------------------------------- */

static void from_floats(const float *xy, int n, double r, oround_shape *o)
{
    sepax_vec2 v[8];
    for (int i = 0; i < n; i++)
        v[i] = v2(xy[2 * i], xy[2 * i + 1]);
    oround_from_vertices(v, n, r, o);
}

Test(round_oracle, known_answers)
{
    /* The oracle on pairs worked by hand, so that agreeing with it means
     * something. */
    oround_shape a, b;
    oround_answer o;
    const float box[8] = {-2, -2, 2, -2, 2, 2, -2, 2};

    /* Circle centre (1.5, 0.5) inside the box, r 1: depth 0.5 + 1. */
    from_floats(box, 4, 0, &a);
    from_floats((const float[]){1.5f, 0.5f}, 1, 1, &b);
    oround_collide(&a, &b, &o);
    cr_assert(o.cores_meet && fabs(o.exact + 1.5) < 1e-12 && o.contract == o.exact);
    cr_assert(o.normal_known && fabs(o.nx - 1) < 1e-12 && fabs(o.ny) < 1e-12);
    cr_assert(o.b_in_a_margin > 0 && fabs(o.b_in_a_margin - 0.5) < 1e-12);

    /* Circle at (2.75, 3), r 1.5, off the corner: 1.25 - 1.5. */
    from_floats((const float[]){2.75f, 3}, 1, 1.5, &b);
    oround_collide(&a, &b, &o);
    cr_assert(!o.cores_meet && fabs(o.exact + 0.25) < 1e-12);
    cr_assert(o.normal_known && fabs(o.nx - 0.6) < 1e-12 && fabs(o.ny - 0.8) < 1e-12);

    /* Crossing segments: depth 0.5 (B's lower end above A's line). */
    from_floats((const float[]){-2, 0, 2, 0}, 2, 0, &a);
    from_floats((const float[]){1, -0.5f, 1, 3}, 2, 0, &b);
    oround_collide(&a, &b, &o);
    cr_assert(o.cores_meet && fabs(o.exact + 0.5) < 1e-12);
    cr_assert(o.normal_known && fabs(o.ny - 1) < 1e-12);

    /* Thin and apart diagonally: the true gap is hypot(1, 1), the
     * one-sided contract 1 (an end face of either segment). */
    from_floats((const float[]){0, 0, 1, 0}, 2, 0, &a);
    from_floats((const float[]){2, 1, 3, 1}, 2, 0, &b);
    oround_collide(&a, &b, &o);
    cr_assert(!o.cores_meet && fabs(o.exact - sqrt(2)) < 1e-12 && fabs(o.contract - 1) < 1e-12);
    /* the same segments with radii: the true gap counts */
    a.r = 0.25;
    b.r = 0.5;
    oround_collide(&a, &b, &o);
    cr_assert(fabs(o.contract - (sqrt(2) - 0.75)) < 1e-12);
    cr_assert(o.normal_known && fabs(o.nx - sqrt(0.5)) < 1e-12);

    /* Collinear touching ends: the cores meet at one point. */
    from_floats((const float[]){0, 0, 1, 0}, 2, 0, &a);
    from_floats((const float[]){1, 0, 2, 0}, 2, 0, &b);
    cr_assert(oround_cores_meet(&a, &b));
    /* A point on a segment, and just off it. */
    from_floats((const float[]){0.5f, 0}, 1, 1, &b);
    cr_assert(oround_cores_meet(&a, &b));
    from_floats((const float[]){0.5f, 1e-6f}, 1, 1, &b);
    cr_assert(!oround_cores_meet(&a, &b));

    /* Concentric circles: no direction. */
    from_floats((const float[]){1, 1}, 1, 1, &a);
    from_floats((const float[]){1, 1}, 1, 2, &b);
    oround_collide(&a, &b, &o);
    cr_assert(o.cores_meet && fabs(o.exact + 3) < 1e-12 && !o.normal_known);
    cr_assert(o.a_in_b_margin < 0 && o.b_in_a_margin > 0);

    /* Signed distances. */
    from_floats(box, 4, 0, &a);
    cr_assert(fabs(oround_signed_distance(&a, 1.5, 0.5) + 0.5) < 1e-12);
    cr_assert(fabs(oround_signed_distance(&a, 5, 6) - 5) < 1e-12);
}

Test(round_oracle, judge_catches_wrong_answers)
{
    sepax_store *s = scalar_store();
    const sepax_shape_id box = add_box(s, 0, 0, 2, 2), c = add_circle(s, 1.5f, 0.5f, 1);
    oround_shape a, b;
    cr_assert_eq(oround_from_store(s, box, &a), SEPAX_OK);
    cr_assert_eq(oround_from_store(s, c, &b), SEPAX_OK);
    oround_answer o;
    oround_tally t;
    memset(&t, 0, sizeof t);
    const sepax_result good = {-1.5f, {1, 0}, 1, SEPAX_OWNER_A, SEPAX_HIT};
    cr_assert_null(oround_judge(&good, &a, &b, &o, &t));
    sepax_result bad[7];
    for (int k = 0; k < 7; k++)
        bad[k] = good;
    bad[0].separation = -1.4f;                                   /* depth */
    bad[1].normal = v2(0, 1);                                    /* normal */
    bad[2].edge = 2;                                             /* not that face's normal */
    bad[3].flags = 0;                                            /* hit flag */
    bad[4].flags |= SEPAX_B_IN_A;                                /* containment */
    bad[5].edge = SEPAX_EDGE_NONE;                               /* the cores overlap */
    bad[6].edge = 4;                                             /* out of range */
    for (int k = 0; k < 7; k++)
        cr_expect_not_null(oround_judge(&bad[k], &a, &b, &o, &t), "wrong answer %d passed", k);
    cr_assert_eq(t.failures, 7u);

    /* A closest-point axis: the circle off the box's corner. */
    const sepax_shape_id far = add_circle(s, 2.75f, 3, 1.5f);
    cr_assert_eq(oround_from_store(s, far, &b), SEPAX_OK);
    const sepax_result corner = {-0.25f, {0.6f, 0.8f}, SEPAX_EDGE_NONE, SEPAX_OWNER_A, SEPAX_HIT};
    cr_assert_null(oround_judge(&corner, &a, &b, &o, &t));
    sepax_result wrong[3] = {corner, corner, corner};
    wrong[0].edge = 2; /* the top face's own normal, but the cores are apart */
    wrong[0].normal = v2(0, 1);
    wrong[1].owner = SEPAX_OWNER_B;
    wrong[2].normal = v2(0.8f, 0.6f);
    for (int k = 0; k < 3; k++)
        cr_expect_not_null(oround_judge(&wrong[k], &a, &b, &o, &t), "wrong answer %d passed", k);
    /* and for two thin shapes a closest-point axis is never right */
    const sepax_shape_id s1 = add_segment(s, 0, 0, 1, 0), s2 = add_segment(s, 2, 1, 3, 1);
    cr_assert_eq(oround_from_store(s, s1, &a), SEPAX_OK);
    cr_assert_eq(oround_from_store(s, s2, &b), SEPAX_OK);
    const sepax_result thin = {1.0f, {1, 0}, 2, SEPAX_OWNER_A, 0};
    cr_assert_null(oround_judge(&thin, &a, &b, &o, &t));
    sepax_result thin_none = thin;
    thin_none.edge = SEPAX_EDGE_NONE;
    cr_expect_not_null(oround_judge(&thin_none, &a, &b, &o, &t));
    cr_assert_eq(t.failures, 11u);
    sepax_store_destroy(s);
}

/* ---- the library against the oracle ------------------------------------ */

typedef struct row {
    oround_tally t;
    size_t contained; /* results with A_IN_B or B_IN_A */
    size_t swap_exact, swap_tied;
} row;

static void report(const sepax_store *s, sepax_pair p, int ka, int kb, const sepax_result *r,
                   const oround_answer *o, const char *what)
{
    fprintf(stderr,
            "round oracle mismatch (%s), %s against %s, pair %#x/%#x:\n"
            "  library: separation %.9g normal (%.9g, %.9g) owner %u edge %u flags %u\n"
            "  oracle:  contract %.9g exact %.9g cores %s (gap %.9g) normal%s (%.9g, %.9g) "
            "margins %.3g %.3g, tol %.3g\n",
            what, gen_kind_name[ka], gen_kind_name[kb], p.a, p.b, r->separation, r->normal.x,
            r->normal.y, r->owner, r->edge, r->flags, o->contract, o->exact,
            o->cores_meet ? "meet" : "apart", o->core_gap, o->normal_known ? "" : " (unknown)",
            o->nx, o->ny, o->a_in_b_margin, o->b_in_a_margin, o->tol);
    const sepax_shape_id ids[2] = {p.a, p.b};
    for (int k = 0; k < 2; k++) {
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = 0;
        sepax_shape_desc d = {SEPAX_SHAPE_POLYGON, 0.0f, 0};
        sepax_shape_vertices(s, ids[k], 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
        sepax_shape_info(s, ids[k], &d);
        fprintf(stderr, "  %c: r %a", k ? 'B' : 'A', d.radius);
        for (uint32_t i = 0; i < n; i++)
            fprintf(stderr, " (%a, %a)", v[i].x, v[i].y);
        fprintf(stderr, "\n");
    }
}

#define PER_KIND_PAIR 3000 /* scaled as a total, so SEPAX_TEST_SCALE shrinks it */
#define MAX_REPORTS 8

Test(round_oracle, library_matches_oracle, .timeout = 600)
{
    const size_t per =
        cases_scaled((size_t)PER_KIND_PAIR * GEN_KINDS * GEN_KINDS) / (GEN_KINDS * GEN_KINDS);
    row rows[GEN_KINDS][GEN_KINDS];
    memset(rows, 0, sizeof rows);
    gen_shape *ga = malloc(per * sizeof *ga), *gb = malloc(per * sizeof *gb);
    sepax_pair *pairs = malloc(2 * per * sizeof *pairs);
    sepax_result *res = malloc(2 * per * sizeof *res);
    cr_assert(ga && gb && pairs && res);
    size_t failures = 0, swap_failures = 0;

    for (int ka = 0; ka < GEN_KINDS; ka++) {
        for (int kb = 0; kb < GEN_KINDS; kb++) {
            row *w = &rows[ka][kb];
            sepax_store *s = scalar_store();
            cases_rng g;
            cases_rng_seed(&g, 0x5EDA0000u + (uint64_t)(ka * GEN_KINDS + kb));
            for (size_t i = 0; i < per; i++) {
                char msg[256];
                const sepax_status st = gen_pair_make(s, &g, ka, kb, &ga[i], &gb[i], msg,
                                                      sizeof msg);
                cr_assert_eq(st, SEPAX_OK, "%s", msg);
                pairs[i] = (sepax_pair){ga[i].id, gb[i].id};
                pairs[per + i] = (sepax_pair){gb[i].id, ga[i].id};
            }
            cr_assert_eq(sepax_collide(s, pairs, 2 * per, res, NULL), SEPAX_OK);
            for (size_t i = 0; i < per; i++) {
                oround_shape a, b;
                oround_answer o;
                cr_assert_eq(oround_from_store(s, pairs[i].a, &a), SEPAX_OK);
                cr_assert_eq(oround_from_store(s, pairs[i].b, &b), SEPAX_OK);
                const char *problem = oround_judge(&res[i], &a, &b, &o, &w->t);
                w->contained += (res[i].flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) != 0;
                if (problem && ++failures <= MAX_REPORTS)
                    report(s, pairs[i], ka, kb, &res[i], &o, problem);

                /* Swapped (round pairs; polygon pairs are the polygon
                 * kernel's business): the same separation bits, mirrored
                 * flags, and the normal negated exactly - unless a tie
                 * between A's and B's faces or between two closest pairs
                 * let the other shape's feature win. A face tie shows as
                 * owner A in both orders. */
                if (gen_both_polygons(ka, kb))
                    continue;
                const sepax_result *r = &res[i], *q = &res[per + i];
                const int negated = q->normal.x == -r->normal.x && q->normal.y == -r->normal.y;
                const int face_tie = r->edge != SEPAX_EDGE_NONE && q->edge != SEPAX_EDGE_NONE &&
                                     r->owner == SEPAX_OWNER_A && q->owner == SEPAX_OWNER_A;
                const int mirrored =
                    r->edge == SEPAX_EDGE_NONE
                        ? q->edge == SEPAX_EDGE_NONE && q->owner == SEPAX_OWNER_A
                        : q->edge == r->edge && q->owner == 1u - r->owner;
                const int close =
                    hypot(q->normal.x + r->normal.x, q->normal.y + r->normal.y) <= 1e-3;
                const int points = a.n == 1 && b.n == 1 && r->normal.x == 1 && r->normal.y == 0;
                int ok = same_bits(q->separation, r->separation) &&
                         q->flags == mirror_flags(r->flags);
                if (mirrored && r->edge != SEPAX_EDGE_NONE)
                    ok = ok && negated;
                else if (r->edge == SEPAX_EDGE_NONE)
                    ok = ok && mirrored && (negated || close || points);
                else
                    ok = ok && face_tie;
                w->swap_exact += ok && negated;
                w->swap_tied += ok && !negated;
                if (!ok && ++swap_failures <= MAX_REPORTS)
                    fprintf(stderr,
                            "swap asymmetry, %s against %s: (%a, (%a, %a), %u/%u, %u) vs "
                            "(%a, (%a, %a), %u/%u, %u)\n",
                            gen_kind_name[ka], gen_kind_name[kb], r->separation, r->normal.x,
                            r->normal.y, r->owner, r->edge, r->flags, q->separation,
                            q->normal.x, q->normal.y, q->owner, q->edge, q->flags);
            }
            sepax_store_destroy(s);
        }
    }

    fprintf(stderr, "round oracle: %zu pairs per ordered kind pair (A against B)\n"
                    "  %-8s %-8s %6s %6s %6s %5s %5s %10s %10s %7s %7s %5s\n",
            per, "A", "B", "pairs", "hits", "near", "in", "fail", "sep err", "normal err",
            "normals", "swap ok", "ties");
    oround_tally all;
    memset(&all, 0, sizeof all);
    for (int ka = 0; ka < GEN_KINDS; ka++)
        for (int kb = 0; kb < GEN_KINDS; kb++) {
            const row *w = &rows[ka][kb];
            const oround_tally *t = &w->t;
            fprintf(stderr, "  %-8s %-8s %6zu %6zu %6zu %5zu %5zu %10.2e %10.2e %7zu %7zu %5zu\n",
                    gen_kind_name[ka], gen_kind_name[kb], t->pairs, t->hits, t->near_touch,
                    w->contained, t->failures, t->worst_separation, t->worst_normal,
                    t->normal_checked, w->swap_exact + w->swap_tied, w->swap_tied);
            all.pairs += t->pairs;
            all.hits += t->hits;
            all.failures += t->failures;
            all.normal_checked += t->normal_checked;
            all.flag_checked += t->flag_checked;
            all.worst_separation = fmax(all.worst_separation, t->worst_separation);
            all.worst_normal = fmax(all.worst_normal, t->worst_normal);
            /* Each kind pair must produce both answers in bulk. */
            cr_expect(t->hits > t->pairs / 5 && t->misses > t->pairs / 10,
                      "%s against %s: %zu hits, %zu misses", gen_kind_name[ka], gen_kind_name[kb],
                      t->hits, t->misses);
            cr_expect(t->normal_checked > t->pairs / 2, "%s against %s: %zu normals compared",
                      gen_kind_name[ka], gen_kind_name[kb], t->normal_checked);
        }
    fprintf(stderr,
            "  all: %zu pairs, %zu hits, %zu failures; worst separation error %.2e of scale, "
            "worst normal error %.2e (%zu compared), %zu containment flags checked; %zu swap "
            "asymmetries\n",
            all.pairs, all.hits, all.failures, all.worst_separation, all.worst_normal,
            all.normal_checked, all.flag_checked, swap_failures);
    free(ga);
    free(gb);
    free(pairs);
    free(res);
    cr_assert_eq(all.failures, 0u, "%zu mismatches against the oracle (first ones on stderr)",
                 all.failures);
    cr_assert_eq(swap_failures, 0u, "%zu pairs not symmetric under swapping", swap_failures);
}
