/* sepax_selftest: the bitwise backend cross-check and a reference-vs-oracle
 * sample as a plain C program, without Criterion, so it runs under
 * qemu-user and valgrind. Single-threaded; memory stays at a few tens of
 * megabytes whatever the pair count, since pairs are checked in chunks.
 *
 *   sepax_selftest [--backend NAME] [--pairs N]
 *
 * Prints one line per backend and ends with "N passed, M failed"; exits 0
 * only when nothing failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/cases.h"
#include "oracle/oracle.h"
#include "scene.h"
#include "sepax/sepax.h"
#include "support/backends.h"

#define DEFAULT_PAIRS 1000000u
#define CHUNK 20000u
#define ORACLE_PAIRS 20000u

static unsigned passed, failed;

static void verdict(int ok)
{
    if (ok)
        passed++;
    else
        failed++;
}

static void usage(FILE *to)
{
    fprintf(to, "usage: sepax_selftest [--backend NAME] [--pairs N]\n"
                "  N defaults to 1000000 times SEPAX_TEST_SCALE (if set, in (0, 1])\n");
}

/* Backend names, lookups and the SEPAX_BACKEND override, and, when meson
 * says which backends it built, that exactly those the CPU runs are
 * available: cheap, and a broken table would make every later line
 * meaningless. */
static void check_names(void)
{
    char msg[512] = "";
    int ok =
        backends_check_names(msg, sizeof msg) && sepax_backend_available(SEPAX_BACKEND_SCALAR);
    printf("names: %s%s\n", ok ? "ok" : "FAILED: ", ok ? "" : msg);
    verdict(ok);

    sepax_backend others[SEPAX_BACKEND_COUNT];
    const int made = backends_check_environment(NULL, NULL, msg, sizeof msg);
    ok = made >= 0 && (size_t)made == 1 + backends_others(others);
    printf("SEPAX_BACKEND override: %s%s\n", ok ? "ok" : "FAILED: ", ok ? "" : msg);
    verdict(ok);

    const char *built = getenv("SEPAX_BUILT_BACKENDS");
    if (built) {
        ok = backends_check_built(built, msg, sizeof msg);
        printf("built backends %s: %s%s\n", built, ok ? "all available where this CPU runs them"
                                                        : "FAILED: ", ok ? "" : msg);
        verdict(ok);
    }
}

/* A hash of every live shape's world vertices and box: what the world
 * update wrote, and nothing that names the backend. */
static uint64_t world_hash(const sepax_store *s)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t slot = 0; slot < sepax_store_slot_limit(s); slot++) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s, slot, &id) != SEPAX_OK)
            continue;
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES + 2];
        uint32_t n = 0;
        memset(v, 0, sizeof v);
        if (sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &n) != SEPAX_OK)
            n = 0;
        sepax_shape_aabb(s, id, &v[n], &v[n + 1]);
        const unsigned char *p = (const unsigned char *)v;
        for (size_t i = 0; i < (n + 2) * sizeof *v; i++)
            h = (h ^ p[i]) * 1099511628211ull;
    }
    return h;
}

/* One backend's answers on a scene: the broadphase pairs' results, the
 * world hash, the point queries and the pairs' contact manifolds, one
 * after another. */
typedef struct round_run {
    const sepax_pair *pairs;
    size_t count;
    const sepax_point_query *q;
    size_t nq;
} round_run;

/* The grouped call over the same pairs (sepax_group_pairs first) must
 * give the plain call's results, pair for pair, on every backend, the
 * reference included (a fault in code both share would pass a
 * comparison with scalar): the first differing pair is named and the
 * run fails. */
