/* Round and thin kind pairs in tiles of WIDE pairs, one pair per lane:
 * round.h's sepax_round_pair for cores of at most SEPAX_BLOCK_ALIGN
 * vertices (a point, a segment, or a polygon of up to 8), built on
 * sat_tile.h, whose loads, face pass and record scatter it shares.
 *
 *   rows(core) = 4 for a segment (its four faces), else its vertex count;
 *   a tile holds pairs of one class m = max(rows(A), rows(B)), 3..8
 *   load and transpose both shapes' world columns; x, y relative to o
 *   face passes as in the polygon tile, over faces < faces(core), where a
 *       segment's face 2 starts at its vertex 1 (face 3 at vertex 0, which
 *       row 3 already repeats)
 *   core_sep, face, sign, owner: the larger pass, A's on ties
 *   face case = core_sep <= 0 or rA + rB == 0
 *   if some lane is not a face case: the closest pair, per lane,
 *       for each vertex i of A: the first closest point over B's edges,
 *           kept when strictly closer than the best so far;
 *       then B's vertices against A's edges alike
 *   separation, normal, edge, owner: face case or closest pair, with the
 *       reference's fallback to the face axis when the closest points
 *       nearly coincide (sepax_apart); + 0
 *   on a hit: A in B when every vertex k of A has sd + rA <= rB, where sd
 *       is the largest face value e - c inside a polygon core and the
 *       distance to the core elsewhere (computed only for lanes that
 *       still need it, and the loop stops once no lane is a candidate);
 *       B in A alike
 *   a bin with a point core on one side (a circle against a segment or
 *       polygon) takes the point's one row and ends in core_point_records:
 *       one closest pair search, whose values the containment tests reuse
 *
 * Every lane evaluates round.h's expressions with the same operands in the
 * same order and keeps its strict comparisons, so the bits agree with the
 * reference. Rows past a core's count repeat vertex 0 (kernel.h), so the
 * extra vertices change no minimum and a polygon's extra faces repeat face
 * 0; edge e ends at row e + 1, which for a core's last edge is such a
 * repeat, or row 0 when the class has no spare row. Lanes pay for the
 * class's rows where the scalar code would stop at the core's count: the
 * loops of the closest pair search run to the tile's largest counts. */
#ifndef SEPAX_CORE_TILE_H
#define SEPAX_CORE_TILE_H

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"
#include "round.h"
#include "route.h"
#include "sat_tile.h"

typedef struct core_tile {
    sepax_tile t; /* columns, vertex counts, origin, result places */
    SIMDE_ALIGN_TO_64 float ra[WIDE], rb[WIDE];
    /* In a bin with a point core (a circle against a thin or polygon
     * core), the point's x and y, copied as the pair arrives: the tile
     * then reads one row for it, not the four columns of a block that
     * the other side needs, and not its normal row, which a point's
     * results never use (see core_tile_run_m). */
    SIMDE_ALIGN_TO_64 float point[2][WIDE];
    uint32_t top_na, top_nb; /* largest vertex counts in the tile */
} core_tile;

/* Tiles are binned by the pair's core shapes (CORE_BINS, CORE_CLASS:
 * route.h). */

/* Edge e of every lane's core, relative to o: start (ax, ay), direction
 * (ex, ey), squared length ee and its reciprocal. */
typedef struct core_edges {
    wf ax[SEPAX_BLOCK_ALIGN], ay[SEPAX_BLOCK_ALIGN];
    wf ex[SEPAX_BLOCK_ALIGN], ey[SEPAX_BLOCK_ALIGN], ee[SEPAX_BLOCK_ALIGN];
    wf inv_ee[SEPAX_BLOCK_ALIGN];
} core_edges;

