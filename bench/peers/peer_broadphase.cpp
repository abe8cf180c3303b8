// Broadphase peers: the pair finding of Box2D 2.4 (b2DynamicTree), Bullet
// 3.24 (btDbvtBroadphase) and ODE 0.16 (dSweepAndPruneSpace), each timed on
// a frame in which every box moved, on exactly the boxes the sepax
// broadphase of the scene's dimension sees: every live shape's world
// bounding box after the scene's world update (sepax_shape_aabb,
// sepax3_shape_aabb), one box per shape, in slot order. On a 2D scene the
// 3D peers get each box as a box with z in a slab one unit thick; on a 3D
// scene (Bullet and ODE only) they get the boxes as they are.
//
//   box2d_tree_pairs/<scene>    a fresh b2DynamicTree: CreateProxy for every
//                               box, then one Query per box with its exact
//                               box, keeping each pair once (i < j) whose
//                               exact boxes overlap (see Box2dTreePairs)
//   bullet_dbvt_pairs/<scene>,  btDbvtBroadphase: setAabb for every proxy,
//   bullet_dbvt3_pairs/<scene>  then calculateOverlappingPairs; the pair
//                               cache starts empty every frame
//   ode_sap_pairs/<scene>,      dSweepAndPruneSpace of dCreateBox geoms:
//   ode_sap3_pairs/<scene>      dGeomSetPosition for every geom, then
//                               dSpaceCollide with a callback that records
//                               the pair
//
// Before timing, one frame of each peer (two for Bullet and ODE, one per
// kind of frame they alternate) is checked against sepax_broadphase's
// (sepax3_broadphase's) pair set: the counters missed_pairs and
// extra_pairs must be 0. Everything else (reading the boxes, building the
// peer's objects, the check) is outside the timed loop. Every peer's
// overlap test is inclusive (touching boxes pair), as sepax's is. Counters
// are those of sepax_broadphase/<scene> and sepax3_broadphase/<scene>:
// ns_per_shape, shapes per second, shapes, pairs.
#include "peer_broadphase.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "harness/bench3_scene.h"
#include "harness/bench_scene.h"

#ifdef SEPAX_BENCH_BOX2D
#include <box2d/box2d.h>
#endif
#ifdef SEPAX_BENCH_BULLET
#include <BulletCollision/BroadphaseCollision/btBroadphaseProxy.h>
#include <BulletCollision/BroadphaseCollision/btDbvtBroadphase.h>
#include <BulletCollision/BroadphaseCollision/btOverlappingPairCache.h>
#endif
#ifdef SEPAX_BENCH_ODE
#include <ode/ode.h>
#endif

#if defined(SEPAX_BENCH_BOX2D) || defined(SEPAX_BENCH_BULLET) || defined(SEPAX_BENCH_ODE)
#define SEPAX_BENCH_ANY_BROADPHASE_PEER 1
#endif

