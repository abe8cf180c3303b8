/* Every backend built into the library and runnable here must reproduce
 * the scalar reference bit for bit; plus backend selection. */
#define _POSIX_C_SOURCE 200809L

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "sepax/sepax.h"

#define PAIRS 1000000
#define CHUNK 25000

Test(backends, every_backend_matches_scalar, .timeout = 600)
{
    sepax_backend list[SEPAX_BACKEND_COUNT];
    size_t n = 0;
    /* Scalar against itself checks that runs are repeatable; the others
     * are what this test is for, whichever this machine has. */
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++)
        if (sepax_backend_available((sepax_backend)b))
            list[n++] = (sepax_backend)b;
    cr_assert(n >= 1 && list[0] == SEPAX_BACKEND_SCALAR, "scalar must always be available");

    cases_check *res = calloc(n, sizeof *res);
    cr_assert(res);
    char msg[2048];
    sepax_status st = cases_crosscheck(list, n, 20240601, cases_scaled(PAIRS), CHUNK, NULL, res, msg, sizeof msg);
    cr_assert_eq(st, SEPAX_OK, "%s", msg);
    size_t bad = 0;
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
    }
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
Test(backends, every_call_length_matches_scalar)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cases_config cfg = cases_config_default();
    cfg.max_vertices = 12; /* mostly tile pairs, some past a block */
    case_set set;
    char msg[512];
    cr_assert_eq(cases_build(s, 77, 4000, &cfg, &set, msg, sizeof msg), SEPAX_OK, "%s", msg);
    enum { LONGEST = 53 };
    sepax_result want[LONGEST], got[LONGEST];
    size_t calls = 0, tile_pairs = 0;
    for (int b = 1; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        for (size_t len = 1; len <= LONGEST; len++) {
            for (size_t at = 0; at + len <= set.count; at += 997 + len) {
                cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR), SEPAX_OK);
                cr_assert_eq(sepax_collide(s, set.pairs + at, len, want, NULL), SEPAX_OK);
                cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
                memset(got, 0xA5, sizeof got);
                cr_assert_eq(sepax_collide(s, set.pairs + at, len, got, NULL), SEPAX_OK);
                for (size_t i = 0; i < len; i++)
                    cr_assert(memcmp(&want[i], &got[i], sizeof want[i]) == 0,
                              "%s, %zu pairs from %zu: result %zu differs (separation %a "
                              "against %a, edge %u against %u)",
                              sepax_backend_name((sepax_backend)b), len, at, i,
                              (double)got[i].separation, (double)want[i].separation,
                              got[i].edge, want[i].edge);
                calls++;
            }
        }
    }
    for (size_t i = 0; i < set.count; i++) {
        uint32_t na = 0, nb = 0;
        cr_assert_eq(sepax_shape_vertices(s, set.pairs[i].a, 0, NULL, 0, &na), SEPAX_OK);
        cr_assert_eq(sepax_shape_vertices(s, set.pairs[i].b, 0, NULL, 0, &nb), SEPAX_OK);
        tile_pairs += na <= 8 && nb <= 8;
    }
    /* the cases must feed both paths */
    cr_assert(tile_pairs > set.count / 4 && tile_pairs < set.count, "%zu of %zu pairs fit a tile",
              tile_pairs, set.count);
    cr_log_info("%zu calls compared", calls);
    cases_free(&set);
    sepax_store_destroy(s);
}

Test(backends, names_round_trip)
{
    const char *want[SEPAX_BACKEND_COUNT] = {"scalar", "generic", "sse2", "avx2", "avx512",
                                             "neon"};
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const char *name = sepax_backend_name((sepax_backend)b);
        cr_assert(name != NULL, "backend %d has no name", b);
        cr_assert_str_eq(name, want[b]);
        sepax_backend back = SEPAX_BACKEND_COUNT;
        cr_assert_eq(sepax_backend_from_name(name, &back), SEPAX_OK);
        cr_assert_eq(back, (sepax_backend)b);
    }
    cr_assert_null(sepax_backend_name(SEPAX_BACKEND_COUNT));
    cr_assert_null(sepax_backend_name((sepax_backend)-1));
    sepax_backend out = SEPAX_BACKEND_GENERIC;
    cr_assert_eq(sepax_backend_from_name("nosuch", &out), SEPAX_ERR_UNKNOWN_BACKEND);
    cr_assert_eq(out, SEPAX_BACKEND_GENERIC, "a failed lookup wrote its output");
    cr_assert_eq(sepax_backend_from_name("", &out), SEPAX_ERR_UNKNOWN_BACKEND);
    cr_assert_eq(sepax_backend_from_name("scalar ", &out), SEPAX_ERR_UNKNOWN_BACKEND);
    cr_assert_eq(sepax_backend_from_name("avx", &out), SEPAX_ERR_UNKNOWN_BACKEND);
    cr_assert_neq(sepax_backend_from_name(NULL, &out), SEPAX_OK);
    cr_assert_neq(sepax_backend_from_name("scalar", NULL), SEPAX_OK);
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
    const char *saved = getenv("SEPAX_BACKEND");
    char *keep = saved ? strdup(saved) : NULL;

    unsetenv("SEPAX_BACKEND");
    sepax_backend d = SEPAX_BACKEND_COUNT;
    cr_assert_eq(sepax_backend_default(&d), SEPAX_OK);
    cr_assert_eq(d, sepax_backend_best(), "without the variable the default is the best");
    sepax_store *s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_backend(s), sepax_backend_best());
    sepax_store_destroy(s);

    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const char *name = sepax_backend_name((sepax_backend)b);
        cr_assert_eq(setenv("SEPAX_BACKEND", name, 1), 0);
        s = NULL;
        sepax_status st = sepax_store_create(NULL, &s);
        if (sepax_backend_available((sepax_backend)b)) {
            cr_assert_eq(st, SEPAX_OK, "SEPAX_BACKEND=%s: %s", name, sepax_status_string(st));
            cr_assert_eq(sepax_store_backend(s), (sepax_backend)b, "SEPAX_BACKEND=%s ignored",
                         name);
            sepax_store_destroy(s);
        } else {
            cr_assert_eq(st, SEPAX_ERR_UNSUPPORTED_BACKEND, "SEPAX_BACKEND=%s: %s", name,
                         sepax_status_string(st));
            cr_assert_null(s);
            cr_assert_eq(sepax_backend_default(&d), SEPAX_ERR_UNSUPPORTED_BACKEND);
        }
    }

    cr_assert_eq(setenv("SEPAX_BACKEND", "nosuch", 1), 0);
    s = NULL;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_ERR_UNKNOWN_BACKEND);
    cr_assert_null(s);
    cr_assert_eq(sepax_backend_default(&d), SEPAX_ERR_UNKNOWN_BACKEND);

    /* The variable is read when a store is made, not cached at start-up. */
    cr_assert_eq(setenv("SEPAX_BACKEND", "scalar", 1), 0);
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_store_backend(s), SEPAX_BACKEND_SCALAR);
    sepax_store_destroy(s);

    if (keep) {
        setenv("SEPAX_BACKEND", keep, 1);
        free(keep);
    } else {
        unsetenv("SEPAX_BACKEND");
    }
}
