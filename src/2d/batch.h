/* What the 2D batch calls over pairs share (collide.c, manifold.c): the
 * checks of their arguments and the choice of collide kernel by the
 * store's kinds. Static inline, so that each call compiles to what it
 * had when these lived in collide.c alone. */
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

/* The checks every batch call over pairs shares; out_missing: the output
 * pointer the call needs is NULL; out_size: bytes of output per pair. */
static inline sepax_status sepax_check_call(const sepax_store *s, const sepax_pair *pairs,
                                            size_t count, int out_missing, size_t out_size,
                                            size_t *bad_index)
{
    if (!s)
        return SEPAX_ERR_NULL;
    return sepax_call_check(s->core.live_id, s->core.slot_limit, pairs, count, out_missing, out_size,
                            bad_index);
}

#endif
