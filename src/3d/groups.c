/* The 3D grouping calls: a pair's group, a list grouped by class, the
 * broadphase's pairs grouped (common/groups.c does the work with the
 * rule of groups.h). */
#include "groups.h"

#include "common/groups.h"

static sepax_grouping grouping(const sepax3_store *s)
{
    const sepax_grouping r = {&s->core, s, SEPAX3_PAIR_GROUPS, sepax3_group_of_slots};
    return r;
}

sepax_status sepax3_pair_group_of(const sepax3_store *s, sepax_pair pair, sepax3_pair_group *group)
{
    if (!s || !group)
        return SEPAX_ERR_NULL;
    const sepax_grouping r = grouping(s);
    uint32_t g;
    const sepax_status st = sepax_group_of_pair(&r, pair, &g);
    if (st == SEPAX_OK)
        *group = (sepax3_pair_group)g;
    return st;
}

sepax_status sepax3_group_pairs(const sepax3_store *s, const sepax_pair *pairs, size_t count,
                                sepax_pair *grouped, size_t *starts, uint32_t *from,
                                size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    const sepax_grouping r = grouping(s);
    return sepax_group_list(&r, pairs, count, grouped, starts, from, bad_index);
}

sepax_status sepax3_broadphase_grouped(const sepax3_store *s, sepax_pair *pairs, size_t capacity,
                                       size_t *pair_count, size_t *starts)
{
    if (pair_count)
        *pair_count = 0;
    if (!s || !starts || !pair_count)
        return SEPAX_ERR_NULL;
    const sepax_grouping r = grouping(s);
    const sepax_status st = sepax_group_found(
        &r, sepax3_broadphase(s, pairs, capacity, pair_count), pairs, *pair_count, starts);
    if (st != SEPAX_OK && st != SEPAX_ERR_CAPACITY)
        *pair_count = 0;
    return st;
}
