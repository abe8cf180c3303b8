/* Scalar reference of the world update: local columns and a transform in,
 * world vertices, normals and bounding boxes (grown by a round shape's
 * radius, see sepax_box_store) out.
 *
 *   for each listed shape with transform (p, c, s):
 *       for each vertex v with local (x, y) and normal (nx, ny):
 *           wx = p.x + (c*x - s*y);   wy = p.y + (s*x + c*y)
 *           wnx = c*nx - s*ny;        wny = s*nx + c*ny
 *       box = min and max of wx, wy
 *       a circle's slot record (kernel.h's disc) = its world vertex 0
 *
 * Lanes past the vertex count (copies of vertex 0) are transformed too, so
 * they stay copies of world vertex 0. The vector backends evaluate exactly
 * these expressions, in this order, with no fused multiply-add, so their
 * world columns match bit for bit. */
#include <math.h>

#include "kernels/kernel.h"

void sepax_reference_world(const sepax_world_job *j, const uint32_t *rows, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const uint32_t row = rows ? rows[k] : (uint32_t)k;
        const sepax_span sp = j->span[row];
        if (sp.count == 0)
            continue;
        const uint32_t blk = sepax_block_of(sp.count);
        const float *lx = j->pool + sp.offset, *ly = lx + blk, *lnx = ly + blk, *lny = lnx + blk;
        float *wx = j->pool + sp.offset + 4u * blk, *wy = wx + blk, *wnx = wy + blk, *wny = wnx + blk;
        const sepax_transform t = j->xf[row];
        const float c = t.q.c, s = t.q.s;
        float lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY, hi_y = -INFINITY;
        for (uint32_t i = 0; i < blk; i++) {
            const float x = lx[i], y = ly[i], nx = lnx[i], ny = lny[i];
            const float px = t.p.x + (c * x - s * y);
            const float py = t.p.y + (s * x + c * y);
            wx[i] = px;
            wy[i] = py;
            wnx[i] = c * nx - s * ny;
            wny[i] = s * nx + c * ny;
            lo_x = px < lo_x ? px : lo_x;
            lo_y = py < lo_y ? py : lo_y;
            hi_x = px > hi_x ? px : hi_x;
            hi_y = py > hi_y ? py : hi_y;
        }
        sepax_box_store(j, row, lo_x, lo_y, hi_x, hi_y);
        if (sp.count == 1u)
            sepax_disc_store(j, row, wx, wy);
    }
}
