// sepax benchmark harness (Google Benchmark).
//
// Benchmarks are registered at run time: one per available backend, per
// peer library compiled in, per scene, per pair class of scenes with round
// and thin shapes, and per pair order. Names are
// SUBJECT/SCENE[/CLASS][/ORDER]; see docs/bench/rows.md for what each
// one measures.
//
// Extra flag (handled before Google Benchmark's own):
//   --sepax_scenes[=REGEX]  print every scene's generator settings; with a
//                           REGEX, also build the matching scenes and print
//                           their shape, pair and hit counts; then exit.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <regex>
#include <set>
#include <string>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define SEPAX_BENCH_CAPTURE 1
#endif

#include "bench_scene.h"
#include "floors/roofline.h"
#include "floors/round_floor.h"
#include "floors/round_touch.h"
#include "peers/peer_broadphase.h"
#include "tasks.h"

namespace sepax_bench {
namespace {

const char *order_name(bool random_order)
{
    return random_order ? "random" : "sweep";
}

// A counter whose reported value is nanoseconds of CPU time per unit, where
// `units` units are processed per iteration.
benchmark::Counter ns_per(double units)
{
    return benchmark::Counter(units * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
}

void set_pair_counters(benchmark::State &state, const Scene &s, const PairView &v, size_t hits)
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

// The pairs a benchmark runs on; false (and the benchmark skipped) when the
// class has none in this scene.
bool pair_view(benchmark::State &state, const Scene &s, int cls, bool random_order, PairView &v)
{
    v = s.view(cls, random_order);
    if (v.n == 0 && cls != kAllPairs) {
        state.SkipWithError("the scene has no pairs of this class");
        return false;
    }
    return true;
}

bool use_backend(benchmark::State &state, Scene &s, sepax_backend b)
{
    const sepax_status st = sepax_store_set_backend(s.store, b);
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return false;
    }
    return true;
}

// Time a sepax call: one untimed call first (its status is checked and it
// warms the caches like every later call), then the timed loop, then the
// last status. Returns whether every call succeeded.
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

void bm_collide(benchmark::State &state, const std::string &scene, int cls, sepax_backend backend,
                bool random_order)
{
    Scene &s = get_scene(scene);
    PairView v;
    if (!pair_view(state, s, cls, random_order, v) || !use_backend(state, s, backend))
        return;
    const size_t n = v.n;
    if (!time_call(state, [&] { return sepax_collide(s.store, v.pairs, n, s.results.data(), nullptr); }))
        return;

    // Check against the scalar reference (bit for bit), untimed.
    size_t not_identical = 0;
    std::vector<uint8_t> hit(n);
    for (size_t i = 0; i < n; ++i) {
        not_identical +=
            std::memcmp(&s.results[i], &s.reference[v.sweep_index(i)], sizeof(sepax_result)) != 0;
        hit[i] = (s.results[i].flags & SEPAX_HIT) != 0;
    }
    const Agreement a = compare_with_reference(s, v, hit.data(), sepax_backend_name(backend));
    set_pair_counters(state, s, v, a.hits);
    set_agreement(state, a);
    state.counters["not_identical"] = (double)not_identical;
}

// sepax_collide_grouped on the view's pairs grouped by kernel
// (sepax_group_pairs, untimed): what a caller whose list arrives grouped
// (sepax_broadphase_grouped, or a list kept from frame to frame) pays.
void bm_collide_grouped(benchmark::State &state, const std::string &scene, int cls,
                        sepax_backend backend)
{
    Scene &s = get_scene(scene);
    PairView v;
    if (!pair_view(state, s, cls, false, v) || !use_backend(state, s, backend))
        return;
    const size_t n = v.n;
    std::vector<sepax_pair> grouped(n);
    std::vector<uint32_t> from(n);
    size_t starts[SEPAX_PAIR_GROUPS + 1];
    const sepax_status st =
        sepax_group_pairs(s.store, v.pairs, n, grouped.data(), starts, from.data(), nullptr);
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return;
    }
    if (!time_call(state, [&] {
            return sepax_collide_grouped(s.store, grouped.data(), starts, s.results.data(), nullptr);
        }))
        return;
    size_t not_identical = 0;
    std::vector<uint8_t> hit(n);
    for (size_t k = 0; k < n; ++k) {
        const size_t i = from[k];
        not_identical += std::memcmp(&s.results[k], &s.reference[v.sweep_index(i)],
                                     sizeof(sepax_result)) != 0;
        hit[i] = (s.results[k].flags & SEPAX_HIT) != 0;
    }
    const Agreement a = compare_with_reference(s, v, hit.data(), sepax_backend_name(backend));
    set_pair_counters(state, s, v, a.hits);
    set_agreement(state, a);
    state.counters["not_identical"] = (double)not_identical;
}

// The least a circle pair can cost on this list (round_touch.c): its ids
// checked, its spans, centres and radii read and a 16-byte record written,
// with no arithmetic.
// slots: the centres and radii from the slots' records instead, the layout
// the round kernels read (without: through the spans into the pool).
// l1: on the list's first 48 pairs repeated into 3,072, as the _l1 rows,
// so that every read hits L1: the least beside a tile's own floor.
void bm_circle_touch(benchmark::State &state, const std::string &scene, int cls, bool slots,
                     bool l1 = false)
{
    Scene &s = get_scene(scene);
    PairView v;
    if (!pair_view(state, s, cls, false, v))
        return;
    std::vector<sepax_pair> repeated;
    if (l1) {
        const size_t first = std::min<size_t>(v.n, 48);
        for (size_t i = 0; i < 3072; ++i)
            repeated.push_back(v.pairs[i % first]);
    }
    const sepax_pair *list = l1 ? repeated.data() : v.pairs;
    const size_t n = l1 ? repeated.size() : v.n;
    std::vector<sepax_result> out(n);
    auto once = [&] {
        return slots ? sepax_bench_circle_touch_slots(s.store, list, n, out.data())
                     : sepax_bench_circle_touch(s.store, list, n, out.data());
    };
    size_t bad = once();
    for (auto _ : state) {
        bad += once();
        benchmark::ClobberMemory();
    }
    if (bad != 0) {
        state.SkipWithError("a pair names an id that is not live");
        return;
    }
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)n);
    state.counters["ns_per_pair"] = ns_per((double)n);
    state.counters["pairs"] = (double)n;
}

