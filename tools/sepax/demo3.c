/* sepax demo --3d: the demo's stages and backend comparison on a
 * generated scene of boxes, spheres, hulls and capsules (mixed3); its
 * picture is drawn by svg3.c. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "demo.h"
#include "svg3.h"
#include "timing.h"

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

int demo3(const demo_options *o, output_file *picture)
{
    demo3_state d;
    memset(&d, 0, sizeof d);
    int code = demo3_build(&d, o);
    if (code == EXIT_GOOD)
        code = demo3_stages(&d, o);
    if (code != EXIT_CANNOT_RUN && o->svg != NULL) {
        FILE *out = output_begin(picture);
        int svg = out == NULL ? EXIT_CANNOT_RUN : write_svg3(&d, out);
        const int closed = output_close(picture);
        svg = closed > svg ? closed : svg;
        code = svg > code ? svg : code;
    }
    if (code != EXIT_CANNOT_RUN) {
        const int compared = demo3_compare(&d);
        code = compared > code ? compared : code;
    }
    demo3_free(&d);
    return code;
}
