/* The interface between the library and its kernels. Kernels see plain
 * column pointers, never the store: one backend = one sepax_kernels table. */
#ifndef SEPAX_KERNEL_H
#define SEPAX_KERNEL_H

#include <string.h>

#include "sepax/sepax.h"

/* Where a shape lives in the pool: region [offset, offset + 8 * block)
 * floats, block = count rounded up to SEPAX_BLOCK_ALIGN. The region holds
 * eight columns of block floats each, local then world:
 *     lx ly lnx lny wx wy wnx wny
 * so the four world columns a collision reads sit in one contiguous run
 * (two cache lines for up to 8 vertices). Lanes past count repeat vertex 0,
 * so a kernel may run a fixed number of lanes over any shape that fits.
 * Normal i is the outward unit normal of edge i (vertex i to i + 1). The
 * pool has SEPAX_POOL_PAD spare floats at its end for wide loads. */
typedef struct sepax_span {
    uint32_t offset, count;
} sepax_span;

/* Slot kinds: free, or a public sepax_shape_kind plus one. */
enum {
    SEPAX_KIND_FREE = 0,
    SEPAX_KIND_POLYGON = 1 + SEPAX_SHAPE_POLYGON,
    SEPAX_KIND_CIRCLE = 1 + SEPAX_SHAPE_CIRCLE,
    SEPAX_KIND_CAPSULE = 1 + SEPAX_SHAPE_CAPSULE,
    SEPAX_KIND_SEGMENT = 1 + SEPAX_SHAPE_SEGMENT,
    SEPAX_KIND_ROUNDED = 1 + SEPAX_SHAPE_ROUNDED_POLYGON,
};

/* What a collision kernel reads. A round shape's core has 1 vertex (a
 * point: normals unused), 2 (a segment: normal lanes 0..3 hold the faces
 * listed in sepax.h, side p1->p2, side p2->p1, end at p2, end at p1) or 3
 * and more (a polygon). */
typedef struct sepax_columns {
    const float *pool;
    const sepax_span *span;
    const uint8_t *kind;
    const float *radius;
    const float *disc; /* SEPAX_DISC floats per slot, see below */
} sepax_columns;

/* A circle's world centre and radius per slot, beside its pool region:
 * x, y, r and the slot's side code (route.h's route_sides, as a 32-bit
 * word), so that one aligned 16-byte record holds what a circle pair
 * reads of a shape, with no span to look up first, and the grouped
 * calls' check finds a pair's group in the lines the circle kernel reads
 * next. The world update writes x and y as the copies of world vertex 0
 * that they are (the same bits); the store writes r and the code, for
 * every kind (the world update leaves other kinds' x and y unwritten,
 * and nothing reads them). */
#define SEPAX_DISC 4u
#define SEPAX_DISC_CODE 3u

static inline const float *sepax_disc_of(const sepax_columns *c, uint32_t slot)
{
    return c->disc + SEPAX_DISC * (size_t)slot;
}

/* The side code kept in a slot's record. */
static inline uint32_t sepax_disc_code(const float *disc, uint32_t slot)
{
    uint32_t code;
    memcpy(&code, disc + SEPAX_DISC * (size_t)slot + SEPAX_DISC_CODE, sizeof code);
    return code;
}

/* What the world update reads and writes, all per row (2d/store.h). */
typedef struct sepax_world_job {
    float *pool;
    const sepax_span *span;
    const sepax_transform *xf;
    const float *radius;
    float *lo_x, *lo_y, *hi_x, *hi_y; /* per-row AABB */
    const uint32_t *row_id; /* per row: the live id of the row's shape */
    float *disc;            /* per slot (sepax_columns' disc) */
} sepax_world_job;

/* A circle's (a core of one vertex) world centre, just written to the
 * pool at wx, wy, copied to its slot's record. */
static inline void sepax_disc_store(const sepax_world_job *j, uint32_t row, const float *wx,
                                    const float *wy)
{
    float *d = j->disc + SEPAX_DISC * (size_t)SEPAX_ID_SLOT(j->row_id[row]);
    d[0] = wx[0];
    d[1] = wy[0];
}

/* nextafterf(x, -INFINITY) for finite x, without a library call: finite
 * floats of one sign are ordered like their bit patterns, so the next one
 * down is one pattern away (+0 is first made -0, whose next one down is
 * the smallest negative subnormal). */