static sepax_status grouped_into(sepax_store *s, const sepax_pair *pairs, size_t count,
                                 sepax_result *results)
{
    sepax_pair *grouped = malloc((count ? count : 1) * sizeof *grouped);
    uint32_t *from = malloc((count ? count : 1) * sizeof *from);
    sepax_result *got = malloc((count ? count : 1) * sizeof *got);
    size_t starts[SEPAX_PAIR_GROUPS + 1];
    sepax_status st = grouped && from && got ? SEPAX_OK : SEPAX_ERR_OUT_OF_MEMORY;
    if (st == SEPAX_OK)
        st = sepax_group_pairs(s, pairs, count, grouped, starts, from, NULL);
    if (st == SEPAX_OK)
        st = sepax_collide_grouped(s, grouped, starts, got, NULL);
    for (size_t k = 0; st == SEPAX_OK && k < count; k++)
        if (memcmp(&got[k], &results[from[k]], sizeof *got) != 0) {
            fprintf(stderr, "the grouped call's result for pair %u differs from the plain call's\n",
                    (unsigned)from[k]);
            st = SEPAX_ERR_BAD_PAIR;
        }
    free(grouped);
    free(from);
    free(got);
    return st;
}

static sepax_status round_compute(sepax_store *s, void *out, void *ctx)
{
    const round_run *m = ctx;
    unsigned char *o = out;
    sepax_status st = sepax_collide(s, m->pairs, m->count, (sepax_result *)out, NULL);
    if (st == SEPAX_OK)
        st = grouped_into(s, m->pairs, m->count, (sepax_result *)out);
    if (st != SEPAX_OK)
        return st;
    const uint64_t h = world_hash(s);
    memcpy(o + m->count * sizeof(sepax_result), &h, sizeof h);
    st = sepax_query_points(s, m->q, m->nq, o + m->count * sizeof(sepax_result) + sizeof h, NULL);
    if (st != SEPAX_OK)
        return st;
    /* nq is four per shape, so the manifolds start 4-aligned */
    return sepax_collide_manifolds(
        s, m->pairs, m->count,
        (sepax_manifold *)(o + m->count * sizeof(sepax_result) + sizeof h + m->nq), NULL);
}

static void round_describe(const void *want, const void *got, size_t unit, char *msg,
                           size_t size, void *ctx)
{
    (void)want;
    (void)got;
    const round_run *m = ctx;
    const size_t results = m->count * sizeof(sepax_result);
    if (unit < results)
        snprintf(msg, size, "result of pair %zu", unit / sizeof(sepax_result));
    else if (unit < results + sizeof(uint64_t))
        snprintf(msg, size, "world columns or boxes");
    else if (unit < results + sizeof(uint64_t) + m->nq)
        snprintf(msg, size, "point query %zu", unit - results - sizeof(uint64_t));
    else
        snprintf(msg, size, "manifold of pair %zu",
                 (unit - results - sizeof(uint64_t) - m->nq) / sizeof(sepax_manifold));
}

/* Round shapes, each backend against scalar: a scene's broadphase pairs,
 * point queries around every shape, the world update (vertices and
 * the boxes grown by the radius) and the pairs' contact manifolds. Run on the mixed_kinds scene (all kind
 * pairs, in sweep order, so the batch driver routes them to every tile
 * and one-at-a-time path) and on the circles scene (a store of circles
 * only, which takes a driver of its own). list[0] is scalar, checked
 * against a second scalar run. */
