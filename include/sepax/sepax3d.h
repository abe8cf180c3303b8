/* sepax 3D: batched separating-axis tests for oriented boxes, spheres,
 * convex hulls and capsules.
 *
 * The 3D header. It shares with the 2D one (sepax.h) everything in
 * sepax_common.h: status codes, shape ids and pairs, result flags,
 * allocation hooks, backends and the version. A program may include both;
 * 3D names start with sepax3_ / SEPAX3_.
 *
 * Conventions (the contract every backend keeps):
 *  - Coordinates are float. A shape is given in its local frame (a box by
 *    its centre, half extents and rotation; a sphere by its centre and
 *    radius) and placed by a transform: world = p + R(q) * local, q a unit
 *    quaternion.
 *  - A result's normal is a unit vector from A to B. Moving B by
 *    depth * normal, depth = -separation, separates the pair (up to
 *    rounding); separation is signed, negative for a penetration, and
 *    touching (separation == 0) is a hit.
 *  - Every backend returns results bit-identical to the scalar reference,
 *    on x86 and on ARM.
 *
 * Hulls (convex polyhedra, built from points by Qhull) against hulls and
 * boxes (a box then counts as the hull of its eight corners). The pair is
 * evaluated in A's frame, B's vertices and face normals turned into it;
 * a hull's vertices are kept relative to their mean, which lies inside.
 *     face of A, i:  min over B's vertices v of (n_i . v - d_i)
 *     face of B, k:  the same in B's frame, over A's vertices
 *     edges i x j:   only the edge pairs whose arcs on the Gauss map
 *                    cross (the pairs that make a face of the Minkowski
 *                    difference; no other cross product can separate):
 *                    with unit edge directions u, v and the normals of
 *                    the faces beside each edge (a, b of A; c, d of B),
 *                    (c.u)(d.u) < 0, (a.v)(b.v) < 0 and (c.u)(b.v) < 0,
 *                    none of the four dot products within 2^-21 of 0
 *                    (a crossing that close to an arc's end is a
 *                    face normal's, which the face queries measure);
 *                    L = u x v, skipped when its correctly rounded
 *                    length |L| is below SEPAX3_PARALLEL_TOLERANCE,
 *                    turned away from A's vertex mean (negated when
 *                    L.p < 0); separation (L.(q - p)) / |L|, normal
 *                    L / |L|, p and q the edges' first vertices, or,
 *                    when |L| < 1/32 (edges within 1.8 degrees of
 *                    parallel, where that formula would lose up to
 *                    FLT_EPSILON |q - p| / |L| to rounding), the gap
 *                    along L / |L| between the shapes' vertices'
 *                    projections
 * then as for boxes: the largest face separation (A's before B's, lowest
 * index on ties), and an edge axis only when it beats it by more than
 * SEPAX3_EDGE_TOLERANCE times the sum of both shapes' half extents (a
 * hull's: of its local bounding box about its vertex mean). Apart,
 * first the centres' direction (from A's centre, its vertex mean or the
 * box's centre, to B's), unless the centres lie within the sum of both
 * inner radii (a hit): when the gap between both shapes' vertices'
 * projections on it passes 64 float spacings of the pair's scale (the
 * sum of both shapes' half extents and of the centres' offset's
 * coordinates in A's frame), it answers (SEPAX3_AXIS_SUPPORT, no
 * features; earlier versions answered such pairs by a face or edge
 * pair); else the first family that separates: A's faces when their
 * best is above 0, else B's, else the edges. A separation above 0 is
 * then a gap along the normal, at most the distance; a depth (0 or
 * below) is always the full SAT over all three families.
 *
 * Capsules (a segment grown by a radius) and spheres against hulls and
 * boxes: when a face axis of the polyhedron separates the segment (a
 * sphere's: its centre) by more than the radius, the best such face
 * (apart); else, when a direction found from the polyhedron's vertices
 * alone parts them by more than 64 float spacings of the pair's scale
 * (the polyhedron's half extents, the segment's end coordinates in its
 * frame and the radius, summed; the direction: from the polyhedron's
 * centre to the segment's point nearest it, then one step, from the
 * polyhedron's vertex farthest along that, the first on ties, to the
 * segment's point nearest that vertex; neither is tried when the
 * segment comes within the radius of the polyhedron's inner ball or of
 * that vertex, which makes a hit), that
 * direction (SEPAX3_AXIS_SUPPORT, apart: the gap between the shapes'
 * projections on it, at most the distance, where earlier versions gave
 * the distance itself); when the segment meets the polyhedron, SAT of segment and
 * polyhedron over its face axes and the segment's cross products with
 * its edges (a cross product whose squared length is not a normal
 * float, as for a segment under about 1e-19 long, adds no axis), minus
 * the radius; otherwise the closest points of segment
 * and polyhedron, separation their distance minus the radius, normal
 * along the line between them (a points result; a polyhedron's face
 * normal when the closest point lies inside a face), unless the segment
 * does not lie that far beyond the polyhedron along that line (up to
 * 1e-3 of the pair's size, the sum of both shapes' half extents with a
 * segment's half length, the precision of such a line, which tilts by
 * up to sqrt(FLT_EPSILON) where a vertex and the edge beside it are
 * equally near in float, plus 16 float spacings of its scale), as when the closest points coincide or are
 * within rounding of each other: then the SAT, as when the segment
 * meets it.
 * With a round shape in the pair, lengths whose squares are not normal
 * floats (below about 1e-19) are not resolved: closest points that near
 * count as coincident, and answers for shapes that small are good to
 * about 1e-18.
 * Capsules against capsules and spheres: the closest points of the two
 * segments; when they coincide (closer than about 1e-19), or the line
 * between them does not part the segments by their distance (up to 1e-3
 * of the sum of their half lengths plus 16 float spacings: closest points
 * within rounding of each other, or nearly parallel segments whose lines
 * nearly cross), the normal is the segments' cross product with its
 * part along A's segment taken out (so that a cross product of nearly
 * parallel segments, whose direction rounding tilts, stays square to
 * A's segment), turned towards B, or, for parallel segments, A's second
 * axis (a sphere's: world +y). A sphere against a
 * box keeps its own test (below).
 *
 * Box against box (the 15 axes). The pair is evaluated in A's frame:
 *     R[i][j] = a_i . b_j    (a_i, b_j: the boxes' world axes)
 *     t[i]    = a_i . (cB - cA)
 * so that boxes far from the origin keep their relative precision (only
 * the difference of the centres is formed in world coordinates). The
 * separation along a unit axis L is how far the boxes' projections on L
 * lie apart, walking from A to B:
 *     |L . t| - (A's projected half width) - (B's projected half width)
 * which for boxes is exactly the distance B must move along L to stop
 * overlapping (containment included). The axes, in index order:
 *     0..2   A's face axes a_0, a_1, a_2
 *     3..5   B's face axes b_0, b_1, b_2
 *     6..14  a_i x b_j, i major (6 + 3 i + j), normalised by dividing by
 *            its correctly rounded length; skipped when that length is
 *            below SEPAX3_PARALLEL_TOLERANCE (edges that are parallel, or
 *            within about that angle in radians, add no axis)
 * The largest separation wins, and among equal ones the lowest index. An
 * edge axis wins only when it beats the best face axis by more than
 * SEPAX3_EDGE_TOLERANCE times the pair's size (the sum of the six half
 * extents): boxes resting face on face never flip to an edge axis from
 * rounding. The separation reported is that of the winning axis, so it
 * may be up to that tolerance below the largest one.
 *
 * Spheres. Sphere and sphere: along the line between the centres; when
 * the centres are closer than about 1e-19 (their squared distance is not
 * a normal float) the axis is world +x. Sphere and box: the closest point
 * of the box to the sphere's centre, in the box's frame; when the centre
 * lies inside the box (or on it, or closer to it than about 1e-19, where
 * the squared distance is not a normal float), the box face nearest to it (lowest axis
 * on ties) with separation -(distance to that face + radius).
 *
 * Thread safety, as in 2D: calls that only read a store (collide, hits,
 * point queries, broadphase, shape queries) may run on many threads at
 * once on one store; calls that change it need the caller's lock. The
 * batch calls allocate nothing and keep their tiles of pairs on the
 * calling thread's stack (under 32 KB); sepax3_broadphase allocates
 * scratch space (about 100 bytes per live shape) through the store's hooks
 * on every call and frees it before returning.
 */