static inline float sepax_step_down(float x)
{
    int32_t i;
    memcpy(&i, &x, sizeof i);
    i |= (int32_t)((uint32_t)(i == 0) << 31);
    i += i < 0 ? 1 : -1;
    memcpy(&x, &i, sizeof x);
    return x;
}

/* Store a shape's box, given the extremes of its core's world vertices:
 *
 *   round shape (r > 0):  lo = step_down(lo - r),  hi = -step_down(-(hi + r))
 *   plain shape (r = 0):  lo = lo + 0,             hi = hi + 0
 *
 * A round shape's box grows by its radius, rounded one float outward, so
 * that it never ends inside the shape and the broadphase cannot miss a
 * touch. It grows here, from the fresh extremes, so that a slot listed
 * twice in one update does not grow twice. Bounds stay below 4e18
 * (SEPAX_MAX_COORDINATE), so the steps see finite values. The + 0 turns a
 * bound of -0 into +0: when -0 and +0 tie for the extreme, which one a
 * min or max keeps depends on the order of its comparisons, and the
 * broadphase sorts on the bits. */
static inline void sepax_box_store(const sepax_world_job *j, uint32_t slot, float lo_x, float lo_y,
                                   float hi_x, float hi_y)
{
    const float r = j->radius[slot];
    if (r != 0.0f) {
        lo_x = sepax_step_down(lo_x - r), lo_y = sepax_step_down(lo_y - r);
        hi_x = -sepax_step_down(-(hi_x + r)), hi_y = -sepax_step_down(-(hi_y + r));
    } else {
        lo_x += 0.0f, lo_y += 0.0f, hi_x += 0.0f, hi_y += 0.0f;
    }
    j->lo_x[slot] = lo_x;
    j->lo_y[slot] = lo_y;
    j->hi_x[slot] = hi_x;
    j->hi_y[slot] = hi_y;
}

#define SEPAX_BLOCK_ALIGN 8u
#define SEPAX_POOL_PAD 16u

static inline uint32_t sepax_block_of(uint32_t count)
{
    return (count + SEPAX_BLOCK_ALIGN - 1u) & ~(SEPAX_BLOCK_ALIGN - 1u);
}

/* One shape's world columns. */
typedef struct sepax_view {
    const float *x, *y, *nx, *ny;
    uint32_t n;
} sepax_view;

static inline sepax_view sepax_world_view(const sepax_columns *c, uint32_t slot)
{
    const sepax_span sp = c->span[slot];
    const uint32_t blk = sepax_block_of(sp.count);
    const float *w = c->pool + sp.offset + 4u * blk;
    sepax_view v = {w, w + blk, w + 2u * blk, w + 3u * blk, sp.count};
    return v;
}

/* Ask for the spans of the pair PREFETCH_SPAN ahead and the world columns
 * of the pair PREFETCH_DATA ahead (whose spans arrived by then), so that a
 * kernel walking a pair list rarely waits for memory. A hint only: it
 * changes no result. */
#define SEPAX_PREFETCH_SPAN 16u
#define SEPAX_PREFETCH_DATA 8u
/* The prefetch helpers are forced inline: called out of line, GCC 12 finds
 * them free of side effects (a prefetch does not count as one) and deletes
 * the calls, which left the circle driver and the reference's any-kinds
 * loop with no prefetch at all. */
#if defined(__GNUC__)
#define SEPAX_PREFETCH_INLINE inline __attribute__((always_inline))
#else
#define SEPAX_PREFETCH_INLINE inline
#endif

static SEPAX_PREFETCH_INLINE void sepax_prefetch_pair_spans(const sepax_columns *c,
                                                            sepax_pair pair)
{
    __builtin_prefetch(&c->span[SEPAX_ID_SLOT(pair.a)]);
    __builtin_prefetch(&c->span[SEPAX_ID_SLOT(pair.b)]);
}

static SEPAX_PREFETCH_INLINE void sepax_prefetch_spans(const sepax_columns *c,
                                                       const sepax_pair *pairs, size_t n, size_t k)
{
    if (k + SEPAX_PREFETCH_SPAN < n)
        sepax_prefetch_pair_spans(c, pairs[k + SEPAX_PREFETCH_SPAN]);
}

