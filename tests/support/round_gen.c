#include "support/round_gen.h"

#include <math.h>
#include <stdio.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

const char *const gen_kind_name[GEN_KINDS] = {"polygon", "box",     "circle",
                                              "capsule", "segment", "rounded"};

static sepax_vec2 v2(float x, float y)
{
    sepax_vec2 v = {x, y};
    return v;
}

/* n points in angular order on a tilted ellipse around (ox, oy): convex,
 * holding (ox, oy), and occasionally given clockwise to be cleaned. */
static int convex_points(cases_rng *g, double ox, double oy, double size, sepax_vec2 *v)
{
    const int n = cases_rng_int(g, 0, 7) ? cases_rng_int(g, 3, 10)
                                          : cases_rng_int(g, 11, GEN_MAX_VERTICES);
    const double a = size / 2, b = a * cases_rng_range(g, 0.3, 1.0);
    const double phase = cases_rng_range(g, 0, 2 * M_PI), tilt = cases_rng_range(g, 0, M_PI);
    const int reverse = cases_rng_int(g, 0, 3) == 0;
    for (int k = 0; k < n; k++) {
        const double th = phase + 2 * M_PI * (k + cases_rng_range(g, -0.3, 0.3)) / n;
        const double x = a * cos(th), y = b * sin(th);
        const int at = reverse ? n - 1 - k : k;
        v[at] = v2((float)(ox + x * cos(tilt) - y * sin(tilt)),
                   (float)(oy + x * sin(tilt) + y * cos(tilt)));
    }
    return n;
}

