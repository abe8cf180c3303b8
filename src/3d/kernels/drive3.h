/* The 3D drivers, for one pair (or shape) per lane at either width:
 * the reference compiles them with one lane, each vector backend with
 * its own.
 *
 *   collide: for each pair, in order
 *       class = box-box, sphere-sphere, box-sphere (a sphere-box pair
 *               goes in as (B, A) and its lanes are turned round after)
 *               two round shapes with a capsule (round_lanes3.h) or a
 *               box and a capsule (box_capsule_lanes3.h: the box's faces
 *               in lanes; the pairs they do not settle refiled into a
 *               tile that runs the whole port when full, or, in the
 *               reference, poly_round one at a time);
 *               a pair with a hull or capsule is done at once: two
 *               polyhedra by poly3.h, a pair with a round shape by
 *               round3.h (its faces and edges across the lanes); the
 *               hull blocks of pairs ahead are prefetched
 *       append the pair's two records to its class's tile
 *       when a tile holds LANES pairs: gather the records into lanes, run
 *       the class's test (pair3.h), write each lane's result at its pair
 *   then run the part-full tiles, their spare lanes repeating lane 0,
 *   the box-capsule port's tile last
 *
 *   world: the live slots listed, LANES at a time: gather the local and
 *   transform records into lanes, world3_lanes, scatter the world record
 *   and the box
 *
 * Lanes never mix classes, so no lane runs a test it does not need;
 * records are read with plain loads and turned into lanes in registers
 * (wf_rows8). */
#ifndef SEPAX_DRIVE3_H
#define SEPAX_DRIVE3_H

#include "pair3.h"
#include "box_capsule_lanes3.h"
#include "poly3.h"
#include "round_lanes3.h"
#include "world3.h"

/* drive3_code lays the byte fields out as a little-endian word */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "sepax's 3D kernels assume a little-endian target"
#endif

/* Records of the pair this far ahead are asked for while a pair is
 * filed: a hint that changes no result. */
#define DRIVE3_PREFETCH 8u

/* A hull's block (about 3 KB for 20 vertices) is most of what a pair with
 * a hull reads, and from a store of thousands of hulls it comes from
 * memory: out of cache such pairs took twice as long as in it. Its first
 * line (the counts) is asked for this many pairs ahead, and the whole
 * block half as far ahead, when the counts have arrived. */
#define DRIVE3_HULL_AHEAD 8u

static inline void drive3_prefetch_hull(const sepax3_view *v, uint32_t slot, int whole)
{
    if (v->kind[slot] != SEPAX3_KIND_HULL)
        return;
    const float *b = v->pool + v->pool_at[slot];
    if (!whole) {
        __builtin_prefetch(b, 0, 2);
        return;
    }
    const size_t n = hull3_block_floats((uint32_t)b[0], (uint32_t)b[1], (uint32_t)b[2]);
    for (size_t k = 16; k < n; k += 16)
        __builtin_prefetch(b + k, 0, 2);
}

typedef struct drive3_tile {
    const float *a[LANES], *b[LANES];
    uint32_t at[LANES];
    uint8_t swap[LANES];
    uint32_t n;
} drive3_tile;

/* v[k] lane l = rows[l][k], k < 8 */
static inline void drive3_gather8(const float *const *rows, lf *v)
{
#if defined(SEPAX_WIDE_BITS)
    wf_rows8(rows, v);
#else
    for (uint32_t k = 0; k < 8; k++)
        v[k] = rows[0][k];
#endif
}

/* v[k] lane l = rows[l][k], k < 16 */
static inline void drive3_gather(const float *const *rows, lf *v)
{
    const float *upper[LANES];
    for (uint32_t l = 0; l < LANES; l++)
        upper[l] = rows[l] + 8;
    drive3_gather8(rows, v);
    drive3_gather8(upper, v + 8);
}

/* rows[l][k] = lane l of v[k], k < n (a multiple of 4): the inverse of
 * drive3_gather. Four values at a time are turned into rows in
 * registers; quarter q of a transposed register belongs to lane 4 q + its
 * index. */