#ifndef SEPAX_SEPAX3D_H
#define SEPAX_SEPAX3D_H

#include <stddef.h>
#include <stdint.h>

#include "sepax/sepax_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Edge pairs whose cross product a_i x b_j is shorter than this (the
 *  axes are of unit length, so: closer than about this many radians to
 *  parallel) add no axis. */
#define SEPAX3_PARALLEL_TOLERANCE 1e-6f
/** An edge axis must beat the best face axis by more than this times the
 *  sum of both boxes' half extents to win. */
#define SEPAX3_EDGE_TOLERANCE 1e-5f
/** Two capsules whose unit axes' cross product is at most this long
 *  (within about this many radians of parallel) touch along a stretch,
 *  and their manifold gets two points (sepax3_collide_manifolds). */
#define SEPAX3_PARALLEL_MANIFOLD 0.02f

typedef struct sepax3_vec {
    float x, y, z;
} sepax3_vec;

/** A rotation as a unit quaternion, w the scalar part. */
typedef struct sepax3_quat {
    float w, x, y, z;
} sepax3_quat;

/** Position then rotation: world = p + R(q) * local. */
typedef struct sepax3_transform {
    sepax3_vec p;
    sepax3_quat q;
} sepax3_transform;

/** The identity transform. */
SEPAX_API sepax3_transform sepax3_transform_identity(void);
/** The quaternion of a rotation by angle radians about an axis (need not
 *  be of unit length; a zero axis gives the identity). A NaN or infinite
 *  angle or axis coordinate gives a quaternion of NaNs, which
 *  sepax3_set_transforms and the adders refuse with SEPAX_ERR_NOT_FINITE
 *  (as sepax_transform_make's NaN rotation is refused in 2D). */
SEPAX_API sepax3_quat sepax3_quat_axis_angle(sepax3_vec axis, float angle);
/** A transform from a position and a rotation by angle radians about an
 *  axis (sepax3_quat_axis_angle), as sepax_transform_make is in 2D; a
 *  non-finite angle or axis gives a rotation that is refused in turn. */
SEPAX_API sepax3_transform sepax3_transform_make(sepax3_vec position, sepax3_vec axis,
                                                 float angle);

/** Options for sepax3_store_create: the 2D store's struct
 *  (sepax_common.h), under the 3D name. */
typedef sepax_store_options sepax3_store_options;
#define SEPAX3_STORE_OPTIONS_INIT SEPAX_STORE_OPTIONS_INIT
SEPAX_API sepax3_store_options sepax3_store_options_default(void);

typedef struct sepax3_store sepax3_store;

/** Statuses, as in 2D (sepax.h): a required pointer that is NULL is
 *  SEPAX_ERR_NULL; an id whose slot the store never used (0xFFFFFFFF
 *  among them) is SEPAX_ERR_BAD_ID, one of a removed shape or of another
 *  generation SEPAX_ERR_STALE_ID; a list call with count 0 does nothing
 *  and answers SEPAX_OK whatever its pointers; a count whose byte size
 *  overflows is SEPAX_ERR_OVERFLOW, checked before the pointers. Every
 *  refused call leaves the store as it was. */

/** Create an empty 3D store; options may be NULL for the defaults. Its
 *  backend starts as sepax_backend_default() says (whose statuses it
 *  returns when that fails). SEPAX_ERR_NULL for out NULL or an allocator
 *  with a NULL hook, SEPAX_ERR_BAD_OPTIONS for a size field this library
 *  does not know, SEPAX_ERR_OUT_OF_MEMORY; *out is NULL on failure. */
SEPAX_API sepax_status sepax3_store_create(const sepax3_store_options *options,
                                           sepax3_store **out);
