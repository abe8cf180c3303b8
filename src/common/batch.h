/* How every store's batch calls run (batch.c): every item (a pair, a
 * point query) checked before any output is written, then the work, on
 * the calling thread or, with a task system of several workers, in
 * ranges across them (tasks.h). An item's answer depends on that item
 * alone, so ranges change no bit of it; the lowest bad item is the one
 * reported, as on one thread. The compacted calls keep only the hits,
 * computed SEPAX_HIT_CHUNK items at a time and, split, gathered in order.
 *
 * What a call supplies is what depends on it: how to check a range of
 * items, how to compute one, how to find the hits among one chunk. The
 * store's own argument checks (NULL, sizes) come first, in the call. */
#ifndef SEPAX_COMMON_BATCH_H
#define SEPAX_COMMON_BATCH_H

#include "core.h"
#include "pairs.h"

/* Items a range holds at least: kernels' tiles fill, and the hand-over
 * (a few microseconds) stays small beside the range's work. */
#define SEPAX_BATCH_LEAST 4096u
/* Ranges per worker at most: a few, so that a worker slowed by something
 * else on the machine leaves its share to the others. */
#define SEPAX_BATCH_RANGES 4u

typedef struct sepax_batch {
    const sepax_core *core; /* its allocator and task system */
    size_t count;
    /* Items per unit of a range's start: the outputs' cache lines, so
     * that two workers never write one line. */
    size_t unit;
    /* SEPAX_OK, or the status of the first bad item of [from, to), whose
     * index less from goes in *at; NULL: no item can be bad (sepax_batch_run
     * only). */
    sepax_status (*check)(const void *context, size_t from, size_t to, size_t *at);
    /* Compute items [from, to) (the plain calls). */
    void (*run)(const void *context, size_t from, size_t to);
    /* The hits among items [base, base + n), n <= SEPAX_HIT_CHUNK,
     * appended to hits (found already there, room for capacity: those
     * past it are counted, not written); returns the new count (the
     * compacted calls). */
    size_t (*chunk)(const void *context, size_t base, size_t n, void *hits, size_t capacity,
                    size_t found);
    size_t hit_size;
    /* A chunk that writes something besides its hits (a pair cache)
     * needs every item checked in a round of its own first, so that a bad
     * item leaves all of that as it was. */
    int check_first;
    const void *context;
    /* Items a range holds at least; 0: SEPAX_BATCH_LEAST. */
    size_t least;
} sepax_batch;

/* The head of a call over pairs' context, all that checking them reads:
 * every call over pairs starts its context with one and takes
 * sepax_batch_check_pairs as its check. */
typedef struct sepax_pair_call {
    const sepax_core *core;
    const sepax_pair *pairs;
} sepax_pair_call;

/* sepax_pairs_check over pairs [from, to) of the store's core. */
sepax_status sepax_batch_check_pairs(const void *context, size_t from, size_t to, size_t *at);

/* The head of a point query call's context, for sepax_batch_check_queries:
 * queries of size bytes, each dims floats of point then the shape's id
 * at id_at. */
typedef struct sepax_query_call {
    const sepax_core *core;
    const unsigned char *queries;
    size_t size, id_at;
    int dims;
} sepax_query_call;

/* Every query's point finite (else SEPAX_ERR_NOT_FINITE: "inside" means
 * nothing for it; a finite point beyond SEPAX_MAX_COORDINATE is answered,
 * outside every shape it cannot reach), then its id live. */
sepax_status sepax_batch_check_queries(const void *context, size_t from, size_t to, size_t *at);

/* Check every item, then run them: SEPAX_OK, or the lowest bad item's
 * status with its index in *bad_index (if not NULL), nothing computed. */
sepax_status sepax_batch_run(const sepax_batch *b, size_t *bad_index);

/* Check every item, then gather the hits of every chunk in order: the
 * first capacity written to hits, all of them counted in *hit_count;
 * SEPAX_ERR_CAPACITY when they did not fit. A bad item's status as
 * sepax_batch_run's, nothing written to hits. */
sepax_status sepax_batch_hits(const sepax_batch *b, void *hits, size_t capacity,
                              size_t *hit_count, size_t *bad_index);

/* The merge of a pair search split by segments (2D bands, 3D columns):
 * each segment is searched by one worker into that worker's own list,
 * and the segments' pairs are copied to the caller's list in segment
 * order, which is the order of the unsplit search whichever worker took
 * which segment. */
typedef struct sepax_merge {
    uint32_t *by;        /* per segment: the worker that searched it */
    size_t *from, *n;    /* where its pairs begin in that worker's list, how many */
    size_t *to;          /* segments + 1 places: where they go */
    sepax_pair *const *lists; /* per worker, once the search is done */
    sepax_pair *pairs;   /* the caller's */
    size_t capacity;
    uint32_t workers;
    _Atomic int broken; /* a worker index at or above worker_count */
} sepax_merge;

/* Whether worker wi is one the task system declared; a task that gets
 * another must do nothing, and the call fails (sepax_merge_finish). */
static inline int sepax_merge_worker(sepax_merge *m, uint32_t wi)
{
    if (wi < m->workers)
        return 1;
    atomic_store_explicit(&m->broken, 1, memory_order_relaxed);
    return 0;
}

/* Segment seg was searched by worker wi, whose list held before pairs
 * then and after now. */
static inline void sepax_merge_note(sepax_merge *m, size_t seg, uint32_t wi, size_t before,
                                    size_t after)
{
    m->by[seg] = wi;
    m->from[seg] = before;
    m->n[seg] = after - before;
}

/* The search's status as the merge sees it: st, or, when st is
 * SEPAX_OK and a task got a worker index the system did not declare,
 * SEPAX_ERR_BAD_WORKER. */
static inline sepax_status sepax_merge_status(sepax_merge *m, sepax_status st)
{
    return st == SEPAX_OK && atomic_load_explicit(&m->broken, memory_order_relaxed)
               ? SEPAX_ERR_BAD_WORKER
               : st;
}

/* After the search, st its status so far: nothing when that is not
 * SEPAX_OK, else the segments' pairs copied in order over the ranges of
 * segs, the first capacity of them written and all of them counted in
 * *pair_count; SEPAX_ERR_CAPACITY when they did not fit. */
sepax_status sepax_merge_finish(sepax_merge *m, sepax_status st, const sepax_task_system *t,
                                const sepax_cut *segs, size_t *pair_count);

#endif
