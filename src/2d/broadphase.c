/* Box pruning over world bounding boxes, in horizontal bands.
 *
 *   bounds: range of lower x, range of y, mean height
 *   bands: the y range cut into bands about BAND_HEIGHTS mean heights
 *     tall; a shape belongs to every band its y interval meets, and is at
 *     home in the band of its lower y (a visitor in the others)
 *   file: each shape, in row order, appended to every band it belongs to
 *   for each band (its entries fit in L1):
 *     columns: the scene's range of lower x cut into as many equal columns
 *       as the band has entries (the exact lower x instead where more than
 *       CROWD entries would share a column)
 *     sort by (column of lower x, row): one counting pass, stable
 *       (a radix sort on the exact keys for exact columns); PAD sentinels
 *       with column and lower x = +inf close the band
 *     T = lowest lower y of the shapes at home in the band
 *     sweep (kernels/sweep_tile.h): for each entry i, for each later
 *       entry j while column(j) <= column(upper_x(i)):
 *         if the boxes overlap and (i is at home or lower_y(j) >= T):
 *           emit the pair
 *   each pair handed out as (lower slot's id, higher slot's id)
 *
 * A pair of overlapping boxes is met in every band both belong to and
 * emitted only in the band of the larger of their lower y, where the shape
 * that has it is at home. A visitor's lower y lies below every home
 * shape's (the band of a y grows with y), so "lower_y(j) >= T" says "j is
 * at home" in one compare, and no pass removes duplicates. The earlier of
 * two overlapping boxes in a band's order meets the later one: the later
 * one's column is the earlier one's or, if further right, at most the
 * column of the earlier one's upper x (columns grow with x).
 *
 * A plain one-axis sweep meets every shape of its x slice of the whole
 * scene (n^1.5 tests on a square scene); the bands keep the candidates
 * near the number of true overlaps. Sorting by column instead of by exact
 * lower x leaves entries that share a column in row order, so no pass
 * puts them in order (an insertion pass did, and mispredicted on about a
 * fifth of the entries); the sweep then tests x on both sides. The sweep
 * is the store's backend's where it has one (eight candidates per compare
 * at 256 bits, sixteen at 512), else kernels/sweep128.c's four per
 * compare at 128 bits; every width writes the same pairs in the same order.
 *
 * Output order, fixed by the store's contents: band (bottom up), then the
 * first shape of the sweep, then the second, both by (column, row). Rows
 * are slots until sepax_store_sort_pool lays them out in space (store.h).
 * Touching boxes overlap, as touching shapes hit. */
#include <math.h>
#include <string.h>

#define SEPAX_WIDE_BITS 128
#include "common/batch.h"
#include "common/sort.h"
#include "common/tasks.h"
#include "kernels/band_lanes.h"
#include "kernels/kernel.h"
#include "store.h"

/* Band height in mean box heights: taller bands file fewer shapes twice,
 * shorter ones test fewer candidates per shape. */
#define BAND_HEIGHTS 3.0
/* Most shapes one column may hold before the columns become the exact
 * lower x: a column's entries all test each other. */
#define CROWD 32u
#define PAD SEPAX_SWEEP_PAD
#define CHUNK SEPAX_SWEEP_CHUNK

typedef struct grid {
    float y0, inv_h, top_band; /* band of y: (y - y0) * inv_h, at most top_band */
    float x0, inv_w, top_cell; /* cell (column) of x likewise */
    uint32_t bands, cells;
} grid;

static inline uint32_t band_of(const grid *g, float y)
{
    return sepax_band_scale(y, g->y0, g->inv_h, g->top_band);
}

static inline uint32_t cell_of(const grid *g, float x)
{
    return sepax_band_scale(x, g->x0, g->inv_w, g->top_cell);
}

/* band_of for every live row's lower and upper y; four rows at a time
 * when there are no holes, with the same operations in each lane. */
