// The 3D half of the harness: sepax3_collide per backend, the world update
// and the broadphase on the 3D scenes, and the 3D peers on the same shapes
// and pairs. Names:
//   sepax3_<backend>/<scene>[/box_box]/<order>
//   sepax3_<backend>_grouped/<scene>[/<class>]/sweep (the list grouped by
//     class first, untimed, then sepax3_collide_grouped)
//   <peer>/<scene>[/box_box]/<order>
//   sepax3_world/<scene>, sepax3_broadphase[_grouped]/<scene>,
//   sepax3_step[_grouped]/<scene> (_grouped: the grouped broadphase and
//     collide calls)
//   bullet_dbvt3_pairs/<scene>, ode_sap3_pairs/<scene> (peer_broadphase.cpp)
//   sepax3_{pruned,unpruned,tile,hull_floor,hull_touch}[_<backend>][_hot]/<hull scene>/sweep
//     (_hot: each pair run 8 times in a row, its data in L1 after the
//     first: the compute floor of the method, its branches learned;
//     _warm: a cycle of the first pairs naming 64 shapes, data in L2)
// box_box: on spheres_boxes3, the pairs of two boxes only, which is what
// the box-box peers can answer (on mixed3 each class of kind pair,
// box_box to hull_hull, sweep order, with every peer that answers it); sepax runs them too, so every peer row
// has a sepax row on exactly its pairs. The peers that answer every kind
// run on all pairs of hulls3 and mixed3 (see PeerKinds3).
//
// These register themselves while the program starts (before main parses
// the flags), so a --benchmark_filter selects among 2D and 3D rows alike.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench3_scene.h"
#include "floors/unpruned3.h"
#include "peers/peer_broadphase.h"

namespace sepax_bench {
namespace {

const char *order_name(bool random_order)
{
    return random_order ? "random" : "sweep";
}

benchmark::Counter ns_per(double units)
{
    return benchmark::Counter(units * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
}

void set_pair_counters(benchmark::State &state, const Scene3 &s, const PairView &v, size_t hits)
{
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)v.n);
    state.counters["ns_per_pair"] = ns_per((double)v.n);
    state.counters["pairs"] = (double)v.n;
    state.counters["hits"] = (double)hits;
    state.counters["shapes"] = (double)s.shapes;
    state.counters["touching"] = (double)v.touching;
}

void set_agreement(benchmark::State &state, const Agreement &a)
{
    state.counters["disagree"] = (double)a.disagree;
    state.counters["extra_hits"] = (double)a.extra_hits;
    state.counters["missed_hits"] = (double)a.missed_hits;
    state.counters["touching_diff"] = (double)a.touching_diff;
}

bool use_backend(benchmark::State &state, Scene3 &s, sepax_backend b)
{
    const sepax_status st = sepax3_store_set_backend(s.store, b);
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return false;
    }
    return true;
}

bool pair_view(benchmark::State &state, const Scene3 &s, int set, bool random_order, PairView &v)
{
    v = s.view(set, random_order);
    if (v.n == 0) {
        state.SkipWithError("the scene has no pairs of this set");
        return false;
    }
    return true;
}

// One untimed call first (its status checked; it also warms the caches as
// every later call finds them), then the timed loop.
template <class Call> bool time_call(benchmark::State &state, Call call)
{
    sepax_status st = call();
    if (st == SEPAX_OK) {
        for (auto _ : state) {
            st = call();
            benchmark::DoNotOptimize(st);
            benchmark::ClobberMemory();
        }
    }
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return false;
    }
    return true;
}

void bm_collide3(benchmark::State &state, const std::string &scene, int set, sepax_backend backend,
                 bool random_order)
{
    Scene3 &s = get_scene3(scene);
    PairView v;
    if (!pair_view(state, s, set, random_order, v) || !use_backend(state, s, backend))
        return;
    const size_t n = v.n;
    if (!time_call(state, [&] {
            return sepax3_collide(s.store, v.pairs, n, s.results.data(), nullptr);
        }))
        return;

    size_t not_identical = 0;
    for (size_t i = 0; i < n; ++i) {
        not_identical += std::memcmp(&s.results[i], &s.reference[v.sweep_index(i)],
                                     sizeof(sepax3_result)) != 0;
        s.flags[i] = (s.results[i].flags & SEPAX_HIT) != 0;
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), sepax_backend_name(backend));
    set_pair_counters(state, s, v, a.hits);
    set_agreement(state, a);
    state.counters["not_identical"] = (double)not_identical;
}

