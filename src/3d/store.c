/* The 3D store: slots, ids, the local and world records, and the calls
 * that change them. Every change first secures the memory it needs, so a
 * failure leaves the store as it was. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "common/sort.h"
#include "kernels/hull3.h"
#include "store.h"

/* Every per-slot array, carved out of one block at 64-byte boundaries:
 * local and world records, transform and bounds records, pool offsets,
 * kinds, then the core's. */
enum { OWN_ARRAYS = 6, ARRAYS = OWN_ARRAYS + SEPAX_CORE_ARRAYS };

static sepax_status grow_slots(sepax3_store *s, uint32_t cap)
{
    if (cap <= s->core.slot_cap)
        return SEPAX_OK;
    const size_t rec = SEPAX3_RECORD * sizeof(float);
    const size_t sizes[ARRAYS] = {rec, rec, SEPAX3_XF * sizeof(float),
                                  SEPAX3_BOUNDS * sizeof(float), sizeof(uint32_t), 1,
                                  SEPAX_CORE_SIZES};
    size_t off[ARRAYS];
    const size_t bytes = sepax_carve(cap, sizes, ARRAYS, off);
    unsigned char *m = sepax_alloc(&s->core.alloc, bytes);
    if (!m)
        return SEPAX_ERR_OUT_OF_MEMORY;
    memset(m, 0, bytes);
    float *local = (float *)(m + off[0]), *world = (float *)(m + off[1]);
    float *xf = (float *)(m + off[2]);
    float *bounds = (float *)(m + off[3]);
    uint32_t *pool_at = (uint32_t *)(m + off[4]);
    uint8_t *kind = m + off[5];
    const uint32_t n = s->core.slot_limit;
    if (n) {
        memcpy(local, s->local, n * SEPAX3_RECORD * sizeof(float));
        memcpy(world, s->world, n * SEPAX3_RECORD * sizeof(float));
        memcpy(xf, s->xf, n * SEPAX3_XF * sizeof(float));
        memcpy(bounds, s->bounds, n * SEPAX3_BOUNDS * sizeof(float));
        memcpy(pool_at, s->pool_at, n * sizeof(uint32_t));
        memcpy(kind, s->kind, n);
    }
    sepax_core_move(&s->core, m, off + OWN_ARRAYS, cap);
    sepax_free(&s->core.alloc, s->slot_mem);
    s->slot_mem = m;
    s->local = local, s->world = world, s->xf = xf;
    s->bounds = bounds;
    s->pool_at = pool_at;
    s->kind = kind;
    return SEPAX_OK;
}

static size_t block_floats(const float *b)
{
    return hull3_block_floats((uint32_t)b[0], (uint32_t)b[1], (uint32_t)b[2]);
}

/* Room for need more floats in the pool: when it is full, a pool twice
 * the live size is allocated and the live blocks packed into it. */
static sepax_status reserve_pool(sepax3_store *s, size_t need)
{
    if (s->pool_cap - s->pool_used >= need)
        return SEPAX_OK;
    const size_t live = s->pool_used - s->pool_dead;
    /* Offsets are 32-bit: a pool they cannot address is a count too
     * large, not a failed allocation (the 2D store's grow_pool says
     * SEPAX_ERR_OVERFLOW for it too). */
    if (need > (size_t)SEPAX3_POOL_FLOATS_MOST - live)
        return SEPAX_ERR_OVERFLOW;
    size_t cap = live + need > SEPAX3_POOL_FLOATS_MOST / 2 ? SEPAX3_POOL_FLOATS_MOST
                                                            : 2 * (live + need);
    cap = cap < 4096u ? 4096u : cap;
    if (cap > SIZE_MAX / sizeof(float))
        return SEPAX_ERR_OVERFLOW;
    float *pool = sepax_alloc(&s->core.alloc, cap * sizeof(float));
    if (!pool)
        return SEPAX_ERR_OUT_OF_MEMORY;
    size_t at = 0;
    for (uint32_t slot = 0; slot < s->core.slot_limit; slot++) {
        if (s->kind[slot] != SEPAX3_KIND_HULL)
            continue;
        const float *b = s->pool + s->pool_at[slot];
        const size_t n = block_floats(b);
        memcpy(pool + at, b, n * sizeof(float));
        s->pool_at[slot] = (uint32_t)at;
        at += n;
    }
    sepax_free(&s->core.alloc, s->pool);
    s->pool = pool;
    s->pool_cap = cap;
    s->pool_used = at;
    s->pool_dead = 0;
    return SEPAX_OK;
}

sepax3_store_options sepax3_store_options_default(void)
{
    return sepax_store_options_default();
}