namespace sepax_bench {
#ifdef SEPAX_BENCH_ANY_BROADPHASE_PEER
namespace {

// A pair of box indices as one sortable number, smaller index high.
inline uint64_t pair_key(uint32_t i, uint32_t j)
{
    return i < j ? (uint64_t)i << 32 | j : (uint64_t)j << 32 | i;
}

[[noreturn]] void fail(const char *what, sepax_status st)
{
    std::fprintf(stderr, "sepax_bench: broadphase peers: %s: %s\n", what,
                 sepax_status_string(st));
    std::exit(2);
}

struct Vec3 {
    float x, y, z;
};

// The boxes of one scene (box i is slot slot[i]) and the sepax
// broadphase's pairs over them, as sorted keys of box indices. A 2D box
// has z in [0, 1].
struct Boxes {
    const void *scene = nullptr; // the Scene or Scene3 they were read from
    bool flat = false;           // a 2D scene: every box's z is [0, 1]
    const char *reference_name = nullptr; // "sepax_broadphase" or "sepax3_broadphase"
    std::vector<uint32_t> slot;
    std::vector<Vec3> lo, hi;
    std::vector<uint64_t> reference;
    size_t size() const { return slot.size(); }
};

// What reading the boxes calls, per dimension (inline: a build without
// the 3D peers leaves the 3D ones unused).
inline sepax_status id_of_slot(const sepax_store *st, uint32_t slot, sepax_shape_id *id)
{
    return sepax_shape_id_of_slot(st, slot, id);
}
inline sepax_status id_of_slot(const sepax3_store *st, uint32_t slot, sepax_shape_id *id)
{
    return sepax3_shape_id_of_slot(st, slot, id);
}
inline sepax_status box_of(const sepax_store *st, sepax_shape_id id, Vec3 &lo, Vec3 &hi)
{
    sepax_vec2 l{}, h{};
    const sepax_status r = sepax_shape_aabb(st, id, &l, &h);
    lo = {l.x, l.y, 0.0f};
    hi = {h.x, h.y, 1.0f};
    return r;
}
inline sepax_status box_of(const sepax3_store *st, sepax_shape_id id, Vec3 &lo, Vec3 &hi)
{
    sepax3_vec l{}, h{};
    const sepax_status r = sepax3_shape_aabb(st, id, &l, &h);
    lo = {l.x, l.y, l.z};
    hi = {h.x, h.y, h.z};
    return r;
}
inline sepax_status broadphase(const sepax_store *st, sepax_pair *pairs, size_t cap, size_t *n)
{
    return sepax_broadphase(st, pairs, cap, n);
}
inline sepax_status broadphase(const sepax3_store *st, sepax_pair *pairs, size_t cap, size_t *n)
{
    return sepax3_broadphase(st, pairs, cap, n);
}
inline const char *broadphase_name(const sepax_store *) { return "sepax_broadphase"; }
inline const char *broadphase_name(const sepax3_store *) { return "sepax3_broadphase"; }

// Built once per scene (Scene or Scene3); only the last scene's boxes are
// kept, of either dimension, so that the scaling series does not hold
// every scene at once.
std::unique_ptr<Boxes> &boxes_cache()
{
    static std::unique_ptr<Boxes> cached;
    return cached;
}

template <class S> const Boxes &boxes_of(const S &s)
{
    std::unique_ptr<Boxes> &cached = boxes_cache();
    if (cached && cached->scene == &s)
        return *cached;
    cached.reset();
    auto b = std::make_unique<Boxes>();
    b->scene = &s;
    b->flat = std::is_same<S, Scene>::value;
    b->reference_name = broadphase_name(s.store);
    std::vector<uint32_t> index(s.slot_limit, UINT32_MAX);
    for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
        sepax_shape_id id;
        if (id_of_slot(s.store, slot, &id) != SEPAX_OK)
            continue;
        Vec3 lo, hi;
        const sepax_status st = box_of(s.store, id, lo, hi);
        if (st != SEPAX_OK)
            fail("reading a bounding box", st);
        index[slot] = (uint32_t)b->slot.size();
        b->slot.push_back(slot);
        b->lo.push_back(lo);
        b->hi.push_back(hi);
    }
    size_t n = 0;
    sepax_status st = broadphase(s.store, nullptr, 0, &n);
    if (st != SEPAX_OK && st != SEPAX_ERR_CAPACITY)
        fail(b->reference_name, st);
    std::vector<sepax_pair> pairs(n);
    st = broadphase(s.store, pairs.data(), n, &n);
    if (st != SEPAX_OK)
        fail(b->reference_name, st);
    b->reference.reserve(n);
    for (size_t k = 0; k < n; ++k)
        b->reference.push_back(
            pair_key(index[SEPAX_ID_SLOT(pairs[k].a)], index[SEPAX_ID_SLOT(pairs[k].b)]));
    std::sort(b->reference.begin(), b->reference.end());
    cached = std::move(b);
    return *cached;
}

// How a peer's pairs of one frame differ from sepax_broadphase's: pairs it
// misses, and pairs it adds (a pair reported twice counts once as extra).
struct PairCheck {
    size_t missed = 0;
    size_t extra = 0;
};

PairCheck compare_pairs(const Boxes &b, std::vector<uint64_t> found)
{
    std::sort(found.begin(), found.end());
    PairCheck c;
    size_t i = 0, k = 0;
    while (i < found.size() || k < b.reference.size()) {
        if (k == b.reference.size() || (i < found.size() && found[i] < b.reference[k])) {
            ++c.extra;
            ++i;
        } else if (i == found.size() || b.reference[k] < found[i]) {
            ++c.missed;
            ++k;
        } else {
            ++i;
            ++k;
        }
    }
    return c;
}

// What every peer offers the benchmark loop.
class PairsPeer {
public:
    virtual ~PairsPeer() = default;
    // One frame in which every box moved; returns the number of pairs.
    virtual size_t frame() = 0;
    // Untimed work before each frame (Bullet: empty the pair cache).
    virtual bool has_prepare() const { return false; }
    virtual void prepare() {}
    // The last frame's pairs as keys of box indices (untimed check).
    virtual std::vector<uint64_t> last_pairs() const = 0;
    // Distinct kinds of frame the peer alternates between (each is checked).
    virtual int frame_kinds() const { return 1; }
    PairCheck check;
};

// The peer of type P for a scene (2D or 3D): built and checked on first
// use, kept until a benchmark asks for another scene.
template <class P, class S> P &peer_for(const S &s)
{
    static std::unique_ptr<P> peer;
    static const void *of = nullptr;
    if (peer && of == &s)
        return *peer;
    peer.reset();
    const Boxes &b = boxes_of(s);
    peer = std::make_unique<P>(b);
    of = &s;
    for (int k = 0; k < peer->frame_kinds(); ++k) {
        peer->prepare();
        peer->frame();
        const PairCheck c = compare_pairs(b, peer->last_pairs());
        peer->check.missed += c.missed;
        peer->check.extra += c.extra;
    }
    return *peer;
}

benchmark::Counter ns_per(double units)
{
    return benchmark::Counter(units * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                                benchmark::Counter::kInvert);
}

// get_scene or get_scene3.
template <class S> using SceneGetter = S &(*)(const std::string &);

template <class P, class S>
void bm_pairs(benchmark::State &state, SceneGetter<S> get, const std::string &scene,
              const char *label)
{
    S &s = get(scene);
    // No untimed frame here: the check frames ran when the peer was built,
    // and later calls follow timed frames of the same peer.
    P &peer = peer_for<P>(s);
    size_t pairs = 0;
    const bool prepare = peer.has_prepare();
    for (auto _ : state) {
        if (prepare) {
            state.PauseTiming();
            peer.prepare();
            state.ResumeTiming();
        }
        pairs = peer.frame();
        benchmark::DoNotOptimize(pairs);
        benchmark::ClobberMemory();
    }
    const Boxes &b = boxes_of(s);
    const double shapes = (double)b.size();
    state.SetItemsProcessed((int64_t)state.iterations() * (int64_t)shapes);
    state.counters["ns_per_shape"] = ns_per(shapes);
    state.counters["shapes"] = shapes;
    state.counters["pairs"] = (double)pairs;
    state.counters["missed_pairs"] = (double)peer.check.missed;
    state.counters["extra_pairs"] = (double)peer.check.extra;
    state.SetLabel(label);
    if (peer.check.missed || peer.check.extra) {
        static bool told = false;
        if (!told) {
            told = true;
            std::fprintf(stderr, "sepax_bench: %s on %s: %zu pairs of %s missed, %zu extra\n",
                         label, scene.c_str(), peer.check.missed, b.reference_name,
                         peer.check.extra);
        }
    }
}

#ifdef SEPAX_BENCH_BOX2D
// Box2D 2.4's b2DynamicTree, the tree under b2BroadPhase.
//
// The frame is a fresh tree: CreateProxy for every box, then one Query per
// box. In Box2D a frame where everything moved calls MoveProxy for every
// proxy; a box that left its fat box is removed from the tree and inserted
// again, and each moved proxy then queries the tree. A fresh build pays
// the insertions but no removals, into a tree that is still growing, so it
// is a lower bound on that frame and never flatters sepax.
// (RebuildBottomUp is Box2D's "very expensive, for testing" build: it
// searches all pairs of remaining nodes for every merge.)
//
// CreateProxy always fattens a box by b2_aabbExtension (0.1, compiled into
// the library), so the tree returns every box within 0.1 of the query.
// Each candidate j > i is kept only if the exact boxes overlap by
// b2TestOverlap, whose test is inclusive like sepax's (touching counts).
// The query uses the exact box, not the fat one b2BroadPhase would use,
// which only removes candidates. Pairs are written into a buffer reserved
// once, as sepax_broadphase writes into one.
class Box2dTreePairs final : public PairsPeer {
public:
    explicit Box2dTreePairs(const Boxes &b)
    {
        box_.resize(b.size());
        for (size_t i = 0; i < b.size(); ++i) {
            box_[i].lowerBound.Set(b.lo[i].x, b.lo[i].y);
            box_[i].upperBound.Set(b.hi[i].x, b.hi[i].y);
        }
        out_.reserve(b.reference.size() + b.reference.size() / 4 + 16);
    }

