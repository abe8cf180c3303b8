/* The separating-axis cache's face test for stores of plain polygons, WIDE
 * pairs at a time with the backend's width (256 bits or more, and sse2,
 * which defines SEPAX_CACHE_BLOCKS_128): what
 * cache.c does one pair at a time with four lanes, here with every lane's
 * inputs gathered from the records, spans and pool.
 *
 *   for WIDE consecutive pairs k, one per lane:
 *       tag, face = record k; f = the face's owner, v = the other shape
 *       decided apart when tag has a face, face < count(f),
 *           count(v) <= 8 and
 *           min over v's 8 vertex rows r of n . (v_r - o) - n . (f_face - o) > 0
 *       (o = vertex 0 of the shape in the lower slot, n = the face's normal)
 *       decided not apart when tag has no face
 *       left to cache.c (undecided) otherwise
 *
 * Each lane evaluates cache.c's expressions (the kernels' face pass) with
 * the same operands in the same order, so its answer, and hence every
 * cache, is the same on every backend. Only the loads differ: gathers
 * (wide.h's wi_gather_*) for the per-pair words and the face, and the
 * vertex rows as rows turned into registers (wf_rows8). */
#ifndef SEPAX_CACHE_TILE_H
#define SEPAX_CACHE_TILE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"
#include "kernel.h"

#if SEPAX_WIDE_BITS >= 256 || defined(SEPAX_CACHE_BLOCKS_128)

/* Pairs k .. k + WIDE - 1: apart[k + l] and undecided[k + l] for every
 * lane l. Returns 0, writing nothing, when some region lies past what a
 * 32-bit gather index reaches (cache.c then takes the pairs). Counts,
 * faces and slots are far below 2^31, so signed compares order them. */
static int cache_plain_block(const sepax_columns *c, const sepax_pair *pairs,
                             const sepax_pair_cache *caches, size_t k, uint8_t *apart,
                             uint8_t *undecided)
{
    wi ia, ib, w0, w1;
    wi_words2(pairs + k, &ia, &ib);
    wi_words2(caches + k, &w0, &w1);
    (void)w1;
    const wi slot_bits = wi_set1(0xFFFFFF), byte = wi_set1(0xFF), zero = wi_set1(0);
    const wi one = wi_set1(1);
    const wi sa = wi_and(ia, slot_bits), sb = wi_and(ib, slot_bits);
    const wi tag = wi_and(w0, byte), face_in = wi_and(wi_srli(w0, 8), byte);
    /* f owns the face (B when the tag says so), v is the other shape */
    const wm from_b = wi_eq_m(wi_and(tag, wi_set1(2)), wi_set1(2));
    const wm has_face = wi_eq_m(wi_and(tag, one), one);
    const wi sf = wi_keep(from_b, sb, sa), sv = wi_keep(from_b, sa, sb);
    const int *span_words = (const int *)(const void *)c->span;
    const wi two_f = wi_add(sf, sf), two_v = wi_add(sv, sv);
    const wi off_f = wi_gather_i(span_words, two_f);
    const wi cnt_f = wi_gather_i(span_words, wi_add(two_f, one));
    const wi off_v = wi_gather_i(span_words, two_v);
    const wi cnt_v = wi_gather_i(span_words, wi_add(two_v, one));
    /* a 32-bit index reaches 2^31 floats; an offset past that less a few
     * blocks leaves the block to cache.c */
    const int32_t reach = INT32_MAX - 16 * (int32_t)SEPAX_BLOCK_ALIGN;
    if (!wi_within(off_f, reach) || !wi_within(off_v, reach))
        return 0;
    /* taken: a face of f, and v's vertices fit one block */
    const wm take =
        wm_and(has_face, wm_andnot(wi_gt_m(cnt_f, face_in),
                                   wi_gt_m(cnt_v, wi_set1((int)SEPAX_BLOCK_ALIGN))));
    const wi face = wi_keep(take, face_in, zero);
    const wi bf = wi_and(wi_add(cnt_f, wi_set1((int)SEPAX_BLOCK_ALIGN - 1)),
                                  wi_set1(~((int)SEPAX_BLOCK_ALIGN - 1)));
    const wi bf2 = wi_add(bf, bf);
    const wi fx0 = wi_add(off_f, wi_add(bf2, bf2));
    const wi vx0 = wi_add(off_v, wi_set1(4 * (int)SEPAX_BLOCK_ALIGN));
    /* o: vertex 0 of the shape in the lower slot */
    const wm f_low = wi_gt_m(sv, sf);
    const wi i_ox = wi_keep(f_low, fx0, vx0);
    const wi i_oy =
        wi_keep(f_low, wi_add(fx0, bf), wi_add(vx0, wi_set1((int)SEPAX_BLOCK_ALIGN)));
    const wi i_fx = wi_add(fx0, face), i_fy = wi_add(i_fx, bf);
    const wi i_nx = wi_add(i_fx, bf2), i_ny = wi_add(i_fy, bf2);
    const wf nx = wi_gather_f(c->pool, i_nx), ny = wi_gather_f(c->pool, i_ny);
    const wf ox = wi_gather_f(c->pool, i_ox), oy = wi_gather_f(c->pool, i_oy);
    const wf ax = wf_sub(wi_gather_f(c->pool, i_fx), ox);
    const wf ay = wf_sub(wi_gather_f(c->pool, i_fy), oy);
    const wf cf = wf_add(wf_mul(nx, ax), wf_mul(ny, ay));
    uint32_t rows[WIDE];
    wi_store(rows, vx0);
    const float *vx[WIDE], *vy[WIDE];
    for (uint32_t l = 0; l < WIDE; l++) {
        vx[l] = c->pool + rows[l];
        vy[l] = vx[l] + SEPAX_BLOCK_ALIGN;
    }
    wf x[SEPAX_BLOCK_ALIGN], y[SEPAX_BLOCK_ALIGN];
    wf_rows8(vx, x);
    wf_rows8(vy, y);
    wf lo = wf_set1(INFINITY);
    for (uint32_t r = 0; r < SEPAX_BLOCK_ALIGN; r++) {
        const wf bx = wf_sub(x[r], ox), by = wf_sub(y[r], oy);
        lo = wf_min(wf_add(wf_mul(nx, bx), wf_mul(ny, by)), lo);
    }
    const uint32_t bits = wm_bits(wf_gt_m(wf_sub(lo, cf), wf_set1(0.0f)));
    const uint32_t taken = wm_bits(take), open = wm_bits(wm_andnot(has_face, take));
    for (uint32_t l = 0; l < WIDE; l++) {
        apart[k + l] = (uint8_t)((bits & taken) >> l & 1u);
        undecided[k + l] = (uint8_t)(open >> l & 1u);
    }
    return 1;
}

/* As many whole blocks of WIDE pairs of the n as the block test takes;
 * returns how many pairs it settled (apart or undecided written). */
static size_t cache_plain_wide(const sepax_columns *c, const sepax_pair *pairs,
                               const sepax_pair_cache *caches, size_t n, uint8_t *apart,
                               uint8_t *undecided)
{
    size_t k = 0;
    for (; k + WIDE <= n; k += WIDE) {
        for (uint32_t l = 0; l < WIDE; l++)
            sepax_cache_prefetch(c, pairs, n, k + l);
        if (!cache_plain_block(c, pairs, caches, k, apart, undecided))
            break;
    }
    return k;
}

#endif

#endif
