/* The slots' round records (a circle's world centre and radius, kept
 * beside the pool for the vector backends' round kernels) never go stale:
 * a store taken through adds, transforms of some shapes, removals, slots
 * taken again by other kinds, the pool laid out in space, growth of the
 * slots and the pool, and transforms after the layout (rows no longer
 * equal to slots), is collided after every step by every available
 * backend, plain and grouped, and each answer must be the bytes the
 * scalar reference gives on the same store, which reads the pool and not
 * the records. The store is driven by each backend in turn (whose world
 * update writes the records), and by sepax_update_world only at the
 * end, after every record's centre was overwritten, since it rewrites
 * every record and would hide a stale one. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "2d/store.h"
#include "sepax/sepax.h"
#include "support/backends.h"

#define FIRST_SHAPES 40
#define MAX_SHAPES 1200
#define MAX_PAIRS 40000

typedef struct rig {
    sepax_store *s;
    sepax_shape_id ids[MAX_SHAPES];
    int live[MAX_SHAPES];
    size_t n; /* entries of ids used */
    uint64_t rng;
} rig;

static uint32_t next(rig *r)
{
    r->rng = r->rng * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(r->rng >> 33);
}

static float uniform(rig *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(next(r) & 0xFFFFFF) / (float)0x1000000;
}

/* Shapes about a unit across in a 12 by 12 field: many overlap, most
 * candidate pairs are circles with circles or with segments and
 * capsules. */
static void add_some(rig *r, size_t count)
{
    for (size_t k = 0; k < count && r->n < MAX_SHAPES; k++) {
        const sepax_vec2 p = {uniform(r, 0.0f, 12.0f), uniform(r, 0.0f, 12.0f)};
        const sepax_vec2 q = {p.x + uniform(r, -1.0f, 1.0f), p.y + uniform(r, -1.0f, 1.0f)};
        const float rad = uniform(r, 0.1f, 0.8f);
        sepax_shape_id id = 0;
        sepax_status st;
        switch (next(r) % 6u) {
        case 0: case 1: case 2: st = sepax_add_circle(r->s, p, rad, &id); break;
        case 3: st = sepax_add_segment(r->s, p, q, &id); break;
        case 4: st = sepax_add_capsule(r->s, p, q, rad, &id); break;
        default: {
            const sepax_vec2 h = {uniform(r, 0.2f, 0.7f), uniform(r, 0.2f, 0.7f)};
            st = sepax_add_box(r->s, p, h, uniform(r, 0.0f, 3.0f), &id);
        }
        }
        cr_assert_eq(st, SEPAX_OK);
        r->ids[r->n] = id;
        r->live[r->n++] = 1;
    }
}

/* New transforms for about one live shape in every), each a small move
 * and turn from the identity. */
static void move_some(rig *r, uint32_t every)
{
    sepax_shape_id ids[MAX_SHAPES];
    sepax_transform xf[MAX_SHAPES];
    size_t m = 0;
    for (size_t k = 0; k < r->n; k++) {
        if (!r->live[k] || next(r) % every)
            continue;
        ids[m] = r->ids[k];
        xf[m++] = sepax_transform_make(uniform(r, -2.0f, 2.0f), uniform(r, -2.0f, 2.0f),
                                       uniform(r, -3.2f, 3.2f));
    }
    cr_assert_eq(sepax_set_transforms(r->s, ids, xf, m), SEPAX_OK);
}

static void remove_some(rig *r, uint32_t every)
{
    for (size_t k = 0; k < r->n; k++) {
        if (r->live[k] && next(r) % every == 0u) {
            cr_assert_eq(sepax_remove(r->s, r->ids[k]), SEPAX_OK);
            r->live[k] = 0;
        }
    }
}

/* The broadphase's pairs, then every pair grouped, and the results of
 * both calls on backend b, in the broadphase's order. */
static size_t collide_on(sepax_store *s, sepax_backend b, sepax_pair *pairs, size_t n,
                         sepax_result *plain, sepax_result *grouped)
{
    cr_assert_eq(sepax_store_set_backend(s, b), SEPAX_OK);
    cr_assert_eq(sepax_collide(s, pairs, n, plain, NULL), SEPAX_OK);
    static sepax_pair by_group[MAX_PAIRS];
    static sepax_result out[MAX_PAIRS];
    static uint32_t from[MAX_PAIRS];
    size_t starts[SEPAX_PAIR_GROUPS + 1];
    cr_assert_eq(sepax_group_pairs(s, pairs, n, by_group, starts, from, NULL), SEPAX_OK);
    cr_assert_eq(sepax_collide_grouped(s, by_group, starts, out, NULL), SEPAX_OK);
    for (size_t k = 0; k < n; k++)
        grouped[from[k]] = out[k];
    return n;
}

/* Every available backend's answers on the store as it stands, against
 * the reference's; the store is left on backend home. */
