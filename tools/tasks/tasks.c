/* The pool behind tasks.h. One mutex guards everything: ranges are a few
 * per worker and each runs for tens of microseconds at least, so a lock
 * per range costs nothing measurable, and one lock is easy to get right
 * (and for ThreadSanitizer to check). */
#define _POSIX_C_SOURCE 200809L
#include "tasks.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Tasks enqueued and not yet finished, over every calling thread. */
#define MAX_JOBS 32
/* Ranges per worker a task is cut into at most: a few, so that a worker
 * held up by something else on the machine leaves its share to others. */
#define RANGES_PER_WORKER 4
/* How long an idle thread watches for work before it sleeps: a batch
 * call's rounds follow each other within microseconds, and waking a
 * sleeping thread takes tens of them. */
#define SPIN_NS 200000L

typedef struct job {
    sepax_task_fn *fn;
    void *context;
    int32_t items, range, ranges, next, done;
    int used;
} job;

struct task_pool {
    pthread_mutex_t lock;
    pthread_cond_t work; /* idle threads: a task was enqueued, or stop */
    pthread_cond_t done; /* waiting callers: a range ended, a slot freed */
    job jobs[MAX_JOBS];
    uint32_t workers, started;
    uint64_t free_index; /* bit i: worker index i runs nothing now */
    int open;            /* jobs with ranges not yet taken */
    int stop;
    atomic_uint enqueued; /* counts enqueues, for the spinning threads */
    pthread_t threads[SEPAX_MAX_WORKERS];
};

/* With the lock held: take a range of j (or of any open job, j NULL) and
 * a free worker index; 0 when there is none. */
static int take(task_pool *p, job *j, job **which, int32_t *start, int32_t *end, uint32_t *index)
{
    if (p->free_index == 0)
        return 0;
    if (!j) {
        for (int k = 0; k < MAX_JOBS && !j; k++)
            if (p->jobs[k].used && p->jobs[k].next < p->jobs[k].ranges)
                j = &p->jobs[k];
        if (!j)
            return 0;
    } else if (j->next >= j->ranges) {
        return 0;
    }
    const int32_t r = j->next++;
    if (j->next == j->ranges)
        p->open--;
    *start = r * j->range;
    *end = r == j->ranges - 1 ? j->items : *start + j->range;
    *index = (uint32_t)__builtin_ctzll(p->free_index);
    p->free_index &= ~(1ull << *index);
    *which = j;
    return 1;
}

/* Run a taken range: the lock is released meanwhile and held again on
 * return. */
static void run(task_pool *p, job *j, int32_t start, int32_t end, uint32_t index)
{
    pthread_mutex_unlock(&p->lock);
    j->fn(start, end, index, j->context);
    pthread_mutex_lock(&p->lock);
    p->free_index |= 1ull << index;
    j->done++;
    /* a freed index may let a waiting caller or an idle thread run the
     * ranges still open */
    pthread_cond_broadcast(&p->done);
    if (p->open > 0)
        pthread_cond_signal(&p->work);
}

static long elapsed_ns(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - since->tv_sec) * 1000000000L + (now.tv_nsec - since->tv_nsec);
}

static void *thread_main(void *arg)
{
    task_pool *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        job *j;
        int32_t start, end;
        uint32_t index;
        if (take(p, NULL, &j, &start, &end, &index)) {
            run(p, j, start, end, index);
            continue;
        }
        if (p->stop)
            break;
        /* nothing to do: watch the enqueue count for a moment, unlocked */
        const unsigned seen = atomic_load_explicit(&p->enqueued, memory_order_relaxed);
        pthread_mutex_unlock(&p->lock);
        struct timespec since;
        clock_gettime(CLOCK_MONOTONIC, &since);
        int changed = 0;
        while (!changed && elapsed_ns(&since) < SPIN_NS) {
            sched_yield();
            changed = atomic_load_explicit(&p->enqueued, memory_order_relaxed) != seen;
        }
        pthread_mutex_lock(&p->lock);
        /* the lock was dropped: look again before sleeping, so that an
         * enqueue in between is not missed; with every index taken (by
         * other callers' ranges) sleep too, until run() frees one */
        if (!changed && (p->open == 0 || p->free_index == 0) && !p->stop)
            pthread_cond_wait(&p->work, &p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static void *pool_enqueue(sepax_task_fn *fn, int32_t items, int32_t min_range, void *context,
                          void *user)
{
    task_pool *p = user;
    if (items <= 0)
        return NULL;
    int32_t range = min_range > 0 ? min_range : 1;
    const int64_t most = (int64_t)p->workers * RANGES_PER_WORKER;
    const int32_t even = (int32_t)((items + most - 1) / most);
    range = even > range ? even : range;
    pthread_mutex_lock(&p->lock);
    job *j = NULL;
    for (;;) {
        for (int k = 0; k < MAX_JOBS && !j; k++)
            if (!p->jobs[k].used)
                j = &p->jobs[k];
        if (j)
            break;
        pthread_cond_wait(&p->done, &p->lock);
    }
    j->fn = fn;
    j->context = context;
    j->items = items;
    j->range = range;
    j->ranges = (int32_t)(((int64_t)items + range - 1) / range);
    j->next = j->done = 0;
    j->used = 1;
    p->open++;
    atomic_fetch_add_explicit(&p->enqueued, 1u, memory_order_relaxed);
    if (j->ranges > 1)
        pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    return j;
}

/* The caller runs its own task's ranges while any are open, then waits
 * for those the threads run. */
static void pool_finish(void *handle, void *user)
{
    task_pool *p = user;
    job *j = handle;
    pthread_mutex_lock(&p->lock);
    while (j->done < j->ranges) {
        job *w;
        int32_t start, end;
        uint32_t index;
        if (take(p, j, &w, &start, &end, &index))
            run(p, w, start, end, index);
        else
            pthread_cond_wait(&p->done, &p->lock);
    }
    j->used = 0;
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->lock);
}

int task_pool_create(uint32_t workers, task_pool **out)
{
    if (!out)
        return EINVAL;
    *out = NULL;
    if (workers < 1 || workers > SEPAX_MAX_WORKERS)
        return EINVAL;
    task_pool *p = calloc(1, sizeof *p);
    if (!p)
        return ENOMEM;
    p->workers = workers;
    p->free_index = workers == 64 ? ~0ull : (1ull << workers) - 1u;
    atomic_init(&p->enqueued, 0u);
    int err = pthread_mutex_init(&p->lock, NULL);
    if (err) {
        free(p);
        return err;
    }
    if ((err = pthread_cond_init(&p->work, NULL)) != 0) {
        pthread_mutex_destroy(&p->lock);
        free(p);
        return err;
    }
    if ((err = pthread_cond_init(&p->done, NULL)) != 0) {
        pthread_cond_destroy(&p->work);
        pthread_mutex_destroy(&p->lock);
        free(p);
        return err;
    }
    for (uint32_t k = 0; k + 1 < workers && !err; k++) {
        err = pthread_create(&p->threads[k], NULL, thread_main, p);
        p->started += err == 0;
    }
    if (err) {
        task_pool_destroy(p);
        return err;
    }
    *out = p;
    return 0;
}

void task_pool_destroy(task_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (uint32_t k = 0; k < p->started; k++)
        pthread_join(p->threads[k], NULL);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

sepax_task_system task_pool_system(task_pool *p)
{
    sepax_task_system t;
    memset(&t, 0, sizeof t);
    t.size = sizeof t;
    t.worker_count = p->workers;
    t.enqueue = pool_enqueue;
    t.finish = pool_finish;
    t.user_context = p;
    return t;
}