void bm_collide_hits(benchmark::State &state, const std::string &scene, int cls,
                     sepax_backend backend, bool random_order)
{
    Scene &s = get_scene(scene);
    PairView v;
    if (!pair_view(state, s, cls, random_order, v) || !use_backend(state, s, backend))
        return;
    const size_t n = v.n;
    size_t found = 0;
    if (!time_call(state, [&] {
            return sepax_collide_hits(s.store, v.pairs, n, s.hits.data(), s.hits.size(), &found,
                                      nullptr);
        }))
        return;

    size_t not_identical = 0;
    std::vector<uint8_t> hit(n, 0);
    for (size_t k = 0; k < found; ++k) {
        const uint32_t i = s.hits[k].pair;
        if (i >= n) {
            state.SkipWithError("hit names a pair out of range");
            return;
        }
        hit[i] = 1;
        not_identical += std::memcmp(&s.hits[k].result, &s.reference[v.sweep_index(i)],
                                     sizeof(sepax_result)) != 0;
    }
    const Agreement a = compare_with_reference(s, v, hit.data(), sepax_backend_name(backend));
    set_pair_counters(state, s, v, found);
    set_agreement(state, a);
    state.counters["not_identical"] = (double)not_identical;
}

// Manifolds of every pair (sepax_collide_manifolds): the work Box2D's
// collide functions do, one or two contact points per hit. Checked
// untimed against the reference results (the manifold's normal,
// separation and flags are the result's, bit for bit).
void bm_collide_manifolds(benchmark::State &state, const std::string &scene, int cls,
                          sepax_backend backend, bool random_order)
{
    Scene &s = get_scene(scene);
    PairView v;
    if (!pair_view(state, s, cls, random_order, v) || !use_backend(state, s, backend))
        return;
    const size_t n = v.n;
    std::vector<sepax_manifold> m(n);
    if (!time_call(state, [&] { return sepax_collide_manifolds(s.store, v.pairs, n, m.data(), nullptr); }))
        return;
    size_t not_identical = 0, points = 0;
    std::vector<uint8_t> hit(n);
    for (size_t i = 0; i < n; ++i) {
        const sepax_result &r = s.reference[v.sweep_index(i)];
        not_identical += std::memcmp(&m[i].normal, &r.normal, sizeof r.normal) != 0 ||
                         std::memcmp(&m[i].separation, &r.separation, sizeof r.separation) != 0 ||
                         m[i].flags != r.flags;
        hit[i] = (m[i].flags & SEPAX_HIT) != 0;
        points += m[i].point_count;
    }
    const Agreement a = compare_with_reference(s, v, hit.data(), sepax_backend_name(backend));
    set_pair_counters(state, s, v, a.hits);
    set_agreement(state, a);
    state.counters["not_identical"] = (double)not_identical;
    state.counters["points"] = (double)points;
}