static void check_step(rig *r, sepax_backend home, const char *step, size_t *circle_pairs)
{
    static sepax_pair pairs[MAX_PAIRS];
    static sepax_result want[MAX_PAIRS], want_g[MAX_PAIRS], got[MAX_PAIRS], got_g[MAX_PAIRS];
    size_t n = 0;
    cr_assert_eq(sepax_broadphase(r->s, pairs, MAX_PAIRS, &n), SEPAX_OK, "%s", step);
    collide_on(r->s, SEPAX_BACKEND_SCALAR, pairs, n, want, want_g);
    cr_assert_eq(memcmp(want, want_g, n * sizeof *want), 0, "%s: scalar grouped", step);
    sepax_backend others[SEPAX_BACKEND_COUNT];
    const size_t m = backends_others(others);
    for (size_t b = 0; b < m; b++) {
        collide_on(r->s, others[b], pairs, n, got, got_g);
        for (size_t k = 0; k < n; k++) {
            cr_assert_eq(memcmp(&want[k], &got[k], sizeof *got), 0,
                         "%s: world by %s, %s's pair %zu (%u, %u) differs from scalar's", step,
                         sepax_backend_name(home), sepax_backend_name(others[b]), k,
                         (unsigned)pairs[k].a, (unsigned)pairs[k].b);
            cr_assert_eq(memcmp(&want[k], &got_g[k], sizeof *got), 0,
                         "%s: world by %s, %s's grouped pair %zu (%u, %u) differs from scalar's",
                         step, sepax_backend_name(home), sepax_backend_name(others[b]), k,
                         (unsigned)pairs[k].a, (unsigned)pairs[k].b);
        }
    }
    for (size_t k = 0; k < n; k++) {
        sepax_shape_desc da, db;
        cr_assert_eq(sepax_shape_info(r->s, pairs[k].a, &da), SEPAX_OK);
        cr_assert_eq(sepax_shape_info(r->s, pairs[k].b, &db), SEPAX_OK);
        *circle_pairs += da.kind == SEPAX_SHAPE_CIRCLE && db.kind == SEPAX_SHAPE_CIRCLE;
    }
    cr_assert_eq(sepax_store_set_backend(r->s, home), SEPAX_OK);
}

/* The whole walk with backend home doing every update. */
static void walk(sepax_backend home, size_t *circle_pairs)
{
    static rig r;
    memset(&r, 0, sizeof r);
    r.rng = 46;
    sepax_store_options o = sepax_store_options_default();
    o.initial_shapes = 16; /* so that the walk grows the slots and the pool */
    cr_assert_eq(sepax_store_create(&o, &r.s), SEPAX_OK);
    cr_assert_eq(sepax_store_set_backend(r.s, home), SEPAX_OK);

    add_some(&r, FIRST_SHAPES);
    check_step(&r, home, "added", circle_pairs);
    move_some(&r, 2);
    check_step(&r, home, "half moved", circle_pairs);
    remove_some(&r, 3);
    add_some(&r, FIRST_SHAPES / 2); /* into freed slots, of any kind */
    check_step(&r, home, "removed and added again", circle_pairs);
    move_some(&r, 1);
    check_step(&r, home, "all moved", circle_pairs);
    cr_assert_eq(sepax_store_sort_pool(r.s), SEPAX_OK);
    check_step(&r, home, "laid out", circle_pairs);
    move_some(&r, 3); /* listed rows that are no longer their slots */
    check_step(&r, home, "moved after the layout", circle_pairs);
    add_some(&r, 600); /* slots and pool grow */
    check_step(&r, home, "grown", circle_pairs);
    remove_some(&r, 4);
    add_some(&r, 150);
    move_some(&r, 2);
    check_step(&r, home, "grown, removed, added and moved", circle_pairs);
    cr_assert_eq(sepax_store_sort_pool(r.s), SEPAX_OK);
    remove_some(&r, 5);
    add_some(&r, 100);
    move_some(&r, 5);
    check_step(&r, home, "laid out again, removed, added and moved", circle_pairs);
    for (uint32_t slot = 0; slot < r.s->core.slot_limit; slot++)
        r.s->slot_disc[SEPAX_DISC * slot] = r.s->slot_disc[SEPAX_DISC * slot + 1] = 1e6f;
    cr_assert_eq(sepax_update_world(r.s), SEPAX_OK);
    check_step(&r, home, "centres overwritten, the whole world updated", circle_pairs);
    sepax_store_destroy(r.s);
}

Test(slot_records, every_backend_after_every_change)
{
    size_t circle_pairs = 0;
    walk(SEPAX_BACKEND_SCALAR, &circle_pairs);
    sepax_backend others[SEPAX_BACKEND_COUNT];
    const size_t m = backends_others(others);
    for (size_t b = 0; b < m; b++)
        walk(others[b], &circle_pairs);
    /* the walk must reach the records at all */
    cr_assert_gt(circle_pairs, 1000u);
    fprintf(stderr, "slot records: %zu circle pairs over %zu updating backends\n", circle_pairs,
                m + 1);
}
