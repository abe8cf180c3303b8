/* The motion tier of the tracked calls (common/motion.c), by hand, in 2D
 * and 3D, on every backend. Skipping a pair on a record of its motion is
 * the one place where the library answers "apart" without reading either
 * shape, so a bound that misses a little of the motion (a turn, which
 * moves a shape's far points and not its origin; a shape that sits away
 * from its origin) or a record trusted for shapes it does not describe (a
 * removed and re-added shape with the same id, another store's, the pair
 * the other way round) would drop a hit silently. Each case therefore
 * compares the tracked call's hits with the plain call's at every step,
 * byte for byte, and asks the internal check whether the tier was about
 * to skip, so that a case both holds the answers and proves the tier did
 * the skipping it is for:
 *   - slow approaches and spins, where the record's gap is spent step by
 *     step: the tier must skip early and stop before the first hit;
 *   - a teleport, which spends a whole gap at once;
 *   - records for shapes no longer there, for another store or another
 *     pair, made so that the sums since agree and only the tag can tell;
 *   - refusals, which must leave every record as it was. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "2d/store.h"
#include "3d/store.h"
#include "common/motion.h"
#include "sepax/sepax.h"
#include "sepax/sepax3d.h"
#include "support/backends.h"

#define MAX_PAIRS 8
#define MAX_STEPS 128

/* A store of either dimension: exactly one of the two is set. */
typedef struct rig {
    sepax_store *s2;
    sepax3_store *s3;
} rig;

/* What the tracked calls carry per pair, for both dimensions. */
typedef struct records {
    sepax_pair_cache c2[MAX_PAIRS];
    sepax3_pair_cache c3[MAX_PAIRS];
    sepax_pair_motion m[MAX_PAIRS];
} records;

/* Zeroed before a call, so that two calls' answers compare with memcmp. */
typedef struct hits {
    size_t n;
    sepax_hit h2[MAX_PAIRS];
    sepax3_hit h3[MAX_PAIRS];
} hits;

typedef enum kind { BOX, ROUND, OCTA } kind;

/* BOX: half extents; ROUND (circle, sphere): radius x; OCTA (3D hull):
 * its vertices at x along each axis. */
typedef struct shape {
    kind k;
    float x, y, z;
} shape;

static const float origin[3] = {0.0f, 0.0f, 0.0f};

static rig rig_open(int dim, sepax_backend b)
{
    rig r = {NULL, NULL};
    if (dim == 2) {
        cr_assert_eq(sepax_store_create(NULL, &r.s2), SEPAX_OK);
        cr_assert_eq(sepax_store_set_backend(r.s2, b), SEPAX_OK);
    } else {
        cr_assert_eq(sepax3_store_create(NULL, &r.s3), SEPAX_OK);
        cr_assert_eq(sepax3_store_set_backend(r.s3, b), SEPAX_OK);
        /* a store of boxes only skips the tier (its box pairs cost less
         * than a record), so every 3D rig holds a sphere far from the
         * cases: the tier is what is tested, whatever the cases' kinds */
        sepax_shape_id far;
        cr_assert_eq(sepax3_add_sphere(r.s3, (sepax3_vec){-1e4f, -1e4f, -1e4f}, 1.0f, &far),
                     SEPAX_OK);
    }
    return r;
}

static void rig_close(rig *r)
{
    sepax_store_destroy(r->s2);
    sepax3_store_destroy(r->s3);
}

static const sepax_core *core_of(const rig *r)
{
    return r->s2 ? &r->s2->core : &r->s3->core;
}