static HEDLEY_ALWAYS_INLINE void core_edges_of(const wf (*rel)[SEPAX_BLOCK_ALIGN], uint32_t m,
                                               wf lane_edges, uint32_t edges, core_edges *E)
{
    /* a lane's edges past its count start far away (coordinates are at
     * most SEPAX_MAX_COORDINATE), so their squared distance overflows to
     * +inf and never wins: no mask in the loops that read them */
    const wf far = wf_set1(1e30f);
    for (uint32_t e = 0; e < edges; e++) {
        const uint32_t k = e + 1u < m ? e + 1u : 0u;
        const wm real = wf_gt_m(lane_edges, wf_set1((float)e));
        E->ax[e] = wf_keep(real, rel[0][e], far), E->ay[e] = wf_keep(real, rel[1][e], far);
        E->ex[e] = wf_sub(rel[0][k], rel[0][e]);
        E->ey[e] = wf_sub(rel[1][k], rel[1][e]);
        E->ee[e] = wf_add(wf_mul(E->ex[e], E->ex[e]), wf_mul(E->ey[e], E->ey[e]));
        E->inv_ee[e] = wf_div(wf_set1(1.0f), E->ee[e]);
    }
}

/* sepax_segment_closest in lanes: the product with the edge's reciprocal
 * runs in every lane and is kept only where the reference would have
 * formed it. Where 0 < we < ee, min(1, .) is the reference's cap; where
 * we <= 0 < ee the product is <= 0 and max(., 0) gives the reference's
 * +0; where ee <= we the blend gives 1. The product is NaN where we is
 * +-0 and 1 / ee overflowed (a point's edge, or an edge under about
 * 1e-19 long, as a shape collapsed by rounding has): min(1, NaN) passes
 * the NaN on and max(NaN, 0) returns its second operand, the reference's
 * +0 for we <= 0 (min(NaN, 1) would have made it 1). */
static HEDLEY_ALWAYS_INLINE wf core_segment_d2(wf px, wf py, const core_edges *E, uint32_t e,
                                               wf *qx, wf *qy)
{
    const wf zero = wf_set1(0.0f);
    const wf wx = wf_sub(px, E->ax[e]), wy = wf_sub(py, E->ay[e]);
    const wf we = wf_add(wf_mul(wx, E->ex[e]), wf_mul(wy, E->ey[e]));
    const wf inner = wf_max(wf_min(wf_set1(1.0f), wf_mul(we, E->inv_ee[e])), zero);
    const wf t = wf_keep(wf_le_m(E->ee[e], we), wf_set1(1.0f), inner);
    *qx = wf_add(E->ax[e], wf_mul(t, E->ex[e]));
    *qy = wf_add(E->ay[e], wf_mul(t, E->ey[e]));
    const wf dx = wf_sub(px, *qx), dy = wf_sub(py, *qy);
    return wf_add(wf_mul(dx, dx), wf_mul(dy, dy));
}

/* The first closest of edges 0 .. top_e - 1 to the point (px, py): its
 * squared distance, and the closest point (bqx, bqy) on that edge; a
 * later edge wins only when strictly closer, as sepax_core_closest. */
static HEDLEY_ALWAYS_INLINE wf core_first_closest(wf px, wf py, const core_edges *E,
                                                  uint32_t top_e, wf *bqx, wf *bqy)
{
    wf best = wf_set1(INFINITY);
    *bqx = *bqy = wf_set1(0.0f);
    for (uint32_t e = 0; e < top_e; e++) {
        wf qx, qy;
        const wf d2 = core_segment_d2(px, py, E, e, &qx, &qy);
        const wm closer = wf_gt_m(best, d2);
        best = wf_keep(closer, d2, best);
        *bqx = wf_keep(closer, qx, *bqx);
        *bqy = wf_keep(closer, qy, *bqy);
    }
    return best;
}

/* The closest pair so far: squared distance and the points on A and B. */
typedef struct core_closest {
    wf d2, pax, pay, pbx, pby;
} core_closest;

/* sepax_closest_from in lanes: from's vertices against to's edges (see
 * core_edges_of); from_is_b says which of the pair's points the vertex
 * is. Rows past a lane's count repeat vertex 0, whose distance is then
 * only equalled, never beaten: they need no mask. */
