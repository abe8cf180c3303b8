/* What every store is, whatever its dimension (core.c): its allocator,
 * backend and task system, and its slots: generations, live ids, the free
 * list, the count and the growth rule. Each dimension's store embeds one
 * sepax_core as its field core and keeps beside it only what depends on
 * the dimension (its kernels, records and pool).
 *
 * A store's per-slot arrays are one allocation, so that growth either
 * fully happens or leaves everything as it was: the store lays its own
 * arrays and the core's three (sepax_core_arrays) out in one block with
 * sepax_carve and hands the core's their places with sepax_core_move. */
#ifndef SEPAX_COMMON_CORE_H
#define SEPAX_COMMON_CORE_H

#include <stdatomic.h>

#include "alloc.h"
#include "ids.h"
#include "tasks.h"
#include "sepax/sepax_common.h"

/* How far a slot's shape may have moved since it was added, for the
 * motion tier (common/motion.c): travel sums |translation change| and
 * turn the norm of each rotation change, both rounded up, over every
 * set_transforms; reach bounds the distance of any point of the shape
 * from its transform's origin; epoch numbers the add that put the shape
 * there (every add a new one, so that records of an earlier shape in the
 * slot never match). */
typedef struct sepax_motion {
    double travel, turn;
    uint64_t epoch;
    float reach; /* rounded up */
    uint32_t zero;
} sepax_motion;

typedef struct sepax_core {
    sepax_allocator alloc;
    sepax_backend backend;
    sepax_task_system tasks; /* worker_count 0: none */
    uint32_t slot_cap, slot_limit, live;
    uint8_t *gen;
    uint32_t *live_id; /* the id of the slot's shape, or SEPAX_FREE_ID */
    uint32_t *free_slots;
    uint32_t free_count;
    sepax_motion *motion;
    uint64_t key;  /* the store's secret, keying the motion records' tags */
    uint64_t adds; /* shapes ever added: the last epoch given */
    /* set by the first tracked call: from then on set_transforms sums
     * each shape's motion (a store no tracked call has read pays nothing
     * for it; no record exists before the first tracked call writes one) */
    _Atomic int motion_on;
} sepax_core;

/* The slots a store reserves at creation unless told otherwise. */
#define SEPAX_CORE_FIRST_SLOTS 64u

/* The per-slot arrays the core owns, in a store's carved block. */
#define SEPAX_CORE_ARRAYS 4

/* Their element sizes, for the store's own list of sizes. */
#define SEPAX_CORE_SIZES 1, sizeof(uint32_t), sizeof(uint32_t), sizeof(sepax_motion)

/* Lay n arrays of cap elements of the given sizes out in one block, each
 * at a cache line: their offsets in off, the block's size returned. */
size_t sepax_carve(uint32_t cap, const size_t *sizes, int n, size_t *off);

/* Point the core's arrays at their places in the new block m (offsets off
 * of SEPAX_CORE_SIZES, in that order), the old contents copied, and make
 * cap the slot capacity. The caller frees the old block. */
void sepax_core_move(sepax_core *c, unsigned char *m, const size_t *off, uint32_t cap);

/* A store's creation, before anything is allocated: options read (NULL:
 * defaults; a size this library does not know: SEPAX_ERR_BAD_OPTIONS),
 * the default backend chosen (its status when that fails), the allocator
 * checked (a NULL hook: SEPAX_ERR_NULL) and taken; core zeroed first.
 * *slots is the slot capacity to reserve. */
sepax_status sepax_core_open(const sepax_store_options *options, sepax_core *core,
                             uint32_t *slots);

/* A new store of store_size bytes, zeroed but for its first member, the
 * core, opened from options (sepax_core_open) with its allocator; NULL
 * with the reason in *st on failure. *slots as sepax_core_open's. */
void *sepax_core_create(const sepax_store_options *options, size_t store_size, uint32_t *slots,
                        sepax_status *st);

/* Whether one more shape fits (SEPAX_ERR_FULL when not), and the slot
 * capacity the store must reach first (its current one when a slot is
 * free or one is left). */
sepax_status sepax_core_room(const sepax_core *c, uint32_t *need_cap);

