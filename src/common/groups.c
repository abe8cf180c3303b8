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

sepax_status sepax_batch_check_grouped(const void *context, size_t from, size_t to, size_t *at)
{
    const sepax_grouped_call *c = context;
    size_t bad = to - from;
    const sepax_status st = sepax_batch_check_pairs(context, from, to, &bad);
    /* the pairs before a bad id are live: their groups can be read */
    const size_t end = st == SEPAX_OK ? to : from + bad;
    uint32_t g = sepax_group_at(c->starts, c->groups, from);
    for (size_t i = from; i < end; i++) {
        while (c->starts[g + 1u] <= i)
            g++;
        const sepax_pair p = c->head.pairs[i];
        if (c->group_of(c->store, SEPAX_ID_SLOT(p.a), SEPAX_ID_SLOT(p.b)) != g) {
            *at = i - from;
            return SEPAX_ERR_BAD_PAIR;
        }
    }
    if (st != SEPAX_OK)
        *at = bad;
    return st;
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

/* The groups of n checked pairs into group[] (scratch from the core's
 * hooks, or NULL when that failed). */
static uint8_t *groups_of(const sepax_grouping *r, const sepax_pair *pairs, size_t n)
{
    uint8_t *group = sepax_alloc(&r->core->alloc, n);
    if (group)
        for (size_t i = 0; i < n; i++)
            group[i] = (uint8_t)r->group_of(r->store, SEPAX_ID_SLOT(pairs[i].a),
                                            SEPAX_ID_SLOT(pairs[i].b));
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
    if (n == 0) {
        memset(starts, 0, (r->groups + 1u) * sizeof *starts);
        return SEPAX_OK;
    }
    uint8_t *group = groups_of(r, pairs, n);
    if (!group)
        return SEPAX_ERR_OUT_OF_MEMORY;
    st = sepax_groups_sort_in_place(&r->core->alloc, group, pairs, n, r->groups, starts);
    sepax_free(&r->core->alloc, group);
    return st;
}
