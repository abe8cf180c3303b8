/* The 3D box kernel alone (bench/floors/floor3.c): the floor under the
 * sepax3_<backend>/boxes3 rows. */
#ifndef SEPAX_BENCH_FLOOR3_H
#define SEPAX_BENCH_FLOOR3_H

#include <stddef.h>

#include "sepax/sepax_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Run `rounds` passes of the backend's 3D collide kernel over a fixed
 * list of box-box pairs whose records fit in L1, with no id checks;
 * returns the pairs run, or 0 when the backend is not available. */
size_t sepax_bench_floor3(sepax_backend backend, size_t rounds);

#ifdef __cplusplus
}
#endif

#endif
