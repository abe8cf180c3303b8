/* Backend choice, for every store: which backends are built in, which
 * this CPU can run, and the SEPAX_BACKEND override. The only file that
 * knows about CPUs; built with baseline flags so that it runs everywhere.
 * Nothing here is mutable: the probe is cheap and is simply asked again
 * when needed. Each dimension's kernel table (2d/kernel_table.c) maps an
 * available backend to its kernels. */
#include <stdlib.h>
#include <string.h>

#include "sepax/sepax_common.h"

static const char *const names[SEPAX_BACKEND_COUNT] = {
    "scalar", "generic", "sse2", "avx2", "avx512", "neon",
};

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* What the CPU has AND the OS saves: AVX needs XMM|YMM state in XCR0,
 * AVX-512 also opmask and both halves of ZMM state. */
static int x86_has(sepax_backend b)
{
    unsigned a, bx, c, d;
    if (!__get_cpuid(1, &a, &bx, &c, &d))
        return 0;
    int sse2 = (d >> 26) & 1;
    if (b == SEPAX_BACKEND_SSE2)
        return sse2;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    if (!osxsave || !avx)
        return 0;
    uint64_t xcr0 = read_xcr0();
    if ((xcr0 & 0x6) != 0x6)
        return 0;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, bx, c, d);
    int avx2 = (bx >> 5) & 1, bmi2 = (bx >> 8) & 1;
    if (b == SEPAX_BACKEND_AVX2)
        return avx2 && bmi2;
    if (b == SEPAX_BACKEND_AVX512) {
        int f = (bx >> 16) & 1, dq = (bx >> 17) & 1, bw = (bx >> 30) & 1, vl = (bx >> 31) & 1;
        return avx2 && f && dq && bw && vl && (xcr0 & 0xE6) == 0xE6;
    }
    return 0;
}
#endif

static int cpu_has(sepax_backend b)
{
    switch (b) {
    case SEPAX_BACKEND_SCALAR:
    case SEPAX_BACKEND_GENERIC:
        return 1;
#if defined(__x86_64__) || defined(__i386__)
    case SEPAX_BACKEND_SSE2:
    case SEPAX_BACKEND_AVX2:
    case SEPAX_BACKEND_AVX512:
        return x86_has(b);
#endif
#if defined(__aarch64__)
    case SEPAX_BACKEND_NEON:
        return 1; /* Advanced SIMD is part of every AArch64 CPU */
#endif
    default:
        return 0;
    }
}

/* Which backends this library was built with: meson defines
 * SEPAX_HAVE_<NAME> for each kernel library it compiled, for the 2D and
 * 3D kernel tables alike. */
static int built(sepax_backend b)
{
    switch (b) {
    case SEPAX_BACKEND_SCALAR: return 1;
#ifdef SEPAX_HAVE_GENERIC
    case SEPAX_BACKEND_GENERIC: return 1;
#endif
#ifdef SEPAX_HAVE_SSE2
    case SEPAX_BACKEND_SSE2: return 1;
#endif
#ifdef SEPAX_HAVE_AVX2
    case SEPAX_BACKEND_AVX2: return 1;
#endif
#ifdef SEPAX_HAVE_AVX512
    case SEPAX_BACKEND_AVX512: return 1;
#endif
#ifdef SEPAX_HAVE_NEON
    case SEPAX_BACKEND_NEON: return 1;
#endif
    default: return 0;
    }
}

const char *sepax_backend_name(sepax_backend b)
{
    return (unsigned)b < SEPAX_BACKEND_COUNT ? names[b] : NULL;
}

sepax_status sepax_backend_from_name(const char *name, sepax_backend *out)
{
    if (!name || !out)
        return SEPAX_ERR_NULL;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (strcmp(name, names[b]) == 0) {
            *out = (sepax_backend)b;
            return SEPAX_OK;
        }
    }
    return SEPAX_ERR_UNKNOWN_BACKEND;
}

int sepax_backend_available(sepax_backend b)
{
    return (unsigned)b < SEPAX_BACKEND_COUNT && built(b) && cpu_has(b);
}

sepax_backend sepax_backend_best(void)
{
    /* generic is a test target, never a speed target */
    static const sepax_backend order[] = {SEPAX_BACKEND_AVX512, SEPAX_BACKEND_AVX2,
                                          SEPAX_BACKEND_NEON, SEPAX_BACKEND_SSE2};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (sepax_backend_available(order[i]))
            return order[i];
    return SEPAX_BACKEND_SCALAR;
}

sepax_status sepax_backend_default(sepax_backend *out)
{
    if (!out)
        return SEPAX_ERR_NULL;
    const char *env = getenv("SEPAX_BACKEND");
    if (!env || !*env) {
        *out = sepax_backend_best();
        return SEPAX_OK;
    }
    sepax_backend b;
    sepax_status st = sepax_backend_from_name(env, &b);
    if (st != SEPAX_OK)
        return st;
    if (!sepax_backend_available(b))
        return SEPAX_ERR_UNSUPPORTED_BACKEND;
    *out = b;
    return SEPAX_OK;
}
