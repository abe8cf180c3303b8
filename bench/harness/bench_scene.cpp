// Scene construction and the reference answers for the benchmark harness.
#include "bench_scene.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

namespace sepax_bench {

namespace {

[[noreturn]] void die(const std::string &what, sepax_status st)
{
    std::fprintf(stderr, "sepax_bench: %s: %s\n", what.c_str(), sepax_status_string(st));
    std::exit(2);
}

// Seeded generator for the `random` order: splitmix64, so the shuffle is
// the same on every platform and standard library.
struct SplitMix {
    uint64_t s;
    uint64_t next()
    {
        uint64_t z = (s += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, bound), bound > 0 (rejection keeps it unbiased).
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

sepax_scene_params mix_params(size_t shapes)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = shapes;
    return p;
}

bool has_kinds(const sepax_scene_params &p)
{
    return p.circle_share > 0 || p.capsule_share > 0 || p.segment_share > 0 || p.rounded_share > 0;
}

std::vector<SceneSpec> make_specs()
{
    std::vector<SceneSpec> v;
    auto add = [&v](const char *name, const sepax_scene_params &p, bool scaling, bool all_peers,
                    float margin = 0.0f) {
        SceneSpec s;
        s.name = name;
        s.params = p;
        s.scaling = scaling;
        s.all_peers = all_peers;
        s.margin = margin;
        s.kinds = has_kinds(p);
        // manifolds on the scenes the Box2D comparisons name
        s.manifolds = std::string(name) == "mix" || std::string(name) == "circles" ||
                      std::string(name) == "mixed_kinds";
        v.push_back(s);
    };

    // mix: the generator's defaults (20,000 polygons, 3..8 vertices).
    add("mix", sepax_scene_params_default(), false, true);

    // oct: nine in ten polygons are octagons.
    sepax_scene_params oct = sepax_scene_params_default();
    oct.min_vertices = 3;
    oct.max_vertices = 8;
    oct.max_vertices_share = 0.9;
    add("oct", oct, false, true);

    // big: 16..64 vertices (beyond Box2D's 8-vertex polygons).
    sepax_scene_params big = sepax_scene_params_default();
    big.min_vertices = 16;
    big.max_vertices = 64;
    add("big", big, false, true);

    // boxes: every shape a box.
    sepax_scene_params boxes = sepax_scene_params_default();
    boxes.box_share = 1.0;
    add("boxes", boxes, false, true);

    // sparse: about 30% of the candidate pairs are hits. The generator's
    // knobs alone do not get there: the hit rate among overlapping boxes
    // falls only to about 0.45 however thin the shapes (aspect 40: 0.452).
    // So the shapes are stretched (aspect 4: 0.60) and the candidate pairs
    // come from a broadphase whose boxes are grown by 0.5 (radii are
    // 0.5..1.5), as with fattened boxes: measured 26,977 hits of 88,826
    // pairs, 0.304.
    sepax_scene_params sparse = sepax_scene_params_default();
    sparse.aspect = 4.0f;
    add("sparse", sparse, false, true, 0.5f);

    // circles: every shape a circle; mixed_kinds: polygons, boxes, circles,
    // capsules, segments and rounded polygons in about equal shares. Both
    // are the generator's presets, with the mix scene's count and density.
    add("circles", sepax_scene_params_circles(), false, true);
    add("mixed_kinds", sepax_scene_params_mixed_kinds(), false, true);

    // Scaling series: cost per pair as the data leaves the caches.
    add("mix_2k", mix_params(2000), true, false);
    add("mix_20k", mix_params(20000), true, false);
    add("mix_200k", mix_params(200000), true, false);
    add("mix_2m", mix_params(2000000), true, false);
    // The same laid out in the broadphase's order (sepax_store_sort_pool)
    // once after loading: what the layout does to each stage as the store
    // outgrows the caches.
    for (const auto &sorted : {std::make_pair("mix_200k_sorted", 200000), std::make_pair("mix_2m_sorted", 2000000)}) {
        add(sorted.first, mix_params((size_t)sorted.second), false, false);
        v.back().sort_pool = true;
    }
    // The same shapes added in that order: the floor for any layout.
    for (const auto &spatial : {std::make_pair("mix_2k_spatial", 2000), std::make_pair("mix_200k_spatial", 200000), std::make_pair("mix_2m_spatial", 2000000)}) {
        add(spatial.first, mix_params((size_t)spatial.second), false, false);
        v.back().spatial_load = true;
    }
    return v;
}

std::map<std::string, std::unique_ptr<Scene>> &cache()
{
    static std::map<std::string, std::unique_ptr<Scene>> c;
    return c;
}

double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::vector<sepax_pair> broadphase(const sepax_store *store, const std::string &what)
{
    size_t n = 0;
    sepax_status st = sepax_broadphase(store, nullptr, 0, &n);
    if (st != SEPAX_OK && st != SEPAX_ERR_CAPACITY)
        die("broadphase of " + what, st);
    std::vector<sepax_pair> pairs(n);
    st = sepax_broadphase(store, pairs.data(), n, &n);
    if (st != SEPAX_OK)
        die("broadphase of " + what, st);
    pairs.resize(n);
    return pairs;
}

// sepax_broadphase's pairs for the store, or, with a margin, its pairs over
// a second store of axis-aligned boxes: each shape's world bounding box
// grown by the margin. The pairs are mapped back to the store's ids and
// keep the sweep order of the grown boxes.
std::vector<sepax_pair> candidate_pairs(const sepax_store *store, float margin,
                                        const std::string &what)
{
    if (margin <= 0.0f)
        return broadphase(store, what);
    sepax_store_options opt = sepax_store_options_default();
    opt.initial_shapes = sepax_store_count(store);
    sepax_store *fat = nullptr;
    sepax_status st = sepax_store_create(&opt, &fat);
    if (st != SEPAX_OK)
        die("creating a store", st);
    std::vector<sepax_shape_id> back; // fat slot -> store id
    back.reserve(sepax_store_count(store));
    const uint32_t limit = sepax_store_slot_limit(store);
    for (uint32_t slot = 0; slot < limit; ++slot) {
        sepax_shape_id id, fat_id;
        if (sepax_shape_id_of_slot(store, slot, &id) != SEPAX_OK)
            continue;
        sepax_vec2 lo, hi;
        st = sepax_shape_aabb(store, id, &lo, &hi);
        if (st != SEPAX_OK)
            die("reading a bounding box", st);
        const sepax_vec2 centre = {0.5f * (lo.x + hi.x), 0.5f * (lo.y + hi.y)};
        const sepax_vec2 half = {0.5f * (hi.x - lo.x) + margin, 0.5f * (hi.y - lo.y) + margin};
        st = sepax_add_box(fat, centre, half, 0.0f, &fat_id);
        if (st != SEPAX_OK)
            die("adding a grown box", st);
        if (SEPAX_ID_SLOT(fat_id) != back.size())
            die("unexpected id in the grown-box store", SEPAX_ERR_BAD_ID);
        back.push_back(id);
    }
    st = sepax_update_world(fat);
    if (st != SEPAX_OK)
        die("updating the grown-box store", st);
    std::vector<sepax_pair> pairs = broadphase(fat, what + " (grown boxes)");
    sepax_store_destroy(fat);
    for (sepax_pair &p : pairs) {
        p.a = back[SEPAX_ID_SLOT(p.a)];
        p.b = back[SEPAX_ID_SLOT(p.b)];
    }
    return pairs;
}

// The scene's shapes reordered by band of their placement's y (bands
// three mean shape sizes tall, as the broadphase's) and then x.
void sort_by_space(sepax_scene &sc)
{
    const size_t n = sc.shape_count;
    if (n < 2)
        return;
    const double band = 3.0 * 2.0 * std::sqrt((double)sc.extent * sc.extent / (double)n);
    std::vector<std::pair<std::pair<int64_t, float>, size_t>> keys(n);
    for (size_t i = 0; i < n; ++i) {
        const sepax_vec2 p = sc.shapes[i].xf.p;
        keys[i] = {{(int64_t)std::floor(p.y / band), p.x}, i};
    }
    std::sort(keys.begin(), keys.end());
    std::vector<sepax_scene_shape> shapes(sc.shapes, sc.shapes + n);
    for (size_t i = 0; i < n; ++i)
        sc.shapes[i] = shapes[keys[i].second];
}

void build(Scene &s, const SceneSpec &spec)
{
    const auto t0 = std::chrono::steady_clock::now();
    s.name = spec.name;
    s.params = spec.params;
    s.margin = spec.margin;
    s.kinds = spec.kinds;

    sepax_scene sc;
    std::memset(&sc, 0, sizeof sc);
    if (sepax_scene_generate(&spec.params, &sc) != 0)
        die("generating scene " + spec.name, SEPAX_ERR_OUT_OF_MEMORY);

    if (spec.spatial_load)
        sort_by_space(sc);
    sepax_store_options opt = sepax_store_options_default();
    opt.initial_shapes = (uint32_t)std::min<size_t>(sc.shape_count, SEPAX_MAX_SHAPES);
    sepax_status st = sepax_store_create(&opt, &s.store);
    if (st != SEPAX_OK)
        die("creating a store", st);

    std::vector<sepax_shape_id> ids(sc.shape_count);
    std::vector<sepax_status> status(sc.shape_count);
    s.failed = sepax_scene_load(&sc, s.store, ids.data(), status.data());
    if (s.failed != 0) {
        for (size_t i = 0; i < sc.shape_count; ++i)
            if (status[i] != SEPAX_OK) {
                std::fprintf(stderr, "sepax_bench: scene %s: %zu of %zu shapes refused, first: #%zu %s\n",
                             spec.name.c_str(), s.failed, sc.shape_count, i,
                             sepax_status_string(status[i]));
                break;
            }
    }
    sepax_scene_free(&sc);

    st = sepax_update_world(s.store);
    if (st != SEPAX_OK)
        die("updating the world of " + spec.name, st);
    if (spec.sort_pool && (st = sepax_store_sort_pool(s.store)) != SEPAX_OK)
        die("sorting the pool of " + spec.name, st);
    s.shapes = sepax_store_count(s.store);
    s.slot_limit = sepax_store_slot_limit(s.store);

    // Candidate pairs, sort-and-sweep order.
    s.sweep = candidate_pairs(s.store, spec.margin, spec.name);
    const size_t n = s.sweep.size();

    s.random_from.resize(n);
    for (size_t i = 0; i < n; ++i)
        s.random_from[i] = (uint32_t)i;
    SplitMix rng{kShuffleSeed};
    for (size_t i = n; i > 1; --i)
        std::swap(s.random_from[i - 1], s.random_from[rng.below(i)]);
    s.random.resize(n);
    for (size_t i = 0; i < n; ++i)
        s.random[i] = s.sweep[s.random_from[i]];

    // Scalar reference answers.
    const sepax_backend keep = sepax_store_backend(s.store);
    st = sepax_store_set_backend(s.store, SEPAX_BACKEND_SCALAR);
    if (st != SEPAX_OK)
        die("selecting the scalar backend", st);
    s.reference.resize(n);
    st = sepax_collide(s.store, s.sweep.data(), n, s.reference.data(), nullptr);
    if (st != SEPAX_OK)
        die("reference collide of " + spec.name, st);
    sepax_store_set_backend(s.store, keep);

    // World vertices and bounding boxes per slot.
    s.first.assign(s.slot_limit, 0);
    s.count.assign(s.slot_limit, 0);
    s.kind.assign(s.slot_limit, (uint8_t)SEPAX_SHAPE_POLYGON);
    s.radius.assign(s.slot_limit, 0.0f);
    std::vector<float> lo_x(s.slot_limit, 0), lo_y(s.slot_limit, 0), hi_x(s.slot_limit, 0),
        hi_y(s.slot_limit, 0);
    s.world.reserve((size_t)s.shapes * 6);
    sepax_vec2 buf[SEPAX_MAX_POLYGON_VERTICES];
    for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
        sepax_shape_id id;
        if (sepax_shape_id_of_slot(s.store, slot, &id) != SEPAX_OK)
            continue;
        uint32_t c = 0;
        st = sepax_shape_vertices(s.store, id, 1, buf, SEPAX_MAX_POLYGON_VERTICES, &c);
        if (st != SEPAX_OK)
            die("reading world vertices", st);
        s.first[slot] = (uint32_t)s.world.size();
        s.count[slot] = c;
        s.world.insert(s.world.end(), buf, buf + c);
        s.max_vertices = std::max(s.max_vertices, c);
        sepax_shape_desc desc;
        st = sepax_shape_info(s.store, id, &desc);
        if (st != SEPAX_OK)
            die("reading a shape's kind", st);
        const sepax_shape_kind kind = desc.kind;
        const float radius = desc.radius;
        s.kind[slot] = (uint8_t)kind;
        s.radius[slot] = radius;
        sepax_vec2 lo, hi;
        st = sepax_shape_aabb(s.store, id, &lo, &hi);
        if (st != SEPAX_OK)
            die("reading a bounding box", st);
        lo_x[slot] = lo.x;
        lo_y[slot] = lo.y;
        hi_x[slot] = hi.x;
        hi_y[slot] = hi.y;
        s.max_diagonal = std::max(s.max_diagonal, std::hypot((double)hi.x - lo.x, (double)hi.y - lo.y));
    }

