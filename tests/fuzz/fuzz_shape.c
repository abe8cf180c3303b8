/* Fuzz target: the calls that change a store.
 *
 * The input is a short header (initial capacity, an allocation to fail
 * while the store is created, the backend) and then a program of store
 * operations: add a polygon (0..70 vertices: raw float bits, small
 * integers, regular polygons with a vertex spoiled, repeats...), add a box,
 * remove an id (live, stale or made up), set transforms (NaN, huge,
 * non-unit rotations), update the world, make a later allocation fail,
 * switch the backend. Beside the store the target keeps its own model of
 * which slots hold which ids.
 *
 * Checked after every operation:
 *  - every status is a real sepax_status with a message, and the one the
 *    contract predicts where the contract pins it down (too few vertices,
 *    not finite, bad box half-extent, bad or stale id, bad transform,
 *    out of range, out of memory exactly when an allocation failed);
 *  - a failed call leaves the store as it was: count, live ids, and every
 *    live shape's vertices, transform and box (compared through a hash
 *    per slot, after every failure, every call that allocated, and every
 *    call while the store is small);
 *  - ids follow the documented scheme (0, 1, 2... until a removal; a
 *    reused slot carries the next generation);
 *  - every accepted shape has 3..SEPAX_MAX_POLYGON_VERTICES finite local
 *    vertices within SEPAX_MAX_COORDINATE, each one of the input vertices,
 *    strictly convex and counter-clockwise; its world vertices are finite
 *    and tightly boxed by its AABB, and convex wherever float rounding
 *    cannot excuse otherwise;
 *  - recomputing the world (any backend) changes no readable byte;
 *  - destroying the store returns every allocation. */
#define _POSIX_C_SOURCE 200809L /* unsetenv */

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_input.h"
#include "sepax/sepax.h"

/* A program stops after MAX_OPS operations: longer ones add little but
 * slow every execution down. */
#define MAX_OPS 256
#define MAX_INPUT_OUTLINE 70
#define DEAD_RING 16

enum { OP_ADD_POLYGON, OP_ADD_BOX, OP_REMOVE, OP_SET_TRANSFORMS, OP_UPDATE_WORLD,
       OP_FAIL_ALLOC, OP_SET_BACKEND, OP_ADD_REGULAR, OP_ADD_ROUND, OP_COUNT };

/* What the store should hold, slot by slot. Slots are handed out one per
 * add at most, so MAX_OPS + 1 slots cover every program. */
typedef struct model {
    uint8_t live[MAX_OPS + 1];
    uint8_t gen[MAX_OPS + 1];
    /* shape_hash of each live slot as of the last call that changed it */
    uint64_t hash[MAX_OPS + 1];
    uint32_t limit, count, adds, removes;
    sepax_shape_id dead[DEAD_RING];
    uint32_t dead_n;
} model;

FUZZ_BACKENDS_INITIALIZE

static int model_has(const model *m, sepax_shape_id id)
{
    uint32_t slot = SEPAX_ID_SLOT(id);
    return slot < m->limit && m->live[slot] && m->gen[slot] == SEPAX_ID_GENERATION(id);
}

/* The status the contract gives for naming id, from the model alone. */
static sepax_status model_check(const model *m, sepax_shape_id id)
{
    if (SEPAX_ID_SLOT(id) >= m->limit)
        return SEPAX_ERR_BAD_ID;
    return model_has(m, id) ? SEPAX_OK : SEPAX_ERR_STALE_ID;
}

/* Everything a user can read back about one shape, hashed. */
static uint64_t shape_hash(const sepax_store *s, sepax_shape_id id)
{
    struct {
        sepax_vec2 local[SEPAX_MAX_POLYGON_VERTICES], world[SEPAX_MAX_POLYGON_VERTICES];
        sepax_transform xf;
        sepax_vec2 lo, hi;
        uint32_t n;
    } st;
    memset(&st, 0, sizeof st);
    FUZZ_CHECK(sepax_shape_vertices(s, id, 0, st.local, SEPAX_MAX_POLYGON_VERTICES, &st.n) == SEPAX_OK, "id %#x", id);
    FUZZ_CHECK(sepax_shape_vertices(s, id, 1, st.world, SEPAX_MAX_POLYGON_VERTICES, &st.n) == SEPAX_OK, "id %#x", id);
    FUZZ_CHECK(sepax_shape_transform(s, id, &st.xf) == SEPAX_OK, "id %#x", id);
    FUZZ_CHECK(sepax_shape_aabb(s, id, &st.lo, &st.hi) == SEPAX_OK, "id %#x", id);
    uint32_t words[sizeof st / 4];
    memcpy(words, &st, sizeof words);
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof words / 4; i++)
        h = (h ^ words[i]) * 1099511628211ull;
    return h;
}

/* The store against the model: count, slot limit, the id in every slot,
 * and with deep set every live shape's readable state. */
