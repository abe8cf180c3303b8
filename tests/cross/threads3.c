/* Read-only 3D calls on one shared store from several threads at once:
 * each thread collides its own range of the pairs (full, compacted, and
 * with contact manifolds), runs its range of point queries and the whole broadphase, and reads
 * shapes back; every answer must equal the single-threaded one. The
 * stores: boxes and spheres (spheres_boxes3: the class tiles), boxes only
 * (the box driver), and all four kinds (mixed3: pairs with hulls and
 * capsules, and the hull pool, read from every thread). A
 * plain C program because Criterion's runner does not start under
 * ThreadSanitizer, which CI builds this with.
 *
 * Usage: sepax_threads3 [THREADS] [ROUNDS]   (defaults 4 and 3) */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene3.h"

#define SHAPES 3000

typedef struct subject {
    const char *name;
    sepax3_store *store;
    sepax_pair *pairs;
    size_t count;
    sepax3_result *expected, *together;
    sepax3_manifold *expected_m, *together_m;
    sepax3_point_query *queries;
    uint8_t *inside, *together_inside;
    size_t nq;
} subject;

typedef struct job {
    subject *subjects;
    int nsubjects, index, threads, rounds;
    sepax3_hit *hits;
    sepax_pair *broad;
    const char *failure, *where;
} job;

static size_t cut(size_t n, int t, int threads)
{
    return n * (size_t)t / (size_t)threads;
}

static const char *work_on(const subject *su, job *j)
{
    const size_t from = cut(su->count, j->index, j->threads), to = cut(su->count, j->index + 1, j->threads);
    if (sepax3_collide(su->store, su->pairs + from, to - from, su->together + from, NULL) != SEPAX_OK ||
        memcmp(su->together + from, su->expected + from, (to - from) * sizeof *su->together) != 0)
        return "collide differs from the single-threaded run";
    size_t found = 0, k = 0;
    if (sepax3_collide_hits(su->store, su->pairs + from, to - from, j->hits, to - from, &found,
                            NULL) != SEPAX_OK)
        return "collide_hits refused its pairs";
    for (size_t i = from; i < to; i++) {
        if (!(su->expected[i].flags & SEPAX_HIT))
            continue;
        if (k >= found || j->hits[k].pair != i - from ||
            memcmp(&j->hits[k].result, &su->expected[i], sizeof su->expected[i]) != 0)
            return "collide_hits differs from the single-threaded run";
        k++;
    }
    if (k != found)
        return "collide_hits found more hits than the single-threaded run";
    if (sepax3_collide_manifolds(su->store, su->pairs + from, to - from, su->together_m + from,
                                 NULL) != SEPAX_OK ||
        memcmp(su->together_m + from, su->expected_m + from, (to - from) * sizeof *su->together_m) != 0)
        return "collide_manifolds differs from the single-threaded run";
    const size_t qf = cut(su->nq, j->index, j->threads), qt = cut(su->nq, j->index + 1, j->threads);
    if (sepax3_query_points(su->store, su->queries + qf, qt - qf, su->together_inside + qf, NULL) !=
            SEPAX_OK ||
        memcmp(su->together_inside + qf, su->inside + qf, qt - qf) != 0)
        return "query_points differs from the single-threaded run";
    size_t got = 0;
    if (sepax3_broadphase(su->store, j->broad, su->count, &got) != SEPAX_OK || got != su->count ||
        memcmp(j->broad, su->pairs, got * sizeof *j->broad) != 0)
        return "broadphase differs from the single-threaded run";
    for (size_t i = from; i < to; i += 97) {
        sepax3_world_shape w;
        if (sepax3_shape_world(su->store, su->pairs[i].a, &w) != SEPAX_OK)
            return "shape_world refused a live shape";
    }
    return NULL;
}

static void *work(void *arg)
{
    job *j = arg;
    for (int round = 0; round < j->rounds; round++)
        for (int k = 0; k < j->nsubjects; k++)
            if ((j->failure = work_on(&j->subjects[k], j)) != NULL) {
                j->where = j->subjects[k].name;
                return NULL;
            }
    return NULL;
}