    size_t frame() override
    {
        b2DynamicTree tree;
        const uint32_t n = (uint32_t)box_.size();
        for (uint32_t i = 0; i < n; ++i)
            tree.CreateProxy(box_[i], reinterpret_cast<void *>((uintptr_t)i));
        out_.clear();
        Collector c{&tree, box_.data(), 0, &out_};
        for (uint32_t i = 0; i < n; ++i) {
            c.self = i;
            tree.Query(&c, box_[i]);
        }
        return out_.size();
    }

    std::vector<uint64_t> last_pairs() const override { return out_; }

private:
    struct Collector {
        const b2DynamicTree *tree;
        const b2AABB *box;
        uint32_t self;
        std::vector<uint64_t> *out;
        bool QueryCallback(int32 proxy)
        {
            const uint32_t j = (uint32_t)(uintptr_t)tree->GetUserData(proxy);
            if (j > self && b2TestOverlap(box[self], box[j]))
                out->push_back((uint64_t)self << 32 | j);
            return true;
        }
    };

    std::vector<b2AABB> box_;
    std::vector<uint64_t> out_;
};
#endif

#ifdef SEPAX_BENCH_BULLET
// Bullet 3.24's btDbvtBroadphase (the default broadphase of a Bullet
// world), with its own hashed pair cache.
//
// Frames alternate between two placements of the boxes that have the same
// pairs, exactly, and in which no box touches its place in the other, so
// that each setAabb takes btDbvtBroadphase's "teleport" path: the leaf is
// removed and inserted again with the exact box and the proxy queries both
// trees right away. That path adds no margin (gDbvtMargin and the velocity
// prediction apply only to a box that moved within reach of its old one),
// so the trees hold the exact boxes; btDbvtAabbMm's Intersect is
// inclusive, so touching boxes pair as in sepax, and the cache ends the
// frame with exactly sepax's pairs. calculateOverlappingPairs then does
// the rest of Bullet's frame (incremental tree optimisation, the pass over
// the cache that drops pairs whose boxes no longer overlap).
//
// 2D scenes: z in [0, 1] and in [16, 17], x and y the scene's boxes
// exactly. 3D scenes: the boxes and their mirror image through the origin
// ((x, y, z) -> (-x, -y, -z): exact in float, and the overlap test on two
// mirrored boxes compares the same numbers, so the pairs are the same; a
// translation would round, and could make boxes touch). A box misses its
// mirror image unless it contains the origin; the one such box of stack3
// (its corner cube, its own mirror image), hulls3 and hulls3_9to16 takes
// Bullet's path for a small move instead (kept if its leaf still contains
// the new box, else reinserted grown by gDbvtMargin), which could add
// pairs; the check finds none. boxes3, spheres_boxes3, mixed3 and the
// other hull scenes have no such box. The 3D scenes lie in the positive
// octant, so the two placements meet only near the origin, where a moved
// box may pair with one not yet moved; the clean-up pass drops such pairs
// within the timed frame.
//
// A frame where everything moved finds its pairs anew; the cache is
// emptied before each frame so that every pair is inserted again rather
// than found already there. Emptying it is outside the timed region
// (PauseTiming), which leaves out the removals of the previous frame's
// pairs that a real frame would pay for.
class BulletDbvtPairs final : public PairsPeer {
public:
    explicit BulletDbvtPairs(const Boxes &b) : bp_(new btDbvtBroadphase())
    {
        const size_t n = b.size();
        for (int s = 0; s < 2; ++s) {
            lo_[s].resize(n);
            hi_[s].resize(n);
        }
        for (size_t i = 0; i < n; ++i) {
            const Vec3 &lo = b.lo[i], &hi = b.hi[i];
            lo_[0][i].setValue(lo.x, lo.y, lo.z);
            hi_[0][i].setValue(hi.x, hi.y, hi.z);
            if (b.flat) {
                lo_[1][i].setValue(lo.x, lo.y, lo.z + 16);
                hi_[1][i].setValue(hi.x, hi.y, hi.z + 16);
            } else {
                lo_[1][i].setValue(-hi.x, -hi.y, -hi.z);
                hi_[1][i].setValue(-lo.x, -lo.y, -lo.z);
            }
        }
        proxy_.resize(n);
        for (size_t i = 0; i < n; ++i)
            proxy_[i] = bp_->createProxy(lo_[0][i], hi_[0][i], BOX_SHAPE_PROXYTYPE,
                                         reinterpret_cast<void *>((uintptr_t)i),
                                         btBroadphaseProxy::DefaultFilter,
                                         btBroadphaseProxy::AllFilter, nullptr);
        bp_->calculateOverlappingPairs(nullptr);
    }

