// 3D scene construction and the reference answers for the harness.
#include "bench3_scene.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace sepax_bench {

namespace {

[[noreturn]] void die(const std::string &what, sepax_status st)
{
    std::fprintf(stderr, "sepax_bench: %s: %s\n", what.c_str(), sepax_status_string(st));
    std::exit(2);
}

// The 2D scenes' shuffle (splitmix64 and its seed), so that `random` means
// the same kind of order in both halves of the harness.
struct SplitMix {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t bound)
    {
        const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
        uint64_t v;
        do {
            v = next();
        } while (v >= limit);
        return v % bound;
    }
};

constexpr uint64_t kShuffleSeed = 0x5e9a7b3c11d2f0e1ull;

std::vector<Scene3Spec> make_specs()
{
    std::vector<Scene3Spec> v;
    v.push_back({"boxes3", sepax_scene3_params_boxes()});
    v.push_back({"stack3", sepax_scene3_params_stack()});
    v.push_back({"spheres_boxes3", sepax_scene3_params_spheres_boxes()});
    v.push_back({"hulls3", sepax_scene3_params_hulls()});
    v.push_back({"hulls3_sorted", sepax_scene3_params_hulls(), true});
    // hulls3 by size class, for which way to fill lanes (tile3.c)
    for (const auto &c : {std::make_pair("hulls3_4to8", 4u), std::make_pair("hulls3_9to16", 9u),
                          std::make_pair("hulls3_17to32", 17u)}) {
        sepax_scene3_params p = sepax_scene3_params_hulls();
        p.hull_min_points = c.second;
        p.hull_max_points = c.second == 4u ? 8u : 2u * c.second - 2u;
        v.push_back({c.first, p});
    }
    v.push_back({"mixed3", sepax_scene3_params_mixed()});
    return v;
}

std::map<std::string, std::unique_ptr<Scene3>> &cache()
{
    static std::map<std::string, std::unique_ptr<Scene3>> scenes;
    return scenes;
}

double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A shape's share of a pair's size: its three world half extents plus
// three times its radius. A box has no radius and a sphere no half
// extents, so both keep the share they had before hulls and capsules.
double shape_size(const Scene3 &s, uint32_t slot)
{
    const sepax3_world_shape &w = s.world[slot];
    return (double)w.half_extents.x + (double)w.half_extents.y + (double)w.half_extents.z +
           3.0 * (double)w.radius;
}