// The floor under a class's row: the same driver and kernels on the
// class's first 48 pairs (at most 96 shapes, about 24 KB of columns, so
// everything sits in L1), repeated into a list of 3,072, so that no pair
// waits for memory. A row's distance from this one is what memory and the
// class's place in a long list cost; what is left here is the routing,
// the tiles and the records.
void bm_collide_l1(benchmark::State &state, const std::string &scene, int cls,
                   sepax_backend backend)
{
    Scene &s = get_scene(scene);
    PairView v;
    if (!pair_view(state, s, cls, false, v) || !use_backend(state, s, backend))
        return;
    const size_t first = std::min<size_t>(v.n, 48), n = 3072;
    std::vector<sepax_pair> list(n);
    std::set<uint32_t> shapes;
    for (size_t i = 0; i < n; ++i)
        list[i] = v.pairs[i % first];
    for (size_t i = 0; i < first; ++i)
        shapes.insert(v.pairs[i].a), shapes.insert(v.pairs[i].b);
    std::vector<sepax_result> out(n);
    if (!time_call(state, [&] { return sepax_collide(s.store, list.data(), n, out.data(), nullptr); }))
        return;
    size_t not_identical = 0;
    for (size_t i = 0; i < n; ++i)
        not_identical += std::memcmp(&out[i], &s.reference[v.sweep_index(i % first)],
                                     sizeof(sepax_result)) != 0;
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)n);
    state.counters["ns_per_pair"] = ns_per((double)n);
    state.counters["pairs"] = (double)first;
    state.counters["shapes"] = (double)shapes.size();
    state.counters["not_identical"] = (double)not_identical;
}

// The round kernels' tiles alone (round_floor.c): tiles filled from the
// class's first pairs, run over and over with their columns in L1 and no
// driver; the floor under the class's _l1 row, whose distance above it is
// the driver (checks, routing, staging). Every record written must be the
// reference's.
using RoundFloorFn = size_t (*)(const sepax_store *, const sepax_pair *, size_t, size_t,
                                sepax_result *);

void bm_round_floor(benchmark::State &state, const std::string &scene, int cls, RoundFloorFn fn)
{
    Scene &s = get_scene(scene);
    PairView v;
    if (!pair_view(state, s, cls, false, v))
        return;
    std::vector<sepax_result> out(v.n);
    std::memset(out.data(), 0xFF, out.size() * sizeof(sepax_result));
    const size_t rounds = 16;
    size_t pairs = 0;
    for (auto _ : state)
        pairs = fn(s.store, v.pairs, v.n, rounds, out.data());
    if (pairs == 0) {
        state.SkipWithError("no pair of this list goes to a round tile");
        return;
    }
    sepax_result unwritten;
    std::memset(&unwritten, 0xFF, sizeof unwritten);
    size_t written = 0, not_identical = 0;
    for (size_t i = 0; i < v.n; ++i) {
        if (std::memcmp(&out[i], &unwritten, sizeof unwritten) == 0)
            continue;
        ++written;
        not_identical += std::memcmp(&out[i], &s.reference[v.sweep_index(i)],
                                     sizeof(sepax_result)) != 0;
    }
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)pairs);
    state.counters["ns_per_pair"] = ns_per((double)pairs);
    state.counters["pairs"] = (double)written;
    state.counters["not_identical"] = (double)not_identical;
}

void set_shape_counters(benchmark::State &state, const Scene &s)
{
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)s.shapes);
    state.counters["ns_per_shape"] = ns_per((double)s.shapes);
    state.counters["shapes"] = (double)s.shapes;
}

void bm_update(benchmark::State &state, const std::string &scene)
{
    Scene &s = get_scene(scene);
    if (!time_call(state, [&] { return sepax_update_world(s.store); }))
        return;
    set_shape_counters(state, s);
}