/** Free a store and everything it holds; NULL is accepted. */
SEPAX_API void sepax3_store_destroy(sepax3_store *store);

/** 3D shape kinds; later kinds are only ever added at the end. */
typedef enum sepax3_shape_kind {
    SEPAX3_SHAPE_BOX = 0,
    SEPAX3_SHAPE_SPHERE,
    SEPAX3_SHAPE_HULL,
    SEPAX3_SHAPE_CAPSULE,
    SEPAX3_SHAPE_KIND_COUNT
} sepax3_shape_kind;

/** A hull keeps at most this many vertices (and so at most 2 n - 4 faces
 *  and 3 n - 6 edges); more is SEPAX_ERR_TOO_MANY_VERTICES. */
#define SEPAX3_MAX_HULL_VERTICES 64u
/** sepax3_add_hull takes at most this many points. */
#define SEPAX3_MAX_HULL_POINTS 1024u
/** A hull thinner along one of its face normals than this times its
 *  bounding box's diagonal is flat (SEPAX_ERR_DEGENERATE): coplanar
 *  points that float rounding lifts off their plane, whose faces would be
 *  rounding. The same relative size as 2D's SEPAX_CLEAN_TOLERANCE. */
#define SEPAX3_FLAT_TOLERANCE 1e-5

/** Add an oriented box: centre and rotation in the shape's local frame,
 *  half extents > 0 along the rotated axes. Checked in this order, as
 *  sepax_add_box is: any number NaN or infinite (SEPAX_ERR_NOT_FINITE), a
 *  half extent not > 0 (SEPAX_ERR_BAD_EXTENT), centre or half extents
 *  beyond SEPAX_MAX_COORDINATE (SEPAX_ERR_OUT_OF_RANGE), rotation not of
 *  unit length within SEPAX_ROTATION_TOLERANCE (SEPAX_ERR_BAD_TRANSFORM);
 *  then SEPAX_ERR_FULL or SEPAX_ERR_OUT_OF_MEMORY. The transform starts
 *  as the identity and the world data is filled. */
SEPAX_API sepax_status sepax3_add_box(sepax3_store *store, sepax3_vec centre,
                                      sepax3_vec half_extents, sepax3_quat rotation,
                                      sepax_shape_id *out_id);
/** Add a sphere: centre finite (SEPAX_ERR_NOT_FINITE) and within
 *  SEPAX_MAX_COORDINATE (SEPAX_ERR_OUT_OF_RANGE), then radius finite,
 *  > 0 (SEPAX_ERR_BAD_RADIUS) and <= SEPAX_MAX_COORDINATE, as
 *  sepax_add_circle checks them. */
SEPAX_API sepax_status sepax3_add_sphere(sepax3_store *store, sepax3_vec centre, float radius,
                                         sepax_shape_id *out_id);
/** Add the convex hull of count points (local frame), built by Qhull with
 *  nearly coplanar facets merged into polygonal faces: facets whose planes
 *  agree within 1e-6 times the points' bounding-box diagonal (Qhull's
 *  centrum test, option C-n) are one face, so that a face meant flat but
 *  given as floats (a turned box's corners, rounded) is one face, as the
 *  box's is. A merged face's plane is its corners' (Newell's normal);
 *  every face's offset is that of the vertex farthest along its normal,
 *  so every vertex lies inside or on every face, and a merged face's
 *  corners lie within the tolerance inside its plane. Merged faces are
 *  kept only where each holds its edges in its plane (within a sine of
 *  1e-5); else the hull is built with Qhull's default merging (double
 *  roundoff only), as needles and plates of aspect 1000 may need. Points within
 *  about the tolerance of a face may be left out of the hull. Points far
 *  from their frame's origin for their size (beyond some 16 diagonals)
 *  round by more than the tolerance, and faces meant flat may stay in
 *  pieces: give a hull's points about its centre. Every coordinate
 *  finite and within SEPAX_MAX_COORDINATE; 4 to SEPAX3_MAX_HULL_POINTS
 *  points (SEPAX_ERR_TOO_FEW_VERTICES, _TOO_MANY_VERTICES), not all in
 *  one plane, nor within SEPAX3_FLAT_TOLERANCE of one
 *  (SEPAX_ERR_DEGENERATE), at most SEPAX3_MAX_HULL_VERTICES on
 *  the hull. Qhull never prints; a failure it reports is
 *  SEPAX_ERR_HULL_FAILED (or _DEGENERATE for flat input, _OUT_OF_MEMORY),
 *  and leaves the store as it was. Vertices lying on an edge or inside
 *  a face are dropped; the kept ones are rounded to float about their
 *  mean, which becomes the shape's centre.
 *  The only call that allocates outside the store's hooks: Qhull's
 *  working memory and its error stream come from the C library's malloc
 *  (Qhull's allocator is fixed when Qhull is built) and are all freed
 *  before it returns. A refusal there, as in the hooks, is
 *  SEPAX_ERR_OUT_OF_MEMORY with the store as it was; a refused buffer for
 *  the error stream changes nothing (the input's own status stands). */
SEPAX_API sepax_status sepax3_add_hull(sepax3_store *store, const sepax3_vec *points,
                                       size_t count, sepax_shape_id *out_id);
/** Add a capsule: the segment p1-p2 (local frame) grown by radius.
 *  Checked as sepax_add_capsule checks them: radius finite
 *  (SEPAX_ERR_NOT_FINITE), > 0 (SEPAX_ERR_BAD_RADIUS) and within
 *  SEPAX_MAX_COORDINATE (SEPAX_ERR_OUT_OF_RANGE); then the ends, finite
 *  and within SEPAX_MAX_COORDINATE; then distinct (SEPAX_ERR_DEGENERATE).
 *  Ends that differ but so little that half the length, stored as a
 *  float, rounds to 0 (a few subnormals apart) are SEPAX_ERR_TOO_SMALL. */
SEPAX_API sepax_status sepax3_add_capsule(sepax3_store *store, sepax3_vec p1, sepax3_vec p2,
                                          float radius, sepax_shape_id *out_id);
/** Remove a shape; its id becomes stale. SEPAX_ERR_NULL, _BAD_ID,
 *  _STALE_ID. */
