/* A convex polyhedron as the 3D pair tests read it: a hull's block in the
 * store's pool, or a box's eight corners laid out the same way on the
 * stack.
 *
 * Block (floats; coordinates in the shape's local frame, relative to its
 * centre, which is the vertex mean for a hull and so lies inside):
 *   [0] nv  [1] nf  [2] ne                 whole numbers
 *   [3] rin                                the least face offset d: the
 *                                          ball of that radius about the
 *                                          centre lies inside
 *   vx vy vz                               P(nv) each: vertices
 *   nx ny nz d                             P(nf) each: face planes n.x = d,
 *                                          n of unit length, outward
 *   i0 i1 fa fb                            P(ne) each, whole numbers: an
 *                                          edge's two vertices and the
 *                                          faces beside it
 *   ux uy uz                               P(ne) each: unit v[i1] - v[i0]
 * P(n) rounds n up to HULL3_PAD; the padding repeats element 0, so that a
 * loop over lanes may run past the end without changing a minimum, a
 * maximum or the lowest index that reaches it.
 *
 * Edge orientation: fa is the face that runs from i0 to i1 when its
 * vertices are walked counter-clockwise seen from outside, so that
 *   u = unit(n_fa x n_fb),  n_fa x u points into fa,  u x n_fb into fb.
 * Every vertex kept is a corner of three faces or more. */
#ifndef SEPAX_HULL3_H
#define SEPAX_HULL3_H

#include <stddef.h>
#include <stdint.h>

#include "sepax/sepax3d.h"

#define HULL3_PAD 16u
#define HULL3_MAX_FACES (2u * SEPAX3_MAX_HULL_VERTICES - 4u)
#define HULL3_MAX_EDGES (3u * SEPAX3_MAX_HULL_VERTICES - 6u)

static inline uint32_t hull3_pad(uint32_t n)
{
    return (n + HULL3_PAD - 1u) / HULL3_PAD * HULL3_PAD;
}

static inline size_t hull3_block_floats(uint32_t nv, uint32_t nf, uint32_t ne)
{
    return 4u + 3u * (size_t)hull3_pad(nv) + 4u * (size_t)hull3_pad(nf) +
           7u * (size_t)hull3_pad(ne);
}

typedef struct poly3 {
    uint32_t nv, nf, ne;
    float rin; /* [3] */
    const float *vx, *vy, *vz;
    const float *nx, *ny, *nz, *d;
    const float *i0, *i1, *fa, *fb;
    const float *ux, *uy, *uz;
} poly3;

/* The arrays of a block; writable through the casts when building one. */
static inline poly3 poly3_of(const float *b)
{
    poly3 p;
    p.nv = (uint32_t)b[0], p.nf = (uint32_t)b[1], p.ne = (uint32_t)b[2], p.rin = b[3];
    const size_t pv = hull3_pad(p.nv), pf = hull3_pad(p.nf), pe = hull3_pad(p.ne);
    const float *at = b + 4;
    p.vx = at, p.vy = at + pv, p.vz = at + 2 * pv;
    at += 3 * pv;
    p.nx = at, p.ny = at + pf, p.nz = at + 2 * pf, p.d = at + 3 * pf;
    at += 4 * pf;
    p.i0 = at, p.i1 = at + pe, p.fa = at + 2 * pe, p.fb = at + 3 * pe;
    at += 4 * pe;
    p.ux = at, p.uy = at + pe, p.uz = at + 2 * pe;
    return p;
}

/* Fill a block's padding with copies of each array's element 0. */
static inline void hull3_fill_padding(float *b)
{
    const uint32_t n[3] = {(uint32_t)b[0], (uint32_t)b[1], (uint32_t)b[2]};
    const uint32_t arrays[3] = {3u, 4u, 7u};
    float *at = b + 4;
    for (int k = 0; k < 3; k++) {
        const uint32_t p = hull3_pad(n[k]);
        for (uint32_t a = 0; a < arrays[k]; a++, at += p)
            for (uint32_t i = n[k]; i < p; i++)
                at[i] = at[0];
    }
}

/* Floats of a box's block (8 corners, 6 faces, 12 edges). */
#define HULL3_BOX_FLOATS (4u + 3u * 16u + 4u * 16u + 7u * 16u)

/* A box of half extents h as a block: corner j has coordinate k positive
 * when bit k of j is set; face 2k is +axis k, 2k + 1 is -axis k; edge
 * 4k + m runs along +axis k, bit 0 of m giving the sign of axis k + 1,
 * bit 1 that of axis k + 2 (mod 3). */
void hull3_box_block(const float h[3], float block[HULL3_BOX_FLOATS]);

/* The unit box's block (every h_k 1) by the rule above, with the
 * corners as signs and the offsets left 0: the box lanes read the
 * corners, faces and edges from it, so that they and the block agree. */
extern const float hull3_unit_box[HULL3_BOX_FLOATS];

#endif
