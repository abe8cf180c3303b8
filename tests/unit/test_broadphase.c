/* The broadphase against brute force over the library's own boxes, and
 * against the banded sort-and-sweep it replaced on generated scenes. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "scene.h"
#include "sepax/sepax.h"

typedef struct key {
    uint32_t a, b;
} key;

static int key_cmp(const void *x, const void *y)
{
    const key *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return 0;
}

/* Every overlapping (or touching) pair of live shapes by slot, a < b. */
static key *brute(const sepax_store *s, size_t *count)
{
    uint32_t limit = sepax_store_slot_limit(s);
    sepax_vec2 *lo = malloc((limit + 1) * sizeof *lo), *hi = malloc((limit + 1) * sizeof *hi);
    char *live = calloc(limit + 1, 1);
    cr_assert(lo && hi && live);
    for (uint32_t k = 0; k < limit; k++) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s, k, &id) != SEPAX_OK)
            continue;
        cr_assert_eq(sepax_shape_aabb(s, id, &lo[k], &hi[k]), SEPAX_OK);
        live[k] = 1;
    }
    size_t cap = 1024, n = 0;
    key *out = malloc(cap * sizeof *out);
    cr_assert(out);
    for (uint32_t i = 0; i < limit; i++) {
        if (!live[i])
            continue;
        for (uint32_t j = i + 1; j < limit; j++) {
            if (!live[j])
                continue;
            if (lo[i].x <= hi[j].x && lo[j].x <= hi[i].x && lo[i].y <= hi[j].y &&
                lo[j].y <= hi[i].y) {
                if (n == cap) {
                    cap *= 2;
                    out = realloc(out, cap * sizeof *out);
                    cr_assert(out);
                }
                out[n].a = i;
                out[n].b = j;
                n++;
            }
        }
    }
    free(lo);
    free(hi);
    free(live);
    *count = n;
    return out;
}

static sepax_pair *run(const sepax_store *s, size_t *count)
{
    size_t n = 0;
    sepax_status st = sepax_broadphase(s, NULL, 0, &n);
    cr_assert(st == SEPAX_OK || st == SEPAX_ERR_CAPACITY, "%s", sepax_status_string(st));
    cr_assert_eq(st == SEPAX_ERR_CAPACITY, n > 0);
    sepax_pair *p = malloc((n + 1) * sizeof *p);
    cr_assert(p);
    size_t again = 0;
    cr_assert_eq(sepax_broadphase(s, p, n + 1, &again), SEPAX_OK);
    cr_assert_eq(again, n);
    *count = n;
    return p;
}

/* The list of one call against brute force: every overlapping pair once,
 * lower slot first, live ids, and the same list on a second call. */
static sepax_pair *check_one(const sepax_store *s, const key *want, size_t nb, const char *what,
                             size_t *count)
{
    size_t np = 0;
    sepax_pair *got = run(s, &np);
    key *keys = malloc((np + 1) * sizeof *keys);
    cr_assert(keys);
    for (size_t i = 0; i < np; i++) {
        cr_assert_eq(sepax_shape_check(s, got[i].a), SEPAX_OK, "%s: pair %zu names a dead id",
                     what, i);
        cr_assert_eq(sepax_shape_check(s, got[i].b), SEPAX_OK, "%s: pair %zu names a dead id",
                     what, i);
        keys[i].a = SEPAX_ID_SLOT(got[i].a);
        keys[i].b = SEPAX_ID_SLOT(got[i].b);
        cr_assert(keys[i].a < keys[i].b, "%s: pair %zu has slots %u, %u out of order", what, i,
                  keys[i].a, keys[i].b);
    }
    qsort(keys, np, sizeof *keys, key_cmp);
    for (size_t i = 1; i < np; i++)
        cr_assert(key_cmp(&keys[i - 1], &keys[i]) != 0, "%s: pair (%u, %u) reported twice", what,
                  keys[i].a, keys[i].b);
    /* Report the first difference, not just the counts. */
    size_t i = 0, j = 0;
    while (i < np && j < nb) {
        int c = key_cmp(&keys[i], &want[j]);
        cr_assert(c >= 0, "%s: (%u, %u) reported but the boxes do not touch", what, keys[i].a,
                  keys[i].b);
        cr_assert(c <= 0, "%s: (%u, %u) overlap but were not reported", what, want[j].a,
                  want[j].b);
        i++;
        j++;
    }
    cr_assert(i == np, "%s: (%u, %u) reported but the boxes do not touch", what,
              i < np ? keys[i].a : 0, i < np ? keys[i].b : 0);
    cr_assert(j == nb, "%s: (%u, %u) overlap but were not reported", what,
              j < nb ? want[j].a : 0, j < nb ? want[j].b : 0);

    /* A second call gives the same list in the same order. */
    size_t np2 = 0;
    sepax_pair *got2 = run(s, &np2);
    cr_assert_eq(np2, np);
    cr_assert(np == 0 || memcmp(got, got2, np * sizeof *got) == 0, "%s: order changed", what);
    free(got2);
    free(keys);
    *count = np;
    return got;
}

