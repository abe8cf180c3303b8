/* The 3D scalar reference, the specification every backend reproduces:
 * the drivers and pair tests of kernels/ compiled with one lane of plain
 * floats (kernels/lanes3.h), so that a vector lane and the reference run
 * the same expressions in the same order. */
#include <math.h>

#include "kernels/drive3.h"

void sepax3_reference_collide(const sepax3_view *v, const sepax_pair *pairs, size_t n,
                              sepax3_result *out)
{
    drive3_collide(v, pairs, n, out);
}

void sepax3_reference_world(const sepax3_world_job *j, const uint32_t *ids, size_t n)
{
    drive3_world(j, ids, n);
}

void sepax3_reference_collide_group(const sepax3_view *v, uint32_t group, const sepax_pair *pairs,
                                    size_t n, sepax3_result *out)
{
    drive3_collide_group(v, group, pairs, n, out);
}
