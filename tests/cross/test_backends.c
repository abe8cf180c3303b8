/* Every backend built into the library and runnable here must reproduce
 * the scalar reference bit for bit; plus backend selection. */
#define _POSIX_C_SOURCE 200809L

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "sepax/sepax.h"
#include "support/backends_criterion.h"

#define PAIRS 1000000
#define CHUNK 25000

Test(backends, every_backend_matches_scalar, .timeout = 600)
{
    /* Scalar against itself checks that runs are repeatable; the others
     * are what this test is for, whichever this machine has. */
    sepax_backend list[SEPAX_BACKEND_COUNT + 1], others[SEPAX_BACKEND_COUNT];
    const size_t n = 1 + backends_others(others);
    list[0] = SEPAX_BACKEND_SCALAR;
    memcpy(list + 1, others, (n - 1) * sizeof *others);
    cr_assert(sepax_backend_available(SEPAX_BACKEND_SCALAR), "scalar must always be available");

    cases_check *res = calloc(n, sizeof *res);
    cr_assert(res);
    char msg[2048];
    sepax_status st = cases_crosscheck(list, n, 20240601, cases_scaled(PAIRS), CHUNK, NULL, res,
                                       msg, sizeof msg);
    cr_assert_eq(st, SEPAX_OK, "%s", msg);
    size_t bad = 0;
    backends_report ran;
    memset(&ran, 0, sizeof ran);
    for (size_t k = 0; k < n; k++) {
        const cases_check *c = &res[k];
        int ok = c->result_diffs == 0 && c->world_diffs == 0 && c->hit_list_diffs == 0;
        fprintf(stderr,
                "backend %-7s %zu pairs, %zu hits: %zu results, %zu world shapes, %zu hit "
                "lists differ from scalar%s%s\n",
                sepax_backend_name(c->backend), c->pairs, c->hits, c->result_diffs,
                c->world_diffs, c->hit_list_diffs, ok ? "" : "; first: ", ok ? "" : c->first);
        bad += !ok;
        cr_assert_geq(c->pairs, cases_scaled(PAIRS));
        if (k > 0)
            ran.ran[ran.ran_count++] = c->backend;
    }
    /* Every backend this library has and this CPU runs was compared, by
     * name, and scalar once against itself. */
    cr_assert_eq(res[0].backend, SEPAX_BACKEND_SCALAR);
    cr_assert(backends_ran_every_one(&ran, msg, sizeof msg), "%s", msg);
    for (size_t k = 0; k < n; k++)
        cr_expect(res[k].result_diffs == 0 && res[k].world_diffs == 0 &&
                      res[k].hit_list_diffs == 0,
                  "backend %s differs from scalar: %s", sepax_backend_name(res[k].backend),
                  res[k].first);
    /* The cases must exercise both outcomes. */
    cr_assert(res[0].hits > res[0].pairs / 5 && res[0].hits < res[0].pairs * 4 / 5,
              "%zu hits in %zu pairs", res[0].hits, res[0].pairs);
    free(res);
    cr_assert_eq(bad, 0u);
}

/* The polygon kernels gather pairs into tiles by size class and write
 * results out of order: every call length from 1 to past three tiles, and
 * every starting point, so that partial tiles, mixed classes and the
 * per-pair path for large polygons all meet in one call. */
enum { LONGEST = 53 };

/* Calls of every length from 1 to LONGEST, each from several starting
 * points, their results one after another. */
static size_t call_results(size_t count)
{
    size_t n = 0;
    for (size_t len = 1; len <= LONGEST; len++)
        for (size_t at = 0; at + len <= count; at += 997 + len)
            n += len;
    return n;
}

static sepax_status every_length(sepax_store *s, void *out, void *ctx)
{
    const case_set *set = ctx;
    sepax_result *r = out;
    for (size_t len = 1; len <= LONGEST; len++) {
        for (size_t at = 0; at + len <= set->count; at += 997 + len) {
            const sepax_status st = sepax_collide(s, set->pairs + at, len, r, NULL);
            if (st != SEPAX_OK)
                return st;
            r += len;
        }
    }
    return SEPAX_OK;
}

