/* Every available backend on mixed pair lists of all kinds in random
 * order, bit for bit against the scalar reference: the world update, the
 * batch call, the same pairs in random chunks and one at a time, the
 * compacted call (whole and capped), point queries, and the polygon pairs
 * through a store without round shapes (the polygon driver, which never
 * groups). Point queries are also checked against a double-precision
 * point-in-shape test.
 *
 * Counts go to stderr: Criterion's warning log would fail the run. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle_round.h"
#include "sepax/sepax.h"
#include "support/backends.h"
#include "support/round_gen.h"
#include "support/round_store.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define MIXED_PAIRS 14400 /* made pairs; 400 of each ordered kind pair */
#define POINTS_PER_SHAPE 6
#define MAX_REPORTS 8

typedef struct world_snap {
    uint32_t n;
    sepax_vec2 v[GEN_MAX_VERTICES];
    sepax_vec2 lo, hi;
} world_snap;

static void snap(const sepax_store *s, sepax_shape_id id, world_snap *w)
{
    memset(w, 0, sizeof *w);
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    cr_assert_eq(sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &w->n), SEPAX_OK);
    cr_assert(w->n <= GEN_MAX_VERTICES);
    memcpy(w->v, v, w->n * sizeof *v);
    cr_assert_eq(sepax_shape_aabb(s, id, &w->lo, &w->hi), SEPAX_OK);
}

static void print_shape(const sepax_store *s, sepax_shape_id id, char name)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0;
    sepax_shape_desc d = {SEPAX_SHAPE_KIND_COUNT, 0.0f, 0};
    sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n);
    sepax_shape_info(s, id, &d);
    fprintf(stderr, "  %c: slot %u kind %d r %a:", name, SEPAX_ID_SLOT(id), (int)d.kind, d.radius);
    for (uint32_t i = 0; i < n; i++)
        fprintf(stderr, " (%a, %a)", v[i].x, v[i].y);
    fprintf(stderr, "\n");
}

static size_t count_diffs(const sepax_result *a, const sepax_result *b, size_t n)
{
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        d += memcmp(&a[i], &b[i], sizeof *a) != 0;
    return d;
}

/* Inside-or-on for a world point, in double, or -1 when the point lies
 * within tolerance of the boundary. */
static int point_verdict(const oround_shape *sh, double px, double py)
{
    double mag = fmax(fabs(px), fabs(py));
    for (int i = 0; i < sh->n; i++)
        mag = fmax(mag, fmax(fabs(sh->x[i]), fabs(sh->y[i])) + sh->r);
    const double d = oround_signed_distance(sh, px, py) - sh->r;
    return fabs(d) <= 1e-5 * fmax(mag, 1.0) ? -1 : d <= 0;
}

/* The compacted call's own answer, kept beside its hits so that a
 * backend whose count or status differs shows in the comparison. */
typedef struct hits_head {
    uint64_t count;
    int64_t status;
} hits_head;

/* Everything one backend computes, laid out in one buffer so that the
 * shared helper compares it all; the sections start 8-aligned. */
typedef struct mixed_run {
    sepax_store *store, *poly;
    const gen_shape *gs;
    size_t shapes;
    const sepax_pair *pairs;
    size_t count;
    const sepax_point_query *q;
    size_t nq;
    const sepax_pair *pp;
    size_t npp;
    size_t cap;
    cases_rng chunks; /* a new split into chunks on every run */
    size_t at_world, at_batch, at_chunked, at_alone, at_hits, at_capped, at_points, at_grouping,
        bytes;
} mixed_run;

static size_t section(size_t *end, size_t bytes)
{
    const size_t at = *end;
    *end += (bytes + 7) & ~(size_t)7;
    return at;
}

static void layout(mixed_run *m)
{
    size_t end = 0;
    m->at_world = section(&end, m->shapes * sizeof(world_snap));
    m->at_batch = section(&end, m->count * sizeof(sepax_result));
    m->at_chunked = section(&end, m->count * sizeof(sepax_result));
    m->at_alone = section(&end, m->count * sizeof(sepax_result));
    m->at_hits = section(&end, sizeof(hits_head) + m->count * sizeof(sepax_hit));
    m->at_capped = section(&end, sizeof(hits_head) + m->cap * sizeof(sepax_hit));
    m->at_points = section(&end, m->nq);
    m->at_grouping = section(&end, m->npp * sizeof(sepax_result));
    m->bytes = end;
}

