/* The demo's picture: a window of the scene with each shape filled by
 * what the active backend found for it and an arrow for each hit's
 * separating vector, so that a person can see the answers are right,
 * which the demo's table cannot show. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "demo.h"

/* The picture's square, in pixels, and the band beside it for the
 * legend: beside rather than over the shapes, so that it hides none. */
#define SVG_WINDOW SVG_WINDOW_UNITS
#define SVG_PIXELS 800.0
#define MARGIN_PIXELS 12.0
#define LEGEND_WIDTH 330.0
#define LEGEND_LINE 16.0

/* An arrow's head is ARROW_HEAD pixels long (the marker's width times the
 * stroke's), and drawn at its true length most separating vectors are
 * shorter than that: only a head would show, pointing nowhere readable.
 * Those are drawn MIN_ARROW pixels long instead, dashed to say that their
 * length is not to scale. */
#define ARROW_STROKE 1.5
#define ARROW_MARKER 5.0
#define ARROW_HEAD (ARROW_STROKE * ARROW_MARKER)
#define MIN_ARROW (2.0 * ARROW_HEAD)

#define COLOUR_HIT "#f2a07b"
#define COLOUR_CONTAINED "#8ab6e8"
#define COLOUR_ARROW "#b00020"
#define COLOUR_SEGMENT_HIT "#c0501f"

typedef struct svg_view {
    float x0, y0, side; /* the window in scene units, lower-left corner */
    double scale;       /* pixels per unit */
    double ox, oy;      /* where the window starts on the canvas, in pixels */
} svg_view;

/* What the picture holds, counted before it is drawn so that the legend
 * can say so and the canvas be sized for it. */
typedef struct svg_counts {
    size_t shapes, segments, round;   /* drawn, by how they are drawn */
    size_t hits, lengthened, contained; /* arrows drawn (of which lengthened), containments */
} svg_counts;

enum { MARK_HIT = 1, MARK_CONTAINED = 2 };

static double svg_x(const svg_view *v, float x)
{
    return v->ox + ((double)x - v->x0) * v->scale;
}

/* SVG's y grows downwards; the scene's grows upwards. */
static double svg_y(const svg_view *v, float y)
{
    return v->oy + ((double)v->y0 + v->side - y) * v->scale;
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
    v.ox = MARGIN_PIXELS;
    v.oy = MARGIN_PIXELS;
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
    const char *fill = (mark & MARK_CONTAINED) ? COLOUR_CONTAINED
                       : (mark & MARK_HIT)       ? COLOUR_HIT
                                                 : "none";
    if (count == 1) {
        fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n",
                svg_x(v, vertices[0].x), svg_y(v, vertices[0].y), radius * v->scale, fill);
        return;
    }
    if (count == 2 && radius == 0.0f) {
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"2\"%s/>\n",
                svg_x(v, vertices[0].x), svg_y(v, vertices[0].y), svg_x(v, vertices[1].x),
                svg_y(v, vertices[1].y), mark ? " stroke=\"" COLOUR_SEGMENT_HIT "\"" : "");
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

/* The minimum translation vector of pair i if it is a hit with a depth:
 * moving B by it (or A by its opposite) separates the pair. It starts at
 * A's vertex average, which lies inside A. Returns 0 for no arrow, 1 for
 * one at its true length, 2 for one lengthened to MIN_ARROW; xy gets
 * its ends in pixels. */