/* check_one on every backend this machine runs (the sweep is the
 * backend's: four, eight or sixteen candidates per compare), and the same
 * bytes from each; the store's backend is restored. */
static void compare(sepax_store *s, const char *what)
{
    size_t nb = 0, n0 = 0;
    key *want = brute(s, &nb);
    const sepax_backend before = sepax_store_backend(s);
    sepax_pair *first = NULL;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
        char label[160];
        snprintf(label, sizeof label, "%s (%s)", what, sepax_backend_name((sepax_backend)b));
        size_t n = 0;
        sepax_pair *got = check_one(s, want, nb, label, &n);
        if (!first) {
            first = got, n0 = n;
            continue;
        }
        cr_assert_eq(n, n0, "%s: %zu pairs, the first backend %zu", label, n, n0);
        cr_assert(n == 0 || memcmp(got, first, n * sizeof *got) == 0,
                  "%s: another order than the first backend's", label);
        free(got);
    }
    cr_assert_eq(sepax_store_set_backend(s, before), SEPAX_OK);
    free(first);
    free(want);
}

/* n shapes scattered over a square sized for a few neighbours each; a
 * share of them sit on a lattice so that boxes touch exactly and share
 * lower x coordinates. */
static void populate(sepax_store *s, cases_rng *r, size_t n, sepax_shape_id *ids)
{
    double side = 3 * sqrt((double)n + 1);
    for (size_t k = 0; k < n; k++) {
        sepax_shape_id id;
        int lattice = cases_rng_unit(r) < 0.3;
        float cx, cy, hx, hy;
        if (lattice) {
            cx = (float)cases_rng_int(r, 0, (int)side);
            cy = (float)cases_rng_int(r, 0, (int)side);
            hx = hy = 0.5f;
        } else {
            cx = (float)cases_rng_range(r, 0, side);
            cy = (float)cases_rng_range(r, 0, side);
            hx = (float)cases_rng_range(r, 0.1, 2);
            hy = (float)cases_rng_range(r, 0.1, 2);
        }
        float angle = lattice ? 0 : (float)cases_rng_range(r, -3, 3);
        cr_assert_eq(sepax_add_box(s, (sepax_vec2){0, 0}, (sepax_vec2){hx, hy}, angle, &id),
                     SEPAX_OK);
        sepax_transform t = {{cx, cy}, {1, 0}};
        cr_assert_eq(sepax_set_transforms(s, &id, &t, 1), SEPAX_OK);
        if (ids)
            ids[k] = id;
    }
}

Test(broadphase, empty_and_single)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    size_t n = 99;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &n), SEPAX_OK);
    cr_assert_eq(n, 0u);
    sepax_shape_id id;
    cr_assert_eq(sepax_add_box(s, (sepax_vec2){0, 0}, (sepax_vec2){1, 1}, 0, &id), SEPAX_OK);
    n = 99;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &n), SEPAX_OK);
    cr_assert_eq(n, 0u);
    cr_assert_eq(sepax_broadphase(NULL, NULL, 0, &n), SEPAX_ERR_NULL);
    cr_assert_eq(sepax_broadphase(s, NULL, 0, NULL), SEPAX_ERR_NULL);
    sepax_store_destroy(s);
}