static sepax_status mixed_compute(sepax_store *s, void *out, void *ctx)
{
    mixed_run *m = ctx;
    unsigned char *o = out;
    memset(o, 0, m->bytes);
    world_snap *w = (world_snap *)(void *)(o + m->at_world);
    for (size_t i = 0; i < m->shapes; i++)
        snap(s, m->gs[i].id, &w[i]);

    sepax_status st;
    sepax_result *batch = (sepax_result *)(void *)(o + m->at_batch);
    if ((st = sepax_collide(s, m->pairs, m->count, batch, NULL)) != SEPAX_OK)
        return st;
    /* Random chunk sizes move every pair to other neighbours and chunk
     * positions. */
    sepax_result *chunked = (sepax_result *)(void *)(o + m->at_chunked);
    for (size_t at = 0; at < m->count;) {
        size_t len = (size_t)cases_rng_int(&m->chunks, 1, 300);
        len = len < m->count - at ? len : m->count - at;
        if ((st = sepax_collide(s, m->pairs + at, len, chunked + at, NULL)) != SEPAX_OK)
            return st;
        at += len;
    }
    sepax_result *alone = (sepax_result *)(void *)(o + m->at_alone);
    for (size_t i = 0; i < m->count; i++)
        if ((st = sepax_collide(s, &m->pairs[i], 1, &alone[i], NULL)) != SEPAX_OK)
            return st;

    size_t hc = 0;
    hits_head head;
    head.status = sepax_collide_hits(s, m->pairs, m->count,
                                     (sepax_hit *)(void *)(o + m->at_hits + sizeof head),
                                     m->count, &hc, NULL);
    head.count = hc;
    memcpy(o + m->at_hits, &head, sizeof head);
    head.status = sepax_collide_hits(s, m->pairs, m->count,
                                     (sepax_hit *)(void *)(o + m->at_capped + sizeof head),
                                     m->cap, &hc, NULL);
    head.count = hc;
    memcpy(o + m->at_capped, &head, sizeof head);

    if ((st = sepax_query_points(s, m->q, m->nq, o + m->at_points, NULL)) != SEPAX_OK)
        return st;

    /* The polygon-only store follows the same backend. */
    if ((st = sepax_store_set_backend(m->poly, sepax_store_backend(s))) != SEPAX_OK)
        return st;
    cases_scrub_world(m->poly);
    if ((st = sepax_update_world(m->poly)) != SEPAX_OK)
        return st;
    return sepax_collide(m->poly, m->pp, m->npp, (sepax_result *)(void *)(o + m->at_grouping),
                         NULL);
}

/* Name the section and entry of the first differing byte. */
static void mixed_describe(const void *want, const void *got, size_t unit, char *msg,
                           size_t size, void *ctx)
{
    (void)want;
    (void)got;
    const mixed_run *m = ctx;
    const struct {
        const char *name;
        size_t at, elem, head;
    } sec[] = {
        {"world snapshot of shape", m->at_world, sizeof(world_snap), 0},
        {"batch result of pair", m->at_batch, sizeof(sepax_result), 0},
        {"chunked result of pair", m->at_chunked, sizeof(sepax_result), 0},
        {"lone result of pair", m->at_alone, sizeof(sepax_result), 0},
        {"compacted hit", m->at_hits, sizeof(sepax_hit), sizeof(hits_head)},
        {"capped compacted hit", m->at_capped, sizeof(sepax_hit), sizeof(hits_head)},
        {"point query", m->at_points, 1, 0},
        {"polygon-only store's result of pair", m->at_grouping, sizeof(sepax_result), 0},
    };
    size_t k = sizeof sec / sizeof sec[0] - 1;
    while (k > 0 && unit < sec[k].at)
        k--;
    const size_t off = unit - sec[k].at;
    if (off < sec[k].head) {
        snprintf(msg, size, "%s count or status", sec[k].name);
        return;
    }
    const size_t index = (off - sec[k].head) / sec[k].elem;
    snprintf(msg, size, "%s %zu", sec[k].name, index);
    if (k >= 1 && k <= 3 && index < m->count) {
        fprintf(stderr, "first difference: %s %zu, %#x/%#x\n", sec[k].name, index,
                m->pairs[index].a, m->pairs[index].b);
        print_shape(m->store, m->pairs[index].a, 'A');
        print_shape(m->store, m->pairs[index].b, 'B');
    }
}