static void model_agrees(const sepax_store *s, const model *m, int deep)
{
    FUZZ_CHECK(sepax_store_count(s) == m->count, "count %u, model %u", sepax_store_count(s),
               m->count);
    FUZZ_CHECK(sepax_store_slot_limit(s) == m->limit, "slot limit %u, model %u",
               sepax_store_slot_limit(s), m->limit);
    for (uint32_t slot = 0; slot < m->limit; slot++) {
        sepax_shape_id id = 0;
        sepax_status st = fuzz_status(sepax_shape_id_of_slot(s, slot, &id));
        FUZZ_CHECK((st == SEPAX_OK) == (m->live[slot] != 0), "slot %u: %s, model live %d", slot,
                   sepax_status_string(st), m->live[slot]);
        if (st != SEPAX_OK)
            continue;
        FUZZ_CHECK(id == ((uint32_t)m->gen[slot] << 24 | slot), "slot %u: id %#x, gen %u", slot,
                   id, m->gen[slot]);
        if (deep)
            FUZZ_CHECK(shape_hash(s, id) == m->hash[slot],
                       "shape %#x differs from its state after the last call that set it "
                       "(backend now %s)", id,
                       sepax_backend_name(sepax_store_backend(s)));
    }
}

/* An id to name in a call: usually a live one, often a removed one, and
 * sometimes any 32 bits. */
static sepax_shape_id pick_id(fuzz_input *in, const model *m)
{
    uint8_t how = fuzz_u8(in);
    uint8_t which = fuzz_u8(in);
    switch (how % 4) {
    case 0:
    case 1:
        if (m->count > 0) {
            uint32_t k = which % m->count;
            for (uint32_t slot = 0; slot < m->limit; slot++)
                if (m->live[slot] && k-- == 0)
                    return (uint32_t)m->gen[slot] << 24 | slot;
        }
        return which;
    case 2:
        if (m->dead_n > 0)
            return m->dead[which % (m->dead_n < DEAD_RING ? m->dead_n : DEAD_RING)];
        return (uint32_t)which << 24;
    default:
        return fuzz_u32(in);
    }
}

static double cross(double ax, double ay, double bx, double by)
{
    return ax * by - ay * bx;
}

/* The properties of one accepted shape. input (n vertices), when given, is
 * what the shape was built from: cleaning only drops vertices, so every
 * kept one must be an input vertex. */
