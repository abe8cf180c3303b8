/* sepax_selftest3: the 3D bitwise backend cross-check and a reference-vs-
 * oracle sample as a plain C program, without Criterion, so that it runs
 * under qemu-user (aarch64: neon, generic) and valgrind.
 *
 *   sepax_selftest3 [--backend NAME] [--pairs N]
 *
 * Scenes: boxes3, spheres_boxes3 and stack3 at a tenth of their size,
 * their broadphase pairs plus random pairs, and a list of hard pairs
 * (faces resting on faces, edges 1e-6 to 1e-2 rad from parallel, one box
 * inside another, plates of aspect 1000, offsets to 1e4, coincident
 * sphere centres). Every backend (or the one named) against scalar, byte
 * for byte: world records and boxes after sepax3_update_world, collide,
 * collide_hits, the broadphase's pairs and point queries. Then the
 * reference against the double oracle (tests/oracle/oracle3.c): hit flags agree
 * outside a band around touching; a hit's depth is the gap along its
 * normal, and moving B by a hair less than the depth along the normal
 * leaves the pair overlapping (the depth is not more than needed).
 * Prints one line per check and "N passed, M failed"; exits 0 only when
 * nothing failed.
 *
 * Hulls and capsules (hull_scene): boxes, spheres, hulls of 4 to 64
 * points and capsules in rounds of random placements, bitwise across
 * backends as above, the reference against tests/oracle/oracle_hull3.c, and each
 * box against the hull of its own corners. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle3.h"
#include "oracle/oracle_hull3.h"
#include "scene3.h"

#define DEFAULT_PAIRS 200000u

static unsigned passed, failed;

static void verdict(int ok, const char *what, const char *detail)
{
    printf("%s: %s%s\n", what, ok ? "ok" : "FAILED: ", ok ? "" : detail);
    if (ok)
        passed++;
    else
        failed++;
}

/* What one backend computes on a store: everything compared bytewise. */
typedef struct outputs {
    unsigned char *world; /* shape_world + aabb per live shape */
    sepax3_result *results;
    sepax3_hit *hits;
    size_t hit_count;
    sepax_pair *broad;
    size_t broad_count;
    uint8_t *inside;
    size_t world_bytes;
} outputs;

typedef struct job {
    sepax3_store *store;
    const sepax_shape_id *ids;
    size_t shapes;
    const sepax_pair *pairs;
    size_t pairs_count;
    const sepax3_point_query *queries;
    size_t query_count;
} job;

/* The grouped call over the same pairs (sepax3_group_pairs first) must
 * give the plain call's results, pair for pair, on every backend, the
 * reference included (the 3D kernels are one text, so a fault in them
 * would pass a comparison with scalar): the first differing pair is
 * named and the run fails. */
static int grouped_into(const job *j, sepax3_result *results)
{
    const size_t n = j->pairs_count ? j->pairs_count : 1;
    sepax_pair *grouped = malloc(n * sizeof *grouped);
    uint32_t *from = malloc(n * sizeof *from);
    sepax3_result *got = malloc(n * sizeof *got);
    size_t starts[SEPAX3_PAIR_GROUPS + 1];
    int ok = grouped && from && got &&
             sepax3_group_pairs(j->store, j->pairs, j->pairs_count, grouped, starts, from,
                                NULL) == SEPAX_OK &&
             sepax3_collide_grouped(j->store, grouped, starts, got, NULL) == SEPAX_OK;
    for (size_t k = 0; ok && k < j->pairs_count; k++)
        if (memcmp(&got[k], &results[from[k]], sizeof *got) != 0) {
            fprintf(stderr, "the grouped call's result for pair %u differs from the plain call's\n",
                    (unsigned)from[k]);
            ok = 0;
        }
    free(grouped);
    free(from);
    free(got);
    return ok;
}

