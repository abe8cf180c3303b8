/* The group of a 3D pair (sepax3_pair_group) by its slots' kinds, for
 * the grouping calls (groups.c) and the grouped calls' checks
 * (collide.c). */
#ifndef SEPAX3_GROUPS_H
#define SEPAX3_GROUPS_H

#include "common/groups.h"
#include "store.h"

/* SEPAX3_PAIR_GROUPS for a free slot, which no checked pair names. */
static inline uint32_t sepax3_group_of_kinds(uint8_t ka, uint8_t kb)
{
    enum {
        X = SEPAX3_PAIR_GROUPS,
        BB = SEPAX3_GROUP_BOX_BOX, BS = SEPAX3_GROUP_BOX_SPHERE, BC = SEPAX3_GROUP_BOX_CAPSULE,
        BH = SEPAX3_GROUP_BOX_HULL, SS = SEPAX3_GROUP_SPHERE_SPHERE,
        CS = SEPAX3_GROUP_CAPSULE_SPHERE, CC = SEPAX3_GROUP_CAPSULE_CAPSULE,
        SH = SEPAX3_GROUP_SPHERE_HULL, CH = SEPAX3_GROUP_CAPSULE_HULL, HH = SEPAX3_GROUP_HULL_HULL
    };
    /* rows and columns by slot kind: free, box, sphere, hull, capsule */
    static const uint8_t table[SEPAX3_KINDS][SEPAX3_KINDS] = {
        {X, X, X, X, X},
        {X, BB, BS, BH, BC},
        {X, BS, SS, SH, CS},
        {X, BH, SH, HH, CH},
        {X, BC, CS, CH, CC},
    };
    return table[ka][kb];
}

/* sepax_grouped_call's group_of for a 3D store. */
static inline uint32_t sepax3_group_of_slots(const void *store, uint32_t sa, uint32_t sb)
{
    const sepax3_store *s = store;
    return sepax3_group_of_kinds(s->kind[sa], s->kind[sb]);
}

/* The store's grouping rule, for common/groups.c. */
static inline sepax_grouping sepax3_grouping(const sepax3_store *s)
{
    const sepax_grouping r = {&s->core, s, SEPAX3_PAIR_GROUPS, sepax3_group_of_slots};
    return r;
}

#endif