static HEDLEY_NEVER_INLINE void core_closest_from(const wf (*from)[SEPAX_BLOCK_ALIGN],
                                                   uint32_t top_n, const core_edges *to,
                                                   uint32_t top_e, int from_is_b,
                                                   core_closest *c)
{
    for (uint32_t i = 0; i < top_n; i++) {
        const wf px = from[0][i], py = from[1][i];
        wf bqx, bqy;
        const wf best = core_first_closest(px, py, to, top_e, &bqx, &bqy);
        const wm take = wf_gt_m(c->d2, best);
        c->d2 = wf_keep(take, best, c->d2);
        wf *vx = from_is_b ? &c->pbx : &c->pax, *vy = from_is_b ? &c->pby : &c->pay;
        wf *qx = from_is_b ? &c->pax : &c->pbx, *qy = from_is_b ? &c->pay : &c->pby;
        *vx = wf_keep(take, px, *vx);
        *vy = wf_keep(take, py, *vy);
        *qx = wf_keep(take, bqx, *qx);
        *qy = wf_keep(take, bqy, *qy);
    }
}

/* sepax_core_within in lanes: the candidate lanes (cand) where every
 * vertex of p, grown by rp, lies within rq of q's core. Where q is a
 * polygon (q_poly) a vertex's signed distance is its largest face value
 * e - c over q's m face rows (rows past q's count repeat face 0); where q
 * is not, or the vertex lies outside, the distance to q's core replaces
 * it, for the lanes still in question. Rows past a lane's count repeat
 * vertex 0 and so repeat its verdict: no mask. */
static HEDLEY_NEVER_INLINE wm core_within(const wf (*p)[SEPAX_BLOCK_ALIGN], uint32_t top_n,
                                          const wf (*q_rows)[SEPAX_BLOCK_ALIGN], const wf *q_c,
                                          uint32_t m, wf rp, wm q_poly, const core_edges *q,
                                          uint32_t top_e, wf rq, wm cand)
{
    const wf zero = wf_set1(0.0f);
    for (uint32_t k = 0; k < top_n && wm_bits(cand); k++) {
        wf s = wf_set1(-INFINITY);
        for (uint32_t i = 0; i < m; i++) {
            const wf e = wf_add(wf_mul(q_rows[2][i], p[0][k]), wf_mul(q_rows[3][i], p[1][k]));
            s = wf_max(wf_sub(e, q_c[i]), s);
        }
        const wm need = wm_and(cand, wm_or(wm_andnot(cand, q_poly), wf_gt_m(s, zero)));
        if (wm_bits(need)) {
            wf d2 = wf_set1(INFINITY);
            for (uint32_t e = 0; e < top_e; e++) {
                wf qx, qy;
                const wf t = core_segment_d2(p[0][k], p[1][k], q, e, &qx, &qy);
                d2 = wf_min(t, d2);
            }
            s = wf_keep(need, wf_sqrt(d2), s);
        }
        /* a vertex that is not within ends the lane's candidacy */
        cand = wm_and(cand, wf_le_m(wf_add(s, rp), rq));
    }
    return cand;
}

/* The records of a bin whose one side is a point core (a circle against a
 * segment or a polygon): what core_tile_run_m's closest pair search and
 * containment tests compute there, with the work that a point makes
 * redundant left out, in the same expressions:
 *
 *   the point p against Q's edges: the first closest (best, q), as
 *       core_closest_from from the point's one vertex
 *   Q's vertex k against the point's one edge, of zero length: its
 *       closest point is p + 1 * (+0) = p + 0 (core_segment_d2 with
 *       ee = 0 <= we), so d2k = (v - (p + 0))^2, without the edge terms
 *   the closest pair: A's side first, then B's, strictly closer wins
 *   P in Q: Q's largest face value is its face pass's best (the same
 *       products and constants, and the maximum of the same values);
 *       outside it, or for a segment, the distance is sqrt(best)
 *   Q in P: vertex k's distance is sqrt(d2k); stop once no lane is a
 *       candidate
 *
 * so the search runs once instead of again in the containment tests, and
 * the point needs no edge (and no reciprocal). p_side: 0 when A is the
 * point. rec holds the face case's fields and is completed. */
