/* src/dispatch.c: the override chooses the kernels a store's collide call
 * runs, the CPU probe is consistent, and names and statuses are right. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "2d/store.h"

/* collide.c calls store->kernels->collide; checking that pointer against
 * the backend's own table shows which code ran, not just which name was
 * recorded. */
Test(dispatch, forced_backend_is_the_one_that_runs)
{
    const sepax_kernels *seen[SEPAX_BACKEND_COUNT] = {0};
    int tested = 0;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(setenv("SEPAX_BACKEND", sepax_backend_name((sepax_backend)b), 1), 0);
        sepax_store *s;
        cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
        cr_expect_eq(sepax_store_backend(s), (sepax_backend)b);
        cr_assert_eq(s->kernels, sepax_kernels_for((sepax_backend)b),
                     "%s: store runs another backend's kernels", sepax_backend_name(b));
        seen[b] = s->kernels;
        sepax_store_destroy(s);
        tested++;
    }
    unsetenv("SEPAX_BACKEND");
    cr_assert_geq(tested, 2, "scalar and generic are always available");
    /* distinct backends, distinct code */
    for (int i = 0; i < SEPAX_BACKEND_COUNT; i++)
        for (int j = i + 1; j < SEPAX_BACKEND_COUNT; j++)
            if (seen[i] && seen[j])
                cr_expect(seen[i]->collide != seen[j]->collide && seen[i]->world != seen[j]->world,
                          "%s and %s share a kernel", sepax_backend_name(i), sepax_backend_name(j));
    cr_expect_eq(seen[SEPAX_BACKEND_SCALAR]->collide, sepax_reference_collide);
}

Test(dispatch, set_backend_switches_kernels)
{
    unsetenv("SEPAX_BACKEND");
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(s->kernels, sepax_kernels_for(sepax_backend_best()));
    cr_assert_eq(sepax_store_set_backend(s, SEPAX_BACKEND_GENERIC), SEPAX_OK);
    cr_assert_eq(s->kernels, sepax_kernels_for(SEPAX_BACKEND_GENERIC));
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (sepax_backend_available((sepax_backend)b))
            continue;
        cr_expect_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_ERR_UNSUPPORTED_BACKEND);
        cr_expect_eq(s->kernels, sepax_kernels_for(SEPAX_BACKEND_GENERIC), "failed switch changed it");
    }
    cr_expect_eq(sepax_store_set_backend(s, SEPAX_BACKEND_COUNT), SEPAX_ERR_UNKNOWN_BACKEND);
    sepax_store_destroy(s);
}

Test(dispatch, probe_is_consistent)
{
    cr_expect(sepax_backend_available(SEPAX_BACKEND_SCALAR));
    cr_expect(sepax_backend_available(SEPAX_BACKEND_GENERIC));
    /* a CPU and OS that run AVX-512 code run AVX2 and SSE2 code */
    if (sepax_backend_available(SEPAX_BACKEND_AVX512))
        cr_expect(sepax_backend_available(SEPAX_BACKEND_AVX2));
    if (sepax_backend_available(SEPAX_BACKEND_AVX2))
        cr_expect(sepax_backend_available(SEPAX_BACKEND_SSE2));
#if defined(__x86_64__)
    cr_expect(sepax_backend_available(SEPAX_BACKEND_SSE2), "SSE2 is part of x86-64");
    cr_expect(!sepax_backend_available(SEPAX_BACKEND_NEON));
#elif defined(__aarch64__)
    cr_expect(sepax_backend_available(SEPAX_BACKEND_NEON));
    cr_expect(!sepax_backend_available(SEPAX_BACKEND_AVX2));
#endif
    const sepax_backend best = sepax_backend_best();
    cr_expect(sepax_backend_available(best));
    cr_expect_neq(best, SEPAX_BACKEND_GENERIC, "generic is never the speed choice");
}

Test(dispatch, bad_environment_fails_store_creation)
{
    sepax_store *s = (sepax_store *)1;
    cr_assert_eq(setenv("SEPAX_BACKEND", "avx1024", 1), 0);
    cr_expect_eq(sepax_store_create(NULL, &s), SEPAX_ERR_UNKNOWN_BACKEND);
    cr_expect_null(s);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(setenv("SEPAX_BACKEND", sepax_backend_name((sepax_backend)b), 1), 0);
        cr_expect_eq(sepax_store_create(NULL, &s), SEPAX_ERR_UNSUPPORTED_BACKEND);
    }
    cr_assert_eq(setenv("SEPAX_BACKEND", "", 1), 0);
    cr_expect_eq(sepax_store_create(NULL, &s), SEPAX_OK, "empty means unset");
    sepax_store_destroy(s);
    unsetenv("SEPAX_BACKEND");
}
