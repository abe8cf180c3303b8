/* The motion tier (motion.h). Why a record's gap still holds:
 *
 *   Let q be the gap when the record was written: a face of A's value
 *   along its normal (min over B's points of n.(b - f)) less the radii, a
 *   face of B's (the same with A and B swapped), or the distance between
 *   the shapes where the full test decides by distance. In A's frame A
 *   and its face stand still, and a point b of B moves, over one
 *   set_transforms of A (travel tA, turn rA: the norm of its rotation's
 *   change) and of B (tB, rB), by at most
 *       tA + tB + rB reach(B) + rA |b - origin(A)|,
 *   with |b - origin(A)| <= D + reach(B) + (travel since the record), D
 *   the origins' distance then. Summed over the steps since the record,
 *   with dl the two shapes' travel since then and dA, dB their turns:
 *       loss <= dl + dA (wA + dl) + dB (wB + dl)
 *   where, for a face of A, wA = D + reach(B) and wB = reach(B); for a
 *   face of B, wA = reach(A) and wB = D + reach(A); for a distance (each
 *   point moves at most t + r reach), wA = reach(A) and wB = reach(B).
 *   The turning shape's own face is what needs the long lever; the other
 *   shape's turn moves only its own points.
 *
 *   The kernels compute with world coordinates rounded from the exact
 *   transforms, and round again; both, at the record's time and now, stay
 *   below a few hundred float spacings of M = |pA| + |pB| + reach(A) +
 *   reach(B), the largest magnitude any of them takes. The record keeps
 *   q - 2^-14 M (rounded down), and the check asks
 *       kept - (1 + 2^-10) loss > 2^-60
 *   (the growth of M since is at most 2 loss, and 2^-10 covers its margin
 *   and the double arithmetic here). Then the full test, in floats, finds
 *   that face above 0 (or that distance above the radii) and answers
 *   "apart": a skipped pair is never a hit. 2^-60 keeps a distance's
 *   square a normal float, as the 2D cache's GAP_FLOOR does.
 *
 *   Sums are doubles rounded up at every step, and a difference of sums
 *   gets the spacing of the larger added, so no difference falls below
 *   the true motion however long the store has run.
 *
 * Trust: the record lives in the caller's memory, so it carries
 *   tag = mix(key, epoch(A), epoch(B), sums, gap, levers)
 * with the store's secret key; epochs are unique per add in a store. A
 * record not written for this pair's shapes in this store matches with
 * chance about 2^-64. Every step is computed for every record, empty,
 * spent or not: which it is varies from pair to pair as hits and apart
 * pairs interleave, and a branch on it missed often enough to cost more
 * than the arithmetic (bench, drift).
 *
 * The record (48 bytes, the host's byte order: it never leaves the
 * process that wrote it, whose key no other process shares): tag (8),
 * travel sum (8), A's and B's turn sums (8 each), gap, wA, wB (4 each),
 * 4 zero bytes. */
#include <math.h>
#include <string.h>

#include "motion.h"

#define GAP_FLOOR 0x1p-60

typedef struct record {
    uint64_t tag;
    double travel, turn_a, turn_b;
    float gap, wa, wb;
    uint32_t zero;
} record;

_Static_assert(sizeof(record) == sizeof(sepax_pair_motion), "a record fills its bytes");

/* A step of a keyed mix: every input bit reaches every output bit within
 * two steps, and a step is a bijection of h for a fixed w. */
static inline uint64_t mix_in(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 32);
}

static inline uint64_t bits_of(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

static inline uint64_t floats_of(float hi, float lo)
{
    uint32_t h, l;
    memcpy(&h, &hi, sizeof h);
    memcpy(&l, &lo, sizeof l);
    return (uint64_t)h << 32 | l;
}

/* Three chains of two steps each, run side by side (the tag is computed
 * for every pair the tier looks at, so its latency is the tier's), then
 * a final mix. */
static inline uint64_t tag_of(const sepax_core *c, const sepax_motion *ma, const sepax_motion *mb,
                              const record *r)
{
    const uint64_t eb = mb->epoch;
    const uint64_t h1 =
        mix_in(mix_in(c->key, ma->epoch ^ (eb << 32 | eb >> 32)), floats_of(r->gap, r->wa));
    const uint64_t h2 =
        mix_in(mix_in(c->key ^ 0x5851F42D4C957F2Dull, bits_of(r->travel)), bits_of(r->turn_a));
    const uint64_t h3 = mix_in(mix_in(c->key ^ 0x14057B7EF767814Full, bits_of(r->turn_b)),
                               (uint64_t)r->zero << 32 ^ floats_of(r->wb, 0.0f));
    uint64_t h = (h1 ^ (h2 << 17 | h2 >> 47) ^ (h3 << 41 | h3 >> 23)) * 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 31);
}