static void check_shape(const sepax_store *s, sepax_shape_id id, const sepax_vec2 *input,
                        size_t n_input)
{
    sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES], w[SEPAX_MAX_POLYGON_VERTICES];
    uint32_t n = 0, nw = 0, n_only = 0;
    FUZZ_CHECK(fuzz_status(sepax_shape_vertices(s, id, 0, v, SEPAX_MAX_POLYGON_VERTICES, &n)) == SEPAX_OK, "id %#x", id);
    FUZZ_CHECK(fuzz_status(sepax_shape_vertices(s, id, 1, w, SEPAX_MAX_POLYGON_VERTICES, &nw)) == SEPAX_OK, "id %#x", id);
    FUZZ_CHECK(fuzz_status(sepax_shape_vertices(s, id, 0, NULL, 0, &n_only)) == SEPAX_OK, "id %#x",
               id);
    sepax_shape_desc desc = {SEPAX_SHAPE_KIND_COUNT, -1.0f, 0};
    FUZZ_CHECK(fuzz_status(sepax_shape_info(s, id, &desc)) == SEPAX_OK, "id %#x", id);
    const sepax_shape_kind kind = desc.kind;
    const float radius = desc.radius;
    const uint32_t want_min = kind == SEPAX_SHAPE_CIRCLE ? 1
                              : kind == SEPAX_SHAPE_CAPSULE || kind == SEPAX_SHAPE_SEGMENT ? 2
                                                                                           : 3;
    const uint32_t want_max = want_min < 3 ? want_min : SEPAX_MAX_POLYGON_VERTICES;
    FUZZ_CHECK(n >= want_min && n <= want_max, "id %#x (kind %d) has %u vertices", id, kind, n);
    const int round = kind == SEPAX_SHAPE_CIRCLE || kind == SEPAX_SHAPE_CAPSULE ||
                      kind == SEPAX_SHAPE_ROUNDED_POLYGON;
    FUZZ_CHECK(round ? radius > 0.0f && radius <= SEPAX_MAX_COORDINATE : radius == 0.0f,
               "id %#x (kind %d) radius %g", id, kind, radius);
    if (n == 2)
        FUZZ_CHECK(v[0].x != v[1].x || v[0].y != v[1].y, "id %#x: segment ends coincide", id);
    FUZZ_CHECK(nw == n && n_only == n, "id %#x: %u local, %u world, %u counted", id, n, nw,
               n_only);

    for (uint32_t i = 0; i < n; i++) {
        FUZZ_CHECK(isfinite(v[i].x) && isfinite(v[i].y), "id %#x vertex %u (%g, %g)", id, i,
                   v[i].x, v[i].y);
        if (input) {
            size_t j = 0;
            while (j < n_input && !(input[j].x == v[i].x && input[j].y == v[i].y))
                j++;
            FUZZ_CHECK(j < n_input, "id %#x vertex %u (%a, %a) is not an input vertex", id, i,
                       v[i].x, v[i].y);
        }
    }
    /* Strictly convex and counter-clockwise: every other vertex strictly
     * left of every edge. Stronger than the corner test the cleaner runs,
     * so it also catches an outline that winds twice. Differences of
     * floats are exact in double and the margins the cleaner enforces are
     * far above double rounding, so > 0 is the right test. */
    for (uint32_t i = 0; n >= 3 && i < n; i++) {
        const sepax_vec2 a = v[i], b = v[(i + 1) % n];
        for (uint32_t j = 0; j < n; j++) {
            if (j == i || j == (i + 1) % n)
                continue;
            double c = cross((double)b.x - a.x, (double)b.y - a.y, (double)v[j].x - a.x,
                             (double)v[j].y - a.y);
            FUZZ_CHECK(c > 0.0, "id %#x: vertex %u not left of edge %u (cross %g)", id, j, i, c);
        }
    }

    sepax_transform t;
    FUZZ_CHECK(fuzz_status(sepax_shape_transform(s, id, &t)) == SEPAX_OK, "id %#x", id);
    sepax_vec2 lo, hi;
    FUZZ_CHECK(fuzz_status(sepax_shape_aabb(s, id, &lo, &hi)) == SEPAX_OK, "id %#x", id);

    /* How far float rounding may move a world vertex from the exact image
     * of its local vertex: three roundings of terms no larger than m, plus
     * the absolute error of a product that lands among the subnormals. */
    const double c = t.q.c, sn = t.q.s;
    double m = 0.0;
    for (uint32_t i = 0; i < n; i++)
        m = fmax(m, fabs(t.p.x) + fabs(t.p.y) + (fabs(c) + fabs(sn)) * (fabs(v[i].x) + fabs(v[i].y)));
    /* The coordinate limit exists so that the world never overflows. */
    FUZZ_CHECK(fabsf(t.p.x) <= SEPAX_MAX_COORDINATE && fabsf(t.p.y) <= SEPAX_MAX_COORDINATE,
               "id %#x kept translation (%g, %g)", id, t.p.x, t.p.y);
    for (uint32_t i = 0; i < n; i++)
        FUZZ_CHECK(fabsf(v[i].x) <= SEPAX_MAX_COORDINATE && fabsf(v[i].y) <= SEPAX_MAX_COORDINATE,
                   "id %#x vertex %u (%g, %g) beyond the limit", id, i, v[i].x, v[i].y);
    FUZZ_CHECK(m < FLT_MAX / 4, "id %#x: world bound %g", id, m);
    double lox = INFINITY, loy = INFINITY, hix = -INFINITY, hiy = -INFINITY;
    for (uint32_t i = 0; i < n; i++) {
        FUZZ_CHECK(isfinite(w[i].x) && isfinite(w[i].y), "id %#x world vertex %u (%g, %g)", id,
                   i, w[i].x, w[i].y);
        lox = fmin(lox, w[i].x);
        loy = fmin(loy, w[i].y);
        hix = fmax(hix, w[i].x);
        hiy = fmax(hiy, w[i].y);
    }
    if (radius == 0.0f) {
        FUZZ_CHECK(lo.x == lox && lo.y == loy && hi.x == hix && hi.y == hiy,
                   "id %#x: box (%a, %a)-(%a, %a), vertices span (%a, %a)-(%a, %a)", id, lo.x,
                   lo.y, hi.x, hi.y, lox, loy, hix, hiy);
    } else {
        /* grown by the radius, rounded outward: holds the whole shape, and
         * no looser than a few ulps beyond it */
        const double r = radius;
        FUZZ_CHECK(lo.x <= lox - r && lo.y <= loy - r && hi.x >= hix + r && hi.y >= hiy + r,
                   "id %#x: box (%a, %a)-(%a, %a) misses the shape (radius %a)", id, lo.x, lo.y,
                   hi.x, hi.y, radius);
        const double slack = 4.0 * FLT_EPSILON * (fabs(lox) + fabs(hix) + fabs(loy) + fabs(hiy) + r) +
                             FLT_MIN;
        FUZZ_CHECK(lo.x >= lox - r - slack && hi.x <= hix + r + slack && lo.y >= loy - r - slack &&
                       hi.y <= hiy + r + slack,
                   "id %#x: box (%a, %a)-(%a, %a) too loose (radius %a)", id, lo.x, lo.y, hi.x,
                   hi.y, radius);
    }
    if (t.p.x == 0.0f && t.p.y == 0.0f && t.q.c == 1.0f && t.q.s == 0.0f)
        for (uint32_t i = 0; i < n; i++)
            FUZZ_CHECK(w[i].x == v[i].x && w[i].y == v[i].y, "id %#x: identity moved vertex %u",
                       id, i);

    /* A corner of the world outline must still turn left unless the
     * rounding bound could undo the turn. The transform scales areas by
     * k = c^2 + s^2 (close to 1, since it was accepted). */
    const double k = c * c + sn * sn;
    const double d = 2.0 * sqrt(2.0) * (4.0 * m * 0x1p-24 + 0x1p-146);
    for (uint32_t i = 0; n >= 3 && i < n; i++) {
        const sepax_vec2 a = v[i], b = v[(i + 1) % n], e = v[(i + 2) % n];
        double ex = (double)b.x - a.x, ey = (double)b.y - a.y;
        double fx = (double)e.x - b.x, fy = (double)e.y - b.y;
        double le = sqrt(k) * hypot(ex, ey), lf = sqrt(k) * hypot(fx, fy);
        double margin = k * cross(ex, ey, fx, fy) - 2.0 * (d * (le + lf) + d * d) - 1e-12 * le * lf;
        if (!(margin > 0.0))
            continue;
        const sepax_vec2 wa = w[i], wb = w[(i + 1) % n], we = w[(i + 2) % n];
        double cw = cross((double)wb.x - wa.x, (double)wb.y - wa.y, (double)we.x - wb.x,
                          (double)we.y - wb.y);
        FUZZ_CHECK(cw > 0.0, "id %#x: world corner %u turns %g (local margin %g)", id,
                   (i + 1) % n, cw, margin);
    }
}