/* the world columns of slots sa and sb: two cache lines each for a block */
static SEPAX_PREFETCH_INLINE void sepax_prefetch_columns(const sepax_columns *c, uint32_t sa,
                                                         uint32_t sb)
{
    const sepax_view a = sepax_world_view(c, sa), b = sepax_world_view(c, sb);
    __builtin_prefetch(a.x);
    __builtin_prefetch(a.nx);
    __builtin_prefetch(b.x);
    __builtin_prefetch(b.nx);
}

/* What a circle pair reads, asked for ahead: both slots' records (disc),
 * which need no span first, so the pair SEPAX_PREFETCH_SPAN ahead. */
static SEPAX_PREFETCH_INLINE void sepax_circle_prefetch(const sepax_columns *c,
                                                        const sepax_pair *pairs, size_t n,
                                                        size_t k)
{
    if (k + SEPAX_PREFETCH_SPAN < n) {
        __builtin_prefetch(sepax_disc_of(c, SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_SPAN].a)));
        __builtin_prefetch(sepax_disc_of(c, SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_SPAN].b)));
    }
}

static SEPAX_PREFETCH_INLINE void sepax_prefetch_ahead(const sepax_columns *c,
                                                       const sepax_pair *pairs, size_t n, size_t k)
{
    sepax_prefetch_spans(c, pairs, n, k);
    if (k + SEPAX_PREFETCH_DATA < n)
        sepax_prefetch_columns(c, SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_DATA].a),
                               SEPAX_ID_SLOT(pairs[k + SEPAX_PREFETCH_DATA].b));
}

typedef void (*sepax_collide_fn)(const sepax_columns *cols, const sepax_pair *pairs, size_t n,
                                 sepax_result *out);
/* Update the world columns of the listed rows (rows == NULL: rows
 * 0 .. n-1, skipping those with count 0). */
typedef void (*sepax_world_fn)(const sepax_world_job *job, const uint32_t *rows, size_t n);

/* inside[i] for queries[i]: the point lies inside or on the shape. */
typedef void (*sepax_points_fn)(const sepax_columns *cols, const sepax_point_query *queries,
                                size_t n, uint8_t *inside);

/* The contact manifolds of hits between two plain polygons (kind
 * polygon, radius 0) of at most SEPAX_BLOCK_ALIGN vertices each: out[i]
 * for pairs[index[i]], whose result is results[index[i]] (a hit, so its
 * axis is a face). A kernel may decline a hit whose points take a branch
 * it does not mirror, by writing its point_count as 0 (no hit has none);
 * the caller then builds that one with manifold.c's scalar code, which
 * is the specification either way. */
typedef void (*sepax_manifold_fn)(const sepax_columns *cols, const sepax_pair *pairs,
                                  const sepax_result *results, const uint32_t *index,
                                  sepax_manifold *const *out, size_t n);

/* The cache filter's face test on a store of plain polygons, whole blocks
 * of WIDE pairs at a time (kernels/cache_tile.h): apart[k], and
 * undecided[k] where cache.c must look itself, for the first pairs;
 * returns how many it settled. NULL where the backend has none. */
typedef size_t (*sepax_cache_fn)(const sepax_columns *cols, const sepax_pair *pairs,
                                 const sepax_pair_cache *caches, size_t n, uint8_t *apart,
                                 uint8_t *undecided);

/* How far ahead the cache filter asks for spans and world columns:
 * further than the kernels (SEPAX_PREFETCH_*), since a pair takes it
 * less time. */
#define SEPAX_CACHE_SPAN_AHEAD 32u
#define SEPAX_CACHE_DATA_AHEAD 16u

/* The cache filter's requests for pair k: spans and columns of the pairs
 * that far ahead. */
static SEPAX_PREFETCH_INLINE void sepax_cache_prefetch(const sepax_columns *c,
                                                       const sepax_pair *pairs, size_t n, size_t k)
{
    if (k + SEPAX_CACHE_SPAN_AHEAD < n)
        sepax_prefetch_pair_spans(c, pairs[k + SEPAX_CACHE_SPAN_AHEAD]);
    if (k + SEPAX_CACHE_DATA_AHEAD < n)
        sepax_prefetch_columns(c, SEPAX_ID_SLOT(pairs[k + SEPAX_CACHE_DATA_AHEAD].a),
                               SEPAX_ID_SLOT(pairs[k + SEPAX_CACHE_DATA_AHEAD].b));
}

