/* Read-only calls on one shared store from several threads at once: each
 * thread collides its own range of the pairs (full and compacted), runs
 * the broadphase and reads shapes back, and every answer must equal the
 * single-threaded one. A plain C program rather than a Criterion suite,
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

typedef struct shared {
    const sepax_store *store;
    const sepax_pair *pairs;
    size_t count, broad_count;
    const sepax_result *expected;
    int rounds;
} shared;

typedef struct job {
    const shared *sh;
    size_t from, to;
    sepax_result *out;    /* this thread's slice of one results array */
    sepax_hit *hits;      /* private */
    sepax_pair *broad;    /* private */
    const char *failure;  /* NULL when every check passed */
} job;

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

static void *work(void *arg)
{
    job *j = arg;
    const shared *sh = j->sh;
    const size_t n = j->to - j->from;
    for (int round = 0; round < sh->rounds; round++) {
        if (sepax_collide(sh->store, sh->pairs + j->from, n, j->out, NULL) != SEPAX_OK) {
            j->failure = "collide refused its pairs";
            return NULL;
        }
        if (memcmp(j->out, sh->expected + j->from, n * sizeof *j->out) != 0) {
            j->failure = "collide differs from the single-threaded run";
            return NULL;
        }
        size_t found = 0;
        if (sepax_collide_hits(sh->store, sh->pairs + j->from, n, j->hits, n, &found, NULL) !=
                SEPAX_OK ||
            !hits_match(j->hits, found, sh->expected, j->from, j->to)) {
            j->failure = "collide_hits differs from the single-threaded run";
            return NULL;
        }
        size_t got = 0;
        if (sepax_broadphase(sh->store, j->broad, sh->broad_count, &got) != SEPAX_OK ||
            got != sh->broad_count ||
            memcmp(j->broad, sh->pairs, got * sizeof *j->broad) != 0) {
            j->failure = "broadphase differs from the single-threaded run";
            return NULL;
        }
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t nv;
        for (size_t i = j->from; i < j->to; i += 97) {
            if (sepax_shape_vertices(sh->store, sh->pairs[i].a, 1, v, SEPAX_MAX_POLYGON_VERTICES, &nv) != SEPAX_OK) {
                j->failure = "shape_vertices refused a live shape";
                return NULL;
            }
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    const int threads = argc > 1 ? atoi(argv[1]) : 4;
    const int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (threads < 1 || threads > 64 || rounds < 1) {
        fprintf(stderr, "usage: sepax_threads [THREADS 1..64] [ROUNDS >= 1]\n");
        return 2;
    }
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 4000;
    sepax_scene scene;
    sepax_store *s;
    if (sepax_scene_generate(&p, &scene) != 0 || sepax_store_create(NULL, &s) != SEPAX_OK ||
        sepax_scene_load(&scene, s, NULL, NULL) != 0) {
        fprintf(stderr, "sepax_threads: could not build the scene\n");
        return 1;
    }
    size_t n = 0;
    sepax_broadphase(s, NULL, 0, &n);
    sepax_pair *pairs = malloc(n * sizeof *pairs);
    sepax_result *alone = malloc(n * sizeof *alone), *together = malloc(n * sizeof *together);
    job *jobs = calloc((size_t)threads, sizeof *jobs);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!pairs || !alone || !together || !jobs || !tid ||
        sepax_broadphase(s, pairs, n, &n) != SEPAX_OK ||
        sepax_collide(s, pairs, n, alone, NULL) != SEPAX_OK) {
        fprintf(stderr, "sepax_threads: single-threaded run failed\n");
        return 1;
    }
    const shared sh = {s, pairs, n, n, alone, rounds};
    int failed = 0;
    for (int t = 0; t < threads; t++) {
        job *j = &jobs[t];
        j->sh = &sh;
        j->from = n * (size_t)t / (size_t)threads;
        j->to = n * (size_t)(t + 1) / (size_t)threads;
        j->out = together + j->from;
        j->hits = malloc((j->to - j->from + 1) * sizeof *j->hits);
        j->broad = malloc(n * sizeof *j->broad);
        if (!j->hits || !j->broad || pthread_create(&tid[t], NULL, work, j) != 0) {
            fprintf(stderr, "sepax_threads: could not start thread %d\n", t);
            return 1;
        }
    }
    for (int t = 0; t < threads; t++) {
        pthread_join(tid[t], NULL);
        if (jobs[t].failure) {
            fprintf(stderr, "thread %d (pairs %zu..%zu): %s\n", t, jobs[t].from, jobs[t].to,
                    jobs[t].failure);
            failed = 1;
        }
        free(jobs[t].hits);
        free(jobs[t].broad);
    }
    if (!failed && memcmp(alone, together, n * sizeof *alone) != 0) {
        fprintf(stderr, "sepax_threads: joined results differ from the single-threaded run\n");
        failed = 1;
    }
    printf("%d threads x %d rounds over %zu pairs on one store (%s backend): %s\n", threads,
           rounds, n, sepax_backend_name(sepax_store_backend(s)), failed ? "FAILED" : "identical");
    free(tid);
    free(jobs);
    free(pairs);
    free(alone);
    free(together);
    sepax_store_destroy(s);
    sepax_scene_free(&scene);
    return failed;
}