sepax_status sepax3_store_create(const sepax3_store_options *options, sepax3_store **out)
{
    if (!out)
        return SEPAX_ERR_NULL;
    *out = NULL;
    _Static_assert(offsetof(sepax3_store, core) == 0, "the core comes first");
    uint32_t want;
    sepax_status st;
    sepax3_store *s = sepax_core_create(options, sizeof *s, &want, &st);
    if (!s)
        return st;
    s->kernels = sepax3_kernels_for(s->core.backend);
    if ((st = grow_slots(s, sepax_slots_grown(0, SEPAX_CORE_FIRST_SLOTS, want))) != SEPAX_OK) {
        sepax3_store_destroy(s);
        return st;
    }
    *out = s;
    return SEPAX_OK;
}

void sepax3_store_destroy(sepax3_store *s)
{
    if (!s)
        return;
    const sepax_allocator a = s->core.alloc;
    sepax_free(&a, s->slot_mem);
    sepax_free(&a, s->pool);
    sepax_free(&a, s);
}

void sepax3_store_update(sepax3_store *s, const uint32_t *ids, size_t n)
{
    sepax3_world_job j = {s->world, s->bounds, s->local, s->xf, s->kind};
    s->kernels->world(&j, ids, n);
}

/* The world kernels address every array of the job by slot, so a job
 * whose arrays start at slot from updates from.. as the whole update
 * would. */
void sepax3_store_update_range(sepax3_store *s, uint32_t from, uint32_t to)
{
    sepax3_world_job j = {s->world + SEPAX3_RECORD * (size_t)from,
                          s->bounds + SEPAX3_BOUNDS * (size_t)from,
                          s->local + SEPAX3_RECORD * (size_t)from,
                          s->xf + SEPAX3_XF * (size_t)from, s->kind + from};
    s->kernels->world(&j, NULL, to - from);
}

sepax_status sepax3_store_insert(sepax3_store *s, int kind, const float local[SEPAX3_RECORD],
                                 const float *block, size_t floats, sepax_shape_id *out_id)
{
    uint32_t cap;
    sepax_status st = sepax_core_room(&s->core, &cap);
    /* both reservations change nothing a caller can see */
    if (st != SEPAX_OK || (st = grow_slots(s, cap)) != SEPAX_OK)
        return st;
    if (block && (st = reserve_pool(s, floats)) != SEPAX_OK)
        return st;
    const uint32_t slot = sepax_core_take(&s->core);
    s->kind[slot] = (uint8_t)kind;
    s->pool_at[slot] = 0;
    if (block) {
        memcpy(s->pool + s->pool_used, block, floats * sizeof(float));
        s->pool_at[slot] = (uint32_t)s->pool_used;
        s->pool_used += floats;
    }
    memcpy(s->local + SEPAX3_RECORD * (size_t)slot, local, SEPAX3_RECORD * sizeof(float));
    const sepax3_transform identity = SEPAX3_XF_IDENTITY;
    sepax3_xf_put(s->xf + SEPAX3_XF * (size_t)slot, &identity);
    s->others += kind != SEPAX3_KIND_BOX;
    /* the farthest any point lies from the transform's origin: the local
     * centre, then the box (a hull's bounds, a capsule's half length)
     * corner, then the radius */
    const float *c = local + SEPAX3_L_C, *h = local + SEPAX3_L_H;
    const double centre = sqrt((double)c[0] * c[0] + (double)c[1] * c[1] + (double)c[2] * c[2]);
    const double reach = centre +
                         sqrt((double)h[0] * h[0] + (double)h[1] * h[1] + (double)h[2] * h[2]) +
                         (double)local[SEPAX3_L_R];
    const uint32_t id = sepax_core_fill(&s->core, slot, reach);
    sepax3_store_update(s, &id, 1);
    *out_id = id;
    return SEPAX_OK;
}

sepax_status sepax3_remove(sepax3_store *s, sepax_shape_id id)
{
    if (!s)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const uint32_t slot = SEPAX_ID_SLOT(id);
    s->others -= s->kind[slot] != SEPAX3_KIND_BOX;
    if (s->kind[slot] == SEPAX3_KIND_HULL)
        s->pool_dead += block_floats(s->pool + s->pool_at[slot]);
    s->kind[slot] = SEPAX3_KIND_FREE;
    sepax_core_release(&s->core, slot);
    return SEPAX_OK;
}

sepax_status sepax3_shape_world(const sepax3_store *s, sepax_shape_id id, sepax3_world_shape *out)
{
    if (!s || !out)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const float *w = s->world + SEPAX3_RECORD * (size_t)SEPAX_ID_SLOT(id);
    sepax3_world_shape r;
    r.centre = (sepax3_vec){w[SEPAX3_W_C], w[SEPAX3_W_C + 1], w[SEPAX3_W_C + 2]};
    for (int k = 0; k < 3; k++)
        r.axis[k] = (sepax3_vec){w[SEPAX3_W_A + 3 * k], w[SEPAX3_W_A + 3 * k + 1],
                                 w[SEPAX3_W_A + 3 * k + 2]};
    r.half_extents = (sepax3_vec){w[SEPAX3_W_H], w[SEPAX3_W_H + 1], w[SEPAX3_W_H + 2]};
    r.radius = w[SEPAX3_W_R];
    *out = r;
    return SEPAX_OK;
}

