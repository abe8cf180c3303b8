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
#include <btBulletCollisionCommon.h>

#include <BulletCollision/CollisionDispatch/btBoxBoxDetector.h>

#include <vector>

#include "bench3_scene.h"

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

} // namespace

void add_bullet3_subjects(std::vector<PeerSubject3> &out)
{
    out.push_back(
        {"bullet_box_box", "Bullet " SEPAX_BENCH_BULLET_VERSION, &peer_world3_for<BulletWorld>});
}

} // namespace sepax_bench
