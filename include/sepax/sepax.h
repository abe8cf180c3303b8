/* sepax: batched separating-axis collision tests for convex shapes.
 *
 * The 2D header; what 2D and 3D share (status codes, allocation hooks,
 * backends, version) is in sepax_common.h, which it includes.
 * Conventions (the contract every backend keeps):
 *  - Coordinates are float. Polygons are convex, stored counter-clockwise,
 *    3..SEPAX_MAX_POLYGON_VERTICES vertices after cleaning.
 *  - A result's normal is a unit vector pointing from A to B. Moving B by
 *    depth * normal (or A by -depth * normal), depth = -separation,
 *    separates the pair.
 *  - separation is signed: negative is a penetration of that depth,
 *    positive a gap of at least that size. Touching (separation == 0) is a
 *    hit.
 *  - Every backend returns results bit-identical to the scalar reference.
 *
 * Thread safety: calls that only read a store (sepax_collide,
 * sepax_collide_hits, sepax_query_points, sepax_broadphase, sepax_shape_*,
 * sepax_store_count...) may run on many threads at once on the same store.
 * Calls that change it (add, remove, set transforms, update, set backend)
 * need the caller's exclusive lock. The library starts no threads and
 * keeps no global state that changes after start-up; a store given a
 * task system (sepax_store_set_tasks) splits its batch calls across the
 * caller's own workers, with the same results in the same order.
 *
 * Memory: sepax_collide, sepax_collide_hits, sepax_collide_manifolds,
 * sepax_collide_manifolds_hits and sepax_query_points allocate nothing
 * on one thread; they keep their tiles of pairs on the calling thread's
 * stack, up to about 50 KB (sepax_collide_hits on a store with round
 * shapes, AVX-512 backend), so threads that call them,
 * and the workers of a task system, need stacks of at least 64 KB. Split
 * across workers, sepax_collide_hits allocates a scratch list of 20
 * bytes per pair and sepax_broadphase about 40 bytes per shape plus each
 * worker's pairs, through the store's allocator. On one thread too,
 * sepax_broadphase allocates scratch space for its bands and sort (about
 * 8 bytes per slot and 30 per live shape, plus a little per band)
 * through the store's allocator on every call and frees it before
 * returning, so allocation hooks of a store whose broadphase runs on
 * several threads must be thread-safe.
 * Adding shapes allocates as the store grows; nothing else does.
 */
#ifndef SEPAX_SEPAX_H
#define SEPAX_SEPAX_H

#include <stddef.h>
#include <stdint.h>

#include "sepax/sepax_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most vertices a polygon keeps after cleaning. */
#define SEPAX_MAX_POLYGON_VERTICES 64
/** Most vertices a polygon may be given before cleaning. */
#define SEPAX_MAX_INPUT_VERTICES 1024
/** Cleaning tolerance, relative to the polygon's bounding-box diagonal:
 *  a vertex closer than this to the previous kept vertex is merged into it,
 *  and a vertex closer than this to the line through its neighbours is
 *  dropped as collinear. */
#define SEPAX_CLEAN_TOLERANCE 1e-5
/* SEPAX_MAX_COORDINATE (sepax_common.h) bounds every local coordinate
 * and translation.
 *
 * Shapes smaller than the float spacing where they stand. World vertices
 *  are floats, rounded from p + R(q) * local; a shape whose extent is
 *  below a few float spacings of its position (about |p| * 6e-8) may have
 *  its world vertices round onto each other, collapsing it to a segment
 *  or a point. The store still accepts it (whether it collapses depends on
 *  where it is placed, not on the shape) and collides it as what it
 *  collapsed to: the rounded world vertices, with its own face normals
 *  rotated from the local frame as its axes. Every answer stays finite and
 *  the same on every backend; a collapsed point inside another shape is a
 *  hit pushed out through that shape's nearest face, two collapsed points
 *  on one spot touch (separation 0), and the error against the exact
 *  shape is within the usual rounding bound of the pair's coordinates,
 *  which is larger than the shape itself. */

typedef struct sepax_vec2 {
    float x, y;
} sepax_vec2;

/** A rotation as cosine and sine of the angle. */
typedef struct sepax_rot {
    float c, s;
} sepax_rot;

/** Position then rotation: world = p + R(q) * local. */
typedef struct sepax_transform {
    sepax_vec2 p;
    sepax_rot q;
} sepax_transform;