static void bands_of(const sepax_store *s, const grid *g, uint32_t *first, uint32_t *last)
{
    uint32_t row = 0;
    if (s->core.live == s->core.slot_limit)
        row = sepax_band_rows4(s->lo_y, s->hi_y, s->core.slot_limit, g->y0, g->inv_h, g->top_band,
                               first, last);
    for (; row < s->core.slot_limit; row++) {
        if (s->kind[row] == SEPAX_KIND_FREE)
            continue;
        first[row] = band_of(g, s->lo_y[row]);
        last[row] = band_of(g, s->hi_y[row]);
    }
}

typedef struct bounds {
    float x0, x1, y0, y1; /* lower x range; lowest lower y, highest upper y */
    double height;        /* sum of heights */
} bounds;

static bounds scan(const sepax_store *s)
{
    bounds b = {INFINITY, -INFINITY, INFINITY, -INFINITY, 0.0};
    uint32_t row = 0;
    if (s->core.live == s->core.slot_limit) /* no holes: four rows per step */
        row = sepax_band_bounds4(s->lo_x, s->lo_y, s->hi_y, s->core.slot_limit, &b.x0, &b.x1, &b.y0,
                                 &b.y1, &b.height);
    for (; row < s->core.slot_limit; row++) {
        if (s->kind[row] == SEPAX_KIND_FREE)
            continue;
        const float lx = s->lo_x[row], ly = s->lo_y[row], hy = s->hi_y[row];
        b.x0 = lx < b.x0 ? lx : b.x0;
        b.x1 = lx > b.x1 ? lx : b.x1;
        b.y0 = ly < b.y0 ? ly : b.y0;
        b.y1 = hy > b.y1 ? hy : b.y1;
        b.height += (double)hy - ly;
    }
    return b;
}

/* The bands' entries, one array per field, each band followed by PAD
 * sentinels. */
typedef struct entries {
    float *col, *lx, *hx, *ly, *hy;
    uint32_t *id;
} entries;

static inline void entry_put(const entries *e, size_t p, float col, float lx, float hx, float ly,
                             float hy, uint32_t id)
{
    e->col[p] = col;
    e->lx[p] = lx;
    e->hx[p] = hx;
    e->ly[p] = ly;
    e->hy[p] = hy;
    e->id[p] = id;
}

/* A shape's box and id as filed under a band. */
typedef sepax_band_record record;

/* Cells for a band of m entries: one per entry, at most 2^22 so that
 * every cell number is a float. */
static inline uint32_t cells_for(size_t m)
{
    return m < 1u ? 1u : m > 4194304u ? 4194304u : (uint32_t)m;
}

/* One band: its m records in row order, sorted into e by (column, row),
 * then swept. e, hist and keys are sized for the largest band, so a band
 * stays in L1 from its sort to its sweep. */
