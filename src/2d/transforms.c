/* Placing shapes: check and store transforms, then run the backend's
 * world kernel over the shapes that moved (or all of them). */
#include <math.h>

#include "common/batch.h"
#include "common/motion.h"
#include "store.h"

static sepax_status transform_check(const sepax_transform *t)
{
    if (!isfinite(t->p.x) || !isfinite(t->p.y) || !isfinite(t->q.c) || !isfinite(t->q.s))
        return SEPAX_ERR_NOT_FINITE;
    if (fabsf(t->p.x) > SEPAX_MAX_COORDINATE || fabsf(t->p.y) > SEPAX_MAX_COORDINATE)
        return SEPAX_ERR_OUT_OF_RANGE;
    float len2 = t->q.c * t->q.c + t->q.s * t->q.s;
    return fabsf(len2 - 1.0f) <= SEPAX_ROTATION_TOLERANCE ? SEPAX_OK : SEPAX_ERR_BAD_TRANSFORM;
}

sepax_status sepax_set_transforms(sepax_store *s, const sepax_shape_id *ids,
                                  const sepax_transform *transforms, size_t count)
{
    if (!s)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_list_check(count, sizeof *transforms, !ids || !transforms);
    if (st != SEPAX_OK || count == 0)
        return st;
    for (size_t i = 0; i < count; i++) {
        st = sepax_store_check_id(s, ids[i]);
        if (st == SEPAX_OK)
            st = transform_check(&transforms[i]);
        if (st != SEPAX_OK)
            return st;
    }
    /* the world kernel takes rows: a stack-sized list of them at a time */
    const int track = sepax_motion_on(&s->core);
    uint32_t rows[256];
    for (size_t base = 0; base < count; base += 256) {
        const size_t n = count - base < 256 ? count - base : 256;
        for (size_t i = 0; i < n; i++) {
            rows[i] = sepax_store_row(s, ids[base + i]);
            const sepax_transform *was = &s->xf[rows[i]], *t = &transforms[base + i];
            /* the rotation [c -s; s c] changes by a matrix of the same
             * form, whose norm is the length of (dc, ds) */
            if (track) {
                const double dx = (double)t->p.x - was->p.x, dy = (double)t->p.y - was->p.y;
                const double dc = (double)t->q.c - was->q.c, ds = (double)t->q.s - was->q.s;
                sepax_motion_add(s->core.motion + SEPAX_ID_SLOT(ids[base + i]),
                                 sqrt(dx * dx + dy * dy), sqrt(dc * dc + ds * ds));
            }
            s->xf[rows[i]] = *t;
        }
        sepax_store_update_rows(s, rows, n);
    }
    return SEPAX_OK;
}

static void update_range(const void *context, size_t from, size_t to)
{
    sepax_store_update_range((sepax_store *)context, (uint32_t)from, (uint32_t)to);
}

sepax_status sepax_update_world(sepax_store *s)
{
    if (!s)
        return SEPAX_ERR_NULL;
    /* Rows in order: the pool holds their regions in the same order (but
     * for shapes added since it was last laid out or compacted), so the
     * update writes the pool front to back whatever the layout. A shape's
     * update reads and writes its own row and pool region only; ranges of
     * 64 rows keep the per-row arrays' cache lines (and the kernels'
     * groups of four) whole, and of 2,048 rows at least pay for the
     * hand-over. */
    const sepax_batch b = {.core = &s->core, .count = s->core.slot_limit, .unit = 64,
                           .run = update_range, .context = s, .least = 2048};
    return sepax_batch_run(&b, NULL);
}

sepax_transform sepax_transform_identity(void)
{
    return SEPAX_XF_IDENTITY;
}

sepax_transform sepax_transform_make(float x, float y, float angle)
{
    sepax_transform t = {{x, y}, {(float)cos(angle), (float)sin(angle)}};
    return t;
}