Test(broadphase, touching_boxes_count)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    sepax_shape_id a, b, c, d;
    const sepax_vec2 h = {0.5f, 0.5f};
    cr_assert_eq(sepax_add_box(s, (sepax_vec2){0.5f, 0.5f}, h, 0, &a), SEPAX_OK);
    /* Shares a's right side exactly. */
    cr_assert_eq(sepax_add_box(s, (sepax_vec2){1.5f, 0.5f}, h, 0, &b), SEPAX_OK);
    /* Meets a only at its top-right corner. */
    cr_assert_eq(sepax_add_box(s, (sepax_vec2){1.5f, 1.5f}, h, 0, &c), SEPAX_OK);
    /* One float step to the left of a's left side. */
    const sepax_vec2 v[4] = {{-1, 0}, {nextafterf(0, -1), 0}, {nextafterf(0, -1), 1}, {-1, 1}};
    cr_assert_eq(sepax_add_polygon(s, v, 4, &d), SEPAX_OK);
    size_t n = 0;
    sepax_pair p[8];
    cr_assert_eq(sepax_broadphase(s, p, 8, &n), SEPAX_OK);
    /* a-b (edge), a-c (corner), b-c (edge); d touches nobody. */
    cr_assert_eq(n, 3u, "%zu pairs", n);
    key k[3];
    for (int i = 0; i < 3; i++) {
        k[i].a = p[i].a;
        k[i].b = p[i].b;
    }
    qsort(k, 3, sizeof *k, key_cmp);
    cr_assert(k[0].a == a && k[0].b == b);
    cr_assert(k[1].a == a && k[1].b == c);
    cr_assert(k[2].a == b && k[2].b == c);
    compare(s, "touching");
    sepax_store_destroy(s);
}

Test(broadphase, random_scenes_match_brute_force, .timeout = 300)
{
    const size_t sizes[] = {2, 3, 10, 50, 200, 1000, 3000};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        sepax_store *s;
        cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
        cases_rng r;
        cases_rng_seed(&r, 100 + k);
        sepax_shape_id *ids = malloc(2 * sizes[k] * sizeof *ids);
        cr_assert(ids);
        populate(s, &r, sizes[k], ids);
        char what[64];
        snprintf(what, sizeof what, "%zu shapes", sizes[k]);
        compare(s, what);

        /* Remove a third at random, then refill some of the holes and
         * move a few shapes: freed slots, reused slots and stale boxes
         * must all be handled. */
        size_t removed = 0;
        for (size_t i = 0; i < sizes[k]; i++) {
            if (cases_rng_unit(&r) < 0.33) {
                cr_assert_eq(sepax_remove(s, ids[i]), SEPAX_OK);
                removed++;
            }
        }
        snprintf(what, sizeof what, "%zu shapes less %zu", sizes[k], removed);
        compare(s, what);
        populate(s, &r, removed / 2, NULL);
        snprintf(what, sizeof what, "%zu shapes refilled", sizes[k]);
        compare(s, what);
        cr_assert_eq(sepax_update_world(s), SEPAX_OK);
        compare(s, what);
        free(ids);
        sepax_store_destroy(s);
    }
}

Test(broadphase, stacked_duplicates)
{
    /* Many identical boxes: every pair overlaps, and equal lower x
     * coordinates must still give each pair once. */
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    sepax_shape_id id;
    for (int i = 0; i < 60; i++)
        cr_assert_eq(sepax_add_box(s, (sepax_vec2){2, 3}, (sepax_vec2){1, 1}, 0, &id), SEPAX_OK);
    size_t n = 0;
    cr_assert_eq(sepax_broadphase(s, NULL, 0, &n), SEPAX_ERR_CAPACITY);
    cr_assert_eq(n, 60u * 59u / 2u);
    compare(s, "60 identical boxes");
    sepax_store_destroy(s);
}

