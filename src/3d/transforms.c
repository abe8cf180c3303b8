/* Placing 3D shapes: check and store transforms, then run the backend's
 * world kernel over the shapes that moved (or all of them). */
#include <math.h>
#include <string.h>

#include "common/batch.h"
#include "common/motion.h"
#include "store.h"
#include "validate.h"

/* The rotation matrix the world update builds from q (w, x, y, z), in
 * double: q normalised, then world3_matrix's entries. */
static void rotation_of(const float q[4], double m[9])
{
    const double n = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] +
                          (double)q[3] * q[3]);
    const double w = q[0] / n, x = q[1] / n, y = q[2] / n, z = q[3] / n;
    const double r[9] = {1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + w * z), 2.0 * (x * z - w * y),
                         2.0 * (x * y - w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + w * x),
                         2.0 * (x * z + w * y), 2.0 * (y * z - w * x), 1.0 - 2.0 * (x * x + y * y)};
    memcpy(m, r, sizeof r);
}

/* Add the change from the stored transform x to t to the slot's motion:
 * the translation's length, and the Frobenius norm of the rotation's
 * change, which bounds its operator norm (sepax_motion_add rounds both
 * up; rounding in the matrices themselves is covered by motion.c's
 * margin at the ends, as are the world update's). */
static void add_motion(sepax_motion *m, const float *x, const sepax3_transform *t)
{
    const double dx = (double)t->p.x - x[SEPAX3_X_P], dy = (double)t->p.y - x[SEPAX3_X_P + 1],
                 dz = (double)t->p.z - x[SEPAX3_X_P + 2];
    const float q[4] = {t->q.w, t->q.x, t->q.y, t->q.z};
    double turn = 0.0;
    if (memcmp(q, x + SEPAX3_X_Q, sizeof q) != 0) {
        double a[9], b[9];
        rotation_of(x + SEPAX3_X_Q, a);
        rotation_of(q, b);
        for (int k = 0; k < 9; k++)
            turn += (b[k] - a[k]) * (b[k] - a[k]);
        turn = sqrt(turn);
    }
    sepax_motion_add(m, sqrt(dx * dx + dy * dy + dz * dz), turn);
}

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
    for (size_t i = 0; i < count; i++) {
        const uint32_t slot = SEPAX_ID_SLOT(ids[i]);
        float *x = s->xf + SEPAX3_XF * (size_t)slot;
        add_motion(s->core.motion + slot, x, &transforms[i]);
        sepax3_xf_put(x, &transforms[i]);
    }
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
