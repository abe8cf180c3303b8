// The drift3 scenes: 3D frame-to-frame work, for the separating-feature
// cache (sepax3_collide_hits_cached) and its motion tier
// (sepax3_collide_hits_tracked).
//
// A 3D scene's 20,000 shapes drift for kSteps steps: each step every shape
// moves by up to kStepShare of the mean shape diameter along each axis and
// turns by up to kTurn radians about a random axis (seeded, the same every
// run). Candidate pairs come as from a physics engine's broadphase: every
// shape keeps a box fattened by kMarginShare of the mean diameter on each
// side, refitted only when the shape's own box leaves it, and the pairs
// are those of overlapping fat boxes (sepax3_broadphase over a store of
// the fat boxes). So most candidate pairs of a step were candidates the
// step before, and many are apart.
//
// Scenes: drift3_boxes (boxes3's shapes), drift3_hulls (hulls3's),
// drift3_mixed (mixed3's), and drift3_apart: drift3_hulls with each step's
// hit pairs left out, so that every candidate pair is apart.
//
// Rows (CPU time of the steps after the first, per candidate pair):
//   sepax3_<backend>_hits/<scene>         sepax3_collide_hits every step
//   sepax3_<backend>_hits_cached/<scene>  sepax3_collide_hits_cached, the
//       caller carrying each pair's record to the pair's place in the
//       next step's list (untimed, as the transforms are)
//   sepax3_<backend>_hits_tracked/<scene> sepax3_collide_hits_tracked,
//       each pair's motion record carried beside its cache record
//   sepax3_<backend>_hits_floor/<scene>   sepax3_collide_hits on the
//       step's hit pairs alone: what a cache that knew every apart pair
//       for free would leave to do, the floor of any cached tier
//       (ns_per_pair still per candidate pair; none on drift3_apart,
//       where it would be 0)
// Counters: pairs per step, the share of them apart, the margin and step
// as shares of the mean diameter, and not_identical (cached hits, or on
// the tracked rows tracked hits, that differ from the uncached call's on
// the same step: must be 0).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "bench3_scene.h"

namespace sepax_bench {
namespace {

constexpr int kSteps = 16;
constexpr double kStepShare = 0.01;
constexpr double kTurn = 0.02;
constexpr double kMarginShare = 0.10;

struct Drift3 {
    sepax_scene3 scene{};
    sepax3_store *store = nullptr;
    std::vector<sepax_shape_id> ids;
    double mean_diameter = 0;
    // per step: every shape's transform, the candidate pairs, for each
    // pair its index in the previous step's list (UINT32_MAX: new), and
    // the pairs that are hits (the floor row's list)
    std::vector<std::vector<sepax3_transform>> xf;
    std::vector<std::vector<sepax_pair>> pairs;
    std::vector<std::vector<uint32_t>> prev;
    std::vector<std::vector<sepax_pair>> hit_pairs;
    size_t timed_pairs = 0, timed_hits = 0, max_pairs = 0;
    std::vector<sepax3_hit> hits;
    std::vector<sepax3_pair_cache> caches, carried;
    std::vector<sepax_pair_motion> motions, motions_carried;
    ~Drift3()
    {
        sepax3_store_destroy(store);
        sepax_scene3_free(&scene);
    }
};

[[noreturn]] void fail(const char *what)
{
    std::fprintf(stderr, "drift3: %s\n", what);
    std::exit(1);
}

uint64_t key(sepax_pair p)
{
    return (uint64_t)p.a << 32 | p.b;
}

// The broadphase over fat boxes: a second store holds each shape's fat
// box as an axis-aligned box, re-added when refitted; shape_of[fat slot]
// follows.
struct FatBoxes3 {
    sepax3_store *store = nullptr;
    std::vector<sepax_shape_id> fat_id;
    std::vector<uint32_t> shape_of;
    std::vector<sepax_pair> out;
    ~FatBoxes3() { sepax3_store_destroy(store); }

