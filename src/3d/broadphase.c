/* Sort-and-sweep over the 3D world boxes, in columns.
 *
 *   sort live shapes by (lower x, slot)          -- stable radix sort
 *   cut the y and z ranges into a grid of columns about two box sizes
 *   wide; file each shape, in sorted order, under every column its y and
 *   z intervals meet, with its home bits: whether the column holds its
 *   lower y cell, and its lower z cell
 *   for each column, for each shape i in it:
 *       for each later shape j in the column while lower_x(j) <= upper_x(i)
 *       (four at a time, kernels/column_lanes.h):
 *           if the y and z intervals overlap and the column holds the
 *           point (larger lower y, larger lower z) of the two, which is
 *           when i's or j's home bit holds for each axis (so a pair met
 *           in several columns is emitted once):
 *               emit (min slot, max slot)
 *
 * A sweep along x alone tests every shape against all shapes in its x
 * slab of the whole scene, which grows as n^(5/3) in a cube of shapes;
 * the columns keep the tests near the number of true overlaps. The order
 * (column, then lower x, then slot) is fixed by the store's contents.
 * Touching boxes overlap, as touching shapes hit. */
#include <math.h>

#include <string.h>

#define SEPAX_WIDE_BITS 128
#include "common/batch.h"
#include "common/sort.h"
#include "common/tasks.h"
#include "kernels/column_lanes.h"
#include "store.h"

typedef struct grid {
    float y0, z0, inv_h, inv_d; /* origin and 1 / cell size in y and z */
    uint32_t ny, nz;
} grid;

/* Monotonic in its argument, so a shape's cells form one block and the
 * cell of any point inside its box lies in that block. */
static uint32_t cell_of(float v, float v0, float inv, uint32_t n)
{
    const float f = (v - v0) * inv;
    if (!(f > 0.0f))
        return 0;
    return f >= (float)n ? n - 1u : (uint32_t)f;
}

/* Cells per axis from the span and the mean size, capped so that the
 * grid stays near the shape count. */
static uint32_t cells(double span, double mean, size_t m, float *inv)
{
    *inv = 0.0f;
    const double most = sqrt((double)m / 4.0) + 1.0;
    if (!(span > 0.0) || !(mean > 0.0))
        return 1;
    double count = span / (2.0 * mean);
    count = count < 1.0 ? 1.0 : count > most ? most : count;
    *inv = (float)(floor(count) / span);
    return (uint32_t)count;
}


/* A split call needs this many shapes at least; its columns are handed
 * out in at most this many ranges per worker. */
#define LEAST_SHAPES 8192u
#define RANGES_PER_WORKER 4u

/* The columns' lists, as the sweep reads them. */
typedef struct columns_t {
    const size_t *end; /* end[c]: where column c ends, and c + 1 begins */
    const float *lx, *hx, *ly, *hy, *lz, *hz;
    const uint32_t *home; /* kernels/column_lanes.h */
    const uint32_t *slot_of, *live_id;
} columns_t;

/* Where found pairs go: the caller's array (grow NULL), or in a split
 * call a worker's own, which grows through the store's allocator
 * (failed set when it could not). */
typedef struct sink {
    sepax_pair *pairs;
    size_t capacity, found;
    const sepax_allocator *grow;
    int failed;
} sink;

/* The pair (i, j) of a column whose boxes meet, the column being the one
 * that holds the point (larger lower y, larger lower z) of the two. */
static inline void emit(const columns_t *cl, size_t i, size_t j, sink *o)
{
    if (o->found >= o->capacity && o->grow && !o->failed)
        o->failed = !sepax_pairs_grow(o->grow, &o->pairs, &o->capacity, o->found, o->found + 1u);
    if (o->found < o->capacity) {
        const uint32_t a = cl->slot_of[i], b = cl->slot_of[j];
        o->pairs[o->found].a = cl->live_id[a < b ? a : b];
        o->pairs[o->found].b = cl->live_id[a < b ? b : a];
    }
    o->found++;
}

/* Column c's pairs: each shape against the later ones its x interval
 * reaches, four at a time (kernels/column_lanes.h). */
static void sweep_column(const columns_t *cl, size_t c, sink *o)
{
    const size_t from = c ? cl->end[c - 1] : 0, to = cl->end[c];
    const float *lx = cl->lx, *ly = cl->ly, *lz = cl->lz, *hy = cl->hy, *hz = cl->hz;
    for (size_t i = from; i < to; i++) {
        const sepax3_column_probe probe =
            sepax3_column_probe_of(cl->hx[i], ly[i], hy[i], lz[i], hz[i], cl->home[i]);
        /* the meeting candidates, gathered without a branch per group (a
         * branch on each group's meets is taken at random and costs more
         * than four stores), then emitted in order */
        uint32_t met[64 + 4];
        size_t nm = 0;
        for (size_t j4 = i + 1; j4 < to; j4 += 4) {
            uint32_t in;
            uint32_t meet = sepax3_column_meet4(&probe, lx, ly, hy, lz, hz, cl->home, j4, &in);
            if (to - j4 < 4)
                meet &= (1u << (to - j4)) - 1u;
            for (uint32_t k = 0; k < 4u; k++) {
                met[nm] = (uint32_t)(j4 + k);
                nm += (meet >> k) & 1u;
            }
            if (nm > 64u) {
                for (size_t q = 0; q < nm; q++)
                    emit(cl, i, met[q], o);
                nm = 0;
            }
            /* a candidate past the right end: every later one is too */
            if (in != 0xFu)
                break;
        }
        for (size_t q = 0; q < nm; q++)
            emit(cl, i, met[q], o);
    }
}

