/* What the 2D batch calls over pairs share (collide.c, manifold.c): the
 * choice of collide kernel by the store's kinds. Static inline, so that
 * each call compiles to what it had when this lived in collide.c alone. */
#ifndef SEPAX_BATCH_H
#define SEPAX_BATCH_H

#include <stddef.h>

#include "common/pairs.h"
#include "store.h"

/* A store with shapes of more than one kind takes the kernel that sorts
 * any kinds into its own tiles; a store of polygons only, or of circles
 * only, skips the kind checks. */
static inline void sepax_run_kernels(const sepax_store *s, const sepax_columns *cols,
                                     const sepax_pair *pairs, size_t n, sepax_result *out)
{
    if (s->round_live == 0)
        s->kernels->collide(cols, pairs, n, out);
    else if (s->circle_live == s->core.live)
        s->kernels->collide_circles(cols, pairs, n, out);
    else
        s->kernels->collide_any(cols, pairs, n, out);
}

#endif
