/* The 3D demo's picture: a cube around the scene's centre holding about
 * WINDOW_SHAPES shapes, seen obliquely (orthographic, azimuth 35 degrees,
 * elevation 30 degrees) and painted back to front, each shape filled by
 * what the active backend found for it (in a hit, contained in another,
 * neither), hulls outlined dashed, and an arrow per hit for its
 * separating vector: a window small enough, and a view oblique enough,
 * for a person to see each contact, which the whole scene seen from
 * above cannot show. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "svg3.h"

#define WINDOW_SHAPES SVG3_WINDOW_SHAPES
#define PICTURE_PIXELS 800.0
#define MARGIN_PIXELS 12.0
#define LEGEND_WIDTH 350.0
#define LEGEND_HEIGHT 352.0
#define AZIMUTH_DEGREES 35.0
#define ELEVATION_DEGREES 30.0
#define PI 3.14159265358979323846

#define COLOUR_HIT "#f2a07b"
#define COLOUR_CONTAINED "#8ab6e8"
#define COLOUR_CLEAR "#e4e4e4"
#define COLOUR_ARROW "#b00020"

/* An arrow's head is the marker's width times the stroke's; a separating
 * vector shorter than two heads is drawn at that length (svg3_arrow). */
#define ARROW_STROKE 1.3
#define ARROW_MARKER 6.0
#define MIN_ARROW (2.0 * ARROW_STROKE * ARROW_MARKER)

enum { MARK_HIT = 1, MARK_CONTAINED = 2, MARK_DRAWN = 4 };

/* Screen x is along right, screen y along up, and depth along toward
 * (from the scene to the viewer): a right-handed frame, so the picture is
 * not mirrored. */
typedef struct view3 {
    double right[3], up[3], toward[3];
    double x0, y1; /* the left and top of the drawn region, in scene units */
    double scale;  /* pixels per unit */
    double ox, oy; /* pixels before the region starts, to centre it */
} view3;

typedef struct window3 {
    double centre[3], side;
    size_t *inside; /* scene indices of the shapes drawn */
    size_t count, hits;
} window3;

typedef struct drawn {
    double depth;
    size_t index;
} drawn;

static double dot3(const double a[3], double x, double y, double z)
{
    return a[0] * x + a[1] * y + a[2] * z;
}

static void view_camera(view3 *v)
{
    const double az = AZIMUTH_DEGREES * PI / 180.0, el = ELEVATION_DEGREES * PI / 180.0;
    const double toward[3] = {cos(el) * cos(az), cos(el) * sin(az), sin(el)};
    const double right[3] = {-sin(az), cos(az), 0.0};
    const double up[3] = {-sin(el) * cos(az), -sin(el) * sin(az), cos(el)};
    memcpy(v->toward, toward, sizeof toward);
    memcpy(v->right, right, sizeof right);
    memcpy(v->up, up, sizeof up);
}

static void project(const view3 *v, double x, double y, double z, double *px, double *py)
{
    *px = v->ox + (dot3(v->right, x, y, z) - v->x0) * v->scale;
    *py = v->oy + (v->y1 - dot3(v->up, x, y, z)) * v->scale;
}

/* Per slot: in a hit, contained in another shape. Only the contained one
 * of a pair is marked so, so that the colour says which of the two it is. */
static uint8_t *svg3_marks(const demo3_state *d)
{
    uint8_t *marks = alloc_array(sepax3_store_slot_limit(d->store), 1);
    if (marks == NULL)
        return NULL;
    for (size_t i = 0; i < d->pair_count; i++) {
        const uint8_t flags = d->results[i].flags;
        if (!(flags & SEPAX_HIT))
            continue;
        const uint32_t a = SEPAX_ID_SLOT(d->pairs[i].a), b = SEPAX_ID_SLOT(d->pairs[i].b);
        marks[a] |= MARK_HIT | ((flags & SEPAX_A_IN_B) ? MARK_CONTAINED : 0);
        marks[b] |= MARK_HIT | ((flags & SEPAX_B_IN_A) ? MARK_CONTAINED : 0);
    }
    return marks;
}

