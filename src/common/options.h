/* Reading a caller's options struct whose first field is its size
 * (sepax_common.h, "Growing without breaking binaries"). */
#ifndef SEPAX_COMMON_OPTIONS_H
#define SEPAX_COMMON_OPTIONS_H

#include <string.h>

#include "sepax/sepax_common.h"

/* Copy the caller's in_size bytes of in over out, which holds the
 * defaults (current bytes of it); fields past in_size keep them. A size
 * below the struct's first released layout (first bytes) or above the
 * layout this library was built with names no layout it knows. in NULL
 * means all defaults. */
static inline sepax_status sepax_options_read(const void *in, uint32_t in_size, size_t first,
                                              void *out, size_t current)
{
    if (!in)
        return SEPAX_OK;
    if (in_size < first || in_size > current)
        return SEPAX_ERR_BAD_OPTIONS;
    memcpy(out, in, in_size);
    return SEPAX_OK;
}

#endif
