/* sepax: what the 2D and 3D halves share.
 *
 * Included by sepax.h and sepax3d.h; a program includes
 * those, not this file. It holds the export macro, the version, the
 * status codes, the allocation hooks and the backends, none of which
 * depend on the dimension.
 *
 * Growing without breaking binaries: every options struct starts with a
 * uint32_t size that the caller sets to sizeof the struct it was compiled
 * with (the _INIT macros and _default functions do). A library built
 * later reads only that many bytes and gives every field past them its
 * default, so a program built against an older header keeps working; a
 * size the library does not know is SEPAX_ERR_BAD_OPTIONS. Enums and
 * status codes only ever grow at their end. The shared library's
 * soversion is the major version; before 1.0, when a minor release may
 * break binaries, it is 0.MINOR.
 */
#ifndef SEPAX_COMMON_H
#define SEPAX_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "sepax/sepax_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Public functions are the only symbols the shared library exports. */
#if defined(__GNUC__) || defined(__clang__)
#define SEPAX_API __attribute__((visibility("default")))
#else
#define SEPAX_API
#endif

/** Version as one comparable number: major * 10000 + minor * 100 + patch.
 *  SEPAX_VERSION_MAJOR, _MINOR, _PATCH and SEPAX_VERSION_STRING come from
 *  sepax_version.h, which the build writes from meson.build's version. */
#define SEPAX_VERSION \
    (SEPAX_VERSION_MAJOR * 10000 + SEPAX_VERSION_MINOR * 100 + SEPAX_VERSION_PATCH)

/** The version of the library this program runs with, as SEPAX_VERSION
 *  counts it: compare it with SEPAX_VERSION, the one it was compiled
 *  against. */
SEPAX_API uint32_t sepax_version(void);
/** The same as a string, "major.minor.patch"; never NULL. */
SEPAX_API const char *sepax_version_string(void);

/** Status codes, shared by every store. Every call that can fail returns
 *  one; on failure the store is left exactly as it was. New codes are
 *  only ever added before SEPAX_STATUS_COUNT. */
typedef enum sepax_status {
    SEPAX_OK = 0,
    SEPAX_ERR_NULL,                /**< a required pointer was NULL */
    SEPAX_ERR_TOO_FEW_VERTICES,    /**< fewer than 3 vertices once those within
                                        SEPAX_CLEAN_TOLERANCE are merged (a hull:
                                        fewer than 4 points given) */
    SEPAX_ERR_TOO_MANY_VERTICES,   /**< more than the limits above */
    SEPAX_ERR_NOT_FINITE,          /**< NaN or infinite coordinate, extent, radius,
                                        rotation or query point */
    SEPAX_ERR_DEGENERATE,          /**< no area (a polygon or box within
                                        SEPAX_CLEAN_TOLERANCE of a line) or no volume
                                        (a hull within SEPAX3_FLAT_TOLERANCE of a
                                        plane), or segment ends that coincide */
    SEPAX_ERR_NON_CONVEX,          /**< a reflex corner */
    SEPAX_ERR_SELF_INTERSECTING,   /**< edges cross, or the outline winds twice */
    SEPAX_ERR_BAD_ARGUMENT,        /**< what no code below names: a grouped list's
                                        starts that do not begin at 0 or that
                                        decrease */
    SEPAX_ERR_OUT_OF_MEMORY,       /**< an allocation failed */
    SEPAX_ERR_BAD_ID,              /**< id names no slot of this store */
    SEPAX_ERR_STALE_ID,            /**< id names a removed shape */
    SEPAX_ERR_BAD_PAIR,            /**< a pair names the same shape twice (or, in a
                                        grouped call, lies outside its group) */
    SEPAX_ERR_BAD_TRANSFORM,       /**< a rotation not of unit length: 2D (c, s)
                                        beyond SEPAX_ROTATION_TOLERANCE, a 3D
                                        quaternion too (a zero one too), in a
                                        transform or a box */
    SEPAX_ERR_CAPACITY,            /**< output buffer too small; see count */
    SEPAX_ERR_FULL,                /**< store holds SEPAX_MAX_SHAPES */
    SEPAX_ERR_OVERFLOW,            /**< a count whose byte size overflows, more
                                        pairs than 32-bit indices name, or a shape
                                        pool that 32-bit offsets cannot address */
    SEPAX_ERR_UNKNOWN_BACKEND,     /**< backend name not known, or a sepax_backend
                                        value outside the enum */
    SEPAX_ERR_UNSUPPORTED_BACKEND, /**< backend not built or CPU lacks it */
    SEPAX_ERR_OUT_OF_RANGE,        /**< a coordinate, extent or radius (or a
                                        translation) beyond SEPAX_MAX_COORDINATE */
    SEPAX_ERR_BAD_OPTIONS,         /**< the size field of an options struct or a
                                        task system names no known layout */
    SEPAX_ERR_HULL_FAILED,         /**< the hull builder (Qhull) failed on the points */
    SEPAX_ERR_BAD_RADIUS,          /**< a radius not above 0 (0, -0, negative) */
    SEPAX_ERR_BAD_EXTENT,          /**< a box half extent not above 0 */
    SEPAX_ERR_WRONG_KIND,          /**< a call that takes one kind of shape given
                                        another (sepax3_hull_vertices: a shape that
                                        is no hull) */
    SEPAX_ERR_BAD_WORKER,          /**< a task system's worker_count of 0 or above
                                        SEPAX_MAX_WORKERS, or a worker index it gave
                                        a task at or above that count */
    SEPAX_ERR_TOO_SMALL,           /**< a shape whose description holds its points
                                        apart but whose stored floats cannot at its
                                        distance from the origin: a 2D box whose
                                        corners, rounded to float, are no polygon
                                        although the exact box is one; a 3D capsule
                                        whose ends differ but whose half length
                                        rounds to 0 (sepax_add_box,
                                        sepax3_add_capsule say the rule) */
    SEPAX_STATUS_COUNT
} sepax_status;

