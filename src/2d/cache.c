/* The separating-axis cache. A broadphase hands over pairs whose fattened
 * boxes overlap, so in a running simulation many candidate pairs are
 * apart, and most of them along the axis that separated them one step
 * before. Trying that axis first costs one face against the other core's
 * vertices, where the full test costs every face both ways.
 *
 *   o = core vertex 0 of the shape in the lower slot (as in the kernels)
 *   two point cores (circles): the kernels' two-circle arithmetic; apart
 *       when its separation > 0
 *   a face (owner, i) cached and the owner's core has face i:
 *       s = face i's one-sided separation against the other core's
 *           vertices, with the kernels' expressions
 *       s <= 0:               full test
 *       no radius:            apart
 *       s > need:             apart, need = max(rsum + tol, 2^-60)
 *       a direction d cached: apart when
 *           min over B's core of d.(b - o) - max over A's core of d.(a - o)
 *               > need |d|
 *       else:                 full test
 *   anything else: full test
 *
 * Why "apart" here always means "no hit" in the kernels' own arithmetic:
 *   - s is computed with the same operands in the same order as the
 *     kernels' face passes (round.h, sat_tile.h), so it is bit for bit the
 *     value they compute for that face. Their core separation is the
 *     largest such value, hence >= s > 0. Without radii that is the
 *     pair's separation: no hit. With radii, a positive core separation
 *     sends round.h to its closest-pair path, separation = d - rsum.
 *   - The computed d is the distance between computed points that lie on
 *     the cores up to a few roundings of the coordinates, so it is at
 *     least the true core distance D minus a few ulps of the largest
 *     coordinate; D is at least the true face separation and at least
 *     the true gap along any direction divided by |d|, both of which the
 *     tests above compute up to a few more ulps. tol = (M + rsum) * 2^-16,
 *     M the largest coordinate magnitude of either core, covers all of it
 *     hundreds of times over, so d > rsum in floats too. That holds only
 *     while d^2 is a normal float: below FLT_MIN round.h counts the
 *     closest points as coincident (sepax_apart) and takes the face path,
 *     core_sep - rsum, which can hit. So the gap must also exceed 2^-60
 *     (GAP_FLOOR): then d^2 >= about 2^-120, and M >= 2^-61 puts tol far
 *     above the subnormal spacing (2^-149) of the coordinates.
 *   - The face test also comes first when a direction is cached: a pair
 *     whose cores a face does not separate in floats takes round.h's face
 *     path, which hits however far apart a direction says the shapes are.
 * A wrong or foreign cache can only fail these tests (a full test) or pass
 * them (a true answer); indices are checked against the core before use.
 *
 * The record (8 bytes): byte 0 tags (a face, its owner, a direction), byte
 * 1 the face, bytes 4..7 the direction's x and y as 16-bit integers
 * (unit normal times 32767), little-endian whatever the machine. */
#include <math.h>
#include <string.h>

/* Four lanes whatever the store's backend, as the broadphase does: the
 * answers do not depend on the width, and the library's own files are
 * built for the baseline ISA. */
#define SEPAX_WIDE_BITS 128
#include "cache.h"
#include "common/motion.h"
#include "kernels/cache_lanes.h"
#include "kernels/round.h"

enum { TAG_FACE = 1u, TAG_OWNER_B = 2u, TAG_AXIS = 4u };

#define AXIS_SCALE 32767.0f

static int16_t read_i16(const uint8_t *p)
{
    const int32_t u = (int32_t)p[0] | ((int32_t)p[1] << 8);
    return (int16_t)(u - ((u & 0x8000) << 1));
}

static void write_i16(uint8_t *p, int16_t v)
{
    const uint32_t u = (uint16_t)v;
    p[0] = (uint8_t)(u & 0xFFu);
    p[1] = (uint8_t)(u >> 8);
}

enum { NOT_APART = 0, APART = 1, QUEUED = 2 };

/* The least gap the round path trusts: round.h measures the closest pair
 * by its squared distance, which is a normal float (sepax_apart) only for
 * distances above about 2^-63. A gap of 2^-60 keeps it normal, and keeps
 * M, hence tol, far above the subnormal rounding of the coordinates. */
#define GAP_FLOOR 0x1p-60f

/* Whether the cached record proves pair k apart, or QUEUED when it went
 * to the lanes. */