// grouped: sepax_broadphase_grouped, the same pairs grouped by kernel.
void bm_broadphase(benchmark::State &state, const std::string &scene, bool grouped = false)
{
    Scene &s = get_scene(scene);
    size_t count = 0;
    size_t starts[SEPAX_PAIR_GROUPS + 1];
    if (!time_call(state, [&] {
            return grouped ? sepax_broadphase_grouped(s.store, s.broadphase_out.data(),
                                                      s.broadphase_out.size(), &count, starts)
                           : sepax_broadphase(s.store, s.broadphase_out.data(),
                                              s.broadphase_out.size(), &count);
        }))
        return;
    set_shape_counters(state, s);
    state.counters["pairs"] = (double)count;
}

// A whole step with the best backend: world update, broadphase, collide of
// the broadphase's pairs (grouped: the grouped broadphase and collide).
void bm_step(benchmark::State &state, const std::string &scene, bool grouped = false)
{
    Scene &s = get_scene(scene);
    const sepax_backend best = sepax_backend_best();
    if (!use_backend(state, s, best))
        return;
    size_t count = 0;
    size_t starts[SEPAX_PAIR_GROUPS + 1];
    if (!time_call(state, [&] {
            sepax_status st = sepax_update_world(s.store);
            sepax_pair *out = s.broadphase_out.data();
            const size_t room = s.broadphase_out.size();
            if (st == SEPAX_OK)
                st = grouped ? sepax_broadphase_grouped(s.store, out, room, &count, starts)
                             : sepax_broadphase(s.store, out, room, &count);
            if (st == SEPAX_OK)
                st = grouped ? sepax_collide_grouped(s.store, out, starts, s.results.data(), nullptr)
                             : sepax_collide(s.store, out, count, s.results.data(), nullptr);
            return st;
        }))
        return;
    size_t hits = 0;
    for (size_t i = 0; i < count; ++i)
        hits += (s.results[i].flags & SEPAX_HIT) != 0;
    set_shape_counters(state, s);
    state.counters["ns_per_pair"] = ns_per((double)count);
    state.counters["pairs"] = (double)count;
    state.counters["hits"] = (double)hits;
    // With a margin the benchmarks' pair list is not the store's own
    // broadphase output; the step uses the latter.
    state.SetLabel(std::string(sepax_backend_name(best)) +
                   (s.margin > 0 ? ", own broadphase without the margin" : ""));
}

// The tools' pthread pool (tools/tasks) with n workers, the benchmark's
// own thread included, started the first time a row asks for it and kept
// for the rest of the process; nullptr when it cannot start.
task_pool *pool_of(uint32_t n)
{
    static task_pool *pools[SEPAX_MAX_WORKERS + 1];
    if (!pools[n] && task_pool_create(n, &pools[n]) != 0)
        pools[n] = nullptr;
    return pools[n];
}

// Runs a row with the scene's store split across n workers
// (sepax_store_set_tasks), and one thread again afterwards.
template <class Row> void with_workers(benchmark::State &state, Scene &s, uint32_t n, Row row)
{
    task_pool *pool = pool_of(n);
    if (!pool) {
        state.SkipWithError("could not start the worker threads");
        return;
    }
    const sepax_task_system tasks = task_pool_system(pool);
    const sepax_status st = sepax_store_set_tasks(s.store, &tasks);
    if (st != SEPAX_OK) {
        state.SkipWithError(sepax_status_string(st));
        return;
    }
    row();
    sepax_store_set_tasks(s.store, nullptr);
    state.counters["workers"] = (double)n;
}

// Diverts file descriptor 2 into a temporary file while a peer runs: a
// library that prints diagnostics (Chipmunk's debug build warns about long
// EPA runs) would otherwise flood the console. The messages are counted and
// the first one is shown, once per benchmark.
class StderrCapture {
public:
    StderrCapture()
    {
#ifdef SEPAX_BENCH_CAPTURE
        std::fflush(stderr);
        file_ = std::tmpfile();
        saved_ = file_ ? dup(2) : -1;
        if (saved_ >= 0 && dup2(fileno(file_), 2) < 0) {
            close(saved_);
            saved_ = -1;
        }
#endif
    }
    ~StderrCapture() { finish(nullptr); }
    StderrCapture(const StderrCapture &) = delete;
    StderrCapture &operator=(const StderrCapture &) = delete;

