/* Allocation through the user's hooks (alloc.c): every store's memory
 * goes through these, so that tests can refuse any allocation and
 * embedders can route memory through their own arenas. */
#ifndef SEPAX_COMMON_ALLOC_H
#define SEPAX_COMMON_ALLOC_H

#include "sepax/sepax_common.h"

void *sepax_alloc(const sepax_allocator *a, size_t size);
/* Accepts NULL. */
void sepax_free(const sepax_allocator *a, void *p);
/* 64-byte aligned malloc and free. */
sepax_allocator sepax_default_allocator(void);

#endif
