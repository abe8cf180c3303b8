/* The sepax command line.
 *
 *   sepax demo   times the library on a generated scene and checks every
 *                backend against the scalar reference;
 *   sepax check  answers the pairs of a scene file (docs/FORMAT.md) as CSV.
 *
 * Exit status: 0 when all went well, 1 when a problem was reported (a bad
 * line, a rejected shape, a backend that disagrees with the reference),
 * 2 when the command could not run at all (usage, unreadable file, no
 * usable backend, no memory). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scene.h"

/* See the top of the file; usage errors are one way of not running. */
enum { EXIT_GOOD = 0, EXIT_PROBLEMS = 1, EXIT_CANNOT_RUN = 2 };

/* Odd, so the median is one of the samples; enough to shrug off one slow
 * run without making the demo drag. */
#define REPEATS 7

/* The SVG shows a square of this many units around the scene's centre:
 * large enough to see contacts in context, small enough to stay legible. */
#define SVG_WINDOW 40.0f
#define SVG_PIXELS 800.0

static const char usage_text[] =
    "usage: sepax <command> [options]\n"
    "\n"
    "commands:\n"
    "  demo [--shapes N] [--seed S] [--mix] [--svg FILE] [--backend NAME]\n"
    "      Generate a random scene (20000 shapes and seed 1 unless given;\n"
    "      polygons, or with --mix also boxes, circles, capsules, segments\n"
    "      and rounded polygons),\n"
    "      time the world update, broadphase and collide stages, and compare\n"
    "      every backend this CPU runs with the scalar reference. --svg draws\n"
    "      a window of the scene with its hits and their separating vectors.\n"
    "  check FILE [--csv OUT] [--backend NAME]\n"
    "      Read a scene file (FILE may be - for standard input), report its\n"
    "      problems on stderr as FILE:LINE: message, and write one CSV row\n"
    "      per pair to OUT (default: standard output). The pairs are the\n"
    "      file's pair lines, or every broadphase pair when it has none.\n"
    "  version\n"
    "      Print the version and the backends available on this machine.\n"
    "  --help\n"
    "      Print this text.\n"
    "\n"
    "The SEPAX_BACKEND environment variable names the backend to use when\n"
    "--backend is not given.\n"
    "\n"
    "exit status: 0 all good, 1 problems were reported, 2 the command could\n"
    "not run (usage error, unreadable file, unusable backend).\n";

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static int usage_error(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("sepax: ", stderr);
    vfprintf(stderr, format, args);
    fputs("\nTry 'sepax --help'.\n", stderr);
    va_end(args);
    return EXIT_CANNOT_RUN;
}

static int out_of_memory(void)
{
    fputs("sepax: out of memory\n", stderr);
    return EXIT_CANNOT_RUN;
}

/* calloc that never answers NULL for an empty array, so NULL always means
 * failure. */
static void *alloc_array(size_t count, size_t size)
{
    return calloc(count > 0 ? count : 1, size);
}

static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* A whole decimal number in [min, max]; no sign, no spaces, no suffix. */
static int parse_number(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (*text < '0' || *text > '9') {
        return -1;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < min || value > max) {
        return -1;
    }
    *out = (uint64_t)value;
    return 0;
}

/* Match argv[*i] against "--name VALUE" or "--name=VALUE". Returns 1 with
 * *value set on a match (and *i moved past a separate value), 0 when the
 * argument is something else, -1 when the value is missing. */
static int option_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *arg = argv[*i];
    size_t length = strlen(name);
    if (strncmp(arg, name, length) != 0) {
        return 0;
    }
    if (arg[length] == '=') {
        *value = arg + length + 1;
        return 1;
    }
    if (arg[length] != '\0') {
        return 0;
    }
    if (*i + 1 >= argc) {
        return -1;
    }
    *i += 1;
    *value = argv[*i];
    return 1;
}

/* ------------------------------------------------------------------ */
/* Stores and backends                                                 */
/* ------------------------------------------------------------------ */

