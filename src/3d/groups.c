/* The 3D grouping calls (a pair's group, a list grouped by class, the
 * broadphase's pairs grouped): common/groups.h's, with the rule of
 * groups.h. */
#include "groups.h"

SEPAX_GROUP_CALLS(sepax3_store, sepax3_pair_group, sepax3_grouping, sepax3_pair_group_of,
                  sepax3_group_pairs, sepax3_broadphase, sepax3_broadphase_grouped)
