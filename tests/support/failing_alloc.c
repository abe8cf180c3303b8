/* The allocation-failure allocator (failing_alloc.h). */
#include "support/failing_alloc.h"

#include <stdlib.h>

static void *f_alloc(size_t size, void *user)
{
    failing_alloc *f = user;
    if (f->calls++ == f->fail_at)
        return NULL;
    const size_t rounded = (size + 63u) / 64u * 64u;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    f->live += p != NULL;
    return p;
}

static void f_free(void *p, void *user)
{
    failing_alloc *f = user;
    f->live -= p != NULL;
    free(p);
}

sepax_allocator failing_alloc_hooks(failing_alloc *f)
{
    const sepax_allocator a = {f_alloc, f_free, f};
    return a;
}
