/* Batch calls split across the caller's workers (sepax_task_system in
 * sepax_common.h): the task system a store keeps, how a call cuts its
 * work into items, and the lowest bad index found by checks running on
 * several workers. */
#ifndef SEPAX_COMMON_TASKS_H
#define SEPAX_COMMON_TASKS_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "alloc.h"
#include "options.h"
#include "sepax/sepax_common.h"

/* Copy a caller's task system into a store's (NULL: none, worker_count
 * 0), or say why not and leave *kept as it was. */
static inline sepax_status sepax_tasks_set(sepax_task_system *kept, const sepax_task_system *in)
{
    if (!in) {
        memset(kept, 0, sizeof *kept);
        return SEPAX_OK;
    }
    /* the sizes of sepax_task_system as released, oldest first, as for
     * every options struct (options.h); every field it has today is
     * required, so there is nothing to default yet */
    static const size_t sizes[] = {sizeof(sepax_task_system)};
    sepax_task_system t;
    memset(&t, 0, sizeof t);
    if (sepax_options_read(in, in->size, sizes, sizeof sizes / sizeof sizes[0], &t, sizeof t) !=
        SEPAX_OK)
        return SEPAX_ERR_BAD_OPTIONS;
    if (!t.enqueue || !t.finish)
        return SEPAX_ERR_NULL;
    if (t.worker_count == 0 || t.worker_count > SEPAX_MAX_WORKERS)
        return SEPAX_ERR_BAD_WORKER;
    *kept = t;
    return SEPAX_OK;
}

/* Whether a call with this much work (in the call's own units: pairs,
 * shapes, bands) is split: a task system of several workers, and at
 * least two ranges of least. Below that the hand-over costs more than
 * the second worker gains. */
static inline int sepax_tasks_split(const sepax_task_system *t, size_t work, size_t least)
{
    return t->worker_count > 1 && work / 2 >= least;
}

/* A call's work cut into items of unit elements (the last one shorter),
 * so that item counts fit the task interface's int32_t and ranges start
 * on whole cache lines of the outputs. */
typedef struct sepax_cut {
    size_t count, unit;
    int32_t items, min_range;
} sepax_cut;

/* unit: the smallest item; least: elements a range should hold at least;
 * ranges: how many ranges per worker the task system may make at most
 * (0: as many as least allows). */
static inline sepax_cut sepax_cut_make(const sepax_task_system *t, size_t count, size_t unit,
                                       size_t least, size_t ranges)
{
    sepax_cut c;
    c.count = count;
    c.unit = unit;
    while (count / c.unit >= (size_t)INT32_MAX)
        c.unit *= 2;
    const size_t items = (count + c.unit - 1u) / c.unit;
    size_t min_range = (least + c.unit - 1u) / c.unit;
    if (ranges) {
        const size_t most = ranges * t->worker_count;
        const size_t wide = (items + most - 1u) / most;
        min_range = wide > min_range ? wide : min_range;
    }
    c.items = (int32_t)items;
    c.min_range = (int32_t)(min_range < 1u ? 1u : min_range > items ? items : min_range);
    return c;
}

/* The elements of items [start, end). */
static inline void sepax_cut_range(const sepax_cut *c, int32_t start, int32_t end, size_t *from,
                                   size_t *to)
{
    *from = (size_t)start * c->unit;
    const size_t last = (size_t)end * c->unit;
    *to = last < c->count ? last : c->count;
}

/* Run task over every item of c; back once all have run. */
static inline void sepax_tasks_run(const sepax_task_system *t, sepax_task_fn *task,
                                   const sepax_cut *c, void *context)
{
    void *handle = t->enqueue(task, c->items, c->min_range, context, t->user_context);
    if (handle)
        t->finish(handle, t->user_context);
}

/* The lowest index at which a check failed, as several workers find
 * them; starts at the count (none). A range that starts past it need not
 * check at all: whatever it found would not be the lowest. */
static inline void sepax_lowest_put(_Atomic size_t *lowest, size_t index)
{
    size_t cur = atomic_load_explicit(lowest, memory_order_relaxed);
    while (index < cur && !atomic_compare_exchange_weak_explicit(lowest, &cur, index,
                                                                 memory_order_relaxed,
                                                                 memory_order_relaxed)) {
    }
}

static inline size_t sepax_lowest_get(_Atomic size_t *lowest)
{
    return atomic_load_explicit(lowest, memory_order_relaxed);
}

/* A worker's own pair list in a split call, grown through the store's
 * allocator to hold need pairs: at least double, at least 4,096. Returns
 * 0, the list unchanged, when that allocation fails. */
static inline int sepax_pairs_grow(const sepax_allocator *a, sepax_pair **pairs, size_t *capacity,
                                   size_t found, size_t need)
{
    size_t cap = *capacity * 2u;
    cap = cap > need ? cap : need;
    cap = cap > 4096u ? cap : 4096u;
    sepax_pair *p = cap <= SIZE_MAX / sizeof *p ? sepax_alloc(a, cap * sizeof *p) : NULL;
    if (!p)
        return 0;
    if (found)
        memcpy(p, *pairs, found * sizeof *p);
    sepax_free(a, *pairs);
    *pairs = p;
    *capacity = cap;
    return 1;
}

#endif
