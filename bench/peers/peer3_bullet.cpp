// Bullet 3.24 as a 3D peer: btBoxBoxDetector::getClosestPoints, the
// detector btBoxBoxCollisionAlgorithm runs for two btBoxShapes. It is ODE's
// box-box test ported to btScalar (float in Debian's build): the same 15
// axes, then contact points from clipping the incident face against the
// reference face. Bullet fixes the number of points it keeps at 4; the
// detector has no way to ask for fewer.
//
// Margins are 0: Bullet's default 0.04 would grow every box by that much
// and call gaps below it hits. After setMargin(0) the box's implicit
// dimensions are set to the half extents again, because setMargin keeps
// (half extents - old margin) + old margin, which need not round back to
// the half extents.
//
// Per pair, the detector and its input (the two transforms) are built as
// btBoxBoxCollisionAlgorithm builds them for every contact it processes:
// that is Bullet's own per-pair cost and stays in the timed loop. The
// shapes and transforms themselves are built once, outside it.
//
// Hulls and capsules (hulls3, mixed3), two more subjects:
//   bullet_hull_sat  btPolyhedralContactClipping::findSeparatingAxis, the
//                    SAT Bullet runs for two polyhedra: every face normal
//                    of both and the cross product of every pair of unique
//                    edge directions, each projected over all vertices of
//                    both hulls, stopping at the first separating axis (a
//                    miss); a hit is its `true`. Hull-hull pairs only, so
//                    hulls3 only. The polyhedra are btConvexHullShape's,
//                    after initializePolyhedralFeatures() (Bullet's own
//                    hull computer, which merges coplanar faces).
//   bullet_gjk_epa   btGjkPairDetector with btGjkEpaPenetrationDepthSolver
//                    and btVoronoiSimplexSolver, every kind, on Bullet's
//                    own shapes: btBoxShape, btSphereShape, btCapsuleShapeX
//                    and btConvexHullShape; the default input (no distance
//                    cut-off, so separated pairs get their distance too);
//                    a hit is a result with distance <= 0.
//   bullet_hull_manifold (bench_manifold3.cpp, hulls3): what
//                    btConvexConvexAlgorithm does for two polyhedra with
//                    their polyhedral features and m_enableSatConvex off
//                    (Bullet's default): btGjkPairDetector (GJK, then
//                    EPA on a hit), its point handed to the manifold, and
//                    when the pair overlaps,
//                    btPolyhedralContactClipping::clipHullAgainstHull
//                    along GJK-EPA's normal, every clipped point handed to
//                    the manifold as btManifoldResult::addContactPoint
//                    hands it (local points, getCacheEntry, then
//                    replaceContactPoint or addManifoldPoint, which keeps
//                    four by sortCachedPoints). The contact breaking
//                    threshold is 0, not Bullet's 0.02, so that only
//                    points at or below the surface are made and kept, as
//                    sepax keeps them; it is also GJK's distance cut-off
//                    (input.m_maximumDistanceSquared = 0: GJK stops at the
//                    first support point that proves the pair apart) and
//                    the manifold's merge radius (no point is merged). The
//                    manifold is cleared per pair; refreshContactPoints,
//                    which only drops points beyond the threshold under
//                    moved transforms, is not called.
// Box and hull margins are 0 (see above); a sphere's and a capsule's
// margin is their radius by Bullet's construction, and GJK runs on the
// core (point, segment) and subtracts it: the exact shape. A hull's
// points are its kept vertices less its centre, in float, placed by the
// world record's axes and centre (btTransform).
#include <btBulletCollisionCommon.h>

#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>
#include <BulletCollision/CollisionShapes/btConvexPolyhedron.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPersistentManifold.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btPolyhedralContactClipping.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <memory>
#include <vector>

#include "harness/bench3_scene.h"

#ifndef SEPAX_BENCH_BULLET_VERSION
#define SEPAX_BENCH_BULLET_VERSION "?"
#endif

namespace sepax_bench {
namespace {

// Counts contact points; a hit is at least one.
struct CountPoints final : public btDiscreteCollisionDetectorInterface::Result {
    int points = 0;
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &, const btVector3 &, btScalar) override { ++points; }
};

class BulletWorld final : public PeerWorld3 {
public:
    explicit BulletWorld(const Scene3 &s) : slot_(s.slot_limit, UINT32_MAX)
    {
        shapes_.reserve(s.boxes);
        xf_.reserve(s.boxes);
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            if (s.kind[slot] != SEPAX3_SHAPE_BOX)
                continue;
            const sepax3_world_shape &w = s.world[slot];
            const btVector3 half(w.half_extents.x, w.half_extents.y, w.half_extents.z);
            slot_[slot] = (uint32_t)shapes_.size();
            shapes_.emplace_back(half);
            btBoxShape &box = shapes_.back();
            box.setMargin(0);
            box.setImplicitShapeDimensions(half);
            const btMatrix3x3 basis(w.axis[0].x, w.axis[1].x, w.axis[2].x, w.axis[0].y,
                                    w.axis[1].y, w.axis[2].y, w.axis[0].z, w.axis[1].z,
                                    w.axis[2].z);
            xf_.emplace_back(basis, btVector3(w.centre.x, w.centre.y, w.centre.z));
        }
    }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            const uint32_t i = slot_[a], j = slot_[b];
            btBoxBoxDetector detector(&shapes_[i], &shapes_[j]);
            btDiscreteCollisionDetectorInterface::ClosestPointInput input;
            input.m_transformA = xf_[i];
            input.m_transformB = xf_[j];
            CountPoints result;
            detector.getClosestPoints(input, result, nullptr);
            return result.points > 0;
        });
    }