void build(Scene3 &s, const Scene3Spec &spec)
{
    const auto t0 = std::chrono::steady_clock::now();
    s.name = spec.name;
    s.params = spec.params;

    sepax_scene3 sc;
    std::memset(&sc, 0, sizeof sc);
    if (sepax_scene3_generate(&spec.params, &sc) != 0)
        die("generating scene " + spec.name, SEPAX_ERR_OUT_OF_MEMORY);

    sepax3_store_options opt = sepax3_store_options_default();
    opt.initial_shapes = (uint32_t)std::min<size_t>(sc.shape_count, SEPAX_MAX_SHAPES);
    sepax_status st = sepax3_store_create(&opt, &s.store);
    if (st != SEPAX_OK)
        die("creating a 3D store", st);
    std::vector<sepax_shape_id> ids(sc.shape_count);
    std::vector<sepax_status> status(sc.shape_count);
    const size_t failed = sepax_scene3_load(&sc, s.store, ids.data(), status.data());
    if (failed != 0) {
        for (size_t i = 0; i < sc.shape_count; ++i)
            if (status[i] != SEPAX_OK) {
                std::fprintf(stderr,
                             "sepax_bench: scene %s: %zu of %zu shapes refused, first: #%zu %s\n",
                             spec.name.c_str(), failed, sc.shape_count, i,
                             sepax_status_string(status[i]));
                break;
            }
    }
    sepax_scene3_free(&sc);

    st = sepax3_update_world(s.store);
    if (st != SEPAX_OK)
        die("updating the world of " + spec.name, st);
    if (spec.sort_pool && (st = sepax3_store_sort_pool(s.store)) != SEPAX_OK)
        die("laying out the pool of " + spec.name, st);
    s.shapes = sepax3_store_count(s.store);
    s.slot_limit = sepax3_store_slot_limit(s.store);

    // World data per slot, read back from the store so that the peers get
    // exactly the floats the kernels use.
    s.world.assign(s.slot_limit, sepax3_world_shape{});
    s.kind.assign(s.slot_limit, (uint8_t)SEPAX3_SHAPE_KIND_COUNT);
    s.hull_first.assign(s.slot_limit, 0);
    s.hull_count.assign(s.slot_limit, 0);
    std::vector<sepax3_vec> verts(SEPAX3_MAX_HULL_VERTICES);
    for (const sepax_shape_id id : ids) {
        if (id == UINT32_MAX)
            continue;
        const uint32_t slot = SEPAX_ID_SLOT(id);
        sepax3_shape_desc desc;
        st = sepax3_shape_info(s.store, id, &desc);
        if (st != SEPAX_OK)
            die("reading a shape's kind", st);
        st = sepax3_shape_world(s.store, id, &s.world[slot]);
        if (st != SEPAX_OK)
            die("reading a shape's world data", st);
        s.kind[slot] = (uint8_t)desc.kind;
        s.boxes += desc.kind == SEPAX3_SHAPE_BOX;
        s.spheres += desc.kind == SEPAX3_SHAPE_SPHERE;
        s.hulls += desc.kind == SEPAX3_SHAPE_HULL;
        s.capsules += desc.kind == SEPAX3_SHAPE_CAPSULE;
        if (desc.kind == SEPAX3_SHAPE_HULL) {
            size_t nv = 0;
            st = sepax3_hull_vertices(s.store, id, verts.data(), verts.size(), &nv);
            if (st != SEPAX_OK)
                die("reading a hull's vertices", st);
            s.hull_first[slot] = (uint32_t)(s.hull_offsets.size() / 3);
            s.hull_count[slot] = (uint32_t)nv;
            for (size_t k = 0; k < nv; ++k) {
                s.hull_offsets.push_back((double)verts[k].x - (double)desc.centre.x);
                s.hull_offsets.push_back((double)verts[k].y - (double)desc.centre.y);
                s.hull_offsets.push_back((double)verts[k].z - (double)desc.centre.z);
            }
        }
    }

    // Candidate pairs, sweep order: the first call sizes the buffer.
    size_t count = 0;
    s.sweep.resize(std::max<size_t>(16, 8 * s.shapes));
    st = sepax3_broadphase(s.store, s.sweep.data(), s.sweep.size(), &count);
    if (st == SEPAX_ERR_CAPACITY) {
        s.sweep.resize(count);
        st = sepax3_broadphase(s.store, s.sweep.data(), s.sweep.size(), &count);
    }
    if (st != SEPAX_OK)
        die("broadphase of " + spec.name, st);
    s.sweep.resize(count);
    const size_t n = count;

    s.random_from.resize(n);
    for (size_t i = 0; i < n; ++i)
        s.random_from[i] = (uint32_t)i;
    SplitMix rng{kShuffleSeed};
    for (size_t i = n; i > 1; --i)
        std::swap(s.random_from[i - 1], s.random_from[rng.below(i)]);
    s.random.resize(n);
    for (size_t i = 0; i < n; ++i)
        s.random[i] = s.sweep[s.random_from[i]];

    const sepax_backend keep = sepax3_store_backend(s.store);
    st = sepax3_store_set_backend(s.store, SEPAX_BACKEND_SCALAR);
    if (st != SEPAX_OK)
        die("selecting the scalar backend", st);
    s.reference.resize(n);
    st = sepax3_collide(s.store, s.sweep.data(), n, s.reference.data(), nullptr);
    if (st != SEPAX_OK)
        die("reference collide of " + spec.name, st);
    sepax3_store_set_backend(s.store, keep);

    s.touching.assign(n, 0);
    std::vector<uint8_t> cls(n, 0);
    for (size_t i = 0; i < n; ++i) {
        const uint32_t a = SEPAX_ID_SLOT(s.sweep[i].a), b = SEPAX_ID_SLOT(s.sweep[i].b);
        const double size = shape_size(s, a) + shape_size(s, b);
        const bool hit = (s.reference[i].flags & SEPAX_HIT) != 0;
        const bool touch = std::fabs((double)s.reference[i].separation) <= kTouchRelative3 * size;
        s.touching[i] = touch ? 1 : 0;
        s.touching_count += touch;
        s.ref_hits += hit;
        cls[i] = (uint8_t)pair_class3(s.kind[a], s.kind[b]);
        s.class_hits[cls[i]] += hit;
        s.class_touching[cls[i]] += touch;
    }
    for (int order = 0; order < 2; ++order)
        for (size_t k = 0; k < n; ++k) {
            const uint32_t i = order ? s.random_from[k] : (uint32_t)k;
            s.class_pairs[cls[i]][order].push_back(s.sweep[i]);
            s.class_from[cls[i]][order].push_back(i);
        }

    s.results.assign(n, sepax3_result{});
    s.broadphase_out.assign(n, sepax_pair{});
    s.flags.assign(n, 0);

    std::fprintf(stderr,
                 "sepax_bench: scene %s: %zu shapes (%zu boxes, %zu spheres, %zu hulls, "
                 "%zu capsules), %zu pairs (%zu box-box), %zu hits (%.3f), %zu touching; "
                 "built in %.2f s\n",
                 spec.name.c_str(), s.shapes, s.boxes, s.spheres, s.hulls, s.capsules, n,
                 s.class_pairs[kBoxBoxPairs3][0].size(),
                 s.ref_hits, n ? (double)s.ref_hits / (double)n : 0.0, s.touching_count,
                 seconds_since(t0));
}

