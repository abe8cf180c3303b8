/* The demo's picture: a window of the scene with each shape filled by
 * what the active backend found for it and an arrow for each hit's
 * separating vector, so that a person can see the answers are right,
 * which the demo's table cannot show. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "demo.h"

/* The SVG shows a square of this many units around the scene's centre:
 * large enough to see contacts in context, small enough to stay legible. */
#define SVG_WINDOW 40.0f
#define SVG_PIXELS 800.0

typedef struct svg_view {
    float x0, y0, side; /* the window in scene units, lower-left corner */
    double scale;       /* pixels per unit */
} svg_view;

enum { MARK_HIT = 1, MARK_CONTAINED = 2 };

static double svg_x(const svg_view *v, float x)
{
    return ((double)x - v->x0) * v->scale;
}

/* SVG's y grows downwards; the scene's grows upwards. */
static double svg_y(const svg_view *v, float y)
{
    return ((double)v->y0 + v->side - y) * v->scale;
}

static int aabb_in_view(const sepax_store *store, sepax_shape_id id, const svg_view *v)
{
    sepax_vec2 lo, hi;
    if (sepax_shape_aabb(store, id, &lo, &hi) != SEPAX_OK) {
        return 0;
    }
    return hi.x >= v->x0 && lo.x <= v->x0 + v->side && hi.y >= v->y0 && lo.y <= v->y0 + v->side;
}

/* A window of SVG_WINDOW units (or the whole scene, if smaller) centred
 * on the middle of all the shapes' bounding boxes. */
static svg_view svg_choose_view(const demo *d)
{
    float lo_x = 0, lo_y = 0, hi_x = 0, hi_y = 0;
    int first = 1;
    for (size_t i = 0; i < d->scene.shape_count; i++) {
        sepax_vec2 lo, hi;
        if (sepax_shape_aabb(d->store, d->ids[i], &lo, &hi) != SEPAX_OK) {
            continue;
        }
        if (first || lo.x < lo_x) lo_x = lo.x;
        if (first || lo.y < lo_y) lo_y = lo.y;
        if (first || hi.x > hi_x) hi_x = hi.x;
        if (first || hi.y > hi_y) hi_y = hi.y;
        first = 0;
    }
    float side = hi_x - lo_x > hi_y - lo_y ? hi_x - lo_x : hi_y - lo_y;
    if (side > SVG_WINDOW || !(side > 0.0f)) {
        side = SVG_WINDOW;
    }
    svg_view v;
    v.side = side;
    v.x0 = 0.5f * (lo_x + hi_x) - 0.5f * side;
    v.y0 = 0.5f * (lo_y + hi_y) - 0.5f * side;
    v.scale = SVG_PIXELS / side;
    return v;
}

/* Per slot: did the shape take part in a hit, or in a containment? */
static uint8_t *svg_marks(const demo *d)
{
    uint8_t *marks = alloc_array(sepax_store_slot_limit(d->store), 1);
    if (marks == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < d->pair_count; i++) {
        uint8_t flags = d->results[i].flags;
        uint8_t mark = (flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) ? MARK_CONTAINED
                       : (flags & SEPAX_HIT)                   ? MARK_HIT
                                                               : 0;
        marks[SEPAX_ID_SLOT(d->pairs[i].a)] |= mark;
        marks[SEPAX_ID_SLOT(d->pairs[i].b)] |= mark;
    }
    return marks;
}

/* Points along the arc of radius r about (cx, cy) from angle a0 to a1
 * (a1 >= a0), ends included. */
#define ARC_STEPS 6
static void svg_arc(FILE *out, const svg_view *v, double cx, double cy, double r, double a0,
                    double a1, int *first)
{
    for (int k = 0; k <= ARC_STEPS; k++) {
        const double a = a0 + (a1 - a0) * k / ARC_STEPS;
        fprintf(out, "%s%.1f,%.1f", *first ? "" : " ", svg_x(v, (float)(cx + r * cos(a))),
                svg_y(v, (float)(cy + r * sin(a))));
        *first = 0;
    }
}

/* A shape's outline: its core (counter-clockwise), grown by its radius.
 * Around each core vertex the outline follows an arc from the outward
 * normal of the edge before to that of the edge after; a segment core is
 * a two-sided polygon, so its arcs are its two half-circle ends. */
