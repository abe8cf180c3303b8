// Scenes, pair lists and the reference answers shared by every benchmark
// of the harness. A scene is built the first time a benchmark asks for it
// and then kept for the rest of the process.
#ifndef SEPAX_BENCH_SCENE_H
#define SEPAX_BENCH_SCENE_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
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
};

// The scene list, in registration order.
const std::vector<SceneSpec> &scene_specs();

// Touching tolerance: pairs with |separation| <= kTouchRelative * scale are
// excluded from disagreement counts (scale: see Scene::touching).
constexpr double kTouchRelative = 1e-5;

struct Scene {
    std::string name;
    sepax_scene_params params{};
    float margin = 0.0f; // SceneSpec::margin
    sepax_store *store = nullptr;

    size_t shapes = 0;         // live shapes
    size_t failed = 0;         // scene shapes the store refused
    uint32_t slot_limit = 0;
    uint32_t max_vertices = 0; // largest cleaned vertex count
    double max_diagonal = 0;   // largest world AABB diagonal of one shape

    std::vector<sepax_pair> sweep;  // sepax_broadphase order
    std::vector<sepax_pair> random; // the same pairs, shuffled (fixed seed)
    std::vector<uint32_t> random_from; // random[i] == sweep[random_from[i]]

    // Scalar reference answers for `sweep`, and per pair whether it is a
    // touching pair (excluded from disagreement counts).
    std::vector<sepax_result> reference;
    std::vector<uint8_t> touching;
    size_t ref_hits = 0;
    size_t touching_count = 0;

    // World vertices (counter-clockwise) of every slot, for the peers:
    // slot s owns world[first[s] .. first[s] + count[s]).
    std::vector<sepax_vec2> world;
    std::vector<uint32_t> first, count;

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
};

// The scene with this name (one of scene_specs()), built on first use.
// Aborts the process with a message when the library refuses it.
Scene &get_scene(const std::string &name);

// Hits and disagreements of some answer (one byte per `sweep` pair, nonzero
// for a hit) against the scalar reference.
struct Agreement {
    size_t hits = 0;
    size_t disagree = 0;      // beyond touching pairs
    size_t extra_hits = 0;    // of which: answer says hit, reference no hit
    size_t missed_hits = 0;   // of which: reference hit, answer no hit
    size_t touching_diff = 0; // differences on touching pairs (not counted)
};
Agreement compare_with_reference(const Scene &scene, const uint8_t *hit, const char *subject);

// A peer library's view of one scene's shapes.
class PeerWorld {
public:
    virtual ~PeerWorld() = default;
    // Test pairs[0..n), writing one byte per pair (1: the peer reports a
    // hit); returns the number of hits.
    virtual size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) = 0;
    // Shapes the peer stored with a different vertex count than sepax.
    virtual size_t reshaped() const { return 0; }
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

// A peer benchmark subject.
struct PeerSubject {
    const char *subject;    // e.g. "box2d_collide_polygons"
    std::string library;    // e.g. "Box2D 2.4.1", for the report's context
    uint32_t max_vertices;  // 0: any polygon
    bool cheap;             // also run on the scaling series
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
