/* A 3D store's fingerprint through its public calls, so that a test can
 * tell a refused call left the store exactly as it was. */
#ifndef SEPAX_TEST_SUPPORT_FINGERPRINT3_H
#define SEPAX_TEST_SUPPORT_FINGERPRINT3_H

#include <stddef.h>
#include <stdint.h>

#include "sepax/sepax3d.h"

/* FNV-1a of n bytes at p, continued from h (the 2D fingerprint in
 * cases.c uses it too). */
uint64_t fingerprint_mix(uint64_t h, const void *p, size_t n);

/* Counts, slot limit and backend, then for every live id of every slot
 * (every generation tried) its description, world shape, transform, box
 * and hull vertices. Reads only: nothing allocates, so a test counting
 * allocations may take it between tries. */
uint64_t fingerprint3_store(const sepax3_store *s);

#endif