SEPAX_API sepax_status sepax3_remove(sepax3_store *store, sepax_shape_id id);

/** Number of live shapes; 0 for a NULL store. */
SEPAX_API uint32_t sepax3_store_count(const sepax3_store *store);
/** One past the highest slot in use; 0 for a NULL store. */
SEPAX_API uint32_t sepax3_store_slot_limit(const sepax3_store *store);
/** SEPAX_OK if id names a live shape, else SEPAX_ERR_BAD_ID or _STALE_ID
 *  (SEPAX_ERR_NULL for a NULL store). */
SEPAX_API sepax_status sepax3_shape_check(const sepax3_store *store, sepax_shape_id id);
/** The live id in a slot (below sepax3_store_slot_limit), as
 *  sepax_shape_id_of_slot: SEPAX_ERR_BAD_ID past the limit,
 *  SEPAX_ERR_STALE_ID for a free slot, *out_id written only on SEPAX_OK. */
SEPAX_API sepax_status sepax3_shape_id_of_slot(const sepax3_store *store, uint32_t slot,
                                               sepax_shape_id *out_id);

/** A shape as it was added, in its local frame. A capsule is described
 *  as its segment's midpoint (centre), a rotation that turns +x onto the
 *  segment, half its length (half_extents.x) and its radius. A hull by
 *  its vertex mean (centre), the half extents of its bounding box about
 *  that centre, and its counts (sepax3_hull_vertices gives the
 *  vertices). */
typedef struct sepax3_shape_desc {
    sepax3_shape_kind kind;
    sepax3_vec centre;
    sepax3_vec half_extents; /**< boxes, hulls, capsules (x only); zero for spheres */
    sepax3_quat rotation;     /**< boxes, capsules; identity for spheres and hulls */
    float radius;            /**< spheres, capsules; zero for boxes and hulls */
    uint32_t vertex_count, face_count, edge_count; /**< hulls; zero otherwise */
} sepax3_shape_desc;

/** What a shape was added as. SEPAX_ERR_NULL, _BAD_ID, _STALE_ID; *out
 *  is written only on success (as for every shape query below). */
SEPAX_API sepax_status sepax3_shape_info(const sepax3_store *store, sepax_shape_id id,
                                         sepax3_shape_desc *out);

/** A hull's vertices in its local frame, as kept (up to capacity), as
 *  sepax_shape_vertices gives a 2D core's: *count receives the number of
 *  vertices; vertices NULL with capacity 0 asks only for the count
 *  (SEPAX_OK). When vertices is given and the count exceeds capacity,
 *  the first capacity are written and SEPAX_ERR_CAPACITY is returned.
 *  SEPAX_ERR_NULL for store or count NULL, or vertices NULL with a
 *  capacity; SEPAX_ERR_BAD_ID, _STALE_ID; SEPAX_ERR_WRONG_KIND when the
 *  shape is no hull. A refused call writes nothing, *count included, as
 *  every shape query (and sepax_shape_vertices): outputs keep what they
 *  held. */
SEPAX_API sepax_status sepax3_hull_vertices(const sepax3_store *store, sepax_shape_id id,
                                            sepax3_vec *vertices, size_t capacity,
                                            size_t *count);

/** A shape in the world as the kernels see it after the last world
 *  update: its centre, its three unit axes (the columns of its world
 *  rotation; the world axes for a sphere), its half extents (boxes) and
 *  its radius (spheres). */
typedef struct sepax3_world_shape {
    sepax3_vec centre;
    sepax3_vec axis[3];
    sepax3_vec half_extents;
    float radius;
} sepax3_world_shape;

/** SEPAX_ERR_NULL, _BAD_ID, _STALE_ID. */
SEPAX_API sepax_status sepax3_shape_world(const sepax3_store *store, sepax_shape_id id,
                                          sepax3_world_shape *out);
/** The shape's current transform. SEPAX_ERR_NULL, _BAD_ID, _STALE_ID. */
SEPAX_API sepax_status sepax3_shape_transform(const sepax3_store *store, sepax_shape_id id,
                                              sepax3_transform *out);
/** World bounding box as of the last world update; it contains the shape
 *  (a sphere's is rounded one float outward). SEPAX_ERR_NULL (either
 *  output NULL), _BAD_ID, _STALE_ID. */
SEPAX_API sepax_status sepax3_shape_aabb(const sepax3_store *store, sepax_shape_id id,
                                         sepax3_vec *lower, sepax3_vec *upper);

/** Set the transforms of count shapes and update their world data
 *  (centre, axes, bounding box), several shapes at a time in the
 *  backend's lanes. Every id and transform is checked before anything
 *  changes, each in this order, as sepax_set_transforms does: a live id
 *  (SEPAX_ERR_BAD_ID, _STALE_ID), finite numbers (SEPAX_ERR_NOT_FINITE),
 *  |p| components within SEPAX_MAX_COORDINATE (SEPAX_ERR_OUT_OF_RANGE),
 *  q of unit length within SEPAX_ROTATION_TOLERANCE
 *  (SEPAX_ERR_BAD_TRANSFORM). count 0 is SEPAX_OK with any pointers; a
 *  count whose transforms' byte size overflows is SEPAX_ERR_OVERFLOW,
 *  then ids or transforms NULL SEPAX_ERR_NULL. */
SEPAX_API sepax_status sepax3_set_transforms(sepax3_store *store, const sepax_shape_id *ids,
                                             const sepax3_transform *transforms, size_t count);
/** Recompute the world data of every live shape from its transform
 *  (SEPAX_ERR_NULL for a NULL store). */
SEPAX_API sepax_status sepax3_update_world(sepax3_store *store);

/** Which axis gave a result. */
#define SEPAX3_AXIS_FACE_A 0u /**< a face normal of A (a box or hull) */
#define SEPAX3_AXIS_FACE_B 1u /**< a face normal of B (a box or hull), negated */
#define SEPAX3_AXIS_EDGES 2u  /**< an edge direction of A crossed with one of B */
#define SEPAX3_AXIS_POINTS 3u /**< the line through two closest points (round kinds) */
/** A direction along which the shapes' projections leave a gap, found
 *  from the vertices alone (apart pairs only; two hulls or a hull and a
 *  box, and round kinds against a box or hull): the separation is that
 *  gap, at most the distance. */