static int compute(const job *j, outputs *o)
{
    const size_t rec = sizeof(sepax3_world_shape) + 2 * sizeof(sepax3_vec);
    o->world_bytes = j->shapes * rec;
    o->world = calloc(j->shapes ? j->shapes : 1, rec);
    o->results = malloc((j->pairs_count ? j->pairs_count : 1) * sizeof *o->results);
    o->hits = malloc((j->pairs_count ? j->pairs_count : 1) * sizeof *o->hits);
    o->inside = malloc(j->query_count ? j->query_count : 1);
    if (!o->world || !o->results || !o->hits || !o->inside)
        return 0;
    if (sepax3_update_world(j->store) != SEPAX_OK)
        return 0;
    for (size_t i = 0; i < j->shapes; i++) {
        unsigned char *at = o->world + i * rec;
        sepax3_world_shape w;
        sepax3_vec lo, hi;
        if (sepax3_shape_world(j->store, j->ids[i], &w) != SEPAX_OK ||
            sepax3_shape_aabb(j->store, j->ids[i], &lo, &hi) != SEPAX_OK)
            return 0;
        memcpy(at, &w, sizeof w);
        memcpy(at + sizeof w, &lo, sizeof lo);
        memcpy(at + sizeof w + sizeof lo, &hi, sizeof hi);
    }
    if (sepax3_collide(j->store, j->pairs, j->pairs_count, o->results, NULL) != SEPAX_OK ||
        !grouped_into(j, o->results))
        return 0;
    if (sepax3_collide_hits(j->store, j->pairs, j->pairs_count, o->hits, j->pairs_count,
                            &o->hit_count, NULL) != SEPAX_OK)
        return 0;
    if (sepax3_broadphase(j->store, NULL, 0, &o->broad_count) != SEPAX_OK &&
        o->broad_count == 0)
        return 0;
    o->broad = malloc((o->broad_count ? o->broad_count : 1) * sizeof *o->broad);
    if (!o->broad ||
        sepax3_broadphase(j->store, o->broad, o->broad_count, &o->broad_count) != SEPAX_OK)
        return 0;
    return sepax3_query_points(j->store, j->queries, j->query_count, o->inside, NULL) ==
           SEPAX_OK;
}

static void release(outputs *o)
{
    free(o->world);
    free(o->results);
    free(o->hits);
    free(o->broad);
    free(o->inside);
    memset(o, 0, sizeof *o);
}

static size_t differing(const void *a, const void *b, size_t n, size_t unit)
{
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        d += memcmp((const char *)a + i * unit, (const char *)b + i * unit, unit) != 0;
    return d;
}

static void cross_check(const char *scene, const job *j, int only)
{
    outputs want = {0};
    char what[128], msg[256];
    sepax3_store_set_backend(j->store, SEPAX_BACKEND_SCALAR);
    snprintf(what, sizeof what, "%s: scalar runs", scene);
    if (!compute(j, &want)) {
        verdict(0, what, "a call failed");
        release(&want);
        return;
    }
    for (int b = 1; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b) || (only >= 0 && b != only))
            continue;
        outputs got = {0};
        snprintf(what, sizeof what, "%s: %s = scalar (%zu shapes, %zu pairs, %zu queries)", scene,
                 sepax_backend_name((sepax_backend)b), j->shapes, j->pairs_count, j->query_count);
        if (sepax3_store_set_backend(j->store, (sepax_backend)b) != SEPAX_OK || !compute(j, &got)) {
            verdict(0, what, "a call failed");
            release(&got);
            continue;
        }
        const size_t dw = memcmp(want.world, got.world, want.world_bytes) != 0;
        const size_t dr = differing(want.results, got.results, j->pairs_count, sizeof *got.results);
        const size_t dh = want.hit_count != got.hit_count ||
                          memcmp(want.hits, got.hits, got.hit_count * sizeof *got.hits) != 0;
        const size_t db = want.broad_count != got.broad_count ||
                          memcmp(want.broad, got.broad, got.broad_count * sizeof *got.broad) != 0;
        const size_t dq = differing(want.inside, got.inside, j->query_count, 1);
        snprintf(msg, sizeof msg, "world %zu, results %zu, hits %zu, broadphase %zu, points %zu",
                 dw, dr, dh, db, dq);
        verdict(dw + dr + dh + db + dq == 0, what, msg);
        release(&got);
    }
    sepax3_store_set_backend(j->store, SEPAX_BACKEND_SCALAR);
    release(&want);
}

