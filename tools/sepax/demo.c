/* sepax demo: how fast the library is on this machine, stage by stage,
 * and whether every backend it runs here gives the scalar reference's
 * answers bit for bit. The scene is generated, so that a run needs no
 * input and is the same wherever the seed is the same. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "demo.h"
#include "svg3.h"
#include "tasks.h"
#include "timing.h"

void demo_help(FILE *out)
{
    const sepax_scene_params defaults = sepax_scene_params_default();
    fprintf(out,
            "usage: sepax demo [--shapes N] [--seed S] [--mix | --3d] [--svg FILE]\n"
            "                  [--backend NAME] [--threads N]\n"
            "\n"
            "Generate a random scene, time its world update, broadphase and collide\n"
            "stages with one backend, then collide its pairs on every backend this\n"
            "machine runs and compare each answer with the scalar reference's, bit\n"
            "for bit. The same options give the same scene on every machine.\n"
            "\n"
            "options:\n"
            "  --shapes N      how many shapes, 1 to %u (default %zu)\n"
            "  --seed S        the generator's seed, a whole number (default %" PRIu64 ")\n"
            "  --mix           a 2D scene of every kind: polygons, boxes, circles,\n"
            "                  capsules, segments and rounded polygons (default:\n"
            "                  convex polygons only)\n"
            "  --3d            a 3D scene of boxes, spheres, convex hulls and capsules\n"
            "                  instead of the 2D one; not with --mix or --threads\n"
            "  --svg FILE      also draw a window of the scene to FILE as SVG, each\n"
            "                  shape filled by what it hit, an arrow for each hit's\n"
            "                  separating vector, and beside it a legend with the\n"
            "                  window's counts. 2D: a square %g units wide around the\n"
            "                  scene's centre, seen from above; 3D: a cube holding\n"
            "                  about %d shapes, seen obliquely. FILE is opened before\n"
            "                  the demo starts, so one that cannot be written stops it\n"
            "                  at once.\n",
            SEPAX_MAX_SHAPES, defaults.shapes, defaults.seed, (double)SVG_WINDOW_UNITS,
            SVG3_WINDOW_SHAPES);
    backend_option_help(out, "the backend to time and to draw with");
    fprintf(out,
            "  --threads N     also time the 2D stages split across N worker threads,\n"
            "                  1 to %u, and check that they answer as one thread does\n"
            "  -h, --help      print this text\n"
            "\n"
            "A value may also follow its option after '=', as in --shapes=500.\n"
            "\n"
            "exit status: 0 every backend agreed with the reference, 1 one did not\n"
            "(or the threads answered otherwise than one thread, or a generated shape\n"
            "was refused), 2 the demo could not run (usage error, a FILE that cannot\n"
            "be written, an unusable backend).\n",
            SEPAX_MAX_WORKERS);
}

static int parse_demo_options(int argc, char **argv, demo_options *o)
{
    sepax_scene_params defaults = sepax_scene_params_default();
    o->shapes = defaults.shapes;
    o->seed = defaults.seed;
    o->svg = NULL;
    o->backend = NULL;
    o->mix = 0;
    o->three = 0;
    o->threads = 0;
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int got;
        if ((got = option_value(argc, argv, &i, "--shapes", &value)) != 0) {
            uint64_t n;
            if (got < 0 || parse_number(value, 1, SEPAX_MAX_SHAPES, &n) != 0) {
                return usage_error("--shapes needs a whole number from 1 to %u", SEPAX_MAX_SHAPES);
            }
            o->shapes = (size_t)n;
        } else if ((got = option_value(argc, argv, &i, "--seed", &value)) != 0) {
            if (got < 0 || parse_number(value, 0, UINT64_MAX, &o->seed) != 0) {
                return usage_error("--seed needs a whole number");
            }
        } else if (strcmp(argv[i], "--mix") == 0) {
            o->mix = 1;
        } else if (strcmp(argv[i], "--3d") == 0) {
            o->three = 1;
        } else if ((got = option_value(argc, argv, &i, "--svg", &value)) != 0) {
            if (got < 0 || *value == '\0') {
                return usage_error("--svg needs a file name");
            }
            o->svg = value;
        } else if ((got = option_value(argc, argv, &i, "--threads", &value)) != 0) {
            uint64_t n;
            if (got < 0 || parse_number(value, 1, SEPAX_MAX_WORKERS, &n) != 0) {
                return usage_error("--threads needs a whole number from 1 to %u", SEPAX_MAX_WORKERS);
            }
            o->threads = (uint32_t)n;
        } else if ((got = option_value(argc, argv, &i, "--backend", &value)) != 0) {
            if (got < 0) {
                return usage_error("--backend needs a name");
            }
            o->backend = value;
        } else {
            return usage_error("demo: unexpected argument '%s'", argv[i]);
        }
    }
    return EXIT_GOOD;
}

static void demo_free(demo *d)
{
    sepax_scene_free(&d->scene);
    sepax_store_destroy(d->store);
    free(d->ids);
    free(d->pairs);
    free(d->results);
    free(d->scratch);
    free(d->hits);
}

/* Generate the scene and put it in a store with the requested backend. */
static int demo_build(demo *d, const demo_options *o)
{
    if (create_store(&d->store) != 0) {
        return EXIT_CANNOT_RUN;
    }
    if (o->backend != NULL && select_backend(d->store, o->backend) != 0) {
        return EXIT_CANNOT_RUN;
    }
    sepax_scene_params params = o->mix ? sepax_scene_params_mixed_kinds() : sepax_scene_params_default();
    params.shapes = o->shapes;
    params.seed = o->seed;
    if (sepax_scene_generate(&params, &d->scene) != 0) {
        return out_of_memory();
    }
    d->ids = alloc_array(d->scene.shape_count, sizeof *d->ids);
    sepax_status *status = alloc_array(d->scene.shape_count, sizeof *status);
    if (d->ids == NULL || status == NULL) {
        free(status);
        return out_of_memory();
    }
    d->rejected = sepax_scene_load(&d->scene, d->store, d->ids, status);
    /* Generated shapes are convex by construction; a refusal is a bug in
     * the generator or the store, worth showing but not worth stopping. */
    for (size_t i = 0; i < d->scene.shape_count; i++) {
        if (status[i] != SEPAX_OK) {
            fprintf(stderr, "sepax: generated shape %zu rejected: %s\n", i,
                    sepax_status_string(status[i]));
        }
    }
    free(status);
    /* Laid out in space once loaded, as a program with a large scene
     * should: the same answers, fewer cache misses past a few hundred
     * thousand shapes (docs/notes/pool-order.md). */
    const sepax_status laid = sepax_store_sort_pool(d->store);
    if (laid != SEPAX_OK) {
        fprintf(stderr, "sepax: laying out the store: %s\n", sepax_status_string(laid));
        return laid == SEPAX_ERR_OUT_OF_MEMORY ? out_of_memory() : EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

/* Ask the broadphase for its count first, then size every per-pair
 * buffer once so that the timed runs allocate nothing. */
static int demo_find_pairs(demo *d)
{
    size_t count = 0;
    sepax_status status = sepax_broadphase(d->store, NULL, 0, &count);
    if (status != SEPAX_OK && status != SEPAX_ERR_CAPACITY) {
        fprintf(stderr, "sepax: broadphase: %s\n", sepax_status_string(status));
        return EXIT_CANNOT_RUN;
    }
    d->pairs = alloc_array(count, sizeof *d->pairs);
    d->results = alloc_array(count, sizeof *d->results);
    d->scratch = alloc_array(count, sizeof *d->scratch);
    d->hits = alloc_array(count, sizeof *d->hits);
    if (d->pairs == NULL || d->results == NULL || d->scratch == NULL || d->hits == NULL) {
        return out_of_memory();
    }
    d->pair_count = count;
    status = sepax_broadphase(d->store, d->pairs, count, &count);
    if (status != SEPAX_OK || count != d->pair_count) {
        fprintf(stderr, "sepax: broadphase: %s\n", status != SEPAX_OK
                    ? sepax_status_string(status) : "pair count changed between calls");
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

/* The stages that are timed, each one call into the library, in the form
 * time_stage takes. */
static sepax_status stage_world(void *context)
{
    demo *d = context;
    return sepax_update_world(d->store);
}

static sepax_status stage_broadphase(void *context)
{
    demo *d = context;
    size_t count = 0;
    return sepax_broadphase(d->store, d->pairs, d->pair_count, &count);
}

static sepax_status stage_collide(void *context)
{
    demo *d = context;
    return sepax_collide(d->store, d->pairs, d->pair_count, d->results, NULL);
}

static sepax_status stage_collide_scratch(void *context)
{
    demo *d = context;
    return sepax_collide(d->store, d->pairs, d->pair_count, d->scratch, NULL);
}

static sepax_status stage_hits(void *context)
{
    demo *d = context;
    return sepax_collide_hits(d->store, d->pairs, d->pair_count, d->hits, d->pair_count,
                              &d->hit_count, NULL);
}

static void count_outcomes(demo *d)
{
    d->hit_total = 0;
    d->containment_total = 0;
    for (size_t i = 0; i < d->pair_count; i++) {
        uint8_t flags = d->results[i].flags;
        d->hit_total += (flags & SEPAX_HIT) != 0;
        d->containment_total += (flags & (SEPAX_A_IN_B | SEPAX_B_IN_A)) != 0;
    }
}

/* The stages in the table's order. */
static const struct {
    const char *label;
    timed_stage run;
    int per_pair;
} stages[] = {
    {"world update", stage_world, 0},
    {"broadphase", stage_broadphase, 0},
    {"collide", stage_collide, 1},
    {"collide, hits only", stage_hits, 1},
};
enum { STAGES = sizeof stages / sizeof stages[0] };

static sepax_status time_stages(demo *d, double seconds[STAGES])
{
    sepax_status status = SEPAX_OK;
    for (int k = 0; k < STAGES && status == SEPAX_OK; k++) {
        status = time_stage(stages[k].run, d, &seconds[k]);
    }
    return status;
}

/* The same stages split across o->threads workers of the tools' pool
 * (sepax_store_set_tasks); their answers must be the one thread's. */
static int time_threads(demo *d, const demo_options *o, double seconds[STAGES])
{
    task_pool *pool = NULL;
    if (task_pool_create(o->threads, &pool) != 0) {
        fputs("sepax: could not start the worker threads\n", stderr);
        return EXIT_CANNOT_RUN;
    }
    const sepax_task_system tasks = task_pool_system(pool);
    sepax_status status = sepax_store_set_tasks(d->store, &tasks);
    const size_t hits = d->hit_count;
    if (status == SEPAX_OK) {
        status = time_stages(d, seconds);
    }
    if (status == SEPAX_OK) {
        status = stage_collide_scratch(d);
    }
    sepax_store_set_tasks(d->store, NULL);
    task_pool_destroy(pool);
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(status));
        return EXIT_CANNOT_RUN;
    }
    if (memcmp(d->scratch, d->results, d->pair_count * sizeof *d->results) != 0 ||
        d->hit_count != hits) {
        fprintf(stderr, "sepax: %u threads answered differently from one\n", o->threads);
        return EXIT_PROBLEMS;
    }
    return EXIT_GOOD;
}

/* Time the main stages with the active backend and print the summary;
 * with --threads, a column for the split calls beside them. */
static int demo_run_stages(demo *d, const demo_options *o)
{
    double one[STAGES] = {0}, many[STAGES] = {0};
    sepax_status status = time_stages(d, one);
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(status));
        return EXIT_CANNOT_RUN;
    }
    count_outcomes(d);
    if (d->hit_count != d->hit_total) {
        fprintf(stderr, "sepax: collide found %zu hits but collide_hits %zu\n", d->hit_total,
                d->hit_count);
        return EXIT_PROBLEMS;
    }
    int code = o->threads ? time_threads(d, o, many) : EXIT_GOOD;
    if (code == EXIT_CANNOT_RUN) {
        return code;
    }

    double shapes = (double)sepax_store_count(d->store);
    double pairs = (double)d->pair_count;
    printf("sepax %s demo: seed %" PRIu64 ", backend %s (%s)\n\n", SEPAX_VERSION_STRING, o->seed,
           sepax_backend_name(sepax_store_backend(d->store)), backend_origin(o->backend));
    printf("  %-20s %10zu\n", "shapes", d->scene.shape_count);
    printf("  %-20s %10zu\n", "candidate pairs", d->pair_count);
    printf("  %-20s %10zu\n", "hits", d->hit_total);
    printf("  %-20s %10zu\n\n", "containments", d->containment_total);
    if (!o->threads) {
        printf("  %-20s %13s %12s\n", "stage", "median time", "throughput");
        for (int k = 0; k < STAGES; k++) {
            print_stage(stages[k].label, one[k], stages[k].per_pair ? pairs : shapes,
                        stages[k].per_pair ? "pairs" : "shapes");
        }
        return code;
    }
    char threads[32];
    snprintf(threads, sizeof threads, "%u threads", o->threads);
    printf("  %-20s %13s %19s %13s %9s\n", "stage", "median time", "throughput", threads,
           "speed-up");
    double step_one = 0, step_many = 0;
    for (int k = 0; k < STAGES; k++) {
        print_stage_split(stages[k].label, one[k], many[k], stages[k].per_pair ? pairs : shapes,
                          stages[k].per_pair ? "pairs" : "shapes");
        if (k < 3) {
            step_one += one[k], step_many += many[k];
        }
    }
    print_stage_split("step (first three)", step_one, step_many, shapes, "shapes");
    return code;
}