/* A shape whose local centre is at, its transform the identity. */
static sepax_shape_id add(rig *r, shape sh, const float at[3])
{
    sepax_shape_id id = 0;
    sepax_status st;
    if (r->s2) {
        const sepax_vec2 c = {at[0], at[1]};
        st = sh.k == ROUND ? sepax_add_circle(r->s2, c, sh.x, &id)
                           : sepax_add_box(r->s2, c, (sepax_vec2){sh.x, sh.y}, 0.0f, &id);
    } else if (sh.k == OCTA) {
        sepax3_vec p[6];
        for (int k = 0; k < 6; k++) {
            float v[3] = {at[0], at[1], at[2]};
            v[k / 2] += k % 2 ? -sh.x : sh.x;
            p[k] = (sepax3_vec){v[0], v[1], v[2]};
        }
        st = sepax3_add_hull(r->s3, p, 6, &id);
    } else {
        const sepax3_vec c = {at[0], at[1], at[2]};
        st = sh.k == ROUND ? sepax3_add_sphere(r->s3, c, sh.x, &id)
                           : sepax3_add_box(r->s3, c, (sepax3_vec){sh.x, sh.y, sh.z},
                                            (sepax3_quat){1.0f, 0.0f, 0.0f, 0.0f}, &id);
    }
    cr_assert_eq(st, SEPAX_OK, "adding a shape of kind %d: %s", (int)sh.k,
                 sepax_status_string(st));
    return id;
}

static void drop(rig *r, sepax_shape_id id)
{
    cr_assert_eq(r->s2 ? sepax_remove(r->s2, id) : sepax3_remove(r->s3, id), SEPAX_OK);
}

/* Position p, turned by angle about z (2D: the plane's only axis). */
static void place(rig *r, sepax_shape_id id, const float p[3], float angle)
{
    sepax_status st;
    if (r->s2) {
        const sepax_transform t = sepax_transform_make(p[0], p[1], angle);
        st = sepax_set_transforms(r->s2, &id, &t, 1);
    } else {
        const sepax3_transform t = sepax3_transform_make((sepax3_vec){p[0], p[1], p[2]},
                                                         (sepax3_vec){0.0f, 0.0f, 1.0f}, angle);
        st = sepax3_set_transforms(r->s3, &id, &t, 1);
    }
    cr_assert_eq(st, SEPAX_OK);
}

/* rec NULL: the plain call; else the tracked one with rec's records. */
static sepax_status collide(const rig *r, const sepax_pair *p, size_t n, records *rec,
                            hits *out, size_t *bad)
{
    if (r->s2)
        return rec ? sepax_collide_hits_tracked(r->s2, p, n, rec->c2, rec->m, out->h2, MAX_PAIRS,
                                                &out->n, bad)
                   : sepax_collide_hits(r->s2, p, n, out->h2, MAX_PAIRS, &out->n, bad);
    return rec ? sepax3_collide_hits_tracked(r->s3, p, n, rec->c3, rec->m, out->h3, MAX_PAIRS,
                                             &out->n, bad)
               : sepax3_collide_hits(r->s3, p, n, out->h3, MAX_PAIRS, &out->n, bad);
}

/* The pair's separation, for the messages. */
static float separation(const rig *r, sepax_pair p)
{
    if (r->s2) {
        sepax_result x;
        cr_assert_eq(sepax_collide(r->s2, &p, 1, &x, NULL), SEPAX_OK);
        return x.separation;
    }
    sepax3_result x;
    cr_assert_eq(sepax3_collide(r->s3, &p, 1, &x, NULL), SEPAX_OK);
    return x.separation;
}

static int apart(const rig *r, sepax_pair p, const sepax_pair_motion *m)
{
    return sepax_motion_apart(core_of(r), p, m);
}

/* The plain and tracked calls on one pair, hits byte for byte alike.
 * Returns whether the motion tier was to skip the pair (asked before the
 * call, which rewrites the record); *found gets the hits. */
static int same_hits(const rig *r, sepax_pair p, records *rec, size_t *found, const char *what,
                     int step)
{
    hits plain, got;
    memset(&plain, 0, sizeof plain);
    memset(&got, 0, sizeof got);
    const int skip = apart(r, p, rec->m);
    cr_assert_eq(collide(r, &p, 1, NULL, &plain, NULL), SEPAX_OK);
    cr_assert_eq(collide(r, &p, 1, rec, &got, NULL), SEPAX_OK);
    cr_assert(memcmp(&plain, &got, sizeof plain) == 0,
              "%s, step %d: the tracked call reports %zu hits, the plain call %zu "
              "(separation %.9g, motion tier %s)",
              what, step, got.n, plain.n, (double)separation(r, p),
              skip ? "skipped" : "did not skip");
    cr_assert(!(skip && plain.n), "%s, step %d: the motion tier skips a hit (separation %.9g)",
              what, step, (double)separation(r, p));
    *found = plain.n;
    return skip;
}