/* The reference against the oracle, on every pair of the job. */
static void oracle_check(const char *scene, const job *j)
{
    sepax3_result *res = malloc((j->pairs_count ? j->pairs_count : 1) * sizeof *res);
    char what[128], msg[512] = "";
    size_t bad = 0, checked = 0;
    sepax3_store_set_backend(j->store, SEPAX_BACKEND_SCALAR);
    if (!res || sepax3_collide(j->store, j->pairs, j->pairs_count, res, NULL) != SEPAX_OK) {
        snprintf(what, sizeof what, "%s: oracle", scene);
        verdict(0, what, "collide failed");
        free(res);
        return;
    }
    for (size_t i = 0; i < j->pairs_count; i++) {
        oracle3_shape A, B;
        if (!oracle3_from_store(j->store, j->pairs[i].a, &A) ||
            !oracle3_from_store(j->store, j->pairs[i].b, &B))
            continue;
        const double ref = oracle3_separation(&A, &B);
        const double band =
            SEPAX3_EDGE_TOLERANCE * oracle3_size(&A, &B) + 8.0 * FLT_EPSILON * oracle3_scale(&A, &B);
        const int hit = (res[i].flags & SEPAX_HIT) != 0;
        const double n2 = (double)res[i].normal.x * res[i].normal.x +
                          (double)res[i].normal.y * res[i].normal.y +
                          (double)res[i].normal.z * res[i].normal.z;
        const char *why = NULL;
        if (fabs(sqrt(n2) - 1.0) > 1e-5)
            why = "normal not of unit length";
        else if (fabs(ref) > band && hit != (ref <= 0.0))
            why = "hit flag against the oracle";
        else if (hit && fabs(oracle3_gap_along(&A, &B, res[i].normal) - res[i].separation) > band)
            why = "depth is not the gap along the normal";
        else if (hit && ref < -band) {
            /* B moved by a hair less than the depth still overlaps A */
            const double move = -res[i].separation - band;
            const double n[3] = {res[i].normal.x, res[i].normal.y, res[i].normal.z};
            oracle3_shape moved = B;
            for (int k = 0; k < 3; k++)
                moved.c[k] += move * n[k];
            if (move > 0.0 && oracle3_separation(&A, &moved) > band)
                why = "a shorter move along the normal already separates";
        }
        checked++;
        if (why) {
            if (!bad)
                snprintf(msg, sizeof msg, "pair %zu: %s (separation %.9g, oracle %.9g, axis %u)",
                         i, why, res[i].separation, ref, res[i].axis);
            bad++;
        }
    }
    snprintf(what, sizeof what, "%s: reference against the oracle (%zu pairs)", scene, checked);
    verdict(bad == 0, what, msg);
    free(res);
}

/* Pairs resting, nearly parallel, nested, thin and far, as (A, B)
 * shapes added to the store; their ids go to ids, pairs to pairs. */