static size_t count_inside(const double *centres, const uint8_t *valid, size_t n,
                           const double c[3], double side)
{
    const double half = 0.5 * side;
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += valid[i] && fabs(centres[3 * i] - c[0]) <= half &&
                 fabs(centres[3 * i + 1] - c[1]) <= half && fabs(centres[3 * i + 2] - c[2]) <= half;
    return count;
}

/* The smallest cube about the middle of the shapes' AABB centres that
 * holds WINDOW_SHAPES of those centres, found by bisection on its side
 * (the count only grows with the side); a smaller scene is drawn whole.
 * Lists the shapes inside and marks their slots MARK_DRAWN, for the
 * arrows. */
static int svg3_window(const demo3_state *d, uint8_t *marks, window3 *w)
{
    const size_t n = d->scene.shape_count;
    double *centres = alloc_array(n, 3 * sizeof *centres);
    uint8_t *valid = alloc_array(n, 1);
    if (centres == NULL || valid == NULL) {
        free(centres);
        free(valid);
        return -1;
    }
    double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    int first = 1;
    for (size_t i = 0; i < n; i++) {
        sepax3_vec a, b;
        if (sepax3_shape_aabb(d->store, d->ids[i], &a, &b) != SEPAX_OK)
            continue;
        const double c[3] = {0.5 * ((double)a.x + b.x), 0.5 * ((double)a.y + b.y),
                             0.5 * ((double)a.z + b.z)};
        for (int k = 0; k < 3; k++) {
            centres[3 * i + k] = c[k];
            if (first || c[k] < lo[k])
                lo[k] = c[k];
            if (first || c[k] > hi[k])
                hi[k] = c[k];
        }
        valid[i] = 1;
        first = 0;
    }
    double reach = 0;
    for (int k = 0; k < 3; k++) {
        w->centre[k] = 0.5 * (lo[k] + hi[k]);
        reach = hi[k] - lo[k] > reach ? hi[k] - lo[k] : reach;
    }
    /* a little over the spread, so that rounding keeps the extremes in */
    double small = 0, large = reach * (1.0 + 1e-9) + 1e-6;
    if (count_inside(centres, valid, n, w->centre, large) > WINDOW_SHAPES) {
        for (int step = 0; step < 60; step++) {
            const double mid = 0.5 * (small + large);
            if (count_inside(centres, valid, n, w->centre, mid) >= WINDOW_SHAPES)
                large = mid;
            else
                small = mid;
        }
    }
    w->side = large;
    w->count = 0;
    w->inside = alloc_array(count_inside(centres, valid, n, w->centre, w->side), sizeof *w->inside);
    if (w->inside == NULL) {
        free(centres);
        free(valid);
        return -1;
    }
    const double half = 0.5 * w->side;
    for (size_t i = 0; i < n; i++)
        if (valid[i] && fabs(centres[3 * i] - w->centre[0]) <= half &&
            fabs(centres[3 * i + 1] - w->centre[1]) <= half &&
            fabs(centres[3 * i + 2] - w->centre[2]) <= half) {
            marks[SEPAX_ID_SLOT(d->ids[i])] |= MARK_DRAWN;
            w->inside[w->count++] = i;
        }
    w->hits = 0;
    for (size_t i = 0; i < d->pair_count; i++)
        w->hits += (d->results[i].flags & SEPAX_HIT) &&
                   (marks[SEPAX_ID_SLOT(d->pairs[i].a)] & MARK_DRAWN) &&
                   (marks[SEPAX_ID_SLOT(d->pairs[i].b)] & MARK_DRAWN);
    free(centres);
    free(valid);
    return 0;
}

static void grow(double *lo_x, double *hi_x, double *lo_y, double *hi_y, double x, double y)
{
    *lo_x = x < *lo_x ? x : *lo_x;
    *hi_x = x > *hi_x ? x : *hi_x;
    *lo_y = y < *lo_y ? y : *lo_y;
    *hi_y = y > *hi_y ? y : *hi_y;
}