/** A short English message for a status; never NULL. */
SEPAX_API const char *sepax_status_string(sepax_status status);

/** Largest magnitude accepted for a local vertex coordinate or a
 *  translation. It keeps every world coordinate, and every difference and
 *  dot product the kernels form from them, finite: beyond it a float
 *  polygon would collide as +inf or NaN. */
#define SEPAX_MAX_COORDINATE 1e18f

/** Most live shapes in one store (ids carry a 24-bit slot). */
#define SEPAX_MAX_SHAPES (1u << 24)

/** A shape handle: slot in the low 24 bits, generation in the high 8.
 *  In a store that never removed a shape, ids are 0, 1, 2, ... in order of
 *  addition; after a removal a later shape may reuse the slot under a new
 *  generation, so keep the id an adder writes rather than rely on the
 *  order. After sepax_remove the id is reported stale (until the slot's
 *  generation wraps after 256 reuses). */
typedef uint32_t sepax_shape_id;
#define SEPAX_ID_SLOT(id) ((uint32_t)(id) & 0xFFFFFFu)
#define SEPAX_ID_GENERATION(id) ((uint32_t)(id) >> 24)

/** A candidate pair of shape ids. */
typedef struct sepax_pair {
    sepax_shape_id a, b;
} sepax_pair;

/** What the motion tier of the tracked calls (sepax_collide_hits_tracked,
 *  sepax3_collide_hits_tracked) keeps per pair, beside the pair's
 *  feature cache: a gap the pair's last full or cached test proved, and
 *  how far both shapes had moved (summed over every set_transforms) when
 *  it was proved. While the gap exceeds what the two shapes may have
 *  moved since, by bounds the store keeps per shape, the pair is apart
 *  without reading either shape. The record carries a 64-bit tag keyed by
 *  a secret of its store and naming both shapes (each add is a new shape,
 *  even in a reused slot), so a record the library did not write for
 *  this pair in this store (random bytes, another pair's, another
 *  store's, or one from before a shape was removed) is ignored except
 *  with a chance of about 2^-64. All-zero bytes mean empty. The bytes are
 *  the library's: they may change between versions. */
typedef struct sepax_pair_motion {
    uint8_t bytes[48];
} sepax_pair_motion;

/** Result flags, in every store's results. */
#define SEPAX_HIT 1u    /**< separation <= 0 */
#define SEPAX_A_IN_B 2u /**< all of A lies inside or on B */
#define SEPAX_B_IN_A 4u /**< all of B lies inside or on A */


/** Allocation hooks. alloc returns memory aligned to at least 64 bytes or
 *  NULL; free accepts what alloc returned, or NULL. */
typedef struct sepax_allocator {
    void *(*alloc)(size_t size, void *user);
    void (*free)(void *ptr, void *user);
    void *user;
} sepax_allocator;