static size_t hard_pairs(sepax3_store *s, cases_rng *r, size_t want, sepax_shape_id *ids,
                         sepax_pair *pairs)
{
    size_t n = 0;
    for (size_t i = 0; i < want; i++) {
        const int kind = (int)(i % 6);
        const double off = kind == 4 ? 1e4 : 0.0;
        /* each pair in a cell of its own, so that the broadphase of this
         * store stays near one pair per pair */
        const double cell[3] = {10.0 * (double)(i % 64), 10.0 * (double)(i / 64 % 64),
                                10.0 * (double)(i / 4096)};
        const double p0[3] = {cell[0] + cases_rng_range(r, -off, off),
                              cell[1] + cases_rng_range(r, -off, off),
                              cell[2] + cases_rng_range(r, -off, off)};
        double h0[3] = {cases_rng_range(r, 0.5, 2.0), cases_rng_range(r, 0.5, 2.0),
                        cases_rng_range(r, 0.5, 2.0)};
        double h1[3] = {cases_rng_range(r, 0.2, 2.0), cases_rng_range(r, 0.2, 2.0),
                        cases_rng_range(r, 0.2, 2.0)};
        if (kind == 3)
            h0[2] = h0[0] / 1000.0, h1[2] = h1[0] / 1000.0;
        double angle = 0.0, p1[3] = {p0[0], p0[1], p0[2]};
        switch (kind) {
        case 0: /* resting face on face, exactly (axis-aligned, sums exact) */
            h0[2] = 0.5, h1[2] = 0.25;
            p1[0] += cases_rng_range(r, -0.5, 0.5);
            p1[2] += 0.75;
            break;
        case 1: /* near parallel */
            angle = pow(10.0, cases_rng_range(r, -6.0, -2.0));
            p1[2] += h0[2] + h1[2] + cases_rng_range(r, -1e-3, 1e-3);
            p1[0] += cases_rng_range(r, -0.5, 0.5);
            break;
        case 2: /* one inside the other */
            for (int k = 0; k < 3; k++)
                h1[k] = h0[k] * 0.3;
            angle = cases_rng_range(r, 0.0, 1.0);
            break;
        default: /* thin, far, or plain random, near contact */
            angle = cases_rng_range(r, 0.0, 3.0);
            for (int k = 0; k < 3; k++)
                p1[k] += cases_rng_range(r, -1.5, 1.5);
            break;
        }
        sepax_shape_id a, b;
        const sepax3_quat none = {1, 0, 0, 0};
        if (kind == 5 && i % 12 == 5) { /* spheres, some on one centre */
            if (sepax3_add_sphere(s, (sepax3_vec){0, 0, 0}, (float)h0[0], &a) != SEPAX_OK ||
                sepax3_add_sphere(s, (sepax3_vec){0, 0, 0}, (float)h1[0], &b) != SEPAX_OK)
                continue;
            if (i % 24 == 5)
                p1[0] = p0[0], p1[1] = p0[1], p1[2] = p0[2];
        } else if (sepax3_add_box(s, (sepax3_vec){0, 0, 0},
                                  (sepax3_vec){(float)h0[0], (float)h0[1], (float)h0[2]}, none,
                                  &a) != SEPAX_OK ||
                   sepax3_add_box(s, (sepax3_vec){0, 0, 0},
                                  (sepax3_vec){(float)h1[0], (float)h1[1], (float)h1[2]}, none,
                                  &b) != SEPAX_OK) {
            continue;
        }
        const sepax3_transform xa = {{(float)p0[0], (float)p0[1], (float)p0[2]}, none};
        const sepax3_transform xb = {
            {(float)p1[0], (float)p1[1], (float)p1[2]},
            sepax3_quat_axis_angle((sepax3_vec){(float)cases_rng_range(r, -1, 1),
                                                (float)cases_rng_range(r, -1, 1), 1.0f},
                                   (float)angle)};
        if (sepax3_set_transforms(s, &a, &xa, 1) != SEPAX_OK ||
            sepax3_set_transforms(s, &b, &xb, 1) != SEPAX_OK)
            continue;
        ids[2 * n] = a, ids[2 * n + 1] = b;
        pairs[n].a = i % 2 ? b : a;
        pairs[n].b = i % 2 ? a : b;
        n++;
    }
    return n;
}

/* Points whose hull is one of the test shapes: on a sphere, on an
 * ellipsoid, in a cube, a needle, a slab, a tetrahedron; 4 to 64 points,
 * mostly few (the oracle's cost grows as the fourth power). */
static size_t hull_points(cases_rng *r, sepax3_vec *p)
{
    const int shape = cases_rng_int(r, 0, 5);
    const double u = cases_rng_unit(r);
    size_t n = shape == 5 ? 4 : u < 0.6 ? (size_t)cases_rng_int(r, 4, 12)
                              : u < 0.9 ? (size_t)cases_rng_int(r, 13, 32)
                                        : (size_t)cases_rng_int(r, 33, 64);
    double ax[3] = {1, 1, 1};
    if (shape == 1)
        ax[0] = cases_rng_range(r, 0.3, 1.5), ax[1] = cases_rng_range(r, 0.3, 1.5),
        ax[2] = cases_rng_range(r, 0.3, 1.5);
    if (shape == 3)
        ax[0] = cases_rng_range(r, 2, 4), ax[1] = ax[2] = 0.05;
    if (shape == 4)
        ax[2] = 0.02;
    for (size_t i = 0; i < n; i++) {
        double v[3];
        if (shape <= 1) { /* on the unit sphere, then stretched */
            double len;
            do {
                for (int k = 0; k < 3; k++)
                    v[k] = cases_rng_range(r, -1, 1);
                len = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            } while (len < 0.1 || len > 1);
            for (int k = 0; k < 3; k++)
                v[k] /= len;
        } else {
            for (int k = 0; k < 3; k++)
                v[k] = cases_rng_range(r, -1, 1);
        }
        p[i] = (sepax3_vec){(float)(v[0] * ax[0]), (float)(v[1] * ax[1]), (float)(v[2] * ax[2])};
    }
    return n;
}