void sepax_motion_add(sepax_motion *m, double travel, double turn)
{
    /* each sum gains 2^-51 of itself, more than the half spacing its
     * addition can round away */
    if (travel > 0.0) {
        const double t = m->travel + travel * (1.0 + 0x1p-50);
        m->travel = t + t * 0x1p-51;
    }
    if (turn > 0.0) {
        const double t = m->turn + (turn * (1.0 + 0x1p-50) + 0x1p-46);
        m->turn = t + t * 0x1p-51;
    }
}

/* now - then, rounded so that it is never below the exact difference of
 * the sums: now's spacing covers both roundings */
static inline double since(double now, double then)
{
    return (now - then) + now * 0x1p-50;
}

/* Branch-free: whether a record is empty, spent or ours is a coin toss
 * per pair that a branch would often miss, and costs more than the
 * arithmetic (two random rows and one mix per pair, taken always). NaN
 * fails every comparison. */
static inline int apart_of(const sepax_core *c, sepax_pair pair, const sepax_pair_motion *rec)
{
    record r;
    memcpy(&r, rec->bytes, sizeof r);
    const sepax_motion *ma = c->motion + SEPAX_ID_SLOT(pair.a);
    const sepax_motion *mb = c->motion + SEPAX_ID_SLOT(pair.b);
    const double dl = since(ma->travel + mb->travel, r.travel);
    const double da = since(ma->turn, r.turn_a), db = since(mb->turn, r.turn_b);
    const double loss =
        (dl + (da * ((double)r.wa + dl) + db * ((double)r.wb + dl))) * (1.0 + 0x1p-10);
    /* a record from the future, or NaN sums: not one of ours */
    const int fits = (dl >= 0.0) & (da >= 0.0) & (db >= 0.0) & ((double)r.gap - loss > GAP_FLOOR);
    return fits & (tag_of(c, ma, mb, &r) == r.tag);
}

int sepax_motion_apart(const sepax_core *c, sepax_pair pair, const sepax_pair_motion *rec)
{
    return apart_of(c, pair, rec);
}

size_t sepax_motion_filter(const sepax_core *c, const sepax_pair *pairs, size_t n,
                           const sepax_pair_motion *recs, sepax_pair *live, uint16_t *at)
{
    /* the two shapes' sums are the tier's only scattered reads: asked for
     * a few pairs ahead, they arrive while the pairs before are checked */
    enum { AHEAD = 8 };
    for (size_t k = 0; k < n && k < AHEAD; k++) {
        __builtin_prefetch(c->motion + SEPAX_ID_SLOT(pairs[k].a));
        __builtin_prefetch(c->motion + SEPAX_ID_SLOT(pairs[k].b));
    }
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        if (k + AHEAD < n) {
            __builtin_prefetch(c->motion + SEPAX_ID_SLOT(pairs[k + AHEAD].a));
            __builtin_prefetch(c->motion + SEPAX_ID_SLOT(pairs[k + AHEAD].b));
        }
        /* written unconditionally, kept by advancing m */
        live[m] = pairs[k];
        at[m] = (uint16_t)k;
        m += !apart_of(c, pairs[k], recs + k);
    }
    return m;
}

/* A float at most v (v a normal float's magnitude): rounding to nearest
 * moves it by at most 2^-24 of itself, less than the 2^-23 taken off. */
static float float_down(double v)
{
    return (float)(v * (1.0 - 0x1p-23));
}

/* |x| + |y| + |z|, at least the length, without a square root */
static double norm1(const float *p)
{
    return (fabs((double)p[0]) + fabs((double)p[1])) + fabs((double)p[2]);
}

void sepax_motion_write(const sepax_core *c, sepax_pair pair, float q, int side,
                        const float pa[3], const float pb[3], sepax_pair_motion *rec)
{
    memset(rec->bytes, 0, sizeof rec->bytes);
    const sepax_motion *ma = c->motion + SEPAX_ID_SLOT(pair.a);
    const sepax_motion *mb = c->motion + SEPAX_ID_SLOT(pair.b);
    const double ra = ma->reach, rb = mb->reach;
    const double m = (norm1(pa) + norm1(pb) + (ra + rb)) * (1.0 + 0x1p-50);
    const double gap = (double)q - m * 0x1p-14;
    if (!(gap > GAP_FLOOR))
        return;
    const double dx = (double)pb[0] - pa[0], dy = (double)pb[1] - pa[1],
                 dz = (double)pb[2] - pa[2];
    const double d = sqrt(dx * dx + dy * dy + dz * dz) * (1.0 + 0x1p-50);
    record r;
    r.gap = float_down(gap);
    r.wa = sepax_motion_float_up(side == SEPAX_MOTION_FACE_A ? d + rb : ra);
    r.wb = sepax_motion_float_up(side == SEPAX_MOTION_FACE_B ? d + ra : rb);
    r.zero = 0;
    if (!(r.gap > (float)GAP_FLOOR) || !(r.wa < INFINITY) || !(r.wb < INFINITY))
        return;
    r.travel = ma->travel + mb->travel;
    r.turn_a = ma->turn;
    r.turn_b = mb->turn;
    r.tag = tag_of(c, ma, mb, &r);
    memcpy(rec->bytes, &r, sizeof r);
}
