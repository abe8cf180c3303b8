/* The batch point query: check every id, then hand the list to the
 * store's point kernel (src/kernels/round.h holds its specification). */
#include <math.h>

#include "store.h"

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
    for (size_t i = 0; i < count; i++) {
        if (!isfinite(queries[i].point.x) || !isfinite(queries[i].point.y)) {
            if (bad_index)
                *bad_index = i;
            return SEPAX_ERR_NOT_FINITE;
        }
        const sepax_status st = sepax_store_check_id(s, queries[i].shape);
        if (st != SEPAX_OK) {
            if (bad_index)
                *bad_index = i;
            return st;
        }
    }
    const sepax_columns cols = sepax_store_columns(s);
    s->kernels->points(&cols, queries, count, inside);
    return SEPAX_OK;
}
