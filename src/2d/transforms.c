/* Placing shapes: check and store transforms, then run the backend's
 * world kernel over the shapes that moved (or all of them). */
#include <math.h>

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
    if (count == 0)
        return SEPAX_OK;
    if (count > SIZE_MAX / sizeof *transforms)
        return SEPAX_ERR_OVERFLOW;
    if (!ids || !transforms)
        return SEPAX_ERR_NULL;
    for (size_t i = 0; i < count; i++) {
        sepax_status st = sepax_store_check_id(s, ids[i]);
        if (st == SEPAX_OK)
            st = transform_check(&transforms[i]);
        if (st != SEPAX_OK)
            return st;
    }
    for (size_t i = 0; i < count; i++)
        s->xf[SEPAX_ID_SLOT(ids[i])] = transforms[i];
    sepax_store_update_slots(s, ids, count);
    return SEPAX_OK;
}

sepax_status sepax_update_world(sepax_store *s)
{
    if (!s)
        return SEPAX_ERR_NULL;
    sepax_store_update_slots(s, NULL, s->slot_limit);
    return SEPAX_OK;
}

sepax_transform sepax_transform_identity(void)
{
    sepax_transform t = {{0.0f, 0.0f}, {1.0f, 0.0f}};
    return t;
}

sepax_transform sepax_transform_make(float x, float y, float angle)
{
    sepax_transform t = {{x, y}, {(float)cos(angle), (float)sin(angle)}};
    return t;
}