static HEDLEY_NEVER_INLINE void core_point_records(const wf (*rel)[4][SEPAX_BLOCK_ALIGN],
                                                   uint32_t p_side, uint32_t top_nq,
                                                   const core_edges *eq, uint32_t top_eq,
                                                   wf ra, wf rb, wm q_poly, wf q_best,
                                                   wm face_case, wf *rec)
{
    const wf zero = wf_set1(0.0f), inf = wf_set1(INFINITY);
    const wf (*q)[SEPAX_BLOCK_ALIGN] = rel[1u - p_side];
    const wf px = rel[p_side][0][0], py = rel[p_side][1][0];
    wf bqx, bqy;
    const wf best = core_first_closest(px, py, eq, top_eq, &bqx, &bqy);
    const wf cx = wf_add(px, zero), cy = wf_add(py, zero);
    wf d2v[SEPAX_BLOCK_ALIGN];
    for (uint32_t k = 0; k < top_nq; k++) {
        const wf dx = wf_sub(q[0][k], cx), dy = wf_sub(q[1][k], cy);
        d2v[k] = wf_add(wf_mul(dx, dx), wf_mul(dy, dy));
    }
    core_closest c = {inf, zero, zero, zero, zero};
    if (p_side == 0u) {
        const wm take = wf_gt_m(c.d2, best);
        c.d2 = wf_keep(take, best, c.d2);
        c.pax = wf_keep(take, px, c.pax), c.pay = wf_keep(take, py, c.pay);
        c.pbx = wf_keep(take, bqx, c.pbx), c.pby = wf_keep(take, bqy, c.pby);
    }
    for (uint32_t k = 0; k < top_nq; k++) {
        const wm take = wf_gt_m(c.d2, d2v[k]);
        c.d2 = wf_keep(take, d2v[k], c.d2);
        /* Q's vertex is A's point of the pair when Q is A */
        wf *vx = p_side == 0u ? &c.pbx : &c.pax, *vy = p_side == 0u ? &c.pby : &c.pay;
        wf *ox = p_side == 0u ? &c.pax : &c.pbx, *oy = p_side == 0u ? &c.pay : &c.pby;
        *vx = wf_keep(take, q[0][k], *vx), *vy = wf_keep(take, q[1][k], *vy);
        *ox = wf_keep(take, cx, *ox), *oy = wf_keep(take, cy, *oy);
    }
    if (p_side == 1u) {
        const wm take = wf_gt_m(c.d2, best);
        c.d2 = wf_keep(take, best, c.d2);
        c.pbx = wf_keep(take, px, c.pbx), c.pby = wf_keep(take, py, c.pby);
        c.pax = wf_keep(take, bqx, c.pax), c.pay = wf_keep(take, bqy, c.pay);
    }
    const wf rsum = wf_add(ra, rb);
    const wf d = wf_sqrt(c.d2);
    const wm apart = wm_andnot(wf_le_m(wf_set1(FLT_MIN), c.d2), face_case);
    rec[0] = wf_keep(face_case, rec[0], wf_sub(d, rsum));
    rec[1] = wf_keep(apart, wf_div(wf_sub(c.pbx, c.pax), d), rec[1]);
    rec[2] = wf_keep(apart, wf_div(wf_sub(c.pby, c.pay), d), rec[2]);
    wi meta = wf_as_i(wf_keep(apart, wi_as_f(wi_set1(SEPAX_EDGE_NONE)), rec[3]));
    rec[0] = wf_add(rec[0], zero); /* -0 to +0, as in the reference */
    const wm hit = wf_le_m(rec[0], zero);
    if (wm_bits(hit)) {
        const wf rp = p_side == 0u ? ra : rb, rq = p_side == 0u ? rb : ra;
        /* P in Q (core_within with P's one vertex) */
        wf s = wf_keep(q_poly, q_best, wf_set1(-INFINITY));
        const wm need = wm_and(hit, wm_or(wm_andnot(hit, q_poly), wf_gt_m(s, zero)));
        s = wf_keep(need, wf_sqrt(best), s);
        const wm p_in_q = wm_and(hit, wf_le_m(wf_add(s, rp), rq));
        /* Q in P (core_within against a point: distances only) */
        wm q_in_p = hit;
        for (uint32_t k = 0; k < top_nq && wm_bits(q_in_p); k++)
            q_in_p = wm_and(q_in_p, wf_le_m(wf_add(wf_sqrt(d2v[k]), rq), rp));
        const wm a_in_b = p_side == 0u ? p_in_q : q_in_p;
        const wm b_in_a = p_side == 0u ? q_in_p : p_in_q;
        meta = wi_or(meta, wi_bits_if(hit, SEPAX_HIT << 24));
        meta = wi_or(meta, wi_bits_if(a_in_b, SEPAX_A_IN_B << 24));
        meta = wi_or(meta, wi_bits_if(b_in_a, SEPAX_B_IN_A << 24));
    }
    rec[3] = wi_as_f(meta);
}

