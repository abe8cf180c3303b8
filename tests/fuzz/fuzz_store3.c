/* libFuzzer target for the 3D store: the fuzzer's bytes become a run of
 * store operations (add a box, sphere, capsule or hull from arbitrary
 * numbers, remove,
 * set transforms, collide, collide the hits only, broadphase, point
 * queries), with ids that may be stale or foreign, pairs that may name one
 * shape twice, and an allocator that may refuse.
 *
 * Properties, after every operation:
 *  - a refused call returns a named status and leaves the store as it was
 *    (count, and every live shape's description, world data, box and
 *    transform, hashed);
 *  - every answer on live shapes has a unit normal (within 1e-5) and a
 *    finite separation, the hit flag is separation <= 0, and
 *    collide_hits lists exactly collide's hits;
 *  - every available backend gives the scalar reference's bytes: collide,
 *    the world records after a world update, the broadphase. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_input.h"
#include "sepax/sepax3d.h"

#define MAX_SHAPES 24
#define MAX_PAIRS 48

static uint64_t mix(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t k = 0; k < n; k++)
        h = (h ^ c[k]) * 1099511628211ull;
    return h;
}

static uint64_t fingerprint(const sepax3_store *s, const sepax_shape_id *ids, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    const uint32_t count = sepax3_store_count(s);
    h = mix(h, &count, sizeof count);
    for (size_t i = 0; i < n; i++) {
        sepax3_shape_desc d;
        sepax3_world_shape w;
        sepax3_transform t;
        sepax3_vec lo, hi;
        memset(&d, 0, sizeof d);
        if (sepax3_shape_info(s, ids[i], &d) != SEPAX_OK)
            continue;
        sepax3_shape_world(s, ids[i], &w);
        sepax3_shape_transform(s, ids[i], &t);
        sepax3_shape_aabb(s, ids[i], &lo, &hi);
        h = mix(h, &d, sizeof d);
        h = mix(h, &w, sizeof w);
        h = mix(h, &t, sizeof t);
        h = mix(h, &lo, sizeof lo);
        h = mix(h, &hi, sizeof hi);
    }
    return h;
}

static sepax3_vec vec(fuzz_input *in)
{
    return (sepax3_vec){fuzz_value(in), fuzz_value(in), fuzz_value(in)};
}

/* A quaternion: exact ones, one from an axis and angle, one off unit
 * length by about the tolerance, or raw numbers. */
static sepax3_quat quat(fuzz_input *in)
{
    static const sepax3_quat exact[4] = {
        {1, 0, 0, 0}, {0, 1, 0, 0}, {0.70710678f, 0, 0, 0.70710678f}, {0.5f, 0.5f, 0.5f, 0.5f}};
    switch (fuzz_u8(in) % 4) {
    case 0:
        return exact[fuzz_u8(in) % 4];
    case 1: {
        /* an angle of any float now and then: a NaN or infinite angle or
         * axis must come out non-finite, for the calls to refuse */
        const sepax3_vec axis = vec(in);
        const float angle = fuzz_u8(in) < 32 ? fuzz_value(in) : (float)fuzz_u16(in) * 1e-4f;
        const sepax3_quat q = sepax3_quat_axis_angle(axis, angle);
        const int finite_in = isfinite(axis.x) && isfinite(axis.y) && isfinite(axis.z) &&
                              isfinite(angle);
        const int finite_out = isfinite(q.w) && isfinite(q.x) && isfinite(q.y) && isfinite(q.z);
        FUZZ_CHECK(finite_in == finite_out, "axis-angle turned a non-finite input finite");
        return q;
    }
    case 2: {
        sepax3_quat q = exact[fuzz_u8(in) % 4];
        const float k = 1.0f + (float)(int8_t)fuzz_u8(in) * 1e-6f;
        q.w *= k, q.x *= k, q.y *= k, q.z *= k;
        return q;
    }
    default:
        return (sepax3_quat){fuzz_value(in), fuzz_value(in), fuzz_value(in), fuzz_value(in)};
    }
}

static sepax_shape_id pick(fuzz_input *in, const sepax_shape_id *ids, size_t n)
{
    const uint8_t b = fuzz_u8(in);
    if (n == 0 || b >= 240)
        return (sepax_shape_id)fuzz_u32(in); /* foreign, bad or stale */
    return ids[b % n];
}

static void check_results(const sepax3_result *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const double len = sqrt((double)r[i].normal.x * r[i].normal.x +
                                (double)r[i].normal.y * r[i].normal.y +
                                (double)r[i].normal.z * r[i].normal.z);
        FUZZ_CHECK(isfinite(r[i].separation), "pair %zu: separation %g", i, r[i].separation);
        FUZZ_CHECK(fabs(len - 1.0) <= 1e-5, "pair %zu: |normal| = %.9g", i, len);
        FUZZ_CHECK(((r[i].flags & SEPAX_HIT) != 0) == (r[i].separation <= 0.0f),
                   "pair %zu: flags %u, separation %g", i, r[i].flags, r[i].separation);
        FUZZ_CHECK(r[i].axis <= SEPAX3_AXIS_SUPPORT, "pair %zu: axis %u", i, r[i].axis);
    }
}

