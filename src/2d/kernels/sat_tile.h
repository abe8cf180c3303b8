/* The polygon SAT kernel with lanes over pairs: a tile of WIDE pairs whose
 * polygons all have at most SEPAX_BLOCK_ALIGN vertices runs as one, each
 * lane one pair. Larger polygons take the per-pair path of sat_pair.h.
 *
 *   for each pair in the list:
 *       if either polygon has more than a block of vertices:
 *           settle it now, by the per-pair path
 *       else put it in the tile of its size class m = max(nA, nB)
 *       (prefetching the pair's world columns); when that tile holds
 *       WIDE pairs it waits, and the class fills its second tile
 *       when a tile waits and another fills (or the list ends), run it:
 *           load the world columns of every lane's A and B and transpose
 *           them into registers (row r, lane l); x -= o.x, y -= o.y
 *           for A's faces i < m against B's vertices k < m, per lane:
 *               c = n.x*a'.x + n.y*a'.y
 *               e = n.x*b'.x + n.y*b'.y; lo = min(e, lo); hi = max(e, hi)
 *               s = lo - c
 *               if s > best: best = s, edge = i
 *               if hi > c: B is not inside A
 *               (once B is not inside A in every lane, the remaining
 *               faces skip hi)
 *           the same for B's faces against A's vertices
 *           each lane's result as in the reference (result.h)
 *
 * Why lanes over pairs: with lanes over the faces of one pair the kernel
 * spends as much on broadcasting vertices, horizontal reductions and the
 * pair's scalar set-up as on the dot products. Over pairs every lane does
 * a full dot product per instruction, the best face is tracked with
 * compares and blends instead of horizontal maxima, and the loads of a
 * tile are many and independent, which hides the cache misses of pairs in
 * sweep order. Rows past a polygon's count repeat vertex 0 and its face
 * (see kernel.h), so a lane with fewer vertices needs no mask at all: the
 * repeats tie and never win a strict comparison. The size classes keep
 * short polygons from paying for eight rows.
 *
 * Each lane evaluates the reference's expressions with the same operands
 * in the same order, and the faces are visited in the reference's order
 * with a strict "greater", so every field matches bit for bit. */
#ifndef SEPAX_SAT_TILE_H
#define SEPAX_SAT_TILE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"
#include "result.h"
#include "sat_pair.h"

#define TILE_MIN_COUNT 3u /* a polygon has at least 3 vertices */
#define TILE_CLASSES (SEPAX_BLOCK_ALIGN - TILE_MIN_COUNT + 1u)

typedef struct sepax_tile {
    uint32_t n;                     /* pairs held */
    const float *a[WIDE], *b[WIDE]; /* world columns of A and B */
    SIMDE_ALIGN_TO_64 float na[WIDE], nb[WIDE]; /* vertex counts: core tiles only */
    SIMDE_ALIGN_TO_64 float a_origin[WIDE]; /* 1: o is A's vertex 0, 0: B's */
    size_t at[WIDE];                /* where each result goes */
} sepax_tile;

/* One shape's faces against the other's vertices, per lane: the best
 * face's distance, index and normal, and the lanes where some vertex lies
 * past some face (the other shape is then not inside). */
typedef struct tile_pass {
    wf best, edge, nx, ny;
    wm outside;
} tile_pass;

/* Face i (index fi) of f against v's vertex rows < mv: its distance
 * joins the pass's best, and with track_hi the lanes where some vertex
 * lies past it join outside. */