static HEDLEY_ALWAYS_INLINE void core_tile_run_m(core_tile *ct, uint32_t m, sepax_result *out)
{
    const sepax_tile *t = &ct->t;
    const wf zero = wf_set1(0.0f);
    wf rel[2][4][SEPAX_BLOCK_ALIGN]; /* [A/B][x y nx ny][row] */
    /* A bin of point cores on one side (see below) takes that side's one
     * row from the tile; its other rows repeat it, as in the pool. Its
     * normal rows are zero, not the pool's: a point has no faces, so its
     * pass keeps its starting values, and the other side's face pass
     * always wins the comparison that would pick them (its best is
     * finite: finite coordinates of bounded size), as in the reference,
     * which never reads a point's normal either. */
    const uint32_t a_point = ct->top_na == 1u, b_point = ct->top_nb == 1u;
    for (uint32_t s = 0; s < 2; s++) {
        if (s == 0 ? a_point : b_point) {
            for (uint32_t col = 0; col < 4; col++) {
                const wf v = col < 2u ? wf_load(ct->point[col]) : zero;
                for (uint32_t r = 0; r < m; r++)
                    rel[s][col][r] = v;
            }
        } else {
            tile_load(s == 0 ? t->a : t->b, rel[s]);
        }
    }
    tile_to_origin(t, m, rel);
    const wf na = wf_load(t->na), nb = wf_load(t->nb);
    /* faces and edges of each lane's core (round.h): 0 and 1 for a point,
     * 4 and 1 for a segment, n and n for a polygon */
    const wf two_and_half = wf_set1(2.5f), one_and_half = wf_set1(1.5f);
    const wm poly_a = wf_gt_m(na, two_and_half), poly_b = wf_gt_m(nb, two_and_half);
    const wf four = wf_set1(4.0f), one = wf_set1(1.0f);
    const wf fa = wf_keep(poly_a, na, wf_keep(wf_gt_m(na, one_and_half), four, zero));
    const wf fb = wf_keep(poly_b, nb, wf_keep(wf_gt_m(nb, one_and_half), four, zero));
    const wf na_e = wf_keep(poly_a, na, one), nb_e = wf_keep(poly_b, nb, one);
    /* edge counts grow with vertex counts, so the tile's largest */
    const uint32_t top_ea = sepax_core_edges(ct->top_na), top_eb = sepax_core_edges(ct->top_nb);
    const wf ra = wf_load(ct->ra), rb = wf_load(ct->rb), rsum = wf_add(ra, rb);

    /* face anchors: a segment (more faces than vertices) starts face 2 at
     * vertex 1 */
    wf anc[2][2][SEPAX_BLOCK_ALIGN];
    for (uint32_t s = 0; s < 2; s++)
        for (uint32_t r = 0; r < m; r++)
            anc[s][0][r] = rel[s][0][r], anc[s][1][r] = rel[s][1][r];
    if (m >= 4u) {
        const wm seg_a = wf_gt_m(fa, na), seg_b = wf_gt_m(fb, nb);
        anc[0][0][2] = wf_keep(seg_a, rel[0][0][1], rel[0][0][2]);
        anc[0][1][2] = wf_keep(seg_a, rel[0][1][1], rel[0][1][2]);
        anc[1][0][2] = wf_keep(seg_b, rel[1][0][1], rel[1][0][2]);
        anc[1][1][2] = wf_keep(seg_b, rel[1][1][1], rel[1][1][2]);
    }
    wf c_a[SEPAX_BLOCK_ALIGN], c_b[SEPAX_BLOCK_ALIGN]; /* each face's c */
    /* A bin of point cores (circles) on one side: a point has no faces,
     * so its pass keeps its starting values, and the other side's faces
     * need only its one vertex row (the others repeat it) and keep no
     * constants: core_point_records takes the containment tests from the
     * pass's best and the closest pair search. */
    tile_pass pa = {wf_set1(-INFINITY), zero, rel[0][2][0], rel[0][3][0], wm_none()};
    tile_pass pb = {wf_set1(-INFINITY), zero, rel[1][2][0], rel[1][3][0], wm_none()};
    if (a_point) {
        pb = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], anc[1][0], anc[1][1],
                        (const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], m, 1, &fb, NULL);
    } else if (b_point) {
        pa = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], anc[0][0], anc[0][1],
                        (const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], m, 1, &fa, NULL);
    } else {
        pa = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], anc[0][0], anc[0][1],
                        (const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], m, m, &fa, c_a);
        pb = tile_faces((const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], anc[1][0], anc[1][1],
                        (const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], m, m, &fb, c_b);
    }
    const wm from_b = wf_gt_m(pb.best, pa.best);
    const wf core_sep = wf_keep(from_b, pb.best, pa.best);
    const wf sign = wf_keep(from_b, wf_set1(-1.0f), wf_set1(1.0f));
    const wf face_nx = wf_mul(sign, wf_keep(from_b, pb.nx, pa.nx));
    const wf face_ny = wf_mul(sign, wf_keep(from_b, pb.ny, pa.ny));
    const wi face_meta =
        wi_or(wi_from_f(wf_keep(from_b, pb.edge, pa.edge)), wi_bits_if(from_b, 1u << 16));

    wf rec[4];
    const wm face_case = wm_or(wf_le_m(core_sep, zero), wf_le_m(rsum, zero));
    rec[0] = wf_sub(core_sep, rsum);
    rec[1] = face_nx;
    rec[2] = face_ny;
    if (a_point || b_point) {
        const uint32_t q_side = a_point ? 1u : 0u;
        core_edges eq;
        core_edges_of((const wf(*)[SEPAX_BLOCK_ALIGN])rel[q_side], m, a_point ? nb_e : na_e,
                      a_point ? top_eb : top_ea, &eq);
        rec[3] = wi_as_f(face_meta);
        core_point_records((const wf(*)[4][SEPAX_BLOCK_ALIGN])rel, 1u - q_side,
                           a_point ? ct->top_nb : ct->top_na, &eq, a_point ? top_eb : top_ea,
                           ra, rb, a_point ? poly_b : poly_a, a_point ? pb.best : pa.best,
                           face_case, rec);
        tile_scatter(rec, t->at, out);
        return;
    }
    core_edges ea, eb;
    core_edges_of((const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], m, na_e, top_ea, &ea);
    core_edges_of((const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], m, nb_e, top_eb, &eb);
    wi meta = face_meta;
    if (wm_bits(face_case) != (1u << WIDE) - 1u) {
        core_closest c = {wf_set1(INFINITY), zero, zero, zero, zero};
        core_closest_from((const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], ct->top_na, &eb, top_eb, 0,
                          &c);
        core_closest_from((const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], ct->top_nb, &ea, top_ea, 1,
                          &c);
        const wf d = wf_sqrt(c.d2);
        /* apart (sepax_apart): the closest pair's axis; else the face axis */
        const wm apart = wm_andnot(wf_le_m(wf_set1(FLT_MIN), c.d2), face_case);
        rec[0] = wf_keep(face_case, rec[0], wf_sub(d, rsum));
        rec[1] = wf_keep(apart, wf_div(wf_sub(c.pbx, c.pax), d), rec[1]);
        rec[2] = wf_keep(apart, wf_div(wf_sub(c.pby, c.pay), d), rec[2]);
        /* a blend moves bits untouched, so the word can pass as a float */
        meta = wf_as_i(wf_keep(apart, wi_as_f(wi_set1(SEPAX_EDGE_NONE)), wi_as_f(meta)));
    }
    rec[0] = wf_add(rec[0], zero); /* -0 to +0, as in the reference */
    const wm hit = wf_le_m(rec[0], zero);
    if (wm_bits(hit)) {
        const wm a_in_b = core_within((const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], ct->top_na,
                                      (const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], c_b, m, ra,
                                      poly_b, &eb, top_eb, rb, hit);
        const wm b_in_a = core_within((const wf(*)[SEPAX_BLOCK_ALIGN])rel[1], ct->top_nb,
                                      (const wf(*)[SEPAX_BLOCK_ALIGN])rel[0], c_a, m, rb,
                                      poly_a, &ea, top_ea, ra, hit);
        meta = wi_or(meta, wi_bits_if(hit, SEPAX_HIT << 24));
        meta = wi_or(meta, wi_bits_if(a_in_b, SEPAX_A_IN_B << 24));
        meta = wi_or(meta, wi_bits_if(b_in_a, SEPAX_B_IN_A << 24));
    }
    rec[3] = wi_as_f(meta);
    tile_scatter(rec, t->at, out);
}