static inline void drive3_scatter(const lf *v, float *const *rows, uint32_t n)
{
#if defined(SEPAX_WIDE_BITS)
    for (uint32_t g = 0; g < n / 4u; g++) {
        wf t[4];
        wf_transpose4(v + 4u * g, t);
        for (uint32_t l = 0; l < 4u; l++) {
            float *at[WIDE / 4u];
            for (uint32_t q = 0; q < WIDE / 4u; q++)
                at[q] = rows[4u * q + l] + 4u * g;
            wf_store_quarters(t[l], at);
        }
    }
#else
    for (uint32_t k = 0; k < n; k++)
        rows[0][k] = v[k];
#endif
}

/* The four byte fields of a result (axis, features, flags) as one
 * 32-bit word per lane, in memory order on a little-endian machine (the
 * only kind sepax builds for): two 16-bit halves formed exactly in float,
 * then joined. */
static inline void drive3_code(const pair3_out *o, lf flags, uint32_t *code)
{
    const lf k256 = lf_set1(256.0f);
    const lf lo = lf_add(o->axis, lf_mul(o->fa, k256)), hi = lf_add(o->fb, lf_mul(flags, k256));
#if defined(SEPAX_WIDE_BITS)
    wf_store((float *)code, wi_as_f(wi_or_shl16(wi_from_f(lo), wi_from_f(hi))));
#else
    code[0] = (uint32_t)lo | (uint32_t)hi << 16;
#endif
}

/* Each lane's result into its pair's place: separation and normal as 16
 * bytes, then the byte fields as one word. A part-full tile's spare lanes
 * write into a scratch record. */
static inline void drive3_write(const pair3_out *o, lf flags, sepax3_result *const *dst)
{
    uint32_t code[LANES];
    drive3_code(o, flags, code);
#if defined(SEPAX_WIDE_BITS)
    const wf v[4] = {o->sep, o->nx, o->ny, o->nz};
    wf q[4];
    wf_transpose4(v, q);
    for (uint32_t l = 0; l < 4u; l++) {
        float *at[WIDE / 4u];
        for (uint32_t g = 0; g < WIDE / 4u; g++)
            at[g] = &dst[4u * g + l]->separation;
        wf_store_quarters(q[l], at);
    }
#else
    dst[0]->separation = o->sep;
    dst[0]->normal.x = o->nx, dst[0]->normal.y = o->ny, dst[0]->normal.z = o->nz;
#endif
    for (uint32_t l = 0; l < LANES; l++)
        memcpy(&dst[l]->axis, &code[l], sizeof code[l]);
}

/* A tile's pairs in lanes: their records gathered (A, B), where each
 * lane's result goes (a part-full tile's spare lanes repeat lane 0 and
 * write into *spare), and the lanes whose pair has B first (turned). */
typedef struct drive3_lanes {
    const float *ra[LANES], *rb[LANES];
    sepax3_result *dst[LANES];
    lm turned;
    lf A[SEPAX3_RECORD], B[SEPAX3_RECORD];
} drive3_lanes;

static inline void drive3_load(const drive3_tile *t, sepax3_result *out, sepax3_result *spare,
                               drive3_lanes *L)
{
    float swap[LANES];
    for (uint32_t l = 0; l < LANES; l++) {
        const uint32_t k = l < t->n ? l : 0u;
        L->ra[l] = t->a[k];
        L->rb[l] = t->b[k];
        swap[l] = t->swap[k];
        L->dst[l] = l < t->n ? &out[t->at[l]] : spare;
    }
    L->turned = lf_gt(lf_load(swap), lf_set1(0.5f));
    drive3_gather(L->ra, L->A);
    drive3_gather(L->rb, L->B);
}

/* lane l's pair one at a time, in its own order */
static inline void drive3_general_lane(const sepax3_view *view, const drive3_tile *t,
                                       const drive3_lanes *L, uint32_t l)
{
    const uint32_t sa = (uint32_t)((L->ra[l] - view->world) / SEPAX3_RECORD);
    const uint32_t sb = (uint32_t)((L->rb[l] - view->world) / SEPAX3_RECORD);
    if (t->swap[l])
        poly3_general(view, sb, sa, L->dst[l]);
    else
        poly3_general(view, sa, sb, L->dst[l]);
}

