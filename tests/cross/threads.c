/* Read-only calls on shared stores from several threads at once: each
 * thread collides its own range of the pairs (full and compacted), runs
 * the point queries of its own range, runs the broadphase and reads
 * shapes back, and every answer must equal the single-threaded one. Three
 * stores, one for each batch driver: polygons and boxes only (the polygon
 * driver), circles only (the circles driver) and every kind mixed (the
 * any-kinds driver). A plain C program rather than a Criterion suite,
 * because Criterion's runner does not start under ThreadSanitizer; CI
 * builds it with -fsanitize=thread, which would report any shared mutable
 * state the read-only calls touch.
 *
 * Usage: sepax_threads [THREADS] [ROUNDS]   (defaults 4 and 3) */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "sepax/sepax.h"

#define SHAPES 4000
#define QUERIES_PER_SHAPE 4
#define VERTEX_EVERY 97 /* shapes read back: every 97th pair's A */

/* One store and everything the single-threaded run answered on it. */
typedef struct subject {
    const char *name;
    sepax_scene scene;
    sepax_store *store;
    sepax_pair *pairs; /* the broadphase's pairs, in its order */
    size_t count;
    sepax_result *expected;
    sepax_point_query *queries;
    size_t nq;
    uint8_t *inside;
    /* world vertices of the shapes read back, SEPAX_MAX_POLYGON_VERTICES
     * each, and their counts */
    sepax_vec2 *vertices;
    uint32_t *vertex_count;
    /* what the threads wrote, each into its own slice */
    sepax_result *together;
    uint8_t *together_inside;
} subject;

typedef struct shared {
    subject *subjects;
    int nsubjects, threads, rounds;
} shared;

typedef struct job {
    const shared *sh;
    int index;
    sepax_hit *hits;     /* private, room for the largest slice */
    sepax_pair *broad;   /* private, room for the most pairs */
    const char *failure; /* NULL when every check passed */
    const char *where;   /* the subject it failed on */
} job;

static size_t slice_from(size_t n, int t, int threads)
{
    return n * (size_t)t / (size_t)threads;
}

/* The compacted call must list exactly the hits of the full call. */
static int hits_match(const sepax_hit *hits, size_t n, const sepax_result *full, size_t from,
                      size_t to)
{
    size_t k = 0;
    for (size_t i = from; i < to; i++) {
        if (!(full[i].flags & SEPAX_HIT))
            continue;
        if (k >= n || hits[k].pair != i - from ||
            memcmp(&hits[k].result, &full[i], sizeof full[i]) != 0)
            return 0;
        k++;
    }
    return k == n;
}

/* Every read-only call on one subject, this thread's share of it. */
static const char *work_on(const subject *su, job *j)
{
    const shared *sh = j->sh;
    const size_t from = slice_from(su->count, j->index, sh->threads);
    const size_t to = slice_from(su->count, j->index + 1, sh->threads);
    const size_t n = to - from;
    if (sepax_collide(su->store, su->pairs + from, n, su->together + from, NULL) != SEPAX_OK)
        return "collide refused its pairs";
    if (memcmp(su->together + from, su->expected + from, n * sizeof *su->together) != 0)
        return "collide differs from the single-threaded run";
    size_t found = 0;
    if (sepax_collide_hits(su->store, su->pairs + from, n, j->hits, n, &found, NULL) != SEPAX_OK ||
        !hits_match(j->hits, found, su->expected, from, to))
        return "collide_hits differs from the single-threaded run";

    const size_t qfrom = slice_from(su->nq, j->index, sh->threads);
    const size_t qto = slice_from(su->nq, j->index + 1, sh->threads);
    if (sepax_query_points(su->store, su->queries + qfrom, qto - qfrom,
                           su->together_inside + qfrom, NULL) != SEPAX_OK)
        return "query_points refused its queries";
    if (memcmp(su->together_inside + qfrom, su->inside + qfrom, qto - qfrom) != 0)
        return "query_points differs from the single-threaded run";

    size_t got = 0;
    if (sepax_broadphase(su->store, j->broad, su->count, &got) != SEPAX_OK ||
        got != su->count || memcmp(j->broad, su->pairs, got * sizeof *j->broad) != 0)
        return "broadphase differs from the single-threaded run";

    for (size_t i = from; i < to; i++) {
        if (i % VERTEX_EVERY)
            continue;
        const size_t k = i / VERTEX_EVERY;
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t nv = 0;
        if (sepax_shape_vertices(su->store, su->pairs[i].a, 1, v, SEPAX_MAX_POLYGON_VERTICES,
                                 &nv) != SEPAX_OK)
            return "shape_vertices refused a live shape";
        if (nv != su->vertex_count[k] ||
            memcmp(v, su->vertices + k * SEPAX_MAX_POLYGON_VERTICES, nv * sizeof *v) != 0)
            return "shape_vertices differs from the single-threaded run";
    }
    return NULL;
}

