/* What the fuzz targets share: a reader that turns the fuzzer's bytes into
 * numbers, decoders that favour the values geometry code gets wrong, an
 * allocator that fails on request, and the way a target reports a broken
 * property.
 *
 * The reader never fails: past the end of the input it yields zeros, so
 * every decoder is total and a target needs no length checks of its own.
 * All of it is header-only (static functions) so that each target stays a
 * single translation unit plus the library. */
#ifndef SEPAX_FUZZ_INPUT_H
#define SEPAX_FUZZ_INPUT_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sepax/sepax.h"

/* A violated property: say which, then stop so that libFuzzer records the
 * input as a crash. abort() rather than a return code, because libFuzzer
 * ignores the return value of the test function. */
#define FUZZ_CHECK(cond, ...)                                                  \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: property failed: %s\n  ", __FILE__,        \
                    __LINE__, #cond);                                          \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* SEPAX_FUZZ_TRACE=1 in the environment makes a target say what each
 * input does, to read a reproducer or check that a seed means what its
 * name says. Off by default: it would cost most of the fuzzing speed. */
static int fuzz_tracing = -1;

#define FUZZ_TRACE(...)                                                        \
    do {                                                                       \
        if (fuzz_tracing < 0)                                                  \
            fuzz_tracing = getenv("SEPAX_FUZZ_TRACE") != NULL;                 \
        if (fuzz_tracing)                                                      \
            fprintf(stderr, __VA_ARGS__);                                      \
    } while (0)

/* Every status a call returns must be one the enum names and must have a
 * message: a stray value would index past the message table. */
static inline sepax_status fuzz_status(sepax_status st)
{
    FUZZ_CHECK((unsigned)st < SEPAX_STATUS_COUNT, "status %u", (unsigned)st);
    FUZZ_CHECK(sepax_status_string(st) != NULL, "status %u", (unsigned)st);
    return st;
}

typedef struct fuzz_input {
    const uint8_t *data;
    size_t size, at;
} fuzz_input;

static inline int fuzz_more(const fuzz_input *in)
{
    return in->at < in->size;
}

static inline uint8_t fuzz_u8(fuzz_input *in)
{
    return in->at < in->size ? in->data[in->at++] : 0;
}

static inline uint16_t fuzz_u16(fuzz_input *in)
{
    uint16_t lo = fuzz_u8(in);
    return (uint16_t)(lo | (uint16_t)fuzz_u8(in) << 8);
}

static inline uint32_t fuzz_u32(fuzz_input *in)
{
    uint32_t lo = fuzz_u16(in);
    return lo | (uint32_t)fuzz_u16(in) << 16;
}

/* Four bytes as they are: NaN payloads, infinities and subnormals all
 * reach the library this way. */