    ~BulletDbvtPairs() override
    {
        prepare();
        for (btBroadphaseProxy *p : proxy_)
            bp_->destroyProxy(p, nullptr);
    }

    size_t frame() override
    {
        slab_ ^= 1;
        const btVector3 *lo = lo_[slab_].data();
        const btVector3 *hi = hi_[slab_].data();
        const size_t n = proxy_.size();
        for (size_t i = 0; i < n; ++i)
            bp_->setAabb(proxy_[i], lo[i], hi[i], nullptr);
        bp_->calculateOverlappingPairs(nullptr);
        return (size_t)bp_->getOverlappingPairCache()->getNumOverlappingPairs();
    }

    bool has_prepare() const override { return true; }

    // Empty the pair cache, last pair first (each removal is then a pop).
    void prepare() override
    {
        btOverlappingPairCache *cache = bp_->getOverlappingPairCache();
        btBroadphasePairArray &pairs = cache->getOverlappingPairArray();
        while (pairs.size() > 0) {
            const btBroadphasePair &p = pairs[pairs.size() - 1];
            cache->removeOverlappingPair(p.m_pProxy0, p.m_pProxy1, nullptr);
        }
    }

    std::vector<uint64_t> last_pairs() const override
    {
        const btBroadphasePairArray &pairs =
            bp_->getOverlappingPairCache()->getOverlappingPairArray();
        std::vector<uint64_t> out;
        out.reserve((size_t)pairs.size());
        for (int k = 0; k < pairs.size(); ++k)
            out.push_back(pair_key((uint32_t)(uintptr_t)pairs[k].m_pProxy0->m_clientObject,
                                   (uint32_t)(uintptr_t)pairs[k].m_pProxy1->m_clientObject));
        return out;
    }