/* One row per backend: its speed on the same pairs and whether it agrees
 * bit for bit with the scalar reference, which every backend must. */
static int demo_compare_backends(demo *d)
{
    sepax_backend active = sepax_store_backend(d->store);
    double reference_time = 0;
    int all_identical = 1;
    if (sepax_store_set_backend(d->store, SEPAX_BACKEND_SCALAR) != SEPAX_OK ||
        time_stage(stage_collide_scratch, d, &reference_time) != SEPAX_OK) {
        fputs("sepax: the scalar reference is not available\n", stderr);
        sepax_store_set_backend(d->store, active);
        return EXIT_PROBLEMS;
    }
    /* The reference answers live in results from here on; the active
     * backend's answers were already counted. */
    memcpy(d->results, d->scratch, d->pair_count * sizeof *d->results);

    printf("\n  %-10s %12s %10s   %s\n", "backend", "pairs/s", "speed-up", "identical to reference");
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        sepax_backend backend = (sepax_backend)b;
        if (!sepax_backend_available(backend)) {
            continue;
        }
        double seconds = 0;
        if (sepax_store_set_backend(d->store, backend) != SEPAX_OK ||
            time_stage(stage_collide_scratch, d, &seconds) != SEPAX_OK) {
            printf("  %-10s %12s %10s   %s\n", sepax_backend_name(backend), "-", "-", "failed");
            all_identical = 0;
            continue;
        }
        int identical = memcmp(d->scratch, d->results, d->pair_count * sizeof *d->results) == 0;
        all_identical &= identical;
        /* Scalar comes first: its row here, timed like the others, is the
         * basis of the ratios, so the scalar row reads 1.00x rather than
         * comparing two runs of the same code at different moments. */
        if (backend == SEPAX_BACKEND_SCALAR)
            reference_time = seconds;
        print_backend_row(backend, (double)d->pair_count, seconds, reference_time, identical,
                          backend == active);
    }
    sepax_store_set_backend(d->store, active);
    if (!all_identical) {
        fputs("sepax: a backend disagrees with the scalar reference\n", stderr);
        return EXIT_PROBLEMS;
    }
    return EXIT_GOOD;
}

