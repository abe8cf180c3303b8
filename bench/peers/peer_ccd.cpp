// libccd as a peer: ccdGJKIntersect and ccdMPRPenetration. libccd works in
// 3D, so each polygon becomes a prism: its world vertices extruded to
// z = -h and z = +h. h is the scene's largest shape diagonal, so the prisms
// of a pair always overlap fully in z and the z axis can never be the
// cheapest way out (the 2D answer decides). The support function walks the
// polygon's vertices; the centre is the vertex average.
//
// Round and thin kinds: the prism of the core (a circle's centre, a
// segment's or capsule's two end points, a rounded polygon's core polygon),
// grown by the radius in the xy plane: the support point moves by the
// radius along the direction's xy part. That is the exact shape; libccd's
// iterations then converge on a curved boundary instead of a corner.
#include <ccd/ccd.h>

#include <cmath>
#include <map>
#include <memory>

#include "harness/bench_scene.h"

#ifndef SEPAX_BENCH_CCD_VERSION
#define SEPAX_BENCH_CCD_VERSION "?"
#endif

namespace sepax_bench {
namespace {

struct Prism {
    const ccd_real_t *xy; // 2 * n coordinates
    uint32_t n;
    ccd_real_t h;
    ccd_real_t cx, cy;
    ccd_real_t r; // radius in the xy plane (round kinds)
};

void prism_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const Prism *p = static_cast<const Prism *>(obj);
    const ccd_real_t dx = dir->v[0], dy = dir->v[1];
    uint32_t best = 0;
    ccd_real_t best_dot = p->xy[0] * dx + p->xy[1] * dy;
    for (uint32_t i = 1; i < p->n; ++i) {
        const ccd_real_t d = p->xy[2 * i] * dx + p->xy[2 * i + 1] * dy;
        if (d > best_dot) {
            best_dot = d;
            best = i;
        }
    }
    ccdVec3Set(out, p->xy[2 * best], p->xy[2 * best + 1], dir->v[2] >= 0 ? p->h : -p->h);
}

// Polygon scenes keep prism_support, so their numbers stay comparable with
// earlier runs.
void round_prism_support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    prism_support(obj, dir, out);
    const Prism *p = static_cast<const Prism *>(obj);
    const ccd_real_t dx = dir->v[0], dy = dir->v[1];
    const ccd_real_t len = std::sqrt(dx * dx + dy * dy);
    if (p->r > 0 && len > 0) {
        out->v[0] += p->r * dx / len;
        out->v[1] += p->r * dy / len;
    }
}

void prism_center(const void *obj, ccd_vec3_t *out)
{
    const Prism *p = static_cast<const Prism *>(obj);
    ccdVec3Set(out, p->cx, p->cy, 0);
}

class CcdWorld : public PeerWorld {
public:
    explicit CcdWorld(const Scene &s) : prisms_(s.slot_limit), xy_(2 * s.world.size())
    {
        for (size_t i = 0; i < s.world.size(); ++i) {
            xy_[2 * i] = s.world[i].x;
            xy_[2 * i + 1] = s.world[i].y;
        }
        const ccd_real_t h = s.max_diagonal > 0 ? s.max_diagonal : 1;
        for (uint32_t slot = 0; slot < s.slot_limit; ++slot) {
            Prism &p = prisms_[slot];
            p.xy = xy_.data() + 2 * (size_t)s.first[slot];
            p.n = s.count[slot];
            p.h = h;
            p.r = s.kind.empty() ? 0 : s.radius[slot];
            p.cx = p.cy = 0;
            for (uint32_t i = 0; i < p.n; ++i) {
                p.cx += p.xy[2 * i];
                p.cy += p.xy[2 * i + 1];
            }
            if (p.n) {
                p.cx /= p.n;
                p.cy /= p.n;
            }
        }
        CCD_INIT(&ccd_);
        ccd_.support1 = s.kinds ? round_prism_support : prism_support;
        ccd_.support2 = s.kinds ? round_prism_support : prism_support;
        ccd_.center1 = prism_center;
        ccd_.center2 = prism_center;
        // libccd's default is no limit; a bound keeps a degenerate pair from
        // spinning forever.
        ccd_.max_iterations = 1000;
    }

protected:
    std::vector<Prism> prisms_;
    std::vector<ccd_real_t> xy_;
    ccd_t ccd_;
};

class GjkIntersect final : public CcdWorld {
public:
    using CcdWorld::CcdWorld;
    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            return ccdGJKIntersect(&prisms_[a], &prisms_[b], &ccd_) != 0;
        });
    }
};

class MprPenetration final : public CcdWorld {
public:
    using CcdWorld::CcdWorld;
    size_t run(const sepax_pair *pairs, size_t n, uint8_t *out) override
    {
        return count_peer_hits(pairs, n, out, [this](uint32_t a, uint32_t b) {
            ccd_real_t depth;
            ccd_vec3_t dir, pos;
            return ccdMPRPenetration(&prisms_[a], &prisms_[b], &ccd_, &depth, &dir, &pos) == 0;
        });
    }
};

} // namespace

void add_ccd_subjects(std::vector<PeerSubject> &out)
{
    const std::string lib = std::string("libccd ") + SEPAX_BENCH_CCD_VERSION;
    out.push_back({"ccd_gjk", lib, 0, false, kAnyScenes, false, &peer_world_for<GjkIntersect>});
    out.push_back({"ccd_mpr_penetration", lib, 0, false, kAnyScenes, false,
                   &peer_world_for<MprPenetration>});
}

} // namespace sepax_bench
