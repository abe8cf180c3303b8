// The `drift` scene: frame-to-frame work, for the separating-axis cache.
//
// The `mix` scene's 20,000 polygons drift for kSteps steps: each step
// every shape moves by up to kStepShare of the mean shape diameter along
// each axis and turns by up to kTurn radians (seeded, the same every run).
// Candidate pairs come the way a physics engine's broadphase hands them
// over: every shape keeps a box fattened by kMarginShare of the mean
// diameter on each side, refitted only when the shape's own box leaves it
// (as Box2D's dynamic tree does), and the pairs are those of overlapping
// fat boxes, from sepax_broadphase over a store of the fat boxes (band
// order). So most candidate pairs of a step were candidates the step
// before, and many are apart.
//
// Rows (CPU time of the steps after the first, per candidate pair):
//   sepax_<backend>_hits/drift          sepax_collide_hits every step
//   sepax_<backend>_hits_cached/drift   sepax_collide_hits_cached, the
//       caller carrying each pair's cache to the pair's place in the next
//       step's list (untimed, as the transforms are)
//   sepax_<backend>_hits_tracked/drift  sepax_collide_hits_tracked, each
//       pair's motion record carried beside its cache
//   sepax_<backend>_hits_floor/drift    sepax_collide_hits on the step's
//       hit pairs alone: what a cache that knew every apart pair for free
//       would leave to do, so the most any cache can gain (ns_per_pair is
//       still per candidate pair)
//   sepax_<backend>_hits_touch/drift    the floor row's call, plus reading
//       for every candidate pair what the cache filter reads (the record,
//       both spans, the cached face, the other shape's vertex rows;
//       cache_touch.c) without its arithmetic: the least a cache that
//       tests an axis against the shapes could cost
//   sepax_<backend>_manifolds/drift     sepax_collide_manifolds every step
//   box2d_collide_polygons/drift        b2CollidePolygons on the same pairs
//       with each step's transforms (when Box2D is found)
// Counters: pairs per step, the share of them apart, the margin and step
// as shares of the mean diameter, and not_identical (cached hits, or on
// the tracked row tracked hits, that differ from the uncached call's on
// the same step: must be 0).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "bench_scene.h"
#include "floors/cache_touch.h"

#ifdef SEPAX_BENCH_BOX2D
#include <box2d/box2d.h>
#endif

namespace sepax_bench {
namespace {

constexpr int kSteps = 16;
constexpr double kStepShare = 0.01;
constexpr double kTurn = 0.02;
constexpr double kMarginShare = 0.10;

struct Drift {
    sepax_scene scene{};
    sepax_store *store = nullptr;
    std::vector<sepax_shape_id> ids;
    double mean_diameter = 0;
    // per step: every shape's transform, the candidate pairs, and for each
    // pair its index in the previous step's list (UINT32_MAX: new)
    std::vector<std::vector<sepax_transform>> xf;
    std::vector<std::vector<sepax_pair>> pairs;
    std::vector<std::vector<uint32_t>> prev;
    // per step: the pairs that are hits (the floor row's list)
    std::vector<std::vector<sepax_pair>> hit_pairs;
    size_t timed_pairs = 0; // pairs of steps 1 .. kSteps - 1
    size_t timed_hits = 0;
    size_t max_pairs = 0;
    // scratch
    std::vector<sepax_hit> hits;
    std::vector<sepax_pair_cache> caches, carried;
    std::vector<sepax_pair_motion> motions, motions_carried;
    // per step: the caches the cached call starts that step with (the
    // touch row's records), filled on first use
    std::vector<std::vector<sepax_pair_cache>> step_caches;
    float sink = 0;
    std::vector<sepax_manifold> manifolds;
    ~Drift()
    {
        sepax_store_destroy(store);
        sepax_scene_free(&scene);
    }
};

[[noreturn]] void fail(const char *what)
{
    std::fprintf(stderr, "drift: %s\n", what);
    std::exit(1);
}

uint64_t key(sepax_pair p)
{
    return (uint64_t)p.a << 32 | p.b;
}

// The broadphase over fat boxes: a second store holds each shape's fat box
// as an axis-aligned box polygon, and sepax_broadphase pairs them (band
// order, as a user of sepax's own broadphase gets). A refitted box changes
// size, so it is removed and added again; shape_of[fat slot] follows.
struct FatBoxes {
    sepax_store *store = nullptr;
    std::vector<sepax_shape_id> fat_id;
    std::vector<uint32_t> shape_of; // by fat slot
    std::vector<sepax_pair> out;
    ~FatBoxes() { sepax_store_destroy(store); }