Test(round_backends, mixed_lists_bitwise, .timeout = 600)
{
    const size_t made = cases_scaled(MIXED_PAIRS), shapes = 2 * made, cross = made / 4;
    const size_t count = 2 * made + cross;
    sepax_store *s = scalar_store();
    cases_rng g;
    cases_rng_seed(&g, 20240917);
    gen_shape *gs = malloc(shapes * sizeof *gs);
    sepax_pair *pairs = malloc(count * sizeof *pairs);
    sepax_result *r0 = malloc(count * sizeof *r0);
    world_snap *w0 = malloc(shapes * sizeof *w0);
    cr_assert(gs && pairs && r0 && w0);

    /* Made pairs in both orders, then pairs of unrelated shapes (mostly
     * apart), all shuffled so that every chunk the driver groups mixes
     * polygon pairs with round ones. */
    size_t n = 0;
    char msg[256];
    for (size_t i = 0; i < made; i++) {
        const sepax_status st = gen_pair_make(s, &g, (int)(i % GEN_KINDS),
                                              (int)(i / GEN_KINDS % GEN_KINDS), &gs[2 * i],
                                              &gs[2 * i + 1], msg, sizeof msg);
        cr_assert_eq(st, SEPAX_OK, "%s", msg);
        pairs[n++] = (sepax_pair){gs[2 * i].id, gs[2 * i + 1].id};
        pairs[n++] = (sepax_pair){gs[2 * i + 1].id, gs[2 * i].id};
    }
    while (n < count) {
        const size_t i = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        const size_t j = (size_t)cases_rng_int(&g, 0, (int)shapes - 1);
        if (i != j)
            pairs[n++] = (sepax_pair){gs[i].id, gs[j].id};
    }
    cases_shuffle_pairs(&g, pairs, count);
    cr_assert_eq(sepax_collide(s, pairs, count, r0, NULL), SEPAX_OK);
    size_t nhits = 0;
    for (size_t i = 0; i < count; i++)
        nhits += (r0[i].flags & SEPAX_HIT) != 0;
    for (size_t i = 0; i < shapes; i++)
        snap(s, gs[i].id, &w0[i]);

    /* Points near every shape, and every core vertex (which must be
     * inside its own shape exactly: the distance from a vertex to its own
     * edge is computed as 0). */
    const size_t nq = shapes * POINTS_PER_SHAPE;
    size_t nv = 0, shapes_of_kind[GEN_KINDS] = {0};
    for (size_t i = 0; i < shapes; i++) {
        nv += w0[i].n;
        shapes_of_kind[gs[i].kind]++;
    }
    sepax_point_query *q = malloc((nq + nv) * sizeof *q);
    uint8_t *in0 = malloc(nq + nv);
    cr_assert(q && in0);
    size_t k = 0;
    for (size_t i = 0; i < shapes; i++) {
        const sepax_transform t = gs[i].xf;
        const double ax = t.p.x + ((double)t.q.c * gs[i].ax - (double)t.q.s * gs[i].ay);
        const double ay = t.p.y + ((double)t.q.s * gs[i].ax + (double)t.q.c * gs[i].ay);
        for (int j = 0; j < POINTS_PER_SHAPE; j++) {
            const double phi = cases_rng_range(&g, 0, 2 * M_PI);
            const double d = cases_rng_range(&g, 0, 1.3) * gs[i].bound;
            q[k++] = (sepax_point_query){v2((float)(ax + d * cos(phi)), (float)(ay + d * sin(phi))),
                                         gs[i].id};
        }
    }
    for (size_t i = 0; i < shapes; i++)
        for (uint32_t j = 0; j < w0[i].n; j++)
            q[k++] = (sepax_point_query){w0[i].v[j], gs[i].id};
    cr_assert_eq(k, nq + nv);
    cr_assert_eq(sepax_query_points(s, q, nq + nv, in0, NULL), SEPAX_OK);

    /* Point queries against double precision. */
    size_t pt_checked[GEN_KINDS] = {0}, pt_skipped[GEN_KINDS] = {0}, pt_inside[GEN_KINDS] = {0};
    size_t pt_bad = 0, vertex_bad = 0, vertex_checked = 0;
    for (size_t i = 0; i < nq; i++) {
        const gen_shape *sh = &gs[i / POINTS_PER_SHAPE];
        oround_shape o;
        cr_assert_eq(oround_from_store(s, sh->id, &o), SEPAX_OK);
        const int verdict = point_verdict(&o, q[i].point.x, q[i].point.y);
        if (verdict < 0) {
            pt_skipped[sh->kind]++;
            continue;
        }
        pt_checked[sh->kind]++;
        pt_inside[sh->kind] += (size_t)verdict;
        if (in0[i] != verdict && ++pt_bad <= MAX_REPORTS)
            fprintf(stderr, "point (%a, %a) in %s %#x: library %u, double %d\n", q[i].point.x,
                    q[i].point.y, gen_kind_name[sh->kind], sh->id, in0[i], verdict);
    }
    for (size_t i = nq; i < nq + nv; i++) {
        vertex_checked++;
        if (in0[i] != 1 && ++vertex_bad <= MAX_REPORTS)
            fprintf(stderr, "core vertex (%a, %a) of %#x not inside its own shape\n",
                    q[i].point.x, q[i].point.y, q[i].shape);
    }
    fprintf(stderr, "round points: %zu near shapes, %zu core vertices\n", nq, nv);
    for (int kd = 0; kd < GEN_KINDS; kd++)
        fprintf(stderr, "  %-8s %6zu checked (%zu inside), %zu within tolerance of the edge\n",
                gen_kind_name[kd], pt_checked[kd], pt_inside[kd], pt_skipped[kd]);
    cr_expect_eq(pt_bad, 0u, "%zu point queries disagree with double precision", pt_bad);
    cr_expect_eq(vertex_bad, 0u, "%zu core vertices not inside their shape", vertex_bad);
    /* Every query was judged or set aside as too close to call, and the
     * ones set aside are a sliver: each kind had its queries checked. */
    for (int kd = 0; kd < GEN_KINDS; kd++) {
        const size_t asked = POINTS_PER_SHAPE * shapes_of_kind[kd];
        cr_assert_gt(shapes_of_kind[kd], 0u, "no %s among the shapes", gen_kind_name[kd]);
        cr_assert_eq(pt_checked[kd] + pt_skipped[kd], asked, "%s: %zu + %zu of %zu queries",
                     gen_kind_name[kd], pt_checked[kd], pt_skipped[kd], asked);
        cr_assert_geq(pt_checked[kd], asked - asked / 100, "%s: only %zu of %zu queries checked",
                      gen_kind_name[kd], pt_checked[kd], asked);
    }
    cr_assert_eq(vertex_checked, nv);
    cr_assert_geq(nv, shapes, "%zu core vertices for %zu shapes", nv, shapes);

    /* The polygon pairs through a store without round shapes, where the
     * driver never groups: grouping must not change their results. */
    sepax_store *p = scalar_store();
    sepax_shape_id *remap = calloc(shapes, sizeof *remap);
    uint8_t *is_poly = calloc(shapes, 1);
    cr_assert(remap && is_poly);
    for (size_t i = 0; i < shapes; i++) {
        if (gs[i].kind != GEN_POLYGON && gs[i].kind != GEN_BOX)
            continue;
        sepax_vec2 v[GEN_MAX_VERTICES];
        for (int j = 0; j < gs[i].n; j++)
            v[j] = v2((float)gs[i].lx[j], (float)gs[i].ly[j]);
        cr_assert_eq(sepax_add_polygon(p, v, (size_t)gs[i].n, &remap[i]), SEPAX_OK);
        cr_assert_eq(sepax_set_transforms(p, &remap[i], &gs[i].xf, 1), SEPAX_OK);
        world_snap w;
        snap(p, remap[i], &w);
        cr_assert(memcmp(&w, &w0[i], sizeof w) == 0, "polygon %zu re-added differs", i);
        is_poly[i] = 1;
    }
    sepax_pair *pp = malloc(count * sizeof *pp);
    size_t *pp_at = malloc(count * sizeof *pp_at);
    cr_assert(pp && pp_at);
    size_t npp = 0;
    for (size_t i = 0; i < count; i++) {
        /* ids are slots here: the store never removed a shape */
        const size_t a = SEPAX_ID_SLOT(pairs[i].a), b = SEPAX_ID_SLOT(pairs[i].b);
        if (is_poly[a] && is_poly[b]) {
            pp_at[npp] = i;
            pp[npp++] = (sepax_pair){remap[a], remap[b]};
        }
    }

    mixed_run m = {s, p, gs, shapes, pairs, count, q, nq + nv, pp, npp, nhits / 3,
                   {0}, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    cases_rng_seed(&m.chunks, 20240918);
    layout(&m);
    unsigned char *want = malloc(m.bytes);
    cr_assert(want);
    backends_job job = {mixed_compute, &m, m.bytes, 1, mixed_describe, 0, want};
    backends_report rep;
    const int same = backends_match_scalar(s, &job, &rep);
    cr_assert_eq(rep.status, SEPAX_OK, "%s", rep.message);

    /* Scalar's own run against the answers above: the world update
     * reproduces the world that sepax_set_transforms made, every way of
     * splitting the list gives the batch's bytes, the compacted calls
     * list exactly its hits, and the polygon-only store agrees. */
    const world_snap *ww = (const world_snap *)(const void *)(want + m.at_world);
    size_t world_diffs = 0;
    for (size_t i = 0; i < shapes; i++)
        world_diffs += memcmp(&ww[i], &w0[i], sizeof *ww) != 0;
    const size_t batch_diffs =
        count_diffs((const sepax_result *)(const void *)(want + m.at_batch), r0, count);
    const size_t chunk_diffs =
        count_diffs((const sepax_result *)(const void *)(want + m.at_chunked), r0, count);
    const size_t one_diffs =
        count_diffs((const sepax_result *)(const void *)(want + m.at_alone), r0, count);
    hits_head head, capped_head;
    memcpy(&head, want + m.at_hits, sizeof head);
    memcpy(&capped_head, want + m.at_capped, sizeof capped_head);
    const sepax_hit *hits = (const sepax_hit *)(const void *)(want + m.at_hits + sizeof head);
    const sepax_hit *capped =
        (const sepax_hit *)(const void *)(want + m.at_capped + sizeof capped_head);
    size_t hit_diffs = head.status != SEPAX_OK || head.count != nhits;
    for (size_t i = 0, h = 0; i < count && h < head.count; i++) {
        if (!(r0[i].flags & SEPAX_HIT))
            continue;
        hit_diffs += hits[h].pair != i || memcmp(&hits[h].result, &r0[i], sizeof r0[i]) != 0;
        h++;
    }
    cr_assert_eq(capped_head.status, SEPAX_ERR_CAPACITY, "capped compacted call: %s",
                 sepax_status_string((sepax_status)capped_head.status));
    hit_diffs += capped_head.count != nhits || memcmp(capped, hits, m.cap * sizeof *hits) != 0;
    size_t point_diffs = 0;
    for (size_t i = 0; i < nq + nv; i++)
        point_diffs += want[m.at_points + i] != in0[i];
    const sepax_result *grouped = (const sepax_result *)(const void *)(want + m.at_grouping);
    size_t grouping_diffs = 0;
    for (size_t i = 0; i < npp; i++)
        grouping_diffs += memcmp(&grouped[i], &r0[pp_at[i]], sizeof *grouped) != 0;
    fprintf(stderr,
            "scalar: %zu pairs (%zu hits) against its first batch: %zu batch, %zu chunked, %zu "
            "alone; %zu hit-list, %zu of %zu points, %zu world shapes, %zu of %zu polygon pairs "
            "against a polygon-only store differ; repeated run: %zu bytes differ\n",
            count, nhits, batch_diffs, chunk_diffs, one_diffs, hit_diffs, point_diffs, nq + nv,
            world_diffs, grouping_diffs, npp, rep.scalar_repeat_diffs);
    for (size_t b = 0; b < rep.ran_count; b++)
        fprintf(stderr, "backend %-7s %zu of %zu bytes differ from scalar\n",
                sepax_backend_name(rep.ran[b]), rep.diffs[b], rep.units);
    if (rep.message[0])
        fprintf(stderr, "  first: %s\n", rep.message);

    /* Every backend besides scalar was compared, by name. */
    sepax_backend others[SEPAX_BACKEND_COUNT];
    cr_assert_eq(rep.ran_count, backends_others(others), "%zu backends compared with scalar",
                 rep.ran_count);
    cr_assert(backends_ran_every_one(&rep, msg, sizeof msg), "%s", msg);
    /* Both outcomes in bulk, and every kind in play. */
    cr_expect(nhits > count / 5 && nhits < count * 4 / 5, "%zu hits of %zu", nhits, count);
    cr_expect(npp > count / 20, "only %zu polygon pairs", npp);

    free(want);
    free(pp);
    free(pp_at);
    free(remap);
    free(is_poly);
    sepax_store_destroy(p);
    free(q);
    free(in0);
    free(gs);
    free(pairs);
    free(r0);
    free(w0);
    sepax_store_destroy(s);
    cr_assert_eq(world_diffs + batch_diffs + chunk_diffs + one_diffs + hit_diffs + point_diffs +
                     grouping_diffs,
                 0u, "scalar's own runs disagree (details on stderr)");
    cr_assert(same, "backends differ from scalar: %s", rep.message);
}
