// 3D contact manifolds: sepax3_collide_manifolds per backend beside the
// plain collide rows of bench3.cpp on the same pairs, and the peers'
// contact generation on the pairs they answer. Names:
//   sepax3_<backend>_manifolds/<scene>/sweep   boxes3, hulls3, mixed3
//   sepax3_<backend>_manifolds_hits/<scene>/sweep   the compacted call,
//       sepax3_collide_manifolds_hits on the same pairs: only the hits'
//       manifolds (104 bytes each, with the pair's index), room for every
//       pair
//   sepax3_<backend>_hits/<scene>/sweep   its plain counterpart,
//       sepax3_collide_hits on the same pairs (only the hits' results,
//       room for every pair): what the compacted manifold call is
//       measured against
//   sepax3_<backend>_manifolds_floor/<scene>/sweep   the floor of the
//       contract on the same pairs: sepax3_collide, 512 pairs at a time
//       (the chunk the manifold call collides in) into a results array,
//       and every pair's 100-byte manifold written from its result
//       (normal, separation, flags, axis; no points, the rest zero). What
//       any manifold call must at least do: find the result and write the
//       output; no contact point is built
//   ode_box_box_contacts/boxes3/sweep          dBoxBox, up to 4 contacts
//   fcl_box_box_contacts/boxes3/sweep          fcl::collide, up to 4 contacts
//   bullet_hull_manifold/hulls3/sweep          GJK-EPA, then clipping
// (each peer file says what its call does). Every pair of the scene, in
// the broadphase's order. Counters as bench3.cpp's (ns_per_pair, pairs,
// hits, touching, disagree, ...) and the contact points: `contacts`
// over all pairs and `contacts_per_hit`; sepax rows count `not_identical`
// (manifolds not byte-identical to the scalar backend's, or whose normal,
// separation, flags or axis differ from sepax3_collide's scalar result:
// must be 0; on the floor rows, a normal, separation, flags or axis
// differing from the scalar result, or a point count not 0; on the
// compacted rows, a hit whose manifold or result is not byte-identical
// to the full call's for its pair, and every pair that the compacted list
// holds or leaves out against the full call's hit flag, or out of order;
// `contacts` is 0 on the floor and plain hits rows),
// Bullet counts `clipped` (the points its clipping made
// before its manifold kept four).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bench3_scene.h"

namespace sepax_bench {
namespace {

const char *const kManifoldScenes[] = {"boxes3", "hulls3", "mixed3"};

benchmark::Counter ns_per(double units)
{
    return benchmark::Counter(units * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
}

void set_counters(benchmark::State &state, const Scene3 &s, const PairView &v, const Agreement &a,
                  size_t contacts)
{
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)v.n);
    state.counters["ns_per_pair"] = ns_per((double)v.n);
    state.counters["pairs"] = (double)v.n;
    state.counters["hits"] = (double)a.hits;
    state.counters["shapes"] = (double)s.shapes;
    state.counters["touching"] = (double)v.touching;
    state.counters["disagree"] = (double)a.disagree;
    state.counters["extra_hits"] = (double)a.extra_hits;
    state.counters["missed_hits"] = (double)a.missed_hits;
    state.counters["touching_diff"] = (double)a.touching_diff;
    state.counters["contacts"] = (double)contacts;
    state.counters["contacts_per_hit"] = a.hits ? (double)contacts / (double)a.hits : 0.0;
}

// The scalar backend's manifolds of a scene's pairs (sweep order), made
// once, untimed: what every backend's must equal byte for byte.
const std::vector<sepax3_manifold> *scalar_manifolds(benchmark::State &state, Scene3 &s)
{
    static std::map<const Scene3 *, std::vector<sepax3_manifold>> made;
    auto it = made.find(&s);
    if (it != made.end())
        return &it->second;
    std::vector<sepax3_manifold> m(s.sweep.size());
    const sepax_backend keep = sepax3_store_backend(s.store);
    sepax_status st = sepax3_store_set_backend(s.store, SEPAX_BACKEND_SCALAR);
    if (st == SEPAX_OK)
        st = sepax3_collide_manifolds(s.store, s.sweep.data(), s.sweep.size(), m.data(), nullptr);
    sepax3_store_set_backend(s.store, keep);
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return nullptr;
    }
    return &made.emplace(&s, std::move(m)).first->second;
}