/** The identity transform. */
SEPAX_API sepax_transform sepax_transform_identity(void);
/** A transform from a position and an angle in radians. */
SEPAX_API sepax_transform sepax_transform_make(float x, float y, float angle);



typedef struct sepax_store sepax_store;

/** Create an empty store. options may be NULL for the defaults; its size
 *  must be one this library knows, else SEPAX_ERR_BAD_OPTIONS. */
SEPAX_API sepax_status sepax_store_create(const sepax_store_options *options, sepax_store **out);
/** Free a store and everything it holds; NULL is accepted. */
SEPAX_API void sepax_store_destroy(sepax_store *store);

/** Add a convex polygon given in its local frame, in either winding.
 *  Repeated vertices (including a closing vertex equal to the first) are
 *  merged and collinear ones dropped (SEPAX_CLEAN_TOLERANCE). Its
 *  transform starts as the identity and its world columns are filled.
 *  Refused, in this order: store, vertices or out_id NULL
 *  (SEPAX_ERR_NULL); fewer than 3 or more than SEPAX_MAX_INPUT_VERTICES
 *  given (SEPAX_ERR_TOO_FEW_VERTICES, _TOO_MANY_VERTICES); a coordinate
 *  NaN or infinite (SEPAX_ERR_NOT_FINITE) or beyond SEPAX_MAX_COORDINATE
 *  (SEPAX_ERR_OUT_OF_RANGE); fewer than 3 vertices once merged
 *  (SEPAX_ERR_TOO_FEW_VERTICES); all within the tolerance of a line
 *  (SEPAX_ERR_DEGENERATE); more than SEPAX_MAX_POLYGON_VERTICES kept
 *  (SEPAX_ERR_TOO_MANY_VERTICES); edges that cross or an outline that
 *  winds twice (SEPAX_ERR_SELF_INTERSECTING); a reflex corner
 *  (SEPAX_ERR_NON_CONVEX); then SEPAX_ERR_FULL, _OVERFLOW or
 *  _OUT_OF_MEMORY from the store. The vertices are the caller's floats,
 *  so float rounding never refuses a polygon (SEPAX_ERR_TOO_SMALL is a
 *  box's). */
SEPAX_API sepax_status sepax_add_polygon(sepax_store *store, const sepax_vec2 *vertices, size_t count,
                               sepax_shape_id *out_id);
/** Add a box with the given centre, half-extents and angle (radians) in
 *  its local frame, stored as the polygon of its four corners, each
 *  computed in double and rounded to float. Refused, in this order:
 *  store or out_id NULL (SEPAX_ERR_NULL); any number NaN or infinite
 *  (SEPAX_ERR_NOT_FINITE); a half extent not above 0
 *  (SEPAX_ERR_BAD_EXTENT); a corner beyond SEPAX_MAX_COORDINATE
 *  (SEPAX_ERR_OUT_OF_RANGE). Then the corners are cleaned as
 *  sepax_add_polygon's vertices (two that round together merge, so a box
 *  may be kept as a triangle), and when cleaning refuses them the exact
 *  box is asked, its corners about its own centre in double, unrounded:
 *  if cleaning refuses that too, the box is thinner than
 *  SEPAX_CLEAN_TOLERANCE lets a polygon be, wherever it stands
 *  (SEPAX_ERR_DEGENERATE); if not, float cannot hold its corners apart
 *  at its distance from the origin (SEPAX_ERR_TOO_SMALL: half extents of
 *  1 at (1e8, 1e8), where float's spacing is 8, put all four corners on
 *  one point). Then SEPAX_ERR_FULL, _OVERFLOW or _OUT_OF_MEMORY from the
 *  store. */
SEPAX_API sepax_status sepax_add_box(sepax_store *store, sepax_vec2 centre, sepax_vec2 half_extents,
                           float angle, sepax_shape_id *out_id);
/** Shape kinds. A box is a polygon. The round kinds are a core (a point,
 *  a segment or a convex polygon) grown by a radius; a segment is a
 *  capsule of radius 0. */
