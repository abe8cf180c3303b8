// Box2D 2.4 as a peer: b2CollidePolygons (SAT plus contact clipping) and
// b2TestOverlap (GJK distance) on the store's world vertices.
//
// The polygons are built from the world vertices sepax holds, with identity
// transforms, so both libraries read exactly the same floats. Box2D's own
// b2PolygonShape::Set computes a hull and welds vertices closer than half
// its linear slop; shapes whose vertex count changes are counted
// (`reshaped`). The skin radius is set to 0 after Set: by default Box2D
// inflates polygons by b2_polygonRadius, which would report gaps below
// that as hits.
#include <box2d/box2d.h>

#include <cstdio>
#include <map>
#include <memory>

#include "bench_scene.h"

namespace sepax_bench {
namespace {

class Box2dWorld : public PeerWorld {
public:
    explicit Box2dWorld(const Scene &s) : polys_(s.slot_limit)
    {
        identity_.SetIdentity();
        b2Vec2 pts[b2_maxPolygonVertices];
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            const uint32_t c = s.count[slot];
            if (c == 0)
                continue;
            for (uint32_t i = 0; i < c; ++i)
                pts[i].Set(s.world[s.first[slot] + i].x, s.world[s.first[slot] + i].y);
            polys_[slot].Set(pts, (int32)c);
            polys_[slot].m_radius = 0.0f;
            if ((uint32_t)polys_[slot].m_count != c)
                ++reshaped_;
        }
    }

    size_t reshaped() const override { return reshaped_; }

protected:
    std::vector<b2PolygonShape> polys_;
    b2Transform identity_;
    size_t reshaped_ = 0;
};

class CollidePolygons final : public Box2dWorld {
public:
    using Box2dWorld::Box2dWorld;
    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            b2Manifold m;
            b2CollidePolygons(&m, &polys_[a], identity_, &polys_[b], identity_);
            return m.pointCount > 0;
        });
    }
};

class TestOverlap final : public Box2dWorld {
public:
    using Box2dWorld::Box2dWorld;
    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            return b2TestOverlap(&polys_[a], 0, &polys_[b], 0, identity_, identity_);
        });
    }
};

std::string version()
{
#ifdef SEPAX_BENCH_BOX2D_VERSION
    // The installed package's version: b2_version in some 2.4.x releases
    // still says 2.4.0.
    return "Box2D " SEPAX_BENCH_BOX2D_VERSION;
#else
    char buf[64];
    std::snprintf(buf, sizeof buf, "Box2D %d.%d.%d", (int)b2_version.major, (int)b2_version.minor,
                  (int)b2_version.revision);
    return buf;
#endif
}

} // namespace

void add_box2d_subjects(std::vector<PeerSubject> &out)
{
    out.push_back({"box2d_collide_polygons", version(), b2_maxPolygonVertices, true,
                   &peer_world_for<CollidePolygons>});
    out.push_back({"box2d_test_overlap", version(), b2_maxPolygonVertices, false,
                   &peer_world_for<TestOverlap>});
}

} // namespace sepax_bench