/* The reference against oracle_hull3 on every pair, within the band
 * oh3_disagreement states (the edge tolerance plus a few float spacings
 * of the pair's scale). */
static void oracle_hull_check(const char *scene, const job *j, oh3_shape *shapes,
                              const size_t *index_of)
{
    sepax3_result *res = malloc((j->pairs_count ? j->pairs_count : 1) * sizeof *res);
    char what[160], msg[512] = "";
    size_t bad = 0;
    sepax3_store_set_backend(j->store, SEPAX_BACKEND_SCALAR);
    if (!res || sepax3_collide(j->store, j->pairs, j->pairs_count, res, NULL) != SEPAX_OK) {
        verdict(0, scene, "collide failed");
        free(res);
        return;
    }
    for (size_t i = 0; i < j->pairs_count; i++) {
        const oh3_shape *A = &shapes[index_of[SEPAX_ID_SLOT(j->pairs[i].a)]];
        const oh3_shape *B = &shapes[index_of[SEPAX_ID_SLOT(j->pairs[i].b)]];
        const double ref = oh3_separation(A, B);
        sepax3_world_shape wa, wb;
        sepax3_shape_world(j->store, j->pairs[i].a, &wa);
        sepax3_shape_world(j->store, j->pairs[i].b, &wb);
        const double size = (double)wa.half_extents.x + wa.half_extents.y + wa.half_extents.z +
                            wb.half_extents.x + wb.half_extents.y + wb.half_extents.z;
        const sepax3_result *o = &res[i];
        double band;
        const char *why = oh3_disagreement(A, B, o, ref, size, &band);
        if (why) {
            if (!bad)
                snprintf(msg, sizeof msg,
                         "pair %zu (kinds %d %d): %s (separation %.9g, oracle %.9g, gap %.9g, "
                         "axis %u, band %.3g)",
                         i, A->round, B->round, why, o->separation, ref,
                         oh3_gap_along(A, B, (const double[3]){o->normal.x, o->normal.y, o->normal.z}),
                         o->axis, band);
            bad++;
        }
    }
    snprintf(what, sizeof what, "%s: reference against the hull oracle (%zu pairs)", scene,
             j->pairs_count);
    verdict(bad == 0, what, msg);
    free(res);
}

/* Boxes, spheres, hulls and capsules in equal shares, each box also added
 * as the hull of its corners; rounds of random placements (some 1e4 from
 * the origin), each with the pairs of shapes whose centres are near, and
 * a few touching ones. Every backend against scalar, the oracle, and a
 * box against its hull twin. */