typedef enum sepax_shape_kind {
    SEPAX_SHAPE_POLYGON = 0,     /**< convex polygon or box; core = itself */
    SEPAX_SHAPE_CIRCLE,          /**< core: the centre (1 vertex) */
    SEPAX_SHAPE_CAPSULE,         /**< core: a segment (2 vertices) */
    SEPAX_SHAPE_SEGMENT,         /**< core: a segment, radius 0 */
    SEPAX_SHAPE_ROUNDED_POLYGON, /**< core: a convex polygon */
    SEPAX_SHAPE_KIND_COUNT
} sepax_shape_kind;

/** Add a circle. centre finite (SEPAX_ERR_NOT_FINITE) and within
 *  SEPAX_MAX_COORDINATE (SEPAX_ERR_OUT_OF_RANGE), then radius finite
 *  (SEPAX_ERR_NOT_FINITE), > 0 (SEPAX_ERR_BAD_RADIUS) and <=
 *  SEPAX_MAX_COORDINATE (SEPAX_ERR_OUT_OF_RANGE). */
SEPAX_API sepax_status sepax_add_circle(sepax_store *store, sepax_vec2 centre, float radius,
                                        sepax_shape_id *out_id);
/** Add a capsule: the points within radius of the segment p1-p2. The
 *  radius first, as for a circle (SEPAX_ERR_NOT_FINITE, _BAD_RADIUS,
 *  _OUT_OF_RANGE), then each end finite and within SEPAX_MAX_COORDINATE,
 *  then distinct ends (SEPAX_ERR_DEGENERATE). */
SEPAX_API sepax_status sepax_add_capsule(sepax_store *store, sepax_vec2 p1, sepax_vec2 p2,
                                         float radius, sepax_shape_id *out_id);
/** Add a line segment (zero thickness): each end finite
 *  (SEPAX_ERR_NOT_FINITE) and within SEPAX_MAX_COORDINATE
 *  (SEPAX_ERR_OUT_OF_RANGE), the ends distinct (SEPAX_ERR_DEGENERATE). */
SEPAX_API sepax_status sepax_add_segment(sepax_store *store, sepax_vec2 p1, sepax_vec2 p2,
                                         sepax_shape_id *out_id);
/** Add a convex polygon grown by radius: the radius checked first, as a
 *  circle's (SEPAX_ERR_NOT_FINITE, _BAD_RADIUS, _OUT_OF_RANGE), then the
 *  vertices cleaned and refused as in sepax_add_polygon. */
SEPAX_API sepax_status sepax_add_rounded_polygon(sepax_store *store, const sepax_vec2 *vertices,
                                                 size_t count, float radius,
                                                 sepax_shape_id *out_id);
/** Remove a shape; its id becomes stale. */
SEPAX_API sepax_status sepax_remove(sepax_store *store, sepax_shape_id id);

/** Number of live shapes. */
SEPAX_API uint32_t sepax_store_count(const sepax_store *store);
/** One past the highest slot in use: ids' slots lie below this. */
SEPAX_API uint32_t sepax_store_slot_limit(const sepax_store *store);
/** SEPAX_OK if id names a live shape, else SEPAX_ERR_BAD_ID or _STALE_ID. */
SEPAX_API sepax_status sepax_shape_check(const sepax_store *store, sepax_shape_id id);
/** The live id in a slot, if the slot holds a shape. */
SEPAX_API sepax_status sepax_shape_id_of_slot(const sepax_store *store, uint32_t slot, sepax_shape_id *out_id);
/** What a shape was added as (sepax3_shape_desc is its 3D twin). */
typedef struct sepax_shape_desc {
    sepax_shape_kind kind;
    float radius;          /**< circles, capsules, rounded polygons; 0 otherwise */
    uint32_t vertex_count; /**< the core's vertices (sepax_shape_vertices) */
} sepax_shape_desc;

/** What a shape was added as. SEPAX_ERR_NULL, _BAD_ID, _STALE_ID; *out
 *  is written only on success. */
SEPAX_API sepax_status sepax_shape_info(const sepax_store *store, sepax_shape_id id,
                                        sepax_shape_desc *out);
/** Copy the cleaned local (or world, when world != 0) counter-clockwise
 *  vertices of a shape's core: a circle's centre, a capsule's or
 *  segment's two end points, a polygon's vertices. *out_count receives
 *  the core's vertex count (at most SEPAX_MAX_POLYGON_VERTICES); out has
 *  room for capacity vertices; out NULL with capacity 0 asks only for the
 *  count. When out is given and the count exceeds capacity, the first
 *  capacity vertices are written, *out_count still receives the count and
 *  SEPAX_ERR_CAPACITY is returned. A refused call (SEPAX_ERR_NULL,
 *  _BAD_ID, _STALE_ID) writes nothing, *out_count included, as every
 *  shape query. */