/* The contract for accepting a transform, with the rotation test done in
 * double so that it is an independent reading. Returns the status the
 * contract gives, or SEPAX_STATUS_COUNT when the rotation is within
 * rounding of the tolerance and either answer is right. */
static sepax_status transform_verdict(const sepax_transform *t)
{
    if (!isfinite(t->p.x) || !isfinite(t->p.y) || !isfinite(t->q.c) || !isfinite(t->q.s))
        return SEPAX_ERR_NOT_FINITE;
    if (fabsf(t->p.x) > SEPAX_MAX_COORDINATE || fabsf(t->p.y) > SEPAX_MAX_COORDINATE)
        return SEPAX_ERR_OUT_OF_RANGE;
    double off = fabs((double)t->q.c * t->q.c + (double)t->q.s * t->q.s - 1.0);
    if (off < (double)SEPAX_ROTATION_TOLERANCE - 1e-6)
        return SEPAX_OK;
    if (off > (double)SEPAX_ROTATION_TOLERANCE + 1e-6)
        return SEPAX_ERR_BAD_TRANSFORM;
    return SEPAX_STATUS_COUNT;
}

/* The status the cleaner gives for a vertex list on its first bad vertex,
 * or SEPAX_OK when every vertex is finite and in range. */
static sepax_status vertices_verdict(const sepax_vec2 *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(v[i].x) || !isfinite(v[i].y))
            return SEPAX_ERR_NOT_FINITE;
        if (fabsf(v[i].x) > SEPAX_MAX_COORDINATE || fabsf(v[i].y) > SEPAX_MAX_COORDINATE)
            return SEPAX_ERR_OUT_OF_RANGE;
    }
    return SEPAX_OK;
}

static sepax_transform read_transform(fuzz_input *in)
{
    sepax_transform t = sepax_transform_identity();
    switch (fuzz_u8(in) % 6) {
    case 0:
        break;
    case 1:
        t.p.x = fuzz_bounded(in);
        t.p.y = fuzz_bounded(in);
        t.q = fuzz_rotation(in);
        break;
    case 2:
        t.p.x = fuzz_value(in);
        t.p.y = fuzz_value(in);
        t.q.c = fuzz_value(in);
        t.q.s = fuzz_value(in);
        break;
    case 3:
        t.p.x = fuzz_value(in);
        t.p.y = fuzz_value(in);
        t.q = fuzz_rotation(in);
        break;
    case 4: {
        float x = fuzz_value(in), y = fuzz_value(in);
        t = sepax_transform_make(x, y, fuzz_value(in));
        break;
    }
    default:
        t.p.x = fuzz_bounded(in);
        t.p.y = fuzz_bounded(in);
        t.q.c = fuzz_value(in);
        t.q.s = fuzz_value(in);
        break;
    }
    return t;
}

/* The outline of a polygon, in one of the ways that reach different parts
 * of the cleaner. */
static void read_outline(fuzz_input *in, sepax_vec2 *v, size_t n)
{
    uint8_t mode = fuzz_u8(in);
    switch (mode % 8) {
    case 0:
        for (size_t i = 0; i < n; i++) {
            v[i].x = fuzz_raw_float(in);
            v[i].y = fuzz_raw_float(in);
        }
        break;
    case 1: /* a 17 x 17 grid: collinear, repeated and concave all common */
        for (size_t i = 0; i < n; i++) {
            v[i].x = (float)((int)(fuzz_u8(in) % 17) - 8);
            v[i].y = (float)((int)(fuzz_u8(in) % 17) - 8);
        }
        break;
    case 2:
        for (size_t i = 0; i < n; i++) {
            v[i].x = (float)(int16_t)fuzz_u16(in) / 256.0f;
            v[i].y = (float)(int16_t)fuzz_u16(in) / 256.0f;
        }
        break;
    case 3:
        for (size_t i = 0; i < n; i++) {
            v[i].x = fuzz_value(in);
            v[i].y = fuzz_value(in);
        }
        break;
    case 4: {
        double cx = (int16_t)fuzz_u16(in) / 16.0, cy = (int16_t)fuzz_u16(in) / 16.0;
        double r = (fuzz_u8(in) + 1) / 4.0;
        uint8_t ph = fuzz_u8(in);
        fuzz_regular(v, n, cx, cy, r, ph / 40.0, ph & 1);
        break;
    }
    case 5: { /* tiny to huge, near or far from the origin */
        double r = ldexp(1.0, (int)fuzz_u8(in) - 140);
        const int8_t mantissa = (int8_t)fuzz_u8(in);
        double off = ldexp(mantissa, (int)fuzz_u8(in) - 128);
        uint8_t ph = fuzz_u8(in);
        fuzz_regular(v, n, off, -off, r, ph / 40.0, ph & 1);
        break;
    }
    case 6: { /* a good polygon with one vertex spoiled */
        double r = (fuzz_u8(in) + 1) / 8.0;
        uint8_t ph = fuzz_u8(in);
        fuzz_regular(v, n, 0.0, 0.0, r, ph / 40.0, ph & 1);
        if (n > 0) {
            size_t k = fuzz_u8(in) % n;
            v[k].x = fuzz_value(in);
            v[k].y = fuzz_value(in);
        }
        break;
    }
    default: { /* small integers, each vertex repeated up to three times */
        size_t i = 0;
        while (i < n) {
            float x = (float)((int)(fuzz_u8(in) % 17) - 8), y = (float)((int)(fuzz_u8(in) % 17) - 8);
            for (int r = fuzz_u8(in) % 3; r >= 0 && i < n; r--, i++) {
                v[i].x = x;
                v[i].y = y;
            }
        }
        break;
    }
    }
}