static void hull_scene(size_t want_pairs, int only, uint64_t seed)
{
    cases_rng r;
    cases_rng_seed(&r, seed);
    const size_t n = want_pairs / 60 + 24, rounds = 10;
    sepax3_store *s = NULL;
    sepax_shape_id *ids = malloc(2 * n * sizeof *ids);
    size_t *index_of = malloc(2 * n * sizeof *index_of);
    oh3_shape *shapes = malloc(2 * n * sizeof *shapes);
    sepax_pair *pairs = malloc((want_pairs / rounds + 2 * n + 1) * sizeof *pairs);
    sepax_pair *twins = malloc((want_pairs / rounds + 2 * n + 1) * sizeof *twins);
    sepax3_point_query *q = malloc(n * sizeof *q);
    sepax3_transform *xf = malloc(2 * n * sizeof *xf);
    size_t *twin_of_box = malloc((n / 4 + 1) * sizeof *twin_of_box);
    if (!ids || !index_of || !shapes || !pairs || !twins || !q || !xf || !twin_of_box ||
        sepax3_store_create(NULL, &s) != SEPAX_OK) {
        verdict(0, "hulls3", "out of memory");
        goto done;
    }
    size_t count = 0;
    const sepax3_quat none = {1, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        sepax_status st;
        const sepax3_vec zero = {0, 0, 0};
        switch (i % 4) {
        case 0: {
            const sepax3_vec h = {(float)cases_rng_range(&r, 0.2, 1.2),
                                  (float)cases_rng_range(&r, 0.2, 1.2),
                                  (float)cases_rng_range(&r, 0.2, 1.2)};
            st = sepax3_add_box(s, zero, h, none, &ids[count]);
            break;
        }
        case 1:
            st = sepax3_add_sphere(s, zero, (float)cases_rng_range(&r, 0.2, 1.0), &ids[count]);
            break;
        case 2: {
            sepax3_vec p[64];
            const size_t m = hull_points(&r, p);
            st = sepax3_add_hull(s, p, m, &ids[count]);
            break;
        }
        default: {
            const double hl = cases_rng_range(&r, 0.1, 1.5);
            st = sepax3_add_capsule(s, (sepax3_vec){(float)-hl, 0, 0}, (sepax3_vec){(float)hl, 0, 0},
                                    (float)cases_rng_range(&r, 0.1, 0.6), &ids[count]);
            break;
        }
        }
        if (st != SEPAX_OK) {
            char m[96];
            snprintf(m, sizeof m, "shape %zu not added: %s", i, sepax_status_string(st));
            verdict(0, "hulls3: store", m);
            goto done;
        }
        count++;
    }
    /* each box's twin: the hull of its corners */
    const size_t first = count;
    for (size_t i = 0; i < first; i += 4) {
        sepax3_shape_desc d;
        sepax3_shape_info(s, ids[i], &d);
        sepax3_vec c[8];
        for (int k = 0; k < 8; k++)
            c[k] = (sepax3_vec){(k & 1) ? d.half_extents.x : -d.half_extents.x,
                                (k & 2) ? d.half_extents.y : -d.half_extents.y,
                                (k & 4) ? d.half_extents.z : -d.half_extents.z};
        if (sepax3_add_hull(s, c, 8, &ids[count]) != SEPAX_OK) {
            verdict(0, "hulls3: store", "a box's corners make no hull");
            goto done;
        }
        twin_of_box[i / 4] = count++;
    }
    const double side = 2.2 * cbrt((double)first);
    size_t total = 0, twin_bad = 0, twin_pairs = 0;
    char twin_msg[256] = "";
    for (size_t round = 0; round < rounds; round++) {
        const double off = round % 3 == 2 ? 1e4 : 0.0;
        for (size_t i = 0; i < first; i++) {
            xf[i].p = (sepax3_vec){(float)(off + cases_rng_range(&r, 0, side)),
                                   (float)(off + cases_rng_range(&r, 0, side)),
                                   (float)(off + cases_rng_range(&r, 0, side))};
            xf[i].q = sepax3_quat_axis_angle(
                (sepax3_vec){(float)cases_rng_range(&r, -1, 1), (float)cases_rng_range(&r, -1, 1),
                             (float)cases_rng_range(&r, -1, 1)},
                (float)cases_rng_range(&r, 0, 6.3));
        }
        /* a few exact contacts: a shape set down on the one before it,
         * both unturned, along z */
        for (size_t i = 8; i + 1 < first; i += 16) {
            sepax3_vec lo0, hi0, lo1, hi1;
            xf[i].q = xf[i + 1].q = none;
            xf[i + 1].p = xf[i].p;
            sepax3_set_transforms(s, &ids[i], &xf[i], 2);
            sepax3_shape_aabb(s, ids[i], &lo0, &hi0);
            sepax3_shape_aabb(s, ids[i + 1], &lo1, &hi1);
            xf[i + 1].p.z = xf[i].p.z + (float)(((double)hi0.z - xf[i].p.z) + (xf[i].p.z - lo1.z));
        }
        for (size_t i = 0; i < first; i += 4)
            xf[twin_of_box[i / 4]] = xf[i];
        if (sepax3_set_transforms(s, ids, xf, count) != SEPAX_OK) {
            verdict(0, "hulls3", "set_transforms failed");
            goto done;
        }
        size_t np = 0, nt = 0;
        const size_t cap = want_pairs / rounds + 2 * n;
        for (size_t i = 0; i < first && np < cap; i++)
            for (size_t k = i + 1; k < first && np < cap; k++) {
                const double dx = xf[i].p.x - xf[k].p.x, dy = xf[i].p.y - xf[k].p.y,
                             dz = xf[i].p.z - xf[k].p.z;
                if (dx * dx + dy * dy + dz * dz > 9.0)
                    continue;
                pairs[np++] = (k + i) % 2 ? (sepax_pair){ids[i], ids[k]} : (sepax_pair){ids[k], ids[i]};
                /* the same pair with the box's twin in its place */
                if (i % 4 == 0 || k % 4 == 0) {
                    const size_t ti = i % 4 == 0 ? twin_of_box[i / 4] : i;
                    const size_t tk = k % 4 == 0 ? twin_of_box[k / 4] : k;
                    twins[nt++] = (sepax_pair){ids[ti], ids[tk]};
                    twins[nt++] = (sepax_pair){ids[i], ids[k]};
                }
            }
        for (size_t i = 0; i < count; i++) {
            index_of[SEPAX_ID_SLOT(ids[i])] = i;
            if (!oh3_from_store(s, ids[i], &shapes[i])) {
                verdict(0, "hulls3", "oracle shape failed");
                goto done;
            }
        }
        for (size_t i = 0; i < n; i++) {
            q[i].shape = ids[i];
            q[i].point = (sepax3_vec){xf[i].p.x + (float)cases_rng_range(&r, -1.5, 1.5),
                                      xf[i].p.y + (float)cases_rng_range(&r, -1.5, 1.5),
                                      xf[i].p.z + (float)cases_rng_range(&r, -1.5, 1.5)};
        }
        char name[64];
        snprintf(name, sizeof name, "hulls3 round %zu%s", round, off ? " (1e4 away)" : "");
        const job j = {s, ids, count, pairs, np, q, n};
        cross_check(name, &j, only);
        oracle_hull_check(name, &j, shapes, index_of);
        total += np;
        /* a box and its hull twin: the same hit outside the band, the
         * depths within it */
        sepax3_result *tr = malloc((nt + 1) * sizeof *tr);
        if (tr && sepax3_collide(s, twins, nt, tr, NULL) == SEPAX_OK) {
            for (size_t t = 0; t < nt; t += 2) {
                const sepax3_result *h = &tr[t], *b = &tr[t + 1];
                const double band = 1e-4 * (1.0 + fabs(b->separation)) + 32.0 * FLT_EPSILON * (off + side);
                twin_pairs++;
                /* apart, a hull pair answers with the first family of
                 * axes that separates, the box test with its best axis */
                if ((b->separation <= band && fabs(h->separation - b->separation) > band) ||
                    (fabs(b->separation) > band && (h->flags & SEPAX_HIT) != (b->flags & SEPAX_HIT))) {
                    if (!twin_bad)
                        snprintf(twin_msg, sizeof twin_msg,
                                 "round %zu pair %zu: as a hull %.9g (axis %u), as a box %.9g (axis %u)",
                                 round, t / 2, h->separation, h->axis, b->separation, b->axis);
                    twin_bad++;
                }
            }
        }
        free(tr);
    }
    char what[128];
    snprintf(what, sizeof what, "hulls3: a box and the hull of its corners agree (%zu pairs)",
             twin_pairs);
    verdict(twin_bad == 0 && twin_pairs > 0, what, twin_msg);
    printf("hulls3: %zu pairs against the oracle\n", total);
done:
    sepax3_store_destroy(s);
    free(ids), free(index_of), free(shapes), free(pairs), free(twins), free(q), free(xf);
    free(twin_of_box);
}

