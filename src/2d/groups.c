/* The 2D grouping calls (a pair's group, a list grouped by class, the
 * broadphase's pairs grouped): common/groups.h's, with the rule of
 * groups.h. */
#include "groups.h"

SEPAX_GROUP_CALLS(sepax_store, uint32_t, sepax_grouping_of, sepax_pair_group_of, sepax_group_pairs,
                  sepax_broadphase, sepax_broadphase_grouped)
