/* A box as a hull block (hull3.h), by rule: the pair tests with a box on
 * one side read it as they read a hull. Compiled once, beside the
 * per-backend kernels that call it. */
#include "hull3.h"

void hull3_box_block(const float h[3], float b[HULL3_BOX_FLOATS])
{
    b[0] = 8.0f, b[1] = 6.0f, b[2] = 12.0f, b[3] = 0.0f;
    const poly3 p = poly3_of(b);
    for (int j = 0; j < 8; j++) {
        ((float *)p.vx)[j] = (j & 1) ? h[0] : -h[0];
        ((float *)p.vy)[j] = (j & 2) ? h[1] : -h[1];
        ((float *)p.vz)[j] = (j & 4) ? h[2] : -h[2];
    }
    float *n[3] = {(float *)p.nx, (float *)p.ny, (float *)p.nz};
    for (int f = 0; f < 6; f++) {
        for (int k = 0; k < 3; k++)
            n[k][f] = k == f / 2 ? ((f & 1) ? -1.0f : 1.0f) : 0.0f;
        ((float *)p.d)[f] = h[f / 2];
    }
    float *u[3] = {(float *)p.ux, (float *)p.uy, (float *)p.uz};
    for (int k = 0; k < 3; k++) {
        const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
        for (int m = 0; m < 4; m++) {
            const int e = 4 * k + m, s1 = m & 1, s2 = (m >> 1) & 1;
            const int corner = (s1 << k1) | (s2 << k2);
            ((float *)p.i0)[e] = (float)corner;
            ((float *)p.i1)[e] = (float)(corner | 1 << k);
            /* the faces beside it, +-axis k1 and +-axis k2; n1 x n2 is
             * s1 s2 times axis k, so fa is the first when the signs agree */
            const float f1 = (float)(2 * k1 + (s1 ? 0 : 1)), f2 = (float)(2 * k2 + (s2 ? 0 : 1));
            ((float *)p.fa)[e] = s1 == s2 ? f1 : f2;
            ((float *)p.fb)[e] = s1 == s2 ? f2 : f1;
            for (int c = 0; c < 3; c++)
                u[c][e] = c == k ? 1.0f : 0.0f;
        }
    }
    hull3_fill_padding(b);
}