#define SEPAX3_AXIS_SUPPORT 4u
/** A feature index that names nothing (a sphere's, or the other shape's
 *  on a face axis). */
#define SEPAX3_FEATURE_NONE 0xFFu

/** The answer for one pair; 20 bytes, no padding, so results compare with
 *  memcmp.
 *
 *  Features: a box's faces are numbered 2k (outward normal +axis k) and
 *  2k + 1 (outward normal -axis k); a hull's faces and edges in the
 *  order it keeps them. On SEPAX3_AXIS_FACE_A, feature_a is
 *  A's face whose outward normal is the result's normal and feature_b is
 *  NONE; on SEPAX3_AXIS_FACE_B, feature_b is B's face whose outward normal
 *  is minus the result's normal and feature_a is NONE; on
 *  SEPAX3_AXIS_EDGES, feature_a = i and feature_b = j: for two boxes the
 *  axes whose edges were crossed, otherwise edge indices (a box's edge
 *  4k + m runs along axis k, m's bits giving the signs of axes k + 1
 *  and k + 2, mod 3); on SEPAX3_AXIS_POINTS and SEPAX3_AXIS_SUPPORT both are NONE. */
typedef struct sepax3_result {
    /** Signed distance along the winning axis; < 0 is penetration depth. */
    float separation;
    /** Unit axis from A to B. */
    sepax3_vec normal;
    /** SEPAX3_AXIS_*. */
    uint8_t axis;
    uint8_t feature_a;
    uint8_t feature_b;
    /** SEPAX_HIT | SEPAX_A_IN_B | SEPAX_B_IN_A: for boxes and hulls,
     *  A_IN_B when all corners of A lie inside or on B (B_IN_A alike);
     *  for the round kinds, when the whole shape does. */
    uint8_t flags;
} sepax3_result;

/** A hit from the compacted call: the index of its pair in the input. */
typedef struct sepax3_hit {
    uint32_t pair;
    sepax3_result result;
} sepax3_hit;

/** Collide count pairs, writing results[i] for pairs[i]. Every pair is
 *  checked first (live ids, two different shapes); on a bad pair nothing
 *  is written and *bad_index (if not NULL) names it. As sepax_collide:
 *  SEPAX_ERR_NULL for store NULL; count 0 is SEPAX_OK with any pointers;
 *  SEPAX_ERR_OVERFLOW for a count whose pairs' or results' byte size
 *  overflows; SEPAX_ERR_NULL for pairs or results NULL; then per pair
 *  SEPAX_ERR_BAD_ID, _STALE_ID, or SEPAX_ERR_BAD_PAIR for a pair naming
 *  one shape twice. */
SEPAX_API sepax_status sepax3_collide(const sepax3_store *store, const sepax_pair *pairs,
                                      size_t count, sepax3_result *results, size_t *bad_index);
/** Collide count pairs and write only the hits, in pair order (room for
 *  capacity; hits may be NULL with capacity 0, to count them); *hit_count
 *  receives the number of hits, and when it exceeds capacity the first
 *  capacity are written and SEPAX_ERR_CAPACITY is returned. On any other
 *  failure *hit_count is 0 and nothing is written. As sepax_collide_hits:
 *  SEPAX_ERR_NULL for hit_count NULL or hits NULL with a capacity;
 *  SEPAX_ERR_OVERFLOW for a count above UINT32_MAX (pair indices are
 *  32-bit) when the store is given; then the checks of sepax3_collide. */
SEPAX_API sepax_status sepax3_collide_hits(const sepax3_store *store, const sepax_pair *pairs,
                                           size_t count, sepax3_hit *hits, size_t capacity,
                                           size_t *hit_count, size_t *bad_index);

/** What a 3D pair remembers from one step to the next: the feature that
 *  last separated it, or came closest to (a face of A, a face of B, or an
 *  edge of each). The caller keeps one per pair, in an array parallel to
 *  its pairs, and carries it along while the pair stays in its list.
 *  All-zero bytes mean empty. The bytes are the library's: they may change
 *  between versions, and a record of any contents is safe to pass (see
 *  sepax3_collide_hits_cached). */
typedef struct sepax3_pair_cache {
    uint8_t bytes[8];
} sepax3_pair_cache;

/** sepax3_collide_hits with a separating-feature cache per pair:
 *  caches[i] belongs to pairs[i]. For each pair the cached feature is
 *  tried first: a face against the other shape's vertices (against a
 *  sphere or capsule, its segment's two ends), or an edge pair by its
 *  Gauss-map arcs and one distance. When it still separates the two
 *  shapes, the pair is no hit and nothing more is computed for it (its
 *  record stays as it was); otherwise the full test runs and caches[i] is
 *  rewritten from its result. The hits, their order, *hit_count, the
 *  statuses and *bad_index are byte for byte those of sepax3_collide_hits
 *  on the same pairs, whatever the caches hold: an empty, stale, another
 *  pair's or random record costs time, never a different answer, and is
 *  never read out of bounds. The records written are the same on every
 *  backend. A record helps pairs with a hull or a capsule against a
 *  polyhedron (hull-hull, box-hull, sphere-hull, capsule-hull,
 *  capsule-box); box-box, sphere-sphere, box-sphere and two round shapes
 *  always take their full test, which costs about what a cached feature
 *  would. An edge pair counts as separating only beyond the edge
 *  tolerance (SEPAX3_EDGE_TOLERANCE times the pair's size). caches must
 *  hold count records (NULL only when count is 0: SEPAX_ERR_NULL); on a
 *  failure they are unchanged unless the status is SEPAX_ERR_CAPACITY. */
SEPAX_API sepax_status sepax3_collide_hits_cached(const sepax3_store *store,
                                                  const sepax_pair *pairs, size_t count,
                                                  sepax3_pair_cache *caches, sepax3_hit *hits,
                                                  size_t capacity, size_t *hit_count,
                                                  size_t *bad_index);

