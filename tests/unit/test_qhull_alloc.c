/* Allocation failure inside sepax3_add_hull where the store's hooks do not
 * reach: Qhull (libqhull_r) allocates with the C library's malloc, and so
 * does glibc's fmemopen, which holds Qhull's error messages. This program
 * defines the C allocator itself, forwarding to glibc's __libc_* entry
 * points: the executable's malloc preempts the one libqhull_r and libc
 * call, so a chosen call can be refused and every block allocated while
 * armed is followed until it is freed.
 *
 * For each input (a cube's corners, a random cloud, points inside a
 * sphere, points on a sphere, which keep too many vertices, and coplanar
 * points, which Qhull rejects), sepax3_add_hull on a store that already
 * holds a box, a sphere and a hull, with:
 *   - the k-th malloc-family call refused, k = 0, 1, ... until no call is;
 *   - every call from the k-th on refused, as a real shortage does;
 *   - the j-th call through the store's hooks refused (failing_alloc).
 * Every refused try must return SEPAX_ERR_OUT_OF_MEMORY (or the input's own
 * status, when only the error stream's buffer was refused: glibc then
 * writes unbuffered), leave the store's fingerprint as it was, leave no
 * block live, call neither exit nor abort and print nothing (stderr is
 * captured). Once k passes the last call, the add gives the status and
 * the store (fingerprint) it gives with nothing refused.
 *
 * Not built with sanitizers (tests/meson.build). Under valgrind, whose
 * memcheck redirects the executable's malloc to its own, and wherever a
 * probe finds that libc's allocations do not reach the malloc here, the
 * program prints why and exits 77, meson's skip.
 *
 * Prints one line per check and "N passed, M failed"; exits 0 only when
 * nothing failed. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif
#endif

#include "support/cases.h"
#include "sepax/sepax3d.h"
#include "support/failing_alloc.h"
#include "support/fingerprint3.h"

/* ---- the C allocator ---------------------------------------------------- */

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t size);

enum { MAX_LIVE = 1 << 14 };

/* volatile: the compilers take malloc for the builtin, which touches no
 * variable of the program, and would keep these in registers across a
 * call into libqhull_r or libc that reaches the functions below. */
static volatile struct {
    int armed;
    long calls;    /* malloc-family calls since armed */
    long fail_at;  /* the call refused, or -1 */
    int fail_rest; /* refuse every call from fail_at on */
    long live_n;   /* blocks allocated while armed and not yet freed */
    int overflow;
    void *live[MAX_LIVE];
} g;

static int refuse(void)
{
    if (!g.armed)
        return 0;
    const long c = g.calls++;
    return g.fail_at >= 0 && (c == g.fail_at || (g.fail_rest && c > g.fail_at));
}

static void track(void *p)
{
    if (!g.armed || !p)
        return;
    if (g.live_n == MAX_LIVE)
        g.overflow = 1;
    else
        g.live[g.live_n++] = p;
}

/* Blocks from before arming are not in the list; freeing them is fine. */
static void untrack(void *p)
{
    for (long i = g.live_n - 1; p && i >= 0; i--)
        if (g.live[i] == p) {
            g.live[i] = g.live[--g.live_n];
            return;
        }
}

void *malloc(size_t size)
{
    if (refuse())
        return NULL;
    void *p = __libc_malloc(size);
    track(p);
    return p;
}

void *calloc(size_t n, size_t size)
{
    if (refuse())
        return NULL;
    void *p = __libc_calloc(n, size);
    track(p);
    return p;
}

void *realloc(void *old, size_t size)
{
    if (refuse())
        return NULL;
    void *p = __libc_realloc(old, size);
    if (p || (old && size == 0))
        untrack(old);
    track(p);
    return p;
}

void free(void *p)
{
    untrack(p);
    __libc_free(p);
}

void *memalign(size_t align, size_t size)
{
    if (refuse())
        return NULL;
    void *p = __libc_memalign(align, size);
    track(p);
    return p;
}