/* Scale and place so that the window's cube and every drawn shape's AABB
 * (which holds the shape, so its projection holds the shape's) fit the
 * picture. */
static void svg3_fit(const demo3_state *d, const window3 *w, view3 *v)
{
    v->x0 = v->y1 = v->ox = v->oy = 0;
    v->scale = 1;
    double lo_x = INFINITY, hi_x = -INFINITY, lo_y = INFINITY, hi_y = -INFINITY;
    for (int k = 0; k < 8; k++) {
        double x, y;
        const double h = 0.5 * w->side;
        project(v, w->centre[0] + (k & 1 ? h : -h), w->centre[1] + (k & 2 ? h : -h),
                w->centre[2] + (k & 4 ? h : -h), &x, &y);
        grow(&lo_x, &hi_x, &lo_y, &hi_y, x, y);
    }
    for (size_t i = 0; i < w->count; i++) {
        sepax3_vec a, b;
        if (sepax3_shape_aabb(d->store, d->ids[w->inside[i]], &a, &b) != SEPAX_OK)
            continue;
        for (int k = 0; k < 8; k++) {
            double x, y;
            project(v, k & 1 ? b.x : a.x, k & 2 ? b.y : a.y, k & 4 ? b.z : a.z, &x, &y);
            grow(&lo_x, &hi_x, &lo_y, &hi_y, x, y);
        }
    }
    /* project() above ran with y flipped: -y is the screen's up */
    const double width = hi_x - lo_x, height = hi_y - lo_y;
    const double span = width > height ? width : height;
    const double room = PICTURE_PIXELS - 2.0 * MARGIN_PIXELS;
    v->scale = span > 0 ? room / span : 1.0;
    v->x0 = lo_x;
    v->y1 = -lo_y;
    v->ox = MARGIN_PIXELS + 0.5 * (room - width * v->scale);
    v->oy = MARGIN_PIXELS + 0.5 * (room - height * v->scale);
}

/* The convex hull of the projected points (Andrew's monotone chain), as
 * indices into px, py; returns how many. */
static int hull2d(const double *px, const double *py, int m, int *hull)
{
    int order[SEPAX3_MAX_HULL_VERTICES];
    for (int k = 0; k < m; k++)
        order[k] = k;
    for (int a = 1; a < m; a++)
        for (int b = a; b > 0 && (px[order[b]] < px[order[b - 1]] ||
                                  (px[order[b]] == px[order[b - 1]] && py[order[b]] < py[order[b - 1]]));
             b--) {
            const int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    if (m < 3) {
        memcpy(hull, order, (size_t)m * sizeof *hull);
        return m;
    }
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        const int start = n;
        for (int q = 0; q < m; q++) {
            const int k = order[pass ? m - 1 - q : q];
            while (n >= start + 2) {
                const int u = hull[n - 2], w = hull[n - 1];
                if ((px[w] - px[u]) * (py[k] - py[u]) - (py[w] - py[u]) * (px[k] - px[u]) > 0)
                    break;
                n--;
            }
            hull[n++] = k;
        }
        n--; /* the last point starts the other chain */
    }
    return n;
}

/* A capsule projects to the projected segment grown by its radius: two
 * half circles joined by straight sides. */
static void svg3_capsule(FILE *out, const view3 *v, const sepax3_world_shape *w, const char *fill)
{
    const double h = w->half_extents.x, r = w->radius * v->scale;
    double ax, ay, bx, by;
    project(v, w->centre.x - h * w->axis[0].x, w->centre.y - h * w->axis[0].y,
            w->centre.z - h * w->axis[0].z, &ax, &ay);
    project(v, w->centre.x + h * w->axis[0].x, w->centre.y + h * w->axis[0].y,
            w->centre.z + h * w->axis[0].z, &bx, &by);
    const double length = hypot(bx - ax, by - ay);
    if (!(length > 0.05)) {
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n", ax, ay, r, fill);
        return;
    }
    const double nx = -(by - ay) / length * r, ny = (bx - ax) / length * r;
    /* both ends turn the same way round, away from the other end */
    fprintf(out,
            "<path d=\"M%.1f,%.1f L%.1f,%.1f A%.1f,%.1f 0 0 0 %.1f,%.1f L%.1f,%.1f "
            "A%.1f,%.1f 0 0 0 %.1f,%.1f Z\" fill=\"%s\"/>\n",
            ax + nx, ay + ny, bx + nx, by + ny, r, r, bx - nx, by - ny, ax - nx, ay - ny, r, r,
            ax + nx, ay + ny, fill);
}

