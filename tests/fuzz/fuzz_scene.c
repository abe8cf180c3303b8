/* Fuzz target: the scene file reader and loader (src/scene_file.c,
 * sepax_scene_load), from raw bytes to collided pairs.
 *
 * The input is the file itself. It is parsed twice, once with the
 * problems written to a memory stream and once with none, then loaded
 * into a store, and every good pair is collided.
 *
 * Checked, against docs/FORMAT.md and the contract in src/scene.h:
 *  - the parse succeeds and does not depend on whether problems are
 *    written: both parses give the same scene and count;
 *  - every problem is one "fuzz:LINE: message" line, and the problems
 *    are exactly one per placeholder shape (count 0) and one per bad pair
 *    (unreadable, a shape twice, or past the last shape), on those lines;
 *  - shapes and pairs sit on the lines an independent reading of the
 *    format assigns them (every non-blank line that is not a pair line
 *    takes the next shape number), in order;
 *  - a placeholder is refused by the store (too few vertices), every
 *    refused shape and only those get UINT32_MAX, the store holds the
 *    rest, and a kept polygon keeps only vertices it was given;
 *  - every good pair collides without error, the same on the scalar and
 *    the best backend, and the compacted call agrees; and the same again
 *    once sepax_store_sort_pool has laid the store out in space. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "scene.h"
#include "sepax/sepax.h"

static FILE *open_input(const uint8_t *data, size_t size, char **copy)
{
    *copy = NULL;
    /* fmemopen refuses an empty buffer on older C libraries */
    if (size == 0)
        return fopen("/dev/null", "r");
    *copy = malloc(size);
    FUZZ_CHECK(*copy != NULL, "malloc %zu", size);
    memcpy(*copy, data, size);
    return fmemopen(*copy, size, "r");
}