/** sepax3_collide_hits_cached with a motion tier before the cached
 *  feature, as sepax_collide_hits_tracked is in 2D: motions[i] belongs to
 *  pairs[i] (sepax_pair_motion). A pair whose motion record still proves
 *  it apart is no hit, and neither shape is read; every other pair takes
 *  the path of sepax3_collide_hits_cached, and then its motion record is
 *  rewritten (empty for a hit). A record keeps a face's value (a face of
 *  a box or hull against the other shape, less any radius) or, for two
 *  round shapes and a box and a sphere, their distance less the radii:
 *  pairs last apart along an edge pair, or apart by closest points
 *  against a hull (or a capsule against a box), get no record. The
 *  store sums every translation and rotation change per shape, and a
 *  record is trusted only while its gap exceeds what both shapes' motion
 *  since can have taken off it, rotation about the other shape included,
 *  so the hits, their order, *hit_count, the statuses and *bad_index are
 *  those of sepax3_collide_hits on the same pairs, whatever the caches
 *  hold, and whatever the motion records hold but for one forged to match
 *  its tag (a chance of about 2^-64 per record: sepax_pair_motion). caches and motions must hold count records (NULL
 *  only when count is 0: SEPAX_ERR_NULL); on a failure they are
 *  unchanged unless the status is SEPAX_ERR_CAPACITY. The caches written
 *  are those of sepax3_collide_hits_cached; the gaps the motion records
 *  keep are the same on every backend. A store of boxes only runs the
 *  plain call and leaves every record empty: a box pair's test in lanes
 *  costs less than the tier's check. A store sums its shapes' motion from
 *  its first tracked call on: sepax3_set_transforms then costs about 4 ns
 *  more a shape (13.5 to 17.7 ns on a 2-vCPU AMD EPYC VM); a store never
 *  given to a tracked call pays nothing. */
SEPAX_API sepax_status sepax3_collide_hits_tracked(const sepax3_store *store,
                                                   const sepax_pair *pairs, size_t count,
                                                   sepax3_pair_cache *caches,
                                                   sepax_pair_motion *motions, sepax3_hit *hits,
                                                   size_t capacity, size_t *hit_count,
                                                   size_t *bad_index);

/** Most contact points a 3D manifold holds: a face clipped against a
 *  face is reduced to four. */
#define SEPAX3_MAX_MANIFOLD_POINTS 4

/** One contact point of a 3D manifold; 20 bytes, no padding.
 *
 *  Feature ids. A loop is a face's vertices counter-clockwise seen from
 *  outside, starting at its lowest-numbered vertex (a box's corner j has
 *  coordinate k positive when bit k of j is set); position k on it is
 *  vertex k, or the edge from vertex k to k + 1. A point from clipping
 *  the incident face (or a capsule's segment) against the reference
 *  face's side planes (bit 31 = 0):
 *      bits 0-7    the reference face, on its owner (sepax3_result's
 *                  face numbering)
 *      bits 8-15   the incident face, on the other shape (0xFF: a
 *                  capsule's segment, whose loop is its two ends)
 *      bits 16-21  position on the incident loop: the vertex that is
 *                  the point, or the edge the point was clipped on; 63
 *                  when the point is a corner of the reference face
 *      bits 22-27  position on the reference loop: the side (edge) that
 *                  clipped the point, or the corner that is the point;
 *                  63 when the point is an incident vertex
 *      bit 28      the owner of the reference face (0: A, 1: B)
 *      bits 29-30  0
 *  A lone point (an edge pair; a sphere; a capsule not lying on a face;
 *  a face contact whose clipped points all lie above the face) (bit 31 =
 *  1):
 *      bits 0-7    A's feature index, bits 8-15 B's (0xFF: none)
 *      bits 16-17  what A's is: 0 a vertex (a capsule's end 0 or 1), 1
 *                  an edge, 2 a face, 3 none (a sphere's centre, a point
 *                  inside a capsule's segment; against a sphere, a
 *                  shape whose face the result does not name); bits
 *                  18-19 B's alike
 *      bits 20-30  0
 *  So an id stays the same while the same features touch, which is what
 *  a solver's warm start keys on. */
typedef struct sepax3_contact {
    /** World position, midway between the two surfaces along the
     *  manifold's normal. */
    sepax3_vec point;
    /** Signed distance between the surfaces at this point, along the
     *  normal; < 0 is overlap. */
    float separation;
    /** Feature id, as above. */
    uint32_t id;
} sepax3_contact;

/** Where two 3D shapes touch, for a physics solver. 100 bytes, no
 *  padding, so manifolds compare with memcmp: normal and separation,
 *  then the counts and flags, then the points at offset 20. */
typedef struct sepax3_manifold {
    /** As sepax3_result.normal: unit, from A to B. */
    sepax3_vec normal;
    /** As sepax3_result.separation. */
    float separation;
    /** 0 (not a hit) to SEPAX3_MAX_MANIFOLD_POINTS. */
    uint8_t point_count;
    /** As sepax3_result.flags. */
    uint8_t flags;
    /** As sepax3_result.axis. */
    uint8_t axis;
    /** 0. */
    uint8_t reserved;
    /** The first point_count entries; the others all-zero bytes. */
    sepax3_contact points[SEPAX3_MAX_MANIFOLD_POINTS];
} sepax3_manifold;

/** A manifold from the compacted call: the index of its pair in the
 *  input. 104 bytes, no padding. */
typedef struct sepax3_manifold_hit {
    uint32_t pair;
    sepax3_manifold manifold;
} sepax3_manifold_hit;

