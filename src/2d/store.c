/* The shape store: slots, ids, the structure-of-arrays vertex pool, and the
 * calls that change them. Every change first secures the memory it needs,
 * so a failure leaves the store as it was. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "kernels/route.h"
#include "store.h"

#define INITIAL_POOL 1024u

/* Every array of slot_mem: the store's per-row and per-slot arrays, then
 * the core's. */
enum { OWN_ARRAYS = 14, SLOT_ARRAYS = OWN_ARRAYS + SEPAX_CORE_ARRAYS };

static size_t slot_layout(uint32_t cap, size_t off[SLOT_ARRAYS])
{
    const size_t sizes[SLOT_ARRAYS] = {
        sizeof(sepax_transform), sizeof(sepax_span), sizeof(float), sizeof(float),
        sizeof(float), sizeof(float), 1, sizeof(float), sizeof(uint32_t), sizeof(uint32_t),
        sizeof(sepax_span), 1, sizeof(float), SEPAX_DISC * sizeof(float), SEPAX_CORE_SIZES,
    };
    return sepax_carve(cap, sizes, SLOT_ARRAYS, off);
}

/* Row p of the new arrays takes old row order[p] (order NULL: p); per-slot
 * arrays keep their places. */
#define MOVE_ROWS(dst, src, n, order)                                                      \
    do {                                                                                   \
        if (order)                                                                         \
            for (uint32_t p_ = 0; p_ < (n); p_++)                                          \
                (dst)[p_] = (src)[(order)[p_]];                                            \
        else if (n)                                                                        \
            memcpy((dst), (src), (n) * sizeof *(dst));                                     \
    } while (0)

/* Move every array of slot_mem to a new block of cap entries, rows
 * [0, slot_limit) taken in the given order (a permutation of them, or
 * NULL), and point each slot at its row's new place. Rows and slots beyond
 * the old capacity pair up one to one: the permutation never moves a row
 * across slot_limit. */
static sepax_status remake_slots(sepax_store *s, uint32_t cap, const uint32_t *order)
{
    size_t off[SLOT_ARRAYS];
    size_t bytes = slot_layout(cap, off);
    unsigned char *m = sepax_alloc(&s->core.alloc, bytes);
    if (!m)
        return SEPAX_ERR_OUT_OF_MEMORY;
    memset(m, 0, bytes);

    sepax_transform *xf = (sepax_transform *)(m + off[0]);
    sepax_span *span = (sepax_span *)(m + off[1]);
    float *lo_x = (float *)(m + off[2]), *lo_y = (float *)(m + off[3]);
    float *hi_x = (float *)(m + off[4]), *hi_y = (float *)(m + off[5]);
    uint8_t *kind = m + off[6];
    float *radius = (float *)(m + off[7]);
    uint32_t *row_of = (uint32_t *)(m + off[8]), *row_id = (uint32_t *)(m + off[9]);
    sepax_span *slot_span = (sepax_span *)(m + off[10]);
    uint8_t *slot_kind = m + off[11];
    float *slot_radius = (float *)(m + off[12]);
    float *slot_disc = (float *)(m + off[13]);
    const uint32_t n = s->core.slot_limit, old = s->core.slot_cap;
    MOVE_ROWS(xf, s->xf, n, order);
    MOVE_ROWS(lo_x, s->lo_x, n, order);
    MOVE_ROWS(lo_y, s->lo_y, n, order);
    MOVE_ROWS(hi_x, s->hi_x, n, order);
    MOVE_ROWS(hi_y, s->hi_y, n, order);
    MOVE_ROWS(span, s->span, n, order);
    MOVE_ROWS(kind, s->kind, n, order);
    MOVE_ROWS(radius, s->radius, n, order);
    MOVE_ROWS(row_id, s->row_id, n, order);
    if (n) {
        memcpy(slot_span, s->slot_span, n * sizeof *slot_span);
        memcpy(slot_kind, s->slot_kind, n);
        memcpy(slot_radius, s->slot_radius, n * sizeof(float));
        memcpy(slot_disc, s->slot_disc, n * SEPAX_DISC * sizeof(float));
    }
    if (old)
        memcpy(row_of, s->row_of, old * sizeof(uint32_t));
    for (uint32_t k = old; k < cap; k++)
        row_of[k] = k;
    sepax_core_move(&s->core, m, off + OWN_ARRAYS, cap);
    sepax_free(&s->core.alloc, s->slot_mem);
    s->slot_mem = m;
    s->xf = xf;
    s->lo_x = lo_x, s->lo_y = lo_y, s->hi_x = hi_x, s->hi_y = hi_y;
    s->span = span;
    s->kind = kind;
    s->radius = radius;
    s->row_of = row_of, s->row_id = row_id;
    s->slot_span = slot_span, s->slot_kind = slot_kind, s->slot_radius = slot_radius;
    s->slot_disc = slot_disc;
    if (order)
        for (uint32_t p = 0; p < n; p++)
            row_of[sepax_store_slot_of_row(s, p)] = p;
    return SEPAX_OK;
}