/* collide takes polygon pairs only, collide_circles pairs of two circles
 * only, collide_any pairs of any kinds in any order; on the pairs they
 * share, all three give the same results. */
/* One band of the 2D broadphase (2d/broadphase.c) as the sweep reads it:
 * entries sorted by (column, slot), one array per field, followed by
 * SEPAX_SWEEP_PAD sentinels whose column and lower x are +inf. */
typedef struct sepax_band {
    const float *col, *lx, *hx, *ly, *hy;
    const uint32_t *id;
} sepax_band;

/* Sentinels after a band: a round reads up to sixteen candidates past an
 * entry (and the 128-bit sweep one id past its eight). */
#define SEPAX_SWEEP_PAD 16u
/* Pairs a sweep gathers before handing them on. */
#define SEPAX_SWEEP_CHUNK 256u

/* How far right a band's sweep looks from an entry with upper x x:
 * min(max((x - origin) * inv, low), top). In a band sorted by columns of
 * lower x it is the column of x, untruncated (a whole column number c is
 * at most the truncated value exactly when it is at most the value); in
 * a band sorted by exact lower x it is x itself (origin 0, inv 1, no
 * clamps). */
typedef struct sepax_reach {
    float origin, inv, low, top;
} sepax_reach;

static inline float sepax_reach_of(const sepax_reach *q, float x)
{
    const float f = (x - q->origin) * q->inv;
    const float g = f > q->low ? f : q->low;
    return g < q->top ? g : q->top;
}

/* Where a sweep's pairs wait before sepax_sweep_deliver takes them to the
 * caller's array or, in a split call (grow set), to a worker's own array,
 * which grows as needed (failed set when it could not). */
typedef struct sepax_sweep_out {
    sepax_pair *pairs;
    size_t capacity, found;
    const sepax_allocator *grow;
    int failed;
    sepax_pair buf[SEPAX_SWEEP_CHUNK];
} sepax_sweep_out;

/* Copy count pairs (lower slot first) from o->buf on (sweep128.c). */
void sepax_sweep_deliver(sepax_sweep_out *o, size_t count);

/* Sweep a band's m entries (kernels/sweep_tile.h); NULL where the backend
 * has none, and sepax_sweep_128 runs. */
typedef void (*sepax_sweep_fn)(const sepax_band *band, size_t m, const sepax_reach *reach,
                               float home_y, sepax_sweep_out *out);
/* The sweep at 128 bits (sweep128.c, baseline flags). */
void sepax_sweep_128(const sepax_band *band, size_t m, const sepax_reach *reach, float home_y,
                     sepax_sweep_out *out);

/* Pairs of one group (SEPAX_PAIR_GROUPS) only; NULL where the backend
 * has none, and collide_any takes them. */
typedef void (*sepax_group_fn)(const sepax_columns *cols, uint32_t group, const sepax_pair *pairs,
                               size_t n, sepax_result *out);

typedef struct sepax_kernels {
    sepax_collide_fn collide;
    sepax_world_fn world;
    sepax_collide_fn collide_any;
    sepax_points_fn points;
    sepax_collide_fn collide_circles;
    sepax_manifold_fn manifold_polygons;
    sepax_cache_fn cache_plain;
    sepax_sweep_fn sweep;
    sepax_group_fn collide_group;
} sepax_kernels;

/* The scalar reference (src/2d/reference.c, src/2d/world.c): the
 * specification. */
void sepax_reference_collide(const sepax_columns *cols, const sepax_pair *pairs, size_t n,
                             sepax_result *out);
void sepax_reference_world(const sepax_world_job *job, const uint32_t *rows, size_t n);
void sepax_reference_collide_any(const sepax_columns *cols, const sepax_pair *pairs, size_t n,
                                 sepax_result *out);
void sepax_reference_points(const sepax_columns *cols, const sepax_point_query *queries, size_t n,
                            uint8_t *inside);
/* manifold.c's scalar builder, one hit at a time: it declines nothing.
 * It serves a backend whose table has no manifold_polygons (NULL). */
void sepax_reference_manifold_polygons(const sepax_columns *cols, const sepax_pair *pairs,
                                       const sepax_result *results, const uint32_t *index,
                                       sepax_manifold *const *out, size_t n);

/* The kernel table of a backend; NULL when it is not built or the CPU
 * lacks it (src/2d/kernel_table.c). */
const sepax_kernels *sepax_kernels_for(sepax_backend backend);

#endif
