/* src/dispatch.c: the override chooses the kernels a store's collide call
 * runs, the CPU probe is consistent, and names and statuses are right. */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2d/store.h"
#include "support/backends.h"

/* collide.c calls store->kernels->collide; checking that pointer against
 * the backend's own table shows which code ran, not just which name was
 * recorded. */
typedef struct seen_kernels {
    const sepax_kernels *k[SEPAX_BACKEND_COUNT];
} seen_kernels;

static int record_kernels(sepax_store *s, sepax_backend b, char *msg, size_t size, void *ctx)
{
    seen_kernels *seen = ctx;
    if (s->kernels != sepax_kernels_for(b)) {
        snprintf(msg, size, "%s: store runs another backend's kernels", sepax_backend_name(b));
        return 0;
    }
    seen->k[b] = s->kernels;
    return 1;
}

/* SEPAX_BACKEND through the shared check (tests/support/backends.c),
 * which also covers the names it must refuse: unknown ones, backends not
 * available here, and the empty value meaning unset. */
Test(dispatch, forced_backend_is_the_one_that_runs)
{
    seen_kernels seen;
    memset(&seen, 0, sizeof seen);
    char msg[512];
    const int tested = backends_check_environment(record_kernels, &seen, msg, sizeof msg);
    cr_assert_geq(tested, 0, "%s", msg);
    sepax_backend others[SEPAX_BACKEND_COUNT];
    cr_assert_eq((size_t)tested, 1 + backends_others(others),
                 "a store was made with %d of the available backends", tested);
    cr_assert_geq(tested, 2, "scalar and generic are always available");
    /* distinct backends, distinct code */
    const sepax_kernels *const *k = seen.k;
    for (int i = 0; i < SEPAX_BACKEND_COUNT; i++)
        for (int j = i + 1; j < SEPAX_BACKEND_COUNT; j++)
            if (k[i] && k[j])
                cr_expect(k[i]->collide != k[j]->collide && k[i]->world != k[j]->world,
                          "%s and %s share a kernel", sepax_backend_name(i),
                          sepax_backend_name(j));
    cr_assert_not_null(k[SEPAX_BACKEND_SCALAR]);
    cr_expect_eq(k[SEPAX_BACKEND_SCALAR]->collide, sepax_reference_collide);
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

/* The library's probe against the compiler's: a backend this CPU (and
 * its OS) runs was built, since meson builds every backend of the host's
 * architecture, and is available; and the list meson built, which it
 * passes in SEPAX_BUILT_BACKENDS, is exactly what is available here, less
 * what the CPU cannot run. */
Test(dispatch, every_backend_the_cpu_runs_is_available)
{
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const sepax_backend be = (sepax_backend)b;
        if (backends_cpu_runs(be))
            cr_expect(sepax_backend_available(be), "this CPU runs %s, which is not available",
                      sepax_backend_name(be));
        else
            cr_expect(!sepax_backend_available(be), "%s is available but this CPU cannot run it",
                      sepax_backend_name(be));
    }
    cr_expect(sepax_backend_available(SEPAX_BACKEND_SCALAR));
    cr_expect(sepax_backend_available(SEPAX_BACKEND_GENERIC));
#if defined(__aarch64__)
    cr_expect(sepax_backend_available(SEPAX_BACKEND_NEON), "NEON is part of every AArch64 CPU");
#endif
#if defined(__x86_64__)
    cr_expect(backends_cpu_runs(SEPAX_BACKEND_SSE2), "SSE2 is part of x86-64");
#endif
    char msg[256];
    cr_assert(backends_check_built(getenv("SEPAX_BUILT_BACKENDS"), msg, sizeof msg), "%s", msg);
}