/* Creation is where a bad SEPAX_BACKEND shows up, so say so. */
static int create_store(sepax_store **out)
{
    sepax_status status = sepax_store_create(NULL, out);
    if (status == SEPAX_OK) {
        return 0;
    }
    const char *env = getenv("SEPAX_BACKEND");
    if (env != NULL && (status == SEPAX_ERR_UNKNOWN_BACKEND ||
                        status == SEPAX_ERR_UNSUPPORTED_BACKEND)) {
        fprintf(stderr, "sepax: SEPAX_BACKEND=%s: %s\n", env, sepax_status_string(status));
    } else {
        fprintf(stderr, "sepax: cannot create a store: %s\n", sepax_status_string(status));
    }
    return -1;
}

static int select_backend(sepax_store *store, const char *name)
{
    sepax_backend backend;
    sepax_status status = sepax_backend_from_name(name, &backend);
    if (status == SEPAX_OK) {
        status = sepax_store_set_backend(store, backend);
    }
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: backend '%s': %s\n", name, sepax_status_string(status));
        return -1;
    }
    return 0;
}

/* Where the active backend came from, for the reader of the demo table. */
static const char *backend_origin(const char *option)
{
    if (option != NULL) {
        return "chosen with --backend";
    }
    if (getenv("SEPAX_BACKEND") != NULL) {
        return "chosen with SEPAX_BACKEND";
    }
    return "the fastest available";
}

/* ------------------------------------------------------------------ */
/* version                                                             */
/* ------------------------------------------------------------------ */

static int cmd_version(void)
{
    printf("sepax %s\nbackends:", SEPAX_VERSION_STRING);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (sepax_backend_available((sepax_backend)b)) {
            printf(" %s", sepax_backend_name((sepax_backend)b));
        }
    }
    printf(" (fastest: %s)\n", sepax_backend_name(sepax_backend_best()));
    return EXIT_GOOD;
}

/* ------------------------------------------------------------------ */
/* demo                                                                */
/* ------------------------------------------------------------------ */

typedef struct demo_options {
    size_t shapes;
    uint64_t seed;
    const char *svg;
    const char *backend;
    int mix; /* every shape kind, not only polygons */
} demo_options;

typedef struct demo {
    sepax_scene scene;
    sepax_store *store;
    sepax_shape_id *ids;
    size_t rejected;
    sepax_pair *pairs;
    size_t pair_count;
    sepax_result *results;
    sepax_result *scratch; /* another backend's answers, to compare */
    sepax_hit *hits;
    size_t hit_count;
    size_t hit_total, containment_total; /* counted from results */
} demo;

typedef sepax_status (*demo_stage)(demo *d);

