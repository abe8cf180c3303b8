// libccd as a 3D peer: ccdMPRPenetration (Minkowski portal refinement)
// and ccdGJKPenetration (GJK, then EPA on a hit) on shapes given by
// support functions. libccd knows no shapes; the caller supplies a
// support point per direction:
//   box      its centre plus each axis times its half extent, signed by
//            the direction
//   sphere   its centre plus the radius along the direction
//   capsule  the end of its segment the direction points to, plus the
//            radius along the direction
//   hull     its world vertex furthest along the direction (a scan)
// Debian builds libccd in double (ccd_real_t), so each shape is kept in
// double, widened exactly from sepax's floats (a hull's world vertices
// computed in double from its kept vertices and world record) once,
// outside the timed loop.
//
// Penetration queries: on a hit MPR refines the portal, and GJK runs EPA,
// to a depth, direction and position, which a yes/no test would not need
// (it is what ccdMPRIntersect and ccdGJKIntersect leave out); the 2D rows
// time the same MPR call. A box-box pair goes to the box support function
// alone (what this peer ran before it knew other kinds), any other pair to
// one that switches on the kind.
#include <ccd/ccd.h>

#include <cmath>
#include <vector>

#include "harness/bench3_scene.h"

#ifndef SEPAX_BENCH_CCD_VERSION
#define SEPAX_BENCH_CCD_VERSION "?"
#endif

namespace sepax_bench {
namespace {

struct CcdShape {
    ccd_real_t c[3];
    ccd_real_t axis[3][3];
    ccd_real_t half[3];
    ccd_real_t radius = 0;
    int kind = SEPAX3_SHAPE_KIND_COUNT;
    uint32_t first = 0, count = 0; // a hull's vertices in CcdWorld3::verts_
    const ccd_real_t *verts = nullptr;
};

void box_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const CcdShape *b = static_cast<const CcdShape *>(obj);
    ccd_real_t p[3] = {b->c[0], b->c[1], b->c[2]};
    for (int k = 0; k < 3; ++k) {
        const ccd_real_t *u = b->axis[k];
        const ccd_real_t d = u[0] * dir->v[0] + u[1] * dir->v[1] + u[2] * dir->v[2];
        const ccd_real_t h = d >= 0 ? b->half[k] : -b->half[k];
        p[0] += h * u[0];
        p[1] += h * u[1];
        p[2] += h * u[2];
    }
    ccdVec3Set(out, p[0], p[1], p[2]);
}

void any_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const CcdShape *s = static_cast<const CcdShape *>(obj);
    const ccd_real_t *d = dir->v;
    switch (s->kind) {
    case SEPAX3_SHAPE_BOX:
        box_support(obj, dir, out);
        return;
    case SEPAX3_SHAPE_HULL: {
        const ccd_real_t *v = s->verts, *best = v;
        ccd_real_t top = v[0] * d[0] + v[1] * d[1] + v[2] * d[2];
        for (uint32_t k = 1; k < s->count; ++k) {
            v += 3;
            const ccd_real_t x = v[0] * d[0] + v[1] * d[1] + v[2] * d[2];
            if (x > top)
                top = x, best = v;
        }
        ccdVec3Set(out, best[0], best[1], best[2]);
        return;
    }
    default: { // sphere, capsule: a segment (a sphere's of length 0) grown by r
        ccd_real_t p[3] = {s->c[0], s->c[1], s->c[2]};
        if (s->kind == SEPAX3_SHAPE_CAPSULE) {
            const ccd_real_t *u = s->axis[0];
            const ccd_real_t h =
                u[0] * d[0] + u[1] * d[1] + u[2] * d[2] >= 0 ? s->half[0] : -s->half[0];
            for (int k = 0; k < 3; ++k)
                p[k] += h * u[k];
        }
        const ccd_real_t len = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        if (len > 0)
            for (int k = 0; k < 3; ++k)
                p[k] += s->radius * d[k] / len;
        ccdVec3Set(out, p[0], p[1], p[2]);
        return;
    }
    }
}

// MPR's interior point: the centre (a hull's is its vertex mean).
void shape_center(const void *obj, ccd_vec3_t *out)
{
    const CcdShape *b = static_cast<const CcdShape *>(obj);
    ccdVec3Set(out, b->c[0], b->c[1], b->c[2]);
}

template <bool Gjk> class CcdWorld3 final : public PeerWorld3 {
public:
    explicit CcdWorld3(const Scene3 &s) : shapes_(s.slot_limit)
    {
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            if (s.kind[slot] >= SEPAX3_SHAPE_KIND_COUNT)
                continue;
            const sepax3_world_shape &w = s.world[slot];
            CcdShape &b = shapes_[slot];
            b.kind = s.kind[slot];
            b.c[0] = w.centre.x;
            b.c[1] = w.centre.y;
            b.c[2] = w.centre.z;
            b.half[0] = w.half_extents.x;
            b.half[1] = w.half_extents.y;
            b.half[2] = w.half_extents.z;
            b.radius = w.radius;
            for (int k = 0; k < 3; ++k) {
                b.axis[k][0] = w.axis[k].x;
                b.axis[k][1] = w.axis[k].y;
                b.axis[k][2] = w.axis[k].z;
            }
            if (b.kind == SEPAX3_SHAPE_HULL) {
                b.first = (uint32_t)(verts_.size() / 3);
                b.count = s.hull_count[slot];
                hull_world(s, slot, verts_);
            }
        }
        for (CcdShape &b : shapes_)
            if (b.count)
                b.verts = verts_.data() + 3 * (size_t)b.first;
        // libccd's default is no limit; a bound keeps a degenerate pair from
        // spinning forever (as in 2D).
        CCD_INIT(&boxes_);
        boxes_.support1 = box_support;
        boxes_.support2 = box_support;
        boxes_.center1 = shape_center;
        boxes_.center2 = shape_center;
        boxes_.max_iterations = 1000;
        any_ = boxes_;
        any_.support1 = any_support;
        any_.support2 = any_support;
    }

    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            const CcdShape &x = shapes_[a], &y = shapes_[b];
            const ccd_t *c =
                x.kind == SEPAX3_SHAPE_BOX && y.kind == SEPAX3_SHAPE_BOX ? &boxes_ : &any_;
            ccd_real_t depth;
            ccd_vec3_t dir, pos;
            if (Gjk)
                return ccdGJKPenetration(&x, &y, c, &depth, &dir, &pos) == 0;
            return ccdMPRPenetration(&x, &y, c, &depth, &dir, &pos) == 0;
        });
    }

private:
    std::vector<CcdShape> shapes_;
    std::vector<ccd_real_t> verts_; // hulls' world vertices
    ccd_t boxes_, any_;
};

} // namespace

void add_ccd3_subjects(std::vector<PeerSubject3> &out)
{
    const std::string lib = std::string("libccd ") + SEPAX_BENCH_CCD_VERSION;
    out.push_back({"ccd_mpr_penetration3", lib, &peer_world3_for<CcdWorld3<false>>, kPeerAnyKind,
                   true});
    out.push_back({"ccd_gjk_epa3", lib, &peer_world3_for<CcdWorld3<true>>, kPeerAnyKind, false});
}

} // namespace sepax_bench