static HEDLEY_ALWAYS_INLINE void tile_face(tile_pass *p, const wf (*f)[SEPAX_BLOCK_ALIGN],
                                           const wf *ax, const wf *ay,
                                           const wf (*v)[SEPAX_BLOCK_ALIGN], uint32_t i,
                                           uint32_t mv, wf fi, const wf *count, wf *c_out,
                                           int track_hi)
{
    const wf nx = f[2][i], ny = f[3][i];
    const wf c = wf_add(wf_mul(nx, ax[i]), wf_mul(ny, ay[i]));
    wf lo = wf_set1(INFINITY), hi = wf_set1(-INFINITY);
#pragma GCC unroll 8
    for (uint32_t k = 0; k < mv; k++) {
        const wf e = wf_add(wf_mul(nx, v[0][k]), wf_mul(ny, v[1][k]));
        lo = wf_min(e, lo);
        if (track_hi)
            hi = wf_max(e, hi);
    }
    if (c_out)
        c_out[i] = c;
    const wf s = wf_sub(lo, c);
    /* without a count every row is a face: a polygon's rows past its
     * count repeat face 0 exactly, which can only tie */
    wm better = wf_gt_m(s, p->best);
    if (count)
        better = wm_and(wf_gt_m(*count, fi), better);
    p->best = wf_keep(better, s, p->best);
    p->edge = wf_keep(better, fi, p->edge);
    p->nx = wf_keep(better, nx, p->nx);
    p->ny = wf_keep(better, ny, p->ny);
    if (track_hi) {
        wm out = wf_gt_m(hi, c);
        if (count)
            out = wm_and(wf_gt_m(*count, fi), out);
        p->outside = wm_or(p->outside, out);
    }
}

/* f and v hold x', y', n.x, n.y, eight rows each: f's face rows < m
 * against v's vertex rows < mv (mv <= m; rows past a shape's count repeat
 * vertex 0, so any mv at least every lane's count gives the same minima).
 * Face i's constant comes from anchor row i (ax, ay): f's own x', y' for
 * a polygon. Faces at or past count (per lane) are skipped; with no
 * count every row is a face. With c_out, each face's c is kept for the
 * round kernel's signed distances. Constant NULLs compile away.
 *
 * The maxima only serve outside, which once set in a lane stays set, so
 * when every lane is outside the remaining faces skip them: a third of
 * the inner loop's additions, minima and maxima, which share one pipe
 * on some cores. In overlapping pairs of similar size most lanes are
 * outside after two or three faces. */
static HEDLEY_ALWAYS_INLINE tile_pass tile_faces(const wf (*f)[SEPAX_BLOCK_ALIGN], const wf *ax,
                                                 const wf *ay, const wf (*v)[SEPAX_BLOCK_ALIGN],
                                                 uint32_t m, uint32_t mv, const wf *count,
                                                 wf *c_out)
{
    tile_pass p = {wf_set1(-INFINITY), wf_set1(0.0f), f[2][0], f[3][0], wm_none()};
    /* the face's index in every lane, counted up (exact in floats) rather
     * than converted and broadcast each time */
    wf fi = wf_set1(0.0f);
    const wf one = wf_set1(1.0f);
    const uint32_t all = (1u << WIDE) - 1u; /* WIDE <= 16 */
    uint32_t i = 0;
    /* the face loops stay loops: unrolled as well, the six size classes
     * would make a kernel twice the size for no measurable gain */
    if (WIDE >= 16) {
        /* test after every face: the exit's mispredicted branch is
         * shared by sixteen pairs */
#pragma GCC unroll 1
        while (i < m) {
            tile_face(&p, f, ax, ay, v, i, mv, fi, count, c_out, 1);
            i++;
            fi = wf_add(fi, one);
            if (wm_bits(p.outside) == all)
                break;
        }
    } else {
        /* with fewer lanes, once after two faces: testing every face
         * cost more than it saved with eight (avx2) */
#pragma GCC unroll 1
        for (; i < 2u; i++, fi = wf_add(fi, one))
            tile_face(&p, f, ax, ay, v, i, mv, fi, count, c_out, 1);
        if (wm_bits(p.outside) != all) {
#pragma GCC unroll 1
            for (; i < m; i++, fi = wf_add(fi, one))
                tile_face(&p, f, ax, ay, v, i, mv, fi, count, c_out, 1);
        }
    }
#pragma GCC unroll 1
    for (; i < m; i++, fi = wf_add(fi, one))
        tile_face(&p, f, ax, ay, v, i, mv, fi, count, c_out, 0);
    return p;
}

