/* The backend checks the suites share: every available backend against
 * the scalar reference, bit for bit; backend names and the SEPAX_BACKEND
 * override; and which backends this build and this CPU must offer.
 *
 * Plain C, no Criterion, so that the self-test and the thread test can
 * use them too: each check returns what it found and says what went
 * wrong in a message, and the caller asserts. */
#ifndef SEPAX_TEST_SUPPORT_BACKENDS_H
#define SEPAX_TEST_SUPPORT_BACKENDS_H

#include <stddef.h>

#include "sepax/sepax.h"

/* The available backends other than scalar, in enum order, into out;
 * returns how many. */
size_t backends_others(sepax_backend out[SEPAX_BACKEND_COUNT]);

/* One run of whatever a test compares: write exactly job->bytes bytes to
 * out from the store as it stands. Returns SEPAX_OK or the status of the
 * call that failed. */
typedef sepax_status (*backends_compute_fn)(sepax_store *store, void *out, void *ctx);

/* Describe the first differing unit (want and got point at it) in msg. */
typedef void (*backends_describe_fn)(const void *want, const void *got, size_t unit,
                                     char *msg, size_t size, void *ctx);

typedef struct backends_job {
    backends_compute_fn compute;
    void *ctx;
    size_t bytes;   /* what one run writes */
    size_t unit;    /* differences are counted per unit of this many bytes; 0 means 1 */
    backends_describe_fn describe; /* may be NULL: the message then gives the unit */
    /* Bit (1u << backend) limits the comparison to those backends (the
     * self-test's --backend); 0 means every available one. */
    unsigned only;
    /* When not NULL, receives scalar's output (bytes), for the checks a
     * test makes on the reference itself. */
    void *want;
} backends_job;

typedef struct backends_report {
    /* The backends compared with scalar, in the order they ran; scalar
     * itself is not among them (its repeat is scalar_repeat_diffs). */
    sepax_backend ran[SEPAX_BACKEND_COUNT];
    size_t ran_count;
    size_t diffs[SEPAX_BACKEND_COUNT]; /* units differing from scalar, per entry of ran */
    size_t diff_total;
    size_t scalar_repeat_diffs; /* a second scalar run against the first */
    size_t units;               /* units per run */
    sepax_status status;        /* SEPAX_OK, or the first failed call */
    char message[2048];         /* the first failure or difference, described */
} backends_report;

/* Scalar first: set the backend, scrub and recompute the world columns
 * (so that the reference reads scalar's own world), compute; then the
 * same again as a repeat, and for every other available backend: set it,
 * scrub, sepax_update_world, compute, compare byte for byte. The store is
 * left on the backend it had, with its world recomputed. Returns 1 when
 * every run succeeded and matched scalar, else 0 (report says why). */
int backends_match_scalar(sepax_store *store, const backends_job *job, backends_report *report);

/* 1 when report->ran names exactly the available backends other than
 * scalar (as backends_others lists them, compared by name), else 0 with
 * the missing or extra one in msg. */
int backends_ran_every_one(const backends_report *report, char *msg, size_t size);

/* The commonest job: collide a list of pairs (ctx points at one of
 * these), writing count sepax_result. */
typedef struct backends_pairs {
    const sepax_pair *pairs;
    size_t count;
} backends_pairs;
sepax_status backends_compute_collide(sepax_store *store, void *out, void *ctx);

/* A describe function for units that are sepax_result. */
void backends_describe_result(const void *want, const void *got, size_t unit, char *msg,
                              size_t size, void *ctx);

/* Backend names: each is the documented one and round-trips through
 * sepax_backend_from_name; out-of-range values have none; unknown, empty,
 * padded, wrongly cased and NULL names are refused without writing the
 * output. Returns 1, or 0 with the first problem in msg. */
int backends_check_names(char *msg, size_t size);

/* Called with each store that SEPAX_BACKEND=name made, so that a suite
 * can look inside it; returns 1, or 0 with msg filled. */
typedef int (*backends_store_fn)(sepax_store *store, sepax_backend backend, char *msg,
                                 size_t size, void *ctx);

/* The SEPAX_BACKEND override: unset or empty means the best backend; each
 * available backend's name makes sepax_backend_default and a new store
 * take it; every other backend's name fails both with
 * SEPAX_ERR_UNSUPPORTED_BACKEND, unknown names with
 * SEPAX_ERR_UNKNOWN_BACKEND, leaving *out NULL; and the variable is read
 * when a store is made, not once at start-up. on_store may be NULL. The
 * variable is restored as it was found. Returns the number of backends a
 * store was made with (every available one), or -1 with msg filled. */
int backends_check_environment(backends_store_fn on_store, void *ctx, char *msg, size_t size);

/* Whether this CPU (and its OS, for the wider registers) runs the
 * backend's instructions, asked of the compiler's CPU probe rather than
 * the library's. */
int backends_cpu_runs(sepax_backend backend);

/* The backends this build compiled, a comma-separated list of names as
 * meson writes it into SEPAX_BUILT_BACKENDS: every one of them that the
 * CPU runs must be available, no other backend may be, and scalar and
 * generic must be built. Returns 1, or 0 with msg filled. */
int backends_check_built(const char *built, char *msg, size_t size);

#endif