/* The tile of box-capsule pairs no box face settled (the driver's tile
 * PAIR3_CLASSES): the whole port in lanes, its rare lanes by poly_round.
 * Filled from the face step's lanes, so that the port's many steps run
 * on full tiles of the pairs that need them. */
static inline void drive3_run_rest(const sepax3_view *view, const drive3_tile *t,
                                   sepax3_result *out)
{
    sepax3_result spare;
    drive3_lanes L;
    drive3_load(t, out, &spare, &L);
    pair3_out o;
    lm r;
    pair3_box_capsule(L.A, L.B, L.turned, &o, &r);
    drive3_write(&o, pair3_flags(&o), L.dst);
    const uint32_t rare = lm_bits(r);
    for (uint32_t l = 0; rare && l < t->n; l++)
        if (rare >> l & 1u)
            drive3_general_lane(view, t, &L, l);
}

/* Tile tiles[cls], full or the last; tiles[PAIR3_CLASSES] takes the
 * box-capsule pairs left for the whole port. */
static inline void drive3_run(const sepax3_view *view, drive3_tile *tiles, uint32_t cls,
                              sepax3_result *out)
{
    const drive3_tile *t = &tiles[cls];
    sepax3_result spare;
    drive3_lanes L;
    drive3_load(t, out, &spare, &L);
    const lf *A = L.A, *B = L.B;
    sepax3_result *const *dst = L.dst;
    pair3_out o;
    uint32_t rare = 0;
    if (cls == PAIR3_BOX_BOX) {
        pair3_box_box(A, B, &o);
    } else if (cls == PAIR3_SPHERE_SPHERE) {
        pair3_sphere_sphere(A, B, &o);
    } else if (cls == PAIR3_ROUND_ROUND) {
        lm r;
        pair3_round_round(A, B, &o, &r);
        rare = lm_bits(r);
    } else if (cls == PAIR3_BOX_CAPSULE) {
        lm done;
        pair3_box_capsule_faces(A, B, L.turned, &o, &done);
        drive3_write(&o, pair3_flags(&o), dst);
        const uint32_t settled = lm_bits(done);
        for (uint32_t l = 0; l < t->n; l++) {
            if (settled >> l & 1u)
                continue;
#if defined(SEPAX_WIDE_BITS)
            /* to the tile of the whole port */
            drive3_tile *rest = &tiles[PAIR3_CLASSES];
            rest->a[rest->n] = t->a[l], rest->b[rest->n] = t->b[l];
            rest->at[rest->n] = t->at[l], rest->swap[rest->n] = t->swap[l];
            if (++rest->n == LANES) {
                drive3_run_rest(view, rest, out);
                rest->n = 0;
            }
#else
            /* the reference: poly_round itself, the specification the
             * port is held to */
            drive3_general_lane(view, t, &L, l);
#endif
        }
        return;
    } else {
        pair3_box_sphere(A, B, &o);
        pair3_turn(L.turned, &o);
    }
    drive3_write(&o, pair3_flags(&o), dst);
    /* the lanes the round port does not follow, by the scalar routine */
    for (uint32_t l = 0; rare && l < t->n; l++)
        if (rare >> l & 1u)
            round3_pair_of(L.ra[l], L.rb[l], dst[l]);
}

/* A store of boxes only: every pair is box-box, LANES pairs at a time in
 * list order, no class to find. */
