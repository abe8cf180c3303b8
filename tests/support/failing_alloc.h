/* An allocator for allocation-failure tests: it refuses its fail_at-th
 * call (counting from 0) and counts the blocks still live, so a test can
 * refuse each allocation in turn and check that nothing leaks. */
#ifndef SEPAX_TEST_SUPPORT_FAILING_ALLOC_H
#define SEPAX_TEST_SUPPORT_FAILING_ALLOC_H

#include <stddef.h>

#include "sepax/sepax_common.h"

typedef struct failing_alloc {
    int fail_at, calls, live;
} failing_alloc;

/* Hooks that refuse f's fail_at-th call; f must outlive the store. */
sepax_allocator failing_alloc_hooks(failing_alloc *f);

#endif
