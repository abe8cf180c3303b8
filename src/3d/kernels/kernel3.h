/* The interface between the 3D store and its kernels: the per-slot
 * records kernels read and write, and the kernel table of a backend.
 * Kernels see plain arrays, never the store. */
#ifndef SEPAX_KERNEL3_H
#define SEPAX_KERNEL3_H

#include "sepax/sepax3d.h"

/* Slot kinds: free, or a public sepax3_shape_kind plus one. */
enum {
    SEPAX3_KIND_FREE = 0,
    SEPAX3_KIND_BOX = 1 + SEPAX3_SHAPE_BOX,
    SEPAX3_KIND_SPHERE = 1 + SEPAX3_SHAPE_SPHERE,
    SEPAX3_KIND_HULL = 1 + SEPAX3_SHAPE_HULL,
    SEPAX3_KIND_CAPSULE = 1 + SEPAX3_SHAPE_CAPSULE,
    SEPAX3_KINDS = 5,
};

/* Every record is 16 floats, one 64-byte line, so that a pair's kernel
 * reads two cache lines whatever the kinds.
 *
 * Local record (as added):  cx cy cz  qw qx qy qz  hx hy hz  r  s  0 0 0 0
 *   q of unit length (normalised in double when the shape was added);
 *   h zero for a sphere, r zero for a box; s 1 for a sphere, else 0 (so
 *   the world update reads its inputs from two records alone).
 *   A capsule is a segment along its local x axis, h = (half length, 0,
 *   0), grown by r; a hull is c = its vertex mean, q the identity, h the
 *   half extents of its bounding box about c, its vertices and faces in
 *   the pool (hull3.h).
 * Transform record (8 floats):  px py pz  qw qx qy qz  0
 * Bounds record (8 floats):     lo x y z  hi x y z  0 0
 * World record (after a world update):
 *   cx cy cz  a0x a0y a0z  a1x a1y a1z  a2x a2y a2z  hx hy hz  r
 *   a_k the shape's world axes (a sphere's are the world's), h and r
 *   copied from the local record. */
#define SEPAX3_RECORD 16u
enum {
    SEPAX3_L_C = 0, SEPAX3_L_Q = 3, SEPAX3_L_H = 7, SEPAX3_L_R = 10, SEPAX3_L_SPHERE = 11,
    SEPAX3_XF = 8, SEPAX3_X_P = 0, SEPAX3_X_Q = 3, SEPAX3_BOUNDS = 8,
    SEPAX3_W_C = 0, SEPAX3_W_A = 3, SEPAX3_W_H = 12, SEPAX3_W_R = 15,
};

/* What the collide and point kernels read. */
typedef struct sepax3_view {
    const float *world; /* SEPAX3_RECORD floats per slot */
    const uint8_t *kind;
    int boxes_only; /* no live shape but boxes: every pair is box-box */
    const float *pool;       /* hull blocks (hull3.h) */
    const uint32_t *pool_at; /* per slot: where its hull block starts */
} sepax3_view;

/* What the world update reads and writes. */
typedef struct sepax3_world_job {
    float *world;
    float *bounds; /* SEPAX3_BOUNDS floats per slot */
    const float *local;
    const float *xf; /* SEPAX3_XF floats per slot */
    const uint8_t *kind;
} sepax3_world_job;

typedef void (*sepax3_collide_fn)(const sepax3_view *v, const sepax_pair *pairs, size_t n,
                                  sepax3_result *out);
/* Update the world records of the slots of the listed ids (ids == NULL:
 * slots 0 .. n-1, skipping free ones). */
typedef void (*sepax3_world_fn)(const sepax3_world_job *job, const uint32_t *ids, size_t n);

/* Pairs of one group (sepax3_pair_group) only. */
typedef void (*sepax3_group_fn)(const sepax3_view *v, uint32_t group, const sepax_pair *pairs,
                                size_t n, sepax3_result *out);

typedef struct sepax3_kernels {
    sepax3_collide_fn collide;
    sepax3_world_fn world;
    sepax3_group_fn collide_group;
} sepax3_kernels;

/* The scalar reference (src/3d/reference.c): the specification. */
void sepax3_reference_collide(const sepax3_view *v, const sepax_pair *pairs, size_t n,
                              sepax3_result *out);
void sepax3_reference_world(const sepax3_world_job *job, const uint32_t *ids, size_t n);
void sepax3_reference_collide_group(const sepax3_view *v, uint32_t group, const sepax_pair *pairs,
                                    size_t n, sepax3_result *out);

/* Point queries run the same scalar code on every backend (points.c). */

/* The 3D kernel table of a backend; NULL when it is not built or the CPU
 * lacks it (src/3d/kernel_table.c). */
const sepax3_kernels *sepax3_kernels_for(sepax_backend backend);

#endif