    // Stop diverting; return the number of messages (lines that do not
    // start with white space) and the first one.
    size_t finish(std::string *first)
    {
        size_t messages = 0;
#ifdef SEPAX_BENCH_CAPTURE
        if (saved_ >= 0) {
            std::fflush(stderr);
            dup2(saved_, 2);
            close(saved_);
            saved_ = -1;
            std::rewind(file_);
            char line[512];
            bool line_start = true;
            while (std::fgets(line, sizeof line, file_)) {
                if (line_start && line[0] != ' ' && line[0] != '\t' && line[0] != '\n') {
                    if (messages++ == 0 && first) {
                        *first = line;
                        while (!first->empty() && first->back() == '\n')
                            first->pop_back();
                    }
                }
                line_start = std::strchr(line, '\n') != nullptr;
            }
        }
        if (file_) {
            std::fclose(file_);
            file_ = nullptr;
        }
#else
        (void)first;
#endif
        return messages;
    }

private:
    std::FILE *file_ = nullptr;
    int saved_ = -1;
};

void bm_peer(benchmark::State &state, const std::string &scene, int cls, const PeerSubject &peer,
             bool random_order)
{
    Scene &s = get_scene(scene);
    if (peer.max_vertices && s.max_vertices > peer.max_vertices) {
        state.SkipWithError("scene has polygons with more vertices than the peer supports");
        return;
    }
    PairView v;
    if (!pair_view(state, s, cls, random_order, v))
        return;
    PeerWorld *w = peer.world(s); // built once per scene, untimed
    const sepax_pair *pairs = v.pairs;
    const size_t n = v.n;
    // Warm-up pass, also counting what the peer prints per pass.
    std::string first;
    size_t messages;
    size_t hits;
    {
        StderrCapture capture;
        hits = w->run(pairs, n, s.flags.data());
        messages = capture.finish(&first);
    }
    {
        StderrCapture quiet;
        for (auto _ : state) {
            hits = w->run(pairs, n, s.flags.data());
            benchmark::DoNotOptimize(hits);
            benchmark::DoNotOptimize(s.flags.data());
            benchmark::ClobberMemory();
        }
    }
    static std::set<std::string> told;
    const std::string key = std::string(peer.subject) + "/" + scene +
                            (cls == kAllPairs ? "" : std::string("/") + pair_class_name(cls)) +
                            "/" + order_name(random_order);
    if (messages && told.insert(key).second)
        std::fprintf(stderr,
                     "sepax_bench: %s: the peer printed %zu messages in one pass over the pairs "
                     "(silenced while timing), first: %s\n",
                     key.c_str(), messages, first.c_str());
    const Agreement a = compare_with_reference(s, v, s.flags.data(), peer.subject, w);
    set_pair_counters(state, s, v, hits);
    set_agreement(state, a);
    state.counters["skin"] = (double)a.skin;
    state.counters["reshaped"] = (double)w->reshaped();
    state.counters["peer_messages"] = (double)messages;
}

// The tile kernel alone (roofline.c): `rounds` rounds per iteration of
// class m (0: mix's classes in mix's proportions), ns per pair.
using RooflineFn = size_t (*)(uint32_t, int, size_t);

void bm_roofline(benchmark::State &state, RooflineFn fn, uint32_t m, int faces_only)
{
    const size_t rounds = m ? 36 : 1;
    size_t pairs = 0;
    for (auto _ : state)
        pairs = fn(m, faces_only, rounds);
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)pairs);
    state.counters["ns_per_pair"] = ns_per((double)pairs);
    state.counters["pairs"] = (double)pairs;
}

// The floors of the wide x86 backends this CPU runs: roofline.c's polygon
// tile and round_floor.c's round tiles, each built with the backend's flags.
struct FloorEntry {
    sepax_backend backend;
    RooflineFn tile;
    RoundFloorFn round;
};

std::vector<FloorEntry> floor_entries()
{
    std::vector<FloorEntry> v;
#if defined(SEPAX_BENCH_ROOFLINE_AVX2)
    v.push_back({SEPAX_BACKEND_AVX2, sepax_bench_roofline_avx2, sepax_bench_round_floor_avx2});
#endif
#if defined(SEPAX_BENCH_ROOFLINE_AVX512)
    v.push_back(
        {SEPAX_BACKEND_AVX512, sepax_bench_roofline_avx512, sepax_bench_round_floor_avx512});
#endif
    std::vector<FloorEntry> out;
    for (const FloorEntry &e : v)
        if (sepax_backend_available(e.backend))
            out.push_back(e);
    return out;
}