Test(broadphase, capacity)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cases_rng r;
    cases_rng_seed(&r, 9);
    populate(s, &r, 400, NULL);
    size_t total = 0;
    sepax_pair *all = run(s, &total);
    cr_assert(total > 20, "%zu pairs", total);
    const size_t caps[] = {0, 1, total / 2, total - 1, total, total + 3};
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
        size_t cap = caps[c];
        sepax_pair *buf = malloc((total + 4) * sizeof *buf);
        cr_assert(buf);
        memset(buf, 0xA5, (total + 4) * sizeof *buf);
        size_t n = 0;
        sepax_status st = sepax_broadphase(s, buf, cap, &n);
        cr_assert_eq(st, cap < total ? SEPAX_ERR_CAPACITY : SEPAX_OK, "capacity %zu: %s", cap,
                     sepax_status_string(st));
        cr_assert_eq(n, total, "capacity %zu: count %zu", cap, n);
        size_t written = cap < total ? cap : total;
        cr_assert(written == 0 || memcmp(buf, all, written * sizeof *buf) == 0,
                  "capacity %zu: a truncated list is not the head of the full one", cap);
        const unsigned char *rest = (const unsigned char *)(buf + written);
        for (size_t i = 0; i < (total + 4 - written) * sizeof *buf; i++)
            cr_assert_eq(rest[i], 0xA5, "capacity %zu: wrote past the room given", cap);
        free(buf);
    }
    free(all);
    sepax_store_destroy(s);
}

Test(broadphase, same_scene_same_order)
{
    /* Two stores built the same way give the same list: the order depends
     * on the boxes and slots, not on memory addresses. */
    sepax_pair *lists[2];
    size_t counts[2];
    sepax_store *stores[2];
    for (int k = 0; k < 2; k++) {
        cr_assert_eq(sepax_store_create(NULL, &stores[k]), SEPAX_OK);
        cases_rng r;
        cases_rng_seed(&r, 77);
        populate(stores[k], &r, 800, NULL);
        lists[k] = run(stores[k], &counts[k]);
    }
    cr_assert_eq(counts[0], counts[1]);
    cr_assert(memcmp(lists[0], lists[1], counts[0] * sizeof *lists[0]) == 0);
    for (int k = 0; k < 2; k++) {
        free(lists[k]);
        sepax_store_destroy(stores[k]);
    }
}

/* Shapes whose boxes are awkward for bands and cells: exact copies, boxes
 * spanning the whole scene in x, in y or in both, zero-width and
 * zero-height boxes (axis-aligned segments), boxes sharing sides and
 * corners, and a few far outliers that stretch the scene's range. */
static void populate_awkward(sepax_store *s, cases_rng *r, size_t n)
{
    const double side = 3 * sqrt((double)n + 1);
    for (size_t k = 0; k < n; k++) {
        sepax_shape_id id;
        const int what = cases_rng_int(r, 0, 9);
        const float cx = (float)cases_rng_int(r, 0, (int)side);
        const float cy = (float)cases_rng_int(r, 0, (int)side);
        sepax_status st;
        switch (what) {
        case 0: /* the same box again and again */
            st = sepax_add_box(s, (sepax_vec2){5, 5}, (sepax_vec2){1, 1}, 0, &id);
            break;
        case 1: /* a wide box across the whole scene */
            st = sepax_add_box(s, (sepax_vec2){(float)side / 2, cy},
                               (sepax_vec2){(float)side, 0.5f}, 0, &id);
            break;
        case 2: /* a tall one */
            st = sepax_add_box(s, (sepax_vec2){cx, (float)side / 2},
                               (sepax_vec2){0.5f, (float)side}, 0, &id);
            break;
        case 3: /* zero width */
            st = sepax_add_segment(s, (sepax_vec2){cx, cy}, (sepax_vec2){cx, cy + 1.5f}, &id);
            break;
        case 4: /* zero height */
            st = sepax_add_segment(s, (sepax_vec2){cx, cy}, (sepax_vec2){cx + 1.5f, cy}, &id);
            break;
        case 5: /* unit lattice: shared sides and corners */
            st = sepax_add_box(s, (sepax_vec2){cx + 0.5f, cy + 0.5f}, (sepax_vec2){0.5f, 0.5f}, 0,
                               &id);
            break;
        case 6: /* far away, rarely */
            if (cases_rng_unit(r) < 0.1) {
                st = sepax_add_box(s, (sepax_vec2){cx * 1e4f, -cy * 1e4f}, (sepax_vec2){1, 1}, 0,
                                   &id);
                break;
            }
            /* fall through */
        default:
            st = sepax_add_box(s, (sepax_vec2){cx + (float)cases_rng_unit(r), cy},
                               (sepax_vec2){(float)cases_rng_range(r, 0.1, 2),
                                            (float)cases_rng_range(r, 0.1, 2)},
                               (float)cases_rng_range(r, -3, 3), &id);
            break;
        }
        cr_assert_eq(st, SEPAX_OK, "%s", sepax_status_string(st));
    }
    /* one box over everything */
    sepax_shape_id id;
    cr_assert_eq(sepax_add_box(s, (sepax_vec2){(float)side / 2, (float)side / 2},
                               (sepax_vec2){(float)side, (float)side}, 0.3f, &id),
                 SEPAX_OK);
}

