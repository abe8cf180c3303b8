// The 3D scenes of the harness: boxes, spheres, hulls and capsules from
// the 3D scene generator, their candidate pairs in two orders, the scalar
// reference's answers, and each shape's world data (a hull's vertices too)
// for the peers. A scene is built the
// first time a benchmark asks for it and kept for the rest of the process.
#ifndef SEPAX_BENCH3_SCENE_H
#define SEPAX_BENCH3_SCENE_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench_scene.h"
#include "scene3.h"
#include "sepax/sepax3d.h"

namespace sepax_bench {

struct Scene3Spec {
    std::string name;
    sepax_scene3_params params;
    // the hull blocks laid out in space after loading
    // (sepax3_store_sort_pool): the same shapes and pairs as the scene
    // without the suffix
    bool sort_pool = false;
};

// The 3D scene list (boxes3, stack3, spheres_boxes3, hulls3, mixed3), in
// registration order.
const std::vector<Scene3Spec> &scene3_specs();

// Which of a scene's pairs a benchmark runs on: all of them, or those of
// one class of kind pair (box_box first: the only pairs the box-box peers
// can answer). A class's pairs keep the order of the full list they are
// taken from.
enum PairSet3 : int {
    kAllPairs3 = 0,
    kBoxBoxPairs3 = 1, // the first class; the classes run to kPairSet3Count
    kPairSet3Count = 11,
};
// nullptr for kAllPairs3 (no name part), else the class name: box_box,
// box_sphere, box_capsule, box_hull, sphere_sphere, capsule_sphere,
// capsule_capsule, sphere_hull, capsule_hull, hull_hull.
const char *pair_set3_name(int set);
// The class set of a pair of two kinds (either order).
int pair_class3(uint8_t kind_a, uint8_t kind_b);

// Hit/no-hit differences from the scalar reference are counted only beyond
// a band around touching: |separation| > kTouchRelative3 times the pair's
// size (the sum of both shapes' world half extents plus three times their
// radii: a sphere counts 3 r, a capsule its half length and 3 r, a hull its
// box about its vertex mean), so that a peer computing in double or with its own
// tolerances is not charged for where exactly it puts zero.
constexpr double kTouchRelative3 = 1e-4;

struct Scene3 {
    std::string name;
    sepax_scene3_params params{};
    sepax3_store *store = nullptr;

    size_t shapes = 0; // live shapes
    size_t boxes = 0, spheres = 0, hulls = 0, capsules = 0;
    uint32_t slot_limit = 0;

    // Per slot: the world data the kernels use after the last world update
    // (sepax3_shape_world), and the shape kind (SEPAX3_SHAPE_KIND_COUNT for
    // a free slot).
    std::vector<sepax3_world_shape> world;
    std::vector<uint8_t> kind;

    // Hulls: per slot the first of its vertices in hull_offsets and their
    // count (0 for other kinds). An offset is a vertex as the store keeps it
    // (sepax3_hull_vertices, local frame) minus the hull's centre
    // (sepax3_shape_info's vertex mean), in double; the world vertex is
    // world.centre + sum over k of world.axis[k] * offset[k] (hull_world).
    std::vector<uint32_t> hull_first, hull_count;
    std::vector<double> hull_offsets; // x, y, z per vertex

    std::vector<sepax_pair> sweep;     // sepax3_broadphase order
    std::vector<sepax_pair> random;    // the same pairs, shuffled (fixed seed)
    std::vector<uint32_t> random_from; // random[i] == sweep[random_from[i]]

    // Each class's pairs in both orders, with their sweep indices (index
    // kAllPairs3 unused).
    std::vector<sepax_pair> class_pairs[kPairSet3Count][2];
    std::vector<uint32_t> class_from[kPairSet3Count][2];
    size_t class_hits[kPairSet3Count] = {}, class_touching[kPairSet3Count] = {};

    // Scalar reference answers for `sweep`, and which pairs are touching.
    std::vector<sepax3_result> reference;
    std::vector<uint8_t> touching;
    size_t ref_hits = 0;
    size_t touching_count = 0;

    // Scratch, allocated and touched once.
    std::vector<sepax3_result> results;
    std::vector<sepax_pair> broadphase_out;
    std::vector<uint8_t> flags;

    Scene3() = default;
    Scene3(const Scene3 &) = delete;
    Scene3 &operator=(const Scene3 &) = delete;
    ~Scene3();