// roofline_<backend>/{tile,faces}/{mix,m3..m8}, for the backends this CPU runs.
void register_roofline()
{
    for (const FloorEntry &e : floor_entries()) {
        for (const int faces_only : {0, 1}) {
            for (uint32_t m = 0; m <= 8; m = m ? m + 1 : 3) {
                const std::string name = std::string("roofline_") + sepax_backend_name(e.backend) +
                                         (faces_only ? "/faces/" : "/tile/") +
                                         (m ? "m" + std::to_string(m) : std::string("mix"));
                const RooflineFn fn = e.tile;
                benchmark::RegisterBenchmark(name.c_str(), [fn, m, faces_only](benchmark::State &st) {
                    bm_roofline(st, fn, m, faces_only);
                })->Unit(benchmark::kMicrosecond);
            }
        }
    }
}

std::vector<sepax_backend> available_backends()
{
    std::vector<sepax_backend> v;
    for (int b = 0; b < SEPAX_BACKEND_COUNT; ++b)
        if (sepax_backend_available((sepax_backend)b))
            v.push_back((sepax_backend)b);
    return v;
}

// Registers every benchmark; returns the peer/scene combinations left out.
std::vector<std::string> register_all(const std::vector<PeerSubject> &peers)
{
    std::vector<std::string> skipped;
    const std::vector<sepax_backend> backends = available_backends();
    auto reg = [](const std::string &name, auto fn) {
        benchmark::RegisterBenchmark(name.c_str(), fn)->Unit(benchmark::kMicrosecond);
    };
    // Batch calls split across workers (wall-clock time, since the CPU
    // time of the benchmark's thread leaves out the other workers'):
    // collide per backend and order, and the whole step, at 1 and 2.
    auto reg_real = [](const std::string &name, auto fn) {
        benchmark::RegisterBenchmark(name.c_str(), fn)->Unit(benchmark::kMicrosecond)->UseRealTime();
    };
    for (const char *sc_name : {"mix", "mix_200k"}) {
        const std::string sc = sc_name;
        for (const uint32_t n : {1u, 2u}) {
            const std::string tail = "/" + std::to_string(n);
            for (const bool random_order : {false, true})
                for (const sepax_backend b : backends)
                    reg_real(std::string("sepax_") + sepax_backend_name(b) + "_workers/" + sc + "/" +
                                 order_name(random_order) + tail,
                             [sc, b, random_order, n](benchmark::State &st) {
                                 with_workers(st, get_scene(sc), n, [&] {
                                     bm_collide(st, sc, kAllPairs, b, random_order);
                                 });
                             });
            reg_real("sepax_step_workers/" + sc + tail, [sc, n](benchmark::State &st) {
                with_workers(st, get_scene(sc), n, [&] { bm_step(st, sc); });
            });
        }
    }
    for (const SceneSpec &spec : scene_specs()) {
        const std::string sc = spec.name;
        reg("sepax_update/" + sc, [sc](benchmark::State &st) { bm_update(st, sc); });
        reg("sepax_broadphase/" + sc, [sc](benchmark::State &st) { bm_broadphase(st, sc); });
        register_broadphase_peers(sc); // the same boxes in Box2D, Bullet, ODE
        reg("sepax_step/" + sc, [sc](benchmark::State &st) { bm_step(st, sc); });
        if (spec.kinds) {
            reg("sepax_broadphase_grouped/" + sc,
                [sc](benchmark::State &st) { bm_broadphase(st, sc, true); });
            reg("sepax_step_grouped/" + sc, [sc](benchmark::State &st) { bm_step(st, sc, true); });
        }

        // Which peers run on this scene at all.
        std::vector<const PeerSubject *> scene_peers;
        for (const PeerSubject &p : peers) {
            if (!spec.all_peers && !p.cheap)
                continue;
            if (spec.kinds && p.scenes == kPolygonScenes) {
                skipped.push_back(std::string(p.subject) + " on " + sc + " (polygons only)");
                continue;
            }
            if (!spec.kinds && p.scenes == kKindScenes)
                continue;
            if (p.max_vertices && spec.params.max_vertices > p.max_vertices &&
                spec.params.box_share < 1.0) {
                skipped.push_back(std::string(p.subject) + " on " + sc + " (at most " +
                                  std::to_string(p.max_vertices) +
                                  " vertices per polygon, the scene has up to " +
                                  std::to_string(spec.params.max_vertices) + ")");
                continue;
            }
            scene_peers.push_back(&p);
        }

        // All pairs, then each pair class on its own when there are several
        // (collide, not the compacted call, and only the per-class peers).
        std::vector<int> classes{kAllPairs};
        if (spec.kinds) {
            const std::vector<int> c = pair_classes_of(spec.params);
            if (c.size() > 1)
                classes.insert(classes.end(), c.begin(), c.end());
        }
        for (const int cls : classes) {
            const std::string mid =
                "/" + sc + (cls == kAllPairs ? "" : std::string("/") + pair_class_name(cls));
            for (const bool random_order : {false, true}) {
                const std::string tail = mid + "/" + order_name(random_order);
                for (const sepax_backend b : backends) {
                    const std::string base = std::string("sepax_") + sepax_backend_name(b);
                    reg(base + tail, [sc, cls, b, random_order](benchmark::State &st) {
                        bm_collide(st, sc, cls, b, random_order);
                    });
                    if (cls == kAllPairs)
                        reg(base + "_hits" + tail, [sc, cls, b, random_order](benchmark::State &st) {
                            bm_collide_hits(st, sc, cls, b, random_order);
                        });
                    if (spec.manifolds)
                        reg(base + "_manifolds" + tail, [sc, cls, b, random_order](benchmark::State &st) {
                            bm_collide_manifolds(st, sc, cls, b, random_order);
                        });
                    if (spec.kinds && !random_order) {
                        reg(base + "_l1" + mid, [sc, cls, b](benchmark::State &st) {
                            bm_collide_l1(st, sc, cls, b);
                        });
                        reg(base + "_grouped" + tail, [sc, cls, b](benchmark::State &st) {
                            bm_collide_grouped(st, sc, cls, b);
                        });
                    }
                }
                // the round tiles alone: per class of a mixed scene, or a
                // store of circles
                if (spec.kinds && !random_order && (cls != kAllPairs || sc == "circles"))
                    for (const FloorEntry &e : floor_entries())
                        reg(std::string("roofline_") + sepax_backend_name(e.backend) + "/tile" + mid,
                            [sc, cls, e](benchmark::State &st) { bm_round_floor(st, sc, cls, e.round); });
                // circle pairs alone: a class of a mixed scene, or a store of
                // circles
                const bool circles_only =
                    cls == kAllPairs ? sc == "circles"
                                     : std::strcmp(pair_class_name(cls), "circle_circle") == 0;
                if (circles_only && !random_order)
                    for (const bool slots : {false, true}) {
                        const std::string subject =
                            slots ? "sepax_circle_touch_slots" : "sepax_circle_touch";
                        reg(subject + tail, [sc, cls, slots](benchmark::State &st) {
                            bm_circle_touch(st, sc, cls, slots);
                        });
                        reg(subject + "_l1" + mid, [sc, cls, slots](benchmark::State &st) {
                            bm_circle_touch(st, sc, cls, slots, true);
                        });
                    }
                for (const PeerSubject *p : scene_peers) {
                    if (cls != kAllPairs && !p->per_class)
                        continue;
                    reg(std::string(p->subject) + tail, [sc, cls, p, random_order](benchmark::State &st) {
                        bm_peer(st, sc, cls, *p, random_order);
                    });
                }
            }
        }
    }
    return skipped;
}

