/* The seeded scene generator and the loader that puts a scene into a store.
 * Same seed, same scene, on every machine that rounds like IEEE 754 and
 * whose libm gives the same sin and cos. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"

#define TWO_PI 6.28318530717958647692

sepax_scene_params sepax_scene_params_default(void)
{
    sepax_scene_params p;
    memset(&p, 0, sizeof p);
    p.shapes = 20000;
    p.seed = 1;
    p.min_vertices = 3;
    p.max_vertices = 8;
    p.max_vertices_share = 0.0;
    p.box_share = 0.0;
    p.min_radius = 0.5f;
    p.max_radius = 1.5f;
    p.aspect = 1.0f;
    p.neighbours = 4.5;
    return p;
}

sepax_scene_params sepax_scene_params_circles(void)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.circle_share = 1.0;
    return p;
}

sepax_scene_params sepax_scene_params_mixed_kinds(void)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.box_share = 1.0 / 6.0;
    p.circle_share = 1.0 / 6.0;
    p.capsule_share = 1.0 / 6.0;
    p.segment_share = 1.0 / 6.0;
    p.rounded_share = 1.0 / 6.0;
    return p;
}

/* splitmix64: tiny, fast, and good enough to scatter shapes. */
uint64_t sepax_scene_rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double sepax_scene_rng_unit(uint64_t *state)
{
    return (double)(sepax_scene_rng_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

static double uniform(uint64_t *state)
{
    return sepax_scene_rng_unit(state);
}

void sepax_scene_free(sepax_scene *scene)
{
    if (!scene)
        return;
    free(scene->shapes);
    free(scene->vertices);
    free(scene->pairs);
    free(scene->pair_lines);
    memset(scene, 0, sizeof *scene);
}

/* Vertices on an ellipse at jittered, increasing angles: always convex, and
 * the jitter stays below half a sector so no two vertices come close. */
static void make_polygon(uint64_t *rng, uint32_t n, double radius, double aspect, sepax_vec2 *out)
{
    double sx = radius * sqrt(aspect), sy = radius / sqrt(aspect);
    double sector = TWO_PI / n, phase = uniform(rng) * TWO_PI;
    for (uint32_t k = 0; k < n; k++) {
        double a = phase + sector * (k + 0.7 * (uniform(rng) - 0.5));
        out[k].x = (float)(sx * cos(a));
        out[k].y = (float)(sy * sin(a));
    }
}

/* Width and height of the world box of a local outline turned by angle. */
static void turned_extent(const sepax_vec2 *v, uint32_t n, double angle, double *w, double *h)
{
    double c = cos(angle), s = sin(angle);
    double lx = INFINITY, ly = INFINITY, hx = -INFINITY, hy = -INFINITY;
    for (uint32_t k = 0; k < n; k++) {
        double x = c * v[k].x - s * v[k].y, y = s * v[k].x + c * v[k].y;
        /* plain compares: gcc 12's aarch64 vectoriser crashes on fmin/fmax
         * reductions here */
        lx = x < lx ? x : lx;
        hx = x > hx ? x : hx;
        ly = y < ly ? y : ly;
        hy = y > hy ? y : hy;
    }
    *w = hx - lx;
    *h = hy - ly;
}

int sepax_scene_generate(const sepax_scene_params *p, sepax_scene *scene)
{
    memset(scene, 0, sizeof *scene);
    size_t n = p->shapes;
    uint32_t vmin = p->min_vertices < 3 ? 3 : p->min_vertices;
    uint32_t vmax = p->max_vertices < vmin ? vmin : p->max_vertices;
    if (vmax > SEPAX_MAX_POLYGON_VERTICES)
        vmax = SEPAX_MAX_POLYGON_VERTICES;
    scene->shapes = calloc(n ? n : 1, sizeof *scene->shapes);
    scene->vertices = malloc((n ? n : 1) * vmax * sizeof *scene->vertices);
    if (!scene->shapes || !scene->vertices) {
        sepax_scene_free(scene);
        return -1;
    }
    uint64_t rng = p->seed;
    double sum_w = 0, sum_h = 0, sum_wh = 0;
    double aspect = p->aspect > 0 ? p->aspect : 1.0;
    double upos[2];
    for (size_t i = 0; i < n; i++) {
        sepax_scene_shape *sh = &scene->shapes[i];
        double r = p->min_radius + (p->max_radius - p->min_radius) * uniform(&rng);
        double angle = uniform(&rng) * TWO_PI;
        upos[0] = uniform(&rng);
        upos[1] = uniform(&rng);
        sepax_vec2 outline[4];
        const sepax_vec2 *v;
        uint32_t cnt;
        /* One draw picks the kind: the shares split [0, 1) in the order
         * box, circle, capsule, segment, rounded polygon, and the rest is
         * polygons, so a scene without round kinds draws as before. */
        double pick = uniform(&rng);
        double grow_by = 0.0; /* the radius, which widens the box */
        sh->radius = 0.0f;
        if (pick >= p->box_share && pick < p->box_share + p->circle_share) {
            sh->kind = SEPAX_SCENE_CIRCLE;
            sh->radius = (float)(r * (0.6 + 0.3 * uniform(&rng)));
            outline[0].x = outline[0].y = 0.0f;
            sh->centre = outline[0];
            v = outline;
            cnt = 1;
            grow_by = sh->radius;
        } else if (pick >= p->box_share + p->circle_share &&
                   pick < p->box_share + p->circle_share + p->capsule_share + p->segment_share) {
            const int capsule = pick < p->box_share + p->circle_share + p->capsule_share;
            sh->kind = capsule ? SEPAX_SCENE_CAPSULE : SEPAX_SCENE_SEGMENT;
            const double half = capsule ? r * (0.4 + 0.3 * uniform(&rng)) : r;
            sh->radius = capsule ? (float)(r * (0.25 + 0.15 * uniform(&rng))) : 0.0f;
            sh->first = (uint32_t)scene->vertex_count;
            sh->count = 2;
            sepax_vec2 *e = scene->vertices + scene->vertex_count;
            e[0].x = (float)-half, e[0].y = 0.0f;
            e[1].x = (float)half, e[1].y = 0.0f;
            v = e;
            cnt = 2;
            scene->vertex_count += 2;
            grow_by = sh->radius;
        } else if (pick < p->box_share) {
            sh->kind = SEPAX_SCENE_BOX;
            sh->half.x = (float)(r * sqrt(aspect) * (0.45 + 0.3 * uniform(&rng)));
            sh->half.y = (float)(r / sqrt(aspect) * (0.45 + 0.3 * uniform(&rng)));
            for (int k = 0; k < 4; k++) {
                outline[k].x = (k == 1 || k == 2) ? sh->half.x : -sh->half.x;
                outline[k].y = (k >= 2) ? sh->half.y : -sh->half.y;
            }
            v = outline;
            cnt = 4;
        } else {
            const double rounded_from = p->box_share + p->circle_share + p->capsule_share +
                                        p->segment_share;
            const int rounded = pick >= rounded_from && pick < rounded_from + p->rounded_share;
            sh->kind = SEPAX_SCENE_POLYGON;
            if (rounded) {
                sh->radius = (float)(r * 0.25);
                grow_by = sh->radius;
                r *= 0.75;
            }
            cnt = uniform(&rng) < p->max_vertices_share
                      ? vmax
                      : vmin + (uint32_t)(uniform(&rng) * (vmax - vmin + 1));
            if (cnt > vmax)
                cnt = vmax;
            sh->first = (uint32_t)scene->vertex_count;
            sh->count = cnt;
            make_polygon(&rng, cnt, r, aspect, scene->vertices + scene->vertex_count);
            v = scene->vertices + scene->vertex_count;
            scene->vertex_count += cnt;
        }
        double w, h;
        turned_extent(v, cnt, angle, &w, &h);
        w += 2.0 * grow_by;
        h += 2.0 * grow_by;
        sum_w += w, sum_h += h, sum_wh += w * h;
        /* positions in the unit square for now; scaled once the side is known */
        sh->xf.p.x = (float)upos[0];
        sh->xf.p.y = (float)upos[1];
        sh->xf.q.c = (float)cos(angle);
        sh->xf.q.s = (float)sin(angle);
    }
    /* Two boxes overlap when their centres are closer than the sum of half
     * widths and of half heights: chance (w1+w2)(h1+h2)/(4 L^2) per axis
     * pair, times 4 for both signs. Solve the mean over pairs for L. */
    double side = 1.0;
    if (n > 1) {
        double mw = sum_w / n, mh = sum_h / n, mwh = sum_wh / n;
        side = sqrt((double)(n - 1) * (2.0 * mwh + 2.0 * mw * mh) / p->neighbours);
    }
    for (size_t i = 0; i < n; i++) {
        sepax_scene_shape *sh = &scene->shapes[i];
        sh->xf.p.x = (float)(sh->xf.p.x * side);
        sh->xf.p.y = (float)(sh->xf.p.y * side);
    }
    scene->extent = (float)side;
    scene->shape_count = n;
    return 0;
}

size_t sepax_scene_load(const sepax_scene *scene, sepax_store *store, sepax_shape_id *ids,
                        sepax_status *status)
{
    size_t failed = 0, placed = 0, n = scene->shape_count ? scene->shape_count : 1;
    /* One batched transform call when memory allows, one call per shape
     * otherwise: the store ends up the same either way. */
    sepax_shape_id *moved = malloc(n * sizeof *moved);
    sepax_transform *xf = malloc(n * sizeof *xf);
    const int batch = moved && xf;
    for (size_t i = 0; i < scene->shape_count; i++) {
        const sepax_scene_shape *sh = &scene->shapes[i];
        sepax_shape_id id = 0;
        sepax_status st;
        const sepax_vec2 *v = scene->vertices ? scene->vertices + sh->first : NULL;
        switch (sh->kind) {
        case SEPAX_SCENE_BOX:
            st = sepax_add_box(store, sh->centre, sh->half, sh->angle, &id);
            break;
        case SEPAX_SCENE_CIRCLE:
            st = sepax_add_circle(store, sh->centre, sh->radius, &id);
            break;
        case SEPAX_SCENE_CAPSULE:
            st = sepax_add_capsule(store, v[0], v[1], sh->radius, &id);
            break;
        case SEPAX_SCENE_SEGMENT:
            st = sepax_add_segment(store, v[0], v[1], &id);
            break;
        default:
            st = sh->radius != 0.0f
                     ? sepax_add_rounded_polygon(store, v, sh->count, sh->radius, &id)
                     : sepax_add_polygon(store, v, sh->count, &id);
            break;
        }
        if (st == SEPAX_OK && !batch)
            st = sepax_set_transforms(store, &id, &sh->xf, 1);
        if (ids)
            ids[i] = st == SEPAX_OK ? id : UINT32_MAX;
        if (status)
            status[i] = st;
        if (st != SEPAX_OK) {
            failed++;
        } else if (batch) {
            moved[placed] = id;
            xf[placed] = sh->xf;
            placed++;
        }
    }
    /* Transforms of generated and parsed scenes are always valid, so a
     * failure here is a bug in the scene code: count every shape as failed
     * rather than hand back a scene with shapes in the wrong place. */
    if (batch && placed && sepax_set_transforms(store, moved, xf, placed) != SEPAX_OK)
        failed = scene->shape_count;
    free(moved);
    free(xf);
    return failed;
}
