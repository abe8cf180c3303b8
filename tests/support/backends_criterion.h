/* support/backends.h with Criterion's assertions, for the suites. */
#ifndef SEPAX_TEST_SUPPORT_BACKENDS_CRITERION_H
#define SEPAX_TEST_SUPPORT_BACKENDS_CRITERION_H

#include <criterion/criterion.h>

#include "support/backends.h"

/* Run job on every available backend and assert that every call
 * succeeded, that every available backend ran (by name), and that each
 * wrote scalar's bytes. Returns the report, for what a suite logs. */
static inline backends_report assert_backends_match_scalar(sepax_store *store,
                                                           const backends_job *job,
                                                           const char *what)
{
    backends_report rep;
    const int same = backends_match_scalar(store, job, &rep);
    cr_assert_eq(rep.status, SEPAX_OK, "%s: %s", what, rep.message);
    char msg[256];
    cr_assert(backends_ran_every_one(&rep, msg, sizeof msg), "%s: %s", what, msg);
    sepax_backend others[SEPAX_BACKEND_COUNT];
    cr_assert_eq(rep.ran_count, backends_others(others),
                 "%s: %zu backends compared with scalar", what, rep.ran_count);
    cr_assert(same, "%s: %s", what, rep.message);
    return rep;
}

/* The same for a list of pairs: every backend gives scalar's results,
 * which land in want (count of them). */
static inline void assert_pairs_match_scalar(sepax_store *store, const sepax_pair *pairs,
                                             size_t count, sepax_result *want, const char *what)
{
    backends_pairs p = {pairs, count};
    backends_job job = {backends_compute_collide, &p, count * sizeof *want, sizeof *want,
                        backends_describe_result, 0, want};
    (void)assert_backends_match_scalar(store, &job, what);
}

#endif