    int frame_kinds() const override { return 2; }

private:
    std::unique_ptr<btDbvtBroadphase> bp_;
    std::vector<btBroadphaseProxy *> proxy_;
    std::vector<btVector3> lo_[2], hi_[2];
    int slab_ = 0;
};
#endif

#ifdef SEPAX_BENCH_ODE
// ODE 0.16's dSweepAndPruneSpace (sorting axis x, then y, z) of bodiless
// dCreateBox geoms; on a 2D scene z in [0, 1].
//
// ODE computes a box geom's bounds from its position and side lengths in
// double: with the centre (lo + hi) / 2 and the sides hi - lo of the float
// box (all exact in double) and no rotation, the bounds come out as the
// float box exactly. Its sweep keeps a pair when the boxes overlap or
// touch on every axis (<= throughout), like sepax.
//
// A frame sets every geom's position (which marks it dirty, as a moved
// body would), then dSpaceCollide recomputes every box, radix-sorts the
// lower x bounds and sweeps, and calls the callback once per pair; the
// callback stores the pair. Frames alternate between the scene and its
// mirror image in x (x -> -x, exact in float and double, same pairs): the
// radix sort returns at once when the keys are still in the last frame's
// order, which a frame where things moved almost never sees, and the
// mirror image reverses the order every frame.
class OdeSapPairs final : public PairsPeer {
public:
    explicit OdeSapPairs(const Boxes &b)
    {
        static const int initialised = dInitODE2(0);
        (void)initialised;
        const size_t n = b.size();
        space_ = dSweepAndPruneSpaceCreate(nullptr, dSAP_AXES_XYZ);
        geom_.resize(n);
        cx_.resize(n);
        cy_.resize(n);
        cz_.resize(n);
        for (size_t i = 0; i < n; ++i) {
            const double lx = b.lo[i].x, ly = b.lo[i].y, lz = b.lo[i].z;
            const double hx = b.hi[i].x, hy = b.hi[i].y, hz = b.hi[i].z;
            cx_[i] = 0.5 * (lx + hx);
            cy_[i] = 0.5 * (ly + hy);
            cz_[i] = 0.5 * (lz + hz);
            geom_[i] = dCreateBox(space_, hx - lx, hy - ly, hz - lz);
            dGeomSetData(geom_[i], reinterpret_cast<void *>((uintptr_t)i));
            dGeomSetPosition(geom_[i], cx_[i], cy_[i], cz_[i]);
        }
        out_.resize(b.reference.size() + b.reference.size() / 4 + 16);
    }

    ~OdeSapPairs() override { dSpaceDestroy(space_); } // destroys the geoms too

