/* Read-only calls on one store from many threads at once: each thread
 * collides its own range of pairs (and runs the broadphase), and the
 * results equal a single-threaded run. Built with ThreadSanitizer this
 * also shows that the read-only calls touch no shared mutable state. */
#define _POSIX_C_SOURCE 200809L
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "sepax/sepax.h"

#define THREADS 4

typedef struct job {
    const sepax_store *store;
    const sepax_pair *pairs;
    size_t count;
    sepax_result *out;
    size_t broad_pairs;
    sepax_status status;
} job;

static void *work(void *arg)
{
    job *j = arg;
    for (int round = 0; round < 3; round++) {
        j->status = sepax_collide(j->store, j->pairs, j->count, j->out, NULL);
        if (j->status != SEPAX_OK)
            return NULL;
        j->status = sepax_broadphase(j->store, NULL, 0, &j->broad_pairs);
        if (j->status != SEPAX_ERR_CAPACITY && j->status != SEPAX_OK)
            return NULL;
        j->status = SEPAX_OK;
    }
    return NULL;
}

Test(threads, concurrent_collide_matches_single_thread)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 4000;
    sepax_scene scene;
    cr_assert_eq(sepax_scene_generate(&p, &scene), 0);
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_scene_load(&scene, s, NULL, NULL), 0);
    size_t n;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &n), SEPAX_ERR_CAPACITY);
    sepax_pair *pairs = malloc(n * sizeof *pairs);
    sepax_result *alone = malloc(n * sizeof *alone), *together = malloc(n * sizeof *together);
    cr_assert(pairs && alone && together);
    cr_assert_eq(sepax_broadphase(s, pairs, n, &n), SEPAX_OK);
    cr_assert_eq(sepax_collide(s, pairs, n, alone, NULL), SEPAX_OK);
    memset(together, 0xAB, n * sizeof *together);

    pthread_t tid[THREADS];
    job jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        const size_t from = n * (size_t)t / THREADS, to = n * (size_t)(t + 1) / THREADS;
        jobs[t] = (job){s, pairs + from, to - from, together + from, 0, SEPAX_ERR_NULL};
        cr_assert_eq(pthread_create(&tid[t], NULL, work, &jobs[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) {
        cr_assert_eq(pthread_join(tid[t], NULL), 0);
        cr_expect_eq(jobs[t].status, SEPAX_OK, "thread %d: %s", t, sepax_status_string(jobs[t].status));
        cr_expect_eq(jobs[t].broad_pairs, n, "thread %d saw another broadphase", t);
    }
    cr_assert_eq(memcmp(alone, together, n * sizeof *alone), 0);
    free(pairs);
    free(alone);
    free(together);
    sepax_store_destroy(s);
    sepax_scene_free(&scene);
}