// sepax3_collide_grouped on the view's pairs grouped by class
// (sepax3_group_pairs, untimed): what a caller whose list arrives grouped
// (sepax3_broadphase_grouped, or a list kept from frame to frame) pays.
void bm_collide3_grouped(benchmark::State &state, const std::string &scene, int set,
                         sepax_backend backend)
{
    Scene3 &s = get_scene3(scene);
    PairView v;
    if (!pair_view(state, s, set, false, v) || !use_backend(state, s, backend))
        return;
    const size_t n = v.n;
    std::vector<sepax_pair> grouped(n);
    std::vector<uint32_t> from(n);
    size_t starts[SEPAX3_PAIR_GROUPS + 1];
    sepax_status st = sepax3_group_pairs(s.store, v.pairs, n, grouped.data(), starts,
                                         from.data(), nullptr);
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return;
    }
    if (!time_call(state, [&] {
            return sepax3_collide_grouped(s.store, grouped.data(), starts, s.results.data(),
                                          nullptr);
        }))
        return;
    size_t not_identical = 0;
    for (size_t k = 0; k < n; ++k) {
        const size_t i = from[k];
        not_identical += std::memcmp(&s.results[k], &s.reference[v.sweep_index(i)],
                                     sizeof(sepax3_result)) != 0;
        s.flags[i] = (s.results[k].flags & SEPAX_HIT) != 0;
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), sepax_backend_name(backend));
    set_pair_counters(state, s, v, a.hits);
    set_agreement(state, a);
    state.counters["not_identical"] = (double)not_identical;
}

void set_shape_counters(benchmark::State &state, const Scene3 &s)
{
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)s.shapes);
    state.counters["ns_per_shape"] = ns_per((double)s.shapes);
    state.counters["shapes"] = (double)s.shapes;
}

// Whatever backend the last collide row left on the store is not what a
// world or broadphase row should measure: both use the best one, named in
// the label.
void bm_world3(benchmark::State &state, const std::string &scene)
{
    Scene3 &s = get_scene3(scene);
    const sepax_backend best = sepax_backend_best();
    if (!use_backend(state, s, best))
        return;
    if (!time_call(state, [&] { return sepax3_update_world(s.store); }))
        return;
    set_shape_counters(state, s);
    state.SetLabel(sepax_backend_name(best));
}

// grouped: sepax3_broadphase_grouped, the same pairs grouped by class.
void bm_broadphase3(benchmark::State &state, const std::string &scene, bool grouped)
{
    Scene3 &s = get_scene3(scene);
    const sepax_backend best = sepax_backend_best();
    if (!use_backend(state, s, best))
        return;
    size_t count = 0;
    size_t starts[SEPAX3_PAIR_GROUPS + 1];
    if (!time_call(state, [&] {
            return grouped ? sepax3_broadphase_grouped(s.store, s.broadphase_out.data(),
                                                       s.broadphase_out.size(), &count, starts)
                           : sepax3_broadphase(s.store, s.broadphase_out.data(),
                                               s.broadphase_out.size(), &count);
        }))
        return;
    set_shape_counters(state, s);
    state.counters["pairs"] = (double)count;
    state.SetLabel(sepax_backend_name(best));
}

// One 3D step as a simulation takes it, with the best backend: the world
// update, the broadphase into a buffer large enough, and the collide call
// over its pairs; counted per shape and per pair like sepax_step in 2D.
// grouped: the grouped broadphase and the grouped collide call.
void bm_step3(benchmark::State &state, const std::string &scene, bool grouped)
{
    Scene3 &s = get_scene3(scene);
    const sepax_backend best = sepax_backend_best();
    if (!use_backend(state, s, best))
        return;
    size_t count = 0;
    size_t starts[SEPAX3_PAIR_GROUPS + 1];
    if (s.results.size() < s.broadphase_out.size())
        s.results.resize(s.broadphase_out.size());
    if (!time_call(state, [&] {
            sepax_status st = sepax3_update_world(s.store);
            sepax_pair *out = s.broadphase_out.data();
            const size_t room = s.broadphase_out.size();
            if (st == SEPAX_OK)
                st = grouped ? sepax3_broadphase_grouped(s.store, out, room, &count, starts)
                             : sepax3_broadphase(s.store, out, room, &count);
            if (st == SEPAX_OK)
                st = grouped ? sepax3_collide_grouped(s.store, out, starts, s.results.data(),
                                                      nullptr)
                             : sepax3_collide(s.store, out, count, s.results.data(), nullptr);
            return st;
        }))
        return;
    set_shape_counters(state, s);
    state.counters["ns_per_pair"] = ns_per((double)count);
    state.counters["pairs"] = (double)count;
    state.SetLabel(sepax_backend_name(best));
}

