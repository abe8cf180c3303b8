/* Seeded random pairs of convex polygons for stress tests: each case is two
 * shapes built to stand in a known relation (overlapping, separated,
 * touching, identical, one inside the other, ...), added to a store and
 * placed with sepax_set_transforms. On a given machine the same seed
 * always gives the same store contents and pair list (shapes go through
 * libm's sin and cos, so other machines may differ in the last bits). */
#ifndef SEPAX_TEST_CASES_H
#define SEPAX_TEST_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "sepax/sepax.h"

/* A small deterministic generator (splitmix64), shared by the tests so that
 * no test depends on the C library's rand(). */
typedef struct cases_rng {
    uint64_t state;
} cases_rng;

void cases_rng_seed(cases_rng *r, uint64_t seed);
uint64_t cases_rng_next(cases_rng *r);
/* Uniform in [0, 1). */
double cases_rng_unit(cases_rng *r);
/* Uniform in [lo, hi). */
double cases_rng_range(cases_rng *r, double lo, double hi);
/* Uniform integer in [lo, hi]. */
int cases_rng_int(cases_rng *r, int lo, int hi);
/* Fisher-Yates over n pairs, drawing with cases_rng_int. */
void cases_shuffle_pairs(cases_rng *r, sepax_pair *pairs, size_t n);
/* The same over n items of size bytes each (at most 64), any type. */
void cases_shuffle(cases_rng *r, void *items, size_t n, size_t size);
/* Each of the bytes the low byte of one draw. */
void cases_fill_bytes(cases_rng *r, void *bytes, size_t count);

typedef enum case_family {
    CASE_OVERLAP = 0,     /* centres closer than the sum of radii */
    CASE_SEPARATED,       /* bounding circles apart, gaps down to 1e-6 */
    /* Exact coordinates: share an edge or part of one, or only an end of
     * it; a few stop just short along the edge's line and miss. */
    CASE_TOUCH_EDGE,
    CASE_TOUCH_VERTEX,    /* meet at one vertex, or a vertex on an edge, exact */
    CASE_TOUCH_ROTATED,   /* touching pairs under a general rotation */
    CASE_IDENTICAL,       /* the same polygon twice, same or nearly same place */
    CASE_CONTAINED,       /* a small shape inside a big one */
    CASE_TINY,            /* sizes and positions around 1e-3 */
    CASE_HUGE,            /* positions offset by cases_config.huge_offset */
    CASE_PARALLEL,        /* facing edges a tiny angle apart */
    CASE_FAMILY_COUNT
} case_family;

const char *case_family_name(case_family f);

typedef struct cases_config {
    /* Bit (1u << family) enables a family; 0 enables all. */
    unsigned families;
    /* Offset of the huge family's positions (both signs). */
    double huge_offset;
    /* Largest vertex count of a random polygon (3..64). */
    int max_vertices;
} cases_config;

cases_config cases_config_default(void);

typedef struct case_set {
    sepax_pair *pairs;    /* both orders of every case: (a, b) then (b, a) */
    uint8_t *family;      /* case_family of each pair */
    size_t count;
    size_t shapes;        /* shapes this call added to the store */
} case_set;

/* Add shapes for pair_count pairs (rounded up to even) to store and fill
 * *out. cfg may be NULL for the defaults. On failure the status of the
 * failing library call is returned, *out is freed and, when msg is not
 * NULL, a description of the failing input is written there. */
sepax_status cases_build(sepax_store *store, uint64_t seed, size_t pair_count,
                         const cases_config *cfg, case_set *out, char *msg, size_t msg_size);
void cases_free(case_set *set);

/* The bitwise backend cross-check shared by the Criterion suite and the
 * plain-C selftest. For each chunk of pairs it builds one store with the
 * scalar backend and records its world columns and results; then, for each
 * listed backend, it collides the same pairs with that backend's kernel,
 * recomputes the world columns with its world kernel (through both
 * sepax_set_transforms and sepax_update_world) and compares every byte.
 * The scalar backend may be listed too: it is then compared against a
 * second scalar run, which checks determinism. */
typedef struct cases_check {
    sepax_backend backend;
    size_t pairs, hits;   /* pairs compared; hits among the scalar results */
    size_t result_diffs;  /* pairs whose sepax_result bytes differ */
    size_t world_diffs;   /* shapes whose world vertices or box differ */
    size_t hit_list_diffs; /* chunks whose compacted output differs */
    char first[1536];     /* the first difference, described */
} cases_check;

/* Fills out[k] for backends[k]. Returns SEPAX_OK, or the status of a
 * library call that failed outright (with msg describing it). */
sepax_status cases_crosscheck(const sepax_backend *backends, size_t nbackends, uint64_t seed,
                              size_t pair_count, size_t chunk, const cases_config *cfg,
                              cases_check *out, char *msg, size_t msg_size);

/* A hash of everything a user can read back from a store: its count, slot
 * limit and backend, and for every live shape its id, local and world
 * vertices, transform, bounding box, kind and radius. Equal before and after a call
 * means the call left the store as it was. */
uint64_t cases_store_fingerprint(const sepax_store *store);

/* Overwrite every live shape's world columns and box with junk, so that a
 * world update that skipped a lane or a shape would show. */
void cases_scrub_world(sepax_store *store);

/* n scaled by the environment variable SEPAX_TEST_SCALE (a number in
 * (0, 1]; unset means 1), at least 1000 or n if smaller. The heaviest
 * stress tests take their sizes from here so that the valgrind run can
 * shrink them; what they check does not change. */
size_t cases_scaled(size_t n);

#endif
