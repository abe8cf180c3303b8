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

#include "cases.h"
#include "oracle.h"
#include "scene.h"
#include "sepax/sepax.h"

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

/* Backend names and lookups: cheap, and a broken table would make every
 * later line meaningless. */
static void check_names(void)
{
    int ok = 1;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const char *name = sepax_backend_name((sepax_backend)b);
        sepax_backend back = SEPAX_BACKEND_COUNT;
        if (!name || sepax_backend_from_name(name, &back) != SEPAX_OK || back != (sepax_backend)b)
            ok = 0;
    }
    sepax_backend out;
    if (sepax_backend_from_name("nosuch", &out) != SEPAX_ERR_UNKNOWN_BACKEND)
        ok = 0;
    if (!sepax_backend_available(SEPAX_BACKEND_SCALAR))
        ok = 0;
    printf("names: %s\n", ok ? "ok" : "FAILED (backend names do not round-trip)");
    verdict(ok);
}

/* Round shapes, each backend against scalar: a scene's broadphase pairs,
 * point queries around every shape, and the world update (vertices and
 * the boxes grown by the radius). Run on the mixed_kinds scene (all kind
 * pairs, in sweep order, so the batch driver routes them to every tile
 * and one-at-a-time path) and on the circles scene (a store of circles
 * only, which takes a driver of its own). */
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
    sepax_result *want = NULL, *got = NULL;
    sepax_point_query *q = NULL;
    uint8_t *in_want = NULL, *in_got = NULL;
    size_t count = 0, nq = 4 * shapes;
    int ok = sepax_scene_generate(&p, &scene) == 0 && sepax_store_create(NULL, &s) == SEPAX_OK &&
             sepax_scene_load(&scene, s, NULL, NULL) == 0;
    if (ok)
        sepax_broadphase(s, NULL, 0, &count);
    pairs = malloc((count + 1) * sizeof *pairs);
    want = malloc((count + 1) * sizeof *want);
    got = malloc((count + 1) * sizeof *got);
    q = malloc(nq * sizeof *q);
    in_want = malloc(nq);
    in_got = malloc(nq);
    ok = ok && pairs && want && got && q && in_want && in_got &&
         sepax_broadphase(s, pairs, count, &count) == SEPAX_OK;
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
        ok = sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR) == SEPAX_OK &&
             sepax_update_world(s) == SEPAX_OK &&
             sepax_collide(s, pairs, count, want, NULL) == SEPAX_OK &&
             sepax_query_points(s, q, nq, in_want, NULL) == SEPAX_OK;
    }
    if (!ok) {
        printf("%s: FAILED (could not build the scene)\n", label);
        verdict(0);
    }
    const uint64_t world_want = ok ? cases_store_fingerprint(s) : 0;
    for (size_t k = 0; ok && k < n; k++) {
        size_t diffs = 0, point_diffs = 0;
        if (sepax_store_set_backend(s, list[k]) != SEPAX_OK ||
            (cases_scrub_world(s), sepax_update_world(s)) != SEPAX_OK ||
            sepax_collide(s, pairs, count, got, NULL) != SEPAX_OK ||
            sepax_query_points(s, q, nq, in_got, NULL) != SEPAX_OK) {
            diffs = count;
        } else {
            for (size_t i = 0; i < count; i++)
                diffs += memcmp(&want[i], &got[i], sizeof want[i]) != 0;
            for (size_t i = 0; i < nq; i++)
                point_diffs += in_want[i] != in_got[i];
        }
        /* the fingerprint names the backend */
        const int world_same = sepax_store_set_backend(s, SEPAX_BACKEND_SCALAR) == SEPAX_OK &&
                               cases_store_fingerprint(s) == world_want;
        printf("%s %s: %zu pairs, %zu point queries, world update: %s (%zu results, %zu points "
               "differ; world %s)\n",
               label, sepax_backend_name(list[k]), count, nq,
               diffs || point_diffs || !world_same ? "FAILED" : "identical to scalar", diffs,
               point_diffs, world_same ? "same" : "differs");
        verdict(diffs == 0 && point_diffs == 0 && world_same);
    }
    free(pairs);
    free(want);
    free(got);
    free(q);
    free(in_want);
    free(in_got);
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
    sepax_backend list[SEPAX_BACKEND_COUNT];
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
        for (int b = 1; b < SEPAX_BACKEND_COUNT; b++)
            if (sepax_backend_available((sepax_backend)b))
                list[n++] = (sepax_backend)b;
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
