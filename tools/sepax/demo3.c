/* sepax demo --3d: the demo's stages and backend comparison on a
 * generated scene of boxes, spheres, hulls and capsules (mixed3), and its
 * picture:
 * an orthographic view from above of a window of the scene, shapes that
 * take part in a hit filled. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "demo.h"
#include "scene3.h"
#include "timing.h"

typedef struct demo3 {
    sepax_scene3 scene;
    sepax3_store *store;
    sepax_shape_id *ids;
    sepax_pair *pairs;
    size_t pair_count, hit_count, hit_total;
    sepax3_result *results, *scratch;
    sepax3_hit *hits;
} demo3_state;

static void demo3_free(demo3_state *d)
{
    sepax_scene3_free(&d->scene);
    sepax3_store_destroy(d->store);
    free(d->ids);
    free(d->pairs);
    free(d->results);
    free(d->scratch);
    free(d->hits);
}

static int demo3_build(demo3_state *d, const demo_options *o)
{
    if (create_store3(&d->store) != 0)
        return EXIT_CANNOT_RUN;
    if (o->backend != NULL && select_backend3(d->store, o->backend) != 0)
        return EXIT_CANNOT_RUN;
    sepax_scene3_params p = sepax_scene3_params_mixed();
    p.shapes = o->shapes;
    p.seed = o->seed;
    if (sepax_scene3_generate(&p, &d->scene) != 0)
        return out_of_memory();
    d->ids = alloc_array(d->scene.shape_count, sizeof *d->ids);
    if (d->ids == NULL)
        return out_of_memory();
    if (sepax_scene3_load(&d->scene, d->store, d->ids, NULL) != 0) {
        fputs("sepax: a generated 3D shape was rejected\n", stderr);
        return EXIT_PROBLEMS;
    }
    size_t count = 0;
    sepax_status st = sepax3_broadphase(d->store, NULL, 0, &count);
    d->pairs = alloc_array(count, sizeof *d->pairs);
    d->results = alloc_array(count, sizeof *d->results);
    d->scratch = alloc_array(count, sizeof *d->scratch);
    d->hits = alloc_array(count, sizeof *d->hits);
    if (d->pairs == NULL || d->results == NULL || d->scratch == NULL || d->hits == NULL)
        return out_of_memory();
    if (st == SEPAX_OK || st == SEPAX_ERR_CAPACITY)
        st = sepax3_broadphase(d->store, d->pairs, count, &d->pair_count);
    if (st != SEPAX_OK) {
        fprintf(stderr, "sepax: broadphase: %s\n", sepax_status_string(st));
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

static sepax_status stage_world(void *c)
{
    return sepax3_update_world(((demo3_state *)c)->store);
}

static sepax_status stage_broadphase(void *c)
{
    demo3_state *d = c;
    size_t n = 0;
    return sepax3_broadphase(d->store, d->pairs, d->pair_count, &n);
}

static sepax_status stage_collide(void *c)
{
    demo3_state *d = c;
    return sepax3_collide(d->store, d->pairs, d->pair_count, d->results, NULL);
}

static sepax_status stage_collide_scratch(void *c)
{
    demo3_state *d = c;
    return sepax3_collide(d->store, d->pairs, d->pair_count, d->scratch, NULL);
}

static sepax_status stage_hits(void *c)
{
    demo3_state *d = c;
    return sepax3_collide_hits(d->store, d->pairs, d->pair_count, d->hits, d->pair_count,
                               &d->hit_count, NULL);
}

static int demo3_stages(demo3_state *d, const demo_options *o)
{
    double world = 0, broad = 0, collide = 0, hits = 0;
    sepax_status st = time_stage(stage_world, d, &world);
    if (st == SEPAX_OK)
        st = time_stage(stage_broadphase, d, &broad);
    if (st == SEPAX_OK)
        st = time_stage(stage_collide, d, &collide);
    if (st == SEPAX_OK)
        st = time_stage(stage_hits, d, &hits);
    if (st != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(st));
        return EXIT_CANNOT_RUN;
    }
    d->hit_total = 0;
    for (size_t i = 0; i < d->pair_count; i++)
        d->hit_total += (d->results[i].flags & SEPAX_HIT) != 0;
    const double shapes = (double)sepax3_store_count(d->store), pairs = (double)d->pair_count;
    printf("sepax %s demo, 3D boxes, spheres, hulls and capsules: seed %" PRIu64 ", backend %s (%s)\n\n",
           SEPAX_VERSION_STRING, o->seed, sepax_backend_name(sepax3_store_backend(d->store)),
           backend_origin(o->backend));
    printf("  %-20s %10zu\n", "shapes", d->scene.shape_count);
    printf("  %-20s %10zu\n", "candidate pairs", d->pair_count);
    printf("  %-20s %10zu\n\n", "hits", d->hit_total);
    printf("  %-20s %13s %12s\n", "stage", "median time", "throughput");
    print_stage("world update", world, shapes, "shapes");
    print_stage("broadphase", broad, shapes, "shapes");
    print_stage("collide", collide, pairs, "pairs");
    print_stage("collide, hits only", hits, pairs, "pairs");
    if (d->hit_count != d->hit_total) {
        fprintf(stderr, "sepax: collide found %zu hits but collide_hits %zu\n", d->hit_total,
                d->hit_count);
        return EXIT_PROBLEMS;
    }
    return EXIT_GOOD;
}

/* Every backend on the same pairs against the scalar reference. */
static int demo3_compare(demo3_state *d)
{
    const sepax_backend active = sepax3_store_backend(d->store);
    double reference = 0;
    int all = 1;
    if (sepax3_store_set_backend(d->store, SEPAX_BACKEND_SCALAR) != SEPAX_OK ||
        time_stage(stage_collide_scratch, d, &reference) != SEPAX_OK) {
        fputs("sepax: the scalar reference is not available\n", stderr);
        return EXIT_PROBLEMS;
    }
    memcpy(d->results, d->scratch, d->pair_count * sizeof *d->results);
    printf("\n  %-10s %12s %10s   %s\n", "backend", "pairs/s", "speed-up", "identical to reference");
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const sepax_backend backend = (sepax_backend)b;
        if (!sepax_backend_available(backend))
            continue;
        double seconds = 0;
        if (sepax3_store_set_backend(d->store, backend) != SEPAX_OK ||
            time_stage(stage_collide_scratch, d, &seconds) != SEPAX_OK) {
            all = 0;
            continue;
        }
        const int same = memcmp(d->scratch, d->results, d->pair_count * sizeof *d->results) == 0;
        all &= same;
        if (backend == SEPAX_BACKEND_SCALAR)
            reference = seconds;
        print_backend_row(backend, (double)d->pair_count, seconds, reference, same,
                          backend == active);
    }
    sepax3_store_set_backend(d->store, active);
    if (!all) {
        fputs("sepax: a backend disagrees with the scalar reference\n", stderr);
        return EXIT_PROBLEMS;
    }
    return EXIT_GOOD;
}

