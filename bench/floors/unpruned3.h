/* The polyhedron pair test (src/3d/kernels/poly3.h) built again in the
 * bench, with and without the Gauss-map pruning of edge pairs
 * (POLY3_PRUNE), at one lane (the scalar reference's build) and, on x86,
 * at avx2's and avx512's widths: each entry runs a pair list through the routine every
 * backend's driver calls for a pair with a hull or capsule, so the pruned
 * and unpruned rows differ only in the edge query. Two more entries run
 * the same pairs: tile3.c with one pair per lane instead of one pair's
 * faces and edges across the lanes (bit-identical results), and
 * floor3_hulls.c, the part of the work every pair must do. */
#ifndef SEPAX_BENCH_UNPRUNED3_H
#define SEPAX_BENCH_UNPRUNED3_H

#include <stddef.h>

#include "sepax/sepax3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*bench3_poly_run)(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                                sepax3_result *out);

void sepax3_general_pair_pruned(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                                sepax3_result *out);
void sepax3_general_pair_unpruned(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                                  sepax3_result *out);
/* tile3.c: the same pairs, one pair per lane */
void sepax3_general_pair_tile(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                              sepax3_result *out);
/* floor3_hulls.c: frames, B placed, A's face query, nothing else */
void sepax3_general_pair_floor(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                               sepax3_result *out);
/* floor3_hulls.c: both world records and both vertex sets read, no more */
void sepax3_general_pair_touch(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                               sepax3_result *out);
/* the same five at a wide backend's width, suffix _avx2 or _avx512 */
#define BENCH3_POLY_WIDE(w)                                                                    \
    void sepax3_general_pair_pruned##w(const sepax3_store *, const sepax_pair *, size_t,       \
                                       sepax3_result *);                                       \
    void sepax3_general_pair_unpruned##w(const sepax3_store *, const sepax_pair *, size_t,     \
                                         sepax3_result *);                                     \
    void sepax3_general_pair_tile##w(const sepax3_store *, const sepax_pair *, size_t,         \
                                     sepax3_result *);                                         \
    void sepax3_general_pair_floor##w(const sepax3_store *, const sepax_pair *, size_t,        \
                                      sepax3_result *);                                       \
    void sepax3_general_pair_touch##w(const sepax3_store *, const sepax_pair *, size_t,        \
                                      sepax3_result *);
#ifdef SEPAX_BENCH_POLY3_AVX2
BENCH3_POLY_WIDE(_avx2)
#endif
#ifdef SEPAX_BENCH_POLY3_AVX512
BENCH3_POLY_WIDE(_avx512)
#endif

#ifdef __cplusplus
}

#include <vector>

namespace sepax_bench {

struct Poly3Entry {
    const char *name; // the benchmark subject
    bool pruned;      // computes what sepax3_collide does, bit for bit
    bench3_poly_run run;
    const char *label;
};

// The entries this binary has and this CPU runs.
inline std::vector<Poly3Entry> poly3_entries()
{
    static const char *const pruned = "Gauss-map pruned edge pairs",
                             *every = "every edge pair", *tile = "one pair per lane",
                             *floor = "floor: A's face query only",
                             *touch = "floor of the contract: both vertex sets read once";
    std::vector<Poly3Entry> v{{"sepax3_pruned", true, sepax3_general_pair_pruned, pruned},
                              {"sepax3_unpruned", false, sepax3_general_pair_unpruned, every},
                              {"sepax3_tile", true, sepax3_general_pair_tile, tile},
                              {"sepax3_hull_floor", false, sepax3_general_pair_floor, floor},
                              {"sepax3_hull_touch", false, sepax3_general_pair_touch, touch}};
#define BENCH3_POLY_ENTRIES(w, backend)                                                        \
    if (sepax_backend_available(backend)) {                                                   \
        v.push_back({"sepax3_pruned" #w, true, sepax3_general_pair_pruned##w, pruned});        \
        v.push_back({"sepax3_unpruned" #w, false, sepax3_general_pair_unpruned##w, every});    \
        v.push_back({"sepax3_tile" #w, true, sepax3_general_pair_tile##w, tile});              \
        v.push_back({"sepax3_hull_floor" #w, false, sepax3_general_pair_floor##w, floor});     \
        v.push_back({"sepax3_hull_touch" #w, false, sepax3_general_pair_touch##w, touch});     \
    }
#ifdef SEPAX_BENCH_POLY3_AVX2
    BENCH3_POLY_ENTRIES(_avx2, SEPAX_BACKEND_AVX2)
#endif
#ifdef SEPAX_BENCH_POLY3_AVX512
    BENCH3_POLY_ENTRIES(_avx512, SEPAX_BACKEND_AVX512)
#endif
    return v;
}

} // namespace sepax_bench
#endif

#endif