SEPAX_API sepax_status sepax_shape_vertices(const sepax_store *store, sepax_shape_id id, int world,
                                            sepax_vec2 *out, size_t capacity,
                                            uint32_t *out_count);
/** The shape's current transform. */
SEPAX_API sepax_status sepax_shape_transform(const sepax_store *store, sepax_shape_id id,
                                   sepax_transform *out);
/** World-space bounding box of a shape as of the last world update. */
SEPAX_API sepax_status sepax_shape_aabb(const sepax_store *store, sepax_shape_id id, sepax_vec2 *lower,
                              sepax_vec2 *upper);

/** Set the transforms of count shapes and update their world columns
 *  (vertices, outward unit normals, bounding boxes). All ids and
 *  transforms are checked before anything changes. */
SEPAX_API sepax_status sepax_set_transforms(sepax_store *store, const sepax_shape_id *ids,
                                  const sepax_transform *transforms, size_t count);
/** Recompute the world columns of every live shape from its transform. */
SEPAX_API sepax_status sepax_update_world(sepax_store *store);

/** Lay the store out in the order the broadphase sweeps space (by
 *  horizontal band, then x, of the shapes' box centres as of the last
 *  world update): the vertex pool and every per-shape array that the
 *  world update and the broadphase walk (transforms, boxes), so that in a
 *  scene larger than the caches those walks go front to back through
 *  memory and the pairs they produce reach shapes stored near each other.
 *  Ids and every call's answers are unchanged, bit for bit; the
 *  broadphase returns the same set of pairs, in an order that follows the
 *  new layout (still fixed by the store's contents). Measured on
 *  2,000,000 shapes: the collide call 1.3 to 1.5x faster, the whole step
 *  (update, broadphase, collide) about 1.2x; on scenes that fit the
 *  caches, no change. Call it after loading a large scene, and again
 *  when shapes have moved far; adds and removes keep the layout of the
 *  rest (an added shape takes a free place, or one at the end). Allocates
 *  a second pool and a second set of per-shape arrays for the copy:
 *  SEPAX_ERR_OUT_OF_MEMORY leaves the store as it was. Needs the caller's
 *  lock, like every call that changes the store. */
SEPAX_API sepax_status sepax_store_sort_pool(sepax_store *store);



/** The edge of a result whose axis is not a face normal but the line
 *  between the closest points of two cores that are apart when at least
 *  one shape has a radius (the shapes themselves may still overlap), or
 *  of two point cores. */
#define SEPAX_EDGE_NONE 0xFFFFu

/** Which shape's face gave the axis. */
#define SEPAX_OWNER_A 0u
#define SEPAX_OWNER_B 1u

/** The answer for one pair; 16 bytes, no padding, so results compare with
 *  memcmp. */
typedef struct sepax_result {
    /** Signed distance along the best axis; < 0 is penetration depth. */
    float separation;
    /** Unit axis from A to B: A's face normal, minus B's face normal, or
     *  (edge SEPAX_EDGE_NONE) the direction from A's core to B's core
     *  along their closest points. */
    sepax_vec2 normal;
    /** Index of the face on the owner: for a polygon core edge i runs
     *  from vertex i to i+1; for a segment core (capsule, segment) face 0
     *  is the side p1->p2 (normal to its right), 1 the side p2->p1, 2 the
     *  end at p2 (normal along p2 - p1), 3 the end at p1. SEPAX_EDGE_NONE
     *  for a closest-point axis. */
    uint16_t edge;
    /** SEPAX_OWNER_A or SEPAX_OWNER_B. */
    uint8_t owner;
    /** SEPAX_HIT | SEPAX_A_IN_B | SEPAX_B_IN_A. */
    uint8_t flags;
} sepax_result;

/** A hit from the compacted call: the index of its pair in the input. */
typedef struct sepax_hit {
    uint32_t pair;
    sepax_result result;
} sepax_hit;