static void run_scene(const char *name, sepax_scene3_params p, size_t random_pairs, int only,
                      uint64_t seed)
{
    sepax_scene3 scene;
    sepax3_store *s = NULL;
    if (sepax_scene3_generate(&p, &scene) != 0 || sepax3_store_create(NULL, &s) != SEPAX_OK) {
        verdict(0, name, "out of memory");
        return;
    }
    sepax_shape_id *ids = malloc((scene.shape_count + 1) * sizeof *ids);
    size_t nb = 0;
    sepax_pair *pairs = NULL;
    sepax3_point_query *q = malloc((random_pairs + 1) * sizeof *q);
    if (!ids || !q || sepax_scene3_load(&scene, s, ids, NULL) != 0 ||
        (sepax3_broadphase(s, NULL, 0, &nb) != SEPAX_OK && nb == 0) ||
        !(pairs = malloc((nb + random_pairs + 1) * sizeof *pairs)) ||
        sepax3_broadphase(s, pairs, nb, &nb) != SEPAX_OK) {
        verdict(0, name, "scene set-up failed");
    } else {
        cases_rng r;
        cases_rng_seed(&r, seed);
        const int last = (int)scene.shape_count - 1;
        for (size_t i = 0; i < random_pairs; i++) {
            const int a = cases_rng_int(&r, 0, last);
            int b = cases_rng_int(&r, 0, last - 1);
            b += b >= a;
            pairs[nb + i] = (sepax_pair){ids[a], ids[b]};
            q[i].shape = ids[a];
            q[i].point = (sepax3_vec){
                (float)cases_rng_range(&r, 0, scene.extent), (float)cases_rng_range(&r, 0, scene.extent),
                (float)cases_rng_range(&r, 0, p.stack ? 12 : scene.extent)};
        }
        const job j = {s, ids, scene.shape_count, pairs, nb + random_pairs, q, random_pairs};
        cross_check(name, &j, only);
        oracle_check(name, &j);
    }
    free(pairs);
    free(q);
    free(ids);
    sepax3_store_destroy(s);
    sepax_scene3_free(&scene);
}