static void band(const record *r, size_t m, float x0, double span_x, float home_y,
                 const entries *e, uint32_t *hist, uint64_t *keys, sepax_sweep_fn sweep,
                 sepax_sweep_out *o)
{
    grid g = {0.0f, 0.0f, 0.0f, x0, 0.0f, 0.0f, 1, 1};
    if (span_x > 0.0) {
        g.cells = cells_for(m);
        g.inv_w = (float)(g.cells / span_x);
        g.top_cell = (float)(g.cells - 1u);
    }
    /* cells, four records at a time; keys holds them until the radix
     * sort, which does not need them */
    uint32_t *cell = (uint32_t *)keys;
    for (size_t k = sepax_band_cells4(r, m, g.x0, g.inv_w, g.top_cell, cell); k < m; k++)
        cell[k] = cell_of(&g, r[k].lx);
    memset(hist, 0, g.cells * sizeof *hist);
    for (size_t k = 0; k < m; k++)
        hist[cell[k]]++;
    uint32_t at = 0, crowd = 0;
    for (uint32_t c = 0; c < g.cells; c++) {
        const uint32_t t = hist[c];
        crowd = t > crowd ? t : crowd;
        hist[c] = at;
        at += t;
    }
    sepax_reach q = {g.x0, g.inv_w, 0.0f, g.top_cell};
    if (crowd <= CROWD) {
        /* the order as a permutation first, then the entries in order:
         * stores to one small array and loads from the records, rather
         * than stores to six arrays, which outgrow L1 in a large band */
        uint32_t *perm = cell + m;
        for (size_t k = 0; k < m; k++)
            perm[hist[cell[k]]++] = (uint32_t)k;
        for (size_t p = 0; p < m; p++) {
            const record *t = r + perm[p];
            entry_put(e, p, (float)cell[perm[p]], t->lx, t->hx, t->ly, t->hy, t->id);
        }
    } else {
        /* Lower x bunched (or a far outlier stretching the cells), so
         * that a column's candidates would be many: the exact keys as
         * columns, stable, so equal lower x stay in row order. */
        for (size_t k = 0; k < m; k++)
            keys[k] = ((uint64_t)sepax_float_key(r[k].lx) << 32) | k;
        const uint64_t *sorted = sepax_radix_sort(keys, keys + m, m);
        for (size_t k = 0; k < m; k++) {
            const record *t = r + (uint32_t)sorted[k];
            entry_put(e, k, t->lx, t->lx, t->hx, t->ly, t->hy, t->id);
        }
        q = (sepax_reach){0.0f, 1.0f, -INFINITY, INFINITY};
    }
    for (size_t k = m; k < m + PAD; k++)
        entry_put(e, k, INFINITY, INFINITY, 0.0f, 0.0f, 0.0f, 0);
    const sepax_band view = {e->col, e->lx, e->hx, e->ly, e->hy, e->id};
    (sweep ? sweep : sepax_sweep_128)(&view, m, &q, home_y, o);
}

/* Shapes a split broadphase needs at least, and the shapes of a range of
 * rows it files at least. */
#define LEAST_SHAPES 8192u
#define LEAST_ROWS 4096u
/* Ranges per worker at most, of rows and of bands: the band work is
 * uneven, so a few. */
#define RANGES_PER_WORKER 4u

/* What a worker keeps between the ranges it runs: its scratch for one
 * band and the pairs it found, in the order it found them. Padded so
 * that two workers never write one cache line. */
typedef struct worker {
    entries e;
    uint32_t *hist;
    uint64_t *keys;
    sepax_pair *pairs;
    size_t capacity, found;
    int failed;
    unsigned char pad[64];
} worker;

/* The split call (sepax_broadphase with a task system): the same bands,
 * records, sorts and sweeps as on one thread, in four rounds.
 *   1. ranges of rows (chunks): each row's bands, and per chunk how
 *      many records it files under each band
 *   2. (here) every (band, chunk)'s place: bands in order, and within a
 *      band the chunks in row order, so every band's records lie in row
 *      order as the serial filing leaves them
 *   3. the chunks file their records
 *   4. ranges of bands: sort and sweep each band with the worker's own
 *      scratch, its pairs appended to the worker's own array; then the
 *      bands' pairs are copied to the caller's array in band order, which
 *      is the serial call's order whichever worker swept which band. */
typedef struct bp_split {
    const sepax_store *s;
    grid g;
    float x0;
    double span_x;
    sepax_cut chunks, bands;
    uint32_t *first, *last;
    size_t *at; /* chunks x bands: count, then the next record's place */
    /* chunks x bands: the lowest lower y of the chunk's shapes at home in
     * the band; then, in the first row, the band's */
    float *home;
    size_t *start;  /* bands + 1: where each band's records begin */
    record *rec;
    float *home_y;
    sepax_merge merge; /* the bands' pairs, in band order */
    worker *w;
    size_t most; /* records of the fullest band */
} bp_split;