/** Collide count pairs as sepax3_collide does, then build manifolds[i]
 *  for pairs[i]. A hit gets one to four points:
 *   - a face axis of a box or hull (the result's face: the reference
 *     face, normal nf outward of its owner): the incident face is the
 *     other polyhedron's face whose normal is most nearly -nf (the first
 *     such by index), or a capsule's segment; it is clipped to the
 *     reference face's side planes (the planes through its edges that
 *     contain nf; a point within 1e-5 of the reference shape's size of a
 *     side counts as on it, so that an edge lying in a side's plane is
 *     not cut where rounding crosses it), and the clipped points whose
 *     separation
 *     nf . (p - face) - r (r: a capsule's radius, else 0) is <= 0 are
 *     kept. More than four are reduced to four: the deepest (first by
 *     loop order on ties), the farthest from it, the one making the
 *     largest triangle with those two, and the one adding the most area
 *     outside that triangle; they keep their loop order. None kept: one
 *     lone point, the incident loop's vertex deepest along -nf (a
 *     segment's end), at the result's separation.
 *   - a sphere against anything: one lone point, its centre moved
 *     towards the other shape by its radius and half the separation.
 *   - an edge axis of two polyhedra: one lone point, midway between the
 *     closest points of the two edges, at the result's separation.
 *   - an edge axis of a capsule against a polyhedron's edge: the same,
 *     with the segment for the capsule's edge and, for the polyhedron's,
 *     the one farthest along the normal of its edges parallel to the
 *     result's (which names the first of them).
 *   - a points axis of a capsule and a polyhedron: when one of the
 *     polyhedron's face normals is the result's normal to within 1e-6
 *     (the capsule lies on that face), a face contact on that face as
 *     above; else one lone point from the closest points of the segment
 *     and the polyhedron's nearest edge.
 *   - two capsules: one lone point midway between the surfaces at the
 *     closest points of their segments, at the result's separation;
 *     but two points when the segments lie within
 *     SEPAX3_PARALLEL_MANIFOLD of parallel and both ends of B's segment
 *     clipped to the slab of A's are within reach: each such end, at its
 *     own separation from A's segment along the normal (<= 0).
 *  A point is placed midway between the two surfaces along the normal:
 *  from the incident surface point c, at c - (separation / 2) nf for a
 *  face contact (a round incident shape's surface is its core point moved
 *  by its radius along -nf). Pairs that are no hit get point_count 0, the
 *  result's normal, separation, flags and axis and zero points.
 *  Bit-identical on every backend. Arguments are checked, and statuses
 *  returned, as in sepax3_collide, and a store given a task system
 *  splits the work across its workers as sepax3_collide does, with the
 *  same bytes for any number of them. */
SEPAX_API sepax_status sepax3_collide_manifolds(const sepax3_store *store,
                                                const sepax_pair *pairs, size_t count,
                                                sepax3_manifold *manifolds, size_t *bad_index);
/** The manifolds of the hits only, in pair order, into hits (room for
 *  capacity), as sepax3_collide_hits does with results: *hit_count
 *  receives the number of hits; when it exceeds capacity the first
 *  capacity are written and SEPAX_ERR_CAPACITY is returned; on any other
 *  failure *hit_count is 0 and nothing is written. */
SEPAX_API sepax_status sepax3_collide_manifolds_hits(const sepax3_store *store,
                                                     const sepax_pair *pairs, size_t count,
                                                     sepax3_manifold_hit *hits, size_t capacity,
                                                     size_t *hit_count, size_t *bad_index);

/** A point to test against one shape. */
typedef struct sepax3_point_query {
    sepax3_vec point;
    sepax_shape_id shape;
} sepax3_point_query;

/** inside[i] = 1 when the point lies inside or on the shape, else 0.
 *  Every query is checked first, as sepax_query_points checks them: a
 *  point with a NaN or infinite coordinate is SEPAX_ERR_NOT_FINITE, then
 *  its id SEPAX_ERR_BAD_ID or _STALE_ID; on a bad one nothing is written
 *  and *bad_index (if not NULL) names the first. A finite point beyond
 *  SEPAX_MAX_COORDINATE is answered, not refused. SEPAX_ERR_NULL for
 *  store NULL; count 0 is SEPAX_OK with any pointers; then
 *  SEPAX_ERR_OVERFLOW for a count whose byte size overflows, and
 *  SEPAX_ERR_NULL for queries or inside NULL. */
SEPAX_API sepax_status sepax3_query_points(const sepax3_store *store,
                                           const sepax3_point_query *queries, size_t count,
                                           uint8_t *inside, size_t *bad_index);

/** Every pair of live shapes whose world boxes overlap (touching counts),
 *  once, with a's slot below b's: a sweep along x within the columns of a
 *  grid in y and z (sized from the boxes), ordered by column, then by the
 *  lower x bound (then slot) of the pair's first shape, then of its
 *  second. The order is fixed by the store's contents. Writes up to capacity pairs; *pair_count receives
 *  the number found, and SEPAX_ERR_CAPACITY is returned when it exceeds
 *  capacity. On any other failure *pair_count is 0 and nothing is
 *  written: SEPAX_ERR_NULL (pair_count or store NULL, or pairs NULL with a
 *  capacity), SEPAX_ERR_OUT_OF_MEMORY, SEPAX_ERR_OVERFLOW when the byte
 *  size of its scratch space would not fit a size_t (a guard that only a
 *  32-bit size_t can reach), or SEPAX_ERR_BAD_WORKER when a task system
 *  gave a worker index at or above its worker_count. */
SEPAX_API sepax_status sepax3_broadphase(const sepax3_store *store, sepax_pair *pairs,
                                         size_t capacity, size_t *pair_count);

/** Pair groups: the class of a pair by its two shapes' kinds, in either
 *  order. A list grouped by class (group g is pairs[starts[g]] up to
 *  pairs[starts[g + 1]], SEPAX3_PAIR_GROUPS + 1 starts, starts[0] = 0)
 *  goes to the grouped calls, which hand each group to its test whole:
 *  in a store of several kinds they skip the pass that sorts a mixed list
 *  by class, so that box pairs there run as in a store of boxes only. */
typedef enum sepax3_pair_group {
    SEPAX3_GROUP_BOX_BOX = 0,
    SEPAX3_GROUP_BOX_SPHERE,
    SEPAX3_GROUP_BOX_CAPSULE,
    SEPAX3_GROUP_BOX_HULL,
    SEPAX3_GROUP_SPHERE_SPHERE,
    SEPAX3_GROUP_CAPSULE_SPHERE,
    SEPAX3_GROUP_CAPSULE_CAPSULE,
    SEPAX3_GROUP_SPHERE_HULL,
    SEPAX3_GROUP_CAPSULE_HULL,
    SEPAX3_GROUP_HULL_HULL,
    SEPAX3_PAIR_GROUPS
} sepax3_pair_group;