std::string join_backends()
{
    std::string out;
    for (const sepax_backend b : available_backends()) {
        if (!out.empty())
            out += ",";
        out += sepax_backend_name(b);
    }
    return out;
}

void print_params(const SceneSpec &s)
{
    const sepax_scene_params &p = s.params;
    std::printf("%-11s shapes=%zu seed=%llu vertices=%u..%u max_vertices_share=%g box_share=%g "
                "radius=%g..%g aspect=%g neighbours=%g",
                s.name.c_str(), p.shapes, (unsigned long long)p.seed, p.min_vertices,
                p.max_vertices, p.max_vertices_share, p.box_share, (double)p.min_radius,
                (double)p.max_radius, (double)p.aspect, p.neighbours);
    if (s.kinds)
        std::printf(" circle_share=%g capsule_share=%g segment_share=%g rounded_share=%g",
                    p.circle_share, p.capsule_share, p.segment_share, p.rounded_share);
    std::printf("\n");
}

// FNV-1a over bytes: a fingerprint of what a scene hands the benchmarks.
uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = static_cast<const unsigned char *>(data);
    for (size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

int describe_scenes(const char *regex)
{
    for (const SceneSpec &s : scene_specs())
        print_params(s);
    if (!regex)
        return 0;
    const std::regex re(regex);
    for (const SceneSpec &s : scene_specs()) {
        if (!std::regex_search(s.name, re))
            continue;
        const Scene &sc = get_scene(s.name);
        // Pairs (both orders), world vertices and reference results: equal
        // fingerprints mean the benchmarks get exactly the same work.
        uint64_t h = 0xcbf29ce484222325ull;
        h = fnv1a(h, sc.sweep.data(), sc.sweep.size() * sizeof(sepax_pair));
        h = fnv1a(h, sc.random.data(), sc.random.size() * sizeof(sepax_pair));
        h = fnv1a(h, sc.world.data(), sc.world.size() * sizeof(sepax_vec2));
        h = fnv1a(h, sc.reference.data(), sc.reference.size() * sizeof(sepax_result));
        std::printf("%-11s built: %zu shapes, %zu pairs, %zu hits (hits/pairs %.3f), %zu "
                    "touching, max %u vertices, fingerprint %016llx\n",
                    s.name.c_str(), sc.shapes, sc.sweep.size(), sc.ref_hits,
                    sc.sweep.empty() ? 0.0 : (double)sc.ref_hits / (double)sc.sweep.size(),
                    sc.touching_count, sc.max_vertices, (unsigned long long)h);
        if (!s.kinds)
            continue;
        size_t kinds[SEPAX_SHAPE_KIND_COUNT] = {};
        for (uint32_t slot = 0; slot < sc.slot_limit; ++slot)
            if (sc.count[slot] && sc.kind[slot] < SEPAX_SHAPE_KIND_COUNT)
                ++kinds[sc.kind[slot]];
        std::printf("%-11s kinds:", s.name.c_str());
        for (int k = 0; k < SEPAX_SHAPE_KIND_COUNT; ++k)
            if (kinds[k])
                std::printf(" %zu %s", kinds[k], kind_name((uint8_t)k));
        std::printf("\n");
        for (int c = 0; c < kPairClassCount; ++c) {
            const PairView v = sc.view(c, false);
            if (v.n)
                std::printf("%-11s class %-15s %6zu pairs, %6zu hits (%.3f), %zu touching\n",
                            s.name.c_str(), pair_class_name(c), v.n, v.ref_hits,
                            (double)v.ref_hits / (double)v.n, v.touching);
        }
    }
    return 0;
}

} // namespace
} // namespace sepax_bench