/* A worker's sink, padded so that two workers never write one line. */
typedef struct padded_sink {
    sink o;
    unsigned char pad[64];
} padded_sink;

/* The split sweep: ranges of columns, each worker's pairs in its own
 * array; then every column's pairs copied to the caller's array in
 * column order, the serial order whichever worker swept which column. */
typedef struct split {
    const sepax3_store *s;
    const columns_t *cl;
    sepax_cut cut;
    padded_sink *w;    /* per worker */
    sepax_merge merge; /* the columns' pairs, in column order */
} split;

static void sweep_task(int32_t start, int32_t end, uint32_t wi, void *context)
{
    split *j = context;
    if (!sepax_merge_worker(&j->merge, wi))
        return;
    sink *o = &j->w[wi].o;
    for (int32_t c = start; c < end; c++) {
        const size_t before = o->found;
        sweep_column(j->cl, (size_t)c, o);
        sepax_merge_note(&j->merge, (size_t)c, wi, before, o->found);
    }
}

static sepax_status split_sweep(const sepax3_store *s, const columns_t *cl, size_t columns,
                                sepax_pair *pairs, size_t capacity, size_t *pair_count)
{
    const sepax_task_system *t = &s->core.tasks;
    const uint32_t workers = t->worker_count;
    split j;
    memset(&j, 0, sizeof j);
    j.s = s;
    j.cl = cl;
    j.merge.workers = workers;
    j.merge.pairs = pairs;
    j.merge.capacity = capacity;
    atomic_init(&j.merge.broken, 0);
    j.cut = sepax_cut_make(t, columns, 1, 1, RANGES_PER_WORKER);
    /* from, n, to (one more place) and by per column */
    const size_t per_column = 3 * sizeof(size_t) + sizeof(uint32_t);
    if (columns > (SIZE_MAX - workers * sizeof(padded_sink)) / per_column)
        return SEPAX_ERR_OVERFLOW;
    const size_t bytes = workers * sizeof(padded_sink) + columns * per_column + sizeof(size_t);
    unsigned char *mem = sepax_alloc(&s->core.alloc, bytes);
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    memset(mem, 0, bytes);
    j.w = (padded_sink *)mem;
    j.merge.from = (size_t *)(j.w + workers);
    j.merge.n = j.merge.from + columns;
    j.merge.to = j.merge.n + columns;
    j.merge.by = (uint32_t *)(j.merge.to + columns + 1u);
    for (uint32_t k = 0; k < workers; k++)
        j.w[k].o.grow = &s->core.alloc;

    sepax_tasks_run(t, sweep_task, &j.cut, &j);
    sepax_status st = sepax_merge_status(&j.merge, SEPAX_OK);
    sepax_pair *lists[SEPAX_MAX_WORKERS];
    for (uint32_t k = 0; k < workers; k++) {
        if (j.w[k].o.failed && st == SEPAX_OK)
            st = SEPAX_ERR_OUT_OF_MEMORY;
        lists[k] = j.w[k].o.pairs;
    }
    j.merge.lists = lists;
    st = sepax_merge_finish(&j.merge, st, t, &j.cut, pair_count);
    for (uint32_t k = 0; k < workers; k++)
        sepax_free(&s->core.alloc, j.w[k].o.pairs);
    sepax_free(&s->core.alloc, mem);
    return st;
}

