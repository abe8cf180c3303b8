/* A vector backend's 3D kernel table: the drivers of drive3.h at the
 * backend's width (SEPAX_WIDE_BITS, set by k3_<isa>.c with SEPAX3_NAME). */
#ifndef SEPAX_K3_WIDE_H
#define SEPAX_K3_WIDE_H

#include "drive3.h"

#define K3_CAT2(a, b) a##b
#define K3_CAT(a, b) K3_CAT2(a, b)

static void k3_collide(const sepax3_view *v, const sepax_pair *pairs, size_t n, sepax3_result *out)
{
    drive3_collide(v, pairs, n, out);
}

static void k3_world(const sepax3_world_job *j, const uint32_t *ids, size_t n)
{
    drive3_world(j, ids, n);
}

static void k3_collide_group(const sepax3_view *v, uint32_t group, const sepax_pair *pairs,
                             size_t n, sepax3_result *out)
{
    drive3_collide_group(v, group, pairs, n, out);
}

const sepax3_kernels K3_CAT(sepax3_kernels_, SEPAX3_NAME) = {k3_collide, k3_world,
                                                             k3_collide_group};

#endif
