/* Pair lists grouped by class (groups.c): a grouped list holds the pairs
 * of group 0, then of group 1, and so on, group g being pairs
 * [starts[g], starts[g + 1]). A pair's group is fixed by its two shapes
 * (each dimension says how: 2d/groups.c, 3d/groups.c), so a grouped call
 * hands each group to that group's kernel whole, with no routing pass;
 * its checks make sure that every pair is where it says. */
#ifndef SEPAX_COMMON_GROUPS_H
#define SEPAX_COMMON_GROUPS_H

#include <stddef.h>
#include <stdint.h>

#include "alloc.h"
#include "batch.h"
#include "core.h"
#include "sepax/sepax_common.h"

/* Groups a dimension may have at most (the sort's counters). */
#define SEPAX_GROUPS_MOST 32u

/* starts[0] is 0 and starts never decrease (else SEPAX_ERR_BAD_ARGUMENT);
 * *count receives starts[groups], the list's length. */
sepax_status sepax_groups_total(const size_t *starts, uint32_t groups, size_t *count);

/* The group holding item i of a list with those starts (i below the
 * total): the last group whose start is at most i, so that empty groups
 * before it are passed over. */
static inline uint32_t sepax_group_at(const size_t *starts, uint32_t groups, size_t i)
{
    uint32_t g = 0;
    while (g + 1u < groups && starts[g + 1u] <= i)
        g++;
    return g;
}

/* The runs of items [from, to) that lie in one group each, in order:
 * run(context, g, a, b) for each nonempty [a, b) of group g. */
static inline void sepax_groups_each(const size_t *starts, uint32_t groups, size_t from,
                                     size_t to, const void *context,
                                     void (*run)(const void *, uint32_t, size_t, size_t))
{
    uint32_t g = sepax_group_at(starts, groups, from);
    while (from < to) {
        const size_t end = starts[g + 1u] < to ? starts[g + 1u] : to;
        if (end > from)
            run(context, g, from, end);
        from = end;
        g++;
    }
}

/* The context of a grouped batch call starts with one of these: what
 * its checks read. group_of gives the group of a pair of live slots of
 * store (the dimension's own rule). */
typedef struct sepax_grouped_call {
    sepax_pair_call head;
    const size_t *starts;
    uint32_t groups;
    const void *store;
    uint32_t (*group_of)(const void *store, uint32_t sa, uint32_t sb);
    uint32_t single; /* sepax_grouping's */
} sepax_grouped_call;

/* A grouped call's check over pairs [from, to): the lowest pair that
 * sepax_batch_check_pairs refuses or that lies outside its group
 * (SEPAX_ERR_BAD_PAIR). Each dimension instantiates it with its own rule
 * (SEPAX_GROUP_CHECK), so that the rule is inlined: through a pointer
 * the check cost a circle pair 3 ns, as much as its test. */
static inline sepax_status sepax_groups_check(const void *context, size_t from, size_t to,
                                              size_t *at,
                                              uint32_t (*group_of)(const void *, uint32_t,
                                                                   uint32_t))
{
    const sepax_grouped_call *c = context;
    size_t bad = to - from;
    const sepax_status st = sepax_batch_check_pairs(context, from, to, &bad);
    /* a store whose kinds put every pair in one group, and a list that
     * holds that group only: every live pair is where it says */
    if (c->single < c->groups && c->starts[c->single] == 0 &&
        c->starts[c->single + 1u] == c->starts[c->groups]) {
        if (st != SEPAX_OK)
            *at = bad;
        return st;
    }
    /* the pairs before a bad id are live: their groups can be read */
    const size_t end = st == SEPAX_OK ? to : from + bad;
    uint32_t g = sepax_group_at(c->starts, c->groups, from);
    for (size_t i = from; i < end; i++) {
        while (c->starts[g + 1u] <= i)
            g++;
        const sepax_pair p = c->head.pairs[i];
        if (group_of(c->store, SEPAX_ID_SLOT(p.a), SEPAX_ID_SLOT(p.b)) != g) {
            *at = i - from;
            return SEPAX_ERR_BAD_PAIR;
        }
    }
    if (st != SEPAX_OK)
        *at = bad;
    return st;
}

/* A dimension's grouped check, named name, with its rule group_of. */
#define SEPAX_GROUP_CHECK(name, group_of)                                                    \
    static sepax_status name(const void *context, size_t from, size_t to, size_t *at)        \
    {                                                                                       \
        return sepax_groups_check(context, from, to, at, group_of);                         \
    }

/* The pairs of n, whose groups are group[0 .. n), copied group by group
 * into out (never pairs), each group in the order of the input (a stable
 * counting sort); from[k] (if not NULL) receives the index in pairs of
 * out[k]; starts (groups + 1 places) the groups' starts. */
void sepax_groups_sort(const uint8_t *group, const sepax_pair *pairs, size_t n, uint32_t groups,
                       sepax_pair *out, uint32_t *from, size_t *starts);

/* The same in place, through scratch space from alloc: SEPAX_OK, or
 * SEPAX_ERR_OUT_OF_MEMORY with pairs and starts untouched. */
sepax_status sepax_groups_sort_in_place(const sepax_allocator *alloc, const uint8_t *group,
                                        sepax_pair *pairs, size_t n, uint32_t groups,
                                        size_t *starts);