/* Scalar, then every other backend this machine runs. */
static size_t every_backend(sepax_backend out[SEPAX_BACKEND_COUNT + 1])
{
    out[0] = SEPAX_BACKEND_SCALAR;
    return 1 + backends_others(out + 1);
}

/* Two shapes, a pivoting on its origin at a0 and b travelling in a line:
 * at step i, b is at b0 + i step and a turned by i spin. Their local
 * centres a_at, b_at put a shape away from its origin, so that it swings
 * when turned and its reach, not its origin, is what nears the other. */
typedef struct motion_case {
    const char *name;
    int dim;
    shape a, b;
    float a_at[3], b_at[3], a0[3], b0[3], step[3];
    float spin;
    int steps;
} motion_case;

static void b_at_step(const motion_case *mc, float i, float out[3])
{
    for (int k = 0; k < 3; k++)
        out[k] = mc->b0[k] + mc->step[k] * i;
}

static sepax_pair case_pair(rig *r, const motion_case *mc)
{
    const sepax_pair p = {add(r, mc->a, mc->a_at), add(r, mc->b, mc->b_at)};
    place(r, p.a, mc->a0, 0.0f);
    return p;
}

typedef struct run_report {
    int first_hit, first_skip, skipped, hit_steps;
    float gap_at_hit;
    char skips[MAX_STEPS + 1];
} run_report;

/* Hits equal at every step make the first hit's step the same in both
 * calls; the report says where the tier skipped. */
static run_report run_case(const motion_case *mc, sepax_backend be)
{
    char what[128];
    snprintf(what, sizeof what, "%s on %s", mc->name, sepax_backend_name(be));
    rig r = rig_open(mc->dim, be);
    const sepax_pair pair = case_pair(&r, mc);
    records rec;
    memset(&rec, 0, sizeof rec);
    run_report rep;
    memset(&rep, 0, sizeof rep);
    rep.first_hit = rep.first_skip = -1;
    cr_assert(mc->steps <= MAX_STEPS);
    for (int i = 0; i <= mc->steps; i++) {
        float at[3];
        b_at_step(mc, (float)i, at);
        place(&r, pair.a, mc->a0, mc->spin * (float)i);
        place(&r, pair.b, at, 0.0f);
        size_t found;
        const int skip = same_hits(&r, pair, &rec, &found, what, i);
        rep.skips[i] = (char)skip;
        rep.skipped += skip;
        rep.hit_steps += found > 0;
        if (skip && rep.first_skip < 0)
            rep.first_skip = i;
        if (found && rep.first_hit < 0) {
            rep.first_hit = i;
            rep.gap_at_hit = separation(&r, pair);
        }
    }
    rig_close(&r);
    /* the first call has no record to go on; the next must have one */
    cr_assert_eq(rep.first_skip, 1, "%s: the motion tier first skips at step %d", what,
                 rep.first_skip);
    cr_assert(rep.first_hit > 1, "%s: the shapes never meet (first hit %d)", what, rep.first_hit);
    return rep;
}

/* Every backend skips the same steps: the records and the sums they are
 * checked against are the same on each. */
