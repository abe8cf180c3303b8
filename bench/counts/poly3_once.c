/* One pass of hulls3 pairs through the polyhedron pair test with or
 * without the Gauss-map pruning, one pair per lane, or its floor
 * (unpruned3.h), for instruction counts under valgrind
 * (bench/scripts/callgrind.sh with WHAT=prune): the scene (hulls3,
 * seed 1), the pairs (the first PAIRS in sweep order) and the entry are
 * fixed, so the count repeats exactly.
 *
 *   poly3_once pruned|unpruned|tile|floor[_avx2] [PAIRS [MIN MAX]]
 *
 * MIN MAX: 4,000 hulls of that many points instead of 20,000 of 8 to 32.
 * Prints the
 * entry's function name, the pairs run, the hits, and how many results
 * differ in any bit from the pruned one-lane entry's (the library's
 * reference). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairs3_once.h"
#include "scene3.h"
#include "floors/unpruned3.h"

int main(int argc, char **argv)
{
    static const struct {
        const char *what, *fn;
        bench3_poly_run run;
    } entries[] = {
        {"pruned", "sepax3_general_pair_pruned", sepax3_general_pair_pruned},
        {"unpruned", "sepax3_general_pair_unpruned", sepax3_general_pair_unpruned},
        {"tile", "sepax3_general_pair_tile", sepax3_general_pair_tile},
        {"floor", "sepax3_general_pair_floor", sepax3_general_pair_floor},
#ifdef SEPAX_BENCH_POLY3_AVX2
        {"pruned_avx2", "sepax3_general_pair_pruned_avx2", sepax3_general_pair_pruned_avx2},
        {"unpruned_avx2", "sepax3_general_pair_unpruned_avx2", sepax3_general_pair_unpruned_avx2},
        {"tile_avx2", "sepax3_general_pair_tile_avx2", sepax3_general_pair_tile_avx2},
        {"floor_avx2", "sepax3_general_pair_floor_avx2", sepax3_general_pair_floor_avx2},
#endif
#ifdef SEPAX_BENCH_POLY3_AVX512
        {"pruned_avx512", "sepax3_general_pair_pruned_avx512", sepax3_general_pair_pruned_avx512},
        {"unpruned_avx512", "sepax3_general_pair_unpruned_avx512",
         sepax3_general_pair_unpruned_avx512},
        {"tile_avx512", "sepax3_general_pair_tile_avx512", sepax3_general_pair_tile_avx512},
        {"floor_avx512", "sepax3_general_pair_floor_avx512", sepax3_general_pair_floor_avx512},
#endif
    };
    int e = -1;
    for (int k = 0; argc > 1 && k < (int)(sizeof entries / sizeof entries[0]); k++)
        if (strcmp(argv[1], entries[k].what) == 0)
            e = k;
    if (e < 0) {
        fprintf(stderr, "usage: poly3_once pruned|unpruned|tile|floor%s [PAIRS [MIN MAX]]\n",
#ifdef SEPAX_BENCH_POLY3_AVX2
                "|pruned_avx2|unpruned_avx2|tile_avx2|floor_avx2"
#endif
#ifdef SEPAX_BENCH_POLY3_AVX512
                "|pruned_avx512|unpruned_avx512|tile_avx512|floor_avx512"
#endif
                "");
        return 2;
    }
    const size_t want = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 2000;

    sepax_scene3_params p = sepax_scene3_params_hulls();
    if (argc > 4) { /* hulls of MIN to MAX points instead of 8 to 32, and
                       * 4,000 of them, which valgrind builds in seconds */
        p.hull_min_points = (unsigned)strtoul(argv[3], NULL, 10);
        p.hull_max_points = (unsigned)strtoul(argv[4], NULL, 10);
        p.shapes = 4000;
    }
    sepax_scene3 scene;
    sepax3_store *store;
    sepax_pair *pairs;
    sepax3_result *res;
    size_t n;
    if (pairs3_once(&p, &scene, &store, &pairs, &res, &n) != 0)
        return 2;
    if (want < n)
        n = want;
    entries[e].run(store, pairs, n, res);
    sepax3_result *ref = malloc((n ? n : 1) * sizeof *ref);
    if (!ref)
        return 2;
    /* not for the pruned entry itself: callgrind would count it twice */
    if (entries[e].run == sepax3_general_pair_pruned)
        memcpy(ref, res, n * sizeof *ref);
    else
        sepax3_general_pair_pruned(store, pairs, n, ref);
    size_t hits = 0, differ = 0;
    for (size_t i = 0; i < n; i++) {
        hits += (res[i].flags & SEPAX_HIT) != 0;
        differ += memcmp(&res[i], &ref[i], sizeof *ref) != 0;
    }
    printf("%s %zu %zu %zu\n", entries[e].fn, n, hits, differ);
    free(ref);
    free(pairs);
    free(res);
    sepax3_store_destroy(store);
    sepax_scene3_free(&scene);
    return 0;
}