sepax_status gen_shape_make(sepax_store *s, cases_rng *g, int kind, double size, gen_shape *out,
                            char *msg, size_t msg_size)
{
    for (;;) {
        const double ox = cases_rng_range(g, -0.5, 0.5) * size;
        const double oy = cases_rng_range(g, -0.5, 0.5) * size;
        const double phi = cases_rng_range(g, 0, 2 * M_PI);
        sepax_vec2 v[GEN_MAX_VERTICES];
        sepax_shape_id id = 0;
        sepax_status st;
        double len;
        switch (kind) {
        case GEN_POLYGON:
            st = sepax_add_polygon(s, v, (size_t)convex_points(g, ox, oy, size, v), &id);
            break;
        case GEN_BOX:
            st = sepax_add_box(s, v2((float)ox, (float)oy),
                               v2((float)(size / 2 * cases_rng_range(g, 0.2, 1)),
                                  (float)(size / 2 * cases_rng_range(g, 0.2, 1))),
                               (float)phi, &id);
            break;
        case GEN_CIRCLE:
            st = sepax_add_circle(s, v2((float)ox, (float)oy), (float)(size / 2), &id);
            break;
        case GEN_CAPSULE:
        case GEN_SEGMENT:
            len = size * cases_rng_range(g, kind == GEN_CAPSULE ? 0.3 : 0.5, 1.0) / 2;
            v[0] = v2((float)(ox - len * cos(phi)), (float)(oy - len * sin(phi)));
            v[1] = v2((float)(ox + len * cos(phi)), (float)(oy + len * sin(phi)));
            if (kind == GEN_SEGMENT)
                st = sepax_add_segment(s, v[0], v[1], &id);
            else
                st = sepax_add_capsule(s, v[0], v[1],
                                       (float)(size * cases_rng_range(g, 0.05, 0.35)), &id);
            break;
        default: {
            const double r = size * cases_rng_range(g, 0.05, 0.3);
            const int n = convex_points(g, ox, oy, size - 2 * r, v);
            st = sepax_add_rounded_polygon(s, v, (size_t)n, (float)r, &id);
            break;
        }
        }
        if (st == SEPAX_ERR_DEGENERATE || st == SEPAX_ERR_TOO_FEW_VERTICES)
            continue; /* a sliver the cleaning refused: draw again */
        if (st != SEPAX_OK) {
            snprintf(msg, msg_size, "adding a %s: %s", gen_kind_name[kind],
                     sepax_status_string(st));
            return st;
        }
        sepax_vec2 w[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = 0;
        sepax_shape_desc d;
        if ((st = sepax_shape_vertices(s, id, 0, w, SEPAX_MAX_POLYGON_VERTICES, &n)) != SEPAX_OK ||
            (st = sepax_shape_info(s, id, &d)) != SEPAX_OK) {
            snprintf(msg, msg_size, "reading back a %s: %s", gen_kind_name[kind],
                     sepax_status_string(st));
            return st;
        }
        if (n < 1 || n > GEN_MAX_VERTICES) {
            snprintf(msg, msg_size, "a %s came back with %u core vertices", gen_kind_name[kind],
                     n);
            return SEPAX_ERR_TOO_MANY_VERTICES;
        }
        out->id = id;
        out->kind = kind;
        out->n = (int)n;
        out->r = d.radius;
        out->ax = ox;
        out->ay = oy;
        out->bound = 0;
        for (uint32_t i = 0; i < n; i++) {
            out->lx[i] = w[i].x;
            out->ly[i] = w[i].y;
            out->bound = fmax(out->bound, hypot(w[i].x - ox, w[i].y - oy));
        }
        out->bound += d.radius;
        out->xf = sepax_transform_identity();
        return SEPAX_OK;
    }
}

sepax_transform gen_pose(const gen_shape *g, double angle, double tx, double ty)
{
    sepax_transform t;
    t.q.c = (float)cos(angle);
    t.q.s = (float)sin(angle);
    t.p.x = (float)(tx - ((double)t.q.c * g->ax - (double)t.q.s * g->ay));
    t.p.y = (float)(ty - ((double)t.q.s * g->ax + (double)t.q.c * g->ay));
    return t;
}

void gen_world(const gen_shape *g, sepax_transform t, oround_shape *o)
{
    o->n = g->n;
    o->r = g->r;
    for (int i = 0; i < g->n; i++) {
        o->x[i] = t.p.x + ((double)t.q.c * g->lx[i] - (double)t.q.s * g->ly[i]);
        o->y[i] = t.p.y + ((double)t.q.s * g->lx[i] + (double)t.q.c * g->ly[i]);
    }
}

enum { PLACE_OVERLAP, PLACE_TOUCH, PLACE_NEAR, PLACE_CONTAIN, PLACES };

/* Distance along (ux, uy) from A's anchor at which B's anchor puts the
 * two shapes in touch, by bisection on the oracle's exact separation. */
static double touch_distance(const gen_shape *a, const gen_shape *b, double angle_b, double cx,
                             double cy, double ux, double uy)
{
    oround_shape wa, wb;
    oround_answer o;
    gen_world(a, a->xf, &wa);
    double lo = 0, hi = (a->bound + b->bound) * 1.001 + 1e-9;
    gen_world(b, gen_pose(b, angle_b, cx, cy), &wb);
    oround_collide(&wa, &wb, &o);
    if (o.exact > 0) /* anchors a hair off thin cores: no bracket */
        return 0;
    for (int it = 0; it < 18; it++) {
        const double mid = (lo + hi) / 2;
        gen_world(b, gen_pose(b, angle_b, cx + mid * ux, cy + mid * uy), &wb);
        oround_collide(&wa, &wb, &o);
        if (o.exact <= 0)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

sepax_status gen_pair_make(sepax_store *s, cases_rng *g, int ka, int kb, gen_shape *a,
                           gen_shape *b, char *msg, size_t msg_size)
{
    const int place = cases_rng_int(g, 0, PLACES - 1);
    double sa = cases_rng_range(g, 0.1, 2), sb = cases_rng_range(g, 0.1, 2);
    const int small_b = cases_rng_int(g, 0, 1);
    if (place == PLACE_CONTAIN) {
        if (small_b)
            sb = sa * cases_rng_range(g, 0.05, 0.3);
        else
            sa = sb * cases_rng_range(g, 0.05, 0.3);
    }
    sepax_status st = gen_shape_make(s, g, ka, sa, a, msg, msg_size);
    if (st == SEPAX_OK)
        st = gen_shape_make(s, g, kb, sb, b, msg, msg_size);
    if (st != SEPAX_OK)
        return st;
    double cx = cases_rng_range(g, -4, 4), cy = cases_rng_range(g, -4, 4);
    if (cases_rng_int(g, 0, 7) == 0) { /* farther out: relative coordinates matter */
        cx += cases_rng_range(g, -100, 100);
        cy += cases_rng_range(g, -100, 100);
    }
    const double phi = cases_rng_range(g, 0, 2 * M_PI), ux = cos(phi), uy = sin(phi);
    const double angle_a = cases_rng_range(g, 0, 2 * M_PI);
    const double angle_b = cases_rng_range(g, 0, 2 * M_PI);
    const double reach = a->bound + b->bound;
    a->xf = gen_pose(a, angle_a, cx, cy);
    double t;
    switch (place) {
    case PLACE_OVERLAP: t = cases_rng_range(g, 0, 0.7) * reach; break;
    case PLACE_TOUCH:
        t = touch_distance(a, b, angle_b, cx, cy, ux, uy);
        t += (cases_rng_int(g, 0, 1) ? 1 : -1) * reach * pow(10, cases_rng_range(g, -7, -2));
        break;
    case PLACE_NEAR: t = cases_rng_range(g, 0.6, 1.3) * reach; break;
    default: t = cases_rng_range(g, 0, 0.3) * (small_b ? a->bound : b->bound); break;
    }
    b->xf = gen_pose(b, angle_b, cx + t * ux, cy + t * uy);
    const sepax_shape_id ids[2] = {a->id, b->id};
    const sepax_transform xf[2] = {a->xf, b->xf};
    st = sepax_set_transforms(s, ids, xf, 2);
    if (st != SEPAX_OK)
        snprintf(msg, msg_size, "placing a %s and a %s: %s", gen_kind_name[ka],
                 gen_kind_name[kb], sepax_status_string(st));
    return st;
}

int gen_both_polygons(int ka, int kb)
{
    return (ka == GEN_POLYGON || ka == GEN_BOX) && (kb == GEN_POLYGON || kb == GEN_BOX);
}