static void run_every_backend(const motion_case *cases, size_t count)
{
    sepax_backend be[SEPAX_BACKEND_COUNT + 1];
    const size_t nb = every_backend(be);
    for (size_t c = 0; c < count; c++) {
        const run_report want = run_case(cases + c, be[0]);
        for (size_t b = 1; b < nb; b++) {
            const run_report got = run_case(cases + c, be[b]);
            cr_assert_eq(got.first_hit, want.first_hit);
            cr_assert(memcmp(got.skips, want.skips, sizeof want.skips) == 0,
                      "%s: %s skips other steps than scalar", cases[c].name,
                      sepax_backend_name(be[b]));
        }
        cr_log_info("%s: %zu backends, first hit at step %d of %d (separation %.6g), %d steps "
                    "with a hit, %d steps skipped by the motion tier",
                    cases[c].name, nb, want.first_hit, cases[c].steps, (double)want.gap_at_hit,
                    want.hit_steps, want.skipped);
    }
}

/* Gaps of 1.0 closed at 0.01 a step: the first hit near step 100. The
 * round shapes head for a box's corner, where their full test decides by
 * distance; the octahedra meet face to face, along (1, 1, 1). Far from
 * the origin a step is a few dozen float spacings, and the record's
 * rounding margin must still cover the kernels. */
#define D2 0.70710678f /* 1 / sqrt 2 */
#define D3 0.57735027f /* 1 / sqrt 3 */
#define CUBE {BOX, 0.5f, 0.5f, 0.5f}
#define BALL {ROUND, 0.5f, 0.0f, 0.0f}
#define OCTAHEDRON {OCTA, 1.0f, 0.0f, 0.0f}
#define DIAG2(v) {(v) * D2, (v) * D2, 0.0f}
#define DIAG3(v) {(v) * D3, (v) * D3, (v) * D3}
#define OCTA_APART ((2 * D3 + 1.0f) * D3) /* per axis: faces 1.0 apart */
static const motion_case approaches[] = {
    {.name = "2D boxes approaching", .dim = 2, .a = CUBE, .b = CUBE, .b0 = {2.0f, 0.0f, 0.0f},
     .step = {-0.01f, 0.0f, 0.0f}, .steps = 120},
    {.name = "2D circle approaching a box's corner", .dim = 2, .a = CUBE, .b = BALL,
     .b0 = DIAG2(D2 + 1.5f), .step = DIAG2(-0.01f), .steps = 120},
    {.name = "2D boxes approaching far out", .dim = 2, .a = CUBE, .b = CUBE,
     .a0 = {3000.0f, -2000.0f, 0.0f}, .b0 = {3002.0f, -2000.0f, 0.0f},
     .step = {-0.01f, 0.0f, 0.0f}, .steps = 120},
    {.name = "3D octahedra approaching", .dim = 3, .a = OCTAHEDRON, .b = OCTAHEDRON,
     .b0 = {OCTA_APART, OCTA_APART, OCTA_APART}, .step = DIAG3(-0.01f), .steps = 120},
    {.name = "3D sphere approaching a box's corner", .dim = 3, .a = CUBE, .b = BALL,
     .b0 = DIAG3(0.5f / D3 + 1.5f), .step = DIAG3(-0.01f), .steps = 120},
    {.name = "3D octahedra approaching far out", .dim = 3, .a = OCTAHEDRON, .b = OCTAHEDRON,
     .a0 = {3000.0f, -2000.0f, 1000.0f},
     .b0 = {3000.0f + OCTA_APART, -2000.0f + OCTA_APART, 1000.0f + OCTA_APART},
     .step = DIAG3(-0.01f), .steps = 120},
};

Test(motion, slow_approach)
{
    run_every_backend(approaches, sizeof approaches / sizeof *approaches);
}

/* No travel at all: only the turn, times how far the other shape is from
 * the pivot, can spend the gap. A bar of half length 2 sweeps a small box
 * at (0, 1.2) about step 72 and leaves it about step 85; a small box 1.2
 * from its pivot swings through one as far from it, whose own origin is
 * there or at the pivot too (the origins' distance 0: only the reaches
 * bound the swing). */