    // Touching pairs: |separation| <= kTouchRelative * scale, where scale is
    // the larger of the pair's joint bounding-box size and the largest
    // coordinate magnitude in it (float rounding grows with both).
    s.touching.assign(n, 0);
    s.ref_hits = 0;
    s.touching_count = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t a = SEPAX_ID_SLOT(s.sweep[i].a), b = SEPAX_ID_SLOT(s.sweep[i].b);
        const double x0 = std::min(lo_x[a], lo_x[b]), y0 = std::min(lo_y[a], lo_y[b]);
        const double x1 = std::max(hi_x[a], hi_x[b]), y1 = std::max(hi_y[a], hi_y[b]);
        double scale = std::max(x1 - x0, y1 - y0);
        scale = std::max(scale, std::max(std::max(std::fabs(x0), std::fabs(x1)),
                                         std::max(std::fabs(y0), std::fabs(y1))));
        const bool touch = std::fabs((double)s.reference[i].separation) <= kTouchRelative * scale;
        s.touching[i] = touch ? 1 : 0;
        s.touching_count += touch;
        s.ref_hits += (s.reference[i].flags & SEPAX_HIT) != 0;
    }

    // Pair classes, and each class's pairs in both orders (a class list
    // keeps the order of the full list it is taken from).
    if (spec.kinds) {
        s.pair_class.resize(n);
        for (size_t i = 0; i < n; ++i) {
            const uint32_t a = SEPAX_ID_SLOT(s.sweep[i].a), b = SEPAX_ID_SLOT(s.sweep[i].b);
            const int cls = pair_class_of((sepax_shape_kind)s.kind[a], (sepax_shape_kind)s.kind[b]);
            s.pair_class[i] = (uint8_t)cls;
            s.class_hits[cls] += (s.reference[i].flags & SEPAX_HIT) != 0;
            s.class_touching[cls] += s.touching[i];
        }
        for (int order = 0; order < 2; ++order)
            for (size_t k = 0; k < n; ++k) {
                const uint32_t i = order ? s.random_from[k] : (uint32_t)k;
                const int cls = s.pair_class[i];
                s.class_pairs[cls][order].push_back(s.sweep[i]);
                s.class_from[cls][order].push_back(i);
            }
    }

