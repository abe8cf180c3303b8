/* The public batch calls: check every pair, then hand the list to the
 * store's kernels; the compacted call runs them over stack-sized chunks
 * and keeps only the hits. With a task system of several workers both
 * run in ranges of pairs (common/tasks.h): a pair's result depends on
 * that pair alone, so ranges change no bit of it. */
#include <stddef.h>
#include <string.h>

#include "batch.h"
#include "cache.h"

/* Pairs a range holds at least: tiles fill, and the hand-over (a few
 * microseconds) stays small beside the range's work. */
#define LEAST_PAIRS 4096u
/* Ranges per worker at most: a few, so that a worker slowed by something
 * else on the machine leaves its share to the others. */
#define RANGES_PER_WORKER 4u

/* A split call's state, shared by its ranges. */
typedef struct split {
    const sepax_store *s;
    sepax_columns cols;
    const sepax_pair *pairs;
    sepax_cut cut;
    _Atomic size_t bad; /* lowest bad pair found, count if none */
    sepax_result *results;
    /* the compacted call: each chunk's hits, at the chunk's first pair,
     * then their count (and, once summed, where they go) */
    sepax_hit *scratch;
    size_t *found;
    sepax_hit *hits;
    size_t capacity;
    sepax_pair_cache *caches; /* the cached compacted call's, else NULL */
} split;

/* Check pairs [from, to), as sepax_pairs_check would, unless a lower bad
 * pair is known already; 0 when one is bad. */
static int split_check(split *j, size_t from, size_t to)
{
    if (from >= sepax_lowest_get(&j->bad))
        return 0;
    size_t at = 0;
    if (sepax_pairs_check(j->s->core.live_id, j->s->core.slot_limit, j->pairs + from, to - from, &at) ==
        SEPAX_OK)
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

static void collide_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    size_t from, to;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    sepax_run_kernels(j->s, &j->cols, j->pairs + from, to - from, j->results + from);
}

/* The status of the lowest bad pair the ranges found, SEPAX_OK if none. */
static sepax_status split_status(split *j, size_t *bad_index)
{
    const size_t bad = sepax_lowest_get(&j->bad);
    if (bad >= j->cut.count)
        return SEPAX_OK;
    if (bad_index)
        *bad_index = bad;
    return sepax_pairs_check(j->s->core.live_id, j->s->core.slot_limit, j->pairs + bad, 1, NULL);
}

static void split_init(split *j, const sepax_store *s, const sepax_pair *pairs, size_t count,
                       size_t unit)
{
    memset(j, 0, sizeof *j);
    j->s = s;
    j->cols = sepax_store_columns(s);
    j->pairs = pairs;
    j->cut = sepax_cut_make(&s->core.tasks, count, unit, LEAST_PAIRS, RANGES_PER_WORKER);
    atomic_init(&j->bad, count);
}

sepax_status sepax_collide(const sepax_store *s, const sepax_pair *pairs, size_t count,
                           sepax_result *results, size_t *bad_index)
{
    if (s && sepax_tasks_split(&s->core.tasks, count, LEAST_PAIRS)) {
        sepax_status st = sepax_batch_check(pairs, count, !results, sizeof *results);
        if (st != SEPAX_OK)
            return st;
        /* Every pair is checked before any result is written, as on one
         * thread: two rounds. 64 results are 16 cache lines. */
        split j;
        split_init(&j, s, pairs, count, 64);
        j.results = results;
        sepax_tasks_run(&s->core.tasks, check_task, &j.cut, &j);
        if ((st = split_status(&j, bad_index)) != SEPAX_OK)
            return st;
        sepax_tasks_run(&s->core.tasks, collide_task, &j.cut, &j);
        return SEPAX_OK;
    }
    sepax_status st = sepax_check_call(s, pairs, count, !results, sizeof *results, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    sepax_columns cols = sepax_store_columns(s);
    sepax_run_kernels(s, &cols, pairs, count, results);
    return SEPAX_OK;
}

/* The hits among pairs [base, base + n), n <= SEPAX_HIT_CHUNK, appended
 * to hits (found already there, room for capacity); returns the new count.
 * With caches, the pairs their cached axis still separates are no hits
 * and skip the kernels; the others' caches are rewritten from their
 * results. */
static size_t chunk_hits(const sepax_store *s, const sepax_columns *cols, const sepax_pair *pairs,
                         size_t base, size_t n, sepax_pair_cache *caches, sepax_hit *hits,
                         size_t capacity, size_t found)
{
    sepax_result chunk[SEPAX_HIT_CHUNK];
    if (!caches) {
        sepax_run_kernels(s, cols, pairs + base, n, chunk);
        return sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax_result, flags), base, hits,
                               sizeof *hits, offsetof(sepax_hit, result), capacity, found);
    }
    _Static_assert(SEPAX_HIT_CHUNK <= SEPAX_CACHE_CHUNK, "the filter takes a whole chunk");
    sepax_pair live[SEPAX_HIT_CHUNK];
    uint16_t at[SEPAX_HIT_CHUNK];
    const size_t m = sepax_cache_filter(cols, pairs + base, n, caches + base, s->round_live == 0,
                                        s->kernels->cache_plain, live, at);
    sepax_run_kernels(s, cols, live, m, chunk);
    sepax_cache_refresh(cols, live, m, chunk, at, caches + base);
    for (size_t k = 0; k < m; k++) {
        if (!(chunk[k].flags & SEPAX_HIT))
            continue;
        if (found < capacity) {
            hits[found].pair = (uint32_t)(base + at[k]);
            hits[found].result = chunk[k];
        }
        found++;
    }
    return found;
}

