/* The 3D store's layout, shared by the files that build and read it. */
#ifndef SEPAX_STORE3_H
#define SEPAX_STORE3_H

#include <string.h>

#include "common/core.h"
#include "kernels/kernel3.h"

struct sepax3_store {
    sepax_core core; /* allocator, backend, tasks, slots and ids */
    const sepax3_kernels *kernels;

    /* Per slot, all carved out of one allocation (slot_mem), so that
     * growth either fully happens or leaves everything as it was. Every
     * kind has a fixed-size record at SEPAX3_RECORD * slot; a hull also
     * has a block in the pool. */
    void *slot_mem;
    uint32_t others; /* live shapes that are not boxes: none lets the kernels skip kind checks */
    uint8_t *kind;
    uint32_t *pool_at; /* a hull's block: pool + pool_at[slot] */
    /* Hull blocks, packed; a removed hull's block stays until the pool
     * next grows, when the live ones are packed again. */
    float *pool;
    size_t pool_used, pool_cap, pool_dead;
    float *xf; /* transform records, SEPAX3_XF floats per slot */
    float *local, *world;
    float *bounds; /* SEPAX3_BOUNDS floats per slot */
};

static inline sepax_status sepax3_store_check_id(const sepax3_store *s, sepax_shape_id id)
{
    return sepax_core_check_id(&s->core, id);
}

static inline sepax3_view sepax3_store_view(const sepax3_store *s)
{
    sepax3_view v = {s->world, s->kind, s->others == 0, s->pool, s->pool_at};
    return v;
}

/* The identity transform, which a new shape takes: here, so that adding
 * a shape (store.c) does not call into transforms.c, which calls the
 * store's update. */
#define SEPAX3_XF_IDENTITY ((sepax3_transform){{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}})

static inline void sepax3_xf_put(float *x, const sepax3_transform *t)
{
    const float r[SEPAX3_XF] = {t->p.x, t->p.y, t->p.z, t->q.w, t->q.x, t->q.y, t->q.z, 0.0f};
    memcpy(x, r, sizeof r);
}

/* Run the backend's world kernel over the slots of the listed ids (NULL:
 * every slot below n = slot_limit). */
void sepax3_store_update(sepax3_store *s, const uint32_t *ids, size_t n);
/* The same over slots [from, to) only. */
void sepax3_store_update_range(sepax3_store *s, uint32_t from, uint32_t to);

/* Add a shape from its local record, which the caller has validated, and
 * for a hull its block (block_floats floats; else NULL and 0), which is
 * copied. */
sepax_status sepax3_store_insert(sepax3_store *s, int kind, const float local[SEPAX3_RECORD],
                                 const float *block, size_t block_floats, sepax_shape_id *out_id);

#endif