    // Scratch, touched now.
    s.results.assign(n, sepax_result{});
    s.hits.assign(n, sepax_hit{});
    s.broadphase_out.assign(n, sepax_pair{});
    s.flags.assign(n, 0);

    std::fprintf(stderr,
                 "sepax_bench: scene %s: %zu shapes (max %u vertices), %zu pairs, %zu hits "
                 "(%.3f), %zu touching; built in %.2f s\n",
                 spec.name.c_str(), s.shapes, s.max_vertices, n, s.ref_hits,
                 n ? (double)s.ref_hits / (double)n : 0.0, s.touching_count, seconds_since(t0));
}

} // namespace

Scene::~Scene()
{
    sepax_store_destroy(store);
}

PairView Scene::view(int cls, bool random_order) const
{
    PairView v;
    if (cls == kAllPairs) {
        const std::vector<sepax_pair> &p = pairs(random_order);
        v.pairs = p.data();
        v.n = p.size();
        v.from = random_order ? random_from.data() : nullptr;
        v.ref_hits = ref_hits;
        v.touching = touching_count;
    } else if (cls >= 0 && cls < kPairClassCount) {
        const int o = random_order ? 1 : 0;
        v.pairs = class_pairs[cls][o].data();
        v.n = class_pairs[cls][o].size();
        v.from = class_from[cls][o].data();
        v.ref_hits = class_hits[cls];
        v.touching = class_touching[cls];
    }
    return v;
}

