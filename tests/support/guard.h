/* Output buffers in the middle of a block of guard bytes, for the misuse
 * tests: a call that writes where it should not leaves a mark. */
#ifndef SEPAX_TEST_SUPPORT_GUARD_H
#define SEPAX_TEST_SUPPORT_GUARD_H

#include <stddef.h>
#include <string.h>

#define GUARD 0x5C
#define PAD 64

typedef struct guarded {
    unsigned char bytes[PAD + 4096 + PAD];
} guarded;

/* Fill g with guard bytes; the buffer to hand out. */
static inline void *guard_init(guarded *g)
{
    memset(g->bytes, GUARD, sizeof g->bytes);
    return g->bytes + PAD;
}

/* Every byte outside the buffer's first used bytes still a guard byte. */
static inline int guard_intact(const guarded *g, size_t used)
{
    for (size_t i = 0; i < sizeof g->bytes; i++) {
        const int inside = i >= PAD && i < PAD + used;
        if (!inside && g->bytes[i] != GUARD)
            return 0;
    }
    return 1;
}

static inline int untouched(const guarded *g)
{
    return guard_intact(g, 0);
}

/* In a Criterion test: run a call that must be refused and check its
 * status, that the store's fingerprint (an expression) did not change,
 * and that it wrote nothing into g. */
#define GUARD_EXPECT_REFUSED(fingerprint, call, want, g)                                       \
    do {                                                                                       \
        const uint64_t before_ = (fingerprint);                                                \
        const sepax_status got_ = (call);                                                      \
        cr_expect_eq(got_, (want), "%s: got %s, want %s", #call, sepax_status_string(got_),   \
                     sepax_status_string(want));                                               \
        cr_expect_eq((fingerprint), before_, "%s changed the store", #call);                   \
        cr_expect(untouched(g), "%s wrote into its output", #call);                            \
    } while (0)

#endif