Test(backends, every_call_length_matches_scalar)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cases_config cfg = cases_config_default();
    cfg.max_vertices = 12; /* mostly tile pairs, some past a block */
    case_set set;
    char msg[512];
    cr_assert_eq(cases_build(s, 77, 4000, &cfg, &set, msg, sizeof msg), SEPAX_OK, "%s", msg);
    const size_t results = call_results(set.count);
    sepax_result *want = malloc(results * sizeof *want), *whole = malloc(set.count * sizeof *whole);
    cr_assert(want && whole);
    const backends_job job = {every_length, &set, results * sizeof *want, sizeof *want,
                              backends_describe_result, 0, want};
    const backends_report rep = assert_backends_match_scalar(s, &job, "calls of every length");

    /* Scalar's own short calls give its whole list's results. */
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax_collide(s, set.pairs, set.count, whole, NULL), SEPAX_OK);
    size_t calls = 0;
    const sepax_result *r = want;
    for (size_t len = 1; len <= LONGEST; len++) {
        for (size_t at = 0; at + len <= set.count; at += 997 + len, r += len, calls++)
            for (size_t i = 0; i < len; i++)
                cr_assert(memcmp(&r[i], &whole[at + i], sizeof *r) == 0,
                          "%zu pairs from %zu: result %zu differs from the whole list's "
                          "(separation %a against %a, edge %u against %u)",
                          len, at, i, (double)r[i].separation, (double)whole[at + i].separation,
                          r[i].edge, whole[at + i].edge);
    }

    size_t tile_pairs = 0;
    for (size_t i = 0; i < set.count; i++) {
        uint32_t na = 0, nb = 0;
        cr_assert_eq(sepax_shape_vertices(s, set.pairs[i].a, 0, NULL, 0, &na), SEPAX_OK);
        cr_assert_eq(sepax_shape_vertices(s, set.pairs[i].b, 0, NULL, 0, &nb), SEPAX_OK);
        tile_pairs += na <= 8 && nb <= 8;
    }
    /* the cases must feed both paths */
    cr_assert(tile_pairs > set.count / 4 && tile_pairs < set.count, "%zu of %zu pairs fit a tile",
              tile_pairs, set.count);
    cr_log_info("%zu calls compared on %zu backends", calls, rep.ran_count);
    free(want);
    free(whole);
    cases_free(&set);
    sepax_store_destroy(s);
}

Test(backends, names_round_trip)
{
    char msg[256];
    cr_assert(backends_check_names(msg, sizeof msg), "%s", msg);
}

Test(backends, availability)
{
    cr_assert(sepax_backend_available(SEPAX_BACKEND_SCALAR));
    cr_assert(sepax_backend_available(sepax_backend_best()), "the best backend is not available");
    cr_assert(!sepax_backend_available(SEPAX_BACKEND_COUNT));
    cr_assert(!sepax_backend_available((sepax_backend)-1));
    /* No CPU runs both x86 and Arm vector code. */
    cr_assert(!(sepax_backend_available(SEPAX_BACKEND_SSE2) &&
                sepax_backend_available(SEPAX_BACKEND_NEON)));
}

Test(backends, set_backend)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    cr_assert_eq(sepax_store_backend(s), SEPAX_BACKEND_SCALAR);
    int unavailable = 0;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        sepax_status st = sepax_store_set_backend(s, (sepax_backend)b);
        if (sepax_backend_available((sepax_backend)b)) {
            cr_assert_eq(st, SEPAX_OK, "%s: %s", sepax_backend_name((sepax_backend)b),
                         sepax_status_string(st));
            cr_assert_eq(sepax_store_backend(s), (sepax_backend)b);
        } else {
            sepax_backend before = sepax_store_backend(s);
            cr_assert_eq(st, SEPAX_ERR_UNSUPPORTED_BACKEND, "%s: %s",
                         sepax_backend_name((sepax_backend)b), sepax_status_string(st));
            cr_assert_eq(sepax_store_backend(s), before, "a refused backend was installed");
            unavailable++;
        }
    }
    cr_assert(unavailable > 0, "every backend claims to run here, even both ISAs");
    cr_assert_neq(sepax_store_set_backend(s, SEPAX_BACKEND_COUNT), SEPAX_OK);
    cr_assert_neq(sepax_store_set_backend(s, (sepax_backend)-1), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(NULL, SEPAX_BACKEND_SCALAR), SEPAX_ERR_NULL);
    sepax_store_destroy(s);
}

Test(backends, environment_variable)
{
    char msg[512];
    const int made = backends_check_environment(NULL, NULL, msg, sizeof msg);
    cr_assert_geq(made, 0, "%s", msg);
    sepax_backend others[SEPAX_BACKEND_COUNT];
    cr_assert_eq((size_t)made, 1 + backends_others(others),
                 "a store was made with %d backends", made);
}
