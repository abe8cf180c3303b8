/* The 3D drivers, for one pair (or shape) per lane at either width:
 * the reference compiles them with one lane, each vector backend with
 * its own.
 *
 *   collide: for each pair, in order
 *       class = box-box, sphere-sphere or box-sphere (a sphere-box pair
 *               goes in as (B, A) and its lanes are turned round after)
 *       append the pair's two records to its class's tile
 *       when a tile holds LANES pairs: gather the records into lanes, run
 *       the class's test (pair3.h), write each lane's result at its pair
 *   then run the part-full tiles, their spare lanes repeating lane 0
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
#include "world3.h"

/* Records of the pair this far ahead are asked for while a pair is
 * filed: a hint that changes no result. */
#define DRIVE3_PREFETCH 8u

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

/* rows[l][k] = lane l of v[k], k < 16: the inverse of drive3_gather.
 * Four values at a time are turned into rows in registers; quarter q of
 * a transposed register belongs to lane 4 q + its index. */
static inline void drive3_scatter(const lf *v, float *const *rows)
{
#if defined(SEPAX_WIDE_BITS)
    for (uint32_t g = 0; g < SEPAX3_RECORD / 4u; g++) {
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
    for (uint32_t k = 0; k < SEPAX3_RECORD; k++)
        rows[0][k] = v[k];
#endif
}

/* Each lane's result into its pair's place: separation and normal as 16
 * bytes, then the four byte fields. */
static inline void drive3_write(const pair3_out *o, lf flags, const drive3_tile *t,
                                sepax3_result *out)
{
#if defined(SEPAX_WIDE_BITS)
    const wf v[4] = {o->sep, o->nx, o->ny, o->nz};
    wf q[4];
    wf_transpose4(v, q);
    int32_t small[4][LANES];
    const wf bytes[4] = {o->axis, o->fa, o->fb, flags};
    for (uint32_t k = 0; k < 4; k++)
        wf_store((float *)small[k], wi_as_f(wi_from_f(bytes[k])));
    for (uint32_t l = 0; l < 4u; l++) {
        float *at[WIDE / 4u];
        float spare[WIDE / 4u][4];
        for (uint32_t g = 0; g < WIDE / 4u; g++) {
            const uint32_t lane = 4u * g + l;
            at[g] = lane < t->n ? &out[t->at[lane]].separation : spare[g];
        }
        wf_store_quarters(q[l], at);
    }
    for (uint32_t l = 0; l < t->n; l++) {
        sepax3_result *r = &out[t->at[l]];
        r->axis = (uint8_t)small[0][l];
        r->feature_a = (uint8_t)small[1][l];
        r->feature_b = (uint8_t)small[2][l];
        r->flags = (uint8_t)small[3][l];
    }
#else
    sepax3_result *r = &out[t->at[0]];
    r->separation = o->sep;
    r->normal.x = o->nx, r->normal.y = o->ny, r->normal.z = o->nz;
    r->axis = (uint8_t)o->axis;
    r->feature_a = (uint8_t)o->fa;
    r->feature_b = (uint8_t)o->fb;
    r->flags = (uint8_t)flags;
#endif
}

static inline void drive3_run(const drive3_tile *t, uint32_t cls, sepax3_result *out)
{
    const float *ra[LANES], *rb[LANES];
    for (uint32_t l = 0; l < LANES; l++) {
        const uint32_t k = l < t->n ? l : 0u;
        ra[l] = t->a[k];
        rb[l] = t->b[k];
    }
    lf A[SEPAX3_RECORD], B[SEPAX3_RECORD];
    drive3_gather(ra, A);
    drive3_gather(rb, B);
    pair3_out o;
    if (cls == PAIR3_BOX_BOX) {
        pair3_box_box(A, B, &o);
    } else if (cls == PAIR3_SPHERE_SPHERE) {
        pair3_sphere_sphere(A, B, &o);
    } else {
        pair3_box_sphere(A, B, &o);
        float swap[LANES];
        for (uint32_t l = 0; l < LANES; l++)
            swap[l] = t->swap[l < t->n ? l : 0u];
        pair3_turn(lf_gt(lf_load(swap), lf_set1(0.5f)), &o);
    }
    const lf flags = lf_add(lf_add(pair3_bit(lf_le(o.sep, lf_set1(0.0f))),
                                   lf_mul(o.a_in_b, lf_set1((float)SEPAX_A_IN_B))),
                            lf_mul(o.b_in_a, lf_set1((float)SEPAX_B_IN_A)));
    drive3_write(&o, flags, t, out);
}

static inline void drive3_collide(const sepax3_view *view, const sepax_pair *pairs, size_t n,
                                  sepax3_result *out)
{
    drive3_tile tiles[PAIR3_CLASSES];
    for (uint32_t c = 0; c < PAIR3_CLASSES; c++)
        tiles[c].n = 0;
    for (size_t i = 0; i < n; i++) {
        if (i + DRIVE3_PREFETCH < n) {
            __builtin_prefetch(view->world + SEPAX3_RECORD * SEPAX_ID_SLOT(pairs[i + DRIVE3_PREFETCH].a));
            __builtin_prefetch(view->world + SEPAX3_RECORD * SEPAX_ID_SLOT(pairs[i + DRIVE3_PREFETCH].b));
        }
        const uint32_t sa = SEPAX_ID_SLOT(pairs[i].a), sb = SEPAX_ID_SLOT(pairs[i].b);
        int swap;
        const uint32_t cls = pair3_class(view->kind[sa], view->kind[sb], &swap);
        drive3_tile *t = &tiles[cls];
        const float *ra = view->world + SEPAX3_RECORD * (size_t)sa;
        const float *rb = view->world + SEPAX3_RECORD * (size_t)sb;
        t->a[t->n] = swap ? rb : ra;
        t->b[t->n] = swap ? ra : rb;
        t->at[t->n] = (uint32_t)i;
        t->swap[t->n] = (uint8_t)swap;
        if (++t->n == LANES) {
            drive3_run(t, cls, out);
            t->n = 0;
        }
    }
    for (uint32_t c = 0; c < PAIR3_CLASSES; c++)
        if (tiles[c].n)
            drive3_run(&tiles[c], c, out);
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
    float *rec[LANES];
    for (uint32_t l = 0; l < LANES; l++)
        rec[l] = j->world + SEPAX3_RECORD * (size_t)slots[l < m ? l : 0u];
    drive3_scatter(vout, rec);
    float box[6][LANES];
    for (uint32_t k = 0; k < 6; k++)
        lf_store(box[k], vout[W3_LO + k]);
    for (uint32_t l = 0; l < m; l++) {
        const uint32_t s = slots[l];
        for (uint32_t k = 0; k < 3; k++) {
            j->lo[k][s] = box[k][l];
            j->hi[k][s] = box[3 + k][l];
        }
    }
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
