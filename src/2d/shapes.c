/* The shape adders: validate the arguments of every kind (polygons
 * through polygon_clean.c), then hand the core to the store, which keeps
 * it or leaves everything as it was. NaN or infinite values, values
 * beyond SEPAX_MAX_COORDINATE, a radius or half-extent that is not
 * positive, a segment whose ends coincide and a box that float cannot
 * hold where it stands each have their own status. */
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

/* Whether a cleaning verdict is about the outline's geometry (rather than
 * its numbers' range): for a box, whose exact outline is a rectangle, only
 * thinness or float rounding can bring one. */
static int geometry_refused(sepax_status st)
{
    return st == SEPAX_ERR_TOO_FEW_VERTICES || st == SEPAX_ERR_DEGENERATE ||
           st == SEPAX_ERR_NON_CONVEX || st == SEPAX_ERR_SELF_INTERSECTING;
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
        return SEPAX_ERR_BAD_EXTENT;
    double c = cos(angle), sn = sin(angle);
    static const double corner[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    double about[8]; /* the corners about the centre, before any rounding */
    sepax_vec2 v[4];
    for (int k = 0; k < 4; k++) {
        double x = corner[k][0] * half.x, y = corner[k][1] * half.y;
        about[2 * k] = c * x - sn * y;
        about[2 * k + 1] = sn * x + c * y;
        v[k].x = (float)(centre.x + about[2 * k]);
        v[k].y = (float)(centre.y + about[2 * k + 1]);
        /* finite numbers whose corner overflows float lie far beyond
         * SEPAX_MAX_COORDINATE: a range fault, not a NaN the caller gave */
        if (!isfinite(v[k].x) || !isfinite(v[k].y))
            return SEPAX_ERR_OUT_OF_RANGE;
    }
    sepax_vec2 kept[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n;
    const sepax_status st = sepax_polygon_clean(v, 4, kept, &n);
    if (geometry_refused(st)) {
        /* The exact box, about its own centre, says whether the box is
         * too thin for cleaning wherever it stands; if it is not, the
         * rounding of its corners where it stands refused it. */
        return sepax_polygon_verdict(about, 4) == SEPAX_OK ? SEPAX_ERR_TOO_SMALL
                                                            : SEPAX_ERR_DEGENERATE;
    }
    if (st != SEPAX_OK)
        return st;
    return sepax_store_insert(s, SEPAX_KIND_POLYGON, kept, n, 0.0f, out_id);
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
        return SEPAX_ERR_BAD_RADIUS;
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
