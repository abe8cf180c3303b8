/* The batch point query: check every id, then hand the list to the
 * store's point kernel (src/2d/kernels/round.h holds its specification),
 * on one thread or in ranges across the caller's workers
 * (common/batch.h), each answer depending on its query alone. */
#include <stddef.h>

#include "common/batch.h"
#include "store.h"

typedef struct call {
    sepax_query_call head; /* first: what the checks read */
    const sepax_store *s;
    sepax_columns cols;
    const sepax_point_query *queries;
    uint8_t *inside;
} call;

static void points_range(const void *context, size_t from, size_t to)
{
    const call *c = context;
    c->s->kernels->points(&c->cols, c->queries + from, to - from, c->inside + from);
}

sepax_status sepax_query_points(const sepax_store *s, const sepax_point_query *queries,
                                size_t count, uint8_t *inside, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_status st = sepax_list_check(count, sizeof *queries, !queries || !inside);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, (const unsigned char *)queries, sizeof *queries,
                     offsetof(sepax_point_query, shape), 2},
                    s, sepax_store_columns(s), queries, inside};
    /* 64 answers are one cache line */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 64,
                           .check = sepax_batch_check_queries,
                           .run = points_range, .context = &c};
    return sepax_batch_run(&b, bad_index);
}
