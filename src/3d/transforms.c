/* Placing 3D shapes: check and store transforms, then run the backend's
 * world kernel over the shapes that moved (or all of them). */
#include <math.h>

#include "common/batch.h"
#include "store.h"
#include "validate.h"

sepax_status sepax3_set_transforms(sepax3_store *s, const sepax_shape_id *ids,
                                   const sepax3_transform *transforms, size_t count)
{
    if (!s)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_list_check(count, sizeof *transforms, !ids || !transforms);
    if (st != SEPAX_OK || count == 0)
        return st;
    for (size_t i = 0; i < count; i++) {
        st = sepax3_store_check_id(s, ids[i]);
        if (st == SEPAX_OK)
            st = sepax3_check_point(transforms[i].p);
        if (st == SEPAX_OK)
            st = sepax3_check_quat(transforms[i].q);
        if (st != SEPAX_OK)
            return st;
    }
    for (size_t i = 0; i < count; i++)
        sepax3_xf_put(s->xf + SEPAX3_XF * (size_t)SEPAX_ID_SLOT(ids[i]), &transforms[i]);
    sepax3_store_update(s, ids, count);
    return SEPAX_OK;
}

static void update_range(const void *context, size_t from, size_t to)
{
    sepax3_store_update_range((sepax3_store *)context, (uint32_t)from, (uint32_t)to);
}

sepax_status sepax3_update_world(sepax3_store *s)
{
    if (!s)
        return SEPAX_ERR_NULL;
    /* A shape's update reads and writes its own records only; ranges of
     * 16 slots start the records on whole cache lines, and of 2,048 slots
     * at least pay for the hand-over. */
    const sepax_batch b = {.core = &s->core, .count = s->core.slot_limit, .unit = 16,
                           .run = update_range, .context = s, .least = 2048};
    return sepax_batch_run(&b, NULL);
}

sepax3_transform sepax3_transform_identity(void)
{
    return SEPAX3_XF_IDENTITY;
}

sepax3_quat sepax3_quat_axis_angle(sepax3_vec axis, float angle)
{
    const double len = sqrt((double)axis.x * axis.x + (double)axis.y * axis.y +
                            (double)axis.z * axis.z);
    sepax3_quat q = {1.0f, 0.0f, 0.0f, 0.0f};
    if (!(len > 0.0) || !isfinite(len) || !isfinite(angle))
        return q;
    const double h = 0.5 * angle, sn = sin(h) / len;
    q.w = (float)cos(h);
    q.x = (float)(axis.x * sn);
    q.y = (float)(axis.y * sn);
    q.z = (float)(axis.z * sn);
    return q;
}

sepax3_transform sepax3_transform_make(sepax3_vec position, sepax3_vec axis, float angle)
{
    const sepax3_transform t = {position, sepax3_quat_axis_angle(axis, angle)};
    return t;
}