/* Copy the live rows' regions into pool, in row order, and point both
 * spans of each shape at its new place; returns the floats used. */
static size_t copy_regions(sepax_store *s, float *pool)
{
    size_t at = 0;
    for (uint32_t row = 0; row < s->core.slot_limit; row++) {
        if (s->kind[row] == SEPAX_KIND_FREE)
            continue;
        const size_t region = sepax_region_of(s->span[row].count);
        memcpy(pool + at, s->pool + s->span[row].offset, region * sizeof(float));
        s->span[row].offset = (uint32_t)at;
        s->slot_span[SEPAX_ID_SLOT(s->row_id[row])].offset = (uint32_t)at;
        at += region;
    }
    return at;
}

/* Make pool (bytes long) the store's, with the live regions compacted
 * into it in row order. It is zeroed first so that the lanes kernels
 * load past a region hold defined, finite values. */
static void take_pool(sepax_store *s, float *pool, size_t bytes)
{
    memset(pool, 0, bytes);
    s->pool_used = copy_regions(s, pool);
    s->pool_holes = 0;
    sepax_free(&s->core.alloc, s->pool);
    s->pool = pool;
}

static sepax_status grow_slots(sepax_store *s, uint32_t cap)
{
    return cap <= s->core.slot_cap ? SEPAX_OK : remake_slots(s, cap, NULL);
}

sepax_status sepax_store_move_rows(sepax_store *s, const uint32_t *order)
{
    const size_t bytes = (s->pool_cap + SEPAX_POOL_PAD) * sizeof(float);
    float *pool = sepax_alloc(&s->core.alloc, bytes);
    if (!pool)
        return SEPAX_ERR_OUT_OF_MEMORY;
    const sepax_status st = remake_slots(s, s->core.slot_cap, order);
    if (st != SEPAX_OK) {
        sepax_free(&s->core.alloc, pool);
        return st;
    }
    take_pool(s, pool, bytes);
    return SEPAX_OK;
}

/* Make room for `need` more pool floats. A new pool is always compacted:
 * live blocks are copied in row order, so a pool laid out in space
 * stays so, and removed shapes' holes vanish. */
static sepax_status grow_pool(sepax_store *s, size_t need)
{
    if (s->pool_used + need <= s->pool_cap)
        return SEPAX_OK;
    size_t live = s->pool_used - s->pool_holes;
    size_t cap = s->pool_cap > INITIAL_POOL ? s->pool_cap : INITIAL_POOL;
    while (cap < 2 * (live + need)) {
        if (cap > SIZE_MAX / 4 / sizeof(float) || cap > SEPAX_POOL_FLOATS_MOST)
            return SEPAX_ERR_OVERFLOW;
        cap *= 2;
    }
    size_t bytes = (cap + SEPAX_POOL_PAD) * sizeof(float);
    float *pool = sepax_alloc(&s->core.alloc, bytes);
    if (!pool)
        return SEPAX_ERR_OUT_OF_MEMORY;
    take_pool(s, pool, bytes);
    s->pool_cap = cap;
    return SEPAX_OK;
}

sepax_status sepax_store_create(const sepax_store_options *options, sepax_store **out)
{
    if (!out)
        return SEPAX_ERR_NULL;
    *out = NULL;
    _Static_assert(offsetof(sepax_store, core) == 0, "the core comes first");
    uint32_t want;
    sepax_status st;
    sepax_store *s = sepax_core_create(options, sizeof *s, &want, &st);
    if (!s)
        return st;
    s->kernels = sepax_kernels_for(s->core.backend);
    st = grow_slots(s, sepax_slots_grown(0, SEPAX_CORE_FIRST_SLOTS, want));
    if (st == SEPAX_OK)
        st = grow_pool(s, (size_t)want * sepax_region_of(SEPAX_BLOCK_ALIGN) / 2);
    if (st != SEPAX_OK) {
        sepax_store_destroy(s);
        return st;
    }
    *out = s;
    return SEPAX_OK;
}