static inline void drive3_collide_boxes(const sepax3_view *view, const sepax_pair *pairs,
                                        size_t n, sepax3_result *out)
{
    for (size_t i = 0; i < n; i += LANES) {
        const float *ra[LANES], *rb[LANES];
        sepax3_result spare, *dst[LANES];
        for (uint32_t l = 0; l < LANES; l++) {
            const size_t k = i + l < n ? i + l : i;
            if (i + l + DRIVE3_PREFETCH * LANES < n) {
                __builtin_prefetch(view->world + SEPAX3_RECORD *
                                   (size_t)SEPAX_ID_SLOT(pairs[i + l + DRIVE3_PREFETCH * LANES].a));
                __builtin_prefetch(view->world + SEPAX3_RECORD *
                                   (size_t)SEPAX_ID_SLOT(pairs[i + l + DRIVE3_PREFETCH * LANES].b));
            }
            ra[l] = view->world + SEPAX3_RECORD * (size_t)SEPAX_ID_SLOT(pairs[k].a);
            rb[l] = view->world + SEPAX3_RECORD * (size_t)SEPAX_ID_SLOT(pairs[k].b);
            dst[l] = i + l < n ? &out[i + l] : &spare;
        }
        lf A[SEPAX3_RECORD], B[SEPAX3_RECORD];
        drive3_gather(ra, A);
        drive3_gather(rb, B);
        pair3_out o;
        pair3_box_box(A, B, &o);
        drive3_write(&o, pair3_flags(&o), dst);
    }
}

/* The records and hull blocks of the pairs ahead of pair i: hints that
 * change no result. */
static inline void drive3_prefetch_ahead(const sepax3_view *view, const sepax_pair *pairs,
                                         size_t n, size_t i)
{
    if (i + DRIVE3_PREFETCH < n) {
        const sepax_pair ahead = pairs[i + DRIVE3_PREFETCH];
        __builtin_prefetch(view->world + SEPAX3_RECORD * SEPAX_ID_SLOT(ahead.a));
        __builtin_prefetch(view->world + SEPAX3_RECORD * SEPAX_ID_SLOT(ahead.b));
    }
    if (i + DRIVE3_HULL_AHEAD < n) {
        const sepax_pair far = pairs[i + DRIVE3_HULL_AHEAD];
        drive3_prefetch_hull(view, SEPAX_ID_SLOT(far.a), 0);
        drive3_prefetch_hull(view, SEPAX_ID_SLOT(far.b), 0);
    }
    if (i + DRIVE3_HULL_AHEAD / 2 < n) {
        const sepax_pair near = pairs[i + DRIVE3_HULL_AHEAD / 2];
        drive3_prefetch_hull(view, SEPAX_ID_SLOT(near.a), 1);
        drive3_prefetch_hull(view, SEPAX_ID_SLOT(near.b), 1);
    }
}

/* Pair i (slots sa, sb; code: pair3_class's) into tile t of its class,
 * which runs once full. */
static inline void drive3_put(drive3_tile *tiles, const sepax3_view *view, uint32_t sa,
                              uint32_t sb, uint32_t code, size_t i, sepax3_result *out)
{
    drive3_tile *t = &tiles[code >> 1];
    const int swap = (int)(code & 1u);
    const float *ra = view->world + SEPAX3_RECORD * (size_t)sa;
    const float *rb = view->world + SEPAX3_RECORD * (size_t)sb;
    t->a[t->n] = swap ? rb : ra;
    t->b[t->n] = swap ? ra : rb;
    t->at[t->n] = (uint32_t)i;
    t->swap[t->n] = (uint8_t)swap;
    if (++t->n == LANES) {
        drive3_run(view, tiles, code >> 1, out);
        t->n = 0;
    }
}

static inline void drive3_collide(const sepax3_view *view, const sepax_pair *pairs, size_t n,
                                  sepax3_result *out)
{
    if (view->boxes_only) {
        drive3_collide_boxes(view, pairs, n, out);
        return;
    }
    drive3_tile tiles[PAIR3_CLASSES + 1];
    for (uint32_t c = 0; c <= PAIR3_CLASSES; c++)
        tiles[c].n = 0;
    for (size_t i = 0; i < n; i++) {
        drive3_prefetch_ahead(view, pairs, n, i);
        const uint32_t sa = SEPAX_ID_SLOT(pairs[i].a), sb = SEPAX_ID_SLOT(pairs[i].b);
        const uint32_t code = pair3_class(view->kind[sa], view->kind[sb]);
        if (code >> 1 == PAIR3_GENERAL)
            poly3_general(view, sa, sb, &out[i]);
        else
            drive3_put(tiles, view, sa, sb, code, i, out);
    }
    for (uint32_t c = 0; c < PAIR3_CLASSES; c++)
        if (tiles[c].n)
            drive3_run(view, tiles, c, out);
    if (tiles[PAIR3_CLASSES].n)
        drive3_run_rest(view, &tiles[PAIR3_CLASSES], out);
}

