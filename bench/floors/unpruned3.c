/* One entry of unpruned3.h: poly3.h's pair routine, with POLY3_PRUNE and
 * the lane width (SEPAX_WIDE_BITS, absent for one lane) set by
 * bench/meson.build, under the name POLY3_ENTRY. The loop is the one the
 * drivers run for such pairs, without their tiles of box and sphere
 * pairs (a hull scene has none). */
#include "3d/store.h"
#include "3d/kernels/poly3.h"

#include "unpruned3.h"

void POLY3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                 sepax3_result *out);

void POLY3_ENTRY(const sepax3_store *store, const sepax_pair *pairs, size_t n, sepax3_result *out)
{
    const sepax3_view v = sepax3_store_view(store);
    for (size_t i = 0; i < n; i++)
        poly3_general(&v, SEPAX_ID_SLOT(pairs[i].a), SEPAX_ID_SLOT(pairs[i].b), &out[i]);
}