static int cached_apart(const sepax_columns *c, sepax_pair pair, const sepax_pair_cache *cache,
                        face_lanes *lanes, uint16_t k)
{
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const sepax_view a = sepax_world_view(c, sa), b = sepax_world_view(c, sb);
    const float ra = c->radius[sa], rb = c->radius[sb], rsum = ra + rb;
    const sepax_view *o = sa < sb ? &a : &b;
    const float ox = o->x[0], oy = o->y[0];
    if (a.n == 1u && b.n == 1u)
        return sepax_round_circles(&a, &b, ra, rb, ox, oy).separation > 0.0f;

    const uint8_t tag = cache->bytes[0];
    if (!(tag & TAG_FACE))
        return NOT_APART;
    const int from_b = (tag & TAG_OWNER_B) != 0;
    const sepax_view *f = from_b ? &b : &a, *v = from_b ? &a : &b;
    const uint32_t face = cache->bytes[1];
    if (face >= sepax_core_faces(f->n))
        return NOT_APART;
    if (rsum == 0.0f && v->n <= SEPAX_BLOCK_ALIGN) {
        const uint32_t i = lanes->fill++, fk = sepax_core_face_vertex(f->n, face);
        const float nx = f->nx[face], ny = f->ny[face];
        const float ax = f->x[fk] - ox, ay = f->y[fk] - oy;
        lanes->c[i] = nx * ax + ny * ay;
        lanes->nx[i] = nx, lanes->ny[i] = ny, lanes->ox[i] = ox, lanes->oy[i] = oy;
        lanes->x[i] = v->x, lanes->y[i] = v->y;
        lanes->k[i] = k;
        return QUEUED;
    }
    const float s = face_separation(f, v, face, ox, oy);
    if (!(s > 0.0f))
        return NOT_APART;
    if (rsum == 0.0f)
        return APART;
    const float tol = (max_abs(&b, max_abs(&a, 0.0f)) + rsum) * 0x1p-16f;
    const float need = fmaxf(rsum + tol, GAP_FLOOR);
    if (s > need)
        return APART;
    if (!(tag & TAG_AXIS))
        return NOT_APART;
    const float dx = (float)read_i16(cache->bytes + 4), dy = (float)read_i16(cache->bytes + 6);
    const float len = sqrtf(dx * dx + dy * dy);
    float a_lo, a_hi, b_lo, b_hi;
    project(&a, dx, dy, ox, oy, &a_lo, &a_hi);
    project(&b, dx, dy, ox, oy, &b_lo, &b_hi);
    return b_lo - a_hi > need * len;
}

/* cached_apart for a store of plain polygons, which needs no radius, no
 * circle test, and of each shape only what the face test reads: the
 * record first, so that an empty one costs no span. */
static int cached_apart_plain(const sepax_columns *c, sepax_pair pair,
                              const sepax_pair_cache *cache, face_lanes *lanes, uint16_t k)
{
    const uint8_t tag = cache->bytes[0];
    if (!(tag & TAG_FACE))
        return NOT_APART;
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const int from_b = (tag & TAG_OWNER_B) != 0;
    const uint32_t sf = from_b ? sb : sa, sv = from_b ? sa : sb;
    const sepax_span pf = c->span[sf], pv = c->span[sv];
    const uint32_t face = cache->bytes[1];
    if (face >= pf.count || pv.count > SEPAX_BLOCK_ALIGN)
        return cached_apart(c, pair, cache, lanes, k);
    const uint32_t bf = sepax_block_of(pf.count);
    const float *fx = c->pool + pf.offset + 4u * bf, *fy = fx + bf;
    const float *vx = c->pool + pv.offset + 4u * SEPAX_BLOCK_ALIGN, *vy = vx + SEPAX_BLOCK_ALIGN;
    /* o: vertex 0 of the shape in the lower slot */
    const int f_low = sf < sv;
    const float ox = f_low ? fx[0] : vx[0], oy = f_low ? fy[0] : vy[0];
    const float nx = fy[bf + face], ny = fy[2u * bf + face];
    const float ax = fx[face] - ox, ay = fy[face] - oy;
    const uint32_t i = lanes->fill++;
    lanes->c[i] = nx * ax + ny * ay;
    lanes->nx[i] = nx, lanes->ny[i] = ny, lanes->ox[i] = ox, lanes->oy[i] = oy;
    lanes->x[i] = vx, lanes->y[i] = vy;
    lanes->k[i] = k;
    return QUEUED;
}