static int parse_demo_options(int argc, char **argv, demo_options *o)
{
    sepax_scene_params defaults = sepax_scene_params_default();
    o->shapes = defaults.shapes;
    o->seed = defaults.seed;
    o->svg = NULL;
    o->backend = NULL;
    o->mix = 0;
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
        } else if ((got = option_value(argc, argv, &i, "--svg", &value)) != 0) {
            if (got < 0 || *value == '\0') {
                return usage_error("--svg needs a file name");
            }
            o->svg = value;
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

static sepax_status stage_world(demo *d)
{
    return sepax_update_world(d->store);
}

static sepax_status stage_broadphase(demo *d)
{
    size_t count = 0;
    return sepax_broadphase(d->store, d->pairs, d->pair_count, &count);
}

static sepax_status stage_collide(demo *d)
{
    return sepax_collide(d->store, d->pairs, d->pair_count, d->results, NULL);
}

static sepax_status stage_collide_scratch(demo *d)
{
    return sepax_collide(d->store, d->pairs, d->pair_count, d->scratch, NULL);
}

static sepax_status stage_hits(demo *d)
{
    return sepax_collide_hits(d->store, d->pairs, d->pair_count, d->hits, d->pair_count,
                              &d->hit_count, NULL);
}

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of REPEATS runs: steadier than the mean when the machine is
 * busy with something else now and then. */
static sepax_status time_stage(demo_stage run, demo *d, double *median)
{
    double samples[REPEATS];
    for (int i = 0; i < REPEATS; i++) {
        double start = seconds_now();
        sepax_status status = run(d);
        samples[i] = seconds_now() - start;
        if (status != SEPAX_OK) {
            return status;
        }
    }
    qsort(samples, REPEATS, sizeof samples[0], compare_doubles);
    *median = samples[REPEATS / 2];
    return SEPAX_OK;
}

/* "12.3 M" style, so columns stay narrow whatever the machine. */
static void format_rate(double items, double seconds, char *out, size_t size)
{
    if (!(seconds > 0.0) || !(items > 0.0)) {
        snprintf(out, size, "-");
        return;
    }
    double rate = items / seconds;
    if (rate >= 1e9) {
        snprintf(out, size, "%.2f G", rate / 1e9);
    } else if (rate >= 1e6) {
        snprintf(out, size, "%.2f M", rate / 1e6);
    } else {
        snprintf(out, size, "%.2f k", rate / 1e3);
    }
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

static void print_stage(const char *label, double seconds, double items, const char *unit)
{
    char rate[32];
    format_rate(items, seconds, rate, sizeof rate);
    printf("  %-20s %10.3f ms %10s %s/s\n", label, seconds * 1e3, rate, unit);
}

/* Time the main stages with the active backend and print the summary. */
static int demo_run_stages(demo *d, const demo_options *o)
{
    double world = 0, broad = 0, collide = 0, hits_only = 0;
    sepax_status status = time_stage(stage_world, d, &world);
    if (status == SEPAX_OK) {
        status = time_stage(stage_broadphase, d, &broad);
    }
    if (status == SEPAX_OK) {
        status = time_stage(stage_collide, d, &collide);
    }
    if (status == SEPAX_OK) {
        status = time_stage(stage_hits, d, &hits_only);
    }
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: %s\n", sepax_status_string(status));
        return EXIT_CANNOT_RUN;
    }
    count_outcomes(d);

    double shapes = (double)sepax_store_count(d->store);
    double pairs = (double)d->pair_count;
    printf("sepax %s demo: seed %" PRIu64 ", backend %s (%s)\n\n", SEPAX_VERSION_STRING, o->seed,
           sepax_backend_name(sepax_store_backend(d->store)), backend_origin(o->backend));
    printf("  %-20s %10zu\n", "shapes", d->scene.shape_count);
    printf("  %-20s %10zu\n", "candidate pairs", d->pair_count);
    printf("  %-20s %10zu\n", "hits", d->hit_total);
    printf("  %-20s %10zu\n\n", "containments", d->containment_total);
    printf("  %-20s %13s %12s\n", "stage", "median time", "throughput");
    print_stage("world update", world, shapes, "shapes");
    print_stage("broadphase", broad, shapes, "shapes");
    print_stage("collide", collide, pairs, "pairs");
    print_stage("collide, hits only", hits_only, pairs, "pairs");

    if (d->hit_count != d->hit_total) {
        fprintf(stderr, "sepax: collide found %zu hits but collide_hits %zu\n", d->hit_total,
                d->hit_count);
        return EXIT_PROBLEMS;
    }
    return EXIT_GOOD;
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
        char rate[32];
        format_rate((double)d->pair_count, seconds, rate, sizeof rate);
        char speedup[32];
        if (seconds > 0.0 && d->pair_count > 0) {
            snprintf(speedup, sizeof speedup, "%.2fx", reference_time / seconds);
        } else {
            snprintf(speedup, sizeof speedup, "-");
        }
        printf("  %-10s %12s %10s   %s%s\n", sepax_backend_name(backend), rate, speedup,
               identical ? "yes" : "no", backend == active ? "   (active)" : "");
    }
    sepax_store_set_backend(d->store, active);
    if (!all_identical) {
        fputs("sepax: a backend disagrees with the scalar reference\n", stderr);
        return EXIT_PROBLEMS;
    }
    return EXIT_GOOD;
}