static int svg_arrow(const demo *d, size_t i, const svg_view *v, double xy[4])
{
    const sepax_result *r = &d->results[i];
    float depth = -r->separation;
    if (!(r->flags & SEPAX_HIT) || !(depth > 0.0f)) {
        return 0;
    }
    sepax_vec2 vertices[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t count = 0;
    if (sepax_shape_vertices(d->store, d->pairs[i].a, 1, vertices, SEPAX_MAX_POLYGON_VERTICES, &count) != SEPAX_OK ||
        count == 0) {
        return 0;
    }
    float cx = 0, cy = 0;
    for (uint32_t k = 0; k < count; k++) {
        cx += vertices[k].x;
        cy += vertices[k].y;
    }
    cx /= (float)count;
    cy /= (float)count;
    xy[0] = svg_x(v, cx);
    xy[1] = svg_y(v, cy);
    /* The normal is a unit vector, so the drawn length is depth * scale;
     * y flips on the way to the canvas. */
    double length = (double)depth * v->scale;
    const int lengthened = length < MIN_ARROW;
    if (lengthened) {
        length = MIN_ARROW;
    }
    xy[2] = xy[0] + (double)r->normal.x * length;
    xy[3] = xy[1] - (double)r->normal.y * length;
    return lengthened ? 2 : 1;
}

static int is_segment(const demo *d, sepax_shape_id id)
{
    sepax_shape_desc desc;
    return sepax_shape_info(d->store, id, &desc) == SEPAX_OK && desc.kind == SEPAX_SHAPE_SEGMENT;
}

static int is_round(const demo *d, sepax_shape_id id)
{
    sepax_shape_desc desc;
    return sepax_shape_info(d->store, id, &desc) == SEPAX_OK && desc.radius > 0.0f;
}

static svg_counts svg_count(const demo *d, const svg_view *v)
{
    svg_counts c;
    memset(&c, 0, sizeof c);
    for (size_t i = 0; i < d->scene.shape_count; i++) {
        if (aabb_in_view(d->store, d->ids[i], v)) {
            c.shapes++;
            c.segments += is_segment(d, d->ids[i]);
            c.round += is_round(d, d->ids[i]);
        }
    }
    for (size_t i = 0; i < d->pair_count; i++) {
        if (!aabb_in_view(d->store, d->pairs[i].a, v)) {
            continue;
        }
        double xy[4];
        const int arrow = svg_arrow(d, i, v, xy);
        c.hits += arrow != 0;
        c.lengthened += arrow == 2;
        c.contained += (d->results[i].flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) != 0;
    }
    return c;
}

/* The legend's layout, from its top: an entry of n lines takes
 * ENTRY(n), the counts COUNTS below a blank line. */
#define LEGEND_TOP 10.0
#define ENTRY(n) ((n) * LEGEND_LINE + 6.0)
#define COUNTS (7.0 * LEGEND_LINE + 10.0)

/* How tall the legend is: its fixed entries (three swatches, two
 * arrows), the kinds' entries when the window shows those kinds, and
 * the counts; svg_legend steps through the same sizes. */
static double legend_height(const svg_counts *c)
{
    return LEGEND_TOP + 2 * ENTRY(2) + ENTRY(1) + ENTRY(3) + ENTRY(2) +
           (c->segments ? ENTRY(2) : 0.0) + (c->round ? ENTRY(2) : 0.0) + COUNTS;
}

static void svg_begin(FILE *out, const demo *d, const svg_view *v, const svg_counts *c)
{
    const double height_legend = legend_height(c);
    const double width = MARGIN_PIXELS + SVG_PIXELS + MARGIN_PIXELS + LEGEND_WIDTH + MARGIN_PIXELS;
    const double inner = SVG_PIXELS > height_legend ? SVG_PIXELS : height_legend;
    const double height = MARGIN_PIXELS + inner + MARGIN_PIXELS;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n"
            "<title>sepax demo: %g x %g units around (%g, %g), %zu shapes and %zu hits drawn, "
            "of %zu shapes and %zu hits</title>\n"
            "<defs><marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
            "markerWidth=\"%g\" markerHeight=\"%g\" orient=\"auto-start-reverse\">"
            "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"" COLOUR_ARROW "\"/></marker>\n"
            "<clipPath id=\"picture-clip\"><rect id=\"picture\" x=\"%.0f\" y=\"%.0f\" "
            "width=\"%.0f\" height=\"%.0f\"/></clipPath></defs>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height, width, height, (double)v->side, (double)v->side,
            (double)(v->x0 + 0.5f * v->side), (double)(v->y0 + 0.5f * v->side), c->shapes,
            c->hits, d->scene.shape_count, d->hit_total, ARROW_MARKER, ARROW_MARKER, v->ox,
            v->oy, SVG_PIXELS, SVG_PIXELS);
}