int cmd_demo(int argc, char **argv)
{
    demo_options options;
    int code = parse_demo_options(argc, argv, &options);
    if (code != EXIT_GOOD) {
        return code;
    }
    if (options.three) {
        if (options.threads)
            return usage_error("demo: --threads is for the 2D scene");
        if (options.mix)
            return usage_error("demo: --mix is a 2D scene; --3d mixes boxes, spheres, hulls and capsules itself");
    }
    output_file picture = {.path = NULL};
    if (options.svg != NULL && (code = output_open(&picture, options.svg)) != EXIT_GOOD) {
        return code;
    }
    if (options.three) {
        code = demo3(&options, &picture);
        output_abandon(&picture);
        return code;
    }
    demo d;
    memset(&d, 0, sizeof d);
    code = demo_build(&d, &options);
    if (code == EXIT_GOOD) {
        code = demo_find_pairs(&d);
    }
    if (code == EXIT_GOOD) {
        code = demo_run_stages(&d, &options);
    }
    /* The picture uses the active backend's answers, so draw it before
     * the comparison puts the reference's in their place. */
    if (code != EXIT_CANNOT_RUN && options.svg != NULL) {
        FILE *out = output_begin(&picture);
        int svg = out == NULL ? EXIT_CANNOT_RUN : write_svg(&d, out);
        const int closed = output_close(&picture);
        svg = closed > svg ? closed : svg;
        code = svg > code ? svg : code;
    }
    output_abandon(&picture);
    if (code != EXIT_CANNOT_RUN) {
        int compared = demo_compare_backends(&d);
        code = compared > code ? compared : code;
    }
    if (code == EXIT_GOOD && d.rejected > 0) {
        code = EXIT_PROBLEMS;
    }
    demo_free(&d);
    return code;
}