const char *pair_class_name(int cls)
{
    static const char *const names[kPairClassCount] = {
        "circle_circle", "polygon_circle", "polygon_polygon",
        "edge_circle",   "edge_polygon",   "edge_edge",
    };
    return cls >= 0 && cls < kPairClassCount ? names[cls] : nullptr;
}

int box2d_group(sepax_shape_kind kind)
{
    switch (kind) {
    case SEPAX_SHAPE_CIRCLE:
        return 0;
    case SEPAX_SHAPE_SEGMENT:
        return 2;
    default:
        return 1;
    }
}

int pair_class_of(sepax_shape_kind a, sepax_shape_kind b)
{
    int ga = box2d_group(a), gb = box2d_group(b);
    if (ga > gb)
        std::swap(ga, gb);
    // (circle, circle), (circle, polygon), (polygon, polygon), (circle,
    // edge), (polygon, edge), (edge, edge)
    static const int table[3][3] = {{kCircleCircle, kPolygonCircle, kEdgeCircle},
                                    {kPolygonCircle, kPolygonPolygon, kEdgePolygon},
                                    {kEdgeCircle, kEdgePolygon, kEdgeEdge}};
    return table[ga][gb];
}

std::vector<int> pair_classes_of(const sepax_scene_params &p)
{
    const double shares =
        p.box_share + p.circle_share + p.capsule_share + p.segment_share + p.rounded_share;
    // The generator draws a plain polygon for whatever the shares leave.
    const bool groups[3] = {p.circle_share > 0,
                            p.box_share > 0 || p.capsule_share > 0 || p.rounded_share > 0 ||
                                shares < 1.0,
                            p.segment_share > 0};
    std::vector<int> out;
    for (int c = 0; c < kPairClassCount; ++c) {
        bool present = false;
        for (int ga = 0; ga < 3; ++ga)
            for (int gb = ga; gb < 3; ++gb) {
                static const sepax_shape_kind rep[3] = {SEPAX_SHAPE_CIRCLE, SEPAX_SHAPE_POLYGON,
                                                        SEPAX_SHAPE_SEGMENT};
                if (groups[ga] && groups[gb] && pair_class_of(rep[ga], rep[gb]) == c)
                    present = true;
            }
        if (present)
            out.push_back(c);
    }
    return out;
}

