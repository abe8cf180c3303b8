/* Batch calls on one thread or across workers (batch.h).
 *
 *   plain:      check all; run all              (split: two rounds of ranges)
 *   compacted:  per chunk: check, keep its hits (split: each chunk's hits
 *               at its own place of a scratch list, counted; then the
 *               counts summed into places and the hits copied in order) */
#include <math.h>
#include <string.h>

#include "batch.h"

sepax_status sepax_batch_check_pairs(const void *context, size_t from, size_t to, size_t *at)
{
    const sepax_pair_call *c = context;
    return sepax_pairs_check(c->core->live_id, c->core->slot_limit, c->pairs + from, to - from,
                             at);
}

sepax_status sepax_batch_check_queries(const void *context, size_t from, size_t to, size_t *at)
{
    const sepax_query_call *c = context;
    for (size_t i = from; i < to; i++) {
        const unsigned char *q = c->queries + i * c->size;
        sepax_status st = SEPAX_OK;
        for (int k = 0; k < c->dims && st == SEPAX_OK; k++) {
            float x;
            memcpy(&x, q + k * sizeof x, sizeof x);
            st = isfinite(x) ? SEPAX_OK : SEPAX_ERR_NOT_FINITE;
        }
        if (st == SEPAX_OK) {
            uint32_t id;
            memcpy(&id, q + c->id_at, sizeof id);
            st = sepax_core_check_id(c->core, id);
        }
        if (st != SEPAX_OK) {
            *at = i - from;
            return st;
        }
    }
    return SEPAX_OK;
}

typedef struct split {
    const sepax_batch *b;
    sepax_cut cut;
    _Atomic size_t bad; /* lowest bad item found, count if none */
    /* the compacted call: each chunk's hits, at the chunk's first item,
     * then their count (and, once summed, where they go) */
    unsigned char *scratch;
    size_t *found;
    unsigned char *hits;
    size_t capacity;
} split;

/* Check items [from, to) unless a lower bad item is known already; 0
 * when one is bad (or may be). */
static int split_check(split *j, size_t from, size_t to)
{
    if (from >= sepax_lowest_get(&j->bad))
        return 0;
    size_t at = 0;
    if (j->b->check(j->b->context, from, to, &at) == SEPAX_OK)
        return 1;
    sepax_lowest_put(&j->bad, from + at);
    return 0;
}

static void check_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    size_t from, to;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    split_check(j, from, to);
}

static void run_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    size_t from, to;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    j->b->run(j->b->context, from, to);
}

/* The status of the lowest bad item the ranges found, SEPAX_OK if none. */
static sepax_status split_status(split *j, size_t *bad_index)
{
    const size_t bad = sepax_lowest_get(&j->bad);
    if (bad >= j->cut.count)
        return SEPAX_OK;
    if (bad_index)
        *bad_index = bad;
    size_t at;
    return j->b->check(j->b->context, bad, bad + 1, &at);
}

static size_t least_of(const sepax_batch *b)
{
    return b->least ? b->least : SEPAX_BATCH_LEAST;
}

static void split_init(split *j, const sepax_batch *b, size_t unit)
{
    memset(j, 0, sizeof *j);
    j->b = b;
    j->cut = sepax_cut_make(&b->core->tasks, b->count, unit, least_of(b), SEPAX_BATCH_RANGES);
    atomic_init(&j->bad, b->count);
}

/* The whole list checked on this thread. */
static sepax_status check_all(const sepax_batch *b, size_t *bad_index)
{
    if (!b->check)
        return SEPAX_OK;
    size_t at = 0;
    const sepax_status st = b->check(b->context, 0, b->count, &at);
    if (st != SEPAX_OK && bad_index)
        *bad_index = at;
    return st;
}

sepax_status sepax_batch_run(const sepax_batch *b, size_t *bad_index)
{
    if (b->count == 0)
        return SEPAX_OK;
    if (!sepax_tasks_split(&b->core->tasks, b->count, least_of(b))) {
        const sepax_status st = check_all(b, bad_index);
        if (st == SEPAX_OK)
            b->run(b->context, 0, b->count);
        return st;
    }
    split j;
    split_init(&j, b, b->unit);
    sepax_status st = SEPAX_OK;
    if (b->check) {
        sepax_tasks_run(&b->core->tasks, check_task, &j.cut, &j);
        st = split_status(&j, bad_index);
    }
    if (st == SEPAX_OK)
        sepax_tasks_run(&b->core->tasks, run_task, &j.cut, &j);
    return st;
}

/* Chunks of SEPAX_HIT_CHUNK items: check, keep the hits in the chunk's
 * own place of the scratch list. Nothing reaches the caller's list
 * before every item is known to be good. */