/* ---- SVG picture ---- */

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
    float radius = 0.0f;
    if (sepax_shape_vertices(d->store, id, 1, vertices, SEPAX_MAX_POLYGON_VERTICES, &count) != SEPAX_OK ||
        sepax_shape_info(d->store, id, NULL, &radius) != SEPAX_OK || count == 0) {
        return;
    }
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

static int write_svg(const demo *d, const char *path)
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

static int cmd_demo(int argc, char **argv)
{
    demo_options options;
    int code = parse_demo_options(argc, argv, &options);
    if (code != EXIT_GOOD) {
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
        int svg = write_svg(&d, options.svg);
        code = svg > code ? svg : code;
    }
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

/* ------------------------------------------------------------------ */
/* check                                                               */
/* ------------------------------------------------------------------ */

/* Problems come from three places at different times: the parser while
 * reading, the store while loading, the pair checks last. They are
 * gathered and printed sorted by line, the way compilers list them. */
typedef struct note {
    int line;
    int raw;      /* text is a whole line of its own, printed as is */
    size_t order; /* arrival, so that notes on one line keep their order */
    char *text;   /* without the "FILE:LINE: " prefix unless raw */
} note;

typedef struct notes {
    note *items;
    size_t count, capacity;
} notes;

/* Takes ownership of text. */
static int add_note(notes *list, int line, int raw, char *text)
{
    if (list->count == list->capacity) {
        size_t grown = list->capacity > 0 ? 2 * list->capacity : 16;
        note *bigger = realloc(list->items, grown * sizeof *bigger);
        if (bigger == NULL) {
            free(text);
            return -1;
        }
        list->items = bigger;
        list->capacity = grown;
    }
    note *n = &list->items[list->count];
    n->line = line;
    n->raw = raw;
    n->order = list->count;
    n->text = text;
    list->count++;
    return 0;
}

static int add_notef(notes *list, int line, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int length = vsnprintf(NULL, 0, format, args);
    va_end(args);
    char *text = length >= 0 ? malloc((size_t)length + 1) : NULL;
    if (text == NULL) {
        return -1;
    }
    va_start(args, format);
    vsnprintf(text, (size_t)length + 1, format, args);
    va_end(args);
    return add_note(list, line, 0, text);
}

/* One line of any length, without its newline. Returns 1, 0 at the end,
 * -1 when memory runs out. */
static int read_text_line(FILE *in, char **out)
{
    size_t length = 0, capacity = 128;
    char *text = malloc(capacity);
    int c = getc(in);
    if (text == NULL || c == EOF) {
        free(text);
        return text == NULL ? -1 : 0;
    }
    for (; c != EOF && c != '\n'; c = getc(in)) {
        if (length + 1 == capacity) {
            char *bigger = realloc(text, capacity *= 2);
            if (bigger == NULL) {
                free(text);
                return -1;
            }
            text = bigger;
        }
        text[length++] = (char)c;
    }
    text[length] = '\0';
    *out = text;
    return 1;
}

/* Turn the parser's "NAME:LINE: message" lines back into notes. */
static int gather_parser_notes(notes *list, FILE *in, const char *name)
{
    size_t prefix = strlen(name);
    char *text = NULL;
    int got;
    rewind(in);
    while ((got = read_text_line(in, &text)) > 0) {
        int line = INT_MAX, raw = 1;
        if (strncmp(text, name, prefix) == 0 && text[prefix] == ':') {
            char *end = NULL;
            long number = strtol(text + prefix + 1, &end, 10);
            if (end[0] == ':' && end[1] == ' ' && number >= 0 && number <= INT_MAX) {
                line = (int)number;
                raw = 0;
                memmove(text, end + 2, strlen(end + 2) + 1);
            }
        }
        if (add_note(list, line, raw, text) != 0) {
            return -1;
        }
    }
    return got;
}

static int compare_notes(const void *x, const void *y)
{
    const note *p = x, *q = y;
    if (p->line != q->line) {
        return p->line < q->line ? -1 : 1;
    }
    return (p->order > q->order) - (p->order < q->order);
}

static void print_notes(notes *list, const char *name, FILE *err)
{
    if (list->count == 0) {
        return; /* items may be NULL, which qsort must not see */
    }
    qsort(list->items, list->count, sizeof *list->items, compare_notes);
    for (size_t i = 0; i < list->count; i++) {
        const note *n = &list->items[i];
        if (n->raw) {
            fprintf(err, "%s\n", n->text);
        } else {
            fprintf(err, "%s:%d: %s\n", name, n->line, n->text);
        }
    }
}

static void free_notes(notes *list)
{
    for (size_t i = 0; i < list->count; i++) {
        free(list->items[i].text);
    }
    free(list->items);
}

typedef struct check_options {
    const char *input;
    const char *csv;
    const char *backend;
} check_options;

/* A pair twice over: by shape number for the CSV, by id for the store. */
typedef struct numbered_pair {
    sepax_pair number, id;
} numbered_pair;

typedef struct check {
    const char *name; /* the file as named in messages */
    sepax_scene scene;
    size_t problems;
    notes notes;
    sepax_store *store;
    sepax_shape_id *ids;
    sepax_status *status;
    numbered_pair *pairs;
    size_t pair_count;
    sepax_pair *by_id;
    sepax_result *results;
} check;

static int parse_check_options(int argc, char **argv, check_options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int got;
        if ((got = option_value(argc, argv, &i, "--csv", &value)) != 0) {
            if (got < 0 || *value == '\0') {
                return usage_error("--csv needs a file name");
            }
            o->csv = value;
        } else if ((got = option_value(argc, argv, &i, "--backend", &value)) != 0) {
            if (got < 0) {
                return usage_error("--backend needs a name");
            }
            o->backend = value;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error("check: unknown option '%s'", argv[i]);
        } else if (o->input != NULL) {
            return usage_error("check: only one scene file, got '%s' and '%s'", o->input, argv[i]);
        } else {
            o->input = argv[i];
        }
    }
    if (o->input == NULL) {
        return usage_error("check needs a scene file");
    }
    return EXIT_GOOD;
}