/* The statuses sepax_add_polygon may give once its arguments are present,
 * its vertices finite and their count in range. */
static int polygon_status_ok(sepax_status st)
{
    switch (st) {
    case SEPAX_OK:
    case SEPAX_ERR_TOO_FEW_VERTICES:
    case SEPAX_ERR_TOO_MANY_VERTICES:
    case SEPAX_ERR_DEGENERATE:
    case SEPAX_ERR_NON_CONVEX:
    case SEPAX_ERR_SELF_INTERSECTING:
    case SEPAX_ERR_OUT_OF_MEMORY:
        return 1;
    default:
        return 0;
    }
}

typedef struct run {
    sepax_store *store;
    fuzz_alloc *alloc;
    model m;
    int deep; /* set by an operation that wants every shape compared */
} run;

/* Bookkeeping after an add: the id is the next one the scheme allows, and
 * the shape holds up. A failed add must have changed nothing. */
static void after_add(run *r, sepax_status st, sepax_shape_id id, size_t failures_before,
                      const sepax_vec2 *input, size_t n)
{
    const int failed_alloc = r->alloc->failures != failures_before;
    FUZZ_CHECK((st == SEPAX_ERR_OUT_OF_MEMORY) == failed_alloc,
               "status %s, allocation failed: %d", sepax_status_string(st), failed_alloc);
    if (st != SEPAX_OK) {
        r->deep = 1;
        return;
    }
    model *m = &r->m;
    uint32_t slot = SEPAX_ID_SLOT(id);
    FUZZ_CHECK(slot <= m->limit && slot <= MAX_OPS, "new id %#x, slot limit was %u", id, m->limit);
    FUZZ_CHECK(slot == m->limit || !m->live[slot], "new id %#x reuses a live slot", id);
    if (slot == m->limit) {
        m->gen[slot] = 0;
        m->limit++;
    }
    FUZZ_CHECK(SEPAX_ID_GENERATION(id) == m->gen[slot], "new id %#x, slot generation %u", id,
               m->gen[slot]);
    if (m->removes == 0)
        FUZZ_CHECK(id == m->adds, "id %#x after %u adds and no removal", id, m->adds);
    m->live[slot] = 1;
    m->count++;
    m->adds++;
    check_shape(r->store, id, input, n);
    m->hash[slot] = shape_hash(r->store, id);
}

static void op_add_polygon(run *r, fuzz_input *in, int regular_only)
{
    sepax_vec2 v[MAX_INPUT_OUTLINE];
    size_t n = fuzz_u8(in) % (MAX_INPUT_OUTLINE + 1);
    if (regular_only) {
        /* valid outlines, so that programs build up a store quickly */
        n = 3 + n % 62;
        const uint8_t ph = fuzz_u8(in);
        const double cx = (int8_t)fuzz_u8(in);
        const double cy = (int8_t)fuzz_u8(in);
        const double radius = (fuzz_u8(in) + 1) / 16.0;
        fuzz_regular(v, n, cx, cy, radius, ph / 40.0, ph & 1);
    } else {
        read_outline(in, v, n);
    }
    const sepax_status bad_vertex = vertices_verdict(v, n);

    const size_t failures = r->alloc->failures;
    sepax_shape_id id = UINT32_MAX;
    sepax_status st = fuzz_status(sepax_add_polygon(r->store, v, n, &id));
    if (n < 3)
        FUZZ_CHECK(st == SEPAX_ERR_TOO_FEW_VERTICES, "%zu vertices: %s", n, sepax_status_string(st));
    else if (bad_vertex != SEPAX_OK)
        FUZZ_CHECK(st == bad_vertex, "bad vertex: %s, expected %s", sepax_status_string(st),
                   sepax_status_string(bad_vertex));
    else
        FUZZ_CHECK(polygon_status_ok(st), "%zu finite vertices: %s", n, sepax_status_string(st));
    FUZZ_TRACE("add_polygon %zu vertices: %s, id %#x\n", n, sepax_status_string(st),
               st == SEPAX_OK ? id : 0);
    after_add(r, st, id, failures, v, n);
}