/* Every backend against scalar on the store as it stands. */
static void cross_check(sepax3_store *s, const sepax_pair *pairs, size_t n, int valid)
{
    sepax3_result want[MAX_PAIRS], got[MAX_PAIRS];
    sepax_pair bw[MAX_SHAPES * MAX_SHAPES], bg[MAX_SHAPES * MAX_SHAPES];
    size_t nw = 0, ng = 0;
    const sepax_backend active = sepax3_store_backend(s);
    sepax3_store_set_backend(s, SEPAX_BACKEND_SCALAR);
    sepax3_update_world(s);
    const uint32_t limit = sepax3_store_slot_limit(s);
    sepax3_world_shape ww[MAX_SHAPES * 2], wg[MAX_SHAPES * 2];
    memset(ww, 0, sizeof ww);
    for (uint32_t k = 0; k < limit && k < MAX_SHAPES * 2; k++)
        for (uint32_t g = 0; g < 256; g++)
            if (sepax3_shape_world(s, g << 24 | k, &ww[k]) == SEPAX_OK)
                break;
    const sepax_status sw = sepax3_collide(s, pairs, n, want, NULL);
    FUZZ_CHECK((sw == SEPAX_OK) == valid, "collide status %d", sw);
    const sepax_status bs = sepax3_broadphase(s, bw, MAX_SHAPES * MAX_SHAPES, &nw);
    for (int b = 1; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        sepax3_store_set_backend(s, (sepax_backend)b);
        sepax3_update_world(s);
        memset(wg, 0, sizeof wg);
        for (uint32_t k = 0; k < limit && k < MAX_SHAPES * 2; k++)
            for (uint32_t g = 0; g < 256; g++)
                if (sepax3_shape_world(s, g << 24 | k, &wg[k]) == SEPAX_OK)
                    break;
        FUZZ_CHECK(memcmp(ww, wg, sizeof ww) == 0, "%s: world records differ",
                   sepax_backend_name((sepax_backend)b));
        if (sw == SEPAX_OK) {
            FUZZ_CHECK(sepax3_collide(s, pairs, n, got, NULL) == SEPAX_OK, "collide refused");
            for (size_t i = 0; i < n; i++)
                FUZZ_CHECK(memcmp(&want[i], &got[i], sizeof got[i]) == 0,
                           "%s: pair %zu: separation %.9g against scalar's %.9g",
                           sepax_backend_name((sepax_backend)b), i, got[i].separation,
                           want[i].separation);
        }
        const sepax_status bg_st = sepax3_broadphase(s, bg, MAX_SHAPES * MAX_SHAPES, &ng);
        FUZZ_CHECK(bg_st == bs && ng == nw && memcmp(bw, bg, nw * sizeof *bw) == 0,
                   "%s: broadphase differs", sepax_backend_name((sepax_backend)b));
    }
    sepax3_store_set_backend(s, active);
    if (sw == SEPAX_OK)
        check_results(want, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    fuzz_alloc fa = {0};
    const sepax_allocator hooks = {fuzz_alloc_fn, fuzz_free_fn, &fa};
    sepax3_store_options o = sepax3_store_options_default();
    o.allocator = &hooks;
    o.initial_shapes = 1 + fuzz_u8(&in) % 4;
    sepax3_store *s = NULL;
    if (fuzz_status(sepax3_store_create(&o, &s)) != SEPAX_OK)
        return 0;
    sepax_shape_id ids[MAX_SHAPES];
    size_t n = 0;
    for (int step = 0; step < 64 && fuzz_more(&in); step++) {
        const uint8_t op = fuzz_u8(&in) % 8;
        fa.countdown = fuzz_u8(&in) < 16 ? 1 + fuzz_u8(&in) % 3 : 0;
        const uint64_t before = fingerprint(s, ids, n);
        sepax_status st = SEPAX_OK;
        sepax_shape_id id = 0;
        switch (op) {
        case 0:
        case 1: {
            const sepax3_vec c = vec(&in), h = vec(&in);
            /* op 1 is a round shape or a hull: a sphere, a capsule from c
             * to h, or the hull of up to 20 points */
            const int sub = op == 0 ? 0 : 1 + fuzz_u8(&in) % 3;
            if (sub == 0) {
                st = sepax3_add_box(s, c, h, quat(&in), &id);
            } else if (sub == 1) {
                st = sepax3_add_sphere(s, c, fuzz_value(&in), &id);
            } else if (sub == 2) {
                st = sepax3_add_capsule(s, c, h, fuzz_value(&in), &id);
            } else {
                sepax3_vec pts[20];
                const size_t m = fuzz_u8(&in) % 21;
                for (size_t k = 0; k < m; k++)
                    pts[k] = vec(&in);
                st = sepax3_add_hull(s, pts, m, &id);
            }
            static const char *const names[] = {"box", "sphere", "capsule", "hull"};
            FUZZ_TRACE("add %s: %s\n", names[sub], sepax_status_string(st));
            if (st == SEPAX_OK && n < MAX_SHAPES)
                ids[n++] = id;
            else if (st == SEPAX_OK)
                FUZZ_CHECK(sepax3_remove(s, id) == SEPAX_OK, "remove of a new shape");
            break;
        }
        case 2:
            /* now and then the pool laid out in space instead, which
             * must leave every answer as it was (op 4 checks them) */
            if (fuzz_u8(&in) % 8 == 0) {
                st = sepax3_store_sort_pool(s);
                FUZZ_TRACE("sort pool: %s\n", sepax_status_string(st));
            } else {
                st = sepax3_remove(s, pick(&in, ids, n));
            }
            break;
        case 3: {
            sepax_shape_id moved[4];
            sepax3_transform t[4];
            const size_t k = fuzz_u8(&in) % 5;
            for (size_t i = 0; i < k; i++) {
                moved[i] = pick(&in, ids, n);
                t[i].p = vec(&in);
                t[i].q = quat(&in);
            }
            st = sepax3_set_transforms(s, k ? moved : NULL, k ? t : NULL, k);
            break;
        }
        default: {
            sepax_pair pairs[MAX_PAIRS];
            const size_t k = fuzz_u8(&in) % MAX_PAIRS;
            int valid = 1;
            for (size_t i = 0; i < k; i++) {
                pairs[i].a = pick(&in, ids, n);
                pairs[i].b = pick(&in, ids, n);
                valid &= sepax3_shape_check(s, pairs[i].a) == SEPAX_OK &&
                         sepax3_shape_check(s, pairs[i].b) == SEPAX_OK &&
                         SEPAX_ID_SLOT(pairs[i].a) != SEPAX_ID_SLOT(pairs[i].b);
            }
            fa.countdown = 0;
            if (op == 4) {
                cross_check(s, pairs, k, valid);
            } else if (op == 5) {
                sepax3_hit hits[MAX_PAIRS];
                sepax3_result all[MAX_PAIRS];
                size_t found = 0;
                const size_t cap = fuzz_u8(&in) % (MAX_PAIRS + 1);
                st = sepax3_collide_hits(s, pairs, k, hits, cap, &found, NULL);
                if (valid && sepax3_collide(s, pairs, k, all, NULL) == SEPAX_OK) {
                    size_t expect = 0;
                    for (size_t i = 0; i < k; i++) {
                        if (!(all[i].flags & SEPAX_HIT))
                            continue;
                        if (expect < cap)
                            FUZZ_CHECK(hits[expect].pair == i &&
                                           memcmp(&hits[expect].result, &all[i], sizeof all[i]) == 0,
                                       "hit %zu differs from collide's", expect);
                        expect++;
                    }
                    FUZZ_CHECK(found == expect, "%zu hits, collide says %zu", found, expect);
                    FUZZ_CHECK(st == (expect > cap ? SEPAX_ERR_CAPACITY : SEPAX_OK), "status %d", st);
                }
                st = SEPAX_OK;
            } else if (op == 6) {
                sepax_pair out[16];
                size_t found = 0;
                fa.countdown = fuzz_u8(&in) < 32 ? 1 : 0;
                st = sepax3_broadphase(s, out, fuzz_u8(&in) % 17, &found);
                if (st == SEPAX_ERR_CAPACITY)
                    st = SEPAX_OK;
            } else {
                sepax3_point_query q[MAX_PAIRS];
                uint8_t inside[MAX_PAIRS];
                for (size_t i = 0; i < k; i++) {
                    q[i].point = vec(&in);
                    q[i].shape = pairs[i].a;
                }
                st = sepax3_query_points(s, q, k, inside, NULL);
                for (size_t i = 0; st == SEPAX_OK && i < k; i++)
                    FUZZ_CHECK(inside[i] <= 1, "inside %u", inside[i]);
            }
            break;
        }
        }
        fuzz_status(st);
        if (st != SEPAX_OK)
            FUZZ_CHECK(fingerprint(s, ids, n) == before, "op %u refused (%s) but changed the store",
                       op, sepax_status_string(st));
        fa.countdown = 0;
        fa.failing = 0;
    }
    sepax3_store_destroy(s);
    FUZZ_CHECK(fa.live == 0, "%zu allocations not freed", fa.live);
    return 0;
}