static void svg_polygon(FILE *out, const demo *d, sepax_shape_id id, uint8_t mark,
                        const svg_view *v)
{
    sepax_vec2 vertices[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t count = 0;
    sepax_shape_desc desc;
    if (sepax_shape_vertices(d->store, id, 1, vertices, SEPAX_MAX_POLYGON_VERTICES, &count) != SEPAX_OK ||
        sepax_shape_info(d->store, id, &desc) != SEPAX_OK || count == 0) {
        return;
    }
    const float radius = desc.radius;
    const char *fill = (mark & MARK_CONTAINED) ? "#8ab6e8" : (mark & MARK_HIT) ? "#f2a07b" : "none";
    if (count == 1) {
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n",
                svg_x(v, vertices[0].x), svg_y(v, vertices[0].y), radius * v->scale, fill);
        return;
    }
    if (count == 2 && radius == 0.0f) {
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"2\"%s/>\n",
                svg_x(v, vertices[0].x), svg_y(v, vertices[0].y), svg_x(v, vertices[1].x),
                svg_y(v, vertices[1].y), mark ? " stroke=\"#c0501f\"" : "");
        return;
    }
    fputs("<polygon points=\"", out);
    int first = 1;
    for (uint32_t k = 0; k < count; k++) {
        if (radius == 0.0f) {
            fprintf(out, "%s%.1f,%.1f", first ? "" : " ", svg_x(v, vertices[k].x),
                    svg_y(v, vertices[k].y));
            first = 0;
            continue;
        }
        const sepax_vec2 prev = vertices[(k + count - 1) % count], here = vertices[k],
                         next = vertices[(k + 1) % count];
        /* outward normal of edge p->q is (q - p) turned clockwise */
        double a0 = atan2(-((double)here.x - prev.x), (double)here.y - prev.y);
        double a1 = atan2(-((double)next.x - here.x), (double)next.y - here.y);
        while (a1 < a0)
            a1 += 2.0 * 3.14159265358979323846;
        svg_arc(out, v, here.x, here.y, radius, a0, a1, &first);
    }
    fprintf(out, "\" fill=\"%s\"/>\n", fill);
}

/* The minimum translation vector of a hit: moving B by it (or A by its
 * opposite) separates the pair. Drawn from A's vertex average, which lies
 * inside A. */
static void svg_mtv(FILE *out, const demo *d, size_t i, const svg_view *v)
{
    const sepax_result *r = &d->results[i];
    float depth = -r->separation;
    if (!(r->flags & SEPAX_HIT) || !(depth > 0.0f)) {
        return;
    }
    sepax_vec2 vertices[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t count = 0;
    if (sepax_shape_vertices(d->store, d->pairs[i].a, 1, vertices, SEPAX_MAX_POLYGON_VERTICES, &count) != SEPAX_OK ||
        count == 0) {
        return;
    }
    float cx = 0, cy = 0;
    for (uint32_t k = 0; k < count; k++) {
        cx += vertices[k].x;
        cy += vertices[k].y;
    }
    cx /= (float)count;
    cy /= (float)count;
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", svg_x(v, cx),
            svg_y(v, cy), svg_x(v, cx + r->normal.x * depth), svg_y(v, cy + r->normal.y * depth));
}

static void svg_begin(FILE *out, const svg_view *v)
{
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n"
            "<title>sepax demo: %g x %g units around (%g, %g)</title>\n"
            "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
            "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\">"
            "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#b00020\"/></marker></defs>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            SVG_PIXELS, SVG_PIXELS, SVG_PIXELS, SVG_PIXELS, (double)v->side, (double)v->side,
            (double)(v->x0 + 0.5f * v->side), (double)(v->y0 + 0.5f * v->side));
}

/* Only what the window shows, so that the file stays small. */
static void svg_shapes(FILE *out, const demo *d, const uint8_t *marks, const svg_view *v)
{
    fputs("<g stroke=\"#333\" stroke-width=\"1\" stroke-linejoin=\"round\" "
          "fill-opacity=\"0.7\">\n", out);
    for (size_t i = 0; i < d->scene.shape_count; i++) {
        if (aabb_in_view(d->store, d->ids[i], v)) {
            svg_polygon(out, d, d->ids[i], marks[SEPAX_ID_SLOT(d->ids[i])], v);
        }
    }
    fputs("</g>\n<g stroke=\"#b00020\" stroke-width=\"1.5\" marker-end=\"url(#head)\">\n", out);
    for (size_t i = 0; i < d->pair_count; i++) {
        if (aabb_in_view(d->store, d->pairs[i].a, v)) {
            svg_mtv(out, d, i, v);
        }
    }
    fputs("</g>\n", out);
}

static void svg_end(FILE *out)
{
    fputs("<g font-family=\"sans-serif\" font-size=\"14\">\n"
          "<rect x=\"2\" y=\"2\" width=\"250\" height=\"66\" fill=\"white\" "
          "fill-opacity=\"0.85\" stroke=\"#999\"/>\n"
          "<rect x=\"8\" y=\"8\" width=\"14\" height=\"14\" fill=\"#f2a07b\" stroke=\"#333\"/>"
          "<text x=\"28\" y=\"20\">hit</text>\n"
          "<rect x=\"8\" y=\"28\" width=\"14\" height=\"14\" fill=\"#8ab6e8\" stroke=\"#333\"/>"
          "<text x=\"28\" y=\"40\">containment</text>\n"
          "<text x=\"8\" y=\"60\" fill=\"#b00020\">arrow: separating vector of a hit</text>\n"
          "</g>\n</svg>\n",
          out);
}

int write_svg(const demo *d, const char *path)
{
    uint8_t *marks = svg_marks(d);
    if (marks == NULL) {
        return out_of_memory();
    }
    FILE *out = fopen(path, "w");
    if (out == NULL) {
        fprintf(stderr, "sepax: cannot write %s: %s\n", path, strerror(errno));
        free(marks);
        return EXIT_CANNOT_RUN;
    }
    svg_view v = svg_choose_view(d);
    svg_begin(out, &v);
    svg_shapes(out, d, marks, &v);
    svg_end(out);
    free(marks);
    int failed = ferror(out);
    if (fclose(out) != 0 || failed) {
        fprintf(stderr, "sepax: error writing %s\n", path);
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}