static void op_add_box(run *r, fuzz_input *in)
{
    sepax_vec2 centre, half;
    centre.x = fuzz_value(in);
    centre.y = fuzz_value(in);
    half.x = fuzz_value(in);
    half.y = fuzz_value(in);
    float angle = fuzz_value(in);

    const size_t failures = r->alloc->failures;
    sepax_shape_id id = UINT32_MAX;
    sepax_status st = fuzz_status(sepax_add_box(r->store, centre, half, angle, &id));
    if (!isfinite(centre.x) || !isfinite(centre.y) || !isfinite(half.x) || !isfinite(half.y) ||
        !isfinite(angle))
        FUZZ_CHECK(st == SEPAX_ERR_NOT_FINITE, "non-finite box: %s", sepax_status_string(st));
    else if (!(half.x > 0.0f) || !(half.y > 0.0f))
        FUZZ_CHECK(st == SEPAX_ERR_BAD_EXTENT, "half (%g, %g): %s", half.x, half.y,
                   sepax_status_string(st));
    else {
        /* Corners beyond the coordinate limit (or past float's range) are
         * a range fault; a refused outline is the box's thinness (its own
         * shape: short side within the cleaning tolerance of the long
         * one, so below 1e-4 of it) or float's spacing where it stands
         * (never for a box thinner than 1e-6, which cleaning refuses
         * anywhere); nothing else. */
        const double lo = fmin(half.x, half.y), hi = fmax(half.x, half.y);
        FUZZ_CHECK(st == SEPAX_OK || st == SEPAX_ERR_OUT_OF_RANGE ||
                       st == SEPAX_ERR_DEGENERATE || st == SEPAX_ERR_TOO_SMALL ||
                       st == SEPAX_ERR_OUT_OF_MEMORY,
                   "box: %s", sepax_status_string(st));
        FUZZ_CHECK(st != SEPAX_ERR_DEGENERATE || lo <= 1e-4 * hi,
                   "box half (%g, %g) refused as thin", half.x, half.y);
        FUZZ_CHECK(st != SEPAX_ERR_TOO_SMALL || lo >= 1e-6 * hi,
                   "box half (%g, %g) refused for float's spacing, but is thin", half.x, half.y);
    }
    FUZZ_TRACE("add_box (%g, %g) half (%g, %g) angle %g: %s, id %#x\n", centre.x, centre.y,
               half.x, half.y, angle, sepax_status_string(st), st == SEPAX_OK ? id : 0);
    after_add(r, st, id, failures, NULL, 0);
}

/* A circle, capsule, segment or rounded polygon from raw values, so that
 * NaN, infinity, zero and negative radii, coinciding ends and values past
 * the coordinate limit all come up. */
static void op_add_round(run *r, fuzz_input *in)
{
    const uint8_t kind = fuzz_u8(in) % 4;
    sepax_vec2 v[MAX_INPUT_OUTLINE];
    size_t n = 2;
    v[0].x = fuzz_value(in);
    v[0].y = fuzz_value(in);
    v[1].x = fuzz_value(in);
    v[1].y = fuzz_value(in);
    const float radius = fuzz_value(in);
    if (kind == 3) {
        n = fuzz_u8(in) % (MAX_INPUT_OUTLINE + 1);
        read_outline(in, v, n);
    }
    const sepax_status bad_point = vertices_verdict(v, kind == 0 ? 1 : n);
    const sepax_status bad_radius = !isfinite(radius)                 ? SEPAX_ERR_NOT_FINITE
                                    : !(radius > 0.0f)                 ? SEPAX_ERR_BAD_RADIUS
                                    : radius > SEPAX_MAX_COORDINATE    ? SEPAX_ERR_OUT_OF_RANGE
                                                                       : SEPAX_OK;
    const size_t failures = r->alloc->failures;
    sepax_shape_id id = UINT32_MAX;
    sepax_status st;
    switch (kind) {
    case 0:
        st = fuzz_status(sepax_add_circle(r->store, v[0], radius, &id));
        /* the centre is checked first */
        FUZZ_CHECK(st == (bad_point ? bad_point : bad_radius) || (st == SEPAX_ERR_OUT_OF_MEMORY && !bad_point && !bad_radius),
                   "circle: %s", sepax_status_string(st));
        break;
    case 1:
    case 2: {
        const int capsule = kind == 1;
        st = fuzz_status(capsule ? sepax_add_capsule(r->store, v[0], v[1], radius, &id)
                                 : sepax_add_segment(r->store, v[0], v[1], &id));
        sepax_status want = capsule && bad_radius ? bad_radius : bad_point;
        if (want == SEPAX_OK && v[0].x == v[1].x && v[0].y == v[1].y)
            want = SEPAX_ERR_DEGENERATE;
        FUZZ_CHECK(st == want || (st == SEPAX_ERR_OUT_OF_MEMORY && want == SEPAX_OK),
                   "%s: %s, expected %s", capsule ? "capsule" : "segment", sepax_status_string(st),
                   sepax_status_string(want));
        break;
    }
    default:
        st = fuzz_status(sepax_add_rounded_polygon(r->store, v, n, radius, &id));
        if (bad_radius)
            FUZZ_CHECK(st == bad_radius, "rounded polygon radius %g: %s", radius,
                       sepax_status_string(st));
        else if (n < 3)
            FUZZ_CHECK(st == SEPAX_ERR_TOO_FEW_VERTICES, "%zu vertices: %s", n,
                       sepax_status_string(st));
        else if (bad_point)
            FUZZ_CHECK(st == bad_point, "bad vertex: %s", sepax_status_string(st));
        else
            FUZZ_CHECK(polygon_status_ok(st), "rounded polygon: %s", sepax_status_string(st));
        break;
    }
    FUZZ_TRACE("add round kind %u: %s, id %#x\n", kind, sepax_status_string(st),
               st == SEPAX_OK ? id : 0);
    after_add(r, st, id, failures, kind == 3 ? v : NULL, kind == 3 ? n : 0);
}