sepax_status sepax3_shape_transform(const sepax3_store *s, sepax_shape_id id,
                                    sepax3_transform *out)
{
    if (!s || !out)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const float *x = s->xf + SEPAX3_XF * (size_t)SEPAX_ID_SLOT(id);
    const sepax3_transform t = {{x[SEPAX3_X_P], x[SEPAX3_X_P + 1], x[SEPAX3_X_P + 2]},
                                {x[SEPAX3_X_Q], x[SEPAX3_X_Q + 1], x[SEPAX3_X_Q + 2], x[SEPAX3_X_Q + 3]}};
    *out = t;
    return SEPAX_OK;
}

sepax_status sepax3_shape_aabb(const sepax3_store *s, sepax_shape_id id, sepax3_vec *lower,
                               sepax3_vec *upper)
{
    if (!s || !lower || !upper)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax3_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const uint32_t slot = SEPAX_ID_SLOT(id);
    const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
    *lower = (sepax3_vec){b[0], b[1], b[2]};
    *upper = (sepax3_vec){b[3], b[4], b[5]};
    return SEPAX_OK;
}

/* count, slot_limit, shape_check, shape_id_of_slot, backend, set_tasks */
SEPAX_CORE_CALLS(sepax3_store, sepax3_store_count, sepax3_store_slot_limit, sepax3_shape_check,
                 sepax3_shape_id_of_slot, sepax3_store_backend, sepax3_store_set_tasks)
SEPAX_CORE_SET_BACKEND(sepax3_store, sepax3_store_set_backend, sepax3_kernels, sepax3_kernels_for)

/* 10 bits of x spread to every third bit */
static uint32_t spread3(uint32_t x)
{
    x &= 0x3FFu;
    x = (x | x << 16) & 0x030000FFu;
    x = (x | x << 8) & 0x0300F00Fu;
    x = (x | x << 4) & 0x030C30C3u;
    x = (x | x << 2) & 0x09249249u;
    return x;
}

/* The hull blocks in Morton order of their bounds' centres (10 bits an
 * axis over the live hulls' range, ties by slot), copied into a new pool
 * of the same capacity, dead blocks dropped. Only pool_at moves: slots,
 * records and ids stay, so no answer can change. Keys come from the
 * bounds the last world update wrote; the broadphase pairs shapes that
 * are near in space, so near blocks are read by near pairs. */
sepax_status sepax3_store_sort_pool(sepax3_store *s)
{
    if (!s)
        return SEPAX_ERR_NULL;
    size_t n = 0;
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (uint32_t slot = 0; slot < s->core.slot_limit; slot++) {
        if (s->kind[slot] != SEPAX3_KIND_HULL)
            continue;
        n++;
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
        for (int k = 0; k < 3; k++) {
            const double c = 0.5 * ((double)b[k] + (double)b[3 + k]);
            lo[k] = c < lo[k] ? c : lo[k];
            hi[k] = c > hi[k] ? c : hi[k];
        }
    }
    if (n < 2)
        return SEPAX_OK;
    uint64_t *keys = sepax_alloc(&s->core.alloc, 2 * n * sizeof *keys);
    float *pool = keys ? sepax_alloc(&s->core.alloc, s->pool_cap * sizeof(float)) : NULL;
    if (!pool) {
        sepax_free(&s->core.alloc, keys);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    size_t m = 0;
    for (uint32_t slot = 0; slot < s->core.slot_limit; slot++) {
        if (s->kind[slot] != SEPAX3_KIND_HULL)
            continue;
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
        uint32_t key = 0;
        for (int k = 0; k < 3; k++) {
            const double c = 0.5 * ((double)b[k] + (double)b[3 + k]);
            const double span = hi[k] - lo[k];
            const double t = span > 0.0 ? (c - lo[k]) / span * 1023.0 : 0.0;
            key |= spread3(t >= 0.0 && t <= 1023.0 ? (uint32_t)t : 0u) << k;
        }
        keys[m++] = (uint64_t)key << 32 | slot;
    }
    const uint64_t *sorted = sepax_radix_sort(keys, keys + n, n);
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t slot = (uint32_t)sorted[i];
        const float *b = s->pool + s->pool_at[slot];
        const size_t f = block_floats(b);
        memcpy(pool + at, b, f * sizeof(float));
        s->pool_at[slot] = (uint32_t)at;
        at += f;
    }
    sepax_free(&s->core.alloc, keys);
    sepax_free(&s->core.alloc, s->pool);
    s->pool = pool;
    s->pool_used = at;
    s->pool_dead = 0;
    return SEPAX_OK;
}