#define BAR {BOX, 2.0f, 0.05f, 0.05f}
#define SMALL {BOX, 0.1f, 0.1f, 0.1f}
static const motion_case spins[] = {
    {.name = "2D spinning bar", .dim = 2, .a = BAR, .b = SMALL, .b0 = {0.0f, 1.2f, 0.0f},
     .spin = 0.02f, .steps = 100},
    {.name = "3D spinning bar", .dim = 3, .a = BAR, .b = SMALL, .b0 = {0.0f, 1.2f, 0.0f},
     .spin = 0.02f, .steps = 100},
    {.name = "2D swinging arm", .dim = 2, .a = SMALL, .b = SMALL, .a_at = {1.2f, 0.0f, 0.0f},
     .b0 = {0.0f, 1.2f, 0.0f}, .spin = 0.02f, .steps = 100},
    {.name = "3D swinging arm", .dim = 3, .a = SMALL, .b = SMALL, .a_at = {1.2f, 0.0f, 0.0f},
     .b0 = {0.0f, 1.2f, 0.0f}, .spin = 0.02f, .steps = 100},
    {.name = "2D arms on one pivot", .dim = 2, .a = SMALL, .b = SMALL, .a_at = {1.2f, 0.0f, 0.0f},
     .b_at = {0.0f, 1.2f, 0.0f}, .spin = 0.02f, .steps = 100},
    {.name = "3D arms on one pivot", .dim = 3, .a = SMALL, .b = SMALL, .a_at = {1.2f, 0.0f, 0.0f},
     .b_at = {0.0f, 1.2f, 0.0f}, .spin = 0.02f, .steps = 100},
};

Test(motion, spin)
{
    run_every_backend(spins, sizeof spins / sizeof *spins);
}

/* A gap of 2 spent in one set_transforms: b jumps from 100 steps before
 * the approach's start to 15 past its first contact. */
Test(motion, teleport)
{
    sepax_backend be[SEPAX_BACKEND_COUNT + 1];
    const size_t nb = every_backend(be);
    for (size_t b = 0; b < nb; b++)
        for (size_t c = 0; c < sizeof approaches / sizeof *approaches; c++) {
            const motion_case *mc = approaches + c;
            rig r = rig_open(mc->dim, be[b]);
            const sepax_pair pair = case_pair(&r, mc);
            float from[3], to[3];
            b_at_step(mc, -100.0f, from);
            b_at_step(mc, 115.0f, to);
            records rec;
            memset(&rec, 0, sizeof rec);
            size_t found;
            place(&r, pair.b, from, 0.0f);
            (void)same_hits(&r, pair, &rec, &found, mc->name, 0);
            cr_assert(found == 0 && apart(&r, pair, rec.m), "%s: no record proves the pair apart",
                      mc->name);
            place(&r, pair.b, to, 0.0f);
            cr_assert_not(apart(&r, pair, rec.m), "%s on %s: a record survives the teleport",
                          mc->name, sepax_backend_name(be[b]));
            (void)same_hits(&r, pair, &rec, &found, mc->name, 1);
            cr_assert_eq(found, 1u, "%s on %s: no hit after the teleport", mc->name,
                         sepax_backend_name(be[b]));
            rig_close(&r);
        }
}

/* The stores of the tag cases: a at the origin, b's local centre far
 * (gap 2) or overlapping a. No shape is ever moved, so every travel and
 * turn sum stays 0: a record stays in budget forever, and only its tag
 * can tell it was not written for the pair it is handed with. */
static const shape cube = CUBE;
static const float far_at[3] = {3.0f, 0.0f, 0.0f};
static const float near_at[3] = {0.2f, 0.0f, 0.0f};

static sepax_pair far_pair(rig *r)
{
    const sepax_pair p = {add(r, cube, origin), add(r, cube, far_at)};
    return p;
}

/* A record for p written by a tracked call, checked to prove p apart. */
static void write_record(const rig *r, sepax_pair p, records *rec, const char *what)
{
    memset(rec, 0, sizeof *rec);
    size_t found;
    (void)same_hits(r, p, rec, &found, what, 0);
    cr_assert(found == 0 && apart(r, p, rec->m), "%s: no record proves the far pair apart", what);
}

/* A record handed with pair p where it does not belong: never trusted,
 * and the tracked call answers as the plain one (expected hits: want). */
