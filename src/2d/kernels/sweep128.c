/* The broadphase's band sweep at 128 bits (sweep_tile.h), for every
 * backend whose kernel table has none, and the delivery of a sweep's
 * pairs, which every width calls: compiled once, with the baseline flags
 * broadphase.c has, so that the sweeps call nothing outside the kernels. */
#include <string.h>

#define SEPAX_WIDE_BITS 128
#include "common/tasks.h"
#include "sweep_tile.h"

void sepax_sweep_deliver(sepax_sweep_out *o, size_t count)
{
    if (o->grow && o->found + count > o->capacity && !o->failed)
        o->failed = !sepax_pairs_grow(o->grow, &o->pairs, &o->capacity, o->found, o->found + count);
    if (o->found < o->capacity) {
        const size_t room = o->capacity - o->found;
        memcpy(o->pairs + o->found, o->buf, (count < room ? count : room) * sizeof *o->buf);
    }
    o->found += count;
}

void sepax_sweep_128(const sepax_band *band, size_t m, const sepax_reach *reach, float home_y,
                     sepax_sweep_out *out)
{
    sweep_band(band, m, reach, home_y, out);
}