void bm_peer3(benchmark::State &state, const std::string &scene, int set, const PeerSubject3 &peer,
              bool random_order)
{
    Scene3 &s = get_scene3(scene);
    PairView v;
    if (!pair_view(state, s, set, random_order, v))
        return;
    PeerWorld3 *w = peer.world(s); // built once per scene, untimed
    const sepax_pair *pairs = v.pairs;
    const size_t n = v.n;
    size_t hits = w->run(pairs, n, s.flags.data());
    for (auto _ : state) {
        hits = w->run(pairs, n, s.flags.data());
        benchmark::DoNotOptimize(hits);
        benchmark::DoNotOptimize(s.flags.data());
        benchmark::ClobberMemory();
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), peer.subject);
    set_pair_counters(state, s, v, hits);
    set_agreement(state, a);
}

// The polyhedron pair test with and without the Gauss-map pruning of
// edge pairs (unpruned3.c), on the same pairs with the same loop around
// it: what the pruning saves. Both are the library's pair routine built
// again in the bench; the pruned one computes what sepax3_collide does.
void bm_pruning3(benchmark::State &state, const std::string &scene, const Poly3Entry &entry)
{
    Scene3 &s = get_scene3(scene);
    PairView v;
    if (!pair_view(state, s, kAllPairs3, false, v))
        return;
    const size_t n = v.n;
    // Not time_call: its status would be a constant here, and GCC then
    // drops the store that DoNotOptimize's "+r,m" operand reads back
    // (libbenchmark 1.7), leaving the status read from an unwritten slot.
    entry.run(s.store, v.pairs, n, s.results.data());
    for (auto _ : state) {
        entry.run(s.store, v.pairs, n, s.results.data());
        benchmark::DoNotOptimize(s.results.data());
        benchmark::ClobberMemory();
    }
    size_t not_identical = 0;
    for (size_t i = 0; i < n; ++i) {
        not_identical += std::memcmp(&s.results[i], &s.reference[i], sizeof(sepax3_result)) != 0;
        s.flags[i] = (s.results[i].flags & SEPAX_HIT) != 0;
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), entry.name);
    set_pair_counters(state, s, v, a.hits);
    set_agreement(state, a);
    // The unpruned test may find a deeper edge axis than the pruned one
    // (the contract's separation is over the pruned pairs only), so its
    // results need not be identical, nor the floor's (part of the work);
    // the pruned one's and the tile's must be.
    state.counters["not_identical"] = (double)not_identical;
    state.SetLabel(entry.label);
}