Test(broadphase, awkward_scenes_match_brute_force, .timeout = 300)
{
    const size_t sizes[] = {2, 5, 40, 300, 1500};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        sepax_store *s;
        cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
        cases_rng r;
        cases_rng_seed(&r, 500 + k);
        populate_awkward(s, &r, sizes[k]);
        char what[64];
        snprintf(what, sizeof what, "%zu awkward shapes", sizes[k]);
        compare(s, what);
        sepax_store_destroy(s);
    }
}

/* An empty store, and r seeded. */
static sepax_store *seeded_store(cases_rng *r, uint64_t seed)
{
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cases_rng_seed(r, seed);
    return s;
}

/* An axis-aligned rectangle as a polygon, lower left corner (x, y). */
static void add_rect(sepax_store *s, float x, float y, float w, float h)
{
    const sepax_vec2 v[4] = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
    sepax_shape_id id;
    cr_assert_eq(sepax_add_polygon(s, v, 4, &id), SEPAX_OK);
}

/* A band is sorted by column of lower x, then slot, so within a column a
 * later entry may lie left of an earlier one, even clear of it in x while
 * meeting it in y; and with narrow, tall boxes an entry has more
 * candidates in reach than one round of any width tests. A few columns
 * wide (a far box stretches the range of lower x; fewer than 32 share a
 * column, so the columns stay) and one band tall (equal heights). */
Test(broadphase, shared_columns_out_of_x_order)
{
    for (int variant = 0; variant < 4; variant++) {
        cases_rng r;
        sepax_store *s = seeded_store(&r, 70 + (uint64_t)variant);
        const int n = 24 + 8 * variant;
        for (int i = 0; i < n; i++) {
            /* lower x falling with the slot, with jitter, in [0, 3) */
            const float x = 3.0f * (float)(n - i) / (float)n - (float)cases_rng_range(&r, 0, 0.2);
            const float w = (float)cases_rng_range(&r, 0.01, variant < 2 ? 0.1 : 0.5);
            add_rect(s, x, (float)cases_rng_range(&r, 0, 0.1), w, 1);
        }
        /* the far box: about ten columns over [0, 3] */
        add_rect(s, 3.0f * (float)(n + 1) / 10.0f, 0, 0.1f, 1);
        char what[64];
        snprintf(what, sizeof what, "shared columns, variant %d", variant);
        compare(s, what);
        sepax_store_destroy(s);
    }
}

/* Boxes whose lower x crowd into a few values or a narrow range while a
 * few others stretch the x range: many boxes of a band share a column of
 * lower x (more than 32, so the bands are sorted on exact keys). */
