/* Sort-and-sweep against brute force over the library's own boxes. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
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

static void compare(const sepax_store *s, const char *what)
{
    size_t nb = 0, np = 0;
    key *want = brute(s, &nb);
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
    free(want);
    free(got);
    free(keys);
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
