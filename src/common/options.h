/* Reading a caller's options struct whose first field is its size
 * (sepax_common.h, "Growing without breaking binaries"). */
#ifndef SEPAX_COMMON_OPTIONS_H
#define SEPAX_COMMON_OPTIONS_H

#include <string.h>

#include "sepax/sepax_common.h"

/* Copy the caller's in_size bytes of in over out, which holds the
 * defaults (current bytes of it); fields past in_size keep them. in_size
 * must be the sizeof of one of the struct's released layouts, listed in
 * known (the current one last): any other size names no layout this
 * library knows, and a partial field would be read as garbage. in NULL
 * means all defaults. */
static inline sepax_status sepax_options_read(const void *in, uint32_t in_size, const size_t *known,
                                              size_t known_count, void *out, size_t current)
{
    if (!in)
        return SEPAX_OK;
    for (size_t i = 0; i < known_count; i++) {
        if (in_size == known[i] && known[i] <= current) {
            memcpy(out, in, in_size);
            return SEPAX_OK;
        }
    }
    return SEPAX_ERR_BAD_OPTIONS;
}

#endif