/* A box's eight corners or a hull's vertices, projected, outlined by
 * their 2D convex hull. */
static void svg3_polyhedron(FILE *out, const demo3_state *d, sepax_shape_id id, const view3 *v,
                            const sepax3_world_shape *w, const sepax3_shape_desc *desc,
                            const char *fill)
{
    double px[SEPAX3_MAX_HULL_VERTICES], py[SEPAX3_MAX_HULL_VERTICES];
    int m = 0;
    if (desc->kind == SEPAX3_SHAPE_HULL) {
        sepax3_vec vertices[SEPAX3_MAX_HULL_VERTICES];
        size_t count = 0;
        if (sepax3_hull_vertices(d->store, id, vertices, SEPAX3_MAX_HULL_VERTICES, &count) != SEPAX_OK)
            return;
        for (size_t k = 0; k < count; k++) {
            /* about the centre, along the world axes */
            const double l[3] = {(double)vertices[k].x - desc->centre.x,
                                 (double)vertices[k].y - desc->centre.y,
                                 (double)vertices[k].z - desc->centre.z};
            const double p[3] = {
                w->centre.x + l[0] * w->axis[0].x + l[1] * w->axis[1].x + l[2] * w->axis[2].x,
                w->centre.y + l[0] * w->axis[0].y + l[1] * w->axis[1].y + l[2] * w->axis[2].y,
                w->centre.z + l[0] * w->axis[0].z + l[1] * w->axis[1].z + l[2] * w->axis[2].z};
            project(v, p[0], p[1], p[2], &px[m], &py[m]);
            m++;
        }
    } else {
        const double e[3] = {w->half_extents.x, w->half_extents.y, w->half_extents.z};
        for (; m < 8; m++) {
            double p[3] = {w->centre.x, w->centre.y, w->centre.z};
            for (int j = 0; j < 3; j++) {
                const double sign = (m >> j) & 1 ? 1.0 : -1.0;
                p[0] += sign * e[j] * w->axis[j].x;
                p[1] += sign * e[j] * w->axis[j].y;
                p[2] += sign * e[j] * w->axis[j].z;
            }
            project(v, p[0], p[1], p[2], &px[m], &py[m]);
        }
    }
    int hull[2 * SEPAX3_MAX_HULL_VERTICES];
    const int n = hull2d(px, py, m, hull);
    fputs("<polygon points=\"", out);
    for (int k = 0; k < n; k++)
        fprintf(out, "%s%.1f,%.1f", k ? " " : "", px[hull[k]], py[hull[k]]);
    fprintf(out, "\" fill=\"%s\"%s/>\n", fill,
            desc->kind == SEPAX3_SHAPE_HULL ? " stroke-dasharray=\"3,2\"" : "");
}

static void svg3_shape(FILE *out, const demo3_state *d, sepax_shape_id id, uint8_t mark,
                       const view3 *v)
{
    sepax3_world_shape w;
    sepax3_shape_desc desc;
    if (sepax3_shape_world(d->store, id, &w) != SEPAX_OK ||
        sepax3_shape_info(d->store, id, &desc) != SEPAX_OK)
        return;
    const char *fill = (mark & MARK_CONTAINED) ? COLOUR_CONTAINED
                       : (mark & MARK_HIT)     ? COLOUR_HIT
                                               : COLOUR_CLEAR;
    if (desc.kind == SEPAX3_SHAPE_SPHERE) {
        double x, y;
        project(v, w.centre.x, w.centre.y, w.centre.z, &x, &y);
        /* an orthographic view keeps a sphere's radius */
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n", x, y,
                w.radius * v->scale, fill);
    } else if (desc.kind == SEPAX3_SHAPE_CAPSULE) {
        svg3_capsule(out, v, &w, fill);
    } else {
        svg3_polyhedron(out, d, id, v, &w, &desc, fill);
    }
}