static void count_task(int32_t start, int32_t end, uint32_t wi, void *context)
{
    (void)wi;
    bp_split *j = context;
    const sepax_store *s = j->s;
    const size_t bands = (size_t)j->g.bands;
    for (int32_t c = start; c < end; c++) {
        size_t from, to;
        sepax_cut_range(&j->chunks, c, c + 1, &from, &to);
        size_t *count = j->at + (size_t)c * bands;
        float *home = j->home + (size_t)c * bands;
        memset(count, 0, bands * sizeof *count);
        for (size_t b = 0; b < bands; b++)
            home[b] = INFINITY;
        for (size_t row = from; row < to; row++) {
            if (s->kind[row] == SEPAX_KIND_FREE)
                continue;
            const float ly = s->lo_y[row];
            const uint32_t b0 = band_of(&j->g, ly), b1 = band_of(&j->g, s->hi_y[row]);
            j->first[row] = b0;
            j->last[row] = b1;
            home[b0] = ly < home[b0] ? ly : home[b0];
            for (uint32_t b = b0; b <= b1; b++)
                count[b]++;
        }
    }
}

static void file_task(int32_t start, int32_t end, uint32_t wi, void *context)
{
    (void)wi;
    bp_split *j = context;
    const sepax_store *s = j->s;
    const size_t bands = (size_t)j->g.bands;
    for (int32_t c = start; c < end; c++) {
        size_t from, to;
        sepax_cut_range(&j->chunks, c, c + 1, &from, &to);
        size_t *at = j->at + (size_t)c * bands;
        for (size_t row = from; row < to; row++) {
            if (s->kind[row] == SEPAX_KIND_FREE)
                continue;
            /* + 0 as in the serial filing */
            const record r = {s->lo_x[row] + 0.0f, s->hi_x[row], s->lo_y[row], s->hi_y[row],
                              s->row_id[row]};
            for (uint32_t b = j->first[row]; b <= j->last[row]; b++)
                j->rec[at[b]++] = r;
        }
    }
}

static void sweep_task(int32_t start, int32_t end, uint32_t wi, void *context)
{
    bp_split *j = context;
    if (!sepax_merge_worker(&j->merge, wi))
        return;
    worker *w = j->w + wi;
    sepax_sweep_out o;
    /* the 128-bit sweep turns pairs two at a time, reading one past an
     * odd count */
    memset(o.buf, 0, sizeof o.buf);
    o.pairs = w->pairs;
    o.capacity = w->capacity;
    o.found = w->found;
    o.grow = &j->s->core.alloc;
    o.failed = w->failed;
    for (int32_t b = start; b < end; b++) {
        const record *r = j->rec + j->start[b];
        const size_t m = j->start[b + 1] - j->start[b];
        const size_t before = o.found;
        band(r, m, j->x0, j->span_x, j->home[b], &w->e, w->hist, w->keys, j->s->kernels->sweep, &o);
        sepax_merge_note(&j->merge, (size_t)b, wi, before, o.found);
    }
    w->pairs = o.pairs;
    w->capacity = o.capacity;
    w->found = o.found;
    w->failed = o.failed;
}