/** The group of a pair of live shapes into *group; statuses as for a
 *  pair of sepax3_collide (SEPAX_ERR_NULL, _BAD_ID, _STALE_ID,
 *  _BAD_PAIR). */
SEPAX_API sepax_status sepax3_pair_group_of(const sepax3_store *store, sepax_pair pair,
                                            sepax3_pair_group *group);

/** Copy count pairs into grouped (room for count, not pairs) grouped by
 *  class, each group in the order of the input; starts
 *  (SEPAX3_PAIR_GROUPS + 1 places) receives where each group starts, and
 *  from (if not NULL) for each grouped pair its index in pairs. A pair's
 *  group depends only on its two shapes, so a list grouped once stays
 *  grouped while its shapes live. Pairs are checked as in sepax3_collide
 *  (nothing is written on a bad one, *bad_index names it); count 0 is
 *  SEPAX_OK with starts all 0. SEPAX_ERR_NULL for store, starts or (with
 *  a count) pairs or grouped NULL; SEPAX_ERR_OVERFLOW for a count past
 *  UINT32_MAX. */
SEPAX_API sepax_status sepax3_group_pairs(const sepax3_store *store, const sepax_pair *pairs,
                                          size_t count, sepax_pair *grouped, size_t *starts,
                                          uint32_t *from, size_t *bad_index);

/** (sepax3_group_pairs also returns SEPAX_ERR_OUT_OF_MEMORY when its
 *  scratch space, a byte a pair and a slot from the store's hooks,
 *  cannot be had.)
 *
 *  sepax3_broadphase's pairs grouped by class (each group in the
 *  broadphase's order) and where each group starts (SEPAX3_PAIR_GROUPS +
 *  1 places): the list the grouped calls take. Statuses as
 *  sepax3_broadphase's (SEPAX_ERR_NULL also for starts NULL); on
 *  SEPAX_ERR_CAPACITY the pairs written are the first capacity of
 *  sepax3_broadphase's, ungrouped, and starts is not written; on
 *  SEPAX_ERR_OUT_OF_MEMORY *pair_count is 0, starts is not written and
 *  pairs may hold the broadphase's pairs, ungrouped (the grouping's
 *  scratch is asked for once they are known). The grouping needs scratch
 *  space (9 bytes a pair, a byte a slot) from the store's hooks. */
SEPAX_API sepax_status sepax3_broadphase_grouped(const sepax3_store *store, sepax_pair *pairs,
                                                 size_t capacity, size_t *pair_count,
                                                 size_t *starts);

/** sepax3_collide over a list grouped by class (starts as above; the
 *  list holds starts[SEPAX3_PAIR_GROUPS] pairs): results[i] for pairs[i],
 *  the same bytes sepax3_collide writes for that pair. Every pair is
 *  checked first as sepax3_collide checks it, and also against its
 *  group: a pair outside its group is SEPAX_ERR_BAD_PAIR, named by
 *  *bad_index, nothing written. SEPAX_ERR_NULL for store or starts NULL
 *  (or pairs or results with a count); SEPAX_ERR_BAD_ARGUMENT for starts
 *  that do not begin at 0 or that decrease. */
SEPAX_API sepax_status sepax3_collide_grouped(const sepax3_store *store, const sepax_pair *pairs,
                                              const size_t *starts, sepax3_result *results,
                                              size_t *bad_index);

/** sepax3_collide_hits over a grouped list: the hits in the list's order
 *  (each hit's pair is its index in the grouped list), checks as
 *  sepax3_collide_grouped's, capacity as sepax3_collide_hits'. */
SEPAX_API sepax_status sepax3_collide_hits_grouped(const sepax3_store *store,
                                                   const sepax_pair *pairs, const size_t *starts,
                                                   sepax3_hit *hits, size_t capacity,
                                                   size_t *hit_count, size_t *bad_index);

/** Split this store's sepax3_collide, sepax3_update_world and
 *  sepax3_broadphase across the caller's workers (sepax_common.h,
 *  sepax_task_system; results byte-identical for any worker count), or,
 *  with tasks NULL, run them on the calling thread again. Statuses as for
 *  sepax_store_set_tasks: SEPAX_ERR_NULL (store, enqueue or finish NULL),
 *  SEPAX_ERR_BAD_OPTIONS (size), SEPAX_ERR_BAD_WORKER (worker_count 0
 *  or above SEPAX_MAX_WORKERS). The other batch calls run on the calling
 *  thread. */
SEPAX_API sepax_status sepax3_store_set_tasks(sepax3_store *store, const sepax_task_system *tasks);

/** The backend this store's batch calls and world updates use
 *  (SEPAX_BACKEND_SCALAR for a NULL store). */
SEPAX_API sepax_backend sepax3_store_backend(const sepax3_store *store);
/** Make this store use a backend (needs the caller's lock).
 *  SEPAX_ERR_NULL, SEPAX_ERR_UNKNOWN_BACKEND for a value outside the
 *  enum, SEPAX_ERR_UNSUPPORTED_BACKEND for one not built in or not run
 *  by this CPU. */
SEPAX_API sepax_status sepax3_store_set_backend(sepax3_store *store, sepax_backend backend);

/** Lay the hull blocks out in the store's pool in the order of their
 *  shapes' places in space (Morton order of the bounding boxes' centres
 *  as the last world update left them), so that the pairs of one sweep
 *  read neighbouring blocks. Ids, slots and every answer stay as they
 *  were; only where the blocks lie changes. SEPAX_ERR_NULL, or
 *  SEPAX_ERR_OUT_OF_MEMORY with the store as it was. */
SEPAX_API sepax_status sepax3_store_sort_pool(sepax3_store *store);

#ifdef __cplusplus
}
#endif

#endif