    void fit(size_t i, sepax3_vec lo, sepax3_vec hi, float margin)
    {
        if (fat_id.size() <= i)
            fat_id.resize(i + 1, UINT32_MAX);
        if (fat_id[i] != UINT32_MAX && sepax3_remove(store, fat_id[i]) != SEPAX_OK)
            fail("cannot remove a fat box");
        const sepax3_vec c = {0.5f * (lo.x + hi.x), 0.5f * (lo.y + hi.y), 0.5f * (lo.z + hi.z)};
        const sepax3_vec h = {0.5f * (hi.x - lo.x) + margin, 0.5f * (hi.y - lo.y) + margin,
                              0.5f * (hi.z - lo.z) + margin};
        sepax3_quat q{};
        q.w = 1.0f;
        if (sepax3_add_box(store, c, h, q, &fat_id[i]) != SEPAX_OK)
            fail("cannot add a fat box");
        const uint32_t slot = SEPAX_ID_SLOT(fat_id[i]);
        if (shape_of.size() <= slot)
            shape_of.resize(slot + 1, UINT32_MAX);
        shape_of[slot] = (uint32_t)i;
    }

    std::vector<sepax_pair> pairs(const std::vector<sepax_shape_id> &ids)
    {
        if (sepax3_update_world(store) != SEPAX_OK)
            fail("fat box update failed");
        size_t found = 0;
        if (sepax3_broadphase(store, nullptr, 0, &found) != SEPAX_ERR_CAPACITY && found != 0)
            fail("broadphase count failed");
        out.resize(found);
        if (sepax3_broadphase(store, out.data(), out.size(), &found) != SEPAX_OK)
            fail("broadphase failed");
        std::vector<sepax_pair> p(found);
        for (size_t k = 0; k < found; ++k) {
            p[k].a = ids[shape_of[SEPAX_ID_SLOT(out[k].a)]];
            p[k].b = ids[shape_of[SEPAX_ID_SLOT(out[k].b)]];
        }
        return p;
    }
};

// q turned by angle about a random axis (unit quaternion out)
sepax3_quat turn(sepax3_quat q, const sepax3_vec &axis, float angle)
{
    const sepax3_quat r = sepax3_quat_axis_angle(axis, angle);
    sepax3_quat o;
    o.w = r.w * q.w - r.x * q.x - r.y * q.y - r.z * q.z;
    o.x = r.w * q.x + r.x * q.w + r.y * q.z - r.z * q.y;
    o.y = r.w * q.y - r.x * q.z + r.y * q.w + r.z * q.x;
    o.z = r.w * q.z + r.x * q.y - r.y * q.x + r.z * q.w;
    const float len = std::sqrt(o.w * o.w + o.x * o.x + o.y * o.y + o.z * o.z);
    o.w /= len, o.x /= len, o.y /= len, o.z /= len;
    return o;
}

// The step-by-step pairs' indices in the previous step's list.
void link_steps(Drift3 &d)
{
    d.prev.clear();
    std::unordered_map<uint64_t, uint32_t> last;
    d.timed_pairs = d.timed_hits = d.max_pairs = 0;
    for (size_t s = 0; s < d.pairs.size(); ++s) {
        const std::vector<sepax_pair> &cur = d.pairs[s];
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
        if (s > 0) {
            d.timed_pairs += cur.size();
            d.timed_hits += d.hit_pairs[s].size();
        }
    }
    d.hits.resize(d.max_pairs + 1);
    d.caches.resize(d.max_pairs + 1);
    d.carried.resize(d.max_pairs + 1);
    d.motions.resize(d.max_pairs + 1);
    d.motions_carried.resize(d.max_pairs + 1);
}

// The hit pairs of one step (the store placed at it).
std::vector<sepax_pair> hits_of(Drift3 &d, const std::vector<sepax_pair> &cur)
{
    std::vector<sepax3_hit> h(cur.size() + 1);
    size_t found = 0;
    if (sepax3_collide_hits(d.store, cur.data(), cur.size(), h.data(), h.size(), &found,
                            nullptr) != SEPAX_OK)
        fail("collide failed");
    std::vector<sepax_pair> hp(found);
    for (size_t k = 0; k < found; ++k)
        hp[k] = cur[h[k].pair];
    return hp;
}

void place(Drift3 &d, int s)
{
    if (sepax3_set_transforms(d.store, d.ids.data(), d.xf[s].data(), d.ids.size()) != SEPAX_OK ||
        sepax3_update_world(d.store) != SEPAX_OK)
        fail("sepax3_set_transforms failed");
}

std::unique_ptr<Drift3> make_drift3(const std::string &base, bool apart_only)
{
    sepax_scene3_params p{};
    bool found_spec = false;
    for (const Scene3Spec &spec : scene3_specs())
        if (spec.name == base)
            p = spec.params, found_spec = true;
    if (!found_spec)
        fail("no such 3D scene");
    std::unique_ptr<Drift3> made(new Drift3);
    Drift3 &d = *made;
    if (sepax_scene3_generate(&p, &d.scene) != 0 || sepax3_store_create(nullptr, &d.store) != SEPAX_OK)
        fail("cannot build the scene");
    d.ids.resize(d.scene.shape_count);
    if (sepax_scene3_load(&d.scene, d.store, d.ids.data(), nullptr) != 0)
        fail("the store refused a shape");
    if (sepax3_update_world(d.store) != SEPAX_OK)
        fail("world update failed");
    const size_t n = d.ids.size();
    std::vector<sepax3_transform> xf(n);
    double diam = 0;
    for (size_t i = 0; i < n; ++i) {
        sepax3_vec lo, hi;
        if (sepax3_shape_transform(d.store, d.ids[i], &xf[i]) != SEPAX_OK ||
            sepax3_shape_aabb(d.store, d.ids[i], &lo, &hi) != SEPAX_OK)
            fail("cannot read a shape");
        const double dx = hi.x - lo.x, dy = hi.y - lo.y, dz = hi.z - lo.z;
        diam += std::sqrt(dx * dx + dy * dy + dz * dz);
    }
    d.mean_diameter = diam / (double)n;
    const float margin = (float)(kMarginShare * d.mean_diameter);
    const double step = kStepShare * d.mean_diameter;
    std::vector<sepax3_vec> fat_lo(n), fat_hi(n);
    FatBoxes3 fat;
    if (sepax3_store_create(nullptr, &fat.store) != SEPAX_OK)
        fail("cannot make the fat box store");
    uint64_t rng = 0xd21f73u;
    auto unit = [&] { return 2.0 * sepax_scene_rng_unit(&rng) - 1.0; };
    for (int s = 0; s < kSteps; ++s) {
        if (s > 0)
            for (size_t i = 0; i < n; ++i) {
                xf[i].p.x += (float)(step * unit());
                xf[i].p.y += (float)(step * unit());
                xf[i].p.z += (float)(step * unit());
                const sepax3_vec axis = {(float)unit(), (float)unit(), (float)unit() + 2.5f};
                xf[i].q = turn(xf[i].q, axis, (float)(kTurn * unit()));
            }
        d.xf.push_back(xf);
        place(d, s);
        for (size_t i = 0; i < n; ++i) {
            sepax3_vec lo, hi;
            sepax3_shape_aabb(d.store, d.ids[i], &lo, &hi);
            if (s == 0 || lo.x < fat_lo[i].x || lo.y < fat_lo[i].y || lo.z < fat_lo[i].z ||
                hi.x > fat_hi[i].x || hi.y > fat_hi[i].y || hi.z > fat_hi[i].z) {
                fat.fit(i, lo, hi, margin);
                fat_lo[i] = {lo.x - margin, lo.y - margin, lo.z - margin};
                fat_hi[i] = {hi.x + margin, hi.y + margin, hi.z + margin};
            }
        }
        std::vector<sepax_pair> cur = fat.pairs(d.ids);
        std::vector<sepax_pair> hp = hits_of(d, cur);
        if (apart_only) {
            // every hit pair left out: the hit list is in pair order
            std::vector<sepax_pair> kept;
            size_t h = 0;
            for (const sepax_pair &q : cur) {
                if (h < hp.size() && q.a == hp[h].a && q.b == hp[h].b) {
                    ++h;
                    continue;
                }
                kept.push_back(q);
            }
            cur.swap(kept);
            hp.clear();
        }
        d.pairs.push_back(cur);
        d.hit_pairs.push_back(hp);
    }
    link_steps(d);
    return made;
}

Drift3 &get_drift3(const std::string &scene)
{
    static std::map<std::string, std::unique_ptr<Drift3>> made;
    auto it = made.find(scene);
    if (it != made.end())
        return *it->second;
    std::unique_ptr<Drift3> d;
    if (scene == "drift3_boxes")
        d = make_drift3("boxes3", false);
    else if (scene == "drift3_hulls")
        d = make_drift3("hulls3", false);
    else if (scene == "drift3_mixed")
        d = make_drift3("mixed3", false);
    else
        d = make_drift3("hulls3", true);
    std::fprintf(stderr, "sepax_bench: %s: %zu shapes, %.0f pairs per step, %.3f apart\n",
                 scene.c_str(), d->ids.size(), (double)d->timed_pairs / (kSteps - 1),
                 1.0 - (double)d->timed_hits / (double)std::max<size_t>(d->timed_pairs, 1));
    return *made.emplace(scene, std::move(d)).first->second;
}


enum Mode { kUncached, kCached, kFloor, kTracked };

sepax_status one_step(Drift3 &d, int s, int mode, size_t *found)
{
    const std::vector<sepax_pair> &p = mode == kFloor ? d.hit_pairs[s] : d.pairs[s];
    if (mode == kTracked)
        return sepax3_collide_hits_tracked(d.store, p.data(), p.size(), d.caches.data(),
                                           d.motions.data(), d.hits.data(), d.hits.size(), found,
                                           nullptr);
    return mode == kCached
               ? sepax3_collide_hits_cached(d.store, p.data(), p.size(), d.caches.data(),
                                            d.hits.data(), d.hits.size(), found, nullptr)
               : sepax3_collide_hits(d.store, p.data(), p.size(), d.hits.data(), d.hits.size(),
                                     found, nullptr);
}

void bm_drift3(benchmark::State &state, const std::string &scene, sepax_backend backend, int mode)
{
    const bool tracked = mode == kTracked;
    const bool carries = mode == kCached || tracked; // records carried step to step
    Drift3 &d = get_drift3(scene);
    if (sepax3_store_set_backend(d.store, backend) != SEPAX_OK) {
        state.SkipWithError("backend not available");
        return;
    }
    sepax_status st = SEPAX_OK;
    size_t found = 0;
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
    // Untimed: the cached call (on the tracked rows the tracked call)
    // against the uncached one, step by step.
    size_t not_identical = 0;
    std::vector<sepax3_hit> want(d.max_pairs + 1);
    place(d, 0);
    clear_drift_records(d);
    for (int s = 0; s < kSteps; ++s) {
        if (s > 0) {
            place(d, s);
            carry_drift(d, s, tracked);
        }
        size_t nw = 0, ng = 0;
        const std::vector<sepax_pair> &p = d.pairs[s];
        sepax3_collide_hits(d.store, p.data(), p.size(), want.data(), want.size(), &nw, nullptr);
        one_step(d, s, tracked ? kTracked : kCached, &ng);
        not_identical += nw != ng;
        for (size_t k = 0; k < std::min(nw, ng); ++k)
            not_identical += std::memcmp(&want[k], &d.hits[k], sizeof want[k]) != 0;
    }
    const double pairs = (double)d.timed_pairs;
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)d.timed_pairs);
    state.counters["ns_per_pair"] =
        benchmark::Counter(pairs * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                             benchmark::Counter::kInvert);
    state.counters["pairs_per_step"] = pairs / (kSteps - 1);
    state.counters["apart_share"] = 1.0 - (double)d.timed_hits / std::max(pairs, 1.0);
    state.counters["margin_share"] = kMarginShare;
    state.counters["step_share"] = kStepShare;
    state.counters["not_identical"] = (double)not_identical;
}

