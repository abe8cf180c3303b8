/* The 3D box kernel alone (bench/floors/floor3.c): the floor under the
 * sepax3_<backend>/boxes3 rows. */
#ifndef SEPAX_BENCH_FLOOR3_H
#define SEPAX_BENCH_FLOOR3_H

#include <stddef.h>

#include "sepax/sepax_common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sepax3_store sepax3_store;

/* Take the floor's pairs from a scene: the first box-box pairs of list
 * (up to 256), their boxes copied into the floor's own store as they are
 * in the world. Once; returns the pairs taken (0 on failure). */
size_t sepax_bench_floor3_load(const sepax3_store *from, const sepax_pair *list, size_t n);

/* Run `rounds` passes of the backend's 3D collide kernel over the loaded
 * pairs, with no id checks; returns the pairs run, or 0 when the backend
 * is not available or nothing is loaded. */
size_t sepax_bench_floor3(sepax_backend backend, size_t rounds);

#ifdef __cplusplus
}
#endif

#endif