int main(int argc, char **argv)
{
    using namespace sepax_bench;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--sepax_scenes") == 0)
            return describe_scenes(nullptr);
        if (std::strncmp(argv[i], "--sepax_scenes=", 15) == 0)
            return describe_scenes(argv[i] + 15);
    }

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;

    std::vector<PeerSubject> peers;
    add_peer_subjects(peers);
    const std::vector<std::string> skipped = register_all(peers);
    register_roofline();
    register_drift();

    std::string libs;
    for (const PeerSubject &p : peers)
        if (libs.find(p.library) == std::string::npos)
            libs += (libs.empty() ? "" : ", ") + p.library;
    benchmark::AddCustomContext("sepax_version", SEPAX_VERSION_STRING);
    benchmark::AddCustomContext("sepax_backends", join_backends());
    benchmark::AddCustomContext("sepax_best_backend", sepax_backend_name(sepax_backend_best()));
    benchmark::AddCustomContext("sepax_peers", libs.empty() ? "none" : libs);
    char touch[32];
    std::snprintf(touch, sizeof touch, "%g", kTouchRelative);
    benchmark::AddCustomContext("sepax_touch_relative", touch);
    std::string skip_note;
    for (const std::string &k : skipped)
        skip_note += (skip_note.empty() ? "" : "; ") + k;
    if (!skip_note.empty())
        benchmark::AddCustomContext("sepax_not_run", skip_note);

    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