int main(int argc, char **argv)
{
    int only = -1;
    size_t want = cases_scaled(DEFAULT_PAIRS);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            sepax_backend b;
            if (sepax_backend_from_name(argv[++i], &b) != SEPAX_OK) {
                fprintf(stderr, "sepax_selftest3: unknown backend %s\n", argv[i]);
                return 2;
            }
            only = (int)b;
        } else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc) {
            want = strtoul(argv[++i], NULL, 10);
        } else {
            fprintf(stderr, "usage: sepax_selftest3 [--backend NAME] [--pairs N]\n");
            return 2;
        }
    }
    if (only >= 0 && !sepax_backend_available((sepax_backend)only)) {
        fprintf(stderr, "sepax_selftest3: backend %s is not available here\n",
                sepax_backend_name((sepax_backend)only));
        return 2;
    }
    const size_t per_scene = want / 4 + 1;
    sepax_scene3_params boxes = sepax_scene3_params_boxes();
    boxes.shapes = per_scene / 3 + 2;
    run_scene("boxes3", boxes, per_scene / 2, only, 11);
    sepax_scene3_params mixed = sepax_scene3_params_spheres_boxes();
    mixed.shapes = per_scene / 3 + 2;
    run_scene("spheres_boxes3", mixed, per_scene / 2, only, 12);
    sepax_scene3_params stack = sepax_scene3_params_stack();
    stack.shapes = per_scene / 12 + 24;
    run_scene("stack3", stack, per_scene / 4, only, 13);

    hull_scene(want * 2 / 3 + 1, only, 15);

    /* the hard pairs, in a store of their own */
    sepax3_store *s;
    if (sepax3_store_create(NULL, &s) == SEPAX_OK) {
        cases_rng r;
        cases_rng_seed(&r, 14);
        const size_t n = per_scene;
        sepax_shape_id *ids = malloc(2 * n * sizeof *ids);
        sepax_pair *pairs = malloc(n * sizeof *pairs);
        sepax3_point_query *q = malloc(n * sizeof *q);
        if (ids && pairs && q) {
            const size_t got = hard_pairs(s, &r, n, ids, pairs);
            for (size_t i = 0; i < got; i++) {
                sepax3_world_shape w;
                q[i].shape = pairs[i].a;
                sepax3_shape_world(s, pairs[i].a, &w);
                q[i].point = (sepax3_vec){w.centre.x + (float)cases_rng_range(&r, -2, 2),
                                          w.centre.y + (float)cases_rng_range(&r, -2, 2),
                                          w.centre.z + (float)cases_rng_range(&r, -2, 2)};
            }
            const job j = {s, ids, 2 * got, pairs, got, q, got};
            cross_check("hard pairs", &j, only);
            oracle_check("hard pairs", &j);
        } else {
            verdict(0, "hard pairs", "out of memory");
        }
        free(ids);
        free(pairs);
        free(q);
        sepax3_store_destroy(s);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