Test(broadphase, crowded_lower_x)
{
    for (int variant = 0; variant < 3; variant++) {
        cases_rng r;
        sepax_store *s = seeded_store(&r, 40 + (uint64_t)variant);
        sepax_shape_id id;
        for (int i = 0; i < 600; i++) {
            float x = variant == 0   ? 0.0f
                      : variant == 1 ? (float)cases_rng_int(&r, 0, 3)
                                     : (float)cases_rng_range(&r, 0, 1e-3);
            float y = (float)cases_rng_range(&r, 0, 10);
            float w = (float)cases_rng_range(&r, 0.1, 2), h = (float)cases_rng_range(&r, 0.1, 2);
            add_rect(s, x, y, w, h);
        }
        cr_assert_eq(sepax_add_box(s, (sepax_vec2){1e6f, 5}, (sepax_vec2){1, 1}, 0, &id),
                     SEPAX_OK);
        cr_assert_eq(sepax_add_box(s, (sepax_vec2){-1e6f, 5}, (sepax_vec2){1, 1}, 0, &id),
                     SEPAX_OK);
        char what[64];
        snprintf(what, sizeof what, "crowded lower x, variant %d", variant);
        compare(s, what);
        sepax_store_destroy(s);
    }
}

/* The banded sort-and-sweep this broadphase replaced, over the public
 * API: the reference for generated scenes too large for brute force. It
 * reports pairs by slot, lower slot first. */
static float old_band_of(float y0, float inv_h, uint32_t count, float y)
{
    const float f = (y - y0) * inv_h;
    if (!(f > 0.0f))
        return 0;
    return f >= (float)count ? (float)(count - 1u) : (float)(uint32_t)f;
}

static int entry_cmp(const void *x, const void *y)
{
    const float *p = x, *q = y; /* lower x, then slot (as a float-sized int) */
    if (p[0] != q[0])
        return p[0] < q[0] ? -1 : 1;
    uint32_t a, b;
    memcpy(&a, p + 4, sizeof a);
    memcpy(&b, q + 4, sizeof b);
    return a < b ? -1 : a > b;
}

static key *old_sweep(const sepax_store *s, size_t *count)
{
    const uint32_t limit = sepax_store_slot_limit(s);
    sepax_vec2 *lo = malloc((limit + 1) * sizeof *lo), *hi = malloc((limit + 1) * sizeof *hi);
    char *live = calloc(limit + 1, 1);
    cr_assert(lo && hi && live);
    size_t m = 0;
    float y0 = INFINITY, y1 = -INFINITY;
    double height = 0;
    for (uint32_t k = 0; k < limit; k++) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s, k, &id) != SEPAX_OK)
            continue;
        cr_assert_eq(sepax_shape_aabb(s, id, &lo[k], &hi[k]), SEPAX_OK);
        live[k] = 1;
        m++;
        y0 = fminf(y0, lo[k].y);
        y1 = fmaxf(y1, hi[k].y);
        height += (double)hi[k].y - lo[k].y;
    }
    uint32_t bands = 1;
    float inv_h = 0;
    double span = (double)y1 - y0, want = 2.0 * height / (double)m;
    if (span > 0 && want > 0) {
        double c = span / want, most = (double)m / 4.0 + 1.0;
        bands = (uint32_t)(c < 1 ? 1 : c > most ? most : c);
        inv_h = (float)(bands / span);
    }
    /* entries: lower x, upper x, lower y, upper y, slot; per band */
    size_t cap = 1024, n = 0;
    key *out = malloc(cap * sizeof *out);
    float(*list)[5] = malloc((m + 1) * sizeof *list);
    cr_assert(out && list);
    for (uint32_t band = 0; band < bands; band++) {
        size_t e = 0;
        for (uint32_t k = 0; k < limit; k++) {
            if (!live[k] || old_band_of(y0, inv_h, bands, lo[k].y) > (float)band ||
                old_band_of(y0, inv_h, bands, hi[k].y) < (float)band)
                continue;
            list[e][0] = lo[k].x;
            list[e][1] = hi[k].x;
            list[e][2] = lo[k].y;
            list[e][3] = hi[k].y;
            memcpy(&list[e][4], &k, sizeof k);
            e++;
        }
        qsort(list, e, sizeof *list, entry_cmp);
        for (size_t i = 0; i < e; i++) {
            for (size_t j = i + 1; j < e && list[j][0] <= list[i][1]; j++) {
                if (list[j][2] > list[i][3] || list[j][3] < list[i][2])
                    continue;
                const float low = list[j][2] > list[i][2] ? list[j][2] : list[i][2];
                if (old_band_of(y0, inv_h, bands, low) != (float)band)
                    continue;
                uint32_t a, b;
                memcpy(&a, &list[i][4], sizeof a);
                memcpy(&b, &list[j][4], sizeof b);
                if (n == cap) {
                    cap *= 2;
                    out = realloc(out, cap * sizeof *out);
                    cr_assert(out);
                }
                out[n].a = a < b ? a : b;
                out[n].b = a < b ? b : a;
                n++;
            }
        }
    }
    free(list);
    free(lo);
    free(hi);
    free(live);
    qsort(out, n, sizeof *out, key_cmp);
    *count = n;
    return out;
}