static int by_depth(const void *a, const void *b)
{
    const drawn *x = a, *y = b;
    if (x->depth != y->depth)
        return x->depth < y->depth ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The window's cube, behind everything, so that the reader sees the
 * region the shapes were chosen from and which way is up. */
static void svg3_cube(FILE *out, const view3 *v, const window3 *w)
{
    static const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3},
                                     {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    const double h = 0.5 * w->side;
    double x[8], y[8];
    for (int k = 0; k < 8; k++)
        project(v, w->centre[0] + (k & 1 ? h : -h), w->centre[1] + (k & 2 ? h : -h),
                w->centre[2] + (k & 4 ? h : -h), &x[k], &y[k]);
    fputs("<g id=\"window\" clip-path=\"url(#picture-clip)\" stroke=\"#aaa\" "
          "stroke-width=\"1\">\n", out);
    for (int e = 0; e < 12; e++)
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", x[edges[e][0]],
                y[edges[e][0]], x[edges[e][1]], y[edges[e][1]]);
    fputs("</g>\n", out);
}

/* Painter's algorithm: the farthest centres first, so that nearer shapes
 * cover them as they would in the scene. */
static int svg3_shapes(FILE *out, const demo3_state *d, const uint8_t *marks, const view3 *v,
                       const window3 *w)
{
    drawn *list = alloc_array(w->count, sizeof *list);
    if (list == NULL)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < w->count; i++) {
        sepax3_world_shape s;
        if (sepax3_shape_world(d->store, d->ids[w->inside[i]], &s) != SEPAX_OK)
            continue;
        list[n].depth = dot3(v->toward, s.centre.x, s.centre.y, s.centre.z);
        list[n].index = w->inside[i];
        n++;
    }
    qsort(list, n, sizeof *list, by_depth);
    fputs("<g id=\"shapes\" clip-path=\"url(#picture-clip)\" stroke=\"#333\" "
          "stroke-width=\"0.8\" stroke-linejoin=\"round\" "
          "fill-opacity=\"0.8\">\n", out);
    for (size_t k = 0; k < n; k++) {
        const sepax_shape_id id = d->ids[list[k].index];
        svg3_shape(out, d, id, marks[SEPAX_ID_SLOT(id)], v);
    }
    fputs("</g>\n", out);
    free(list);
    return 0;
}

/* The minimum translation vector of pair i when it is a hit with both
 * shapes drawn: moving B by it (or A by its opposite) separates the
 * pair. It starts at A's centre, which lies inside A. Returns 0 for no
 * arrow, 1 for one at its true length, 2 for one lengthened to
 * MIN_ARROW along its projected direction (most hits are shallower than
 * an arrow's head is long, and would show a head alone); xy gets its
 * ends in pixels. */
static int svg3_arrow(const demo3_state *d, size_t i, const uint8_t *marks, const view3 *v,
                      double xy[4])
{
    const sepax3_result *r = &d->results[i];
    sepax3_world_shape a;
    if (!(r->flags & SEPAX_HIT) || !(marks[SEPAX_ID_SLOT(d->pairs[i].a)] & MARK_DRAWN) ||
        !(marks[SEPAX_ID_SLOT(d->pairs[i].b)] & MARK_DRAWN) ||
        sepax3_shape_world(d->store, d->pairs[i].a, &a) != SEPAX_OK)
        return 0;
    const double depth = r->separation < 0 ? -(double)r->separation : 0.0;
    project(v, a.centre.x, a.centre.y, a.centre.z, &xy[0], &xy[1]);
    project(v, a.centre.x + depth * r->normal.x, a.centre.y + depth * r->normal.y,
            a.centre.z + depth * r->normal.z, &xy[2], &xy[3]);
    if (hypot(xy[2] - xy[0], xy[3] - xy[1]) >= MIN_ARROW)
        return 1;
    double ux, uy;
    project(v, a.centre.x + r->normal.x, a.centre.y + r->normal.y, a.centre.z + r->normal.z, &ux,
            &uy);
    ux -= xy[0];
    uy -= xy[1];
    const double u = hypot(ux, uy);
    /* A normal along the line of sight has no direction on the picture:
     * its arrow stays as short as it is. */
    if (!(u > 1e-9))
        return 1;
    xy[2] = xy[0] + ux / u * MIN_ARROW;
    xy[3] = xy[1] + uy / u * MIN_ARROW;
    return 2;
}