static void hits_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    const sepax_batch *b = j->b;
    for (int32_t c = start; c < end; c++) {
        size_t from, to;
        sepax_cut_range(&j->cut, c, c + 1, &from, &to);
        j->found[c] = 0;
        if (!b->check_first && !split_check(j, from, to))
            continue;
        j->found[c] = b->chunk(b->context, from, to - from, j->scratch + from * b->hit_size,
                               to - from, 0);
    }
}

/* found[c] is now where chunk c's hits go, found[c + 1] where they end. */
static void hits_copy_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    const size_t size = j->b->hit_size;
    for (int32_t c = start; c < end; c++) {
        const size_t at = j->found[c], n = j->found[c + 1] - at;
        if (at >= j->capacity)
            return;
        memcpy(j->hits + at * size, j->scratch + (size_t)c * j->cut.unit * size,
               (n < j->capacity - at ? n : j->capacity - at) * size);
    }
}

static sepax_status hits_split(const sepax_batch *b, void *hits, size_t capacity,
                               size_t *hit_count, size_t *bad_index)
{
    split j;
    split_init(&j, b, SEPAX_HIT_CHUNK);
    /* every chunk is one unit: the scratch places are the chunks' */
    if (j.cut.unit != SEPAX_HIT_CHUNK)
        return SEPAX_ERR_OVERFLOW;
    const sepax_task_system *t = &b->core->tasks;
    if (b->check_first) {
        sepax_tasks_run(t, check_task, &j.cut, &j);
        const sepax_status st = split_status(&j, bad_index);
        if (st != SEPAX_OK)
            return st;
    }
    const size_t chunks = (size_t)j.cut.items;
    unsigned char *mem = sepax_alloc(&b->core->alloc,
                                     b->count * b->hit_size + (chunks + 1u) * sizeof *j.found);
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    /* the counts first: a size_t after count hits could be misaligned */
    j.found = (size_t *)mem;
    j.scratch = (unsigned char *)(j.found + chunks + 1u);
    j.hits = hits;
    j.capacity = capacity;
    sepax_tasks_run(t, hits_task, &j.cut, &j);
    sepax_status st = split_status(&j, bad_index);
    if (st == SEPAX_OK) {
        size_t total = 0;
        for (size_t c = 0; c < chunks; c++) {
            const size_t n = j.found[c];
            j.found[c] = total;
            total += n;
        }
        j.found[chunks] = total;
        if (capacity > 0)
            sepax_tasks_run(t, hits_copy_task, &j.cut, &j);
        *hit_count = total;
        st = total > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
    }
    sepax_free(&b->core->alloc, mem);
    return st;
}

sepax_status sepax_batch_hits(const sepax_batch *b, void *hits, size_t capacity,
                              size_t *hit_count, size_t *bad_index)
{
    if (b->count == 0)
        return SEPAX_OK;
    if (sepax_tasks_split(&b->core->tasks, b->count, least_of(b)))
        return hits_split(b, hits, capacity, hit_count, bad_index);
    const sepax_status st = check_all(b, bad_index);
    if (st != SEPAX_OK)
        return st;
    size_t found = 0;
    for (size_t base = 0; base < b->count; base += SEPAX_HIT_CHUNK) {
        const size_t n = b->count - base < SEPAX_HIT_CHUNK ? b->count - base : SEPAX_HIT_CHUNK;
        found = b->chunk(b->context, base, n, hits, capacity, found);
    }
    *hit_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}

static void merge_copy_task(int32_t start, int32_t end, uint32_t wi, void *context)
{
    (void)wi;
    const sepax_merge *m = context;
    for (int32_t c = start; c < end; c++) {
        const size_t at = m->to[c];
        if (at >= m->capacity)
            return;
        const size_t room = m->capacity - at, n = m->n[c] < room ? m->n[c] : room;
        memcpy(m->pairs + at, m->lists[m->by[c]] + m->from[c], n * sizeof *m->pairs);
    }
}

sepax_status sepax_merge_finish(sepax_merge *m, sepax_status st, const sepax_task_system *t,
                                const sepax_cut *segs, size_t *pair_count)
{
    if (st != SEPAX_OK)
        return st;
    const size_t segments = segs->count;
    size_t found = 0;
    for (size_t c = 0; c < segments; c++) {
        m->to[c] = found;
        found += m->n[c];
    }
    m->to[segments] = found;
    if (m->capacity > 0)
        sepax_tasks_run(t, merge_copy_task, segs, m);
    *pair_count = found;
    return found > m->capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
