// Box2D 2.4 as a peer: b2CollidePolygons (SAT plus contact clipping) and
// b2TestOverlap (GJK distance) on the store's world vertices; on scenes
// with round and thin shapes, the manifold function Box2D itself would
// pick for each pair of shape types, and b2TestOverlap on the same shapes.
//
// The polygons are built from the world vertices sepax holds, with identity
// transforms, so both libraries read exactly the same floats. Box2D's own
// b2PolygonShape::Set computes a hull and welds vertices closer than half
// its linear slop; shapes whose vertex count changes are counted
// (`reshaped`). The skin radius is set to 0 after Set: by default Box2D
// inflates polygons by b2_polygonRadius, which would report gaps below
// that as hits.
//
// Round and thin kinds (docs/bench/round-2d.md, "How each kind reaches
// Box2D 2.4"):
// circle -> b2CircleShape; segment -> two-sided b2EdgeShape with radius 0;
// rounded polygon -> b2PolygonShape of its core with m_radius = its radius;
// capsule -> (Box2D 2.4 has none) a b2PolygonShape box around the core
// segment, kCapsuleHalfWidth thick, with m_radius = its radius, in a frame
// of its own (see Box2dKinds).
#include <box2d/box2d.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

#include "harness/bench_scene.h"

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

// Half the thickness of the box that stands in for a capsule's core
// segment. b2PolygonShape needs an area (Set rejects two points, and a
// zero-height box has zero-length end faces whose tangent Box2D cannot
// normalise); 1e-6 is far below the touching band (1e-5 times a scale of at
// least the pair's size) and well above FLT_EPSILON, so the box's end
// faces still normalise.
constexpr float kCapsuleHalfWidth = 1e-6f;

// Every kind as its Box2D shape, reached through a b2Shape pointer per slot
// as a Box2D fixture reaches its shape. Transforms are the identity (world
// coordinates, as for polygons) except for capsules: their box is built
// axis-aligned around the origin and placed by its own transform, because
// b2CollidePolygons takes a reference face's normal from the difference of
// its two vertices, and the end faces of the thin box in world coordinates
// (2e-6 long, coordinates of a few hundred) would point anywhere.
class Box2dKinds : public PeerWorld {
public:
    explicit Box2dKinds(const Scene &s)
        : shape_(s.slot_limit, nullptr), xf_(s.slot_limit), skin_(s.slot_limit, 0)
    {
        size_t circles = 0, edges = 0, polys = 0;
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            if (s.count[slot] == 0)
                continue;
            switch (box2d_group((sepax_shape_kind)s.kind[slot])) {
            case 0:
                ++circles;
                break;
            case 2:
                ++edges;
                break;
            default:
                ++polys;
                break;
            }
        }
        // Reserved up front: shape_ points into these.
        circles_.reserve(circles);
        edges_.reserve(edges);
        polys_.reserve(polys);

        b2Transform identity;
        identity.SetIdentity();
        b2Vec2 pts[b2_maxPolygonVertices];
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            const uint32_t c = s.count[slot];
            if (c == 0)
                continue;
            const sepax_vec2 *w = &s.world[s.first[slot]];
            const float r = s.radius[slot];
            xf_[slot] = identity;
            switch ((sepax_shape_kind)s.kind[slot]) {
            case SEPAX_SHAPE_CIRCLE: {
                b2CircleShape circle;
                circle.m_p.Set(w[0].x, w[0].y);
                circle.m_radius = r;
                circles_.push_back(circle);
                shape_[slot] = &circles_.back();
                break;
            }
            case SEPAX_SHAPE_SEGMENT: {
                b2EdgeShape edge;
                edge.SetTwoSided(b2Vec2(w[0].x, w[0].y), b2Vec2(w[1].x, w[1].y));
                edge.m_radius = 0.0f;
                edges_.push_back(edge);
                shape_[slot] = &edges_.back();
                break;
            }
            case SEPAX_SHAPE_CAPSULE: {
                const double dx = (double)w[1].x - w[0].x, dy = (double)w[1].y - w[0].y;
                const double len = std::sqrt(dx * dx + dy * dy);
                b2PolygonShape box;
                box.SetAsBox((float)(0.5 * len), kCapsuleHalfWidth);
                box.m_radius = r;
                xf_[slot].p.Set((float)(0.5 * ((double)w[0].x + w[1].x)),
                                (float)(0.5 * ((double)w[0].y + w[1].y)));
                xf_[slot].q.c = (float)(dx / len);
                xf_[slot].q.s = (float)(dy / len);
                polys_.push_back(box);
                shape_[slot] = &polys_.back();
                skin_[slot] = 1;
                break;
            }
            default: { // polygon, box, rounded polygon
                for (uint32_t i = 0; i < c; ++i)
                    pts[i].Set(w[i].x, w[i].y);
                b2PolygonShape poly;
                poly.Set(pts, (int32)c);
                poly.m_radius = r;
                if ((uint32_t)poly.m_count != c)
                    ++reshaped_;
                polys_.push_back(poly);
                shape_[slot] = &polys_.back();
                skin_[slot] = r > 0.0f;
                break;
            }
            }
        }
    }

    size_t reshaped() const override { return reshaped_; }

    // b2CollidePolygons squares off a polygon radius at the corners (it
    // tests only the cores' face normals against the summed radii), and
    // b2CollideEdgeAndPolygon neither adds the edge's end axes nor widens
    // its clipping side planes by the radius: both treat m_radius as the
    // thin skin it is meant to be (b2_polygonRadius), not as a rounding.
    bool approximates(uint32_t a, uint32_t b) const override
    {
        const int ta = shape_[a]->m_type, tb = shape_[b]->m_type;
        const bool polygons = ta == b2Shape::e_polygon && tb == b2Shape::e_polygon;
        const bool edge_polygon = (ta == b2Shape::e_edge && tb == b2Shape::e_polygon) ||
                                  (ta == b2Shape::e_polygon && tb == b2Shape::e_edge);
        return (polygons || edge_polygon) && (skin_[a] || skin_[b]);
    }

