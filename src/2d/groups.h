/* The group of a 2D pair (SEPAX_PAIR_GROUPS): its route
 * (kernels/route.h), by the slots' kinds and core counts, for the
 * grouping calls (groups.c) and the grouped calls' checks (collide.c). */
#ifndef SEPAX_GROUPS_H
#define SEPAX_GROUPS_H

#include "kernels/route.h"
#include "common/groups.h"
#include "store.h"

/* sepax_grouped_call's group_of for a 2D store: the side codes kept in
 * the slots' records (kernels/kernel.h's disc), one line a slot that a
 * circle pair's kernel reads next, where the kind and the span were two
 * other lines. */
static inline uint32_t sepax_group_of_slots(const void *store, uint32_t sa, uint32_t sb)
{
    const sepax_store *s = store;
    return route_table[sepax_disc_code(s->slot_disc, sa)][sepax_disc_code(s->slot_disc, sb)];
}

/* A slot's side code (route_sides); a free slot's is never read. */
static inline void sepax_side_codes(const void *store, uint8_t *code)
{
    const sepax_store *s = store;
    for (uint32_t k = 0; k < s->core.slot_limit; k++)
        code[k] = (uint8_t)sepax_disc_code(s->slot_disc, k);
}

/* The store's grouping rule, for common/groups.c. */
static inline sepax_grouping sepax_grouping_of(const sepax_store *s)
{
    const uint32_t single = s->round_live == 0                ? ROUTE_POLYGONS
                            : s->circle_live == s->core.live ? ROUTE_CIRCLES
                                                             : SEPAX_PAIR_GROUPS;
    const sepax_grouping r = {&s->core,         s, SEPAX_PAIR_GROUPS, sepax_group_of_slots, single,
                              sepax_side_codes, &route_table[0][0], 16u};
    return r;
}

#endif
