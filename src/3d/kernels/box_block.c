/* A box as a hull block (hull3.h), by rule: the pair tests with a box on
 * one side read it as they read a hull. Compiled once, beside the
 * per-backend kernels that call it, once per pair with a box that is not
 * in the box lanes, so it is a copy of a unit box's block with the half
 * extents written in: built by the rule below loop by loop, the block
 * took about 800 instructions, a fifth of a box-capsule pair.
 *
 *   corner j: coordinate k is +h_k when bit k of j is set, else -h_k
 *   face 2k: +axis k, face 2k + 1: -axis k; its plane offset h_k; the
 *   inner radius (the block's [3]) the least h_k
 *   edge 4k + m: along +axis k from corner (s1 << k1) | (s2 << k2),
 *       k1 = k + 1, k2 = k + 2 (mod 3), s1 = bit 0 of m, s2 = bit 1; the
 *       faces beside it +-axis k1 and +-axis k2 (+ when its bit is set),
 *       fa the first when s1 == s2 (n_fa x n_fb is s1 s2 times axis k)
 *   every array padded to 16 with copies of its element 0
 * tests/unit/test_hull3.c builds the block by this rule and compares. */
#include <string.h>

#include "hull3.h"

/* The unit box (every h_k 1): corners as signs, the offsets left 0. */
const float hull3_unit_box[HULL3_BOX_FLOATS] = {
    /* counts */ 8, 6, 12, 0,
    /* vx (signs) */ -1, 1, -1, 1, -1, 1, -1, 1, -1, -1, -1, -1, -1, -1, -1, -1,
    /* vy */ -1, -1, 1, 1, -1, -1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1,
    /* vz */ -1, -1, -1, -1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1, -1,
    /* nx */ 1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    /* ny */ 0, 0, 1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* nz */ 0, 0, 0, 0, 1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* d (h, set per box) */ 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    /* i0 */ 0, 2, 4, 6, 0, 4, 1, 5, 0, 1, 2, 3, 0, 0, 0, 0,
    /* i1 */ 1, 3, 5, 7, 2, 6, 3, 7, 4, 5, 6, 7, 1, 1, 1, 1,
    /* fa */ 3, 5, 4, 2, 5, 1, 0, 4, 1, 3, 2, 0, 3, 3, 3, 3,
    /* fb */ 5, 2, 3, 4, 1, 4, 5, 0, 3, 0, 1, 2, 5, 5, 5, 5,
    /* ux */ 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
    /* uy */ 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0,
    /* uz */ 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0,
};

void hull3_box_block(const float h[3], float b[HULL3_BOX_FLOATS])
{
    memcpy(b, hull3_unit_box, sizeof hull3_unit_box);
    /* corners: the sign times h_k is exactly +-h_k */
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 16; j++)
            b[4 + 16 * k + j] = hull3_unit_box[4 + 16 * k + j] * h[k];
    /* offsets: face f's is h[f / 2], the padding repeats face 0's */
    float *d = b + 4 + 3 * 16 + 3 * 16;
    for (int f = 0; f < 16; f++)
        d[f] = h[f < 6 ? f / 2 : 0];
    /* the inner radius: the least offset */
    b[3] = h[0] < h[1] ? (h[0] < h[2] ? h[0] : h[2]) : (h[1] < h[2] ? h[1] : h[2]);
}
