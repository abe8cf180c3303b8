#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv, strdup */
#include "support/backends.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"

static void say(char *msg, size_t size, const char *fmt, ...)
{
    if (!msg || !size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
}

size_t backends_others(sepax_backend out[SEPAX_BACKEND_COUNT])
{
    size_t n = 0;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++)
        if (b != SEPAX_BACKEND_SCALAR && sepax_backend_available((sepax_backend)b))
            out[n++] = (sepax_backend)b;
    return n;
}

/* ---- every backend against scalar -------------------------------------- */

/* Put the store on backend b and rebuild its world columns from junk, so
 * that a world kernel which skipped a shape or a lane cannot hide behind
 * what an earlier backend left there. */
static sepax_status switch_to(sepax_store *s, sepax_backend b)
{
    sepax_status st = sepax_store_set_backend(s, b);
    if (st != SEPAX_OK)
        return st;
    cases_scrub_world(s);
    return sepax_update_world(s);
}

static size_t compare_units(const unsigned char *want, const unsigned char *got, size_t units,
                            size_t unit, size_t *first)
{
    size_t d = 0;
    for (size_t i = 0; i < units; i++)
        if (memcmp(want + i * unit, got + i * unit, unit) != 0 && d++ == 0)
            *first = i;
    return d;
}

static void describe_diff(const backends_job *job, const char *who, const unsigned char *want,
                          const unsigned char *got, size_t first, size_t diffs, size_t units,
                          size_t unit, backends_report *r)
{
    char detail[1536] = "";
    if (job->describe)
        job->describe(want + first * unit, got + first * unit, first, detail, sizeof detail,
                      job->ctx);
    say(r->message, sizeof r->message, "%s: %zu of %zu units differ from scalar, first %zu%s%s",
        who, diffs, units, first, detail[0] ? ": " : "", detail);
}

int backends_match_scalar(sepax_store *store, const backends_job *job, backends_report *r)
{
    memset(r, 0, sizeof *r);
    const size_t unit = job->unit ? job->unit : 1;
    r->units = job->bytes / unit;
    const sepax_backend entry = sepax_store_backend(store);
    unsigned char *want = malloc(job->bytes + 1), *got = malloc(job->bytes + 1);
    const char *step = "allocating the outputs";
    if (!want || !got) {
        r->status = SEPAX_ERR_OUT_OF_MEMORY;
        goto failed;
    }
    /* Bytes a run leaves alone must not read as differences. */
    memset(want, 0xA5, job->bytes);
    step = "scalar";
    if ((r->status = switch_to(store, SEPAX_BACKEND_SCALAR)) != SEPAX_OK ||
        (r->status = job->compute(store, want, job->ctx)) != SEPAX_OK)
        goto failed;
    if (job->want)
        memcpy(job->want, want, job->bytes);

    /* A second scalar run from a scrubbed world: the reference repeats. */
    step = "scalar, repeated";
    memset(got, 0xA5, job->bytes);
    if ((r->status = switch_to(store, SEPAX_BACKEND_SCALAR)) != SEPAX_OK ||
        (r->status = job->compute(store, got, job->ctx)) != SEPAX_OK)
        goto failed;
    size_t first = 0;
    r->scalar_repeat_diffs = compare_units(want, got, r->units, unit, &first);
    if (r->scalar_repeat_diffs)
        describe_diff(job, "scalar, repeated", want, got, first, r->scalar_repeat_diffs,
                      r->units, unit, r);

    sepax_backend list[SEPAX_BACKEND_COUNT];
    const size_t n = backends_others(list);
    for (size_t k = 0; k < n; k++) {
        const sepax_backend at = list[k];
        if (job->only && !(job->only & (1u << at)))
            continue;
        step = sepax_backend_name(at);
        if ((r->status = switch_to(store, at)) != SEPAX_OK)
            goto failed;
        memset(got, 0xA5, job->bytes);
        if ((r->status = job->compute(store, got, job->ctx)) != SEPAX_OK)
            goto failed;
        const size_t d = compare_units(want, got, r->units, unit, &first);
        r->diffs[r->ran_count] = d;
        r->ran[r->ran_count++] = at;
        r->diff_total += d;
        if (d && r->message[0] == '\0')
            describe_diff(job, sepax_backend_name(at), want, got, first, d, r->units, unit, r);
    }
    step = "restoring the store's backend";
    if ((r->status = switch_to(store, entry)) != SEPAX_OK)
        goto failed;
    free(want);
    free(got);
    return r->diff_total == 0 && r->scalar_repeat_diffs == 0;

failed:
    say(r->message, sizeof r->message, "%s: %s", step, sepax_status_string(r->status));
    free(want);
    free(got);
    return 0;
}