/* The pairs of run() as slots, sorted. */
static key *run_keys(const sepax_store *s, size_t *count)
{
    sepax_pair *p = run(s, count);
    key *k = malloc((*count + 1) * sizeof *k);
    cr_assert(k);
    for (size_t i = 0; i < *count; i++) {
        k[i].a = SEPAX_ID_SLOT(p[i].a);
        k[i].b = SEPAX_ID_SLOT(p[i].b);
    }
    free(p);
    qsort(k, *count, sizeof *k, key_cmp);
    return k;
}

static void same_as_old(const sepax_store *s, const char *what)
{
    size_t nw = 0, ng = 0;
    key *want = old_sweep(s, &nw);
    key *got = run_keys(s, &ng);
    cr_assert(nw > 0, "%s: no pairs at all", what);
    size_t i = 0;
    while (i < nw && i < ng && key_cmp(&want[i], &got[i]) == 0)
        i++;
    cr_assert(i == nw && i == ng, "%s: %zu pairs against %zu before, first difference at %zu: "
              "(%u, %u) against (%u, %u)", what, ng, nw, i, i < ng ? got[i].a : 0,
              i < ng ? got[i].b : 0, i < nw ? want[i].a : 0, i < nw ? want[i].b : 0);
    free(want);
    free(got);
}

static sepax_store *generated(const sepax_scene_params *p)
{
    sepax_scene sc;
    cr_assert_eq(sepax_scene_generate(p, &sc), 0);
    sepax_store *s;
    cr_assert_eq(sepax_store_create(NULL, &s), SEPAX_OK);
    cr_assert_eq(sepax_scene_load(&sc, s, NULL, NULL), 0u);
    sepax_scene_free(&sc);
    cr_assert_eq(sepax_update_world(s), SEPAX_OK);
    return s;
}

Test(broadphase, mix_scenes_match_the_old_sweep, .timeout = 300)
{
    const size_t sizes[] = {2000, 20000};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        sepax_scene_params p = sepax_scene_params_default();
        p.shapes = sizes[k];
        sepax_store *s = generated(&p);
        char what[64];
        snprintf(what, sizeof what, "mix of %zu", sizes[k]);
        same_as_old(s, what);
        sepax_store_destroy(s);
    }
    sepax_scene_params p = sepax_scene_params_mixed_kinds();
    p.shapes = 5000;
    sepax_store *s = generated(&p);
    same_as_old(s, "mixed kinds");
    sepax_store_destroy(s);
}

/* The order is the store's: the same list, byte for byte, on every
 * backend and on every call. */
Test(broadphase, same_order_on_every_backend)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 3000;
    sepax_store *s = generated(&p);
    size_t want_n = 0;
    sepax_pair *want = run(s, &want_n);
    cr_assert(want_n > 1000, "%zu pairs", want_n);
    int tried = 0;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        cr_assert_eq(sepax_store_set_backend(s, (sepax_backend)b), SEPAX_OK);
        for (int again = 0; again < 2; again++) {
            size_t n = 0;
            sepax_pair *got = run(s, &n);
            cr_assert_eq(n, want_n, "%s: %zu pairs against %zu",
                         sepax_backend_name((sepax_backend)b), n, want_n);
            cr_assert(memcmp(got, want, n * sizeof *got) == 0, "%s: another order",
                      sepax_backend_name((sepax_backend)b));
            free(got);
        }
        tried++;
    }
    cr_assert(tried >= 2, "only %d backends available", tried);
    free(want);
    sepax_store_destroy(s);
}