    void fit(size_t i, sepax_vec2 lo, sepax_vec2 hi, float margin)
    {
        if (fat_id.size() <= i)
            fat_id.resize(i + 1, UINT32_MAX);
        if (fat_id[i] != UINT32_MAX && sepax_remove(store, fat_id[i]) != SEPAX_OK)
            fail("cannot remove a fat box");
        const sepax_vec2 c = {0.5f * (lo.x + hi.x), 0.5f * (lo.y + hi.y)};
        const sepax_vec2 h = {0.5f * (hi.x - lo.x) + margin, 0.5f * (hi.y - lo.y) + margin};
        if (sepax_add_box(store, c, h, 0.0f, &fat_id[i]) != SEPAX_OK)
            fail("cannot add a fat box");
        const uint32_t slot = SEPAX_ID_SLOT(fat_id[i]);
        if (shape_of.size() <= slot)
            shape_of.resize(slot + 1, UINT32_MAX);
        shape_of[slot] = (uint32_t)i;
    }

    std::vector<sepax_pair> pairs(const std::vector<sepax_shape_id> &ids)
    {
        size_t found = 0;
        if (sepax_broadphase(store, nullptr, 0, &found) != SEPAX_ERR_CAPACITY && found != 0)
            fail("broadphase count failed");
        out.resize(found);
        if (sepax_broadphase(store, out.data(), out.size(), &found) != SEPAX_OK)
            fail("broadphase failed");
        std::vector<sepax_pair> p(found);
        for (size_t k = 0; k < found; ++k) {
            p[k].a = ids[shape_of[SEPAX_ID_SLOT(out[k].a)]];
            p[k].b = ids[shape_of[SEPAX_ID_SLOT(out[k].b)]];
        }
        return p;
    }
};

Drift &get_drift()
{
    static std::unique_ptr<Drift> made;
    if (made)
        return *made;
    made.reset(new Drift);
    Drift &d = *made;
    const sepax_scene_params p = sepax_scene_params_default();
    if (sepax_scene_generate(&p, &d.scene) != 0 || sepax_store_create(nullptr, &d.store) != SEPAX_OK)
        fail("cannot build the scene");
    d.ids.resize(p.shapes);
    if (sepax_scene_load(&d.scene, d.store, d.ids.data(), nullptr) != 0)
        fail("the store refused a shape");
    const size_t n = d.ids.size();

    std::vector<sepax_transform> xf(n);
    std::vector<float> angle(n, 0.0f);
    double diam = 0;
    for (size_t i = 0; i < n; ++i) {
        sepax_vec2 lo, hi;
        if (sepax_shape_transform(d.store, d.ids[i], &xf[i]) != SEPAX_OK ||
            sepax_shape_aabb(d.store, d.ids[i], &lo, &hi) != SEPAX_OK)
            fail("cannot read a shape");
        diam += std::hypot((double)(hi.x - lo.x), (double)(hi.y - lo.y));
    }
    d.mean_diameter = diam / (double)n;
    const float margin = (float)(kMarginShare * d.mean_diameter);
    const double step = kStepShare * d.mean_diameter;

    std::vector<sepax_transform> start = xf;
    std::vector<sepax_vec2> fat_lo(n), fat_hi(n);
    FatBoxes fat;
    if (sepax_store_create(nullptr, &fat.store) != SEPAX_OK)
        fail("cannot make the fat box store");
    uint64_t rng = 0xd21f7u;
    auto unit = [&] { return 2.0 * sepax_scene_rng_unit(&rng) - 1.0; };
    std::unordered_map<uint64_t, uint32_t> last;
    for (int s = 0; s < kSteps; ++s) {
        if (s > 0)
            for (size_t i = 0; i < n; ++i) {
                angle[i] += (float)(kTurn * unit());
                xf[i].p.x += (float)(step * unit());
                xf[i].p.y += (float)(step * unit());
                const float c = std::cos(angle[i]), sn = std::sin(angle[i]);
                xf[i].q.c = start[i].q.c * c - start[i].q.s * sn;
                xf[i].q.s = start[i].q.s * c + start[i].q.c * sn;
                const float len = std::hypot(xf[i].q.c, xf[i].q.s);
                xf[i].q.c /= len, xf[i].q.s /= len;
            }
        if (sepax_set_transforms(d.store, d.ids.data(), xf.data(), n) != SEPAX_OK)
            fail("sepax_set_transforms failed");
        for (size_t i = 0; i < n; ++i) {
            sepax_vec2 lo, hi;
            sepax_shape_aabb(d.store, d.ids[i], &lo, &hi);
            if (s == 0 || lo.x < fat_lo[i].x || lo.y < fat_lo[i].y || hi.x > fat_hi[i].x ||
                hi.y > fat_hi[i].y) {
                fat.fit(i, lo, hi, margin);
                fat_lo[i] = {lo.x - margin, lo.y - margin};
                fat_hi[i] = {hi.x + margin, hi.y + margin};
            }
        }
        d.pairs.push_back(fat.pairs(d.ids));
        d.xf.push_back(xf);
        {
            const std::vector<sepax_pair> &cur = d.pairs.back();
            std::vector<sepax_hit> h(cur.size());
            size_t found = 0;
            if (sepax_collide_hits(d.store, cur.data(), cur.size(), h.data(), h.size(), &found,
                                   nullptr) != SEPAX_OK)
                fail("collide failed");
            std::vector<sepax_pair> hp(found);
            for (size_t k = 0; k < found; ++k)
                hp[k] = cur[h[k].pair];
            d.hit_pairs.push_back(hp);
        }
        const std::vector<sepax_pair> &cur = d.pairs.back();
        std::vector<uint32_t> prev(cur.size());
        for (size_t k = 0; k < cur.size(); ++k) {
            const auto it = last.find(key(cur[k]));
            prev[k] = it == last.end() ? UINT32_MAX : it->second;
        }
        d.prev.push_back(prev);
        last.clear();
        for (size_t k = 0; k < cur.size(); ++k)
            last[key(cur[k])] = (uint32_t)k;
        d.max_pairs = std::max(d.max_pairs, cur.size());
        if (s > 0)
            d.timed_pairs += cur.size();
    }
    d.hits.resize(d.max_pairs);
    d.caches.resize(d.max_pairs);
    d.carried.resize(d.max_pairs);
    d.motions.resize(d.max_pairs);
    d.motions_carried.resize(d.max_pairs);
    d.manifolds.resize(d.max_pairs);
    return d;
}

// Step s's transforms into the store.
void place(Drift &d, int s)
{
    if (sepax_set_transforms(d.store, d.ids.data(), d.xf[s].data(), d.ids.size()) != SEPAX_OK)
        fail("sepax_set_transforms failed");
}


// Every drift row is per candidate pair of the timed steps; returns how
// many there are.
double set_step_counters(benchmark::State &state, const Drift &d)
{
    const double pairs = (double)d.timed_pairs;
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)d.timed_pairs);
    state.counters["ns_per_pair"] =
        benchmark::Counter(pairs * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                             benchmark::Counter::kInvert);
    state.counters["pairs_per_step"] = pairs / (kSteps - 1);
    return pairs;
}

