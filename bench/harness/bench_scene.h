// Scenes, pair lists and the reference answers shared by every benchmark
// of the harness. A scene is built the first time a benchmark asks for it
// and then kept for the rest of the process.
#ifndef SEPAX_BENCH_SCENE_H
#define SEPAX_BENCH_SCENE_H

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "scene.h"
#include "sepax/sepax.h"

namespace sepax_bench {

// One named scene: the generator settings and what the harness runs on it.
struct SceneSpec {
    std::string name;
    sepax_scene_params params;
    // Part of the scaling series (mix_2k .. mix_2m).
    bool scaling = false;
    // Register every peer on it (otherwise only the cheapest one, if any).
    bool all_peers = true;
    // Candidate pairs come from sepax_broadphase over the shapes' world
    // bounding boxes grown by this margin on every side (0: the shapes
    // themselves), like a broadphase with fattened boxes.
    float margin = 0.0f;
    // Holds round or thin shapes (circles, capsules, segments, rounded
    // polygons): only peers that handle every kind run on it, and its pair
    // classes (below) are timed on their own when there are several.
    bool kinds = false;
    // Also time sepax_collide_manifolds on it (sepax_<backend>_manifolds).
    bool manifolds = false;
    // Call sepax_store_sort_pool once after loading.
    bool sort_pool = false;
    // Add the shapes in the order the broadphase sweeps space (band of the
    // centre's y, then x) instead of the generator's: slots, rows and pool
    // all follow space, where sepax_store_sort_pool cannot move a slot (the
    // live ids the batch calls check, the spans they read). The floor for
    // any layout.
    bool spatial_load = false;
};

// Pair classes: which Box2D 2.4 manifold function a pair needs. Box2D sees
// a circle as a circle, a segment as an edge, and every other kind
// (polygon, box, rounded polygon, capsule) as a polygon, so the classes
// follow that grouping; they let each Box2D function be timed against
// sepax on the same pairs.
enum PairClass : int {
    kAllPairs = -1,
    kCircleCircle = 0, // b2CollideCircles
    kPolygonCircle,    // b2CollidePolygonAndCircle
    kPolygonPolygon,   // b2CollidePolygons
    kEdgeCircle,       // b2CollideEdgeAndCircle
    kEdgePolygon,      // b2CollideEdgeAndPolygon
    kEdgeEdge,         // none in Box2D (edges never collide with edges)
    kPairClassCount
};
// "circle_circle", ..., "edge_edge"; nullptr for kAllPairs.
const char *pair_class_name(int cls);
// Box2D's group of a sepax shape kind: 0 circle, 1 polygon, 2 edge.
int box2d_group(sepax_shape_kind kind);
int pair_class_of(sepax_shape_kind a, sepax_shape_kind b);
// "polygon", "circle", "capsule", "segment", "rounded polygon".
const char *kind_name(uint8_t kind);
// The classes a scene's generator settings can produce.
std::vector<int> pair_classes_of(const sepax_scene_params &p);

// The drift scene's rows (bench_drift.cpp): sepax_<backend>_hits[_cached]/drift.
void register_drift();

// The drift rows' per-pair records (caches, motion records; 2D and 3D)
// carried from one step's pair list to the next: pair k takes the record
// of the previous step's pair prev[k], or an empty one (zero bytes) where
// prev[k] is UINT32_MAX (a new pair). scratch is the second buffer; the
// two are swapped.
template <class Record>
void carry_records(const std::vector<uint32_t> &prev, std::vector<Record> &records,
                   std::vector<Record> &scratch)
{
    for (size_t k = 0; k < prev.size(); ++k)
        scratch[k] = prev[k] == UINT32_MAX ? Record{} : records[prev[k]];
    std::swap(records, scratch);
}

// A drift's records for step s (2D or 3D: fields caches, carried,
// motions, motions_carried, prev): each pair takes its pair's cache from
// step s - 1, or an empty one; with tracked its motion record too.
template <class Drift>
void carry_drift(Drift &d, int s, bool tracked)
{
    carry_records(d.prev[s], d.caches, d.carried);
    if (tracked)
        carry_records(d.prev[s], d.motions, d.motions_carried);
}

// Every cache and motion record of a drift empty, as at a run's start.
template <class Drift>
void clear_drift_records(Drift &d)
{
    std::fill(d.caches.begin(), d.caches.end(), typename decltype(d.caches)::value_type{});
    std::fill(d.motions.begin(), d.motions.end(), sepax_pair_motion{});
}

// The scene list, in registration order.
const std::vector<SceneSpec> &scene_specs();

// Touching tolerance: pairs with |separation| <= kTouchRelative * scale are
// excluded from disagreement counts (scale: see Scene::touching).
constexpr double kTouchRelative = 1e-5;

// Some of a scene's candidate pairs, in the order a benchmark runs them:
// pairs[i] is the scene's sweep pair sweep_index(i).
struct PairView {
    const sepax_pair *pairs = nullptr;
    size_t n = 0;
    const uint32_t *from = nullptr; // nullptr: the identity
    size_t ref_hits = 0;            // reference hits among them
    size_t touching = 0;            // touching pairs among them
    size_t sweep_index(size_t i) const { return from ? from[i] : i; }
};

struct Scene {
    std::string name;
    sepax_scene_params params{};
    float margin = 0.0f; // SceneSpec::margin
    bool kinds = false;  // SceneSpec::kinds
    sepax_store *store = nullptr;

    size_t shapes = 0;         // live shapes
    size_t failed = 0;         // scene shapes the store refused
    uint32_t slot_limit = 0;
    uint32_t max_vertices = 0; // largest cleaned vertex count
    double max_diagonal = 0;   // largest world AABB diagonal of one shape