/* Rows a core needs in a tile: a segment's four faces, else its vertices. */
static inline uint32_t core_rows(uint32_t n)
{
    return n == 2u ? 4u : n;
}

/* One instance per row count, so the face passes have constant trip
 * counts. */
static void core_tile_run(core_tile *ct, sepax_result *out)
{
    sepax_tile *t = &ct->t;
    for (uint32_t l = t->n; l < WIDE; l++) {
        t->na[l] = t->na[0], t->nb[l] = t->nb[0];
        ct->ra[l] = ct->ra[0], ct->rb[l] = ct->rb[0];
        for (uint32_t col = 0; col < 2; col++)
            ct->point[col][l] = ct->point[col][0];
    }
    tile_pad(t);
    /* a bin holds one core shape per side, so the rows of its largest
     * counts are its largest rows */
    const uint32_t ra = core_rows(ct->top_na), rb = core_rows(ct->top_nb);
    switch (ra > rb ? ra : rb) {
    case 3: core_tile_run_m(ct, 3, out); break;
    case 4: core_tile_run_m(ct, 4, out); break;
    case 5: core_tile_run_m(ct, 5, out); break;
    case 6: core_tile_run_m(ct, 6, out); break;
    case 7: core_tile_run_m(ct, 7, out); break;
    default: core_tile_run_m(ct, SEPAX_BLOCK_ALIGN, out); break;
    }
    t->n = 0;
    ct->top_na = ct->top_nb = 0;
}