/* Only what the window shows, so that the file stays small, and clipped
 * to it: a shape across the window's edge would otherwise reach into
 * the legend's band. */
static void svg_shapes(FILE *out, const demo *d, const uint8_t *marks, const svg_view *v)
{
    fputs("<g id=\"shapes\" clip-path=\"url(#picture-clip)\" stroke=\"#333\" stroke-width=\"1\" "
          "stroke-linejoin=\"round\" fill-opacity=\"0.7\">\n", out);
    for (size_t i = 0; i < d->scene.shape_count; i++) {
        if (aabb_in_view(d->store, d->ids[i], v)) {
            svg_polygon(out, d, d->ids[i], marks[SEPAX_ID_SLOT(d->ids[i])], v);
        }
    }
    fputs("</g>\n", out);
    /* Two groups, so that a lengthened arrow's dashes set it apart. */
    for (int kind = 1; kind <= 2; kind++) {
        fprintf(out,
                "<g id=\"%s\" clip-path=\"url(#picture-clip)\" stroke=\"" COLOUR_ARROW "\" "
                "stroke-width=\"%g\" marker-end=\"url(#head)\"%s>\n",
                kind == 1 ? "arrows" : "arrows-lengthened", ARROW_STROKE,
                kind == 1 ? "" : " stroke-dasharray=\"2,1.5\"");
        for (size_t i = 0; i < d->pair_count; i++) {
            double xy[4];
            if (aabb_in_view(d->store, d->pairs[i].a, v) && svg_arrow(d, i, v, xy) == kind) {
                fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", xy[0],
                        xy[1], xy[2], xy[3]);
            }
        }
        fputs("</g>\n", out);
    }
    fprintf(out,
            "<rect id=\"frame\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
            "fill=\"none\" stroke=\"#aaa\"/>\n",
            v->ox, v->oy, SVG_PIXELS, SVG_PIXELS);
}

/* The legend in the band right of the window: the key to the colours,
 * arrows and (when shown) kinds, then the window and what it holds, as
 * text a reader sees rather than only the title a viewer may hide. */
