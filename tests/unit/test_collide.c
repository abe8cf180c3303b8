/* The batch calls: validation before any output, the compacted form, and
 * capacity handling. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "sepax/sepax.h"
#include "support/backends_criterion.h"

#define SENTINEL 0xA5

static sepax_store *S;
static case_set C;
static sepax_shape_id removed_id;

static void setup(void)
{
    cr_assert_eq(sepax_store_create(NULL, &S), SEPAX_OK);
    char msg[1024];
    sepax_status st = cases_build(S, 42, 4000, NULL, &C, msg, sizeof msg);
    cr_assert_eq(st, SEPAX_OK, "%s", msg);
    const sepax_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    cr_assert_eq(sepax_add_polygon(S, tri, 3, &removed_id), SEPAX_OK);
    cr_assert_eq(sepax_remove(S, removed_id), SEPAX_OK);
}

static void teardown(void)
{
    cases_free(&C);
    sepax_store_destroy(S);
}

TestSuite(collide, .init = setup, .fini = teardown);

static int untouched(const void *p, size_t bytes)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < bytes; i++)
        if (c[i] != SENTINEL)
            return 0;
    return 1;
}

static void full(const sepax_pair *pairs, size_t n, sepax_result *out)
{
    size_t bad = 12345;
    cr_assert_eq(sepax_collide(S, pairs, n, out, &bad), SEPAX_OK);
}

/* On every backend (a backend may one day check ids in blocks): the bad
 * pair sits at either end of blocks of 4 and of 256 pairs, and at the
 * start and end of the list. */
static void bad_pairs_on(sepax_backend backend);

Test(collide, bad_pairs_write_nothing)
{
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax_store_set_backend(S, (sepax_backend)b), SEPAX_OK);
        bad_pairs_on((sepax_backend)b);
    }
}

static void bad_pairs_on(sepax_backend backend)
{
    enum { N = 600 };
    const char *name = sepax_backend_name(backend);
    sepax_pair pairs[N];
    memcpy(pairs, C.pairs, sizeof pairs);
    const uint32_t limit = sepax_store_slot_limit(S);
    struct {
        sepax_pair p;
        sepax_status want;
        const char *what;
    } bad[] = {
        {{C.pairs[0].a, limit}, SEPAX_ERR_BAD_ID, "b past the slots"},
        {{limit + 5, C.pairs[0].b}, SEPAX_ERR_BAD_ID, "a past the slots"},
        {{0xFFFFFFFFu, C.pairs[0].b}, SEPAX_ERR_BAD_ID, "all-ones id"},
        {{removed_id, C.pairs[0].b}, SEPAX_ERR_STALE_ID, "a removed"},
        {{C.pairs[0].a, removed_id}, SEPAX_ERR_STALE_ID, "b removed"},
        {{C.pairs[0].a + (1u << 24), C.pairs[0].b}, SEPAX_ERR_STALE_ID, "wrong generation"},
        {{C.pairs[0].a, C.pairs[0].a}, SEPAX_ERR_BAD_PAIR, "a == b"},
    };
    const size_t where[] = {0, 1, 3, 4, 31, 255, 256, 511, 512, N - 2, N - 1};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        for (size_t w = 0; w < sizeof where / sizeof where[0]; w++) {
            sepax_pair in[N];
            memcpy(in, pairs, sizeof in);
            in[where[w]] = bad[k].p;
            sepax_result out[N];
            memset(out, SENTINEL, sizeof out);
            size_t bad_index = 999;
            sepax_status st = sepax_collide(S, in, N, out, &bad_index);
            cr_assert_eq(st, bad[k].want, "%s: %s at %zu: %s", name, bad[k].what, where[w],
                         sepax_status_string(st));
            cr_assert_eq(bad_index, where[w], "%s: %s at %zu: bad_index %zu", name, bad[k].what,
                         where[w], bad_index);
            cr_assert(untouched(out, sizeof out), "%s at %zu: results were written",
                      bad[k].what, where[w]);
            /* NULL bad_index is allowed. */
            cr_assert_eq(sepax_collide(S, in, N, out, NULL), bad[k].want);
            cr_assert(untouched(out, sizeof out));

            sepax_hit hits[N];
            memset(hits, SENTINEL, sizeof hits);
            size_t hit_count = 0;
            bad_index = 999;
            st = sepax_collide_hits(S, in, N, hits, N, &hit_count, &bad_index);
            cr_assert_eq(st, bad[k].want, "hits, %s at %zu: %s", bad[k].what, where[w],
                         sepax_status_string(st));
            cr_assert_eq(bad_index, where[w]);
            cr_assert(untouched(hits, sizeof hits), "hits, %s at %zu: hits were written",
                      bad[k].what, where[w]);
        }
    }
}