static void round_crosscheck(const sepax_backend *list, size_t n, size_t shapes, int circles)
{
    const char *label = circles ? "circles" : "kinds";
    sepax_scene_params p =
        circles ? sepax_scene_params_circles() : sepax_scene_params_mixed_kinds();
    p.shapes = shapes;
    /* cores past a block of 8 take the one-at-a-time paths */
    if (!circles)
        p.max_vertices = 12;
    sepax_scene scene;
    sepax_store *s = NULL;
    sepax_pair *pairs = NULL;
    sepax_point_query *q = NULL;
    size_t count = 0, nq = 4 * shapes;
    int ok = sepax_scene_generate(&p, &scene) == 0 && sepax_store_create(NULL, &s) == SEPAX_OK &&
             sepax_scene_load(&scene, s, NULL, NULL) == 0;
    if (ok)
        sepax_broadphase(s, NULL, 0, &count);
    pairs = malloc((count + 1) * sizeof *pairs);
    q = malloc(nq * sizeof *q);
    ok = ok && pairs && q && sepax_broadphase(s, pairs, count, &count) == SEPAX_OK;
    if (ok) {
        /* points scattered over each shape's box, a quarter of them exactly
         * on a core vertex */
        cases_rng rng;
        cases_rng_seed(&rng, 77);
        for (size_t i = 0; i < nq; i++) {
            sepax_shape_id id;
            sepax_vec2 lo, hi, v[SEPAX_MAX_POLYGON_VERTICES];
            uint32_t nv;
            sepax_shape_id_of_slot(s, (uint32_t)(i % shapes), &id);
            sepax_shape_aabb(s, id, &lo, &hi);
            sepax_shape_vertices(s, id, 1, v, SEPAX_MAX_POLYGON_VERTICES, &nv);
            q[i].shape = id;
            q[i].point.x = (float)cases_rng_range(&rng, lo.x, hi.x);
            q[i].point.y = (float)cases_rng_range(&rng, lo.y, hi.y);
            if (i % 4 == 3)
                q[i].point = v[i % nv];
        }
    }
    if (!ok) {
        printf("%s: FAILED (could not build the scene)\n", label);
        verdict(0);
    } else {
        /* only the listed backends; scalar's bit matches none of the
         * others, so a list of scalar alone compares no other backend */
        unsigned only = 1u << SEPAX_BACKEND_SCALAR;
        for (size_t k = 1; k < n; k++)
            only |= 1u << list[k];
        round_run m = {pairs, count, q, nq};
        const backends_job job = {round_compute, &m,
                                  count * sizeof(sepax_result) + sizeof(uint64_t) + nq +
                                      count * sizeof(sepax_manifold),
                                  1, round_describe, only, NULL};
        backends_report rep;
        backends_match_scalar(s, &job, &rep);
        if (rep.status != SEPAX_OK) {
            printf("%s: FAILED (%s)\n", label, rep.message);
            verdict(0);
        } else {
            printf("%s scalar: %zu pairs and manifolds, %zu point queries, world update: %s%s\n",
                   label,
                   count, nq, rep.scalar_repeat_diffs ? "FAILED, a second run differs: "
                                                      : "a second run repeats it exactly",
                   rep.scalar_repeat_diffs ? rep.message : "");
            verdict(rep.scalar_repeat_diffs == 0);
            for (size_t k = 1; k < n; k++) {
                size_t at = 0;
                while (at < rep.ran_count && rep.ran[at] != list[k])
                    at++;
                const int ran = at < rep.ran_count, same = ran && rep.diffs[at] == 0;
                printf("%s %s: %zu pairs and manifolds, %zu point queries, world update: %s\n",
                       label,
                       sepax_backend_name(list[k]), count, nq,
                       !ran ? "FAILED (did not run)"
                            : same ? "identical to scalar" : "FAILED (differs from scalar)");
                if (ran && !same)
                    printf("  %s\n", rep.message);
                verdict(same);
            }
        }
    }
    free(pairs);
    free(q);
    sepax_store_destroy(s);
    sepax_scene_free(&scene);
}

static void oracle_sample(size_t pairs)
{
    oracle_tally t;
    memset(&t, 0, sizeof t);
    oracle_result *o = malloc(sizeof *o);
    oracle_poly *A = malloc(sizeof *A), *B = malloc(sizeof *B);
    sepax_result *res = malloc((pairs + 1) * sizeof *res);
    sepax_store *s = NULL;
    case_set set;
    memset(&set, 0, sizeof set);
    char msg[1024] = "";
    const char *first = NULL;
    if (!o || !A || !B || !res) {
        printf("oracle: FAILED (out of memory)\n");
        verdict(0);
        goto done;
    }
    cases_config cfg = cases_config_default();
    cfg.huge_offset = 1e4;
    sepax_status st = sepax_store_create(NULL, &s);
    if (st == SEPAX_OK)
        st = sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR);
    if (st == SEPAX_OK)
        st = cases_build(s, 4242, pairs, &cfg, &set, msg, sizeof msg);
    if (st == SEPAX_OK)
        st = sepax_collide(s, set.pairs, set.count, res, NULL);
    if (st != SEPAX_OK) {
        printf("oracle: FAILED (%s%s%s)\n", sepax_status_string(st), msg[0] ? ": " : "", msg);
        verdict(0);
        goto done;
    }
    size_t first_pair = 0;
    for (size_t i = 0; i < set.count; i++) {
        if (oracle_poly_from_store(s, set.pairs[i].a, A) != SEPAX_OK ||
            oracle_poly_from_store(s, set.pairs[i].b, B) != SEPAX_OK) {
            first = first ? first : "world vertices unreadable";
            t.failures++;
            continue;
        }
        const char *p = oracle_judge(&res[i], A, B, o, &t);
        if (p && !first) {
            first = p;
            first_pair = i;
        }
    }
    printf("oracle: %zu pairs, %zu hits, %zu near touching (%zu disagree, allowed), "
           "%zu failures%s%s",
           t.pairs, t.hits, t.near_touch, t.near_touch_disagree, t.failures,
           first ? "; first: " : "", first ? first : "");
    if (first)
        printf(" (pair %zu, %s)", first_pair,
               case_family_name((case_family)set.family[first_pair]));
    printf("\n");
    verdict(t.failures == 0 && t.pairs == set.count);