static void core_tiles_init(core_tile *tiles)
{
    for (uint32_t k = 0; k < CORE_BINS; k++) {
        tiles[k].t.n = 0;
        tiles[k].top_na = tiles[k].top_nb = 0;
    }
}

static void core_tiles_flush(core_tile *tiles, sepax_result *out)
{
    for (uint32_t k = 0; k < CORE_BINS; k++)
        if (tiles[k].t.n)
            core_tile_run(&tiles[k], out);
}

#if SEPAX_WIDE_BITS >= 256
/* Run WIDE pairs of one bin (slots sa, sb by lane; records to at[]) in
 * tile ct, which must be empty, filling its fields a vector at a time
 * with gathers instead of a pair at a time as core_tile_add does: the
 * same inputs, so the same tile run and the same bits. */
static HEDLEY_ALWAYS_INLINE void core_tile_fill(core_tile *ct, const sepax_columns *c, wi sa,
                                                wi sb, const size_t *at, sepax_result *out)
{
    sepax_tile *t = &ct->t;
    /* a span is two 32-bit words: offset at 2 slot, count at 2 slot + 1 */
    const int *words = (const int *)(const void *)c->span;
    const wi sa2 = wi_add(sa, sa), sb2 = wi_add(sb, sb), one = wi_set1(1);
    int32_t off_a[WIDE], off_b[WIDE];
    wi_store(off_a, wi_gather_i(words, sa2));
    wi_store(off_b, wi_gather_i(words, sb2));
    const wf na = wf_from_i(wi_gather_i(words, wi_add(sa2, one)));
    const wf nb = wf_from_i(wi_gather_i(words, wi_add(sb2, one)));
    wf_store(t->na, na);
    wf_store(t->nb, nb);
    wf_store(ct->ra, wi_gather_f(c->radius, sa));
    wf_store(ct->rb, wi_gather_f(c->radius, sb));
    /* slots are below 2^24, so the signed compare orders them */
    wf_store(t->a_origin, wf_keep(wi_gt_m(sb, sa), wf_set1(1.0f), wf_set1(0.0f)));
    for (uint32_t l = 0; l < WIDE; l++) {
        t->a[l] = c->pool + (uint32_t)off_a[l] + 4u * SEPAX_BLOCK_ALIGN;
        t->b[l] = c->pool + (uint32_t)off_b[l] + 4u * SEPAX_BLOCK_ALIGN;
        t->at[l] = at[l];
    }
    ct->top_na = (uint32_t)wf_first(wf_hmax(na));
    ct->top_nb = (uint32_t)wf_first(wf_hmax(nb));
    /* a bin's point side: every lane's shape on that side is a point,
     * whose centre its slot's record holds (kernel.h's disc) */
    if (ct->top_na == 1u || ct->top_nb == 1u) {
        const wi sp = ct->top_na == 1u ? sa : sb;
        const wi ip = wi_add(wi_add(sp, sp), wi_add(sp, sp));
        wf_store(ct->point[0], wi_gather_f(c->disc, ip));
        wf_store(ct->point[1], wi_gather_f(c->disc, wi_add(ip, one)));
    }
    t->n = WIDE;
    core_tile_run(ct, out);
}
#endif