int backends_ran_every_one(const backends_report *r, char *msg, size_t size)
{
    sepax_backend list[SEPAX_BACKEND_COUNT];
    const size_t n = backends_others(list);
    for (size_t k = 0; k < n; k++) {
        const char *name = sepax_backend_name(list[k]);
        size_t seen = 0;
        for (size_t j = 0; j < r->ran_count; j++)
            seen += strcmp(sepax_backend_name(r->ran[j]), name) == 0;
        if (seen != 1) {
            say(msg, size, "backend %s is available but ran %zu times", name, seen);
            return 0;
        }
    }
    if (r->ran_count != n) {
        say(msg, size, "%zu backends ran, %zu are available besides scalar", r->ran_count, n);
        return 0;
    }
    return 1;
}

sepax_status backends_compute_collide(sepax_store *store, void *out, void *ctx)
{
    const backends_pairs *p = ctx;
    return sepax_collide(store, p->pairs, p->count, out, NULL);
}

void backends_describe_result(const void *want, const void *got, size_t unit, char *msg,
                              size_t size, void *ctx)
{
    (void)ctx;
    sepax_result w, g;
    memcpy(&w, want, sizeof w);
    memcpy(&g, got, sizeof g);
    say(msg, size,
        "result %zu: separation %a normal (%a, %a) owner %u edge %u flags %u; scalar gives "
        "%a (%a, %a) owner %u edge %u flags %u",
        unit, (double)g.separation, (double)g.normal.x, (double)g.normal.y, g.owner, g.edge,
        g.flags, (double)w.separation, (double)w.normal.x, (double)w.normal.y, w.owner, w.edge,
        w.flags);
}

/* ---- names and the environment override -------------------------------- */

int backends_check_names(char *msg, size_t size)
{
    static const char *const want[SEPAX_BACKEND_COUNT] = {"scalar", "generic", "sse2",
                                                          "avx2",   "avx512",  "neon"};
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const char *name = sepax_backend_name((sepax_backend)b);
        if (!name || strcmp(name, want[b]) != 0) {
            say(msg, size, "backend %d is named %s, not %s", b, name ? name : "(NULL)", want[b]);
            return 0;
        }
        sepax_backend back = SEPAX_BACKEND_COUNT;
        const sepax_status st = sepax_backend_from_name(name, &back);
        if (st != SEPAX_OK || back != (sepax_backend)b) {
            say(msg, size, "the name %s looks up as %d (%s)", name, (int)back,
                sepax_status_string(st));
            return 0;
        }
    }
    const int odd[] = {SEPAX_BACKEND_COUNT, SEPAX_BACKEND_COUNT + 1, -1, 1000};
    for (size_t k = 0; k < sizeof odd / sizeof odd[0]; k++) {
        if (sepax_backend_name((sepax_backend)odd[k]) != NULL) {
            say(msg, size, "backend value %d has a name", odd[k]);
            return 0;
        }
    }
    static const char *const unknown[] = {"nosuch", "", "scalar ", " scalar", "avx", "AVX2",
                                          "avx2 ", "avx1024", "Scalar", "neon\n"};
    for (size_t k = 0; k < sizeof unknown / sizeof unknown[0]; k++) {
        sepax_backend out = SEPAX_BACKEND_GENERIC;
        const sepax_status st = sepax_backend_from_name(unknown[k], &out);
        if (st != SEPAX_ERR_UNKNOWN_BACKEND || out != SEPAX_BACKEND_GENERIC) {
            say(msg, size, "the name \"%s\" gave %s and wrote %d", unknown[k],
                sepax_status_string(st), (int)out);
            return 0;
        }
    }
    sepax_backend out = SEPAX_BACKEND_GENERIC;
    if (sepax_backend_from_name(NULL, &out) != SEPAX_ERR_NULL || out != SEPAX_BACKEND_GENERIC) {
        say(msg, size, "a NULL name was not refused as SEPAX_ERR_NULL, or wrote the output");
        return 0;
    }
    if (sepax_backend_from_name("scalar", NULL) != SEPAX_ERR_NULL) {
        say(msg, size, "a NULL output was not refused as SEPAX_ERR_NULL");
        return 0;
    }
    return 1;
}