done:
    cases_free(&set);
    sepax_store_destroy(s);
    free(o);
    free(A);
    free(B);
    free(res);
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    size_t pairs = cases_scaled(DEFAULT_PAIRS);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(argv[i], "--pairs") == 0 && i + 1 < argc) {
            char *end = NULL;
            unsigned long long v = strtoull(argv[++i], &end, 10);
            if (!end || *end != '\0' || v == 0) {
                fprintf(stderr, "sepax_selftest: bad pair count '%s'\n", argv[i]);
                usage(stderr);
                return 2;
            }
            pairs = (size_t)v;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "sepax_selftest: unknown argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }

    check_names();

    /* Scalar is always in the list: against itself it checks that a run
     * repeats exactly. */
    sepax_backend list[SEPAX_BACKEND_COUNT + 1], others[SEPAX_BACKEND_COUNT];
    size_t n = 0;
    list[n++] = SEPAX_BACKEND_SCALAR;
    if (only) {
        sepax_backend b;
        if (sepax_backend_from_name(only, &b) != SEPAX_OK) {
            printf("backend %s: FAILED (unknown backend name)\n", only);
            verdict(0);
        } else if (!sepax_backend_available(b)) {
            printf("backend %s: FAILED (not built into this library or not supported by this "
                   "CPU)\n", only);
            verdict(0);
        } else if (b != SEPAX_BACKEND_SCALAR) {
            list[n++] = b;
        }
    } else {
        n += backends_others(others);
        memcpy(list + 1, others, (n - 1) * sizeof *others);
    }

    cases_check *res = calloc(n, sizeof *res);
    if (!res) {
        printf("FAILED: out of memory\n");
        verdict(0);
    } else {
        char msg[2048] = "";
        sepax_status st = cases_crosscheck(list, n, 20240601, pairs, CHUNK, NULL, res, msg,
                                           sizeof msg);
        if (st != SEPAX_OK) {
            printf("cross-check: FAILED (%s%s%s)\n", sepax_status_string(st), msg[0] ? ": " : "",
                   msg);
            verdict(0);
        } else {
            for (size_t k = 0; k < n; k++) {
                const cases_check *c = &res[k];
                int ok = c->result_diffs == 0 && c->world_diffs == 0 && c->hit_list_diffs == 0 &&
                         c->pairs >= pairs;
                if (ok)
                    printf("backend %s: %zu pairs, %zu hits, identical to scalar\n",
                           sepax_backend_name(c->backend), c->pairs, c->hits);
                else
                    printf("backend %s: %zu pairs, %zu hits, FAILED: %zu results, %zu world "
                           "shapes, %zu hit lists differ; first: %s\n",
                           sepax_backend_name(c->backend), c->pairs, c->hits, c->result_diffs,
                           c->world_diffs, c->hit_list_diffs, c->first);
                verdict(ok);
            }
        }
        free(res);
    }

    /* one shape per 50 pairs (about 2 pairs each, enough to fill tiles in
     * every bin), 200 to 5000 shapes */
    const size_t round_shapes = pairs / 50 < 5000 ? (pairs / 50 > 200 ? pairs / 50 : 200) : 5000;
    round_crosscheck(list, n, round_shapes, 0);
    round_crosscheck(list, n, round_shapes, 1);
    oracle_sample(pairs < ORACLE_PAIRS ? pairs : ORACLE_PAIRS);

    printf("%u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