static sepax_status broadphase_split(const sepax_store *s, const grid *g, float x0,
                                     double span_x, sepax_pair *pairs, size_t capacity,
                                     size_t *pair_count)
{
    const sepax_task_system *t = &s->core.tasks;
    bp_split j;
    memset(&j, 0, sizeof j);
    j.s = s;
    j.g = *g;
    j.x0 = x0;
    j.span_x = span_x;
    j.merge.workers = t->worker_count;
    j.merge.pairs = pairs;
    j.merge.capacity = capacity;
    atomic_init(&j.merge.broken, 0);
    const size_t limit = s->core.slot_limit, bands = g->bands;
    /* chunks of whole 64-row lines, each a task item of its own */
    size_t chunks = (size_t)t->worker_count * RANGES_PER_WORKER;
    if (chunks > limit / LEAST_ROWS)
        chunks = limit / LEAST_ROWS;
    chunks = chunks < 1u ? 1u : chunks;
    size_t unit = (limit + chunks - 1u) / chunks;
    unit = (unit + 63u) / 64u * 64u;
    j.chunks = sepax_cut_make(t, limit, unit, unit, 0);
    chunks = (size_t)j.chunks.items;
    j.bands = sepax_cut_make(t, bands, 1, 1, RANGES_PER_WORKER);

    /* sizes that could overflow: chunks x bands counts (bands <= live / 4
     * + 1), and later the records, whose count is only known after round
     * 1 */
    if (bands > SIZE_MAX / sizeof(size_t) / chunks / 2u)
        return SEPAX_ERR_OVERFLOW;
    const size_t lines = 64u;
    size_t bytes = 2 * limit * sizeof(uint32_t) +
                   chunks * bands * (sizeof(size_t) + sizeof(float)) +
                   (bands + 1u) * (3 * sizeof(size_t) + sizeof(uint32_t)) +
                   t->worker_count * sizeof(worker) + lines;
    unsigned char *mem = sepax_alloc(&s->core.alloc, bytes);
    if (!mem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    memset(mem, 0, bytes);
    /* the workers first: 64-byte aligned, as the allocator's blocks are */
    j.w = (worker *)mem;
    j.at = (size_t *)(j.w + t->worker_count);
    j.start = j.at + chunks * bands;
    j.merge.from = j.start + bands + 1u;
    j.merge.n = j.merge.from + bands + 1u;
    j.first = (uint32_t *)(j.merge.n + bands + 1u);
    j.last = j.first + limit;
    j.merge.by = j.last + limit;
    j.home = (float *)(j.merge.by + bands + 1u);

    sepax_tasks_run(t, count_task, &j.chunks, &j);
    size_t total = 0;
    for (size_t b = 0; b < bands; b++) {
        j.start[b] = total;
        for (size_t c = 0; c < chunks; c++) {
            const size_t k = j.at[c * bands + b];
            j.at[c * bands + b] = total;
            total += k;
            const float h = j.home[c * bands + b];
            j.home[b] = h < j.home[b] ? h : j.home[b];
        }
        j.most = total - j.start[b] > j.most ? total - j.start[b] : j.most;
    }
    j.start[bands] = total;

    /* records, then each worker's band scratch as in the serial call */
    const size_t cap = j.most + PAD, cells = cells_for(j.most);
    const size_t per = 2 * j.most * sizeof(uint64_t) + cap * (5 * sizeof(float) + sizeof(uint32_t)) +
                       cells * sizeof(uint32_t) + lines;
    /* a size that does not fit is not memory the allocator refused */
    if (!(total < SIZE_MAX / 2u / sizeof(record) &&
          per < (SIZE_MAX - (total + 1u) * sizeof(record)) / 2u / t->worker_count)) {
        sepax_free(&s->core.alloc, mem);
        return SEPAX_ERR_OVERFLOW;
    }
    unsigned char *mem2 =
        sepax_alloc(&s->core.alloc, (total + 1u) * sizeof(record) + t->worker_count * per);
    if (!mem2) {
        sepax_free(&s->core.alloc, mem);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    sepax_status st = SEPAX_OK;
    j.rec = (record *)mem2;
    unsigned char *p = (unsigned char *)(j.rec + total + 1u);
    for (uint32_t k = 0; k < t->worker_count; k++, p += per) {
        worker *w = j.w + k;
        w->keys = (uint64_t *)p;
        w->e.col = (float *)(w->keys + 2 * j.most);
        w->e.lx = w->e.col + cap;
        w->e.hx = w->e.lx + cap;
        w->e.ly = w->e.hx + cap;
        w->e.hy = w->e.ly + cap;
        w->e.id = (uint32_t *)(w->e.hy + cap);
        w->hist = w->e.id + cap;
    }
    /* A first guess at each worker's pairs, about twice what the scenes
     * tried need (1.5 pairs per record): they grow if it is short. */
    for (uint32_t k = 0; k < t->worker_count && st == SEPAX_OK; k++) {
        j.w[k].capacity = 2u * (total / t->worker_count) + CHUNK;
        j.w[k].pairs = sepax_alloc(&s->core.alloc, j.w[k].capacity * sizeof(sepax_pair));
        st = j.w[k].pairs ? SEPAX_OK : SEPAX_ERR_OUT_OF_MEMORY;
    }
    if (st == SEPAX_OK) {
        sepax_tasks_run(t, file_task, &j.chunks, &j);
        sepax_tasks_run(t, sweep_task, &j.bands, &j);
    }
    st = sepax_merge_status(&j.merge, st);
    sepax_pair *lists[SEPAX_MAX_WORKERS];
    for (uint32_t k = 0; k < t->worker_count; k++) {
        if (j.w[k].failed)
            st = st == SEPAX_OK ? SEPAX_ERR_OUT_OF_MEMORY : st;
        lists[k] = j.w[k].pairs;
    }
    /* where each band's pairs go: the start of the band's records is no
     * longer needed, and has room for bands + 1 places */
    j.merge.to = j.start;
    j.merge.lists = lists;
    st = sepax_merge_finish(&j.merge, st, t, &j.bands, pair_count);
    for (uint32_t k = 0; k < t->worker_count; k++)
        sepax_free(&s->core.alloc, j.w[k].pairs);
    sepax_free(&s->core.alloc, mem2);
    sepax_free(&s->core.alloc, mem);
    return st;
}

sepax_status sepax_broadphase(const sepax_store *s, sepax_pair *pairs, size_t capacity,
                              size_t *pair_count)
{
    /* as a compacted call's list: pairs may be NULL with capacity 0 */
    if (sepax_hits_begin(1, pairs, capacity, 0, pair_count) != SEPAX_OK || !s)
        return SEPAX_ERR_NULL;
    const size_t n = s->core.live;
    if (n < 2)
        return SEPAX_OK;
    const uint32_t limit = s->core.slot_limit;
    const uint8_t *kind = s->kind;
    const float *lo_x = s->lo_x, *lo_y = s->lo_y, *hi_x = s->hi_x, *hi_y = s->hi_y;
    const uint32_t *row_id = s->row_id;

    const bounds bd = scan(s);
    grid g = {bd.y0, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1, 1};
    const double span_y = (double)bd.y1 - bd.y0, span_x = (double)bd.x1 - bd.x0;
    const double want = BAND_HEIGHTS * bd.height / (double)n;
    if (span_y > 0.0 && want > 0.0) {
        const double count = span_y / want, most = (double)n / 4.0 + 1.0;
        g.bands = (uint32_t)(count < 1.0 ? 1.0 : count > most ? most : count);
        g.inv_h = (float)(g.bands / span_y);
        g.top_band = (float)(g.bands - 1u);
    }
    if (g.bands > 1u && sepax_tasks_split(&s->core.tasks, n, LEAST_SHAPES))
        return broadphase_split(s, &g, bd.x0, span_x, pairs, capacity, pair_count);

    /* Per band, plus a spare so that a shape's second band is counted and
     * written without a branch: start, cursor, lowest lower y at home. */
    const size_t rows = (size_t)g.bands + 1u;
    unsigned char *bmem = sepax_alloc(&s->core.alloc, rows * (2 * sizeof(size_t) + sizeof(float)) +
                                                     2 * (size_t)limit * sizeof(uint32_t));
    if (!bmem)
        return SEPAX_ERR_OUT_OF_MEMORY;
    size_t *start = (size_t *)bmem, *cursor = start + rows;
    float *home_y = (float *)(cursor + rows);
    uint32_t *first = (uint32_t *)(home_y + rows), *last = first + limit;
    bands_of(s, &g, first, last);
    memset(cursor, 0, rows * sizeof *cursor);
    for (uint32_t row = 0; row < limit; row++) {
        if (kind[row] == SEPAX_KIND_FREE)
            continue;
        const uint32_t b0 = first[row], b1 = last[row];
        cursor[b0]++;
        cursor[b0 + 1u] += b1 > b0;
        for (uint32_t b = b0 + 2u; b <= b1; b++)
            cursor[b]++;
    }
    /* A shape is in every band it meets, so the records can number the
     * shapes times the bands: past what size_t can count in bytes (only
     * a 32-bit size_t gets there) the call is SEPAX_ERR_OVERFLOW, before
     * total itself could wrap (a band adds at most every shape). */
    const size_t record_most = SIZE_MAX / 4u / (sizeof(record) + 2 * sizeof(uint64_t) +
                                                 5 * sizeof(float) + 2 * sizeof(uint32_t));
    size_t total = 0, most = 0;
    for (uint32_t b = 0; b < g.bands; b++) {
        if (total > record_most) {
            sepax_free(&s->core.alloc, bmem);
            return SEPAX_ERR_OVERFLOW;
        }
        most = cursor[b] > most ? cursor[b] : most;
        start[b] = total;
        /* and one spare record: a full band's cursor points at it */
        total += cursor[b] + 1u;
        cursor[b] = start[b];
        home_y[b] = INFINITY;
    }
    start[g.bands] = cursor[g.bands] = total;
    if (total > record_most) {
        sepax_free(&s->core.alloc, bmem);
        return SEPAX_ERR_OVERFLOW;
    }

    const size_t cap = most + PAD, cells = cells_for(most);
    unsigned char *mem = sepax_alloc(&s->core.alloc, 2 * most * sizeof(uint64_t) +
                                                    (total + 1u) * sizeof(record) +
                                                    cap * (5 * sizeof(float) + sizeof(uint32_t)) +
                                                    cells * sizeof(uint32_t));
    if (!mem) {
        sepax_free(&s->core.alloc, bmem);
        return SEPAX_ERR_OUT_OF_MEMORY;
    }
    uint64_t *keys = (uint64_t *)mem;
    record *rec = (record *)(keys + 2 * most);
    entries e;
    e.col = (float *)(rec + total + 1u);
    e.lx = e.col + cap;
    e.hx = e.lx + cap;
    e.ly = e.hx + cap;
    e.hy = e.ly + cap;
    e.id = (uint32_t *)(e.hy + cap);
    uint32_t *hist = e.id + cap;

    for (uint32_t row = 0; row < limit; row++) {
        if (kind[row] == SEPAX_KIND_FREE)
            continue;
        /* + 0 makes -0 a +0, so that equal lower x compare and sort alike */
        const record r = {lo_x[row] + 0.0f, hi_x[row], lo_y[row], hi_y[row], row_id[row]};
        const uint32_t b0 = first[row], b1 = last[row];
        home_y[b0] = r.ly < home_y[b0] ? r.ly : home_y[b0];
        rec[cursor[b0]++] = r;
        /* The next band's next record is written either way and kept only
         * when the shape reaches that band (about half the shapes do); a
         * full band's next record is its spare. */
        rec[cursor[b0 + 1u]] = r;
        cursor[b0 + 1u] += b1 > b0;
        for (uint32_t b = b0 + 2u; b <= b1; b++)
            rec[cursor[b]++] = r;
    }

    sepax_sweep_out o;
    memset(&o, 0, sizeof o);
    o.pairs = pairs;
    o.capacity = capacity;
    for (uint32_t b = 0; b < g.bands; b++)
        band(rec + start[b], cursor[b] - start[b], bd.x0, span_x, home_y[b], &e, hist, keys,
             s->kernels->sweep, &o);
    sepax_free(&s->core.alloc, mem);
    sepax_free(&s->core.alloc, bmem);
    *pair_count = o.found;
    return o.found > capacity ? SEPAX_ERR_CAPACITY : SEPAX_OK;
}