/* On top of the shapes, since an arrow is a note on the picture, not a
 * thing in the scene; the lengthened ones dashed, in a group of their
 * own, to say that their length is not to scale. */
static void svg3_arrows(FILE *out, const demo3_state *d, const uint8_t *marks, const view3 *v)
{
    for (int kind = 1; kind <= 2; kind++) {
        fprintf(out,
                "<g id=\"%s\" clip-path=\"url(#picture-clip)\" stroke=\"" COLOUR_ARROW "\" "
                "stroke-width=\"%g\" "
                "marker-end=\"url(#head)\"%s>\n",
                kind == 1 ? "arrows" : "arrows-lengthened", ARROW_STROKE,
                kind == 1 ? "" : " stroke-dasharray=\"2,1.5\"");
        for (size_t i = 0; i < d->pair_count; i++) {
            double xy[4];
            if (svg3_arrow(d, i, marks, v, xy) == kind)
                fprintf(out, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", xy[0],
                        xy[1], xy[2], xy[3]);
        }
        fputs("</g>\n", out);
    }
}

static void svg3_begin(FILE *out, const window3 *w, double width, double height)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n"
            "<title>sepax demo --3d: %zu shapes and %zu hits in a cube of side %.2f around "
            "(%.2f, %.2f, %.2f), seen from azimuth %.0f and elevation %.0f degrees</title>\n"
            "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
            "markerWidth=\"%g\" markerHeight=\"%g\" orient=\"auto-start-reverse\">"
            "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"" COLOUR_ARROW "\"/></marker>\n"
            "<clipPath id=\"picture-clip\"><rect id=\"picture\" x=\"0\" y=\"0\" "
            "width=\"%.0f\" height=\"%.0f\"/></clipPath></defs>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height, width, height, w->count, w->hits, w->side, w->centre[0], w->centre[1],
            w->centre[2], AZIMUTH_DEGREES, ELEVATION_DEGREES, ARROW_MARKER, ARROW_MARKER,
            PICTURE_PIXELS, PICTURE_PIXELS);
}

/* The legend, beside the picture rather than over it, so that it never
 * hides a contact; with the world axes as the camera sees them. */