// What every sepax row here does around its call: set the store's backend,
// make one untimed call (its status checked; it also warms the caches as
// every later call finds them), then the timed loop, as bench3.cpp's rows
// do. False, the row skipped with the status, when any of them fails.
template <class Call>
bool timed3(benchmark::State &state, sepax3_store *store, sepax_backend backend, Call call)
{
    sepax_status st = sepax3_store_set_backend(store, backend);
    if (st == SEPAX_OK)
        st = call();
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

// Whether a manifold's header is not its pair's result's (normal,
// separation, flags, axis).
bool header_differs(const sepax3_manifold &m, const sepax3_result &r)
{
    return std::memcmp(&m.normal, &r.normal, sizeof r.normal) != 0 ||
           std::memcmp(&m.separation, &r.separation, sizeof r.separation) != 0 ||
           m.flags != r.flags || m.axis != r.axis;
}

void bm_manifolds3(benchmark::State &state, const std::string &scene, sepax_backend backend)
{
    Scene3 &s = get_scene3(scene);
    const PairView v = s.view(kAllPairs3, false);
    const std::vector<sepax3_manifold> *ref = scalar_manifolds(state, s);
    if (!ref)
        return;
    const size_t n = v.n;
    std::vector<sepax3_manifold> m(n);
    if (!timed3(state, s.store, backend, [&] {
            return sepax3_collide_manifolds(s.store, v.pairs, n, m.data(), nullptr);
        }))
        return;
    size_t not_identical = 0, contacts = 0;
    for (size_t i = 0; i < n; ++i) {
        not_identical += std::memcmp(&m[i], &(*ref)[i], sizeof(sepax3_manifold)) != 0 ||
                         header_differs(m[i], s.reference[i]);
        s.flags[i] = (m[i].flags & SEPAX_HIT) != 0;
        contacts += m[i].point_count;
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), sepax_backend_name(backend));
    set_counters(state, s, v, a, contacts);
    state.counters["not_identical"] = (double)not_identical;
}

// Pairs whose place in a compacted list (indices `pair_of(k)`, k <
// found) disagrees with the full answer's hit flags (`is_hit(i)`): a hit
// left out, a pair listed that is no hit, an index out of range or not
// after the one before it. 0 when the list is exactly the hits in order.
template <class PairOf, class IsHit>
size_t compacted_mismatches(size_t n, size_t found, PairOf pair_of, IsHit is_hit)
{
    size_t bad = 0, k = 0;
    for (size_t i = 0; i < n; ++i) {
        const bool listed = k < found && pair_of(k) == i;
        bad += listed != is_hit(i);
        if (listed)
            ++k;
    }
    // whatever the walk could not match (out of range or out of order)
    return bad + (found - k);
}

void bm_manifolds3_hits(benchmark::State &state, const std::string &scene, sepax_backend backend)
{
    Scene3 &s = get_scene3(scene);
    const PairView v = s.view(kAllPairs3, false);
    const std::vector<sepax3_manifold> *ref = scalar_manifolds(state, s);
    if (!ref)
        return;
    const size_t n = v.n;
    std::vector<sepax3_manifold_hit> h(n); // room for every pair
    size_t found = 0;
    if (!timed3(state, s.store, backend, [&] {
            return sepax3_collide_manifolds_hits(s.store, v.pairs, n, h.data(), h.size(), &found,
                                                 nullptr);
        }))
        return;
    // The full call on the same backend, untimed: what every compacted
    // manifold must equal (and it, the scalar backend's).
    std::vector<sepax3_manifold> full(n);
    const sepax_status st = sepax3_collide_manifolds(s.store, v.pairs, n, full.data(), nullptr);
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return;
    }
    size_t not_identical = compacted_mismatches(
        n, found, [&](size_t k) { return (size_t)h[k].pair; },
        [&](size_t i) { return (full[i].flags & SEPAX_HIT) != 0; });
    size_t contacts = 0;
    std::fill(s.flags.begin(), s.flags.begin() + (ptrdiff_t)n, 0);
    for (size_t k = 0; k < found; ++k) {
        const uint32_t i = h[k].pair;
        if (i >= n)
            continue; // counted above
        not_identical += std::memcmp(&h[k].manifold, &full[i], sizeof(sepax3_manifold)) != 0 ||
                         std::memcmp(&h[k].manifold, &(*ref)[i], sizeof(sepax3_manifold)) != 0;
        s.flags[i] = 1;
        contacts += h[k].manifold.point_count;
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), sepax_backend_name(backend));
    set_counters(state, s, v, a, contacts);
    state.counters["not_identical"] = (double)not_identical;
}

void bm_hits3(benchmark::State &state, const std::string &scene, sepax_backend backend)
{
    Scene3 &s = get_scene3(scene);
    const PairView v = s.view(kAllPairs3, false);
    const size_t n = v.n;
    std::vector<sepax3_hit> h(n); // room for every pair
    size_t found = 0;
    if (!timed3(state, s.store, backend, [&] {
            return sepax3_collide_hits(s.store, v.pairs, n, h.data(), h.size(), &found, nullptr);
        }))
        return;
    // The scalar reference results (sweep order, the full collide call's
    // answer on every backend): each listed hit's result byte for byte,
    // and the list exactly the reference's hits.
    size_t not_identical = compacted_mismatches(
        n, found, [&](size_t k) { return (size_t)h[k].pair; },
        [&](size_t i) { return (s.reference[i].flags & SEPAX_HIT) != 0; });
    std::fill(s.flags.begin(), s.flags.begin() + (ptrdiff_t)n, 0);
    for (size_t k = 0; k < found; ++k) {
        const uint32_t i = h[k].pair;
        if (i >= n)
            continue; // counted above
        not_identical +=
            std::memcmp(&h[k].result, &s.reference[i], sizeof(sepax3_result)) != 0;
        s.flags[i] = 1;
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), sepax_backend_name(backend));
    set_counters(state, s, v, a, 0);
    state.counters["not_identical"] = (double)not_identical;
}