/* What a dimension's grouping rule is: the store, its core, the rule. */
typedef struct sepax_grouping {
    const sepax_core *core;
    const void *store;
    uint32_t groups;
    uint32_t (*group_of)(const void *store, uint32_t sa, uint32_t sb);
    /* the group of every pair when the store's kinds leave one (a store
     * of boxes only), else groups: then no pair's group is looked up */
    uint32_t single;
    /* the same rule for long lists: each slot's side code (code[slot],
     * slot_limit of them, by side_codes), then a pair's group is
     * pair_table[sides * code of a + code of b], one load from a small
     * array instead of a call per pair */
    void (*side_codes)(const void *store, uint8_t *code);
    const uint8_t *pair_table;
    uint32_t sides;
} sepax_grouping;

/* A pair's group into *group, the pair checked first. */
sepax_status sepax_group_of_pair(const sepax_grouping *r, sepax_pair pair, uint32_t *group);

/* The public grouping call of either dimension (sepax_group_pairs,
 * sepax3_group_pairs): its checks, then sepax_groups_sort. */
sepax_status sepax_group_list(const sepax_grouping *r, const sepax_pair *pairs, size_t count,
                              sepax_pair *grouped, size_t *starts, uint32_t *from,
                              size_t *bad_index);

/* The grouped broadphase of either dimension, after its broadphase wrote
 * n pairs with status st: those pairs grouped in place, when st is
 * SEPAX_OK (else st, nothing done). */
sepax_status sepax_group_found(const sepax_grouping *r, sepax_status st, sepax_pair *pairs,
                               size_t n, size_t *starts);

/* A dimension's kernel for one group, as the grouped calls see it: run
 * writes the results of n pairs of group g at out (result_size bytes
 * each, the flags byte at flags_at); a hit record is hit_size bytes, its
 * result at result_at. */
typedef struct sepax_group_kernel {
    void (*run)(const void *context, uint32_t g, const sepax_pair *pairs, size_t n, void *out);
    const void *context;
    size_t result_size, flags_at, hit_size, result_at;
    size_t unit; /* results per unit of a range's start (batch.h) */
    /* the dimension's SEPAX_GROUP_CHECK */
    sepax_status (*check)(const void *context, size_t from, size_t to, size_t *at);
} sepax_group_kernel;

/* The grouped plain call of either dimension, the store checked for
 * NULL: starts checked, every pair checked against its group, then each
 * group's runs through k, on one thread or across workers. */
sepax_status sepax_grouped_collide(const sepax_grouping *r, const sepax_pair *pairs,
                                   const size_t *starts, const sepax_group_kernel *k,
                                   void *results, size_t *bad_index);

/* The grouped compacted call of either dimension, sepax_hits_begin's
 * checks made and the store checked for NULL. */
sepax_status sepax_grouped_hits(const sepax_grouping *r, const sepax_pair *pairs,
                                const size_t *starts, const sepax_group_kernel *k, void *hits,
                                size_t capacity, size_t *hit_count, size_t *bad_index);

/* The public grouping calls of a store type, written once for both
 * dimensions (as SEPAX_CORE_CALLS, core.h): rule(s) gives the store's
 * sepax_grouping, group_t is the type its pair_group_of writes, broadphase
 * its plain broadphase. */
#define SEPAX_GROUP_CALLS(store_t, group_t, rule, pair_group_of, group_pairs, broadphase,    \
                          broadphase_grouped)                                               \
    sepax_status pair_group_of(const store_t *s, sepax_pair pair, group_t *group)            \
    {                                                                                       \
        if (!s || !group)                                                                   \
            return SEPAX_ERR_NULL;                                                          \
        const sepax_grouping r = rule(s);                                                   \
        uint32_t g;                                                                         \
        const sepax_status st = sepax_group_of_pair(&r, pair, &g);                          \
        if (st == SEPAX_OK)                                                                 \
            *group = (group_t)g;                                                            \
        return st;                                                                          \
    }                                                                                       \
    sepax_status group_pairs(const store_t *s, const sepax_pair *pairs, size_t count,        \
                             sepax_pair *grouped, size_t *starts, uint32_t *from,           \
                             size_t *bad_index)                                             \
    {                                                                                       \
        if (!s)                                                                             \
            return SEPAX_ERR_NULL;                                                          \
        const sepax_grouping r = rule(s);                                                   \
        return sepax_group_list(&r, pairs, count, grouped, starts, from, bad_index);        \
    }                                                                                       \
    sepax_status broadphase_grouped(const store_t *s, sepax_pair *pairs, size_t capacity,    \
                                    size_t *pair_count, size_t *starts)                     \
    {                                                                                       \
        if (pair_count)                                                                     \
            *pair_count = 0;                                                                \
        if (!s || !starts || !pair_count)                                                   \
            return SEPAX_ERR_NULL;                                                          \
        const sepax_grouping r = rule(s);                                                   \
        /* the broadphase first: its count is an argument below */                          \
        const sepax_status found = broadphase(s, pairs, capacity, pair_count);              \
        const sepax_status st = sepax_group_found(&r, found, pairs, *pair_count, starts);   \
        if (st != SEPAX_OK && st != SEPAX_ERR_CAPACITY)                                     \
            *pair_count = 0;                                                                \
        return st;                                                                          \
    }

#endif
