/* Sorting bounding boxes by a float bound, for every store's broadphase:
 * floats mapped to order-preserving unsigned keys, and a stable radix sort
 * of (key, slot) pairs. */
#ifndef SEPAX_COMMON_SORT_H
#define SEPAX_COMMON_SORT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Map a float to an unsigned key with the same order (for finite floats;
 * -0 sorts just before +0, which only moves ties between them). */
static inline uint32_t sepax_float_key(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

/* LSD radix sort of 64-bit entries (key << 32 | slot) on their key, in
 * three 11-bit passes; stable, so slots given in increasing order stay
 * increasing among equal keys. Returns whichever of a and tmp holds the
 * result. */
static inline uint64_t *sepax_radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
    for (int shift = 32; shift < 64; shift += 11) {
        size_t hist[2048] = {0};
        for (size_t i = 0; i < n; i++)
            hist[(a[i] >> shift) & 2047u]++;
        size_t sum = 0;
        for (int b = 0; b < 2048; b++) {
            size_t h = hist[b];
            hist[b] = sum;
            sum += h;
        }
        for (size_t i = 0; i < n; i++)
            tmp[hist[(a[i] >> shift) & 2047u]++] = a[i];
        uint64_t *t = a;
        a = tmp;
        tmp = t;
    }
    return a;
}

#endif