static void op_remove(run *r, fuzz_input *in)
{
    model *m = &r->m;
    sepax_shape_id id = pick_id(in, m);
    const sepax_status want = model_check(m, id);
    sepax_status st = fuzz_status(sepax_remove(r->store, id));
    FUZZ_TRACE("remove %#x: %s\n", id, sepax_status_string(st));
    FUZZ_CHECK(st == want, "remove %#x: %s, expected %s", id, sepax_status_string(st),
               sepax_status_string(want));
    if (st != SEPAX_OK) {
        r->deep = 1;
        return;
    }
    uint32_t slot = SEPAX_ID_SLOT(id);
    m->live[slot] = 0;
    m->gen[slot]++;
    m->count--;
    m->removes++;
    m->dead[m->dead_n++ % DEAD_RING] = id;
    FUZZ_CHECK(fuzz_status(sepax_shape_check(r->store, id)) == SEPAX_ERR_STALE_ID,
               "removed id %#x is not stale", id);
}

static void op_set_transforms(run *r, fuzz_input *in)
{
    enum { MAX_BATCH = 8 };
    sepax_shape_id ids[MAX_BATCH];
    sepax_transform xf[MAX_BATCH];
    size_t n = fuzz_u8(in) % (MAX_BATCH + 1);
    /* The first bad entry decides the status; an entry within rounding of
     * the rotation tolerance makes every later verdict open. */
    int open = 0;
    sepax_status want = SEPAX_OK;
    for (size_t i = 0; i < n; i++) {
        ids[i] = pick_id(in, &r->m);
        xf[i] = read_transform(in);
        if (want != SEPAX_OK || open)
            continue;
        want = model_check(&r->m, ids[i]);
        if (want == SEPAX_OK) {
            want = transform_verdict(&xf[i]);
            open = want == SEPAX_STATUS_COUNT;
            if (open)
                want = SEPAX_OK;
        }
    }
    sepax_status st = fuzz_status(sepax_set_transforms(r->store, ids, xf, n));
    FUZZ_TRACE("set_transforms of %zu: %s\n", n, sepax_status_string(st));
    for (size_t i = 0; i < n; i++)
        FUZZ_TRACE("  %#x: p (%g, %g) q (%g, %g)\n", ids[i], xf[i].p.x, xf[i].p.y, xf[i].q.c,
                   xf[i].q.s);
    FUZZ_CHECK(open ? (st == want || st == SEPAX_ERR_BAD_TRANSFORM || st == SEPAX_ERR_BAD_ID ||
                       st == SEPAX_ERR_STALE_ID || st == SEPAX_ERR_NOT_FINITE ||
                       st == SEPAX_ERR_OUT_OF_RANGE)
                    : st == want,
               "set_transforms of %zu: %s, expected %s", n, sepax_status_string(st),
               sepax_status_string(want));
    if (st != SEPAX_OK) {
        r->deep = 1;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        /* the last transform given for an id is the one it keeps */
        size_t last = i;
        for (size_t j = i + 1; j < n; j++)
            if (ids[j] == ids[i])
                last = j;
        sepax_transform t;
        FUZZ_CHECK(fuzz_status(sepax_shape_transform(r->store, ids[i], &t)) == SEPAX_OK, "id %#x",
                   ids[i]);
        FUZZ_CHECK(memcmp(&t, &xf[last], sizeof t) == 0, "id %#x keeps another transform", ids[i]);
        check_shape(r->store, ids[i], NULL, 0);
        r->m.hash[SEPAX_ID_SLOT(ids[i])] = shape_hash(r->store, ids[i]);
    }
}

/* The world is a pure function of the local columns and the transforms,
 * the same on every backend: recomputing it must change no byte. */
static void op_update_world(run *r)
{
    FUZZ_CHECK(fuzz_status(sepax_update_world(r->store)) == SEPAX_OK, "update_world failed");
    FUZZ_TRACE("update_world on %s\n", sepax_backend_name(sepax_store_backend(r->store)));
    r->deep = 1;
}