Test(collide, first_bad_pair_is_named)
{
    enum { N = 40 };
    sepax_pair in[N];
    memcpy(in, C.pairs, sizeof in);
    in[30].b = removed_id;
    in[12].a = in[12].b;
    in[20].a = 0xFFFFFFu;
    sepax_result out[N];
    size_t bad_index = 0;
    cr_assert_eq(sepax_collide(S, in, N, out, &bad_index), SEPAX_ERR_BAD_PAIR);
    cr_assert_eq(bad_index, 12u);
}

Test(collide, null_arguments)
{
    sepax_result out[4];
    sepax_hit hits[4];
    size_t n = 0;
    cr_assert_eq(sepax_collide(NULL, C.pairs, 4, out, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide(S, NULL, 4, out, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide(S, C.pairs, 4, NULL, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide_hits(NULL, C.pairs, 4, hits, 4, &n, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide_hits(S, NULL, 4, hits, 4, &n, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide_hits(S, C.pairs, 4, hits, 4, NULL, NULL), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_collide_hits(S, C.pairs, 4, NULL, 4, &n, NULL), SEPAX_ERR_NULL);
}

Test(collide, zero_pairs)
{
    sepax_result out[2];
    memset(out, SENTINEL, sizeof out);
    cr_assert_eq(sepax_collide(S, C.pairs, 0, out, NULL), SEPAX_OK);
    cr_assert(untouched(out, sizeof out));
    sepax_hit hits[2];
    memset(hits, SENTINEL, sizeof hits);
    size_t n = 77;
    cr_assert_eq(sepax_collide_hits(S, C.pairs, 0, hits, 2, &n, NULL), SEPAX_OK);
    cr_assert_eq(n, 0u);
    cr_assert(untouched(hits, sizeof hits));
    n = 77;
    cr_assert_eq(sepax_collide_hits(S, C.pairs, 0, NULL, 0, &n, NULL), SEPAX_OK);
    cr_assert_eq(n, 0u);
}

Test(collide, hits_are_the_full_results_filtered)
{
    const size_t n = C.count;
    sepax_result *res = malloc(n * sizeof *res);
    sepax_hit *hits = malloc((n + 1) * sizeof *hits);
    cr_assert(res && hits);
    full(C.pairs, n, res);
    size_t want = 0;
    for (size_t i = 0; i < n; i++)
        want += (res[i].flags & SEPAX_HIT) != 0;
    cr_assert(want > 0 && want < n, "the cases should give hits and misses (%zu of %zu)", want,
              n);

    memset(hits, SENTINEL, (n + 1) * sizeof *hits);
    size_t got = 0;
    cr_assert_eq(sepax_collide_hits(S, C.pairs, n, hits, n, &got, NULL), SEPAX_OK);
    cr_assert_eq(got, want);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!(res[i].flags & SEPAX_HIT))
            continue;
        cr_assert_eq(hits[k].pair, i, "hit %zu names pair %u, expected %zu", k, hits[k].pair, i);
        cr_assert(memcmp(&hits[k].result, &res[i], sizeof res[i]) == 0,
                  "hit %zu differs from the full result of pair %zu", k, i);
        k++;
    }
    cr_assert(untouched(hits + want, (n + 1 - want) * sizeof *hits),
              "entries past the hit count were written");
    free(res);
    free(hits);
}

Test(collide, capacity)
{
    const size_t n = 600;
    sepax_result res[600];
    full(C.pairs, n, res);
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += (res[i].flags & SEPAX_HIT) != 0;
    cr_assert(total > 10);
    sepax_hit ref[600];
    size_t got = 0;
    cr_assert_eq(sepax_collide_hits(S, C.pairs, n, ref, n, &got, NULL), SEPAX_OK);
    cr_assert_eq(got, total);

    const size_t caps[] = {0, 1, 7, total - 1, total, total + 1};
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
        size_t cap = caps[c];
        sepax_hit hits[601];
        memset(hits, SENTINEL, sizeof hits);
        size_t count = 12345;
        sepax_status st = sepax_collide_hits(S, C.pairs, n, hits, cap, &count, NULL);
        cr_assert_eq(st, cap < total ? SEPAX_ERR_CAPACITY : SEPAX_OK, "capacity %zu: %s", cap,
                     sepax_status_string(st));
        cr_assert_eq(count, total, "capacity %zu: count %zu, expected %zu", cap, count, total);
        size_t written = cap < total ? cap : total;
        cr_assert(memcmp(hits, ref, written * sizeof *hits) == 0,
                  "capacity %zu: the first hits differ", cap);
        cr_assert(untouched(hits + written, (601 - written) * sizeof *hits),
                  "capacity %zu: wrote past the room given", cap);
    }
    /* Asking only for the count. */
    size_t count = 0;
    cr_assert_eq(sepax_collide_hits(S, C.pairs, n, NULL, 0, &count, NULL), SEPAX_ERR_CAPACITY);
    cr_assert_eq(count, total);
}

/* Kernels work in blocks; every split of the same list must give the
 * same bytes, on every backend. */
static const size_t steps[] = {1, 2, 3, 7, 8, 15, 16, 17, 63, 64, 255, 256, 257, 1000};
#define STEPS (sizeof steps / sizeof steps[0])

static sepax_status split_compute(sepax_store *s, void *out, void *ctx)
{
    (void)ctx;
    const size_t n = C.count;
    sepax_result *part = out;
    for (size_t k = 0; k < STEPS; k++, part += n) {
        for (size_t at = 0; at < n; at += steps[k]) {
            const size_t m = n - at < steps[k] ? n - at : steps[k];
            const sepax_status st = sepax_collide(s, C.pairs + at, m, part + at, NULL);
            if (st != SEPAX_OK)
                return st;
        }
    }
    return SEPAX_OK;
}

Test(collide, batch_size_does_not_matter, .timeout = 120)
{
    const size_t n = C.count;
    sepax_result *whole = malloc(n * sizeof *whole), *parts = malloc(STEPS * n * sizeof *parts);
    cr_assert(whole && parts);
    const backends_job job = {split_compute, NULL, STEPS * n * sizeof *parts, sizeof *parts,
                              backends_describe_result, 0, parts};
    assert_backends_match_scalar(S, &job, "batches of every size");
    /* every backend gave scalar's bytes; scalar's splits give its whole
     * list's results */
    cr_assert_eq(sepax_store_set_backend(S, SEPAX_BACKEND_SCALAR), SEPAX_OK);
    full(C.pairs, n, whole);
    for (size_t k = 0; k < STEPS; k++)
        for (size_t i = 0; i < n; i++)
            cr_assert(memcmp(&parts[k * n + i], &whole[i], sizeof whole[i]) == 0,
                      "batches of %zu: pair %zu differs", steps[k], i);
    free(whole);
    free(parts);
}

Test(collide, unaligned_output_and_repeated_pairs)
{
    /* Results written through an odd offset into a buffer, and the same
     * pair many times over in one call. */
    enum { N = 100 };
    sepax_pair in[N];
    for (int i = 0; i < N; i++)
        in[i] = C.pairs[i % 3];
    sepax_result once[3];
    full(C.pairs, 3, once);
    unsigned char *raw = malloc((N + 1) * sizeof(sepax_result) + 4);
    cr_assert(raw);
    sepax_result *out = (sepax_result *)(void *)(raw + 4);
    cr_assert_eq(sepax_collide(S, in, N, out, NULL), SEPAX_OK);
    for (int i = 0; i < N; i++)
        cr_assert(memcmp(&out[i], &once[i % 3], sizeof once[0]) == 0, "copy %d differs", i);
    free(raw);
}

Test(collide, result_layout)
{
    cr_assert_eq(sizeof(sepax_result), 16u);
    cr_assert_eq(sizeof(sepax_hit), 20u);
}