void *aligned_alloc(size_t align, size_t size)
{
    return memalign(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
    if (align < sizeof(void *) || (align & (align - 1)))
        return EINVAL;
    void *p = memalign(align, size);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

static void arm(long fail_at, int fail_rest)
{
    g.calls = 0, g.fail_at = fail_at, g.fail_rest = fail_rest;
    g.live_n = 0, g.overflow = 0;
    g.armed = 1;
}

static void disarm(void)
{
    g.armed = 0;
}

/* ---- checks ------------------------------------------------------------- */

static unsigned passed, failed;
static volatile int in_add; /* set around each sepax3_add_hull */
static int saved_err = -1; /* the real stderr while fd 2 is captured */

static void verdict(int ok, const char *what, const char *detail)
{
    printf("%s  %s%s%s\n", ok ? "ok  " : "FAIL", what, detail[0] ? ": " : "", detail);
    ok ? passed++ : failed++;
}

/* Qhull's last resort is exit(); say so instead of ending silently. */
static void exit_in_add(void)
{
    if (in_add && saved_err >= 0) {
        static const char msg[] = "FAIL  exit() called inside sepax3_add_hull\n";
        ssize_t w = write(saved_err, msg, sizeof msg - 1);
        (void)w;
        _exit(1);
    }
}

static const char *status_name(sepax_status st)
{
    switch (st) {
    case SEPAX_OK: return "OK";
    case SEPAX_ERR_OUT_OF_MEMORY: return "OUT_OF_MEMORY";
    case SEPAX_ERR_DEGENERATE: return "DEGENERATE";
    case SEPAX_ERR_TOO_MANY_VERTICES: return "TOO_MANY_VERTICES";
    case SEPAX_ERR_HULL_FAILED: return "HULL_FAILED";
    default: return "other";
    }
}

/* ---- inputs ------------------------------------------------------------- */

enum { MAX_POINTS = 200 };

typedef struct input {
    const char *name;
    size_t n;
    sepax3_vec p[MAX_POINTS];
} input;

static sepax3_vec spiral(int i, int n)
{
    const double z = 1.0 - (2.0 * i + 1.0) / n, rho = sqrt(1.0 - z * z);
    const double a = 2.399963229728653 * i;
    return (sepax3_vec){(float)(rho * cos(a)), (float)(rho * sin(a)), (float)z};
}

static void make_inputs(input in[5])
{
    cases_rng r;
    cases_rng_seed(&r, 2026);
    in[0].name = "cube, 8 corners";
    in[0].n = 8;
    for (int i = 0; i < 8; i++)
        in[0].p[i] = (sepax3_vec){(i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f,
                                  (i & 4) ? 1.0f : -1.0f};
    in[1].name = "random cloud, 64 points";
    in[1].n = 64;
    for (int i = 0; i < 64; i++)
        in[1].p[i] = (sepax3_vec){(float)cases_rng_range(&r, -2, 2), (float)cases_rng_range(&r, -1, 1),
                                  (float)cases_rng_range(&r, -1.5, 1.5)};
    /* golden-angle spirals: n points spread evenly over the unit sphere */
    in[2].name = "200 points, 40 on a sphere and 160 inside";
    in[3].name = "200 points on a sphere (too many vertices)";
    in[2].n = in[3].n = 200;
    for (int i = 0; i < 200; i++) {
        in[3].p[i] = spiral(i, 200);
        if (i < 40) {
            in[2].p[i] = spiral(i, 40);
        } else {
            const sepax3_vec s = spiral(i - 40, 160);
            const float k = (float)cases_rng_range(&r, 0.0, 0.8);
            in[2].p[i] = (sepax3_vec){k * s.x, k * s.y, k * s.z};
        }
    }
    in[4].name = "coplanar, 6 points (Qhull rejects)";
    in[4].n = 6;
    for (int i = 0; i < 6; i++)
        in[4].p[i] = (sepax3_vec){(float)cos(i * 1.0471975511965976),
                                  (float)sin(i * 1.0471975511965976), 0.5f};
}

/* A store that already holds one shape of each kind the add may disturb. */
static sepax3_store *populated(const sepax_allocator *hooks)
{
    sepax3_store_options o = sepax3_store_options_default();
    o.allocator = hooks;
    sepax3_store *s = NULL;
    if (sepax3_store_create(&o, &s) != SEPAX_OK)
        return NULL;
    static const sepax3_vec tet[4] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const sepax3_quat id = {1, 0, 0, 0};
    sepax_shape_id ids[3];
    if (sepax3_add_box(s, (sepax3_vec){3, 0, 0}, (sepax3_vec){1, 2, 0.5f}, id, &ids[0]) != SEPAX_OK ||
        sepax3_add_sphere(s, (sepax3_vec){0, 3, 0}, 0.75f, &ids[1]) != SEPAX_OK ||
        sepax3_add_hull(s, tet, 4, &ids[2]) != SEPAX_OK) {
        sepax3_store_destroy(s);
        return NULL;
    }
    return s;
}

static sepax_status add(sepax3_store *s, const input *in, sepax_shape_id *id)
{
    in_add = 1;
    const sepax_status st = sepax3_add_hull(s, in->p, in->n, id);
    in_add = 0;
    return st;
}

/* One add with the C allocator armed (fail_at < 0: nothing refused). */
typedef struct try_result {
    sepax_status st;
    long calls, live;
    int overflow;
    uint64_t before, after;
} try_result;

static try_result try_add(const input *in, const sepax_allocator *hooks, long fail_at,
                          int fail_rest)
{
    try_result t = {0};
    sepax3_store *s = populated(hooks);
    if (!s) {
        t.st = SEPAX_ERR_NULL;
        return t;
    }
    t.before = fingerprint3_store(s);
    sepax_shape_id id;
    arm(fail_at, fail_rest);
    t.st = add(s, in, &id);
    disarm();
    t.calls = g.calls, t.live = g.live_n, t.overflow = g.overflow;
    t.after = fingerprint3_store(s);
    sepax3_store_destroy(s);
    return t;
}

/* The C allocator's k-th call refused (alone, or with all after it), for
 * k = 0, 1, ... until no call is refused. */
static void sweep_libc(const input *in, const try_result *ref, int fail_rest)
{
    long tries = 0, oom = 0, own = 0, bad = 0;
    char detail[256] = "", own_at[64] = "";
    for (long k = 0;; k++) {
        const try_result t = try_add(in, NULL, k, fail_rest);
        const int hit = t.calls > k;
        if (!hit) {
            if (t.st != ref->st || t.after != ref->after || t.live || t.overflow) {
                bad++;
                snprintf(detail, sizeof detail, "nothing refused at k=%ld: %s, not as unarmed", k,
                         status_name(t.st));
            }
            break;
        }
        tries++;
        const int ok_status = t.st == SEPAX_ERR_OUT_OF_MEMORY || t.st == ref->st;
        if (!ok_status || t.after != t.before || t.live || t.overflow) {
            if (!bad)
                snprintf(detail, sizeof detail, "call %ld refused: %s, store %s, %ld blocks live",
                         k, status_name(t.st), t.after == t.before ? "unchanged" : "CHANGED",
                         t.live);
            bad++;
        }
        if (t.st == SEPAX_ERR_OUT_OF_MEMORY) {
            oom++;
        } else {
            own++;
            const size_t used = strlen(own_at);
            snprintf(own_at + used, sizeof own_at - used, " %ld", k);
        }
        if (k > 100000) {
            bad++;
            snprintf(detail, sizeof detail, "no end to the calls");
            break;
        }
    }
    char what[256];
    snprintf(what, sizeof what, "%s: C allocator's call k%s refused, k = 0..%ld", in->name,
             fail_rest ? " and all after it" : "", tries - 1);
    if (!bad)
        snprintf(detail, sizeof detail,
                 "%ld x OUT_OF_MEMORY, %ld x %s%s%s; store unchanged, nothing live", oom, own,
                 status_name(ref->st), own ? " at k =" : "", own_at);
    verdict(!bad, what, detail);
}

/* The store's hooks refuse their j-th call, j = 0, 1, ...; the C allocator
 * refuses nothing but still follows its blocks. */
static void sweep_hooks(const input *in, const try_result *ref)
{
    long tries = 0, bad = 0;
    char detail[256] = "";
    for (int j = 0;; j++) {
        failing_alloc f = {-1, 0, 0};
        const sepax_allocator hooks = failing_alloc_hooks(&f);
        sepax3_store *s = populated(&hooks);
        if (!s) {
            bad++;
            snprintf(detail, sizeof detail, "no store");
            break;
        }
        const uint64_t before = fingerprint3_store(s);
        const int live_before = f.live;
        f.calls = 0, f.fail_at = j;
        sepax_shape_id id;
        arm(-1, 0);
        const sepax_status st = add(s, in, &id);
        disarm();
        const uint64_t after = fingerprint3_store(s);
        const int hit = f.calls > j;
        const int live_after = f.live;
        sepax3_store_destroy(s);
        if (!hit) {
            if (st != ref->st || after != ref->after || g.live_n) {
                bad++;
                snprintf(detail, sizeof detail, "nothing refused at j=%d: %s, not as unarmed", j,
                         status_name(st));
            }
            break;
        }
        tries++;
        if (st != SEPAX_ERR_OUT_OF_MEMORY || after != before || live_after != live_before ||
            g.live_n || f.live) {
            if (!bad)
                snprintf(detail, sizeof detail,
                         "hook call %d refused: %s, store %s, %d hook and %ld C blocks leaked", j,
                         status_name(st), after == before ? "unchanged" : "CHANGED",
                         live_after - live_before, g.live_n);
            bad++;
        }
        if (j > 1000) {
            bad++;
            snprintf(detail, sizeof detail, "no end to the calls");
            break;
        }
    }
    char what[256];
    snprintf(what, sizeof what, "%s: store's hook call j refused, j = 0..%ld", in->name, tries - 1);
    if (!bad)
        snprintf(detail, sizeof detail, "%ld x OUT_OF_MEMORY; store unchanged, nothing live", tries);
    verdict(!bad, what, detail);
}

int main(void)
{
    /* valgrind's memcheck redirects the executable's malloc to its own
     * too, so nothing here would be refused */
#ifdef RUNNING_ON_VALGRIND
    if (RUNNING_ON_VALGRIND) {
        printf("skip: under valgrind, which replaces this program's malloc with its own\n");
        return 77;
    }
#endif
    /* Does a libc call that allocates reach this malloc? If not (valgrind
     * without its header at build time, a static C library), there is
     * nothing to refuse, and the test says so. */
    char probe_buf[64];
    arm(-1, 0);
    FILE *probe = fmemopen(probe_buf, sizeof probe_buf, "w");
    disarm();
    const long probe_calls = g.calls;
    if (probe)
        fclose(probe);
    if (probe_calls == 0) {
        printf("skip: the C allocator cannot be replaced here (fmemopen did not reach this "
               "program's malloc)\n");
        return 77;
    }

    /* stderr to a file while Qhull runs: the library must print nothing */
    fflush(stderr);
    saved_err = dup(2);
    FILE *captured = tmpfile();
    if (saved_err < 0 || !captured || dup2(fileno(captured), 2) < 0) {
        printf("FAIL  cannot capture stderr\n");
        return 1;
    }
    atexit(exit_in_add);

    static input in[5];
    make_inputs(in);
    for (int i = 0; i < 5; i++) {
        /* unarmed but counted: the reference result and the call counts */
        const try_result ref = try_add(&in[i], NULL, -1, 0);
        failing_alloc f = {-1, 0, 0};
        const sepax_allocator hooks = failing_alloc_hooks(&f);
        sepax3_store *s = populated(&hooks);
        long hook_calls = -1;
        if (s) {
            sepax_shape_id id;
            f.calls = 0;
            add(s, &in[i], &id);
            hook_calls = f.calls;
            sepax3_store_destroy(s);
        }
        char what[256], detail[256];
        snprintf(what, sizeof what, "%s: add_hull gives %s", in[i].name, status_name(ref.st));
        snprintf(detail, sizeof detail,
                 "%ld malloc-family calls, %ld of them through the store's hooks, %ld outside",
                 ref.calls, hook_calls, ref.calls - hook_calls);
        verdict(ref.after != ref.before || ref.st != SEPAX_OK, what, detail);
        sweep_libc(&in[i], &ref, 0);
        sweep_libc(&in[i], &ref, 1);
        sweep_hooks(&in[i], &ref);
    }

    fflush(stderr);
    dup2(saved_err, 2);
    const long printed = ftell(captured) >= 0 ? (fseek(captured, 0, SEEK_END), ftell(captured)) : -1;
    char head[200] = "";
    if (printed > 0) {
        rewind(captured);
        const size_t got = fread(head, 1, sizeof head - 1, captured);
        head[got] = '\0';
        for (size_t c = 0; c < got; c++)
            head[c] = head[c] == '\n' ? ' ' : head[c];
    }
    fclose(captured);
    verdict(printed == 0, "nothing printed to stderr", head);

    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