void sepax_store_destroy(sepax_store *s)
{
    if (!s)
        return;
    sepax_allocator a = s->core.alloc;
    sepax_free(&a, s->pool);
    sepax_free(&a, s->slot_mem);
    sepax_free(&a, s);
}

sepax_columns sepax_store_columns(const sepax_store *s)
{
    sepax_columns c = {s->pool, s->slot_span, s->slot_kind, s->slot_radius, s->slot_disc};
    return c;
}

sepax_world_job sepax_store_world_job(sepax_store *s)
{
    sepax_world_job j = {s->pool, s->span, s->xf, s->radius, s->lo_x,
                         s->lo_y, s->hi_x, s->hi_y, s->row_id, s->slot_disc};
    return j;
}

void sepax_store_update_rows(sepax_store *s, const uint32_t *rows, size_t n)
{
    sepax_world_job job = sepax_store_world_job(s);
    s->kernels->world(&job, rows, n);
}

/* The world kernels address every per-row array by row and the pool by
 * span offset, so a job whose per-row arrays start at from updates
 * rows from.. as the whole update would; a from of a multiple of 4 keeps
 * the kernels' groups of four rows as they were. */
void sepax_store_update_range(sepax_store *s, uint32_t from, uint32_t to)
{
    sepax_world_job job = sepax_store_world_job(s);
    job.span += from, job.xf += from, job.radius += from;
    job.lo_x += from, job.lo_y += from, job.hi_x += from, job.hi_y += from;
    job.row_id += from; /* the slot records (disc) are per slot, not moved */
    s->kernels->world(&job, NULL, to - from);
}

/* Local normal lanes of a core. A polygon's lane i is the outward normal
 * of edge i. A segment's lanes 0..3 are its four faces (kernel.h), as if
 * it were a rectangle of zero width: the two end faces are what tell two
 * collinear segments, or a point beyond an end, apart. A point has none.
 * Normals are formed in double from the stored floats and rounded once,
 * so they are as close to unit and to perpendicular as a float allows. */
static void core_normals(const sepax_vec2 *v, uint32_t n, uint32_t blk, float *nx, float *ny)
{
    for (uint32_t i = 0; i < blk; i++)
        nx[i] = ny[i] = 0.0f;
    if (n == 2) {
        const double ex = (double)v[1].x - v[0].x, ey = (double)v[1].y - v[0].y;
        const double len = hypot(ex, ey), ux = ex / len, uy = ey / len;
        const float side_x = (float)uy, side_y = (float)-ux, end_x = (float)ux, end_y = (float)uy;
        nx[0] = side_x, ny[0] = side_y;
        nx[1] = -side_x, ny[1] = -side_y;
        nx[2] = end_x, ny[2] = end_y;
        nx[3] = -end_x, ny[3] = -end_y;
        return;
    }
    if (n < 3)
        return;
    for (uint32_t i = 0; i < blk; i++) {
        /* lanes past n repeat vertex 0's edge (see kernel.h) */
        const uint32_t k = i < n ? i : 0;
        const sepax_vec2 a = v[k], b = v[(k + 1) % n];
        const double ex = (double)b.x - a.x, ey = (double)b.y - a.y, len = hypot(ex, ey);
        nx[i] = (float)(ey / len);
        ny[i] = (float)(-ex / len);
    }
}