/* What SEPAX_BACKEND=value must give: the default and a new store agree,
 * and a refused value leaves *out NULL. expect is the backend, or
 * SEPAX_BACKEND_COUNT with the status in want_st. */
static int expect_env(const char *value, sepax_backend expect, sepax_status want_st,
                      backends_store_fn on_store, void *ctx, char *msg, size_t size)
{
    if (value ? setenv("SEPAX_BACKEND", value, 1) != 0 : unsetenv("SEPAX_BACKEND") != 0) {
        say(msg, size, "cannot set SEPAX_BACKEND");
        return 0;
    }
    const char *shown = value ? value : "(unset)";
    sepax_backend d = SEPAX_BACKEND_COUNT;
    const sepax_status dst = sepax_backend_default(&d);
    static char not_null;
    sepax_store *s = (sepax_store *)(void *)&not_null; /* a refusal must clear it */
    const sepax_status st = sepax_store_create(NULL, &s);
    int ok = 1;
    if (expect == SEPAX_BACKEND_COUNT) {
        if (st != want_st || s != NULL || dst != want_st) {
            say(msg, size, "SEPAX_BACKEND=%s: sepax_store_create gave %s (%s *out), "
                "sepax_backend_default %s; want %s", shown, sepax_status_string(st),
                s ? "set" : "NULL", sepax_status_string(dst), sepax_status_string(want_st));
            ok = 0;
        }
        if (st == SEPAX_OK)
            sepax_store_destroy(s);
        return ok;
    }
    if (st != SEPAX_OK || dst != SEPAX_OK) {
        say(msg, size, "SEPAX_BACKEND=%s: sepax_store_create gave %s, sepax_backend_default %s",
            shown, sepax_status_string(st), sepax_status_string(dst));
        return 0;
    }
    if (sepax_store_backend(s) != expect || d != expect) {
        say(msg, size, "SEPAX_BACKEND=%s: the store runs %s and the default is %s, want %s",
            shown, sepax_backend_name(sepax_store_backend(s)), sepax_backend_name(d),
            sepax_backend_name(expect));
        ok = 0;
    }
    if (ok && on_store)
        ok = on_store(s, expect, msg, size, ctx);
    sepax_store_destroy(s);
    return ok;
}