enum Mode { kUncached, kCached, kFloor, kManifolds, kTouch, kTracked };

sepax_status one_step(Drift &d, int s, int mode, size_t *found)
{
    if (mode == kTouch)
        d.sink += sepax_bench_cache_touch(d.store, d.pairs[s].data(), d.pairs[s].size(),
                                          d.step_caches[s].data());
    const std::vector<sepax_pair> &p =
        mode == kFloor || mode == kTouch ? d.hit_pairs[s] : d.pairs[s];
    if (mode == kManifolds) {
        *found = 0;
        return sepax_collide_manifolds(d.store, p.data(), p.size(), d.manifolds.data(), nullptr);
    }
    if (mode == kTracked)
        return sepax_collide_hits_tracked(d.store, p.data(), p.size(), d.caches.data(),
                                          d.motions.data(), d.hits.data(), d.hits.size(), found,
                                          nullptr);
    return mode == kCached
               ? sepax_collide_hits_cached(d.store, p.data(), p.size(), d.caches.data(),
                                           d.hits.data(), d.hits.size(), found, nullptr)
               : sepax_collide_hits(d.store, p.data(), p.size(), d.hits.data(), d.hits.size(),
                                    found, nullptr);
}

void bm_drift(benchmark::State &state, sepax_backend backend, int mode)
{
    const bool tracked = mode == kTracked;
    const bool carries = mode == kCached || tracked; // records carried step to step
    Drift &d = get_drift();
    if (sepax_store_set_backend(d.store, backend) != SEPAX_OK) {
        state.SkipWithError("backend not available");
        return;
    }
    sepax_status st = SEPAX_OK;
    size_t found = 0;
    if (mode == kTouch && d.step_caches.empty()) {
        // each step's incoming caches, as the cached row carries them
        place(d, 0);
        clear_drift_records(d);
        for (int s = 0; s < kSteps && st == SEPAX_OK; ++s) {
            if (s > 0) {
                place(d, s);
                carry_drift(d, s, false);
            }
            d.step_caches.emplace_back(d.caches.begin(), d.caches.begin() + d.pairs[s].size());
            st = one_step(d, s, kCached, &found);
        }
    }
    for (auto _ : state) {
        state.PauseTiming();
        place(d, 0);
        clear_drift_records(d);
        st = one_step(d, 0, mode, &found);
        for (int s = 1; s < kSteps && st == SEPAX_OK; ++s) {
            place(d, s);
            if (carries)
                carry_drift(d, s, tracked);
            state.ResumeTiming();
            st = one_step(d, s, mode, &found);
            state.PauseTiming();
        }
        state.ResumeTiming();
    }
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return;
    }

    // Untimed: the cached call (on the tracked row the tracked call)
    // against the uncached one, step by step.
    size_t not_identical = 0, hits = 0;
    std::vector<sepax_hit> want(d.max_pairs);
    place(d, 0);
    clear_drift_records(d);
    for (int s = 0; s < kSteps; ++s) {
        if (s > 0) {
            place(d, s);
            carry_drift(d, s, tracked);
        }
        size_t nw = 0, ng = 0;
        const std::vector<sepax_pair> &p = d.pairs[s];
        sepax_collide_hits(d.store, p.data(), p.size(), want.data(), want.size(), &nw, nullptr);
        one_step(d, s, tracked ? kTracked : kCached, &ng);
        not_identical += nw != ng;
        for (size_t k = 0; k < std::min(nw, ng); ++k)
            not_identical += std::memcmp(&want[k], &d.hits[k], sizeof want[k]) != 0;
        if (s > 0)
            hits += nw;
    }
    const double pairs = set_step_counters(state, d);
    state.counters["apart_share"] = 1.0 - (double)hits / pairs;
    state.counters["margin_share"] = kMarginShare;
    state.counters["step_share"] = kStepShare;
    state.counters["not_identical"] = (double)not_identical;
}