static int is_blank(uint8_t c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The line of each shape and of each pair, read straight from the format's
 * definition: a line ends at '\n', a '\r' before it is dropped, a comment
 * runs from '#', words are split by blanks, a NUL byte belongs to a word,
 * and a line whose first word is exactly "pair" is a pair line; any other
 * non-blank line is a shape line. Returns the number of lines. */
static int classify(const uint8_t *d, size_t size, int *shape_lines, size_t *nshapes,
                    int *pair_lines, size_t *npairs)
{
    int line = 0;
    size_t pos = 0;
    *nshapes = *npairs = 0;
    while (pos < size) {
        size_t end = pos;
        while (end < size && d[end] != '\n')
            end++;
        line++;
        size_t len = end - pos;
        if (len > 0 && d[pos + len - 1] == '\r')
            len--;
        const uint8_t *hash = memchr(d + pos, '#', len);
        if (hash)
            len = (size_t)(hash - (d + pos));
        size_t i = 0;
        while (i < len && is_blank(d[pos + i]))
            i++;
        if (i < len) {
            size_t j = i;
            while (j < len && !is_blank(d[pos + j]))
                j++;
            if (j - i == 4 && memcmp(d + pos + i, "pair", 4) == 0)
                pair_lines[(*npairs)++] = line;
            else
                shape_lines[(*nshapes)++] = line;
        }
        pos = end + 1;
    }
    return line;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int pair_bad(const sepax_scene *s, sepax_pair p)
{
    return p.a == p.b || p.a >= s->shape_count || p.b >= s->shape_count;
}

static void same_scene(const sepax_scene *a, const sepax_scene *b)
{
    FUZZ_CHECK(a->shape_count == b->shape_count && a->vertex_count == b->vertex_count &&
                   a->pair_count == b->pair_count,
               "shapes %zu/%zu, vertices %zu/%zu, pairs %zu/%zu", a->shape_count, b->shape_count,
               a->vertex_count, b->vertex_count, a->pair_count, b->pair_count);
    FUZZ_CHECK(a->shape_count == 0 ||
                   memcmp(a->shapes, b->shapes, a->shape_count * sizeof *a->shapes) == 0,
               "shapes differ");
    FUZZ_CHECK(a->vertex_count == 0 ||
                   memcmp(a->vertices, b->vertices, a->vertex_count * sizeof *a->vertices) == 0,
               "vertices differ");
    FUZZ_CHECK(a->pair_count == 0 ||
                   (memcmp(a->pairs, b->pairs, a->pair_count * sizeof *a->pairs) == 0 &&
                    memcmp(a->pair_lines, b->pair_lines, a->pair_count * sizeof *a->pair_lines) == 0),
               "pairs differ");
}

/* Every problem line is "fuzz:LINE: ..."; returns their line numbers. */
static size_t problem_lines(const char *text, size_t len, int nlines, int *out, size_t room)
{
    size_t count = 0, pos = 0;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        FUZZ_CHECK(nl != NULL, "problem text does not end in a line feed: '%s'", text + pos);
        FUZZ_CHECK(strncmp(text + pos, "fuzz:", 5) == 0, "problem line '%.*s'",
                   (int)(nl - (text + pos)), text + pos);
        char *end = NULL;
        long line = strtol(text + pos + 5, &end, 10);
        FUZZ_CHECK(end != text + pos + 5 && end < nl && end[0] == ':' && end[1] == ' ',
                   "problem line '%.*s'", (int)(nl - (text + pos)), text + pos);
        FUZZ_CHECK(line >= 1 && line <= nlines, "problem on line %ld of %d", line, nlines);
        FUZZ_CHECK(count < room, "more than %zu problems", room);
        out[count++] = (int)line;
        pos = (size_t)(nl - text) + 1;
    }
    return count;
}

static void collide_pairs(sepax_store *store, const sepax_pair *pairs, size_t n)
{
    if (n == 0)
        return;
    sepax_result *ref = calloc(n, sizeof *ref), *got = calloc(n, sizeof *got);
    sepax_hit *hits = calloc(n, sizeof *hits);
    FUZZ_CHECK(ref && got && hits, "calloc %zu", n);
    const sepax_backend best = sepax_backend_best();
    size_t bad = SIZE_MAX;
    FUZZ_CHECK(sepax_store_set_backend(store, SEPAX_BACKEND_SCALAR) == SEPAX_OK, "scalar");
    sepax_status st = fuzz_status(sepax_collide(store, pairs, n, ref, &bad));
    FUZZ_CHECK(st == SEPAX_OK, "collide of good pairs: %s at %zu", sepax_status_string(st), bad);
    FUZZ_CHECK(sepax_store_set_backend(store, best) == SEPAX_OK, "%s", sepax_backend_name(best));
    FUZZ_CHECK(sepax_update_world(store) == SEPAX_OK, "update_world");
    st = fuzz_status(sepax_collide(store, pairs, n, got, &bad));
    FUZZ_CHECK(st == SEPAX_OK, "%s collide: %s", sepax_backend_name(best), sepax_status_string(st));
    FUZZ_CHECK(memcmp(ref, got, n * sizeof *ref) == 0, "%s differs from scalar",
               sepax_backend_name(best));
    size_t found = 0, count = 0;
    st = fuzz_status(sepax_collide_hits(store, pairs, n, hits, n, &count, &bad));
    FUZZ_CHECK(st == SEPAX_OK, "collide_hits: %s", sepax_status_string(st));
    for (size_t i = 0; i < n; i++) {
        if (!(ref[i].flags & SEPAX_HIT))
            continue;
        FUZZ_CHECK(found < count && hits[found].pair == i &&
                       memcmp(&hits[found].result, &ref[i], sizeof ref[i]) == 0,
                   "hit %zu: pair %zu", found, i);
        found++;
    }
    FUZZ_CHECK(found == count, "%zu hits, collide has %zu", count, found);
    /* laid out in space, rows and pool move and nothing else does */
    FUZZ_CHECK(sepax_store_sort_pool(store) == SEPAX_OK, "sort_pool");
    FUZZ_CHECK(sepax_update_world(store) == SEPAX_OK, "update_world after sort_pool");
    st = fuzz_status(sepax_collide(store, pairs, n, got, &bad));
    FUZZ_CHECK(st == SEPAX_OK, "collide after sort_pool: %s", sepax_status_string(st));
    FUZZ_CHECK(memcmp(ref, got, n * sizeof *ref) == 0, "sorted store differs from scalar");
    free(ref);
    free(got);
    free(hits);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    unsetenv("SEPAX_BACKEND");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *copy = NULL, *errors = NULL;
    size_t errors_len = 0;
    FILE *in = open_input(data, size, &copy);
    FILE *err = open_memstream(&errors, &errors_len);
    FUZZ_CHECK(in && err, "cannot open the memory streams");
    sepax_scene scene;
    size_t problems = 12345;
    FUZZ_CHECK(sepax_scene_parse(in, "fuzz", err, &scene, &problems) == 0, "parse failed");
    fclose(in);
    fclose(err);
    free(copy);

    /* The same bytes without an error stream. */
    in = open_input(data, size, &copy);
    FUZZ_CHECK(in != NULL, "cannot reopen");
    sepax_scene quiet;
    size_t quiet_problems = 54321;
    FUZZ_CHECK(sepax_scene_parse(in, "fuzz", NULL, &quiet, &quiet_problems) == 0, "quiet parse failed");
    fclose(in);
    free(copy);
    FUZZ_CHECK(quiet_problems == problems, "%zu problems with an error stream, %zu without",
               problems, quiet_problems);
    same_scene(&scene, &quiet);
    sepax_scene_free(&quiet);

    /* A line has at least one byte, so size + 1 bounds every count. */
    int *shape_lines = malloc((size + 1) * sizeof *shape_lines);
    int *pair_lines = malloc((size + 1) * sizeof *pair_lines);
    int *reported = malloc((size + 1) * sizeof *reported);
    int *expected = malloc((size + 1) * sizeof *expected);
    FUZZ_CHECK(shape_lines && pair_lines && reported && expected, "malloc");
    size_t nshapes, npairs;
    const int nlines = classify(data, size, shape_lines, &nshapes, pair_lines, &npairs);
    FUZZ_CHECK(scene.shape_count == nshapes && scene.pair_count == npairs,
               "parser: %zu shapes, %zu pairs; format: %zu shapes, %zu pairs", scene.shape_count,
               scene.pair_count, nshapes, npairs);

    size_t nexpected = 0;
    for (size_t i = 0; i < scene.shape_count; i++) {
        const sepax_scene_shape *sh = &scene.shapes[i];
        FUZZ_CHECK(sh->line == shape_lines[i], "shape %zu on line %d, format says %d", i, sh->line,
                   shape_lines[i]);
        FUZZ_CHECK(sh->kind >= SEPAX_SCENE_POLYGON && sh->kind <= SEPAX_SCENE_SEGMENT,
                   "shape %zu kind %d", i, (int)sh->kind);
        if (sh->kind == SEPAX_SCENE_CAPSULE || sh->kind == SEPAX_SCENE_SEGMENT)
            FUZZ_CHECK(sh->count == 2 && sh->first <= scene.vertex_count - 2,
                       "shape %zu: %u end points at %u of %zu", i, sh->count, sh->first,
                       scene.vertex_count);
        if (sh->kind == SEPAX_SCENE_SEGMENT || sh->kind == SEPAX_SCENE_BOX)
            FUZZ_CHECK(sh->radius == 0.0f, "shape %zu kind %d radius %g", i, (int)sh->kind,
                       sh->radius);
        if (sh->kind == SEPAX_SCENE_POLYGON) {
            FUZZ_CHECK(sh->count == 0 || sh->count >= 3, "shape %zu: %u vertices", i, sh->count);
            FUZZ_CHECK(sh->first <= scene.vertex_count && sh->count <= scene.vertex_count - sh->first,
                       "shape %zu: vertices %u + %u of %zu", i, sh->first, sh->count,
                       scene.vertex_count);
            if (sh->count == 0)
                expected[nexpected++] = sh->line;
        }
    }
    for (size_t i = 0; i < scene.pair_count; i++) {
        FUZZ_CHECK(scene.pair_lines[i] == pair_lines[i], "pair %zu on line %d, format says %d", i,
                   scene.pair_lines[i], pair_lines[i]);
        if (pair_bad(&scene, scene.pairs[i]))
            expected[nexpected++] = scene.pair_lines[i];
    }
    size_t nreported = problem_lines(errors, errors_len, nlines, reported, size + 1);
    FUZZ_CHECK(nreported == problems, "%zu problems counted, %zu lines written", problems,
               nreported);
    qsort(reported, nreported, sizeof *reported, cmp_int);
    qsort(expected, nexpected, sizeof *expected, cmp_int);
    FUZZ_CHECK(nreported == nexpected &&
                   (nexpected == 0 || memcmp(reported, expected, nexpected * sizeof *expected) == 0),
               "%zu problems reported, %zu placeholders and bad pairs", nreported, nexpected);
    free(errors);
    free(shape_lines);
    free(pair_lines);
    free(reported);

    sepax_store *store = NULL;
    FUZZ_CHECK(sepax_store_create(NULL, &store) == SEPAX_OK, "create");
    const size_t n = scene.shape_count ? scene.shape_count : 1;
    sepax_shape_id *ids = malloc(n * sizeof *ids);
    sepax_status *status = malloc(n * sizeof *status);
    FUZZ_CHECK(ids && status, "malloc");
    const size_t failed = sepax_scene_load(&scene, store, ids, status);
    size_t refused = 0;
    for (size_t i = 0; i < scene.shape_count; i++) {
        const sepax_scene_shape *sh = &scene.shapes[i];
        fuzz_status(status[i]);
        refused += status[i] != SEPAX_OK;
        FUZZ_CHECK((ids[i] == UINT32_MAX) == (status[i] != SEPAX_OK), "shape %zu: id %#x, %s", i,
                   ids[i], sepax_status_string(status[i]));
        if (sh->kind == SEPAX_SCENE_POLYGON && sh->count == 0)
            FUZZ_CHECK(status[i] == SEPAX_ERR_TOO_FEW_VERTICES, "placeholder %zu: %s", i,
                       sepax_status_string(status[i]));
        if (status[i] != SEPAX_OK)
            continue;
        FUZZ_CHECK(sepax_shape_check(store, ids[i]) == SEPAX_OK, "shape %zu id %#x", i, ids[i]);
        if (sh->kind != SEPAX_SCENE_POLYGON)
            continue;
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t nv = 0;
        FUZZ_CHECK(sepax_shape_vertices(store, ids[i], 0, v, SEPAX_MAX_POLYGON_VERTICES, &nv) == SEPAX_OK, "shape %zu", i);
        for (uint32_t k = 0; k < nv; k++) {
            uint32_t j = 0;
            const sepax_vec2 *given = scene.vertices + sh->first;
            while (j < sh->count && !(given[j].x == v[k].x && given[j].y == v[k].y))
                j++;
            FUZZ_CHECK(j < sh->count, "shape %zu keeps vertex (%a, %a) it was not given", i,
                       v[k].x, v[k].y);
        }
    }
    FUZZ_CHECK(failed == refused, "load says %zu failed, statuses say %zu", failed, refused);
    FUZZ_CHECK(sepax_store_count(store) == scene.shape_count - failed, "store holds %u of %zu - %zu",
               sepax_store_count(store), scene.shape_count, failed);

    /* The good pairs, in file order, as sepax check would answer them. */
    sepax_pair *good = malloc((scene.pair_count ? scene.pair_count : 1) * sizeof *good);
    FUZZ_CHECK(good != NULL, "malloc");
    size_t ngood = 0;
    for (size_t i = 0; i < scene.pair_count; i++) {
        sepax_pair p = scene.pairs[i];
        if (pair_bad(&scene, p) || ids[p.a] == UINT32_MAX || ids[p.b] == UINT32_MAX)
            continue;
        good[ngood].a = ids[p.a];
        good[ngood].b = ids[p.b];
        ngood++;
    }
    collide_pairs(store, good, ngood);

    free(good);
    free(expected);
    free(ids);
    free(status);
    sepax_store_destroy(store);
    sepax_scene_free(&scene);
    return 0;
}