int backends_check_environment(backends_store_fn on_store, void *ctx, char *msg, size_t size)
{
    const char *saved = getenv("SEPAX_BACKEND");
    char *keep = saved ? strdup(saved) : NULL;
    if (saved && !keep) {
        say(msg, size, "out of memory");
        return -1;
    }
    int made = 0, ok = 1;
    const sepax_backend best = sepax_backend_best();
    /* unset and empty alike mean the best backend */
    ok = ok && expect_env(NULL, best, SEPAX_OK, NULL, NULL, msg, size);
    ok = ok && expect_env("", best, SEPAX_OK, NULL, NULL, msg, size);
    for (int b = 0; ok && b < SEPAX_BACKEND_COUNT; b++) {
        const sepax_backend be = (sepax_backend)b;
        if (sepax_backend_available(be)) {
            ok = expect_env(sepax_backend_name(be), be, SEPAX_OK, on_store, ctx, msg, size);
            made += ok;
        } else {
            ok = expect_env(sepax_backend_name(be), SEPAX_BACKEND_COUNT,
                            SEPAX_ERR_UNSUPPORTED_BACKEND, NULL, NULL, msg, size);
        }
    }
    static const char *const unknown[] = {"nosuch", "avx1024", "SCALAR", "scalar "};
    for (size_t k = 0; ok && k < sizeof unknown / sizeof unknown[0]; k++)
        ok = expect_env(unknown[k], SEPAX_BACKEND_COUNT, SEPAX_ERR_UNKNOWN_BACKEND, NULL, NULL,
                        msg, size);
    /* read when each store is made: two stores in a row follow it */
    ok = ok && expect_env("scalar", SEPAX_BACKEND_SCALAR, SEPAX_OK, NULL, NULL, msg, size);
    ok = ok && expect_env("generic", SEPAX_BACKEND_GENERIC, SEPAX_OK, NULL, NULL, msg, size);

    if (keep) {
        setenv("SEPAX_BACKEND", keep, 1);
        free(keep);
    } else {
        unsetenv("SEPAX_BACKEND");
    }
    return ok ? made : -1;
}

/* ---- what this build and CPU must offer -------------------------------- */

int backends_cpu_runs(sepax_backend b)
{
    switch (b) {
    case SEPAX_BACKEND_SCALAR:
    case SEPAX_BACKEND_GENERIC:
        return 1;
#if defined(__x86_64__) || defined(__i386__)
    /* The compiler's probe also asks the OS (XGETBV) whether it saves the
     * AVX and AVX-512 registers. */
    case SEPAX_BACKEND_SSE2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("sse2") != 0;
    case SEPAX_BACKEND_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
    case SEPAX_BACKEND_AVX512:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
#endif
#if defined(__aarch64__)
    case SEPAX_BACKEND_NEON:
        return 1; /* Advanced SIMD is part of every AArch64 CPU */
#endif
    default:
        return 0;
    }
}

int backends_check_built(const char *built, char *msg, size_t size)
{
    if (!built) {
        say(msg, size, "SEPAX_BUILT_BACKENDS is not set; run this test with meson test");
        return 0;
    }
    int listed[SEPAX_BACKEND_COUNT] = {0};
    const char *at = built;
    while (*at) {
        const char *end = strchr(at, ',');
        const size_t len = end ? (size_t)(end - at) : strlen(at);
        char name[32];
        if (len == 0 || len >= sizeof name) {
            say(msg, size, "SEPAX_BUILT_BACKENDS=\"%s\" is not a list of names", built);
            return 0;
        }
        memcpy(name, at, len);
        name[len] = '\0';
        sepax_backend b;
        if (sepax_backend_from_name(name, &b) != SEPAX_OK) {
            say(msg, size, "SEPAX_BUILT_BACKENDS names %s, which the library does not know",
                name);
            return 0;
        }
        listed[b]++;
        at = end ? end + 1 : at + len;
    }
    if (!listed[SEPAX_BACKEND_SCALAR] || !listed[SEPAX_BACKEND_GENERIC]) {
        say(msg, size, "SEPAX_BUILT_BACKENDS=\"%s\" lacks scalar or generic", built);
        return 0;
    }
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const sepax_backend be = (sepax_backend)b;
        const int runs = backends_cpu_runs(be), available = sepax_backend_available(be);
        if (listed[b] > 1) {
            say(msg, size, "SEPAX_BUILT_BACKENDS names %s twice", sepax_backend_name(be));
            return 0;
        }
        if (listed[b] && runs && !available) {
            say(msg, size, "%s is built and this CPU runs it, but it is not available",
                sepax_backend_name(be));
            return 0;
        }
        if (available && !listed[b]) {
            say(msg, size, "%s is available but meson did not build it",
                sepax_backend_name(be));
            return 0;
        }
        if (available && !runs) {
            say(msg, size, "%s is available but this CPU does not run it",
                sepax_backend_name(be));
            return 0;
        }
    }
    return 1;
}