// The entry run over the scene's sweep pairs at[0], at[1], ... (each
// index as often as it is listed), timed, each result held to the
// reference of its pair; ns per pair run. extra names the list in the
// label.
void time_listed3(benchmark::State &state, Scene3 &s, const PairView &v, const Poly3Entry &entry,
                  const std::vector<size_t> &at, const char *extra)
{
    std::vector<sepax_pair> list(at.size());
    for (size_t k = 0; k < at.size(); ++k)
        list[k] = v.pairs[at[k]];
    std::vector<sepax3_result> out(list.size());
    entry.run(s.store, list.data(), list.size(), out.data());
    for (auto _ : state) {
        entry.run(s.store, list.data(), list.size(), out.data());
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    size_t not_identical = 0;
    for (size_t k = 0; k < list.size(); ++k)
        not_identical += std::memcmp(&out[k], &s.reference[at[k]], sizeof(sepax3_result)) != 0;
    state.counters["ns_per_pair"] = ns_per((double)list.size());
    state.counters["pairs"] = (double)list.size();
    state.counters["not_identical"] = entry.pruned ? (double)not_identical : 0.0;
    state.SetLabel(std::string(entry.label) + extra);
}

// The same pairs with each one run kHot3 times in a row: after the first
// time its hull blocks are in L1 (and its branches have been seen), so
// the row is a lower bound on the compute cost of the entry's method,
// with no wait on memory; ns per pair run.
constexpr size_t kHot3 = 8;

void bm_pruning3_hot(benchmark::State &state, const std::string &scene, const Poly3Entry &entry)
{
    Scene3 &s = get_scene3(scene);
    PairView v;
    if (!pair_view(state, s, kAllPairs3, false, v))
        return;
    std::vector<size_t> at;
    at.reserve(v.n * kHot3);
    for (size_t i = 0; i < v.n; ++i)
        for (size_t k = 0; k < kHot3; ++k)
            at.push_back(i);
    time_listed3(state, s, v, entry, at, ", each pair 8 times in a row");
}

// Between the two: the first pairs of the list that name at most
// kWarmShapes3 shapes (their hull blocks, about 3 KB each, fit in L2),
// cycled to kWarmPairs3 pair runs. Memory no longer waits, and the
// branches see a cycle of different pairs rather than one pair 8 times:
// a fairer compute floor of the method than _hot, ns per pair run.
constexpr size_t kWarmShapes3 = 64, kWarmPairs3 = 4096;

void bm_pruning3_warm(benchmark::State &state, const std::string &scene, const Poly3Entry &entry)
{
    Scene3 &s = get_scene3(scene);
    PairView v;
    if (!pair_view(state, s, kAllPairs3, false, v))
        return;
    std::vector<sepax_shape_id> shapes;
    size_t cycle = 0; // the first pairs taken
    for (; cycle < v.n; ++cycle) {
        std::vector<sepax_shape_id> more;
        for (const sepax_shape_id id : {v.pairs[cycle].a, v.pairs[cycle].b})
            if (std::find(shapes.begin(), shapes.end(), id) == shapes.end())
                more.push_back(id);
        if (shapes.size() + more.size() > kWarmShapes3)
            break;
        shapes.insert(shapes.end(), more.begin(), more.end());
    }
    if (cycle == 0) {
        state.SkipWithError("no pair fits");
        return;
    }
    std::vector<size_t> at(kWarmPairs3);
    for (size_t k = 0; k < kWarmPairs3; ++k)
        at[k] = k % cycle;
    state.counters["cycle"] = (double)cycle;
    time_listed3(state, s, v, entry, at, ", a cycle of the pairs of 64 shapes");
}

std::vector<PeerSubject3> &peers3()
{
    static std::vector<PeerSubject3> peers = [] {
        std::vector<PeerSubject3> p;
        add_peer3_subjects(p);
        return p;
    }();
    return peers;
}

void register_all3()
{
    std::vector<sepax_backend> backends;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; ++b)
        if (sepax_backend_available((sepax_backend)b))
            backends.push_back((sepax_backend)b);
    const std::vector<PeerSubject3> &peers = peers3();
    auto reg = [](const std::string &name, auto fn) {
        benchmark::RegisterBenchmark(name.c_str(), fn)->Unit(benchmark::kMicrosecond);
    };
    for (const Scene3Spec &spec : scene3_specs()) {
        const std::string sc = spec.name;
        reg("sepax3_world/" + sc, [sc](benchmark::State &st) { bm_world3(st, sc); });
        for (const bool grouped : {false, true}) {
            const std::string g = grouped ? "_grouped/" : "/";
            reg("sepax3_broadphase" + g + sc,
                [sc, grouped](benchmark::State &st) { bm_broadphase3(st, sc, grouped); });
            reg("sepax3_step" + g + sc,
                [sc, grouped](benchmark::State &st) { bm_step3(st, sc, grouped); });
        }
        register_broadphase3_peers(sc); // the same boxes in Bullet and ODE

        // Box-box peers: on a scene of boxes they take all the pairs, on
        // boxes with spheres the box-box set (which sepax runs as well), on
        // a scene of spheres nothing; scenes with hulls or capsules get
        // the peers that answer every kind (and, on hulls only, the
        // hull-hull peers) on all their pairs instead.
        const sepax_scene3_params &p = spec.params;
        const bool polys = p.hull_share > 0.0 || p.capsule_share > 0.0;
        const bool has_spheres = p.sphere_share > 0.0;
        const bool has_boxes = p.sphere_share + p.hull_share + p.capsule_share < 1.0;
        const bool only_hulls = p.hull_share >= 1.0;
        // On a scene of several kinds with hulls or capsules (mixed3), every
        // class of kind pair alone as well (sweep order only), with each
        // peer that answers it: what each class costs in the mix.
        const bool mixed = polys && !only_hulls;
        std::vector<int> sets{kAllPairs3};
        if (!polys && has_spheres && has_boxes)
            sets.push_back(kBoxBoxPairs3);
        if (mixed)
            for (int set = kBoxBoxPairs3; set < kPairSet3Count; ++set)
                sets.push_back(set);
        const int peer_set = has_spheres ? (has_boxes ? kBoxBoxPairs3 : -1) : kAllPairs3;
        auto runs = [&](const PeerSubject3 &peer, int set) {
            if (mixed && set != kAllPairs3)
                return peer.kinds == kPeerAnyKind ||
                       (peer.kinds == kPeerBoxBox && set == kBoxBoxPairs3) ||
                       (peer.kinds == kPeerHullHull && set == kPairSet3Count - 1);
            switch (peer.kinds) {
            case kPeerBoxBox:
                return !polys && set == peer_set;
            case kPeerAnyKind:
                return polys ? set == kAllPairs3 : peer.everywhere;
            case kPeerHullHull:
                return only_hulls && set == kAllPairs3;
            }
            return false;
        };

        for (const int set : sets) {
            const char *set_name = pair_set3_name(set);
            const std::string mid = "/" + sc + (set_name ? std::string("/") + set_name : "");
            for (const bool random_order : {false, true}) {
                if (random_order && mixed && set != kAllPairs3)
                    continue;
                const std::string tail = mid + "/" + order_name(random_order);
                for (const sepax_backend b : backends) {
                    reg(std::string("sepax3_") + sepax_backend_name(b) + tail,
                        [sc, set, b, random_order](benchmark::State &st) {
                            bm_collide3(st, sc, set, b, random_order);
                        });
                    // the grouped entry where a list holds several kinds
                    if (!random_order && (mixed || (has_spheres && has_boxes)))
                        reg(std::string("sepax3_") + sepax_backend_name(b) + "_grouped" + tail,
                            [sc, set, b](benchmark::State &st) {
                                bm_collide3_grouped(st, sc, set, b);
                            });
                }
                for (const PeerSubject3 &peer : peers) {
                    if (!runs(peer, set))
                        continue;
                    const PeerSubject3 *pp = &peer;
                    reg(std::string(peer.subject) + tail,
                        [sc, set, pp, random_order](benchmark::State &st) {
                            bm_peer3(st, sc, set, *pp, random_order);
                        });
                }
            }
        }
        // What the Gauss-map pruning saves, on a scene of hulls only, where
        // every pair is a polyhedron pair; sweep order only.
        if (only_hulls)
            for (const Poly3Entry &e : poly3_entries()) {
                reg(std::string(e.name) + "/" + sc + "/sweep",
                    [sc, e](benchmark::State &st) { bm_pruning3(st, sc, e); });
                reg(std::string(e.name) + "_hot/" + sc + "/sweep",
                    [sc, e](benchmark::State &st) { bm_pruning3_hot(st, sc, e); });
                reg(std::string(e.name) + "_warm/" + sc + "/sweep",
                    [sc, e](benchmark::State &st) { bm_pruning3_warm(st, sc, e); });
            }
    }

    std::string libs;
    for (const PeerSubject3 &p : peers)
        if (libs.find(p.library) == std::string::npos)
            libs += (libs.empty() ? "" : ", ") + p.library;
    benchmark::AddCustomContext("sepax3_peers", libs.empty() ? "none" : libs);
    char touch[32];
    std::snprintf(touch, sizeof touch, "%g", kTouchRelative3);
    benchmark::AddCustomContext("sepax3_touch_relative", touch);
}

// Static registration: main() belongs to the 2D harness and registers its
// own rows after this has run.
const bool registered3 = (register_all3(), true);

} // namespace
} // namespace sepax_bench