/* The four world columns of every lane's shape, transposed: rel[col][row]. */
static HEDLEY_ALWAYS_INLINE void tile_load(const float *const *base, wf (*rel)[SEPAX_BLOCK_ALIGN])
{
    const float *rows[WIDE];
    for (uint32_t col = 0; col < 4; col++) {
        for (uint32_t l = 0; l < WIDE; l++)
            rows[l] = base[l] + col * SEPAX_BLOCK_ALIGN;
        wf_rows8(rows, rel[col]);
    }
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "sat_tile.h packs edge, owner and flags as one little-endian word"
#endif
_Static_assert(sizeof(sepax_result) == 16 && offsetof(sepax_result, normal) == 4 &&
                   offsetof(sepax_result, edge) == 12 && offsetof(sepax_result, owner) == 14 &&
                   offsetof(sepax_result, flags) == 15,
               "tile_scatter writes results as four 32-bit words");

/* Result records from their four fields in lanes (separation, normal x,
 * normal y, and edge | owner << 16 | flags << 24 as bits), transposed to
 * the result layout and stored at every lane's place. All WIDE lanes are
 * stored, with no count to loop on: a spare lane repeats the first pair
 * (inputs and place), so it rewrites that pair's record with the same
 * bytes, after the first lane has. */
static HEDLEY_ALWAYS_INLINE void tile_scatter(const wf *rec, const size_t *at, sepax_result *out)
{
    wf col[4];
    wf_transpose4(rec, col);
    /* col[e], 128-bit lane q, is the record of lane 4q + e */
    for (uint32_t e = 0; e < 4; e++) {
        float *to[WIDE / 4u];
        for (uint32_t q = 0; q < WIDE / 4u; q++)
            to[q] = &out[at[4u * q + e]].separation;
        wf_store_quarters(col[e], to);
    }
}

/* result.h's sepax_make_result, lane by lane: the same selects and the
 * same sign product, then the records transposed to the result layout
 * (separation, normal x, normal y, and edge | owner << 16 | flags << 24). */
static HEDLEY_ALWAYS_INLINE void tile_results(const sepax_tile *t, const tile_pass *pa,
                                              const tile_pass *pb, sepax_result *out)
{
    const wm from_b = wf_gt_m(pb->best, pa->best);
    const wf sign = wf_keep(from_b, wf_set1(-1.0f), wf_set1(1.0f));
    wf rec[4];
    rec[0] = wf_add(wf_keep(from_b, pb->best, pa->best), wf_set1(0.0f));
    rec[1] = wf_mul(sign, wf_keep(from_b, pb->nx, pa->nx));
    rec[2] = wf_mul(sign, wf_keep(from_b, pb->ny, pa->ny));
    wi meta = wi_from_f(wf_keep(from_b, pb->edge, pa->edge));
    meta = wi_or(meta, wi_bits_if(from_b, 1u << 16));
    meta = wi_or(meta, wi_bits_if(wf_le_m(rec[0], wf_set1(0.0f)), SEPAX_HIT << 24));
    meta = wi_or(meta, wi_bits_unless(pa->outside, SEPAX_B_IN_A << 24));
    meta = wi_or(meta, wi_bits_unless(pb->outside, SEPAX_A_IN_B << 24));
    rec[3] = wi_as_f(meta);
    tile_scatter(rec, t->at, out);
}

/* x and y of rows < m relative to each lane's origin (vertex 0 of the
 * shape in the lower slot). */
static HEDLEY_ALWAYS_INLINE void tile_to_origin(const sepax_tile *t, uint32_t m,
                                                wf (*rel)[4][SEPAX_BLOCK_ALIGN])
{
    const wm a_origin = wf_gt_m(wf_load(t->a_origin), wf_set1(0.5f));
    const wf ox = wf_keep(a_origin, rel[0][0][0], rel[1][0][0]);
    const wf oy = wf_keep(a_origin, rel[0][1][0], rel[1][1][0]);
    for (uint32_t s = 0; s < 2; s++) {
        for (uint32_t r = 0; r < m; r++) {
            rel[s][0][r] = wf_sub(rel[s][0][r], ox);
            rel[s][1][r] = wf_sub(rel[s][1][r], oy);
        }
    }
}

/* Load a tile's A and B columns and take x and y relative to each lane's
 * origin (vertex 0 of the shape in the lower slot), rows < m. */
static HEDLEY_ALWAYS_INLINE void tile_relative(const sepax_tile *t, uint32_t m,
                                               wf (*rel)[4][SEPAX_BLOCK_ALIGN])
{
    tile_load(t->a, rel[0]);
    tile_load(t->b, rel[1]);
    tile_to_origin(t, m, rel);
}

/* Spare lanes repeat the first pair, its place included (see
 * tile_scatter). */
static inline void tile_pad(sepax_tile *t)
{
    for (uint32_t l = t->n; l < WIDE; l++) {
        t->a[l] = t->a[0], t->b[l] = t->b[0];
        t->a_origin[l] = t->a_origin[0];
        t->at[l] = t->at[0];
    }
}

static HEDLEY_ALWAYS_INLINE void tile_run_m(sepax_tile *t, uint32_t m, sepax_result *out)
{
    wf rel[2][4][SEPAX_BLOCK_ALIGN]; /* [A/B][x y nx ny][row] */
    tile_relative(t, m, rel);
    const tile_pass pa = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], rel[0][0], rel[0][1],
                                    (const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], m, m, NULL, NULL);
    const tile_pass pb = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], rel[1][0], rel[1][1],
                                    (const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], m, m, NULL, NULL);
    tile_results(t, &pa, &pb, out);
    t->n = 0;
}

