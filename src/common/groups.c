/* Grouped pair lists (groups.h): the starts' checks and the stable
 * counting sort that both dimensions' grouping calls and grouped
 * broadphases share. */
#include "groups.h"

#include <string.h>

sepax_status sepax_groups_total(const size_t *starts, uint32_t groups, size_t *count)
{
    if (!starts)
        return SEPAX_ERR_NULL;
    if (starts[0] != 0)
        return SEPAX_ERR_BAD_ARGUMENT;
    for (uint32_t g = 0; g < groups; g++)
        if (starts[g + 1u] < starts[g])
            return SEPAX_ERR_BAD_ARGUMENT;
    *count = starts[groups];
    return SEPAX_OK;
}

void sepax_groups_sort(const uint8_t *group, const sepax_pair *pairs, size_t n, uint32_t groups,
                       sepax_pair *out, uint32_t *from, size_t *starts)
{
    size_t at[SEPAX_GROUPS_MOST + 1u] = {0};
    for (size_t i = 0; i < n; i++)
        at[group[i] + 1u]++;
    for (uint32_t g = 0; g < groups; g++)
        at[g + 1u] += at[g];
    memcpy(starts, at, (groups + 1u) * sizeof *starts);
    for (size_t i = 0; i < n; i++) {
        const size_t k = at[group[i]]++;
        out[k] = pairs[i];
        if (from)
            from[k] = (uint32_t)i;
    }
}

sepax_status sepax_groups_sort_in_place(const sepax_allocator *alloc, const uint8_t *group,
                                        sepax_pair *pairs, size_t n, uint32_t groups,
                                        size_t *starts)
{
    if (n == 0) {
        memset(starts, 0, (groups + 1u) * sizeof *starts);
        return SEPAX_OK;
    }
    sepax_pair *copy = sepax_alloc(alloc, n * sizeof *copy);
    if (!copy)
        return SEPAX_ERR_OUT_OF_MEMORY;
    memcpy(copy, pairs, n * sizeof *copy);
    sepax_groups_sort(group, copy, n, groups, pairs, NULL, starts);
    sepax_free(alloc, copy);
    return SEPAX_OK;
}

sepax_status sepax_group_of_pair(const sepax_grouping *r, sepax_pair pair, uint32_t *group)
{
    if (!group)
        return SEPAX_ERR_NULL;
    const sepax_status st =
        sepax_pairs_check(r->core->live_id, r->core->slot_limit, &pair, 1, NULL);
    if (st == SEPAX_OK)
        *group = r->group_of(r->store, SEPAX_ID_SLOT(pair.a), SEPAX_ID_SLOT(pair.b));
    return st;
}

/* The starts of n pairs all of group single. */
static void single_starts(uint32_t single, uint32_t groups, size_t n, size_t *starts)
{
    for (uint32_t g = 0; g <= groups; g++)
        starts[g] = g <= single ? 0 : n;
}

/* The groups of n checked pairs into group[] (scratch from the core's
 * hooks, or NULL when that failed): the slots' side codes first, so that
 * a pair's group is two byte loads and a table's. */
static uint8_t *groups_of(const sepax_grouping *r, const sepax_pair *pairs, size_t n)
{
    const size_t slots = r->core->slot_limit;
    uint8_t *group = sepax_alloc(&r->core->alloc, n + slots);
    if (!group)
        return NULL;
    uint8_t *code = group + n;
    r->side_codes(r->store, code);
    const uint8_t *table = r->pair_table;
    const uint32_t sides = r->sides;
    for (size_t i = 0; i < n; i++)
        group[i] = table[sides * code[SEPAX_ID_SLOT(pairs[i].a)] + code[SEPAX_ID_SLOT(pairs[i].b)]];
    return group;
}

sepax_status sepax_group_list(const sepax_grouping *r, const sepax_pair *pairs, size_t count,
                              sepax_pair *grouped, size_t *starts, uint32_t *from,
                              size_t *bad_index)
{
    if (!starts)
        return SEPAX_ERR_NULL;
    if (count > UINT32_MAX)
        return SEPAX_ERR_OVERFLOW;
    sepax_status st = sepax_batch_check(pairs, count, !grouped, sizeof *grouped);
    if (st != SEPAX_OK)
        return st;
    if (count == 0) {
        memset(starts, 0, (r->groups + 1u) * sizeof *starts);
        return SEPAX_OK;
    }
    if ((st = sepax_pairs_check(r->core->live_id, r->core->slot_limit, pairs, count,
                                bad_index)) != SEPAX_OK)
        return st;
    if (r->single < r->groups) {
        single_starts(r->single, r->groups, count, starts);
        memcpy(grouped, pairs, count * sizeof *grouped);
        for (size_t i = 0; from && i < count; i++)
            from[i] = (uint32_t)i;
        return SEPAX_OK;
    }
    uint8_t *group = groups_of(r, pairs, count);
    if (!group)
        return SEPAX_ERR_OUT_OF_MEMORY;
    sepax_groups_sort(group, pairs, count, r->groups, grouped, from, starts);
    sepax_free(&r->core->alloc, group);
    return SEPAX_OK;
}

