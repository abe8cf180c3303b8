/* Shape ids, for every store: slot in the low 24 bits, generation in the
 * high 8 (sepax.h). A store keeps, per slot, the live id of the shape it
 * holds, or SEPAX_FREE_ID(slot) when the slot is free, so that one load
 * tells a live id from a stale or foreign one. */
#ifndef SEPAX_COMMON_IDS_H
#define SEPAX_COMMON_IDS_H

#include "sepax/sepax_common.h"

/* The limits a store enforces: the most live shapes (SEPAX_MAX_SHAPES,
 * what a 24-bit slot names) and the most floats the 2D and 3D pools
 * hold (what their 32-bit offsets address). A build may lower them, and
 * the test build of tests/unit/test_limits.c does, so that a full store
 * and a full pool take a few thousand floats, not gigabytes; nothing may
 * raise them. */
#ifndef SEPAX_SHAPES_MOST
#define SEPAX_SHAPES_MOST SEPAX_MAX_SHAPES
#endif
#ifndef SEPAX_POOL_FLOATS_MOST
#define SEPAX_POOL_FLOATS_MOST (UINT32_MAX / 2u)
#endif
#ifndef SEPAX3_POOL_FLOATS_MOST
#define SEPAX3_POOL_FLOATS_MOST UINT32_MAX
#endif

/* What live_id holds for a free slot: its slot bits differ from the
 * slot's, so no id of that slot can equal it. */
#define SEPAX_FREE_ID(slot) (~(uint32_t)(slot) & 0xFFFFFFu)

/* SEPAX_OK, SEPAX_ERR_BAD_ID (no such slot) or SEPAX_ERR_STALE_ID. An id
 * is live when its slot's live_id equals it, which holds only when the
 * slot is in use and the generations agree: one load, not two. */
static inline sepax_status sepax_id_check(const uint32_t *live_id, uint32_t slot_limit, uint32_t id)
{
    const uint32_t slot = SEPAX_ID_SLOT(id);
    if (slot >= slot_limit)
        return SEPAX_ERR_BAD_ID;
    if (live_id[slot] != id)
        return SEPAX_ERR_STALE_ID;
    return SEPAX_OK;
}

/* The live id in a slot, for every store's shape_id_of_slot: SEPAX_OK,
 * SEPAX_ERR_BAD_ID at or past slot_limit, SEPAX_ERR_STALE_ID for a free
 * slot (*out unchanged but on SEPAX_OK). */
static inline sepax_status sepax_id_of_slot(const uint32_t *live_id, uint32_t slot_limit,
                                            uint32_t slot, uint32_t *out)
{
    if (slot >= slot_limit)
        return SEPAX_ERR_BAD_ID;
    if (live_id[slot] == SEPAX_FREE_ID(slot))
        return SEPAX_ERR_STALE_ID;
    *out = live_id[slot];
    return SEPAX_OK;
}

/* The slot capacity a store grows to for need slots from cap (0: none
 * yet, start at first): doubled until it holds them, at most
 * SEPAX_SHAPES_MOST. */
static inline uint32_t sepax_slots_grown(uint32_t cap, uint32_t first, uint32_t need)
{
    cap = cap ? cap : first;
    while (cap < need)
        cap = cap > SEPAX_SHAPES_MOST / 2 ? SEPAX_SHAPES_MOST : cap * 2;
    return cap;
}

#endif