/** Collide count pairs, writing results[i] for pairs[i]. Every pair is
 *  checked first; on a bad pair nothing is written and *bad_index (if not
 *  NULL) names it. */
SEPAX_API sepax_status sepax_collide(const sepax_store *store, const sepax_pair *pairs, size_t count,
                           sepax_result *results, size_t *bad_index);
/** Collide count pairs and write only the hits, in pair order, into hits
 *  (room for capacity). *hit_count receives the number of hits found; when
 *  it exceeds capacity the first capacity hits are written and
 *  SEPAX_ERR_CAPACITY is returned. Pairs are checked as in sepax_collide.
 *  On any other failure *hit_count is 0 and nothing is written. */
SEPAX_API sepax_status sepax_collide_hits(const sepax_store *store, const sepax_pair *pairs, size_t count,
                                sepax_hit *hits, size_t capacity, size_t *hit_count,
                                size_t *bad_index);

/** Most contact points a manifold holds: two convex shapes in 2D touch
 *  along at most one segment, given by its two ends. */
#define SEPAX_MAX_MANIFOLD_POINTS 2

/** One contact point of a manifold; 16 bytes, no padding.
 *
 *  Feature ids. A point clipped from an edge against a face (polygons,
 *  polygon cores, capsule and segment cores lying on a face):
 *      bits 0-7    the reference face, on its owner (sepax_result's edge
 *                  numbering: a segment core's 0..3)
 *      bits 8-15   the incident edge, on the other shape (a segment
 *                  core's side 0 or 1)
 *      bit 16      which clip end: 0 for the point from the incident
 *                  edge's first vertex, 1 from its second (whether or not
 *                  clipping moved it)
 *      bit 17      the owner of the reference face (SEPAX_OWNER_A or _B)
 *      bits 18-31  0
 *  A lone point (a circle; round cores apart and closest at a vertex of
 *  each, or at a vertex and the inside of an edge when clipping keeps no
 *  point; a face contact whose clipped points all lie beyond the face's
 *  ends or above it, which then keeps the other core's deepest vertex):
 *      bit 31      1
 *      bits 0-7    A's core feature: a core vertex index (a circle's
 *                  centre is 0), or 0xFF for a face or the inside of an
 *                  edge
 *      bits 8-15   B's, the same way
 *      bits 16-30  0
 *  So an id stays the same from step to step while the same features
 *  touch, which is what a solver's warm start keys on. */
typedef struct sepax_contact {
    /** World position, midway between the two surfaces along the
     *  manifold's normal. */
    sepax_vec2 point;
    /** Signed distance between the surfaces at this point, along the
     *  normal; < 0 is overlap. */
    float separation;
    /** Feature id, as above. */
    uint32_t id;
} sepax_contact;

/** Where two shapes touch, for a physics solver. 48 bytes, no padding
 *  (every field 4 bytes wide but the three small ones, which fill one
 *  4-byte word), so manifolds compare with memcmp: normal and separation
 *  first, then the counts and flags, then the points at offset 16. */
typedef struct sepax_manifold {
    /** As sepax_result.normal: unit, from A to B. */
    sepax_vec2 normal;
    /** As sepax_result.separation. */
    float separation;
    /** 0 (not a hit), 1 or 2. */
    uint8_t point_count;
    /** As sepax_result.flags. */
    uint8_t flags;
    /** 0. */
    uint16_t reserved;
    /** The first point_count entries; the others all-zero bytes. */
    sepax_contact points[SEPAX_MAX_MANIFOLD_POINTS];
} sepax_manifold;

/** A manifold from the compacted call: the index of its pair in the
 *  input. 52 bytes, no padding. */
typedef struct sepax_manifold_hit {
    uint32_t pair;
    sepax_manifold manifold;
} sepax_manifold_hit;