#ifdef SEPAX_BENCH_BOX2D
// b2CollidePolygons on the same candidate pairs: each polygon built once
// from its local vertices (skin radius 0, as on the other scenes), each
// step's transforms handed over as b2Transform, precomputed untimed as
// sepax's are set untimed.
void bm_box2d_drift(benchmark::State &state)
{
    Drift &d = get_drift();
    const size_t n = d.ids.size();
    std::vector<b2PolygonShape> polys(n);
    std::vector<uint32_t> index_of;
    size_t reshaped = 0;
    for (size_t i = 0; i < n; ++i) {
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t c = 0;
        if (sepax_shape_vertices(d.store, d.ids[i], 0, v, SEPAX_MAX_POLYGON_VERTICES, &c) !=
                SEPAX_OK ||
            c > (uint32_t)b2_maxPolygonVertices) {
            state.SkipWithError("a shape Box2D cannot hold");
            return;
        }
        b2Vec2 pts[b2_maxPolygonVertices];
        for (uint32_t k = 0; k < c; ++k)
            pts[k].Set(v[k].x, v[k].y);
        polys[i].Set(pts, (int32)c);
        polys[i].m_radius = 0.0f;
        reshaped += (uint32_t)polys[i].m_count != c;
        const uint32_t slot = SEPAX_ID_SLOT(d.ids[i]);
        if (index_of.size() <= slot)
            index_of.resize(slot + 1, 0);
        index_of[slot] = (uint32_t)i;
    }
    std::vector<std::vector<b2Transform>> xf(kSteps, std::vector<b2Transform>(n));
    for (int s = 0; s < kSteps; ++s)
        for (size_t i = 0; i < n; ++i) {
            xf[s][i].p.Set(d.xf[s][i].p.x, d.xf[s][i].p.y);
            xf[s][i].q.s = d.xf[s][i].q.s;
            xf[s][i].q.c = d.xf[s][i].q.c;
        }
    size_t hits = 0;
    for (auto _ : state) {
        hits = 0;
        for (int s = 1; s < kSteps; ++s)
            for (const sepax_pair &p : d.pairs[s]) {
                const uint32_t a = index_of[SEPAX_ID_SLOT(p.a)], b = index_of[SEPAX_ID_SLOT(p.b)];
                b2Manifold m;
                b2CollidePolygons(&m, &polys[a], xf[s][a], &polys[b], xf[s][b]);
                hits += m.pointCount > 0;
            }
        benchmark::DoNotOptimize(hits);
    }
    size_t sepax_hits = 0;
    for (int s = 1; s < kSteps; ++s)
        sepax_hits += d.hit_pairs[s].size();
    set_step_counters(state, d);
    state.counters["hits_minus_sepax"] = (double)hits - (double)sepax_hits;
    state.counters["reshaped"] = (double)reshaped;
}
#endif

} // namespace

void register_drift()
{
#ifdef SEPAX_BENCH_BOX2D
    benchmark::RegisterBenchmark("box2d_collide_polygons/drift", bm_box2d_drift)
        ->Unit(benchmark::kMicrosecond);
#endif
    for (int b = 0; b < SEPAX_BACKEND_COUNT; ++b) {
        const sepax_backend backend = (sepax_backend)b;
        if (!sepax_backend_available(backend))
            continue;
        const std::string base = std::string("sepax_") + sepax_backend_name(backend);
        for (const int mode : {kUncached, kCached, kTracked, kFloor, kManifolds, kTouch}) {
            const char *tail = mode == kCached      ? "_hits_cached"
                               : mode == kTracked   ? "_hits_tracked"
                               : mode == kFloor     ? "_hits_floor"
                               : mode == kManifolds ? "_manifolds"
                               : mode == kTouch     ? "_hits_touch"
                                                    : "_hits";
            benchmark::RegisterBenchmark((base + tail + "/drift").c_str(),
                                         [backend, mode](benchmark::State &st) {
                                             bm_drift(st, backend, mode);
                                         })
                ->Unit(benchmark::kMicrosecond);
        }
    }
}

} // namespace sepax_bench