static void op_set_backend(run *r, fuzz_input *in)
{
    uint8_t b = fuzz_u8(in);
    const sepax_backend old = sepax_store_backend(r->store);
    if (b & 0x80) {
        /* any value, known or not, built or not */
        int raw = (int8_t)(b << 1) >> 1;
        sepax_status st = fuzz_status(sepax_store_set_backend(r->store, (sepax_backend)raw));
        FUZZ_TRACE("set_backend %d: %s\n", raw, sepax_status_string(st));
        sepax_status want = raw < 0 || raw >= SEPAX_BACKEND_COUNT ? SEPAX_ERR_UNKNOWN_BACKEND
                            : sepax_backend_available((sepax_backend)raw) ? SEPAX_OK
                                                                          : SEPAX_ERR_UNSUPPORTED_BACKEND;
        FUZZ_CHECK(st == want, "backend %d: %s, expected %s", raw, sepax_status_string(st),
                   sepax_status_string(want));
        if (st != SEPAX_OK)
            FUZZ_CHECK(sepax_store_backend(r->store) == old, "failed set_backend changed it");
    } else {
        sepax_backend want = backends[b % backend_n];
        FUZZ_CHECK(fuzz_status(sepax_store_set_backend(r->store, want)) == SEPAX_OK, "backend %s",
                   sepax_backend_name(want));
        FUZZ_CHECK(sepax_store_backend(r->store) == want, "backend not set");
    }
    op_update_world(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    fuzz_alloc alloc;
    memset(&alloc, 0, sizeof alloc);
    const sepax_allocator hooks = {fuzz_alloc_fn, fuzz_free_fn, &alloc};
    sepax_store_options opt = sepax_store_options_default();
    opt.allocator = &hooks;
    opt.initial_shapes = fuzz_u8(&in);
    const uint8_t create_fail = fuzz_u8(&in) % 4;
    const uint8_t backend = fuzz_u8(&in);

    run r;
    memset(&r, 0, sizeof r);
    r.alloc = &alloc;
    fuzz_alloc_fail_at(&alloc, create_fail, 0);
    sepax_status st = fuzz_status(sepax_store_create(&opt, &r.store));
    FUZZ_TRACE("create (initial %u, failing allocation %u): %s\n", opt.initial_shapes,
               create_fail, sepax_status_string(st));
    if (alloc.failures) {
        /* creation needs three allocations; failing any one must fail it
         * cleanly, and then we carry on with a store made normally */
        FUZZ_CHECK(st == SEPAX_ERR_OUT_OF_MEMORY && r.store == NULL, "create under failure: %s",
                   sepax_status_string(st));
        FUZZ_CHECK(alloc.live == 0, "failed create kept %zu allocations", alloc.live);
        fuzz_alloc_fail_at(&alloc, 0, 0);
        st = fuzz_status(sepax_store_create(&opt, &r.store));
    }
    FUZZ_CHECK(st == SEPAX_OK && r.store != NULL, "create: %s", sepax_status_string(st));
    fuzz_alloc_fail_at(&alloc, 0, 0);
    FUZZ_CHECK(sepax_store_set_backend(r.store, backends[backend % backend_n]) == SEPAX_OK,
               "backend %s", sepax_backend_name(backends[backend % backend_n]));

    for (int ops = 0; ops < MAX_OPS && fuzz_more(&in); ops++) {
        const size_t calls = alloc.calls;
        r.deep = 0;
        switch (fuzz_u8(&in) % OP_COUNT) {
        case OP_ADD_POLYGON:
            op_add_polygon(&r, &in, 0);
            break;
        case OP_ADD_REGULAR:
            op_add_polygon(&r, &in, 1);
            break;
        case OP_ADD_BOX:
            op_add_box(&r, &in);
            break;
        case OP_REMOVE:
            op_remove(&r, &in);
            break;
        case OP_SET_TRANSFORMS:
            op_set_transforms(&r, &in);
            break;
        case OP_UPDATE_WORLD:
            op_update_world(&r);
            break;
        case OP_ADD_ROUND:
            op_add_round(&r, &in);
            break;
        case OP_FAIL_ALLOC: {
            uint8_t b = fuzz_u8(&in);
            fuzz_alloc_fail_at(&alloc, b % 8, (b & 0x80) != 0);
            FUZZ_TRACE("fail allocation %d from now%s\n", b % 8, b & 0x80 ? " and all after" : "");
            break;
        }
        default:
            op_set_backend(&r, &in);
            break;
        }
        /* Shapes only move in memory when the store allocates; between
         * such calls a sample (small stores) is enough. */
        model_agrees(r.store, &r.m, r.deep || alloc.calls != calls || r.m.limit <= 16);
    }
    model_agrees(r.store, &r.m, 1);

    for (uint32_t slot = 0; slot < r.m.limit; slot++)
        if (r.m.live[slot])
            check_shape(r.store, (uint32_t)r.m.gen[slot] << 24 | slot, NULL, 0);
    sepax_store_destroy(r.store);
    FUZZ_CHECK(alloc.live == 0, "destroy left %zu allocations", alloc.live);
    return 0;
}