/* One instance per size class, so every loop has a constant trip count. */
static void tile_run(sepax_tile *t, uint32_t m, sepax_result *out)
{
    tile_pad(t);
    switch (m) {
    case 3: tile_run_m(t, 3, out); break;
    case 4: tile_run_m(t, 4, out); break;
    case 5: tile_run_m(t, 5, out); break;
    case 6: tile_run_m(t, 6, out); break;
    case 7: tile_run_m(t, 7, out); break;
    default: tile_run_m(t, SEPAX_BLOCK_ALIGN, out); break;
    }
}

/* 1.0 where o, the origin of a lane's coordinates, is A's vertex 0 (A has
 * the lower slot), else 0.0. A select, not a branch: which slot is lower
 * is a coin toss per pair. */
static HEDLEY_ALWAYS_INLINE float tile_origin_a(uint32_t sa, uint32_t sb)
{
    return sepax_select_f32(0u - (uint32_t)(sa < sb), 1.0f, 0.0f);
}

/* Fill the tile's next lane with the pair (sa, sb), whose results go to
 * place k: its world columns, which side holds o, and the place. Returns
 * the lane; the caller counts it and runs the tile when full. */
static HEDLEY_ALWAYS_INLINE uint32_t tile_put(sepax_tile *t, const sepax_columns *c, uint32_t sa,
                                              uint32_t sb, sepax_span pa, sepax_span pb, size_t k)
{
    const uint32_t l = t->n;
    /* a block is SEPAX_BLOCK_ALIGN floats here: world columns start 4 in */
    t->a[l] = c->pool + pa.offset + 4u * SEPAX_BLOCK_ALIGN;
    t->b[l] = c->pool + pb.offset + 4u * SEPAX_BLOCK_ALIGN;
    t->a_origin[l] = tile_origin_a(sa, sb);
    t->at[l] = k;
    return l;
}

/* A pair with a polygon larger than a block, settled at once. Out of line:
 * inlined, this rare path's registers spill the common path's. */
static HEDLEY_NEVER_INLINE void settle_pair(const sepax_columns *c, sepax_pair pair,
                                            sepax_result *out)
{
    sepax_view a, b;
    float o[2];
    load_pair(c, pair, &a, &b, o);
    *out = one_pair_wide(&a, &b, o[0], o[1]);
}

