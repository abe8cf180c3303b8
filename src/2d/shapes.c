/* The shape adders: validate the arguments of every kind (polygons
 * through polygon_clean.c), then hand the core to the store, which keeps
 * it or leaves everything as it was. NaN or infinite values, values
 * beyond SEPAX_MAX_COORDINATE, a radius or half-extent that is not
 * positive and a segment whose ends coincide each have their own
 * status. */
#include <math.h>

#include "store.h"

sepax_status sepax_add_polygon(sepax_store *s, const sepax_vec2 *vertices, size_t count,
                               sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n;
    sepax_status st = sepax_polygon_clean(vertices, count, v, &n);
    if (st != SEPAX_OK)
        return st;
    return sepax_store_insert(s, SEPAX_KIND_POLYGON, v, n, 0.0f, out_id);
}

sepax_status sepax_add_box(sepax_store *s, sepax_vec2 centre, sepax_vec2 half, float angle,
                           sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    if (!isfinite(centre.x) || !isfinite(centre.y) || !isfinite(half.x) || !isfinite(half.y) ||
        !isfinite(angle))
        return SEPAX_ERR_NOT_FINITE;
    if (!(half.x > 0.0f) || !(half.y > 0.0f))
        return SEPAX_ERR_BAD_ARGUMENT;
    double c = cos(angle), sn = sin(angle);
    static const double corner[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    sepax_vec2 v[4];
    for (int k = 0; k < 4; k++) {
        double x = corner[k][0] * half.x, y = corner[k][1] * half.y;
        v[k].x = (float)(centre.x + (c * x - sn * y));
        v[k].y = (float)(centre.y + (sn * x + c * y));
    }
    return sepax_add_polygon(s, v, 4, out_id);
}

static sepax_status check_point(sepax_vec2 p)
{
    if (!isfinite(p.x) || !isfinite(p.y))
        return SEPAX_ERR_NOT_FINITE;
    if (fabsf(p.x) > SEPAX_MAX_COORDINATE || fabsf(p.y) > SEPAX_MAX_COORDINATE)
        return SEPAX_ERR_OUT_OF_RANGE;
    return SEPAX_OK;
}

static sepax_status check_radius(float r)
{
    if (!isfinite(r))
        return SEPAX_ERR_NOT_FINITE;
    if (!(r > 0.0f))
        return SEPAX_ERR_BAD_ARGUMENT;
    return r > SEPAX_MAX_COORDINATE ? SEPAX_ERR_OUT_OF_RANGE : SEPAX_OK;
}

sepax_status sepax_add_circle(sepax_store *s, sepax_vec2 centre, float radius,
                              sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    sepax_status st = check_point(centre);
    if (st == SEPAX_OK)
        st = check_radius(radius);
    if (st != SEPAX_OK)
        return st;
    return sepax_store_insert(s, SEPAX_KIND_CIRCLE, &centre, 1, radius, out_id);
}

static sepax_status add_segment_core(sepax_store *s, int kind, sepax_vec2 p1, sepax_vec2 p2,
                                     float radius, sepax_shape_id *out_id)
{
    sepax_status st = check_point(p1);
    if (st == SEPAX_OK)
        st = check_point(p2);
    if (st != SEPAX_OK)
        return st;
    if (p1.x == p2.x && p1.y == p2.y)
        return SEPAX_ERR_DEGENERATE;
    const sepax_vec2 core[2] = {p1, p2};
    return sepax_store_insert(s, kind, core, 2, radius, out_id);
}

sepax_status sepax_add_capsule(sepax_store *s, sepax_vec2 p1, sepax_vec2 p2, float radius,
                               sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    sepax_status st = check_radius(radius);
    if (st != SEPAX_OK)
        return st;
    return add_segment_core(s, SEPAX_KIND_CAPSULE, p1, p2, radius, out_id);
}

sepax_status sepax_add_segment(sepax_store *s, sepax_vec2 p1, sepax_vec2 p2,
                               sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    return add_segment_core(s, SEPAX_KIND_SEGMENT, p1, p2, 0.0f, out_id);
}

sepax_status sepax_add_rounded_polygon(sepax_store *s, const sepax_vec2 *vertices, size_t count,
                                       float radius, sepax_shape_id *out_id)
{
    if (!s || !out_id)
        return SEPAX_ERR_NULL;
    sepax_status st = check_radius(radius);
    if (st != SEPAX_OK)
        return st;
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n;
    st = sepax_polygon_clean(vertices, count, v, &n);
    if (st != SEPAX_OK)
        return st;
    return sepax_store_insert(s, SEPAX_KIND_ROUNDED, v, n, radius, out_id);
}

sepax_status sepax_shape_info(const sepax_store *s, sepax_shape_id id, sepax_shape_desc *out)
{
    if (!s || !out)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const uint32_t slot = SEPAX_ID_SLOT(id);
    const sepax_shape_desc d = {(sepax_shape_kind)(s->slot_kind[slot] - 1),
                                s->slot_radius[slot], s->slot_span[slot].count};
    *out = d;
    return SEPAX_OK;
}