const char *kind3_name(uint8_t kind)
{
    switch (kind) {
    case SEPAX3_SHAPE_BOX:
        return "box";
    case SEPAX3_SHAPE_SPHERE:
        return "sphere";
    case SEPAX3_SHAPE_HULL:
        return "hull";
    case SEPAX3_SHAPE_CAPSULE:
        return "capsule";
    default:
        return "?";
    }
}

} // namespace

void hull_world(const Scene3 &s, uint32_t slot, std::vector<double> &out)
{
    const sepax3_world_shape &w = s.world[slot];
    const double *o = s.hull_offsets.data() + 3 * (size_t)s.hull_first[slot];
    const sepax3_vec *a = w.axis;
    for (uint32_t k = 0; k < s.hull_count[slot]; ++k, o += 3) {
        out.push_back((double)w.centre.x + (double)a[0].x * o[0] + (double)a[1].x * o[1] +
                      (double)a[2].x * o[2]);
        out.push_back((double)w.centre.y + (double)a[0].y * o[0] + (double)a[1].y * o[1] +
                      (double)a[2].y * o[2]);
        out.push_back((double)w.centre.z + (double)a[0].z * o[0] + (double)a[1].z * o[1] +
                      (double)a[2].z * o[2]);
    }
}

Scene3::~Scene3()
{
    sepax3_store_destroy(store);
}

PairView Scene3::view(int set, bool random_order) const
{
    PairView v;
    const int o = random_order ? 1 : 0;
    if (set > kAllPairs3 && set < kPairSet3Count) {
        v.pairs = class_pairs[set][o].data();
        v.n = class_pairs[set][o].size();
        v.from = class_from[set][o].data();
        v.ref_hits = class_hits[set];
        v.touching = class_touching[set];
    } else {
        const std::vector<sepax_pair> &p = random_order ? random : sweep;
        v.pairs = p.data();
        v.n = p.size();
        v.from = random_order ? random_from.data() : nullptr;
        v.ref_hits = ref_hits;
        v.touching = touching_count;
    }
    return v;
}