static void foreign_record(const rig *r, sepax_pair p, const records *rec, size_t want,
                           const char *what)
{
    records copy = *rec;
    cr_assert_not(apart(r, p, copy.m), "%s: the motion tier trusts the record", what);
    size_t found;
    (void)same_hits(r, p, &copy, &found, what, 0);
    cr_assert_eq(found, want, "%s: %zu hits, expected %zu", what, found, want);
}

/* Both dimensions on every backend. */
static void each_store(void (*fn)(int dim, sepax_backend be, const char *what))
{
    sepax_backend be[SEPAX_BACKEND_COUNT + 1];
    const size_t nb = every_backend(be);
    for (size_t b = 0; b < nb; b++)
        for (int dim = 2; dim <= 3; dim++) {
            char what[96];
            snprintf(what, sizeof what, "%dD on %s", dim, sepax_backend_name(be[b]));
            fn(dim, be[b], what);
        }
}

/* A new shape in a removed one's slot, first under the next generation,
 * then, 256 removes on, under the very same id. */
static void readd_in(int dim, sepax_backend be, const char *what)
{
    rig r = rig_open(dim, be);
    const sepax_pair old = far_pair(&r);
    records rec;
    write_record(&r, old, &rec, what);
    drop(&r, old.b);
    sepax_pair now = {old.a, add(&r, cube, near_at)};
    cr_assert_eq(SEPAX_ID_SLOT(now.b), SEPAX_ID_SLOT(old.b), "%s: the slot is not reused", what);
    cr_assert_neq(now.b, old.b);
    foreign_record(&r, now, &rec, 1, what);
    for (int k = 1; k < 256; k++) {
        drop(&r, now.b);
        now.b = add(&r, cube, near_at);
    }
    cr_assert_eq(now.b, old.b, "%s: id %08x after the wrap, %08x before", what, (unsigned)now.b,
                 (unsigned)old.b);
    foreign_record(&r, now, &rec, 1, what);
    rig_close(&r);
}

Test(motion, remove_and_readd)
{
    each_store(readd_in);
}

/* Stores alike in every id, shape and transform differ only in their
 * keys; one where b overlaps a makes a trusted foreign record a lost hit. */
static void another_store_in(int dim, sepax_backend be, const char *what)
{
    rig x = rig_open(dim, be), y = rig_open(dim, be), z = rig_open(dim, be);
    const sepax_pair p = far_pair(&x);
    const sepax_pair q = far_pair(&y);
    const sepax_pair o = {add(&z, cube, origin), add(&z, cube, near_at)};
    cr_assert(memcmp(&p, &q, sizeof p) == 0 && memcmp(&p, &o, sizeof p) == 0);
    records rec;
    write_record(&x, p, &rec, what);
    foreign_record(&y, p, &rec, 0, what);
    foreign_record(&z, p, &rec, 1, what);
    cr_assert(apart(&x, p, rec.m), "%s: the writing store no longer trusts it", what);
    rig_close(&x), rig_close(&y), rig_close(&z);
}

Test(motion, another_store)
{
    each_store(another_store_in);
}

/* The tag names the pair in order: (a, b)'s record is not (b, a)'s, nor
 * that of a pair (a, c) where c overlaps a. */
static void swapped_in(int dim, sepax_backend be, const char *what)
{
    rig r = rig_open(dim, be);
    const sepax_pair p = far_pair(&r);
    const sepax_pair swapped = {p.b, p.a}, other = {p.a, add(&r, cube, near_at)};
    records rec;
    write_record(&r, p, &rec, what);
    foreign_record(&r, swapped, &rec, 0, what);
    foreign_record(&r, other, &rec, 1, what);
    rig_close(&r);
}

Test(motion, swapped_and_other_pairs)
{
    each_store(swapped_in);
}

