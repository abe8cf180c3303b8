/* The motion tier (motion.h). Why a record's gap still holds:
 *
 *   Let q be the gap when the record was written: a face of A's value
 *   along its normal (min over B's points of n.(b - f)) less the radii, or
 *   the distance between the shapes where the full test decides by
 *   distance. In A's own frame A and its face stand still, and a point b
 *   of B moves, over one set_transforms of A (travel tA, turn rA) and of B
 *   (tB, rB), by at most
 *       tB + rB reach(B) + tA + rA |b - origin(A)|,
 *   and |b - origin(A)| <= D + reach(B) + (travel since the record), D
 *   the origins' distance then. Summed over the steps since the record,
 *   with dl the two shapes' travel since then and dt their turn:
 *       loss <= dl + dt (W + dl),     W = D + reach(A) + reach(B)
 *   which bounds a face of B's value (the same with A and B swapped) and
 *   a distance's change (each point moves at most t + r reach) alike.
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
 *   tag = mix(key, epoch(A), epoch(B), sums, gap, W)
 * with the store's secret key; epochs are unique per add in a store. A
 * record not written for this pair's shapes in this store matches with
 * chance about 2^-64, and then only its gap is wrong: the mix is checked
 * last, after the cheap arithmetic, so empty and spent records cost only
 * their loads.
 *
 * The record (32 bytes, the host's byte order: it never leaves the
 * process that wrote it, whose key no other process shares): tag (8),
 * travel sum (8), turn sum (8), gap (4), W (4). */
#include <math.h>
#include <string.h>

#include "motion.h"

#define GAP_FLOOR 0x1p-60

typedef struct record {
    uint64_t tag;
    double travel, turn;
    float gap, width;
} record;

_Static_assert(sizeof(record) == sizeof(sepax_pair_motion), "a record fills its bytes");

/* A step of a keyed mix: every input bit reaches every output bit within
 * two steps, and a step is a bijection of h for a fixed w. */
static inline uint64_t mix_in(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 32);
}

static uint64_t bits_of(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

static uint64_t tag_of(const sepax_core *c, const sepax_motion *ma, const sepax_motion *mb,
                       const record *r)
{
    uint32_t g, w;
    memcpy(&g, &r->gap, sizeof g);
    memcpy(&w, &r->width, sizeof w);
    uint64_t h = mix_in(c->key, ma->epoch);
    h = mix_in(h, mb->epoch);
    h = mix_in(h, bits_of(r->travel));
    h = mix_in(h, bits_of(r->turn));
    h = mix_in(h, (uint64_t)g << 32 | w);
    h = (h ^ (h >> 29)) * 0xBF58476D1CE4E5B9ull;
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
        const double t = m->turn + (turn * (1.0 + 0x1p-50) + 0x1p-48);
        m->turn = t + t * 0x1p-51;
    }
}

/* now - then, rounded so that it is never below the exact difference of
 * the sums: now's spacing covers both roundings */
static double since(double now, double then)
{
    return (now - then) + now * 0x1p-50;
}

int sepax_motion_apart(const sepax_core *c, sepax_pair pair, const sepax_pair_motion *rec)
{
    record r;
    memcpy(&r, rec->bytes, sizeof r);
    if (!(r.gap > (float)GAP_FLOOR))
        return 0;
    const sepax_motion *ma = c->motion + SEPAX_ID_SLOT(pair.a);
    const sepax_motion *mb = c->motion + SEPAX_ID_SLOT(pair.b);
    const double dl = since(ma->travel + mb->travel, r.travel);
    const double dt = since(ma->turn + mb->turn, r.turn);
    /* a record from the future, or NaN sums: not one of ours */
    if (!(dl >= 0.0 && dt >= 0.0))
        return 0;
    const double loss = (dl + dt * ((double)r.width + dl)) * (1.0 + 0x1p-10);
    if (!((double)r.gap - loss > GAP_FLOOR))
        return 0;
    return tag_of(c, ma, mb, &r) == r.tag;
}

static float float_down(double v)
{
    const float f = (float)v;
    return (double)f > v ? nextafterf(f, -INFINITY) : f;
}

static float float_up(double v)
{
    const float f = (float)v;
    return (double)f < v ? nextafterf(f, INFINITY) : f;
}

static double length3(const float *p)
{
    return sqrt((double)p[0] * p[0] + (double)p[1] * p[1] + (double)p[2] * p[2]);
}

void sepax_motion_write(const sepax_core *c, sepax_pair pair, float q, const float pa[3],
                        const float pb[3], sepax_pair_motion *rec)
{
    memset(rec->bytes, 0, sizeof rec->bytes);
    if (!(q > 0.0f))
        return;
    const sepax_motion *ma = c->motion + SEPAX_ID_SLOT(pair.a);
    const sepax_motion *mb = c->motion + SEPAX_ID_SLOT(pair.b);
    const double dx = (double)pb[0] - pa[0], dy = (double)pb[1] - pa[1],
                 dz = (double)pb[2] - pa[2];
    const double reach = ma->reach + mb->reach;
    const double m = (length3(pa) + length3(pb) + reach) * (1.0 + 0x1p-50);
    const double gap = (double)q - m * 0x1p-14;
    if (!(gap > GAP_FLOOR))
        return;
    record r;
    r.gap = float_down(gap);
    if (!(r.gap > (float)GAP_FLOOR))
        return;
    r.width = float_up((sqrt(dx * dx + dy * dy + dz * dz) + reach) * (1.0 + 0x1p-50));
    if (!isfinite(r.width))
        return;
    r.travel = ma->travel + mb->travel;
    r.turn = ma->turn + mb->turn;
    r.tag = tag_of(c, ma, mb, &r);
    memcpy(rec->bytes, &r, sizeof r);
}