sepax_status sepax3_broadphase(const sepax3_store *s, sepax_pair *pairs, size_t capacity,
                               size_t *pair_count)
{
    /* as a compacted call's list: pairs may be NULL with capacity 0 */
    if (sepax_hits_begin(1, pairs, capacity, 0, pair_count) != SEPAX_OK || !s)
        return SEPAX_ERR_NULL;
    const size_t n = s->core.live;
    if (n < 2)
        return SEPAX_OK;
    /* keys and their sort buffer, then each sorted shape's cell block */
    unsigned char *mem = sepax_alloc(&s->core.alloc, n * (2 * sizeof(uint64_t) + 4 * sizeof(uint32_t)));
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    uint64_t *keys = (uint64_t *)mem, *tmp = keys + n;
    uint32_t *cy0 = (uint32_t *)(tmp + n), *cy1 = cy0 + n, *cz0 = cy1 + n, *cz1 = cz0 + n;

    size_t m = 0;
    float y0 = INFINITY, y1 = -INFINITY, z0 = INFINITY, z1 = -INFINITY;
    double height = 0.0, depth = 0.0;
    for (uint32_t slot = 0; slot < s->core.slot_limit; slot++) {
        if (s->kind[slot] == SEPAX3_KIND_FREE)
            continue;
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
        keys[m++] = ((uint64_t)sepax_float_key(b[0]) << 32) | slot;
        y0 = b[1] < y0 ? b[1] : y0, y1 = b[4] > y1 ? b[4] : y1;
        z0 = b[2] < z0 ? b[2] : z0, z1 = b[5] > z1 ? b[5] : z1;
        height += (double)b[4] - b[1];
        depth += (double)b[5] - b[2];
    }
    const uint64_t *sorted = sepax_radix_sort(keys, tmp, m);
    grid g = {y0, z0, 0.0f, 0.0f, 1, 1};
    g.ny = cells((double)y1 - y0, height / (double)m, m, &g.inv_h);
    g.nz = cells((double)z1 - z0, depth / (double)m, m, &g.inv_d);

    /* count, then fill, the columns' lists: a counting sort by column
     * keeps the x order inside each */
    /* A shape is in every column it meets, so the entries can number the
     * shapes times the columns: past what size_t can count in bytes (only
     * a 32-bit size_t gets there) the call is SEPAX_ERR_OVERFLOW, checked
     * before entries itself could wrap (a shape adds at most every
     * column, itself below sqrt(m / 4) + 1 squared). */
    const size_t columns = (size_t)g.ny * g.nz;
    const size_t entry_most = SIZE_MAX / 4u / (6 * sizeof(float) + 2 * sizeof(uint32_t));
    size_t entries = 0;
    for (size_t i = 0; i < m; i++) {
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)(uint32_t)sorted[i];
        cy0[i] = cell_of(b[1], g.y0, g.inv_h, g.ny), cy1[i] = cell_of(b[4], g.y0, g.inv_h, g.ny);
        cz0[i] = cell_of(b[2], g.z0, g.inv_d, g.nz), cz1[i] = cell_of(b[5], g.z0, g.inv_d, g.nz);
        entries += (size_t)(cy1[i] - cy0[i] + 1u) * (cz1[i] - cz0[i] + 1u);
        if (entries > entry_most || columns > entry_most) {
            sepax_free(&s->core.alloc, mem);
            return SEPAX_ERR_OVERFLOW;
        }
    }
    /* each bound's array with three spare floats, which the sweep reads
     * four at a time (kernels/column_lanes.h) */
    const size_t stride = entries + 3u;
    unsigned char *cmem = sepax_alloc(&s->core.alloc, (columns + 1u) * sizeof(size_t) +
                                                          stride * 6 * sizeof(float) +
                                                          (stride + entries) * sizeof(uint32_t));
    if (!cmem) {
        sepax_free(&s->core.alloc, mem);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    size_t *start = (size_t *)cmem;
    float *lx = (float *)(start + columns + 1u), *hx = lx + stride, *ly = hx + stride,
          *hy = ly + stride, *lz = hy + stride, *hz = lz + stride;
    uint32_t *home = (uint32_t *)(hz + stride), *slot_of = home + stride;
    for (size_t k = 0; k < 3u; k++) {
        lx[entries + k] = hx[entries + k] = ly[entries + k] = hy[entries + k] =
            lz[entries + k] = hz[entries + k] = 0.0f;
        home[entries + k] = 0;
    }
    for (size_t c = 0; c <= columns; c++)
        start[c] = 0;
    for (size_t i = 0; i < m; i++)
        for (uint32_t y = cy0[i]; y <= cy1[i]; y++)
            for (uint32_t z = cz0[i]; z <= cz1[i]; z++)
                start[(size_t)y * g.nz + z + 1u]++;
    for (size_t c = 0; c < columns; c++)
        start[c + 1] += start[c];
    for (size_t i = 0; i < m; i++) {
        const uint32_t slot = (uint32_t)sorted[i];
        const float *b = s->bounds + SEPAX3_BOUNDS * (size_t)slot;
        for (uint32_t y = cy0[i]; y <= cy1[i]; y++)
            for (uint32_t z = cz0[i]; z <= cz1[i]; z++) {
                const size_t at = start[(size_t)y * g.nz + z]++;
                lx[at] = b[0], ly[at] = b[1], lz[at] = b[2];
                hx[at] = b[3], hy[at] = b[4], hz[at] = b[5];
                home[at] = (uint32_t)(y == cy0[i]) | (uint32_t)(z == cz0[i]) << 1;
                slot_of[at] = slot;
            }
    }
    /* start[c] now holds the end of column c; column c begins at start[c-1] */
    columns_t cl = {start, lx, hx, ly, hy, lz, hz, home, slot_of, s->core.live_id};
    if (columns > 1u && sepax_tasks_split(&s->core.tasks, m, LEAST_SHAPES)) {
        const sepax_status st = split_sweep(s, &cl, columns, pairs, capacity, pair_count);
        sepax_free(&s->core.alloc, cmem);
        sepax_free(&s->core.alloc, mem);
        return st;
    }
    sink o = {pairs, capacity, 0, NULL, 0};
    for (size_t c = 0; c < columns; c++)
        sweep_column(&cl, c, &o);
    const size_t found = o.found;
    sepax_free(&s->core.alloc, cmem);
    sepax_free(&s->core.alloc, mem);
    *pair_count = found;
    return found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