    // The pairs of a set in one order (PairView as in 2D: pairs[i] is the
    // sweep pair sweep_index(i)).
    PairView view(int set, bool random_order) const;
};

// The scene with this name (one of scene3_specs()), built on first use.
// Aborts the process with a message when the generator or the library
// refuses it.
Scene3 &get_scene3(const std::string &name);

// Hits and disagreements of an answer (one byte per pair of a view) with
// the scalar reference; `subject` names it in SEPAX_BENCH_VERBOSE output.
Agreement compare3_with_reference(const Scene3 &scene, const PairView &v, const uint8_t *hit,
                                  const char *subject);

// A hull's world vertices in double, by hull_world's formula: x, y, z per
// vertex, appended to out.
void hull_world(const Scene3 &s, uint32_t slot, std::vector<double> &out);

// A peer library's view of one scene's shapes. Every shape the peer
// answers is converted once, when the world is built, from the world data
// sepax holds (centre, axes, half extents, radius; a hull's vertices);
// the others are left out.
class PeerWorld3 {
public:
    virtual ~PeerWorld3() = default;
    // Test pairs[0..n) (shapes of the kinds the peer answers), one byte
    // per pair (1: the peer reports a hit); returns the number of hits.
    virtual size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) = 0;
};

// A peer world of type W for a scene, built once per scene and kept.
template <class W> PeerWorld3 *peer_world3_for(const Scene3 &s)
{
    static std::map<const Scene3 *, std::unique_ptr<W>> worlds;
    auto it = worlds.find(&s);
    if (it == worlds.end())
        it = worlds.emplace(&s, std::make_unique<W>(s)).first;
    return it->second.get();
}

// Which pairs a peer can answer, and so where it runs (bench3.cpp).
enum PeerKinds3 : int {
    // box-box pairs: every pair of a scene of boxes, the box_box set of
    // boxes3 with spheres (spheres_boxes3); not run on scenes with hulls
    // or capsules
    kPeerBoxBox = 0,
    // every kind pair: all pairs of the scenes with hulls or capsules
    // (and, when `everywhere`, of every 3D scene and the box_box sets)
    kPeerAnyKind = 1,
    // hull-hull pairs: all pairs of a scene of hulls only
    kPeerHullHull = 2,
};

struct PeerSubject3 {
    const char *subject; // e.g. "ode_box_box"
    std::string library; // e.g. "ODE 0.16.2", for the report's context
    PeerWorld3 *(*world)(const Scene3 &scene);
    PeerKinds3 kinds = kPeerBoxBox;
    bool everywhere = false; // kPeerAnyKind: on the box and sphere scenes too
};

// 3D peers compiled into this binary (each file adds its own subjects).
void add_peer3_subjects(std::vector<PeerSubject3> &out);
#ifdef SEPAX_BENCH_ODE
void add_ode3_subjects(std::vector<PeerSubject3> &out);
#endif
#ifdef SEPAX_BENCH_BULLET
void add_bullet3_subjects(std::vector<PeerSubject3> &out);
#endif
#ifdef SEPAX_BENCH_FCL
void add_fcl3_subjects(std::vector<PeerSubject3> &out);
#endif
#ifdef SEPAX_BENCH_CCD
void add_ccd3_subjects(std::vector<PeerSubject3> &out);
#endif

// Contact generation (bench_manifold3.cpp): a peer world whose run()
// also builds each hit's contact points, and counts them.
class PeerContacts3 : public PeerWorld3 {
public:
    // Contact points over all pairs of the last run().
    virtual size_t contacts() const = 0;
    // Points the peer generated before it kept its final ones (Bullet:
    // the clipped points before its manifold keeps four); contacts() for
    // a peer that keeps what it generates.
    virtual size_t generated() const { return contacts(); }
};

template <class W> PeerContacts3 *peer_contacts3_for(const Scene3 &s)
{
    return static_cast<W *>(peer_world3_for<W>(s));
}

struct PeerManifold3 {
    const char *subject; // e.g. "ode_box_box_contacts"
    std::string library;
    PeerContacts3 *(*world)(const Scene3 &scene);
    const char *scene; // the one scene it runs on, every pair, sweep order
};

#ifdef SEPAX_BENCH_ODE
void add_ode3_manifold_subjects(std::vector<PeerManifold3> &out);
#endif
#ifdef SEPAX_BENCH_BULLET
void add_bullet3_manifold_subjects(std::vector<PeerManifold3> &out);
#endif
#ifdef SEPAX_BENCH_FCL
void add_fcl3_manifold_subjects(std::vector<PeerManifold3> &out);
#endif

} // namespace sepax_bench

#endif