// The floor rows' chunk: the 512 pairs (the library's SEPAX_HIT_CHUNK)
// that the manifold call collides at a time, so that the floor reads its
// results back from a 10 KB array as the manifold call does.
constexpr size_t kFloorChunk = 512;

// Every pair's manifold with its result's header and no points, written
// as the manifold call writes a manifold's header (all 100 bytes zeroed,
// then the result's fields).
sepax_status manifolds_floor(const sepax3_store *store, const sepax_pair *pairs, size_t n,
                             sepax3_result *chunk, sepax3_manifold *m)
{
    for (size_t base = 0; base < n; base += kFloorChunk) {
        const size_t k = n - base < kFloorChunk ? n - base : kFloorChunk;
        const sepax_status st = sepax3_collide(store, pairs + base, k, chunk, nullptr);
        if (st != SEPAX_OK)
            return st;
        for (size_t i = 0; i < k; ++i) {
            sepax3_manifold &o = m[base + i];
            std::memset(&o, 0, sizeof o);
            o.normal = chunk[i].normal;
            o.separation = chunk[i].separation;
            o.flags = chunk[i].flags;
            o.axis = chunk[i].axis;
        }
    }
    return SEPAX_OK;
}

void bm_manifolds3_floor(benchmark::State &state, const std::string &scene, sepax_backend backend)
{
    Scene3 &s = get_scene3(scene);
    const PairView v = s.view(kAllPairs3, false);
    const size_t n = v.n;
    std::vector<sepax3_result> chunk(kFloorChunk);
    std::vector<sepax3_manifold> m(n);
    if (!timed3(state, s.store, backend, [&] {
            return manifolds_floor(s.store, v.pairs, n, chunk.data(), m.data());
        }))
        return;
    size_t not_identical = 0;
    for (size_t i = 0; i < n; ++i) {
        not_identical += header_differs(m[i], s.reference[i]) || m[i].point_count != 0;
        s.flags[i] = (m[i].flags & SEPAX_HIT) != 0;
    }
    const Agreement a = compare3_with_reference(s, v, s.flags.data(), sepax_backend_name(backend));
    set_counters(state, s, v, a, 0);
    state.counters["not_identical"] = (double)not_identical;
}

void bm_peer_contacts3(benchmark::State &state, const PeerManifold3 &peer)
{
    Scene3 &s = get_scene3(peer.scene);
    const PairView v = s.view(kAllPairs3, false);
    PeerContacts3 *w = peer.world(s); // built once per scene, untimed
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
    set_counters(state, s, v, a, w->contacts());
    if (w->generated() != w->contacts())
        state.counters["clipped"] = (double)w->generated();
}

void register_manifolds3()
{
    std::vector<PeerManifold3> peers;
#ifdef SEPAX_BENCH_ODE
    add_ode3_manifold_subjects(peers);
#endif
#ifdef SEPAX_BENCH_BULLET
    add_bullet3_manifold_subjects(peers);
#endif
#ifdef SEPAX_BENCH_FCL
    add_fcl3_manifold_subjects(peers);
#endif
    auto reg = [](const std::string &name, auto fn) {
        benchmark::RegisterBenchmark(name.c_str(), fn)->Unit(benchmark::kMicrosecond);
    };
    for (const char *scene : kManifoldScenes) {
        const std::string sc = scene;
        for (int b = 0; b < SEPAX_BACKEND_COUNT; ++b) {
            const sepax_backend backend = (sepax_backend)b;
            if (!sepax_backend_available(backend))
                continue;
            reg(std::string("sepax3_") + sepax_backend_name(backend) + "_manifolds/" + sc +
                    "/sweep",
                [sc, backend](benchmark::State &st) { bm_manifolds3(st, sc, backend); });
            reg(std::string("sepax3_") + sepax_backend_name(backend) + "_manifolds_hits/" + sc +
                    "/sweep",
                [sc, backend](benchmark::State &st) { bm_manifolds3_hits(st, sc, backend); });
            reg(std::string("sepax3_") + sepax_backend_name(backend) + "_hits/" + sc + "/sweep",
                [sc, backend](benchmark::State &st) { bm_hits3(st, sc, backend); });
            reg(std::string("sepax3_") + sepax_backend_name(backend) + "_manifolds_floor/" + sc +
                    "/sweep",
                [sc, backend](benchmark::State &st) { bm_manifolds3_floor(st, sc, backend); });
        }
        for (const PeerManifold3 &p : peers)
            if (sc == p.scene)
                reg(std::string(p.subject) + "/" + sc + "/sweep",
                    [p](benchmark::State &st) { bm_peer_contacts3(st, p); });
    }
}

// Static registration, as bench3.cpp's.
const bool registered_manifolds3 = (register_manifolds3(), true);

} // namespace
} // namespace sepax_bench