sepax_status sepax_store_insert(sepax_store *s, int kind, const sepax_vec2 *v, uint32_t n,
                                float radius, sepax_shape_id *out_id)
{
    uint32_t cap;
    sepax_status st = sepax_core_room(&s->core, &cap);
    if (st != SEPAX_OK || (st = grow_slots(s, cap)) != SEPAX_OK)
        return st;
    const uint32_t blk = sepax_block_of(n);
    if ((st = grow_pool(s, sepax_region_of(n))) != SEPAX_OK)
        return st;

    const uint32_t slot = sepax_core_take(&s->core);
    const uint32_t row = s->row_of[slot];
    uint32_t off = (uint32_t)s->pool_used;
    s->pool_used += sepax_region_of(n);
    s->kind[row] = (uint8_t)kind;
    s->radius[row] = radius;
    s->span[row].offset = off;
    s->span[row].count = n;
    s->xf[row] = SEPAX_XF_IDENTITY;
    s->slot_kind[slot] = (uint8_t)kind;
    s->slot_radius[slot] = radius;
    s->slot_span[slot] = s->span[row];
    float *disc = s->slot_disc + SEPAX_DISC * (size_t)slot;
    const uint32_t code = route_sides[kind][n];
    disc[0] = disc[1] = 0.0f;
    disc[2] = radius;
    memcpy(disc + SEPAX_DISC_CODE, &code, sizeof code);
    s->round_live += kind != SEPAX_KIND_POLYGON;
    s->circle_live += kind == SEPAX_KIND_CIRCLE;

    float *lx = s->pool + off, *ly = lx + blk, *lnx = ly + blk, *lny = lnx + blk;
    for (uint32_t i = 0; i < blk; i++) {
        const uint32_t k = i < n ? i : 0; /* lanes past n repeat vertex 0 */
        lx[i] = v[k].x;
        ly[i] = v[k].y;
    }
    core_normals(v, n, blk, lnx, lny);
    /* the farthest any point of the shape lies from its origin */
    double reach = 0.0;
    for (uint32_t i = 0; i < n; i++)
        reach = fmax(reach, hypot((double)v[i].x, (double)v[i].y));
    /* the id first: the update finds a circle's slot record by it */
    *out_id = s->row_id[row] = sepax_core_fill(&s->core, slot, reach + (double)radius);
    sepax_store_update_rows(s, &row, 1);
    return SEPAX_OK;
}

sepax_status sepax_remove(sepax_store *s, sepax_shape_id id)
{
    if (!s)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const uint32_t slot = SEPAX_ID_SLOT(id), row = s->row_of[slot];
    s->round_live -= s->kind[row] != SEPAX_KIND_POLYGON;
    s->circle_live -= s->kind[row] == SEPAX_KIND_CIRCLE;
    s->kind[row] = SEPAX_KIND_FREE;
    s->radius[row] = 0.0f;
    s->pool_holes += sepax_region_of(s->span[row].count);
    s->span[row].count = 0;
    s->slot_kind[slot] = SEPAX_KIND_FREE;
    s->slot_radius[slot] = 0.0f;
    s->slot_span[slot].count = 0;
    memset(s->slot_disc + SEPAX_DISC * (size_t)slot, 0, SEPAX_DISC * sizeof(float));
    sepax_core_release(&s->core, slot);
    s->row_id[row] = SEPAX_FREE_ID(slot);
    return SEPAX_OK;
}

sepax_status sepax_shape_vertices(const sepax_store *s, sepax_shape_id id, int world,
                                  sepax_vec2 *out, size_t capacity, uint32_t *out_count)
{
    if (!s || !out_count || (!out && capacity))
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const sepax_span sp = s->slot_span[SEPAX_ID_SLOT(id)];
    const uint32_t n = sp.count, blk = sepax_block_of(n);
    const float *x = s->pool + sp.offset + (world ? 4u * blk : 0u), *y = x + blk;
    const uint32_t written = capacity < n ? (uint32_t)capacity : n;
    for (uint32_t i = 0; i < written; i++) {
        out[i].x = x[i];
        out[i].y = y[i];
    }
    *out_count = n;
    /* no buffer at all is a question about the count, not a short one */
    return out && written < n ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}

sepax_status sepax_shape_transform(const sepax_store *s, sepax_shape_id id, sepax_transform *out)
{
    if (!s || !out)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_store_check_id(s, id);
    if (st == SEPAX_OK)
        *out = s->xf[sepax_store_row(s, id)];
    return st;
}

sepax_status sepax_shape_aabb(const sepax_store *s, sepax_shape_id id, sepax_vec2 *lower,
                              sepax_vec2 *upper)
{
    if (!s || !lower || !upper)
        return SEPAX_ERR_NULL;
    sepax_status st = sepax_store_check_id(s, id);
    if (st != SEPAX_OK)
        return st;
    const uint32_t row = sepax_store_row(s, id);
    lower->x = s->lo_x[row];
    lower->y = s->lo_y[row];
    upper->x = s->hi_x[row];
    upper->y = s->hi_y[row];
    return SEPAX_OK;
}

/* count, slot_limit, shape_check, shape_id_of_slot, backend, set_tasks */
SEPAX_CORE_CALLS(sepax_store, sepax_store_count, sepax_store_slot_limit, sepax_shape_check,
                 sepax_shape_id_of_slot, sepax_store_backend, sepax_store_set_tasks)
SEPAX_CORE_SET_BACKEND(sepax_store, sepax_store_set_backend, sepax_kernels, sepax_kernels_for)
