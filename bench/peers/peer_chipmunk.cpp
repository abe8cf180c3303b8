// Chipmunk2D 7 as a peer: cpShapesCollide (GJK/EPA plus contact points) on
// polygon shapes built from the store's world vertices.
//
// All shapes hang off one static body at the identity, with radius 0; their
// cached world data (transformed vertices and planes, bounding box) is
// filled by cpShapeUpdate before anything is timed. cpPolyShapeNew runs its
// own convex hull; shapes whose vertex count changes are counted
// (`reshaped`). Chipmunk computes in double precision (cpFloat).
//
// Every sepax kind has an exact Chipmunk counterpart: a circle is a circle
// shape, a capsule a segment shape with its radius, a segment a segment
// shape of radius 0, a rounded polygon a polygon shape with its radius
// (Chipmunk's radii are part of the shape: GJK distance minus the radii).
#include <chipmunk/chipmunk.h>

#include <cstdio>
#include <map>
#include <memory>

#include "harness/bench_scene.h"

namespace sepax_bench {
namespace {

class ChipmunkWorld final : public PeerWorld {
public:
    explicit ChipmunkWorld(const Scene &s) : shapes_(s.slot_limit, nullptr)
    {
        body_ = cpBodyNewStatic();
        cpVect v[SEPAX_MAX_POLYGON_VERTICES];
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            const uint32_t c = s.count[slot];
            if (c == 0)
                continue;
            for (uint32_t i = 0; i < c; ++i)
                v[i] = cpv(s.world[s.first[slot] + i].x, s.world[s.first[slot] + i].y);
            const cpFloat r = s.kind.empty() ? 0.0 : (cpFloat)s.radius[slot];
            const sepax_shape_kind kind =
                s.kind.empty() ? SEPAX_SHAPE_POLYGON : (sepax_shape_kind)s.kind[slot];
            cpShape *shape;
            switch (kind) {
            case SEPAX_SHAPE_CIRCLE:
                shape = cpCircleShapeNew(body_, r, v[0]);
                break;
            case SEPAX_SHAPE_CAPSULE:
            case SEPAX_SHAPE_SEGMENT:
                shape = cpSegmentShapeNew(body_, v[0], v[1], r);
                break;
            default:
                shape = cpPolyShapeNew(body_, (int)c, v, cpTransformIdentity, r);
                if ((uint32_t)cpPolyShapeGetCount(shape) != c)
                    ++reshaped_;
                break;
            }
            cpShapeUpdate(shape, cpTransformIdentity);
            shapes_[slot] = shape;
        }
    }

    ~ChipmunkWorld() override
    {
        for (cpShape *shape : shapes_)
            if (shape)
                cpShapeFree(shape);
        cpBodyFree(body_);
    }

    ChipmunkWorld(const ChipmunkWorld &) = delete;
    ChipmunkWorld &operator=(const ChipmunkWorld &) = delete;

    size_t reshaped() const override { return reshaped_; }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            return cpShapesCollide(shapes_[a], shapes_[b]).count > 0;
        });
    }

private:
    cpBody *body_ = nullptr;
    std::vector<cpShape *> shapes_;
    size_t reshaped_ = 0;
};

} // namespace

void add_chipmunk_subjects(std::vector<PeerSubject> &out)
{
    out.push_back({"chipmunk_collide", std::string("Chipmunk2D ") + cpVersionString, 0, false,
                   kAnyScenes, false, &peer_world_for<ChipmunkWorld>});
}

} // namespace sepax_bench