private:
    std::vector<uint32_t> slot_; // slot -> index into shapes_ and xf_
    std::vector<btBoxShape> shapes_;
    std::vector<btTransform> xf_;
};

btTransform transform_of(const sepax3_world_shape &w)
{
    const btMatrix3x3 basis(w.axis[0].x, w.axis[1].x, w.axis[2].x, w.axis[0].y, w.axis[1].y,
                            w.axis[2].y, w.axis[0].z, w.axis[1].z, w.axis[2].z);
    return btTransform(basis, btVector3(w.centre.x, w.centre.y, w.centre.z));
}

// A hull as Bullet's shape: its offsets from the centre in float, margin
// 0, and with features its polyhedron (Bullet's hull computer).
std::unique_ptr<btConvexHullShape> bullet_hull(const Scene3 &s, uint32_t slot, bool features,
                                               std::vector<btVector3> &points)
{
    const double *o = s.hull_offsets.data() + 3 * (size_t)s.hull_first[slot];
    points.clear();
    for (uint32_t k = 0; k < s.hull_count[slot]; ++k, o += 3)
        points.emplace_back((btScalar)o[0], (btScalar)o[1], (btScalar)o[2]);
    auto hull = std::make_unique<btConvexHullShape>(&points[0].x(), (int)points.size(),
                                                    (int)sizeof(btVector3));
    hull->setMargin(0);
    if (features)
        hull->initializePolyhedralFeatures();
    return hull;
}

// The edge-edge axis of findSeparatingAxis reports a contact point; only
// the returned flag is the answer here.
struct IgnorePoints final : public btDiscreteCollisionDetectorInterface::Result {
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &, const btVector3 &, btScalar) override {}
};

// Every kind as Bullet's own shape, per slot; Sat: hulls only, with their
// polyhedral features for findSeparatingAxis.
template <bool Sat> class BulletKindsWorld final : public PeerWorld3 {
public:
    explicit BulletKindsWorld(const Scene3 &s) : shapes_(s.slot_limit), xf_(s.slot_limit)
    {
        std::vector<btVector3> points;
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            const int kind = s.kind[slot];
            if (kind >= SEPAX3_SHAPE_KIND_COUNT || (Sat && kind != SEPAX3_SHAPE_HULL))
                continue;
            const sepax3_world_shape &w = s.world[slot];
            xf_[slot] = transform_of(w);
            switch (kind) {
            case SEPAX3_SHAPE_BOX: {
                const btVector3 half(w.half_extents.x, w.half_extents.y, w.half_extents.z);
                auto box = std::make_unique<btBoxShape>(half);
                box->setMargin(0);
                box->setImplicitShapeDimensions(half);
                shapes_[slot] = std::move(box);
                break;
            }
            case SEPAX3_SHAPE_SPHERE:
                shapes_[slot] = std::make_unique<btSphereShape>(w.radius);
                break;
            case SEPAX3_SHAPE_CAPSULE:
                shapes_[slot] =
                    std::make_unique<btCapsuleShapeX>(w.radius, 2.0f * w.half_extents.x);
                break;
            case SEPAX3_SHAPE_HULL:
                shapes_[slot] = bullet_hull(s, slot, Sat, points);
                break;
            }
        }
    }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            if (Sat) {
                const auto *ha = static_cast<const btConvexHullShape *>(shapes_[a].get());
                const auto *hb = static_cast<const btConvexHullShape *>(shapes_[b].get());
                btVector3 sep;
                IgnorePoints ignore;
                return btPolyhedralContactClipping::findSeparatingAxis(
                    *ha->getConvexPolyhedron(), *hb->getConvexPolyhedron(), xf_[a], xf_[b], sep,
                    ignore);
            }
            btGjkPairDetector gjk(shapes_[a].get(), shapes_[b].get(), &simplex_, &epa_);
            btGjkPairDetector::ClosestPointInput input;
            input.m_transformA = xf_[a];
            input.m_transformB = xf_[b];
            btPointCollector result;
            gjk.getClosestPoints(input, result, nullptr);
            return result.m_hasResult && result.m_distance <= 0;
        });
    }

private:
    std::vector<std::unique_ptr<btConvexShape>> shapes_; // per slot
    std::vector<btTransform> xf_;
    btVoronoiSimplexSolver simplex_;
    btGjkEpaPenetrationDepthSolver epa_;
};