static inline float fuzz_raw_float(fuzz_input *in)
{
    uint32_t bits = fuzz_u32(in);
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Values at the edges of float: each is a classic source of a wrong
 * comparison, an overflow or a division by zero. */
static const float fuzz_special[16] = {
    0.0f, -0.0f, 1.0f, -1.0f, FLT_MAX, -FLT_MAX, FLT_MIN, 1e-45f,
    INFINITY, -INFINITY, NAN, 1e-30f, 1e30f, 0.5f, 3.0f, 16777216.0f,
};

/* One coordinate. Small integers make exact collinear, repeated and
 * concave outlines common; raw bits cover everything else. */
static inline float fuzz_value(fuzz_input *in)
{
    uint8_t mode = fuzz_u8(in);
    switch (mode % 4) {
    case 0:
        return fuzz_raw_float(in);
    case 1:
        return (float)((int)(fuzz_u8(in) % 17) - 8);
    case 2:
        return (float)(int16_t)fuzz_u16(in) / 256.0f;
    default:
        return fuzz_special[fuzz_u8(in) % 16];
    }
}

/* A coordinate that stays below 1e4 in magnitude, for comparisons with the
 * double-precision oracle whose tolerances assume ordinary sizes. Eighths
 * keep coordinates exact, so touching and collinear cases are exact too. */
static inline float fuzz_bounded(fuzz_input *in)
{
    uint8_t mode = fuzz_u8(in);
    switch (mode % 4) {
    case 0:
        return (float)((int)(fuzz_u8(in) % 17) - 8);
    case 1:
        return (float)(int16_t)fuzz_u16(in) / 8.0f;
    case 2: {
        float f = fuzz_raw_float(in);
        /* keep the bits' variety (subnormals, odd mantissas) but not the
         * size: fold anything large or non-finite back into range */
        if (!isfinite(f))
            return 0.0f;
        return fabsf(f) < 1e3f ? f : fmodf(f, 1e3f);
    }
    default:
        return (float)(int8_t)fuzz_u8(in) / 64.0f;
    }
}

/* A rotation: exact quarter turns and Pythagorean ones (exact in float, so
 * edges stay axis-aligned or rational), an angle through sepax's own
 * sepax_transform_make, or (c, s) scaled off unit length by up to about
 * 2.5e-4 so that both sides of SEPAX_ROTATION_TOLERANCE occur. */
static inline sepax_rot fuzz_rotation(fuzz_input *in)
{
    static const sepax_rot exact[8] = {
        {1.0f, 0.0f}, {0.0f, 1.0f}, {-1.0f, 0.0f}, {0.0f, -1.0f},
        {0.6f, 0.8f}, {-0.8f, 0.6f}, {0.28f, -0.96f}, {-0.96f, -0.28f},
    };
    uint8_t mode = fuzz_u8(in);
    sepax_rot q;
    switch (mode % 4) {
    case 0:
        return exact[fuzz_u8(in) % 8];
    case 1: {
        /* now and then any float, NaN and infinities among them: the
         * rotation then is non-finite and every call refuses it */
        float angle = mode >= 224 ? fuzz_value(in) : (float)fuzz_u16(in) * (6.2831853f / 65536.0f);
        sepax_transform t = sepax_transform_make(0.0f, 0.0f, angle);
        return t.q;
    }
    case 2: {
        q = exact[fuzz_u8(in) % 8];
        float k = 1.0f + (float)(int8_t)fuzz_u8(in) * 2e-6f;
        q.c *= k;
        q.s *= k;
        return q;
    }
    default:
        q.c = fuzz_value(in);
        q.s = fuzz_value(in);
        return q;
    }
}

/* An allocator that fails on request, so that the out-of-memory paths run.
 * countdown > 0 fails the countdown-th allocation from now; with sticky
 * set, every one after it fails too. The counts let a target tell whether
 * a call met a failure, and whether everything allocated was given back. */
typedef struct fuzz_alloc {
    unsigned countdown;
    int sticky, failing;
    size_t calls, failures, live;
} fuzz_alloc;

static inline void *fuzz_alloc_fn(size_t size, void *user)
{
    fuzz_alloc *f = user;
    f->calls++;
    if (f->countdown > 0 && --f->countdown == 0) {
        f->failing = f->sticky;
        f->failures++;
        return NULL;
    }
    if (f->failing) {
        f->failures++;
        return NULL;
    }
    /* The hook's contract: 64-byte aligned, which aligned_alloc needs as a
     * multiple of the alignment. */
    size_t rounded = (size + 63u) & ~(size_t)63u;
    if (rounded < size)
        return NULL;
    void *p = aligned_alloc(64, rounded ? rounded : 64);
    if (p)
        f->live++;
    return p;
}

static inline void fuzz_free_fn(void *ptr, void *user)
{
    fuzz_alloc *f = user;
    if (ptr) {
        FUZZ_CHECK(f->live > 0, "free of %p with nothing allocated", ptr);
        f->live--;
    }
    free(ptr);
}

static inline void fuzz_alloc_fail_at(fuzz_alloc *f, unsigned countdown, int sticky)
{
    f->countdown = countdown;
    f->sticky = sticky;
    f->failing = 0;
}

/* The backends this build and CPU run, scalar first. The default backend
 * comes from the environment; it is unset so that an input replays the
 * same way in every shell. */
static inline int fuzz_backends(sepax_backend out[SEPAX_BACKEND_COUNT])
{
    unsetenv("SEPAX_BACKEND");
    int n = 0;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++)
        if (sepax_backend_available((sepax_backend)b))
            out[n++] = (sepax_backend)b;
    return n;
}

/* The statics `backends` and `backend_n` and the LLVMFuzzerInitialize
 * that fills them with fuzz_backends(): one line in a target that
 * compares backends. */
#define FUZZ_BACKENDS_INITIALIZE                                               \
    static sepax_backend backends[SEPAX_BACKEND_COUNT];                        \
    static int backend_n;                                                      \
    int LLVMFuzzerInitialize(int *argc, char ***argv)                          \
    {                                                                          \
        (void)argc;                                                            \
        (void)argv;                                                            \
        backend_n = fuzz_backends(backends);                                   \
        return 0;                                                              \
    }

/* n vertices on a circle, in either direction. */
static inline void fuzz_regular(sepax_vec2 *v, size_t n, double cx, double cy, double r,
                                double phase, int clockwise)
{
    for (size_t i = 0; i < n; i++) {
        double a = phase + 6.283185307179586 * (double)i / (double)n;
        v[i].x = (float)(cx + r * cos(a));
        v[i].y = (float)(cy + (clockwise ? -r : r) * sin(a));
    }
}

#endif