    std::vector<sepax_pair> sweep;  // sepax_broadphase order
    std::vector<sepax_pair> random; // the same pairs, shuffled (fixed seed)
    std::vector<uint32_t> random_from; // random[i] == sweep[random_from[i]]

    // Per sweep pair its PairClass, and per class and order (sweep,
    // random) the class's pairs and their sweep indices (built only for
    // scenes with kinds).
    std::vector<uint8_t> pair_class;
    std::vector<sepax_pair> class_pairs[kPairClassCount][2];
    std::vector<uint32_t> class_from[kPairClassCount][2];
    size_t class_hits[kPairClassCount] = {};
    size_t class_touching[kPairClassCount] = {};

    // Scalar reference answers for `sweep`, and per pair whether it is a
    // touching pair (excluded from disagreement counts).
    std::vector<sepax_result> reference;
    std::vector<uint8_t> touching;
    size_t ref_hits = 0;
    size_t touching_count = 0;

    // World vertices (counter-clockwise) of every slot's core, for the
    // peers: slot s owns world[first[s] .. first[s] + count[s]). A
    // circle's core is its centre, a capsule's or segment's its two end
    // points. kind and radius per slot as sepax_shape_info gives them.
    std::vector<sepax_vec2> world;
    std::vector<uint32_t> first, count;
    std::vector<uint8_t> kind;
    std::vector<float> radius;

    // Scratch buffers, allocated and touched once so that no benchmark pays
    // for page faults inside its timed loop.
    std::vector<sepax_result> results;
    std::vector<sepax_hit> hits;
    std::vector<sepax_pair> broadphase_out;
    std::vector<uint8_t> flags;

    ~Scene();
    const std::vector<sepax_pair> &pairs(bool random_order) const
    {
        return random_order ? random : sweep;
    }
    // The pairs of one class (kAllPairs: all of them) in one order.
    PairView view(int cls, bool random_order) const;
};

// The scene with this name (one of scene_specs()), built on first use.
// Aborts the process with a message when the library refuses it.
Scene &get_scene(const std::string &name);

// Hits and disagreements of some answer (one byte per pair of a view,
// nonzero for a hit) against the scalar reference.
struct Agreement {
    size_t hits = 0;
    size_t disagree = 0;      // beyond touching pairs
    size_t extra_hits = 0;    // of which: answer says hit, reference no hit
    size_t missed_hits = 0;   // of which: reference hit, answer no hit
    size_t touching_diff = 0; // differences on touching pairs (not counted)
    size_t skin = 0;          // of the disagreements: on pairs the subject
                              // approximates by its own convention (see
                              // PeerWorld::approximates)
};
class PeerWorld;
Agreement compare_with_reference(const Scene &scene, const PairView &v, const uint8_t *hit,
                                 const char *subject, const PeerWorld *peer = nullptr);

// A peer library's view of one scene's shapes.
class PeerWorld {
public:
    virtual ~PeerWorld() = default;
    // Test pairs[0..n), writing one byte per pair (1: the peer reports a
    // hit); returns the number of hits.
    virtual size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) = 0;
    // Shapes the peer stored with a different vertex count than sepax.
    virtual size_t reshaped() const { return 0; }
    // Whether the peer answers this pair (slots) by a documented
    // approximation of the exact shapes (Box2D: a polygon radius treated as
    // a skin); disagreements on such pairs are counted apart as well.
    virtual bool approximates(uint32_t, uint32_t) const { return false; }
};

// Run a peer's yes/no test over pairs (slots a, b), one byte per pair, and
// count the hits: the loop every peer world's run() is made of.
template <class Test>
size_t count_peer_hits(const sepax_pair *pairs, size_t n, uint8_t *out, Test test)
{
    size_t hits = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint8_t hit = test(SEPAX_ID_SLOT(pairs[i].a), SEPAX_ID_SLOT(pairs[i].b)) ? 1 : 0;
        out[i] = hit;
        hits += hit;
    }
    return hits;
}

// A peer world of type W for a scene, built once per scene and kept.
template <class W> PeerWorld *peer_world_for(const Scene &s)
{
    static std::map<const Scene *, std::unique_ptr<W>> worlds;
    auto it = worlds.find(&s);
    if (it == worlds.end())
        it = worlds.emplace(&s, std::make_unique<W>(s)).first;
    return it->second.get();
}

// The scenes a peer subject runs on: polygon scenes only (it handles no
// other kind), scenes with kinds only, or both.
enum PeerScenes { kPolygonScenes, kKindScenes, kAnyScenes };

// A peer benchmark subject.
struct PeerSubject {
    const char *subject;    // e.g. "box2d_collide_polygons"
    std::string library;    // e.g. "Box2D 2.4.1", for the report's context
    uint32_t max_vertices;  // 0: any polygon
    bool cheap;             // also run on the scaling series
    PeerScenes scenes;      // which scenes it runs on
    bool per_class;         // also run on each pair class of a kinds scene
    // Build (or fetch from the peer's own cache) the peer's world.
    PeerWorld *(*world)(const Scene &scene);
};

// Peers compiled into this binary (each file adds its own subjects).
void add_peer_subjects(std::vector<PeerSubject> &out);
#ifdef SEPAX_BENCH_BOX2D
void add_box2d_subjects(std::vector<PeerSubject> &out);
#endif
#ifdef SEPAX_BENCH_CHIPMUNK
void add_chipmunk_subjects(std::vector<PeerSubject> &out);
#endif
#ifdef SEPAX_BENCH_CCD
void add_ccd_subjects(std::vector<PeerSubject> &out);
#endif

} // namespace sepax_bench

#endif