sepax_status sepax_group_found(const sepax_grouping *r, sepax_status st, sepax_pair *pairs,
                               size_t n, size_t *starts)
{
    if (st != SEPAX_OK)
        return st;
    if (n == 0 || r->single < r->groups) {
        single_starts(r->single, r->groups, n, starts);
        return SEPAX_OK;
    }
    uint8_t *group = groups_of(r, pairs, n);
    if (!group)
        return SEPAX_ERR_OUT_OF_MEMORY;
    st = sepax_groups_sort_in_place(&r->core->alloc, group, pairs, n, r->groups, starts);
    sepax_free(&r->core->alloc, group);
    return st;
}

/* What the ranges of a grouped call share. */
typedef struct grouped {
    sepax_grouped_call head; /* first: what the checks read */
    const sepax_group_kernel *k;
    unsigned char *results; /* where the result of item base goes */
    size_t base;
} grouped;

static void group_run(const void *context, uint32_t g, size_t from, size_t to)
{
    const grouped *q = context;
    q->k->run(q->k->context, g, q->head.head.pairs + from, to - from,
              q->results + (from - q->base) * q->k->result_size);
}

static void grouped_range(const void *context, size_t from, size_t to)
{
    const grouped *q = context;
    sepax_groups_each(q->head.starts, q->head.groups, from, to, context, group_run);
}

/* The largest result a dimension has, for a chunk's results on the stack. */
#define GROUPED_RESULT_MOST 32u

static size_t grouped_chunk(const void *context, size_t base, size_t n, void *out,
                            size_t capacity, size_t found)
{
    _Alignas(16) unsigned char chunk[SEPAX_HIT_CHUNK * GROUPED_RESULT_MOST];
    grouped q = *(const grouped *)context;
    q.results = chunk;
    q.base = base;
    sepax_groups_each(q.head.starts, q.head.groups, base, base + n, &q, group_run);
    const sepax_group_kernel *k = q.k;
    return sepax_hits_take(chunk, n, k->result_size, k->flags_at, base, out, k->hit_size,
                           k->result_at, capacity, found);
}

/* A grouped call's context and its list's count, starts checked. */
static sepax_status grouped_begin(const sepax_grouping *r, const sepax_pair *pairs,
                                  const size_t *starts, const sepax_group_kernel *k,
                                  void *results, grouped *q, size_t *count)
{
    const sepax_status st = sepax_groups_total(starts, r->groups, count);
    if (st != SEPAX_OK)
        return st;
    const grouped g = {{{r->core, pairs}, starts, r->groups, r->store, r->group_of, r->single},
                       k, results, 0};
    *q = g;
    return SEPAX_OK;
}

sepax_status sepax_grouped_collide(const sepax_grouping *r, const sepax_pair *pairs,
                                   const size_t *starts, const sepax_group_kernel *k,
                                   void *results, size_t *bad_index)
{
    grouped q;
    size_t count = 0;
    sepax_status st = grouped_begin(r, pairs, starts, k, results, &q, &count);
    if (st == SEPAX_OK)
        st = sepax_batch_check(pairs, count, !results, k->result_size);
    if (st != SEPAX_OK)
        return st;
    const sepax_batch b = {.core = r->core, .count = count, .unit = k->unit,
                           .check = k->check, .run = grouped_range,
                           .context = &q};
    return sepax_batch_run(&b, bad_index);
}

sepax_status sepax_grouped_hits(const sepax_grouping *r, const sepax_pair *pairs,
                                const size_t *starts, const sepax_group_kernel *k, void *hits,
                                size_t capacity, size_t *hit_count, size_t *bad_index)
{
    _Static_assert(SEPAX_HIT_CHUNK * GROUPED_RESULT_MOST <= 16384u,
                   "a chunk's results fit the stack");
    grouped q;
    size_t count = 0;
    sepax_status st = grouped_begin(r, pairs, starts, k, NULL, &q, &count);
    if (st == SEPAX_OK && count > UINT32_MAX)
        st = SEPAX_ERR_OVERFLOW;
    if (st == SEPAX_OK && k->result_size > GROUPED_RESULT_MOST)
        st = SEPAX_ERR_BAD_ARGUMENT;
    if (st != SEPAX_OK || (st = sepax_batch_check(pairs, count, 0, k->hit_size)) != SEPAX_OK)
        return st;
    const sepax_batch b = {.core = r->core, .count = count, .unit = SEPAX_HIT_CHUNK,
                           .check = k->check, .chunk = grouped_chunk,
                           .hit_size = k->hit_size, .context = &q};
    return sepax_batch_hits(&b, hits, capacity, hit_count, bad_index);
}