/* The tracked call of r's dimension with the pointers given. */
static sepax_status tracked(const rig *r, const sepax_pair *p, size_t n, records *rec,
                            int caches, int motions, hits *out)
{
    if (r->s2)
        return sepax_collide_hits_tracked(r->s2, p, n, caches ? rec->c2 : NULL,
                                          motions ? rec->m : NULL, out->h2, MAX_PAIRS, &out->n,
                                          NULL);
    return sepax3_collide_hits_tracked(r->s3, p, n, caches ? rec->c3 : NULL,
                                       motions ? rec->m : NULL, out->h3, MAX_PAIRS, &out->n,
                                       NULL);
}

/* A refused call must leave the records as they were: the caller keeps
 * them across steps, and a half-rewritten list would part them from
 * their pairs. The list mixes trusted records, empty ones (a hit) and a
 * pattern that any call that went ahead would overwrite. */
static void refusals_in(int dim, sepax_backend be, const char *what)
{
    rig r = rig_open(dim, be);
    const float up[3] = {0.0f, 3.0f, 0.0f};
    const sepax_shape_id a = add(&r, cube, origin), b = add(&r, cube, far_at),
                         c = add(&r, cube, near_at), d = add(&r, cube, up),
                         gone = add(&r, cube, up);
    drop(&r, gone);
    sepax_pair pairs[6] = {{a, b}, {a, c}, {b, c}, {a, d}, {c, d}, {b, d}};
    records rec, before;
    memset(&rec, 0, sizeof rec);
    hits out;
    memset(&out, 0, sizeof out);
    cr_assert_eq(collide(&r, pairs, 6, &rec, &out, NULL), SEPAX_OK);
    cr_assert_eq(out.n, 1u, "%s", what);
    cr_assert(apart(&r, pairs[0], rec.m) && apart(&r, pairs[3], rec.m + 3), "%s", what);
    memset(rec.m + 4, 0xA5, 2 * sizeof *rec.m);
    const sepax_pair bad[3] = {{a, gone}, {a, 0x00FFFFFFu}, {c, c}};
    const sepax_status want[3] = {SEPAX_ERR_STALE_ID, SEPAX_ERR_BAD_ID, SEPAX_ERR_BAD_PAIR};
    for (int k = 0; k < 3; k++) {
        const sepax_pair keep = pairs[3];
        pairs[3] = bad[k];
        before = rec;
        memset(&out, 0xEE, sizeof out);
        size_t at = 99;
        cr_assert_eq(collide(&r, pairs, 6, &rec, &out, &at), want[k], "%s, bad pair %d", what, k);
        cr_assert_eq(at, 3u, "%s, bad pair %d: bad index %zu", what, k, at);
        cr_assert_eq(out.n, 0u, "%s, bad pair %d", what, k);
        cr_assert(memcmp(&rec, &before, sizeof rec) == 0,
                  "%s, bad pair %d: a refused call changed the caches or records", what, k);
        pairs[3] = keep;
    }
    /* the same list with no bad pair does overwrite the pattern */
    cr_assert_eq(collide(&r, pairs, 6, &rec, &out, NULL), SEPAX_OK);
    cr_assert(memcmp(rec.m + 4, before.m + 4, 2 * sizeof *rec.m) != 0, "%s", what);

    before = rec;
    sepax_status st = tracked(&r, pairs, 6, &rec, 1, 0, &out);
    cr_assert_eq(st, SEPAX_ERR_NULL, "%s: motions NULL gives %s", what, sepax_status_string(st));
    st = tracked(&r, pairs, 6, &rec, 0, 1, &out);
    cr_assert_eq(st, SEPAX_ERR_NULL, "%s: caches NULL gives %s", what, sepax_status_string(st));
    cr_assert(memcmp(&rec, &before, sizeof rec) == 0, "%s: a refused call changed them", what);
    st = tracked(&r, pairs, 0, &rec, 0, 0, &out);
    cr_assert_eq(st, SEPAX_OK, "%s: count 0 gives %s", what, sepax_status_string(st));
    cr_assert_eq(out.n, 0u);
    rig_close(&r);
}

Test(motion, refusals)
{
    each_store(refusals_in);
}