/* Chunks of SEPAX_HIT_CHUNK pairs: check, collide on the stack, keep the
 * hits in the chunk's own place of the scratch list. Nothing reaches the
 * caller's list before every pair is known to be good. */
static void hits_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    for (int32_t c = start; c < end; c++) {
        size_t from, to;
        sepax_cut_range(&j->cut, c, c + 1, &from, &to);
        j->found[c] = 0;
        if (!split_check(j, from, to))
            continue;
        j->found[c] = chunk_hits(j->s, &j->cols, j->pairs, from, to - from, j->caches,
                                 j->scratch + from, to - from, 0);
    }
}

/* found[c] is now where chunk c's hits go, found[c + 1] where they end. */
static void hits_copy_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    for (int32_t c = start; c < end; c++) {
        const size_t at = j->found[c], n = j->found[c + 1] - at;
        if (at >= j->capacity)
            return;
        memcpy(j->hits + at, j->scratch + (size_t)c * j->cut.unit,
               (n < j->capacity - at ? n : j->capacity - at) * sizeof *j->hits);
    }
}

/* The split compacted call, its arguments checked except the pairs. */
static sepax_status hits_split(const sepax_store *s, const sepax_pair *pairs, size_t count,
                               sepax_pair_cache *caches, sepax_hit *hits, size_t capacity,
                               size_t *hit_count, size_t *bad_index)
{
    split j;
    split_init(&j, s, pairs, count, SEPAX_HIT_CHUNK);
    /* every chunk is one unit: the scratch places are the chunks' */
    if (j.cut.unit != SEPAX_HIT_CHUNK)
        return SEPAX_ERR_OVERFLOW;
    j.caches = caches;
    if (caches) {
        /* A chunk rewrites its caches as it goes, so with caches every
         * pair is checked in a round of its own first: a bad pair leaves
         * all of them as they were. */
        sepax_tasks_run(&s->core.tasks, check_task, &j.cut, &j);
        const sepax_status st = split_status(&j, bad_index);
        if (st != SEPAX_OK)
            return st;
    }
    const size_t chunks = (size_t)j.cut.items;
    unsigned char *mem =
        sepax_alloc(&s->core.alloc, count * sizeof *j.scratch + (chunks + 1u) * sizeof *j.found);
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    /* the counts first: a size_t after count hits could be misaligned */
    j.found = (size_t *)mem;
    j.scratch = (sepax_hit *)(j.found + chunks + 1u);
    j.hits = hits;
    j.capacity = capacity;
    sepax_tasks_run(&s->core.tasks, hits_task, &j.cut, &j);
    sepax_status st = split_status(&j, bad_index);
    size_t total = 0;
    if (st == SEPAX_OK) {
        for (size_t c = 0; c < chunks; c++) {
            const size_t n = j.found[c];
            j.found[c] = total;
            total += n;
        }
        j.found[chunks] = total;
        if (capacity > 0)
            sepax_tasks_run(&s->core.tasks, hits_copy_task, &j.cut, &j);
        *hit_count = total;
        st = total > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
    }
    sepax_free(&s->core.alloc, mem);
    return st;
}

/* Both compacted calls, sepax_hits_begin's checks made; caches NULL:
 * uncached. */
static sepax_status collide_hits(const sepax_store *s, const sepax_pair *pairs, size_t count,
                                 sepax_pair_cache *caches, sepax_hit *hits, size_t capacity,
                                 size_t *hit_count, size_t *bad_index)
{
    if (s && sepax_tasks_split(&s->core.tasks, count, LEAST_PAIRS)) {
        const sepax_status st = sepax_batch_check(pairs, count, 0, sizeof *hits);
        return st != SEPAX_OK
                   ? st
                   : hits_split(s, pairs, count, caches, hits, capacity, hit_count, bad_index);
    }
    /* hits may be NULL with capacity 0: the caller asks only for the count */
    sepax_status st = sepax_check_call(s, pairs, count, 0, sizeof *hits, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    sepax_columns cols = sepax_store_columns(s);
    size_t found = 0;
    for (size_t base = 0; base < count; base += SEPAX_HIT_CHUNK) {
        size_t n = count - base < SEPAX_HIT_CHUNK ? count - base : SEPAX_HIT_CHUNK;
        found = chunk_hits(s, &cols, pairs, base, n, caches, hits, capacity, found);
    }
    *hit_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}

sepax_status sepax_collide_hits(const sepax_store *s, const sepax_pair *pairs, size_t count,
                                sepax_hit *hits, size_t capacity, size_t *hit_count,
                                size_t *bad_index)
{
    const sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    return st != SEPAX_OK ? st
                          : collide_hits(s, pairs, count, NULL, hits, capacity, hit_count,
                                         bad_index);
}

sepax_status sepax_collide_hits_cached(const sepax_store *s, const sepax_pair *pairs,
                                       size_t count, sepax_pair_cache *caches, sepax_hit *hits,
                                       size_t capacity, size_t *hit_count, size_t *bad_index)
{
    sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    if (st == SEPAX_OK && count > 0 && !caches)
        st = SEPAX_ERR_NULL;
    return st != SEPAX_OK ? st
                          : collide_hits(s, pairs, count, caches, hits, capacity, hit_count,
                                         bad_index);
}