// btManifoldResult::addContactPoint without the collision objects (no
// friction or restitution to combine, no callbacks): a point deeper than
// the breaking threshold is dropped, else made local to both shapes and
// merged into the manifold or added to it.
struct ManifoldPoints final : public btDiscreteCollisionDetectorInterface::Result {
    btPersistentManifold manifold{nullptr, nullptr, 0, 0, 0};
    const btTransform *xa = nullptr, *xb = nullptr;
    size_t offered = 0; // points handed in and within the threshold
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &normal_on_b, const btVector3 &point_on_b,
                         btScalar depth) override
    {
        if (depth > manifold.getContactBreakingThreshold())
            return;
        ++offered;
        const btVector3 point_on_a = point_on_b + normal_on_b * depth;
        btManifoldPoint p(xa->invXform(point_on_a), xb->invXform(point_on_b), normal_on_b, depth);
        p.m_positionWorldOnA = point_on_a;
        p.m_positionWorldOnB = point_on_b;
        const int index = manifold.getCacheEntry(p);
        if (index >= 0)
            manifold.replaceContactPoint(p, index);
        else
            manifold.addManifoldPoint(p);
    }
};

// btConvexConvexAlgorithm's btWithoutMarginResult with both margins 0:
// keeps GJK-EPA's normal and distance and hands its point on.
struct GjkPoint final : public btDiscreteCollisionDetectorInterface::Result {
    btDiscreteCollisionDetectorInterface::Result *out;
    btVector3 normal{0, 0, 0};
    btScalar distance = 0;
    bool found = false;
    explicit GjkPoint(btDiscreteCollisionDetectorInterface::Result *o) : out(o) {}
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3 &normal_on_b, const btVector3 &point_on_b,
                         btScalar depth) override
    {
        normal = normal_on_b;
        distance = depth;
        found = found || depth < 0;
        out->addContactPoint(normal_on_b, point_on_b, depth);
    }
};

// Hulls only, with their polyhedral features; a hit is a manifold of at
// least one point.
class BulletHullManifoldWorld final : public PeerContacts3 {
public:
    explicit BulletHullManifoldWorld(const Scene3 &s) : hulls_(s.slot_limit), xf_(s.slot_limit)
    {
        std::vector<btVector3> points;
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            if (s.kind[slot] != SEPAX3_SHAPE_HULL)
                continue;
            xf_[slot] = transform_of(s.world[slot]);
            hulls_[slot] = bullet_hull(s, slot, true, points);
        }
    }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        size_t contacts = 0, clipped = 0;
        const size_t hits = count_peer_hits(pairs, n, out, [&](uint32_t a, uint32_t b) {
            btConvexHullShape *ha = hulls_[a].get(), *hb = hulls_[b].get();
            ManifoldPoints &m = points_;
            m.manifold.clearManifold();
            m.xa = &xf_[a];
            m.xb = &xf_[b];
            btGjkPairDetector gjk(ha, hb, &simplex_, &epa_);
            btGjkPairDetector::ClosestPointInput input;
            input.m_maximumDistanceSquared = 0; // (margins + threshold)^2
            input.m_transformA = xf_[a];
            input.m_transformB = xf_[b];
            GjkPoint gjk_out(&m);
            gjk.getClosestPoints(input, gjk_out, nullptr);
            if (gjk_out.found && gjk_out.distance < 0) {
                const size_t before = m.offered;
                verts1_.resize(0);
                btPolyhedralContactClipping::clipHullAgainstHull(
                    gjk_out.normal, *ha->getConvexPolyhedron(), *hb->getConvexPolyhedron(),
                    xf_[a], xf_[b], gjk_out.distance - kThreshold, kThreshold, verts1_, verts2_,
                    m);
                clipped += m.offered - before;
            }
            const int k = m.manifold.getNumContacts();
            contacts += (size_t)k;
            return k > 0;
        });
        contacts_ = contacts;
        clipped_ = clipped;
        return hits;
    }
    size_t contacts() const override { return contacts_; }
    size_t generated() const override { return clipped_; }

private:
    static constexpr btScalar kThreshold = 0; // the contact breaking threshold
    std::vector<std::unique_ptr<btConvexHullShape>> hulls_; // per slot
    std::vector<btTransform> xf_;
    btVoronoiSimplexSolver simplex_;
    btGjkEpaPenetrationDepthSolver epa_;
    ManifoldPoints points_;
    btVertexArray verts1_, verts2_;
    size_t contacts_ = 0, clipped_ = 0;
};

} // namespace

void add_bullet3_subjects(std::vector<PeerSubject3> &out)
{
    const std::string lib = "Bullet " SEPAX_BENCH_BULLET_VERSION;
    out.push_back({"bullet_box_box", lib, &peer_world3_for<BulletWorld>});
    out.push_back({"bullet_hull_sat", lib, &peer_world3_for<BulletKindsWorld<true>>,
                   kPeerHullHull});
    out.push_back({"bullet_gjk_epa", lib, &peer_world3_for<BulletKindsWorld<false>>,
                   kPeerAnyKind});
}

void add_bullet3_manifold_subjects(std::vector<PeerManifold3> &out)
{
    out.push_back({"bullet_hull_manifold", "Bullet " SEPAX_BENCH_BULLET_VERSION,
                   &peer_contacts3_for<BulletHullManifoldWorld>, "hulls3"});
}

} // namespace sepax_bench