/* Pairs of one group (sepax3_pair_group) only, as the grouped calls hand
 * them over: box pairs as in a store of boxes only, pairs of a sphere or
 * capsule with a sphere or capsule (and box-sphere) into one tile, the
 * rest one at a time; a tiled pair's class and order come from
 * pair3_class's table. */
static inline void drive3_collide_group(const sepax3_view *view, uint32_t group,
                                        const sepax_pair *pairs, size_t n, sepax3_result *out)
{
    if (group == SEPAX3_GROUP_BOX_BOX) {
        drive3_collide_boxes(view, pairs, n, out);
        return;
    }
    if (group == SEPAX3_GROUP_BOX_SPHERE || group == SEPAX3_GROUP_SPHERE_SPHERE ||
        group == SEPAX3_GROUP_CAPSULE_SPHERE || group == SEPAX3_GROUP_CAPSULE_CAPSULE ||
        group == SEPAX3_GROUP_BOX_CAPSULE) {
        /* every pair of the group has one class; pair3_class says which
         * side goes first */
        drive3_tile t[PAIR3_CLASSES + 1];
        for (uint32_t c = 0; c <= PAIR3_CLASSES; c++)
            t[c].n = 0;
        uint32_t cls = 0;
        for (size_t i = 0; i < n; i++) {
            drive3_prefetch_ahead(view, pairs, n, i);
            const uint32_t sa = SEPAX_ID_SLOT(pairs[i].a), sb = SEPAX_ID_SLOT(pairs[i].b);
            const uint32_t code = pair3_class(view->kind[sa], view->kind[sb]);
            cls = code >> 1;
            drive3_put(t, view, sa, sb, code, i, out);
        }
        if (t[cls].n)
            drive3_run(view, t, cls, out);
        if (t[PAIR3_CLASSES].n)
            drive3_run_rest(view, &t[PAIR3_CLASSES], out);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        drive3_prefetch_ahead(view, pairs, n, i);
        poly3_general(view, SEPAX_ID_SLOT(pairs[i].a), SEPAX_ID_SLOT(pairs[i].b), &out[i]);
    }
}

static inline void drive3_world_run(const sepax3_world_job *j, const uint32_t *slots, uint32_t m)
{
    const float *loc[LANES], *xf[LANES];
    for (uint32_t l = 0; l < LANES; l++) {
        const uint32_t s = slots[l < m ? l : 0u];
        loc[l] = j->local + SEPAX3_RECORD * (size_t)s;
        xf[l] = j->xf + SEPAX3_XF * (size_t)s;
    }
    lf vin[W3_IN], vout[W3_OUT];
    drive3_gather(loc, vin);
    drive3_gather8(xf, vin + SEPAX3_RECORD);
    world3_lanes(vin, vout);
    float *rec[LANES], *box[LANES];
    for (uint32_t l = 0; l < LANES; l++) {
        const uint32_t s = slots[l < m ? l : 0u];
        rec[l] = j->world + SEPAX3_RECORD * (size_t)s;
        box[l] = j->bounds + SEPAX3_BOUNDS * (size_t)s;
    }
    drive3_scatter(vout, rec, SEPAX3_RECORD);
    drive3_scatter(vout + W3_LO, box, SEPAX3_BOUNDS);
}

static inline void drive3_world(const sepax3_world_job *j, const uint32_t *ids, size_t n)
{
    uint32_t slots[LANES], m = 0;
    for (size_t i = 0; i < n; i++) {
        const uint32_t s = ids ? SEPAX_ID_SLOT(ids[i]) : (uint32_t)i;
        if (j->kind[s] == SEPAX3_KIND_FREE)
            continue;
        slots[m++] = s;
        if (m == LANES) {
            drive3_world_run(j, slots, m);
            m = 0;
        }
    }
    if (m)
        drive3_world_run(j, slots, m);
}

#endif