/* The picture: SVG_SIDE units of the scene seen from above (x right, y
 * up), each box as the outline of its eight corners' projection, each
 * sphere as a circle; shapes in a hit filled red. */
#define SVG_SIDE 30.0
#define SVG_PIXELS 800.0

static int demo3_svg(const demo3_state *d, const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "sepax: cannot write %s: %s\n", path, strerror(errno));
        return EXIT_CANNOT_RUN;
    }
    const uint32_t limit = sepax3_store_slot_limit(d->store);
    uint8_t *hit = alloc_array(limit, 1);
    if (hit == NULL) {
        fclose(f);
        return out_of_memory();
    }
    for (size_t i = 0; i < d->pair_count; i++)
        if (d->results[i].flags & SEPAX_HIT)
            hit[SEPAX_ID_SLOT(d->pairs[i].a)] = hit[SEPAX_ID_SLOT(d->pairs[i].b)] = 1;
    const double s = SVG_PIXELS / SVG_SIDE;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            SVG_PIXELS, SVG_PIXELS, SVG_PIXELS, SVG_PIXELS);
    for (size_t i = 0; i < d->scene.shape_count; i++) {
        sepax3_world_shape w;
        sepax3_vec lo, hi;
        if (sepax3_shape_world(d->store, d->ids[i], &w) != SEPAX_OK ||
            sepax3_shape_aabb(d->store, d->ids[i], &lo, &hi) != SEPAX_OK ||
            lo.x > SVG_SIDE || lo.y > SVG_SIDE || hi.x < 0 || hi.y < 0)
            continue;
        const char *fill = hit[SEPAX_ID_SLOT(d->ids[i])] ? "#e8553c" : "#9db7d5";
        if (d->scene.shapes[i].kind == SEPAX_SCENE3_SPHERE) {
            fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\" fill-opacity=\"0.6\" "
                       "stroke=\"#333\" stroke-width=\"0.5\"/>\n",
                    w.centre.x * s, (SVG_SIDE - w.centre.y) * s, w.radius * s, fill);
            continue;
        }
        if (d->scene.shapes[i].kind == SEPAX_SCENE3_CAPSULE) {
            const double hl = w.half_extents.x;
            fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                       "stroke-opacity=\"0.6\" stroke-width=\"%.2f\" stroke-linecap=\"round\"/>\n",
                    (w.centre.x - hl * w.axis[0].x) * s, (SVG_SIDE - (w.centre.y - hl * w.axis[0].y)) * s,
                    (w.centre.x + hl * w.axis[0].x) * s, (SVG_SIDE - (w.centre.y + hl * w.axis[0].y)) * s,
                    fill, 2.0 * w.radius * s);
            continue;
        }
        /* a box's eight corners, or a hull's vertices, projected */
        double px[SEPAX3_MAX_HULL_VERTICES], py[SEPAX3_MAX_HULL_VERTICES];
        int m = 8;
        if (d->scene.shapes[i].kind == SEPAX_SCENE3_HULL) {
            sepax3_vec v[SEPAX3_MAX_HULL_VERTICES];
            size_t nv = 0;
            sepax3_shape_desc desc;
            if (sepax3_hull_vertices(d->store, d->ids[i], v, SEPAX3_MAX_HULL_VERTICES, &nv) != SEPAX_OK ||
                sepax3_shape_info(d->store, d->ids[i], &desc) != SEPAX_OK)
                continue;
            m = (int)nv;
            for (int k = 0; k < m; k++) {
                /* about the centre, along the world axes */
                const double l[3] = {v[k].x - desc.centre.x, v[k].y - desc.centre.y,
                                     v[k].z - desc.centre.z};
                px[k] = w.centre.x + l[0] * w.axis[0].x + l[1] * w.axis[1].x + l[2] * w.axis[2].x;
                py[k] = w.centre.y + l[0] * w.axis[0].y + l[1] * w.axis[1].y + l[2] * w.axis[2].y;
            }
        } else {
            const float e[3] = {w.half_extents.x, w.half_extents.y, w.half_extents.z};
            for (int k = 0; k < 8; k++) {
                px[k] = w.centre.x, py[k] = w.centre.y;
                for (int j = 0; j < 3; j++) {
                    const double sign = (k >> j) & 1 ? 1.0 : -1.0;
                    px[k] += sign * e[j] * w.axis[j].x;
                    py[k] += sign * e[j] * w.axis[j].y;
                }
            }
        }
        /* the outline is the convex hull of the projected points
         * (Andrew's monotone chain) */
        int order[SEPAX3_MAX_HULL_VERTICES];
        for (int k = 0; k < m; k++)
            order[k] = k;
        for (int a = 1; a < m; a++)
            for (int b = a; b > 0 && (px[order[b]] < px[order[b - 1]] ||
                                      (px[order[b]] == px[order[b - 1]] &&
                                       py[order[b]] < py[order[b - 1]]));
                 b--) {
                const int t = order[b];
                order[b] = order[b - 1];
                order[b - 1] = t;
            }
        int hull[2 * SEPAX3_MAX_HULL_VERTICES], n = 0;
        for (int pass = 0; pass < 2; pass++) {
            const int start = n;
            for (int q = 0; q < m; q++) {
                const int k = order[pass ? m - 1 - q : q];
                while (n >= start + 2) {
                    const int u = hull[n - 2], v = hull[n - 1];
                    if ((px[v] - px[u]) * (py[k] - py[u]) - (py[v] - py[u]) * (px[k] - px[u]) > 0)
                        break;
                    n--;
                }
                hull[n++] = k;
            }
            n--; /* the last point starts the other chain */
        }
        fputs("<polygon points=\"", f);
        for (int k = 0; k < n; k++)
            fprintf(f, "%.2f,%.2f ", px[hull[k]] * s, (SVG_SIDE - py[hull[k]]) * s);
        fprintf(f, "\" fill=\"%s\" fill-opacity=\"0.6\" stroke=\"#333\" stroke-width=\"0.5\"/>\n",
                fill);
    }
    fputs("</svg>\n", f);
    free(hit);
    const int failed = ferror(f) != 0;
    if (fclose(f) != 0 || failed) {
        fprintf(stderr, "sepax: error writing %s\n", path);
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

int demo3(const demo_options *o)
{
    demo3_state d;
    memset(&d, 0, sizeof d);
    int code = demo3_build(&d, o);
    if (code == EXIT_GOOD)
        code = demo3_stages(&d, o);
    if (code != EXIT_CANNOT_RUN && o->svg != NULL) {
        const int svg = demo3_svg(&d, o->svg);
        code = svg > code ? svg : code;
    }
    if (code != EXIT_CANNOT_RUN) {
        const int compared = demo3_compare(&d);
        code = compared > code ? compared : code;
    }
    demo3_free(&d);
    return code;
}