static void check_free(check *c)
{
    free_notes(&c->notes);
    sepax_scene_free(&c->scene);
    sepax_store_destroy(c->store);
    free(c->ids);
    free(c->status);
    free(c->pairs);
    free(c->by_id);
    free(c->results);
}

static int read_scene(check *c, const char *path)
{
    int is_stdin = strcmp(path, "-") == 0;
    c->name = is_stdin ? "<stdin>" : path;
    FILE *in = is_stdin ? stdin : fopen(path, "r");
    if (in == NULL) {
        fprintf(stderr, "sepax: cannot read %s: %s\n", path, strerror(errno));
        return EXIT_CANNOT_RUN;
    }
    /* Without a scratch file the parser's messages go straight out,
     * merely out of line order. */
    FILE *parser_err = tmpfile();
    int parsed = sepax_scene_parse(in, c->name, parser_err ? parser_err : stderr, &c->scene,
                                   &c->problems);
    int unreadable = ferror(in);
    if (!is_stdin) {
        fclose(in);
    }
    if (parser_err != NULL) {
        if (gather_parser_notes(&c->notes, parser_err, c->name) != 0) {
            parsed = -1;
        }
        fclose(parser_err);
    }
    if (parsed != 0) {
        return out_of_memory();
    }
    if (unreadable) {
        fprintf(stderr, "sepax: error reading %s\n", c->name);
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

/* Put every shape in the store and report those it refuses. Placeholders
 * (count-0 polygons) stand for lines the parser already reported. */
static int load_scene(check *c, const char *backend)
{
    if (create_store(&c->store) != 0) {
        return EXIT_CANNOT_RUN;
    }
    if (backend != NULL && select_backend(c->store, backend) != 0) {
        return EXIT_CANNOT_RUN;
    }
    size_t n = c->scene.shape_count;
    c->ids = alloc_array(n, sizeof *c->ids);
    c->status = alloc_array(n, sizeof *c->status);
    if (c->ids == NULL || c->status == NULL) {
        return out_of_memory();
    }
    sepax_scene_load(&c->scene, c->store, c->ids, c->status);
    for (size_t i = 0; i < n; i++) {
        const sepax_scene_shape *shape = &c->scene.shapes[i];
        int placeholder = shape->kind == SEPAX_SCENE_POLYGON && shape->count == 0;
        if (c->status[i] != SEPAX_OK && !placeholder) {
            if (add_notef(&c->notes, shape->line, "shape %zu rejected: %s", i,
                          sepax_status_string(c->status[i])) != 0) {
                return out_of_memory();
            }
            c->problems++;
        }
    }
    return EXIT_GOOD;
}

/* The file's own pairs, in file order and orientation. Pairs the parser
 * already reported (a shape twice, a missing shape) are skipped quietly;
 * a pair naming a shape that was rejected is reported here. */
static int file_pairs(check *c)
{
    const sepax_scene *s = &c->scene;
    c->pairs = alloc_array(s->pair_count, sizeof *c->pairs);
    if (c->pairs == NULL) {
        return out_of_memory();
    }
    for (size_t i = 0; i < s->pair_count; i++) {
        sepax_pair p = s->pairs[i];
        if (p.a == p.b || p.a >= s->shape_count || p.b >= s->shape_count) {
            continue;
        }
        int a_bad = c->status[p.a] != SEPAX_OK, b_bad = c->status[p.b] != SEPAX_OK;
        if (a_bad || b_bad) {
            uint32_t bad = a_bad ? p.a : p.b;
            if (add_notef(&c->notes, s->pair_lines[i], "pair skipped: shape %" PRIu32
                          " (line %d) was rejected", bad, s->shapes[bad].line) != 0) {
                return out_of_memory();
            }
            c->problems++;
            continue;
        }
        numbered_pair *out = &c->pairs[c->pair_count++];
        out->number = p;
        out->id.a = c->ids[p.a];
        out->id.b = c->ids[p.b];
    }
    return EXIT_GOOD;
}

static int compare_numbered(const void *x, const void *y)
{
    const numbered_pair *p = x, *q = y;
    if (p->number.a != q->number.a) {
        return p->number.a < q->number.a ? -1 : 1;
    }
    return (p->number.b > q->number.b) - (p->number.b < q->number.b);
}

/* Every pair the broadphase finds, named by shape number and sorted by
 * them, so that the CSV reads in file order and does not depend on the
 * sweep's order. */
static int broadphase_pairs(check *c)
{
    size_t count = 0;
    sepax_status status = sepax_broadphase(c->store, NULL, 0, &count);
    sepax_pair *found = alloc_array(count, sizeof *found);
    uint32_t limit = sepax_store_slot_limit(c->store);
    uint32_t *number_of_slot = alloc_array(limit, sizeof *number_of_slot);
    c->pairs = alloc_array(count, sizeof *c->pairs);
    if (found == NULL || number_of_slot == NULL || c->pairs == NULL) {
        free(found);
        free(number_of_slot);
        return out_of_memory();
    }
    if (status == SEPAX_OK || status == SEPAX_ERR_CAPACITY) {
        status = sepax_broadphase(c->store, found, count, &count);
    }
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: broadphase: %s\n", sepax_status_string(status));
        free(found);
        free(number_of_slot);
        return EXIT_CANNOT_RUN;
    }
    for (size_t i = 0; i < c->scene.shape_count; i++) {
        if (c->status[i] == SEPAX_OK) {
            number_of_slot[SEPAX_ID_SLOT(c->ids[i])] = (uint32_t)i;
        }
    }
    for (size_t i = 0; i < count; i++) {
        c->pairs[i].id = found[i];
        c->pairs[i].number.a = number_of_slot[SEPAX_ID_SLOT(found[i].a)];
        c->pairs[i].number.b = number_of_slot[SEPAX_ID_SLOT(found[i].b)];
    }
    c->pair_count = count;
    qsort(c->pairs, count, sizeof *c->pairs, compare_numbered);
    free(found);
    free(number_of_slot);
    return EXIT_GOOD;
}

static int collide_pairs(check *c)
{
    c->by_id = alloc_array(c->pair_count, sizeof *c->by_id);
    c->results = alloc_array(c->pair_count, sizeof *c->results);
    if (c->by_id == NULL || c->results == NULL) {
        return out_of_memory();
    }
    for (size_t i = 0; i < c->pair_count; i++) {
        c->by_id[i] = c->pairs[i].id;
    }
    sepax_status status = sepax_collide(c->store, c->by_id, c->pair_count, c->results, NULL);
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: collide: %s\n", sepax_status_string(status));
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

/* %.9g gives every float back exactly; -0 prints as 0 because a reader of
 * the CSV cares about the value, and the sign of a zero normal component
 * only tells which shape's face was picked. */
static double csv_float(float value)
{
    return value == 0.0f ? 0.0 : (double)value;
}

static void write_csv(FILE *out, const check *c)
{
    fputs("a,b,hit,separation,nx,ny,a_in_b,b_in_a\n", out);
    for (size_t i = 0; i < c->pair_count; i++) {
        const sepax_result *r = &c->results[i];
        fprintf(out, "%" PRIu32 ",%" PRIu32 ",%d,%.9g,%.9g,%.9g,%d,%d\n", c->pairs[i].number.a,
                c->pairs[i].number.b, (r->flags & SEPAX_HIT) != 0, csv_float(r->separation),
                csv_float(r->normal.x), csv_float(r->normal.y), (r->flags & SEPAX_A_IN_B) != 0,
                (r->flags & SEPAX_B_IN_A) != 0);
    }
}

static int cmd_check(int argc, char **argv)
{
    check_options options;
    int code = parse_check_options(argc, argv, &options);
    if (code != EXIT_GOOD) {
        return code;
    }
    check c;
    memset(&c, 0, sizeof c);
    code = read_scene(&c, options.input);
    if (code == EXIT_GOOD) {
        code = load_scene(&c, options.backend);
    }
    if (code == EXIT_GOOD) {
        code = c.scene.pair_count > 0 ? file_pairs(&c) : broadphase_pairs(&c);
    }
    if (code == EXIT_GOOD) {
        code = collide_pairs(&c);
    }
    print_notes(&c.notes, c.name, stderr);
    /* The output is opened only now, so that a file that cannot be read
     * never costs the previous CSV. */
    FILE *out = stdout;
    if (code == EXIT_GOOD && options.csv != NULL && (out = fopen(options.csv, "w")) == NULL) {
        fprintf(stderr, "sepax: cannot write %s: %s\n", options.csv, strerror(errno));
        code = EXIT_CANNOT_RUN;
    }
    if (code == EXIT_GOOD) {
        write_csv(out, &c);
        int failed = fflush(out) != 0 || ferror(out);
        if (out != stdout) {
            failed |= fclose(out) != 0;
        }
        if (failed) {
            fprintf(stderr, "sepax: error writing %s\n", options.csv ? options.csv : "the CSV");
            code = EXIT_CANNOT_RUN;
        } else if (c.problems > 0) {
            code = EXIT_PROBLEMS;
        }
    }
    check_free(&c);
    return code;
}

/* ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    if (argc < 2) {
        return usage_error("no command given");
    }
    const char *command = argv[1];
    if (is_help(command) || strcmp(command, "help") == 0) {
        fputs(usage_text, stdout);
        return EXIT_GOOD;
    }
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(usage_text, stdout);
            return EXIT_GOOD;
        }
    }
    if (strcmp(command, "version") == 0 || strcmp(command, "--version") == 0) {
        return argc == 2 ? cmd_version() : usage_error("version takes no arguments");
    }
    if (strcmp(command, "demo") == 0) {
        return cmd_demo(argc - 2, argv + 2);
    }
    if (strcmp(command, "check") == 0) {
        return cmd_check(argc - 2, argv + 2);
    }
    return usage_error("unknown command '%s'", command);
}
