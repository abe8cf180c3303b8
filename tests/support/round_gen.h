/* Seeded random shapes of every kind, and pairs of them placed to
 * overlap, touch, nearly touch or nest, for the round-kind stress suites
 * (tests/oracle/test_round_oracle.c, tests/cross/test_round_mixed.c). The same seed
 * gives the same shapes and placements on a given machine (they go
 * through libm's sin and cos). Plain C: failures come back as a status
 * and a message, for the caller to assert. */
#ifndef SEPAX_TEST_SUPPORT_ROUND_GEN_H
#define SEPAX_TEST_SUPPORT_ROUND_GEN_H

#include <stddef.h>

#include "support/cases.h"
#include "oracle/oracle_round.h"
#include "sepax/sepax.h"

/* A box is a polygon to the library; the generator keeps it apart because
 * it is made by another call. */
enum { GEN_POLYGON, GEN_BOX, GEN_CIRCLE, GEN_CAPSULE, GEN_SEGMENT, GEN_ROUNDED, GEN_KINDS };
extern const char *const gen_kind_name[GEN_KINDS];

/* Now and then more than 8 or 16 vertices, past the wide kernels'
 * one-block and one-register paths. */
#define GEN_MAX_VERTICES 24

/* A generated shape: its local core (as stored, in double), an anchor
 * point inside it (local) and the largest distance from the anchor to the
 * shape, so that placements can aim shapes at each other. */
typedef struct gen_shape {
    sepax_shape_id id;
    int kind, n;
    double lx[GEN_MAX_VERTICES], ly[GEN_MAX_VERTICES], r;
    double ax, ay, bound;
    sepax_transform xf;
} gen_shape;

/* Add a shape of the given kind about size across to the store, at the
 * identity. */
sepax_status gen_shape_make(sepax_store *s, cases_rng *g, int kind, double size, gen_shape *out,
                            char *msg, size_t msg_size);

/* The transform turning the shape by angle and putting its anchor at
 * (tx, ty). */
sepax_transform gen_pose(const gen_shape *g, double angle, double tx, double ty);

/* The shape's world core under t, in double (close to, not equal to, the
 * library's float world core; for placing shapes only). */
void gen_world(const gen_shape *g, sepax_transform t, oround_shape *o);

/* Add a pair of shapes of kinds ka and kb, placed in one of four ways:
 * overlapping, within 1e-7..1e-2 of touching, near but mostly apart, or a
 * small shape inside a bigger one. */
sepax_status gen_pair_make(sepax_store *s, cases_rng *g, int ka, int kb, gen_shape *a,
                           gen_shape *b, char *msg, size_t msg_size);

/* Both kinds are polygons to the library (polygon or box). */
int gen_both_polygons(int ka, int kb);

#endif