const std::vector<SceneSpec> &scene_specs()
{
    static const std::vector<SceneSpec> specs = make_specs();
    return specs;
}

Scene &get_scene(const std::string &name)
{
    // mix_20k is the mix scene under its scaling-series name.
    const std::string key = name == "mix_20k" ? "mix" : name;
    auto &c = cache();
    auto it = c.find(key);
    if (it != c.end())
        return *it->second;
    const SceneSpec *spec = nullptr;
    for (const SceneSpec &s : scene_specs())
        if (s.name == key)
            spec = &s;
    if (!spec) {
        std::fprintf(stderr, "sepax_bench: no scene named %s\n", name.c_str());
        std::exit(2);
    }
    auto scene = std::make_unique<Scene>();
    build(*scene, *spec);
    Scene &ref = *scene;
    c.emplace(key, std::move(scene));
    return ref;
}

const char *kind_name(uint8_t kind)
{
    switch (kind) {
    case SEPAX_SHAPE_POLYGON:
        return "polygon";
    case SEPAX_SHAPE_CIRCLE:
        return "circle";
    case SEPAX_SHAPE_CAPSULE:
        return "capsule";
    case SEPAX_SHAPE_SEGMENT:
        return "segment";
    case SEPAX_SHAPE_ROUNDED_POLYGON:
        return "rounded polygon";
    default:
        return "?";
    }
}