const char *pair_set3_name(int set)
{
    static const char *const names[kPairSet3Count] = {
        nullptr,          "box_box",        "box_sphere",      "box_capsule",
        "box_hull",       "sphere_sphere",  "capsule_sphere",  "capsule_capsule",
        "sphere_hull",    "capsule_hull",   "hull_hull"};
    return set > kAllPairs3 && set < kPairSet3Count ? names[set] : nullptr;
}

int pair_class3(uint8_t kind_a, uint8_t kind_b)
{
    // indexed by kind (box, sphere, hull, capsule), either order
    static const int8_t cls[4][4] = {{1, 2, 4, 3}, {2, 5, 8, 6}, {4, 8, 10, 9}, {3, 6, 9, 7}};
    return kind_a < 4 && kind_b < 4 ? (int)cls[kind_a][kind_b] : (int)kAllPairs3;
}

const std::vector<Scene3Spec> &scene3_specs()
{
    static const std::vector<Scene3Spec> specs = make_specs();
    return specs;
}

Scene3 &get_scene3(const std::string &name)
{
    auto &c = cache();
    auto it = c.find(name);
    if (it != c.end())
        return *it->second;
    const Scene3Spec *spec = nullptr;
    for (const Scene3Spec &s : scene3_specs())
        if (s.name == name)
            spec = &s;
    if (!spec) {
        std::fprintf(stderr, "sepax_bench: no 3D scene named %s\n", name.c_str());
        std::exit(2);
    }
    auto scene = std::make_unique<Scene3>();
    build(*scene, *spec);
    Scene3 &ref = *scene;
    c.emplace(name, std::move(scene));
    return ref;
}

Agreement compare3_with_reference(const Scene3 &scene, const PairView &v, const uint8_t *hit,
                                  const char *subject)
{
    // SEPAX_BENCH_VERBOSE=N shows the first N disagreements (any other
    // value: 5), as in 2D.
    static const int verbose = [] {
        const char *e = std::getenv("SEPAX_BENCH_VERBOSE");
        if (!e)
            return 0;
        const int n = std::atoi(e);
        return n > 1 ? n : 5;
    }();
    Agreement a;
    int shown = 0;
    for (size_t k = 0; k < v.n; ++k) {
        const size_t i = v.sweep_index(k);
        const bool mine = hit[k] != 0;
        const sepax3_result &r = scene.reference[i];
        const bool ref = (r.flags & SEPAX_HIT) != 0;
        a.hits += mine;
        if (mine == ref)
            continue;
        if (scene.touching[i]) {
            ++a.touching_diff;
            continue;
        }
        ++a.disagree;
        if (mine)
            ++a.extra_hits;
        else
            ++a.missed_hits;
        if (shown < verbose) {
            ++shown;
            const uint32_t sa = SEPAX_ID_SLOT(scene.sweep[i].a), sb = SEPAX_ID_SLOT(scene.sweep[i].b);
            std::fprintf(stderr,
                         "sepax_bench: %s/%s disagrees on pair %zu (slots %u [%s], %u [%s]): "
                         "peer %s, sepax separation %.9g on axis kind %u, features %u/%u\n",
                         subject, scene.name.c_str(), i, sa, kind3_name(scene.kind[sa]), sb,
                         kind3_name(scene.kind[sb]), mine ? "hit" : "no hit",
                         (double)r.separation, (unsigned)r.axis, (unsigned)r.feature_a,
                         (unsigned)r.feature_b);
        }
    }
    return a;
}

void add_peer3_subjects(std::vector<PeerSubject3> &out)
{
#ifdef SEPAX_BENCH_ODE
    add_ode3_subjects(out);
#endif
#ifdef SEPAX_BENCH_BULLET
    add_bullet3_subjects(out);
#endif
#ifdef SEPAX_BENCH_FCL
    add_fcl3_subjects(out);
#endif
#ifdef SEPAX_BENCH_CCD
    add_ccd3_subjects(out);
#endif
    (void)out;
}

} // namespace sepax_bench