size_t sepax_cache_filter(const sepax_columns *cols, const sepax_pair *pairs, size_t n,
                          const sepax_pair_cache *caches, int plain, sepax_cache_fn block,
                          sepax_pair *live, uint16_t *at)
{
    uint8_t apart[SEPAX_CACHE_CHUNK];
    face_lanes lanes;
    lanes.fill = 0;
    size_t k = 0;
    if (plain && block) {
        /* the backend's blocks first; the pairs they leave open take the
         * general test (which may queue them for the lanes below) */
        uint8_t open[SEPAX_CACHE_CHUNK];
        k = block(cols, pairs, caches, n, apart, open);
        for (size_t j = 0; j < k; j++) {
            if (!open[j])
                continue;
            const int r = cached_apart(cols, pairs[j], caches + j, &lanes, (uint16_t)j);
            if (r != QUEUED)
                apart[j] = (uint8_t)r;
            else if (lanes.fill == WIDE)
                lanes_run(&lanes, apart);
        }
    }
    for (; k < n; k++) {
        sepax_cache_prefetch(cols, pairs, n, k);
        const int r = plain ? cached_apart_plain(cols, pairs[k], caches + k, &lanes, (uint16_t)k)
                            : cached_apart(cols, pairs[k], caches + k, &lanes, (uint16_t)k);
        if (r != QUEUED)
            apart[k] = (uint8_t)r;
        else if (lanes.fill == WIDE)
            lanes_run(&lanes, apart);
    }
    if (lanes.fill)
        lanes_run(&lanes, apart);
    /* written unconditionally, kept by advancing m: apart or not is a
     * coin toss per pair that a branch would often miss */
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        live[m] = pairs[k];
        at[m] = (uint16_t)k;
        m += !apart[k];
    }
    return m;
}

/* The face whose normal lies closest to the axis from A to B: A's faces
 * along it, B's against it, A's first. */
static void aligned_face(const sepax_view *a, const sepax_view *b, sepax_vec2 n, uint8_t *tag,
                         uint8_t *face)
{
    float best = -INFINITY;
    const uint32_t fa = sepax_core_faces(a->n), fb = sepax_core_faces(b->n);
    for (uint32_t i = 0; i < fa; i++) {
        const float d = a->nx[i] * n.x + a->ny[i] * n.y;
        if (d > best)
            best = d, *tag = TAG_FACE, *face = (uint8_t)i;
    }
    for (uint32_t i = 0; i < fb; i++) {
        const float d = -(b->nx[i] * n.x + b->ny[i] * n.y);
        if (d > best)
            best = d, *tag = TAG_FACE | TAG_OWNER_B, *face = (uint8_t)i;
    }
}

void sepax_cache_refresh(const sepax_columns *cols, const sepax_pair *live, size_t m,
                         const sepax_result *results, const uint16_t *at,
                         sepax_pair_cache *caches)
{
    for (size_t k = 0; k < m; k++) {
        const sepax_result *r = results + k;
        uint8_t tag = 0, face = 0;
        if (r->edge != SEPAX_EDGE_NONE) {
            tag = (uint8_t)(TAG_FACE | (r->owner == SEPAX_OWNER_B ? TAG_OWNER_B : 0u));
            face = (uint8_t)r->edge;
        } else {
            const uint32_t sa = SEPAX_ID_SLOT(live[k].a), sb = SEPAX_ID_SLOT(live[k].b);
            const sepax_view a = sepax_world_view(cols, sa), b = sepax_world_view(cols, sb);
            aligned_face(&a, &b, r->normal, &tag, &face);
        }
        sepax_pair_cache *out = caches + at[k];
        memset(out->bytes, 0, sizeof out->bytes);
        out->bytes[0] = (uint8_t)(tag | TAG_AXIS);
        out->bytes[1] = face;
        write_i16(out->bytes + 4, (int16_t)lrintf(r->normal.x * AXIS_SCALE));
        write_i16(out->bytes + 6, (int16_t)lrintf(r->normal.y * AXIS_SCALE));
    }
}

float sepax_cache_gap(const sepax_columns *c, sepax_pair pair, const sepax_pair_cache *cache,
                      int *side)
{
    const uint32_t sa = SEPAX_ID_SLOT(pair.a), sb = SEPAX_ID_SLOT(pair.b);
    const sepax_view a = sepax_world_view(c, sa), b = sepax_world_view(c, sb);
    *side = SEPAX_MOTION_DISTANCE;
    const float rsum = c->radius[sa] + c->radius[sb];
    const sepax_view *o = sa < sb ? &a : &b;
    const float ox = o->x[0], oy = o->y[0];
    if (a.n == 1u && b.n == 1u)
        return sepax_round_circles(&a, &b, c->radius[sa], c->radius[sb], ox, oy).separation;
    const uint8_t tag = cache->bytes[0];
    const int from_b = (tag & TAG_OWNER_B) != 0;
    const sepax_view *f = from_b ? &b : &a, *v = from_b ? &a : &b;
    const uint32_t face = cache->bytes[1];
    if (!(tag & TAG_FACE) || face >= sepax_core_faces(f->n))
        return NAN;
    *side = from_b ? SEPAX_MOTION_FACE_B : SEPAX_MOTION_FACE_A;
    return face_separation(f, v, face, ox, oy) - rsum;
}
