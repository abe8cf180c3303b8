/* Placing 3D shapes: check and store transforms, then run the backend's
 * world kernel over the shapes that moved (or all of them). */
#include <math.h>

#include "common/batch.h"
#include "common/motion.h"
#include "store.h"
#include "validate.h"

/* Add the change from the stored transform x to t to the slot's motion:
 * the translation's length, and the operator norm of the rotation
 * matrix's change, 2 sin(a/2) for the angle a between the two rotations
 * (the world update normalises both quaternions): with v the vector part
 * of conj(q0) q1, sin(a/2) = |v| / (|q0| |q1|), in double. sepax_motion_add
 * rounds both up; the rounding of the world update's own float matrices
 * is covered by motion.c's margin at the ends. */
static void add_motion(sepax_motion *m, const float *x, const sepax3_transform *t)
{
    const double dx = (double)t->p.x - x[SEPAX3_X_P], dy = (double)t->p.y - x[SEPAX3_X_P + 1],
                 dz = (double)t->p.z - x[SEPAX3_X_P + 2];
    const float *p = x + SEPAX3_X_Q;
    const double w0 = p[0], a0 = p[1], b0 = p[2], c0 = p[3];
    const double w1 = t->q.w, a1 = t->q.x, b1 = t->q.y, c1 = t->q.z;
    /* w0 v1 - w1 v0 - v0 x v1 */
    const double vx = w0 * a1 - w1 * a0 - (b0 * c1 - c0 * b1);
    const double vy = w0 * b1 - w1 * b0 - (c0 * a1 - a0 * c1);
    const double vz = w0 * c1 - w1 * c0 - (a0 * b1 - b0 * a1);
    const double n0 = w0 * w0 + a0 * a0 + b0 * b0 + c0 * c0;
    const double n1 = w1 * w1 + a1 * a1 + b1 * b1 + c1 * c1;
    const double turn = 2.0 * sqrt((vx * vx + vy * vy + vz * vz) / (n0 * n1));
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
    const int track = sepax_motion_on(&s->core);
    for (size_t i = 0; i < count; i++) {
        const uint32_t slot = SEPAX_ID_SLOT(ids[i]);
        float *x = s->xf + SEPAX3_XF * (size_t)slot;
        if (track)
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
    /* A non-finite input gives a quaternion of NaNs, which every call that
     * takes a rotation refuses with SEPAX_ERR_NOT_FINITE: mapping it to the
     * identity would place the shape unrotated and report success. */
    if (!sepax3_finite(axis) || !isfinite(angle)) {
        const sepax3_quat bad = {NAN, NAN, NAN, NAN};
        return bad;
    }
    const double len = sqrt((double)axis.x * axis.x + (double)axis.y * axis.y +
                            (double)axis.z * axis.z);
    sepax3_quat q = {1.0f, 0.0f, 0.0f, 0.0f};
    if (!(len > 0.0))
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