static const char *prepare(subject *su, sepax_scene3_params p)
{
    sepax_scene3 scene;
    p.shapes = SHAPES;
    if (sepax_scene3_generate(&p, &scene) != 0 || sepax3_store_create(NULL, &su->store) != SEPAX_OK ||
        sepax_scene3_load(&scene, su->store, NULL, NULL) != 0)
        return "could not build the scene";
    sepax3_broadphase(su->store, NULL, 0, &su->count);
    su->nq = 4 * (size_t)SHAPES;
    su->pairs = malloc((su->count + 1) * sizeof *su->pairs);
    su->expected = malloc((su->count + 1) * sizeof *su->expected);
    su->together = malloc((su->count + 1) * sizeof *su->together);
    su->expected_m = malloc((su->count + 1) * sizeof *su->expected_m);
    su->together_m = malloc((su->count + 1) * sizeof *su->together_m);
    su->queries = malloc(su->nq * sizeof *su->queries);
    su->inside = malloc(su->nq);
    su->together_inside = malloc(su->nq);
    if (!su->pairs || !su->expected || !su->together || !su->expected_m || !su->together_m ||
        !su->queries || !su->inside || !su->together_inside)
        return "out of memory";
    if (sepax3_broadphase(su->store, su->pairs, su->count, &su->count) != SEPAX_OK ||
        sepax3_collide(su->store, su->pairs, su->count, su->expected, NULL) != SEPAX_OK ||
        sepax3_collide_manifolds(su->store, su->pairs, su->count, su->expected_m, NULL) != SEPAX_OK)
        return "the single-threaded collide failed";
    uint64_t rng = 77;
    for (size_t i = 0; i < su->nq; i++) {
        sepax3_vec lo, hi;
        const sepax_shape_id id = (sepax_shape_id)(i % SHAPES);
        if (sepax3_shape_aabb(su->store, id, &lo, &hi) != SEPAX_OK)
            return "could not read a shape back";
        su->queries[i].shape = id;
        su->queries[i].point = (sepax3_vec){
            lo.x + (hi.x - lo.x) * (float)sepax_scene_rng_unit(&rng),
            lo.y + (hi.y - lo.y) * (float)sepax_scene_rng_unit(&rng),
            lo.z + (hi.z - lo.z) * (float)sepax_scene_rng_unit(&rng)};
    }
    sepax_scene3_free(&scene);
    return sepax3_query_points(su->store, su->queries, su->nq, su->inside, NULL) == SEPAX_OK
               ? NULL
               : "the single-threaded point queries failed";
}

int main(int argc, char **argv)
{
    const int threads = argc > 1 ? atoi(argv[1]) : 4, rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (threads < 1 || threads > 64 || rounds < 1) {
        fprintf(stderr, "usage: sepax_threads3 [THREADS 1..64] [ROUNDS]\n");
        return 2;
    }
    subject su[3] = {{.name = "spheres_boxes3"}, {.name = "boxes3"}, {.name = "mixed3"}};
    sepax_scene3_params params[3] = {sepax_scene3_params_spheres_boxes(),
                                     sepax_scene3_params_boxes(), sepax_scene3_params_mixed()};
    /* hull pairs cost microseconds, and tens of times that under
     * ThreadSanitizer: a sparser mixed3, a third of the pairs */
    params[2].neighbours /= 3.0;
    size_t most = 0;
    for (int k = 0; k < 3; k++) {
        const char *why = prepare(&su[k], params[k]);
        if (why) {
            fprintf(stderr, "sepax_threads3: %s: %s\n", su[k].name, why);
            return 1;
        }
        most = su[k].count > most ? su[k].count : most;
    }
    pthread_t tid[64];
    job jobs[64];
    int failed = 0;
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){su, 3, t, threads, rounds, malloc((most + 1) * sizeof(sepax3_hit)),
                        malloc((most + 1) * sizeof(sepax_pair)), NULL, NULL};
        if (!jobs[t].hits || !jobs[t].broad || pthread_create(&tid[t], NULL, work, &jobs[t]) != 0) {
            fprintf(stderr, "sepax_threads3: could not start thread %d\n", t);
            return 1;
        }
    }
    for (int t = 0; t < threads; t++) {
        pthread_join(tid[t], NULL);
        if (jobs[t].failure) {
            fprintf(stderr, "sepax_threads3: thread %d on %s: %s\n", t, jobs[t].where,
                    jobs[t].failure);
            failed = 1;
        }
        free(jobs[t].hits);
        free(jobs[t].broad);
    }
    for (int k = 0; k < 3; k++) {
        printf("%s: %zu pairs, %zu queries, %d threads x %d rounds\n", su[k].name, su[k].count,
               su[k].nq, threads, rounds);
        free(su[k].pairs);
        free(su[k].expected);
        free(su[k].together);
        free(su[k].expected_m);
        free(su[k].together_m);
        free(su[k].queries);
        free(su[k].inside);
        free(su[k].together_inside);
        sepax3_store_destroy(su[k].store);
    }
    puts(failed ? "FAILED" : "ok");
    return failed;
}