Agreement compare_with_reference(const Scene &scene, const PairView &v, const uint8_t *hit,
                                 const char *subject, const PeerWorld *peer)
{
    // SEPAX_BENCH_VERBOSE=N shows the first N disagreements (any other
    // value: 5).
    static const int verbose = [] {
        const char *v = std::getenv("SEPAX_BENCH_VERBOSE");
        if (!v)
            return 0;
        const int n = std::atoi(v);
        return n > 1 ? n : 5;
    }();
    Agreement a;
    int shown = 0;
    for (size_t k = 0; k < v.n; ++k) {
        const size_t i = v.sweep_index(k);
        const bool mine = hit[k] != 0;
        const bool ref = (scene.reference[i].flags & SEPAX_HIT) != 0;
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
        const uint32_t sa = SEPAX_ID_SLOT(scene.sweep[i].a), sb = SEPAX_ID_SLOT(scene.sweep[i].b);
        const bool approx = peer && peer->approximates(sa, sb);
        a.skin += approx;
        if (shown < verbose) {
            ++shown;
            sepax_vec2 alo, ahi, blo, bhi;
            sepax_shape_aabb(scene.store, scene.sweep[i].a, &alo, &ahi);
            sepax_shape_aabb(scene.store, scene.sweep[i].b, &blo, &bhi);
            const bool boxes = alo.x <= bhi.x && blo.x <= ahi.x && alo.y <= bhi.y && blo.y <= ahi.y;
            std::fprintf(stderr,
                         "sepax_bench: %s/%s disagrees on pair %zu (slots %u [%s, %u vertices, "
                         "radius %g], %u [%s, %u vertices, radius %g], boxes %s%s): peer %s, "
                         "sepax separation %.9g\n",
                         subject, scene.name.c_str(), i, sa, kind_name(scene.kind[sa]),
                         scene.count[sa], (double)scene.radius[sa], sb, kind_name(scene.kind[sb]),
                         scene.count[sb], (double)scene.radius[sb], boxes ? "overlap" : "apart",
                         approx ? ", approximated by the peer" : "", mine ? "hit" : "no hit",
                         (double)scene.reference[i].separation);
        }
    }
    return a;
}

void add_peer_subjects(std::vector<PeerSubject> &out)
{
#ifdef SEPAX_BENCH_BOX2D
    add_box2d_subjects(out);
#endif
#ifdef SEPAX_BENCH_CHIPMUNK
    add_chipmunk_subjects(out);
#endif
#ifdef SEPAX_BENCH_CCD
    add_ccd_subjects(out);
#endif
    (void)out;
}

} // namespace sepax_bench