static void *work(void *arg)
{
    job *j = arg;
    for (int round = 0; round < j->sh->rounds; round++) {
        for (int k = 0; k < j->sh->nsubjects; k++) {
            const subject *su = &j->sh->subjects[k];
            if ((j->failure = work_on(su, j)) != NULL) {
                j->where = su->name;
                return NULL;
            }
        }
    }
    return NULL;
}

static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float between(uint64_t *state, float lo, float hi)
{
    return lo + (hi - lo) * (float)((double)(next(state) >> 11) * (1.0 / 9007199254740992.0));
}

/* Build the subject's store from a generated scene and answer every call
 * once, on this thread: the reference the threads must reproduce. Points
 * are scattered over each shape's box, every fourth one on a core vertex.
 * Returns NULL or what failed. */
static const char *prepare(subject *su, sepax_scene_params p)
{
    p.shapes = SHAPES;
    if (sepax_scene_generate(&p, &su->scene) != 0 ||
        sepax_store_create(NULL, &su->store) != SEPAX_OK ||
        sepax_scene_load(&su->scene, su->store, NULL, NULL) != 0)
        return "could not build the scene";
    sepax_broadphase(su->store, NULL, 0, &su->count);
    const uint32_t shapes = sepax_store_count(su->store);
    su->nq = (size_t)shapes * QUERIES_PER_SHAPE;
    const size_t read_back = su->count / VERTEX_EVERY + 1;
    su->pairs = malloc((su->count + 1) * sizeof *su->pairs);
    su->expected = malloc((su->count + 1) * sizeof *su->expected);
    su->together = malloc((su->count + 1) * sizeof *su->together);
    su->queries = malloc(su->nq * sizeof *su->queries);
    su->inside = malloc(su->nq);
    su->together_inside = malloc(su->nq);
    su->vertices = malloc(read_back * SEPAX_MAX_POLYGON_VERTICES * sizeof *su->vertices);
    su->vertex_count = malloc(read_back * sizeof *su->vertex_count);
    if (!su->pairs || !su->expected || !su->together || !su->queries || !su->inside ||
        !su->together_inside || !su->vertices || !su->vertex_count)
        return "out of memory";
    if (sepax_broadphase(su->store, su->pairs, su->count, &su->count) != SEPAX_OK ||
        sepax_collide(su->store, su->pairs, su->count, su->expected, NULL) != SEPAX_OK)
        return "the single-threaded collide failed";

    uint64_t rng = 77;
    for (size_t i = 0; i < su->nq; i++) {
        sepax_shape_id id;
        sepax_vec2 lo, hi, v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t nv = 0;
        if (sepax_shape_id_of_slot(su->store, (uint32_t)(i % shapes), &id) != SEPAX_OK ||
            sepax_shape_aabb(su->store, id, &lo, &hi) != SEPAX_OK ||
            sepax_shape_vertices(su->store, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &nv) !=
                SEPAX_OK)
            return "could not read a shape back";
        su->queries[i].shape = id;
        su->queries[i].point.x = between(&rng, lo.x, hi.x);
        su->queries[i].point.y = between(&rng, lo.y, hi.y);
        if (i % 4 == 3)
            su->queries[i].point = v[i % nv];
    }
    if (sepax_query_points(su->store, su->queries, su->nq, su->inside, NULL) != SEPAX_OK)
        return "the single-threaded point queries failed";

    for (size_t i = 0; i < su->count; i += VERTEX_EVERY) {
        const size_t k = i / VERTEX_EVERY;
        if (sepax_shape_vertices(su->store, su->pairs[i].a, 1,
                                 su->vertices + k * SEPAX_MAX_POLYGON_VERTICES,
                                 SEPAX_MAX_POLYGON_VERTICES, &su->vertex_count[k]) != SEPAX_OK)
            return "could not read a shape back";
    }
    return NULL;
}

/* The subject's store holds the kinds its driver is for: polygons only,
 * circles only, or every kind. */
