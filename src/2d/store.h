/* The 2D store's layout, shared by the files that build and read it. */
#ifndef SEPAX_STORE_H
#define SEPAX_STORE_H

#include "common/core.h"
#include "kernels/kernel.h"
#include "sepax/sepax.h"

struct sepax_store {
    sepax_core core; /* allocator, backend, tasks, slots and ids */
    const sepax_kernels *kernels;

    /* One allocation (slot_mem) holds every array below, so that growth
     * either fully happens or leaves everything as it was.
     *
     * Per slot (the low bits of an id), beside the core's arrays: the
     * slot's row, and the span, kind, radius and a circle's world centre
     * (disc) that the batch calls over pairs read by id (sepax_columns). Per row: what the world update,
     * the broadphase and the layout walk in order: transform, span, kind,
     * radius, box, and the id of the row's shape (row_id, which is
     * live_id of the row's slot, so that a walk over rows names shapes
     * without reaching back to the slots). row_of is a permutation of
     * [0, slot_cap): the identity until sepax_store_sort_pool lays the
     * rows out in space, and it never moves a row across slot_limit, so
     * rows [0, slot_limit) hold every shape. A free slot keeps its row,
     * with kind FREE and count 0 in both spans. The pool holds regions in
     * row order, up to the shapes added since it was last laid out. */
    void *slot_mem;
    uint32_t *row_of;
    sepax_span *slot_span;
    uint8_t *slot_kind;
    float *slot_radius;
    float *slot_disc; /* SEPAX_DISC floats per slot (kernels/kernel.h) */
    uint32_t round_live;  /* live shapes that are not plain polygons */
    uint32_t circle_live; /* live circles */

    uint8_t *kind;
    uint32_t *row_id;
    float *radius;
    sepax_span *span;
    sepax_transform *xf;
    float *lo_x, *lo_y, *hi_x, *hi_y;

    /* The vertex pool (layout in kernels/kernel.h), pool_cap floats plus
     * SEPAX_POOL_PAD. pool_holes counts floats of removed shapes. */
    float *pool;
    size_t pool_cap, pool_used, pool_holes;
};

/* The identity transform, which a new shape takes: here, so that adding
 * a shape (store.c) does not call into transforms.c, which calls the
 * store's update. */
#define SEPAX_XF_IDENTITY ((sepax_transform){{0.0f, 0.0f}, {1.0f, 0.0f}})

/* The row of a live id's shape. */
static inline uint32_t sepax_store_row(const sepax_store *s, sepax_shape_id id)
{
    return s->row_of[SEPAX_ID_SLOT(id)];
}

/* The slot whose shape (or free place) is in row r. */
static inline uint32_t sepax_store_slot_of_row(const sepax_store *s, uint32_t r)
{
    return s->kind[r] == SEPAX_KIND_FREE ? SEPAX_ID_SLOT(~s->row_id[r]) : SEPAX_ID_SLOT(s->row_id[r]);
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
    return sepax_core_check_id(&s->core, id);
}

sepax_columns sepax_store_columns(const sepax_store *s);
/* Lay the rows [0, slot_limit) out in the given order (row p takes old
 * row order[p]) and the pool's regions in the new row order; ids are
 * unchanged. On failure the store is as it was. */
sepax_status sepax_store_move_rows(sepax_store *s, const uint32_t *order);
/* Run the backend's world kernel over the listed rows (rows == NULL:
 * all, n = slot_limit); it also grows round shapes' boxes by their
 * radius. */
void sepax_store_update_rows(sepax_store *s, const uint32_t *rows, size_t n);
sepax_world_job sepax_store_world_job(sepax_store *s);
/* The same over rows [from, to) only, from a multiple of 4. */
void sepax_store_update_range(sepax_store *s, uint32_t from, uint32_t to);

/* Polygon cleaning (polygon_clean.c): validate, merge, drop collinear,
 * make counter-clockwise. out holds SEPAX_MAX_POLYGON_VERTICES. */
sepax_status sepax_polygon_clean(const sepax_vec2 *in, size_t n, sepax_vec2 *out, uint32_t *out_n);
/* The same verdict on n points given in double (x, y interleaved), with
 * nothing kept: what cleaning says of a shape before its points are
 * rounded to float (sepax_add_box asks it of the exact box). */
sepax_status sepax_polygon_verdict(const double *xy, uint32_t n);

/* Add a shape of the given kind from its cleaned core vertices (1, 2, or
 * 3..SEPAX_MAX_POLYGON_VERTICES, counter-clockwise) and radius, which
 * the caller has validated (store.c). */
sepax_status sepax_store_insert(sepax_store *s, int kind, const sepax_vec2 *core, uint32_t n,
                                float radius, sepax_shape_id *out_id);

#endif
