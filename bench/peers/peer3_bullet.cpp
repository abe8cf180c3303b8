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
            case SEPAX3_SHAPE_HULL: {
                const double *o = s.hull_offsets.data() + 3 * (size_t)s.hull_first[slot];
                points.clear();
                for (uint32_t k = 0; k < s.hull_count[slot]; ++k, o += 3)
                    points.emplace_back((btScalar)o[0], (btScalar)o[1], (btScalar)o[2]);
                auto hull = std::make_unique<btConvexHullShape>(
                    &points[0].x(), (int)points.size(), (int)sizeof(btVector3));
                hull->setMargin(0);
                if (Sat)
                    hull->initializePolyhedralFeatures();
                shapes_[slot] = std::move(hull);
                break;
            }
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

} // namespace sepax_bench