static void svg3_legend(FILE *out, const view3 *v, const window3 *w)
{
    fprintf(out,
            "<rect id=\"legend-box\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
            "fill=\"white\" stroke=\"#999\"/>\n"
            "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"13\" "
            "transform=\"translate(%.0f,%.0f)\">\n",
            PICTURE_PIXELS, MARGIN_PIXELS, LEGEND_WIDTH - MARGIN_PIXELS, LEGEND_HEIGHT,
            PICTURE_PIXELS, MARGIN_PIXELS);
    /* The key says that a colour counts hits with shapes outside the
     * window too: a filled shape touching nothing drawn looks wrong. */
    fputs("<g stroke=\"#333\" stroke-width=\"0.8\" fill-opacity=\"0.8\">\n"
          "<rect x=\"10\" y=\"10\" width=\"14\" height=\"14\" fill=\"" COLOUR_HIT "\"/>\n"
          "<rect x=\"10\" y=\"48\" width=\"14\" height=\"14\" fill=\"" COLOUR_CONTAINED "\"/>\n"
          "<rect x=\"10\" y=\"70\" width=\"14\" height=\"14\" fill=\"" COLOUR_CLEAR "\"/>\n"
          "<rect x=\"10\" y=\"174\" width=\"14\" height=\"14\" fill=\"white\" "
          "stroke-dasharray=\"3,2\"/>\n"
          "</g>\n"
          "<text x=\"32\" y=\"22\">in a hit (the other shape may lie</text>\n"
          "<text x=\"32\" y=\"38\">outside the window)</text>\n"
          "<text x=\"32\" y=\"60\">contained in the other shape of a hit</text>\n"
          "<text x=\"32\" y=\"82\">no hit</text>\n"
          "<line x1=\"8\" y1=\"100\" x2=\"26\" y2=\"100\" stroke=\"" COLOUR_ARROW "\" "
          "stroke-width=\"1.3\" marker-end=\"url(#head)\"/>\n"
          "<text x=\"32\" y=\"104\">separating vector of a hit, from A's</text>\n"
          "<text x=\"32\" y=\"120\">centre: moving B by it separates them</text>\n"
          "<line x1=\"8\" y1=\"138\" x2=\"26\" y2=\"138\" stroke=\"" COLOUR_ARROW "\" "
          "stroke-width=\"1.3\" stroke-dasharray=\"2,1.5\" marker-end=\"url(#head)\"/>\n",
          out);
    fprintf(out,
            "<text x=\"32\" y=\"142\">dashed: shorter than %.0f pixels, so drawn</text>\n"
            "<text x=\"32\" y=\"158\">%.0f pixels long to show its direction</text>\n",
            MIN_ARROW, MIN_ARROW);
    fputs("<text x=\"32\" y=\"186\">dashed outline: convex hull</text>\n"
          "<text x=\"32\" y=\"204\">solid: box, sphere (circle), capsule</text>\n",
          out);
    /* the world axes, 24 pixels long, projected as the shapes are */
    const double cx = 40, cy = 254, len = 24;
    const char *names[3] = {"x", "y", "z"};
    for (int k = 0; k < 3; k++) {
        const double dx = v->right[k] * len, dy = -v->up[k] * len;
        fprintf(out,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555\">%s</text>\n",
                cx, cy, cx + dx, cy + dy, cx + 1.4 * dx, cy + 1.4 * dy + 4, names[k]);
    }
    fprintf(out,
            "<text x=\"84\" y=\"244\">orthographic, azimuth %.0f\xc2\xb0,</text>\n"
            "<text x=\"84\" y=\"260\">elevation %.0f\xc2\xb0; far shapes drawn first</text>\n"
            "<text x=\"10\" y=\"306\">window: cube of side %.2f around</text>\n"
            "<text x=\"10\" y=\"322\">(%.2f, %.2f, %.2f), by AABB centre;</text>\n"
            "<text x=\"10\" y=\"338\">drawn: %zu shapes, %zu hits</text>\n"
            "</g>\n",
            AZIMUTH_DEGREES, ELEVATION_DEGREES, w->side, w->centre[0], w->centre[1],
            w->centre[2], w->count, w->hits);
}

int write_svg3(const demo3_state *d, FILE *out)
{
    uint8_t *marks = svg3_marks(d);
    window3 w;
    if (marks == NULL || svg3_window(d, marks, &w) != 0) {
        free(marks);
        return out_of_memory();
    }
    view3 v;
    view_camera(&v);
    svg3_fit(d, &w, &v);
    const double width = PICTURE_PIXELS + LEGEND_WIDTH;
    const double height = PICTURE_PIXELS > LEGEND_HEIGHT ? PICTURE_PIXELS : LEGEND_HEIGHT;
    svg3_begin(out, &w, width, height);
    svg3_cube(out, &v, &w);
    int code = EXIT_GOOD;
    if (svg3_shapes(out, d, marks, &v, &w) != 0)
        code = out_of_memory();
    svg3_arrows(out, d, marks, &v);
    svg3_legend(out, &v, &w);
    fputs("</svg>\n", out);
    free(marks);
    free(w.inside);
    return code;
}