    size_t frame() override
    {
        mirror_ = !mirror_;
        const double sx = mirror_ ? -1.0 : 1.0;
        const size_t n = geom_.size();
        for (size_t i = 0; i < n; ++i)
            dGeomSetPosition(geom_[i], sx * cx_[i], cy_[i], cz_[i]);
        Out o{out_.data(), 0, out_.size()};
        dSpaceCollide(space_, &o, &OdeSapPairs::record);
        found_ = o.n;
        return o.n;
    }

    std::vector<uint64_t> last_pairs() const override
    {
        // Pairs beyond the buffer were counted but not kept: report them
        // as extra by padding with an impossible key.
        const size_t kept = std::min(found_, out_.size());
        std::vector<uint64_t> out(out_.begin(), out_.begin() + (std::ptrdiff_t)kept);
        out.resize(found_, UINT64_MAX);
        return out;
    }

    int frame_kinds() const override { return 2; }

private:
    struct Out {
        uint64_t *p;
        size_t n, cap;
    };
    static void record(void *data, dGeomID a, dGeomID b)
    {
        Out *o = static_cast<Out *>(data);
        const uint32_t i = (uint32_t)(uintptr_t)dGeomGetData(a);
        const uint32_t j = (uint32_t)(uintptr_t)dGeomGetData(b);
        if (o->n < o->cap)
            o->p[o->n] = pair_key(i, j);
        ++o->n;
    }

    dSpaceID space_ = nullptr;
    std::vector<dGeomID> geom_;
    std::vector<double> cx_, cy_, cz_;
    std::vector<uint64_t> out_;
    size_t found_ = 0;
    bool mirror_ = false;
};
#endif

// Scenes with more shapes than this get no broadphase peer rows.
constexpr size_t kMaxShapes = 500000;

template <class P, class S>
void reg(const std::string &name, SceneGetter<S> get, const std::string &scene, const char *label)
{
    benchmark::RegisterBenchmark(name.c_str(), [get, scene, label](benchmark::State &st) {
        bm_pairs<P>(st, get, scene, label);
    })->Unit(benchmark::kMicrosecond);
}

#if defined(SEPAX_BENCH_BULLET) || defined(SEPAX_BENCH_ODE)
// The rows of the peers that take 3D boxes, on a scene of either
// dimension: bullet_dbvt<suffix>_pairs/<scene> and ode_sap<suffix>_pairs,
// the suffix "" in 2D and "3" in 3D.
template <class S>
void reg_box3_peers(const char *suffix, SceneGetter<S> get, const std::string &scene)
{
#ifdef SEPAX_BENCH_BULLET
    reg<BulletDbvtPairs>(std::string("bullet_dbvt") + suffix + "_pairs/" + scene, get, scene,
                         "Bullet " SEPAX_BENCH_BULLET_VERSION " btDbvtBroadphase");
#endif
#ifdef SEPAX_BENCH_ODE
    reg<OdeSapPairs>(std::string("ode_sap") + suffix + "_pairs/" + scene, get, scene,
                     "ODE " SEPAX_BENCH_ODE_VERSION " dSweepAndPruneSpace");
#endif
}
#endif

} // namespace
#endif // SEPAX_BENCH_ANY_BROADPHASE_PEER

void register_broadphase_peers(const std::string &scene)
{
    // Not on the 2,000,000-shape scene: ODE's sweep along one axis
    // compares every box with all boxes whose x ranges overlap its own,
    // over the whole height of the world, so its cost per box grows with
    // the square root of the count (about 3 us per box at 200,000; a frame of
    // 2,000,000 would take tens of seconds), and the three peers would add
    // minutes to a run that already spends several on that scene.
#ifdef SEPAX_BENCH_ANY_BROADPHASE_PEER
    for (const SceneSpec &spec : scene_specs())
        if (spec.name == scene && spec.params.shapes > kMaxShapes)
            return;
#endif
#ifdef SEPAX_BENCH_BOX2D
    reg<Box2dTreePairs>("box2d_tree_pairs/" + scene, get_scene, scene,
                        "Box2D " SEPAX_BENCH_BOX2D_VERSION " b2DynamicTree, built per frame");
#endif
#if defined(SEPAX_BENCH_BULLET) || defined(SEPAX_BENCH_ODE)
    reg_box3_peers("", get_scene, scene);
#endif
    (void)scene;
}

void register_broadphase3_peers(const std::string &scene)
{
#if defined(SEPAX_BENCH_BULLET) || defined(SEPAX_BENCH_ODE)
    reg_box3_peers("3", get_scene3, scene);
#endif
    (void)scene;
}

} // namespace sepax_bench