protected:
    std::vector<const b2Shape *> shape_;
    std::vector<b2Transform> xf_;
    std::vector<uint8_t> skin_; // a b2PolygonShape with m_radius > 0
    std::vector<b2CircleShape> circles_;
    std::vector<b2EdgeShape> edges_;
    std::vector<b2PolygonShape> polys_;
    size_t reshaped_ = 0;
};

// The manifold function b2Contact::Create registers for the two shape
// types, with the shapes in the order it registers them (polygon before
// circle, edge before circle and polygon). Box2D has no edge-edge contact;
// those pairs get b2TestOverlap, the only Box2D answer for them.
class CollideKinds final : public Box2dKinds {
public:
    using Box2dKinds::Box2dKinds;
    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            const b2Shape *sa = shape_[a], *sb = shape_[b];
            const b2Transform &xa = xf_[a], &xb = xf_[b];
            b2Manifold m;
            m.pointCount = 0;
            switch (sa->m_type * 4 + sb->m_type) {
            case b2Shape::e_circle * 4 + b2Shape::e_circle:
                b2CollideCircles(&m, circle(sa), xa, circle(sb), xb);
                break;
            case b2Shape::e_polygon * 4 + b2Shape::e_circle:
                b2CollidePolygonAndCircle(&m, poly(sa), xa, circle(sb), xb);
                break;
            case b2Shape::e_circle * 4 + b2Shape::e_polygon:
                b2CollidePolygonAndCircle(&m, poly(sb), xb, circle(sa), xa);
                break;
            case b2Shape::e_polygon * 4 + b2Shape::e_polygon:
                b2CollidePolygons(&m, poly(sa), xa, poly(sb), xb);
                break;
            case b2Shape::e_edge * 4 + b2Shape::e_circle:
                b2CollideEdgeAndCircle(&m, edge(sa), xa, circle(sb), xb);
                break;
            case b2Shape::e_circle * 4 + b2Shape::e_edge:
                b2CollideEdgeAndCircle(&m, edge(sb), xb, circle(sa), xa);
                break;
            case b2Shape::e_edge * 4 + b2Shape::e_polygon:
                b2CollideEdgeAndPolygon(&m, edge(sa), xa, poly(sb), xb);
                break;
            case b2Shape::e_polygon * 4 + b2Shape::e_edge:
                b2CollideEdgeAndPolygon(&m, edge(sb), xb, poly(sa), xa);
                break;
            default: // edge and edge
                return b2TestOverlap(sa, 0, sb, 0, xa, xb);
            }
            return m.pointCount > 0;
        });
    }

private:
    static const b2CircleShape *circle(const b2Shape *s) { return static_cast<const b2CircleShape *>(s); }
    static const b2EdgeShape *edge(const b2Shape *s) { return static_cast<const b2EdgeShape *>(s); }
    static const b2PolygonShape *poly(const b2Shape *s) { return static_cast<const b2PolygonShape *>(s); }
};

class TestOverlapKinds final : public Box2dKinds {
public:
    using Box2dKinds::Box2dKinds;
    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            return b2TestOverlap(shape_[a], 0, shape_[b], 0, xf_[a], xf_[b]);
        });
    }
    // GJK works on the exact Minkowski shapes, radii included.
    bool approximates(uint32_t, uint32_t) const override { return false; }
};

// Polygon scenes keep the plain polygon world, so their numbers stay
// comparable with earlier runs.
PeerWorld *test_overlap_world(const Scene &s)
{
    if (s.kinds)
        return peer_world_for<TestOverlapKinds>(s);
    return peer_world_for<TestOverlap>(s);
}

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
    // subject, library, max vertices, cheap, scenes, per class, world.
    // box2d_collide on polygon scenes would be box2d_collide_polygons with
    // a switch in front; it runs where the kinds make the switch matter.
    out.push_back({"box2d_collide", version(), b2_maxPolygonVertices, false, kKindScenes, true,
                   &peer_world_for<CollideKinds>});
    out.push_back({"box2d_collide_polygons", version(), b2_maxPolygonVertices, true,
                   kPolygonScenes, false, &peer_world_for<CollidePolygons>});
    out.push_back({"box2d_test_overlap", version(), b2_maxPolygonVertices, false, kAnyScenes, false,
                   &test_overlap_world});
}

} // namespace sepax_bench
