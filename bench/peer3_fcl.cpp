// FCL 0.7 as a 3D peer: fcl::collide on two fcl::Box shapes with their
// transforms and the default request (at most one contact, no contact
// details). FCL's templates are instantiated for double only in Debian's
// library (there is no collide<float> in libfcl.so), so the boxes are
// Box<double>: the floats sepax holds, widened exactly.
//
// What one call does: a GJK solver object is made, the function for the
// pair of geometry types is looked up in FCL's table, and box-box goes to
// FCL's port of ODE's test (detail::boxBoxIntersect), which asks for up
// to 4 contact points into a std::vector whatever the request says. All
// of that is FCL's own per-pair cost and stays in the timed loop; the
// result object is cleared per pair, as a caller reusing one must. The
// boxes and transforms are built once, outside it.
#include <fcl/geometry/shape/box.h>
#include <fcl/narrowphase/collision.h>

#include <vector>

#include "bench3_scene.h"

#ifndef SEPAX_BENCH_FCL_VERSION
#define SEPAX_BENCH_FCL_VERSION "?"
#endif

namespace sepax_bench {
namespace {

class FclWorld final : public PeerWorld3 {
public:
    explicit FclWorld(const Scene3 &s) : slot_(s.slot_limit, UINT32_MAX)
    {
        boxes_.reserve(s.boxes);
        xf_.reserve(s.boxes);
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            if (s.kind[slot] != SEPAX3_SHAPE_BOX)
                continue;
            const sepax3_world_shape &w = s.world[slot];
            slot_[slot] = (uint32_t)boxes_.size();
            boxes_.emplace_back(2.0 * (double)w.half_extents.x, 2.0 * (double)w.half_extents.y,
                                2.0 * (double)w.half_extents.z);
            fcl::Transform3d xf = fcl::Transform3d::Identity();
            for (int j = 0; j < 3; ++j) {
                xf.linear()(0, j) = w.axis[j].x;
                xf.linear()(1, j) = w.axis[j].y;
                xf.linear()(2, j) = w.axis[j].z;
            }
            xf.translation() = fcl::Vector3d(w.centre.x, w.centre.y, w.centre.z);
            xf_.push_back(xf);
        }
    }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            const uint32_t i = slot_[a], j = slot_[b];
            result_.clear();
            return fcl::collide(&boxes_[i], xf_[i], &boxes_[j], xf_[j], request_, result_) > 0;
        });
    }

private:
    std::vector<uint32_t> slot_; // slot -> index into boxes_ and xf_
    std::vector<fcl::Boxd> boxes_;
    std::vector<fcl::Transform3d, Eigen::aligned_allocator<fcl::Transform3d>> xf_;
    fcl::CollisionRequestd request_;
    fcl::CollisionResultd result_;
};

} // namespace

void add_fcl3_subjects(std::vector<PeerSubject3> &out)
{
    out.push_back({"fcl_box_box", "FCL " SEPAX_BENCH_FCL_VERSION " (double)",
                   &peer_world3_for<FclWorld>});
}

} // namespace sepax_bench
