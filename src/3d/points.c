/* sepax3_query_points: check every id, then test each point against its
 * shape in the shape's frame. One scalar routine serves every backend, so
 * the answers are the same on all of them by construction (the test is a
 * few dot products per query; the ids dominate).
 *
 *   box:    p = axes^T (x - c);  inside when |p[k]| <= h[k] for every k
 *   sphere: inside when |x - c|^2 <= r^2 */
#include "store.h"

static int inside(const float *w, int sphere, sepax_vec3 x)
{
    const float d[3] = {x.x - w[SEPAX3_W_C], x.y - w[SEPAX3_W_C + 1], x.z - w[SEPAX3_W_C + 2]};
    if (sphere) {
        const float r = w[SEPAX3_W_R];
        return (d[0] * d[0] + d[1] * d[1]) + d[2] * d[2] <= r * r;
    }
    for (int k = 0; k < 3; k++) {
        const float *a = w + SEPAX3_W_A + 3 * k;
        float p = (a[0] * d[0] + a[1] * d[1]) + a[2] * d[2];
        p = p < 0.0f ? -p : p;
        if (!(p <= w[SEPAX3_W_H + k]))
            return 0;
    }
    return 1;
}

sepax_status sepax3_query_points(const sepax3_store *s, const sepax3_point_query *queries,
                                 size_t count, uint8_t *out, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    if (count == 0)
        return SEPAX_OK;
    if (count > SIZE_MAX / sizeof *queries)
        return SEPAX_ERR_OVERFLOW;
    if (!queries || !out)
        return SEPAX_ERR_NULL;
    for (size_t i = 0; i < count; i++) {
        const sepax_status st = sepax3_store_check_id(s, queries[i].shape);
        if (st != SEPAX_OK) {
            if (bad_index)
                *bad_index = i;
            return st;
        }
    }
    for (size_t i = 0; i < count; i++) {
        const uint32_t slot = SEPAX_ID_SLOT(queries[i].shape);
        out[i] = (uint8_t)inside(s->world + SEPAX3_RECORD * (size_t)slot,
                                 s->kind[slot] == SEPAX3_KIND_SPHERE, queries[i].point);
    }
    return SEPAX_OK;
}
