/* sepax3_query_points: check every query, then test each point against its
 * shape in the shape's frame. One scalar routine serves every backend, so
 * the answers are the same on all of them by construction (the test is a
 * few dot products per query; the ids dominate).
 *
 *   box:     p = axes^T (x - c);  inside when |p[k]| <= h[k] for every k
 *   sphere:  inside when |x - c|^2 <= r^2
 *   hull:    p as for a box; inside when n.p - d <= 0 for every face
 *   capsule: p as for a box; inside when p's squared distance to the
 *            segment (-h0, 0, 0)-(h0, 0, 0) is <= r^2 */
#include <math.h>
#include <stddef.h>

#include "kernels/hull3.h"
#include "kernels/segment3.h"
#include "common/batch.h"
#include "store.h"

static int inside(const sepax3_store *s, uint32_t slot, sepax3_vec x)
{
    const float *w = s->world + SEPAX3_RECORD * (size_t)slot;
    const float d[3] = {x.x - w[SEPAX3_W_C], x.y - w[SEPAX3_W_C + 1], x.z - w[SEPAX3_W_C + 2]};
    const int kind = s->kind[slot];
    if (kind == SEPAX3_KIND_SPHERE) {
        const float r = w[SEPAX3_W_R];
        return (d[0] * d[0] + d[1] * d[1]) + d[2] * d[2] <= r * r;
    }
    float p[3];
    for (int k = 0; k < 3; k++)
        p[k] = seg3_dot(w + SEPAX3_W_A + 3 * k, d);
    if (kind == SEPAX3_KIND_CAPSULE) {
        const float h = w[SEPAX3_W_H], r = w[SEPAX3_W_R];
        const float e0[3] = {-h, 0.0f, 0.0f}, e1[3] = {h, 0.0f, 0.0f};
        return seg3_point(p, e0, e1) <= r * r;
    }
    if (kind == SEPAX3_KIND_HULL) {
        const poly3 P = poly3_of(s->pool + s->pool_at[slot]);
        for (uint32_t f = 0; f < P.nf; f++)
            if (!(P.nx[f] * p[0] + P.ny[f] * p[1] + P.nz[f] * p[2] - P.d[f] <= 0.0f))
                return 0;
        return 1;
    }
    for (int k = 0; k < 3; k++)
        if (!((p[k] < 0.0f ? -p[k] : p[k]) <= w[SEPAX3_W_H + k]))
            return 0;
    return 1;
}

typedef struct call {
    sepax_query_call head; /* first: what the checks read */
    const sepax3_store *s;
    const sepax3_point_query *queries;
    uint8_t *out;
} call;

static void points_range(const void *context, size_t from, size_t to)
{
    const call *c = context;
    for (size_t i = from; i < to; i++)
        c->out[i] = (uint8_t)inside(c->s, SEPAX_ID_SLOT(c->queries[i].shape), c->queries[i].point);
}

sepax_status sepax3_query_points(const sepax3_store *s, const sepax3_point_query *queries,
                                 size_t count, uint8_t *out, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_status st = sepax_list_check(count, sizeof *queries, !queries || !out);
    if (st != SEPAX_OK)
        return st;
    const call c = {{&s->core, (const unsigned char *)queries, sizeof *queries,
                     offsetof(sepax3_point_query, shape), 3},
                    s, queries, out};
    /* 64 answers are one cache line */
    const sepax_batch b = {.core = &s->core, .count = count, .unit = 64,
                           .check = sepax_batch_check_queries,
                           .run = points_range, .context = &c};
    return sepax_batch_run(&b, bad_index);
}
