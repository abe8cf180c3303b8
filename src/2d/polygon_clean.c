/* Polygon validation and cleaning: the only door into the store, so every
 * polygon a kernel sees is finite, convex, counter-clockwise and free of
 * repeated or collinear vertices.
 *
 * All geometry here is in double: the inputs are floats, so their
 * differences and cross products are exact or nearly so, and the verdicts do
 * not depend on float rounding. */
#include <math.h>
#include <string.h>

#include "store.h"

typedef struct dvec {
    double x, y;
} dvec;

static double cross3(dvec a, dvec b, dvec c)
{
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

static double dist(dvec a, dvec b)
{
    return hypot(a.x - b.x, a.y - b.y);
}

static void remove_at(dvec *p, uint32_t *m, uint32_t i)
{
    memmove(p + i, p + i + 1, (size_t)(*m - i - 1) * sizeof *p);
    (*m)--;
}

/* Merge each vertex into the previous kept one when they are closer than
 * tol, the closing vertex included. Returns whether anything changed. */
static int merge_repeated(dvec *p, uint32_t *m, double tol)
{
    int changed = 0;
    uint32_t i = 1;
    while (i < *m) {
        if (dist(p[i], p[i - 1]) <= tol) {
            remove_at(p, m, i);
            changed = 1;
        } else {
            i++;
        }
    }
    while (*m > 1 && dist(p[*m - 1], p[0]) <= tol) {
        (*m)--;
        changed = 1;
    }
    return changed;
}

/* Drop the first vertex lying within tol of the line through its
 * neighbours. One at a time, because each removal changes the lines of the
 * vertices beside it. */
static int drop_one_collinear(dvec *p, uint32_t *m, double tol)
{
    for (uint32_t i = 0; i < *m && *m >= 3; i++) {
        dvec a = p[(i + *m - 1) % *m], b = p[i], c = p[(i + 1) % *m];
        double base = dist(a, c);
        /* A spike folding back onto its neighbour has no line to measure
         * against; it is degenerate in the same way. */
        if (base <= tol || fabs(cross3(a, c, b)) <= tol * base) {
            remove_at(p, m, i);
            return 1;
        }
    }
    return 0;
}

static int segments_cross(dvec a, dvec b, dvec c, dvec d)
{
    double d1 = cross3(a, b, c), d2 = cross3(a, b, d);
    double d3 = cross3(c, d, a), d4 = cross3(c, d, b);
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

static int any_edges_cross(const dvec *p, uint32_t m)
{
    for (uint32_t i = 0; i < m; i++) {
        for (uint32_t j = i + 2; j < m; j++) {
            if (i == 0 && j == m - 1)
                continue; /* adjacent through the closing edge */
            if (segments_cross(p[i], p[(i + 1) % m], p[j], p[(j + 1) % m]))
                return 1;
        }
    }
    return 0;
}

/* The verdict on m points in any winding, from the merge on; p ends
 * counter-clockwise and *out_m holds what is kept. The bounding box's
 * diagonal sets the tolerance, so that the verdict depends on the shape
 * and not on where it stands. */
static sepax_status clean_points(dvec *p, uint32_t m, uint32_t *out_m)
{
    double lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY, hi_y = -INFINITY;
    for (uint32_t i = 0; i < m; i++) {
        lo_x = fmin(lo_x, p[i].x);
        lo_y = fmin(lo_y, p[i].y);
        hi_x = fmax(hi_x, p[i].x);
        hi_y = fmax(hi_y, p[i].y);
    }
    double tol = SEPAX_CLEAN_TOLERANCE * hypot(hi_x - lo_x, hi_y - lo_y);

    merge_repeated(p, &m, tol);
    if (m < 3)
        return SEPAX_ERR_TOO_FEW_VERTICES;
    while (m >= 3 && drop_one_collinear(p, &m, tol))
        merge_repeated(p, &m, tol);
    if (m < 3)
        return SEPAX_ERR_DEGENERATE;
    if (m > SEPAX_MAX_POLYGON_VERTICES)
        return SEPAX_ERR_TOO_MANY_VERTICES;
    if (any_edges_cross(p, m))
        return SEPAX_ERR_SELF_INTERSECTING;

    double area2 = 0.0;
    for (uint32_t i = 1; i + 1 < m; i++)
        area2 += cross3(p[0], p[i], p[i + 1]);
    if (!(fabs(area2) > 0.0))
        return SEPAX_ERR_DEGENERATE;
    if (area2 < 0.0) {
        for (uint32_t i = 0, j = m - 1; i < j; i++, j--) {
            dvec t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
    }

    /* Every corner must turn left, and the outline must turn once in all:
     * all-left corners that turn twice (a pentagram) cross themselves. */
    double turning = 0.0;
    for (uint32_t i = 0; i < m; i++) {
        dvec a = p[i], b = p[(i + 1) % m], c = p[(i + 2) % m];
        double ex = b.x - a.x, ey = b.y - a.y, fx = c.x - b.x, fy = c.y - b.y;
        double cr = ex * fy - ey * fx;
        if (!(cr > 0.0))
            return SEPAX_ERR_NON_CONVEX;
        turning += atan2(cr, ex * fx + ey * fy);
    }
    if (turning > 3.0 * 3.14159265358979323846)
        return SEPAX_ERR_SELF_INTERSECTING;
    *out_m = m;
    return SEPAX_OK;
}

sepax_status sepax_polygon_clean(const sepax_vec2 *in, size_t n, sepax_vec2 *out, uint32_t *out_n)
{
    if (!in || !out || !out_n)
        return SEPAX_ERR_NULL;
    if (n < 3)
        return SEPAX_ERR_TOO_FEW_VERTICES;
    if (n > SEPAX_MAX_INPUT_VERTICES)
        return SEPAX_ERR_TOO_MANY_VERTICES;

    dvec p[SEPAX_MAX_INPUT_VERTICES];
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(in[i].x) || !isfinite(in[i].y))
            return SEPAX_ERR_NOT_FINITE;
        if (fabsf(in[i].x) > SEPAX_MAX_COORDINATE || fabsf(in[i].y) > SEPAX_MAX_COORDINATE)
            return SEPAX_ERR_OUT_OF_RANGE;
        p[i].x = in[i].x;
        p[i].y = in[i].y;
    }
    uint32_t m = 0;
    const sepax_status st = clean_points(p, (uint32_t)n, &m);
    if (st != SEPAX_OK)
        return st;
    for (uint32_t i = 0; i < m; i++) {
        out[i].x = (float)p[i].x;
        out[i].y = (float)p[i].y;
    }
    *out_n = m;
    return SEPAX_OK;
}

sepax_status sepax_polygon_verdict(const double *xy, uint32_t n)
{
    dvec p[SEPAX_MAX_INPUT_VERTICES];
    if (n < 3 || n > SEPAX_MAX_INPUT_VERTICES)
        return n < 3 ? SEPAX_ERR_TOO_FEW_VERTICES : SEPAX_ERR_TOO_MANY_VERTICES;
    for (uint32_t i = 0; i < n; i++) {
        p[i].x = xy[2 * i];
        p[i].y = xy[2 * i + 1];
    }
    uint32_t m = 0;
    return clean_points(p, n, &m);
}
