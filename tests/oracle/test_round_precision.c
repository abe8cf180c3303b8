/* Precision of the round and thin kinds far from the origin: the
 * separation sepax_collide returns against the double-precision round
 * oracle (tests/oracle/oracle_round.c), fed the store's own float world
 * vertices, as pairs of every kind move from the origin to 1e5 away.
 * Errors are in units of eps * scale (eps = FLT_EPSILON, scale = the
 * oracle's: the largest coordinate magnitude or extent, radii included):
 * a float world vertex is already off by up to eps/2 * scale, so that is
 * the unit a float library can promise in. The table goes to stderr. */
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "support/cases.h"
#include "oracle/oracle_round.h"
#include "sepax/sepax.h"

#define PAIRS_PER_ROW 3000
/* Enforced: |separation - oracle| <= BOUND * eps * scale. The worst
 * measured is printed beside it. */
#define BOUND 4.0

/* A shape of kind k (0 polygon, 1 circle, 2 capsule, 3 segment, 4 rounded
 * polygon) of about unit size around the local origin. */
static sepax_status add_kind(sepax_store *s, cases_rng *g, int k, sepax_shape_id *id)
{
    const float r = (float)cases_rng_range(g, 0.1, 0.5);
    const double a = cases_rng_range(g, 0.0, 6.283185307179586);
    const sepax_vec2 p1 = {(float)(-0.6 * cos(a)), (float)(-0.6 * sin(a))};
    const sepax_vec2 p2 = {(float)(0.6 * cos(a)), (float)(0.6 * sin(a))};
    sepax_vec2 v[6];
    const int n = 3 + (int)(cases_rng_next(g) % 4);
    for (int i = 0; i < n; i++) {
        const double t = a + 6.283185307179586 * i / n;
        v[i].x = (float)(0.7 * cos(t));
        v[i].y = (float)(0.7 * sin(t));
    }
    switch (k) {
    case 0: return sepax_add_polygon(s, v, (size_t)n, id);
    case 1: return sepax_add_circle(s, (sepax_vec2){0, 0}, r + 0.3f, id);
    case 2: return sepax_add_capsule(s, p1, p2, r, id);
    case 3: return sepax_add_segment(s, p1, p2, id);
    default: return sepax_add_rounded_polygon(s, v, (size_t)n, r, id);
    }
}

Test(round_precision, far_from_the_origin, .timeout = 120)
{
    static const double offsets[] = {0.0, 1e2, 1e3, 1e4, 1e5};
    double worst_all = 0.0;
    fprintf(stderr, "round kinds, %d pairs per row (every kind against every kind), "
                    "error of the separation in eps * scale:\n"
                    "| offset | pairs | hits | worst error | worst in eps*scale (bound %.0f) |\n"
                    "|---:|---:|---:|---:|---:|\n",
            PAIRS_PER_ROW, BOUND);
    for (size_t row = 0; row < sizeof offsets / sizeof offsets[0]; row++) {
        sepax_store *s;
        cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
        cases_rng g;
        cases_rng_seed(&g, 900 + row);
        const int pairs = (int)cases_scaled(PAIRS_PER_ROW);
        size_t hits = 0;
        double worst = 0.0, worst_abs = 0.0;
        for (int i = 0; i < pairs; i++) {
            /* every ordered kind pair in turn, at least one of them round */
            int ka = i % 5, kb = (i / 5) % 5;
            if (ka == 0 && kb == 0)
                kb = 1 + i % 4;
            sepax_shape_id ids[2];
            cr_assert_eq(add_kind(s, &g, ka, &ids[0]), SEPAX_OK);
            cr_assert_eq(add_kind(s, &g, kb, &ids[1]), SEPAX_OK);
            const double ox = offsets[row] * cases_rng_range(&g, -1.0, 1.0);
            const double oy = offsets[row] * cases_rng_range(&g, -1.0, 1.0);
            /* B within about two sizes of A: overlapping, touching-ish
             * and apart all come up */
            const sepax_transform xf[2] = {
                sepax_transform_make((float)ox, (float)oy, (float)cases_rng_range(&g, 0, 6.3)),
                sepax_transform_make((float)(ox + cases_rng_range(&g, -2.0, 2.0)),
                                     (float)(oy + cases_rng_range(&g, -2.0, 2.0)),
                                     (float)cases_rng_range(&g, 0, 6.3))};
            cr_assert_eq(sepax_set_transforms(s, ids, xf, 2), SEPAX_OK);
            const sepax_pair p = {ids[0], ids[1]};
            sepax_result r;
            cr_assert_eq(sepax_collide(s, &p, 1, &r, NULL), SEPAX_OK);
            oround_shape a, b;
            oround_answer o;
            cr_assert_eq(oround_from_store(s, ids[0], &a), SEPAX_OK);
            cr_assert_eq(oround_from_store(s, ids[1], &b), SEPAX_OK);
            oround_collide(&a, &b, &o);
            const double err = fabs((double)r.separation - o.contract);
            const double units = err / ((double)FLT_EPSILON * o.scale);
            hits += (r.flags & SEPAX_HIT) != 0;
            if (units > worst) {
                worst = units;
                worst_abs = err;
            }
            cr_expect(units <= BOUND,
                      "offset %g, kinds %d/%d: separation %.9g, oracle %.9g, %.2f eps*scale",
                      offsets[row], ka, kb, r.separation, o.contract, units);
            cr_assert_eq(sepax_remove(s, ids[0]), SEPAX_OK);
            cr_assert_eq(sepax_remove(s, ids[1]), SEPAX_OK);
        }
        fprintf(stderr, "| %g | %d | %zu | %.3g | %.2f |\n", offsets[row], pairs, hits, worst_abs,
                worst);
        worst_all = worst > worst_all ? worst : worst_all;
        sepax_store_destroy(s);
    }
    cr_assert_leq(worst_all, BOUND);
}