static void svg_legend(FILE *out, const demo *d, const svg_view *v, const svg_counts *c)
{
    const double x = v->ox + SVG_PIXELS + MARGIN_PIXELS, y = v->oy;
    fprintf(out,
            "<rect id=\"legend-box\" x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
            "fill=\"white\" stroke=\"#999\"/>\n"
            "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"13\" "
            "transform=\"translate(%.0f,%.0f)\">\n",
            x, y, LEGEND_WIDTH, legend_height(c), x, y);
    double at = LEGEND_TOP; /* the top of the next entry */
    const struct {
        const char *fill;
        const char *lines[2];
    } swatches[] = {
        {COLOUR_HIT, {"in a hit (the other shape may lie", "outside the window)"}},
        {COLOUR_CONTAINED, {"in a containment: one shape of a hit", "lies inside the other"}},
        {"white", {"no hit", NULL}},
    };
    for (size_t k = 0; k < sizeof swatches / sizeof swatches[0]; k++) {
        fprintf(out,
                "<rect x=\"10\" y=\"%.0f\" width=\"14\" height=\"14\" fill=\"%s\" "
                "fill-opacity=\"0.7\" stroke=\"#333\"/>\n",
                at, swatches[k].fill);
        for (int line = 0; line < 2 && swatches[k].lines[line] != NULL; line++) {
            fprintf(out, "<text x=\"32\" y=\"%.0f\">%s</text>\n", at + 12 + line * LEGEND_LINE,
                    swatches[k].lines[line]);
        }
        at += ENTRY(swatches[k].lines[1] != NULL ? 2 : 1);
    }
    fprintf(out,
            "<line x1=\"6\" y1=\"%.0f\" x2=\"26\" y2=\"%.0f\" stroke=\"" COLOUR_ARROW "\" "
            "stroke-width=\"%g\" marker-end=\"url(#head)\"/>\n"
            "<text x=\"32\" y=\"%.0f\">separating vector of a hit, from A's</text>\n"
            "<text x=\"32\" y=\"%.0f\">vertex average: moving B by it</text>\n"
            "<text x=\"32\" y=\"%.0f\">separates them (%.0f pixels a unit)</text>\n",
            at + 8, at + 8, ARROW_STROKE, at + 12, at + 12 + LEGEND_LINE,
            at + 12 + 2 * LEGEND_LINE, v->scale);
    at += ENTRY(3);
    fprintf(out,
            "<line x1=\"6\" y1=\"%.0f\" x2=\"26\" y2=\"%.0f\" stroke=\"" COLOUR_ARROW "\" "
            "stroke-width=\"%g\" stroke-dasharray=\"2,1.5\" marker-end=\"url(#head)\"/>\n"
            "<text x=\"32\" y=\"%.0f\">dashed: shorter than %.0f pixels, so drawn</text>\n"
            "<text x=\"32\" y=\"%.0f\">%.0f pixels long to show its direction</text>\n",
            at + 8, at + 8, ARROW_STROKE, at + 12, MIN_ARROW, at + 12 + LEGEND_LINE, MIN_ARROW);
    at += ENTRY(2);
    if (c->segments) {
        fprintf(out,
                "<line x1=\"8\" y1=\"%.0f\" x2=\"24\" y2=\"%.0f\" stroke=\"#333\" "
                "stroke-width=\"2\"/>\n"
                "<line x1=\"8\" y1=\"%.0f\" x2=\"24\" y2=\"%.0f\" "
                "stroke=\"" COLOUR_SEGMENT_HIT "\" stroke-width=\"2\"/>\n"
                "<text x=\"32\" y=\"%.0f\">segment (a line: no thickness)</text>\n"
                "<text x=\"32\" y=\"%.0f\">segment in a hit</text>\n",
                at + 4, at + 4, at + 4 + LEGEND_LINE, at + 4 + LEGEND_LINE, at + 8,
                at + 8 + LEGEND_LINE);
        at += ENTRY(2);
    }
    if (c->round) {
        fprintf(out,
                "<text x=\"10\" y=\"%.0f\">circles, capsules and rounded polygons:</text>\n"
                "<text x=\"10\" y=\"%.0f\">their core grown by their radius</text>\n",
                at + 12, at + 12 + LEGEND_LINE);
        at += ENTRY(2);
    }
    at += LEGEND_LINE;
    fprintf(out,
            "<text x=\"10\" y=\"%.0f\">window: %g x %g units around (%.2f, %.2f),</text>\n"
            "<text x=\"10\" y=\"%.0f\">seen from above</text>\n"
            "<text id=\"drawn\" x=\"10\" y=\"%.0f\">"
            "drawn: %zu shapes, %zu hits (%zu dashed),</text>\n"
            "<text x=\"10\" y=\"%.0f\">%zu containments</text>\n"
            "<text id=\"scene\" x=\"10\" y=\"%.0f\">"
            "scene: %zu shapes, %zu candidate pairs,</text>\n"
            "<text x=\"10\" y=\"%.0f\">%zu hits</text>\n"
            "</g>\n",
            at, (double)v->side, (double)v->side, (double)(v->x0 + 0.5f * v->side),
            (double)(v->y0 + 0.5f * v->side), at + LEGEND_LINE, at + 2.5 * LEGEND_LINE,
            c->shapes, c->hits, c->lengthened, at + 3.5 * LEGEND_LINE, c->contained,
            at + 5 * LEGEND_LINE, d->scene.shape_count, d->pair_count, at + 6 * LEGEND_LINE,
            d->hit_total);
}

int write_svg(const demo *d, FILE *out)
{
    uint8_t *marks = svg_marks(d);
    if (marks == NULL) {
        return out_of_memory();
    }
    const svg_view v = svg_choose_view(d);
    const svg_counts c = svg_count(d, &v);
    svg_begin(out, d, &v, &c);
    svg_shapes(out, d, marks, &v);
    svg_legend(out, d, &v, &c);
    fputs("</svg>\n", out);
    free(marks);
    return EXIT_GOOD;
}