static const char *check_kinds(const subject *su, unsigned want_mask)
{
    unsigned seen = 0;
    for (uint32_t slot = 0; slot < sepax_store_slot_limit(su->store); slot++) {
        sepax_shape_id id;
        sepax_shape_desc d;
        if (sepax_shape_id_of_slot(su->store, slot, &id) == SEPAX_OK &&
            sepax_shape_info(su->store, id, &d) == SEPAX_OK)
            seen |= 1u << d.kind;
    }
    return seen == want_mask ? NULL : "the store does not hold the kinds its driver is for";
}

static void release(subject *su)
{
    free(su->pairs);
    free(su->expected);
    free(su->together);
    free(su->queries);
    free(su->inside);
    free(su->together_inside);
    free(su->vertices);
    free(su->vertex_count);
    sepax_store_destroy(su->store);
    sepax_scene_free(&su->scene);
}

int main(int argc, char **argv)
{
    const int threads = argc > 1 ? atoi(argv[1]) : 4;
    const int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (threads < 1 || threads > 64 || rounds < 1) {
        fprintf(stderr, "usage: sepax_threads [THREADS 1..64] [ROUNDS >= 1]\n");
        return 2;
    }

    enum { SUBJECTS = 3 };
    subject subjects[SUBJECTS];
    memset(subjects, 0, sizeof subjects);
    /* polygons and boxes, now and then past a block of 8 vertices */
    sepax_scene_params polygons = sepax_scene_params_default();
    polygons.box_share = 0.2;
    polygons.max_vertices = 16;
    polygons.max_vertices_share = 0.1;
    const sepax_scene_params params[SUBJECTS] = {polygons, sepax_scene_params_circles(),
                                                 sepax_scene_params_mixed_kinds()};
    const char *const names[SUBJECTS] = {"polygons", "circles", "mixed kinds"};
    const unsigned kinds[SUBJECTS] = {1u << SEPAX_SHAPE_POLYGON, 1u << SEPAX_SHAPE_CIRCLE,
                                      (1u << SEPAX_SHAPE_KIND_COUNT) - 1};
    size_t most_pairs = 0;
    for (int k = 0; k < SUBJECTS; k++) {
        subjects[k].name = names[k];
        const char *problem = prepare(&subjects[k], params[k]);
        if (!problem)
            problem = check_kinds(&subjects[k], kinds[k]);
        if (problem) {
            fprintf(stderr, "sepax_threads: %s: %s\n", names[k], problem);
            return 1;
        }
        most_pairs = subjects[k].count > most_pairs ? subjects[k].count : most_pairs;
    }

    const shared sh = {subjects, SUBJECTS, threads, rounds};
    job *jobs = calloc((size_t)threads, sizeof *jobs);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!jobs || !tid) {
        fprintf(stderr, "sepax_threads: out of memory\n");
        return 1;
    }
    for (int t = 0; t < threads; t++) {
        job *j = &jobs[t];
        j->sh = &sh;
        j->index = t;
        j->hits = malloc((most_pairs + 1) * sizeof *j->hits);
        j->broad = malloc((most_pairs + 1) * sizeof *j->broad);
        if (!j->hits || !j->broad || pthread_create(&tid[t], NULL, work, j) != 0) {
            fprintf(stderr, "sepax_threads: could not start thread %d\n", t);
            return 1;
        }
    }
    int failed = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(tid[t], NULL);
        if (jobs[t].failure) {
            fprintf(stderr, "thread %d, %s: %s\n", t, jobs[t].where, jobs[t].failure);
            failed = 1;
        }
        free(jobs[t].hits);
        free(jobs[t].broad);
    }
    for (int k = 0; k < SUBJECTS; k++) {
        subject *su = &subjects[k];
        int same = memcmp(su->together, su->expected, su->count * sizeof *su->expected) == 0 &&
                   memcmp(su->together_inside, su->inside, su->nq) == 0;
        if (!failed && !same) {
            fprintf(stderr, "sepax_threads: %s: joined results differ from the single-threaded "
                            "run\n", su->name);
            failed = 1;
        }
        printf("%d threads x %d rounds on one store of %s, %zu pairs and %zu point queries "
               "(%s backend): %s\n",
               threads, rounds, su->name, su->count, su->nq,
               sepax_backend_name(sepax_store_backend(su->store)),
               failed ? "FAILED" : "identical");
        release(su);
    }
    free(tid);
    free(jobs);
    return failed;
}
