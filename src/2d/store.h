/* The 2D store's layout, shared by the files that build and read it. */
#ifndef SEPAX_STORE_H
#define SEPAX_STORE_H

#include "common/alloc.h"
#include "common/ids.h"
#include "common/tasks.h"
#include "kernels/kernel.h"
#include "sepax/sepax.h"

struct sepax_store {
    sepax_allocator alloc;
    sepax_backend backend;
    const sepax_kernels *kernels;
    sepax_task_system tasks; /* worker_count 0: none */

    /* Per slot, all carved out of one allocation (slot_mem) so that growth
     * either fully happens or leaves everything as it was. A free slot has
     * count 0 in its span. */
    void *slot_mem;
    uint32_t slot_cap, slot_limit, live;
    uint8_t *kind, *gen;
    uint32_t *live_id; /* the id of the slot's shape, or SEPAX_FREE_ID */
    float *radius;
    uint32_t round_live;  /* live shapes that are not plain polygons */
    uint32_t circle_live; /* live circles */
    sepax_span *span;
    sepax_transform *xf;
    float *lo_x, *lo_y, *hi_x, *hi_y;
    uint32_t *free_slots;
    uint32_t free_count;

    /* The vertex pool (layout in kernels/kernel.h), pool_cap floats plus
     * SEPAX_POOL_PAD. pool_holes counts floats of removed shapes. */
    float *pool;
    size_t pool_cap, pool_used, pool_holes;
    /* After sepax_store_sort_pool: the live slots in pool order, which the
     * world update follows so that it writes the pool front to back; NULL
     * once a shape is added or removed or the pool grows. */
    uint32_t *pool_order;
    size_t pool_order_count;
};

/* The pool is no longer in the order pool_order records. */
static inline void sepax_store_forget_order(sepax_store *s)
{
    sepax_free(&s->alloc, s->pool_order);
    s->pool_order = NULL;
    s->pool_order_count = 0;
}

/* Floats a shape of count vertices occupies in the pool. */
static inline size_t sepax_region_of(uint32_t count)
{
    return 8u * (size_t)sepax_block_of(count);
}

/* Validate an id (common/ids.h): SEPAX_OK, SEPAX_ERR_BAD_ID or
 * SEPAX_ERR_STALE_ID. */
static inline sepax_status sepax_store_check_id(const sepax_store *s, sepax_shape_id id)
{
    return sepax_id_check(s->live_id, s->slot_limit, id);
}

sepax_columns sepax_store_columns(const sepax_store *s);
/* Run the backend's world kernel over the listed slots (slots == NULL:
 * all, n = slot_limit); it also grows round shapes' boxes by their
 * radius. */
void sepax_store_update_slots(sepax_store *s, const uint32_t *slots, size_t n);
sepax_world_job sepax_store_world_job(sepax_store *s);
/* The same over slots [from, to) only, from a multiple of 4. */
void sepax_store_update_range(sepax_store *s, uint32_t from, uint32_t to);

/* Polygon cleaning (polygon_clean.c): validate, merge, drop collinear,
 * make counter-clockwise. out holds SEPAX_MAX_POLYGON_VERTICES. */
sepax_status sepax_polygon_clean(const sepax_vec2 *in, size_t n, sepax_vec2 *out, uint32_t *out_n);

/* Add a shape of the given kind from its cleaned core vertices (1, 2, or
 * 3..SEPAX_MAX_POLYGON_VERTICES, counter-clockwise) and radius, which
 * the caller has validated (store.c). */
sepax_status sepax_store_insert(sepax_store *s, int kind, const sepax_vec2 *core, uint32_t n,
                                float radius, sepax_shape_id *out_id);

#endif