/* The slot a new shape takes: a free one, else the next past slot_limit
 * (sepax_core_room said there is one). */
uint32_t sepax_core_take(sepax_core *c);

/* Make slot live with its current generation, a new epoch and no motion
 * yet (the shape starts at the identity transform); reach bounds the
 * distance of its points from its origin. Returns the shape's id. */
sepax_shape_id sepax_core_fill(sepax_core *c, uint32_t slot, double reach);

/* Free a live slot: a new generation, so that its old ids go stale. */
void sepax_core_release(sepax_core *c, uint32_t slot);

/* SEPAX_OK, SEPAX_ERR_BAD_ID or SEPAX_ERR_STALE_ID (common/ids.h). */
static inline sepax_status sepax_core_check_id(const sepax_core *c, sepax_shape_id id)
{
    return sepax_id_check(c->live_id, c->slot_limit, id);
}

/* The store calls that read only the core: NULL-tolerant where the
 * public call is. */
uint32_t sepax_core_count(const sepax_core *c);
uint32_t sepax_core_slot_limit(const sepax_core *c);
sepax_status sepax_core_shape_check(const sepax_core *c, sepax_shape_id id);
sepax_status sepax_core_id_of_slot(const sepax_core *c, uint32_t slot, sepax_shape_id *out);
sepax_backend sepax_core_backend(const sepax_core *c);
sepax_status sepax_core_set_tasks(sepax_core *c, const sepax_task_system *tasks);

/* The public calls each store answers from its core alone, defined once
 * for both stores (a store type with the sepax_core field core) under
 * their public names. */
#define SEPAX_CORE_CALLS(store_t, count, slot_limit, shape_check, id_of_slot, backend, set_tasks) \
    uint32_t count(const store_t *s)                                                        \
    {                                                                                       \
        return sepax_core_count(s ? &s->core : NULL);                                       \
    }                                                                                       \
    uint32_t slot_limit(const store_t *s)                                                   \
    {                                                                                       \
        return sepax_core_slot_limit(s ? &s->core : NULL);                                  \
    }                                                                                       \
    sepax_status shape_check(const store_t *s, sepax_shape_id id)                           \
    {                                                                                       \
        return sepax_core_shape_check(s ? &s->core : NULL, id);                             \
    }                                                                                       \
    sepax_status id_of_slot(const store_t *s, uint32_t slot, sepax_shape_id *out_id)        \
    {                                                                                       \
        return sepax_core_id_of_slot(s ? &s->core : NULL, slot, out_id);                    \
    }                                                                                       \
    sepax_backend backend(const store_t *s)                                                 \
    {                                                                                       \
        return sepax_core_backend(s ? &s->core : NULL);                                     \
    }                                                                                       \
    sepax_status set_tasks(store_t *s, const sepax_task_system *tasks)                      \
    {                                                                                       \
        return sepax_core_set_tasks(s ? &s->core : NULL, tasks);                            \
    }

/* The public set_backend of a store type whose kernels field points at a
 * kernels_t, looked up by kernels_for. */
#define SEPAX_CORE_SET_BACKEND(store_t, set_backend, kernels_t, kernels_for)                   \
    sepax_status set_backend(store_t *s, sepax_backend backend)                                \
    {                                                                                          \
        const kernels_t *k =                                                                   \
            s && (unsigned)backend < SEPAX_BACKEND_COUNT ? kernels_for(backend) : NULL;        \
        const sepax_status st = sepax_core_set_backend(s ? &s->core : NULL, backend, k);      \
        if (st == SEPAX_OK)                                                                    \
            s->kernels = k;                                                                    \
        return st;                                                                             \
    }

/* Setting a backend, given the dimension's kernels for it (NULL: none,
 * or not asked for an out-of-range backend): SEPAX_ERR_NULL without a
 * store, SEPAX_ERR_UNKNOWN_BACKEND out of range,
 * SEPAX_ERR_UNSUPPORTED_BACKEND without kernels, else SEPAX_OK and the
 * backend taken; the store then takes the kernels. */
sepax_status sepax_core_set_backend(sepax_core *c, sepax_backend backend, const void *kernels);

#endif
