/* The 3D adders: validate, then build the shape's local record and hand
 * it to the store, which keeps it or leaves everything as it was. */
#include <math.h>
#include <string.h>

#include "hull_build.h"
#include "store.h"
#include "validate.h"

static sepax_status check_radius(float radius)
{
    if (!isfinite(radius))
        return SEPAX_ERR_NOT_FINITE;
    if (!(radius > 0.0f))
        return SEPAX_ERR_BAD_RADIUS;
    return radius > SEPAX_MAX_COORDINATE ? SEPAX_ERR_OUT_OF_RANGE : SEPAX_OK;
}

sepax_status sepax3_add_box(sepax3_store *s, sepax3_vec centre, sepax3_vec half,
                            sepax3_quat rotation, sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    /* In 2D's order (sepax_add_box): any NaN or infinity first, then a
     * half extent not above 0, then the range, so that a box with several
     * faults gets the same status in both stores. */
    if (!sepax3_finite(centre) || !sepax3_finite(half) || !isfinite(rotation.w) ||
        !isfinite(rotation.x) || !isfinite(rotation.y) || !isfinite(rotation.z))
        return SEPAX_ERR_NOT_FINITE;
    if (!(half.x > 0.0f) || !(half.y > 0.0f) || !(half.z > 0.0f))
        return SEPAX_ERR_BAD_EXTENT;
    sepax_status st = sepax3_check_point(centre);
    if (st == SEPAX_OK)
        st = sepax3_check_point(half);
    if (st == SEPAX_OK)
        st = sepax3_check_quat(rotation);
    if (st != SEPAX_OK)
        return st;
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
    return sepax3_store_insert(s, SEPAX3_KIND_BOX, local, NULL, 0, out_id);
}

sepax_status sepax3_add_sphere(sepax3_store *s, sepax3_vec centre, float radius,
                               sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_check_point(centre);
    if (st != SEPAX_OK)
        return st;
    if ((st = check_radius(radius)) != SEPAX_OK)
        return st;
    float local[SEPAX3_RECORD] = {0};
    local[SEPAX3_L_C] = centre.x, local[SEPAX3_L_C + 1] = centre.y, local[SEPAX3_L_C + 2] = centre.z;
    local[SEPAX3_L_Q] = 1.0f;
    local[SEPAX3_L_R] = radius;
    local[SEPAX3_L_SPHERE] = 1.0f;
    return sepax3_store_insert(s, SEPAX3_KIND_SPHERE, local, NULL, 0, out_id);
}

sepax_status sepax3_add_capsule(sepax3_store *s, sepax3_vec p1, sepax3_vec p2, float radius,
                                sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    /* the radius first, as sepax_add_capsule checks it */
    sepax_status st = check_radius(radius);
    if (st == SEPAX_OK)
        st = sepax3_check_point(p1);
    if (st == SEPAX_OK)
        st = sepax3_check_point(p2);
    if (st != SEPAX_OK)
        return st;
    const double d[3] = {(double)p2.x - p1.x, (double)p2.y - p1.y, (double)p2.z - p1.z};
    const double len = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    /* Distinct float ends always give a length above 0 in double; only
     * the stored half length can round to 0 (ends a few subnormals
     * apart), and that is float's limit, not the caller's segment. */
    if (!(len > 0.0))
        return SEPAX_ERR_DEGENERATE;
    if (!((float)(0.5 * len) > 0.0f))
        return SEPAX_ERR_TOO_SMALL;
    /* the shortest turn of +x onto the segment: (1 + x.u, x cross u),
     * normalised; half a turn about z when u is -x */
    const double u[3] = {d[0] / len, d[1] / len, d[2] / len};
    double q[4] = {1.0 + u[0], 0.0, -u[2], u[1]};
    if (q[0] < 1e-12)
        q[0] = 0.0, q[1] = 0.0, q[2] = 0.0, q[3] = 1.0;
    const double qn = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    float local[SEPAX3_RECORD] = {0};
    local[SEPAX3_L_C] = (float)(0.5 * ((double)p1.x + p2.x));
    local[SEPAX3_L_C + 1] = (float)(0.5 * ((double)p1.y + p2.y));
    local[SEPAX3_L_C + 2] = (float)(0.5 * ((double)p1.z + p2.z));
    for (int k = 0; k < 4; k++)
        local[SEPAX3_L_Q + k] = (float)(q[k] / qn);
    local[SEPAX3_L_H] = (float)(0.5 * len);
    local[SEPAX3_L_R] = radius;
    return sepax3_store_insert(s, SEPAX3_KIND_CAPSULE, local, NULL, 0, out_id);
}

