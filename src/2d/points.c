/* The batch point query: check every id, then hand the list to the
 * store's point kernel (src/2d/kernels/round.h holds its specification).
 * With a task system of several workers both run in ranges of queries,
 * each answer depending on its query alone. */
#include <math.h>

#include "store.h"

/* Queries a range holds at least, and ranges per worker at most (as the
 * pair calls, collide.c). */
#define LEAST_QUERIES 4096u
#define RANGES_PER_WORKER 4u

/* SEPAX_OK, or the status of the first bad query of n, named in *at. */
static sepax_status check_queries(const sepax_store *s, const sepax_point_query *queries,
                                  size_t n, size_t *at)
{
    for (size_t i = 0; i < n; i++) {
        sepax_status st = SEPAX_ERR_NOT_FINITE;
        if (isfinite(queries[i].point.x) && isfinite(queries[i].point.y))
            st = sepax_store_check_id(s, queries[i].shape);
        if (st != SEPAX_OK) {
            *at = i;
            return st;
        }
    }
    return SEPAX_OK;
}

typedef struct split {
    const sepax_store *s;
    sepax_columns cols;
    const sepax_point_query *queries;
    uint8_t *inside;
    sepax_cut cut;
    _Atomic size_t bad; /* lowest bad query found, count if none */
} split;

static void check_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    size_t from, to, at = 0;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    if (from < sepax_lowest_get(&j->bad) &&
        check_queries(j->s, j->queries + from, to - from, &at) != SEPAX_OK)
        sepax_lowest_put(&j->bad, from + at);
}

static void points_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    size_t from, to;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    j->s->kernels->points(&j->cols, j->queries + from, to - from, j->inside + from);
}

sepax_status sepax_query_points(const sepax_store *s, const sepax_point_query *queries,
                                size_t count, uint8_t *inside, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    if (count == 0)
        return SEPAX_OK;
    if (count > SIZE_MAX / sizeof *queries)
        return SEPAX_ERR_OVERFLOW;
    if (!queries || !inside)
        return SEPAX_ERR_NULL;
    if (sepax_tasks_split(&s->core.tasks, count, LEAST_QUERIES)) {
        /* every query checked before any answer is written, as on one
         * thread; 64 answers are one cache line */
        split j;
        j.s = s;
        j.cols = sepax_store_columns(s);
        j.queries = queries;
        j.inside = inside;
        j.cut = sepax_cut_make(&s->core.tasks, count, 64, LEAST_QUERIES, RANGES_PER_WORKER);
        atomic_init(&j.bad, count);
        sepax_tasks_run(&s->core.tasks, check_task, &j.cut, &j);
        const size_t bad = sepax_lowest_get(&j.bad);
        if (bad < count) {
            if (bad_index)
                *bad_index = bad;
            size_t at;
            return check_queries(s, queries + bad, 1, &at);
        }
        sepax_tasks_run(&s->core.tasks, points_task, &j.cut, &j);
        return SEPAX_OK;
    }
    size_t at = 0;
    const sepax_status st = check_queries(s, queries, count, &at);
    if (st != SEPAX_OK) {
        if (bad_index)
            *bad_index = at;
        return st;
    }
    const sepax_columns cols = sepax_store_columns(s);
    s->kernels->points(&cols, queries, count, inside);
    return SEPAX_OK;
}