/* The polygon tiles of one call: two per class, so that a tile that
 * fills can wait while the other takes its class's next pairs. The
 * columns of a tile's last lanes were prefetched only as those pairs
 * joined; run at once, the tile would wait for them, so a full tile
 * runs when the next tile fills, by which time they have arrived. */
typedef struct tile_set {
    sepax_tile *open[TILE_CLASSES]; /* the tile each class fills */
    sepax_tile *full;               /* a full tile not yet run, or NULL */
    uint32_t full_m;
    sepax_tile buf[2u * TILE_CLASSES];
} tile_set;

static inline void tile_set_init(tile_set *ts)
{
    for (uint32_t k = 0; k < TILE_CLASSES; k++) {
        ts->open[k] = &ts->buf[2u * k];
        ts->buf[2u * k].n = ts->buf[2u * k + 1u].n = 0;
    }
    ts->full = NULL;
    ts->full_m = 0;
}

/* Settle the polygon pair k or put it in its class's tile; a tile that
 * fills waits, and runs the next time one fills (see tile_set). */
static HEDLEY_ALWAYS_INLINE void tile_add_polygons(tile_set *ts, const sepax_columns *c,
                                                   const sepax_pair *pairs, size_t k,
                                                   sepax_result *out)
{
    const uint32_t sa = SEPAX_ID_SLOT(pairs[k].a), sb = SEPAX_ID_SLOT(pairs[k].b);
    const sepax_span pa = c->span[sa], pb = c->span[sb];
    /* every polygon has at least TILE_MIN_COUNT vertices: the store
     * refuses fewer */
    const uint32_t m = pa.count > pb.count ? pa.count : pb.count;
    if (m > SEPAX_BLOCK_ALIGN) {
        settle_pair(c, pairs[k], &out[k]);
        return;
    }
    const uint32_t cls = m - TILE_MIN_COUNT;
    sepax_tile *t = ts->open[cls];
    const uint32_t l = tile_put(t, c, sa, sb, pa, pb, k);
    /* the four world columns: two cache lines per shape */
    __builtin_prefetch(t->a[l]);
    __builtin_prefetch(t->a[l] + 2u * SEPAX_BLOCK_ALIGN);
    __builtin_prefetch(t->b[l]);
    __builtin_prefetch(t->b[l] + 2u * SEPAX_BLOCK_ALIGN);
    if (++t->n == WIDE) {
        /* the class's other tile is empty: it was the full one, or ran
         * before it, when some later tile filled */
        if (ts->full)
            tile_run(ts->full, ts->full_m, out);
        ts->full = t;
        ts->full_m = m;
        ts->open[cls] = t == &ts->buf[2u * cls] ? &ts->buf[2u * cls + 1u] : &ts->buf[2u * cls];
    }
}

static void tile_flush_polygons(tile_set *ts, sepax_result *out)
{
    if (ts->full)
        tile_run(ts->full, ts->full_m, out);
    for (uint32_t k = 0; k < TILE_CLASSES; k++)
        if (ts->open[k]->n)
            tile_run(ts->open[k], k + TILE_MIN_COUNT, out);
}

static void collide_tiles(const sepax_columns *c, const sepax_pair *pairs, size_t n,
                          sepax_result *out)
{
    tile_set tiles;
    tile_set_init(&tiles);
    /* a private copy of the column pointers: the lanes' stores could
     * alias the caller's, which would reload them for every pair */
    const sepax_columns cols = *c;
    /* the pairs whose span prefetch stays inside the list, then the rest:
     * no bounds check per pair */
    const size_t ahead = n > SEPAX_PREFETCH_SPAN ? n - SEPAX_PREFETCH_SPAN : 0;
    size_t k = 0;
    for (; k < ahead; k++) {
        sepax_prefetch_pair_spans(&cols, pairs[k + SEPAX_PREFETCH_SPAN]);
        tile_add_polygons(&tiles, &cols, pairs, k, out);
    }
    for (; k < n; k++)
        tile_add_polygons(&tiles, &cols, pairs, k, out);
    tile_flush_polygons(&tiles, out);
}

#endif
