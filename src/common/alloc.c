/* Allocation through the user's hooks, so that tests can fail any
 * allocation and embedders can route memory through their own arenas. */
#include <stdlib.h>

#include "alloc.h"

static void *default_alloc(size_t size, void *user)
{
    (void)user;
    /* 64-byte alignment lets every ISA's loads stay inside one cache line. */
    size_t rounded = (size + 63u) & ~(size_t)63u;
    if (rounded < size)
        return NULL;
    return aligned_alloc(64, rounded ? rounded : 64);
}

static void default_free(void *ptr, void *user)
{
    (void)user;
    free(ptr);
}

sepax_allocator sepax_default_allocator(void)
{
    sepax_allocator a = {default_alloc, default_free, NULL};
    return a;
}

void *sepax_alloc(const sepax_allocator *a, size_t size)
{
    return a->alloc(size, a->user);
}

void sepax_free(const sepax_allocator *a, void *p)
{
    if (p)
        a->free(p, a->user);
}
