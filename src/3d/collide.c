/* The public 3D batch calls: check every pair, then hand the list to the
 * store's kernels; the compacted call runs them over stack-sized chunks
 * and keeps only the hits. */
#include <stddef.h>

#include "common/pairs.h"
#include "store.h"

static sepax_status check_call(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                               int out_missing, size_t out_size, size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    return sepax_call_check(s->core.live_id, s->core.slot_limit, pairs, count, out_missing, out_size,
                            bad_index);
}

/* Pairs a range holds at least, and ranges per worker at most (as in
 * the 2D calls, src/2d/collide.c). */
#define LEAST_PAIRS 4096u
#define RANGES_PER_WORKER 4u

/* The split sepax3_collide: every pair checked in ranges first, then
 * collided in ranges; a pair's result depends on that pair alone. */
typedef struct split {
    const sepax3_store *s;
    sepax3_view v;
    const sepax_pair *pairs;
    sepax3_result *results;
    sepax_cut cut;
    _Atomic size_t bad; /* lowest bad pair found, count if none */
} split;

static void check_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    size_t from, to, at = 0;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    if (from < sepax_lowest_get(&j->bad) &&
        sepax_pairs_check(j->s->core.live_id, j->s->core.slot_limit, j->pairs + from, to - from, &at) !=
            SEPAX_OK)
        sepax_lowest_put(&j->bad, from + at);
}

static void collide_task(int32_t start, int32_t end, uint32_t worker, void *context)
{
    (void)worker;
    split *j = context;
    size_t from, to;
    sepax_cut_range(&j->cut, start, end, &from, &to);
    j->s->kernels->collide(&j->v, j->pairs + from, to - from, j->results + from);
}

sepax_status sepax3_collide(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                            sepax3_result *results, size_t *bad_index)
{
    if (s && sepax_tasks_split(&s->core.tasks, count, LEAST_PAIRS)) {
        sepax_status st = sepax_batch_check(pairs, count, !results, sizeof *results);
        if (st != SEPAX_OK)
            return st;
        split j;
        j.s = s;
        j.v = sepax3_store_view(s);
        j.pairs = pairs;
        j.results = results;
        /* 16 results of 20 bytes are 5 cache lines */
        j.cut = sepax_cut_make(&s->core.tasks, count, 16, LEAST_PAIRS, RANGES_PER_WORKER);
        atomic_init(&j.bad, count);
        sepax_tasks_run(&s->core.tasks, check_task, &j.cut, &j);
        const size_t bad = sepax_lowest_get(&j.bad);
        if (bad < count) {
            if (bad_index)
                *bad_index = bad;
            return sepax_pairs_check(s->core.live_id, s->core.slot_limit, pairs + bad, 1, NULL);
        }
        sepax_tasks_run(&s->core.tasks, collide_task, &j.cut, &j);
        return SEPAX_OK;
    }
    sepax_status st = check_call(s, pairs, count, !results, sizeof *results, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    const sepax3_view v = sepax3_store_view(s);
    s->kernels->collide(&v, pairs, count, results);
    return SEPAX_OK;
}

sepax_status sepax3_collide_hits(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                                 sepax3_hit *hits, size_t capacity, size_t *hit_count,
                                 size_t *bad_index)
{
    sepax_status st = sepax_hits_begin(s != NULL, hits, capacity, count, hit_count);
    if (st != SEPAX_OK)
        return st;
    st = check_call(s, pairs, count, 0, sizeof *hits, bad_index);
    if (st != SEPAX_OK || count == 0)
        return st;
    const sepax3_view v = sepax3_store_view(s);
    sepax3_result chunk[SEPAX_HIT_CHUNK];
    size_t found = 0;
    for (size_t base = 0; base < count; base += SEPAX_HIT_CHUNK) {
        const size_t n = count - base < SEPAX_HIT_CHUNK ? count - base : SEPAX_HIT_CHUNK;
        s->kernels->collide(&v, pairs + base, n, chunk);
        found = sepax_hits_take(chunk, n, sizeof *chunk, offsetof(sepax3_result, flags), base,
                                hits, sizeof *hits, offsetof(sepax3_hit, result), capacity, found);
    }
    *hit_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