/** Collide count pairs as sepax_collide does, then build manifolds[i] for
 *  pairs[i]. A hit gets one or two points:
 *   - two polygon cores (polygons, boxes, rounded polygons) or a segment
 *     core (capsule, segment) against one: the reference face is the
 *     result's (owner, edge), or, when the cores are apart (edge
 *     SEPAX_EDGE_NONE), the face holding the inside of an edge that is
 *     closest to a vertex of the other core; the incident edge is the
 *     other core's edge facing it most directly; the incident edge is
 *     clipped to the reference face's extent and the ends that lie at
 *     most rA + rB from the face plane are kept (their separation then
 *     <= 0). Each point's separation is measured along the reference
 *     face's normal. A segment core's end face as the reference gives
 *     one point. A round incident shape's point is moved by its radius
 *     along the reference normal, not its edge's own, so where that edge
 *     is turned by t from facing the face it lies up to r (1 - cos t)
 *     inside the round surface (as in Box2D).
 *   - a circle against anything, round cores apart and closest at a
 *     vertex of each: one point, whose separation is the result's.
 *  Pairs that are no hit get point_count 0, the result's normal,
 *  separation and flags and zero points. Bit-identical on every backend.
 *  Arguments are checked, and statuses returned, as in sepax_collide; a
 *  store given a task system splits the work across its workers as
 *  sepax_collide does, with the same bytes for any number of them. */
SEPAX_API sepax_status sepax_collide_manifolds(const sepax_store *store, const sepax_pair *pairs,
                                               size_t count, sepax_manifold *manifolds,
                                               size_t *bad_index);
/** The manifolds of the hits only, in pair order, into hits (room for
 *  capacity), as sepax_collide_hits does with results: *hit_count receives
 *  the number of hits; when it exceeds capacity the first capacity are
 *  written and SEPAX_ERR_CAPACITY is returned; on any other failure
 *  *hit_count is 0 and nothing is written. */
SEPAX_API sepax_status sepax_collide_manifolds_hits(const sepax_store *store,
                                                    const sepax_pair *pairs, size_t count,
                                                    sepax_manifold_hit *hits, size_t capacity,
                                                    size_t *hit_count, size_t *bad_index);

/** A point to test against one shape. */
typedef struct sepax_point_query {
    sepax_vec2 point;
    sepax_shape_id shape;
} sepax_point_query;

/** For each query, inside[i] = 1 when the point lies inside or on the
 *  shape (within its radius of the core, for round kinds), else 0. Every
 *  id is checked first; on a bad one nothing is written and *bad_index
 *  (if not NULL) names it. Bit-identical on every backend. */
SEPAX_API sepax_status sepax_query_points(const sepax_store *store, const sepax_point_query *queries,
                                          size_t count, uint8_t *inside, size_t *bad_index);

/** What a pair remembers from one step to the next: the axis that last
 *  separated it, or came closest to. The caller keeps one per pair, in an
 *  array parallel to its pairs, and carries it along while the pair stays
 *  in its list. All-zero bytes mean empty. The bytes are the library's:
 *  they may change between versions, and a record of any contents is
 *  safe to pass (see sepax_collide_hits_cached). */
typedef struct sepax_pair_cache {
    uint8_t bytes[8];
} sepax_pair_cache;

/** sepax_collide_hits with a separating-axis cache per pair: caches[i]
 *  belongs to pairs[i]. For each pair the cached axis is tried first; when
 *  it still separates the two shapes, the pair is no hit and nothing more
 *  is computed for it (its cache stays as it was); otherwise the full test
 *  runs and caches[i] is rewritten from its result. The hits, their order,
 *  *hit_count, the statuses and *bad_index are byte for byte those of
 *  sepax_collide_hits on the same pairs, whatever the caches hold: an
 *  empty, stale, another pair's or random cache costs time, never a
 *  different answer, and is never read out of bounds. A cached axis
 *  counts as separating only beyond a small tolerance (about 1e-5 of the
 *  pair's coordinates and radii), so pairs about to touch take the full
 *  test. caches must hold count records (NULL only when count is 0); on a
 *  failure they are unchanged unless the status is SEPAX_ERR_CAPACITY. */
SEPAX_API sepax_status sepax_collide_hits_cached(const sepax_store *store, const sepax_pair *pairs,
                                                 size_t count, sepax_pair_cache *caches,
                                                 sepax_hit *hits, size_t capacity,
                                                 size_t *hit_count, size_t *bad_index);