void register_drift3()
{
    for (const char *scene : {"drift3_boxes", "drift3_hulls", "drift3_mixed", "drift3_apart"})
        for (int b = 0; b < SEPAX_BACKEND_COUNT; ++b) {
            const sepax_backend backend = (sepax_backend)b;
            if (!sepax_backend_available(backend))
                continue;
            const std::string base = std::string("sepax3_") + sepax_backend_name(backend);
            for (const int mode : {kUncached, kCached, kTracked, kFloor}) {
                // drift3_apart has no hit pairs: its floor is 0, and a row
                // timing nothing never reaches its minimum time
                if (mode == kFloor && std::strcmp(scene, "drift3_apart") == 0)
                    continue;
                const char *tail = mode == kCached    ? "_hits_cached"
                                   : mode == kTracked ? "_hits_tracked"
                                   : mode == kFloor   ? "_hits_floor"
                                                      : "_hits";
                const std::string sc = scene;
                benchmark::RegisterBenchmark((base + tail + "/" + sc).c_str(),
                                             [sc, backend, mode](benchmark::State &st) {
                                                 bm_drift3(st, sc, backend, mode);
                                             })
                    ->Unit(benchmark::kMillisecond);
            }
        }
}

// Static registration, as bench3.cpp's.
const bool registered_drift3 = (register_drift3(), true);

} // namespace
} // namespace sepax_bench