/* Put the pair k, both cores of at most a block, in tile ct (the tile of
 * its bin, see CORE_CLASS); returns the pairs the tile now holds. */
static HEDLEY_ALWAYS_INLINE uint32_t core_tile_put(core_tile *ct, const sepax_columns *c,
                                                   const sepax_pair *pairs, size_t k)
{
    const uint32_t sa = SEPAX_ID_SLOT(pairs[k].a), sb = SEPAX_ID_SLOT(pairs[k].b);
    const sepax_span pa = c->span[sa], pb = c->span[sb];
    sepax_tile *t = &ct->t;
    const uint32_t l = tile_put(t, c, sa, sb, pa, pb, k);
    t->na[l] = (float)pa.count;
    t->nb[l] = (float)pb.count;
    ct->ra[l] = c->radius[sa];
    ct->rb[l] = c->radius[sb];
    /* no bin holds two points (those go to the circle tile), and a bin's
     * point is always on the same side, so this branch predicts; the
     * point's centre from its slot's record (kernel.h's disc), so its
     * pool region is never read */
    if (pa.count == 1u || pb.count == 1u) {
        const float *p = sepax_disc_of(c, pa.count == 1u ? sa : sb);
        ct->point[0][l] = p[0];
        ct->point[1][l] = p[1];
    }
    ct->top_na = pa.count > ct->top_na ? pa.count : ct->top_na;
    ct->top_nb = pb.count > ct->top_nb ? pb.count : ct->top_nb;
    return ++t->n;
}

/* The same, running the tile once full. */
static HEDLEY_ALWAYS_INLINE void core_tile_add(core_tile *ct, const sepax_columns *c,
                                               const sepax_pair *pairs, size_t k,
                                               sepax_result *out)
{
    if (core_tile_put(ct, c, pairs, k) == WIDE)
        core_tile_run(ct, out);
}

#endif