sepax_status sepax3_add_hull(sepax3_store *s, const sepax3_vec *points, size_t count,
                             sepax_shape_id *out_id)
{
    if (!s || !out_id || !points)
        return SEPAX_ERR_NULL;
    if (count < 4)
        return SEPAX_ERR_TOO_FEW_VERTICES;
    if (count > SEPAX3_MAX_HULL_POINTS)
        return SEPAX_ERR_TOO_MANY_VERTICES;
    for (size_t i = 0; i < count; i++) {
        const sepax_status st = sepax3_check_point(points[i]);
        if (st != SEPAX_OK)
            return st;
    }
    /* all on one point: Qhull calls that an input error, it is a flat hull */
    size_t other = 1;
    while (other < count && points[other].x == points[0].x && points[other].y == points[0].y &&
           points[other].z == points[0].z)
        other++;
    if (other == count)
        return SEPAX_ERR_DEGENERATE;
    sepax3_hull_built h;
    sepax_status st = sepax3_hull_build(&s->core.alloc, points, count, &h);
    if (st != SEPAX_OK)
        return st;
    float local[SEPAX3_RECORD] = {0};
    for (int k = 0; k < 3; k++) {
        local[SEPAX3_L_C + k] = h.centre[k];
        local[SEPAX3_L_H + k] = h.half[k];
    }
    local[SEPAX3_L_Q] = 1.0f;
    st = sepax3_store_insert(s, SEPAX3_KIND_HULL, local, h.block, h.floats, out_id);
    sepax_free(&s->core.alloc, h.block);
    return st;
}

sepax_status sepax3_hull_vertices(const sepax3_store *s, sepax_shape_id id, sepax3_vec *out,
                                  size_t capacity, size_t *count)
{
    if (!s || !count || (capacity && !out))
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const uint32_t slot = SEPAX_ID_SLOT(id);
    if (s->kind[slot] != SEPAX3_KIND_HULL)
        return SEPAX_ERR_WRONG_KIND;
    const poly3 p = poly3_of(s->pool + s->pool_at[slot]);
    const float *c = s->local + SEPAX3_RECORD * (size_t)slot + SEPAX3_L_C;
    for (uint32_t i = 0; i < p.nv && i < capacity; i++)
        out[i] = (sepax3_vec){c[0] + p.vx[i], c[1] + p.vy[i], c[2] + p.vz[i]};
    *count = p.nv;
    /* no buffer at all is a question about the count, not a short one
     * (as sepax_shape_vertices answers it) */
    return out && p.nv > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
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
    d.centre = (sepax3_vec){l[SEPAX3_L_C], l[SEPAX3_L_C + 1], l[SEPAX3_L_C + 2]};
    d.half_extents = (sepax3_vec){l[SEPAX3_L_H], l[SEPAX3_L_H + 1], l[SEPAX3_L_H + 2]};
    d.rotation = (sepax3_quat){l[SEPAX3_L_Q], l[SEPAX3_L_Q + 1], l[SEPAX3_L_Q + 2], l[SEPAX3_L_Q + 3]};
    d.radius = l[SEPAX3_L_R];
    if (s->kind[slot] == SEPAX3_KIND_HULL) {
        const poly3 p = poly3_of(s->pool + s->pool_at[slot]);
        d.vertex_count = p.nv, d.face_count = p.nf, d.edge_count = p.ne;
    }
    *out = d;
    return SEPAX_OK;
}