/** Batch calls across worker threads, through a task system the caller
 *  supplies (the shape of Box2D v3's): the library starts no threads of
 *  its own. A store given one (sepax_store_set_tasks,
 *  sepax3_store_set_tasks) splits its batch calls into ranges of work
 *  items and hands them out through enqueue; without one, or with one
 *  worker, every call runs on the calling thread as before. Results are
 *  byte-identical and in the same order for any number of workers and any
 *  order in which the ranges run.
 *
 *  enqueue(task, item_count, min_range, task_context, user_context) must
 *  see that task(start, end, worker_index, task_context) runs over ranges
 *  that together cover [0, item_count) exactly once, each of at least
 *  min_range items where item_count allows. It returns a handle the
 *  library passes to finish, which returns once every range has run; or
 *  NULL when it ran every range itself before returning, and then finish
 *  is not called. worker_index is below worker_count and two ranges
 *  running at the same time never share one. The library calls enqueue
 *  and finish in pairs from the thread that made the batch call, one
 *  task at a time; a batch call made from inside a task is the task
 *  system's business. A task never fails and never blocks on another.
 *
 *  Split calls allocate scratch space through the store's allocator,
 *  possibly from several workers at once, so its hooks must be
 *  thread-safe; worker threads need the stack a batch call needs (see
 *  sepax.h's "Memory"). */
typedef void sepax_task_fn(int32_t start, int32_t end, uint32_t worker_index, void *task_context);
typedef void *sepax_enqueue_task_fn(sepax_task_fn *task, int32_t item_count, int32_t min_range,
                                    void *task_context, void *user_context);
typedef void sepax_finish_task_fn(void *user_task, void *user_context);

/** Most workers a task system may declare. */
#define SEPAX_MAX_WORKERS 64u

typedef struct sepax_task_system {
    /** sizeof(sepax_task_system) as the caller compiled it. */
    uint32_t size;
    /** Threads that may run ranges at once, the calling thread included:
     *  1 to SEPAX_MAX_WORKERS (1 runs every call on the calling thread). */
    uint32_t worker_count;
    sepax_enqueue_task_fn *enqueue;
    sepax_finish_task_fn *finish;
    /** Passed to enqueue and finish as user_context. */
    void *user_context;
} sepax_task_system;

/** A rotation is accepted when its squared length is within this of 1:
 *  in 2D |c*c + s*s - 1| (used as given), in 3D |w*w + x*x + y*y + z*z
 *  - 1| in double (normalised by the world update, so that it rotates
 *  without scaling). */
#define SEPAX_ROTATION_TOLERANCE 1e-4f

/** Options for creating a store, 2D (sepax_store_create) or 3D
 *  (sepax3_store_create, whose sepax3_store_options is this struct).
 *  Start from SEPAX_STORE_OPTIONS_INIT or sepax_store_options_default(),
 *  which set size and every default, then change what you need (above:
 *  how options grow). */
typedef struct sepax_store_options {
    /** sizeof(sepax_store_options) as the caller compiled it. */
    uint32_t size;
    /** Hooks for every allocation the store's calls make (in 3D except
     *  Qhull's working memory and error stream in sepax3_add_hull: C
     *  library malloc, freed before it returns); NULL = aligned malloc. */
    const sepax_allocator *allocator;
    /** Shapes to reserve room for at creation (0: a small default). */
    uint32_t initial_shapes;
} sepax_store_options;

/** The defaults, as an initialiser. */
#define SEPAX_STORE_OPTIONS_INIT {(uint32_t)sizeof(sepax_store_options), NULL, 0}
/** The defaults, as a value. */
SEPAX_API sepax_store_options sepax_store_options_default(void);

/** Backends. */
typedef enum sepax_backend {
    SEPAX_BACKEND_SCALAR = 0,
    SEPAX_BACKEND_GENERIC,
    SEPAX_BACKEND_SSE2,
    SEPAX_BACKEND_AVX2,
    SEPAX_BACKEND_AVX512,
    SEPAX_BACKEND_NEON,
    SEPAX_BACKEND_COUNT
} sepax_backend;

/** Name of a backend ("scalar", "generic", "sse2", "avx2", "avx512",
 *  "neon"), or NULL for an out-of-range value. */
SEPAX_API const char *sepax_backend_name(sepax_backend backend);
/** The backend with the given name, or SEPAX_ERR_UNKNOWN_BACKEND. */
SEPAX_API sepax_status sepax_backend_from_name(const char *name, sepax_backend *out);
/** Whether a backend is built into this library and this CPU runs it. */
SEPAX_API int sepax_backend_available(sepax_backend backend);
/** The fastest available backend on this CPU. */
SEPAX_API sepax_backend sepax_backend_best(void);
/** The backend a new store starts with: the one named by the environment
 *  variable SEPAX_BACKEND when set, else sepax_backend_best(). Fails with
 *  SEPAX_ERR_UNKNOWN_BACKEND or SEPAX_ERR_UNSUPPORTED_BACKEND when the
 *  variable names no usable backend (sepax_store_create then fails too). */
SEPAX_API sepax_status sepax_backend_default(sepax_backend *out);

#ifdef __cplusplus
}
#endif

#endif
