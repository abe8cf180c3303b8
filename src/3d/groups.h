/* The group of a 3D pair (sepax3_pair_group) by its slots' kinds, for
 * the grouping calls (groups.c) and the grouped calls' checks
 * (collide.c). */
#ifndef SEPAX3_GROUPS_H
#define SEPAX3_GROUPS_H

#include <string.h>

#include "common/groups.h"
#include "store.h"

/* A pair's group by its slots' kinds (free, box, sphere, hull, capsule);
 * SEPAX3_PAIR_GROUPS for a free slot, which no checked pair names. */
enum {
    G3_X = SEPAX3_PAIR_GROUPS,
    G3_BB = SEPAX3_GROUP_BOX_BOX, G3_BS = SEPAX3_GROUP_BOX_SPHERE,
    G3_BC = SEPAX3_GROUP_BOX_CAPSULE, G3_BH = SEPAX3_GROUP_BOX_HULL,
    G3_SS = SEPAX3_GROUP_SPHERE_SPHERE, G3_CS = SEPAX3_GROUP_CAPSULE_SPHERE,
    G3_CC = SEPAX3_GROUP_CAPSULE_CAPSULE, G3_SH = SEPAX3_GROUP_SPHERE_HULL,
    G3_CH = SEPAX3_GROUP_CAPSULE_HULL, G3_HH = SEPAX3_GROUP_HULL_HULL
};
static const uint8_t sepax3_group_table[SEPAX3_KINDS][SEPAX3_KINDS] = {
    {G3_X, G3_X, G3_X, G3_X, G3_X},
    {G3_X, G3_BB, G3_BS, G3_BH, G3_BC},
    {G3_X, G3_BS, G3_SS, G3_SH, G3_CS},
    {G3_X, G3_BH, G3_SH, G3_HH, G3_CH},
    {G3_X, G3_BC, G3_CS, G3_CH, G3_CC},
};

static inline uint32_t sepax3_group_of_kinds(uint8_t ka, uint8_t kb)
{
    return sepax3_group_table[ka][kb];
}

/* sepax_grouped_call's group_of for a 3D store. */
static inline uint32_t sepax3_group_of_slots(const void *store, uint32_t sa, uint32_t sb)
{
    const sepax3_store *s = store;
    return sepax3_group_of_kinds(s->kind[sa], s->kind[sb]);
}

/* A slot's side code is its kind. */
static inline void sepax3_side_codes(const void *store, uint8_t *code)
{
    const sepax3_store *s = store;
    memcpy(code, s->kind, s->core.slot_limit);
}

/* The store's grouping rule, for common/groups.c. */
static inline sepax_grouping sepax3_grouping(const sepax3_store *s)
{
    const sepax_grouping r = {&s->core, s, SEPAX3_PAIR_GROUPS, sepax3_group_of_slots,
                              s->others == 0 ? SEPAX3_GROUP_BOX_BOX : SEPAX3_PAIR_GROUPS,
                              sepax3_side_codes, &sepax3_group_table[0][0], SEPAX3_KINDS};
    return r;
}

#endif
