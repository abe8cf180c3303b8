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
//
// fcl_convex (hulls3, mixed3): every kind as FCL's own shape, fcl::Box,
// fcl::Sphere, fcl::Capsule (along its local z, so its rotation takes z to
// the segment's direction) and fcl::Convex for hulls, whose faces are the
// triangles Qhull makes of the hull's vertices (hull_faces3.c), once per
// hull when the world is built. The request asks for one contact with
// enable_contact = true, so that a hit also gets its depth, normal and
// point (FCL runs GJK, then EPA, for a convex pair; libccd's, which FCL
// uses by default). A hit is `collide` returning a contact.
//
// fcl_box_box_contacts (bench_manifold3.cpp, boxes3): fcl_box_box's boxes
// with a request for up to four contacts and enable_contact = true, so
// that the points FCL's port of ODE's test builds are kept (with their
// position, normal and depth) instead of dropped; each one counted.
#include <fcl/geometry/shape/box.h>
#include <fcl/geometry/shape/capsule.h>
#include <fcl/geometry/shape/convex.h>
#include <fcl/geometry/shape/sphere.h>
#include <fcl/narrowphase/collision.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "harness/bench3_scene.h"
#include "hull_faces3.h"

#ifndef SEPAX_BENCH_FCL_VERSION
#define SEPAX_BENCH_FCL_VERSION "?"
#endif

namespace sepax_bench {
namespace {

// Every box of a scene, in slot order, with its transform.
struct FclBoxes {
    std::vector<uint32_t> slot_; // slot -> index into boxes_ and xf_
    std::vector<fcl::Boxd> boxes_;
    std::vector<fcl::Transform3d, Eigen::aligned_allocator<fcl::Transform3d>> xf_;

    explicit FclBoxes(const Scene3 &s) : slot_(s.slot_limit, UINT32_MAX)
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
};

class FclWorld final : public PeerWorld3, private FclBoxes {
public:
    explicit FclWorld(const Scene3 &s) : FclBoxes(s) {}

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            const uint32_t i = slot_[a], j = slot_[b];
            result_.clear();
            return fcl::collide(&boxes_[i], xf_[i], &boxes_[j], xf_[j], request_, result_) > 0;
        });
    }

private:
    fcl::CollisionRequestd request_;
    fcl::CollisionResultd result_;
};

// Up to four contacts with their details; a hit is at least one.
class FclContactsWorld final : public PeerContacts3, private FclBoxes {
public:
    explicit FclContactsWorld(const Scene3 &s) : FclBoxes(s), request_(4, true) {}

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        size_t contacts = 0;
        const size_t hits = count_peer_hits(pairs, n, out, [&](uint32_t a, uint32_t b) {
            const uint32_t i = slot_[a], j = slot_[b];
            result_.clear();
            const size_t k =
                fcl::collide(&boxes_[i], xf_[i], &boxes_[j], xf_[j], request_, result_);
            contacts += k;
            return k > 0;
        });
        contacts_ = contacts;
        return hits;
    }
    size_t contacts() const override { return contacts_; }

private:
    fcl::CollisionRequestd request_;
    fcl::CollisionResultd result_;
    size_t contacts_ = 0;
};

fcl::Transform3d transform_of(const sepax3_world_shape &w, bool capsule)
{
    fcl::Transform3d xf = fcl::Transform3d::Identity();
    // a capsule's segment runs along FCL's local z: local (x, y, z) go to
    // the world axes 1, 2, 0 (a cyclic turn keeps the frame right-handed)
    static const int plain[3] = {0, 1, 2}, turned[3] = {1, 2, 0};
    const int *map = capsule ? turned : plain;
    for (int j = 0; j < 3; ++j) {
        const sepax3_vec &a = w.axis[map[j]];
        xf.linear()(0, j) = a.x;
        xf.linear()(1, j) = a.y;
        xf.linear()(2, j) = a.z;
    }
    xf.translation() = fcl::Vector3d(w.centre.x, w.centre.y, w.centre.z);
    return xf;
}

class FclKindsWorld final : public PeerWorld3 {
public:
    explicit FclKindsWorld(const Scene3 &s)
        : shapes_(s.slot_limit), xf_(s.slot_limit, fcl::Transform3d::Identity()),
          request_(1, true)
    {
        std::vector<int> tri(3 * 2 * SEPAX3_MAX_HULL_VERTICES);
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            const int kind = s.kind[slot];
            if (kind >= SEPAX3_SHAPE_KIND_COUNT)
                continue;
            const sepax3_world_shape &w = s.world[slot];
            xf_[slot] = transform_of(w, kind == SEPAX3_SHAPE_CAPSULE);
            switch (kind) {
            case SEPAX3_SHAPE_BOX:
                shapes_[slot] = std::make_shared<fcl::Boxd>(2.0 * (double)w.half_extents.x,
                                                            2.0 * (double)w.half_extents.y,
                                                            2.0 * (double)w.half_extents.z);
                break;
            case SEPAX3_SHAPE_SPHERE:
                shapes_[slot] = std::make_shared<fcl::Sphered>((double)w.radius);
                break;
            case SEPAX3_SHAPE_CAPSULE:
                shapes_[slot] = std::make_shared<fcl::Capsuled>((double)w.radius,
                                                                2.0 * (double)w.half_extents.x);
                break;
            case SEPAX3_SHAPE_HULL: {
                const int nv = (int)s.hull_count[slot];
                const double *o = s.hull_offsets.data() + 3 * (size_t)s.hull_first[slot];
                auto verts = std::make_shared<std::vector<fcl::Vector3d>>();
                for (int k = 0; k < nv; ++k)
                    verts->emplace_back(o[3 * k], o[3 * k + 1], o[3 * k + 2]);
                const int nt = bench3_hull_triangles(o, nv, tri.data(), (int)tri.size() / 3);
                if (nt < 4) {
                    std::fprintf(stderr, "sepax_bench: Qhull could not triangulate the hull "
                                         "in slot %u of %s\n",
                                 slot, s.name.c_str());
                    std::exit(2);
                }
                auto faces = std::make_shared<std::vector<int>>();
                for (int t = 0; t < nt; ++t)
                    faces->insert(faces->end(), {3, tri[3 * t], tri[3 * t + 1], tri[3 * t + 2]});
                shapes_[slot] = std::make_shared<fcl::Convexd>(verts, nt, faces);
                break;
            }
            }
            shapes_[slot]->computeLocalAABB();
        }
    }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            result_.clear();
            return fcl::collide(shapes_[a].get(), xf_[a], shapes_[b].get(), xf_[b], request_,
                                result_) > 0;
        });
    }

private:
    std::vector<std::shared_ptr<fcl::CollisionGeometryd>> shapes_; // per slot
    std::vector<fcl::Transform3d, Eigen::aligned_allocator<fcl::Transform3d>> xf_;
    fcl::CollisionRequestd request_;
    fcl::CollisionResultd result_;
};

} // namespace

void add_fcl3_subjects(std::vector<PeerSubject3> &out)
{
    const std::string lib = "FCL " SEPAX_BENCH_FCL_VERSION " (double)";
    out.push_back({"fcl_box_box", lib, &peer_world3_for<FclWorld>});
    out.push_back({"fcl_convex", lib, &peer_world3_for<FclKindsWorld>, kPeerAnyKind});
}

void add_fcl3_manifold_subjects(std::vector<PeerManifold3> &out)
{
    out.push_back({"fcl_box_box_contacts", "FCL " SEPAX_BENCH_FCL_VERSION " (double)",
                   &peer_contacts3_for<FclContactsWorld>, "boxes3"});
}

} // namespace sepax_bench