/** sepax_collide_hits_cached with a motion tier before the cached axis:
 *  motions[i], too, belongs to pairs[i] (sepax_pair_motion). A pair whose
 *  motion record still proves it apart is no hit, and neither shape is
 *  read; every other pair takes the path of sepax_collide_hits_cached,
 *  and then its motion record is rewritten (empty for a hit). The bound
 *  is sound: the store sums, per shape, every translation and rotation
 *  change set_transforms makes, and a record is trusted only while its
 *  gap exceeds what both shapes' motion since can have taken off it,
 *  rotation about the other shape included. So the hits, their order,
 *  *hit_count, the statuses and *bad_index are those of
 *  sepax_collide_hits on the same pairs, whatever the caches hold, and
 *  whatever the motion records hold but for one forged to match its tag
 *  (a chance of about 2^-64 per record: sepax_pair_motion). A pair at
 *  rest stays skipped; a pair that moves toward the other
 *  falls back to its cached axis once its gap is spent. caches and
 *  motions must hold count records (NULL only when count is 0); on a
 *  failure they are unchanged unless the status is SEPAX_ERR_CAPACITY.
 *  The caches written are those of sepax_collide_hits_cached; the gaps the
 *  motion records keep are the same on every backend. The tier's check
 *  costs about 5 ns a pair and a new record more: it pays where a pair's
 *  test is dear; on 2D polygons with the wide backends the cached call
 *  is faster (docs/bench/frame-to-frame.md). A store sums its shapes'
 *  motion from its first tracked call on (set_transforms costs a little
 *  more from then; a store never given to a tracked call pays nothing). */
SEPAX_API sepax_status sepax_collide_hits_tracked(const sepax_store *store,
                                                  const sepax_pair *pairs, size_t count,
                                                  sepax_pair_cache *caches,
                                                  sepax_pair_motion *motions, sepax_hit *hits,
                                                  size_t capacity, size_t *hit_count,
                                                  size_t *bad_index);

/** Pair groups: which kernel takes a pair, fixed by its two shapes' kinds
 *  and vertex counts (in either order). Group 0: two plain polygons
 *  (kind polygon or box, no radius); 1: two circles; 2 + 4 i + j: two
 *  cores of classes i and j (0 a point, 1 a segment, 2 a polygon of 3 or
 *  4 vertices, 3 of 5 to 8; class i for pair.a's shape), a circle,
 *  capsule, segment or rounded polygon among them; 18: the other pairs
 *  (a round or thin pair with a core of more than 8 vertices). A list
 *  grouped by class (group g is pairs[starts[g]] up to
 *  pairs[starts[g + 1]], SEPAX_PAIR_GROUPS + 1 starts, starts[0] = 0)
 *  goes to the grouped calls, which hand each group to its kernel whole,
 *  with none of the pass that sorts a mixed list by kernel (about 7 ns a
 *  pair). */
#define SEPAX_PAIR_GROUPS 19u

/** The group of a pair of live shapes into *group; statuses as for a
 *  pair of sepax_collide (SEPAX_ERR_NULL, _BAD_ID, _STALE_ID, _BAD_PAIR). */
SEPAX_API sepax_status sepax_pair_group_of(const sepax_store *store, sepax_pair pair,
                                           uint32_t *group);

/** Copy count pairs into grouped (room for count, not pairs) grouped by
 *  class, each group in the order of the input; starts
 *  (SEPAX_PAIR_GROUPS + 1 places) receives where each group starts, and
 *  from (if not NULL) for each grouped pair its index in pairs. A pair's
 *  group depends only on its two shapes, so a list grouped once stays
 *  grouped while its shapes live. Pairs are checked as in sepax_collide
 *  (nothing is written on a bad one, *bad_index names it); count 0 is
 *  SEPAX_OK with starts all 0. SEPAX_ERR_NULL for store, starts or (with
 *  a count) pairs or grouped NULL; SEPAX_ERR_OVERFLOW for a count past
 *  UINT32_MAX; SEPAX_ERR_OUT_OF_MEMORY when the scratch space (a byte a
 *  pair and a slot, from the store's hooks) cannot be had. */
SEPAX_API sepax_status sepax_group_pairs(const sepax_store *store, const sepax_pair *pairs,
                                         size_t count, sepax_pair *grouped, size_t *starts,
                                         uint32_t *from, size_t *bad_index);

