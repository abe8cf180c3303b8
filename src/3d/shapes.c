/* The 3D adders: validate, then build the shape's local record and hand
 * it to the store, which keeps it or leaves everything as it was. */
#include <math.h>
#include <string.h>

#include "store.h"
#include "validate.h"

sepax_status sepax3_add_box(sepax3_store *s, sepax_vec3 centre, sepax_vec3 half,
                            sepax_quat rotation, sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_check_point(centre);
    if (st == SEPAX_OK)
        st = sepax3_check_point(half);
    if (st == SEPAX_OK)
        st = sepax3_check_quat(rotation);
    if (st != SEPAX_OK)
        return st;
    if (!(half.x > 0.0f) || !(half.y > 0.0f) || !(half.z > 0.0f))
        return SEPAX_ERR_BAD_ARGUMENT;
    /* Normalised once, in double, so that the world update composes two
     * rotations of unit length and needs to normalise only the
     * transform's. */
    const double n = sqrt((double)rotation.w * rotation.w + (double)rotation.x * rotation.x +
                          (double)rotation.y * rotation.y + (double)rotation.z * rotation.z);
    float local[SEPAX3_RECORD] = {0};
    local[SEPAX3_L_C] = centre.x, local[SEPAX3_L_C + 1] = centre.y, local[SEPAX3_L_C + 2] = centre.z;
    local[SEPAX3_L_Q] = (float)(rotation.w / n);
    local[SEPAX3_L_Q + 1] = (float)(rotation.x / n);
    local[SEPAX3_L_Q + 2] = (float)(rotation.y / n);
    local[SEPAX3_L_Q + 3] = (float)(rotation.z / n);
    local[SEPAX3_L_H] = half.x, local[SEPAX3_L_H + 1] = half.y, local[SEPAX3_L_H + 2] = half.z;
    return sepax3_store_insert(s, SEPAX3_KIND_BOX, local, out_id);
}

sepax_status sepax3_add_sphere(sepax3_store *s, sepax_vec3 centre, float radius,
                               sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_check_point(centre);
    if (st != SEPAX_OK)
        return st;
    if (!isfinite(radius))
        return SEPAX_ERR_NOT_FINITE;
    if (!(radius > 0.0f))
        return SEPAX_ERR_BAD_ARGUMENT;
    if (radius > SEPAX_MAX_COORDINATE)
        return SEPAX_ERR_OUT_OF_RANGE;
    float local[SEPAX3_RECORD] = {0};
    local[SEPAX3_L_C] = centre.x, local[SEPAX3_L_C + 1] = centre.y, local[SEPAX3_L_C + 2] = centre.z;
    local[SEPAX3_L_Q] = 1.0f;
    local[SEPAX3_L_R] = radius;
    local[SEPAX3_L_SPHERE] = 1.0f;
    return sepax3_store_insert(s, SEPAX3_KIND_SPHERE, local, out_id);
}

sepax_status sepax3_shape_info(const sepax3_store *s, sepax_shape_id id, sepax3_shape_desc *out)
{
    if (!s || !out)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const uint32_t slot = SEPAX_ID_SLOT(id);
    const float *l = s->local + SEPAX3_RECORD * (size_t)slot;
    sepax3_shape_desc d;
    memset(&d, 0, sizeof d);
    d.kind = (sepax3_shape_kind)(s->kind[slot] - 1);
    d.centre = (sepax_vec3){l[SEPAX3_L_C], l[SEPAX3_L_C + 1], l[SEPAX3_L_C + 2]};
    d.half_extents = (sepax_vec3){l[SEPAX3_L_H], l[SEPAX3_L_H + 1], l[SEPAX3_L_H + 2]};
    d.rotation = (sepax_quat){l[SEPAX3_L_Q], l[SEPAX3_L_Q + 1], l[SEPAX3_L_Q + 2], l[SEPAX3_L_Q + 3]};
    d.radius = l[SEPAX3_L_R];
    *out = d;
    return SEPAX_OK;
}
