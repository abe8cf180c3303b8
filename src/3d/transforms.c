/* Placing 3D shapes: check and store transforms, then run the backend's
 * world kernel over the shapes that moved (or all of them). */
#include <math.h>

#include "store.h"
#include "validate.h"

sepax_status sepax3_set_transforms(sepax3_store *s, const sepax_shape_id *ids,
                                   const sepax3_transform *transforms, size_t count)
{
    if (!s)
        return SEPAX_ERR_NULL;
    if (count == 0)
        return SEPAX_OK;
    if (count > SIZE_MAX / sizeof *transforms)
        return SEPAX_ERR_OVERFLOW;
    if (!ids || !transforms)
        return SEPAX_ERR_NULL;
    for (size_t i = 0; i < count; i++) {
        sepax_status st = sepax3_store_check_id(s, ids[i]);
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

/* Slots a range of the split world update holds at least, and ranges
 * per worker at most. */
#define LEAST_SLOTS 2048u
#define RANGES_PER_WORKER 4u

typedef struct world_split {
    sepax3_store *s;
    sepax_cut cut;
} world_split;

static void world_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    world_split *j = context;
    size_t from, to;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    sepax3_store_update_range(j->s, (uint32_t)from, (uint32_t)to);
}

sepax_status sepax3_update_world(sepax3_store *s)
{
    if (!s)
        return SEPAX_ERR_NULL;
    if (sepax_tasks_split(&s->core.tasks, s->core.slot_limit, LEAST_SLOTS)) {
        /* a shape's update reads and writes its own records only; ranges
         * of 16 slots start the records on whole cache lines */
        world_split j = {s, sepax_cut_make(&s->core.tasks, s->core.slot_limit, 16, LEAST_SLOTS,
                                           RANGES_PER_WORKER)};
        sepax_tasks_run(&s->core.tasks, world_task, &j.cut, &j);
        return SEPAX_OK;
    }
    sepax3_store_update(s, NULL, s->core.slot_limit);
    return SEPAX_OK;
}

sepax3_transform sepax3_transform_identity(void)
{
    return SEPAX3_XF_IDENTITY;
}

sepax_quat sepax3_quat_axis_angle(sepax_vec3 axis, float angle)
{
    const double len = sqrt((double)axis.x * axis.x + (double)axis.y * axis.y +
                            (double)axis.z * axis.z);
    sepax_quat q = {1.0f, 0.0f, 0.0f, 0.0f};
    if (!(len > 0.0) || !isfinite(len) || !isfinite(angle))
        return q;
    const double h = 0.5 * angle, sn = sin(h) / len;
    q.w = (float)cos(h);
    q.x = (float)(axis.x * sn);
    q.y = (float)(axis.y * sn);
    q.z = (float)(axis.z * sn);
    return q;
}