/** sepax_broadphase's pairs grouped by class (each group in the
 *  broadphase's order) and where each group starts (SEPAX_PAIR_GROUPS + 1
 *  places): the list the grouped calls take. Statuses as
 *  sepax_broadphase's (SEPAX_ERR_NULL also for starts NULL); on
 *  SEPAX_ERR_CAPACITY the pairs written are the first capacity of
 *  sepax_broadphase's, ungrouped, and starts is not written; on
 *  SEPAX_ERR_OUT_OF_MEMORY *pair_count is 0, starts is not written and
 *  pairs may hold the broadphase's pairs, ungrouped (the grouping's
 *  scratch is asked for once they are known). The grouping needs scratch
 *  space (9 bytes a pair, a byte a slot) from the store's hooks. */
SEPAX_API sepax_status sepax_broadphase_grouped(const sepax_store *store, sepax_pair *pairs,
                                                size_t capacity, size_t *pair_count,
                                                size_t *starts);

/** sepax_collide over a list grouped by class (starts as above; the list
 *  holds starts[SEPAX_PAIR_GROUPS] pairs): results[i] for pairs[i], the
 *  same bytes sepax_collide writes for that pair. Every pair is checked
 *  first as sepax_collide checks it, and also against its group: a pair
 *  outside its group is SEPAX_ERR_BAD_PAIR, named by *bad_index, nothing
 *  written. SEPAX_ERR_NULL for store or starts NULL (or pairs or results
 *  with a count); SEPAX_ERR_BAD_ARGUMENT for starts that do not begin at
 *  0 or that decrease. */
SEPAX_API sepax_status sepax_collide_grouped(const sepax_store *store, const sepax_pair *pairs,
                                             const size_t *starts, sepax_result *results,
                                             size_t *bad_index);

/** sepax_collide_hits over a grouped list: the hits in the list's order
 *  (each hit's pair is its index in the grouped list), checks as
 *  sepax_collide_grouped's, capacity as sepax_collide_hits'. */
SEPAX_API sepax_status sepax_collide_hits_grouped(const sepax_store *store,
                                                  const sepax_pair *pairs, const size_t *starts,
                                                  sepax_hit *hits, size_t capacity,
                                                  size_t *hit_count, size_t *bad_index);

/** Sort-and-sweep over the world bounding boxes of all live shapes (swept
 *  along x within horizontal bands): every pair whose boxes overlap
 *  (touching counts) once, with a's slot below b's, in an order fixed by
 *  the store's contents (band, then column of lower x, then slot; the
 *  same on every backend and for any number of workers). Writes up to
 *  capacity pairs; *pair_count receives the number found, and
 *  SEPAX_ERR_CAPACITY is returned when it exceeds capacity. On any other
 *  failure *pair_count is 0 and nothing is written: SEPAX_ERR_NULL
 *  (store or pair_count NULL, or pairs NULL with a capacity),
 *  SEPAX_ERR_OUT_OF_MEMORY (its scratch space, see "Memory" above),
 *  SEPAX_ERR_OVERFLOW when the byte size of that scratch space would not
 *  fit a size_t (a guard that only a 32-bit size_t can reach), or
 *  SEPAX_ERR_BAD_WORKER when a task system gave a worker index at or
 *  above its worker_count. */
SEPAX_API sepax_status sepax_broadphase(const sepax_store *store, sepax_pair *pairs, size_t capacity,
                              size_t *pair_count);


/** Split this store's batch calls (sepax_collide, sepax_collide_hits,
 *  sepax_query_points, sepax_broadphase, sepax_update_world) across the
 *  caller's workers (sepax_common.h, sepax_task_system), or, with tasks
 *  NULL, run them on the calling thread again. The struct is copied.
 *  SEPAX_ERR_NULL when enqueue or finish is NULL, SEPAX_ERR_BAD_OPTIONS
 *  for a size this library does not know, SEPAX_ERR_BAD_WORKER for a
 *  worker count of 0 or above SEPAX_MAX_WORKERS; the store is unchanged
 *  on failure. Needs the caller's lock, like every call that changes the
 *  store; the read-only calls may still run on many threads at once, each
 *  then enqueueing its own tasks. */
SEPAX_API sepax_status sepax_store_set_tasks(sepax_store *store, const sepax_task_system *tasks);

/** The backend this store's collide calls use. */
SEPAX_API sepax_backend sepax_store_backend(const sepax_store *store);
/** Make this store's collide calls use a backend (needs the caller's
 *  lock, like every call that changes the store). */
SEPAX_API sepax_status sepax_store_set_backend(sepax_store *store, sepax_backend backend);

#ifdef __cplusplus
}
#endif

#endif
